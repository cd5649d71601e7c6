// Browser tests of the puzzle page (#/puzzles/<variant>, issue 20): a right first move played
// through to "Solved" with the new rating, a wrong first move with its retry and the solution
// played on the board, a hint, a rule set without puzzles; screenshots in light and dark
// themes and at a phone's width.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SHOTS, freshDb, startServer, launchBrowser, newPage, ready, clickSquare, stopServerAndBrowser } from './harness.mjs';

const DATA = join(dirname(fileURLToPath(import.meta.url)), '../../data/puzzles');
const ROOT = '#puzzle-board';

let server;
let browser;

before(async () => {
  server = await startServer(freshDb());
  browser = await launchBrowser();
});

after(() => stopServerAndBrowser(server, browser));

/** The solution of the puzzle at `fen`, as the data file has it. */
function solutionOf(variant, fen) {
  const lines = readFileSync(join(DATA, `${variant}.jsonl`), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const line = lines.find((l) => l.fen === fen);
  assert.ok(line, `the page's puzzle ${fen} is in the data file`);
  return line.solution;
}

/** The solution's moves as the server writes them (with their landing squares), from the referee. */
async function routesOf(variant, fen, texts) {
  const routes = [];
  let position = fen;
  for (const text of texts) {
    const res = await fetch(new URL('/api/position', server.url), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ variant, position, move: { text } }),
    });
    const r = await res.json();
    routes.push(r.played);
    position = r.position.fen;
  }
  return routes;
}

/** The page's current puzzle: its id, FEN and legal first moves. */
async function current(page) {
  await page.waitForFunction(() => document.querySelector('#view-puzzles').dataset.puzzle);
  const { id, fen } = await page.$eval('#view-puzzles', (v) => ({ id: v.dataset.puzzle, fen: v.dataset.fen }));
  const p = await (await fetch(new URL(`/api/puzzles/russian/${id}`, server.url))).json();
  return { id, fen, legal: p.puzzle.position.legal };
}

/** Plays a move by clicking its piece and each landing square. */
async function play(page, move) {
  for (const sq of [move.from, ...move.path]) await clickSquare(page, sq, ROOT);
}

async function nextPuzzle(page, before) {
  await page.click('#puzzle-next');
  await page.waitForFunction((id) => document.querySelector('#view-puzzles').dataset.puzzle !== id, before);
}

