// @ts-check
// Small DOM helpers shared by the views and pages.

/**
 * The element with this id (pages only ask for ids that index.html has).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`no element #${id}`);
  return e;
}

/**
 * An input, select, textarea or button by id, typed for `.value`, `.checked`, `.disabled`.
 * @param {string} id
 */
export const input = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @param {string} id */
export const select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @param {string} id */
export const textarea = (id) => /** @type {HTMLTextAreaElement} */ ($(id));
/** @param {string} id */
export const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** @param {string} id */
export const dialog = (id) => /** @type {HTMLDialogElement} */ ($(id));

/**
 * A new element with a class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {{ className?: string, text?: string }} [opts]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, opts = {}) {
  const e = document.createElement(tag);
  if (opts.className) e.className = opts.className;
  if (opts.text !== undefined) e.textContent = opts.text;
  return e;
}

/**
 * Scrolls `el` into view inside the scrolling `box` only (the page itself stays where it is):
 * when it is out of sight, it comes to the middle of the box.
 * @param {HTMLElement} box
 * @param {HTMLElement} el
 */
export function scrollIntoBox(box, el) {
  const b = box.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 2;
}

/**
 * Fills `nav` with a link per rule set to a page of it (`#/<page>/<id>`), the current one marked
 * (the guides' and the puzzles' tabs).
 * @param {HTMLElement} nav
 * @param {{ id: string, name: string }[]} variants
 * @param {string} current the id of the rule set shown
 * @param {string} page the route's name
 */
export function ruleSetLinks(nav, variants, current, page) {
  nav.textContent = '';
  for (const x of variants) {
    const a = h('a', { text: x.name });
    a.href = `#/${page}/${x.id}`;
    if (x.id === current) a.setAttribute('aria-current', 'page');
    nav.appendChild(a);
  }
}

/**
 * Fills a select with options.
 * @param {HTMLSelectElement} sel
 * @param {{ value: string, text: string }[]} options
 */
export function fillSelect(sel, options) {
  sel.textContent = '';
  for (const { value, text } of options) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    sel.appendChild(o);
  }
}

/**
 * Copies text to the clipboard; falls back to selecting it in `fallback`.
 * @param {string} text
 * @param {HTMLTextAreaElement | HTMLInputElement} fallback
 */
export async function copyText(text, fallback) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    fallback.value = text;
    fallback.select();
    try {
      return document.execCommand('copy');
    } catch (e2) {
      return false;
    }
  }
}

/**
 * Shows a page-wide error (the app could not start).
 * @param {string} text
 */
export function fatal(text) {
  const f = $('fatal');
  f.textContent = text;
  f.hidden = !text;
}
