// @ts-check
// Pure: the review's marks on moves. A move's class (from the drop in its side's winning
// chance) becomes a symbol as in annotated games (?! an inaccuracy, ? a mistake, ?? a blunder)
// and words; the better move is said in words.

import { t } from '../i18n.js';

/** @typedef {import('../types.js').MoveClass} MoveClass */
/** @typedef {import('../types.js').ReviewPly} ReviewPly */
/** @typedef {import('../types.js').Side} Side */

/** @type {Record<MoveClass, string>} */
const SYMBOLS = { best: '', good: '', forced: '', inaccuracy: '?!', mistake: '?', blunder: '??' };

/**
 * The symbol of a class ('' for a move that needs no mark) and its words.
 * @param {MoveClass} cls
 * @returns {{ symbol: string, words: string }}
 */
export function markOf(cls) {
  const c = cls in SYMBOLS ? cls : 'good';
  return { symbol: SYMBOLS[c], words: t('mark-words', { cls: c }) };
}

/**
 * Whether a move is marked (an inaccuracy, a mistake or a blunder).
 * @param {MoveClass} cls
 * @returns {boolean}
 */
export function isMarked(cls) {
  return cls === 'inaccuracy' || cls === 'mistake' || cls === 'blunder';
}

/**
 * What the review says of a marked move, in a player's words: "Light's 12-16 was a blunder;
 * better was 11-15." ('' for an unmarked move).
 * @param {ReviewPly} ply
 * @param {(text: string) => string} [write] how a move is written (the coordinates setting)
 * @returns {string}
 */
export function markWords(ply, write = (t) => t) {
  if (!isMarked(ply.class)) return '';
  return t('mark-said', { side: ply.side, move: write(ply.played.text), mark: markOf(ply.class).words, best: write(ply.best.text) });
}

/**
 * How many moves of each kind a side made (for the summary under the accuracy).
 * @param {ReviewPly[]} plies
 * @param {Side} side
 * @returns {{ inaccuracy: number, mistake: number, blunder: number }}
 */
export function markCounts(plies, side) {
  const n = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const p of plies) if (p.side === side && isMarked(p.class)) n[/** @type {'inaccuracy' | 'mistake' | 'blunder'} */ (p.class)]++;
  return n;
}
