// The web app: the play page (one saved table per rule set), the rules guides and the PDN
// viewer. Routes: #/play/<variant>, #/guide/<variant>, #/pdn.

import { api, ApiError } from './api.js';
import { Board } from './board.js';
import * as sound from './sound.js';
import { appendMoveRows, fmtTime, sideName } from './movelist.js';
import * as online from './online.js';

const $ = (id) => document.getElementById(id);
const store = {
  get: (k, d) => localStorage.getItem('draughts.' + k) ?? d,
  set: (k, v) => localStorage.setItem('draughts.' + k, String(v)),
};

let variants = [];
const variantById = (id) => variants.find((v) => v.id === id);

// ---------------------------------------------------------------- helpers

function fatal(text) {
  const f = $('fatal');
  f.textContent = text;
  f.hidden = !text;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    const out = $('position-out');
    out.value = text;
    out.select();
    try {
      return document.execCommand('copy');
    } catch (e2) {
      return false;
    }
  }
}

// ---------------------------------------------------------------- play page

const play = {
  variant: null,
  state: null,
  token: 0, // bumps whenever the shown game changes; stale answers are dropped
  thinking: false,
  manualFlip: false,
  clockBase: 0,
  board: null,
  hintTimer: null,
};

function message(text, kind = 'info') {
  const m = $('message');
  m.textContent = text || '';
  m.dataset.kind = kind;
  if (kind === 'warn' || kind === 'error') sound.play('error');
}

function humanSide(st) {
  return st.settings.mode === 'computer' ? st.settings.human_side : null;
}

function orientation(st) {
  let flip;
  if (st.settings.mode === 'computer') flip = st.settings.human_side === 'dark';
  else flip = st.settings.turn_board ? st.side_to_move === 'dark' : false;
  return flip !== play.manualFlip;
}

function movableSide(st) {
  if (st.outcome || play.thinking) return null;
  if (st.settings.mode === 'two-player') return st.side_to_move;
  return st.side_to_move === st.settings.human_side ? st.side_to_move : null;
}

function renderMoves(st) {
  const body = $('moves').querySelector('tbody');
  body.textContent = '';
  const v = variantById(st.variant);
  const first = v.first_mover;
  if (!st.moves.length) {
    const tr = document.createElement('tr');
    const td = document.createElement('td');
    td.className = 'empty';
    td.textContent = `No moves yet. ${sideName(st.side_to_move)} to move.`;
    tr.appendChild(td);
    body.appendChild(tr);
  }
  appendMoveRows(body, st.moves, first, st.ply);
  const box = body.closest('.moves-box');
  box.scrollTop = box.scrollHeight;
}

function renderClock() {
  const st = play.state;
  if (!st) return;
  const c = st.clock;
  const extra = c.running ? performance.now() - play.clockBase : 0;
  const light = c.light_ms + (c.running === 'light' ? extra : 0);
  const dark = c.dark_ms + (c.running === 'dark' ? extra : 0);
  $('clock-light').textContent = fmtTime(light);
  $('clock-dark').textContent = fmtTime(dark);
  $('clock-total').textContent = fmtTime(light + dark);
  $('clock-light-box').classList.toggle('running', c.running === 'light');
  $('clock-dark-box').classList.toggle('running', c.running === 'dark');
}

