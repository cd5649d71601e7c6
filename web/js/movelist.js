// Pieces shared by the play page (app.js) and online rooms (online.js): side names, elapsed
// times and the move list table.

/** "Light" or "Dark" for a side id. */
export const sideName = (s) => (s === 'light' ? 'Light' : 'Dark');

/** Elapsed time in milliseconds as m:ss or h:mm:ss. */
export function fmtTime(ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Appends the moves to a table body, rows numbered as in PDN: each row starts with the first
 * mover's move (an ellipsis stands in when the list starts with the other side). `moves` are the
 * API's {ply, side, move: {text}, spent_ms}; the move at `currentPly` is marked.
 */
export function appendMoveRows(body, moves, firstMover, currentPly) {
  let row = null;
  let num = 0;
  for (const m of moves) {
    if (!row || m.side === firstMover) {
      num += 1;
      row = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = `${num}.`;
      row.appendChild(th);
      body.appendChild(row);
      if (m.side !== firstMover) {
        const td = document.createElement('td');
        td.textContent = '…';
        row.appendChild(td);
      }
    }
    const td = document.createElement('td');
    td.textContent = m.move.text;
    td.dataset.ply = m.ply;
    td.title = `${sideName(m.side)}, ${fmtTime(m.spent_ms)}`;
    if (m.ply === currentPly) td.className = 'current';
    row.appendChild(td);
    if (m.side !== firstMover) row = null;
  }
}
