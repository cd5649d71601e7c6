//! A table: one game of one rule set with its settings and elapsed-time clock, kept in memory and
//! mirrored move by move into the [`Store`]. Independent of HTTP, so that online rooms can hold
//! tables too.

use crate::store::{now_ms, Store, StoreError, StoredGame, StoredMove, StoredSettings};
use crate::wire::{self, MoveJson};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::resolve;
use draughts_rules::{Color, Game, Move, Position, Reason, Variant};
use serde::{Deserialize, Serialize};

/// Who plays the table (issue 3, "table settings").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// A person against the computer.
    Computer,
    /// Two people on one device.
    TwoPlayer,
}

/// The table settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub mode: Mode,
    /// The computer's level, 1 (weakest) ..= 8 (strongest).
    pub level: u8,
    /// The side the person plays against the computer.
    pub human_side: Side,
    /// Two players: turn the board towards the side to move after each move.
    pub turn_board: bool,
}

/// The computer level a new table starts with: the engine's default.
pub fn default_level() -> u8 {
    draughts_engine::Level::DEFAULT.number()
}

impl Settings {
    /// Against the computer at the default level, the person moving first.
    pub fn default_for(variant: Variant) -> Settings {
        Settings { mode: Mode::Computer, level: default_level(), human_side: variant.rules().first_mover.into(), turn_board: false }
    }
}

/// A side as written in the API: `light` or `dark`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Light,
    Dark,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Light => Side::Light,
            Color::Dark => Side::Dark,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::Light => Color::Light,
            Side::Dark => Color::Dark,
        }
    }
}

impl Side {
    fn id(self) -> &'static str {
        match self {
            Side::Light => "light",
            Side::Dark => "dark",
        }
    }
    fn parse(s: &str) -> Option<Side> {
        match s {
            "light" => Some(Side::Light),
            "dark" => Some(Side::Dark),
            _ => None,
        }
    }
}

/// Why an action on a table was refused. Each maps to an HTTP status in [`crate::api`].
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Bad input from the client: unreadable move, illegal move, bad position (HTTP 400).
    #[error("{0}")]
    Invalid(String),
    /// The action does not fit the state: game over, not your turn, stale ply (HTTP 409).
    #[error("{0}")]
    Conflict(String),
    /// The database failed (HTTP 500).
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One table.
#[derive(Clone, Debug)]
pub struct Table {
    slot: String,
    game: Game,
    settings: Settings,
    /// Milliseconds each move's mover spent on it, by ply.
    spent: Vec<i64>,
    /// Banked elapsed milliseconds of finished turns: `[light, dark]`.
    elapsed: [i64; 2],
    /// When the running turn's clock started (Unix ms); `None` while paused or over.
    clock_since: Option<i64>,
}

impl Table {
    /// The storage slot of a variant's local table: `local/<id>`.
    pub fn local_slot(variant: Variant) -> String {
        format!("local/{}", variant.id())
    }

    /// Loads the table of `slot`, or creates and stores a fresh game when none was saved.
    ///
    /// Errors: [`TableError::Invalid`] when the saved game cannot be replayed (then it is left in
    /// the database untouched, and the message says which move failed).
    pub fn load_or_create(store: &mut Store, slot: &str, variant: Variant) -> Result<Table, TableError> {
        match store.load(slot)? {
            Some(saved) => Table::restore(slot, variant, saved),
            None => {
                let table = Table::fresh(slot, Game::new(variant), Settings::default_for(variant));
                store.create(slot, &table.stored())?;
                Ok(table)
            }
        }
    }

    /// A table with a fresh game and default settings, not yet stored (to replace a saved game
    /// that could not be restored, at the player's request).
    pub fn blank(slot: &str, variant: Variant) -> Table {
        Table::fresh(slot, Game::new(variant), Settings::default_for(variant))
    }

    fn fresh(slot: &str, game: Game, settings: Settings) -> Table {
        Table { slot: slot.to_string(), game, settings, spent: Vec::new(), elapsed: [0, 0], clock_since: None }
    }