function render(st) {
  play.state = st;
  play.clockBase = performance.now();
  const v = variantById(st.variant);
  const b = play.board;
  b.setVariant(v);
  b.setFlipped(orientation(st));
  b.setState({
    pieces: st.position.pieces,
    legal: st.position.legal,
    mustCapture: st.position.must_capture,
    movable: movableSide(st),
    lastMove: st.last_move,
  });
  const you = humanSide(st);
  let turn;
  if (st.outcome) turn = 'Game over';
  else if (you) turn = st.side_to_move === you ? `Your move (${sideName(you)})` : `Computer's move (${sideName(st.side_to_move)})`;
  else turn = `${sideName(st.side_to_move)} to move`;
  $('turn').textContent = turn;
  $('turn').dataset.side = st.outcome ? '' : st.side_to_move;
  const res = $('result');
  res.hidden = !st.outcome;
  res.textContent = st.outcome ? st.outcome.text : '';
  $('restore-error').hidden = true;
  renderMoves(st);
  renderClock();
  $('position-out').value = `${st.position.fen}\n${st.position.text}`;
  $('download-pdn').href = api.pdnUrl(st.variant);
  $('download-pdn').setAttribute('download', `draughts-${st.variant}.pdn`);
  $('undo').disabled = st.ply === 0 || play.thinking;
  $('hint').disabled = !!st.outcome || play.thinking || !movableSide(st);
  $('resign').disabled = !!st.outcome;
  const s = st.settings;
  $('mode-line').textContent = s.mode === 'computer' ? `You play ${sideName(s.human_side)} against the computer, level ${s.level}` : 'Two players on this device';
  const sum = $('rules-summary');
  sum.textContent = '';
  for (const line of v.summary) {
    const li = document.createElement('li');
    li.textContent = line;
    sum.appendChild(li);
  }
  $('rules-link').href = `#/guide/${v.id}`;
  $('rules-title').textContent = `${v.name}: the rules in short`;
}

function setThinking(on) {
  play.thinking = on;
  $('thinking').hidden = !on;
  document.body.classList.toggle('thinking', on);
}

// Shows a new state; animates its last move when it is one ply on from what is shown.
async function show(st, { animate = true } = {}) {
  const prev = play.state;
  const oneOn = prev && prev.variant === st.variant && st.ply === prev.ply + 1 && st.last_move;
  if (animate && oneOn) await play.board.animateMove(st.last_move);
  render(st);
  if (st.outcome && !(prev && prev.outcome && prev.variant === st.variant)) sound.play('end');
}

async function computerTurn() {
  const st = play.state;
  if (!st || !st.computer_to_move || play.thinking) return;
  const token = play.token;
  setThinking(true);
  render(st);
  try {
    const next = await api.computer(st.variant, st.ply);
    if (token !== play.token) return;
    setThinking(false);
    await show(next);
  } catch (e) {
    if (token !== play.token) return;
    setThinking(false);
    if (e.status === 409) return reload();
    message(e.message, 'error');
    render(play.state);
  }
}

async function reload() {
  const token = ++play.token;
  try {
    const st = await api.game(play.variant);
    if (token !== play.token) return;
    render(st);
    api.clock(play.variant, true).then((s) => {
      if (token === play.token && s.ply === play.state.ply) {
        play.state.clock = s.clock;
        play.clockBase = performance.now();
      }
    }).catch(() => {});
    if (st.computer_to_move) computerTurn();
  } catch (e) {
    if (token !== play.token) return;
    if (e.status === 409) {
      // The saved game could not be restored: say so, never replace it silently.
      $('restore-text').textContent = e.message;
      $('restore-error').hidden = false;
      play.board.setState({ pieces: [], legal: [], movable: null });
      $('turn').textContent = '';
      return;
    }
    message(e.message, 'error');
  }
}

// After any action that returns a new state.
async function act(promise, opts) {
  const token = play.token;
  try {
    const st = await promise;
    if (token !== play.token) return;
    await show(st, opts);
    if (st.computer_to_move) computerTurn();
    return st;
  } catch (e) {
    if (token !== play.token) return;
    message(e.message, 'error');
    if (e.status === 409) reload();
    else if (play.state) render(play.state);
    throw e;
  }
}

async function onBoardMove(route) {
  message('');
  const st = play.state;
  await act(api.move(st.variant, { from: route.from, path: route.path, captured: route.captured, ply: st.ply }), { animate: false }).catch(() => {});
}

function askConfirm(route) {
  if (store.get('confirm', '0') !== '1') return Promise.resolve(true);
  return new Promise((resolve) => {
    const bar = $('confirm-bar');
    $('confirm-text').textContent = `Play ${route.text}?`;
    bar.hidden = false;
    const done = (ok) => {
      bar.hidden = true;
      $('confirm-yes').onclick = null;
      $('confirm-no').onclick = null;
      resolve(ok);
    };
    $('confirm-yes').onclick = () => done(true);
    $('confirm-no').onclick = () => done(false);
    $('confirm-yes').focus();
  });
}

