// @ts-check
// Pure: the analysis board's address. `#/analysis/<variant>?fen=<FEN>&moves=<m1>,<m2>` opens
// the rule set's board at the FEN (the start when absent) with the moves played from it, so a
// copied link opens the same position; `&review=1` also starts a review of those moves. The
// FEN's ':' and ',' are kept as they are (both are allowed in an address's fragment);
// `&rules=fmjd` judges draws by the FMJD's rules (a game played under them), not the simplified ones.

/**
 * @typedef {object} AnalysisAddress
 * @property {string} variant
 * @property {string | null} fen null: the rule set's start
 * @property {string[]} moves
 * @property {boolean} review
 * @property {'simplified' | 'fmjd'} drawRules
 */

/**
 * Escapes a value of the address, keeping ':' and ',' readable.
 * @param {string} s
 * @returns {string}
 */
const enc = (s) => encodeURIComponent(s).replace(/%3A/gi, ':').replace(/%2C/gi, ',');

/**
 * The address of an analysis board.
 * @param {string} variant
 * @param {string | null} fen null or '' for the rule set's start
 * @param {string[]} [moves] played from the FEN
 * @param {boolean} [review] start a review of the moves
 * @param {'simplified' | 'fmjd'} [drawRules] the draw rules the moves are judged by
 * @returns {string}
 */
export function analysisHash(variant, fen, moves = [], review = false, drawRules = 'simplified') {
  const q = [];
  if (fen) q.push(`fen=${enc(fen)}`);
  if (moves.length) q.push(`moves=${moves.map(enc).join(',')}`);
  if (drawRules === 'fmjd') q.push('rules=fmjd');
  if (review) q.push('review=1');
  return `#/analysis/${encodeURIComponent(variant)}${q.length ? `?${q.join('&')}` : ''}`;
}

/**
 * Reads an analysis address (the `#/analysis/...` hash); null when it is not one. The older
 * form `#/analysis/<variant>/<FEN>` is read too.
 * @param {string} hash
 * @returns {AnalysisAddress | null}
 */
export function parseAnalysisHash(hash) {
  const m = hash.match(/^#\/analysis(?:\/([^/?]*))?(?:\/([^?]*))?(?:\?(.*))?$/);
  if (!m) return null;
  const params = new URLSearchParams((m[3] || '').replace(/\+/g, '%2B'));
  const pathFen = m[2] ? decodeURIComponent(m[2]) : '';
  const fen = params.get('fen') || pathFen || null;
  const moves = (params.get('moves') || '').split(',').map((s) => s.trim()).filter(Boolean);
  return { variant: m[1] ? decodeURIComponent(m[1]) : '', fen, moves, review: params.get('review') === '1', drawRules: params.get('rules') === 'fmjd' ? 'fmjd' : 'simplified' };
}
