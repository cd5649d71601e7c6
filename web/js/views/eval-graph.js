// @ts-check
// The review's graph of the game: Light's winning chance after each move (0 at the bottom,
// 1 at the top, an even game on the middle line), drawn in SVG with the page's colours. A click
// goes to the move nearest the point; the current move is marked with a line.

const SVG = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 120;

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
function el(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return /** @type {SVGElement} */ (e);
}

/**
 * The graph's points: one per position, x spread over the width, y from the chance.
 * @param {number[]} chances Light's winning chance per position
 * @returns {[number, number][]}
 */
export function graphPoints(chances) {
  const n = chances.length;
  return chances.map((c, i) => [n > 1 ? (i / (n - 1)) * W : W / 2, (1 - Math.min(1, Math.max(0, c))) * H]);
}

export class EvalGraph {
  /**
   * @param {HTMLElement} box
   * @param {(index: number) => void} onPick goes to the position of this index (0: the start)
   */
  constructor(box, onPick) {
    this.box = box;
    this.onPick = onPick;
    /** @type {number[]} */
    this.chances = [];
    this.svg = /** @type {SVGSVGElement} */ (el('svg', { class: 'eval-graph', viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'img' }));
    this.cursor = el('line', { class: 'graph-cursor', x1: 0, x2: 0, y1: 0, y2: H });
    box.appendChild(this.svg);
    this.svg.addEventListener('click', (e) => {
      if (this.chances.length < 2) return;
      const r = this.svg.getBoundingClientRect();
      const i = Math.round(((e.clientX - r.left) / r.width) * (this.chances.length - 1));
      this.onPick(Math.max(0, Math.min(this.chances.length - 1, i)));
    });
  }

  /**
   * Draws the chances of a reviewed game.
   * @param {number[]} chances
   * @param {string} label what the graph shows, in words
   */
  render(chances, label) {
    this.chances = chances;
    const svg = this.svg;
    svg.textContent = '';
    svg.setAttribute('aria-label', label);
    const pts = graphPoints(chances);
    const line = pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    svg.appendChild(el('rect', { class: 'graph-dark', x: 0, y: 0, width: W, height: H }));
    if (pts.length) svg.appendChild(el('polygon', { class: 'graph-light', points: `0,${H} ${line} ${W},${H}` }));
    svg.appendChild(el('line', { class: 'graph-mid', x1: 0, x2: W, y1: H / 2, y2: H / 2 }));
    svg.appendChild(el('polyline', { class: 'graph-line', points: line }));
    svg.appendChild(this.cursor);
  }

  /**
   * Marks a position (its index; null hides the mark).
   * @param {number | null} index
   */
  mark(index) {
    const n = this.chances.length;
    const show = index !== null && n > 0 && index < n;
    this.cursor.setAttribute('visibility', show ? 'visible' : 'hidden');
    if (!show) return;
    const x = n > 1 ? (/** @type {number} */ (index) / (n - 1)) * W : W / 2;
    this.cursor.setAttribute('x1', String(x));
    this.cursor.setAttribute('x2', String(x));
  }
}
