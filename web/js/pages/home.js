// @ts-check
// Route #/ (and #/home/<variant>): the home screen. The rule set, and the three ways to play:
// the computer, a friend online (a new room), two players on this device. Starting a local game
// replaces the rule set's saved game, so a game in progress is named and asked about first.

import { api } from '../transport/api.js';
import { AskBar } from '../views/ask-bar.js';
import { $, button, input, select, fillSelect } from '../views/dom.js';
import { levelChoices, sideChoices } from '../game/format.js';
import { prefs, roomTokens } from '../prefs.js';
import { t } from '../i18n.js';
import { errorText, summaryLines } from '../game/wording.js';

/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').Settings} Settings */
/** @typedef {import('../types.js').Table} Table */

export class HomePage {
  /** @param {Variant[]} variants */
  constructor(variants) {
    this.variants = variants;
    /** @type {Table | null} the chosen rule set's saved game, when it is in progress */
    this.saved = null;
    this.seq = 0;
    this.ask = new AskBar('home-ask');
    fillSelect(select('home-variant'), variants.map((v) => ({ value: v.id, text: v.name })));
    fillSelect(select('home-level'), levelChoices());
    select('home-level').value = '4';
    fillSelect(select('home-side'), sideChoices());
    fillSelect(select('home-online-side'), sideChoices(true));
    select('home-variant').addEventListener('change', () => this.pick(select('home-variant').value));
    button('home-computer').addEventListener('click', () =>
      this.start({ mode: 'computer', level: Number(select('home-level').value), human_side: select('home-side').value === 'dark' ? 'dark' : 'light', turn_board: false, draw_rules: this.drawRules() }),
    );
    button('home-two').addEventListener('click', () => this.start({ mode: 'two-player', level: 4, human_side: 'light', turn_board: input('home-turn').checked, draw_rules: this.drawRules() }));
    button('home-online').addEventListener('click', () => this.createRoom());
    // A choice made while the saved game's settings are on their way is not undone by them.
    this.fmjdChosen = false;
    input('home-fmjd').addEventListener('change', () => (this.fmjdChosen = true));
  }

  /** @param {string | undefined} arg a rule set to preselect */
  enter(arg) {
    const id = arg && this.variants.some((v) => v.id === arg) ? arg : prefs.variant();
    this.ask.hide();
    $('home-online-error').textContent = '';
    $('home-error').textContent = '';
    this.pick(this.variants.some((v) => v.id === id) ? id : this.variants[0].id);
  }

  leave() {
    this.ask.hide();
    this.seq++;
  }

  /** @param {string} id */
  async pick(id) {
    const v = /** @type {Variant} */ (this.variants.find((x) => x.id === id));
    select('home-variant').value = id;
    prefs.setVariant(id);
    const rules = $('home-rules');
    rules.textContent = '';
    for (const line of summaryLines(v, false).slice(0, 3)) {
      const li = document.createElement('li');
      li.textContent = line;
      rules.appendChild(li);
    }
    // The FMJD's draw rules for the rule sets that have them, as the table last had them.
    $('home-fmjd-row').hidden = !v.draw_rules.includes('fmjd');
    input('home-fmjd').checked = false;
    this.fmjdChosen = false;
    $('home-guide').setAttribute('href', `#/guide/${id}`);
    $('home-guide').textContent = t('home-how-to-play', { variant: v.name });
    $('home-analysis').setAttribute('href', `#/analysis/${id}`);
    $('home-puzzles').setAttribute('href', `#/puzzles/${id}`);
    $('home-puzzles').textContent = t('home-puzzles-of', { variant: v.name });
    this.saved = null;
    $('home-saved').hidden = true;
    const seq = ++this.seq;
    try {
      const g = await api.game(id);
      if (seq !== this.seq) return;
      if (!this.fmjdChosen) input('home-fmjd').checked = g.settings.draw_rules === 'fmjd';
      if (g.moves.length && !g.outcome) {
        this.saved = g;
        const link = $('home-resume');
        link.setAttribute('href', `#/play/${id}`);
        link.textContent = t('home-resume', { variant: v.name, moves: g.moves.length });
        $('home-saved').hidden = false;
      }
    } catch (e) {
      // A saved game that cannot be read is shown (and explained) on the game page itself.
    }
  }

  /**
   * Starts a local game in the chosen rule set, after asking when it replaces one in progress.
   * @param {Settings} settings
   */
  async start(settings) {
    const id = select('home-variant').value;
    const v = /** @type {Variant} */ (this.variants.find((x) => x.id === id));
    if (this.saved) {
      const n = this.saved.moves.length;
      const ok = await this.ask.ask(t('home-replace', { variant: v.name, moves: n }));
      if (!ok) return;
    }
    try {
      await api.newGame(id, { settings });
      document.body.dataset.generation = String(Number(document.body.dataset.generation || 0) + 1);
      location.hash = `#/play/${id}`;
    } catch (e) {
      $('home-error').textContent = t('home-start-failed', { error: errorText(e) });
    }
  }

  /** The draw rules chosen for a new game or room: `fmjd` only where the rule set has them. */
  drawRules() {
    return !$('home-fmjd-row').hidden && input('home-fmjd').checked ? 'fmjd' : 'simplified';
  }

  // A friend online: creates a room for the rule set and side, keeps the creator's seat token
  // and opens the room, which shows the link to send.
  async createRoom() {
    const out = $('home-online-error');
    out.textContent = '';
    try {
      const r = await api.createRoom(select('home-variant').value, select('home-online-side').value, this.drawRules());
      roomTokens.set(r.id, r.token);
      location.hash = `#/room/${r.id}`;
    } catch (e) {
      out.textContent = t('home-room-failed', { error: errorText(e) });
    }
  }
}
