//! The elapsed-time clock of a seated game: time counts up for the side to move (a display of
//! how long each side has thought, not a countdown), banked turn by turn.

use crate::wire::ClockJson;
use draughts_rules::Color;
use serde::{Deserialize, Serialize};

/// Banked time of finished turns and, while running, when the current turn began. Times are
/// Unix milliseconds; the side whose time runs is the game's side to move, which the caller
/// passes in (the clock does not keep a copy of the game).
///
/// Stored as JSON in a room's state (`elapsed`, `clock_since`) and as columns of a local game,
/// so the field names are part of the storage format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Banked elapsed milliseconds of finished turns, `[light, dark]`.
    pub elapsed: [i64; 2],
    /// When the running turn started (Unix ms); `None` while the clock is stopped.
    pub clock_since: Option<i64>,
}

impl Clock {
    /// A clock with `elapsed` banked, running since `since` (or stopped).
    pub fn new(elapsed: [i64; 2], since: Option<i64>) -> Clock {
        Clock { elapsed, clock_since: since }
    }

    /// True while a turn's time is counting.
    pub fn running(&self) -> bool {
        self.clock_since.is_some()
    }

    /// Elapsed milliseconds `[light, dark]` at `now`, the running turn of `to_move` included.
    /// A `now` before the turn began counts as no time (clocks of two machines may differ).
    pub fn elapsed_at(&self, to_move: Color, now: i64) -> [i64; 2] {
        let mut e = self.elapsed;
        if let Some(since) = self.clock_since {
            e[to_move.index()] += (now - since).max(0);
        }
        e
    }

    /// Ends the running turn of `to_move` at `now`: its time goes into the bank and the clock
    /// stops. Returns the time that turn used (0 when the clock was stopped).
    pub fn bank(&mut self, to_move: Color, now: i64) -> i64 {
        let used = self.clock_since.map(|s| (now - s).max(0)).unwrap_or(0);
        self.elapsed[to_move.index()] += used;
        self.clock_since = None;
        used
    }

    /// Starts a turn at `now` unless one is already running.
    pub fn start(&mut self, now: i64) {
        if self.clock_since.is_none() {
            self.clock_since = Some(now);
        }
    }

    /// The clock as sent to clients at `now`.
    pub fn to_json(&self, to_move: Color, now: i64) -> ClockJson {
        let e = self.elapsed_at(to_move, now);
        ClockJson { light_ms: e[0], dark_ms: e[1], total_ms: e[0] + e[1], running: self.clock_since.map(|_| to_move.into()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_banked_for_the_side_to_move_and_never_runs_backwards() {
        let mut c = Clock::default();
        c.start(1_000);
        c.start(1_500); // already running: the turn keeps its start
        assert_eq!(c.elapsed_at(Color::Dark, 1_700), [0, 700]);
        assert_eq!(c.bank(Color::Dark, 1_700), 700);
        assert!(!c.running());
        assert_eq!(c.bank(Color::Light, 9_999), 0);
        c.start(2_000);
        assert_eq!(c.elapsed_at(Color::Light, 1_900), [0, 700], "a clock earlier than the start counts nothing");
        let j = c.to_json(Color::Light, 2_250);
        assert_eq!((j.light_ms, j.dark_ms, j.total_ms), (250, 700, 950));
        assert!(j.running.is_some());
    }
}
