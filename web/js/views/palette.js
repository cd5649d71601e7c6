// @ts-check
// The board editor's palette: one toggle button per tool (a light or dark man or king, the
// eraser; game/editor.js), the chosen one pressed.

import { h } from './dom.js';
import { TOOLS } from '../game/editor.js';

/** @typedef {import('../game/editor.js').EditorTool} EditorTool */

export class Palette {
  /**
   * @param {HTMLElement} box
   * @param {EditorTool} chosen the tool pressed at first
   * @param {(tool: EditorTool) => void} onChoose
   */
  constructor(box, chosen, onChoose) {
    this.box = box;
    for (const t of TOOLS) {
      const b = h('button', { className: 'tool' });
      b.type = 'button';
      b.dataset.tool = t.tool;
      b.setAttribute('aria-pressed', t.tool === chosen ? 'true' : 'false');
      b.title = t.label;
      b.append(h('span', { className: `tool-icon ${t.tool}` }), h('span', { className: 'tool-label', text: t.label }));
      b.addEventListener('click', () => {
        for (const o of box.querySelectorAll('button')) o.setAttribute('aria-pressed', o === b ? 'true' : 'false');
        onChoose(t.tool);
      });
      box.appendChild(b);
    }
  }

  /** Puts the focus on the pressed tool. */
  focus() {
    /** @type {HTMLElement | null} */ (this.box.querySelector('button[aria-pressed="true"]'))?.focus();
  }
}
