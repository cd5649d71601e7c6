// @ts-check
// What a viewer may do in a game, read from the game's state alone: no DOM, no I/O. Every page
// asks these, local table and room alike; the server enforces the same rules
// (../shared/RULES.md section 4 for rooms) and these only keep the page from offering what it
// would refuse.

import { other } from './format.js';

/** @typedef {import('../types.js').Game} Game */
/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').Viewer} Viewer */
/** @typedef {import('../types.js').Side} Side */

/**
 * The game has a result.
 * @param {Game} g
 */
export const isOver = (g) => !!g.outcome;

/**
 * Moves are allowed: a room starts once both seats are taken; a local table at once.
 * @param {Game} g
 */
export const isStarted = (g) => g.started !== false;

/**
 * Started and not over.
 * @param {Game} g
 */
export const isLive = (g) => isStarted(g) && !isOver(g);

/**
 * The side whose turn it is, or null before the start and after the end.
 * @param {Game} g
 * @returns {Side | null}
 */
export const whoseTurn = (g) => (isLive(g) ? g.side_to_move : null);

/**
 * The one side this viewer plays, or null (a watcher, or two players at one table).
 * @param {Viewer} v
 * @returns {Side | null}
 */
export const ownSide = (v) => (v.sides.length === 1 ? v.sides[0] : null);

/**
 * The viewer plays at least one side.
 * @param {Viewer} v
 */
export const isPlayer = (v) => v.sides.length > 0;

/**
 * It is the turn of a side this viewer plays.
 * @param {Game} g
 * @param {Viewer} v
 */
export function isViewerTurn(g, v) {
  const t = whoseTurn(g);
  return t !== null && v.sides.includes(t);
}

/**
 * The side the viewer may move pieces of now, or null: the viewer's turn, connected, and nothing
 * else under way (`busy`: the computer thinking, a move on its way).
 * @param {Game} g
 * @param {Viewer} v
 * @param {boolean} [busy]
 * @returns {Side | null}
 */
export const movableSide = (g, v, busy = false) => (!busy && v.connected && isViewerTurn(g, v) ? g.side_to_move : null);

/**
 * @param {Game} g
 * @param {Viewer} v
 */
export const canResign = (g, v) => isLive(g) && isPlayer(v) && v.connected;

/**
 * A room player may offer a draw while no offer stands.
 * @param {RoomState} r
 * @param {Viewer} v
 */
export function canOfferDraw(r, v) {
  const me = ownSide(v);
  return !!me && v.connected && isLive(r) && !r.draw_offer;
}

/**
 * The opponent's draw offer stands, for this viewer to accept or decline.
 * @param {RoomState} r
 * @param {Viewer} v
 */
export function canAnswerDraw(r, v) {
  const me = ownSide(v);
  return !!me && v.connected && isLive(r) && r.draw_offer === other(me);
}

/**
 * A room player who has moved in this game may ask to take the move back, once at a time.
 * @param {RoomState} r
 * @param {Viewer} v
 */
export function canAskTakeback(r, v) {
  const me = ownSide(v);
  return !!me && v.connected && isLive(r) && !r.takeback && r.moves.some((m) => m.side === me);
}

/**
 * The opponent asks to take back, for this viewer to allow or refuse.
 * @param {RoomState} r
 * @param {Viewer} v
 */
export function canAnswerTakeback(r, v) {
  const me = ownSide(v);
  return !!me && v.connected && isLive(r) && r.takeback === other(me);
}

/**
 * Where a claim of abandonment stands for this viewer at server time `now`: `away` when the
 * opponent has no connection, `leftMs` until the grace period is over, and `allowed` when the
 * claim may be made: the grace period is over and it is the absent player's turn.
 * @param {RoomState} r
 * @param {Viewer} v
 * @param {number} now server time, Unix ms
 * @returns {{ away: boolean, leftMs: number, allowed: boolean, theirTurn: boolean }}
 */
export function claimState(r, v, now) {
  const me = ownSide(v);
  const none = { away: false, leftMs: 0, allowed: false, theirTurn: false };
  if (!me || !isLive(r)) return none;
  const them = r.seats[other(me)];
  if (!them || them.connected || them.away_since == null) return none;
  const leftMs = them.away_since + r.grace_ms - now;
  const theirTurn = r.side_to_move === other(me);
  return { away: true, leftMs, allowed: leftMs <= 0 && theirTurn && v.connected, theirTurn };
}

/**
 * After the end, a room player may ask for a rematch (once).
 * @param {RoomState} r
 * @param {Viewer} v
 */
export function canRematch(r, v) {
  const me = ownSide(v);
  return !!me && v.connected && isOver(r) && !(r.rematch && r.rematch[me]);
}

/**
 * A local table may take back a move once one is played, or a resignation (Undo lifts only the
 * resignation), while the computer is not thinking.
 * @param {Game} g
 * @param {boolean} busy
 */
export const canUndo = (g, busy) => (g.ply > 0 || g.outcome?.reason === 'resignation') && !busy;
