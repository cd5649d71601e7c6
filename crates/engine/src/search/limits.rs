//! When a search stops: [`Limits`] as the caller gives them, and [`TimePlan`], how a managed
//! search spends its time. The search's public API, apart from the node loop.

use std::time::Duration;

/// The deepest the search goes (plies from the root, extensions and captures included).
pub const MAX_PLY: usize = 128;

/// When to stop searching. Every limit given applies; with none, the search runs to
/// [`MAX_PLY`] or until a stop request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes to search (checked every 1024 nodes, so slightly more may be searched).
    pub nodes: Option<u64>,
    /// Time to think.
    pub movetime: Option<Duration>,
    /// Treat `movetime` as the average a game under a clock can afford rather than a fixed time
    /// (see [`TimePlan`]): less in the opening and on quiet moves, up to 1.8 times it to finish
    /// the first moves of an iteration or when the score drops.
    pub managed: bool,
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }

    /// A search of a given time.
    pub fn movetime(t: Duration) -> Limits {
        Limits { movetime: Some(t), ..Limits::default() }
    }

    /// A search in a game where `t` is the average time per move (see [`TimePlan`]).
    pub fn managed(t: Duration) -> Limits {
        Limits { movetime: Some(t), managed: true, ..Limits::default() }
    }
}

/// Time management for games under a clock ([`Limits::managed`]), in the manner of Moby Dam's:
/// time is saved where the choice is easy and spent where the game is decided.
///
/// The base is 0.7 of the average time per move, halved in the opening (at least four fifths
/// of the starting pieces on the board, where quiet positional play decides). Another
/// iteration starts while less than half the base is used; the search of a root move stops at
/// twice the base for the first two moves of an iteration (to finish the principal variation
/// and its runner-up), 1.5 times for the third, the base for the rest; when the last score is
/// more than 0.1 man below the root's static evaluation ("trouble"), iterations start until
/// 1.5 times the base and every move may take three times it, never more than 1.8 times the
/// average. The base was three fifths until the sixth session and 0.64 until the eighth: over
/// whole games, forced moves included, 0.64 used 0.75 of the time per move where Moby Dam at its
/// own setting uses 0.81; 0.7 uses 0.82 (docs/engine.md#measurements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    base: Duration,
    /// The most any root move may take: 1.8 times the average.
    cap: Duration,
}

impl TimePlan {
    /// The plan for a move with `average` time to spend, `opening` as above.
    pub fn new(average: Duration, opening: bool) -> TimePlan {
        let base = average * 7 / 10;
        TimePlan { base: if opening { base / 2 } else { base }, cap: average * 9 / 5 }
    }

    /// Time from the start of the search after which the search of root move `index` (0-based,
    /// in the order searched in the iteration) stops.
    pub fn root_move_limit(&self, index: usize, trouble: bool) -> Duration {
        let halves = if trouble {
            6
        } else {
            match index {
                0 | 1 => 4,
                2 => 3,
                _ => 2,
            }
        };
        (self.base * halves / 2).min(self.cap)
    }

    /// Whether another iteration starts after `elapsed`.
    pub fn next_iteration(&self, elapsed: Duration, trouble: bool) -> bool {
        let limit = if trouble { self.base * 3 } else { self.base };
        elapsed * 2 <= limit
    }
}

/// Trouble for [`TimePlan`]: the score is more than 0.1 man below the root's static evaluation.
#[inline]
pub(super) fn in_trouble(score: i32, root_eval: i32) -> bool {
    score < root_eval - 10
}
