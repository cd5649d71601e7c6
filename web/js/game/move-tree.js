// @ts-check
// Pure: the moves of an analysis as a tree. The root is the position analysed from; each node
// is the position after one more move, its first child the main continuation and the others
// side lines (variations). Adding a move that a node already has goes to that node; a side
// line can be promoted to the main line. Nodes keep the position the server gave for them.

/** @typedef {import('../types.js').Move} Move */
/** @typedef {import('../types.js').Position} Position */
/** @typedef {import('../types.js').Outcome} Outcome */

/**
 * @typedef {object} TreeNode
 * @property {number} id unique in its tree
 * @property {Move | null} move the move that led here (null at the root)
 * @property {TreeNode | null} parent
 * @property {TreeNode[]} children the main continuation first, then the side lines
 * @property {number} ply moves from the root
 * @property {Position | null} position the position here, once known
 * @property {Outcome | null} outcome how the game stands here, when it is over
 */

export class MoveTree {
  /** @param {Position | null} [position] the root's position */
  constructor(position = null) {
    this.nextId = 0;
    /** @type {Map<number, TreeNode>} */
    this.nodes = new Map();
    /** @type {TreeNode} */
    this.root = this.make(null, null, position);
  }

  /**
   * A new node, not yet linked to its parent.
   * @param {TreeNode | null} parent
   * @param {Move | null} move
   * @param {Position | null} position
   * @returns {TreeNode}
   */
  make(parent, move, position) {
    /** @type {TreeNode} */
    const node = { id: this.nextId++, move, parent, children: [], ply: parent ? parent.ply + 1 : 0, position, outcome: null };
    this.nodes.set(node.id, node);
    return node;
  }

  /**
   * The node after `move` at `node`: the child with that move when there is one, else a new
   * child (the main continuation when it is the first, else a side line).
   * @param {TreeNode} node
   * @param {Move} move
   * @param {Position | null} [position]
   * @returns {TreeNode}
   */
  add(node, move, position = null) {
    const known = node.children.find((c) => c.move && c.move.text === move.text);
    if (known) {
      if (position && !known.position) known.position = position;
      return known;
    }
    const child = this.make(node, move, position);
    node.children.push(child);
    return child;
  }

  /**
   * Plays a list of moves from a node, each the main continuation when new.
   * @param {TreeNode} node
   * @param {Move[]} moves
   * @returns {TreeNode} the node after the last
   */
  addLine(node, moves) {
    let at = node;
    for (const m of moves) at = this.add(at, m);
    return at;
  }

  /**
   * @param {number} id
   * @returns {TreeNode | undefined}
   */
  get(id) {
    return this.nodes.get(id);
  }

  /**
   * The nodes from the root's first move down to `node`.
   * @param {TreeNode} node
   * @returns {TreeNode[]}
   */
  nodesTo(node) {
    /** @type {TreeNode[]} */
    const out = [];
    for (let n = node; n.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  /**
   * The moves from the root to `node`.
   * @param {TreeNode} node
   * @returns {Move[]}
   */
  movesTo(node) {
    return this.nodesTo(node).map((n) => /** @type {Move} */ (n.move));
  }

  /**
   * A node's place as the child indexes from the root ([] is the root; [0, 0, 1] takes the
   * main line twice, then the first side line).
   * @param {TreeNode} node
   * @returns {number[]}
   */
  path(node) {
    return this.nodesTo(node).map((n) => /** @type {TreeNode} */ (n.parent).children.indexOf(n));
  }

  /**
   * The node at a path of child indexes; null when there is none.
   * @param {number[]} path
   * @returns {TreeNode | null}
   */
  at(path) {
    /** @type {TreeNode | undefined} */
    let n = this.root;
    for (const i of path) {
      n = n.children[i];
      if (!n) return null;
    }
    return n;
  }

  /**
   * The line a node continues in: the node and its first children, down to the end.
   * @param {TreeNode} node
   * @returns {TreeNode[]}
   */
  lineFrom(node) {
    const out = [node];
    for (let n = node; n.children.length; n = n.children[0]) out.push(n.children[0]);
    return out;
  }

  /**
   * The main line: the root's first children, down to the end (the root not included).
   * @returns {TreeNode[]}
   */
  mainLine() {
    return this.lineFrom(this.root).slice(1);
  }

  /**
   * Whether a node is on the main line.
   * @param {TreeNode} node
   * @returns {boolean}
   */
  isMain(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /**
   * The last node of the line through `node` (its first children to the end).
   * @param {TreeNode} node
   * @returns {TreeNode}
   */
  end(node) {
    const line = this.lineFrom(node);
    return line[line.length - 1];
  }

  /**
   * Promotes the side line holding `node` one step: at the nearest branch above it (or at it)
   * where it is not the first child, it becomes the first. True when anything changed.
   * @param {TreeNode} node
   * @returns {boolean}
   */
  promote(node) {
    for (let n = node; n.parent; n = n.parent) {
      const siblings = n.parent.children;
      const i = siblings.indexOf(n);
      if (i > 0) {
        siblings.splice(i, 1);
        siblings.unshift(n);
        return true;
      }
    }
    return false;
  }

  /**
   * Removes a node and everything after it; its parent is returned (the root stays).
   * @param {TreeNode} node
   * @returns {TreeNode}
   */
  remove(node) {
    const parent = node.parent;
    if (!parent) return node;
    parent.children.splice(parent.children.indexOf(node), 1);
    const drop = [node];
    while (drop.length) {
      const n = /** @type {TreeNode} */ (drop.pop());
      this.nodes.delete(n.id);
      drop.push(...n.children);
    }
    return parent;
  }
}
