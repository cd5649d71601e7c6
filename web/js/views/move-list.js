// @ts-check
// The move list: a table with one row per numbered move, as in PDN. The server gives each move
// its number and side; a row that starts with the second mover's move (a game set up with the
// other side to move, `1...`) starts with an ellipsis. With `onPick`, each move is a button that
// steps to it (views/navigator.js); the current move is marked and scrolled into view. `write`
// writes a move's text as the coordinates setting asks.

import { fmtTime, sideName } from '../game/format.js';
import { h } from './dom.js';

/** @typedef {import('../types.js').MoveEntry} MoveEntry */
/** @typedef {import('../types.js').Side} Side */

export class MoveList {
  /**
   * @param {HTMLTableElement} table
   * @param {(ply: number) => void} [onPick] makes each move a button that picks its ply
   * @param {(text: string) => string} [write] how a move's text is written
   */
  constructor(table, onPick, write) {
    this.table = table;
    this.onPick = onPick;
    this.write = write || ((t) => t);
    /** @type {[MoveEntry[], Side, number, string] | null} */
    this.last = null;
    this.body = table.tBodies[0] || table.appendChild(document.createElement('tbody'));
  }

  /**
   * @param {MoveEntry[]} moves
   * @param {Side} firstMover the rule set's first mover: the side that opens each row
   * @param {number} currentPly the move at this ply is marked
   * @param {string} emptyText shown when there are no moves
   */
  render(moves, firstMover, currentPly, emptyText) {
    this.last = [moves, firstMover, currentPly, emptyText];
    const body = this.body;
    body.textContent = '';
    if (!moves.length) {
      const tr = h('tr');
      tr.appendChild(h('td', { className: 'empty', text: emptyText }));
      body.appendChild(tr);
    }
    /** @type {HTMLTableRowElement | null} */
    let row = null;
    let number = 0;
    for (const m of moves) {
      if (!row || m.number !== number) {
        number = m.number;
        row = h('tr');
        const th = h('th', { text: `${m.number}.` });
        th.scope = 'row';
        row.appendChild(th);
        body.appendChild(row);
        if (m.side !== firstMover) row.appendChild(h('td', { text: '…' }));
      }
      const td = h('td');
      td.dataset.ply = String(m.ply);
      td.title = m.spent_ms ? `${sideName(m.side)}, ${fmtTime(m.spent_ms)}` : sideName(m.side);
      const pick = this.onPick;
      if (pick) {
        const b = h('button', { className: 'move', text: this.write(m.move.text) });
        b.type = 'button';
        b.setAttribute('aria-label', `${m.number}${m.side === firstMover ? '.' : '...'} ${sideName(m.side)}: ${this.write(m.move.text)}`);
        b.addEventListener('click', () => pick(m.ply));
        td.appendChild(b);
      } else td.textContent = this.write(m.move.text);
      row.appendChild(td);
    }
    this.mark(currentPly, true);
  }

  /** Writes the list again with the same moves (the coordinates setting changed). */
  rewrite() {
    if (this.last) this.render(...this.last);
  }

  /**
   * Marks the move at `ply` (none for 0) and scrolls it into view.
   * @param {number} ply
   * @param {boolean} [toEnd] scroll to the end when no move is marked (a game in play)
   */
  mark(ply, toEnd = false) {
    /** @type {HTMLElement | null} */
    let current = null;
    for (const td of this.body.querySelectorAll('td[data-ply]')) {
      const on = Number(/** @type {HTMLElement} */ (td).dataset.ply) === ply;
      td.classList.toggle('current', on);
      if (on) current = /** @type {HTMLElement} */ (td);
    }
    const box = /** @type {HTMLElement | null} */ (this.table.closest('.moves-box'));
    if (!box) return;
    if (this.last) this.last[2] = ply;
    if (toEnd || !current) {
      box.scrollTop = toEnd ? box.scrollHeight : 0;
      return;
    }
    // Only the list scrolls, never the page: the move is brought just inside the box.
    const b = box.getBoundingClientRect();
    const c = current.getBoundingClientRect();
    if (c.top < b.top) box.scrollTop -= b.top - c.top + c.height;
    else if (c.bottom > b.bottom) box.scrollTop += c.bottom - b.bottom + c.height;
  }
}
