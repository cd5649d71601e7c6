// Talks to the server (docs/api.md). Every call resolves with the JSON answer or throws an
// ApiError carrying the server's message and HTTP status.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body, opts = {}) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      keepalive: !!opts.keepalive,
    });
  } catch (e) {
    throw new ApiError('The server cannot be reached. Is `draughts serve` still running?', 0);
  }
  let data = null;
  const text = await res.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError((data && data.error) || `${res.status} ${res.statusText}`, res.status);
  }
  return data;
}

const game = (v) => `/api/games/${encodeURIComponent(v)}`;

export const api = {
  variants: () => call('GET', '/api/variants'),
  guides: () => call('GET', '/api/guides'),
  game: (v) => call('GET', game(v)),
  move: (v, body) => call('POST', `${game(v)}/move`, body),
  computer: (v, ply) => call('POST', `${game(v)}/computer`, { ply }),
  hint: (v, ply) => call('POST', `${game(v)}/hint`, { ply }),
  undo: (v, ply) => call('POST', `${game(v)}/undo`, { ply }),
  resign: (v, ply) => call('POST', `${game(v)}/resign`, { ply }),
  newGame: (v, body) => call('POST', `${game(v)}/new`, body),
  settings: (v, body) => call('POST', `${game(v)}/settings`, body),
  clock: (v, running, keepalive) => call('POST', `${game(v)}/clock`, { running }, { keepalive }),
  pdnUrl: (v) => `${game(v)}/pdn`,
  position: (variant, position, move) => call('POST', '/api/position', move ? { variant, position, move } : { variant, position }),
  readPdn: (pdn, variant) => call('POST', '/api/pdn', variant ? { pdn, variant } : { pdn }),
};
