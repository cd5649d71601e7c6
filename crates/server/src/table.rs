//! A local table: one [`SeatedGame`] of one rule set with its settings (against the computer or
//! two players on one device), kept in memory and mirrored change by change into the storage
//! (game 1 of the owner `local/<variant>`, [`crate::storage`]). Independent of HTTP; the game's
//! own changes (moves, takebacks, the clock) are the seated game's, as in a room.
//!
//! Each action works on the table and lists what to store as [`Op`]s; the caller works on a
//! copy, writes the ops, and keeps the copy only once they are stored.

use crate::seated_game::SeatedGame;
use crate::storage::{local_owner, now_ms, GameKey, Op, StorageError, StoredGame};
use crate::wire::{self, MoveInput};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Color, DrawRules, Game, Move, Position, Reason, Variant};
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
    /// The draw rules a new game is judged by: `simplified` (RULES.md section 4, the default)
    /// or `fmjd` (the FMJD's official rules, for the rule sets that have them: international).
    /// Taken when a game starts: the game keeps its own ([`Game::draw_rules`]), so a game's
    /// rules never change under it.
    #[serde(default, with = "draw_rules_code")]
    pub draw_rules: DrawRules,
}

/// [`DrawRules`] in JSON as its code (`simplified`, `fmjd`); an unknown code is refused with
/// the codes there are.
pub mod draw_rules_code {
    use draughts_rules::DrawRules;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes [`DrawRules::code`].
    pub fn serialize<S: Serializer>(d: &DrawRules, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(d.code())
    }

    /// Reads [`DrawRules::from_code`].
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DrawRules, D::Error> {
        let code = String::deserialize(d)?;
        DrawRules::from_code(&code).ok_or_else(|| serde::de::Error::custom(format!("unknown draw rules {code:?}; expected \"simplified\" or \"fmjd\"")))
    }
}

/// Checks that `variant` can be played under `draws`: the FMJD's rules only where the rule set
/// has them ([`DrawRules::available`]).
pub fn check_draw_rules(variant: Variant, draws: DrawRules) -> Result<DrawRules, TableError> {
    if draws.available(variant.rules()) {
        Ok(draws)
    } else {
        Err(TableError::Invalid(format!(
            "draw rules \"{}\" are not available for {}: only international draughts has the FMJD's official draw rules",
            draws.code(),
            variant.rules().name
        )))
    }
}

/// The computer level a new table starts with: the engine's default.
pub fn default_level() -> u8 {
    draughts_engine::Level::DEFAULT.number()
}

