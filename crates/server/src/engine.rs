//! The computer opponent, from `draughts-engine`. Both calls block for the length of a search:
//! run them with `tokio::task::spawn_blocking`.

pub use draughts_engine::{choose_move, hint};
