// Unit tests of the game predicates (web/js/game/predicates.js): pure functions of a game's
// state, so they run in Node without a browser or a server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as p from '../../../../web/js/game/predicates.js';
import { parseHash } from '../../../../web/js/router.js';

const clock = { light_ms: 0, dark_ms: 0, total_ms: 0, running: null };
const move = (ply, side) => ({ ply, number: Math.ceil(ply / 2), side, spent_ms: 0, move: { text: '11-15', from: '11', path: ['15'], captured: [] } });

/** A game as the server sends it, with the fields the predicates read. */
function game(fields = {}) {
  return {
    variant: 'english', start_fen: '', ply: 0, side_to_move: 'dark', moves: [], last_move: null, outcome: null, clock,
    position: { fen: '', text: '', side_to_move: 'dark', pieces: [], legal: [], must_capture: false },
    quiet_count: 0, quiet_limit: 80, repetitions: 1, ...fields,
  };
}

/** A room's state: both seats taken and connected unless told otherwise. */
function room(fields = {}) {
  const seat = { taken: true, connected: true, away_since: null };
  return game({
    seq: 1, now: 0, room: 'r', game: 1, light_player: 0, started: true, seats: { light: seat, dark: seat }, grace_ms: 120000,
    draw_offer: null, takeback: null, rematch: null, ...fields,
  });
}

const light = { sides: ['light'], opponent: 'Your friend', connected: true };
const dark = { sides: ['dark'], opponent: 'Your friend', connected: true };
const both = { sides: ['light', 'dark'], opponent: null, connected: true };
const watcher = { sides: [], opponent: null, connected: true };
const over = { text: 'Light wins: Dark resigned', result: '1-0', winner: 'light', reason: 'resignation' };

test('whose turn: the side to move while the game is on, nobody before the start or after the end', () => {
  assert.equal(p.whoseTurn(game()), 'dark');
  assert.equal(p.whoseTurn(room({ started: false })), null);
  assert.equal(p.whoseTurn(game({ outcome: over })), null);
  assert.equal(p.isOver(game({ outcome: over })), true);
  assert.equal(p.isOver(game()), false);
  assert.equal(p.isStarted(game()), true, 'a local table has no `started` and is on at once');
});

test('who may move: the side to move, for a viewer who plays it, connected, with nothing under way', () => {
  assert.equal(p.movableSide(game(), dark), 'dark');
  assert.equal(p.movableSide(game(), light), null);
  assert.equal(p.movableSide(game(), both), 'dark');
  assert.equal(p.movableSide(game(), watcher), null);
  assert.equal(p.movableSide(game(), dark, true), null, 'the computer is thinking');
  assert.equal(p.movableSide(game(), { ...dark, connected: false }), null);
  assert.equal(p.movableSide(room({ started: false }), dark), null);
  assert.equal(p.movableSide(game({ outcome: over }), dark), null);
});

test('draw offers: one at a time, answered by the other player only', () => {
  assert.equal(p.canOfferDraw(room(), light), true);
  assert.equal(p.canOfferDraw(room(), watcher), false);
  assert.equal(p.canOfferDraw(room({ draw_offer: 'light' }), light), false);
  assert.equal(p.canAnswerDraw(room({ draw_offer: 'light' }), light), false);
  assert.equal(p.canAnswerDraw(room({ draw_offer: 'light' }), dark), true);
  assert.equal(p.canAnswerDraw(room({ draw_offer: 'light', outcome: over }), dark), false);
});

test('takebacks: asked by a player who has moved, answered by the other', () => {
  const played = room({ ply: 1, side_to_move: 'light', moves: [move(1, 'dark')] });
  assert.equal(p.canAskTakeback(played, dark), true);
  assert.equal(p.canAskTakeback(played, light), false, 'light has not moved yet');
  assert.equal(p.canAskTakeback({ ...played, takeback: 'dark' }, dark), false, 'already asked');
  assert.equal(p.canAnswerTakeback({ ...played, takeback: 'dark' }, light), true);
  assert.equal(p.canAnswerTakeback({ ...played, takeback: 'dark' }, dark), false);
});

