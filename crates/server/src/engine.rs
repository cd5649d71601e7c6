//! The computer opponent, from `draughts-engine`. Both calls block for the length of a search:
//! run them with `tokio::task::spawn_blocking`.
//!
//! Searchers are kept in a small pool between requests, so a computer move neither allocates
//! and zeroes a fresh transposition table (page faults cost tens of milliseconds) nor starts
//! from an empty one: positions searched for the previous move of a game are still there.
//! The table is keyed by the position's hash, so sharing it between games is safe; a searcher
//! clears itself when it is handed a game of another rule set.

use draughts_engine::{choose_move_with, clock_seed, hint_with, Level, Searcher};
use draughts_rules::{Game, Move};
use std::sync::Mutex;

/// Transposition table of each pooled searcher, in mebibytes.
const TABLE_MB: usize = 16;
/// Idle searchers kept (more concurrent searches allocate their own and drop them after).
const MAX_IDLE: usize = 4;

static POOL: Mutex<Vec<Searcher>> = Mutex::new(Vec::new());

/// Runs `f` with a searcher from the pool (or a new one), then returns it to the pool.
fn with_searcher<R>(f: impl FnOnce(&mut Searcher) -> R) -> R {
    let pooled = POOL.lock().unwrap_or_else(|e| e.into_inner()).pop();
    let mut s = pooled.unwrap_or_else(|| Searcher::prefaulted(TABLE_MB));
    let r = f(&mut s);
    let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
    if pool.len() < MAX_IDLE {
        pool.push(s);
    }
    r
}

/// The computer's move at `level` (1..=8, clamped); `None` when the game is over.
pub fn choose_move(game: &Game, level: u8) -> Option<Move> {
    with_searcher(|s| choose_move_with(s, game, Level::clamped(level as i64), clock_seed()))
}

/// Full strength for about half a second; `None` when the game is over.
pub fn hint(game: &Game) -> Option<Move> {
    with_searcher(|s| hint_with(s, game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::Variant;

    #[test]
    fn searchers_are_reused_across_games_and_rule_sets() {
        let mut game = Game::new(Variant::English);
        let mv = choose_move(&game, 4).expect("a move from the start");
        game.play(&mv).unwrap();
        assert!(!POOL.lock().unwrap().is_empty(), "the searcher went back to the pool");
        // Another rule set on a pooled searcher: still a legal move of that rule set.
        let turkish = Game::new(Variant::Turkish);
        let m = choose_move(&turkish, 2).expect("a move");
        assert!(turkish.position().legal_moves().iter().any(|l| l.same_as(&m)));
        let h = hint(&game).expect("a hint");
        assert!(game.position().legal_moves().iter().any(|l| l.same_as(&h)));
    }
}
