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
