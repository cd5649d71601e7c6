//! The computer opponent, from `draughts-engine`, behind a bounded pool of searchers.
//!
//! [`Searchers`] runs at most `size` searches at once (one per core by default, at most 8), each
//! on its own blocking thread with its own transposition table of [`TABLE_MB`] MiB; up to
//! `queue` more requests wait their turn (twice the size by default), and any request beyond
//! those is refused at once with [`EngineError::Busy`] (HTTP 503, "the computer is busy"). So
//! the engine's memory is at most `size` tables and its threads at most `size`, however many
//! requests arrive; a waiting request holds no table.
//!
//! Searchers are kept between requests, so a computer move neither allocates and zeroes a
//! fresh table (page faults cost tens of milliseconds) nor starts from an empty one: positions
//! searched for the previous move of a game are still there. The table is keyed by the
//! position's hash, so sharing it between games is safe; a searcher clears itself when it is
//! handed a game of another rule set.

use draughts_engine::{choose_move_with, clock_seed, hint_with, Level, Searcher};
use draughts_rules::{Game, Move};
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// Transposition table of each searcher, in mebibytes.
pub const TABLE_MB: usize = 16;
/// Most searchers of [`Searchers::for_this_machine`], however many cores.
pub const MAX_SEARCHERS: usize = 8;
/// How long a long search ([`Searchers::start_long`]) waits for its turn before it is refused.
pub const LONG_WAIT: std::time::Duration = std::time::Duration::from_secs(2);
/// Requests waiting per searcher (in [`Searchers::for_this_machine`]) before more are refused.
pub const QUEUE_PER_SEARCHER: usize = 2;

/// Why the engine gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// Every searcher is busy and the queue is full.
    #[error("the computer is busy with other games, try again in a few seconds")]
    Busy,
    /// The search thread failed.
    #[error("the engine failed: {0}")]
    Failed(String),
}

impl From<EngineError> for crate::api::ApiError {
    fn from(e: EngineError) -> crate::api::ApiError {
        let (status, code) = match e {
            EngineError::Busy => (axum::http::StatusCode::SERVICE_UNAVAILABLE, "busy"),
            EngineError::Failed(_) => (axum::http::StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        };
        crate::api::ApiError::new(status, code, e.to_string())
    }
}

/// The bounded pool of searchers (see the module's text). Cheap to clone: clones share it.
#[derive(Clone)]
pub struct Searchers {
    inner: Arc<Pool>,
}

struct Pool {
    size: usize,
    queue: usize,
    /// Searching or waiting: `size + queue` permits.
    admitted: Arc<Semaphore>,
    /// Searching: `size` permits.
    running: Arc<Semaphore>,
    /// Long searches of the analysis board and reviews: half the size (at least one), so that
    /// they never hold every searcher and the computer's moves always get one.
    long: Arc<Semaphore>,
    idle: Mutex<Vec<Searcher>>,
    /// Endgame databases given to every searcher made from now on ([`Searchers::set_egdbs`]).
    egdbs: Mutex<Vec<Arc<draughts_engine::egdb::Egdb>>>,
}

impl Searchers {
    /// At most `size` searches at once (at least 1) and `queue` waiting.
    pub fn new(size: usize, queue: usize) -> Searchers {
        let size = size.max(1);
        Searchers {
            inner: Arc::new(Pool {
                size,
                queue,
                admitted: Arc::new(Semaphore::new(size + queue)),
                running: Arc::new(Semaphore::new(size)),
                long: Arc::new(Semaphore::new((size / 2).max(1))),
                idle: Mutex::new(Vec::new()),
                egdbs: Mutex::new(Vec::new()),
            }),
        }
    }

    /// One searcher per core the process may use (at most [`MAX_SEARCHERS`]), with
    /// [`QUEUE_PER_SEARCHER`] waiting requests each.
    pub fn for_this_machine() -> Searchers {
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1);
        let size = cores.clamp(1, MAX_SEARCHERS);
        Searchers::new(size, size * QUEUE_PER_SEARCHER)
    }

    /// Gives these endgame databases to the searchers (those idle now and those made later):
    /// the computer's levels 7 and 8 and the analysis read them (`draughts serve --egdb`).
    pub fn set_egdbs(&self, dbs: Vec<Arc<draughts_engine::egdb::Egdb>>) {
        for s in self.inner.idle.lock().unwrap_or_else(|e| e.into_inner()).iter_mut() {
            s.set_egdbs(dbs.clone());
        }
        *self.inner.egdbs.lock().unwrap_or_else(|e| e.into_inner()) = dbs;
    }

    /// Searches at once, and requests that may wait.
    pub fn capacity(&self) -> (usize, usize) {
        (self.inner.size, self.inner.queue)
    }

    /// Searchers created so far (each holds its table).
    pub fn tables(&self) -> usize {
        self.inner.size - self.inner.running.available_permits()
            + self.inner.idle.lock().map(|v| v.len()).unwrap_or(0)
    }

