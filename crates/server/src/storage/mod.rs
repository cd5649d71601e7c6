//! Storage of played games, for local tables and online rooms alike: one schema for "a game and
//! its moves" (each game owned by a local slot, `local/<variant>`, or a room, `room/<id>`), the
//! rooms' own rows, and one way of writing them.
//!
//! Every change is a list of [`Op`]s committed by [`Storage::write`] as one transaction, and
//! the caller keeps its change in memory only once the write has succeeded: what a player was
//! told is always what is stored. The model ([`crate::table`], [`crate::rooms`]) sees only the
//! [`Storage`] trait; [`sqlite::SqliteStorage`] is the embedded default, and
//! [`postgres::PostgresStorage`] keeps the same tables in PostgreSQL, for several nodes.

pub mod notification;
pub mod postgres;
pub mod sqlite;
mod schema;

use crate::clock::Clock;
use std::collections::HashSet;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

/// Room ids loaded in memory, which the expiry sweep leaves alone.
pub type LiveIds = Arc<Mutex<HashSet<String>>>;

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// The owner of a local table's game: `local/<variant id>`.
pub fn local_owner(variant: draughts_rules::Variant) -> String {
    format!("local/{}", variant.id())
}

/// The owner of a room's games: `room/<room id>`.
pub fn room_owner(id: &str) -> String {
    format!("room/{id}")
}

/// How a game or room is named in messages: by its owner for a local slot, by the room's tag
/// for a room (the id lets anyone in, and messages are logged).
pub(crate) fn describe_owner(owner: &str, game_no: u32) -> String {
    match owner.strip_prefix("room/") {
        Some(id) => format!("room {} game {game_no}", crate::rooms::room_tag(id)),
        None => format!("the saved game {owner}"),
    }
}

/// The clock of a stored game whose clock ran since `since`, stopped at `at` with the running
/// turn banked for the side to move (the start position's side, turned once per ply played);
/// `None` when the variant or start position cannot be read (the game keeps its row as it is).
pub(crate) fn stopped_clock(variant: &str, start_fen: &str, elapsed: [i64; 2], since: i64, plies: i64, at: i64) -> Option<Clock> {
    let start = variant.parse::<draughts_rules::Variant>().ok().and_then(|v| draughts_rules::notation::fen::parse(v, start_fen).ok())?;
    let to_move = if plies % 2 == 0 { start.side_to_move() } else { !start.side_to_move() };
    let mut clock = Clock::new(elapsed, Some(since));
    clock.bank(to_move, at);
    Some(clock)
}

/// Which game: its owner and its number (1 first; a room counts its rematches, a local slot
/// keeps game 1, replaced by each new game).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameKey {
    pub owner: String,
    pub game_no: u32,
}

/// How a game ended, as stored: the winner (`light`, `dark`, or `None` for a draw) and the
/// reason's code ([`draughts_rules::Reason::code`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredResult {
    pub winner: Option<&'static str>,
    pub reason: String,
}

/// One change to what is stored. A list of them is one transaction ([`Storage::write`]).
#[derive(Clone, Debug)]
pub enum Op {
    /// Inserts or updates a room's row (its games are never deleted by it).
    SaveRoom {
        id: String,
        variant: &'static str,
        created_at: i64,
        /// Seat tokens, hashed.
        tokens: [Option<String>; 2],
        /// The room's current game.
        game_no: u32,
        /// The room's own state as JSON ([`crate::rooms`]' `StoredMeta`).
        meta: String,
        /// The hash of the idempotency key the room was created with, if any: a retried
        /// creation finds the room by it ([`Storage::room_by_key`]).
        create_key: Option<String>,
    },
    /// Begins a game without moves, judged by the draw rules `draw_rules`
    /// ([`draughts_rules::DrawRules::code`]). With `replace`, every earlier game of the owner
    /// goes first (a local slot keeps one game).
    NewGame { key: GameKey, variant: &'static str, draw_rules: &'static str, start_fen: String, light_player: u8, started_at: i64, replace: bool },
    /// Stores what changes on a game besides its moves: the clock, the result (`None` lifts
    /// one, as a takeback does) and a local table's settings (JSON; `None` for a room's game).
    SaveGame { key: GameKey, clock: Clock, result: Option<StoredResult>, settings: Option<String> },
    /// Appends move `ply` (1-based): its text in the variant's notation, the mover's time, and
    /// the id of the message that sent it (rooms: a resent message is recognised by it).
    AddMove { key: GameKey, ply: usize, text: String, spent_ms: i64, msg_id: Option<String> },
    /// Removes the moves after `ply` (a takeback).
    Truncate { key: GameKey, ply: usize },
    /// Refreshes a room's last-activity time (a watched room does not expire).
    Touch { room: String },
    /// Records a judged puzzle attempt with the player's standing after it ([`crate::puzzles`]).
    PuzzleAttempt(PuzzleAttempt),
}

