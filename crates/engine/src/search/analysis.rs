//! Analysis with several lines (multi-PV): the best `n` moves of a position, each with its
//! score and principal variation, deepened one iteration at a time for the analysis board.
//!
//! Each iteration searches the root moves `n` times: the best line over every move, then the
//! best over the moves not yet chosen, and so on, each with its own aspiration window around that
//! line's score of the last iteration. So line `k` is exact (not a bound); the lines are reported
//! best first. The transposition table is shared by the lines, as in every search.

use super::{Limits, Searcher, MAX_PLY};
use crate::score::{Score, MATE};
use draughts_rules::{Game, Move};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One line of an analysis: a root move's score and where it leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Score for the side to move at the root (see [`Score`]).
    pub score: Score,
    /// The principal variation, starting with the root move.
    pub pv: Vec<Move>,
}

/// The lines after a completed iteration, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Iteration depth in plies.
    pub depth: u32,
    /// Deepest ply reached (captures and extensions included).
    pub seldepth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the analysis started.
    pub elapsed: Duration,
    /// At most the number asked for, fewer when the position has fewer legal moves; empty when
    /// the game is over.
    pub lines: Vec<Line>,
}

impl Searcher {
    /// Analyses the current position of `game` (its history counts, as in
    /// [`Searcher::search`]): the best `lines` moves (at least 1), deepened within `limits`
    /// (depth, time, nodes) or until `stop` becomes true. Calls `on_iteration` after each
    /// completed iteration and returns the last one (depth 0 and no lines when the game is over
    /// or no iteration completed). An iteration cut short is not reported: its lines would mix
    /// two depths.
    pub fn analyse(
        &mut self,
        game: &Game,
        lines: usize,
        limits: &Limits,
        stop: Option<&Arc<AtomicBool>>,
        on_iteration: &mut dyn FnMut(&Analysis),
    ) -> Analysis {
        let mut root = self.prepare(game, limits, stop);
        let mut last = Analysis { depth: 0, seldepth: 0, nodes: 0, elapsed: Duration::ZERO, lines: Vec::new() };
        let mut moves = root.pos.legal_moves();
        if game.outcome().is_some() || moves.is_empty() {
            self.stop_flag = None;
            return last;
        }
        root.forced = moves.len() == 1;
        let wanted = lines.clamp(1, moves.len());
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 8).clamp(1, MAX_PLY as u32 - 8);
        let mut prev = vec![0i32; wanted];
        'deepen: for depth in 1..=max_depth as i32 {
            self.root_depth = depth;
            let mut found = Vec::with_capacity(wanted);
            for k in 0..wanted {
                let (score, best) = self.aspirate(&root, &mut moves[k..], depth, prev[k]);
                if self.stopped {
                    break 'deepen;
                }
                // The line's move goes to place k, the others keep their order.
                let i = k + best.unwrap_or(0);
                moves[k..=i].rotate_right(1);
                let mut pv = self.pv[0][..self.pv_len[0]].to_vec();
                if pv.first().map(|m| !m.same_as(&moves[k])).unwrap_or(true) {
                    pv = vec![moves[k]];
                }
                found.push(Line { score: Score(score), pv });
            }
            // A search over fewer moves may still score above the line before it (reductions
            // and the table make scores slightly path-dependent): best first, as shown.
            found.sort_by_key(|l| std::cmp::Reverse(l.score));
            for (k, line) in found.iter().enumerate() {
                moves[k] = line.pv[0];
            }
            for (p, line) in prev.iter_mut().zip(&found) {
                *p = line.score.raw();
            }
            last = Analysis {
                depth: depth as u32,
                seldepth: self.seldepth as u32,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                lines: found,
            };
            on_iteration(&last);
            // Every line proven within this depth: deeper iterations find the same.
            if last.lines.iter().all(|l| l.score.is_mate() && MATE - l.score.raw().abs() <= depth) && limits.depth.is_none() {
                break;
            }
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    break;
                }
            }
            if self.nodes >= self.node_limit {
                break;
            }
        }
        self.stop_flag = None;
        last
    }
}
