// @ts-check
// Route #/analysis/<variant>?fen=<FEN>&moves=<m1>,<m2>[&review=1] (game/analysis-link.js): the
// analysis board. The engine's three best lines for the shown position, updating while it
// thinks (the analysis restarts on every change of position, the last request aborted), with
// the evaluation bar and number, and a switch to pause it; free moves on the board build a move
// tree with side lines (views/tree-view.js; the arrow keys step as in views/navigator.js);
// "Copy link" gives the address of the shown position; the board editor sets up a position,
// checked by the server as set up by hand; the game review (POST /api/review) marks the main
// line's moves, draws the graph of the game and gives each side's accuracy.

import { api } from '../transport/api.js';
import { streamAnalysis, streamReview } from '../transport/analysis.js';
import { Board } from '../views/board.js';
import { EvalBar } from '../views/eval-bar.js';
import { EngineLines } from '../views/engine-lines.js';
import { TreeView } from '../views/tree-view.js';
import { ReviewPanel } from '../views/review-panel.js';
import { Palette } from '../views/palette.js';
import { $, button, input, select, fillSelect, copyText } from '../views/dom.js';
import { MoveTree } from '../game/move-tree.js';
import { lightScore } from '../game/score.js';
import { markOf } from '../game/marks.js';
import { analysisHash, parseAnalysisHash } from '../game/analysis-link.js';
import { applyTool, writeFen } from '../game/editor.js';
import { parseFen } from '../game/replay.js';
import { writeMove } from '../game/notation.js';
import { errorText, outcomeText } from '../game/wording.js';
import { t } from '../i18n.js';
import { prefs } from '../prefs.js';
import * as sound from '../sound.js';

/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').Move} Move */
/** @typedef {import('../types.js').Piece} Piece */
/** @typedef {import('../types.js').Side} Side */
/** @typedef {import('../types.js').Review} Review */
/** @typedef {import('../types.js').ReviewPly} ReviewPly */
/** @typedef {import('../types.js').AnalysisEvent} AnalysisEvent */
/** @typedef {import('../types.js').AnalysisRequest} AnalysisRequest */
/** @typedef {import('../game/move-tree.js').TreeNode} TreeNode */
/** @typedef {import('../game/editor.js').EditorTool} EditorTool */
/** @typedef {import('../game/analysis-link.js').AnalysisAddress} AnalysisAddress */

// How long a position is shown before the engine is asked about it: stepping quickly through
// moves does not start a search for each.
const SETTLE_MS = 150;
// How often a refused analysis (the engines all busy) is tried again.
const BUSY_RETRIES = 3;

/**
 * A message as a sentence: a capital first and a full stop at the end.
 * @param {string} text
 * @returns {string}
 */
