// @ts-check
// The engine's best lines while it thinks: each line its score (Light's point of view) and its
// moves, numbered as in a game; the depth reached. Clicking a line's move plays the line up to
// it on the analysis board.

import { h } from './dom.js';
import { lightScore, scoreText } from '../game/score.js';
import { t } from '../i18n.js';

// The moves of a line shown (the rest would not fit, and each is a Tab stop).
const SHOWN_MOVES = 12;

/** @typedef {import('../types.js').EngineLine} EngineLine */
/** @typedef {import('../types.js').Move} Move */
/** @typedef {import('../types.js').Side} Side */

/**
 * A move's number in words of a game: "12." before the first mover's move, "12..." before the
 * second mover's when a line starts with it.
 * @param {number} number the PDN move number
 * @param {boolean} firstMover whether the first mover plays it
 * @param {boolean} lineStart whether it starts a line (or follows a break)
 * @returns {string}
 */
export function moveNumber(number, firstMover, lineStart) {
  if (firstMover) return `${number}.`;
  return lineStart ? `${number}...` : '';
}

export class EngineLines {
  /**
   * @param {HTMLOListElement} list
   * @param {HTMLElement} depth where the depth is written
   * @param {(moves: Move[]) => void} onPlay plays the first moves of a line
   * @param {(text: string) => string} write how a move is written
   */
  constructor(list, depth, onPlay, write) {
    this.list = list;
    this.depth = depth;
    this.onPlay = onPlay;
    this.write = write;
  }

  /**
   * Shows the lines of one search.
   * @param {EngineLine[]} lines best first, scores for the side to move
   * @param {Side} side the side to move
   * @param {Side} firstMover the rule set's first mover (who opens each numbered move)
   * @param {number} number the PDN number of the move to play now
   * @param {number} depth
   */
  show(lines, side, firstMover, number, depth) {
    this.depth.textContent = t('engine-depth', { depth });
    this.list.textContent = '';
    for (const line of lines) {
      const li = h('li', { className: 'engine-line' });
      li.appendChild(h('span', { className: 'line-score', text: scoreText(lightScore(line.score, side)) }));
      const moves = h('span', { className: 'line-moves' });
      let mover = side;
      let n = number;
      line.moves.slice(0, SHOWN_MOVES).forEach((m, i) => {
        const num = moveNumber(n, mover === firstMover, i === 0);
        if (num) moves.appendChild(h('span', { className: 'move-number', text: num }));
        const b = h('button', { className: 'line-move', text: this.write(m.text) });
        b.type = 'button';
        b.addEventListener('click', () => this.onPlay(line.moves.slice(0, i + 1)));
        moves.appendChild(b);
        if (mover !== firstMover) n++;
        mover = mover === 'light' ? 'dark' : 'light';
      });
      li.appendChild(moves);
      this.list.appendChild(li);
    }
  }

  /**
   * Empties the list, with a note in it ("Thinking…", "Paused").
   * @param {string} note
   */
  clear(note) {
    this.depth.textContent = '';
    this.list.textContent = '';
    if (note) this.list.appendChild(h('li', { className: 'engine-note', text: note }));
  }
}
