// Unit tests of the analysis board's pure modules: the NDJSON reader and the streaming client
// (web/js/transport/ndjson.js, analysis.js, against a fake fetch), the scores in words and
// numbers (game/score.js), the move tree (game/move-tree.js), the review's marks
// (game/marks.js), the address (game/analysis-link.js) and the editor (game/editor.js).

import './english.mjs';
import { test } from 'node:test';
import { t } from '../../../../web/js/i18n.js';
import assert from 'node:assert/strict';
import { LineSplitter, ndjsonValues, NdjsonError } from '../../../../web/js/transport/ndjson.js';
import { streamAnalysis, streamReview } from '../../../../web/js/transport/analysis.js';
import { ApiError } from '../../../../web/js/transport/api.js';
import { flipScore, lightScore, scoreText, scoreWords, winChance, barFraction } from '../../../../web/js/game/score.js';
import { MoveTree } from '../../../../web/js/game/move-tree.js';
import { markOf, markWords, isMarked, markCounts } from '../../../../web/js/game/marks.js';
import { analysisHash, parseAnalysisHash } from '../../../../web/js/game/analysis-link.js';
import { applyTool, writeFen } from '../../../../web/js/game/editor.js';

const enc = new TextEncoder();

/** A ReadableStream of these chunks (strings become bytes). */
function streamOf(chunks) {
  return new ReadableStream({
    start(c) {
      for (const ch of chunks) c.enqueue(typeof ch === 'string' ? enc.encode(ch) : ch);
      c.close();
    },
  });
}

async function all(body) {
  const out = [];
  for await (const v of ndjsonValues(body)) out.push(v);
  return out;
}

test('lines split across chunks, several lines in one chunk, CRLF and a last line without a newline', async () => {
  const s = new LineSplitter();
  assert.deepEqual(s.push('{"a":1}\n{"b"'), ['{"a":1}']);
  assert.deepEqual(s.push(':2}\r\n\n{"c":3}'), ['{"b":2}', '']);
  assert.equal(s.end(), '{"c":3}');
  const values = await all(streamOf(['{"type":"po', 'sition"}\n{"type":"lines","n":1}\n{"ty', 'pe":"done"}']));
  assert.deepEqual(values, [{ type: 'position' }, { type: 'lines', n: 1 }, { type: 'done' }]);
});

test('a character of several bytes cut between chunks is read whole', async () => {
  const bytes = enc.encode('{"m":"Léger – ok"}\n');
  const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
  const values = await all(streamOf([bytes.slice(0, cut), bytes.slice(cut)]));
  assert.deepEqual(values, [{ m: 'Léger – ok' }]);
});

test('a line that is not JSON is an error naming the line', async () => {
  await assert.rejects(all(streamOf(['{"a":1}\n', 'oops not json\n'])), (e) => e instanceof NdjsonError && e.line === 2 && /Line 2/.test(e.message) && /oops/.test(e.message));
});

