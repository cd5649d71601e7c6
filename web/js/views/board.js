// @ts-check
// The board: our own SVG drawing for the four boards (8x8 diagonal, the turned Italian 8x8,
// 10x10, and the 64-square Turkish board), with click-click and drag moves on mouse and touch,
// capture chains hop by hop, ghosts of taken pieces, hop animation and keyboard access.
//
// The board never decides what is legal: it is given the server's list of legal routes
// ({from, path, captured, text}) and only lets the player follow one of them.

import { t } from '../i18n.js';

/** @typedef {import('../types.js').Move} Move */
/** @typedef {import('../types.js').Piece} Piece */
/** @typedef {import('../types.js').Side} Side */
/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').SquareInfo} SquareInfo */
/** @typedef {{ from: string, at: string, hops: string[], routes: Move[] }} Selection a piece picked, and the hops played so far */
/** @typedef {{ name: string, x: number, y: number, id: number, dragging: boolean, canDrag: boolean, piece?: SVGGElement }} Press */

/**
 * @typedef {object} BoardOptions
 * @property {string} [label] the board's accessible name
 * @property {(route: Move) => Promise<void>} [onMove] a route the player finished
 * @property {(text: string, kind: 'info' | 'warn' | 'error') => void} [onMessage]
 * @property {(kind: 'move' | 'capture') => void} [sound]
 */

/**
 * What the board shows: the pieces, the legal routes, and who may move now.
 * @typedef {object} BoardState
 * @property {Piece[]} pieces
 * @property {Move[]} [legal]
 * @property {boolean} [mustCapture]
 * @property {string[]} [outranked]
 * @property {Side | null} [movable]
 * @property {Move | null} [lastMove]
 */

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 100;
const HOP_MS = 170;

/**
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element} [parent]
 * @returns {any} the SVG element
 */
