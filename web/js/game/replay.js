// @ts-check
// A game's positions from its start and its moves, for stepping back through a game: pure, no
// DOM. The server sends each move's route (from, landing squares, taken pieces, promotion), so
// a position is the one before it with the piece moved, the taken pieces gone and a crowned man
// made a king.

/** @typedef {import('../types.js').Piece} Piece */
/** @typedef {import('../types.js').Move} Move */
/** @typedef {import('../types.js').Side} Side */

/**
 * One position of a game to show: its pieces and the move that led to it (null at the start).
 * @typedef {object} Frame
 * @property {Piece[]} pieces
 * @property {Move | null} move
 */

/**
 * The pieces and side to move of a FEN (`W:W21,22,K30:B1-12`, or with square names,
 * `W:Wa1,c3:Bb8`; ranges of numbered squares as `1-12`).
 * @param {string} fen
 * @returns {{ side: Side, pieces: Piece[] }}
 */
export function parseFen(fen) {
  const parts = fen.trim().replace(/\.$/, '').split(':');
  /** @type {Side} */
  const side = parts[0].toUpperCase() === 'B' ? 'dark' : 'light';
  /** @type {Piece[]} */
  const pieces = [];
  for (const part of parts.slice(1)) {
    const tag = part[0] ? part[0].toUpperCase() : '';
    if (tag !== 'W' && tag !== 'B') continue;
    /** @type {Side} */
    const color = tag === 'W' ? 'light' : 'dark';
    for (let tok of part.slice(1).split(',')) {
      tok = tok.trim();
      if (!tok) continue;
      /** @type {'man' | 'king'} */
      let kind = 'man';
      if (tok[0].toUpperCase() === 'K') {
        kind = 'king';
        tok = tok.slice(1);
      }
      const range = tok.match(/^(\d+)-(\d+)$/);
      if (range) for (let n = Number(range[1]); n <= Number(range[2]); n++) pieces.push({ square: String(n), color, kind });
      else pieces.push({ square: tok, color, kind });
    }
  }
  return { side, pieces };
}

/**
 * The pieces after a move.
 * @param {Piece[]} pieces
 * @param {Move} move
 * @returns {Piece[]}
 */
export function applyMove(pieces, move) {
  const mover = pieces.find((p) => p.square === move.from);
  if (!mover) throw new Error(`no piece on ${move.from} for ${move.text}`);
  const gone = new Set([move.from, ...move.captured]);
  const to = move.path[move.path.length - 1];
  const rest = pieces.filter((p) => !gone.has(p.square));
  return [...rest, { square: to, color: mover.color, kind: move.promotes ? 'king' : mover.kind }];
}

/**
 * Every position of a game: frame 0 is the start, frame k the position after the k-th move.
 * @param {string} startFen
 * @param {{ move: Move }[]} moves
 * @returns {Frame[]}
 */
export function framesOf(startFen, moves) {
  /** @type {Frame[]} */
  const frames = [{ pieces: parseFen(startFen).pieces, move: null }];
  for (const m of moves) frames.push({ pieces: applyMove(frames[frames.length - 1].pieces, m.move), move: m.move });
  return frames;
}
