// @ts-check
// Words and numbers for a game, shared by every view: side names and elapsed times.

import { t } from '../i18n.js';

/** @typedef {import('../types.js').Side} Side */

/**
 * "Light" or "Dark", in the interface's language.
 * @param {Side} s
 */
export const sideName = (s) => t('side-name', { side: s });

/**
 * The other side.
 * @param {Side} s
 * @returns {Side}
 */
export const other = (s) => (s === 'light' ? 'dark' : 'light');

/**
 * Elapsed time in milliseconds as m:ss or h:mm:ss.
 * @param {number} ms
 */
export function fmtTime(ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * The computer's levels as a select lists them.
 * @returns {{ value: string, text: string }[]}
 */
export function levelChoices() {
  return [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ value: String(n), text: t('level-choice', { level: n }) }));
}

/**
 * The sides one may choose to play, with a random draw when `random` is set.
 * @param {boolean} [random]
 * @returns {{ value: string, text: string }[]}
 */
export function sideChoices(random = false) {
  const sides = [{ value: 'light', text: sideName('light') }, { value: 'dark', text: sideName('dark') }];
  return random ? [{ value: 'random', text: t('side-random') }, ...sides] : sides;
}

/**
 * How many pieces each side has taken in these moves.
 * @param {{ side: Side, move: { captured: string[] } }[]} moves
 * @returns {{ light: number, dark: number }}
 */
export function takenBy(moves) {
  const out = { light: 0, dark: 0 };
  for (const m of moves) out[m.side] += m.move.captured.length;
  return out;
}
