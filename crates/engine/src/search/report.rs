//! What a search reports: [`Info`] after each iteration and [`SearchResult`] at the end.

use crate::score::Score;
use draughts_rules::Move;
use std::time::Duration;

/// Progress of a search, reported after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Iteration depth in plies.
    pub depth: u32,
    /// Deepest ply reached (captures and extensions included).
    pub seldepth: u32,
    /// Score for the side to move at the root, centi-men or a mate score (see [`Score`]).
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation, from the root.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move, or `None` when the side to move has no legal move or the game is over.
    pub best: Option<Move>,
    /// Score of the best move for the side to move (see [`Score`]).
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Deepest ply reached (captures and extensions included).
    pub seldepth: u32,
    /// Nodes searched in all.
    pub nodes: u64,
    /// Time the whole search took.
    pub elapsed: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

pub(super) fn nps(nodes: u64, t: Duration) -> u64 {
    let us = t.as_micros().max(1) as u64;
    nodes.saturating_mul(1_000_000) / us
}
