// @ts-check
// A tab list (WAI-ARIA tabs): each `role="tab"` button shows its `aria-controls` panel and hides
// the others; the arrow keys, Home and End move between the tabs.

export class Tabs {
  /** @param {HTMLElement} list the element with role="tablist" */
  constructor(list) {
    /** @type {HTMLButtonElement[]} */
    this.tabs = [...list.querySelectorAll('[role="tab"]')].map((t) => /** @type {HTMLButtonElement} */ (t));
    for (const t of this.tabs) t.addEventListener('click', () => this.select(t.id));
    list.addEventListener('keydown', (e) => {
      const i = this.tabs.findIndex((t) => t === document.activeElement);
      if (i < 0) return;
      const n = this.tabs.length;
      const to = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i + n - 1) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
      if (to < 0) return;
      e.preventDefault();
      this.select(this.tabs[to].id);
      this.tabs[to].focus();
    });
  }

  /** @param {string} id the tab to show */
  select(id) {
    for (const t of this.tabs) {
      const on = t.id === id;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(t.getAttribute('aria-controls') || '');
      if (panel) panel.hidden = !on;
    }
  }
}
