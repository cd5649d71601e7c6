//! Private online rooms (issue 4): two people on different machines play one game live through
//! the server; anyone else with the link watches. The server referees every move with the rules
//! crate and stores it before announcing it.
//!
//! - `POST /api/rooms` creates a room; `GET /api/rooms/{id}` tells its games;
//!   `GET /api/rooms/{id}/pdn` exports them as PDN.
//! - `GET /ws/rooms/{id}` is the room's WebSocket, speaking the JSON protocol of
//!   `docs/rooms-protocol.md` ([`protocol`]).
//! - Rooms live in the server's SQLite file (tables `rooms`, `room_games`, `room_moves`, see
//!   [`db`]); a room is loaded into memory while somebody is connected to it and dropped when
//!   the last person leaves, so a restarted server resumes every room on its first visit.
//! - Rooms idle for [`RoomsConfig::expire_after`] (30 days by default) are deleted.
//! - On PostgreSQL several nodes serve the same rooms: each node with a room loaded hears the
//!   other nodes' changes ([`crate::storage::Storage::subscribe`]): it applies a move carried
//!   by the notification to its copy when that is one revision behind
//!   ([`room::Room::follow_move`]), and otherwise reads the room again from the database
//!   ([`room::Room::refresh`]); who is connected counts every node
//!   (`docs/deploy.md`, "Several nodes"). With SQLite there is one node and nothing to hear.
//!
//! By concern: [`state`] is the pure state machine (a room's stored state and every room rule,
//! on the shared [`crate::seated_game::SeatedGame`]); [`room`] a loaded room with its
//! connections; `registry` which rooms are loaded; `socket` the WebSocket connections; `http`
//! the HTTP handlers; `stored` a room rebuilt from the storage; `secret` ids, tokens and their
//! logged tags.

#[cfg(feature = "client")]
pub mod client;
mod http;
pub mod protocol;
mod registry;
pub(crate) mod room;
mod secret;
mod socket;
pub(crate) mod state;
mod stored;

pub use registry::{CreateError, Created, Rooms};
pub use secret::{loggable_path, new_secret};
pub(crate) use secret::{room_tag, token_hash, token_matches};

use crate::AppState;
use axum::Router;
use std::time::Duration;

/// Settings of the rooms service. [`Default`] gives the documented values.
#[derive(Clone, Debug)]
pub struct RoomsConfig {
    /// How long a player may be away before the other may claim the win or a draw (2 minutes).
    pub grace: Duration,
    /// A room with no activity for this long is deleted with its games (30 days).
    pub expire_after: Duration,
    /// Largest client message read and answered, in bytes (4 KiB); a longer one gets a
    /// `too_large` error and changes nothing.
    pub max_message: usize,
    /// Longer than this (64 KiB) and the connection is closed (close code 1009).
    pub max_frame: usize,
    /// Rate limit per connection: a bucket of `burst` frames refilled at `per_second`. Every
    /// frame counts (text, binary, ping, pong); past the rate frames are dropped, and the
    /// connection is closed (1008) after 200 dropped, or at the first dropped before `hello`.
    pub burst: u32,
    pub per_second: u32,
    /// A connection silent for this long is closed (the page pings every 25 s).
    pub idle_timeout: Duration,
    /// A connection that has not sent `hello` this long after the upgrade is closed with code
    /// 1008 (10 s): it holds a handle and a task for nothing.
    pub hello_timeout: Duration,
    /// Wait for the disk (fsync) on every commit (`true`, the default): an announced move
    /// survives even a power cut. `false` (SQLite `synchronous = NORMAL`) still commits every
    /// move before announcing it, which survives a crash of the server, but a power cut may
    /// lose the last moments; it is much faster on slow disks (see `draughts loadtest`).
    pub fsync_each_commit: bool,
    /// Rooms one client address may create: `create_burst` at once (10), then
    /// `create_per_minute` (10); past that `POST /api/rooms` answers 429 with `Retry-After`.
    pub create_burst: u32,
    pub create_per_minute: u32,
}

impl Default for RoomsConfig {
    fn default() -> RoomsConfig {
        RoomsConfig {
            grace: Duration::from_secs(120),
            expire_after: Duration::from_secs(30 * 24 * 3600),
            max_message: 4 * 1024,
            max_frame: 64 * 1024,
            burst: 20,
            per_second: 10,
            idle_timeout: Duration::from_secs(90),
            hello_timeout: Duration::from_secs(10),
            fsync_each_commit: true,
            create_burst: 10,
            create_per_minute: 10,
        }
    }
}

impl RoomsConfig {
    /// The defaults, with `DRAUGHTS_ROOMS_SYNC=normal` (or `full`) choosing
    /// [`RoomsConfig::fsync_each_commit`] for `draughts serve`.
    pub fn from_env() -> RoomsConfig {
        let mut cfg = RoomsConfig::default();
        match std::env::var("DRAUGHTS_ROOMS_SYNC").as_deref() {
            Ok("normal") => cfg.fsync_each_commit = false,
            Ok("full") | Err(_) => {}
            Ok(other) => tracing::warn!("DRAUGHTS_ROOMS_SYNC={other:?} is neither full nor normal; using full"),
        }
        cfg
    }
}

/// The routes of the rooms service.
pub fn routes() -> Router<AppState> {
    use axum::routing::{get, post};
    Router::new()
        .route("/api/rooms", post(http::create_room))
        .route("/api/rooms/{id}", get(http::room_info))
        .route("/api/rooms/{id}/pdn", get(http::room_pdn))
        .route("/ws/rooms/{id}", get(socket::ws_room))
}
