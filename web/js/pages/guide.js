// @ts-check
// Route #/guide/<variant>: the rules guide of a rule set, with live worked examples that the
// server referees (POST /api/position).

import { api } from '../transport/api.js';
import { Board } from '../views/board.js';
import { $, h, ruleSetLinks } from '../views/dom.js';
import * as sound from '../sound.js';
import { t, language } from '../i18n.js';
import { errorText, outcomeText } from '../game/wording.js';

/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').PositionAnswer} PositionAnswer */
/** @typedef {{ title: string, position: string, explanation: string, legal: string[], line: string[] }} Example */
/** @typedef {{ pieces?: number, kings?: number, game?: boolean }} Material what a line wins or loses: net pieces and kings, or the game */
/** @typedef {{ white?: string, black?: string, event?: string, year?: string, composed?: boolean }} Source the real game a diagram comes from, as its tags name it */
/** @typedef {{ title: string, position: string, line: string[], gain: Material, explanation: string, source: Source }} Tactic */
/** @typedef {{ title: string, position: string, mistake: string, punish: string[], loss: Material, explanation: string, source: Source }} Mistake */
/** @typedef {{ sections: Record<string, string>, examples: Example[], tactics: Tactic[], mistakes: Mistake[], principles: string[], common_mistakes: string[], questions: { q: string, a: string }[], differences: { with: string, text: string }[] }} Guide */
/** @typedef {{ kind: 'example' | 'tactic' | 'mistake', index: number, title: string, position: string, line: string[], explanation: string, notes: string[], play: string }} Diagram a live board that plays its line */

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
    if (!this.guides) this.guides = (await api.guides(language())).guides;
    const v = this.variants.find((x) => x.id === id) || this.variants[0];
    ruleSetLinks($('guide-tabs'), this.variants, v.id, 'guide');
    const g = this.guides[v.id];
    const art = $('guide');
    art.textContent = '';
    art.appendChild(h('h1', { text: v.name }));
    for (const [key, title] of Object.entries(TITLES)) art.append(h('h2', { text: t(title) }), h('p', { text: g.sections[key] }));
    art.appendChild(h('h2', { text: t('guide-examples') }));
    art.appendChild(h('p', { text: t('guide-examples-note') }));
    g.examples.forEach((ex, i) => art.appendChild(diagramCard(v, {
      kind: 'example', index: i, title: ex.title, position: ex.position, line: ex.line, explanation: ex.explanation,
      notes: [t('guide-legal', { moves: ex.legal.join(', ') })], play: t('guide-play-example'),
    })));
    art.appendChild(h('h2', { text: t('guide-tactics') }));
    const principles = h('ul', { className: 'guide-principles' });
    for (const text of g.principles) principles.appendChild(h('li', { text }));
    art.appendChild(principles);
    art.appendChild(h('p', { text: t('guide-tactics-note') }));
    g.tactics.forEach((shot, i) => art.appendChild(diagramCard(v, {
      kind: 'tactic', index: i, title: shot.title, position: shot.position, line: shot.line, explanation: shot.explanation,
      notes: [sourceText(shot.source), `${t('guide-line', { line: shot.line.join(' ') })} ${materialText(shot.gain, 'wins')}`], play: t('guide-play-shot'),
    })));
    art.appendChild(h('h2', { text: t('guide-mistakes') }));
    art.appendChild(h('p', { text: t('guide-mistakes-note') }));
    g.mistakes.forEach((m, i) => art.appendChild(diagramCard(v, {
      kind: 'mistake', index: i, title: m.title, position: m.position, line: [m.mistake, ...m.punish], explanation: m.explanation,
      notes: [sourceText(m.source), `${t('guide-mistake-line', { mistake: m.mistake, punish: m.punish.join(' ') })} ${materialText(m.loss, 'loses')}`], play: t('guide-play-mistake'),
    })));
    const common = h('ul', { className: 'guide-common' });
    for (const text of g.common_mistakes) common.appendChild(h('li', { text }));
    art.append(h('h2', { text: t('guide-common') }), common);
    const qa = h('dl', { className: 'guide-questions' });
    for (const { q, a } of g.questions) qa.append(h('dt', { text: q }), h('dd', { text: a }));
    art.append(h('h2', { text: t('guide-questions') }), qa);
    const diff = h('ul', { className: 'guide-differences' });
    for (const d of g.differences) {
      const other = this.variants.find((x) => x.id === d.with);
      const li = h('li');
      li.dataset.with = d.with;
      const link = h('a', { text: other ? other.name : d.with });
      link.href = `#/guide/${d.with}`;
      li.append(link, `: ${d.text}`);
      diff.appendChild(li);
    }
    art.append(h('h2', { text: t('guide-differences') }), diff);
    const back = h('p');
    const a = h('a', { text: t('guide-play', { variant: v.name }) });
    a.href = `#/play/${v.id}`;
    const puzzles = h('a', { className: 'guide-puzzles', text: t('guide-puzzles', { variant: v.name }) });
    puzzles.href = `#/puzzles/${v.id}`;
    back.append(a, ' · ', puzzles);
    art.appendChild(back);
    // Where the rules are chosen (the source guides sent players to the table settings, where
    // the choice no longer is).
    art.appendChild(h('p', { className: 'guide-switch', text: t('guide-switch') }));
  }
}

