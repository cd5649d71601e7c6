// @ts-check
// Pure: the board editor's steps. A tool (a light or dark man or king, or the eraser) put on a
// square gives the new pieces; the pieces and the side to move are written as a FEN for the
// server to check (`POST /api/position` with `by_hand`, RULES.md section 6).

import { t } from '../i18n.js';

/** @typedef {import('../types.js').Piece} Piece */
/** @typedef {import('../types.js').Side} Side */

/** @typedef {'light-man' | 'light-king' | 'dark-man' | 'dark-king' | 'eraser'} EditorTool */

/** @type {{ tool: EditorTool, label: string }[]} the palette, in order */
export const TOOLS = [
  // The labels are read when the palette is drawn, in the interface's language.
  { tool: 'light-man', get label() { return t('tool-light-man'); } },
  { tool: 'light-king', get label() { return t('tool-light-king'); } },
  { tool: 'dark-man', get label() { return t('tool-dark-man'); } },
  { tool: 'dark-king', get label() { return t('tool-dark-king'); } },
  { tool: 'eraser', get label() { return t('tool-eraser'); } },
];

/**
 * The pieces after using a tool on a square: the eraser empties it; a piece replaces what
 * stood there, and the same piece again takes it off (a second click undoes the first).
 * @param {Piece[]} pieces
 * @param {string} square
 * @param {EditorTool} tool
 * @returns {Piece[]}
 */
export function applyTool(pieces, square, tool) {
  const here = pieces.find((p) => p.square === square);
  const rest = pieces.filter((p) => p.square !== square);
  if (tool === 'eraser') return rest;
  const [color, kind] = /** @type {[Side, 'man' | 'king']} */ (tool.split('-'));
  if (here && here.color === color && here.kind === kind) return rest;
  return [...rest, { square, color, kind }];
}

/**
 * A FEN of the pieces (PDN style, RULES.md section 6): side to move, then each side's squares
 * in the board's order, a `K` before each king.
 * @param {Piece[]} pieces
 * @param {Side} side the side to move
 * @param {string[]} order every square's name in the board's order
 * @returns {string}
 */
export function writeFen(pieces, side, order) {
  const rank = new Map(order.map((s, i) => [s, i]));
  /** @param {Side} color */
  const list = (color) =>
    pieces
      .filter((p) => p.color === color)
      .sort((a, b) => (rank.get(a.square) ?? 0) - (rank.get(b.square) ?? 0))
      .map((p) => (p.kind === 'king' ? `K${p.square}` : p.square))
      .join(',');
  return `${side === 'light' ? 'W' : 'B'}:W${list('light')}:B${list('dark')}`;
}
