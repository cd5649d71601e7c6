//! Strength levels 1 to 8 for the web app and the command line.
//!
//! Each level is a fixed set of limits ([`LevelSpec`]): how deep and how long the engine thinks,
//! and how far below the best score a move may be and still be chosen. Levels 1 to 5 score every
//! legal move with a full-window search of their depth and pick at random among the moves within
//! their margin, weighted towards the better ones: they play sound-looking moves (the quiescence
//! search always sees captures that are pending, so no level leaves a man to be taken for nothing
//! that it can see) but they miss shots deeper than their horizon, like a human. Levels 6 to 8
//! play the engine's best move with growing depth and time; 8 is the full engine.
//!
//! | level | depth | time    | margin (centi-men) |
//! |-------|-------|---------|--------------------|
//! | 1     | 2     | 0.1 s   | 60                 |
//! | 2     | 3     | 0.15 s  | 40                 |
//! | 3     | 4     | 0.2 s   | 25                 |
//! | 4     | 6     | 0.3 s   | 12                 |
//! | 5     | 8     | 0.4 s   | 5                  |
//! | 6     | 12    | 0.5 s   | 0                  |
//! | 7     | 20    | 0.75 s  | 0                  |
//! | 8     | full  | 1 s     | 0                  |
//!
//! Every level answers within about one second on one core. Levels 7 and 8 also read the
//! endgame databases their searcher was given ([`crate::egdb`], [`LevelSpec::egdb`]); levels 6
//! to 8 play from the opening book of their rule set while the position is in it
//! ([`crate::book`], [`LevelSpec::book`]), so that their games vary from the first moves.

use std::fmt;
use std::time::Duration;

/// A strength level, 1 (beginner) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// The limits of one level (see the module table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// Deepest iteration in plies (captures are always played out beyond it).
    pub depth: u32,
    /// Most time to think.
    pub movetime: Duration,
    /// A move scoring at most this much below the best may be chosen (0: always the best).
    pub margin: i32,
    /// Whether the level reads the endgame databases given to its searcher (levels 7 and 8;
    /// [`crate::Searcher::use_egdb`]): below that, an ending plays as well as the search alone
    /// sees it.
    pub egdb: bool,
    /// Whether the level plays from the opening book while the position is in it (levels 6 to
    /// 8; [`crate::book_move`]): the lower levels already vary by their margin, and a book
    /// would make them play the opening better than the rest of the game.
    pub book: bool,
}

/// Error for a level outside 1..=8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLevel(pub i64);

impl fmt::Display for BadLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {} is out of range; levels run from 1 (beginner) to 8 (full strength)", self.0)
    }
}

impl std::error::Error for BadLevel {}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(8);
    /// The level the web app starts with.
    pub const DEFAULT: Level = Level(4);

    /// A level from its number. Errors: [`BadLevel`] outside 1..=8.
    pub fn new(n: i64) -> Result<Level, BadLevel> {
        if (1..=8).contains(&n) {
            Ok(Level(n as u8))
        } else {
            Err(BadLevel(n))
        }
    }

    /// A level from its number, clamped into 1..=8.
    pub fn clamped(n: i64) -> Level {
        Level(n.clamp(1, 8) as u8)
    }

    /// The number, 1..=8.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The limits of this level.
    pub fn spec(self) -> LevelSpec {
        let (depth, ms, margin) = match self.0 {
            1 => (2, 100, 60),
            2 => (3, 150, 40),
            3 => (4, 200, 25),
            4 => (6, 300, 12),
            5 => (8, 400, 5),
            6 => (12, 500, 0),
            7 => (20, 750, 0),
            _ => (crate::search::MAX_PLY as u32 - 8, 1000, 0),
        };
        LevelSpec { depth, movetime: Duration::from_millis(ms), margin, egdb: self.0 >= 7, book: self.0 >= 6 }
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        let n: i64 = s.trim().parse().map_err(|_| format!("level {s:?} is not a number 1..8"))?;
        Level::new(n).map_err(|e| e.to_string())
    }
}
