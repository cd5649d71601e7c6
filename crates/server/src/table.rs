//! A local table: one [`SeatedGame`] of one rule set with its settings (against the computer or
//! two players on one device), kept in memory and mirrored change by change into the [`Store`].
//! Independent of HTTP; the game's own changes (moves, takebacks, the clock) are the seated
//! game's, as in a room.

use crate::clock::Clock;
use crate::seated_game::{SeatedGame, StoredPly};
use crate::store::{now_ms, Store, StoreError, StoredGame, StoredMove, StoredSettings};
use crate::wire::{self, MoveInput};
use draughts_rules::notation::{fen, movetext};
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
    pub(crate) fn id(self) -> &'static str {
        match self {
            Side::Light => "light",
            Side::Dark => "dark",
        }
    }
    pub(crate) fn parse(s: &str) -> Option<Side> {
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
    seated: SeatedGame,
    settings: Settings,
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
        Table { slot: slot.to_string(), seated: SeatedGame::new(game), settings }
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
        let moves = saved.moves.iter().map(|m| StoredPly { text: &m.text, spent_ms: m.spent_ms });
        let mut seated = SeatedGame::replay(variant, &saved.start_fen, moves, Clock::new(saved.elapsed_ms, saved.clock_since)).map_err(bad)?;
        if let Some((reason, loser)) = &saved.ended_by {
            let loser = Side::parse(loser).ok_or_else(|| bad(format!("unknown side {loser:?}")))?;
            match Reason::from_code(reason) {
                Some(Reason::Resignation) if seated.game().outcome().is_none() => {
                    let loser: Color = loser.into();
                    let at = saved.clock_since.unwrap_or(0);
                    seated.finish(draughts_rules::Outcome::Win(!loser, Reason::Resignation), at).map_err(|e| bad(e.to_string()))?;
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
        if seated.game().outcome().is_some() {
            // A finished game's clock is stopped (a stored running clock would count on).
            let at = saved.clock_since.unwrap_or(0);
            seated.stop_clock(at);
        }
        Ok(Table { slot: slot.to_string(), seated, settings })
    }

    fn stored(&self) -> StoredGame {
        let v = self.seated.variant();
        let game = self.seated.game();
        let clock = self.seated.clock();
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
            start_fen: fen::write(game.start()),
            moves: game.moves().iter().zip(self.seated.spent()).map(|(m, &s)| StoredMove { text: movetext::write(v, m), spent_ms: s }).collect(),
            ended_by: None,
            elapsed_ms: clock.elapsed,
            clock_since: clock.clock_since,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.seated.game()
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// True when the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.settings.mode == Mode::Computer && self.game().outcome().is_none() && Side::from(self.seated.to_move()) != self.settings.human_side
    }

    /// Elapsed milliseconds `[light, dark]` at time `now`, the running turn included.
    pub fn elapsed_at(&self, now: i64) -> [i64; 2] {
        self.seated.elapsed_at(now)
    }

    /// Starts a new game (from `start`, or the variant's start position) with `settings`.
    pub fn new_game(&mut self, store: &mut Store, start: Option<Position>, settings: Settings) -> Result<(), TableError> {
        let v = self.seated.variant();
        let game = match start {
            Some(p) => Game::from_position(p),
            None => Game::new(v),
        };
        let mut fresh = Table::fresh(&self.slot, game, settings);
        // Started from a page that shows it: the clock runs from now.
        fresh.seated.start_clock(now_ms());
        store.create(&self.slot, &fresh.stored())?;
        *self = fresh;
        Ok(())
    }

    /// Checks an expected ply (the client's view) against the game: a stale view is a conflict.
    pub fn check_ply(&self, expected: Option<usize>) -> Result<(), TableError> {
        match expected {
            Some(p) if p != self.game().ply() => Err(TableError::Conflict(format!(
                "the game has moved on: it is at ply {}, not {p}; reload it",
                self.game().ply()
            ))),
            _ => Ok(()),
        }
    }

    /// Plays a move given as a route (origin and landing squares, by name) or as move text.
    /// Returns the move played.
    pub fn play(&mut self, store: &mut Store, input: &MoveInput, by_computer: bool) -> Result<Move, TableError> {
        self.check_ply(input.ply)?;
        if let Some(o) = self.game().outcome() {
            return Err(TableError::Conflict(format!("the game is over: {o}")));
        }
        if !by_computer && self.computer_to_move() {
            return Err(TableError::Conflict("it is the computer's turn".into()));
        }
        let v = self.seated.variant();
        let mv = input.resolve(self.game().position()).map_err(|e| TableError::Invalid(e.to_string()))?;
        self.commit(store, mv)?;
        tracing::debug!(slot = %self.slot, mv = %movetext::write(v, &mv), "move");
        Ok(mv)
    }

    /// Plays a move already known to be legal (the engine's), checking once more.
    pub fn play_move(&mut self, store: &mut Store, mv: Move) -> Result<(), TableError> {
        if self.game().outcome().is_some() {
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
        let v = self.seated.variant();
        self.change(
            store,
            // A move is made by someone watching: the clock runs on for the next turn.
            |t| t.seated.play(&mv, now).map_err(|e| TableError::Invalid(e.to_string())),
            |t, store| {
                let stored = StoredMove { text: movetext::write(v, &mv), spent_ms: *t.seated.spent().last().expect("a move was played") };
                let clock = t.seated.clock();
                store.push_move(&t.slot, t.game().ply(), &stored, clock.elapsed, clock.clock_since)
            },
        )
    }

    /// Takes back moves: one ply with two players; against the computer, back to the person's
    /// previous turn (the computer's reply and the person's move; the computer's first move
    /// when it began). Returns how many plies.
    pub fn undo(&mut self, store: &mut Store) -> Result<usize, TableError> {
        let game = self.game();
        if game.ply() == 0 {
            return Err(TableError::Conflict("no move to undo".into()));
        }
        let asker = match self.settings.mode {
            Mode::TwoPlayer => game.positions()[game.ply() - 1].side_to_move(),
            Mode::Computer => self.settings.human_side.into(),
        };
        let plies = self.seated.takeback_plies(asker).unwrap_or(game.ply());
        let now = now_ms();
        // Someone is at the table (a running clock, or a finished game being taken back).
        let watched = self.seated.clock().running() || game.outcome().is_some();
        self.change(
            store,
            |t| {
                t.seated.take_back(plies, now, watched).map_err(|e| TableError::Conflict(e.to_string()))?;
                Ok(plies)
            },
            |t, store| {
                let clock = t.seated.clock();
                store.undo_to(&t.slot, t.game().ply(), clock.elapsed, clock.clock_since)
            },
        )
    }

    /// Resignation: the side to move with two players, the person against the computer.
    pub fn resign(&mut self, store: &mut Store) -> Result<(), TableError> {
        if let Some(o) = self.game().outcome() {
            return Err(TableError::Conflict(format!("the game is over: {o}")));
        }
        let loser = match self.settings.mode {
            Mode::Computer => self.settings.human_side.into(),
            Mode::TwoPlayer => self.seated.to_move(),
        };
        self.change(
            store,
            |t| t.seated.finish(draughts_rules::Outcome::Win(!loser, Reason::Resignation), now_ms()).map_err(|e| TableError::Conflict(e.to_string())),
            |t, store| store.resign(&t.slot, Side::from(loser).id(), t.seated.clock().elapsed),
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
        match (running, self.seated.clock().running()) {
            (true, false) if self.game().outcome().is_none() => {}
            (false, true) => {}
            _ => return Ok(()),
        }
        self.change(
            store,
            |t| {
                if running {
                    t.seated.start_clock(now);
                } else {
                    t.seated.stop_clock(now);
                }
                Ok(())
            },
            |t, store| {
                let clock = t.seated.clock();
                store.set_clock(&t.slot, clock.elapsed, clock.clock_since)
            },
        )
    }

    /// The state as sent to clients.
    pub fn to_json(&self, now: i64) -> wire::TableJson {
        wire::TableJson { game: self.seated.to_json(now), settings: self.settings, computer_to_move: self.computer_to_move() }
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
