// @ts-check
// A PDN game's moves (the frames of POST /api/pdn) in the shape of a game's move list, so that
// one move list shows both. Pure: no DOM.

/** @typedef {import('../types.js').PdnGame} PdnGame */
/** @typedef {import('../types.js').MoveEntry} MoveEntry */
/** @typedef {import('../types.js').Side} Side */

/**
 * A PDN game's moves as the move list shows them: each with its mover (read from the position
 * before it) and its PDN number (a new number with each move of the first mover).
 * @param {PdnGame} g
 * @param {Side} first the rule set's first mover
 * @returns {MoveEntry[]}
 */
export function pdnMoves(g, first) {
  /** @type {MoveEntry[]} */
  const out = [];
  let number = 0;
  g.frames.slice(1).forEach((f, k) => {
    /** @type {Side} */
    const side = g.frames[k].fen[0].toUpperCase() === 'W' ? 'light' : 'dark';
    if (number === 0 || side === first) number += 1;
    if (f.move) out.push({ ply: k + 1, number, side, spent_ms: 0, move: f.move });
  });
  return out;
}
