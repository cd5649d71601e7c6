// @ts-check
// A bar with a question and two buttons (confirm a move, resign, answer an offer).

import { $, button } from './dom.js';

export class AskBar {
  /** @param {string} name ids `<name>-bar`, `<name>-text`, `<name>-yes`, `<name>-no` */
  constructor(name) {
    this.bar = $(`${name}-bar`);
    this.text = $(`${name}-text`);
    this.yes = button(`${name}-yes`);
    this.no = button(`${name}-no`);
    /** @type {((ok: boolean) => void) | null} */
    this.done = null;
    this.yes.addEventListener('click', () => this.answer(true));
    this.no.addEventListener('click', () => this.answer(false));
  }

  /**
   * Shows the question; resolves with the answer. A new question answers the old one "no".
   * @param {string} text
   * @param {string} [yes] label of the yes button (kept when not given)
   * @param {string} [no]
   * @returns {Promise<boolean>}
   */
  ask(text, yes, no) {
    this.answer(false);
    this.text.textContent = text;
    if (yes) this.yes.textContent = yes;
    if (no) this.no.textContent = no;
    this.bar.hidden = false;
    return new Promise((resolve) => {
      this.done = resolve;
    });
  }

  /** @param {boolean} ok */
  answer(ok) {
    const d = this.done;
    this.done = null;
    this.bar.hidden = true;
    if (d) d(ok);
  }

  get open() {
    return !this.bar.hidden;
  }

  hide() {
    this.answer(false);
  }
}