async function switchVariant(id) {
  if (play.variant && play.variant !== id) api.clock(play.variant, false, true).catch(() => {});
  play.variant = id;
  store.set('variant', id);
  $('variant').value = id;
  setThinking(false);
  message('');
  $('resign-bar').hidden = true;
  play.manualFlip = false;
  await reload();
}

function openSettings() {
  const st = play.state;
  const s = st ? st.settings : { mode: 'computer', level: 4, human_side: 'light', turn_board: false };
  const f = $('settings-form');
  f.mode.value = s.mode;
  $('set-level').value = String(s.level);
  $('set-side').value = s.human_side;
  $('set-turn').checked = s.turn_board;
  $('set-coords').value = store.get('coords', 'numbers');
  $('set-confirm').checked = store.get('confirm', '0') === '1';
  $('set-mute').checked = sound.isMuted();
  syncSettingsForm();
  $('settings-dialog').showModal();
}

function syncSettingsForm() {
  const two = $('settings-form').mode.value === 'two-player';
  document.querySelector('.computer-only').disabled = two;
  document.querySelector('.two-only').disabled = !two;
}

function settingsFromForm() {
  const f = $('settings-form');
  return { mode: f.mode.value, level: Number($('set-level').value), human_side: $('set-side').value, turn_board: $('set-turn').checked };
}

function saveDisplaySettings() {
  store.set('coords', $('set-coords').value);
  store.set('confirm', $('set-confirm').checked ? '1' : '0');
  sound.setMuted($('set-mute').checked);
  play.board.setCoords($('set-coords').value);
}

function initPlay() {
  play.board = new Board($('board-wrap'), {
    label: 'Game board',
    onMove: onBoardMove,
    onMessage: message,
    sound: (k) => sound.play(k),
  });
  play.board.confirm = askConfirm;
  play.board.setCoords(store.get('coords', 'numbers'));
  const sel = $('variant');
  for (const v of variants) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = v.name;
    sel.appendChild(o);
  }
  sel.addEventListener('change', () => {
    location.hash = `#/play/${sel.value}`;
  });
  $('open-settings').addEventListener('click', openSettings);
  $('new-game').addEventListener('click', openSettings);
  $('settings-form').addEventListener('change', syncSettingsForm);
  $('settings-close').addEventListener('click', () => {
    saveDisplaySettings();
    $('settings-dialog').close();
  });
  $('settings-apply').addEventListener('click', async () => {
    saveDisplaySettings();
    const s = settingsFromForm();
    $('settings-dialog').close();
    await act(api.settings(play.variant, { level: s.level, turn_board: s.turn_board })).catch(() => {});
  });
  $('settings-new').addEventListener('click', async () => {
    saveDisplaySettings();
    const s = settingsFromForm();
    $('settings-dialog').close();
    play.token++;
    setThinking(false);
    play.manualFlip = false;
    message('New game.');
    await act(api.newGame(play.variant, { settings: s }), { animate: false }).catch(() => {});
    // Tests and assistive tools can tell that a new game is on the board.
    document.body.dataset.generation = String(Number(document.body.dataset.generation || 0) + 1);
  });
  $('restore-new').addEventListener('click', async () => {
    await act(api.newGame(play.variant, {}), { animate: false }).catch(() => {});
  });
  $('undo').addEventListener('click', async () => {
    const st = play.state;
    play.token++;
    setThinking(false);
    message('');
    await act(api.undo(st.variant), { animate: false }).catch(() => {});
  });
  $('hint').addEventListener('click', async () => {
    const st = play.state;
    try {
      const h = await api.hint(st.variant, st.ply);
      if (play.state !== st) return;
      if (h.move) {
        play.board.showHint(h.move);
        message(`Hint: ${h.move.text}`);
      }
    } catch (e) {
      message(e.message, 'error');
    }
  });
  $('flip').addEventListener('click', () => {
    play.manualFlip = !play.manualFlip;
    if (play.state) render(play.state);
  });
  $('resign').addEventListener('click', () => {
    $('resign-bar').hidden = false;
    $('resign-yes').focus();
  });
  $('resign-no').addEventListener('click', () => ($('resign-bar').hidden = true));
  $('resign-yes').addEventListener('click', async () => {
    $('resign-bar').hidden = true;
    play.token++;
    setThinking(false);
    await act(api.resign(play.variant), { animate: false }).catch(() => {});
  });
  $('type-move').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('move-input');
    const text = input.value.trim();
    if (!text) return;
    const st = play.state;
    try {
      await act(api.move(st.variant, { text, ply: st.ply }));
      input.value = '';
      message('');
    } catch (err) {
      input.focus();
    }
  });
  $('open-setup').addEventListener('click', () => {
    $('setup-error').textContent = '';
    $('setup-dialog').showModal();
    $('setup-input').focus();
  });
  $('setup-cancel').addEventListener('click', () => $('setup-dialog').close());
  $('setup-go').addEventListener('click', async () => {
    const text = $('setup-input').value;
    try {
      const st = await api.newGame(play.variant, { position: text });
      $('setup-dialog').close();
      play.token++;
      setThinking(false);
      render(st);
      message('Position set up.');
      if (st.computer_to_move) computerTurn();
    } catch (e) {
      $('setup-error').textContent = e.message;
    }
  });
  $('copy-fen').addEventListener('click', async () => {
    const t = play.state.position.fen;
    await copyText(t);
    message(`Copied FEN: ${t}`);
  });
  $('copy-text').addEventListener('click', async () => {
    const t = play.state.position.text;
    await copyText(t);
    message(`Copied: ${t}`);
  });
  setInterval(renderClock, 250);
  document.addEventListener('visibilitychange', () => {
    if (!play.variant || !play.state || play.state.outcome) return;
    api.clock(play.variant, document.visibilityState === 'visible', true).then((s) => {
      if (!play.thinking && s.ply === play.state.ply) {
        play.state.clock = s.clock;
        play.clockBase = performance.now();
      }
    }).catch(() => {});
  });
  window.addEventListener('pagehide', () => {
    if (play.variant) api.clock(play.variant, false, true).catch(() => {});
  });
}

