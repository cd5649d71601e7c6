// Test harness: starts `draughts serve` on a free port with a fresh database, and Debian's
// Chromium through playwright-core (its own browser download does not work here).

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');

// The binary under test: $DRAUGHTS_BIN, else the release build.
export const BIN = process.env.DRAUGHTS_BIN || join(root, 'target/release/draughts');
export const SHOTS = process.env.SCREENSHOT_DIR || '/tmp/draughts-screenshots';
mkdirSync(SHOTS, { recursive: true });

export function freshDb() {
  return join(mkdtempSync(join(tmpdir(), 'draughts-test-')), 'test.sqlite3');
}

// Starts the server; resolves with { url, stop() } once it prints its address.
export function startServer(db) {
  return new Promise((resolvePromise, reject) => {
    const proc = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--db', db], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // A data folder of its own: endgame databases the user has installed (read from the data
      // folder by default) must not change what the computer plays in the tests.
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn', XDG_DATA_HOME: join(tmpdir(), 'draughts-tests-no-user-data') },
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in time: ${out} ${err}`)), 15000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/Open (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolvePromise({
          url: m[1],
          proc,
          stderr: () => err,
          stop: () =>
            new Promise((res) => {
              if (proc.exitCode !== null) return res(proc.exitCode);
              proc.once('exit', (code) => res(code));
              proc.kill('SIGTERM');
            }),
        });
      }
    });
    proc.stderr.on('data', (d) => (err += d));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out} ${err}`));
    });
    proc.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

// The set-up of a test file: the server on a fresh database, and the browser (the server is
// stopped again when the browser cannot start).
export async function startServerAndBrowser() {
  const server = await startServer(freshDb());
  try {
    return { server, browser: await launchBrowser() };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

// Stops what a test file started (either may be missing when its set-up failed).
export async function stopServerAndBrowser(server, browser) {
  if (browser) await browser.close();
  if (server) await server.stop();
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

// A page whose console errors fail the test that reads them. Its browser speaks English unless
// `locale` says otherwise (the interface's language follows the browser's at the first visit).
export async function newPage(browser, url, viewport = { width: 1280, height: 900 }, locale = 'en-US') {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.errors.push(m.text());
  });
  if (url) await page.goto(url);
  return page;
}

// ---- helpers that act through the UI ----

export async function ready(page) {
  await page.waitForSelector('body[data-ready="1"]');
}

export async function openPlay(page, base, variant) {
  await page.goto(`${base}#/play/${variant}`);
  await ready(page);
  await page.waitForFunction((v) => document.querySelector(`svg.board[data-variant="${v}"] .piece`), variant);
}

// Opens the table settings and starts a new game with them.
export async function newGame(page, { mode = 'computer', level = 1, side = 'light', turn = false } = {}) {
  await page.click('#open-settings');
  await page.check(`input[name="mode"][value="${mode}"]`);
  if (mode === 'computer') {
    await page.selectOption('#set-level', String(level));
    await page.selectOption('#set-side', side);
  } else if (turn) {
    await page.check('#set-turn');
  }
  const generation = await page.evaluate(() => Number(document.body.dataset.generation || 0));
  await page.click('#settings-new');
  await page.waitForFunction((g) => Number(document.body.dataset.generation || 0) > g, generation);
}

export async function plies(page) {
  return page.$$eval('#moves td[data-ply]', (tds) => tds.length);
}

export async function moveTexts(page) {
  return page.$$eval('#moves td[data-ply]', (tds) => tds.map((t) => t.textContent));
}

// Waits until the person may move (a square labelled "can move") or the game is over.
export async function waitForTurn(page, timeout = 20000) {
  await page.waitForFunction(
    () =>
      !document.querySelector('#result').hidden ||
      (document.querySelector('#thinking').hidden && document.querySelector('#board-wrap .sq[aria-label$="can move"]')),
    null,
    { timeout },
  );
  return page.$eval('#result', (r) => (r.hidden ? null : r.textContent));
}

// Clicks a square, then waits until the board has shown the result (hop animation, move sent).
export async function clickSquare(page, name, root = '#board-wrap') {
  await page.click(`${root} .sq[data-square="${name}"]`);
  await page.waitForFunction((r) => !document.querySelector(`${r} svg.board.busy`), root);
}

// Plays one move through the UI: clicks a movable piece (the `pick`-th), then the legal
// destination dots one hop at a time until the move is sent. Returns the squares clicked.
export async function playAnyMove(page, pick = 0) {
  const movers = await page.$$eval('#board-wrap .sq[aria-label$="can move"]', (gs) => gs.map((g) => g.dataset.square));
  if (!movers.length) throw new Error('no movable piece');
  const from = movers[pick % movers.length];
  const before = await plies(page);
  await clickSquare(page, from);
  const clicked = [from];
  for (let hop = 0; hop < 25; hop++) {
    const dests = await page.$$eval('#board-wrap .marks .dest', (ds) => ds.map((d) => d.dataset.square));
    if (!dests.length) break;
    const to = dests[(pick + hop) % dests.length];
    await clickSquare(page, to);
    clicked.push(to);
    // The board is busy while it shows the hop and while the move is sent.
    const done = await page
      .waitForFunction(
        (n) =>
          document.querySelectorAll('#moves td[data-ply]').length > n ||
          (!document.querySelector('#board-wrap svg.board.busy') && document.querySelector('#board-wrap .marks .dest')),
        before,
        { timeout: 10000 },
      )
      .then(() => page.evaluate((n) => document.querySelectorAll('#moves td[data-ply]').length > n, before));
    if (done) return clicked;
  }
  await page.waitForFunction((n) => document.querySelectorAll('#moves td[data-ply]').length > n, before, { timeout: 10000 });
  return clicked;
}

export async function setUp(page, text) {
  await page.click('#tab-tools');
  await page.click('#open-setup');
  await page.fill('#setup-input', text);
  await page.click('#setup-go');
}
