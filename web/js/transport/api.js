// @ts-check
// The HTTP transport (docs/api.md, and the rooms' HTTP endpoints of docs/rooms-protocol.md).
// Every call resolves with the JSON answer or throws an ApiError carrying the server's message
// and HTTP status. No DOM here.

/** @typedef {import('../types.js').Table} Table */
/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').MoveInput} MoveInput */
/** @typedef {import('../types.js').Move} Move */
/** @typedef {import('../types.js').Settings} Settings */
/** @typedef {import('../types.js').PositionAnswer} PositionAnswer */
/** @typedef {import('../types.js').PdnGame} PdnGame */

export class ApiError extends Error {
  /**
   * @param {string} message the server's words (English)
   * @param {number} status the HTTP status, 0 when the server could not be reached
   * @param {string} [code] the error's stable code (docs/api.md, "Errors"), which the page words
   * @param {Record<string, string | number>} [args] the code's arguments
   */
  constructor(message, status, code = '', args = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.args = args;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {{ keepalive?: boolean, headers?: Record<string, string> }} [opts]
 * @returns {Promise<any>}
 */
async function call(method, path, body, opts = {}) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(opts.headers || {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      keepalive: !!opts.keepalive,
    });
  } catch (e) {
    throw new ApiError('The game server cannot be reached. Check the connection, then reload the page.', 0, 'unreachable');
  }
  let data = null;
  const text = await res.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError((data && data.error) || `${res.status} ${res.statusText}`, res.status, (data && data.code) || '', (data && data.args) || {});
  }
  return data;
}

/** @param {string} v */
const game = (v) => `/api/games/${encodeURIComponent(v)}`;
/** @param {string} id */
const room = (id) => `/api/rooms/${encodeURIComponent(id)}`;

export const api = {
  /** @returns {Promise<Variant[]>} */
  variants: () => call('GET', '/api/variants'),
  /** The guides in a language (English where it has no translation). @param {string} lang @returns {Promise<{ guides: Record<string, any> }>} */
  guides: (lang) => call('GET', `/api/guides?lang=${encodeURIComponent(lang)}`),

  // ---- puzzles (docs/api.md, "Puzzles"): the server judges every move
  /** @param {string} v @returns {Promise<import('../types.js').PuzzleReply>} */
  puzzleNext: (v) => call('GET', `/api/puzzles/${encodeURIComponent(v)}/next`),
  /** @param {string} v @param {string} id @returns {Promise<import('../types.js').PuzzleReply>} */
  puzzle: (v, id) => call('GET', `/api/puzzles/${encodeURIComponent(v)}/${encodeURIComponent(id)}`),
  /** @param {string} v @param {string} id @param {MoveInput[]} moves @returns {Promise<{ from: string }>} */
  puzzleHint: (v, id, moves) => call('POST', `/api/puzzles/${encodeURIComponent(v)}/${encodeURIComponent(id)}/hint`, { moves }),
  /**
   * @param {string} v @param {string} id
   * @param {{ moves: MoveInput[], hinted: boolean, show?: boolean }} body
   * @returns {Promise<import('../types.js').PuzzleAttempt>}
   */
  puzzleAttempt: (v, id, body) => call('POST', `/api/puzzles/${encodeURIComponent(v)}/${encodeURIComponent(id)}/attempt`, body),

  // ---- local tables: every answer is the Table
  /** @param {string} v @returns {Promise<Table>} */
  game: (v) => call('GET', game(v)),
  /** @param {string} v @param {MoveInput} body @returns {Promise<Table>} */
  move: (v, body) => call('POST', `${game(v)}/move`, body),
  /** @param {string} v @param {number} ply @returns {Promise<Table>} */
  computer: (v, ply) => call('POST', `${game(v)}/computer`, { ply }),
  /** @param {string} v @param {number} ply @returns {Promise<{ move: Move | null }>} */
  hint: (v, ply) => call('POST', `${game(v)}/hint`, { ply }),
  /** @param {string} v @param {number} [ply] @returns {Promise<Table>} */
  undo: (v, ply) => call('POST', `${game(v)}/undo`, { ply }),
  /** @param {string} v @param {number} [ply] @returns {Promise<Table>} */
  resign: (v, ply) => call('POST', `${game(v)}/resign`, { ply }),
  /** @param {string} v @param {{ settings?: Settings, position?: string }} body @returns {Promise<Table>} */
  newGame: (v, body) => call('POST', `${game(v)}/new`, body),
  /** @param {string} v @param {{ level?: number, turn_board?: boolean }} body @returns {Promise<Table>} */
  settings: (v, body) => call('POST', `${game(v)}/settings`, body),
  /** @param {string} v @param {boolean} running @param {boolean} [keepalive] @returns {Promise<Table>} */
  clock: (v, running, keepalive) => call('POST', `${game(v)}/clock`, { running }, { keepalive }),
  /** @param {string} v */
  pdnUrl: (v) => `${game(v)}/pdn`,

  // ---- any position, PDN files
  /** @param {string} variant @param {string} position @param {MoveInput} [move] @returns {Promise<PositionAnswer>} */
  position: (variant, position, move) => call('POST', '/api/position', move ? { variant, position, move } : { variant, position }),
  /** A position set up by hand: a man on its own far row is refused (RULES.md section 6). @param {string} variant @param {string} position @returns {Promise<PositionAnswer>} */
  positionByHand: (variant, position) => call('POST', '/api/position', { variant, position, by_hand: true }),
  /** @param {string} pdn @param {string} [variant] @param {number} [game] the game (from 0) whose positions come @returns {Promise<{ games: PdnGame[], framed: number, warnings: string[] }>} */
  readPdn: (pdn, variant, game = 0) => call('POST', '/api/pdn', { pdn, ...(variant ? { variant } : {}), ...(game ? { game } : {}) }),

  // ---- rooms
  /** @param {string} variant @param {string} side @param {string} [draw_rules] @returns {Promise<{ id: string, token: string, color: string }>} */
  createRoom: async (variant, side, draw_rules = 'simplified') => {
    // One key for the request and its retry: a retry after a lost answer gets the room the
    // first try made, not a second one (docs/rooms-protocol.md).
    // getRandomValues, not randomUUID: the page may be served over plain HTTP on a LAN address.
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    const headers = { 'Idempotency-Key': key };
    try {
      return await call('POST', '/api/rooms', { variant, side, draw_rules }, { headers });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 0) throw e;
      return call('POST', '/api/rooms', { variant, side, draw_rules }, { headers });
    }
  },
  /** @param {string} id @returns {Promise<unknown>} */
  room: (id) => call('GET', room(id)),
  /** @param {string} id */
  roomPdnUrl: (id) => `${room(id)}/pdn`,
};
