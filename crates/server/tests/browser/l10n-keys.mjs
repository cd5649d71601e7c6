// The interface's message keys as the tests see them: those web/js and index.html ask for
// (t('...'), tr('...'), has('...'), data-l10n-id), each with where it is used.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const WEB = new URL('../../../../web/', import.meta.url).pathname;

/** Every JS file under a folder. */
function jsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? jsFiles(p) : p.endsWith('.js') ? [p] : [];
  });
}

/** @returns {{ key: string, where: string }[]} every key the page uses, with its file */
export function usedKeys() {
  const out = [];
  for (const file of jsFiles(join(WEB, 'js'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:t|tr|has)\(\s*'([a-z][\w-]*)'/g)) out.push({ key: m[1], where: file });
  }
  for (const m of readFileSync(join(WEB, 'index.html'), 'utf8').matchAll(/data-l10n-id="([^"]+)"/g)) out.push({ key: m[1], where: 'index.html' });
  return out;
}
