// Browser tests of the web app in real headless Chromium (issue 3). Each test file starts its
// own server on a free port with a fresh database. Screenshots go to $SCREENSHOT_DIR.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  SHOTS, freshDb, startServer, launchBrowser, newPage, ready, openPlay, newGame, plies, moveTexts,
  waitForTurn, clickSquare, playAnyMove, setUp, stopServerAndBrowser,
} from './harness.mjs';

let server;
let browser;
let db;

before(async () => {
  db = freshDb();
  server = await startServer(db);
  browser = await launchBrowser();
});

after(() => stopServerAndBrowser(server, browser));

test('page load to a playable board, timed', async () => {
  // A first load warms the browser up; then three loads are timed and the median reported.
  const times = [];
  for (let i = 0; i < 4; i++) {
    const page = await newPage(browser);
    const t0 = Date.now();
    await page.goto(`${server.url}#/play/english`);
    await page.waitForSelector('#board-wrap .sq[aria-label$="can move"]');
    if (i > 0) times.push(Date.now() - t0);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
  times.sort((a, b) => a - b);
  console.log(`page load to a playable board: median ${times[1]} ms (${times.join(', ')})`);
  // Not a speed check (that is measured, not asserted): only that the page comes up at all.
  assert.ok(times[1] < 10000);
});

for (const variant of ['english', 'international', 'turkish', 'italian']) {
  test(`a game against the computer at level 1: ${variant}`, { timeout: 150000 }, async () => {
    const page = await newPage(browser);
    await openPlay(page, server.url, variant);
    await newGame(page, { mode: 'computer', level: 1, side: 'light' });
    let result = null;
    let computerMs = [];
    for (let i = 0; i < 40; i++) {
      const t0 = Date.now();
      result = await waitForTurn(page, 30000);
      if (i > 0 && variant !== 'english') computerMs.push(Date.now() - t0);
      if (result || (await plies(page)) >= 40) break;
      await playAnyMove(page, i);
    }
    if (!result) result = await waitForTurn(page, 30000);
    const n = await plies(page);
    assert.ok(result || n >= 40, `${variant}: ${n} plies, no result`);
    if (result) assert.match(result, /(Light|Dark) wins: |Draw: /);
    // The turn indicator names who is to move, and both clocks count.
    const light = await page.textContent('#clock-light');
    assert.match(light, /^\d+:\d\d$/);
    if (computerMs.length) console.log(`${variant}: reply wait incl. animation, median ${computerMs.sort((a, b) => a - b)[computerMs.length >> 1]} ms`);
    await page.screenshot({ path: join(SHOTS, `game-${variant}.png`) });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('two players on one device, with the board turning and one-ply undo', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await openPlay(page, server.url, 'russian');
  await newGame(page, { mode: 'two-player', turn: true });
  // Light moves first and sits at the bottom: a1 is bottom-left.
  const y = (sq) => page.$eval(`#board-wrap .sq[data-square="${sq}"] rect`, (r) => Number(r.getAttribute('y')));
  assert.ok((await y('a1')) > (await y('a7')));
  await waitForTurn(page);
  // The move box's example is written in the rule set's squares (algebraic here), not numbers.
  assert.match(await page.getAttribute('#move-input', 'placeholder'), /^e\.g\. [a-h][1-8]-[a-h][1-8]$/);
  await playAnyMove(page, 0);
  // Now Dark to move, and the board has turned towards Dark.
  await page.waitForFunction(() => document.querySelector('#turn').textContent.startsWith('Dark'));
  assert.ok((await y('a1')) < (await y('a7')), 'board turned for Dark');
  await playAnyMove(page, 1);
  await playAnyMove(page, 2);
  assert.equal(await plies(page), 3);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 2);
  assert.match(await page.textContent('#turn'), /^Light to move/);
  // Resign asks first, then ends the game in words.
  await page.click('#resign');
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result'), 'Dark wins: Light resigned');
  // Undo takes back the resignation only: the game goes on with its two moves.
  await page.click('#undo');
  await page.waitForSelector('#result', { state: 'hidden' });
  assert.match(await page.textContent('#turn'), /^Light to move/);
  assert.equal(await plies(page), 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a capture chain hop by hop with ghosts, and choosing between routes to one square', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await openPlay(page, server.url, 'german');
  await newGame(page, { mode: 'two-player' });
  // Two moves from c1 (30) to c5 (14): over b2 and b4 via a3 (21), or over d2 and d4 via e3 (23).
  await setUp(page, 'Light c1; Dark b2; Dark b4; Dark d2; Dark d4; Dark h8. Light to move.');
  await page.waitForFunction(() => !document.querySelector('#setup-dialog').open);
  await page.waitForSelector('#board-wrap .sq[aria-label$="can move"]');
  // Hop by hop: pick the king, jump once; the taken man stays as a ghost, and only legal
  // continuations are offered.
  await clickSquare(page, '30');
  const first = await page.$$eval('#board-wrap .marks .dest', (d) => d.map((x) => x.dataset.square).sort());
  assert.deepEqual(first, ['21', '23']);
  await clickSquare(page, '21');
  assert.equal(await page.$$eval('#board-wrap .piece.ghost', (g) => g.length), 1);
  const next = await page.$$eval('#board-wrap .marks .dest', (d) => d.map((x) => x.dataset.square));
  assert.deepEqual(next, ['14']);
  await clickSquare(page, '14');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 1);
  assert.equal((await moveTexts(page))[0], '30x21x14');
  await page.waitForFunction(() => document.querySelector('#announce').textContent === 'Light takes two: 30x21x14.');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 0);
  // Straight to the end square: two moves end on c5, so the board asks which.
  await clickSquare(page, '30');
  await clickSquare(page, '14');
  await page.waitForSelector('.route-chooser');
  const options = await page.$$eval('.route-option', (bs) => bs.map((b) => b.dataset.route).sort());
  assert.deepEqual(options, ['30x21x14', '30x23x14']);
  await page.click('.route-option[data-route="30x23x14"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 1);
  assert.equal((await moveTexts(page))[0], '30x23x14');
  // A click on the next square while a hop is still shown is kept, not dropped.
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 0);
  await clickSquare(page, '30');
  await page.click('#board-wrap .sq[data-square="21"]');
  await page.click('#board-wrap .sq[data-square="14"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 1);
  assert.equal((await moveTexts(page))[0], '30x21x14');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('turkish captures vanish at once (no ghosts)', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await openPlay(page, server.url, 'turkish');
  await newGame(page, { mode: 'two-player' });
  await setUp(page, 'Light a3; Light e3; Dark a4; Dark a6; Dark e4. Light to move.');
  await page.waitForFunction(() => !document.querySelector('#setup-dialog').open);
  await clickSquare(page, 'a3');
  await clickSquare(page, 'a5');
  assert.equal(await page.$$eval('#board-wrap .piece.ghost', (g) => g.length), 0);
  assert.equal(await page.$$eval('#board-wrap .piece[data-square="a4"]', (g) => g.length), 0);
  await clickSquare(page, 'a7');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 1);
  assert.equal((await moveTexts(page))[0], 'a3xa5xa7');
  await page.context().close();
});

test('a piece whose capture is not the longest is told so', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await openPlay(page, server.url, 'international');
  await newGame(page, { mode: 'two-player' });
  // 32 can take 28, but 45 takes two pieces (40, then 39).
  await setUp(page, 'W:W32,45:B28,39,40');
  await page.waitForFunction(() => !document.querySelector('#setup-dialog').open);
  await clickSquare(page, '32');
  await page.waitForFunction(() => /another capture takes more pieces/.test(document.querySelector('#message').textContent));
  const forced = await page.$$eval('#board-wrap .marks .forced', (f) => f.map((x) => x.dataset.square));
  assert.deepEqual(forced, ['45']);
  await page.context().close();
});

test('the forced-capture hint marks the pieces that must capture', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await openPlay(page, server.url, 'american');
  await newGame(page, { mode: 'two-player' });
  await setUp(page, 'Light c3; Light g3; Dark d4; Dark b8. Light to move.');
  await page.waitForFunction(() => !document.querySelector('#setup-dialog').open);
  await clickSquare(page, '24'); // g3 may not move: c3 must capture
  await page.waitForFunction(() => /capture is compulsory/i.test(document.querySelector('#message').textContent));
  const forced = await page.$$eval('#board-wrap .marks .forced', (f) => f.map((x) => x.dataset.square));
  assert.deepEqual(forced, ['22']);
  // Typed moves work too, including the capture in full.
  await page.fill('#move-input', '24-20');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /illegal move/.test(document.querySelector('#message').textContent));
  await page.fill('#move-input', '22x15');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 1);
  await page.screenshot({ path: join(SHOTS, 'forced-capture.png') });
  await page.context().close();
});

