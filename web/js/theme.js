// @ts-check
// Looks: the colour scheme (System, Light, Dark), the board theme and the piece theme. Each is
// a data attribute on <html> (data-scheme, data-board, data-pieces) that app.css turns into
// custom properties; theme-boot.js puts the remembered ones there before the first paint, this
// module offers the choices in the Appearance dialog and remembers them (prefs.js).
// To add a theme: a line in BOARDS or PIECES here, and its block of custom properties in app.css.

import { prefs } from './prefs.js';
import { t } from './i18n.js';

/** @typedef {'scheme' | 'board' | 'pieces'} LookKey one of the three choices */
/** @typedef {{ value: string, label: string }} LookOption a choice and its name in the dialog (read when the dialog is built, in the interface's language) */

/** @type {LookOption[]} */
export const SCHEMES = [
  { value: 'system', get label() { return t('look-system'); } },
  { value: 'light', get label() { return t('look-light'); } },
  { value: 'dark', get label() { return t('look-dark'); } },
];

/** @type {LookOption[]} */
export const BOARDS = [
  { value: 'wood', get label() { return t('look-wood'); } },
  { value: 'green', get label() { return t('look-green'); } },
  { value: 'slate', get label() { return t('look-slate'); } },
  { value: 'contrast', get label() { return t('look-contrast'); } },
];

/** @type {LookOption[]} */
export const PIECES = [
  { value: 'classic', get label() { return t('look-classic'); } },
  { value: 'red', get label() { return t('look-red'); } },
  { value: 'amber', get label() { return t('look-amber'); } },
  { value: 'contrast', get label() { return t('look-contrast'); } },
];

/** @type {Record<LookKey, LookOption[]>} */
const CHOICES = { scheme: SCHEMES, board: BOARDS, pieces: PIECES };

/**
 * The remembered choice of one kind, or its default (the first) when none or an unknown one is kept.
 * @param {LookKey} key
 * @returns {string}
 */
export function look(key) {
  const v = prefs.look(key);
  return CHOICES[key].some((o) => o.value === v) ? /** @type {string} */ (v) : CHOICES[key][0].value;
}

/**
 * Remembers a choice and applies it at once.
 * @param {LookKey} key
 * @param {string} value
 */
export function setLook(key, value) {
  if (!CHOICES[key].some((o) => o.value === value)) return;
  prefs.setLook(key, value);
  apply(key, value);
}

/** @param {LookKey} key @param {string} value */
function apply(key, value) {
  const root = document.documentElement;
  if (value === CHOICES[key][0].value) delete root.dataset[key];
  else root.dataset[key] = value;
}

/**
 * The Appearance dialog: opened from the header's button on every page (and from the table
 * settings); each choice applies as it is made.
 */
export class LooksDialog {
  constructor() {
    this.dialog = /** @type {HTMLDialogElement} */ (document.getElementById('looks-dialog'));
    /** @type {[LookKey, string][]} */
    const fields = [
      ['scheme', 'look-scheme'],
      ['board', 'look-board'],
      ['pieces', 'look-pieces'],
    ];
    for (const [key, id] of fields) {
      const select = /** @type {HTMLSelectElement} */ (document.getElementById(id));
      select.replaceChildren(...CHOICES[key].map((o) => new Option(o.label, o.value)));
      select.value = look(key);
      apply(key, select.value);
      select.addEventListener('change', () => setLook(key, select.value));
    }
    // The header's button, on every page, and the one in the table settings' Display part.
    for (const open of document.querySelectorAll('[data-open-looks]')) open.addEventListener('click', () => this.dialog.showModal());
    /** @type {HTMLButtonElement} */ (document.getElementById('looks-close')).addEventListener('click', () => this.dialog.close());
  }
}