    /// Rebuilds a table from its stored form by replaying every move.
    fn restore(slot: &str, variant: Variant, saved: StoredGame) -> Result<Table, TableError> {
        let bad = |what: String| {
            TableError::Invalid(format!(
                "the saved {} game cannot be restored: {what}. It is kept in the database unchanged; start a new game to replace it",
                variant.id()
            ))
        };
        if saved.variant != variant.id() {
            return Err(bad(format!("it is stored as {:?}", saved.variant)));
        }
        let start = fen::parse(variant, &saved.start_fen).map_err(|e| bad(format!("start position: {e}")))?;
        let mut game = Game::from_position(start);
        let mut spent = Vec::new();
        for (i, m) in saved.moves.iter().enumerate() {
            let refused = |e: &dyn std::fmt::Display| bad(format!("move {} ({}): {e}", i + 1, m.text));
            let mv = movetext::parse(game.position(), &m.text).map_err(|e| refused(&e))?;
            game.play(&mv).map_err(|e| refused(&e))?;
            spent.push(m.spent_ms);
        }
        if let Some((reason, loser)) = &saved.ended_by {
            let loser = Side::parse(loser).ok_or_else(|| bad(format!("unknown side {loser:?}")))?;
            match Reason::from_code(reason) {
                Some(Reason::Resignation) if game.outcome().is_none() => {
                    game.resign(loser.into()).map_err(|e| bad(e.to_string()))?;
                }
                Some(Reason::Resignation) => {}
                _ => return Err(bad(format!("unknown result {reason:?}"))),
            }
        }
        let mode = match saved.settings.mode.as_str() {
            "computer" => Mode::Computer,
            "two-player" => Mode::TwoPlayer,
            other => return Err(bad(format!("unknown mode {other:?}"))),
        };
        let human_side = Side::parse(&saved.settings.human_side).ok_or_else(|| bad("unknown side".into()))?;
        let settings = Settings { mode, level: saved.settings.level.clamp(1, 8), human_side, turn_board: saved.settings.turn_board };
        let clock_since = if game.outcome().is_some() { None } else { saved.clock_since };
        Ok(Table { slot: slot.to_string(), game, settings, spent, elapsed: saved.elapsed_ms, clock_since })
    }

