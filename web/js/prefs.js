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
