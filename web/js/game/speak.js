// @ts-check
// What the live region says (accessibility): each move in words, ours and theirs ("Computer
// played 22-18", "Light takes two: 28x19x10"), and the result. Pure: no DOM.

import { outcomeText } from './wording.js';
import { t } from '../i18n.js';

/** @typedef {import('../types.js').MoveEntry} MoveEntry */
/** @typedef {import('../types.js').Outcome} Outcome */

/**
 * A move in words.
 * @param {MoveEntry} m
 * @param {string} who the mover: "You", "Computer", "Your friend", "Light", ...
 * @param {(text: string) => string} [write] how the move is written (the coordinates setting)
 */
export function moveWords(m, who, write = (t) => t) {
  const args = { who, move: write(m.move.text), n: m.move.captured.length, you: who === t('name-you') ? 'yes' : 'no' };
  const words = args.n ? t('speak-takes', args) : t('speak-played', args);
  return m.move.promotes ? `${words}${t('speak-crowned', args)}` : words;
}

/**
 * The result in words.
 * @param {Outcome} o
 */
export function resultWords(o) {
  return t('speak-game-over', { result: outcomeText(o) });
}

/**
 * A player's name as the live region says it: "Computer, level 4" is "Computer".
 * @param {string} name
 */
export function spokenName(name) {
  return name.split(',')[0];
}