function sentence(text) {
  const t = text.trim();
  if (!t) return t;
  const first = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/**
 * Says something in the page's live region.
 * @param {string} text
 */
function announce(text) {
  $('announce').textContent = text;
}

export class AnalysisPage {
  /** @param {Variant[]} variants */
  constructor(variants) {
    this.variants = variants;
    this.root = $('view-analysis');
    /** @type {Variant} */
    this.variant = variants.find((v) => v.id === prefs.variant()) || variants[0];
    this.tree = new MoveTree();
    /** @type {TreeNode} */
    this.current = this.tree.root;
    /** @type {string | null} the FEN the tree starts from, as the address names it (null: the rule set's start) */
    this.rootFen = null;
    /** @type {'simplified' | 'fmjd'} the draw rules the moves are judged by */
    this.drawRules = 'simplified';
    /** @type {string} the address this page last wrote: coming back to it keeps the board */
    this.written = '';
    this.loadSeq = 0;
    this.active = false;
    this.engineOn = true;
    /** @type {import('../transport/analysis.js').Stream<AnalysisEvent> | null} */
    this.stream = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.settle = null;
    this.busyTries = 0;
    /** @type {import('../transport/analysis.js').Stream<import('../types.js').ReviewEvent> | null} */
    this.reviewStream = null;
    /** @type {{ review: Review, nodes: TreeNode[] } | null} the finished review and the nodes it covers (the start, then each move) */
    this.review = null;
    /** @type {Map<number, ReviewPly>} each reviewed move by its node */
    this.reviewed = new Map();
    this.editing = false;
    /** @type {Piece[]} */
    this.editPieces = [];
    /** @type {EditorTool} */
    this.editTool = 'light-man';

    this.board = new Board($('analysis-board'), {
      label: t('analysis-title'),
      onMove: (route) => this.play(route),
      onMessage: (text, kind) => this.message(text, kind),
      sound: (k) => sound.play(k),
    });
    this.bar = new EvalBar($('eval-bar'), $('eval-number'), $('eval-words'));
    this.lines = new EngineLines(/** @type {HTMLOListElement} */ ($('engine-lines')), $('engine-depth'), (moves) => this.playLine(moves), (t) => this.write(t));
    this.treeView = new TreeView($('analysis-tree'), {
      onPick: (n) => this.goTo(n),
      write: (t) => this.write(t),
      mark: (n) => {
        const p = this.reviewed.get(n.id);
        return p ? markOf(p.class).symbol : '';
      },
    });
    this.reviewPanel = new ReviewPanel(
      (i) => this.review && this.review.nodes[i] && this.goTo(this.review.nodes[i]),
      () => this.stopReview(t('review-stopped')),
      (t) => this.write(t),
    );
    this.palette = new Palette($('editor-palette'), this.editTool, (tool) => (this.editTool = tool));
    this.init();
  }

  init() {
    fillSelect(select('analysis-variant'), this.variants.map((v) => ({ value: v.id, text: v.name })));
    select('analysis-variant').addEventListener('change', () => {
      location.hash = analysisHash(select('analysis-variant').value, null);
    });
    button('an-first').addEventListener('click', () => this.goTo(this.tree.root));
    button('an-prev').addEventListener('click', () => this.current.parent && this.goTo(this.current.parent));
    button('an-next').addEventListener('click', () => this.current.children[0] && this.goTo(this.current.children[0]));
    button('an-last').addEventListener('click', () => this.goTo(this.tree.end(this.current)));
    button('an-flip').addEventListener('click', () => {
      this.board.setFlipped(!this.board.flipped);
      this.bar.setFlipped(this.board.flipped);
      if (this.editing) this.drawEditor();
      else this.draw();
    });
    input('engine-on').addEventListener('change', () => {
      this.engineOn = input('engine-on').checked;
      announce(this.engineOn ? t('analysis-resumed') : t('analysis-paused'));
      this.restart();
    });
    button('an-copy').addEventListener('click', async () => {
      const url = `${location.origin}${location.pathname}${this.hash()}`;
      const box = input('an-link');
      box.hidden = false;
      box.value = url;
      const ok = await copyText(url, box);
      this.message(ok ? t('analysis-link-copied') : t('analysis-link-copy-below'));
    });
    button('an-promote').addEventListener('click', () => {
      if (this.tree.promote(this.current)) {
        this.renderTree();
        this.message(t('analysis-main-line'));
      }
      this.sync();
    });
    button('an-delete').addEventListener('click', () => {
      if (!this.current.parent) return;
      const gone = this.current;
      this.reviewed.delete(gone.id);
      this.goTo(this.tree.remove(gone), true);
    });
    button('an-review').addEventListener('click', () => this.startReview());
    button('an-edit').addEventListener('click', () => this.openEditor());
    for (const r of this.root.querySelectorAll('input[name="editor-side"]')) r.addEventListener('change', () => this.editorChanged());
    button('editor-clear').addEventListener('click', () => {
      this.editPieces = [];
      this.editorChanged();
    });
    button('editor-start').addEventListener('click', () => {
      this.editPieces = parseFen(this.variant.start_fen).pieces;
      this.setEditSide(this.variant.first_mover);
      this.editorChanged();
    });
    button('editor-go').addEventListener('click', () => this.editorGo());
    button('editor-cancel').addEventListener('click', () => this.closeEditor());
    document.addEventListener('keydown', (e) => this.key(e));
  }

  /** @param {string | undefined} _arg the route's argument (the page reads the whole address) */
  enter(_arg) {
    this.active = true;
    const addr = parseAnalysisHash(location.hash) || { variant: '', fen: null, moves: [], review: false, drawRules: /** @type {'simplified'} */ ('simplified') };
    if (location.hash === this.written && this.tree.root.position) {
      // Back on the same board (a visit to another page): the engine goes on.
      this.goTo(this.current);
      return;
    }
    this.load(addr);
  }

  leave() {
    this.active = false;
    this.stopAnalysis();
    if (this.reviewStream) this.stopReview(t('review-stopped-left'));
  }

  /**
   * A move written as the coordinates setting asks.
   * @param {string} text
   */
  write(text) {
    return writeMove(text, this.variant, prefs.coords(), prefs.moves());
  }

  /**
   * The message line under the engine's lines.
   * @param {string} text
   * @param {'info' | 'warn' | 'error'} [kind]
   */
  message(text, kind = 'info') {
    const m = $('analysis-message');
    m.textContent = text;
    m.dataset.kind = kind;
  }

  /** The address of the shown position: the tree's start and the moves to the shown node. */
  hash() {
    return analysisHash(this.variant.id, this.rootFen, this.tree.movesTo(this.current).map((m) => m.text), false, this.drawRules);
  }

  /**
   * Sets up the board of an address: its position (the rule set's start when it names none),
   * then its moves one by one; a move that cannot be played stops there, and says so.
   * @param {AnalysisAddress} addr
   */
  async load(addr) {
    const seq = ++this.loadSeq;
    this.stopAnalysis();
    this.stopReview('');
    this.closeEditor(false);
    this.clearReview();
    this.message('');
    input('an-link').hidden = true;
    const known = this.variants.find((v) => v.id === addr.variant);
    const v = known || this.variants.find((x) => x.id === prefs.variant()) || this.variants[0];
    /** @type {string[]} */
    const notes = [];
    if (addr.variant && !known) notes.push(t('analysis-unknown-variant', { id: addr.variant, variant: v.name }));
    this.variant = v;
    this.drawRules = addr.drawRules === 'fmjd' && v.draw_rules.includes('fmjd') ? 'fmjd' : 'simplified';
    $('analysis-rules').hidden = this.drawRules !== 'fmjd';
    select('analysis-variant').value = v.id;
    this.board.setVariant(v);
    this.board.setCoords(prefs.coords());
    let rootFen = addr.fen;
    let start;
    try {
      start = await api.position(v.id, rootFen || v.start_fen);
    } catch (e) {
      notes.push(t('analysis-link-position-bad', { error: errorText(e) }));
      rootFen = null;
      start = await api.position(v.id, v.start_fen).catch(() => null);
      if (!start) {
        if (seq === this.loadSeq) this.message(errorText(e), 'error');
        return;
      }
    }
    if (seq !== this.loadSeq) return;
    const tree = new MoveTree(start.position);
    tree.root.outcome = start.outcome;
    let at = tree.root;
    for (const [i, text] of addr.moves.entries()) {
      const pos = at.position;
      if (!pos) break;
      try {
        const r = await api.position(v.id, pos.fen, { text });
        if (seq !== this.loadSeq) return;
        const child = tree.add(at, r.played || /** @type {Move} */ ({ text, from: '', path: [], captured: [] }), r.position);
        child.outcome = r.outcome;
        at = child;
      } catch (e) {
        notes.push(t('analysis-link-move-bad', { n: i + 1, move: text, error: sentence(errorText(e)) }));
        break;
      }
    }
    if (seq !== this.loadSeq) return;
    this.tree = tree;
    this.rootFen = rootFen ? /** @type {import('../types.js').Position} */ (tree.root.position).fen : null;
    this.renderTree(at);
    this.goTo(at);
    if (notes.length) this.message(notes.join(' '), 'warn');
    if (addr.review && tree.root.children.length) this.startReview();
  }

  // ----- the board and the tree -----

  /**
   * Shows a node: the board, the tree's mark, the address, the review's detail; the engine
   * starts on it.
   * @param {TreeNode} node
   * @param {boolean} [redrawTree] the tree changed
   */
  goTo(node, redrawTree = false) {
    this.current = node;
    this.message('');
    if (this.editing) this.closeEditor(false);
    this.draw();
    if (redrawTree) this.renderTree();
    else this.treeView.mark(node);
    this.writeHash();
    this.sync();
    this.showReviewDetail();
    this.restart();
  }

  /** Draws the shown node's position; the side to move may move (free moves for both sides). */
  draw() {
    const node = this.current;
    const pos = node.position;
    if (!pos) return;
    const over = !!node.outcome;
    this.board.onSquare = null;
    this.board.setState({
      pieces: pos.pieces,
      legal: over ? [] : pos.legal,
      mustCapture: pos.must_capture,
      outranked: pos.outranked,
      movable: over ? null : pos.side_to_move,
      lastMove: node.move,
    });
  }

  /**
   * Draws the tree again.
   * @param {TreeNode} [current]
   */
  renderTree(current = this.current) {
    const side = this.tree.root.position ? this.tree.root.position.side_to_move : this.variant.first_mover;
    this.treeView.render(this.tree, current, side, this.variant.first_mover);
  }

  /** Puts the shown position's address in the address bar, without a new history entry. */
  writeHash() {
    if (!this.active) return;
    const hash = this.hash();
    this.written = hash;
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  /** The step and tree buttons' states. */
  sync() {
    const n = this.current;
    button('an-first').disabled = button('an-prev').disabled = !n.parent;
    button('an-next').disabled = button('an-last').disabled = !n.children.length;
    button('an-promote').disabled = this.tree.isMain(n);
    button('an-delete').disabled = !n.parent;
    button('an-review').disabled = !this.tree.root.children.length || !!this.reviewStream;
  }

  /**
   * A move made on the board: the node after it (known, or asked of the server).
   * @param {Move} route
   */
  async play(route) {
    const node = this.current;
    const known = node.children.find((c) => c.move && c.move.text === route.text);
    if (known) {
      this.goTo(known);
      return;
    }
    const child = await this.child(node, route);
    if (!child) {
      this.draw();
      return;
    }
    this.goTo(child, true);
  }

  /**
   * The node after a move at a node: a known child, or a new one with the server's position.
   * Null (and a message) when the server refuses the move.
   * @param {TreeNode} node
   * @param {Move} move
   * @returns {Promise<TreeNode | null>}
   */
  async child(node, move) {
    const known = node.children.find((c) => c.move && c.move.text === move.text);
    if (known) return known;
    const pos = node.position;
    if (!pos) return null;
    try {
      const r = await api.position(this.variant.id, pos.fen, move.from ? { from: move.from, path: move.path, captured: move.captured } : { text: move.text });
      const c = this.tree.add(node, r.played || move, r.position);
      c.outcome = r.outcome;
      return c;
    } catch (e) {
      this.message(errorText(e), 'error');
      return null;
    }
  }

  /**
   * Plays the first moves of an engine line from the shown node.
   * @param {Move[]} moves
   */
  async playLine(moves) {
    let at = this.current;
    for (const m of moves) {
      const c = await this.child(at, m);
      if (!c) break;
      at = c;
    }
    this.goTo(at, true);
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (!this.active || this.root.hidden || this.editing || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = /** @type {Element | null} */ (e.target);
    if (t && t.closest && t.closest('textarea, input, select, svg, [role="tablist"], dialog')) return;
    const n = this.current;
    /** @type {Record<string, TreeNode | null>} */
    const to = { ArrowLeft: n.parent, ArrowRight: n.children[0] || null, Home: this.tree.root, End: this.tree.end(n) };
    if (!(e.key in to)) return;
    e.preventDefault();
    const next = to[e.key];
    if (next && next !== n) this.goTo(next);
  }

  // ----- the engine -----

  /** Stops the running analysis, if any. */
  stopAnalysis() {
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    if (this.stream) this.stream.stop();
    this.stream = null;
  }

  /** Starts the engine on the shown node again (after a short pause), or says why not. */
  restart() {
    this.stopAnalysis();
    this.busyTries = 0;
    const node = this.current;
    if (node.outcome) {
      this.bar.clear(t('analysis-over'));
      this.lines.clear(t('analysis-over-here', { result: outcomeText(node.outcome) }));
      return;
    }
    if (!this.engineOn) {
      this.bar.clear(t('analysis-bar-paused'));
      this.lines.clear(t('analysis-engine-paused'));
      return;
    }
    if (this.reviewStream) {
      this.lines.clear(t('analysis-engine-reviewing'));
      return;
    }
    this.lines.clear(t('analysis-thinking'));
    this.bar.dim();
    this.settle = setTimeout(() => this.analyse(node), SETTLE_MS);
  }

  /**
   * Asks the engine for its lines at a node; each depth's lines are shown as they come.
   * @param {TreeNode} node
   */
  analyse(node) {
    this.settle = null;
    if (!this.active || node !== this.current) return;
    /** @type {AnalysisRequest} */
    const req = { variant: this.variant.id, moves: this.tree.movesTo(node).map((m) => m.text), lines: 3 };
    if (this.rootFen) req.fen = this.rootFen;
    if (this.drawRules === 'fmjd') req.draw_rules = 'fmjd';
    const s = streamAnalysis(req, (e) => {
      if (this.stream === s) this.onAnalysis(e, node);
    });
    this.stream = s;
    s.done
      .then((d) => {
        if (this.stream !== s) return;
        this.stream = null;
        if (d.type === 'done' && (d.reason === 'depth' || d.reason === 'time')) $('engine-depth').textContent += ` · ${t('analysis-finished')}`;
      })
      .catch((e) => {
        if (this.stream !== s) return;
        this.stream = null;
        if (e.status === 503 && this.busyTries < BUSY_RETRIES) {
          this.busyTries++;
          this.settle = setTimeout(() => this.analyse(node), 600 * this.busyTries);
          return;
        }
        this.lines.clear(errorText(e));
      });
  }

  /**
   * One line of the analysis stream.
   * @param {AnalysisEvent} e
   * @param {TreeNode} node the node analysed
   */
  onAnalysis(e, node) {
    if (e.type === 'position') {
      if (e.outcome && !node.outcome) {
        // The game's history ends it here (a repetition, the draw counts).
        node.outcome = e.outcome;
        this.draw();
        this.bar.clear(t('analysis-over'));
        this.lines.clear(t('analysis-over-here', { result: outcomeText(e.outcome) }));
      }
    } else if (e.type === 'lines') {
      if (!e.lines.length) return;
      const best = e.lines[0];
      this.bar.show(lightScore(best.score, e.side_to_move));
      const offset = this.rootOffset();
      const number = 1 + Math.floor((node.ply + offset) / 2);
      this.lines.show(e.lines, e.side_to_move, this.variant.first_mover, number, e.depth);
      if (best.moves[0]) this.board.showHint(best.moves[0]);
    }
  }

  /** 0 when the tree starts with the first mover to move, 1 when with the other side. */
  rootOffset() {
    const pos = this.tree.root.position;
    return pos && pos.side_to_move !== this.variant.first_mover ? 1 : 0;
  }

  // ----- the review -----

  /** Reviews the main line from the tree's start. */
  startReview() {
    const nodes = [this.tree.root, ...this.tree.mainLine()];
    if (nodes.length < 2) {
      this.message(t('review-no-moves'), 'warn');
      return;
    }
    this.stopReview('');
    this.clearReview();
    this.stopAnalysis();
    this.reviewPanel.start(nodes.length);
    const moves = nodes.slice(1).map((n) => /** @type {Move} */ (n.move).text);
    /** @type {import('../types.js').ReviewRequest} */
    const req = this.rootFen ? { variant: this.variant.id, fen: this.rootFen, moves } : { variant: this.variant.id, moves };
    if (this.drawRules === 'fmjd') req.draw_rules = 'fmjd';
    /** @type {Review | null} */
    let review = null;
    const s = streamReview(req, (e) => {
      if (this.reviewStream !== s) return;
      if (e.type === 'progress') this.reviewPanel.progress(e.done, e.total);
      else if (e.type === 'review') review = e;
    });
    this.reviewStream = s;
    this.sync();
    this.restart();
    s.done
      .then(() => {
        if (this.reviewStream !== s) return;
        this.reviewStream = null;
        if (!review) throw new Error(t('review-no-results'));
        this.showReview(review, nodes);
      })
      .catch((e) => {
        if (this.reviewStream !== s && this.reviewStream !== null) return;
        if (this.reviewStream === s) this.reviewStream = null;
        this.reviewPanel.note(t('review-failed', { error: errorText(e) }));
      })
      .finally(() => {
        if (this.reviewStream === null && this.active) {
          this.sync();
          this.restart();
        }
      });
  }

  /**
   * Stops a running review, with a note in its place ('' hides the review).
   * @param {string} note
   */
  stopReview(note) {
    const s = this.reviewStream;
    if (!s) return;
    this.reviewStream = null;
    s.stop();
    if (note) {
      this.reviewPanel.note(note);
      announce(note);
    } else this.reviewPanel.hide();
    this.sync();
    if (this.active) this.restart();
  }

  /** Forgets the review: its marks, its panel. */
  clearReview() {
    this.review = null;
    this.reviewed.clear();
    this.reviewPanel.clear();
  }

  /**
   * Shows a finished review: the panel, and the marks in the tree.
   * @param {Review} review
   * @param {TreeNode[]} nodes the start and the node after each move reviewed
   */
  showReview(review, nodes) {
    this.review = { review, nodes };
    this.reviewed.clear();
    review.plies.forEach((p, i) => {
      const n = nodes[i + 1];
      if (n) this.reviewed.set(n.id, p);
    });
    const offset = this.rootOffset();
    this.reviewPanel.show(review, (i) => (i + offset) % 2 === 0);
    this.renderTree();
    this.showReviewDetail();
    announce(t('review-finished', { light: Math.round(review.accuracy.light), dark: Math.round(review.accuracy.dark) }));
  }

  /** What the review says of the shown move, when it was reviewed. */
  showReviewDetail() {
    if (!this.review) return;
    const i = this.review.nodes.indexOf(this.current);
    this.reviewPanel.detail(i >= 0 ? i : null);
  }

  // ----- the board editor -----

  /** Opens the editor on the shown position. */
  openEditor() {
    const pos = this.current.position;
    this.stopAnalysis();
    this.editing = true;
    this.root.dataset.editing = '1';
    $('editor').hidden = false;
    $('editor-error').textContent = '';
    this.editPieces = pos ? pos.pieces.slice() : [];
    this.setEditSide(pos ? pos.side_to_move : this.variant.first_mover);
    this.bar.clear(t('analysis-setting-up'));
    // Stepping would leave the editor: the steps wait until it is closed.
    for (const id of ['an-first', 'an-prev', 'an-next', 'an-last']) button(id).disabled = true;
    this.drawEditor();
    this.palette.focus();
  }

  /**
   * Closes the editor; the shown node comes back unless `redraw` is false.
   * @param {boolean} [redraw]
   */
  closeEditor(redraw = true) {
    if (!this.editing) return;
    this.editing = false;
    delete this.root.dataset.editing;
    $('editor').hidden = true;
    this.board.onSquare = null;
    this.sync();
    if (redraw) this.goTo(this.current);
  }

  /** @param {Side} side */
  setEditSide(side) {
    for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (this.root.querySelectorAll('input[name="editor-side"]'))) r.checked = r.value === side;
  }

  /** @returns {Side} */
  editSide() {
    const r = /** @type {HTMLInputElement | null} */ (this.root.querySelector('input[name="editor-side"]:checked'));
    return r && r.value === 'dark' ? 'dark' : 'light';
  }

  /** Draws the editor's pieces; a click on a square uses the chosen tool there. */
  drawEditor() {
    this.board.setState({ pieces: this.editPieces, legal: [], movable: null, lastMove: null });
    this.board.onSquare = (sq) => {
      this.editPieces = applyTool(this.editPieces, sq, this.editTool);
      this.editorChanged();
    };
  }

  editorChanged() {
    $('editor-error').textContent = '';
    this.drawEditor();
  }

  /** Has the server check the position as set up by hand; a good one is analysed. */
  async editorGo() {
    const fen = writeFen(this.editPieces, this.editSide(), this.variant.squares.map((s) => s.name));
    let r;
    try {
      r = await api.positionByHand(this.variant.id, fen);
    } catch (e) {
      $('editor-error').textContent = t('editor-failed', { error: errorText(e) });
      return;
    }
    const hash = analysisHash(this.variant.id, r.position.fen, [], false, this.drawRules);
    this.closeEditor(false);
    if (location.hash !== hash) location.hash = hash;
    else {
      this.written = '';
      this.load({ variant: this.variant.id, fen: r.position.fen, moves: [], review: false, drawRules: this.drawRules });
    }
  }
}
