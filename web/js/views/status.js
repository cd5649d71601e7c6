// @ts-check
// The status view: whose turn in words, the draw counts once they matter, and the message line.

import { isOver, isStarted, ownSide, isPlayer } from '../game/predicates.js';
import { $ } from './dom.js';
import { plain, drawCountText } from '../game/wording.js';
import { t } from '../i18n.js';

/** @typedef {import('../types.js').Game} Game */
/** @typedef {import('../types.js').Viewer} Viewer */

/**
 * Whose turn, in words, for this viewer.
 * @param {Game} g
 * @param {Viewer} v
 */
export function turnText(g, v) {
  if (isOver(g)) return t('turn-game-over');
  if (!isStarted(g)) return isPlayer(v) ? t('turn-waiting-friend') : t('turn-waiting-second');
  const me = ownSide(v);
  if (me && v.opponent) return g.side_to_move === me ? t('turn-yours', { side: me }) : t('turn-opponent', { who: v.opponent, side: g.side_to_move });
  return t('turn-side', { side: g.side_to_move });
}

export class Status {
  /** @param {() => void} [warn] called with each warning or error (the page plays a sound) */
  constructor(warn) {
    this.turn = $('turn');
    this.messageEl = $('message');
    this.drawCount = $('draw-count');
    this.warn = warn;
  }

  /**
   * @param {Game} g
   * @param {Viewer} v
   */
  render(g, v) {
    this.turn.textContent = turnText(g, v);
    this.turn.dataset.side = isOver(g) || !isStarted(g) ? '' : g.side_to_move;
    const count = drawCountText(g);
    this.drawCount.textContent = count;
    this.drawCount.hidden = !count;
  }

  /** @param {string} text */
  setTurnText(text) {
    this.turn.textContent = text;
    this.turn.dataset.side = '';
  }

  /**
   * @param {string} text
   * @param {'info' | 'warn' | 'error'} [kind]
   */
  message(text, kind = 'info') {
    this.messageEl.textContent = plain(text || '');
    this.messageEl.dataset.kind = kind;
    if ((kind === 'warn' || kind === 'error') && this.warn) this.warn();
  }
}
