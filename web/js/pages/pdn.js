// @ts-check
// Route #/pdn: open a PDN file or pasted text, pick a game, step through it (views/navigator.js,
// the same move navigation as a game in play), and play on from any position at the local table.

import { api } from '../transport/api.js';
import { Board } from '../views/board.js';
import { $, button, input, select, textarea, fillSelect } from '../views/dom.js';
import { Navigator } from '../views/navigator.js';
import { pdnMoves } from '../game/pdn-moves.js';
import { prefs } from '../prefs.js';
import { plain, errorText } from '../game/wording.js';
import { AskBar } from '../views/ask-bar.js';
import { analysisHash } from '../game/analysis-link.js';
import { t } from '../i18n.js';
import { writeResult } from '../game/notation.js';
import { onKeep, kept } from '../carry.js';

/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').PdnGame} PdnGame */

// The most PDN text the server reads (MAX_PDN_TEXT in crates/server/src/limits.rs): a bigger
// file is refused here, in words, before it is sent.
const MAX_PDN_TEXT = 8 * 1024 * 1024;

/** @param {number} bytes */
const tooBig = (bytes) => t('pdn-too-big', { size: (bytes / (1024 * 1024)).toFixed(1), most: MAX_PDN_TEXT / (1024 * 1024) });


export class PdnPage {
  /** @param {Variant[]} variants */
  constructor(variants) {
    this.variants = variants;
    /** @type {PdnGame[]} */
    this.games = [];
    /** @type {PdnGame | null} */
    this.game = null;
    this.seq = 0;
    this.picked = 0; // counts the games picked, so that each starts at its beginning
    // The text and fallback rule set the shown collection was read from: the positions of
    // another of its games are asked for with them (the server sends one game's at a time).
    this.read = { text: '', variant: /** @type {string | undefined} */ (undefined) };
    /** The games whose positions have come. @type {Set<number>} */
    this.framed = new Set();
    this.asked = 0;
    this.ask = new AskBar('pdn-ask');
    this.animating = false;
    this.active = false;
    this.board = new Board($('pdn-board'), { label: 'PDN game board' });
    this.nav = new Navigator({
      prefix: 'pdn',
      bar: $('pdn-nav'),
      table: /** @type {HTMLTableElement} */ ($('pdn-moves')),
      live: false,
      active: () => this.active && !!this.game && !$('pdn-view').hidden,
      show: (k, from) => this.draw(k, from),
    });
    this.init();
  }

  enter() {
    this.active = true;
  }

  leave() {
    this.active = false;
    this.ask.hide();
  }

  init() {
    fillSelect(select('pdn-variant'), [{ value: '', text: '(from the file)' }, ...this.variants.map((v) => ({ value: v.id, text: v.name }))]);
    input('pdn-file').addEventListener('change', async () => {
      const f = input('pdn-file').files?.[0];
      $('pdn-error').textContent = '';
      if (f && f.size > MAX_PDN_TEXT) $('pdn-error').textContent = tooBig(f.size);
      else if (f) textarea('pdn-text').value = await f.text();
    });
    $('pdn-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.open();
    });
    button('pdn-analyse').addEventListener('click', () => this.analyse(false));
    button('pdn-review').addEventListener('click', () => this.analyse(true));
    select('pdn-games').addEventListener('change', () => this.pick(Number(select('pdn-games').value)));

    // A change of language reloads the page (carry.js keeps the text in the box): the game
    // that was shown comes back at the move that was shown.
    onKeep(() => {
      /** @type {Record<string, string>} */
      const none = {};
      if (!this.game || $('pdn-view').hidden) return none;
      return { 'pdn-open': '1', 'pdn-variant': select('pdn-variant').value, 'pdn-game': String(this.games.indexOf(this.game)), 'pdn-at': String(this.nav.at) };
    });
    if (kept('pdn-open') === '1') this.reopen();

