// @ts-check
// What the live region says (accessibility): each move in words, ours and theirs ("Computer
// played 22-18", "Light takes two: 28x19x10"), and the result. Pure: no DOM.

import { plain } from './wording.js';

/** @typedef {import('../types.js').MoveEntry} MoveEntry */
/** @typedef {import('../types.js').Outcome} Outcome */

const COUNTS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * A move in words.
 * @param {MoveEntry} m
 * @param {string} who the mover: "You", "Computer", "Your friend", "Light", ...
 * @param {(text: string) => string} [write] how the move is written (the coordinates setting)
 */
export function moveWords(m, who, write = (t) => t) {
  const text = write(m.move.text);
  const you = who === 'You';
  const n = m.move.captured.length;
  const crowned = m.move.promotes ? `; ${you ? 'your' : 'the'} man is crowned` : '';
  if (!n) return `${who} played ${text}${crowned}`;
  return `${who} ${you ? 'take' : 'takes'} ${COUNTS[n] || String(n)}: ${text}${crowned}`;
}

/**
 * The result in words.
 * @param {Outcome} o
 */
export function resultWords(o) {
  return `Game over. ${plain(o.text)}.`;
}

/**
 * A player's name as the live region says it: "Computer, level 4" is "Computer".
 * @param {string} name
 */
export function spokenName(name) {
  return name.split(',')[0];
}