test('bad pasted positions get clear errors; good ones set up the board', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await openPlay(page, server.url, 'international');
  await newGame(page, { mode: 'two-player' });
  await playAnyMove(page, 0);
  const cases = [
    ['Light z9; Dark d4.', /z9/],
    ['Light c4; Dark d4. Light to move.', /light square/],
    ['Blue a1', /expected Light or Dark/],
    ['W:W31,31:B1', /listed twice/],
    ['W:W99:B1', /99/],
    ['', /empty/],
  ];
  await page.click('#tab-tools');
  for (const [text, re] of cases) {
    await page.click('#open-setup');
    await page.fill('#setup-input', text);
    await page.click('#setup-go');
    await page.waitForFunction(() => document.querySelector('#setup-error').textContent.length > 0);
    const err = await page.textContent('#setup-error');
    assert.match(err, re, `for ${JSON.stringify(text)}`);
    assert.ok(await page.$eval('#setup-dialog', (d) => d.open), 'the dialog stays open');
    await page.click('#setup-cancel');
  }
  await page.click('#open-setup');
  // A game is in progress: the dialog says it is replaced.
  assert.equal(await page.textContent('#setup-warning'), 'This replaces your game in progress (1 move).');
  assert.equal(await page.textContent('#setup-go'), 'Replace it and set up');
  await page.fill('#setup-input', 'W:W28:B19,K5');
  await page.click('#setup-go');
  await page.waitForFunction(() => !document.querySelector('#setup-dialog').open);
  assert.equal(await page.$$eval('#board-wrap .piece', (p) => p.length), 3);
  assert.equal(await page.$$eval('#board-wrap .piece.king', (p) => p.length), 1);
  await page.click('#tab-tools');
  await page.click('#open-setup');
  assert.equal(await page.isVisible('#setup-warning'), false, 'no move played since: nothing to warn of');
  assert.equal(await page.textContent('#setup-go'), 'Set up');
  await page.click('#setup-cancel');
  await page.click('#copy-fen');
  await page.waitForFunction(() => /Copied FEN/.test(document.querySelector('#message').textContent));
  assert.match(await page.textContent('#message'), /W:W28:B/);
  await page.context().close();
});

