// @ts-check
// The interface's language: the messages of web/i18n/<lang>.ftl (Fluent syntax, read by
// @fluent/bundle, vendored in web/vendor/fluent-bundle), the language chosen from the
// browser's languages at the first visit and then from the switcher in the header (remembered
// in prefs.js), `<html lang>`, and the static text of index.html (elements with
// `data-l10n-id`; a message's attributes, such as `.aria-label`, go to the element's attributes;
// with `data-l10n-markup` the message's value is markup of ours, such as <code>).
// In the browser this module loads the messages before any module that imports it runs (a
// top-level await), so pages can ask for words at any time; a change of language reloads the
// page, which then renders in the new words (every page keeps its state in the server, the
// address or localStorage). English is the fallback of every message: a key missing in a
// language shows the English words, never the key. Node tests load messages with `useMessages`.
// How to add a language or a key: docs/web.md, "Languages".

import { FluentBundle, FluentResource } from '../vendor/fluent-bundle/index.js';
import { prefs } from './prefs.js';
import { keepForReload } from './carry.js';

/** The languages offered, in the switcher's order, each named in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'fr', name: 'Français' },
];

/** @typedef {Record<string, string | number>} Args a message's arguments */

/** @type {FluentBundle | null} the chosen language's messages */
let chosen = null;
/** @type {FluentBundle | null} English, the fallback */
let english = null;

/**
 * The language to show: the remembered choice when it is one of ours, else the first of the
 * browser's languages we have (`ru-RU` counts as `ru`), else English.
 * @param {readonly string[]} browser the browser's languages, most wanted first
 * @param {string | null} saved the remembered choice
 * @returns {string}
 */
export function chooseLanguage(browser, saved) {
  const ours = LANGUAGES.map((l) => l.code);
  if (saved && ours.includes(saved)) return saved;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if (ours.includes(primary)) return primary;
  }
  return 'en';
}

/**
 * A bundle of one language's messages; Fluent's syntax errors are reported on the console and
 * the rest of the file is kept.
 * @param {string} lang
 * @param {string} ftl the file's text
 */
function bundleOf(lang, ftl) {
  // No bidi isolation marks around arguments: none of our languages is written right to left.
  const b = new FluentBundle(lang, { useIsolating: false });
  for (const e of b.addResource(new FluentResource(ftl))) console.error(`web/i18n/${lang}.ftl: ${e.message}`);
  return b;
}

/**
 * Takes the messages of a language and of English (for node tests and for the page's start).
 * @param {string} lang
 * @param {string} ftl that language's file
 * @param {string} englishFtl en.ftl
 */
export function useMessages(lang, ftl, englishFtl) {
  english = bundleOf('en', englishFtl);
  chosen = lang === 'en' ? english : bundleOf(lang, ftl);
}

/** The language shown now. */
export const language = () => (chosen ? chosen.locales[0] : 'en');

/**
 * A message's pattern (the value, or one attribute) in the chosen language, else English.
 * @param {string} id
 * @param {string | null} attr
 */
function pattern(id, attr) {
  for (const b of [chosen, english]) {
    const m = b && b.getMessage(id);
    const p = m && (attr ? m.attributes[attr] : m.value);
    if (b && p) return { b, p };
  }
  return null;
}

/**
 * A message in the chosen language (English where it lacks it); the key itself only when no
 * language has it, which the key test forbids.
 * @param {string} id
 * @param {Args} [args]
 * @returns {string}
 */
export function t(id, args) {
  const found = pattern(id, null);
  if (!found) return id;
  return found.b.formatPattern(found.p, args);
}

/**
 * Whether a message exists (for words keyed by a server's code, which fall back to the server's
 * English message when we have no words for a new code).
 * @param {string} id
 */
export const has = (id) => pattern(id, null) !== null;

/**
 * Writes the static text of `root`: each element with `data-l10n-id` gets the message's value
 * as its text (when it has one) and its attributes as attributes; `data-l10n-args` (JSON)
 * gives the arguments.
 * @param {ParentNode} root
 */
export function translate(root) {
  for (const el of root.querySelectorAll('[data-l10n-id]')) {
    const id = /** @type {string} */ (el.getAttribute('data-l10n-id'));
    const raw = el.getAttribute('data-l10n-args');
    const args = raw ? JSON.parse(raw) : undefined;
    const value = pattern(id, null);
    // data-l10n-markup: the message holds markup of our own (<code> examples), never a user's text.
    if (value && el.hasAttribute('data-l10n-markup')) el.innerHTML = value.b.formatPattern(value.p, args);
    else if (value) el.textContent = value.b.formatPattern(value.p, args);
    for (const b of [english, chosen]) {
      const m = b && b.getMessage(id);
      if (b && m) for (const [name, p] of Object.entries(m.attributes)) el.setAttribute(name, b.formatPattern(p, args));
    }
  }
}

/**
 * Remembers a language and shows the page in it (the page is reloaded: see the module's note).
 * @param {string} lang
 */
export function setLanguage(lang) {
  if (!LANGUAGES.some((l) => l.code === lang) || lang === language()) return;
  prefs.setLanguage(lang);
  keepForReload();
  location.reload();
}

/** @param {string} lang */
async function fetchFtl(lang) {
  const r = await fetch(`i18n/${lang}.ftl`);
  if (!r.ok) throw new Error(`i18n/${lang}.ftl: HTTP ${r.status}`);
  return r.text();
}

/**
 * The switcher in the header: a select of the languages, each named in itself, the shown one
 * selected; on a phone's narrow header each is its code (EN, RU, ...), so that the navigation fits.
 */
function switcher() {
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById('language'));
  if (!select) return;
  select.replaceChildren(...LANGUAGES.map((l) => new Option(l.name, l.code)));
  const narrow = matchMedia('(max-width: 760px)');
  const label = () => {
    for (const [i, o] of [...select.options].entries()) {
      o.lang = o.value;
      o.textContent = narrow.matches ? o.value.toUpperCase() : LANGUAGES[i].name;
    }
  };
  label();
  narrow.addEventListener('change', label);
  select.value = language();
  select.addEventListener('change', () => setLanguage(select.value));
}

if (typeof document !== 'undefined') {
  const lang = chooseLanguage(navigator.languages || [navigator.language], prefs.language());
  try {
    const [en, own] = await Promise.all([fetchFtl('en'), lang === 'en' ? null : fetchFtl(lang)]);
    useMessages(lang, own ?? en, en);
  } catch (e) {
    // Without its messages the page still works in English words where it has them; the key
    // is shown only where none could be read, and the console says why.
    console.error(`messages: ${e}`);
  }
  document.documentElement.lang = language();
  translate(document);
  switcher();
}
