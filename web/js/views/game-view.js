// @ts-check
// The one game page (#view-game), for local tables and online rooms alike: the board between
// two player strips (name, pieces taken, elapsed time), the result over the board, the move
// list, status, the shared controls (flip, resign, a typed move, copy the position), the panel
// tabs (moves, position, rules in short) and the tab title (whose move). It draws a Game for a Viewer; what the viewer may do comes
// from game/predicates.js. The page that feeds it (pages/play.js or pages/room.js) is its
// source: the view hands it the viewer's moves and resignation and knows nothing of transports.

import { Board } from './board.js';
import { Navigator } from './navigator.js';
import { Clocks } from './clocks.js';
import { Status } from './status.js';
import { Result } from './result.js';
import { AskBar } from './ask-bar.js';
import { Tabs } from './tabs.js';
import { $, button, input, textarea, copyText } from './dom.js';
import { canResign, isPlayer, movableSide } from '../game/predicates.js';
import { sideName, takenBy } from '../game/format.js';
import { framesOf } from '../game/replay.js';
import { readMove, writeMove } from '../game/notation.js';
import { moveWords, resultWords, spokenName } from '../game/speak.js';
import { turnText } from './status.js';
import { prefs } from '../prefs.js';
import { analysisHash } from '../game/analysis-link.js';
import * as sound from '../sound.js';
import { t as tr } from '../i18n.js';
import { errorText, summaryLines } from '../game/wording.js';

/** @typedef {import('../types.js').Game} Game */
/** @typedef {import('../types.js').Viewer} Viewer */
/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').MoveInput} MoveInput */
/** @typedef {import('../types.js').Move} Move */

/**
 * What feeds the game page: local table or room.
 * @typedef {object} GameSource
 * @property {'local' | 'online'} mode
 * @property {(input: MoveInput) => Promise<boolean>} move plays the viewer's move; true once played
 * @property {() => void} resign
 * @property {() => void} rematch the Rematch button under the result
 */

/**
 * How to draw the game besides its state.
 * @typedef {object} ShowOptions
 * @property {boolean} [busy] something is under way (the computer thinks): nobody moves
 * @property {boolean} [flipped] the page's own orientation (Dark at the bottom), before the Flip button
 * @property {string} pdnUrl where the game downloads as PDN
 * @property {string} pdnName the file name for it
 * @property {{ light: string, dark: string }} names who plays each side, in words ("You", "Computer, level 4")
 * @property {string} gameKey names this game (a rematch is another game with maybe the same result)
 */

export class GameView {
  /** @param {Variant[]} variants */
  constructor(variants) {
    this.variants = variants;
    this.root = $('view-game');
    /** @type {GameSource | null} */
    this.source = null;
    /** @type {GameSource | null} */
    this.lastSource = null;
    this.status = new Status(() => sound.play('error'));
    this.result = new Result();
    this.confirmBar = new AskBar('confirm');
    this.resignBar = new AskBar('resign');
    this.board = new Board($('board-wrap'), {
      label: tr('board-label-game'),
      onMove: (route) => this.playRoute(route),
      onMessage: (text, kind) => this.message(text, kind),
      sound: (k) => sound.play(k),
    });
    this.board.confirm = (route) => (prefs.confirm() ? this.confirmBar.ask(tr('confirm-play', { move: this.write(route.text) })) : Promise.resolve(true));
    this.board.setCoords(prefs.coords());
    /** @type {Variant | null} the rule set shown */
    this.shownVariant = null;
    this.nav = new Navigator({
      prefix: 'game',
      bar: $('game-nav'),
      table: /** @type {HTMLTableElement} */ ($('moves')),
      live: true,
      active: () => !!this.source && !this.root.hidden && !this.root.dataset.empty && !document.querySelector('dialog[open]'),
      show: () => this.drawBoard(),
      write: (t) => this.write(t),
    });
    /** @type {{ key: string, moves: number, result: boolean }} what the live region has said of the shown game */
    this.spoken = { key: '', moves: 0, result: false };
    /** @type {{ key: string, frames: import('../game/replay.js').Frame[] } | null} the positions of the shown game, worked out when looked back on */
    this.frames = null;
    this.clocks = new Clocks('clock');
    this.tabs = new Tabs($('view-game').querySelector('[role="tablist"]') || $('tab-moves'));
    this.manualFlip = false;
    /** @type {{ game: Game, viewer: Viewer, opts: ShowOptions } | null} */
    this.shown = null;

    button('flip').addEventListener('click', () => {
      this.manualFlip = !this.manualFlip;
      this.redraw();
    });
    button('resign').addEventListener('click', async () => {
      const src = this.source;
      const answer = this.resignBar.ask(tr('resign-text'));
      button('resign-yes').focus();
      if ((await answer) && src === this.source && src) src.resign();
    });
    $('type-move').addEventListener('submit', async (e) => {
      e.preventDefault();
      const box = input('move-input');
      const typed = box.value.trim();
      if (!typed || !this.source) return;
      const text = this.shownVariant ? readMove(typed, this.shownVariant) : typed;
      if (this.nav.browsing) this.nav.stepTo(this.nav.end());
      if (await this.source.move({ text })) {
        box.value = '';
        this.message('');
      } else box.focus();
    });
    button('copy-fen').addEventListener('click', async () => {
      if (!this.shown) return;
      const t = this.shown.game.position.fen;
      await copyText(t, textarea('position-out'));
      this.message(tr('copied-fen', { fen: t }));
    });
    button('copy-text').addEventListener('click', async () => {
      if (!this.shown) return;
      const t = this.shown.game.position.text;
      await copyText(t, textarea('position-out'));
      this.message(tr('copied-text', { text: t }));
    });
    button('rematch').addEventListener('click', () => this.source && this.source.rematch());
    // Analyse: the analysis board at the game's final position, with its moves; Review: the
    // same board reviewing the game; Step through: the game from its start, with the move list
    // and the arrow keys.
    /** @param {boolean} review */
    const analyse = (review) => {
      if (!this.shown) return;
      const g = this.shown.game;
      const start = g.start_fen === this.variant(g.variant).start_fen ? null : g.start_fen;
      location.hash = analysisHash(g.variant, start, g.moves.map((m) => m.move.text), review, g.draw_rules);
    };
    button('result-analyse').addEventListener('click', () => analyse(false));
    button('result-review').addEventListener('click', () => analyse(true));
    button('result-step').addEventListener('click', () => {
      this.result.dismiss();
      this.tabs.select('tab-moves');
      this.nav.stepTo(this.nav.start());
      button('game-next').focus();
    });
    setInterval(() => this.clocks.tick(), 250);
  }

