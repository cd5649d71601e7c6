// @ts-check
// Route #/room/<id>: an online room (docs/rooms-protocol.md) over the room socket. Opening the
// link joins the free seat or watches; the seat's token is kept so that a reload or a new tab
// resumes it. It feeds the game page (views/game-view.js) and owns the room's own parts: the
// link to send, the seats, draw offers, takebacks, claims and rematches, the watcher's view (no
// invitation, no player buttons) and the page of a room that does not exist.

import { api } from '../transport/api.js';
import { RoomSocket } from '../transport/socket.js';
import { $, button, input, copyText } from '../views/dom.js';
import { AskBar } from '../views/ask-bar.js';
import {
  canAnswerDraw, canAnswerTakeback, canAskTakeback, canOfferDraw, canRematch, claimState, isOver, isPlayer, isStarted, ownSide,
} from '../game/predicates.js';
import { fmtTime, other, sideName } from '../game/format.js';
import { roomTokens } from '../prefs.js';
import * as sound from '../sound.js';
import { t } from '../i18n.js';
import { errorText } from '../game/wording.js';

/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').Moved} Moved */
/** @typedef {import('../types.js').Viewer} Viewer */
/** @typedef {import('../types.js').Side} Side */
/** @typedef {import('../types.js').MoveInput} MoveInput */
/** @typedef {import('../views/game-view.js').GameView} GameView */
/** @typedef {import('../views/game-view.js').GameSource} GameSource */
/** @typedef {import('../transport/socket.js').Message} Message */

/** @implements {GameSource} */
export class RoomPage {
  /** @param {GameView} view */
  constructor(view) {
    this.view = view;
    /** @type {'online'} */
    this.mode = 'online';
    /** @type {string | null} */
    this.id = null;
    /** @type {RoomSocket | null} */
    this.socket = null;
    /** @type {number | null} */
    this.player = null;
    /** @type {Side | null} */
    this.color = null;
    /** @type {RoomState | null} */
    this.state = null;
    this.askBar = new AskBar('ask');
    this.touched = false; // the page got a click or key press: sounds play, the note is gone
    this.init();
  }

  /** @returns {Viewer} */
  viewer() {
    return { sides: this.color ? [this.color] : [], opponent: t('name-friend'), connected: !!this.socket && this.socket.connected };
  }

  // ---------------------------------------------------------------- route

  /** @param {string | undefined} arg */
  enter(arg) {
    if (!arg) {
      location.hash = '#/play';
      return;
    }
    this.view.attach(this);
    if (this.id === arg && this.socket) {
      this.render();
      return;
    }
    this.leave();
    this.view.attach(this);
    this.view.manualFlip = false;
    this.id = arg;
    this.view.status.setTurnText(t('room-opening'));
    $('room-role').textContent = '';
    $('room-share').hidden = true;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const id = arg;
    this.socket = new RoomSocket(`${proto}://${location.host}/ws/rooms/${encodeURIComponent(id)}`, {
      token: () => roomTokens.get(id),
      status: (s) => this.connStatus(s),
      retry: (code) => this.retry(code),
      on: {
        welcome: (m) => this.onWelcome(m),
        state: (m) => this.onState(/** @type {RoomState} */ (/** @type {unknown} */ (m))),
        moved: (m) => this.onMoved(/** @type {Moved} */ (/** @type {unknown} */ (m))),
        presence: (m) => this.onPresence(m),
        error: (m) => this.onError(m),
      },
    });
    this.socket.open();
  }

  leave() {
    if (this.socket) this.socket.close();
    this.socket = null;
    this.id = null;
    this.state = null;
    this.player = null;
    this.color = null;
    this.askBar.hide();
    this.view.detach(this);
  }

  // ---------------------------------------------------------------- the connection

  /** @param {'connecting' | 'open' | 'lost'} s */
  connStatus(s) {
    $('conn').textContent = s === 'connecting' ? t('room-connecting') : s === 'lost' ? t('room-lost') : '';
    if (s !== 'connecting') this.render();
  }

  /**
   * Whether to reconnect: a socket that never got in may be an unknown or expired room (the
   * server answers 404 before the upgrade).
   * @param {number} code
   */
  async retry(code) {
    const id = this.id;
    if (code !== 1006 || this.state) return true;
    try {
      await api.room(/** @type {string} */ (id));
      return true;
    } catch (e) {
      if (e.status !== 404 || this.id !== id) return true;
      $('conn').textContent = '';
      this.view.clear();
      this.view.root.dataset.missing = '1';
      $('room-missing').hidden = false;
      document.title = t('title-room-missing');
      return false;
    }
  }

