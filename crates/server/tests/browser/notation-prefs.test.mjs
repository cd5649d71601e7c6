// The notation settings (issue 20, part 4): moves written with square numbers or a1-h8 names
// where the rule set's board has both, and results written as 1-0 or 2-0, each chosen in the
// table settings, applied to the move list and the result card, and kept over a reload.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, newPage, openPlay, newGame, playAnyMove, moveTexts, startServerAndBrowser, stopServerAndBrowser } from './harness.mjs';

let server;
let browser;

before(async () => {
  ({ server, browser } = await startServerAndBrowser());
});

after(() => stopServerAndBrowser(server, browser));

/** Opens the table settings, chooses how moves and results are written, and applies them. */
async function choose(page, moves, results) {
  await page.click('#open-settings');
  await page.selectOption('#set-moves', moves);
  await page.selectOption('#set-results', results);
  await page.click('#settings-apply');
  await page.waitForFunction(() => !document.querySelector('#settings-dialog').open);
}

/** A new two-player game of this rule set, resigned at once, with results written as the rule set's players write them. */
async function resignedGame(page, variant) {
  await openPlay(page, server.url, variant);
  await newGame(page, { mode: 'two-player' });
  await choose(page, 'own', 'auto');
  await page.click('#resign');
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
}

test('Russian moves as square numbers, and back to its own a1-h8', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null);
  await openPlay(page, server.url, 'russian');
  await newGame(page, { mode: 'two-player' });
  await playAnyMove(page, 0);
  const [own] = await moveTexts(page);
  assert.match(own, /^[a-h][1-8]-[a-h][1-8]$/, 'Russian moves are a1-h8 by default');
  await choose(page, 'numbers', 'auto');
  const [numbered] = await moveTexts(page);
  assert.match(numbered, /^\d+-\d+$/, `written with numbers: ${numbered}`);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves td[data-ply]').length === 1);
  assert.deepEqual(await moveTexts(page), [numbered], 'the choice is kept over a reload');
  await page.click('#open-settings');
  assert.equal(await page.$eval('#set-moves', (s) => s.value), 'numbers');
  assert.equal(await page.$eval('#set-moves option[value="numbers"]', (o) => o.disabled), false);
  await page.click('#settings-close');
  await choose(page, 'own', 'auto');
  assert.deepEqual(await moveTexts(page), [own]);
  // Turkish draughts has no square numbers: the choice is not offered there.
  await openPlay(page, server.url, 'turkish');
  await page.click('#open-settings');
  assert.equal(await page.$eval('#set-moves option[value="numbers"]', (o) => o.disabled), true);
  await page.click('#settings-close');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an international result as 0-2 by its community, or 0-1 when chosen', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null);
  await resignedGame(page, 'international');
  assert.equal(await page.textContent('#result-score'), '0-2', 'international players write a win as 2-0');
  await page.screenshot({ path: join(SHOTS, 'result-score-international.png') });
  await choose(page, 'own', '1-0');
  assert.equal(await page.textContent('#result-score'), '0-1');
  await page.reload();
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result-score'), '0-1', 'the choice is kept over a reload');
  await choose(page, 'own', '2-0');
  assert.equal(await page.textContent('#result-score'), '0-2');
  // English draughts by its community: 1-0.
  await resignedGame(page, 'english');
  assert.match(await page.textContent('#result-score'), /^(1-0|0-1)$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
