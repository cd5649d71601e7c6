// @ts-check
// Route #/play/<variant>: the local table of a rule set (one saved game per rule set, against
// the computer or two players on one device), over the HTTP transport. It feeds the game page
// (views/game-view.js) and owns the table's own parts: the rule set choice, the computer's
// turns, undo and hint, rematch, and the settings and set-up dialogs.

import { api } from '../transport/api.js';
import { $, button, input, select, textarea, dialog, fillSelect } from '../views/dom.js';
import { canUndo, movableSide } from '../game/predicates.js';
import { sideName, levelChoices, sideChoices } from '../game/format.js';
import { prefs } from '../prefs.js';
import * as sound from '../sound.js';
import { t as tr } from '../i18n.js';
import { errorText } from '../game/wording.js';
import { spokenName } from '../game/speak.js';
import { hasNumbers } from '../game/notation.js';

/** @typedef {import('../types.js').Table} Table */
/** @typedef {import('../types.js').Viewer} Viewer */
/** @typedef {import('../types.js').MoveInput} MoveInput */
/** @typedef {import('../types.js').Settings} Settings */
/** @typedef {import('../views/game-view.js').GameView} GameView */
/** @typedef {import('../views/game-view.js').GameSource} GameSource */

/**
 * Who sits at a local table: the person against the computer, or both sides.
 * @param {Table} t
 * @returns {Viewer}
 */
export function tableViewer(t) {
  return t.settings.mode === 'computer'
    ? { sides: [t.settings.human_side], opponent: spokenName(tr('name-computer', { level: t.settings.level })), connected: true }
    : { sides: ['light', 'dark'], opponent: null, connected: true };
}

/**
 * Who plays each side, in words, for the player strips.
 * @param {Table} t
 * @returns {{ light: string, dark: string }}
 */
export function tableNames(t) {
  const s = t.settings;
  if (s.mode !== 'computer') return { light: sideName('light'), dark: sideName('dark') };
  const computer = tr('name-computer', { level: s.level });
  const you = tr('name-you');
  return s.human_side === 'light' ? { light: you, dark: computer } : { light: computer, dark: you };
}

/**
 * The table's own orientation: the person's side at the bottom, or the side to move when two
 * players turn the board.
 * @param {Table} t
 */
function tableFlipped(t) {
  if (t.settings.mode === 'computer') return t.settings.human_side === 'dark';
  return t.settings.turn_board ? t.side_to_move === 'dark' : false;
}

/** @implements {GameSource} */
export class PlayPage {
  /** @param {GameView} view */
  constructor(view) {
    this.view = view;
    /** @type {'local'} */
    this.mode = 'local';
    /** @type {string | null} */
    this.variant = null;
    /** @type {Table | null} */
    this.state = null;
    this.token = 0; // bumps whenever the shown game changes; stale answers are dropped
    this.thinking = false;
    this.active = false;
    /** the hint's words while it is shown: another move or a result clears them */
    this.hintText = '';
    this.init();
  }

  // ---------------------------------------------------------------- route

  /** @param {string | undefined} arg */
  enter(arg) {
    const known = (/** @type {string | undefined} */ id) => !!id && this.view.variants.some((v) => v.id === id);
    const id = known(arg) ? arg : this.variant || prefs.variant();
    this.active = true;
    this.view.attach(this);
    if (id !== this.variant) this.switchVariant(known(id) ? /** @type {string} */ (id) : 'english');
    else this.reload();
  }

  leave() {
    this.active = false;
    this.token++;
    this.setThinking(false);
    this.view.detach(this);
    if (this.variant) api.clock(this.variant, false, true).catch(() => {});
  }

  // ---------------------------------------------------------------- drawing

