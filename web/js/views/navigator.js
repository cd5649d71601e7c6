// @ts-check
// Move navigation, the one component for a game in play (local or room) and a PDN game: the
// move list (each move a button that steps to it), a stepper (start, back, forward, end, and
// "Back to the game" while a game in play is looked back on), the current move marked and
// scrolled into view, and the arrow keys (Left and Right step, Home and End jump) while its page
// is shown. It only says which ply to show; the page draws it.

import { MoveList } from './move-list.js';
import { h } from './dom.js';
import { t } from '../i18n.js';

/** @typedef {import('../types.js').MoveEntry} MoveEntry */
/** @typedef {import('../types.js').Side} Side */
/** @typedef {import('../game/replay.js').Frame} Frame */

/**
 * @typedef {object} NavOptions
 * @property {string} prefix the stepper's ids: `<prefix>-first`, `-prev`, `-next`, `-last`, `-ply`, `-live`
 * @property {HTMLElement} bar where the stepper is built
 * @property {HTMLTableElement} table the move list
 * @property {(ply: number, from: number) => void} show draws the position after `ply` moves (`from`: the ply shown before)
 * @property {() => boolean} active whether the arrow keys belong to this navigator now
 * @property {boolean} live a game in play: its last ply is "the game"
 * @property {(text: string) => string} [write] how a move is written (the coordinates setting)
 */

export class Navigator {
  /** @param {NavOptions} o */
  constructor(o) {
    this.o = o;
    this.list = new MoveList(o.table, (ply) => this.stepTo(ply), o.write);
    /** @type {MoveEntry[]} */
    this.entries = [];
    this.at = 0;
    /** @type {string | null} names the game shown, so that another game starts at its end */
    this.key = null;
    const bar = o.bar;
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', t('nav-steps'));
    /**
     * @param {string} id
     * @param {string} text
     * @param {string} label
     * @param {() => void} act
     */
    const btn = (id, text, label, act) => {
      const b = h('button', { className: 'step', text });
      b.type = 'button';
      b.id = `${o.prefix}-${id}`;
      b.setAttribute('aria-label', label);
      b.title = label;
      b.addEventListener('click', act);
      return b;
    };
    this.first = btn('first', '|◀', t('nav-first'), () => this.stepTo(0));
    this.prev = btn('prev', '◀', t('nav-prev'), () => this.stepTo(this.at - 1));
    this.next = btn('next', '▶', t('nav-next'), () => this.stepTo(this.at + 1));
    this.last = btn('last', '▶|', t('nav-last'), () => this.stepTo(this.end()));
    const steps = h('span', { className: 'steps' });
    steps.append(this.first, this.prev, this.next, this.last);
    this.ply = h('span', { className: 'nav-ply' });
    this.ply.id = `${o.prefix}-ply`;
    this.ply.setAttribute('aria-live', 'polite');
    bar.append(steps, this.ply);
    /** @type {HTMLButtonElement | null} */
    this.liveButton = null;
    if (o.live) {
      this.liveButton = btn('live', t('nav-live'), t('nav-live'), () => this.stepTo(this.end()));
      this.liveButton.className = 'primary nav-live';
      this.liveButton.hidden = true;
      bar.append(this.liveButton);
    }
    document.addEventListener('keydown', (e) => this.key_(e));
  }

  end() {
    return this.entries.length ? this.entries[this.entries.length - 1].ply : 0;
  }

  /** The first ply a game starts from (0, or the ply before its first listed move). */
  start() {
    return this.entries.length ? this.entries[0].ply - 1 : 0;
  }

  /** Looking back on a game in play (not at its last move). */
  get browsing() {
    return this.at !== this.end();
  }

  /**
   * Shows a game's moves. A game in play keeps the ply looked at while its moves grow, and
   * follows the game when it was at the end; another game (or a shorter one: an undo) starts at
   * its end, or at `from`.
   * @param {MoveEntry[]} entries
   * @param {Side} firstMover
   * @param {string} emptyText
   * @param {string} key names the game
   * @param {number} [from] the ply to start another game at (default: its end)
   */
  setGame(entries, firstMover, emptyText, key, from) {
    const wasEnd = this.at === this.end();
    const same = key === this.key && entries.length >= this.entries.length;
    // A copy: a room's page adds moves to its list in place.
    this.entries = entries.slice();
    this.key = key;
    if (!same) this.at = from === undefined ? this.end() : from;
    else if (wasEnd) this.at = this.end();
    this.list.render(entries, firstMover, this.at, emptyText);
    this.sync();
  }

  /**
   * Steps to a ply and has the page draw it.
   * @param {number} k
   */
  stepTo(k) {
    const to = Math.max(this.start(), Math.min(this.end(), k));
    const from = this.at;
    this.at = to;
    this.sync();
    this.o.show(to, from);
  }

  sync() {
    const k = this.at;
    const n = this.end();
    const entry = this.entries.find((e) => e.ply === k);
    this.ply.textContent = !entry ? t('nav-start') : t('nav-ply', { k, n, move: this.o.write ? this.o.write(entry.move.text) : entry.move.text });
    this.list.mark(k, !this.browsing && this.o.live);
    this.first.disabled = this.prev.disabled = k <= this.start();
    this.next.disabled = this.last.disabled = k >= n;
    if (this.liveButton) this.liveButton.hidden = !this.browsing;
  }

  /** Writes the moves again (the coordinates setting changed). */
  rewrite() {
    this.list.rewrite();
    this.sync();
  }

  /** @param {KeyboardEvent} e */
  key_(e) {
    if (!this.o.active() || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = /** @type {Element | null} */ (e.target);
    // Text boxes, the board (its own arrow keys move between squares), lists of choices and
    // the tab list keep their keys.
    if (t && t.closest && t.closest('textarea, input, select, svg, [role="tablist"], dialog')) return;
    const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: this.start(), End: this.end() }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.stepTo(to);
  }
}