  /**
   * Hands the page to a source; a new source starts with a clean page.
   * @param {GameSource} source
   */
  attach(source) {
    // The Flip button's choice stays while the same page comes back (a visit to the guides).
    if (source !== this.lastSource) this.manualFlip = false;
    this.lastSource = source;
    this.source = source;
    this.root.dataset.mode = source.mode;
    this.root.dataset.role = 'player';
    $('room-missing').hidden = true;
    delete this.root.dataset.missing;
    this.shown = null;
    this.root.dataset.empty = '1';
    this.confirmBar.hide();
    this.resignBar.hide();
    this.message('');
  }

  /** @param {GameSource} source */
  detach(source) {
    if (this.source === source) this.source = null;
  }

  /** @param {string} id */
  variant(id) {
    const v = this.variants.find((x) => x.id === id);
    if (!v) throw new Error(`unknown rule set ${id}`);
    return v;
  }

  /**
   * Draws the game for the viewer.
   * @param {Game} game
   * @param {Viewer} viewer
   * @param {ShowOptions} opts
   */
  show(game, viewer, opts) {
    this.shown = { game, viewer, opts };
    delete this.root.dataset.empty;
    const v = this.variant(game.variant);
    const b = this.board;
    b.setVariant(v);
    b.setFlipped(!!opts.flipped !== this.manualFlip);
    // The strips follow the board: the side at the bottom has its strip below it.
    this.root.dataset.flipped = b.flipped ? '1' : '0';
    this.root.dataset.role = isPlayer(viewer) ? 'player' : 'watcher';
    // A finished game offers what comes next (over the board), not the buttons of play.
    this.root.dataset.over = game.outcome ? '1' : '0';
    this.shownVariant = v;
    this.nav.setGame(game.moves, v.first_mover, tr('moves-none-yet', { side: game.side_to_move }), opts.gameKey);
    this.drawBoard();
    this.status.render(game, viewer);
    this.result.render(game.outcome, opts.gameKey, game.variant);
    $('restore-error').hidden = true;
    const taken = takenBy(game.moves);
    for (const side of /** @type {const} */ (['light', 'dark'])) {
      $(`name-${side}`).textContent = opts.names[side];
      $(`taken-${side}`).textContent = taken[side] ? tr('taken-short', { n: taken[side] }) : '';
      $(`taken-${side}`).title = tr('taken-long', { side, n: taken[side] });
    }
    document.title = `${turnText(game, viewer)} · ${v.name} · ${tr('app-name')}`;
    this.speak(game, opts);
    const example = game.position.legal[0];
    input('move-input').placeholder = example ? tr('move-example', { move: this.write(example.text) }) : '';
    this.clocks.set(game.clock);
    textarea('position-out').value = `${game.position.fen}\n${game.position.text}`;
    const pdn = $('download-pdn');
    pdn.setAttribute('href', opts.pdnUrl);
    pdn.setAttribute('download', opts.pdnName);
    // A watcher types no moves.
    button('resign').disabled = !canResign(game, viewer);
    if (!canResign(game, viewer)) this.resignBar.hide();
    const sum = $('rules-summary');
    sum.textContent = '';
    // The summary of the draw rules this game is judged by.
    for (const line of summaryLines(v, game.draw_rules === 'fmjd')) {
      const li = document.createElement('li');
      li.textContent = line;
      sum.appendChild(li);
    }
    $('rules-link').setAttribute('href', `#/guide/${v.id}`);
    $('rules-title').textContent = `${v.name}: the rules in short`;
  }