function el(name, attrs = {}, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

const reducedMotion = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export class Board {
  /**
   * @param {HTMLElement} container
   * @param {BoardOptions} [opts]
   */
  constructor(container, opts = {}) {
    this.container = container;
    this.opts = opts;
    /** @type {Variant} set by setVariant before anything is drawn */
    this.variant = /** @type {any} */ (null);
    this.flipped = false;
    /** @type {'numbers' | 'algebraic' | 'hidden'} */
    this.coords = 'numbers';
    /** @type {Map<string, SquareInfo>} */
    this.byName = new Map();
    /** @type {Map<string, SquareInfo>} */
    this.byRowCol = new Map();
    /** @type {string | null} the square that has the keyboard focus */
    this.focusName = null;
    /** @type {Map<string, SVGGElement>} */
    this.squareEls = new Map();
    /** @type {Map<string, SVGGElement>} */
    this.pieceEls = new Map();
    /** @type {Press | null} */
    this.press = null;
    /** @type {SVGGElement} */
    this.gSquares = /** @type {any} */ (null);
    /** @type {SVGGElement} */
    this.gMarks = /** @type {any} */ (null);
    /** @type {SVGGElement} */
    this.gCoords = /** @type {any} */ (null);
    /** @type {SVGGElement} */
    this.gGhosts = /** @type {any} */ (null);
    /** @type {SVGGElement} */
    this.gPieces = /** @type {any} */ (null);
    /** @type {SVGGElement} */
    this.gOver = /** @type {any} */ (null);
    /** @type {Piece[]} */
    this.pieces = [];
    /** @type {Move[]} */
    this.legal = [];
    this.mustCapture = false;
    /** @type {string[]} pieces whose capture another capture outranks */
    this.outranked = [];
    /** @type {Side | null} who may move now */
    this.movable = null;
    /** @type {Move | null} */
    this.lastMove = null;
    /** @type {Move | null} */
    this.hint = null;
    /** @type {string[]} */
    this.forced = [];
    /** @type {Selection | null} */
    this.sel = null;
    this.busy = false;
    /** @type {string | null} a square clicked while a hop was shown: played once the hop is done */
    this.queued = null;
    /** @type {((route: Move) => Promise<boolean>) | null} asked before a finished route is played */
    this.confirm = null;
    /** @type {((name: string) => void) | null} when set (the board editor), a click or Enter on a square calls it instead of moving */
    this.onSquare = null;
    /** @type {SVGSVGElement} */
    this.svg = el('svg', { class: 'board', role: 'group', 'aria-label': opts.label || t('board-label') });
    container.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
    this.svg.addEventListener('keydown', (e) => this.keyDown(e));
  }

  // ----- configuration -----

  /** @param {Variant} v */
  setVariant(v) {
    if (this.variant && this.variant.id === v.id) return;
    this.variant = v;
    this.byName = new Map(v.squares.map((s) => [s.name, s]));
    this.byRowCol = new Map(v.squares.map((s) => [`${s.row},${s.col}`, s]));
    this.focusName = null;
    this.sel = null;
    // What was shown belongs to the old board.
    this.pieces = [];
    this.legal = [];
    this.lastMove = null;
    this.hint = null;
    this.forced = [];
    this.build();
  }

  /** @param {boolean} f */
  setFlipped(f) {
    if (this.flipped === f) return;
    this.flipped = f;
    this.build();
  }

  /** @param {'numbers' | 'algebraic' | 'hidden'} mode */
  setCoords(mode) {
    if (this.coords === mode) return;
    this.coords = mode;
    this.drawCoords();
  }

  /** @param {BoardState} state */
  setState(state) {
    this.pieces = state.pieces;
    this.legal = state.legal || [];
    this.mustCapture = !!state.mustCapture;
    this.outranked = state.outranked || [];
    this.movable = state.movable || null;
    this.lastMove = state.lastMove || null;
    this.sel = null;
    this.forced = [];
    this.hint = null;
    this.queued = null;
    this.setBusy(false);
    this.drawPieces();
    this.drawMarks();
    this.updateLabels();
  }

  /** @param {boolean} b */
  setBusy(b) {
    this.busy = b;
    this.svg.classList.toggle('busy', b);
  }

  /** @param {Move} move */
  showHint(move) {
    this.hint = move;
    this.drawMarks();
  }

  // ----- geometry -----

  size() {
    return this.variant.size;
  }

  /**
   * The square of this name (the board only names squares of its rule set).
   * @param {string} name
   * @returns {SquareInfo}
   */
  square(name) {
    const s = this.byName.get(name);
    if (!s) throw new Error(`no square ${name} on this board`);
    return s;
  }

  /**
   * Display (x, y) of the centre of a named square.
   * @param {string} name
   * @returns {[number, number]}
   */
  center(name) {
    const s = this.square(name);
    const n = this.size();
    const r = this.flipped ? n - 1 - s.row : s.row;
    const c = this.flipped ? n - 1 - s.col : s.col;
    return [c * CELL + CELL / 2, r * CELL + CELL / 2];
  }

  /**
   * @param {number} clientX
   * @param {number} clientY
   * @returns {string | null}
   */
  squareAtPoint(clientX, clientY) {
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = pt.matrixTransform(ctm.inverse());
    const n = this.size();
    let c = Math.floor(p.x / CELL);
    let r = Math.floor(p.y / CELL);
    if (r < 0 || c < 0 || r >= n || c >= n) return null;
    if (this.flipped) {
      r = n - 1 - r;
      c = n - 1 - c;
    }
    const s = this.byRowCol.get(`${r},${c}`);
    return s ? s.name : null;
  }

  /**
   * The square's name as shown to people: PDN number, or algebraic.
   * @param {string} name
   */
  spoken(name) {
    const s = this.byName.get(name);
    if (!s) return name;
    return this.variant.notation === 'numeric' ? `square ${s.number} (${s.algebraic})` : s.algebraic;
  }

  // ----- drawing -----

  build() {
    const n = this.size();
    const svg = this.svg;
    svg.textContent = '';
    svg.setAttribute('viewBox', `0 0 ${n * CELL} ${n * CELL}`);
    svg.classList.toggle('orthogonal', this.variant.board === 'orthogonal');
    svg.classList.toggle('ten', n === 10);
    svg.dataset.variant = this.variant.id;
    this.gSquares = el('g', { class: 'squares' }, svg);
    this.gMarks = el('g', { class: 'marks', 'aria-hidden': 'true' }, svg);
    this.gCoords = el('g', { class: 'coords', 'aria-hidden': 'true' }, svg);
    this.gGhosts = el('g', { class: 'ghosts', 'aria-hidden': 'true' }, svg);
    this.gPieces = el('g', { class: 'pieces', 'aria-hidden': 'true' }, svg);
    this.gOver = el('g', { class: 'over', 'aria-hidden': 'true' }, svg);
    this.squareEls = new Map();
    for (let dr = 0; dr < n; dr++) {
      for (let dc = 0; dc < n; dc++) {
        const r = this.flipped ? n - 1 - dr : dr;
        const c = this.flipped ? n - 1 - dc : dc;
        const s = this.byRowCol.get(`${r},${c}`);
        const shade = this.variant.board === 'orthogonal' ? 'plain' : s ? 'dark' : 'light';
        if (!s) {
          el('rect', { x: dc * CELL, y: dr * CELL, width: CELL, height: CELL, class: `cell ${shade}` }, this.gSquares);
          continue;
        }
        const g = el('g', { class: 'sq', 'data-square': s.name, role: 'button', tabindex: '-1' }, this.gSquares);
        el('rect', { x: dc * CELL, y: dr * CELL, width: CELL, height: CELL, class: `cell ${shade}` }, g);
        g.addEventListener('focus', () => {
          this.focusName = s.name;
        });
        this.squareEls.set(s.name, g);
      }
    }
    if (this.variant.board === 'orthogonal') {
      // Grid lines: the Turkish board uses every square.
      const grid = el('g', { class: 'grid', 'aria-hidden': 'true' });
      svg.insertBefore(grid, this.gMarks);
      for (let i = 1; i < n; i++) {
        el('line', { x1: i * CELL, y1: 0, x2: i * CELL, y2: n * CELL }, grid);
        el('line', { x1: 0, y1: i * CELL, x2: n * CELL, y2: i * CELL }, grid);
      }
    }
    const first = this.focusName && this.squareEls.get(this.focusName) ? this.focusName : this.variant.squares[this.variant.squares.length - 1].name;
    this.setRoving(first);
    this.drawCoords();
    this.drawPieces();
    this.drawMarks();
    this.updateLabels();
  }

  /** @param {string} name */
  setRoving(name) {
    for (const [k, g] of this.squareEls) g.setAttribute('tabindex', k === name ? '0' : '-1');
    this.focusName = name;
  }

  drawCoords() {
    if (!this.gCoords) return;
    this.gCoords.textContent = '';
    const n = this.size();
    let mode = this.coords;
    if (mode === 'numbers' && this.variant.notation !== 'numeric') mode = 'algebraic';
    if (mode === 'hidden') return;
    if (mode === 'numbers') {
      for (const s of this.variant.squares) {
        const [x, y] = this.center(s.name);
        const t = el('text', { x: x - CELL / 2 + 5, y: y - CELL / 2 + 17, class: 'coord num' }, this.gCoords);
        t.textContent = String(s.number);
      }
      return;
    }
    // Algebraic: files along the displayed bottom row, ranks along the displayed left column.
    for (let i = 0; i < n; i++) {
      const file = String.fromCharCode(97 + (this.flipped ? n - 1 - i : i));
      const rank = this.flipped ? i + 1 : n - i;
      const f = el('text', { x: i * CELL + CELL - 8, y: n * CELL - 8, class: 'coord file', 'text-anchor': 'end' }, this.gCoords);
      f.textContent = file;
      const r = el('text', { x: 5, y: i * CELL + 18, class: 'coord rank' }, this.gCoords);
      r.textContent = String(rank);
    }
  }

  /**
   * @param {Piece} p
   * @param {SVGGElement} parent
   * @param {string} [cls]
   * @returns {SVGGElement}
   */
  pieceEl(p, parent, cls = '') {
    const g = el('g', { class: `piece ${p.color} ${p.kind} ${cls}`.trim(), 'data-square': p.square, 'data-color': p.color, 'data-kind': p.kind }, parent);
    el('circle', { r: CELL * 0.38, class: 'body' }, g);
    el('circle', { r: CELL * 0.27, class: 'ring' }, g);
    if (p.kind === 'king') {
      el('path', { class: 'crown', d: 'M-20,10 L-22,-12 L-10,0 L0,-18 L10,0 L22,-12 L20,10 Z' }, g);
    }
    this.place(g, p.square);
    return g;
  }

  /**
   * @param {SVGGElement} g
   * @param {string} name
   */
  place(g, name) {
    const [x, y] = this.center(name);
    g.style.transform = `translate(${x}px, ${y}px)`;
    g.dataset.at = name;
  }

  drawPieces() {
    if (!this.gPieces) return;
    this.gPieces.textContent = '';
    this.gGhosts.textContent = '';
    this.pieceEls = new Map();
    for (const p of this.pieces) this.pieceEls.set(p.square, this.pieceEl(p, this.gPieces));
  }

  /**
   * @param {string} name
   * @param {string} cls
   * @param {'rect' | 'dot' | 'ring'} [shape]
   */
  mark(name, cls, shape = 'rect') {
    const [x, y] = this.center(name);
    if (shape === 'rect') return el('rect', { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: cls, 'data-square': name }, this.gMarks);
    if (shape === 'dot') return el('circle', { cx: x, cy: y, r: CELL * 0.16, class: cls, 'data-square': name }, this.gMarks);
    return el('circle', { cx: x, cy: y, r: CELL * 0.44, class: cls, 'data-square': name }, this.gMarks);
  }

  /**
   * @param {string[]} squares
   * @param {string} cls
   */
  line(squares, cls) {
    if (squares.length < 2) return;
    const pts = squares.map((s) => this.center(s).join(',')).join(' ');
    el('polyline', { points: pts, class: cls }, this.gMarks);
  }

  drawMarks() {
    if (!this.gMarks) return;
    this.gMarks.textContent = '';
    if (this.lastMove && !this.sel) {
      const m = this.lastMove;
      for (const s of [m.from, ...m.path]) this.mark(s, 'last');
    }
    if (this.hint) {
      const h = this.hint;
      for (const s of [h.from, ...h.path]) this.mark(s, 'hint');
      this.line([h.from, ...h.path], 'hint-line');
    }
    for (const s of this.forced) this.mark(s, 'forced', 'ring');
    if (this.sel) {
      this.mark(this.sel.at, 'selected');
      for (const s of this.sel.hops.length ? [this.sel.from, ...this.sel.hops] : []) this.mark(s, 'trail');
      const next = this.nextHops();
      for (const s of next) this.mark(s, 'dest', 'dot');
      for (const s of this.finalSquares()) if (!next.includes(s)) this.mark(s, 'final', 'ring');
    }
  }

  updateLabels() {
    if (!this.squareEls) return;
    const at = new Map(this.pieces.map((p) => [p.square, p]));
    const movers = new Set(this.legal.map((m) => m.from));
    const next = this.sel ? this.nextHops() : [];
    for (const [name, g] of this.squareEls) {
      const p = at.get(name);
      let label = this.spoken(name) + ', ';
      label += p ? t('board-piece', { color: p.color, kind: p.kind }) : t('board-empty');
      if (this.movable && movers.has(name) && !this.sel) label += `, ${t('board-can-move')}`;
      if (this.sel && this.sel.at === name) label += `, ${t('board-selected')}`;
      if (next.includes(name)) label += `, ${t('board-destination')}`;
      g.setAttribute('aria-label', label);
    }
  }

  // ----- selection logic -----

  myTurn() {
    return !!this.movable && !this.busy;
  }

  /** @returns {string[]} the squares the selected piece may hop to next */
  nextHops() {
    if (!this.sel) return [];
    const k = this.sel.hops.length;
    /** @type {string[]} */
    const out = [];
    for (const r of this.sel.routes) if (r.path.length > k && !out.includes(r.path[k])) out.push(r.path[k]);
    return out;
  }

  /** @returns {string[]} the squares where the selected piece's routes end */
  finalSquares() {
    if (!this.sel) return [];
    /** @type {string[]} */
    const out = [];
    for (const r of this.sel.routes) {
      const d = r.path[r.path.length - 1];
      if (!out.includes(d)) out.push(d);
    }
    return out;
  }

  /** @param {string} name */
  pieceAt(name) {
    return this.pieces.find((p) => p.square === name);
  }

  /**
   * @param {string} text
   * @param {'info' | 'warn' | 'error'} [kind]
   */
  message(text, kind = 'info') {
    if (this.opts.onMessage) this.opts.onMessage(text, kind);
  }

  /** @param {string} name */
  select(name) {
    const routes = this.legal.filter((r) => r.from === name);
    this.sel = { from: name, at: name, hops: [], routes };
    this.forced = [];
    this.drawMarks();
    this.updateLabels();
  }

  deselect() {
    if (this.sel && this.sel.hops.length) this.restoreChain();
    this.sel = null;
    this.drawMarks();
    this.updateLabels();
  }

  // Puts the pieces back where they were before a partly played chain.
  restoreChain() {
    this.drawPieces();
  }

  /**
   * @param {string | null} name
   * @param {boolean} [animate]
   * @returns {Promise<void>}
   */
  async click(name, animate = true) {
    if (this.onSquare) {
      if (name) this.onSquare(name);
      return;
    }
    // A click on the next square while a hop of a capture is shown is kept, not dropped.
    if (this.busy && this.sel && this.movable && name) {
      this.queued = name;
      return;
    }
    if (!this.myTurn() || !name) return;
    const sel = this.sel;
    if (sel) {
      if (this.nextHops().includes(name)) return this.hop(name, animate);
      if (sel.hops.length === 0 && name === sel.from) return this.deselect();
      if (sel.hops.length > 0 && name === sel.at) {
        const ending = sel.routes.filter((r) => r.path.length === sel.hops.length);
        if (ending.length) return this.finish(ending[0]);
      }
      if (this.finalSquares().includes(name)) return this.toFinal(name);
      if (sel.hops.length > 0) {
        this.message(t('board-finish-capture'), 'warn');
        return;
      }
    }
    const p = this.pieceAt(name);
    if (p && p.color === this.movable) {
      if (this.legal.some((r) => r.from === name)) return this.select(name);
      if (this.mustCapture) {
        this.forced = [...new Set(this.legal.map((r) => r.from))];
        this.sel = null;
        this.drawMarks();
        this.updateLabels();
        // A piece that can capture is told why it may not: the rule of the longest capture.
        if (!this.outranked.includes(name)) this.message('A capture is compulsory: one of the marked pieces must capture.', 'warn');
        else if (this.variant.id === 'italian') this.message(t('board-outranked-italian'), 'warn');
        else this.message(t('board-outranked'), 'warn');
        return;
      }
      this.message(t('board-no-move'), 'warn');
      return;
    }
    if (sel) this.deselect();
  }

  // One hop of the selected piece to `name`. A click meanwhile (the next hop) waits for it.
  /**
   * @param {string} name
   * @param {boolean} animate
   * @returns {Promise<void>}
   */
  async hop(name, animate) {
    const sel = this.sel;
    if (!sel) return;
    const k = sel.hops.length;
    const routes = sel.routes.filter((r) => r.path[k] === name);
    const g = this.pieceEls.get(sel.from);
    if (!g) return;
    const capture = routes[0].captured.length > 0;
    const taken = capture ? routes[0].captured[k] : null;
    this.setBusy(true);
    this.gMarks.textContent = '';
    if (animate) await this.slide(g, name);
    else this.place(g, name);
    if (taken) this.takePiece(taken);
    if (this.opts.sound) this.opts.sound(capture ? 'capture' : 'move');
    sel.hops.push(name);
    sel.at = name;
    sel.routes = routes;
    const done = routes.filter((r) => r.path.length === k + 1);
    if (done.length === routes.length) {
      this.queued = null;
      return this.finish(done[0]);
    }
    this.setBusy(false);
    this.drawMarks();
    this.updateLabels();
    this.message(t('board-capture-on', { squares: this.nextHops().map((s) => this.label(s)).join(t('board-or')) }), 'info');
    const queued = this.queued;
    this.queued = null;
    if (queued) return this.click(queued, animate);
  }

  /** @param {string} name */
  label(name) {
    const s = this.square(name);
    return this.variant.notation === 'numeric' ? String(s.number) : s.algebraic;
  }

  /** @param {string} name */
  takePiece(name) {
    const pe = this.pieceEls.get(name);
    if (!pe) return;
    if (this.variant.immediate_removal) {
      pe.remove();
    } else {
      pe.classList.add('ghost');
      this.gGhosts.appendChild(pe);
    }
  }

  // Clicking a destination directly: play the route there, or ask which one when several
  // moves (different captured pieces) end on that square.
  /** @param {string} name */
  async toFinal(name) {
    const sel = this.sel;
    if (!sel) return;
    const routes = sel.routes.filter((r) => r.path[r.path.length - 1] === name);
    /** @type {Move[]} */
    const distinct = [];
    for (const r of routes) {
      const key = [...r.captured].sort().join(',');
      if (!distinct.some((d) => [...d.captured].sort().join(',') === key)) distinct.push(r);
    }
    let route = distinct[0];
    if (distinct.length > 1) {
      const chosen = await this.choose(distinct);
      if (!chosen) return;
      route = chosen;
    }
    this.setBusy(true);
    this.gMarks.textContent = '';
    await this.playRouteFrom(route, sel.hops.length);
    return this.finish(route);
  }

  // Lets the player pick one of several routes that end on the same square.
  /**
   * @param {Move[]} routes
   * @returns {Promise<Move | null>}
   */
  choose(routes) {
    return new Promise((resolve) => {
      const box = document.createElement('div');
      box.className = 'route-chooser';
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', t('board-choose-capture'));
      const p = document.createElement('p');
      p.textContent = t('board-same-square');
      box.appendChild(p);
      const done = (/** @type {Move | null} */ r) => {
        box.remove();
        this.drawMarks();
        resolve(r);
      };
      for (const r of routes) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'route-option';
        b.dataset.route = r.text;
        b.textContent = t('board-takes', { move: r.text, squares: r.captured.map((s) => this.label(s)).join(', ') });
        b.addEventListener('mouseenter', () => this.previewRoute(r));
        b.addEventListener('focus', () => this.previewRoute(r));
        b.addEventListener('click', () => done(r));
        box.appendChild(b);
      }
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.textContent = t('setup-cancel');
      cancel.addEventListener('click', () => done(null));
      box.appendChild(cancel);
      this.container.appendChild(box);
      box.querySelector('button')?.focus();
    });
  }

  /** @param {Move} r */
  previewRoute(r) {
    this.drawMarks();
    this.line([r.from, ...r.path], 'preview-line');
    for (const s of r.captured) this.mark(s, 'preview-taken', 'ring');
  }

  /**
   * @param {Move} route
   * @param {number} fromHop
   */
  async playRouteFrom(route, fromHop) {
    const g = this.pieceEls.get(route.from);
    if (!g) return;
    for (let k = fromHop; k < route.path.length; k++) {
      await this.slide(g, route.path[k]);
      if (route.captured[k]) this.takePiece(route.captured[k]);
      if (this.opts.sound) this.opts.sound(route.captured.length ? 'capture' : 'move');
    }
  }

  /** @param {Move} route */
  async finish(route) {
    this.sel = { from: route.from, hops: route.path.slice(), at: route.path[route.path.length - 1], routes: [route] };
    this.setBusy(true);
    this.drawMarks();
    if (this.confirm) {
      const ok = await this.confirm(route);
      if (!ok) {
        this.sel = null;
        this.setBusy(false);
        this.drawPieces();
        this.drawMarks();
        this.updateLabels();
        return;
      }
    }
    this.sel = null;
    try {
      if (this.opts.onMove) await this.opts.onMove(route);
    } finally {
      this.setBusy(false);
    }
  }

  // ----- animation -----

  /**
   * @param {SVGGElement} g
   * @param {string} to
   * @returns {Promise<unknown>}
   */
  slide(g, to) {
    const from = g.style.transform;
    this.place(g, to);
    if (reducedMotion() || !g.animate) return Promise.resolve();
    this.gPieces.appendChild(g); // on top
    const a = g.animate([{ transform: from }, { transform: g.style.transform }], { duration: HOP_MS, easing: 'ease-in-out' });
    return a.finished.catch(() => {});
  }

  // Plays a whole move on the current pieces, hop by hop (the computer's move, a typed move,
  // a replayed example). The caller then sets the new state.
  /** @param {Move} move */
  async animateMove(move) {
    if (!this.pieceEls) return;
    const g = this.pieceEls.get(move.from);
    if (!g) return;
    this.sel = null;
    this.hint = null;
    this.forced = [];
    this.drawMarks();
    for (let k = 0; k < move.path.length; k++) {
      await this.slide(g, move.path[k]);
      if (move.captured[k]) this.takePiece(move.captured[k]);
      if (this.opts.sound) this.opts.sound(move.captured.length ? 'capture' : 'move');
    }
  }

  // ----- pointer: click-click and drag -----

  /** @param {PointerEvent} e */
  pointerDown(e) {
    if (e.button !== undefined && e.button > 0) return;
    const name = this.squareAtPoint(e.clientX, e.clientY);
    if (!name) return;
    const press = { name, x: e.clientX, y: e.clientY, id: e.pointerId, dragging: false, canDrag: false };
    this.press = press;
    const g = this.squareEls.get(name);
    if (g) {
      this.setRoving(name);
    }
    const sel = this.sel;
    const mine = this.myTurn() && ((!!sel && sel.at === name) || (!sel && this.legal.some((r) => r.from === name)) || (!!sel && sel.hops.length === 0 && this.legal.some((r) => r.from === name)));
    if (mine) {
      this.svg.setPointerCapture(e.pointerId);
      e.preventDefault();
    }
    press.canDrag = mine;
  }

  /** @param {PointerEvent} e */
  pointerMove(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId || !p.canDrag) return;
    const dist = Math.hypot(e.clientX - p.x, e.clientY - p.y);
    if (!p.dragging && dist > 6) {
      p.dragging = true;
      if (!this.sel || this.sel.at !== p.name) {
        if (!this.sel || this.sel.hops.length === 0) this.select(p.name);
      }
      if (!this.sel) return;
      p.piece = this.pieceEls.get(this.sel.from);
      if (p.piece) {
        p.piece.classList.add('dragging');
        this.gOver.appendChild(p.piece);
      }
    }
    if (p.dragging && p.piece) {
      const pt = this.svg.createSVGPoint();
      pt.x = e.clientX;
      pt.y = e.clientY;
      const ctm = this.svg.getScreenCTM();
      if (!ctm) return;
      const q = pt.matrixTransform(ctm.inverse());
      p.piece.style.transform = `translate(${q.x}px, ${q.y}px)`;
    }
  }

  /** @param {PointerEvent} e */
  async pointerUp(e) {
    const p = this.press;
    this.press = null;
    if (!p || p.id !== e.pointerId) return;
    const name = this.squareAtPoint(e.clientX, e.clientY);
    if (!p.dragging) {
      if (name === p.name) await this.click(name);
      return;
    }
    const g = p.piece;
    if (g) {
      g.classList.remove('dragging');
      this.gPieces.appendChild(g);
      this.place(g, this.sel ? this.sel.at : p.name);
    }
    if (name && name !== p.name && this.sel) {
      if (this.nextHops().includes(name)) return this.hop(name, false);
      if (this.finalSquares().includes(name)) return this.toFinal(name);
      this.message(t('board-not-destination'), 'warn');
    }
  }

  cancelDrag() {
    const p = this.press;
    this.press = null;
    if (p && p.piece) {
      p.piece.classList.remove('dragging');
      this.gPieces.appendChild(p.piece);
      this.place(p.piece, this.sel ? this.sel.at : p.name);
    }
  }

  // ----- keyboard -----

  /** @param {KeyboardEvent} e */
  keyDown(e) {
    const target = /** @type {Element | null} */ (e.target);
    const sq = target && target.closest ? /** @type {SVGGElement | null} */ (target.closest('.sq')) : null;
    const name = sq ? sq.dataset.square : null;
    if (!name) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.click(name);
      return;
    }
    if (e.key === 'Escape') {
      this.deselect();
      return;
    }
    /** @type {Record<string, [number, number]>} */
    const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = dirs[e.key];
    if (!d) return;
    e.preventDefault();
    const s = this.square(name);
    const n = this.size();
    const sign = this.flipped ? -1 : 1;
    // Move to the nearest playable square that way: straight along a row, or to the next row
    // (on diagonal boards the square straight above is light, so take a neighbour of it).
    const tries = d[0] ? [0, -1, 1] : [0];
    for (let step = 1; step < n; step++) {
      for (const dc of tries) {
        const r = s.row + d[0] * sign * step;
        const c = s.col + d[1] * sign * step + dc;
        const t = this.byRowCol.get(`${r},${c}`);
        if (t) {
          this.setRoving(t.name);
          this.squareEls.get(t.name)?.focus();
          return;
        }
      }
    }
  }
}
