// @ts-check
// The evaluation bar beside the analysis board: Light's share of it (its winning chance, from
// game/score.js) grows from Light's side of the board, with the score as a number and in words.

import { barFraction, scoreText, scoreWords } from '../game/score.js';
import { t } from '../i18n.js';

/** @typedef {import('../types.js').Score} Score */

export class EvalBar {
  /**
   * @param {HTMLElement} bar the bar (its child `.eval-fill` is Light's part)
   * @param {HTMLElement} number where the score is written
   * @param {HTMLElement} words where the score is said in words
   */
  constructor(bar, number, words) {
    this.bar = bar;
    this.fill = /** @type {HTMLElement} */ (bar.querySelector('.eval-fill'));
    this.number = number;
    this.words = words;
    this.bar.setAttribute('role', 'img');
    this.clear('');
  }

  /**
   * Shows a score from Light's point of view.
   * @param {Score} score
   */
  show(score) {
    const f = barFraction(score);
    for (const e of [this.bar, this.number, this.words]) e.classList.remove('stale');
    this.fill.style.height = `${(f * 100).toFixed(1)}%`;
    this.number.textContent = scoreText(score);
    this.number.classList.toggle('won', !('cp' in score));
    this.words.textContent = 'cp' in score ? scoreWords(score) : '';
    this.bar.setAttribute('aria-label', t('eval-label', { words: scoreWords(score) }));
  }

  /** Marks the score shown as the last position's, until the new one comes. */
  dim() {
    for (const e of [this.bar, this.number, this.words]) e.classList.add('stale');
  }

  /**
   * Shows no score (an even bar) with a note in its place ("The game is over", "Paused").
   * @param {string} note
   */
  clear(note) {
    this.fill.style.height = '50%';
    for (const e of [this.bar, this.number, this.words]) e.classList.remove('stale');
    this.number.textContent = note ? '–' : '';
    this.number.classList.remove('won');
    this.words.textContent = note;
    this.bar.setAttribute('aria-label', note ? t('eval-label', { words: note }) : t('eval-label-none'));
  }

  /**
   * Puts Light's part at the top (the board is turned, Light at the top) or the bottom.
   * @param {boolean} lightOnTop
   */
  setFlipped(lightOnTop) {
    this.bar.dataset.flipped = lightOnTop ? '1' : '0';
  }
}
