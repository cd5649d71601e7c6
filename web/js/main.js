// @ts-check
// The web app's entry: reads the rule sets, builds the pages and starts the router.
// Routes: #/ or #/home/<variant> (the home screen: how to play), #/play/<variant> (a local
// table), #/room/<id> (an online room), both on the one game page; #/guide/<variant> (the rules
// guides); #/puzzles/<variant> (puzzles from real games); #/pdn (the PDN viewer); #/analysis/<variant>?fen=...&moves=... (the analysis board and
// the game review).

import { api, ApiError } from './transport/api.js';
import { GameView } from './views/game-view.js';
import { $, fatal } from './views/dom.js';
import { HomePage } from './pages/home.js';
import { PlayPage } from './pages/play.js';
import { RoomPage } from './pages/room.js';
import { GuidePage } from './pages/guide.js';
import { PdnPage } from './pages/pdn.js';
import { AnalysisPage } from './pages/analysis.js';
import { PuzzlesPage } from './pages/puzzles.js';
import { Router } from './router.js';
import { prefs } from './prefs.js';
import { LooksDialog } from './theme.js';
import { t, has } from './i18n.js';
import { errorText } from './game/wording.js';
import { restoreFields } from './carry.js';

async function main() {
  // Before the pages read their fields: what was typed before a change of language.
  restoreFields();
  new LooksDialog();
  let variants;
  try {
    variants = await api.variants();
  } catch (e) {
    fatal(e instanceof ApiError ? errorText(e) : String(e));
    return;
  }
  // The rule sets' names in the interface's language (the server's English name for a new one).
  for (const v of variants) if (has(`variant-${v.id}`)) v.name = t(`variant-${v.id}`);
  const view = new GameView(variants);
  const play = new PlayPage(view);
  const room = new RoomPage(view);
  const guide = new GuidePage(variants, fatal, () => play.variant || prefs.variant());
  const pdn = new PdnPage(variants);
  const home = new HomePage(variants);
  const analysis = new AnalysisPage(variants);
  const puzzles = new PuzzlesPage(variants);
  const router = new Router(
    {
      home: { page: home, view: 'view-home', nav: 'nav-play', title: t('title-home') },
      play: { page: play, view: 'view-game', nav: 'nav-play', title: t('app-name') },
      room: { page: room, view: 'view-game', nav: null, title: t('title-room') },
      guide: { page: guide, view: 'view-guide', nav: 'nav-guide', title: t('title-guide') },
      puzzles: { page: puzzles, view: 'view-puzzles', nav: 'nav-puzzles', title: t('title-puzzles') },
      pdn: { page: pdn, view: 'view-pdn', nav: 'nav-pdn', title: t('title-pdn') },
      analysis: { page: analysis, view: 'view-analysis', nav: null, title: t('title-analysis') },
    },
    'home',
  );
  router.start();
  // "Skip to the board" moves the focus to the shown page's board (or the page itself) without
  // changing the address, which names the page.
  $('skip').addEventListener('click', (e) => {
    e.preventDefault();
    const main = document.querySelector('main.view:not([hidden])');
    const target = /** @type {HTMLElement | SVGElement | null} */ (
      main && (main.querySelector('svg.board .sq[tabindex="0"]') || main.querySelector('svg.board .sq'))
    );
    if (target) target.focus();
    else if (main instanceof HTMLElement) {
      main.tabIndex = -1;
      main.focus();
    }
  });
  document.body.dataset.ready = '1';
}

main();
