// @ts-check
// Display settings remembered in localStorage: the interface's language (i18n.js), coordinates,
// confirm-move, the last rule set, and
// the looks (colour scheme, board and piece themes; their choices are in theme.js, and
// theme-boot.js reads the same keys before the first paint). (The mute switch lives with the
// sounds, sound.js.)

/** @param {string} k @param {string} d */
const get = (k, d) => localStorage.getItem('draughts.' + k) ?? d;
/** @param {string} k @param {string} v */
const set = (k, v) => localStorage.setItem('draughts.' + k, v);

export const prefs = {
  /** @returns {'numbers' | 'algebraic' | 'hidden'} */
  coords: () => {
    const c = get('coords', 'numbers');
    return c === 'algebraic' || c === 'hidden' ? c : 'numbers';
  },
  /** @param {string} v */
  setCoords: (v) => set('coords', v),
  /**
   * How moves are written (game/notation.js): the rule set's own way (`own`: its notation, or
   * a1-h8 on a numbered board when the coordinates are algebraic), square numbers or a1-h8.
   * @returns {import('./game/notation.js').MoveNotation}
   */
  moves: () => {
    const m = get('moves', 'own');
    return m === 'numbers' || m === 'algebraic' ? m : 'own';
  },
  /** @param {string} v */
  setMoves: (v) => set('moves', v),
  /**
   * How results are written (game/notation.js): as the rule set's community writes them
   * (`auto`), 1-0 / ½-½ / 0-1, or 2-0 / 1-1 / 0-2.
   * @returns {import('./game/notation.js').ResultStyle}
   */
  results: () => {
    const r = get('results', 'auto');
    return r === '1-0' || r === '2-0' ? r : 'auto';
  },
  /** @param {string} v */
  setResults: (v) => set('results', v),
  confirm: () => get('confirm', '0') === '1',
  /** @param {boolean} v */
  setConfirm: (v) => set('confirm', v ? '1' : '0'),
  /** @returns {string | null} the chosen language, if one was chosen (i18n.js checks it) */
  language: () => localStorage.getItem('draughts.language'),
  /** @param {string} v */
  setLanguage: (v) => set('language', v),
  variant: () => get('variant', 'english'),
  /** @param {string} v */
  setVariant: (v) => set('variant', v),
  /** @param {'scheme' | 'board' | 'pieces'} k @returns {string | null} the kept choice, if any */
  look: (k) => localStorage.getItem('draughts.' + k),
  /** @param {'scheme' | 'board' | 'pieces'} k @param {string} v */
  setLook: (k, v) => set(k, v),
};

/** @param {string} id */
const tokenKey = (id) => `draughts.room.${id}`;

/** A room seat's token, kept so that a reload or a new tab resumes the seat. */
export const roomTokens = {
  /** @param {string} id */
  get: (id) => localStorage.getItem(tokenKey(id)),
  /** @param {string} id @param {string} token */
  set: (id, token) => localStorage.setItem(tokenKey(id), token),
};