  /** @param {Message} msg */
  onWelcome(msg) {
    this.player = msg.player;
    this.color = msg.color;
    if (msg.token && this.id) roomTokens.set(this.id, msg.token);
  }

  /** @param {RoomState} st */
  onState(st) {
    this.state = st;
    if (this.player !== null) this.color = this.player === st.light_player ? 'light' : 'dark';
    this.render();
    // Only the state right after a decline carries it; the side who asked is told, once.
    const d = st.declined;
    if (d && this.color && d.by !== this.color) {
      this.view.message(d.what === 'draw' ? t('room-draw-declined') : t('room-takeback-declined'));
    }
  }

  /** @param {Moved} msg */
  async onMoved(msg) {
    const st = this.state;
    if (!st || msg.game !== st.game || msg.ply !== st.ply + 1) {
      this.socket?.send({ type: 'sync' });
      return;
    }
    const mine = msg.side === this.color;
    st.moves.push({ ply: msg.ply, number: msg.number, side: msg.side, spent_ms: msg.spent_ms, move: msg.move });
    st.ply = msg.ply;
    st.position = msg.position;
    st.side_to_move = msg.position.side_to_move;
    st.last_move = msg.move;
    st.outcome = msg.outcome;
    st.clock = msg.clock;
    st.draw_offer = null;
    st.takeback = null;
    // The mover's own board already shows the move; the others see it played.
    if (!mine) await this.view.animate(msg.move);
    if (this.state !== st) return;
    this.render();
    if (msg.outcome) sound.play('end');
  }

  /** @param {Message} msg */
  onPresence(msg) {
    if (!this.state) return;
    // Only the seats, the watchers and the claim bar change: a piece being picked stays picked.
    this.state.seats = msg.seats;
    if (typeof msg.watchers === 'number') this.state.watchers = msg.watchers;
    this.renderSeats(this.state);
    this.renderRole(this.state);
    this.tick();
  }

  /** @param {Message} msg */
  onError(msg) {
    // A refused move carries the web API's code of the refusal and its arguments (`reason`).
    const code = String(msg.reason || msg.code || '');
    this.view.message(errorText({ code, message: String(msg.message || ''), args: msg.args || {} }), 'error');
    if (msg.code !== 'stale' && this.state) this.render();
  }

  /**
   * Sends a game-bound action.
   * @param {string} type
   * @param {Record<string, unknown>} [fields]
   */
  act(type, fields = {}) {
    if (!this.state || !this.socket) return Promise.resolve(false);
    return this.socket.act({ type, game: this.state.game, ...fields });
  }

  /** @param {MoveInput} move */
  async move(move) {
    const st = this.state;
    if (!st) return false;
    return this.act('move', { ...move, ply: st.ply });
  }

  resign() {
    this.act('resign');
  }

  rematch() {
    this.act('rematch');
  }

  /**
   * Who plays each side, in words, for this viewer.
   * @returns {{ light: string, dark: string }}
   */
  names() {
    const name = (/** @type {Side} */ side) => (this.color === side ? t('name-you') : this.color ? t('name-friend') : t('name-side-player', { side }));
    return { light: name('light'), dark: name('dark') };
  }

  // ---------------------------------------------------------------- drawing

  render() {
    const st = this.state;
    if (!st || !this.id) return;
    const viewer = this.viewer();
    const v = this.view.variant(st.variant);
    this.view.show(st, viewer, {
      flipped: this.color === 'dark',
      pdnUrl: api.roomPdnUrl(this.id),
      pdnName: `draughts-room-${st.variant}.pdn`,
      names: this.names(),
      gameKey: `${this.id}:${st.game}`,
    });
    $('room-title').textContent = t(isPlayer(viewer) ? 'room-title-player' : 'room-title-watcher', { variant: v.name, game: st.game });
    input('room-link').value = `${location.origin}/#/room/${this.id}`;
    $('room-share').hidden = !isPlayer(viewer) || isStarted(st);
    this.renderRole(st);
    // A watcher who has not touched the page hears nothing yet: said once, gone at the first touch.
    $('sound-note').hidden = !!this.color || this.touched || sound.isMuted() || !sound.needsGesture();
    this.renderSeats(st);
    this.renderAsks(st, viewer);
    const me = ownSide(viewer);
    const draw = button('draw');
    const answerDraw = canAnswerDraw(st, viewer);
    draw.disabled = !canOfferDraw(st, viewer) && !answerDraw;
    draw.textContent = answerDraw ? t('room-accept-draw') : t('draw');
    button('takeback').disabled = !canAskTakeback(st, viewer);
    const rm = button('rematch');
    rm.hidden = !(me && isOver(st));
    rm.disabled = !canRematch(st, viewer);
    const theyAsk = !!(me && st.rematch && st.rematch[other(me)]);
    const iAsked = !!(me && st.rematch && st.rematch[me]);
    rm.textContent = theyAsk && !iAsked ? t('room-accept-rematch') : t('room-rematch');
    if (me && isOver(st) && st.rematch) {
      if (iAsked && !theyAsk) this.view.message(t('room-rematch-asked'));
      else if (theyAsk && !iAsked) this.view.message(t('room-rematch-wanted'));
    }
    this.tick();
  }

