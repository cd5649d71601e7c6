// @ts-check
// Move sounds made with the Web Audio API (no sound files), and a mute switch that is
// remembered in localStorage.

/** @typedef {'move' | 'capture' | 'end' | 'error'} SoundKind */

const KEY = 'draughts.muted';
/** @type {AudioContext | null} */
let ctx = null;

export function isMuted() {
  return localStorage.getItem(KEY) === '1';
}

/** @param {boolean} m */
export function setMuted(m) {
  localStorage.setItem(KEY, m ? '1' : '0');
}

/**
 * @param {AudioContext} ctx
 * @param {number} freq
 * @param {number} start
 * @param {number} dur
 * @param {number} [gain]
 * @param {OscillatorType} [type]
 */
function tone(ctx, freq, start, dur, gain = 0.15, type = 'sine') {
  const o = ctx.createOscillator();
  const g = ctx.createGain();
  o.type = type;
  o.frequency.value = freq;
  g.gain.setValueAtTime(gain, ctx.currentTime + start);
  g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + start + dur);
  o.connect(g).connect(ctx.destination);
  o.start(ctx.currentTime + start);
  o.stop(ctx.currentTime + start + dur + 0.02);
}

/**
 * Whether the browser holds sounds back until the page gets a first click or key press.
 * @returns {boolean}
 */
export function needsGesture() {
  const ua = /** @type {{ hasBeenActive?: boolean } | undefined} */ (/** @type {any} */ (navigator).userActivation);
  return ua ? !ua.hasBeenActive : !ctx || ctx.state === 'suspended';
}

/** @param {SoundKind} kind */
export function play(kind) {
  if (isMuted()) return;
  try {
    ctx = ctx || new (window.AudioContext || /** @type {any} */ (window).webkitAudioContext)();
    const c = ctx;
    if (ctx.state === 'suspended') ctx.resume();
    if (kind === 'move') tone(c, 420, 0, 0.08, 0.18, 'triangle');
    else if (kind === 'capture') {
      tone(c, 300, 0, 0.07, 0.2, 'square');
      tone(c, 220, 0.06, 0.1, 0.15, 'triangle');
    } else if (kind === 'end') {
      tone(c, 523, 0, 0.25);
      tone(c, 659, 0.12, 0.25);
      tone(c, 784, 0.24, 0.4);
    } else if (kind === 'error') tone(c, 160, 0, 0.15, 0.12, 'sawtooth');
  } catch (e) {
    // No audio device: play silently.
  }
}
