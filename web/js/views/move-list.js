// @ts-check
// The move list: a table with one row per numbered move, as in PDN. The server gives each move
// its number and side; a row that starts with the second mover's move (a game set up with the
// other side to move, `1...`) starts with an ellipsis.

import { fmtTime, sideName } from '../game/format.js';
import { h } from './dom.js';

/** @typedef {import('../types.js').MoveEntry} MoveEntry */
/** @typedef {import('../types.js').Side} Side */

export class MoveList {
  /** @param {HTMLTableElement} table */
  constructor(table) {
    this.table = table;
    this.body = table.tBodies[0] || table.appendChild(document.createElement('tbody'));
  }

  /**
   * @param {MoveEntry[]} moves
   * @param {Side} firstMover the rule set's first mover: the side that opens each row
   * @param {number} currentPly the move at this ply is marked
   * @param {string} emptyText shown when there are no moves
   */
  render(moves, firstMover, currentPly, emptyText) {
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
      const td = h('td', { text: m.move.text });
      td.dataset.ply = String(m.ply);
      td.title = `${sideName(m.side)}, ${fmtTime(m.spent_ms)}`;
      if (m.ply === currentPly) td.className = 'current';
      row.appendChild(td);
    }
    const box = this.table.closest('.moves-box');
    if (box) box.scrollTop = box.scrollHeight;
  }
}
