// Unit tests of the interface's messages (web/i18n/*.ftl, read by web/js/i18n.js): every file
// parses; every language has exactly the keys of en.ftl, each with the same attributes and the
// same arguments; every key the page uses exists (t('...'), has('...'), data-l10n-id in
// index.html, and the families keyed by a code: rule sets, results, server errors); the language
// is chosen from the browser's languages; and the vendored @fluent/bundle is the npm package's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FluentResource } from '../../../../web/vendor/fluent-bundle/index.js';
import { usedKeys } from './l10n-keys.mjs';
import { LANGUAGES, chooseLanguage, useMessages, t, has } from '../../../../web/js/i18n.js';

const root = new URL('../../../../', import.meta.url).pathname;
const ftl = (lang) => readFileSync(join(root, 'web/i18n', `${lang}.ftl`), 'utf8');

/** The variables a pattern element uses (`$name`), recursively, and the messages it refers to. */
function variables(node, out = new Set()) {
  if (!node || typeof node !== 'object') return out;
  if (node.type === 'var') out.add(node.name);
  if (node.type === 'mesg') out.add(`@${node.name}`);
  for (const v of Object.values(node)) if (typeof v === 'object') variables(v, out);
  return out;
}

/** A file's messages: key -> { attributes, variables }. Fails on a syntax error. */
function messages(lang) {
  const text = ftl(lang);
  const res = new FluentResource(text);
  const out = new Map();
  for (const m of res.body) {
    if (m.id.startsWith('-')) continue;
    assert.ok(!out.has(m.id), `${lang}.ftl: ${m.id} is written twice`);
    out.set(m.id, { attributes: Object.keys(m.attributes).sort(), variables: [...variables(m)].sort() });
  }
  // FluentResource skips what it cannot read: every line that starts a message must be one.
  const starts = text.split('\n').filter((l) => /^[a-zA-Z][\w-]*\s*=/.test(l)).length;
  assert.equal(out.size, starts, `${lang}.ftl: ${starts - out.size} message(s) could not be read`);
  // A message referred to (`{ side-name }`) is formatted with the same arguments: its variables count.
  for (const m of out.values()) {
    const refs = m.variables.filter((v) => v.startsWith('@')).map((v) => out.get(v.slice(1)));
    m.variables = [...new Set([...m.variables.filter((v) => !v.startsWith('@')), ...refs.flatMap((r) => (r ? r.variables : []))])].sort();
  }
  return out;
}

const en = messages('en');

test('every language has exactly the keys, attributes and arguments of en.ftl', () => {
  assert.deepEqual(LANGUAGES.map((l) => l.code), ['en', 'ru', 'tr', 'it', 'nl', 'fr']);
  for (const { code } of LANGUAGES.slice(1)) {
    const other = messages(code);
    const missing = [...en.keys()].filter((k) => !other.has(k));
    const extra = [...other.keys()].filter((k) => !en.has(k));
    assert.deepEqual(missing, [], `${code}.ftl lacks these keys of en.ftl`);
    assert.deepEqual(extra, [], `${code}.ftl has keys that en.ftl lacks`);
    for (const [k, m] of en) {
      assert.deepEqual(other.get(k).attributes, m.attributes, `${code}.ftl ${k}: attributes`);
      // A translation may leave an argument out (Russian names the count in the words), but
      // never use one the page does not give.
      for (const v of other.get(k).variables) assert.ok(m.variables.includes(v), `${code}.ftl ${k}: $${v} is not an argument of the English message`);
    }
  }
});

test('every key the page uses exists in en.ftl', () => {
  const used = new Set(usedKeys().map((u) => `${u.key}\t${u.where}`));
  const unknown = [...used].filter((u) => !en.has(u.split('\t')[0]));
  assert.deepEqual(unknown, []);
  assert.ok(used.size > 300, `only ${used.size} uses found: the scan is broken`);
});