  /** @param {Table} st */
  render(st) {
    this.state = st;
    const viewer = tableViewer(st);
    this.view.show(st, viewer, {
      busy: this.thinking,
      flipped: tableFlipped(st),
      pdnUrl: api.pdnUrl(st.variant),
      pdnName: `draughts-${st.variant}.pdn`,
      names: tableNames(st),
      gameKey: `${st.variant}:${document.body.dataset.generation || 0}`,
    });
    button('undo').disabled = !canUndo(st, this.thinking);
    button('hint').disabled = !movableSide(st, viewer, this.thinking);
    const s = st.settings;
    $('mode-line').textContent = s.mode === 'computer' ? tr('play-mode-computer', { side: s.human_side, level: s.level }) : tr('play-mode-two');
    $('game-title').textContent = this.view.variant(st.variant).name;
    button('rematch').textContent = tr('rematch');
    button('rematch').hidden = false;
    button('rematch').disabled = false;
  }

  /** @param {boolean} on */
  setThinking(on) {
    this.thinking = on;
    $('thinking').hidden = !on;
    document.body.classList.toggle('thinking', on);
  }

  /**
   * Shows a new state; animates its last move when it is one ply on from what is shown.
   * @param {Table} st
   * @param {{ animate?: boolean }} [opts]
   */
  async show(st, { animate = true } = {}) {
    const prev = this.state;
    const oneOn = prev && prev.variant === st.variant && st.ply === prev.ply + 1 && st.last_move;
    if (animate && oneOn && st.last_move) await this.view.animate(st.last_move);
    this.render(st);
    // A hint belongs to the position it was asked in: another move or a result ends it.
    if (prev && (st.ply !== prev.ply || (st.outcome && !prev.outcome)) && $('message').textContent === this.hintText) this.view.message('');
    if (st.outcome && !(prev && prev.outcome && prev.variant === st.variant)) sound.play('end');
  }

  // ---------------------------------------------------------------- the game

  async computerTurn() {
    const st = this.state;
    if (!st || !st.computer_to_move || this.thinking) return;
    const token = this.token;
    this.setThinking(true);
    this.render(st);
    try {
      const next = await api.computer(st.variant, st.ply);
      if (token !== this.token) return;
      this.setThinking(false);
      await this.show(next);
    } catch (e) {
      if (token !== this.token) return;
      this.setThinking(false);
      if (e.status === 409) return this.reload();
      this.view.message(errorText(e), 'error');
      if (this.state) this.render(this.state);
    }
  }

  async reload() {
    const token = ++this.token;
    const variant = /** @type {string} */ (this.variant);
    try {
      const st = await api.game(variant);
      if (token !== this.token) return;
      this.render(st);
      api.clock(variant, true).then((s) => {
        if (token === this.token && this.state && s.ply === this.state.ply) {
          this.state.clock = s.clock;
          this.view.clocks.set(s.clock);
        }
      }).catch(() => {});
      if (st.computer_to_move) this.computerTurn();
    } catch (e) {
      if (token !== this.token) return;
      if (e.status === 409) {
        // The saved game could not be restored: say so, never replace it silently.
        $('restore-text').textContent = errorText(e);
        $('restore-error').hidden = false;
        this.state = null;
        this.view.clear();
        return;
      }
      this.view.message(errorText(e), 'error');
    }
  }

  /**
   * After any action that returns a new state. Resolves with it, or null when refused (the
   * message says why).
   * @param {Promise<Table>} promise
   * @param {{ animate?: boolean }} [opts]
   * @returns {Promise<Table | null>}
   */
  async act(promise, opts) {
    const token = this.token;
    try {
      const st = await promise;
      if (token !== this.token) return null;
      await this.show(st, opts);
      if (st.computer_to_move) this.computerTurn();
      return st;
    } catch (e) {
      if (token !== this.token) return null;
      this.view.message(errorText(e), 'error');
      if (e.status === 409) this.reload();
      else if (this.state) this.render(this.state);
      return null;
    }
  }

  /**
   * The viewer's move, from the board (not animated again) or typed (animated).
   * @param {MoveInput} move
   */
  async move(move) {
    const st = this.state;
    if (!st) return false;
    const typed = move.text !== undefined;
    const next = await this.act(api.move(st.variant, { ...move, ply: st.ply }), { animate: typed });
    return !!next;
  }

