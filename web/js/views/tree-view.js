// @ts-check
// The analysis board's moves as a list with variations: the main line as a game's moves, each
// side line in brackets under the move it branches from (nested side lines inside it). Each
// move is a button that goes to it; the current one is marked and scrolled into view; the
// review's marks (?! ? ??) follow their moves.

import { h, scrollIntoBox } from './dom.js';
import { moveNumber } from './engine-lines.js';
import { t } from '../i18n.js';

/** @typedef {import('../game/move-tree.js').TreeNode} TreeNode */
/** @typedef {import('../game/move-tree.js').MoveTree} MoveTree */
/** @typedef {import('../types.js').Side} Side */

/**
 * @typedef {object} TreeViewOptions
 * @property {(node: TreeNode) => void} onPick goes to a node
 * @property {(text: string) => string} write how a move is written
 * @property {(node: TreeNode) => string} mark the review's symbol of a node's move ('' for none)
 */

export class TreeView {
  /**
   * @param {HTMLElement} box
   * @param {TreeViewOptions} o
   */
  constructor(box, o) {
    this.box = box;
    this.o = o;
    /** @type {Map<number, HTMLButtonElement>} */
    this.buttons = new Map();
  }

  /**
   * Draws the whole tree with `current` marked.
   * @param {MoveTree} tree
   * @param {TreeNode} current
   * @param {Side} rootSide the side to move at the root
   * @param {Side} firstMover the rule set's first mover
   */
  render(tree, current, rootSide, firstMover) {
    this.buttons.clear();
    this.box.textContent = '';
    const offset = rootSide === firstMover ? 0 : 1;
    /** @param {TreeNode} n */
    const number = (n) => 1 + Math.floor((n.ply - 1 + offset) / 2);
    /** @param {TreeNode} n */
    const byFirst = (n) => (n.ply - 1 + offset) % 2 === 0;
    /**
     * Writes a line starting at `first` into `into`, its side lines nested after each move.
     * @param {TreeNode} first
     * @param {HTMLElement} into
     */
    const line = (first, into) => {
      let lineStart = true;
      for (let n = /** @type {TreeNode | undefined} */ (first); n; n = n.children[0]) {
        const num = moveNumber(number(n), byFirst(n), lineStart);
        if (num) into.appendChild(h('span', { className: 'move-number', text: num }));
        const mark = this.o.mark(n);
        const b = h('button', { className: 'tree-move', text: this.o.write(/** @type {any} */ (n.move).text) + mark });
        b.type = 'button';
        b.dataset.node = String(n.id);
        if (mark) b.dataset.mark = mark;
        const node = n;
        b.addEventListener('click', () => this.o.onPick(node));
        this.buttons.set(n.id, b);
        into.appendChild(b);
        lineStart = false;
        const parent = /** @type {TreeNode} */ (n.parent);
        // The side lines of this move (its siblings) follow it, then the main line goes on.
        if (parent.children[0] === n && parent.children.length > 1) {
          for (const side of parent.children.slice(1)) {
            const v = h('div', { className: 'variation' });
            line(side, v);
            into.appendChild(v);
          }
          lineStart = true;
        }
      }
    };
    const main = h('div', { className: 'tree-main' });
    if (tree.root.children.length) line(tree.root.children[0], main);
    else main.appendChild(h('p', { className: 'empty', text: t('tree-empty') }));
    this.box.appendChild(main);
    this.mark(current);
  }

  /**
   * Marks the current node (and scrolls it into view inside the list).
   * @param {TreeNode} current
   */
  mark(current) {
    for (const [id, b] of this.buttons) {
      if (id === current.id) {
        b.setAttribute('aria-current', 'true');
        scrollIntoBox(this.box, b);
      } else b.removeAttribute('aria-current');
    }
  }
}
