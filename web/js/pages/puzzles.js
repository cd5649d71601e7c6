// @ts-check
// Route #/puzzles/<variant>: puzzles mined from real games. The player plays the solver's moves
// on the board; the server judges each one (POST /api/puzzles/<variant>/<id>/attempt) and sends
// the opponent's forced reply, played here after a short pause, until the line is solved or left.
// The rating and streak are the server's, kept in the local database.

import { api, ApiError } from '../transport/api.js';
import { Board } from '../views/board.js';
import { $, button, ruleSetLinks } from '../views/dom.js';
import { applyMove } from '../game/replay.js';
import { sourceText } from './guide.js';
import { prefs } from '../prefs.js';
import * as sound from '../sound.js';
import { t } from '../i18n.js';
import { errorText } from '../game/wording.js';

/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').Move} Move */
/** @typedef {import('../types.js').MoveInput} MoveInput */
/** @typedef {import('../types.js').Puzzle} Puzzle */
/** @typedef {import('../types.js').PuzzleStanding} PuzzleStanding */
/** @typedef {import('../types.js').PuzzleAttempt} PuzzleAttempt */

/** How long the opponent's reply waits after the player's move, in milliseconds. */
const REPLY_MS = 450;

const wait = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

export class PuzzlesPage {
  /** @param {Variant[]} variants */
  constructor(variants) {
    this.variants = variants;
    /** @type {Variant} */
    this.variant = variants[0];
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** @type {MoveInput[]} the solver's moves played on the line so far */
    this.moves = [];
    this.hinted = false;
    /** @type {Move[] | null} the solution, once the attempt is over */
    this.solution = null;
    /** bumped by each new puzzle and on leaving: a late answer for an older one is dropped */
    this.seq = 0;
    this.board = new Board($('puzzle-board'), {
      label: t('puzzles-board-label'),
      onMessage: (text) => this.status(text),
      sound: (k) => sound.play(k),
      onMove: (route) => this.play(route),
    });
    button('puzzle-hint').addEventListener('click', () => this.hint().catch((e) => this.status(errorText(e))));
    button('puzzle-retry').addEventListener('click', () => this.retry());
    button('puzzle-show').addEventListener('click', () => this.show().catch((e) => this.status(errorText(e))));
    button('puzzle-next').addEventListener('click', () => this.next().catch((e) => this.status(errorText(e))));
  }

  /** @param {string | undefined} arg */
  enter(arg) {
    const id = arg && this.variants.some((v) => v.id === arg) ? arg : prefs.variant();
    this.variant = this.variants.find((v) => v.id === id) || this.variants[0];
    ruleSetLinks($('puzzles-tabs'), this.variants, this.variant.id, 'puzzles');
    // Until the rule set's puzzle comes, the page shows none (the tests wait on it).
    $('view-puzzles').dataset.puzzle = '';
    this.board.setCoords(this.variant.notation === 'numeric' ? 'numbers' : 'algebraic');
    this.board.setVariant(this.variant);
    this.next().catch((e) => this.status(errorText(e)));
  }

  leave() {
    this.seq++;
  }

  /** @param {string} text */
  status(text) {
    $('puzzle-status').textContent = text;
  }

  /** Loads the server's next puzzle for the player (or says the rule set has none). */
  async next() {
    const seq = ++this.seq;
    let r;
    try {
      r = await api.puzzleNext(this.variant.id);
    } catch (e) {
      if (seq !== this.seq) return;
      if (e instanceof ApiError && e.code === 'no_puzzles') {
        this.puzzle = null;
        $('puzzle-none').textContent = t('puzzles-none', { variant: this.variant.name });
        $('puzzle-none').hidden = false;
        $('puzzle-play').hidden = true;
        return;
      }
      throw e;
    }
    if (seq !== this.seq) return;
    $('puzzle-none').hidden = true;
    $('puzzle-play').hidden = false;
    this.puzzle = r.puzzle;
    const p = r.puzzle;
    const view = $('view-puzzles');
    view.dataset.puzzle = p.id;
    view.dataset.fen = p.position.fen;
    this.board.setFlipped(p.side === 'dark');
    $('puzzle-turn').textContent = `${t('turn-side', { side: p.side })}. ${t('puzzles-find', { moves: p.moves })}`;
    $('puzzle-info').textContent = t('puzzles-puzzle', { rating: String(p.rating), of: p.of });
    const s = p.source;
    $('puzzle-source').textContent = s.white || s.black ? sourceText({ white: s.white ?? '?', black: s.black ?? '?', event: s.event ?? undefined }) : t('puzzles-source-file', { game: s.game, file: s.file });
    this.standing(r.standing);
    this.hinted = false;
    this.retry();
  }