  // Rematch: a new game with the same settings (the game shown is over: nothing is lost).
  async rematch() {
    const st = this.state;
    if (!st || !this.variant) return;
    await this.startNew(st.settings);
  }

  /**
   * Starts a new game with these settings.
   * @param {Settings} s
   */
  async startNew(s) {
    if (!this.variant) return;
    this.token++;
    this.setThinking(false);
    this.view.manualFlip = false;
    this.view.message(tr('play-new-game'));
    await this.act(api.newGame(this.variant, { settings: s }), { animate: false });
    // Tests and assistive tools can tell that a new game is on the board.
    document.body.dataset.generation = String(Number(document.body.dataset.generation || 0) + 1);
  }

  resign() {
    if (!this.variant) return;
    this.token++;
    this.setThinking(false);
    this.act(api.resign(this.variant), { animate: false });
  }

  /** @param {string} id */
  async switchVariant(id) {
    if (this.variant && this.variant !== id) api.clock(this.variant, false, true).catch(() => {});
    this.variant = id;
    prefs.setVariant(id);
    select('variant').value = id;
    this.setThinking(false);
    this.view.message('');
    this.view.resignBar.hide();
    this.view.manualFlip = false;
    await this.reload();
  }

  // ---------------------------------------------------------------- the table's controls

  init() {
    const view = this.view;
    const sel = select('variant');
    fillSelect(sel, view.variants.map((v) => ({ value: v.id, text: v.name })));
    sel.addEventListener('change', () => {
      location.hash = `#/play/${sel.value}`;
    });
    fillSelect(select('set-level'), levelChoices());
    fillSelect(select('set-side'), sideChoices());
    button('open-settings').addEventListener('click', () => this.openSettings());
    $('settings-form').addEventListener('change', () => this.syncSettingsForm());
    button('settings-close').addEventListener('click', () => {
      this.saveDisplaySettings();
      dialog('settings-dialog').close();
    });
    button('settings-apply').addEventListener('click', async () => {
      this.saveDisplaySettings();
      const s = this.settingsFromForm();
      dialog('settings-dialog').close();
      if (this.variant) await this.act(api.settings(this.variant, { level: s.level, turn_board: s.turn_board }));
    });
    button('settings-new').addEventListener('click', async () => {
      this.saveDisplaySettings();
      const s = this.settingsFromForm();
      dialog('settings-dialog').close();
      await this.startNew(s);
    });
    button('restore-new').addEventListener('click', async () => {
      if (this.variant) await this.act(api.newGame(this.variant, {}), { animate: false });
    });
    button('undo').addEventListener('click', async () => {
      if (!this.variant) return;
      this.token++;
      this.setThinking(false);
      view.message('');
      await this.act(api.undo(this.variant), { animate: false });
    });
    button('hint').addEventListener('click', async () => {
      const st = this.state;
      if (!st) return;
      if (view.nav.browsing) view.nav.stepTo(view.nav.end());
      try {
        const h = await api.hint(st.variant, st.ply);
        if (this.state !== st) return;
        if (h.move) {
          view.board.showHint(h.move);
          this.hintText = tr('play-hint', { move: view.write(h.move.text) });
          view.message(this.hintText);
        }
      } catch (e) {
        view.message(errorText(e), 'error');
      }
    });
    button('open-setup').addEventListener('click', () => {
      $('setup-error').textContent = '';
      // Setting up replaces the game: a game in progress is named first.
      const st = this.state;
      const n = st && !st.outcome ? st.moves.length : 0;
      const warn = $('setup-warning');
      warn.hidden = !n;
      warn.textContent = n ? tr('setup-replaces', { moves: n }) : '';
      button('setup-go').textContent = n ? tr('setup-replace-go') : tr('setup-go');
      dialog('setup-dialog').showModal();
      textarea('setup-input').focus();
    });
    button('setup-cancel').addEventListener('click', () => dialog('setup-dialog').close());
    button('setup-go').addEventListener('click', async () => {
      const text = textarea('setup-input').value;
      if (!this.variant) return;
      try {
        const st = await api.newGame(this.variant, { position: text });
        dialog('setup-dialog').close();
        this.token++;
        document.body.dataset.generation = String(Number(document.body.dataset.generation || 0) + 1);
        this.setThinking(false);
        this.render(st);
        view.tabs.select('tab-moves');
        view.message(tr('setup-done'));
        if (st.computer_to_move) this.computerTurn();
      } catch (e) {
        $('setup-error').textContent = errorText(e);
      }
    });
    document.addEventListener('visibilitychange', () => {
      const st = this.state;
      if (!this.active || !this.variant || !st || st.outcome) return;
      api.clock(this.variant, document.visibilityState === 'visible', true).then((s) => {
        if (!this.thinking && this.state && s.ply === this.state.ply) {
          this.state.clock = s.clock;
          view.clocks.set(s.clock);
        }
      }).catch(() => {});
    });
    window.addEventListener('pagehide', () => {
      if (this.active && this.variant) api.clock(this.variant, false, true).catch(() => {});
    });
  }

