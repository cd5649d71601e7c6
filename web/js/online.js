// Online rooms (docs/rooms-protocol.md): "Play a friend online" in the table settings creates a
// room and shows its link; opening #/room/<id> joins the free seat or watches; the board plays
// through the room's WebSocket. The seat's token is kept in localStorage so that a reload or a
// new tab resumes the seat.

import { Board } from './board.js';
import * as sound from './sound.js';
import { appendMoveRows, fmtTime, sideName } from './movelist.js';

const $ = (id) => document.getElementById(id);
const tokenKey = (id) => `draughts.room.${id}`;
const other = (s) => (s === 'light' ? 'dark' : 'light');

const room = {
  id: null,
  ws: null,
  player: null,
  color: null,
  state: null,
  board: null,
  variants: null,
  pending: new Map(), // id -> { msg, done }
  nextId: 1,
  clockBase: 0,
  serverOffset: 0, // server time minus local time (ms)
  retry: 0,
  retryTimer: null,
  pingTimer: null,
  manualFlip: false,
  connected: false,
};

// ---------------------------------------------------------------- the view

function buildView() {
  if ($('view-room')) return;
  const main = document.createElement('main');
  main.id = 'view-room';
  main.className = 'view';
  main.setAttribute('aria-label', 'Online room');
  main.hidden = true;
  main.innerHTML = `
    <section class="room-bar" aria-label="Room">
      <h1 id="room-title">Online room</h1>
      <p id="room-role" class="room-role"></p>
      <div id="room-share" class="room-share">
        <label for="room-link">Send this link to your friend:</label>
        <input id="room-link" readonly>
        <button type="button" id="room-copy">Copy link</button>
      </div>
    </section>
    <div class="play-grid">
      <section class="board-col" aria-label="Board">
        <div class="status-row">
          <span id="room-turn" class="turn" aria-live="polite"></span>
          <span id="room-conn" class="room-conn" role="status"></span>
        </div>
        <div id="room-board" class="board-wrap"></div>
        <div id="room-ask" class="confirm-bar" hidden>
          <span id="room-ask-text"></span>
          <button type="button" id="room-ask-yes"></button>
          <button type="button" id="room-ask-no"></button>
        </div>
        <p id="room-message" class="message" role="status" aria-live="polite"></p>
        <p id="room-result" class="result" role="alert" hidden></p>
      </section>
      <section class="side-col" aria-label="Game">
        <ul class="room-seats" aria-label="Players">
          <li id="room-seat-light"></li>
          <li id="room-seat-dark"></li>
        </ul>
        <div class="clocks" aria-label="Elapsed time">
          <div class="clock" id="room-clock-light-box"><span class="swatch light" aria-hidden="true"></span> Light <output id="room-clock-light">0:00</output></div>
          <div class="clock" id="room-clock-dark-box"><span class="swatch dark" aria-hidden="true"></span> Dark <output id="room-clock-dark">0:00</output></div>
        </div>
        <div class="controls" role="toolbar" aria-label="Game controls">
          <button type="button" id="room-draw">Offer a draw</button>
          <button type="button" id="room-takeback">Ask to take back</button>
          <button type="button" id="room-resign">Resign</button>
          <button type="button" id="room-flip">Flip board</button>
          <button type="button" id="room-rematch" hidden>Rematch</button>
        </div>
        <div id="room-claim" class="confirm-bar" hidden>
          <span id="room-claim-text"></span>
          <button type="button" id="room-claim-win">Claim the win</button>
          <button type="button" id="room-claim-draw">Call it a draw</button>
        </div>
        <div id="room-resign-bar" class="confirm-bar" hidden>
          <span>Resign this game?</span>
          <button type="button" id="room-resign-yes">Yes, resign</button>
          <button type="button" id="room-resign-no">No</button>
        </div>
        <h2 class="small">Moves</h2>
        <div class="moves-box">
          <table id="room-moves" class="moves" aria-label="Move list"><tbody></tbody></table>
        </div>
        <p class="room-links"><a id="room-pdn" class="button" href="#" download>Download PDN</a>
          <a href="#/play">Back to the local table</a></p>
      </section>
    </div>`;
  const after = $('view-pdn') || document.querySelector('main:last-of-type');
  after.after(main);

  room.board = new Board($('room-board'), {
    label: 'Online game board',
    onMove: onBoardMove,
    onMessage: message,
    sound: (k) => sound.play(k),
  });
  room.board.setCoords(localStorage.getItem('draughts.coords') || 'numbers');
  $('room-copy').addEventListener('click', async () => {
    const link = $('room-link').value;
    try {
      await navigator.clipboard.writeText(link);
    } catch (e) {
      $('room-link').select();
      document.execCommand('copy');
    }
    message('Link copied. Send it to your friend.');
  });
  $('room-draw').addEventListener('click', () => {
    const st = room.state;
    act(st.draw_offer === other(room.color) ? 'accept_draw' : 'offer_draw');
  });
  $('room-takeback').addEventListener('click', () => act('ask_takeback', { ply: room.state.ply }));
  $('room-resign').addEventListener('click', () => {
    $('room-resign-bar').hidden = false;
    $('room-resign-yes').focus();
  });
  $('room-resign-no').addEventListener('click', () => ($('room-resign-bar').hidden = true));
  $('room-resign-yes').addEventListener('click', () => {
    $('room-resign-bar').hidden = true;
    act('resign');
  });
  $('room-rematch').addEventListener('click', () => act('rematch'));
  $('room-claim-win').addEventListener('click', () => act('claim', { result: 'win' }));
  $('room-claim-draw').addEventListener('click', () => act('claim', { result: 'draw' }));
  $('room-flip').addEventListener('click', () => {
    room.manualFlip = !room.manualFlip;
    render();
  });
  setInterval(tick, 250);
}