    button('pdn-continue').addEventListener('click', async () => {
      const g = this.game;
      if (!g || !g.variant) return;
      const fen = g.frames[this.nav.at].fen;
      // Playing on replaces the rule set's saved game: a game in progress is named and asked about.
      const saved = await api.game(g.variant).catch(() => null);
      if (saved && saved.moves.length && !saved.outcome) {
        const v = this.variants.find((x) => x.id === g.variant);
        const n = saved.moves.length;
        const ok = await this.ask.ask(t('pdn-replace', { variant: v ? v.name : g.variant, moves: n }), t('pdn-replace-yes'), t('home-ask-no'));
        if (!ok) return;
      }
      try {
        await api.newGame(g.variant, { position: fen });
        location.hash = `#/play/${g.variant}`;
      } catch (e) {
        $('pdn-error-game').textContent = errorText(e);
      }
    });
  }

  /**
   * The analysis board of the shown game: at the shown position (its moves up to it), or the
   * whole game reviewed.
   * @param {boolean} review
   */
  analyse(review) {
    const g = this.game;
    if (!g || !g.variant || !g.frames.length) return;
    const upTo = review ? g.frames.length : this.nav.at + 1;
    const moves = g.frames.slice(1, upTo).map((f) => (f.move ? f.move.text : ''));
    // A game played under the FMJD's draw rules says so in its [DrawRules "FMJD"] tag: it is
    // analysed and reviewed under them.
    const drawTag = (g.tags.find((t) => t[0].toLowerCase() === 'drawrules') || [])[1] || '';
    const drawRules = drawTag.toLowerCase() === 'fmjd' && g.variant === 'international' ? 'fmjd' : 'simplified';
    location.hash = analysisHash(g.variant, g.frames[0].fen, moves, review, drawRules);
  }

  /** Opens the game that was shown before a change of language, at the move that was shown. */
  async reopen() {
    select('pdn-variant').value = kept('pdn-variant') || '';
    await this.open();
    const i = Number(kept('pdn-game') || 0);
    if (i > 0 && i < this.games.length) {
      select('pdn-games').value = String(i);
      await this.pick(i);
    }
    if (this.game) this.nav.stepTo(Number(kept('pdn-at') || 0));
  }

  // Reads the PDN text in the box and shows its first game.
  async open() {
    $('pdn-error').textContent = '';
    const size = new Blob([textarea('pdn-text').value]).size;
    if (size > MAX_PDN_TEXT) {
      $('pdn-error').textContent = tooBig(size);
      return;
    }
    try {
      this.read = { text: textarea('pdn-text').value, variant: select('pdn-variant').value || undefined };
      const r = await api.readPdn(this.read.text, this.read.variant);
      this.games = r.games;
      this.framed = new Set([r.framed]);
      fillSelect(
        select('pdn-games'),
        r.games.map((g, i) => {
          const tag = (/** @type {string} */ n) => (g.tags.find((t) => t[0].toLowerCase() === n) || [])[1];
          // Italian files name the players in Bianco and Nero (and the result in Risultato).
          const white = tag('white') || tag('bianco') || '?';
          const black = tag('black') || tag('nero') || '?';
          return { value: String(i), text: `${g.number}. ${white} – ${black} ${writeResult(g.result || tag('risultato') || '', g.variant || '', prefs.results())} (${g.variant || t('pdn-unknown-rules')})` };
        }),
      );
      $('pdn-view').hidden = false;
      await this.pick(0);
      if (r.warnings.length) $('pdn-error').textContent = t('pdn-skipped', { warnings: r.warnings.slice(0, 3).map(plain).join('; ') });
    } catch (err) {
      $('pdn-view').hidden = true;
      $('pdn-error').textContent = errorText(err);
    }
  }

  /**
   * Shows game `i` of the collection, asking the server for its positions the first time.
   * @param {number} i
   */
  async pick(i) {
    let g = this.games[i];
    if (!this.framed.has(i)) {
      const ask = ++this.asked;
      try {
        const r = await api.readPdn(this.read.text, this.read.variant, i);
        g = this.games[i] = r.games[i];
        this.framed.add(i);
      } catch (err) {
        $('pdn-error-game').textContent = errorText(err);
        return;
      }
      // Another game was picked while this one's positions came: that one is shown.
      if (ask !== this.asked) return;
    }
    this.game = g;
    $('pdn-error-game').textContent = g.error ? t('pdn-stops-early', { error: plain(g.error) }) : '';
    this.ask.hide();
    const tags = g.tags.filter(([k]) => !['FEN', 'SetUp'].includes(k)).map(([k, v]) => `${k}: ${v}`).join(' · ');
    $('pdn-info').textContent = tags + (g.outcome ? ` — ${t('pdn-by-our-rules', { result: g.outcome })}` : '');
    const v = this.variants.find((x) => x.id === g.variant);
    const first = v ? v.first_mover : 'light';
    this.nav.setGame(pdnMoves(g, first), first, t('pdn-no-moves'), `pdn:${++this.picked}`, 0);
    button('pdn-continue').disabled = button('pdn-analyse').disabled = !v;
    button('pdn-review').disabled = !v || g.frames.length < 2;
    if (!v) {
      this.board.container.hidden = true;
      return;
    }
    this.board.container.hidden = false;
    this.board.setCoords(prefs.coords());
    this.board.setVariant(v);
    this.draw(0, 0);
  }

  /**
   * Draws the position after `k` moves; one move on from the shown one is played on the board.
   * @param {number} k
   * @param {number} from
   */
  async draw(k, from) {
    const g = this.game;
    if (!g || !g.frames.length) return;
    const f = g.frames[k];
    const seq = ++this.seq;
    if (k === from + 1 && f.move && !this.animating) {
      this.animating = true;
      await this.board.animateMove(f.move);
      this.animating = false;
    }
    // A later step while this one was animating has the last word.
    if (seq !== this.seq) return;
    this.board.setState({ pieces: f.pieces, legal: [], movable: null, lastMove: f.move });
  }
}