  openSettings() {
    const st = this.state;
    /** @type {Settings} */
    const s = st ? st.settings : { mode: 'computer', level: 4, human_side: 'light', turn_board: false, draw_rules: 'simplified' };
    const f = /** @type {HTMLFormElement} */ ($('settings-form'));
    /** @type {RadioNodeList} */ (f.elements.namedItem('mode')).value = s.mode;
    select('set-level').value = String(s.level);
    select('set-side').value = s.human_side;
    input('set-turn').checked = s.turn_board;
    // The FMJD's draw rules, only for the rule sets that have them (international).
    $('set-rules').hidden = !this.fmjdOffered();
    input('set-fmjd').checked = s.draw_rules === 'fmjd';
    select('set-coords').value = prefs.coords();
    select('set-moves').value = prefs.moves();
    // Square numbers only where every square of the rule set's board has one (not Turkish).
    /** @type {HTMLOptionElement} */ (select('set-moves').querySelector('option[value="numbers"]')).disabled = !!this.variant && !hasNumbers(this.view.variant(this.variant));
    select('set-results').value = prefs.results();
    input('set-confirm').checked = prefs.confirm();
    input('set-mute').checked = sound.isMuted();
    this.syncSettingsForm();
    dialog('settings-dialog').showModal();
  }

  modeInForm() {
    const f = /** @type {HTMLFormElement} */ ($('settings-form'));
    return /** @type {RadioNodeList} */ (f.elements.namedItem('mode')).value;
  }

  syncSettingsForm() {
    const two = this.modeInForm() === 'two-player';
    /** @type {HTMLFieldSetElement} */ (document.querySelector('.computer-only')).disabled = two;
    /** @type {HTMLFieldSetElement} */ (document.querySelector('.two-only')).disabled = !two;
  }

  /** True when the table's rule set may be played under the FMJD's draw rules. */
  fmjdOffered() {
    return !!this.variant && this.view.variant(this.variant).draw_rules.includes('fmjd');
  }

  /** @returns {Settings} */
  settingsFromForm() {
    return {
      mode: this.modeInForm() === 'two-player' ? 'two-player' : 'computer',
      level: Number(select('set-level').value),
      human_side: select('set-side').value === 'dark' ? 'dark' : 'light',
      turn_board: input('set-turn').checked,
      draw_rules: this.fmjdOffered() && input('set-fmjd').checked ? 'fmjd' : 'simplified',
    };
  }

  saveDisplaySettings() {
    prefs.setCoords(select('set-coords').value);
    prefs.setMoves(select('set-moves').value);
    prefs.setResults(select('set-results').value);
    prefs.setConfirm(input('set-confirm').checked);
    sound.setMuted(input('set-mute').checked);
    this.view.setCoords(prefs.coords());
    this.view.redraw();
  }
}