test('claims: only after the grace period, and only while it is the absent player\'s turn', () => {
  const away = { taken: true, connected: false, away_since: 1000 };
  const here = { taken: true, connected: true, away_since: null };
  // Light is away; Dark to move: Dark must move first, then may claim.
  const darkToMove = room({ side_to_move: 'dark', seats: { light: away, dark: here } });
  assert.deepEqual(p.claimState(darkToMove, dark, 1000 + 60000), { away: true, leftMs: 60000, allowed: false, theirTurn: false });
  assert.equal(p.claimState(darkToMove, dark, 1000 + 120000).allowed, false, 'not on the claimant\'s own move');
  const lightToMove = { ...darkToMove, side_to_move: 'light' };
  assert.equal(p.claimState(lightToMove, dark, 1000 + 119999).allowed, false, 'before the grace period is over');
  assert.equal(p.claimState(lightToMove, dark, 1000 + 120000).allowed, true);
  assert.equal(p.claimState(lightToMove, watcher, 1000 + 120000).allowed, false, 'a watcher claims nothing');
  assert.equal(p.claimState(lightToMove, light, 1000 + 120000).away, false, 'the absent player sees no claim');
  assert.equal(p.claimState({ ...lightToMove, outcome: over }, dark, 1000 + 120000).allowed, false);
});

test('resign, rematch and undo', () => {
  assert.equal(p.canResign(room(), light), true);
  assert.equal(p.canResign(room(), watcher), false);
  assert.equal(p.canResign(room({ outcome: over }), light), false);
  assert.equal(p.canRematch(room(), light), false, 'not during the game');
  assert.equal(p.canRematch(room({ outcome: over }), light), true);
  assert.equal(p.canRematch(room({ outcome: over, rematch: { light: true, dark: false } }), light), false);
  assert.equal(p.canUndo(game(), false), false);
  assert.equal(p.canUndo(game({ ply: 1 }), false), true);
  assert.equal(p.canUndo(game({ ply: 1 }), true), false);
  // A resignation before any move can be taken back.
  assert.equal(p.canUndo(game({ outcome: { text: 'Light wins: Dark resigned', result: '1-0', winner: 'light', reason: 'resignation' } }), false), true);
});

test('routes: a page and its argument, and addresses that are not routes', () => {
  assert.deepEqual(parseHash('#/play/english'), ['play', 'english']);
  assert.deepEqual(parseHash('#/room/AbC-_1'), ['room', 'AbC-_1']);
  assert.deepEqual(parseHash('#/pdn'), ['pdn', undefined]);
  assert.deepEqual(parseHash(''), ['', undefined]);
  assert.equal(parseHash('#board-wrap'), null);
});

test('a PDN game\'s frames as move list entries: mover from the position before, PDN numbers', async () => {
  const { pdnMoves } = await import('../../../../web/js/game/pdn-moves.js');
  const mv = (text) => ({ text, from: '', path: [], captured: [] });
  // English, Dark first; a game set up with White (Light) to move starts `1...`.
  const frames = [{ fen: 'W:W21:B1', pieces: [], move: null }, { fen: 'B:W17:B1', pieces: [], move: mv('21-17') }, { fen: 'W:W17:B5', pieces: [], move: mv('1-5') }, { fen: 'B:W13:B5', pieces: [], move: mv('17-13') }];
  const g = { number: 1, variant: 'english', tags: [], result: null, frames, error: null, outcome: null };
  assert.deepEqual(pdnMoves(g, 'dark').map((m) => [m.ply, m.number, m.side, m.move.text]), [
    [1, 1, 'light', '21-17'],
    [2, 2, 'dark', '1-5'],
    [3, 2, 'light', '17-13'],
  ]);
});
