// @ts-check
// What a person typed, kept over the reload that a change of language makes (i18n.js,
// `setLanguage`): the text of every editable text field that has an id, and what a page says it
// had open (`onKeep`). Kept in sessionStorage: the tab's own, read once after the reload and
// then forgotten.

const KEY = 'draughts.carry';

/** @type {(() => Record<string, string>)[]} */
const keepers = [];
/** @type {Record<string, string>} */
let restored = {};

/**
 * Adds what a page had open to what is kept (called when it is kept, so it is current).
 * @param {() => Record<string, string>} keep
 */
export function onKeep(keep) {
  keepers.push(keep);
}

/** Keeps the typed text and the pages' state for the next load of this tab. */
export function keepForReload() {
  /** @type {Record<string, string>} */
  const out = {};
  const fields = document.querySelectorAll('textarea[id]:not([readonly]), input[id][type="text"]:not([readonly])');
  for (const el of fields) {
    const f = /** @type {HTMLInputElement | HTMLTextAreaElement} */ (el);
    if (f.value) out[`field:${f.id}`] = f.value;
  }
  for (const keep of keepers) Object.assign(out, keep());
  try {
    sessionStorage.setItem(KEY, JSON.stringify(out));
  } catch {
    // Storage full or refused: the reload goes on without the text, as before.
  }
}

/** Puts the kept text back in its fields; call once at start, before the pages read them. */
export function restoreFields() {
  let raw = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const parsed = JSON.parse(raw);
    restored = parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    restored = {};
  }
  for (const [k, v] of Object.entries(restored)) {
    if (!k.startsWith('field:') || typeof v !== 'string') continue;
    const el = document.getElementById(k.slice('field:'.length));
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) el.value = v;
  }
}

/**
 * What a page kept under this name before the reload, or undefined.
 * @param {string} name
 */
export function kept(name) {
  const v = restored[name];
  return typeof v === 'string' ? v : undefined;
}
