// @ts-check
// Words and numbers for a game, shared by every view: side names and elapsed times.

/** @typedef {import('../types.js').Side} Side */

/**
 * "Light" or "Dark".
 * @param {Side} s
 */
export const sideName = (s) => (s === 'light' ? 'Light' : 'Dark');

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
  return [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ value: String(n), text: n === 1 ? '1 (beginner)' : n === 8 ? '8 (full strength)' : String(n) }));
}

/**
 * The sides one may choose to play, with a random draw when `random` is set.
 * @param {boolean} [random]
 * @returns {{ value: string, text: string }[]}
 */
export function sideChoices(random = false) {
  const sides = [{ value: 'light', text: 'Light' }, { value: 'dark', text: 'Dark' }];
  return random ? [{ value: 'random', text: 'Random side' }, ...sides] : sides;
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
