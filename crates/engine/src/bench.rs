//! The benchmark of `draughts bench`: a fixed-depth search of a fixed set of positions of every
//! rule set. The total node count is deterministic (each search starts from cleared tables), so
//! it is a signature of the search and evaluation: a change that alters it changed the engine's
//! behaviour. Nodes per second measure speed.

use crate::score::Score;
use crate::search::{Limits, Searcher};
use draughts_rules::notation::fen;
use draughts_rules::{Game, Position, Variant};
use std::time::{Duration, Instant};

/// The default depth of `draughts bench`.
pub const DEFAULT_DEPTH: u32 = 10;

/// The benchmark positions: for each of the seven rule sets, the start and two positions from
/// games of the engine (an opening and an early middlegame), as FEN.
pub const POSITIONS: &[(Variant, &str)] = &[
    (Variant::English, ""),
    (Variant::English, "B:W17,22-25,28,29,31,32:B1-7,9,12"),
    (Variant::English, "B:W11,21,26-29,31:B1,2,4,8,9,19"),
    (Variant::American, ""),
    (Variant::American, "W:W19,22,23,26-32:B1,3-5,7,9,11,12,14,16"),
    (Variant::German, ""),
    (Variant::German, "W:W19,21,23,25,27-29,31:B1-3,6,9,12,20,24"),
    (Variant::Russian, ""),
    (Variant::Russian, "W:Wa1,c1,d2,d4,e1,e3,f4,g1,g3,h2:Bb8,c5,d6,d8,e7,f8,g5,g7,h6,h8"),
    (Variant::Russian, "W:Wa1,a3,b4,c1,c3,d4,e3,g1,g5:Ba5,b6,b8,d8,e5,f6,f8,h4,h8"),
    (Variant::International, ""),
    (Variant::International, "W:W27,30,32-34,36,37,40-50:B1-10,12,13,15-17,19,22,25"),
    (Variant::International, "W:W23,36-38,40-42,45-50:B1-8,11,12,14,15,20,24"),
    (Variant::Turkish, ""),
    (Variant::Turkish, "W:Wa2,a3,b2,b3,c3,c4,d2,d3,e2,e3,f3,f4,g2,g3,h3,h4:Ba5,a7,b6,b7,c7,d6,d7,e5,e6,e7,f6,f7,g5,g6,h6,h7"),
    (Variant::Turkish, "W:Wa2,a4,b2,b4,c3,d2,e2,e3,f2,g2,g5,h2:Ba6,a7,b7,c5,c6,d5,d7,e7,f6,f7,g7,h7"),
    (Variant::Italian, ""),
    (Variant::Italian, "W:W16,18,21,23,25,26,29-32:B1-4,7-10,12,15"),
    (Variant::Italian, "W:W20,25,26,30-32:B1,2,8,9,11,14"),
];

/// One searched position.
#[derive(Clone, Debug)]
pub struct BenchRow {
    /// Rule set of the position.
    pub variant: Variant,
    /// The FEN (the start position written out).
    pub fen: String,
    /// Nodes searched (deterministic: each search starts from cleared tables).
    pub nodes: u64,
    /// Time the search took.
    pub elapsed: Duration,
    /// The search's score for the side to move: centi-men, or a mate score (see
    /// [`crate::Score`]).
    pub score: Score,
}

/// The whole benchmark.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Search depth of every position, in plies.
    pub depth: u32,
    /// One row per position of [`POSITIONS`], in that order.
    pub rows: Vec<BenchRow>,
    /// Total nodes over all positions: the bench signature.
    pub nodes: u64,
    /// Total search time over all positions (setting up each position not counted).
    pub elapsed: Duration,
}

impl BenchReport {
    /// Nodes per second over all positions.
    pub fn nps(&self) -> u64 {
        self.nodes * 1_000_000 / self.elapsed.as_micros().max(1) as u64
    }
}

/// The positions of [`POSITIONS`].
pub fn positions() -> Vec<Position> {
    POSITIONS
        .iter()
        .map(|(v, f)| if f.is_empty() { Position::start(*v) } else { fen::parse(*v, f).expect("bench FEN is valid") })
        .collect()
}

/// Searches every benchmark position to `depth`, calling `on_row` after each. `network`: `None`
/// for the built-in networks (the signature), else the networks (or none) to evaluate the
/// positions of the boards they fit with instead (to measure what a network costs).
pub fn run(depth: u32, network: crate::network::NetworkChoice, mut on_row: impl FnMut(&BenchRow)) -> BenchReport {
    let mut searcher = Searcher::new(16);
    if let Some(n) = network {
        searcher.set_networks(n);
    }
    let mut rows = Vec::new();
    let start = Instant::now();
    let mut searching = Duration::ZERO;
    for pos in positions() {
        searcher.clear();
        let game = Game::from_position(pos);
        let r = searcher.search(&game, &Limits::depth(depth), None, &mut |_| {});
        searching += r.elapsed;
        let row = BenchRow { variant: pos.variant(), fen: fen::write(&pos), nodes: r.nodes, elapsed: r.elapsed, score: r.score };
        on_row(&row);
        rows.push(row);
    }
    let _ = start;
    let nodes = rows.iter().map(|r| r.nodes).sum();
    BenchReport { depth, rows, nodes, elapsed: searching }
}

#[cfg(test)]
mod tests {
    #[test]
    fn bench_positions_parse_and_node_counts_repeat() {
        assert_eq!(super::positions().len(), super::POSITIONS.len());
        let a = super::run(3, None, |_| {});
        let b = super::run(3, None, |_| {});
        assert_eq!(a.nodes, b.nodes, "the bench signature is deterministic");
        assert!(a.nodes > 0);
    }
}
