// @ts-check
// The result view: how the game ended, in words.

import { $ } from './dom.js';

/** @typedef {import('../types.js').Outcome} Outcome */

export class Result {
  constructor() {
    this.el = $('result');
  }

  /** @param {Outcome | null} outcome */
  render(outcome) {
    this.el.hidden = !outcome;
    this.el.textContent = outcome ? outcome.text : '';
  }
}