  /**
   * Who this viewer is, and how many watch.
   * @param {RoomState} st
   */
  renderRole(st) {
    const n = st.watchers || 0;
    if (!this.color) {
      const others = n - 1;
      $('room-role').textContent = t('room-role-watcher', { others });
      return;
    }
    $('room-role').textContent = t('room-role-player', { side: this.color, watchers: n });
  }

  /** @param {RoomState} st */
  renderSeats(st) {
    for (const side of /** @type {Side[]} */ (['light', 'dark'])) {
      const s = st.seats[side];
      const text = !s.taken ? t('seat-free') : s.connected ? t('seat-connected') : t('seat-away');
      const li = $(`seat-${side}`);
      li.textContent = text;
      li.title = `${sideName(side)}: ${text}`;
      li.dataset.connected = s.connected ? '1' : '0';
    }
  }

  /**
   * A draw offer or takeback request from the other player, to answer; or one's own, waiting.
   * @param {RoomState} st
   * @param {Viewer} viewer
   */
  renderAsks(st, viewer) {
    const me = ownSide(viewer);
    /** @type {[string, string, string, string, string] | null} */
    let ask = null;
    if (canAnswerDraw(st, viewer)) ask = [t('room-draw-offered'), t('room-accept-draw'), t('room-decline'), 'accept_draw', 'decline_draw'];
    else if (canAnswerTakeback(st, viewer)) ask = [t('room-takeback-asked'), t('room-allow'), t('room-refuse'), 'grant_takeback', 'decline_takeback'];
    if (!ask) {
      this.askBar.hide();
      if (me && st.draw_offer === me && !isOver(st)) this.view.message(t('room-you-offered-draw'));
      if (me && st.takeback === me && !isOver(st)) this.view.message(t('room-you-asked-takeback'));
      return;
    }
    const [text, yes, no, onYes, onNo] = ask;
    if (this.askBar.open && this.askBar.text.textContent === text) return;
    this.askBar.ask(text, yes, no).then((ok) => {
      // Hidden by a new state (the offer is gone): nothing to answer.
      if (this.askBar.open || !this.state) return;
      if (ok) this.act(onYes);
      else if (canAnswerDraw(this.state, this.viewer()) || canAnswerTakeback(this.state, this.viewer())) this.act(onNo);
    });
  }

  /** The away countdown and the claim, four times a second; the sound note while it holds. */
  tick() {
    const note = $('sound-note');
    if (!note.hidden && !sound.needsGesture()) note.hidden = true;
    const st = this.state;
    const claim = $('claim');
    if (!st || !this.socket || this.view.source !== this) {
      claim.hidden = true;
      return;
    }
    const c = claimState(st, this.viewer(), this.socket.serverNow());
    claim.hidden = !c.away;
    if (!c.away) return;
    let text;
    if (c.leftMs > 0) text = t('room-friend-away', { time: fmtTime(c.leftMs + 999) });
    else if (!c.theirTurn) text = t('room-friend-left-move');
    else text = t('room-friend-left');
    $('claim-text').textContent = text;
    button('claim-win').disabled = !c.allowed;
    button('claim-draw').disabled = !c.allowed;
  }

  init() {
    button('room-copy').addEventListener('click', async () => {
      await copyText(input('room-link').value, input('room-link'));
      this.view.message(t('room-link-copied'));
    });
    button('draw').addEventListener('click', () => {
      const st = this.state;
      if (st) this.act(canAnswerDraw(st, this.viewer()) ? 'accept_draw' : 'offer_draw');
    });
    button('takeback').addEventListener('click', () => {
      if (this.state) this.act('ask_takeback', { ply: this.state.ply });
    });
    button('claim-win').addEventListener('click', () => this.act('claim', { result: 'win' }));
    button('claim-draw').addEventListener('click', () => this.act('claim', { result: 'draw' }));
    for (const kind of ['pointerdown', 'keydown']) {
      document.addEventListener(kind, () => {
        this.touched = true;
        $('sound-note').hidden = true;
      }, { capture: true });
    }
    setInterval(() => this.tick(), 250);
  }
}
