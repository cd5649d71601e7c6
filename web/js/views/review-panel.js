// @ts-check
// The game review's panel on the analysis board: a progress bar while the review runs (with
// Stop), then each side's accuracy and counts, the graph of the game (views/eval-graph.js),
// what the review says of the shown move, and the list of marked moves (?! ? ??), each a
// button that goes to it. It shows; the page decides what is shown (pages/analysis.js).

import { $, button, h, scrollIntoBox } from './dom.js';
import { EvalGraph } from './eval-graph.js';
import { lightScore, scoreWords } from '../game/score.js';
import { markOf, markWords, markCounts, isMarked } from '../game/marks.js';
import { t } from '../i18n.js';

/** @typedef {import('../types.js').Review} Review */
/** @typedef {import('../types.js').ReviewPly} ReviewPly */
/** @typedef {import('../types.js').Side} Side */

export class ReviewPanel {
  /**
   * @param {(index: number) => void} onPick goes to the position of this index (0: the start, k: after the k-th move)
   * @param {() => void} onStop the Stop button
   * @param {(text: string) => string} write how a move is written
   */
  constructor(onPick, onStop, write) {
    this.box = $('review');
    this.onPick = onPick;
    this.write = write;
    this.graph = new EvalGraph($('review-graph'), onPick);
    this.bar = /** @type {HTMLProgressElement} */ ($('review-progress'));
    button('review-stop').addEventListener('click', onStop);
  }

  /**
   * Shows the progress bar of a review that starts.
   * @param {number} total the positions to look at
   */
  start(total) {
    this.box.hidden = false;
    $('review-progress-box').hidden = false;
    $('review-result').hidden = true;
    this.bar.max = total;
    this.bar.value = 0;
    $('review-note').textContent = t('review-note');
    button('review-stop').hidden = false;
  }

  /**
   * @param {number} done positions looked at
   * @param {number} total
   */
  progress(done, total) {
    this.bar.max = total;
    this.bar.value = done;
    $('review-note').textContent = t('review-progress', { done, total });
  }

  /**
   * Ends the progress with a note (stopped, or why it failed).
   * @param {string} text
   */
  note(text) {
    $('review-note').textContent = text;
    button('review-stop').hidden = true;
  }

  hide() {
    this.box.hidden = true;
    $('review-result').hidden = true;
  }

  /**
   * Shows a finished review.
   * @param {Review} review
   * @param {(index: number) => boolean} byFirstMover whether the move of this index (0: the first move) is the first mover's, for its number
   */
  show(review, byFirstMover) {
    this.review = review;
    $('review-progress-box').hidden = true;
    $('review-result').hidden = false;
    const acc = $('review-accuracy');
    acc.textContent = '';
    for (const side of /** @type {Side[]} */ (['light', 'dark'])) {
      const c = markCounts(review.plies, side);
      const row = h('span', { className: 'accuracy-side' });
      row.dataset.side = side;
      row.append(
        h('strong', { text: t('review-accuracy', { side, accuracy: review.accuracy[side].toFixed(1) }) }),
        h('span', { className: 'accuracy-counts', text: ` · ${t('review-counts', { inaccuracies: c.inaccuracy, mistakes: c.mistake, blunders: c.blunder })}` }),
      );
      acc.appendChild(row);
    }
    const first = review.chances[0] ?? 0.5;
    const last = review.chances[review.chances.length - 1] ?? 0.5;
    this.graph.render(review.chances, t('review-graph', { first: Math.round(first * 100), last: Math.round(last * 100) }));
    const list = $('review-marked');
    list.textContent = '';
    review.plies.forEach((p, i) => {
      if (!isMarked(p.class)) return;
      const li = h('li', { className: 'marked-move' });
      li.dataset.class = p.class;
      li.dataset.index = String(i + 1);
      const b = h('button', { className: 'marked-button', text: `${p.number}${byFirstMover(i) ? '.' : '...'} ${this.write(p.played.text)}${markOf(p.class).symbol}` });
      b.type = 'button';
      b.addEventListener('click', () => this.onPick(i + 1));
      li.append(b, h('span', { className: 'marked-words', text: ` ${markWords(p, this.write)}` }));
      list.appendChild(li);
    });
    if (!list.children.length) list.appendChild(h('li', { className: 'empty', text: t('review-clean') }));
  }

  /**
   * What the review says of the shown position: its move, how it stands after it, and the
   * engine's line instead; the graph marks it.
   * @param {number | null} index the position's index in the review (null: not reviewed)
   */
  detail(index) {
    const review = this.review;
    if (!review) return;
    this.graph.mark(index);
    // The marked move shown, if it is one, is marked in the list too and brought into its view.
    const list = $('review-marked');
    for (const li of /** @type {HTMLElement[]} */ ([...list.children])) {
      if (index !== null && li.dataset.index === String(index)) {
        li.setAttribute('aria-current', 'true');
        scrollIntoBox(list, li);
      } else li.removeAttribute('aria-current');
    }
    if (index === 0) list.scrollTop = 0;
    const d = $('review-detail');
    const p = index ? review.plies[index - 1] : null;
    if (!p) {
      d.textContent = index === 0 ? t('review-start') : '';
      return;
    }
    const line = p.best_line.length ? p.best_line : [p.best];
    const said = isMarked(p.class) ? markWords(p, this.write) : t('review-said', { side: p.side, move: this.write(p.played.text), mark: markOf(p.class).words });
    d.textContent = t('review-detail', {
      said,
      score: scoreWords(lightScore(p.eval_after, p.side)),
      same: p.played.text === p.best.text ? 'yes' : 'no',
      line: line.map((m) => this.write(m.text)).join(' '),
    });
  }

  /** Forgets the review shown. */
  clear() {
    this.review = null;
    this.hide();
  }
}