// ---------------------------------------------------------------- guides

let guides = null;

async function showGuide(id) {
  if (!guides) guides = (await api.guides()).guides;
  const v = variantById(id) || variants[0];
  const tabs = $('guide-tabs');
  tabs.textContent = '';
  for (const x of variants) {
    const a = document.createElement('a');
    a.href = `#/guide/${x.id}`;
    a.textContent = x.name;
    if (x.id === v.id) a.setAttribute('aria-current', 'page');
    tabs.appendChild(a);
  }
  const g = guides[v.id];
  const art = $('guide');
  art.textContent = '';
  const h1 = document.createElement('h1');
  h1.textContent = v.name;
  art.appendChild(h1);
  const titles = { setup: 'Setup', moves: 'Moves', captures: 'Captures', kings: 'Kings', draws: 'Draws and the end of the game' };
  for (const [key, title] of Object.entries(titles)) {
    const h = document.createElement('h2');
    h.textContent = title;
    const p = document.createElement('p');
    p.textContent = g.sections[key];
    art.append(h, p);
  }
  const h = document.createElement('h2');
  h.textContent = 'Worked examples';
  art.appendChild(h);
  const note = document.createElement('p');
  note.textContent = 'Each diagram is live: press “Play the example”, or move the pieces yourself. The server checks every move.';
  art.appendChild(note);
  g.examples.forEach((ex, i) => art.appendChild(exampleCard(v, ex, i)));
  const back = document.createElement('p');
  const a = document.createElement('a');
  a.href = `#/play/${v.id}`;
  a.textContent = `Play ${v.name}`;
  back.appendChild(a);
  art.appendChild(back);
}

