// Unit tests of the pure modules behind move navigation and the written moves:
// web/js/game/replay.js (a game's positions from its start and moves) and
// web/js/game/notation.js (moves written with square numbers or a1-h8 names, results as 1-0 or 2-0).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFen, applyMove, framesOf } from '../../../../web/js/game/replay.js';
import { writeMove, readMove, hasNumbers, writeResult, communityResults } from '../../../../web/js/game/notation.js';

const at = (pieces) => Object.fromEntries(pieces.map((p) => [p.square, `${p.color} ${p.kind}`]));

test('FEN: side to move, ranges, kings and square names', () => {
  const a = parseFen('B:W21-23,K30:B1,K2');
  assert.equal(a.side, 'dark');
  assert.deepEqual(at(a.pieces), { 21: 'light man', 22: 'light man', 23: 'light man', 30: 'light king', 1: 'dark man', 2: 'dark king' });
  const r = parseFen('W:Wa1,Kc3:Bb8.');
  assert.equal(r.side, 'light');
  assert.deepEqual(at(r.pieces), { a1: 'light man', c3: 'light king', b8: 'dark man' });
});

test('a move: the piece moves, the taken pieces go, a crowned man is a king', () => {
  const start = parseFen('W:W28:B24,15,1').pieces;
  const after = applyMove(start, { text: '28x19x10', from: '28', path: ['19', '10'], captured: ['24', '15'] });
  assert.deepEqual(at(after), { 10: 'light man', 1: 'dark man' });
  const crowned = applyMove(parseFen('W:W5:B30').pieces, { text: '5-1', from: '5', path: ['1'], captured: [], promotes: true });
  assert.deepEqual(at(crowned), { 1: 'light king', 30: 'dark man' });
  // A capture that ends where it began (a round trip) keeps the piece.
  const round = applyMove(parseFen('W:Wd4:Bc5,c7,e7,e5,g3').pieces, {
    text: 'd4:b6:d8:f6:d4', from: 'd4', path: ['b6', 'd8', 'f6', 'd4'], captured: ['c5', 'c7', 'e7', 'e5'],
  });
  assert.deepEqual(at(round), { d4: 'light man', g3: 'dark man' });
  assert.throws(() => applyMove(start, { text: '2-6', from: '2', path: ['6'], captured: [] }), /no piece on 2/);
});

test('a game\'s frames: the start, then one position per move', () => {
  const moves = [
    { move: { text: '11-15', from: '11', path: ['15'], captured: [] } },
    { move: { text: '23-19', from: '23', path: ['19'], captured: [] } },
  ];
  const frames = framesOf('B:W21-32:B1-12', moves);
  assert.equal(frames.length, 3);
  assert.equal(frames[0].move, null);
  assert.equal(frames[0].pieces.length, 24);
  assert.equal(at(frames[2].pieces)['15'], 'dark man');
  assert.equal(at(frames[2].pieces)['19'], 'light man');
  assert.equal(at(frames[2].pieces)['11'], undefined);
  assert.equal(frames[2].move.text, '23-19');
});

// The English board's squares 1-32 on an 8x8 board, Dark at the top (1 = b8, 32 = g1).
const english = {
  notation: 'numeric',
  squares: Array.from({ length: 32 }, (_, i) => {
    const row = Math.floor(i / 4);
    const col = (i % 4) * 2 + (row % 2 === 0 ? 1 : 0);
    return { number: i + 1, algebraic: `${'abcdefgh'[col]}${8 - row}` };
  }),
};

test('moves written with a1-h8 names when the setting asks, and read back', () => {
  assert.equal(writeMove('11-15', english, 'numbers'), '11-15');
  assert.equal(writeMove('11-15', english, 'algebraic'), 'f6-e5');
  assert.equal(writeMove('28x19x10', english, 'algebraic'), 'h2xf4xd6');
  assert.equal(writeMove('1-5', english, 'algebraic'), 'b8-a7');
  assert.equal(readMove('f6-e5', english), '11-15');
  assert.equal(readMove('11-15', english), '11-15');
  // A board written in a1-h8 already is left alone.
  const russian = { notation: 'algebraic', squares: [{ number: 1, algebraic: 'b8' }] };
  assert.equal(writeMove('c3-d4', russian, 'algebraic'), 'c3-d4');
  assert.equal(readMove('c3-d4', russian), 'c3-d4');
});

test('moves written with square numbers or a1-h8 names as the moves setting asks', () => {
  // Russian draughts: a1-h8 in its rules, PDN numbers on the same board (1 is b8, 32 is g1).
  const russian = { notation: 'algebraic', squares: english.squares };
  assert.equal(writeMove('c3-d4', russian, 'numbers', 'own'), 'c3-d4', 'the rule set\'s own notation by default');
  assert.equal(writeMove('c3-d4', russian, 'numbers', 'numbers'), '22-18');
  assert.equal(writeMove('c3xe5xg3', russian, 'algebraic', 'numbers'), '22x15x24');
  assert.equal(writeMove('c3-d4', russian, 'numbers', 'algebraic'), 'c3-d4');
  assert.equal(readMove('22-18', russian), 'c3-d4', 'numbers typed on an a1-h8 board are read back');
  assert.equal(readMove('22x15x24', russian), 'c3xe5xg3');
  // A numbered board: the moves setting wins over the coordinates.
  assert.equal(writeMove('11-15', english, 'numbers', 'algebraic'), 'f6-e5');
  assert.equal(writeMove('11-15', english, 'algebraic', 'numbers'), '11-15');
  assert.equal(writeMove('11-15', english, 'algebraic', 'own'), 'f6-e5');
  // Turkish draughts has no square numbers: its moves stay a1-h8.
  const turkish = { notation: 'algebraic', squares: [{ number: null, algebraic: 'a8' }, { number: null, algebraic: 'b8' }] };
  assert.equal(hasNumbers(turkish), false);
  assert.equal(hasNumbers(russian), true);
  assert.equal(writeMove('a3-a4', turkish, 'numbers', 'numbers'), 'a3-a4');
  assert.equal(readMove('22-18', turkish), '22-18');
});

test('results written as 1-0 or 2-0, by the setting or the rule set\'s community', () => {
  assert.equal(writeResult('1-0', 'international', 'auto'), '2-0');
  assert.equal(writeResult('1/2-1/2', 'international', 'auto'), '1-1');
  assert.equal(writeResult('0-1', 'brazilian', 'auto'), '0-2');
  assert.equal(writeResult('0-1', 'russian', 'auto'), '0-1');
  assert.equal(writeResult('1-1', 'international', '1-0'), '1/2-1/2', 'a file\'s 2-point result in the 1-0 style');
  assert.equal(writeResult('1-0', 'english', '2-0'), '2-0');
  assert.equal(writeResult('2-0', 'english', 'auto'), '1-0');
  assert.equal(writeResult('*', 'english', '2-0'), '*', 'an unfinished game stays as it is');
  assert.equal(communityResults('international'), '2-0');
  assert.equal(communityResults('english'), '1-0');
});
