//! # draughts-engine
//!
//! The computer opponent: evaluation per rule set ([`eval`], with international's pattern values in
//! [`patterns`]), search ([`search`]), strength
//! levels ([`Level`]), and the Hub and DXP protocols.
//!
//! The simplest use, for a web app or a command:
//!
//! ```
//! use draughts_rules::{Game, Variant};
//! let mut game = Game::new(Variant::English);
//! let mv = draughts_engine::choose_move(&game, 1).expect("the start has legal moves");
//! game.play(&mv).unwrap();
//! let hint = draughts_engine::hint(&game).expect("a reply exists");
//! assert!(game.legal_moves().iter().any(|m| m.same_as(&hint)));
//! ```

#![warn(missing_docs)]

pub mod ballot;
pub mod bench;
pub mod book;
pub mod dxp;
pub mod egdb;
pub mod eval;
pub mod hub;
pub mod level;
pub mod matchplay;
pub mod network;
pub mod patterns;
pub mod puzzles;
pub mod review;
pub mod score;
pub mod search;
pub mod sprt;
pub mod tt;
pub mod tune;

pub use level::{BadLevel, Level, LevelSpec};
pub use score::{Score, MATE};
pub use search::{Analysis, Info, Limits, Line, SearchResult, Searcher, TimePlan};

use draughts_rules::{Game, Move};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Transposition table size of the one-shot helpers, in mebibytes.
const ONE_SHOT_TT_MB: usize = 8;

/// Picks the computer's move for the side to move of `game` at strength `level` (1..=8, see
/// [`Level`]; numbers outside are clamped). Blocking; answers within the level's time (at most
/// about one second). The game's history counts for repetitions and the quiet-move counter.
/// Returns `None` when the game is over or there is no legal move.
///
/// Levels below 6 choose at random among good moves; the randomness is seeded from the clock
/// (use [`choose_move_seeded`] for reproducible games).
pub fn choose_move(game: &Game, level: u8) -> Option<Move> {
    choose_move_seeded(game, level, clock_seed())
}

/// [`choose_move`] with a given random seed: the same game, level and seed give the same move
/// (at levels whose time limit is not reached).
pub fn choose_move_seeded(game: &Game, level: u8, seed: u64) -> Option<Move> {
    let mut s = Searcher::new(ONE_SHOT_TT_MB);
    choose_move_with(&mut s, game, Level::clamped(level as i64), seed)
}

/// [`choose_move_seeded`] with a reusable [`Searcher`] (keeps its transposition table between
/// moves, as in matches).
pub fn choose_move_with(searcher: &mut Searcher, game: &Game, level: Level, seed: u64) -> Option<Move> {
    choose_move_timed(searcher, game, level, seed, None, true)
}

/// [`choose_move_with`] where `movetime`, when given, replaces the level's time limit (for
/// levels that play the best move, 6 to 8, it is the time they think; "level 8 at the given
/// time"). Levels that choose among good moves keep their depth and use it only as a cap.
/// With `book`, levels 6 to 8 play from the opening book while the position is in it
/// ([`book_move`]); without, they always search (a match's `--no-book`).
pub fn choose_move_timed(
    searcher: &mut Searcher,
    game: &Game,
    level: Level,
    seed: u64,
    movetime: Option<Duration>,
    book: bool,
) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    let moves = game.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    if book {
        if let Some(mv) = book_move(game, level, seed) {
            return Some(mv);
        }
    }
    let spec = level.spec();
    searcher.use_egdb(spec.egdb);
    let limits = Limits { depth: Some(spec.depth), nodes: None, movetime: Some(movetime.unwrap_or(spec.movetime)), managed: false };
    if spec.margin == 0 {
        return searcher.search(game, &limits, None, &mut |_| {}).best;
    }
    let scored = searcher.score_root_moves(game, spec.depth, &limits, None);
    pick_within_margin(&scored, spec.margin, seed ^ game.position().hash() ^ game.ply() as u64)
}

/// The opening book's move for the side to move of `game` at `level`: levels that use the book
/// ([`LevelSpec::book`], 6 to 8) choose among the embedded book's moves of the position
/// ([`book::Book::choose`]), reproducibly for a `seed`; `None` below level 6, or when the
/// position is not in the book of its rule set.
pub fn book_move(game: &Game, level: Level, seed: u64) -> Option<Move> {
    if !level.spec().book {
        return None;
    }
    book::embedded_move(game, seed ^ game.ply() as u64)
}

/// Chooses among `scored` (best first) a move within `margin` of the best, weighted towards the
/// better ones. Never chooses a move that loses by force when the best one does not.
pub(crate) fn pick_within_margin(scored: &[(Move, i32)], margin: i32, seed: u64) -> Option<Move> {
    let best = scored.first()?.1;
    let candidates: Vec<(Move, i64)> = scored
        .iter()
        .filter(|(_, s)| best - *s <= margin && (*s > -score::MATE_BOUND || best <= -score::MATE_BOUND))
        .map(|(m, s)| {
            let w = (margin - (best - *s) + 1).max(1) as i64;
            (*m, w * w)
        })
        .collect();
    let total: i64 = candidates.iter().map(|c| c.1).sum();
    let mut r = (splitmix(seed) % total.max(1) as u64) as i64;
    for (m, w) in &candidates {
        if r < *w {
            return Some(*m);
        }
        r -= w;
    }
    candidates.first().map(|c| c.0)
}

pub(crate) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The engine's best move as a hint for the side to move: full strength, about half a second.
/// `None` when the game is over.
pub fn hint(game: &Game) -> Option<Move> {
    hint_with(&mut Searcher::new(ONE_SHOT_TT_MB), game)
}

/// [`hint`] with a reusable [`Searcher`].
pub fn hint_with(searcher: &mut Searcher, game: &Game) -> Option<Move> {
    let limits = Limits::movetime(Duration::from_millis(500));
    searcher.search(game, &limits, None, &mut |_| {}).best
}

/// A seed from the clock, for the random choices of the lower levels.
pub fn clock_seed() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
}