impl Settings {
    /// Against the computer at the default level, the person moving first.
    pub fn default_for(variant: Variant) -> Settings {
        Settings { mode: Mode::Computer, level: default_level(), human_side: variant.rules().first_mover.into(), turn_board: false, draw_rules: DrawRules::Simplified }
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
}

/// Why an action on a table was refused. Each maps to an HTTP status in [`crate::api`].
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Bad input from the client: unreadable move, illegal move, bad position (HTTP 400).
    #[error("{0}")]
    Invalid(String),
    /// A move that names no legal move here (HTTP 400, with its code and arguments).
    #[error(transparent)]
    Move(#[from] crate::wire::MoveInputError),
    /// The action does not fit the state (HTTP 409), with its stable code (docs/api.md,
    /// "Errors"): `game_over`, `not_your_turn`, `stale` (the client's ply is not the game's;
    /// `args` `at` and `asked`), `nothing_to_undo`, `conflict`.
    #[error("{message}")]
    Conflict { code: &'static str, message: String, args: serde_json::Map<String, serde_json::Value> },
    /// The database failed, or the saved game cannot be read (HTTP 500 or 409).
    #[error(transparent)]
    Store(#[from] StorageError),
}

impl TableError {
    /// A conflict with its code and no arguments.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> TableError {
        TableError::Conflict { code, message: message.into(), args: Default::default() }
    }
}

/// One table.
#[derive(Clone, Debug)]
pub struct Table {
    seated: SeatedGame,
    settings: Settings,
    /// When the game began (Unix ms): the PDN download's `Date`.
    started_at: i64,
}

impl Table {
    /// Where a variant's local table is stored: game 1 of `local/<id>`.
    pub fn key(variant: Variant) -> GameKey {
        GameKey { owner: local_owner(variant), game_no: 1 }
    }

    /// A table with a fresh game and default settings, not yet stored ([`Table::create_ops`]).
    pub fn blank(variant: Variant) -> Table {
        Table { seated: SeatedGame::new(Game::new(variant)), settings: Settings::default_for(variant), started_at: now_ms() }
    }

    /// Rebuilds a table from its stored game by replaying every move.
    ///
    /// Errors: [`TableError::Store`] with [`StorageError::Broken`] when the saved game cannot be
    /// replayed (it is left in the database untouched, and the message says which move failed).
    pub fn restore(variant: Variant, saved: &StoredGame) -> Result<Table, TableError> {
        let bad = |reason: String| TableError::Store(StorageError::Broken { what: format!("the saved {} game", variant.id()), reason });
        if saved.variant != variant.id() {
            return Err(bad(format!("it is stored as {:?}", saved.variant)));
        }
        let seated = SeatedGame::from_stored(variant, saved).map_err(bad)?;
        let settings = match &saved.settings {
            Some(json) => {
                let s: Settings = serde_json::from_str(json).map_err(|e| bad(format!("unreadable settings ({e})")))?;
                // A level no page can choose means the row was not written by us: say so
                // rather than play on at another level.
                check_level(s.level).map_err(|_| bad(format!("its computer level is {}, not 1 to 8", s.level)))?;
                s
            }
            None => Settings::default_for(variant),
        };
        // The game's draw rules are the ones it started with (its own column in the storage).
        let settings = Settings { draw_rules: seated.game().draw_rules(), ..settings };
        Ok(Table { seated, settings, started_at: saved.started_at })
    }

    /// What stores this table as a new game, replacing the saved one.
    pub fn create_ops(&self) -> Vec<Op> {
        let key = Table::key(self.seated.variant());
        let mut ops = vec![Op::NewGame {
            key: key.clone(),
            variant: self.seated.variant().id(),
            draw_rules: self.game().draw_rules().code(),
            start_fen: fen::write(self.game().start()),
            light_player: 0,
            started_at: self.started_at,
            replace: true,
        }];
        for ply in 1..=self.game().ply() {
            let m = self.seated.stored_move(ply, None);
            ops.push(Op::AddMove { key: key.clone(), ply, text: m.text, spent_ms: m.spent_ms, msg_id: None });
        }
        ops.push(self.save_op());
        ops
    }

    /// Stores the clock, the result and the settings.
    fn save_op(&self) -> Op {
        Op::SaveGame {
            key: Table::key(self.seated.variant()),
            clock: self.seated.clock(),
            result: self.seated.stored_result(),
            settings: Some(serde_json::to_string(&self.settings).expect("settings serialise")),
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.seated.game()
    }

    /// When the game began (Unix ms).
    pub fn started_at(&self) -> i64 {
        self.started_at
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

    /// Starts a new game (from `start`, or the variant's start position) with `settings`, judged
    /// by `settings.draw_rules`. Errors: [`TableError::Invalid`] when the rule set does not have
    /// those draw rules (nothing changes).
    pub fn new_game(&mut self, ops: &mut Vec<Op>, start: Option<Position>, settings: Settings) -> Result<(), TableError> {
        let v = self.seated.variant();
        check_draw_rules(v, settings.draw_rules)?;
        let game = Game::from_position_with(start.unwrap_or_else(|| Position::start(v)), settings.draw_rules)
            .map_err(|e| TableError::Invalid(e.to_string()))?;
        *self = Table { seated: SeatedGame::new(game), settings, started_at: now_ms() };
        // Started from a page that shows it: the clock runs from now.
        self.seated.start_clock(now_ms());
        ops.extend(self.create_ops());
        Ok(())
    }

    /// Checks an expected ply (the client's view) against the game: a stale view is a conflict.
    pub fn check_ply(&self, expected: Option<usize>) -> Result<(), TableError> {
        match expected {
            Some(p) if p != self.game().ply() => Err(TableError::Conflict {
                code: "stale",
                message: format!("the game has moved on: it is at ply {}, not {p}; reload it", self.game().ply()),
                args: [("at".to_string(), self.game().ply().into()), ("asked".to_string(), p.into())].into_iter().collect(),
            }),
            _ => Ok(()),
        }
    }

    /// Plays a move given as a route (origin and landing squares, by name) or as move text.
    /// Returns the move played.
    pub fn play(&mut self, ops: &mut Vec<Op>, input: &MoveInput, by_computer: bool) -> Result<Move, TableError> {
        self.check_ply(input.ply)?;
        if let Some(o) = self.game().outcome() {
            return Err(TableError::conflict("game_over", format!("the game is over: {o}")));
        }
        if !by_computer && self.computer_to_move() {
            return Err(TableError::conflict("not_your_turn", "it is the computer's turn"));
        }
        let v = self.seated.variant();
        let mv = input.resolve(self.game().position())?;
        self.commit(ops, mv)?;
        tracing::debug!(variant = v.id(), mv = %movetext::write(v, &mv), "move");
        Ok(mv)
    }

    /// Plays a move already known to be legal (the engine's), checking once more.
    pub fn play_move(&mut self, ops: &mut Vec<Op>, mv: Move) -> Result<(), TableError> {
        if self.game().outcome().is_some() {
            return Err(TableError::conflict("game_over", "the game is over"));
        }
        self.commit(ops, mv)
    }

    fn commit(&mut self, ops: &mut Vec<Op>, mv: Move) -> Result<(), TableError> {
        // A move is made by someone watching: the clock runs on for the next turn.
        self.seated.play(&mv, now_ms()).map_err(|e| TableError::Invalid(e.to_string()))?;
        let ply = self.game().ply();
        let m = self.seated.stored_move(ply, None);
        ops.push(Op::AddMove { key: Table::key(self.seated.variant()), ply, text: m.text, spent_ms: m.spent_ms, msg_id: None });
        ops.push(self.save_op());
        Ok(())
    }

    /// Takes back moves: one ply with two players; against the computer, back to the person's
    /// previous turn (the computer's reply and the person's move; the computer's first move
    /// when it began). After a resignation it only lifts the resignation: the player takes
    /// back the resigning, not a move (0 plies). Returns how many plies.
    pub fn undo(&mut self, ops: &mut Vec<Op>) -> Result<usize, TableError> {
        if self.seated.lift_resignation(now_ms(), true) {
            ops.push(self.save_op());
            return Ok(0);
        }
        let game = self.game();
        if game.ply() == 0 {
            return Err(TableError::conflict("nothing_to_undo", "no move to undo"));
        }
        let asker = match self.settings.mode {
            Mode::TwoPlayer => game.positions()[game.ply() - 1].side_to_move(),
            Mode::Computer => self.settings.human_side.into(),
        };
        let plies = self.seated.takeback_plies(asker).unwrap_or(game.ply());
        // Someone is at the table (a running clock, or a finished game being taken back).
        let watched = self.seated.clock().running() || game.outcome().is_some();
        self.seated.take_back(plies, now_ms(), watched).map_err(|e| TableError::conflict("conflict", e.to_string()))?;
        ops.push(Op::Truncate { key: Table::key(self.seated.variant()), ply: self.game().ply() });
        ops.push(self.save_op());
        Ok(plies)
    }

    /// Resignation: the side to move with two players, the person against the computer.
    pub fn resign(&mut self, ops: &mut Vec<Op>) -> Result<(), TableError> {
        if let Some(o) = self.game().outcome() {
            return Err(TableError::conflict("game_over", format!("the game is over: {o}")));
        }
        let loser = match self.settings.mode {
            Mode::Computer => self.settings.human_side.into(),
            Mode::TwoPlayer => self.seated.to_move(),
        };
        self.seated.finish(draughts_rules::Outcome::Win(!loser, Reason::Resignation), now_ms()).map_err(|e| TableError::conflict("conflict", e.to_string()))?;
        ops.push(self.save_op());
        Ok(())
    }

    /// Changes the settings that may change mid-game: level and board turning. Mode, side and
    /// draw rules apply to the next game: asking for other draw rules than the game's is
    /// refused ([`TableError::Invalid`] for rules the rule set lacks, else
    /// [`TableError::Conflict`]), the same ones are accepted.
    pub fn adjust(&mut self, ops: &mut Vec<Op>, level: Option<u8>, turn_board: Option<bool>, draw_rules: Option<DrawRules>) -> Result<(), TableError> {
        if let Some(d) = draw_rules {
            check_draw_rules(self.seated.variant(), d)?;
            if d != self.game().draw_rules() {
                return Err(TableError::conflict("conflict", format!(
                    "this game is played under the {} draw rules, taken when it began; the draw rules change with a new game (POST /api/games/{}/new with settings.draw_rules \"{}\")",
                    self.game().draw_rules().code(),
                    self.seated.variant().id(),
                    d.code()
                )));
            }
        }
        if let Some(l) = level {
            self.settings.level = check_level(l)?;
        }
        if let Some(b) = turn_board {
            self.settings.turn_board = b;
        }
        ops.push(self.save_op());
        Ok(())
    }

    /// Starts (`true`) or pauses (`false`) the elapsed-time clock; it only runs while a page
    /// shows the game and the game is not over.
    pub fn set_clock_running(&mut self, ops: &mut Vec<Op>, running: bool) {
        let now = now_ms();
        match (running, self.seated.clock().running()) {
            (true, false) if self.game().outcome().is_none() => self.seated.start_clock(now),
            (false, true) => {
                self.seated.stop_clock(now);
            }
            _ => return,
        }
        ops.push(self.save_op());
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