function message(text, kind = 'info') {
  const m = $('room-message');
  if (!m) return;
  m.textContent = text || '';
  m.dataset.kind = kind;
  if (kind === 'warn' || kind === 'error') sound.play('error');
}

// ---------------------------------------------------------------- the connection

function send(msg) {
  if (room.ws && room.ws.readyState === WebSocket.OPEN) room.ws.send(JSON.stringify(msg));
}

// Sends an action with a fresh id; it is resent with the same id after a reconnect until the
// server acknowledges it (the server ignores a repeat). Resolves when answered.
function act(type, fields = {}) {
  if (!room.state) return Promise.resolve(false);
  const id = `${Date.now().toString(36)}-${room.nextId++}`;
  const msg = { type, id, game: room.state.game, ...fields };
  return new Promise((resolve) => {
    room.pending.set(id, { msg, done: resolve });
    send(msg);
  });
}

function connect() {
  clearTimeout(room.retryTimer);
  const id = room.id;
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${proto}://${location.host}/ws/rooms/${encodeURIComponent(id)}`);
  room.ws = ws;
  setConn('Connecting…');
  ws.onopen = () => {
    room.retry = 0;
    const token = localStorage.getItem(tokenKey(id));
    ws.send(JSON.stringify(token ? { type: 'hello', v: 2, token } : { type: 'hello', v: 2 }));
    clearInterval(room.pingTimer);
    room.pingTimer = setInterval(() => send({ type: 'ping' }), 25000);
  };
  ws.onmessage = (e) => {
    if (room.ws !== ws) return;
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch (err) {
      return;
    }
    onMessage(msg);
  };
  ws.onclose = (e) => {
    if (room.ws !== ws) return;
    room.connected = false;
    clearInterval(room.pingTimer);
    if (room.id !== id) return;
    if (e.code === 1006 && !room.state) {
      // Never got in: an unknown or expired room answers 404 before the upgrade.
      fetch(`/api/rooms/${encodeURIComponent(id)}`).then((r) => {
        if (r.status === 404) {
          setConn('');
          $('room-turn').textContent = 'This room does not exist (the link is wrong, or the room expired).';
          room.id = null;
        } else retryLater();
      }, retryLater);
      return;
    }
    retryLater();
  };
}

function retryLater() {
  if (!room.id) return;
  const wait = Math.min(5000, 300 * 2 ** room.retry++);
  setConn('Connection lost; reconnecting…');
  room.retryTimer = setTimeout(connect, wait);
  render();
}

function setConn(text) {
  const c = $('room-conn');
  if (c) c.textContent = text;
}

function onMessage(msg) {
  if (typeof msg.now === 'number') room.serverOffset = msg.now - Date.now();
  switch (msg.type) {
    case 'welcome':
      room.player = msg.player;
      room.color = msg.color;
      room.connected = true;
      setConn('');
      if (msg.token) localStorage.setItem(tokenKey(room.id), msg.token);
      break;
    case 'state': {
      room.state = msg;
      room.clockBase = performance.now();
      if (room.player !== null) room.color = room.player === msg.light_player ? 'light' : 'dark';
      render();
      // Actions not answered before the connection dropped go again with their ids.
      for (const { msg: m } of room.pending.values()) send(m);
      break;
    }
    case 'moved':
      onMoved(msg);
      break;
    case 'presence':
      if (room.state) {
        // Only the seats and the claim bar change: a piece being picked stays picked.
        room.state.seats = msg.seats;
        renderSeats(room.state);
        tick();
      }
      break;
    case 'ack':
    case 'error': {
      const p = msg.id != null ? room.pending.get(String(msg.id)) : null;
      if (p) {
        room.pending.delete(String(msg.id));
        p.done(msg.type === 'ack');
      }
      if (msg.type === 'error') {
        message(msg.message, 'error');
        if (msg.code === 'stale') send({ type: 'sync' });
        else if (room.state) render();
      }
      break;
    }
    default:
      break;
  }
}

