// Browser tests of the analysis board and the game review (issue 19, items 3 and 4): the
// engine's lines for a position, the address that opens the same position, the board editor's
// refusal of a man on its own far row, free moves that build the move tree, a review that
// marks a blunder with the better move, and the looks in dark mode and on a phone.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, newPage, ready, startServerAndBrowser, stopServerAndBrowser } from './harness.mjs';

let server;
let browser;

before(async () => {
  ({ server, browser } = await startServerAndBrowser());
});

after(() => stopServerAndBrowser(server, browser));

/** Opens an analysis address and waits for its board. */
async function openAnalysis(page, hash) {
  await page.goto(`${server.url}${hash}`);
  await ready(page);
  await page.waitForSelector('#view-analysis:not([hidden]) #analysis-board svg.board .piece');
}

/** The pieces on the analysis board, as "square colour kind" sorted. */
const boardPieces = (page) =>
  page.$$eval('#analysis-board .piece:not(.ghost)', (ps) => ps.map((p) => `${p.dataset.square}${p.dataset.color}${p.classList.contains('king') ? 'K' : ''}`).sort().join());

/** Waits until the engine shows at least `n` lines, and gives their texts. */
async function engineLines(page, n = 1, timeout = 15000) {
  await page.waitForFunction((k) => document.querySelectorAll('#engine-lines .engine-line').length >= k, n, { timeout });
  return page.$$eval('#engine-lines .engine-line', (ls) => ls.map((l) => l.textContent));
}

/** Takes the focus off the board (whose arrow keys move between squares), to the page. */
const blur = (page) => page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());

/** Plays a move on the analysis board: the piece on `from`, then each landing square. */
async function playOnBoard(page, squares) {
  for (const s of squares) {
    await page.click(`#analysis-board .sq[data-square="${s}"]`);
    await page.waitForFunction(() => !document.querySelector('#analysis-board svg.board.busy'));
  }
}

test('the engine\'s lines for the start position, while it thinks; pause and resume', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  // Every depth the page shows, as it shows it.
  await page.addInitScript(() => {
    window.depths = [];
    document.addEventListener('DOMContentLoaded', () => {
      const el = document.querySelector('#engine-depth');
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) window.depths.push(n.textContent);
      }).observe(el, { childList: true, characterData: true, subtree: true });
    });
  });
  const t0 = Date.now();
  await openAnalysis(page, '#/analysis/english');
  const lines = await engineLines(page, 3, 10000);
  console.log(`first engine lines after ${Date.now() - t0} ms`);
  assert.equal(lines.length, 3, 'three lines: the start has seven moves');
  // Dark moves first in English: each line starts "1." and a move of Dark's.
  for (const l of lines) assert.match(l, /^([+-]\d+\.\d\d|0\.00|(Light|Dark) wins in \d+ moves?)1\.\s*\d+-\d+/);
  assert.match(await page.textContent('#eval-number'), /^([+-]\d+\.\d\d|0\.00)$/);
  assert.match(await page.textContent('#engine-depth'), /^Depth \d+/);
  // The lines deepen while it thinks: more than one depth is shown.
  await page.waitForFunction(() => new Set(window.depths.filter((d) => /^Depth \d+$/.test(d))).size >= 2, null, { timeout: 10000 });
  console.log(`depths shown: ${await page.evaluate(() => window.depths.join(' | '))}`);
  // Pause: the lines go, the live region says so; resume: they come back.
  await page.click('#engine-on');
  await page.waitForFunction(() => /paused/.test(document.querySelector('#engine-lines').textContent));
  assert.equal(await page.textContent('#announce'), 'Analysis paused.');
  await page.click('#engine-on');
  assert.equal(await page.textContent('#announce'), 'Analysis resumed.');
  await engineLines(page, 3);
  // The keyboard: Tab reaches the switch, with a visible focus; Space pauses.
  await page.focus('#an-flip');
  for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement.id)) !== 'engine-on'; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'engine-on');
  assert.notEqual(await page.$eval('#engine-on', (e) => getComputedStyle(e).outlineStyle), 'none');
  await page.keyboard.press('Space');
  assert.equal(await page.textContent('#announce'), 'Analysis paused.');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a link opens the same position: FEN and moves in the address, Copy link', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAnalysis(page, '#/analysis/english?fen=B:W18,22,K30:B9,10,K3&moves=10-15');
  assert.equal(await boardPieces(page), '15dark,18light,22light,30lightK,3darkK,9dark');
  assert.equal(await page.$$eval('#analysis-tree .tree-move', (b) => b.length), 1);
  // A move on the board: the address follows it.
  await playOnBoard(page, ['18', '11']);
  await page.waitForFunction(() => /moves=10-15,18x11/.test(location.hash));
  const shown = await boardPieces(page);
  await page.click('#an-copy');
  const link = await page.inputValue('#an-link');
  assert.match(link, /#\/analysis\/english\?fen=B:W18,22,K30:B[^&]+&moves=10-15,18x11$/);
  // The message follows the clipboard's promise, which may resolve after the click returns.
  await page.waitForFunction(() => /Link copied/.test(document.querySelector('#analysis-message').textContent), null, { timeout: 5000 });
  const other = await newPage(browser, null, { width: 1366, height: 768 });
  await other.goto(link);
  await ready(other);
  await other.waitForFunction(() => document.querySelectorAll('#analysis-tree .tree-move').length === 2);
  assert.equal(await boardPieces(other), shown);
  assert.equal(await other.$eval('#analysis-tree .tree-move[aria-current="true"]', (b) => b.textContent), '18x11');
  // A link with a move that cannot be played: the moves before it, and why.
  await openAnalysis(other, '#/analysis/english?moves=11-15,11-16');
  await other.waitForFunction(() => /^Move 2 of the link \(11-16\) cannot be played here: .+ The moves before it are shown\.$/.test(document.querySelector('#analysis-message').textContent));
  assert.equal(await other.$$eval('#analysis-tree .tree-move', (b) => b.length), 1);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
  await other.context().close();
  await page.context().close();
});

