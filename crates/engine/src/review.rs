//! Game review: the engine looks at every position of a game, and each move is judged by how much
//! of the mover's winning chance it gave away.
//!
//! * Every position is searched within the same limits ([`ReviewConfig::per_position`]); a position
//!   where the game is over by the rules is scored by its result.
//! * A score becomes a winning chance for the side to move by a logistic curve,
//!   `1 / (1 + e^(-k cp))` with `k = ln 3 / 100`: even is one half, a man ahead (100 centi-men)
//!   three quarters, two men nine tenths; a proven win is 1 and a proven loss 0
//!   ([`win_chance`]).
//! * A move's **loss** is the drop of the mover's chance from the position before it (the best
//!   play's score) to the position after it (the opponent's score, turned round); the engine's
//!   own choice loses nothing. Classes by loss ([`MoveClass::of`]): under 0.02 best, under 0.05
//!   good, under 0.10 inaccuracy, under 0.20 mistake, else blunder; a move that was the only
//!   legal one is forced and not judged.
//! * A side's **accuracy** is the mean over its judged moves of `103.1668 e^(-0.04354 L) - 3.1669`
//!   (clamped to 0..100), `L` the loss in percentage points: the curve lichess uses for chess
//!   moves, so a move losing nothing scores 100, one losing 10 points about 62 and one losing 30
//!   about 24. A side without judged moves scores 100.

use crate::score::Score;
use crate::search::{Limits, Searcher};
use draughts_rules::{Color, Game, Move, PlayError};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// How long the review looks at each position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewConfig {
    /// The search of each position (a 60-ply game has 61 positions).
    pub per_position: Limits,
}

/// The default time per position: 200 ms, so a 60-ply game takes about 12 s.
pub const DEFAULT_PER_POSITION: Duration = Duration::from_millis(200);

impl Default for ReviewConfig {
    /// [`DEFAULT_PER_POSITION`] a position.
    fn default() -> Self {
        ReviewConfig { per_position: Limits::movetime(DEFAULT_PER_POSITION) }
    }
}

/// How good a move was (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// The engine's choice, or as good.
    Best,
    /// Close to the best.
    Good,
    /// Gave away a little (`?!`).
    Inaccuracy,
    /// Gave away a good part of the game (`?`).
    Mistake,
    /// Gave away the game, or most of it (`??`).
    Blunder,
    /// The only legal move.
    Forced,
}

impl MoveClass {
    /// The class of a move that lost `loss` of the mover's winning chance (0..1).
    pub fn of(loss: f64) -> MoveClass {
        if loss < 0.02 {
            MoveClass::Best
        } else if loss < 0.05 {
            MoveClass::Good
        } else if loss < 0.10 {
            MoveClass::Inaccuracy
        } else if loss < 0.20 {
            MoveClass::Mistake
        } else {
            MoveClass::Blunder
        }
    }

    /// Lowercase name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`, `forced`.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
            MoveClass::Forced => "forced",
        }
    }
}

/// The judgement of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// Index of the move in the game (0 = the first move played).
    pub ply: usize,
    /// The side that played it.
    pub mover: Color,
    /// The move played.
    pub played: Move,
    /// The engine's choice in the position before it.
    pub best: Move,
    /// The engine's line from that position, starting with `best`.
    pub best_line: Vec<Move>,
    /// The position before the move, for the mover.
    pub before: Score,
    /// The position after the move, for the mover.
    pub after: Score,
    /// The mover's winning chance given away, 0..1.
    pub loss: f64,
    /// The class of the move.
    pub class: MoveClass,
}

/// A game's review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// One per move played, in order.
    pub plies: Vec<PlyReview>,
    /// One per position (the start, then after each move), for Light.
    pub evals: Vec<Score>,
    /// Light's winning chance in each position, 0..1 (for the graph).
    pub chances: Vec<f64>,
    /// Accuracy of Light and of Dark, 0..100.
    pub accuracy: [f64; 2],
}

/// Why a review gave no answer.
#[derive(Debug)]
pub enum ReviewError {
    /// The stop flag was raised.
    Stopped,
    /// A move of the game could not be replayed (the game is corrupt).
    Replay {
        /// Index of the move.
        ply: usize,
        /// Why.
        source: PlayError,
    },
}

