// Each rule set keeps its own saved game: reloading the page and restarting the server bring
// every game back, moves and elapsed times included.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { freshDb, startServer, launchBrowser, newPage, openPlay, newGame, moveTexts, waitForTurn, playAnyMove, stopServerAndBrowser } from './harness.mjs';

let browser;
let server;

after(() => stopServerAndBrowser(server, browser));

function parseClock(t) {
  return t.split(':').reduce((acc, x) => acc * 60 + Number(x), 0);
}

async function snapshot(page, variant) {
  await openPlay(page, server.url, variant);
  await page.waitForFunction(() => document.querySelector('#thinking').hidden);
  return {
    moves: await moveTexts(page),
    light: parseClock(await page.textContent('#clock-light')),
    dark: parseClock(await page.textContent('#clock-dark')),
    turn: await page.textContent('#turn'),
    settings: await page.textContent('#mode-line'),
  };
}

test('reload and server restart restore each rule set\'s game', { timeout: 120000 }, async () => {
  const db = freshDb();
  server = await startServer(db);
  browser = await launchBrowser();
  const page = await newPage(browser);
  const plan = [
    ['english', { mode: 'computer', level: 1, side: 'light' }, 3],
    ['italian', { mode: 'two-player' }, 4],
    ['turkish', { mode: 'computer', level: 2, side: 'dark' }, 2],
    ['international', { mode: 'two-player' }, 3],
  ];
  for (const [variant, settings, moves] of plan) {
    await openPlay(page, server.url, variant);
    await newGame(page, settings);
    for (let i = 0; i < moves; i++) {
      await waitForTurn(page);
      await playAnyMove(page, i);
    }
    await waitForTurn(page);
    // Let the clocks show whole seconds (a table's clock pauses when another is shown).
    await page.waitForTimeout(1100);
  }
  const before = {};
  for (const [variant] of plan) before[variant] = await snapshot(page, variant);
  for (const [variant, , moves] of plan) assert.ok(before[variant].moves.length >= moves, `${variant} has its moves`);
  assert.notDeepEqual(before.english.moves, before.italian.moves);

  // Reload: every game comes back from the server.
  await page.reload();
  for (const [variant] of plan) {
    const now = await snapshot(page, variant);
    assert.deepEqual(now.moves, before[variant].moves, `${variant} after reload`);
    assert.equal(now.settings, before[variant].settings);
  }

  // Restart the server on the same database.
  await page.close();
  assert.equal(await server.stop(), 0, 'the server stops cleanly on SIGTERM');
  server = await startServer(db);
  const page2 = await newPage(browser);
  for (const [variant] of plan) {
    const now = await snapshot(page2, variant);
    assert.deepEqual(now.moves, before[variant].moves, `${variant} after restart`);
    assert.equal(now.turn, before[variant].turn);
    assert.equal(now.settings, before[variant].settings);
    // Elapsed times are kept (they may only have grown while a page showed the game).
    assert.ok(now.light >= before[variant].light && now.dark >= before[variant].dark, `${variant} clocks: ${JSON.stringify([now, before[variant]])}`);
    assert.ok(now.light + now.dark <= before[variant].light + before[variant].dark + 30, `${variant} clocks did not run while the server was down`);
  }
  assert.ok(before.italian.light + before.italian.dark >= 1, 'the italian clocks counted');
  assert.deepEqual(page2.errors, []);
});