/// The local player's puzzle standing in one rule set: a Glicko-2 rating ([`crate::puzzles`]),
/// the clean solves in a row, and the counts so far.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStanding {
    /// Glicko-2 rating (a new player: 1500).
    pub rating: f64,
    /// Glicko-2 rating deviation (a new player: 350).
    pub deviation: f64,
    /// Glicko-2 volatility (a new player: 0.06).
    pub volatility: f64,
    /// Puzzles solved in a row without a hint.
    pub streak: u32,
    /// Puzzles solved, with or without a hint.
    pub solved: u32,
    /// Puzzles attempted; also the number of the attempt that left this standing.
    pub attempts: u32,
}

/// One judged puzzle attempt, stored with the standing it left (the newest attempt of a rule
/// set holds the player's standing).
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleAttempt {
    /// The variant id.
    pub variant: String,
    /// The puzzle's id ([`crate::puzzles::Puzzle::id`]).
    pub puzzle: String,
    pub solved: bool,
    /// A hint was asked for before the line was finished.
    pub hinted: bool,
    /// Unix milliseconds.
    pub at: i64,
    /// The standing after this attempt; `standing.attempts` numbers the attempt (1 first).
    pub standing: PuzzleStanding,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// The move in the variant's notation with its full path (`32x23x14`).
    pub text: String,
    /// Milliseconds the mover's clock ran for this move.
    pub spent_ms: i64,
    /// The id of the room message that played it.
    pub msg_id: Option<String>,
}

/// One stored game with its moves in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub key: GameKey,
    /// The variant id.
    pub variant: String,
    /// The draw rules the game is judged by, as [`draughts_rules::DrawRules::code`] writes them
    /// (`simplified` for every game stored before schema 3).
    pub draw_rules: String,
    /// The start position as FEN.
    pub start_fen: String,
    /// Rooms: the player (0 = creator) who has Light. 0 for a local table.
    pub light_player: u8,
    /// Set once the game has ended (also by a result decided off the board).
    pub result: Option<(Option<String>, String)>,
    pub clock: Clock,
    /// A local table's settings as JSON.
    pub settings: Option<String>,
    pub started_at: i64,
    pub moves: Vec<StoredMove>,
}

/// A room's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    pub id: String,
    pub variant: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// Seat tokens, hashed.
    pub tokens: [Option<String>; 2],
    pub game_no: u32,
    pub meta: String,
}

/// Why the database, or one game or room in it, cannot be used. The message says which file,
/// game or room and what to do; nothing is ever changed on disk after such an error.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// The file could not be opened or read as SQLite (corrupt, not a database).
    #[error("the database {path} cannot be read: {reason}. It was left untouched; to start afresh pass --db with another file (keep this one: its games may still be recovered)")]
    Unreadable { path: PathBuf, reason: String },
    /// This user may not read or write the file, its folder, or the `-wal`/`-shm` files beside it.
    #[error("the database {path} cannot be opened: {reason}. Check its permissions: this user must be able to read and write it, its folder and the -wal and -shm files beside it (or pass --db with a file this user may write)")]
    NoAccess { path: PathBuf, reason: String },
    /// The file is an SQLite database of another program, or of a newer version of this one.
    #[error("the database {path} {reason}. It was left untouched; pass --db with another file")]
    Foreign { path: PathBuf, reason: String },
    /// Another server has the database open (its lock file is held): two writers would undo
    /// each other's moves.
    #[error("the database {path} is in use by another draughts server (it holds {lock}). Stop that server first, or pass --db with another file")]
    InUse { path: PathBuf, lock: PathBuf },
    /// One stored game or room cannot be read (a move is missing, a value is not what this
    /// program writes); everything else is unaffected (HTTP 409). `what` names it.
    #[error("{what} cannot be read: {reason}. It is kept in the database unchanged")]
    Broken { what: String, reason: String },
    /// A database server (PostgreSQL) cannot be reached, refuses the user, or its address
    /// cannot be read; `location` names it without a password.
    #[error("the database {location} cannot be used: {reason}. Check the address, that PostgreSQL runs there, and that the user may connect and create tables")]
    Unreachable { location: String, reason: String },
    /// The database failed while the server was running (HTTP 500).
    #[error("database error: {0}")]
    Db(String),
    /// Another node changed the room or played the ply first (PostgreSQL, several nodes):
    /// nothing was written; the caller reads the room again and judges the action anew.
    #[error("{0} was changed by another node first; nothing was written")]
    Conflict(String),
}