function exampleCard(v, ex, i) {
  const card = document.createElement('section');
  card.className = 'example';
  card.dataset.example = String(i);
  const h = document.createElement('h3');
  h.textContent = ex.title;
  const pos = document.createElement('p');
  pos.className = 'example-position';
  pos.textContent = ex.position;
  const expl = document.createElement('p');
  expl.textContent = ex.explanation;
  const legal = document.createElement('p');
  legal.className = 'example-legal';
  legal.textContent = `Legal moves: ${ex.legal.join(', ')}`;
  const wrap = document.createElement('div');
  wrap.className = 'board-wrap small';
  const status = document.createElement('p');
  status.className = 'example-status';
  status.setAttribute('aria-live', 'polite');
  const btns = document.createElement('div');
  btns.className = 'example-buttons';
  const playBtn = document.createElement('button');
  playBtn.type = 'button';
  playBtn.className = 'example-play';
  playBtn.textContent = 'Play the example';
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.className = 'example-reset';
  reset.textContent = 'Reset';
  btns.append(playBtn, reset);
  card.append(h, pos, wrap, btns, status, expl, legal);

  let fen = null;
  let played = [];
  const board = new Board(wrap, {
    label: `Example: ${ex.title}`,
    onMessage: (t) => (status.textContent = t),
    sound: (k) => sound.play(k),
    onMove: async (route) => {
      const r = await api.position(v.id, fen, { from: route.from, path: route.path, captured: route.captured });
      played.push(r.played.text);
      apply(r, `You played ${r.played.text}.`);
    },
  });
  board.setCoords(v.notation === 'numeric' ? 'numbers' : 'algebraic');
  board.setVariant(v);
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
    const r = await api.position(v.id, ex.position);
    apply(r, `${sideName(r.position.side_to_move)} to move.`);
  };
  reset.addEventListener('click', load);
  playBtn.addEventListener('click', async () => {
    await load();
    for (const m of ex.line) {
      const r = await api.position(v.id, fen, { text: m });
      await board.animateMove(r.played);
      played.push(r.played.text);
      apply(r, `Played ${r.played.text}.`);
    }
    card.dataset.done = '1';
  });
  load().catch((e) => (status.textContent = e.message));
  return card;
}

// ---------------------------------------------------------------- PDN viewer

const viewer = { games: [], game: null, at: 0, seq: 0, animating: false, board: null };

function initPdn() {
  viewer.board = new Board($('pdn-board'), { label: 'PDN game board' });
  const sel = $('pdn-variant');
  const none = document.createElement('option');
  none.value = '';
  none.textContent = '(from the file)';
  sel.appendChild(none);
  for (const v of variants) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = v.name;
    sel.appendChild(o);
  }
  $('pdn-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) $('pdn-text').value = await f.text();
  });
  $('pdn-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    $('pdn-error').textContent = '';
    try {
      const r = await api.readPdn($('pdn-text').value, $('pdn-variant').value || undefined);
      viewer.games = r.games;
      const gs = $('pdn-games');
      gs.textContent = '';
      r.games.forEach((g, i) => {
        const o = document.createElement('option');
        o.value = String(i);
        const tag = (n) => (g.tags.find((t) => t[0].toLowerCase() === n) || [])[1];
        o.textContent = `${g.number}. ${tag('white') || '?'} – ${tag('black') || '?'} ${g.result || ''} (${g.variant || 'unknown rules'})`;
        gs.appendChild(o);
      });
      $('pdn-view').hidden = false;
      pickGame(0);
      if (r.warnings.length) $('pdn-error').textContent = `Skipped: ${r.warnings.slice(0, 3).join('; ')}`;
    } catch (err) {
      $('pdn-view').hidden = true;
      $('pdn-error').textContent = err.message;
    }
  });
  $('pdn-games').addEventListener('change', (e) => pickGame(Number(e.target.value)));
  $('pdn-first').addEventListener('click', () => stepTo(0));
  $('pdn-prev').addEventListener('click', () => stepTo(viewer.at - 1));
  $('pdn-next').addEventListener('click', () => stepTo(viewer.at + 1, true));
  $('pdn-last').addEventListener('click', () => stepTo(viewer.game.frames.length - 1));
  $('pdn-continue').addEventListener('click', async () => {
    const g = viewer.game;
    if (!g || !g.variant) return;
    const fen = g.frames[viewer.at].fen;
    try {
      await api.newGame(g.variant, { position: fen });
      location.hash = `#/play/${g.variant}`;
    } catch (e) {
      $('pdn-error-game').textContent = e.message;
    }
  });
  document.addEventListener('keydown', (e) => {
    if ($('view-pdn').hidden || !viewer.game || e.target.closest('textarea, input, select')) return;
    if (e.key === 'ArrowRight') stepTo(viewer.at + 1, true);
    if (e.key === 'ArrowLeft') stepTo(viewer.at - 1);
  });
}

