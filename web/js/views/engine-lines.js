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
    /** @type {EngineLine[]} the lines shown, best first */
    this.shown = [];
  }

  /**
   * Shows the lines of one search. The lines are written into the elements already shown, so
   * that a click made while a deeper search's lines arrive lands on the button it pressed: a
   * list built anew between the press and the release would lose the click.
   * @param {EngineLine[]} lines best first, scores for the side to move
   * @param {Side} side the side to move
   * @param {Side} firstMover the rule set's first mover (who opens each numbered move)
   * @param {number} number the PDN number of the move to play now
   * @param {number} depth
   */
  show(lines, side, firstMover, number, depth) {
    this.depth.textContent = t('engine-depth', { depth });
    this.shown = lines;
    for (const note of [...this.list.querySelectorAll('.engine-note')]) note.remove();
    lines.forEach((line, k) => {
      let li = this.list.children[k];
      if (!li) {
        li = this.list.appendChild(h('li', { className: 'engine-line' }));
        li.append(h('span', { className: 'line-score' }), h('span', { className: 'line-moves' }));
      }
      /** @type {HTMLElement} */ (li.firstElementChild).textContent = scoreText(lightScore(line.score, side));
      const moves = /** @type {HTMLElement} */ (li.lastElementChild);
      const shown = line.moves.slice(0, SHOWN_MOVES);
      let mover = side;
      let n = number;
      shown.forEach((m, i) => {
        // Each move has two elements: its number (hidden where it has none) and its button.
        if (moves.children.length <= 2 * i) {
          moves.appendChild(h('span', { className: 'move-number' }));
          const b = h('button', { className: 'line-move' });
          b.type = 'button';
          b.addEventListener('click', () => this.play(k, i));
          moves.appendChild(b);
        }
        const num = moveNumber(n, mover === firstMover, i === 0);
        const label = /** @type {HTMLElement} */ (moves.children[2 * i]);
        label.textContent = num;
        label.hidden = !num;
        moves.children[2 * i + 1].textContent = this.write(m.text);
        if (mover !== firstMover) n++;
        mover = mover === 'light' ? 'dark' : 'light';
      });
      while (moves.children.length > 2 * shown.length) moves.lastElementChild?.remove();
    });
    while (this.list.children.length > lines.length) this.list.lastElementChild?.remove();
  }

  /**
   * Plays line `k` of those shown up to its move `i`.
   * @param {number} k
   * @param {number} i
   */
  play(k, i) {
    const line = this.shown[k];
    if (line) this.onPlay(line.moves.slice(0, i + 1));
  }

  /**
   * Empties the list, with a note in it ("Thinking…", "Paused").
   * @param {string} note
   */
  clear(note) {
    this.depth.textContent = '';
    this.shown = [];
    this.list.textContent = '';
    if (note) this.list.appendChild(h('li', { className: 'engine-note', text: note }));
  }
}
