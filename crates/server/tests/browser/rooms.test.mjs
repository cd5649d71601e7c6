// Online rooms in two separate browsers (two contexts: separate storage, like two machines):
// "Play a friend online" on the home screen creates a room and shows its link, the friend
// opens it and takes the free seat, both play through the room, one reloads mid-game and keeps
// the seat, a third visitor watches, and a resignation ends the game for everyone.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freshDb, startServer, launchBrowser, newPage, ready, SHOTS, stopServerAndBrowser } from './harness.mjs';

let browser;
let server;

after(() => stopServerAndBrowser(server, browser));

const roomPlies = (page) => page.$$eval('#moves td[data-ply]', (tds) => tds.length);

// Waits until this page may move in the room, then plays its first movable piece to its first
// legal destination, hop by hop, until the move list grows.
async function playRoomMove(page, pick = 0) {
  await page.waitForSelector('#board-wrap .sq[aria-label$="can move"]', { timeout: 15000 });
  const before = await roomPlies(page);
  const movers = await page.$$eval('#board-wrap .sq[aria-label$="can move"]', (gs) => gs.map((g) => g.dataset.square));
  const from = movers[pick % movers.length];
  await page.click(`#board-wrap .sq[data-square="${from}"]`);
  for (let hop = 0; hop < 25; hop++) {
    await page.waitForFunction(() => !document.querySelector('#board-wrap svg.board.busy'));
    if ((await roomPlies(page)) > before) return;
    const dests = await page.$$eval('#board-wrap .marks .dest', (ds) => ds.map((d) => d.dataset.square));
    if (!dests.length) break;
    await page.click(`#board-wrap .sq[data-square="${dests[0]}"]`);
    const done = await page
      .waitForFunction(
        (n) =>
          document.querySelectorAll('#moves td[data-ply]').length > n ||
          (!document.querySelector('#board-wrap svg.board.busy') && document.querySelector('#board-wrap .marks .dest')),
        before,
        { timeout: 10000 },
      )
      .then(() => page.evaluate((n) => document.querySelectorAll('#moves td[data-ply]').length > n, before));
    if (done) return;
  }
  await page.waitForFunction((n) => document.querySelectorAll('#moves td[data-ply]').length > n, before, { timeout: 10000 });
}

async function waitPlies(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#moves td[data-ply]').length === k, n, { timeout: 15000 });
}