/**
 * Who played the game a diagram comes from, where and when.
 * @param {Source} s
 */
export function sourceText(s) {
  if (s.composed) return t('guide-composed');
  const when = s.year && !(s.event || '').includes(s.year) ? `, ${s.year}` : '';
  return t('guide-source', { white: s.white ?? '', black: s.black ?? '', where: `${s.event ? `, ${s.event}` : ''}${when}` });
}

/**
 * What a line wins or loses, in words (net pieces and kings, as the guide states them).
 * @param {Material} m
 * @param {'wins' | 'loses'} verb
 */
function materialText(m, verb) {
  if (m.game) return t(verb === 'wins' ? 'guide-gain-game' : 'guide-loss-game');
  const parts = [];
  if (m.pieces) parts.push(t('guide-pieces', { n: m.pieces }));
  if (m.kings) parts.push(t('guide-kings-count', { n: m.kings }));
  const material = parts.length === 2 ? t('guide-and', { a: parts[0], b: parts[1] }) : parts[0] || t('guide-nothing');
  return t(verb === 'wins' ? 'guide-gain' : 'guide-loss', { material });
}

/**
 * One diagram (a worked example, a tactic or a mistake): a live board that plays its line.
 * @param {Variant} v
 * @param {Diagram} d
 */
function diagramCard(v, d) {
  const card = h('section', { className: `example ${d.kind}` });
  card.dataset[d.kind] = String(d.index);
  const wrap = h('div', { className: 'board-wrap small' });
  const status = h('p', { className: 'example-status' });
  status.setAttribute('aria-live', 'polite');
  const btns = h('div', { className: 'example-buttons' });
  const playBtn = h('button', { className: 'example-play', text: d.play });
  playBtn.type = 'button';
  const reset = h('button', { className: 'example-reset', text: t('guide-reset') });
  reset.type = 'button';
  btns.append(playBtn, reset);
  card.append(
    h('h3', { text: d.title }),
    h('p', { className: 'example-position', text: d.position }),
    wrap,
    btns,
    status,
    h('p', { text: d.explanation }),
    ...d.notes.filter(Boolean).map((text) => h('p', { className: 'example-legal', text })),
  );

  /** @type {string} */
  let fen = '';
  /** @type {string[]} */
  let played = [];
  const board = new Board(wrap, {
    label: t('guide-diagram-label', { title: d.title }),
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
    const r = await api.position(v.id, d.position);
    apply(r, `${t('turn-side', { side: r.position.side_to_move })}.`);
  };
  reset.addEventListener('click', load);
  playBtn.addEventListener('click', async () => {
    await load();
    for (const m of d.line) {
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
