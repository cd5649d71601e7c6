// @ts-check
// The status view: whose turn in words, and the message line.

import { sideName } from '../game/format.js';
import { isOver, isStarted, ownSide, isPlayer } from '../game/predicates.js';
import { $ } from './dom.js';
import { plain } from '../game/wording.js';

/** @typedef {import('../types.js').Game} Game */
/** @typedef {import('../types.js').Viewer} Viewer */

/**
 * Whose turn, in words, for this viewer.
 * @param {Game} g
 * @param {Viewer} v
 */
export function turnText(g, v) {
  if (isOver(g)) return 'Game over';
  if (!isStarted(g)) return isPlayer(v) ? 'Waiting for your friend to open the link…' : 'Waiting for the second player…';
  const me = ownSide(v);
  if (me && v.opponent) return g.side_to_move === me ? `Your move (${sideName(me)})` : `${v.opponent}'s move (${sideName(g.side_to_move)})`;
  return `${sideName(g.side_to_move)} to move`;
}

export class Status {
  /** @param {() => void} [warn] called with each warning or error (the page plays a sound) */
  constructor(warn) {
    this.turn = $('turn');
    this.messageEl = $('message');
    this.warn = warn;
  }

  /**
   * @param {Game} g
   * @param {Viewer} v
   */
  render(g, v) {
    this.turn.textContent = turnText(g, v);
    this.turn.dataset.side = isOver(g) || !isStarted(g) ? '' : g.side_to_move;
  }

  /** @param {string} text */
  setTurnText(text) {
    this.turn.textContent = text;
    this.turn.dataset.side = '';
  }

  /**
   * @param {string} text
   * @param {'info' | 'warn' | 'error'} [kind]
   */
  message(text, kind = 'info') {
    this.messageEl.textContent = plain(text || '');
    this.messageEl.dataset.kind = kind;
    if ((kind === 'warn' || kind === 'error') && this.warn) this.warn();
  }
}
