// The interface's languages (web/js/i18n.js, web/i18n/*.ftl): the header's switcher to each
// language, with screenshots of the home page and a game page in each; the choice kept over a
// reload; the browser's language chosen at the first visit; and no page showing a raw key.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB, usedKeys } from './l10n-keys.mjs';
import { SHOTS, newPage, ready, startServerAndBrowser, stopServerAndBrowser } from './harness.mjs';

let server;
let browser;

before(async () => {
  ({ server, browser } = await startServerAndBrowser());
});

after(() => stopServerAndBrowser(server, browser));

// The keys a raw one would show: those of en.ftl and those the page asks for (t('...') in
// web/js, data-l10n-id in index.html; a key missing from every file shows itself), each with a
// hyphen (one-word keys such as `draw` are also English words).
const KEYS = [
  ...new Set([
    ...[...readFileSync(join(WEB, 'i18n/en.ftl'), 'utf8').matchAll(/^([a-z]\w*(?:-\w+)+)\s*=/gm)].map((m) => m[1]),
    ...usedKeys().map((u) => u.key).filter((k) => k.includes('-')),
  ]),
];

// Each language, the rule set its game page shows, and words its home page must show.
const LANGS = [
  { code: 'en', variant: 'english', play: 'Play', light: 'Light' },
  { code: 'ru', variant: 'russian', play: 'Играть', light: 'Белые' },
  { code: 'tr', variant: 'turkish', play: 'Oyna', light: 'Beyaz' },
  { code: 'it', variant: 'italian', play: 'Gioca', light: 'Bianco' },
  { code: 'nl', variant: 'international', play: 'Spelen', light: 'Wit' },
  { code: 'fr', variant: 'international', play: 'Jouer', light: 'Blancs' },
];

/** The shown page's visible text and its labels, titles and placeholders. */
async function shownWords(page) {
  return page.evaluate(() => {
    const main = document.querySelector('main.view:not([hidden])');
    const parts = [document.title, document.querySelector('header').innerText, main ? main.innerText : ''];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (el.closest('[hidden]') || (main && !main.contains(el) && !el.closest('header'))) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
    }
    return parts.join('\n');
  });
}

/** Fails when the shown page has a raw key of en.ftl in its words. */
async function assertNoRawKey(page, where) {
  const words = await shownWords(page);
  const raw = KEYS.filter((k) => new RegExp(`(^|[^\\w-])${k}($|[^\\w-])`).test(words));
  assert.deepEqual(raw, [], `${where}: raw keys shown`);
  assert.ok(words.length > 20, `${where}: the page shows words`);
}

/** Chooses a language in the header's switcher and waits for the page to come back in it. */
async function switchTo(page, code) {
  await page.selectOption('#language', code);
  await page.waitForFunction((c) => document.documentElement.lang === c && document.body.dataset.ready === '1', code);
}

test('the switcher shows each language: the home page and a game page, with no raw key', { timeout: 240000 }, async () => {
  assert.ok(KEYS.length > 200, `keys read from en.ftl: ${KEYS.length}`);
  const page = await newPage(browser, null);
  await page.goto(server.url);
  await ready(page);
  const offered = await page.$$eval('#language option', (os) => os.map((o) => o.value));
  assert.deepEqual(offered, LANGS.map((l) => l.code));
  for (const l of LANGS) {
    await switchTo(page, l.code);
    await page.waitForSelector('#view-home:not([hidden])');
    assert.equal(await page.$eval('#language', (s) => s.value), l.code);
    assert.equal((await page.textContent('#nav-play')).trim(), l.play, `${l.code}: the navigation`);
    assert.ok((await page.$$eval('#home-side option', (os) => os.map((o) => o.textContent))).includes(l.light), `${l.code}: the side names`);
    // The rule set's name and the home page's resume line come from the page's words too.
    await page.selectOption('#home-variant', l.variant);
    await page.screenshot({ path: join(SHOTS, `i18n-home-${l.code}.png`) });
    await assertNoRawKey(page, `${l.code} home`);
    // A game page: a new game of two players here, then one move, so that the move list,
    // the turn and the player strips show their words.
    await page.click('#home-two');
    await page.waitForFunction((v) => location.hash === `#/play/${v}` && document.querySelector(`svg.board[data-variant="${v}"] .piece`), l.variant);
    await page.waitForSelector('#board-wrap .sq[aria-label]');
    assert.equal(await page.textContent('#name-light'), l.light, `${l.code}: the player strip`);
    await page.screenshot({ path: join(SHOTS, `i18n-game-${l.code}.png`) });
    await assertNoRawKey(page, `${l.code} game`);
    for (const route of [`#/guide/${l.variant}`, '#/pdn', `#/analysis/${l.variant}`]) {
      await page.goto(`${server.url}${route}`);
      await page.waitForSelector('main.view:not([hidden])');
      await page.waitForTimeout(300);
      await assertNoRawKey(page, `${l.code} ${route}`);
    }
    await page.goto(server.url);
    await ready(page);
  }
  assert.deepEqual(page.errors, []);
});