  /** Back to the puzzle's position, to try again (a retry is not rated again). */
  retry() {
    const p = this.puzzle;
    if (!p) return;
    this.moves = [];
    this.solution = null;
    $('view-puzzles').dataset.verdict = '';
    this.board.setState({ pieces: p.position.pieces, legal: p.position.legal, mustCapture: p.position.must_capture, movable: p.side });
    this.buttons(false);
    this.status('');
  }

  /** @param {PuzzleStanding} s (ratings are written without a thousands separator, as players write them) */
  standing(s) {
    $('puzzle-standing').textContent = t('puzzles-standing', { rating: String(s.rating), deviation: s.deviation, streak: s.streak, solved: s.solved, attempts: s.attempts });
    $('view-puzzles').dataset.rating = String(s.rating);
    $('view-puzzles').dataset.streak = String(s.streak);
  }

  /** @param {boolean} over the attempt is over: retry and the solution instead of a hint */
  buttons(over) {
    button('puzzle-hint').hidden = over;
    button('puzzle-retry').hidden = !over;
  }

  /**
   * The player's move: judged by the server, then the reply played after a pause.
   * @param {Move} route
   */
  async play(route) {
    const p = this.puzzle;
    if (!p) return;
    const seq = this.seq;
    const before = this.board.pieces;
    this.moves.push({ from: route.from, path: route.path, captured: route.captured });
    this.board.setBusy(true);
    let r;
    try {
      r = await api.puzzleAttempt(this.variant.id, p.id, { moves: this.moves, hinted: this.hinted });
    } catch (e) {
      this.moves.pop();
      this.board.setState({ pieces: before, legal: this.board.legal, movable: p.side });
      this.status(errorText(e));
      return;
    }
    if (seq !== this.seq) return;
    const mine = r.reply ? r.played[r.played.length - 2] : r.played[r.played.length - 1];
    // The player's move stays on the board while the reply waits.
    this.board.setState({ pieces: applyMove(before, mine), movable: null, lastMove: mine });
    if (r.verdict === 'wrong') {
      this.finish(r, t('puzzles-wrong', { move: mine.text }));
      return;
    }
    if (r.reply) {
      this.status(t('puzzles-right'));
      await wait(REPLY_MS);
      if (seq !== this.seq) return;
      await this.board.animateMove(r.reply);
    }
    if (r.verdict === 'solved') {
      this.board.setState({ pieces: r.position.pieces, movable: null, lastMove: r.reply || mine });
      this.finish(r, t(this.hinted ? 'puzzles-solved-hinted' : 'puzzles-solved'));
      return;
    }
    this.board.setState({ pieces: r.position.pieces, legal: r.position.legal, mustCapture: r.position.must_capture, movable: p.side, lastMove: r.reply });
    this.status(t('puzzles-reply', { move: r.reply ? r.reply.text : '' }));
  }

  /**
   * An attempt that is over: the verdict, the rating change and the buttons after it.
   * @param {PuzzleAttempt} r
   * @param {string} text
   */
  finish(r, text) {
    this.solution = r.solution;
    $('view-puzzles').dataset.verdict = r.verdict;
    const change = r.change > 0 ? `+${r.change}` : String(r.change);
    this.status(`${text} ${r.rated ? t('puzzles-change', { rating: String(r.standing.rating), change }) : t('puzzles-unrated')}`);
    this.standing(r.standing);
    this.buttons(true);
  }

  /** Highlights the piece the solver moves next; the solve then counts as hinted. */
  async hint() {
    const p = this.puzzle;
    if (!p || this.solution) return;
    const r = await api.puzzleHint(this.variant.id, p.id, this.moves);
    this.hinted = true;
    this.board.showHint({ text: '', from: r.from, path: [], captured: [], promotes: false, key: '' });
    this.status(t('puzzles-hint-shown'));
  }

  /** Plays the whole solution from the puzzle's position (asking for it ends an attempt unsolved). */
  async show() {
    const p = this.puzzle;
    if (!p) return;
    const seq = this.seq;
    if (!this.solution) {
      const r = await api.puzzleAttempt(this.variant.id, p.id, { moves: this.moves, hinted: this.hinted, show: true });
      if (seq !== this.seq) return;
      this.finish(r, '');
    }
    const line = this.solution || [];
    let pieces = p.position.pieces;
    this.board.setState({ pieces, movable: null });
    for (const m of line) {
      await wait(REPLY_MS);
      if (seq !== this.seq) return;
      await this.board.animateMove(m);
      pieces = applyMove(pieces, m);
      this.board.setState({ pieces, movable: null, lastMove: m });
    }
    $('view-puzzles').dataset.shown = '1';
    this.status(t('puzzles-solution', { line: line.map((m) => m.text).join(' ') }));
  }
}
