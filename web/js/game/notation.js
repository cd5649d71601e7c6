// @ts-check
// How moves are written: the server writes a rule set's own notation (square numbers in PDN for
// the numbered boards, a1-h8 for the others); with the Algebraic coordinates setting a numbered
// board's moves are written with a1-h8 names too, read off the board geometry. Pure: no DOM.

/** @typedef {import('../types.js').Variant} Variant */

/**
 * A move's text as the coordinates setting writes it ("11-15" as "c3-d4" when algebraic).
 * @param {string} text the server's text
 * @param {Pick<Variant, 'notation' | 'squares'>} variant
 * @param {'numbers' | 'algebraic' | 'hidden'} coords
 */
export function writeMove(text, variant, coords) {
  if (coords !== 'algebraic' || variant.notation !== 'numeric') return text;
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const s of variant.squares) if (s.number !== null && s.number !== undefined) names.set(String(s.number), s.algebraic);
  return text.replace(/\d+/g, (n) => names.get(n) ?? n);
}

/**
 * A typed move in the server's notation: a numbered board's move typed with a1-h8 names is
 * turned into square numbers; anything else is sent as typed.
 * @param {string} text
 * @param {Pick<Variant, 'notation' | 'squares'>} variant
 */
export function readMove(text, variant) {
  if (variant.notation !== 'numeric' || !/[a-z]\d/i.test(text)) return text;
  /** @type {Map<string, string>} */
  const numbers = new Map();
  for (const s of variant.squares) if (s.number !== null && s.number !== undefined) numbers.set(s.algebraic, String(s.number));
  return text.replace(/[a-z]\d+/gi, (a) => numbers.get(a.toLowerCase()) ?? a);
}