test('the chosen language is kept over a reload and a new visit', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null);
  await page.goto(server.url);
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await switchTo(page, 'it');
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'it');
  assert.equal((await page.textContent('#home-title')).trim(), 'Gioca a dama');
  await page.goto(`${server.url}#/pdn`);
  await page.waitForSelector('#view-pdn:not([hidden])');
  assert.equal(await page.title(), 'Apri una partita PDN · Dama');
  assert.deepEqual(page.errors, []);
});

test('a change of language keeps the pasted PDN text and the game shown, at its move', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null);
  await page.goto(`${server.url}#/pdn`);
  await ready(page);
  await switchTo(page, 'en');
  const text = '[Event "One"]\n[GameType "21"]\n1. 11-15 23-19 *\n\n[Event "Two"]\n[GameType "21"]\n1. 9-13 22-18 2. 10-14 *';
  await page.fill('#pdn-text', text);
  await page.click('#pdn-form button[type="submit"]');
  await page.waitForSelector('#pdn-view:not([hidden]) .piece');
  await page.selectOption('#pdn-games', '1');
  await page.click('#pdn-moves td[data-ply="2"] button');
  await page.waitForFunction(() => /Move 2 of 3: 22-18/.test(document.querySelector('#pdn-ply').textContent));
  await switchTo(page, 'fr');
  await page.waitForSelector('#pdn-view:not([hidden]) .piece');
  assert.equal(await page.$eval('#pdn-text', (t) => t.value), text);
  assert.equal(await page.$eval('#pdn-games', (s) => s.value), '1');
  await page.waitForFunction(() => document.querySelector('#pdn-moves td.current')?.dataset.ply === '2');
  // Kept once: a plain reload afterwards starts from an empty box.
  await page.reload();
  await ready(page);
  assert.equal(await page.$eval('#pdn-text', (t) => t.value), '');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the rules guides in each language: the translated texts around the same diagrams', { timeout: 90000 }, async () => {
  const page = await newPage(browser, null);
  await page.goto(`${server.url}#/guide/russian`);
  await ready(page);
  await switchTo(page, 'en');
  const english = JSON.parse(readFileSync(join(WEB, '../crates/server/guides.json'), 'utf8')).guides.russian;
  await page.waitForFunction((text) => document.querySelector('#guide').textContent.includes(text), english.sections.setup);
  const diagrams = await page.$$eval('#guide svg.board', (b) => b.length);
  for (const code of ['ru', 'tr', 'it', 'nl', 'fr']) {
    await switchTo(page, code);
    const words = JSON.parse(readFileSync(join(WEB, `../crates/server/guides/${code}.json`), 'utf8')).guides.russian;
    await page.waitForFunction((text) => document.querySelector('#guide').textContent.includes(text), words.sections.setup);
    const shown = await page.textContent('#guide');
    assert.ok(shown.includes(words.tactics[0].explanation), `${code}: a tactic's explanation`);
    assert.ok(!shown.includes(english.sections.captures), `${code}: no English section left`);
    assert.equal(await page.$$eval('#guide svg.board', (b) => b.length), diagrams, `${code}: the same diagrams`);
    if (code === 'ru') await page.screenshot({ path: join(SHOTS, 'guide-ru.png'), fullPage: true });
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the server's refusal of a typed move is worded in the interface's language", { timeout: 60000 }, async () => {
  const page = await newPage(browser, null, undefined, 'ru-RU');
  await page.goto(`${server.url}#/play/russian`);
  await ready(page);
  await page.waitForSelector('#board-wrap .sq[aria-label]');
  await page.fill('#move-input', 'c3-c5');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /^Ход c3-c5 здесь невозможен; возможные ходы: [a-h][1-8]-[a-h][1-8], /.test(document.querySelector('#message').textContent));
  assert.doesNotMatch(await page.textContent('#message'), /legal|illegal/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the browser's language is chosen at the first visit", { timeout: 60000 }, async () => {
  for (const [locale, lang, title] of [
    ['ru-RU', 'ru', 'Играть в шашки'],
    ['nl-BE', 'nl', 'Dammen'],
    ['tr', 'tr', 'Dama oyna'],
    ['de-DE', 'en', 'Play draughts'],
  ]) {
    const page = await newPage(browser, null, undefined, locale);
    await page.goto(server.url);
    await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang, locale);
    assert.equal((await page.textContent('#home-title')).trim(), title, locale);
    assert.equal(await page.$eval('#language', (s) => s.value), lang);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('on a phone the switcher names each language by its code, and the header fits', { timeout: 60000 }, async () => {
  const page = await newPage(browser, null, { width: 390, height: 844 }, 'ru-RU');
  await page.goto(server.url);
  await ready(page);
  assert.deepEqual(await page.$$eval('#language option', (os) => os.map((o) => o.textContent)), ['EN', 'RU', 'TR', 'IT', 'NL', 'FR']);
  // The longest words (the rule sets' names in Russian) stay inside the page.
  await page.selectOption('#home-variant', 'american');
  const wide = await page.evaluate(() => [...document.querySelectorAll('header.top, #view-home select')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map((e) => e.id || e.className));
  assert.deepEqual(wide, [], 'nothing runs off the right of the page');
  // Every link of the header is whole on the screen, in Russian and in English.
  for (const code of ['ru', 'en']) {
    if (code !== 'ru') await switchTo(page, code);
    const cut = await page.$$eval('header.top nav a', (as) => as.filter((a) => { const r = a.getBoundingClientRect(); return r.left < 0 || r.right > document.documentElement.clientWidth; }).map((a) => a.id));
    assert.deepEqual(cut, [], `${code}: header links cut off`);
    assert.ok(await page.$eval('header.top nav', (n) => n.scrollWidth <= n.clientWidth), `${code}: the header's links need no scrolling`);
  }
  await switchTo(page, 'ru');
  await page.screenshot({ path: join(SHOTS, 'i18n-home-ru-phone.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the rule sets' summaries: the English words by key are the server's, and every other language words every line", { timeout: 60000 }, async () => {
  const page = await newPage(browser, null);
  await page.goto(server.url);
  await ready(page);
  const lines = () =>
    page.evaluate(async () => {
      const { summaryLines } = await import('/js/game/wording.js');
      const vs = await (await fetch('/api/variants')).json();
      return vs.flatMap((v) => [
        { keyed: summaryLines(v, false), server: v.summary },
        ...(v.summary_fmjd ? [{ keyed: summaryLines(v, true), server: v.summary_fmjd }] : []),
      ]);
    });
  const english = await lines();
  assert.ok(english.length >= 8);
  for (const { keyed, server: words } of english) assert.deepEqual(keyed, words);
  for (const code of ['ru', 'tr', 'it', 'nl', 'fr']) {
    await switchTo(page, code);
    const shown = await lines();
    for (const [i, { keyed, server: words }] of shown.entries()) {
      keyed.forEach((line, j) => assert.notEqual(line, words[j], `${code}: summary ${i} line ${j} is still the server's English`));
    }
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
