// @ts-check
// Route #/guide/<variant>: the rules guide of a rule set, with live worked examples that the
// server referees (POST /api/position).

import { api } from '../transport/api.js';
import { Board } from '../views/board.js';
import { $, h } from '../views/dom.js';
import * as sound from '../sound.js';
import { t } from '../i18n.js';
import { errorText, outcomeText } from '../game/wording.js';

/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').PositionAnswer} PositionAnswer */
/** @typedef {{ title: string, position: string, explanation: string, legal: string[], line: string[] }} Example */
/** @typedef {{ sections: Record<string, string>, examples: Example[] }} Guide */

/** The sections, in order, each with the key of its title (the words are guides.json's). */
const TITLES = { setup: 'guide-setup', moves: 'guide-moves', captures: 'guide-captures', kings: 'guide-kings', draws: 'guide-draws' };

export class GuidePage {
  /**
   * @param {Variant[]} variants
   * @param {(text: string) => void} fail shows an error that stops the page
   * @param {() => string} current the rule set shown when the route names none
   */
  constructor(variants, fail, current) {
    this.variants = variants;
    this.fail = fail;
    this.current = current;
    /** @type {Record<string, Guide> | null} */
    this.guides = null;
  }

  /** @param {string | undefined} arg */
  enter(arg) {
    this.show(arg || this.current()).catch((e) => this.fail(errorText(e)));
  }

  leave() {}

  /** @param {string} id */
  async show(id) {
    if (!this.guides) this.guides = (await api.guides()).guides;
    const v = this.variants.find((x) => x.id === id) || this.variants[0];
    const tabs = $('guide-tabs');
    tabs.textContent = '';
    for (const x of this.variants) {
      const a = h('a', { text: x.name });
      a.href = `#/guide/${x.id}`;
      if (x.id === v.id) a.setAttribute('aria-current', 'page');
      tabs.appendChild(a);
    }
    const g = this.guides[v.id];
    const art = $('guide');
    art.textContent = '';
    art.appendChild(h('h1', { text: v.name }));
    for (const [key, title] of Object.entries(TITLES)) art.append(h('h2', { text: t(title) }), h('p', { text: g.sections[key] }));
    art.appendChild(h('h2', { text: t('guide-examples') }));
    art.appendChild(h('p', { text: t('guide-examples-note') }));
    g.examples.forEach((ex, i) => art.appendChild(exampleCard(v, ex, i)));
    const back = h('p');
    const a = h('a', { text: t('guide-play', { variant: v.name }) });
    a.href = `#/play/${v.id}`;
    back.appendChild(a);
    art.appendChild(back);
    // Where the rules are chosen (the source guides sent players to the table settings, where
    // the choice no longer is).
    art.appendChild(h('p', { className: 'guide-switch', text: t('guide-switch') }));
  }
}

/**
 * One worked example: its diagram is a live board.
 * @param {Variant} v
 * @param {Example} ex
 * @param {number} i
 */
function exampleCard(v, ex, i) {
  const card = h('section', { className: 'example' });
  card.dataset.example = String(i);
  const wrap = h('div', { className: 'board-wrap small' });
  const status = h('p', { className: 'example-status' });
  status.setAttribute('aria-live', 'polite');
  const btns = h('div', { className: 'example-buttons' });
  const playBtn = h('button', { className: 'example-play', text: t('guide-play-example') });
  playBtn.type = 'button';
  const reset = h('button', { className: 'example-reset', text: t('guide-reset') });
  reset.type = 'button';
  btns.append(playBtn, reset);
  card.append(
    h('h3', { text: ex.title }),
    h('p', { className: 'example-position', text: ex.position }),
    wrap,
    btns,
    status,
    h('p', { text: ex.explanation }),
    h('p', { className: 'example-legal', text: t('guide-legal', { moves: ex.legal.join(', ') }) }),
  );

  /** @type {string} */
  let fen = '';
  /** @type {string[]} */
  let played = [];
  const board = new Board(wrap, {
    label: t('guide-example-label', { title: ex.title }),
    onMessage: (text) => (status.textContent = text),
    sound: (k) => sound.play(k),
    onMove: async (route) => {
      const r = await api.position(v.id, fen, { from: route.from, path: route.path, captured: route.captured });
      if (r.played) played.push(r.played.text);
      apply(r, t('guide-you-played', { move: r.played ? r.played.text : '' }));
    },
  });
  board.setCoords(v.notation === 'numeric' ? 'numbers' : 'algebraic');
  board.setVariant(v);
  /**
   * @param {PositionAnswer} r
   * @param {string} text
   */
  const apply = (r, text) => {
    fen = r.position.fen;
    board.setState({
      pieces: r.position.pieces,
      legal: r.position.legal,
      mustCapture: r.position.must_capture,
      movable: r.outcome ? null : r.position.side_to_move,
      lastMove: r.played,
    });
    status.textContent = text + (r.outcome ? ` ${outcomeText(r.outcome)}.` : '');
    card.dataset.played = played.join(' ');
  };
  const load = async () => {
    played = [];
    const r = await api.position(v.id, ex.position);
    apply(r, `${t('turn-side', { side: r.position.side_to_move })}.`);
  };
  reset.addEventListener('click', load);
  playBtn.addEventListener('click', async () => {
    await load();
    for (const m of ex.line) {
      const r = await api.position(v.id, fen, { text: m });
      if (!r.played) break;
      await board.animateMove(r.played);
      played.push(r.played.text);
      apply(r, t('guide-played', { move: r.played.text }));
    }
    card.dataset.done = '1';
  });
  load().catch((e) => (status.textContent = errorText(e)));
  return card;
}