impl std::fmt::Display for ReviewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReviewError::Stopped => write!(f, "the review was stopped"),
            ReviewError::Replay { ply, source } => write!(f, "move {} of the game cannot be played: {source}", ply + 1),
        }
    }
}

impl std::error::Error for ReviewError {}

/// The winning chance of the side to move for a score (see the [module documentation](self)).
pub fn win_chance(score: Score) -> f64 {
    if score.is_win() {
        1.0
    } else if score.is_loss() {
        0.0
    } else {
        let k = 3f64.ln() / 100.0;
        1.0 / (1.0 + (-k * score.raw() as f64).exp())
    }
}

/// One move's accuracy, 0..100, from the winning chance it gave away (0..1).
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss.max(0.0) * 100.0).exp() - 3.1669).clamp(0.0, 100.0)
}

/// What the engine found in one position.
struct Looked {
    /// Score for the side to move.
    score: Score,
    line: Vec<Move>,
    legal: usize,
}

/// Reviews `game` (its start, its moves and its draw rules; a resignation or an agreed result is
/// not judged). Calls `progress(done, total)` after each of the `total = moves + 1` positions.
/// Errors: [`ReviewError::Stopped`] once `stop` is raised.
pub fn review(
    searcher: &mut Searcher,
    game: &Game,
    config: &ReviewConfig,
    stop: Option<&Arc<AtomicBool>>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    let moves = game.moves();
    let total = moves.len() + 1;
    let mut replay = Game::from_position_with(*game.start(), game.draw_rules()).expect("the game's own draw rules fit its rule set");
    let mut looked = Vec::with_capacity(total);
    let limits = &config.per_position;
    for i in 0..total {
        looked.push(look(searcher, &replay, limits, stop)?);
        progress(i + 1, total);
        if let Some(mv) = moves.get(i) {
            replay.play(mv).map_err(|source| ReviewError::Replay { ply: i, source })?;
        }
    }
    let mut plies = Vec::with_capacity(moves.len());
    let mut evals = Vec::with_capacity(total);
    let mut positions = game.positions().iter();
    let mut sums = [(0.0, 0usize); 2];
    for (i, here) in looked.iter().enumerate() {
        let side = positions.next().map(|p| p.side_to_move()).unwrap_or(Color::Light);
        evals.push(if side == Color::Light { here.score } else { -here.score });
        let Some(played) = moves.get(i) else { continue };
        let before = here.score;
        let after = -looked[i + 1].score;
        let best = here.line.first().copied().unwrap_or(*played);
        let (loss, class) = if here.legal == 1 {
            (0.0, MoveClass::Forced)
        } else if best.same_as(played) {
            (0.0, MoveClass::Best)
        } else {
            let loss = (win_chance(before) - win_chance(after)).max(0.0);
            (loss, MoveClass::of(loss))
        };
        if class != MoveClass::Forced {
            let s = &mut sums[side.index()];
            s.0 += move_accuracy(loss);
            s.1 += 1;
        }
        plies.push(PlyReview { ply: i, mover: side, played: *played, best, best_line: here.line.clone(), before, after, loss, class });
    }
    let chances = evals.iter().map(|&s| win_chance(s)).collect();
    let accuracy = sums.map(|(sum, n)| if n == 0 { 100.0 } else { sum / n as f64 });
    Ok(Review { plies, evals, chances, accuracy })
}

/// Searches the current position of `game`, or scores its result when it is over.
fn look(searcher: &mut Searcher, game: &Game, limits: &Limits, stop: Option<&Arc<AtomicBool>>) -> Result<Looked, ReviewError> {
    let side = game.position().side_to_move();
    if let Some(outcome) = game.outcome() {
        let score = match outcome.winner() {
            Some(w) if w == side => Score::win_in(0),
            Some(_) => Score::loss_in(0),
            None => Score::DRAW,
        };
        return Ok(Looked { score, line: Vec::new(), legal: 0 });
    }
    let legal = game.legal_moves().len();
    let result = searcher.search(game, limits, stop, &mut |_| {});
    if stop.is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed)) {
        return Err(ReviewError::Stopped);
    }
    Ok(Looked { score: result.score, line: result.pv, legal })
}