    fn stored(&self) -> StoredGame {
        let v = self.game.variant();
        StoredGame {
            variant: v.id().to_string(),
            settings: StoredSettings {
                mode: match self.settings.mode {
                    Mode::Computer => "computer".into(),
                    Mode::TwoPlayer => "two-player".into(),
                },
                level: self.settings.level,
                human_side: self.settings.human_side.id().into(),
                turn_board: self.settings.turn_board,
            },
            start_fen: fen::write(self.game.start()),
            moves: self
                .game
                .moves()
                .iter()
                .zip(&self.spent)
                .map(|(m, &s)| StoredMove { text: movetext::write(v, m), spent_ms: s })
                .collect(),
            ended_by: None,
            elapsed_ms: self.elapsed,
            clock_since: self.clock_since,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// True when the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.settings.mode == Mode::Computer
            && self.game.outcome().is_none()
            && Side::from(self.game.position().side_to_move()) != self.settings.human_side
    }

    /// Elapsed milliseconds `[light, dark]` at time `now`, the running turn included.
    pub fn elapsed_at(&self, now: i64) -> [i64; 2] {
        let mut e = self.elapsed;
        if let Some(since) = self.clock_since {
            e[self.game.position().side_to_move().index()] += (now - since).max(0);
        }
        e
    }

    /// Moves the running turn's time into the bank; returns what the running turn had used.
    fn bank(&mut self, now: i64) -> i64 {
        let used = self.clock_since.map(|s| (now - s).max(0)).unwrap_or(0);
        self.elapsed[self.game.position().side_to_move().index()] += used;
        self.clock_since = None;
        used
    }

    /// Starts a new game (from `start`, or the variant's start position) with `settings`.
    pub fn new_game(&mut self, store: &mut Store, start: Option<Position>, settings: Settings) -> Result<(), TableError> {
        let v = self.game.variant();
        let game = match start {
            Some(p) => Game::from_position(p),
            None => Game::new(v),
        };
        let mut fresh = Table::fresh(&self.slot, game, settings);
        // Started from a page that shows it: the clock runs from now.
        if fresh.game.outcome().is_none() {
            fresh.clock_since = Some(now_ms());
        }
        store.create(&self.slot, &fresh.stored())?;
        *self = fresh;
        Ok(())
    }

    /// Checks an expected ply (the client's view) against the game: a stale view is a conflict.
    pub fn check_ply(&self, expected: Option<usize>) -> Result<(), TableError> {
        match expected {
            Some(p) if p != self.game.ply() => Err(TableError::Conflict(format!(
                "the game has moved on: it is at ply {}, not {p}; reload it",
                self.game.ply()
            ))),
            _ => Ok(()),
        }
    }

    /// Plays a move given as a route (origin and landing squares, by name) or as move text.
    /// Returns the move played.
    pub fn play(&mut self, store: &mut Store, request: &MoveRequest, by_computer: bool) -> Result<Move, TableError> {
        self.check_ply(request.ply)?;
        if let Some(o) = self.game.outcome() {
            return Err(TableError::Conflict(format!("the game is over: {o}")));
        }
        if !by_computer && self.computer_to_move() {
            return Err(TableError::Conflict("it is the computer's turn".into()));
        }
        let v = self.game.variant();
        let mv = request.resolve(self.game.position()).map_err(TableError::Invalid)?;
        self.commit(store, mv)?;
        tracing::debug!(slot = %self.slot, mv = %movetext::write(v, &mv), "move");
        Ok(mv)
    }

    /// Plays a move already known to be legal (the engine's), checking once more.
    pub fn play_move(&mut self, store: &mut Store, mv: Move) -> Result<(), TableError> {
        if self.game.outcome().is_some() {
            return Err(TableError::Conflict("the game is over".into()));
        }
        self.commit(store, mv)
    }

    /// Applies `change` to a copy of the table, stores the copy with `save`, and only then keeps
    /// it: a refused action or a failed write leaves the table as it was, matching the database.
    fn change<R>(
        &mut self,
        store: &mut Store,
        change: impl FnOnce(&mut Table) -> Result<R, TableError>,
        save: impl FnOnce(&Table, &mut Store) -> Result<(), StoreError>,
    ) -> Result<R, TableError> {
        let mut next = self.clone();
        let result = change(&mut next)?;
        save(&next, store)?;
        *self = next;
        Ok(result)
    }

    fn commit(&mut self, store: &mut Store, mv: Move) -> Result<(), TableError> {
        let now = now_ms();
        let v = self.game.variant();
        self.change(
            store,
            |t| {
                let spent = t.bank(now);
                t.game.play(&mv).map_err(|e| TableError::Invalid(e.to_string()))?;
                t.spent.push(spent);
                // A move is made by someone watching: the clock runs on for the next turn.
                t.clock_since = if t.game.outcome().is_none() { Some(now) } else { None };
                Ok(())
            },
            |t, store| {
                let stored = StoredMove { text: movetext::write(v, &mv), spent_ms: *t.spent.last().expect("pushed above") };
                store.push_move(&t.slot, t.game.ply(), &stored, t.elapsed, t.clock_since)
            },
        )
    }

    /// Takes back moves: one ply with two players; against the computer, back to the person's
    /// previous turn (the computer's reply and the person's move). Returns how many plies.
    pub fn undo(&mut self, store: &mut Store) -> Result<usize, TableError> {
        if self.game.ply() == 0 {
            return Err(TableError::Conflict("no move to undo".into()));
        }
        let now = now_ms();
        // Someone is at the table (a running clock, or a finished game being taken back).
        let watched = self.clock_since.is_some() || self.game.outcome().is_some();
        self.change(
            store,
            |t| {
                t.bank(now);
                let mut undone = 0;
                loop {
                    t.game.undo().map_err(|e| TableError::Conflict(e.to_string()))?;
                    t.spent.pop();
                    undone += 1;
                    let human = Side::from(t.game.position().side_to_move()) == t.settings.human_side;
                    if t.settings.mode == Mode::TwoPlayer || human || t.game.ply() == 0 {
                        break;
                    }
                }
                // Undo also lifts a resignation: the shorter game judges itself again.
                t.clock_since = if watched && t.game.outcome().is_none() { Some(now) } else { None };
                Ok(undone)
            },
            |t, store| store.undo_to(&t.slot, t.game.ply(), t.elapsed, t.clock_since),
        )
    }

    /// Resignation: the side to move with two players, the person against the computer.
    pub fn resign(&mut self, store: &mut Store) -> Result<(), TableError> {
        if let Some(o) = self.game.outcome() {
            return Err(TableError::Conflict(format!("the game is over: {o}")));
        }
        let loser = match self.settings.mode {
            Mode::Computer => self.settings.human_side.into(),
            Mode::TwoPlayer => self.game.position().side_to_move(),
        };
        self.change(
            store,
            |t| {
                t.bank(now_ms());
                t.game.resign(loser).map_err(|e| TableError::Conflict(e.to_string()))
            },
            |t, store| store.resign(&t.slot, Side::from(loser).id(), t.elapsed),
        )
    }

    /// Changes the settings that may change mid-game: level and board turning. Mode and side
    /// apply to the next game.
    pub fn adjust(&mut self, store: &mut Store, level: Option<u8>, turn_board: Option<bool>) -> Result<(), TableError> {
        self.change(
            store,
            |t| {
                if let Some(l) = level {
                    t.settings.level = check_level(l)?;
                }
                if let Some(b) = turn_board {
                    t.settings.turn_board = b;
                }
                Ok(())
            },
            |t, store| store.set_settings(&t.slot, &t.stored().settings),
        )
    }

    /// Starts (`true`) or pauses (`false`) the elapsed-time clock; it only runs while a page
    /// shows the game and the game is not over.
    pub fn set_clock_running(&mut self, store: &mut Store, running: bool) -> Result<(), TableError> {
        let now = now_ms();
        match (running, self.clock_since) {
            (true, None) if self.game.outcome().is_none() => {}
            (false, Some(_)) => {}
            _ => return Ok(()),
        }
        self.change(
            store,
            |t| {
                if running {
                    t.clock_since = Some(now);
                } else {
                    t.bank(now);
                }
                Ok(())
            },
            |t, store| store.set_clock(&t.slot, t.elapsed, t.clock_since),
        )
    }

    /// The state as sent to clients.
    pub fn to_json(&self, now: i64) -> wire::TableJson {
        let v = self.game.variant();
        let pos = self.game.position();
        let legal = self.game.outcome().map(|_| Vec::new()).unwrap_or_else(|| pos.legal_routes());
        let elapsed = self.elapsed_at(now);
        let moves = self
            .game
            .moves()
            .iter()
            .zip(self.game.positions())
            .zip(&self.spent)
            .enumerate()
            .map(|(i, ((m, before), &spent))| wire::PlayedJson {
                ply: i + 1,
                side: before.side_to_move().into(),
                spent_ms: spent,
                mv: MoveJson::new(v, m),
            })
            .collect::<Vec<_>>();
        wire::TableJson {
            variant: v.id(),
            ply: self.game.ply(),
            side_to_move: pos.side_to_move().into(),
            settings: self.settings,
            position: wire::PositionJson::new(pos, &legal),
            start_fen: fen::write(self.game.start()),
            last_move: moves.last().map(|m| m.mv.clone()),
            moves,
            outcome: self.game.outcome().map(wire::OutcomeJson::new),
            clock: wire::ClockJson {
                light_ms: elapsed[0],
                dark_ms: elapsed[1],
                total_ms: elapsed[0] + elapsed[1],
                running: self.clock_since.map(|_| pos.side_to_move().into()),
            },
            quiet_count: self.game.quiet_count(),
            quiet_limit: v.rules().quiet_limit,
            repetitions: self.game.repetitions(),
            computer_to_move: self.computer_to_move(),
        }
    }
}

/// Checks a computer level.
pub fn check_level(level: u8) -> Result<u8, TableError> {
    if (1..=8).contains(&level) {
        Ok(level)
    } else {
        Err(TableError::Invalid(format!("level {level} is out of range; levels are 1 to 8")))
    }
}

/// A move sent by a client: either `text` (`"11-15"`, `"32x23x14"`, a short form when it is
/// unambiguous) or `from` + `path` (landing squares in order) with optional `captured` squares
/// to tell apart routes through the same squares. `ply`, when given, must match the game's ply.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    pub text: Option<String>,
    pub from: Option<String>,
    pub path: Option<Vec<String>>,
    pub captured: Option<Vec<String>>,
    pub ply: Option<usize>,
}

impl MoveRequest {
    /// The legal move of `pos` that this request names. Errors say what is missing, which
    /// square is bad, or that the move is illegal (listing the legal ones).
    pub fn resolve(&self, pos: &Position) -> Result<Move, String> {
        match (&self.text, &self.from, &self.path) {
            (Some(text), None, None) => movetext::parse(pos, text).map_err(|e| e.to_string()),
            (None, Some(from), Some(path)) => {
                let route: Vec<&str> = std::iter::once(from.as_str()).chain(path.iter().map(String::as_str)).collect();
                resolve::find_route(pos, &route, self.captured.as_deref()).map_err(|e| e.to_string())
            }
            _ => Err("give either \"text\" (like \"11-15\") or \"from\" and \"path\"".into()),
        }
    }
}