test('a guide page plays its worked examples', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}#/guide/russian`);
  await ready(page);
  await page.waitForSelector('.example .piece');
  const cards = await page.$$('.example');
  assert.ok(cards.length >= 3);
  const guide = await (await fetch(new URL('/api/guides', server.url))).json();
  const examples = guide.guides.russian.examples;
  for (let i = 0; i < examples.length; i++) {
    await page.click(`.example[data-example="${i}"] .example-play`);
    await page.waitForFunction((k) => document.querySelector(`.example[data-example="${k}"]`).dataset.done === '1', i);
    const played = await page.$eval(`.example[data-example="${i}"]`, (c) => c.dataset.played);
    assert.equal(played, examples[i].line.join(' '));
  }
  // Try a move by hand on the first example: the server referees it.
  const card = '.example[data-example="0"]';
  await page.click(`${card} .example-reset`);
  await page.waitForFunction((c) => document.querySelector(`${c} .example-status`).textContent.includes('to move'), card);
  await clickSquare(page, 'b6', card);
  await clickSquare(page, 'd8', card);
  await clickSquare(page, 'h4', card);
  await page.waitForFunction((c) => document.querySelector(c).dataset.played === 'b6xd8xh4', card);
  // Where the rules are switched, as the page has it now.
  assert.match(await page.textContent('.guide-switch'), /choose it under “Rule set” on the home screen/);
  await page.screenshot({ path: join(SHOTS, 'guide-russian.png'), fullPage: false });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('every guide has its tactics, mistakes, questions and comparison, and the diagrams play their lines', { timeout: 120000 }, async () => {
  const page = await newPage(browser);
  const guides = (await (await fetch(new URL('/api/guides', server.url))).json()).guides;
  const sections = ['Tactics worth learning', 'Mistakes the computer will punish', 'A common mistake', 'Questions at the table', 'Where the rule sets differ'];
  for (const [id, g] of Object.entries(guides)) {
    await page.goto(`${server.url}#/guide/${id}`);
    await ready(page);
    await page.waitForSelector('.tactic .piece');
    const titles = await page.$$eval('#guide h2', (hs) => hs.map((x) => x.textContent));
    for (const t of sections) assert.ok(titles.includes(t), `${id}: section ${t}`);
    assert.equal(await page.locator('.example.tactic').count(), g.tactics.length, `${id}: tactics`);
    assert.equal(await page.locator('.example.mistake').count(), g.mistakes.length, `${id}: mistakes`);
    assert.equal(await page.locator('.guide-questions dt').count(), g.questions.length, `${id}: questions`);
    assert.equal(await page.locator('.guide-common li').count(), g.common_mistakes.length, `${id}: common mistakes`);
    assert.equal(await page.locator('.guide-principles li').count(), g.principles.length, `${id}: principles`);
    const others = await page.$$eval('.guide-differences li', (li) => li.map((x) => x.dataset.with));
    assert.deepEqual(others, g.differences.map((d) => d.with), `${id}: differences`);
  }
  // A tactic from a real game plays its winning line step by step, named by its players.
  await page.goto(`${server.url}#/guide/international`);
  await ready(page);
  const tactic = '.tactic[data-tactic="0"]';
  await page.waitForSelector(`${tactic} .piece`);
  const t0 = guides.international.tactics[0];
  assert.match(await page.textContent(tactic), new RegExp(`From the game ${t0.source.white} \\(Light\\) – ${t0.source.black} \\(Dark\\)`));
  await page.click(`${tactic} .example-play`);
  // The line is played one move at a time: the first move shows before the last.
  await page.waitForFunction((c) => (document.querySelector(c).dataset.played || '').split(' ').length === 1, tactic);
  await page.waitForFunction((c) => document.querySelector(c).dataset.done === '1', tactic);
  assert.equal(await page.$eval(tactic, (c) => c.dataset.played), t0.line.join(' '));
  await page.$eval(tactic, (c) => c.scrollIntoView());
  await page.screenshot({ path: join(SHOTS, 'guide-tactic-international.png'), fullPage: false });
  // A mistake plays the bad move, then the punishment.
  const mistake = '.mistake[data-mistake="0"]';
  const m0 = guides.international.mistakes[0];
  await page.click(`${mistake} .example-play`);
  await page.waitForFunction((c) => document.querySelector(c).dataset.done === '1', mistake);
  assert.equal(await page.$eval(mistake, (c) => c.dataset.played), [m0.mistake, ...m0.punish].join(' '));
  await page.$eval('.guide-questions', (c) => c.scrollIntoView());
  await page.screenshot({ path: join(SHOTS, 'guide-questions-international.png'), fullPage: false });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('open a PDN game and step through it', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}#/pdn`);
  await ready(page);
  await page.fill('#pdn-text', '[Event "Test"]\n[White "A"]\n[Black "B"]\n[GameType "21"]\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *');
  await page.click('#pdn-form button[type="submit"]');
  await page.waitForSelector('#pdn-view:not([hidden]) .piece');
  await page.click('#pdn-last');
  await page.waitForFunction(() => /Move 8 of 8: 21x14/.test(document.querySelector('#pdn-ply').textContent));
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => /Move 7 of 8: 10x17/.test(document.querySelector('#pdn-ply').textContent));
  assert.equal(await page.$eval('#pdn-moves td.current', (td) => td.dataset.ply), '7');
  // Dark's man stands on b4 (17) after 10x17, before Light takes it back.
  assert.equal(await page.$$eval('#pdn-board .piece[data-square="17"]', (p) => p.map((x) => x.dataset.color).join()), 'dark');
  // A move in the list steps to it, marked as the current one.
  await page.click('#pdn-moves td[data-ply="3"] button');
  await page.waitForFunction(() => /Move 3 of 8: 8-11/.test(document.querySelector('#pdn-ply').textContent));
  assert.equal(await page.$eval('#pdn-moves td.current', (td) => td.dataset.ply), '3');
  // Play on from here: an English game in progress is named before it is replaced.
  await page.evaluate(async () => {
    await fetch('/api/games/english/new', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ settings: { mode: 'two-player', level: 1, human_side: 'light', turn_board: false } }) });
  });
  const before = await page.evaluate(async () => (await (await fetch('/api/games/english')).json()).position.legal[0].text);
  await page.evaluate(async (text) => {
    const r = await fetch('/api/games/english/move', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text, ply: 0 }) });
    if (!r.ok) throw new Error(await r.text());
  }, before);
  await page.click('#pdn-continue');
  await page.waitForSelector('#pdn-ask-bar:not([hidden])');
  assert.match(await page.textContent('#pdn-ask-text'), /English draughts game in progress \(1 move\) will be replaced/);
  await page.click('#pdn-ask-no');
  assert.equal(await page.evaluate(() => location.hash), '#/pdn');
  // A long game: the current move is scrolled into view inside the list, and only the list scrolls.
  const long = ['11-15 23-19', '8-11 22-17', '9-13 17-14', '10x17 21x14', '15x24 28x19', '4-8 25-22', '6-10 27-23', '10x17 26-23'];
  const text = '[GameType "21"]\n' + Array.from({ length: 8 }, (_, i) => `${i + 1}. ${long[i]}`).join(' ') + ' *';
  await page.fill('#pdn-text', text);
  await page.click('#pdn-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#pdn-ply').textContent === 'Start');
  await page.evaluate(() => { document.querySelector('#pdn-moves').closest('.moves-box').style.maxHeight = '4rem'; });
  await page.click('#pdn-last');
  await page.waitForFunction(() => /^Move \d+ of \d+/.test(document.querySelector('#pdn-ply').textContent));
  const inView = () => page.$eval('#pdn-moves td.current', (td) => {
    const b = td.closest('.moves-box').getBoundingClientRect();
    const c = td.getBoundingClientRect();
    return c.top >= b.top - 1 && c.bottom <= b.bottom + 1;
  });
  assert.equal(await inView(), true, 'the last move is in view');
  await page.click('#pdn-first');
  await page.click('#pdn-next');
  assert.equal(await inView(), true, 'the first move is in view again');
  await page.screenshot({ path: join(SHOTS, 'pdn-viewer.png') });
  // The stepper stays put while stepping, whatever the move's text, on a phone too.
  await page.setViewportSize({ width: 320, height: 800 });
  const where = () => page.$eval('#pdn-next', (b) => { const r = b.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; });
  await page.click('#pdn-first');
  const at = await where();
  const steps = await page.$$eval('#pdn-moves td[data-ply]', (tds) => tds.length);
  assert.ok(steps >= 8, `${steps} moves`);
  for (let i = 0; i < steps; i++) {
    await page.click('#pdn-next');
    assert.deepEqual(await where(), at, `the Forward button moved at step ${i + 1}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // Italian files name the players in Bianco and Nero.
  await page.fill('#pdn-text', '[Bianco "BORGHETTI Michele"]\n[Nero "MASCOLO Luca"]\n[Risultato "1-0"]\n[GameType "22"]\n1. 21-17 12-15 2. 23-19 11-14 1-0');
  await page.click('#pdn-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#pdn-ply').textContent === 'Start');
  assert.match(await page.textContent('#pdn-games option'), /BORGHETTI Michele – MASCOLO Luca/);
  // A big file (3 MiB, over the 2 MiB of other requests) opens; one over the viewer's 8 MiB is
  // refused in words before it is sent.
  const note = 'a long note '.repeat((3 * 1024 * 1024) / 12);
  await page.setInputFiles('#pdn-file', { name: 'big.pdn', mimeType: 'text/plain', buffer: Buffer.from(`[GameType "21"]\n{${note}}\n1. 11-15 23-19 *`) });
  await page.waitForFunction(() => document.querySelector('#pdn-text').value.length > 3000000);
  await page.click('#pdn-form button[type="submit"]');
  await page.waitForFunction(() => /Move|Start/.test(document.querySelector('#pdn-ply').textContent) && document.querySelectorAll('#pdn-moves td[data-ply]').length === 2);
  assert.equal(await page.textContent('#pdn-error'), '');
  await page.setInputFiles('#pdn-file', { name: 'huge.pdn', mimeType: 'text/plain', buffer: Buffer.alloc(9 * 1024 * 1024, 'x') });
  await page.waitForFunction(() => /too big to open here: it is 9\.0 MiB, and the most is 8 MiB/.test(document.querySelector('#pdn-error').textContent));
  await page.fill('#pdn-text', 'this is not a game');
  await page.click('#pdn-form button[type="submit"]');
  await page.waitForFunction(() => /no game found/.test(document.querySelector('#pdn-error').textContent));
  await page.context().close();
});

test('screenshots of each board kind and the phone layout', { timeout: 60000 }, async () => {
  for (const [variant, coords] of [['english', 'numbers'], ['italian', 'numbers'], ['international', 'numbers'], ['turkish', 'algebraic']]) {
    const page = await newPage(browser);
    await page.addInitScript((c) => localStorage.setItem('draughts.coords', c), coords);
    await openPlay(page, server.url, variant);
    await page.screenshot({ path: join(SHOTS, `board-${variant}.png`) });
    await page.context().close();
  }
  const phone = await newPage(browser, null, { width: 390, height: 844 });
  await openPlay(phone, server.url, 'russian');
  await phone.screenshot({ path: join(SHOTS, 'phone-russian.png'), fullPage: true });
  const width = await phone.$eval('svg.board', (s) => s.getBoundingClientRect().width);
  assert.ok(width > 300 && width <= 390, `board width on a phone: ${width}`);
  await phone.context().close();
});

test('drag, keyboard, confirm-move, hint, coordinates and a remembered mute', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await openPlay(page, server.url, 'english');
  await newGame(page, { mode: 'two-player' });
  await waitForTurn(page);
  // Drag a Dark man from 11 to 15 with the mouse.
  const centre = async (sq) => {
    const b = await page.$eval(`#board-wrap .sq[data-square="${sq}"] rect`, (r) => {
      const x = r.getBoundingClientRect();
      return { x: x.x + x.width / 2, y: x.y + x.height / 2 };
    });
    return b;
  };
  const a = await centre('11');
  const b = await centre('15');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 1);
  assert.equal((await moveTexts(page))[0], '11-15');
  // Keyboard: focus a square, Enter picks the piece, Enter on a destination plays.
  await page.focus('#board-wrap .sq[data-square="22"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board-wrap .marks .dest');
  await page.focus('#board-wrap .sq[data-square="18"]');
  assert.match(await page.$eval('#board-wrap .sq[data-square="18"]', (g) => g.getAttribute('aria-label')), /legal destination/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 2);
  // A hint is shown on the board.
  await page.click('#hint');
  await page.waitForSelector('#board-wrap .marks .hint');
  assert.match(await page.textContent('#message'), /^Hint: \d+[-x]\d+/);
  // Settings: confirm each move, algebraic coordinates, mute.
  await page.click('#open-settings');
  await page.check('#set-confirm');
  await page.selectOption('#set-coords', 'algebraic');
  await page.check('#set-mute');
  await page.click('#settings-close');
  assert.ok(await page.$('#board-wrap .coord.file'));
  // The written moves follow the coordinates setting: 11-15 22-18 on an English board.
  assert.deepEqual(await moveTexts(page), ['f6-e5', 'c3-d4']);
  // Dark must take 18 now: 15x22, asked first.
  await clickSquare(page, '15');
  await page.click('#board-wrap .sq[data-square="22"]');
  await page.waitForSelector('#confirm-bar:not([hidden])');
  assert.match(await page.textContent('#confirm-text'), /Play e5xc3\?/);
  await page.click('#confirm-no');
  await page.waitForFunction(() => !document.querySelector('#board-wrap svg.board.busy'));
  assert.equal(await plies(page), 2, 'taken back, not played');
  assert.ok(await page.$('#board-wrap .piece[data-square="15"]'), 'the man is back on 15');
  assert.ok(await page.$('#board-wrap .piece[data-square="18"]:not(.ghost)'), 'the taken man is back too');
  await clickSquare(page, '15');
  await page.click('#board-wrap .sq[data-square="22"]');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 3);
  // The hint belonged to the position before: it is gone from the board and the message line.
  assert.equal(await page.$('#board-wrap .marks .hint'), null);
  assert.doesNotMatch(await page.textContent('#message'), /Hint/);
  // The display settings are remembered across a reload.
  await page.reload();
  await ready(page);
  await page.click('#open-settings');
  assert.equal(await page.isChecked('#set-mute'), true);
  assert.equal(await page.isChecked('#set-confirm'), true);
  assert.equal(await page.inputValue('#set-coords'), 'algebraic');
  await page.uncheck('#set-confirm');
  await page.click('#settings-close');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the FMJD draw rules: a table setting for international only, taken by a new game and shown in the rules', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  const summary = () => page.textContent('#rules-summary');
  const startNew = async () => {
    const generation = await page.evaluate(() => Number(document.body.dataset.generation || 0));
    await page.click('#settings-new');
    await page.waitForFunction((g) => Number(document.body.dataset.generation || 0) > g, generation);
  };
  await openPlay(page, server.url, 'english');
  await page.click('#open-settings');
  assert.equal(await page.isVisible('#set-fmjd'), false, 'English has no FMJD draw rules');
  await page.click('#settings-close');
  await openPlay(page, server.url, 'international');
  assert.match(await summary(), /Our simplified draw rules/);
  await page.click('#open-settings');
  assert.equal(await page.isVisible('#set-fmjd'), true);
  assert.equal(await page.isChecked('#set-fmjd'), false, 'off by default');
  assert.match(await page.textContent('#set-rules'), /Taken when a new game starts/);
  await page.check('input[name="mode"][value="two-player"]');
  await page.check('#set-fmjd');
  await startNew();
  await page.waitForFunction(() => /Draws: the FMJD's rules \(article 6\)/.test(document.querySelector('#rules-summary').textContent));
  assert.doesNotMatch(await summary(), /simplified/);
  // The table keeps the setting; the home screen offers it for the next game too.
  await page.click('#open-settings');
  assert.equal(await page.isChecked('#set-fmjd'), true);
  await page.uncheck('#set-fmjd');
  await startNew();
  await page.waitForFunction(() => /Our simplified draw rules/.test(document.querySelector('#rules-summary').textContent));
  await page.goto(`${server.url}#/home/international`);
  await page.waitForSelector('#home-fmjd-row:not([hidden])');
  await page.selectOption('#home-variant', 'english');
  await page.waitForSelector('#home-fmjd-row', { state: 'hidden' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the draw counts show once they matter: a repeated position, then the quiet-move count', { timeout: 90000 }, async () => {
  const page = await newPage(browser);
  await openPlay(page, server.url, 'english');
  await newGame(page, { mode: 'two-player' });
  await setUp(page, 'B:WK29:BK4');
  await page.waitForFunction(() => !document.querySelector('#setup-dialog').open);
  assert.equal(await page.$eval('#draw-count', (e) => e.hidden), true);
  /** Plays a king's step and waits for it in the move list. */
  const step = async (from, to) => {
    const before = await plies(page);
    await clickSquare(page, from);
    await clickSquare(page, to);
    await page.waitForFunction((n) => document.querySelectorAll('#moves td[data-ply]').length > n, before);
  };
  // There and back again: the set-up position occurs a second time.
  for (const [from, to] of [['4', '8'], ['29', '25'], ['8', '4'], ['25', '29']]) await step(from, to);
  await page.waitForFunction(() => document.querySelector('#draw-count').textContent === 'This position has occurred twice: a third time draws.');
  // The kings walk down and up their edges: ten half-moves without a capture or a man move.
  for (const [from, to] of [['4', '8'], ['29', '25'], ['8', '12'], ['25', '21'], ['12', '16']]) await step(from, to);
  assert.equal(await page.$eval('#draw-count', (e) => e.hidden), true);
  await step('21', '17');
  await page.waitForFunction(() => /^10 of 80 half-moves without a capture or a man move: at 80 the game is drawn\.$/.test(document.querySelector('#draw-count').textContent));
  assert.equal(await page.$eval('#draw-count', (e) => e.hidden), false);
  await page.screenshot({ path: join(SHOTS, 'draw-count.png') });
  await page.context().close();
});
