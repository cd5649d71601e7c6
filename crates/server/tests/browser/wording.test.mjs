// Unit tests of web/js/game/wording.js and web/js/game/speak.js: the page's words for server
// messages, moves, results and draw counts.

import './english.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plain, drawCountText, QUIET_SHOWN_FROM } from '../../../../web/js/game/wording.js';
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

test('the draw counts once they matter', () => {
  const base = { outcome: null, quiet_count: 0, quiet_limit: 80, quiet_reset: 'man-move', repetitions: 1, draw_rules: 'simplified', lone_king: null };
  const g = (over) => /** @type {any} */ ({ ...base, ...over });
  assert.equal(drawCountText(g({})), '');
  assert.equal(drawCountText(g({ quiet_count: QUIET_SHOWN_FROM - 1 })), '');
  assert.equal(drawCountText(g({ quiet_count: 10 })), '10 of 80 half-moves without a capture or a man move: at 80 the game is drawn.');
  assert.equal(drawCountText(g({ quiet_count: 12, quiet_limit: 120, quiet_reset: 'promotion' })), '12 of 120 half-moves without a capture or a promotion: at 120 the game is drawn.');
  assert.equal(drawCountText(g({ quiet_count: 30, quiet_limit: 50, draw_rules: 'fmjd' })), '30 of 50 half-moves made only by kings, without a man move or a capture: at 50 the game is drawn.');
  // A lone-king ending's count replaces the quiet count, which goes on beside it.
  assert.equal(drawCountText(g({ quiet_count: 30, quiet_limit: 50, draw_rules: 'fmjd', lone_king: { count: 7, limit: 32 } })), 'Lone king: 7 of 32 half-moves (16 moves each) before the game is drawn.');
  assert.equal(drawCountText(g({ repetitions: 2 })), 'This position has occurred twice: a third time draws.');
  assert.match(drawCountText(g({ quiet_count: 10, repetitions: 2 })), /^10 of 80 .* drawn\. This position has occurred twice/);
  assert.equal(drawCountText(g({ quiet_count: 80, outcome: { text: 'Draw', result: '1/2-1/2', winner: null, reason: 'quiet-moves-80' } })), '');
});