test('two browsers play through a room; one reloads mid-game and keeps its seat', { timeout: 180000 }, async () => {
  server = await startServer(freshDb());
  browser = await launchBrowser();

  // The host: the home screen -> Play a friend online, as Dark (Dark moves first in English).
  const host = await newPage(browser, null, { width: 1366, height: 768 });
  await host.goto(server.url);
  await ready(host);
  await host.selectOption('#home-variant', 'english');
  await host.selectOption('#home-online-side', 'dark');
  await host.click('#home-online');
  await host.waitForFunction(() => location.hash.startsWith('#/room/') && document.querySelector('#room-link')?.value);
  const link = await host.inputValue('#room-link');
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#\/room\/[A-Za-z0-9_-]{22}$/);
  assert.match(await host.textContent('#room-role'), /You play Dark/);
  assert.match(await host.textContent('#turn'), /Waiting for your friend/);
  assert.equal(await host.isVisible('#room-share'), true, 'the link is shown to send');
  assert.ok((await host.evaluate(() => document.documentElement.scrollHeight)) <= 768, 'the room fits a laptop screen');
  await host.screenshot({ path: join(SHOTS, 'room-invite-laptop.png') });

  // The friend, in another context (its own storage), opens the link and takes the free seat.
  const friend = await newPage(browser, link);
  await friend.waitForFunction(() => /You play Light/.test((document.querySelector('#room-role')?.textContent ?? '')));
  await host.waitForFunction(() => /Your move/.test((document.querySelector('#turn')?.textContent ?? '')));
  await host.waitForFunction(() => document.querySelector('#seat-light')?.dataset.connected === '1');
  assert.match(await friend.textContent('#turn'), /Your friend's move/);

  // Four plies, alternating.
  for (let i = 0; i < 4; i++) {
    const mover = i % 2 === 0 ? host : friend;
    await playRoomMove(mover, i);
    await waitPlies(host, i + 1);
    await waitPlies(friend, i + 1);
  }
  const movesBefore = await host.$$eval('#moves td[data-ply]', (tds) => tds.map((t) => t.textContent));

  // The friend reloads mid-game: same seat, same moves; the host sees them go and come back.
  await friend.reload();
  await friend.waitForFunction(() => /You play Light/.test((document.querySelector('#room-role')?.textContent ?? '')));
  await waitPlies(friend, 4);
  const movesAfter = await friend.$$eval('#moves td[data-ply]', (tds) => tds.map((t) => t.textContent));
  assert.deepEqual(movesAfter, movesBefore);
  await host.waitForFunction(() => document.querySelector('#seat-light')?.dataset.connected === '1');

  // A third person with the link watches and cannot move.
  const watcher = await newPage(browser, link);
  await watcher.waitForFunction(() => /watching/.test((document.querySelector('#room-role')?.textContent ?? '')));
  // The players see how many watch.
  for (const p of [host, friend]) await p.waitForFunction(() => /1 person is watching/.test(document.querySelector('#room-role')?.textContent ?? ''));
  // A watcher who has not clicked yet is told once why there is no sound.
  // (Only while the browser holds sound back: it may count a page opened by a test as touched.)
  await watcher.waitForFunction(() => document.querySelector('#sound-note').hidden === navigator.userActivation.hasBeenActive);
  assert.match(await watcher.textContent('#sound-note'), /sounds start after your first click/i);
  assert.equal(await host.isVisible('#sound-note'), false, 'a player has clicked already');
  await waitPlies(watcher, 4);
  assert.equal(await watcher.$('#board-wrap .sq[aria-label$="can move"]'), null, 'a watcher has no piece to move');
  assert.equal(await watcher.isVisible('#room-share'), false, 'a watcher is not asked to invite anyone');
  assert.equal(await watcher.isVisible('#resign'), false, 'a watcher has no player buttons');
  assert.equal(await watcher.isVisible('#draw'), false);
  assert.equal(await watcher.isVisible('#takeback'), false);
  assert.match(await watcher.textContent('#room-title'), /^Watching: /);
  assert.equal(await watcher.textContent('#name-light'), 'Light player');
  await watcher.screenshot({ path: join(SHOTS, 'room-watcher.png') });
  assert.equal(await watcher.isVisible('#type-move'), false, 'a watcher types no moves');

  // The watcher looks back on move 3 with the Left arrow key while play goes on after the
  // reload, seen by all three; the watcher stays on move 3 until "Back to the game".
  await watcher.keyboard.press('ArrowLeft');
  await watcher.waitForFunction(() => /^Move 3 of 4/.test(document.querySelector('#game-ply').textContent));
  for (let i = 4; i < 8; i++) {
    const mover = i % 2 === 0 ? host : friend;
    await playRoomMove(mover, i);
    for (const p of [host, friend, watcher]) await waitPlies(p, i + 1);
  }
  await watcher.waitForFunction(() => /^Move 3 of 8/.test(document.querySelector('#game-ply').textContent));
  await watcher.click('#game-live');
  await watcher.waitForFunction(() => /^Move 8 of 8/.test(document.querySelector('#game-ply').textContent));
  const square = (p) => p.$$eval('#board-wrap .piece:not(.ghost)', (ps) => ps.map((x) => x.dataset.square + x.dataset.color).sort().join());
  assert.equal(await square(watcher), await square(host), 'back to the game: the same position as the players');
  const hostMoves = await host.$$eval('#moves td[data-ply]', (tds) => tds.map((t) => t.textContent));
  const watcherMoves = await watcher.$$eval('#moves td[data-ply]', (tds) => tds.map((t) => t.textContent));
  assert.deepEqual(watcherMoves, hostMoves);
  await host.screenshot({ path: join(SHOTS, 'room-host.png') });
  // The room shows each player's time and the game's total.
  for (const p of [host, watcher]) {
    assert.equal(await p.isVisible('#clock-total'), true);
    assert.match(await p.textContent('#clock-total'), /^\d+:\d\d$/);
  }

  // A draw offer the friend declines.
  await host.click('#draw');
  await friend.waitForSelector('#ask-bar:not([hidden])');
  assert.match(await friend.textContent('#ask-text'), /offers a draw/);
  await friend.click('#ask-no');
  await friend.waitForSelector('#ask-bar', { state: 'hidden' });
  // The host is told, in words; the friend who declined is not.
  await host.waitForFunction(() => /Your draw offer was declined/.test(document.querySelector('#message')?.textContent ?? ''));
  assert.doesNotMatch(await friend.textContent('#message'), /declined/);

  // The host resigns: everybody sees the result in words.
  await host.click('#resign');
  await host.click('#resign-yes');
  for (const p of [host, friend, watcher]) {
    await p.waitForSelector('#result:not([hidden])');
    assert.match(await p.textContent('#result'), /Light wins: Dark resigned/);
  }
  await friend.screenshot({ path: join(SHOTS, 'room-friend-result.png') });

  // The game is stored and exportable as PDN.
  const id = link.split('/').pop();
  const pdn = await (await fetch(`${server.url}api/rooms/${id}/pdn`)).text();
  assert.match(pdn, /\[Result "1-0"\]/);
  assert.ok(pdn.includes(hostMoves[0]), pdn);

  // Rematch from both sides: a new game with colours swapped.
  await host.click('#rematch');
  await friend.waitForFunction(() => /Accept the rematch/.test((document.querySelector('#rematch')?.textContent ?? '')));
  await friend.click('#rematch');
  await host.waitForFunction(() => /You play Light/.test((document.querySelector('#room-role')?.textContent ?? '')));
  await friend.waitForFunction(() => /You play Dark/.test((document.querySelector('#room-role')?.textContent ?? '')));
  await waitPlies(host, 0);

  for (const p of [host, friend, watcher]) assert.deepEqual(p.errors, [], 'no console errors');
});

test('a room created under the FMJD draw rules shows them in its rules summary', { timeout: 60000 }, async () => {
  server ??= await startServer(freshDb());
  browser ??= await launchBrowser();
  const host = await newPage(browser);
  await host.goto(server.url);
  await ready(host);
  // The saved international game's settings (simplified draws) come late, after the box is
  // checked: the player's choice stands.
  let release;
  const held = new Promise((r) => (release = r));
  await host.route('**/api/games/international', async (route) => {
    await held;
    await route.continue();
  });
  await host.selectOption('#home-variant', 'international');
  await host.check('#home-fmjd');
  const answered = host.waitForResponse('**/api/games/international');
  release();
  await answered;
  // The page reads the answer just after it arrives.
  await host.waitForTimeout(300);
  assert.equal(await host.isChecked('#home-fmjd'), true, 'the checked box stays checked');
  await host.unroute('**/api/games/international');
  await host.click('#home-online');
  await host.waitForFunction(() => location.hash.startsWith('#/room/') && document.querySelector('#room-link')?.value);
  await host.waitForFunction(() => /Draws: the FMJD's rules \(article 6\)/.test(document.querySelector('#rules-summary')?.textContent ?? ''));
  const id = (await host.inputValue('#room-link')).split('/').pop();
  const info = await (await fetch(`${server.url}api/rooms/${id}`)).json();
  assert.equal(info.draw_rules, 'fmjd');
  assert.deepEqual(host.errors, [], 'no console errors');
  await host.context().close();
});