async function onMoved(msg) {
  const st = room.state;
  if (!st || msg.game !== st.game || msg.ply !== st.ply + 1) {
    send({ type: 'sync' });
    return;
  }
  const mine = msg.side === room.color;
  st.moves.push({ ply: msg.ply, side: msg.side, spent_ms: msg.spent_ms, move: msg.move });
  st.ply = msg.ply;
  st.position = msg.position;
  st.side_to_move = msg.position.side_to_move;
  st.last_move = msg.move;
  st.outcome = msg.outcome;
  st.clock = msg.clock;
  st.draw_offer = null;
  st.takeback = null;
  room.clockBase = performance.now();
  // The mover's own board already shows the move; the others see it played.
  if (!mine) await room.board.animateMove(msg.move);
  if (room.state !== st) return;
  render();
  if (msg.outcome) sound.play('end');
}

async function onBoardMove(route) {
  message('');
  const st = room.state;
  const ok = await act('move', { ply: st.ply, from: route.from, path: route.path, captured: route.captured });
  if (!ok && room.state) render();
}

// ---------------------------------------------------------------- drawing

function myTurn(st) {
  return room.color && st.started && !st.outcome && st.side_to_move === room.color && room.connected;
}

function render() {
  const st = room.state;
  if (!st || !room.variants) return;
  const v = room.variants.find((x) => x.id === st.variant);
  const b = room.board;
  b.setVariant(v);
  b.setFlipped((room.color === 'dark') !== room.manualFlip);
  b.setState({
    pieces: st.position.pieces,
    legal: st.position.legal,
    mustCapture: st.position.must_capture,
    movable: myTurn(st) ? room.color : null,
    lastMove: st.last_move,
  });
  $('room-title').textContent = `Online room: ${v.name}${st.game > 1 ? `, game ${st.game}` : ''}`;
  const link = `${location.origin}/#/room/${room.id}`;
  $('room-link').value = link;
  $('room-share').hidden = !!(room.color && st.started);
  $('room-role').textContent = room.color
    ? `You play ${sideName(room.color)}.`
    : 'You are watching this game.';
  let turn;
  if (st.outcome) turn = 'Game over';
  else if (!st.started) turn = 'Waiting for your friend to open the link…';
  else if (room.color) turn = st.side_to_move === room.color ? `Your move (${sideName(room.color)})` : `Your friend's move (${sideName(st.side_to_move)})`;
  else turn = `${sideName(st.side_to_move)} to move`;
  $('room-turn').textContent = turn;
  $('room-turn').dataset.side = st.outcome || !st.started ? '' : st.side_to_move;
  const res = $('room-result');
  res.hidden = !st.outcome;
  res.textContent = st.outcome ? st.outcome.text : '';
  renderSeats(st);
  renderMoves(st, v);
  renderAsks(st);
  const player = !!room.color;
  const live = player && st.started && !st.outcome;
  $('room-draw').disabled = !live || st.draw_offer === room.color;
  $('room-draw').textContent = live && st.draw_offer === other(room.color) ? 'Accept the draw' : 'Offer a draw';
  $('room-takeback').disabled = !live || !!st.takeback || !st.moves.some((m) => m.side === room.color);
  $('room-resign').disabled = !live;
  const rm = $('room-rematch');
  rm.hidden = !(player && st.outcome);
  rm.disabled = !!(st.rematch && st.rematch[room.color]);
  rm.textContent = st.rematch && st.rematch[other(room.color)] && !st.rematch[room.color] ? 'Accept the rematch' : 'Rematch (colours swap)';
  if (player && st.outcome && st.rematch) {
    if (st.rematch[room.color] && !st.rematch[other(room.color)]) message('Rematch asked; waiting for your friend.');
    else if (st.rematch[other(room.color)] && !st.rematch[room.color]) message('Your friend wants a rematch.');
  }
  $('room-pdn').href = `/api/rooms/${room.id}/pdn`;
  tick();
}

function renderSeats(st) {
  for (const side of ['light', 'dark']) {
    const s = st.seats[side];
    const who = room.color === side ? 'you' : room.color ? 'your friend' : 'a player';
    let text;
    if (!s.taken) text = 'free seat';
    else if (s.connected) text = `${who}, connected`;
    else text = `${who}, away`;
    const li = $(`room-seat-${side}`);
    li.textContent = `${sideName(side)}: ${text}`;
    li.dataset.connected = s.connected ? '1' : '0';
  }
}

