// @ts-check
// The room WebSocket transport (docs/rooms-protocol.md, version 2): hello, pings, actions with
// ids, acknowledgements, and reconnection with backoff. Actions not answered when the connection
// drops are sent again, with the same ids, once the server has sent the state after the next
// hello (it answers a repeat `ack` with `duplicate` and applies nothing twice). No DOM here: the
// page gives handlers per message type.

export const PROTOCOL_VERSION = 2;
const PING_MS = 25000;
const MAX_BACKOFF_MS = 5000;

/**
 * @typedef {{ type: string, [field: string]: any }} Message
 */

/**
 * @typedef {object} SocketHandlers
 * @property {Record<string, (msg: Message) => void>} on handlers per server message type
 * @property {() => string | null} token the seat's token to resume, if any
 * @property {(status: 'connecting' | 'open' | 'lost') => void} [status]
 * @property {(code: number) => Promise<boolean>} [retry] whether to reconnect after a close
 *   (default: always); asked before the backoff starts
 * @property {(msg: Message) => void} [rejected] an action answered with an error
 */

export class RoomSocket {
  /**
   * @param {string} url the room's WebSocket address
   * @param {SocketHandlers} handlers
   */
  constructor(url, handlers) {
    this.url = url;
    this.h = handlers;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {Map<string, { msg: Message, done: (ok: boolean) => void }>} */
    this.pending = new Map();
    this.nextId = 1;
    this.retries = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pingTimer = undefined;
    /** Welcome received on the current connection. */
    this.connected = false;
    /** A state has arrived on the current connection (pending actions were resent). */
    this.synced = false;
    this.closed = false;
    /** Server clock minus local clock, in ms (from each message's `now`). */
    this.serverOffset = 0;
  }

  /** Server time now (Unix ms). */
  serverNow() {
    return Date.now() + this.serverOffset;
  }

  open() {
    clearTimeout(this.retryTimer);
    if (this.closed) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.connected = false;
    this.synced = false;
    this.h.status?.('connecting');
    ws.onopen = () => {
      this.retries = 0;
      const token = this.h.token();
      ws.send(JSON.stringify(token ? { type: 'hello', v: PROTOCOL_VERSION, token } : { type: 'hello', v: PROTOCOL_VERSION }));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
    };
    ws.onmessage = (e) => {
      if (this.ws !== ws) return;
      /** @type {Message} */
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.synced = false;
      clearInterval(this.pingTimer);
      if (this.closed) return;
      const ask = this.h.retry ? this.h.retry(e.code) : Promise.resolve(true);
      ask.then((again) => {
        if (again && !this.closed) this.retryLater();
      }, () => this.retryLater());
    };
  }

  retryLater() {
    const wait = Math.min(MAX_BACKOFF_MS, 300 * 2 ** this.retries++);
    this.h.status?.('lost');
    this.retryTimer = setTimeout(() => this.open(), wait);
  }

  /** Closes for good: no reconnection, pending actions dropped. */
  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    this.connected = false;
    this.pending.clear();
    if (ws) ws.close();
  }

  /**
   * Sends a message as it is, if the connection is open.
   * @param {Message} msg
   */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  /**
   * Sends an action with a fresh id. It is resent with the same id after a reconnect until the
   * server answers it. Resolves true on `ack`, false on `error`.
   * @param {Message} msg
   * @returns {Promise<boolean>}
   */
  act(msg) {
    const id = `${Date.now().toString(36)}-${this.nextId++}`;
    const full = { ...msg, id };
    return new Promise((resolve) => {
      this.pending.set(id, { msg: full, done: resolve });
      if (this.synced) this.send(full);
    });
  }

  /** @param {Message} msg */
  receive(msg) {
    if (typeof msg.now === 'number') this.serverOffset = msg.now - Date.now();
    if (msg.type === 'welcome') {
      this.connected = true;
      this.h.status?.('open');
    }
    if (msg.type === 'ack' || msg.type === 'error') {
      const p = msg.id != null ? this.pending.get(String(msg.id)) : undefined;
      if (p) {
        this.pending.delete(String(msg.id));
        p.done(msg.type === 'ack');
      }
      if (msg.type === 'error' && msg.code === 'stale') this.send({ type: 'sync' });
    }
    const handler = this.h.on[msg.type];
    if (handler) handler(msg);
    if (msg.type === 'state' && !this.synced) {
      this.synced = true;
      // Actions not answered before the connection dropped go again with their ids.
      for (const { msg: m } of this.pending.values()) this.send(m);
    }
  }
}