impl StorageError {
    /// The error for a database that could not be opened: [`StorageError::NoAccess`] when the
    /// cause is a permission (or a read-only file system), else [`StorageError::Unreadable`].
    pub fn cannot_open(path: &Path, e: &(dyn std::error::Error + 'static)) -> StorageError {
        use rusqlite::ErrorCode::{CannotOpen, PermissionDenied, ReadOnly};
        let denied = match (e.downcast_ref::<std::io::Error>(), e.downcast_ref::<rusqlite::Error>()) {
            (Some(io), _) => matches!(io.kind(), std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem),
            (_, Some(sql)) => matches!(sql.sqlite_error_code(), Some(PermissionDenied | ReadOnly | CannotOpen)),
            _ => false,
        };
        let (path, reason) = (path.to_path_buf(), e.to_string());
        if denied {
            StorageError::NoAccess { path, reason }
        } else {
            StorageError::Unreadable { path, reason }
        }
    }
}

/// What a storage call returns: a future that resolves once the database has answered.
pub type StorageFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StorageError>> + Send + 'a>>;

/// A room changed in the database by another node ([`Storage::subscribe`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomChange {
    /// This room (its id): a move, an answer, a seat or a connection; read it again.
    Room(String),
    /// This room (its id) stored one move, carried by the notification
    /// ([`notification::RoomMove`]): a node whose copy is one revision behind applies it
    /// without reading the room; any other reads the room again.
    Moved(String, Box<notification::RoomMove>),
    /// Anything may have changed (the node was not listening for a while): read every
    /// loaded room again.
    All,
}

/// Connections to a room, counted per kind: seat 0 (the creator), seat 1, watchers.
pub type PresenceCounts = [u32; 3];

/// Where games and rooms are kept. Implementations commit each [`Storage::write`] as one
/// transaction and never hold the caller's thread while the disk works.
pub trait Storage: Send + Sync + 'static {
    /// Commits `ops` as one transaction; resolves once they are durable (as configured). A
    /// failed write changes nothing.
    fn write(&self, ops: Vec<Op>) -> StorageFuture<'_, ()>;
    /// Queues `ops` without waiting (bookkeeping that announces nothing: [`Op::Touch`]).
    fn write_later(&self, ops: Vec<Op>);
    /// The game `key`, or with `game_no` 0 the newest game of the owner, with its moves.
    /// [`StorageError::Broken`] when it is stored but cannot be read (a gap in its moves).
    fn game(&self, key: GameKey) -> StorageFuture<'_, Option<StoredGame>>;
    /// Every game of `owner`, oldest first, with their moves.
    fn games(&self, owner: String) -> StorageFuture<'_, Vec<StoredGame>>;
    /// A room's row.
    fn room(&self, id: String) -> StorageFuture<'_, Option<StoredRoom>>;
    /// The room created with the idempotency key whose hash is `create_key`.
    fn room_by_key(&self, create_key: String) -> StorageFuture<'_, Option<StoredRoom>>;
    /// Deletes the rooms (with their games) idle since before `cutoff` (Unix ms), except those
    /// in `keep`. Returns how many were deleted.
    fn expire_rooms(&self, cutoff: i64, keep: HashSet<String>) -> StorageFuture<'_, usize>;
    /// Stops every running clock at `at` (Unix ms), loaded or not, banking the running turn
    /// for the side to move: at shutdown, so that the time the server is down counts for
    /// nobody. Returns how many clocks were stopped.
    fn stop_clocks(&self, at: i64) -> StorageFuture<'_, usize>;
    /// The newest `limit` puzzle attempts of the rule set `variant`, newest first.
    fn puzzle_attempts(&self, variant: String, limit: usize) -> StorageFuture<'_, Vec<PuzzleAttempt>>;
    /// The player's puzzle standing in `variant`: the one its newest attempt left (`None`
    /// before the first).
    fn puzzle_standing(&self, variant: String) -> StorageFuture<'_, Option<PuzzleStanding>> {
        Box::pin(async move { Ok(self.puzzle_attempts(variant, 1).await?.into_iter().next().map(|a| a.standing)) })
    }
    /// Finishes what was queued and leaves the files tidy (SQLite: an empty write-ahead log).
    fn flush(&self) -> StorageFuture<'_, ()>;
    /// Where the data lives, for `/api/health` and the log (a path; never a password).
    fn location(&self) -> String;
    /// The rooms other nodes change, for a storage shared by several nodes (PostgreSQL:
    /// LISTEN/NOTIFY); taken once, by the rooms service. `None` for a storage of one node
    /// (SQLite), where every change is this node's own.
    fn subscribe(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<RoomChange>> {
        None
    }
    /// Whether this node hears the other nodes' changes now (`None`: there are no other nodes),
    /// for `/readyz`.
    fn listening(&self) -> Option<bool> {
        None
    }
    /// Records this node's connections to room `room` (all zero when none is left) and tells
    /// the other nodes. A no-op for a storage of one node.
    fn set_presence(&self, room: String, counts: PresenceCounts) -> StorageFuture<'_, ()> {
        let _ = (room, counts);
        Box::pin(async { Ok(()) })
    }
    /// The connections to room `room` on the other live nodes, summed; zero for a storage of one
    /// node.
    fn presence(&self, room: String) -> StorageFuture<'_, PresenceCounts> {
        let _ = room;
        Box::pin(async { Ok([0; 3]) })
    }
}
