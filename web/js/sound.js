// Move sounds made with the Web Audio API (no sound files), and a mute switch that is
// remembered in localStorage.

const KEY = 'draughts.muted';
let ctx = null;

export function isMuted() {
  return localStorage.getItem(KEY) === '1';
}

export function setMuted(m) {
  localStorage.setItem(KEY, m ? '1' : '0');
}

function tone(freq, start, dur, gain = 0.15, type = 'sine') {
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

// kind: 'move' | 'capture' | 'end' | 'error'
export function play(kind) {
  if (isMuted()) return;
  try {
    ctx = ctx || new (window.AudioContext || window.webkitAudioContext)();
    if (ctx.state === 'suspended') ctx.resume();
    if (kind === 'move') tone(420, 0, 0.08, 0.18, 'triangle');
    else if (kind === 'capture') {
      tone(300, 0, 0.07, 0.2, 'square');
      tone(220, 0.06, 0.1, 0.15, 'triangle');
    } else if (kind === 'end') {
      tone(523, 0, 0.25);
      tone(659, 0.12, 0.25);
      tone(784, 0.24, 0.4);
    } else if (kind === 'error') tone(160, 0, 0.15, 0.12, 'sawtooth');
  } catch (e) {
    // No audio device: play silently.
  }
}
