// @ts-check
// How moves and results are written. The server writes a rule set's own notation (square
// numbers in PDN for the numbered boards, a1-h8 for the others); the player may have moves
// written with square numbers or with a1-h8 names wherever the rule set's board has both
// (Russian draughts has its PDN numbers, Turkish draughts none), read off the board geometry.
// Results are the PDN tokens 1-0, 0-1, 1/2-1/2, or as the communities that score a win 2 points
// write them, 2-0, 0-2, 1-1 (the international and Brazilian collections of our data). Pure: no DOM.

/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {'own' | 'numbers' | 'algebraic'} MoveNotation how moves are written (prefs.js) */
/** @typedef {'auto' | '1-0' | '2-0'} ResultStyle how results are written (prefs.js) */

/**
 * The square names of a board, one way: number to a1-h8 name, or back.
 * @param {Pick<Variant, 'squares'>} variant
 * @param {'algebraic' | 'numbers'} to
 */
function names(variant, to) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const s of variant.squares) {
    if (s.number === null || s.number === undefined) continue;
    if (to === 'algebraic') out.set(String(s.number), s.algebraic);
    else out.set(s.algebraic, String(s.number));
  }
  return out;
}

/**
 * Whether a rule set's moves can be written with square numbers (every playable square has one).
 * @param {Pick<Variant, 'squares'>} variant
 */
export const hasNumbers = (variant) => variant.squares.length > 0 && variant.squares.every((s) => s.number !== null && s.number !== undefined);

/**
 * A move's text as the settings write it ("11-15" as "c3-d4" when algebraic; "c3-d4" as
 * "22-18" on a Russian board when numbers).
 * @param {string} text the server's text
 * @param {Pick<Variant, 'notation' | 'squares'>} variant
 * @param {'numbers' | 'algebraic' | 'hidden'} coords the board's coordinates
 * @param {MoveNotation} [moves] how moves are written; `own` follows the coordinates on a numbered board
 */
export function writeMove(text, variant, coords, moves = 'own') {
  const to = moves === 'own' ? (coords === 'algebraic' ? 'algebraic' : null) : moves;
  if (to === 'algebraic' && variant.notation === 'numeric') {
    const n = names(variant, 'algebraic');
    return text.replace(/\d+/g, (x) => n.get(x) ?? x);
  }
  if (to === 'numbers' && variant.notation !== 'numeric' && hasNumbers(variant)) {
    const n = names(variant, 'numbers');
    return text.replace(/[a-z]\d+/gi, (x) => n.get(x.toLowerCase()) ?? x);
  }
  return text;
}

/**
 * A typed move in the server's notation: a numbered board's move typed with a1-h8 names is
 * turned into square numbers, an a1-h8 board's move typed with numbers into names; anything
 * else is sent as typed.
 * @param {string} text
 * @param {Pick<Variant, 'notation' | 'squares'>} variant
 */
export function readMove(text, variant) {
  if (variant.notation === 'numeric') {
    if (!/[a-z]\d/i.test(text)) return text;
    const n = names(variant, 'numbers');
    return text.replace(/[a-z]\d+/gi, (a) => n.get(a.toLowerCase()) ?? a);
  }
  if (!/^\s*\d+(\s*[-x:]\s*\d+)+\s*$/i.test(text) || !hasNumbers(variant)) return text;
  const n = names(variant, 'algebraic');
  return text.replace(/\d+/g, (x) => n.get(x) ?? x);
}

/**
 * The result style of a rule set's community: 2-0 where a win scores 2 points (international
 * and Brazilian draughts, FMJD scoring), else 1-0.
 * @param {string} variantId
 * @returns {'1-0' | '2-0'}
 */
export const communityResults = (variantId) => (variantId === 'international' || variantId === 'brazilian' ? '2-0' : '1-0');

/** The three results in each style: Light wins, drawn, Dark wins. */
const TOKENS = { '1-0': ['1-0', '1/2-1/2', '0-1'], '2-0': ['2-0', '1-1', '0-2'] };

/**
 * A result token as the settings write it: `1-0`, `1/2-1/2`, `0-1` (or the 2-point forms, as
 * a file may have them) in the chosen style; anything else (`*`, a file's own text) as it is.
 * @param {string} token
 * @param {string} variantId the rule set, for the `auto` style
 * @param {ResultStyle} style
 */
export function writeResult(token, variantId, style) {
  const t = token.trim().replace('½-½', '1/2-1/2');
  const i = [TOKENS['1-0'].indexOf(t), TOKENS['2-0'].indexOf(t)].find((x) => x >= 0);
  if (i === undefined) return token;
  return TOKENS[style === 'auto' ? communityResults(variantId) : style][i];
}
