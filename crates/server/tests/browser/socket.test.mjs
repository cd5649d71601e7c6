// Unit tests of the room socket (web/js/transport/socket.js) against a fake WebSocket, with
// mocked timers: the hello, ids, acknowledgements, and the resend of an unanswered action with
// the same id after a reconnect.

import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { RoomSocket, PROTOCOL_VERSION } from '../../../../web/js/transport/socket.js';

class FakeSocket {
  static OPEN = 1;
  static all = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.all.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  // ---- what the server does
  accept() {
    this.readyState = 1;
    this.onopen();
  }
  say(msg) {
    this.onmessage({ data: JSON.stringify({ v: 2, ...msg }) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose({ code });
  }
}

function setup(handlers = {}) {
  FakeSocket.all = [];
  globalThis.WebSocket = FakeSocket;
  const seen = [];
  const statuses = [];
  const sock = new RoomSocket('ws://test/ws/rooms/r1', {
    token: () => 'secret',
    status: (s) => statuses.push(s),
    on: { state: (m) => seen.push(m), moved: (m) => seen.push(m) },
    ...handlers,
  });
  return { sock, seen, statuses };
}

test('hello with the token, then actions carry ids and resolve on their ack', async () => {
  const { sock, seen } = setup();
  sock.open();
  const ws = FakeSocket.all[0];
  assert.equal(ws.url, 'ws://test/ws/rooms/r1');
  ws.accept();
  assert.deepEqual(ws.sent[0], { type: 'hello', v: PROTOCOL_VERSION, token: 'secret' });
  ws.say({ type: 'welcome', player: 0, color: 'dark' });
  assert.equal(sock.connected, true);
  ws.say({ type: 'state', now: Date.now(), game: 1, ply: 0 });
  assert.equal(seen.length, 1);
  const played = sock.act({ type: 'move', game: 1, ply: 0, text: '11-15' });
  const sent = ws.sent[1];
  assert.equal(sent.type, 'move');
  assert.equal(typeof sent.id, 'string');
  ws.say({ type: 'ack', id: sent.id, duplicate: false });
  assert.equal(await played, true);
  const refused = sock.act({ type: 'resign', game: 1 });
  ws.say({ type: 'error', id: ws.sent[2].id, code: 'not_your_turn', message: 'not your turn' });
  assert.equal(await refused, false);
  sock.close();
});

test('a stale action asks for the state again', () => {
  const { sock } = setup();
  sock.open();
  const ws = FakeSocket.all[0];
  ws.accept();
  ws.say({ type: 'welcome' });
  ws.say({ type: 'state' });
  sock.act({ type: 'move', game: 1, ply: 3, text: '1-5' });
  ws.say({ type: 'error', id: ws.sent[1].id, code: 'stale', message: 'stale' });
  assert.deepEqual(ws.sent[2], { type: 'sync' });
  sock.close();
});

test('after a dropped connection it reconnects with backoff and resends the unanswered action with the same id', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  try {
    const { sock, statuses } = setup();
    sock.open();
    const first = FakeSocket.all[0];
    first.accept();
    first.say({ type: 'welcome' });
    first.say({ type: 'state' });
    const answer = sock.act({ type: 'offer_draw', game: 1 });
    const id = first.sent[1].id;
    first.drop();
    await Promise.resolve(); // the retry decision
    assert.equal(statuses.at(-1), 'lost');
    assert.equal(sock.connected, false);
    // Actions while away wait for the next connection.
    const later = sock.act({ type: 'resign', game: 1 });
    mock.timers.tick(299);
    assert.equal(FakeSocket.all.length, 1, 'not before the backoff');
    mock.timers.tick(1);
    assert.equal(FakeSocket.all.length, 2);
    const second = FakeSocket.all[1];
    second.accept();
    assert.equal(second.sent[0].type, 'hello');
    second.say({ type: 'welcome' });
    assert.equal(second.sent.length, 1, 'nothing resent before the state');
    second.say({ type: 'state' });
    const resent = second.sent.slice(1);
    assert.deepEqual(resent.map((m) => m.type), ['offer_draw', 'resign']);
    assert.equal(resent[0].id, id, 'the same id: the server applies it once');
    second.say({ type: 'ack', id, duplicate: true });
    second.say({ type: 'ack', id: resent[1].id, duplicate: false });
    assert.equal(await answer, true);
    assert.equal(await later, true);
    // The backoff grows with each failed try and starts again once connected.
    second.drop();
    await Promise.resolve();
    mock.timers.tick(300);
    const third = FakeSocket.all[2];
    third.drop();
    await Promise.resolve();
    mock.timers.tick(599);
    assert.equal(FakeSocket.all.length, 3);
    mock.timers.tick(1);
    assert.equal(FakeSocket.all.length, 4);
    sock.close();
  } finally {
    mock.timers.reset();
  }
});

test('a page may stop the retries (a room that does not exist)', async () => {
  const { sock } = setup({ retry: async () => false });
  sock.open();
  FakeSocket.all[0].drop(1006);
  await new Promise((r) => setImmediate(r));
  assert.equal(sock.retryTimer, undefined);
  sock.close();
});
