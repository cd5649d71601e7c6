// @ts-check
// Route #/guide/<variant>: the rules guide of a rule set, with live worked examples that the
// server referees (POST /api/position).

import { api } from '../transport/api.js';
import { Board } from '../views/board.js';
import { $, h } from '../views/dom.js';
import { sideName } from '../game/format.js';
import * as sound from '../sound.js';

/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').PositionAnswer} PositionAnswer */
/** @typedef {{ title: string, position: string, explanation: string, legal: string[], line: string[] }} Example */
/** @typedef {{ pieces?: number, kings?: number, game?: boolean }} Material what a line wins or loses: net pieces and kings, or the game */
/** @typedef {{ white?: string, black?: string, event?: string, year?: string, composed?: boolean }} Source the real game a diagram comes from, as its tags name it */
/** @typedef {{ title: string, position: string, line: string[], gain: Material, explanation: string, source: Source }} Tactic */
/** @typedef {{ title: string, position: string, mistake: string, punish: string[], loss: Material, explanation: string, source: Source }} Mistake */
/** @typedef {{ sections: Record<string, string>, examples: Example[], tactics: Tactic[], mistakes: Mistake[], principles: string[], common_mistakes: string[], questions: { q: string, a: string }[], differences: { with: string, text: string }[] }} Guide */
/** @typedef {{ kind: 'example' | 'tactic' | 'mistake', index: number, title: string, position: string, line: string[], explanation: string, notes: string[], play: string }} Diagram a live board that plays its line */

const TITLES = { setup: 'Setup', moves: 'Moves', captures: 'Captures', kings: 'Kings', draws: 'Draws and the end of the game' };

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
    this.show(arg || this.current()).catch((e) => this.fail(e.message));
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
    for (const [key, title] of Object.entries(TITLES)) art.append(h('h2', { text: title }), h('p', { text: g.sections[key] }));
    art.appendChild(h('h2', { text: 'Worked examples' }));
    art.appendChild(h('p', { text: 'Each diagram is live: press “Play the example”, or move the pieces yourself. The server checks every move.' }));
    g.examples.forEach((ex, i) => art.appendChild(diagramCard(v, {
      kind: 'example', index: i, title: ex.title, position: ex.position, line: ex.line, explanation: ex.explanation,
      notes: [`Legal moves: ${ex.legal.join(', ')}`], play: 'Play the example',
    })));
    art.appendChild(h('h2', { text: 'Tactics worth learning' }));
    const principles = h('ul', { className: 'guide-principles' });
    for (const t of g.principles) principles.appendChild(h('li', { text: t }));
    art.appendChild(principles);
    art.appendChild(h('p', { text: 'Shots from real games. Press “Play the shot” to see the winning line, or find it yourself first.' }));
    g.tactics.forEach((t, i) => art.appendChild(diagramCard(v, {
      kind: 'tactic', index: i, title: t.title, position: t.position, line: t.line, explanation: t.explanation,
      notes: [sourceText(t.source), `The line: ${t.line.join(' ')}. ${materialText(t.gain, 'wins')}`], play: 'Play the shot',
    })));
    art.appendChild(h('h2', { text: 'Mistakes the computer will punish' }));
    art.appendChild(h('p', { text: 'Each diagram plays a natural-looking move that loses, then the reply that punishes it.' }));
    g.mistakes.forEach((m, i) => art.appendChild(diagramCard(v, {
      kind: 'mistake', index: i, title: m.title, position: m.position, line: [m.mistake, ...m.punish], explanation: m.explanation,
      notes: [sourceText(m.source), `The mistake: ${m.mistake}. The punishment: ${m.punish.join(' ')}. ${materialText(m.loss, 'loses')}`], play: 'Play the mistake',
    })));
    const common = h('ul', { className: 'guide-common' });
    for (const t of g.common_mistakes) common.appendChild(h('li', { text: t }));
    art.append(h('h2', { text: 'A common mistake' }), common);
    const qa = h('dl', { className: 'guide-questions' });
    for (const { q, a } of g.questions) qa.append(h('dt', { text: q }), h('dd', { text: a }));
    art.append(h('h2', { text: 'Questions at the table' }), qa);
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
    art.append(h('h2', { text: 'Where the rule sets differ' }), diff);
    const back = h('p');
    const a = h('a', { text: `Play ${v.name}` });
    a.href = `#/play/${v.id}`;
    back.appendChild(a);
    art.appendChild(back);
    // Where the rules are chosen (the source guides sent players to the table settings, where
    // the choice no longer is).
    art.appendChild(h('p', { className: 'guide-switch', text: 'To play another rule set, choose it under “Rule set” on the home screen, or above the moves on the game page. Each rule set keeps its own saved game.' }));
  }
}

/**
 * Who played the game a diagram comes from, where and when.
 * @param {Source} s
 */
function sourceText(s) {
  if (s.composed) return 'A composed position, not taken from a recorded game.';
  const when = s.year && !(s.event || '').includes(s.year) ? `, ${s.year}` : '';
  return `From the game ${s.white} (Light) – ${s.black} (Dark)${s.event ? `, ${s.event}` : ''}${when}.`;
}

/**
 * What a line wins or loses, in words (net pieces and kings, as the guide states them).
 * @param {Material} m
 * @param {'wins' | 'loses'} verb
 */
function materialText(m, verb) {
  if (m.game) return `It ${verb} the game.`;
  const count = (/** @type {number} */ n, /** @type {string} */ what) => `${n} ${what}${Math.abs(n) === 1 ? '' : 's'}`;
  const parts = [];
  if (m.pieces) parts.push(count(m.pieces, 'piece'));
  if (m.kings) parts.push(count(m.kings, 'king'));
  return `Net ${verb === 'wins' ? 'gain' : 'loss'}: ${parts.length ? parts.join(' and ') : 'nothing'}.`;
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
  const reset = h('button', { className: 'example-reset', text: 'Reset' });
  reset.type = 'button';
  btns.append(playBtn, reset);
  card.append(
    h('h3', { text: d.title }),
    h('p', { className: 'example-position', text: d.position }),
    wrap,
    btns,
    status,
    h('p', { text: d.explanation }),
    ...d.notes.filter(Boolean).map((t) => h('p', { className: 'example-legal', text: t })),
  );

  /** @type {string} */
  let fen = '';
  /** @type {string[]} */
  let played = [];
  const board = new Board(wrap, {
    label: `Diagram: ${d.title}`,
    onMessage: (t) => (status.textContent = t),
    sound: (k) => sound.play(k),
    onMove: async (route) => {
      const r = await api.position(v.id, fen, { from: route.from, path: route.path, captured: route.captured });
      if (r.played) played.push(r.played.text);
      apply(r, `You played ${r.played ? r.played.text : ''}.`);
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
    status.textContent = text + (r.outcome ? ` ${r.outcome.text}.` : '');
    card.dataset.played = played.join(' ');
  };
  const load = async () => {
    played = [];
    const r = await api.position(v.id, d.position);
    apply(r, `${sideName(r.position.side_to_move)} to move.`);
  };
  reset.addEventListener('click', load);
  playBtn.addEventListener('click', async () => {
    await load();
    for (const m of d.line) {
      const r = await api.position(v.id, fen, { text: m });
      if (!r.played) break;
      await board.animateMove(r.played);
      played.push(r.played.text);
      apply(r, `Played ${r.played.text}.`);
    }
    card.dataset.done = '1';
  });
  load().catch((e) => (status.textContent = e.message));
  return card;
}
