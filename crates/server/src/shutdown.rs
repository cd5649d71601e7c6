//! Shutting down without losing time or moves: once shutdown begins ([`Closing`]), every action
//! is refused with a clear message, every running clock is stopped (loaded or not), connections
//! are closed with code 1012, and (in `serve`) the storage is flushed.

use crate::storage::now_ms;
use crate::AppState;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Whether shutdown has begun. Cheap to clone; every clone sees [`Closing::begin`].
#[derive(Clone, Debug, Default)]
pub struct Closing(Arc<AtomicBool>);

/// What a refused action is told while the server shuts down.
pub const CLOSING_MESSAGE: &str = "the server is shutting down; nothing was changed: try again in a moment";

impl Closing {
    /// From now on actions are refused.
    pub fn begin(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// True once shutdown has begun.
    pub fn is_closing(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Shuts the server's state down: refuses actions, stops the clocks of the loaded tables and
/// rooms (in memory and stored), closes the room connections, then stops every other clock
/// still running in the storage. [`crate::serve`] flushes the storage once the connections are
/// gone (their last writes included).
pub async fn shut_down(state: &AppState) {
    state.closing.begin();
    {
        let mut tables = state.tables.lock().await;
        for table in tables.values_mut() {
            let mut next = table.clone();
            let mut ops = Vec::new();
            next.set_clock_running(&mut ops, false);
            if ops.is_empty() {
                continue;
            }
            match state.storage.write(ops).await {
                Ok(()) => *table = next,
                Err(e) => tracing::error!("could not stop a table's clock: {e}"),
            }
        }
    }
    state.rooms.shutdown().await;
    match state.storage.stop_clocks(now_ms()).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(clocks = n, "clocks of rooms not in memory stopped"),
        Err(e) => tracing::error!("could not stop the stored clocks: {e}"),
    }
}