  /**
   * Draws the board: the game as it stands, or the position looked back on (nobody moves).
   */
  drawBoard() {
    const s = this.shown;
    if (!s) return;
    const { game, viewer, opts } = s;
    const nav = this.nav;
    if (nav.browsing) {
      const key = `${opts.gameKey}:${game.start_fen}:${game.moves.length}`;
      try {
        if (!this.frames || this.frames.key !== key) this.frames = { key, frames: framesOf(game.start_fen, game.moves) };
        const f = this.frames.frames[nav.at - nav.start()];
        if (f) {
          this.root.dataset.browsing = '1';
          this.board.setState({ pieces: f.pieces, legal: [], movable: null, lastMove: f.move });
          return;
        }
      } catch (e) {
        this.message(tr('steps-failed', { error: errorText(e) }), 'error');
      }
    }
    this.root.dataset.browsing = '0';
    this.board.setState({
      pieces: game.position.pieces,
      legal: game.position.legal,
      mustCapture: game.position.must_capture,
      outranked: game.position.outranked,
      movable: movableSide(game, viewer, !!opts.busy),
      lastMove: game.last_move,
    });
  }

  /**
   * Says the new moves and the result in the live region: moves made since the game was last
   * drawn (one, or two when a reply came at once), not those of a game just opened.
   * @param {Game} game
   * @param {ShowOptions} opts
   */
  speak(game, opts) {
    const sp = this.spoken;
    const n = game.moves.length;
    /** @type {string[]} */
    const words = [];
    if (sp.key === opts.gameKey) {
      if (n > sp.moves) {
        for (const m of game.moves.slice(Math.max(sp.moves, n - 2))) words.push(`${moveWords(m, spokenName(opts.names[m.side]), (t) => this.write(t))}.`);
      } else if (n < sp.moves) words.push(tr('speak-taken-back', { n }));
      if (game.outcome && !sp.result) words.push(resultWords(game.outcome));
    } else if (game.outcome) words.push(resultWords(game.outcome));
    this.spoken = { key: opts.gameKey, moves: n, result: !!game.outcome };
    if (words.length) this.announce(words.join(' '));
  }

  /**
   * Says a line in the live region (said again even when the same as the last).
   * @param {string} text
   */
  announce(text) {
    const live = $('announce');
    live.textContent = '';
    requestAnimationFrame(() => {
      live.textContent = text;
    });
  }

  /**
   * A move's text as the settings write it (the coordinates, and how moves are written).
   * @param {string} text
   */
  write(text) {
    return this.shownVariant ? writeMove(text, this.shownVariant, prefs.coords(), prefs.moves()) : text;
  }

  /**
   * The coordinates setting: the board's labels and the written moves.
   * @param {'numbers' | 'algebraic' | 'hidden'} mode
   */
  setCoords(mode) {
    this.board.setCoords(mode);
    this.nav.rewrite();
  }

  /** Draws the shown game again (after a flip, or when only the viewer changed). */
  redraw() {
    if (this.shown) this.show(this.shown.game, this.shown.viewer, this.shown.opts);
  }

  /** Shows no game (a saved game that cannot be restored, a room that does not exist). */
  clear() {
    this.shown = null;
    this.root.dataset.empty = '1';
    this.board.setState({ pieces: [], legal: [], movable: null });
    this.status.setTurnText('');
    this.result.render(null);
    document.title = tr('app-name');
  }

  /**
   * Plays a move on the board: the hops are animated and the caller sets the new state after.
   * @param {Move} move
   */
  animate(move) {
    // Someone looking back on the game sees the old position; the new move is in the list.
    if (this.nav.browsing) return Promise.resolve();
    return this.board.animateMove(move);
  }

  /**
   * @param {string} text
   * @param {'info' | 'warn' | 'error'} [kind]
   */
  message(text, kind = 'info') {
    this.status.message(text, kind);
  }

  /** @param {Move} route */
  async playRoute(route) {
    if (!this.source) return;
    this.message('');
    const ok = await this.source.move({ from: route.from, path: route.path, captured: route.captured });
    // A refused move puts the pieces back where the game has them.
    if (!ok) this.redraw();
  }
}