test('a wrong first move, then the solution; a right line through to solved with the rating; a hint', { timeout: 120000 }, async () => {
  const page = await newPage(browser, `${server.url}#/puzzles/russian`);
  await ready(page);
  const a = await current(page);
  assert.match(await page.textContent('#puzzle-turn'), /^(Light|Dark) to move\. Find the winning/);
  assert.match(await page.textContent('#puzzle-standing'), /Your rating 1500 ± 350 · streak 0/);
  assert.ok((await page.textContent('#puzzle-source')).startsWith('From'));
  // The board is turned for the side to move: its pieces are at the bottom.
  const side = await page.evaluate(() => document.querySelector('#puzzle-turn').textContent.startsWith('Dark') ? 'dark' : 'light');
  const board = await page.locator(`${ROOT} svg.board`).boundingBox();
  const a1 = await page.locator(`${ROOT} .sq[data-square="a1"]`).boundingBox();
  assert.equal(a1.y > board.y + board.height / 2, side === 'light', `a1 is at the bottom for Light, at the top for Dark (${side} to move)`);

  // A wrong first move.
  const lineA = solutionOf('russian', a.fen);
  const [firstA] = await routesOf('russian', a.fen, [lineA[0]]);
  const wrong = a.legal.find((m) => m.key !== firstA.key);
  await play(page, wrong);
  await page.waitForFunction(() => document.querySelector('#view-puzzles').dataset.verdict === 'wrong');
  const missed = await page.textContent('#puzzle-status');
  assert.ok(missed.startsWith(`Not the move: ${wrong.text} does not win.`), missed);
  assert.match(missed, /Rating \d+ \(-\d+\)\./);
  assert.equal(await page.isVisible('#puzzle-retry'), true);
  assert.equal(await page.isVisible('#puzzle-hint'), false);
  await page.screenshot({ path: join(SHOTS, 'puzzle-wrong.png') });
  // Try again: the puzzle's position, the player to move; then the solution played on the board.
  await page.click('#puzzle-retry');
  assert.equal(await page.$eval('#view-puzzles', (v) => v.dataset.verdict), '');
  await page.click('#puzzle-show');
  await page.waitForFunction(() => document.querySelector('#view-puzzles').dataset.shown === '1', null, { timeout: 30000 });
  assert.equal(await page.textContent('#puzzle-status'), `The solution: ${(await routesOf('russian', a.fen, lineA)).map((m) => m.text).join(' ')}`);
  const afterMiss = Number(await page.$eval('#view-puzzles', (v) => v.dataset.rating));
  assert.ok(afterMiss < 1500);

  // The next puzzle, solved move by move: each right move is answered by the forced reply.
  await nextPuzzle(page, a.id);
  const b = await current(page);
  const lineB = solutionOf('russian', b.fen);
  const routesB = await routesOf('russian', b.fen, lineB);
  for (let i = 0; i < routesB.length; i += 2) {
    await play(page, routesB[i]);
    if (i + 2 < routesB.length) {
      await page.waitForFunction((t) => document.querySelector('#puzzle-status').textContent === `Right! The reply: ${t}. Your move.`, routesB[i + 1].text);
    }
  }
  await page.waitForFunction(() => document.querySelector('#view-puzzles').dataset.verdict === 'solved');
  const solved = await page.textContent('#puzzle-status');
  assert.match(solved, /^Solved! Rating \d+ \(\+\d+\)\.$/);
  const rating = Number(await page.$eval('#view-puzzles', (v) => v.dataset.rating));
  assert.ok(rating > afterMiss, `${rating} after ${afterMiss}`);
  assert.match(await page.textContent('#puzzle-standing'), new RegExp(`Your rating ${rating} ± \\d+ · streak 1 · solved 1 of 2`));
  await page.screenshot({ path: join(SHOTS, 'puzzle-solved-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SHOTS, 'puzzle-solved-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // A hint highlights the piece to move; the solve then counts as hinted.
  await nextPuzzle(page, b.id);
  const c = await current(page);
  const routesC = await routesOf('russian', c.fen, solutionOf('russian', c.fen));
  await page.click('#puzzle-hint');
  await page.waitForFunction(() => document.querySelector('#puzzle-status').textContent === 'The highlighted piece moves next.');
  assert.deepEqual(await page.$$eval(`${ROOT} .hint`, (m) => m.map((x) => x.dataset.square)), [routesC[0].from]);
  await page.screenshot({ path: join(SHOTS, 'puzzle-hint.png') });
  for (let i = 0; i < routesC.length; i += 2) {
    await play(page, routesC[i]);
    if (i + 2 < routesC.length) await page.waitForFunction(() => document.querySelector('#puzzle-status').textContent.startsWith('Right! The reply'));
  }
  await page.waitForFunction(() => document.querySelector('#view-puzzles').dataset.verdict === 'solved');
  assert.match(await page.textContent('#puzzle-status'), /^Solved, with a hint\. Rating \d+/);
  assert.match(await page.textContent('#puzzle-standing'), / · streak 0 · solved 2 of 3/);
  assert.deepEqual(page.errors, []);
});

test('the puzzle page is reached from the nav, the home screen and the guide; a rule set without puzzles says so', { timeout: 60000 }, async () => {
  const page = await newPage(browser, `${server.url}#/home/russian`, { width: 390, height: 844 });
  await ready(page);
  assert.equal(await page.getAttribute('#home-puzzles', 'href'), '#/puzzles/russian');
  assert.equal(await page.getAttribute('#nav-puzzles', 'href'), '#/puzzles');
  await page.click('#home-puzzles');
  await page.waitForFunction(() => document.querySelector('#view-puzzles').dataset.puzzle);
  assert.equal(await page.getAttribute('#nav-puzzles', 'aria-current'), 'page');
  await page.screenshot({ path: join(SHOTS, 'puzzle-phone.png'), fullPage: true });
  await page.goto(`${server.url}#/guide/english`);
  await page.waitForSelector('#guide .guide-puzzles');
  assert.equal(await page.getAttribute('#guide .guide-puzzles', 'href'), '#/puzzles/english');
  // A rule set without a puzzle file says so instead of showing a board (while every rule set has
  // one, each shows its board).
  const variants = await (await fetch(new URL('/api/variants', server.url))).json();
  for (const v of variants) {
    await page.goto(`${server.url}#/puzzles/${v.id}`);
    if (existsSync(join(DATA, `${v.id}.jsonl`))) {
      await page.waitForFunction((id) => document.querySelector('#puzzle-board svg.board')?.dataset.variant === id && document.querySelector('#view-puzzles').dataset.puzzle, v.id);
      assert.equal(await page.isVisible('#puzzle-none'), false, v.id);
    } else {
      await page.waitForSelector('#puzzle-none:not([hidden])');
      assert.match(await page.textContent('#puzzle-none'), /^There are no .+ puzzles yet\. Choose another rule set above\.$/);
      assert.equal(await page.isVisible('#puzzle-board'), false);
    }
  }
  assert.deepEqual(page.errors, []);
});
