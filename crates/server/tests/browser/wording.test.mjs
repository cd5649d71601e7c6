// Unit tests of web/js/game/wording.js and web/js/game/speak.js: the page's words for server
// messages, moves and results.

import './english.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plain } from '../../../../web/js/game/wording.js';
import { moveWords, resultWords, spokenName } from '../../../../web/js/game/speak.js';

test('messages without jargon', () => {
  assert.equal(plain('the game has moved on: it is at ply 6, not 5; reload it'), 'The game had moved on (perhaps in another tab); it is shown as it stands now.');
  assert.match(plain('no GameType tag; say which rule set the file is (e.g. --variant english)'), /^The file does not say which rule set/);
  assert.doesNotMatch(plain('no GameType tag; say which rule set the file is (e.g. --variant english)'), /--variant/);
  assert.equal(plain('Draw: 80 half-moves in a row without a capture or a reset'), 'Draw: 80 moves in a row (both sides counted) without a capture or a man moving');
  assert.equal(plain('illegal move 11-16'), 'illegal move 11-16');
  assert.equal(plain('A light man cannot stand on 29: it would have been crowned there (RULES.md section 6)'), 'A light man cannot stand on 29: it would have been crowned there');
});

test('moves and results in words', () => {
  const step = { ply: 1, number: 1, side: 'dark', spent_ms: 0, move: { text: '22-18', from: '22', path: ['18'], captured: [] } };
  const jump = { ply: 2, number: 1, side: 'light', spent_ms: 0, move: { text: '28x19x10', from: '28', path: ['19', '10'], captured: ['24', '15'] } };
  assert.equal(moveWords(step, spokenName('Computer, level 4')), 'Computer played 22-18');
  assert.equal(moveWords(jump, 'Light'), 'Light takes two: 28x19x10');
  assert.equal(moveWords(jump, 'You'), 'You take two: 28x19x10');
  assert.equal(moveWords({ ...step, move: { ...step.move, promotes: true } }, 'You', (t) => t.replace('22', 'c3').replace('18', 'd4')), 'You played c3-d4; your man is crowned');
  assert.equal(resultWords({ text: 'Dark wins: Light resigned', result: '0-1', winner: 'dark', reason: 'resignation' }), 'Game over. Dark wins: Light resigned.');
});