test('the families keyed by a code have words for every code', () => {
  // Rule sets: every offered id (Variant::OFFERED of the rules crate names them; the ids are the
  // variant table's).
  const variants = readFileSync(join(root, 'crates/rules/src/variant.rs'), 'utf8');
  const ids = [...variants.matchAll(/^\s*id: "([a-z]+)",/gm)].map((m) => m[1]);
  assert.ok(ids.length >= 7);
  for (const id of ids) assert.ok(en.has(`variant-${id}`), `variant-${id}`);
  // Results: every reason code of the rules crate (RULES.md section 4), as a win or a draw.
  const game = readFileSync(join(root, 'crates/rules/src/game.rs'), 'utf8');
  const codes = [...game.matchAll(/Reason::\w+(?:\(\w+\))? => (?:"([a-z-]+)"\.into\(\)|format!\("([a-z-]+)-\{n\}"\))/g)].map((m) => m[1] || m[2]);
  assert.ok(codes.length >= 11, `reason codes found: ${codes}`);
  for (const c of codes) assert.ok(en.has(`outcome-win-${c}`) || en.has(`outcome-draw-${c}`), `no words for the result ${c}`);
  // The rule sets' summaries: every phrase the server keys (crates/server/src/wire.rs).
  const wire = readFileSync(join(root, 'crates/server/src/wire.rs'), 'utf8');
  const phrases = [...wire.matchAll(/phrase\(\s*"(summary-[a-z-]+)"/g)].map((m) => m[1]);
  assert.ok(phrases.length >= 13, `summary phrases found: ${phrases}`);
  for (const k of phrases) assert.ok(en.has(k), `no words for the summary phrase ${k}`);
  // Rooms errors: every code of docs/rooms-protocol.md that a player can meet has words; the
  // others (a client's mistakes) fall back to the server's message.
  for (const c of ['not_your_turn', 'game_over', 'not_started', 'not_a_player', 'no_offer', 'not_allowed', 'unavailable', 'rate_limited', 'internal', 'stale', 'unreadable']) {
    assert.ok(en.has(`error-${c}`), `error-${c}`);
  }
});

test('words by code, with the English message for a code without words', () => {
  useMessages('en', ftl('en'), ftl('en'));
  assert.equal(t('outcome-win-resignation', { winner: 'dark' }), 'Dark wins: Light resigned');
  assert.equal(t('home-resume', { variant: 'Russian draughts', moves: 1 }), 'Back to your Russian draughts game in progress (1 move)');
  assert.equal(t('home-resume', { variant: 'Russian draughts', moves: 3 }), 'Back to your Russian draughts game in progress (3 moves)');
  assert.ok(!has('no-such-key'));
  useMessages('ru', ftl('ru'), ftl('en'));
  assert.equal(t('outcome-win-resignation', { winner: 'dark' }), 'Чёрные выиграли: белые сдались');
  assert.equal(t('home-resume', { variant: 'Русские шашки', moves: 3 }), 'Вернуться к партии (Русские шашки, 3 хода)');
  assert.equal(t('home-resume', { variant: 'Русские шашки', moves: 5 }), 'Вернуться к партии (Русские шашки, 5 ходов)');
  useMessages('en', ftl('en'), ftl('en'));
});

test('the language is the remembered one, else the first of the browser languages we have', () => {
  assert.equal(chooseLanguage(['de-DE', 'ru-RU', 'en'], null), 'ru');
  assert.equal(chooseLanguage(['nl-BE'], null), 'nl');
  assert.equal(chooseLanguage(['de', 'ja'], null), 'en');
  assert.equal(chooseLanguage(['ru'], 'fr'), 'fr');
  assert.equal(chooseLanguage(['ru'], 'xx'), 'ru', 'an unknown remembered choice is ignored');
  assert.equal(chooseLanguage([], null), 'en');
});

test('the vendored @fluent/bundle is the npm package of package.json (update: npm run vendor)', () => {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  const version = pkg.devDependencies['@fluent/bundle'];
  const installed = JSON.parse(readFileSync(new URL('./node_modules/@fluent/bundle/package.json', import.meta.url), 'utf8'));
  assert.equal(installed.version, version);
  const from = new URL('./node_modules/@fluent/bundle/esm/', import.meta.url).pathname;
  const to = join(root, 'web/vendor/fluent-bundle');
  const files = readdirSync(from).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'));
  assert.ok(files.includes('index.js'));
  for (const f of files) assert.equal(readFileSync(join(to, f), 'utf8'), readFileSync(join(from, f), 'utf8'), `web/vendor/fluent-bundle/${f}`);
  const ours = readdirSync(to).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'));
  assert.deepEqual(ours.sort(), files.sort(), 'the vendored folder has the package files and no others');
  assert.match(readFileSync(join(to, 'README.md'), 'utf8'), new RegExp(`@fluent/bundle ${version.replace(/\./g, '\\.')}`));
});