function pickGame(i) {
  const g = viewer.games[i];
  viewer.game = g;
  $('pdn-error-game').textContent = g.error ? `This game stops early: ${g.error}` : '';
  const tags = g.tags.filter(([k]) => !['FEN', 'SetUp'].includes(k)).map(([k, v]) => `${k}: ${v}`).join(' · ');
  $('pdn-info').textContent = tags + (g.outcome ? ` — by our rules: ${g.outcome}` : '');
  const list = $('pdn-moves');
  list.textContent = '';
  // One list item per numbered move, as in PDN: the first mover's move, then the reply.
  const v = variantById(g.variant);
  const first = v ? (v.first_mover === 'light' ? 'W' : 'B') : 'W';
  let li = null;
  g.frames.slice(1).forEach((f, k) => {
    const mover = g.frames[k].fen[0].toUpperCase();
    if (!li || mover === first) {
      li = document.createElement('li');
      list.appendChild(li);
      if (mover !== first) li.append('… ');
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'pdn-move';
    b.dataset.ply = String(k + 1);
    b.textContent = f.move.text;
    b.addEventListener('click', () => stepTo(k + 1));
    li.appendChild(b);
    if (mover !== first) li = null;
  });
  $('pdn-continue').disabled = !v;
  if (!v) {
    viewer.board.container.hidden = true;
    return;
  }
  viewer.board.container.hidden = false;
  viewer.board.setCoords(store.get('coords', 'numbers'));
  viewer.board.setVariant(v);
  stepTo(0);
}

async function stepTo(k, animate = false) {
  const g = viewer.game;
  if (!g || !g.frames.length) return;
  k = Math.max(0, Math.min(g.frames.length - 1, k));
  const f = g.frames[k];
  const from = viewer.at;
  viewer.at = k;
  const seq = ++viewer.seq;
  $('pdn-ply').textContent = k === 0 ? 'Start' : `Move ${k} of ${g.frames.length - 1}: ${f.move.text}`;
  for (const b of $('pdn-moves').querySelectorAll('.pdn-move')) b.classList.toggle('current', Number(b.dataset.ply) === k);
  if (animate && k === from + 1 && f.move && !viewer.animating) {
    viewer.animating = true;
    await viewer.board.animateMove(f.move);
    viewer.animating = false;
  }
  // A later step while this one was animating has the last word.
  if (seq !== viewer.seq) return;
  viewer.board.setState({ pieces: f.pieces, legal: [], movable: null, lastMove: f.move });
}

// ---------------------------------------------------------------- routing

function route() {
  const [, page, arg] = (location.hash || '#/play').split('/');
  if (online.route(page, arg)) return; // #/room/<id>: online rooms (online.js)
  const views = { play: 'view-play', guide: 'view-guide', pdn: 'view-pdn' };
  const which = views[page] ? page : 'play';
  for (const [k, id] of Object.entries(views)) {
    $(id).hidden = k !== which;
    $(`nav-${k}`).toggleAttribute('aria-current', k === which);
    if (k === which) $(`nav-${k}`).setAttribute('aria-current', 'page');
  }
  if (which === 'play') {
    const id = variantById(arg) ? arg : play.variant || store.get('variant', 'english');
    if (id !== play.variant) switchVariant(variantById(id) ? id : 'english');
    else reload();
  } else if (which === 'guide') {
    showGuide(arg || play.variant || 'english').catch((e) => fatal(e.message));
  }
}

async function main() {
  try {
    variants = await api.variants();
  } catch (e) {
    fatal(e instanceof ApiError ? e.message : String(e));
    return;
  }
  initPlay();
  initPdn();
  window.addEventListener('hashchange', route);
  route();
  document.body.dataset.ready = '1';
}

main();