    /// The computer's move at `level` (1..=8, clamped); `Ok(None)` when the game is over.
    pub async fn choose_move(&self, game: Game, level: u8) -> Result<Option<Move>, EngineError> {
        self.run(move |s| choose_move_with(s, &game, Level::clamped(level as i64), clock_seed()))
            .await
    }

    /// Full strength for about half a second; `Ok(None)` when the game is over.
    pub async fn hint(&self, game: Game) -> Result<Option<Move>, EngineError> {
        self.run(move |s| hint_with(s, &game)).await
    }

    /// Long searches allowed at once (analysis board, reviews): half the size, at least one.
    pub fn long_capacity(&self) -> usize {
        (self.inner.size / 2).max(1)
    }

    /// Starts a long search (the analysis board, a review) that reports as it goes: admitted
    /// within [`LONG_WAIT`] or refused with [`EngineError::Busy`] (when
    /// [`Searchers::long_capacity`] long searches run all that time, or the queue is full), then
    /// run on a blocking thread once a searcher is free. The caller reads the results from what
    /// `f` sends and stops it through its own flag. The short wait is for the analysis board:
    /// a page that moves on aborts its last analysis and asks for the next at once, before the
    /// old search has seen its stop flag.
    pub async fn start_long<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Searcher) -> R + Send + 'static,
    ) -> Result<tokio::task::JoinHandle<Result<R, EngineError>>, EngineError> {
        let long = match tokio::time::timeout(LONG_WAIT, self.inner.long.clone().acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            _ => return Err(EngineError::Busy),
        };
        let admitted = self.admit()?;
        let pool = self.clone();
        Ok(tokio::spawn(async move {
            let r = pool.run_admitted(admitted, f).await;
            drop(long);
            r
        }))
    }

    /// A place among the searching and waiting requests, or [`EngineError::Busy`].
    fn admit(&self) -> Result<tokio::sync::OwnedSemaphorePermit, EngineError> {
        self.inner.admitted.clone().try_acquire_owned().map_err(|_| EngineError::Busy)
    }

    /// Runs `f` on a blocking thread with a searcher, once a searcher is free.
    async fn run<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Searcher) -> R + Send + 'static,
    ) -> Result<R, EngineError> {
        let admitted = self.admit()?;
        self.run_admitted(admitted, f).await
    }

    /// [`Searchers::run`] for an admitted request.
    async fn run_admitted<R: Send + 'static>(
        &self,
        admitted: tokio::sync::OwnedSemaphorePermit,
        f: impl FnOnce(&mut Searcher) -> R + Send + 'static,
    ) -> Result<R, EngineError> {
        let running = self
            .inner
            .running
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| EngineError::Failed(e.to_string()))?;
        let pool = self.inner.clone();
        tokio::task::spawn_blocking(move || {
            let pooled = pool.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
            let mut s = pooled.unwrap_or_else(|| {
                let mut s = Searcher::prefaulted(TABLE_MB);
                s.set_egdbs(pool.egdbs.lock().unwrap_or_else(|e| e.into_inner()).clone());
                s
            });
            let r = f(&mut s);
            // At most `size` searches run, so at most `size` searchers ever exist.
            pool.idle.lock().unwrap_or_else(|e| e.into_inner()).push(s);
            drop((running, admitted));
            r
        })
        .await
        .map_err(|e| EngineError::Failed(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::Variant;

    #[tokio::test]
    async fn searchers_are_reused_across_games_and_rule_sets() {
        let pool = Searchers::new(1, 0);
        let mut game = Game::new(Variant::English);
        let mv = pool
            .choose_move(game.clone(), 4)
            .await
            .unwrap()
            .expect("a move from the start");
        game.play(&mv).unwrap();
        assert_eq!(pool.tables(), 1, "the searcher went back to the pool");
        // Another rule set on a pooled searcher: still a legal move of that rule set.
        let turkish = Game::new(Variant::Turkish);
        let m = pool
            .choose_move(turkish.clone(), 2)
            .await
            .unwrap()
            .expect("a move");
        assert!(turkish
            .position()
            .legal_moves()
            .iter()
            .any(|l| l.same_as(&m)));
        let h = pool.hint(game.clone()).await.unwrap().expect("a hint");
        assert!(game.position().legal_moves().iter().any(|l| l.same_as(&h)));
        assert_eq!(pool.tables(), 1, "one searcher served every request");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn requests_beyond_the_searchers_and_the_queue_are_refused() {
        let pool = Searchers::new(1, 1);
        let game = Game::new(Variant::International);
        let tasks: Vec<_> = (0..6)
            .map(|_| {
                tokio::spawn({
                    let (pool, game) = (pool.clone(), game.clone());
                    async move { pool.hint(game).await }
                })
            })
            .collect();
        let mut answered = 0;
        let mut busy = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(Some(_)) => answered += 1,
                Err(EngineError::Busy) => busy += 1,
                other => panic!("{other:?}"),
            }
        }
        assert!(
            answered >= 1 && busy >= 1,
            "answered {answered}, busy {busy}"
        );
        assert_eq!(answered + busy, 6);
        assert_eq!(pool.tables(), 1);
    }
}