function renderMoves(st, v) {
  const body = $('room-moves').querySelector('tbody');
  body.textContent = '';
  const first = v.first_mover;
  appendMoveRows(body, st.moves, first, st.ply);
  const box = body.closest('.moves-box');
  box.scrollTop = box.scrollHeight;
}

// A draw offer or takeback request from the other player, to answer.
function renderAsks(st) {
  const bar = $('room-ask');
  const them = room.color ? other(room.color) : null;
  let ask = null;
  if (room.color && !st.outcome) {
    if (st.draw_offer === them) ask = ['Your friend offers a draw.', 'Accept the draw', 'Decline', 'accept_draw', 'decline_draw'];
    else if (st.takeback === them) ask = ['Your friend asks to take back their last move.', 'Allow it', 'Refuse', 'grant_takeback', 'decline_takeback'];
  }
  bar.hidden = !ask;
  if (!ask) {
    if (room.color && st.draw_offer === room.color && !st.outcome) message('You offered a draw.');
    if (room.color && st.takeback === room.color && !st.outcome) message('You asked to take back your move.');
    return;
  }
  $('room-ask-text').textContent = ask[0];
  $('room-ask-yes').textContent = ask[1];
  $('room-ask-no').textContent = ask[2];
  $('room-ask-yes').onclick = () => act(ask[3]);
  $('room-ask-no').onclick = () => act(ask[4]);
}

// Clocks and the away countdown, four times a second.
function tick() {
  const st = room.state;
  if (!st || $('view-room').hidden) return;
  const c = st.clock;
  const extra = c.running ? performance.now() - room.clockBase : 0;
  $('room-clock-light').textContent = fmtTime(c.light_ms + (c.running === 'light' ? extra : 0));
  $('room-clock-dark').textContent = fmtTime(c.dark_ms + (c.running === 'dark' ? extra : 0));
  $('room-clock-light-box').classList.toggle('running', c.running === 'light');
  $('room-clock-dark-box').classList.toggle('running', c.running === 'dark');
  const claim = $('room-claim');
  const them = room.color ? st.seats[other(room.color)] : null;
  if (!room.color || st.outcome || !st.started || !them || them.connected || them.away_since == null) {
    claim.hidden = true;
    return;
  }
  claim.hidden = false;
  const left = them.away_since + st.grace_ms - (Date.now() + room.serverOffset);
  const ready = left <= 0;
  $('room-claim-text').textContent = ready
    ? 'Your friend has left the game.'
    : `Your friend is away. If they are not back in ${fmtTime(left + 999)}, you may claim the game.`;
  $('room-claim-win').disabled = !ready;
  $('room-claim-draw').disabled = !ready;
}

// ---------------------------------------------------------------- routing and creating

async function loadVariants() {
  if (!room.variants) {
    const r = await fetch('/api/variants');
    room.variants = await r.json();
  }
}

function leave() {
  room.id = null;
  clearTimeout(room.retryTimer);
  clearInterval(room.pingTimer);
  if (room.ws) {
    const ws = room.ws;
    room.ws = null;
    ws.close();
  }
  room.state = null;
  room.pending.clear();
}

// Called by the app's router for every route. Returns true when it showed a room.
export function route(page, arg) {
  buildView();
  const view = $('view-room');
  if (page !== 'room' || !arg) {
    view.hidden = true;
    if (room.id) leave();
    return false;
  }
  for (const m of document.querySelectorAll('main.view')) m.hidden = m !== view;
  view.hidden = false;
  for (const a of document.querySelectorAll('.top nav a')) a.removeAttribute('aria-current');
  if (room.id === arg && room.ws) return true;
  leave();
  room.id = arg;
  room.color = null;
  room.player = null;
  room.manualFlip = false;
  message('');
  $('room-turn').textContent = 'Opening the room…';
  loadVariants().then(connect, (e) => message(`The server cannot be reached: ${e}`, 'error'));
  return true;
}

// "Play a friend online" in the table settings: creates a room for the chosen rule set and
// side, keeps the creator's token and opens the room, which shows the link to send.
async function createRoom() {
  const variant = $('variant').value;
  const side = $('online-side') ? $('online-side').value : 'random';
  const out = $('online-error');
  if (out) out.textContent = '';
  try {
    const r = await fetch('/api/rooms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant, side }),
    });
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || `${r.status}`);
    localStorage.setItem(tokenKey(data.id), data.token);
    const dialog = $('settings-dialog');
    if (dialog && dialog.open) dialog.close();
    location.hash = `#/room/${data.id}`;
  } catch (e) {
    if (out) out.textContent = `Could not create the room: ${e.message}`;
  }
}

const create = $('online-create');
if (create) create.addEventListener('click', createRoom);
