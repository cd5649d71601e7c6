// @ts-check
// The clocks: elapsed time per side and in total. The server's clock is as of its answer; the
// running side's time goes on counting here from when the answer arrived.

import { fmtTime } from '../game/format.js';
import { $ } from './dom.js';

/** @typedef {import('../types.js').Clock} Clock */

export class Clocks {
  /** @param {string} prefix ids `<prefix>-light`, `<prefix>-dark`, `<prefix>-total` and the `-box`es */
  constructor(prefix = 'clock') {
    this.light = $(`${prefix}-light`);
    this.dark = $(`${prefix}-dark`);
    this.total = $(`${prefix}-total`);
    this.lightBox = $(`${prefix}-light-box`);
    this.darkBox = $(`${prefix}-dark-box`);
    /** @type {Clock | null} */
    this.clock = null;
    this.base = 0;
  }

  /** @param {Clock} clock */
  set(clock) {
    this.clock = clock;
    this.base = performance.now();
    this.tick();
  }

  tick() {
    const c = this.clock;
    if (!c) return;
    const extra = c.running ? performance.now() - this.base : 0;
    const light = c.light_ms + (c.running === 'light' ? extra : 0);
    const dark = c.dark_ms + (c.running === 'dark' ? extra : 0);
    this.light.textContent = fmtTime(light);
    this.dark.textContent = fmtTime(dark);
    this.total.textContent = fmtTime(light + dark);
    this.lightBox.classList.toggle('running', c.running === 'light');
    this.darkBox.classList.toggle('running', c.running === 'dark');
  }
}
