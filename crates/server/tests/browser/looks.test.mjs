// Looks (issue 19 item 5): the colour scheme (System follows the device, Light, Dark), the board
// and piece themes, chosen in the Appearance dialog, remembered over a reload and applied
// before the app's modules run; screenshots of dark mode and the high-contrast themes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, ready, openPlay, setUp, startServerAndBrowser, stopServerAndBrowser } from './harness.mjs';

let server;
let browser;

before(async () => {
  ({ server, browser } = await startServerAndBrowser());
});

after(() => stopServerAndBrowser(server, browser));

/** A page in a context of its own, with the system's colour scheme given. */
async function pageWith(viewport, colorScheme = 'light') {
  const context = await browser.newContext({ viewport, colorScheme, locale: 'en-US' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}

/** A computed colour of the first element the selector finds. */
function colour(page, selector, prop) {
  return page.$eval(selector, (e, p) => getComputedStyle(e).getPropertyValue(p), prop);
}

/** Chooses one option of the Appearance dialog (opened from the header) and closes it. */
async function choose(page, select, value) {
  await page.click('#open-looks');
  await page.waitForSelector('#looks-dialog[open]');
  await page.selectOption(select, value);
  await page.click('#looks-close');
  await page.waitForSelector('#looks-dialog', { state: 'hidden' });
}

// Kings and men of both sides, for the screenshots and the piece colours.
const KINGS = 'W:W21,22,K30,K18:B5,K9,12,K14';
async function withKings(page) {
  await setUp(page, KINGS);
  await page.waitForFunction(() => document.querySelectorAll('#board-wrap .piece.king').length === 4);
  await page.click('#tab-moves');
}

const LIGHT_BG = 'rgb(244, 239, 230)';
const DARK_BG = 'rgb(25, 22, 19)';

test('System follows the device; Light and Dark override it; the choice survives a reload', { timeout: 60000 }, async () => {
  const page = await pageWith({ width: 1366, height: 768 }, 'light');
  await page.goto(server.url);
  await ready(page);
  assert.equal(await page.inputValue('#look-scheme'), 'system');
  assert.equal(await colour(page, 'html', 'background-color'), LIGHT_BG);
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await colour(page, 'html', 'background-color'), DARK_BG, 'System follows a dark device');
  const ink = await colour(page, 'body', 'color');
  assert.equal(ink, 'rgb(236, 229, 218)', 'light text on the dark page');
  assert.notEqual(await colour(page, '#home-computer', 'background-color'), 'rgba(0, 0, 0, 0)');
  // Light on a dark device, then Dark on a light one.
  await choose(page, '#look-scheme', 'light');
  assert.equal(await colour(page, 'html', 'background-color'), LIGHT_BG);
  await page.emulateMedia({ colorScheme: 'light' });
  await choose(page, '#look-scheme', 'dark');
  assert.equal(await colour(page, 'html', 'background-color'), DARK_BG);
  // Remembered, and on the page before the app's modules run (no flash): main.js is held back.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route('**/js/main.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.body && getComputedStyle(document.documentElement).backgroundColor !== 'rgba(0, 0, 0, 0)');
  assert.equal(await page.evaluate(() => document.body.dataset.ready), undefined, 'the app has not started');
  assert.equal(await colour(page, 'html', 'background-color'), DARK_BG, 'dark before the modules run');
  release();
  await ready(page);
  assert.equal(await page.inputValue('#look-scheme'), 'dark');
  await page.screenshot({ path: join(SHOTS, 'dark-home-laptop.png') });
  await page.click('#open-looks');
  await page.screenshot({ path: join(SHOTS, 'dark-appearance-dialog.png') });
  await page.click('#looks-close');
  // Back to System: the device's light setting again.
  await choose(page, '#look-scheme', 'system');
  assert.equal(await colour(page, 'html', 'background-color'), LIGHT_BG);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('each board and piece theme changes the colours of squares and pieces, and survives a reload', { timeout: 90000 }, async () => {
  const page = await pageWith({ width: 1366, height: 768 });
  await openPlay(page, server.url, 'english');
  const boards = await page.$$eval('#look-board option', (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  const pieces = await page.$$eval('#look-pieces option', (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert.ok(boards.length >= 3 && boards.includes('contrast'), boards.join());
  assert.ok(pieces.length >= 3 && pieces.includes('contrast'), pieces.join());
  const squares = new Set();
  for (const b of boards) {
    await choose(page, '#look-board', b);
    squares.add(`${await colour(page, '#board-wrap .cell.dark', 'fill')} ${await colour(page, '#board-wrap .cell.light', 'fill')}`);
  }
  assert.equal(squares.size, boards.length, `a colour pair per board theme: ${[...squares].join(' | ')}`);
  const men = new Set();
  for (const p of pieces) {
    await choose(page, '#look-pieces', p);
    const light = await colour(page, '#board-wrap .piece.light .body', 'fill');
    const dark = await colour(page, '#board-wrap .piece.dark .body', 'fill');
    const darkEdge = await colour(page, '#board-wrap .piece.dark .body', 'stroke');
    assert.notEqual(dark, darkEdge, `${p}: a dark piece has an edge of another colour`);
    men.add(`${light} ${dark}`);
  }
  assert.equal(men.size, pieces.length, `a colour pair per piece theme: ${[...men].join(' | ')}`);
  // High contrast for both, remembered over a reload.
  await choose(page, '#look-board', 'contrast');
  await choose(page, '#look-pieces', 'contrast');
  await page.reload();
  await ready(page);
  await page.waitForSelector('#board-wrap .piece');
  assert.equal(await page.inputValue('#look-board'), 'contrast');
  assert.equal(await page.inputValue('#look-pieces'), 'contrast');
  assert.equal(await colour(page, '#board-wrap .cell.light', 'fill'), 'rgb(255, 255, 255)');
  assert.equal(await colour(page, '#board-wrap .piece.dark .body', 'fill'), 'rgb(0, 0, 0)');
  assert.equal(await colour(page, '#board-wrap .piece.dark .body', 'stroke'), 'rgb(255, 255, 255)');
  assert.equal(await colour(page, '.swatch.light', 'background-color'), 'rgb(255, 255, 255)', 'the strips follow the pieces');
  // The board's frame stands out from the page: black on the light page, white on the dark one.
  assert.equal(await colour(page, '#board-wrap svg.board', 'border-top-color'), 'rgb(0, 0, 0)');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await colour(page, '#board-wrap svg.board', 'border-top-color'), 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'light' });
  await withKings(page);
  await page.screenshot({ path: join(SHOTS, 'contrast-game-laptop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'contrast-game-phone.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('dark mode on the game page, the guides and a dialog, at laptop and phone sizes', { timeout: 60000 }, async () => {
  const page = await pageWith({ width: 1366, height: 768 }, 'dark');
  await openPlay(page, server.url, 'english');
  assert.equal(await colour(page, 'html', 'background-color'), DARK_BG);
  assert.equal(await colour(page, '.moves-box', 'background-color'), 'rgb(48, 42, 37)', 'the move list is dark too');
  await withKings(page);
  await page.screenshot({ path: join(SHOTS, 'dark-game-laptop.png') });
  await page.click('#open-settings');
  await page.screenshot({ path: join(SHOTS, 'dark-settings-laptop.png') });
  // The table settings open the Appearance dialog too; closing it goes back to the settings.
  await page.click('#set-looks');
  await page.waitForSelector('#looks-dialog[open]');
  await page.selectOption('#look-board', 'green');
  assert.equal(await colour(page, '#board-wrap .cell.dark', 'fill'), 'rgb(79, 122, 58)');
  await page.click('#looks-close');
  assert.equal(await page.isVisible('#settings-dialog'), true);
  await page.click('#settings-close');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'dark-game-phone.png') });
  // A focus ring shows on the dark page.
  await page.focus('#flip');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.$eval(':focus', (e) => getComputedStyle(e).outlineStyle), 'solid');
  assert.equal(await page.$eval(':focus', (e) => getComputedStyle(e).outlineColor), 'rgb(138, 184, 255)');
  await page.goto(`${server.url}#/guide/english`);
  await page.waitForSelector('#guide .example svg.board .piece');
  await page.screenshot({ path: join(SHOTS, 'dark-guide-phone.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('in every board and piece combination a piece stands out from its square and a king shows its crown', { timeout: 60000 }, async () => {
  const page = await pageWith({ width: 1366, height: 768 });
  await openPlay(page, server.url, 'english');
  await withKings(page);
  const boards = await page.$$eval('#look-board option', (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  const pieces = await page.$$eval('#look-pieces option', (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  const weak = await page.evaluate(
    ([boards, pieces]) => {
      // WCAG contrast of two computed rgb() colours.
      const lum = (c) => {
        const [r, g, b] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
          const s = Number(v) / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a, b) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
      };
      const style = (sel) => getComputedStyle(document.querySelector(`#board-wrap ${sel}`));
      const out = [];
      for (const b of boards) {
        for (const p of pieces) {
          document.documentElement.dataset.board = b;
          document.documentElement.dataset.pieces = p;
          const square = style('.cell.dark').fill;
          for (const side of ['light', 'dark']) {
            const body = style(`.piece.${side} .body`);
            const piece = Math.max(ratio(body.fill, square), ratio(body.stroke, square));
            if (piece < 3) out.push(`${b}/${p} ${side} piece on its square ${piece.toFixed(2)}`);
            const crown = ratio(style(`.piece.${side}.king .crown`).fill, body.fill);
            if (crown < 3) out.push(`${b}/${p} ${side} crown on its piece ${crown.toFixed(2)}`);
          }
        }
      }
      return out;
    },
    [boards, pieces],
  );
  assert.deepEqual(weak, []);
  // Two of the other themes, men and kings of both sides, at phone size.
  await page.setViewportSize({ width: 390, height: 844 });
  await choose(page, '#look-board', 'green');
  await choose(page, '#look-pieces', 'amber');
  await page.screenshot({ path: join(SHOTS, 'green-amber-phone.png') });
  await choose(page, '#look-board', 'slate');
  await choose(page, '#look-pieces', 'red');
  await page.screenshot({ path: join(SHOTS, 'slate-red-phone.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
