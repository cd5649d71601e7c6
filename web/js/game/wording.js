// @ts-check
// Page wording: a few server and rules messages are written for the command line or for
// developers ("--variant", "ply", "a reset"); these say the same to a player; results and
// server errors with a code are said in the interface's language. Pure: no DOM.


import { t, has } from '../i18n.js';

/** @type {[RegExp, string][]} */
const PLAIN = [
  [/the game has moved on: it is at ply \d+, not \d+; reload it/i, 'The game had moved on (perhaps in another tab); it is shown as it stands now.'],
  [/no GameType tag; say which rule set the file is \(e\.g\. --variant \w+\)/i, 'The file does not say which rule set it is played by (it has no GameType tag): choose one under "Rule set when the file does not say" and open it again.'],
  [/(\d+) half-moves in a row without a capture or a reset/i, '$1 moves in a row (both sides counted) without a capture or a man moving'],
  // The rules' own document is ours, not the player's: its section numbers are dropped.
  [/ \(RULES\.md section \d+\)/g, ''],
];

/**
 * A message in a player's words.
 * @param {string} text
 */
export function plain(text) {
  let out = text;
  for (const [re, to] of PLAIN) out = out.replace(re, to);
  return out;
}

/**
 * How a game ended, in the interface's language: the words of the reason code (`outcome-win-*`
 * or `outcome-draw-*`, a number in the code such as `quiet-moves-80` given as `n`), or the
 * server's English words (in a player's words) for a code the page has no words for.
 * @param {import('../types.js').Outcome} o
 */
export function outcomeText(o) {
  const m = /^(.*?)(?:-(\d+))?$/.exec(o.reason || '');
  const base = m ? m[1] : '';
  const key = o.winner ? `outcome-win-${base}` : `outcome-draw-${base}`;
  if (!base || !has(key)) return plain(o.text);
  return t(key, { winner: o.winner || '', n: m && m[2] ? Number(m[2]) : 0 });
}

/**
 * A server's refusal or error in the interface's language: the words of its code
 * (`error-<code>`, with the error's arguments) when the page has them, else its English
 * message in a player's words.
 * @param {{ code?: string, message: string, args?: Record<string, string | number> }} e
 */
export function errorText(e) {
  const key = e.code ? `error-${e.code}` : '';
  return key && has(key) ? t(key, e.args || {}) : plain(e.message);
}

/**
 * A rule set's summary in the interface's language, line by line: each line's phrases by key
 * (the server's `summary_keys`), or the server's English line where a phrase has no words.
 * @param {import('../types.js').Variant} v
 * @param {boolean} fmjd the summary under the FMJD's draw rules, where the rule set has them
 * @returns {string[]}
 */
export function summaryLines(v, fmjd) {
  const lines = fmjd && v.summary_fmjd ? v.summary_fmjd : v.summary;
  const keyed = (fmjd && v.summary_fmjd_keys ? v.summary_fmjd_keys : v.summary_keys) || [];
  return lines.map((line, i) => {
    const phrases = keyed[i];
    return phrases && phrases.every((p) => has(p.key)) ? phrases.map((p) => t(p.key, p.args)).join(' ') : line;
  });
}

/** Half-moves without a reset from which the page shows the count (fewer come and go in play). */
export const QUIET_SHOWN_FROM = 10;

/**
 * The draw rules close to deciding a game, in words, or '' when none is: the quiet-move count
 * once it reaches {@link QUIET_SHOWN_FROM} (under the FMJD's rules the king-move count of
 * article 6.3), the FMJD lone-king count while such an ending lasts, and a position that has
 * occurred twice (RULES.md section 4). Nothing once the game is over.
 * @param {import('../types.js').Game} g
 * @returns {string}
 */
export function drawCountText(g) {
  if (g.outcome) return '';
  const parts = [];
  if (g.lone_king) {
    parts.push(t('draw-count-lone-king', { count: g.lone_king.count, limit: g.lone_king.limit, moves: g.lone_king.limit / 2 }));
  } else if (g.quiet_count >= QUIET_SHOWN_FROM) {
    const args = { count: g.quiet_count, limit: g.quiet_limit, reset: g.quiet_reset || 'man-move' };
    parts.push(t(g.draw_rules === 'fmjd' ? 'draw-count-kings' : 'draw-count-quiet', args));
  }
  if (g.repetitions >= 2) parts.push(t('draw-count-repetition'));
  return parts.join(' ');
}