test('a move on the board adds to the tree, the same move again goes there, a side line, the arrow keys; the lines follow', { timeout: 90000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await openAnalysis(page, '#/analysis/english');
  const before = await engineLines(page, 3);
  await playOnBoard(page, ['11', '15']);
  await page.waitForFunction(() => document.querySelector('#analysis-tree .tree-move[aria-current="true"]')?.textContent === '11-15');
  // Now Light is to move: the lines start with "1..." and a move of Light's.
  await page.waitForFunction(() => [...document.querySelectorAll('#engine-lines .engine-line')].some((l) => /^\S+1\.\.\.\s*2\d-1\d/.test(l.textContent)), null, { timeout: 15000 });
  const after = await engineLines(page, 3);
  assert.notDeepEqual(after, before);
  // Back to the start and the same move again: no new move in the tree.
  await blur(page);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => !document.querySelector('#analysis-tree .tree-move[aria-current="true"]'));
  await playOnBoard(page, ['11', '15']);
  await page.waitForFunction(() => document.querySelector('#analysis-tree .tree-move[aria-current="true"]')?.textContent === '11-15');
  assert.equal(await page.$$eval('#analysis-tree .tree-move', (b) => b.length), 1);
  // Another move at the start: a side line.
  await blur(page);
  await page.keyboard.press('Home');
  await playOnBoard(page, ['9', '13']);
  await page.waitForSelector('#analysis-tree .variation .tree-move[aria-current="true"]');
  assert.equal(await page.textContent('#analysis-tree .variation'), '1.9-13');
  // Make it the main line; Right arrow at the start then follows it.
  await page.click('#an-promote');
  await page.waitForFunction(() => document.querySelector('#analysis-tree .tree-main > .tree-move')?.textContent === '9-13');
  await blur(page);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#analysis-tree .tree-move[aria-current="true"]')?.textContent === '9-13');
  // A click on a move in the list goes there.
  await page.click('#analysis-tree .variation .tree-move');
  await page.waitForFunction(() => /moves=11-15$/.test(location.hash));
  // A move of an engine line plays the line up to it.
  await engineLines(page, 1);
  const n = await page.$$eval('#analysis-tree .tree-move', (b) => b.length);
  await page.click('#engine-lines .engine-line .line-move');
  await page.waitForFunction((k) => document.querySelectorAll('#analysis-tree .tree-move').length === k + 1, n);
  await page.screenshot({ path: join(SHOTS, 'analysis-variations.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the board editor refuses a man on its own far row, with the reason, then analyses a good position', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await openAnalysis(page, '#/analysis/english');
  await page.click('#an-edit');
  await page.waitForSelector('#editor:not([hidden])');
  assert.equal(await page.isVisible('#engine-lines'), false);
  await page.click('#editor-clear');
  assert.equal(await boardPieces(page), '');
  // A light man on 2 (Light's far row: it would have been crowned there), a dark king on 20.
  await page.click('#editor-palette [data-tool="light-man"]');
  await page.click('#analysis-board .sq[data-square="2"]');
  await page.click('#editor-palette [data-tool="dark-king"]');
  await page.click('#analysis-board .sq[data-square="20"]');
  assert.equal(await boardPieces(page), '20darkK,2light');
  await page.click('#editor-go');
  await page.waitForFunction(() => /crowned/.test(document.querySelector('#editor-error').textContent));
  const reason = await page.textContent('#editor-error');
  assert.match(reason, /^This position cannot be analysed: .*\b2\b.*crowned/);
  console.log(`editor refusal: ${reason}`);
  // The eraser takes it off; a light man on 22 and Light to move is a good position.
  await page.click('#editor-palette [data-tool="eraser"]');
  await page.click('#analysis-board .sq[data-square="2"]');
  await page.click('#editor-palette [data-tool="light-man"]');
  await page.click('#analysis-board .sq[data-square="22"]');
  await page.check('input[name="editor-side"][value="light"]');
  await page.click('#editor-go');
  await page.waitForSelector('#editor', { state: 'hidden' });
  await page.waitForFunction(() => /^#\/analysis\/english\?fen=W:W22:BK20$/.test(location.hash));
  assert.equal(await boardPieces(page), '20darkK,22light');
  await engineLines(page, 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// English, Dark first: 4... 18-15?? allows the double jump 11x18x27 (two men for one).
const BLUNDER = ['12-16', '23-19', '16x23', '27x18', '8-12', '26-23', '10-14', '18-15'];

test('a review marks the blunder with the better move, draws the graph and gives the accuracy', { timeout: 120000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await openAnalysis(page, `#/analysis/english?moves=${BLUNDER.join(',')}&review=1`);
  await page.waitForSelector('#review:not([hidden])');
  // The progress bar while it runs.
  await page.waitForFunction(() => document.querySelector('#review-progress').value > 0 || !document.querySelector('#review-result').hidden);
  await page.waitForSelector('#review-result:not([hidden])', { timeout: 90000 });
  assert.match(await page.textContent('#announce'), /^The review is finished\. Light's accuracy \d+%, Dark's \d+%\.$/);
  assert.match(await page.textContent('#review-accuracy'), /Light: \d+\.\d% accuracy.*Dark: \d+\.\d% accuracy/);
  const marked = await page.$$eval('#review-marked .marked-move', (ls) => ls.map((l) => ({ cls: l.dataset.class, text: l.textContent })));
  console.log('marked moves:', JSON.stringify(marked));
  const bad = marked.find((m) => /^4\.\.\. 18-15\?\??/.test(m.text));
  assert.ok(bad, 'Light\'s 18-15 is marked');
  assert.ok(['blunder', 'mistake'].includes(bad.cls), bad.cls);
  assert.match(bad.text, /Light's 18-15 was a (blunder|mistake); better was \d+-\d+\./);
  // The mark follows the move in the tree, the graph has a point per position.
  assert.match(await page.$eval('#analysis-tree .tree-move:nth-of-type(8)', (b) => b.textContent), /^18-15\?\??$/);
  assert.equal(await page.$eval('#review-graph polyline', (p) => p.getAttribute('points').split(' ').length), BLUNDER.length + 1);
  // A marked move shows its position, what the review says and the engine's line.
  await page.locator('#review-marked .marked-move', { hasText: "Light's 18-15" }).locator('.marked-button').click();
  await page.waitForFunction((line) => location.hash.endsWith(`moves=${line}`), BLUNDER.join(','));
  assert.match(await page.textContent('#review-detail'), /better was \d+-\d+.*The engine's line instead: /);
  // The marked move shown is marked in the list too; only it.
  assert.deepEqual(await page.$$eval('#review-marked .marked-move[aria-current="true"]', (ls) => ls.map((l) => l.textContent)), [bad.text]);
  // A click on the graph goes to that move (the start, at its left edge).
  const box = await page.$eval('#review-graph svg', (s) => { const r = s.getBoundingClientRect(); return { x: r.left, y: r.top, h: r.height }; });
  await page.mouse.click(box.x + 2, box.y + box.h / 2);
  await page.waitForFunction(() => !/moves=/.test(location.hash));
  // At the start no marked move is current, and the list is back at its top.
  assert.equal(await page.$$eval('#review-marked .marked-move[aria-current]', (ls) => ls.length), 0);
  assert.equal(await page.$eval('#review-marked', (l) => l.scrollTop), 0);
  await page.screenshot({ path: join(SHOTS, 'analysis-review-laptop.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Review from the result card of a finished game, and Analyse from the PDN viewer', { timeout: 120000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await page.goto(`${server.url}#/pdn`);
  await ready(page);
  await page.fill('#pdn-text', `[GameType "21"]\n1. ${BLUNDER.slice(0, 2).join(' ')} 2. ${BLUNDER[2]} *`);
  await page.click('#pdn-form button[type="submit"]');
  await page.waitForSelector('#pdn-view:not([hidden])');
  await page.click('#pdn-last');
  await page.click('#pdn-analyse');
  await page.waitForSelector('#view-analysis:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-tree .tree-move').length === 3);
  assert.match(await page.evaluate(() => location.hash), /^#\/analysis\/english\?fen=[^&]+&moves=12-16,23-19,16x23$/);
  await engineLines(page, 1);
  await page.goBack();
  await page.waitForSelector('#view-pdn:not([hidden])');
  await page.click('#pdn-review');
  await page.waitForSelector('#review-result:not([hidden])', { timeout: 90000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('looks: dark mode and a phone (board first)', { timeout: 120000 }, async () => {
  const dark = await newPage(browser, null, { width: 1366, height: 768 });
  await dark.emulateMedia({ colorScheme: 'dark' });
  await openAnalysis(dark, `#/analysis/english?moves=${BLUNDER.join(',')}&review=1`);
  await dark.waitForSelector('#review-result:not([hidden])', { timeout: 90000 });
  await engineLines(dark, 1);
  const bg = await dark.$eval('.analysis-panel', (e) => getComputedStyle(e).backgroundColor);
  assert.notEqual(bg, 'rgb(255, 250, 242)', 'the panel is dark');
  await dark.screenshot({ path: join(SHOTS, 'analysis-dark-laptop.png') });
  await dark.click('#an-edit');
  await dark.screenshot({ path: join(SHOTS, 'analysis-editor-dark.png') });
  assert.deepEqual(dark.errors, []);
  await dark.context().close();

  const phone = await newPage(browser, null, { width: 390, height: 844 });
  await openAnalysis(phone, '#/analysis/english?moves=11-15,23-19');
  await engineLines(phone, 1);
  const board = await phone.$eval('#analysis-board', (e) => e.getBoundingClientRect().toJSON());
  const panel = await phone.$eval('.analysis-panel', (e) => e.getBoundingClientRect().toJSON());
  assert.ok(board.bottom <= panel.top + 1, 'the board comes first');
  assert.ok(board.right <= 390 && board.bottom <= 844, 'the board fits the first screen');
  const scrollWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= 390, `no sideways scrolling (${scrollWidth})`);
  await phone.screenshot({ path: join(SHOTS, 'analysis-phone.png') });
  await phone.screenshot({ path: join(SHOTS, 'analysis-phone-full.png'), fullPage: true });
  assert.deepEqual(phone.errors, []);
  await phone.context().close();
});

test('the home screen\'s Analysis board opens the chosen rule set; a Russian board with algebraic squares', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  await page.goto(`${server.url}#/`);
  await ready(page);
  await page.selectOption('#home-variant', 'russian');
  await page.click('#home-analysis');
  await page.waitForSelector('#view-analysis:not([hidden]) #analysis-board svg.board[data-variant="russian"] .piece');
  assert.equal(await page.inputValue('#analysis-variant'), 'russian');
  await playOnBoard(page, ['c3', 'd4']);
  await page.waitForFunction(() => location.hash === '#/analysis/russian?moves=c3-d4');
  await engineLines(page, 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a game under the FMJD\'s draw rules is analysed and reviewed under them', { timeout: 90000 }, async () => {
  const page = await newPage(browser, null, { width: 1366, height: 768 });
  const requests = [];
  page.on('request', (r) => {
    if (/\/api\/(analysis|review)$/.test(r.url())) requests.push(JSON.parse(r.postData()));
  });
  await openAnalysis(page, '#/analysis/international?moves=32-28,19-23&rules=fmjd&review=1');
  await page.waitForSelector('#review-result:not([hidden])', { timeout: 60000 });
  assert.equal(await page.isVisible('#analysis-rules'), true);
  await engineLines(page, 1);
  assert.match(await page.evaluate(() => location.hash), /^#\/analysis\/international\?moves=32-28,19-23&rules=fmjd$/);
  assert.ok(requests.length >= 2 && requests.every((r) => r.draw_rules === 'fmjd'), JSON.stringify(requests));
  // English has no such rules: the address's choice is not taken.
  await openAnalysis(page, '#/analysis/english?rules=fmjd');
  assert.equal(await page.isVisible('#analysis-rules'), false);
  // A PDN game with the [DrawRules "FMJD"] tag is analysed under them from the viewer.
  await page.goto(`${server.url}#/pdn`);
  await ready(page);
  await page.fill('#pdn-text', '[GameType "20"]\n[DrawRules "FMJD"]\n1. 32-28 19-23 *');
  await page.click('#pdn-form button[type="submit"]');
  await page.waitForSelector('#pdn-view:not([hidden])');
  await page.click('#pdn-last');
  await page.click('#pdn-analyse');
  await page.waitForSelector('#view-analysis:not([hidden])');
  await page.waitForFunction(() => /&rules=fmjd$/.test(location.hash));
  assert.equal(await page.isVisible('#analysis-rules'), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
