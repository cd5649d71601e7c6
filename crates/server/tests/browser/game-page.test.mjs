// The game page's layout and paths (issue 19): the home screen to a result over the board, the
// player strips, the tab title, the fit on a laptop and a phone, and the room-not-found page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, newPage, ready, waitForTurn, playAnyMove, plies, startServerAndBrowser, stopServerAndBrowser } from './harness.mjs';

let server;
let browser;

before(async () => {
  ({ server, browser } = await startServerAndBrowser());
});

after(() => stopServerAndBrowser(server, browser));

// From the home screen: starts a local game of this kind and waits for its board.
async function fromHome(page, variant, way, choices = {}) {
  await page.goto(server.url);
  await ready(page);
  await page.waitForSelector('#view-home:not([hidden])');
  await page.selectOption('#home-variant', variant);
  for (const [sel, value] of Object.entries(choices)) await page.selectOption(sel, value);
  await page.click(way);
  await page.waitForFunction((v) => location.hash === `#/play/${v}` && document.querySelector(`svg.board[data-variant="${v}"] .piece`), variant);
}

test('home screen to a result over the board, with Rematch, New game and Analyse', { timeout: 90000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await page.goto(server.url);
  await ready(page);
  assert.equal(await page.isVisible('#view-home'), true, 'the empty address is the home screen');
  await page.screenshot({ path: join(SHOTS, 'home-laptop.png') });
  await fromHome(page, 'international', '#home-two');
  assert.equal(await page.textContent('#name-light'), 'Light');
  await waitForTurn(page);
  assert.match(await page.title(), /^Light to move · International/);
  await playAnyMove(page, 0);
  await page.waitForFunction(() => /^Dark to move/.test(document.title));
  // Board and panel fit a laptop screen: nothing scrolls.
  const fit = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth }));
  assert.ok(fit.h <= 768 && fit.w <= 1366, `page size ${fit.w}x${fit.h}`);
  await page.screenshot({ path: join(SHOTS, 'game-laptop.png') });
  // Resign: the result in words over the board, with what to do next.
  await page.click('#resign');
  await page.click('#resign-yes');
  await page.waitForSelector('#result-box:not([hidden])');
  assert.equal(await page.textContent('#result'), 'Light wins: Dark resigned');
  await page.waitForFunction(() => document.querySelector('#announce').textContent === 'Game over. Light wins: Dark resigned.');
  assert.equal(await page.isVisible('#game-live'), false);
  for (const b of ['#rematch', '#result-new', '#result-analyse', '#result-review', '#result-step']) assert.equal(await page.isVisible(b), true, b);
  assert.match(await page.title(), /^Game over/);
  await page.screenshot({ path: join(SHOTS, 'result-laptop.png') });
  // Rematch: a new game with the same players.
  await page.click('#rematch');
  await page.waitForFunction(() => document.querySelector('#result-box').hidden && !document.querySelector('#moves td[data-ply]'));
  assert.equal(await plies(page), 0);
  await waitForTurn(page);
  await playAnyMove(page, 1);
  await page.click('#resign');
  await page.click('#resign-yes');
  await page.waitForSelector('#result-box:not([hidden])');
  // Hide shows the final position; Step through opens the game to step through.
  await page.click('#result-close');
  assert.equal(await page.isVisible('#result-box'), false);
  assert.equal(await page.isVisible('#resign'), false, 'a finished game has no Resign');
  assert.equal(await page.isVisible('#type-move'), false);
  await page.reload();
  await page.waitForSelector('#result-box:not([hidden])');
  // Step through: the game from its start, to step through.
  await page.click('#result-step');
  await page.waitForSelector('#result-box', { state: 'hidden' });
  assert.equal(await page.textContent('#game-ply'), 'Start');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'game-next');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^Move 1 of 1/.test(document.querySelector('#game-ply').textContent));
  // Analyse: the analysis board at the game's final position, with its move.
  await page.reload();
  await page.waitForSelector('#result-box:not([hidden])');
  await page.click('#result-analyse');
  await page.waitForSelector('#view-analysis:not([hidden]) #analysis-tree .tree-move[aria-current="true"]');
  assert.match(await page.evaluate(() => location.hash), /^#\/analysis\/international\?moves=[^,&]+$/);
  await page.goBack();
  await page.waitForSelector('#view-game:not([hidden]) #result-box:not([hidden])');
  // Review: the same board, the game reviewed.
  await page.click('#result-review');
  await page.waitForSelector('#view-analysis:not([hidden]) #review-result:not([hidden])', { timeout: 60000 });
  assert.match(await page.textContent('#review-accuracy'), /Light: .*accuracy.*Dark: .*accuracy/);
  await page.goBack();
  // New game goes back to the home screen, which asks nothing: the game is over.
  await page.reload();
  await page.waitForSelector('#result-box:not([hidden])');
  await page.click('#result-new');
  await page.waitForSelector('#view-home:not([hidden])');
  assert.equal(await page.inputValue('#home-variant'), 'international');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('move navigation: click a move or use the arrow keys, then back to the game', { timeout: 90000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await fromHome(page, 'american', '#home-two');
  const pieces = () => page.$$eval('#board-wrap .piece:not(.ghost)', (ps) => ps.map((p) => `${p.dataset.square}${p.dataset.color}${p.classList.contains('king') ? 'K' : ''}`).sort().join());
  const seen = [await pieces()];
  for (let i = 0; i < 6; i++) {
    await waitForTurn(page);
    await playAnyMove(page, i);
    await page.waitForFunction(() => !document.querySelector('#board-wrap svg.board.busy'));
    seen.push(await pieces());
  }
  assert.equal(await page.isVisible('#game-live'), false);
  // Back one with the button, then one more with the Left arrow key.
  await page.click('#game-prev');
  assert.equal(await page.textContent('#game-ply'), `Move 5 of 6: ${(await page.$eval('#moves td[data-ply="5"]', (t) => t.textContent))}`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => /^Move 4 of 6/.test(document.querySelector('#game-ply').textContent));
  assert.equal(await pieces(), seen[4], 'the position after move 4');
  assert.equal(await page.$eval('#moves td.current', (td) => td.dataset.ply), '4');
  assert.equal(await page.$('#board-wrap .sq[aria-label$="can move"]'), null, 'nobody moves while looking back');
  assert.equal(await page.isVisible('#game-live'), true);
  await page.screenshot({ path: join(SHOTS, 'navigation-laptop.png') });
  // Home: the start; a click on a move: that move; End and "Back to the game": the game.
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#game-ply').textContent === 'Start');
  assert.equal(await pieces(), seen[0]);
  await page.click('#moves td[data-ply="2"] button');
  await page.waitForFunction(() => /^Move 2 of 6/.test(document.querySelector('#game-ply').textContent));
  assert.equal(await pieces(), seen[2]);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^Move 3 of 6/.test(document.querySelector('#game-ply').textContent));
  assert.equal(await pieces(), seen[3]);
  await page.click('#game-live');
  await page.waitForSelector('#game-live', { state: 'hidden' });
  assert.equal(await pieces(), seen[6]);
  await waitForTurn(page);
  assert.ok(await page.$('#board-wrap .sq[aria-label$="can move"]'));
  await page.keyboard.press('End');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the computer from the home screen: named strips; a game in progress is not replaced unasked', { timeout: 90000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await fromHome(page, 'english', '#home-computer', { '#home-level': '2', '#home-side': 'light' });
  assert.equal(await page.textContent('#name-light'), 'You');
  assert.equal(await page.textContent('#name-dark'), 'Computer, level 2');
  // English: Dark (the computer) moves first, then it is the person's move.
  await waitForTurn(page);
  assert.match(await page.title(), /^Your move/);
  // Every move is said in the live region, the computer's and the person's.
  await page.waitForFunction(() => /^Computer (played \d+-\d+|takes \w+: [\dx]+)\.$/.test(document.querySelector('#announce').textContent));
  await playAnyMove(page, 0);
  await waitForTurn(page);
  await page.waitForFunction(() => /^(You (played|take) .*\. )?Computer (played|takes) /.test(document.querySelector('#announce').textContent));
  assert.match(await page.getAttribute('#announce', 'aria-live'), /polite/);
  const n = await plies(page);
  assert.ok(n >= 3);
  await page.goto(server.url);
  await page.waitForSelector('#home-saved:not([hidden])');
  assert.match(await page.textContent('#home-resume'), /English draughts game in progress|game in progress/);
  await page.click('#home-two');
  await page.waitForSelector('#home-ask-bar:not([hidden])');
  assert.match(await page.textContent('#home-ask-text'), /will be replaced/);
  await page.click('#home-ask-no');
  await page.click('#home-resume');
  await page.waitForFunction((k) => document.querySelectorAll('#moves td[data-ply]').length === k, n);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('on a phone the board, both strips and the controls are on the first screen', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null, { width: 390, height: 844 });
  await fromHome(page, 'russian', '#home-two');
  const bottom = await page.evaluate(() =>
    Math.max(...['#clock-light-box', '#clock-dark-box', 'svg.board', '#resign', '#flip'].map((s) => document.querySelector(s).getBoundingClientRect().bottom)),
  );
  assert.ok(bottom <= 844, `lowest of board, strips and controls at ${bottom}`);
  await page.screenshot({ path: join(SHOTS, 'game-phone.png') });
  await page.goto(server.url);
  await page.waitForSelector('#view-home:not([hidden])');
  await page.screenshot({ path: join(SHOTS, 'home-phone.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('keyboard: the skip link focuses the board without changing the address; focus is visible', { timeout: 30000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await page.goto(`${server.url}#/play/english`);
  await page.waitForSelector('svg.board .piece');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => location.hash), '#/play/english');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('sq')), true, 'the focus is on a board square');
  // Every button and link of the game page is reachable with Tab and shows its focus.
  await page.focus('#flip');
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  const unreachable = await page.$$eval('#view-game button, #view-game a[href]', (els) =>
    els.filter((e) => e.offsetParent !== null && e.tabIndex < 0 && e.getAttribute('role') !== 'tab').map((e) => e.id || e.textContent));
  assert.deepEqual(unreachable, []);
  await page.context().close();
});

test('a wrong room link shows a clean "room not found" page', { timeout: 30000 }, async () => {
  const page = await newPage(browser, `${server.url}#/room/AAAAAAAAAAAAAAAAAAAAAA`);
  await page.waitForSelector('#room-missing:not([hidden])');
  assert.equal(await page.textContent('#missing-title'), 'This room does not exist');
  assert.equal(await page.isVisible('#board-wrap'), false);
  assert.equal(await page.isVisible('#room-share'), false);
  assert.equal(await page.title(), 'Room not found · Draughts');
  await page.screenshot({ path: join(SHOTS, 'room-missing.png') });
  await page.click('#room-missing a');
  await page.waitForSelector('#view-home:not([hidden])');
  await page.context().close();
});
