// @ts-check
// The result over the board: how the game ended, in words, with what to do next (Rematch, New
// game, Analyse). It can be hidden to see the final position; a new result shows it again.

import { $, button } from './dom.js';
import { outcomeText } from '../game/wording.js';
import { writeResult } from '../game/notation.js';
import { prefs } from '../prefs.js';

/** @typedef {import('../types.js').Outcome} Outcome */

export class Result {
  constructor() {
    this.el = $('result');
    this.box = $('result-box');
    this.key = '';
    this.dismissed = false;
    button('result-close').addEventListener('click', () => this.dismiss());
  }

  /**
   * @param {Outcome | null} outcome
   * @param {string} [game] names the game, so that the same result of another game shows again
   * @param {string} [variant] the rule set, whose community's way of writing the score is the default
   */
  render(outcome, game = '', variant = '') {
    const key = outcome ? `${game}:${outcome.text}` : '';
    if (key !== this.key) {
      this.key = key;
      this.dismissed = false;
    }
    this.el.hidden = !outcome;
    this.el.textContent = outcome ? outcomeText(outcome) : '';
    $('result-score').textContent = outcome ? writeResult(outcome.result, variant, prefs.results()) : '';
    this.box.hidden = !outcome || this.dismissed;
  }

  dismiss() {
    this.dismissed = true;
    this.box.hidden = true;
  }
}