/** A fake fetch answering with these NDJSON chunks (or a status and JSON error), recording the request. */
function fakeFetch(chunks, { status = 200, error } = {}) {
  const calls = [];
  const f = async (url, init) => {
    calls.push({ url, init, body: JSON.parse(init.body) });
    if (status !== 200) return new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } });
    let i = 0;
    const body = new ReadableStream({
      pull(c) {
        if (init.signal.aborted) return c.error(new DOMException('aborted', 'AbortError'));
        if (i < chunks.length) c.enqueue(enc.encode(chunks[i++]));
        else c.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
  };
  f.calls = calls;
  return f;
}

test('analysis: each line reaches the caller, done resolves with the done line', async () => {
  const f = fakeFetch(['{"type":"position","position":{"fen":"W:W21:B1"},"outcome":null}\n{"type":"lines","depth":1,', '"lines":[]}\n', '{"type":"done","reason":"depth"}\n']);
  const seen = [];
  const s = streamAnalysis({ variant: 'english', lines: 3 }, (e) => seen.push(e.type), f);
  const done = await s.done;
  assert.deepEqual(seen, ['position', 'lines', 'done']);
  assert.equal(done.reason, 'depth');
  assert.equal(f.calls[0].url, '/api/analysis');
  assert.equal(f.calls[0].init.method, 'POST');
  assert.deepEqual(f.calls[0].body, { variant: 'english', lines: 3 });
});

test('analysis: stop() aborts the request and ends with reason stopped', async () => {
  const f = fakeFetch(['{"type":"position","position":{},"outcome":null}\n', '{"type":"lines","lines":[]}\n', '{"type":"lines","lines":[]}\n', '{"type":"done","reason":"time"}\n']);
  const seen = [];
  let s;
  s = streamAnalysis({ variant: 'english' }, (e) => {
    seen.push(e.type);
    if (e.type === 'lines') s.stop();
  }, f);
  const done = await s.done;
  assert.equal(done.reason, 'stopped');
  assert.deepEqual(seen, ['position', 'lines']);
  assert.equal(f.calls[0].init.signal.aborted, true);
});

test('a refusal before the stream, an error line and a cut stream are ApiErrors in words', async () => {
  await assert.rejects(streamAnalysis({ variant: 'x' }, () => {}, fakeFetch([], { status: 503, error: 'The engine is busy. Try again in a moment.' })).done, (e) => e instanceof ApiError && e.status === 503 && e.message === 'The engine is busy. Try again in a moment.');
  await assert.rejects(streamReview({ variant: 'english', moves: [] }, () => {}, fakeFetch(['{"type":"progress","done":1,"total":3}\n{"type":"error","message":"The move 9-14 is not legal here."}\n'])).done, (e) => e instanceof ApiError && /9-14/.test(e.message));
  await assert.rejects(streamReview({ variant: 'english', moves: [] }, () => {}, fakeFetch(['{"type":"progress","done":1,"total":3}\n'])).done, (e) => e instanceof ApiError && /stopped before/.test(e.message));
  await assert.rejects(streamReview({ variant: 'english', moves: [] }, () => {}, fakeFetch(['nonsense\n'])).done, (e) => e instanceof ApiError && /Line 1/.test(e.message));
  const unreachable = async () => { throw new TypeError('fetch failed'); };
  await assert.rejects(streamAnalysis({ variant: 'english' }, () => {}, unreachable).done, (e) => e instanceof ApiError && e.status === 0);
});

test('scores: points of view, numbers and words', () => {
  assert.deepEqual(flipScore({ cp: 125 }), { cp: -125 });
  assert.deepEqual(flipScore({ win: 7 }), { loss: 7 });
  assert.deepEqual(lightScore({ loss: 3 }, 'dark'), { win: 3 });
  assert.deepEqual(lightScore({ cp: 40 }, 'light'), { cp: 40 });
  assert.equal(scoreText({ cp: 125 }), '+1.25');
  assert.equal(scoreText({ cp: -50 }), '-0.50');
  assert.equal(scoreText({ cp: 0 }), '0.00');
  assert.equal(scoreText({ win: 13 }), 'Light wins in 7 moves');
  assert.equal(scoreWords({ loss: 1 }), 'Dark wins in 1 move');
  assert.equal(scoreWords({ loss: 0 }), 'Dark has won');
  assert.equal(scoreWords({ cp: 10 }), 'Even');
  assert.equal(scoreWords({ cp: -110 }), 'Dark is ahead by about a man');
  assert.equal(scoreWords({ cp: 320 }), 'Light is ahead by about 3 men');
  assert.equal(winChance({ cp: 0 }), 0.5);
  assert.ok(Math.abs(winChance({ cp: 100 }) - 0.75) < 1e-9, 'one man ahead: three to one, as the review counts it');
  assert.ok(Math.abs(winChance({ cp: -200 }) - 0.1) < 1e-9);
  assert.equal(winChance({ win: 5 }), 1);
  assert.equal(winChance({ loss: 5 }), 0);
  assert.equal(barFraction({ cp: 5000 }), 0.97);
  assert.equal(barFraction({ cp: -5000 }), 0.03);
  assert.equal(barFraction({ win: 2 }), 1);
});

const mv = (text) => ({ text, from: text.split(/[-x]/)[0], path: text.split(/[-x]/).slice(1), captured: [] });

test('move tree: main line, side lines, the same move again goes there, paths', () => {
  const t = new MoveTree();
  const a = t.add(t.root, mv('11-15'));
  const b = t.add(a, mv('23-19'));
  const c = t.add(b, mv('8-11'));
  assert.deepEqual(t.mainLine().map((n) => n.move.text), ['11-15', '23-19', '8-11']);
  // The same move at a node that has it: that node, nothing new.
  assert.equal(t.add(a, mv('23-19')), b);
  assert.equal(a.children.length, 1);
  const side = t.add(a, mv('22-18'));
  assert.equal(a.children.length, 2);
  assert.equal(t.isMain(side), false);
  assert.equal(t.isMain(c), true);
  assert.deepEqual(t.path(side), [0, 1]);
  assert.equal(t.at([0, 1]), side);
  assert.equal(t.at([0, 5]), null);
  assert.deepEqual(t.movesTo(c).map((m) => m.text), ['11-15', '23-19', '8-11']);
  assert.equal(side.ply, 2);
  assert.equal(t.end(a), c);
  const deep = t.addLine(side, [mv('15-22'), mv('25x18')]);
  assert.deepEqual(t.movesTo(deep).map((m) => m.text), ['11-15', '22-18', '15-22', '25x18']);
  assert.equal(t.get(deep.id), deep);
});

test('move tree: promote a side line, remove a node', () => {
  const t = new MoveTree();
  const a = t.add(t.root, mv('11-15'));
  t.add(a, mv('23-19'));
  const side = t.add(a, mv('22-18'));
  const deep = t.add(side, mv('15x22'));
  assert.equal(t.promote(deep), true);
  assert.deepEqual(t.mainLine().map((n) => n.move.text), ['11-15', '22-18', '15x22']);
  assert.equal(t.isMain(deep), true);
  assert.equal(t.promote(deep), false);
  assert.equal(t.remove(side), a);
  assert.equal(t.get(deep.id), undefined);
  assert.deepEqual(t.mainLine().map((n) => n.move.text), ['11-15', '23-19']);
});

test('review marks: symbols, words and the better move', () => {
  assert.deepEqual(markOf('inaccuracy'), { symbol: '?!', words: 'an inaccuracy' });
  assert.equal(markOf('mistake').symbol, '?');
  assert.equal(markOf('blunder').symbol, '??');
  assert.equal(markOf('best').symbol, '');
  assert.equal(isMarked('forced'), false);
  const ply = { ply: 4, number: 3, side: 'dark', played: mv('12-16'), best: mv('11-15'), best_line: [], eval_before: { cp: 0 }, eval_after: { cp: -300 }, loss: 0.4, class: 'blunder' };
  assert.equal(markWords(ply), "Dark's 12-16 was a blunder; better was 11-15.");
  assert.equal(markWords({ ...ply, class: 'good' }), '');
  assert.deepEqual(markCounts([ply, { ...ply, class: 'mistake' }, { ...ply, side: 'light' }], 'dark'), { inaccuracy: 0, mistake: 1, blunder: 1 });
});

test('analysis address: written and read back, the older path form too', () => {
  const h = analysisHash('english', 'W:W21,22,K30:B1-12', ['11-15', '32x23x14']);
  assert.equal(h, '#/analysis/english?fen=W:W21,22,K30:B1-12&moves=11-15,32x23x14');
  assert.deepEqual(parseAnalysisHash(h), { variant: 'english', fen: 'W:W21,22,K30:B1-12', moves: ['11-15', '32x23x14'], review: false, drawRules: 'simplified' });
  assert.deepEqual(parseAnalysisHash('#/analysis/russian'), { variant: 'russian', fen: null, moves: [], review: false, drawRules: 'simplified' });
  assert.deepEqual(parseAnalysisHash(analysisHash('russian', 'B:Wa1,c3:Bb8', ['c3-d4'], true)), { variant: 'russian', fen: 'B:Wa1,c3:Bb8', moves: ['c3-d4'], review: true, drawRules: 'simplified' });
  assert.deepEqual(parseAnalysisHash('#/analysis/english/W:W21:B1'), { variant: 'english', fen: 'W:W21:B1', moves: [], review: false, drawRules: 'simplified' });
  assert.equal(parseAnalysisHash('#/play/english'), null);
  const fmjd = analysisHash('international', null, ['32-28'], true, 'fmjd');
  assert.equal(fmjd, '#/analysis/international?moves=32-28&rules=fmjd&review=1');
  assert.equal(parseAnalysisHash(fmjd).drawRules, 'fmjd');
});

test('editor: tools on squares and the FEN written in board order', () => {
  let p = applyTool([], '29', 'light-man');
  p = applyTool(p, '1', 'dark-king');
  p = applyTool(p, '5', 'dark-man');
  assert.deepEqual(p.find((x) => x.square === '1'), { square: '1', color: 'dark', kind: 'king' });
  assert.equal(applyTool(p, '29', 'light-man').length, 2, 'the same piece again takes it off');
  assert.equal(applyTool(p, '29', 'light-king').find((x) => x.square === '29').kind, 'king');
  assert.equal(applyTool(p, '5', 'eraser').length, 2);
  const order = Array.from({ length: 32 }, (_, i) => String(i + 1));
  assert.equal(writeFen(p, 'dark', order), 'B:W29:BK1,5');
  assert.equal(writeFen([], 'light', order), 'W:W:B');
});

test('line numbers and graph points', async () => {
  const { moveNumber } = await import('../../../../web/js/views/engine-lines.js');
  const { graphPoints } = await import('../../../../web/js/views/eval-graph.js');
  assert.equal(moveNumber(3, true, false), '3.');
  assert.equal(moveNumber(3, false, true), '3...');
  assert.equal(moveNumber(3, false, false), '');
  assert.deepEqual(graphPoints([0.5, 1, 0]), [[0, 60], [300, 0], [600, 120]]);
  assert.deepEqual(graphPoints([2]), [[300, 0]]);
  assert.equal(t('review-counts', { inaccuracies: 1, mistakes: 3, blunders: 0 }), '1 inaccuracy, 3 mistakes, no blunders');
});
