// @ts-check
// Pure: the engine's scores in a player's words and numbers. A Score is centi-men (`cp`: 100
// is one man) or a win or a loss in so many half-moves, for one side; here it is turned to
// Light's point of view, written (`+1.25`, "Light wins in 4 moves"), and made a winning chance
// and the share of the evaluation bar that is Light's.

import { t } from '../i18n.js';

/** @typedef {import('../types.js').Score} Score */
/** @typedef {import('../types.js').Side} Side */

/**
 * The same score seen by the other side: centi-men change sign, a win becomes a loss.
 * @param {Score} score
 * @returns {Score}
 */
export function flipScore(score) {
  if ('cp' in score) return { cp: score.cp === 0 ? 0 : -score.cp };
  if ('win' in score) return { loss: score.win };
  return { win: score.loss };
}

/**
 * A score for `side` seen from Light's point of view.
 * @param {Score} score
 * @param {Side} side whose point of view the score is
 * @returns {Score}
 */
export function lightScore(score, side) {
  return side === 'light' ? score : flipScore(score);
}

/**
 * A win or loss in half-moves counted in the winner's moves (a win in 7 half-moves is 4 moves
 * of the winner's own).
 * @param {number} plies
 * @returns {number}
 */
export function winnerMoves(plies) {
  return Math.max(0, Math.ceil(plies / 2));
}

/**
 * A score from Light's point of view, in words: "Light wins in 4 moves", "Dark is ahead by
 * about a man", "Even".
 * @param {Score} score Light's point of view
 * @returns {string}
 */
export function scoreWords(score) {
  if ('win' in score || 'loss' in score) {
    const side = 'win' in score ? 'light' : 'dark';
    const moves = winnerMoves('win' in score ? score.win : score.loss);
    return moves === 0 ? t('score-has-won', { side }) : t('score-wins-in', { side, moves });
  }
  const cp = score.cp;
  const side = cp > 0 ? 'light' : 'dark';
  const men = Math.abs(cp) / 100;
  if (men < 0.2) return t('score-even');
  if (men < 0.6) return t('score-slightly-better', { side });
  if (men < 1.5) return t('score-ahead-man', { side });
  return t('score-ahead-men', { side, men: Math.round(men) });
}

/**
 * A score from Light's point of view, short: `+1.25`, `-0.50`, `0.00` in men; a win or loss
 * as its words (a number would not say it).
 * @param {Score} score Light's point of view
 * @returns {string}
 */
export function scoreText(score) {
  if (!('cp' in score)) return scoreWords(score);
  const men = score.cp / 100;
  if (Math.abs(men) < 0.005) return '0.00';
  return `${men > 0 ? '+' : '-'}${Math.abs(men).toFixed(2)}`;
}

/**
 * Light's winning chance, 0 to 1: certain for a win, none for a loss, and a logistic curve of
 * the centi-men between, the review's own (crates/engine/src/review.rs, `win_chance`): one man
 * ahead is 0.75, three to one.
 * @param {Score} score Light's point of view
 * @returns {number}
 */
export function winChance(score) {
  if ('win' in score) return 1;
  if ('loss' in score) return 0;
  return 1 / (1 + 3 ** (-score.cp / 100));
}

/**
 * How much of the evaluation bar is Light's, 0 to 1: the winning chance, kept off the very
 * ends unless the game is won, so that the side behind still shows.
 * @param {Score} score Light's point of view
 * @returns {number}
 */
export function barFraction(score) {
  const c = winChance(score);
  if (!('cp' in score)) return c;
  return Math.min(0.97, Math.max(0.03, c));
}
