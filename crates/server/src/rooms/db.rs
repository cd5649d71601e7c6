//! Storage of online rooms: three tables in the server's SQLite file, written by one thread that
//! owns its own connection.
//!
//! Every change of a room is a list of [`Op`]s that the room's task hands to [`RoomDb::write`]
//! and waits for: the writer thread commits it (several rooms' changes share one transaction, a
//! "group commit", so a busy server still commits each move before announcing it), and only then
//! does the room apply and announce the change. A failed write changes nothing in memory.
//!
//! The writer also runs the expiry sweep: rooms idle for longer than
//! [`super::RoomsConfig::expire_after`] are deleted with their games.

use super::state::{Core, StoredMeta};
use crate::clock::Clock;
use crate::seated_game::{SeatedGame, StoredPly};
use draughts_rules::{Color, Outcome, Reason, Variant};
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::HashSet;
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// One change to the stored rooms.
#[derive(Clone, Debug)]
pub(crate) enum Op {
    /// Inserts or updates a room's row (never deletes its games: no `REPLACE`).
    SaveRoom { id: String, variant: &'static str, created_at: i64, tokens: [Option<String>; 2], game_no: u32, meta: String },
    /// Starts game `game_no` of a room.
    NewGame { room: String, game_no: u32, light_player: u8, start_fen: String, started_at: i64 },
    /// Records how a game ended: winner (`light`, `dark`, or `None` for a draw) and reason code.
    EndGame { room: String, game_no: u32, winner: Option<&'static str>, reason: String, ended_at: i64 },
    /// Appends move `ply` (1-based) of a game.
    AddMove { room: String, game_no: u32, ply: usize, text: String, spent_ms: i64, msg_id: Option<String> },
    /// Removes the moves after `ply` (a takeback).
    Truncate { room: String, game_no: u32, ply: usize },
    /// Refreshes a room's last-activity time (so that a watched room does not expire).
    Touch { room: String },
}

type Reply = oneshot::Sender<Result<(), String>>;

enum Job {
    Write(Vec<Op>, Reply),
    Read(Box<dyn FnOnce(&Connection) + Send>),
}

/// Replaces every seat token stored in plain text (by an earlier version) with its hash, in
/// the transaction that opens the room tables.
fn hash_plain_tokens(tx: &rusqlite::Transaction) -> rusqlite::Result<usize> {
    let plain: Vec<(String, [Option<String>; 2])> = {
        let mut stmt = tx.prepare(&format!(
            "SELECT id, token0, token1 FROM rooms WHERE substr(token0, 1, {n}) <> '{HASH_PREFIX}' OR substr(token1, 1, {n}) <> '{HASH_PREFIX}'",
            n = HASH_PREFIX.len()
        ))?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, [r.get(1)?, r.get(2)?])))?;
        rows.collect::<Result<_, _>>()?
    };
    let hashed = |t: &Option<String>| t.as_ref().map(|t| if t.starts_with(HASH_PREFIX) { t.clone() } else { super::token_hash(t) });
    for (id, tokens) in &plain {
        tx.execute("UPDATE rooms SET token0 = ?2, token1 = ?3 WHERE id = ?1", params![id, hashed(&tokens[0]), hashed(&tokens[1])])?;
    }
    Ok(plain.len())
}

/// Seat tokens are stored hashed; rows written before that hold the token itself.
const HASH_PREFIX: &str = "sha256:";

/// The handle of the writer thread. Cheap to clone; the thread ends when the last handle is
/// dropped, after finishing what was queued.
#[derive(Clone)]
pub(crate) struct RoomDb {
    tx: mpsc::Sender<Job>,
    /// Alive while any handle is: the checkpoint thread stops when it is gone.
    _alive: Arc<()>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id         TEXT PRIMARY KEY,
    variant    TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    token0     TEXT,
    token1     TEXT,
    game_no    INTEGER NOT NULL,
    meta       TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_updated ON rooms(updated_at);
CREATE TABLE IF NOT EXISTS room_games (
    room_id      TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    game_no      INTEGER NOT NULL,
    light_player INTEGER NOT NULL,
    start_fen    TEXT NOT NULL,
    winner       TEXT,
    reason       TEXT,
    started_at   INTEGER NOT NULL,
    ended_at     INTEGER,
    PRIMARY KEY (room_id, game_no)
);
CREATE TABLE IF NOT EXISTS room_moves (
    room_id   TEXT NOT NULL,
    game_no   INTEGER NOT NULL,
    ply       INTEGER NOT NULL,
    text      TEXT NOT NULL,
    spent_ms  INTEGER NOT NULL,
    msg_id    TEXT,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (room_id, game_no, ply),
    FOREIGN KEY (room_id, game_no) REFERENCES room_games(room_id, game_no) ON DELETE CASCADE
) WITHOUT ROWID;
";

/// Moves of a game sit together in one b-tree ordered by their key (`WITHOUT ROWID`): a move
/// writes one page of it instead of a table page and an index page. Tables written before are
/// rebuilt so, in the transaction that opens the room tables.
fn cluster_moves(tx: &rusqlite::Transaction) -> rusqlite::Result<bool> {
    let sql: String = tx.query_row("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'room_moves'", [], |r| r.get(0))?;
    if sql.to_ascii_uppercase().contains("WITHOUT ROWID") {
        return Ok(false);
    }
    tx.execute_batch("ALTER TABLE room_moves RENAME TO room_moves_rowid;")?;
    tx.execute_batch(SCHEMA)?;
    tx.execute_batch(
        "INSERT INTO room_moves (room_id, game_no, ply, text, spent_ms, msg_id, played_at)
             SELECT room_id, game_no, ply, text, spent_ms, msg_id, played_at FROM room_moves_rowid;
         DROP TABLE room_moves_rowid;",
    )?;
    Ok(true)
}

/// Live rooms, which the expiry sweep must leave alone.
pub(crate) type LiveIds = Arc<Mutex<HashSet<String>>>;

impl RoomDb {
    /// Opens `path` (already opened and checked by [`crate::store::Store::open`]), creates the
    /// room tables and starts the writer thread.
    pub(crate) fn open(path: &Path, expire_after: Duration, fsync: bool, live: LiveIds) -> Result<RoomDb, rusqlite::Error> {
        let mut conn = Connection::open(path)?;
        // FULL: a commit is on disk before the move it holds is announced; NORMAL: it is in the
        // write-ahead log (safe from a server crash, not from a power cut). Checkpoints (copying
        // the log into the database file) run on their own thread instead of stalling a commit
        // now and then; the writer empties the log itself when it grows past WAL_SIZE_LIMIT
        // (see `writer`), so that it stays small however busy the server is.
        let sync = if fsync { "FULL" } else { "NORMAL" };
        let limit = crate::store::WAL_SIZE_LIMIT;
        conn.execute_batch(&format!(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = {sync}; PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = 0;
             PRAGMA journal_size_limit = {limit};"
        ))?;
        conn.busy_timeout(Duration::from_secs(10))?;
        let tx = conn.transaction()?;
        tx.execute_batch(SCHEMA)?;
        if cluster_moves(&tx)? {
            tracing::info!("room moves table rebuilt without row ids");
        }
        let migrated = hash_plain_tokens(&tx)?;
        tx.commit()?;
        if migrated > 0 {
            tracing::info!(rooms = migrated, "seat tokens of earlier rooms now stored hashed");
        }
        let checkpoints = Connection::open(path)?;
        checkpoints.busy_timeout(Duration::from_secs(10))?;
        checkpoints.execute_batch(&format!("PRAGMA journal_size_limit = {limit};"))?;
        let alive = Arc::new(());
        let watch = Arc::downgrade(&alive);
        let spawn_err = |e: std::io::Error| rusqlite::Error::ToSqlConversionFailure(Box::new(e));
        std::thread::Builder::new()
            .name("rooms-checkpoint".into())
            .spawn(move || {
                while watch.upgrade().is_some() {
                    std::thread::sleep(Duration::from_millis(500));
                    // PASSIVE never blocks the writer; it copies what it can.
                    if let Err(e) = checkpoints.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
                        tracing::warn!("room database checkpoint: {e}");
                    }
                }
                let _ = checkpoints.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
            })
            .map_err(spawn_err)?;
        let (tx, rx) = mpsc::channel();
        let wal = crate::store::wal_path(path);
        std::thread::Builder::new().name("rooms-db".into()).spawn(move || writer(conn, rx, expire_after, live, wal)).map_err(spawn_err)?;
        Ok(RoomDb { tx, _alive: alive })
    }

    /// Commits `ops` in one transaction; resolves once they are on disk.
    pub(crate) async fn write(&self, ops: Vec<Op>) -> Result<(), String> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Job::Write(ops, reply)).map_err(|_| "the room database is closed".to_string())?;
        rx.await.map_err(|_| "the room database stopped".to_string())?
    }

    /// Queues `ops` without waiting for them (for bookkeeping that announces nothing).
    pub(crate) fn write_later(&self, ops: Vec<Op>) {
        let (reply, _) = oneshot::channel();
        let _ = self.tx.send(Job::Write(ops, reply));
    }

    /// Copies the write-ahead log into the database file and empties it (at a clean shutdown,
    /// after the last writes).
    pub(crate) async fn checkpoint(&self) -> Result<(), String> {
        match self.read(crate::store::checkpoint_truncate).await? {
            Ok(true) => Ok(()),
            Ok(false) => Err("another connection was busy; the log is kept and replayed on the next start".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Runs a query on the writer's connection (between two commits).
    pub(crate) async fn read<R: Send + 'static>(&self, f: impl FnOnce(&Connection) -> R + Send + 'static) -> Result<R, String> {
        let (reply, rx) = oneshot::channel();
        let job = Job::Read(Box::new(move |c| {
            let _ = reply.send(f(c));
        }));
        self.tx.send(job).map_err(|_| "the room database is closed".to_string())?;
        rx.await.map_err(|_| "the room database stopped".to_string())
    }
}

/// At most this many queued jobs share one transaction.
const BATCH: usize = 512;
const SWEEP_EVERY: Duration = Duration::from_secs(3600);
/// A room's last-activity time is stored to this precision (milliseconds).
const ACTIVITY_STEP_MS: i64 = 60_000;
/// A commit slower than this is logged.
const SLOW_COMMIT: Duration = Duration::from_millis(100);

fn writer(mut conn: Connection, rx: mpsc::Receiver<Job>, expire_after: Duration, live: LiveIds, wal: std::path::PathBuf) {
    let mut next_sweep = Instant::now();
    loop {
        // The background PASSIVE checkpoints copy the log while commits go on, but the log
        // only starts over once a checkpoint has caught up with the last commit, which under
        // steady load it never does: here, between two commits, the writer makes it catch up.
        if std::fs::metadata(&wal).is_ok_and(|m| m.len() > crate::store::WAL_SIZE_LIMIT) {
            match crate::store::checkpoint_truncate_once(&conn) {
                Ok(_) => {}
                Err(e) => tracing::warn!("room database checkpoint: {e}"),
            }
        }
        if Instant::now() >= next_sweep {
            match sweep(&conn, expire_after, &live) {
                Ok(0) => {}
                Ok(n) => tracing::info!(rooms = n, "expired idle rooms deleted"),
                Err(e) => tracing::error!("room expiry sweep failed: {e}"),
            }
            next_sweep = Instant::now() + SWEEP_EVERY;
        }
        let first = match rx.recv_timeout(next_sweep.saturating_duration_since(Instant::now())) {
            Ok(j) => j,
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = crate::store::checkpoint_truncate(&conn);
                return;
            }
        };
        let mut writes: Vec<(Vec<Op>, Reply)> = Vec::new();
        let mut job = Some(first);
        while let Some(j) = job.take() {
            match j {
                Job::Read(f) => {
                    // Reads see every earlier write: commit what is gathered first.
                    commit_batch(&mut conn, std::mem::take(&mut writes));
                    f(&conn);
                }
                Job::Write(ops, reply) => writes.push((ops, reply)),
            }
            if writes.len() < BATCH {
                job = rx.try_recv().ok();
            }
        }
        commit_batch(&mut conn, writes);
    }
}

/// Commits every job's ops in one transaction, each job in its own savepoint so that one failing
/// job (refused by a constraint) does not undo the others.
fn commit_batch(conn: &mut Connection, writes: Vec<(Vec<Op>, Reply)>) {
    if writes.is_empty() {
        return;
    }
    let now = crate::store::now_ms();
    let started = Instant::now();
    let jobs = writes.len();
    let result = (|| -> rusqlite::Result<Vec<Result<(), String>>> {
        let tx = conn.transaction()?;
        let mut results = Vec::with_capacity(writes.len());
        for (ops, _) in &writes {
            tx.execute_batch("SAVEPOINT job")?;
            match ops.iter().try_for_each(|op| apply(&tx, op, now)) {
                Ok(()) => {
                    tx.execute_batch("RELEASE job")?;
                    results.push(Ok(()));
                }
                Err(e) => {
                    tx.execute_batch("ROLLBACK TO job; RELEASE job")?;
                    results.push(Err(format!("database error: {e}")));
                }
            }
        }
        tx.commit()?;
        Ok(results)
    })();
    let took = started.elapsed();
    if took > SLOW_COMMIT {
        // Every room waiting for this commit waits this long: worth knowing.
        tracing::warn!(ms = took.as_millis() as u64, jobs, "slow room commit (the disk is slow or busy)");
    }
    match result {
        Ok(results) => {
            for ((_, reply), r) in writes.into_iter().zip(results) {
                let _ = reply.send(r);
            }
        }
        Err(e) => {
            tracing::error!("room commit failed: {e}");
            for (_, reply) in writes {
                let _ = reply.send(Err(format!("database error: {e}")));
            }
        }
    }
}

fn apply(tx: &rusqlite::Transaction, op: &Op, now: i64) -> rusqlite::Result<()> {
    match op {
        Op::SaveRoom { id, variant, created_at, tokens, game_no, meta } => {
            // The last-activity time moves on at most once a minute (it only decides expiry,
            // after days): most moves then leave its index alone, one page less to write.
            tx.execute(
                "INSERT INTO rooms (id, variant, created_at, updated_at, token0, token1, game_no, meta)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                 ON CONFLICT(id) DO UPDATE SET token0 = ?5, token1 = ?6, game_no = ?7, meta = ?8",
                params![id, variant, created_at, now, tokens[0], tokens[1], game_no, meta],
            )?;
            tx.execute("UPDATE rooms SET updated_at = ?2 WHERE id = ?1 AND updated_at < ?2 - ?3", params![id, now, ACTIVITY_STEP_MS])?;
        }
        Op::NewGame { room, game_no, light_player, start_fen, started_at } => {
            tx.execute(
                "INSERT INTO room_games (room_id, game_no, light_player, start_fen, started_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![room, game_no, light_player, start_fen, started_at],
            )?;
        }
        Op::EndGame { room, game_no, winner, reason, ended_at } => {
            let n = tx.execute(
                "UPDATE room_games SET winner = ?3, reason = ?4, ended_at = ?5 WHERE room_id = ?1 AND game_no = ?2",
                params![room, game_no, winner, reason, ended_at],
            )?;
            if n != 1 {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
        }
        Op::AddMove { room, game_no, ply, text, spent_ms, msg_id } => {
            tx.execute(
                "INSERT INTO room_moves (room_id, game_no, ply, text, spent_ms, msg_id, played_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![room, game_no, *ply as i64, text, spent_ms, msg_id, now],
            )?;
        }
        Op::Truncate { room, game_no, ply } => {
            tx.execute("DELETE FROM room_moves WHERE room_id = ?1 AND game_no = ?2 AND ply > ?3", params![room, game_no, *ply as i64])?;
        }
        Op::Touch { room } => {
            tx.execute("UPDATE rooms SET updated_at = ?2 WHERE id = ?1", params![room, now])?;
        }
    }
    Ok(())
}

fn sweep(conn: &Connection, expire_after: Duration, live: &LiveIds) -> rusqlite::Result<usize> {
    let cutoff = crate::store::now_ms() - expire_after.as_millis() as i64;
    let ids: Vec<String> = {
        let mut stmt = conn.prepare("SELECT id FROM rooms WHERE updated_at < ?1")?;
        let rows = stmt.query_map([cutoff], |r| r.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    let live = live.lock().map(|l| l.clone()).unwrap_or_default();
    let mut n = 0;
    for id in ids.iter().filter(|id| !live.contains(*id)) {
        n += conn.execute("DELETE FROM rooms WHERE id = ?1 AND updated_at < ?2", params![id, cutoff])?;
    }
    Ok(n)
}

/// Runs the expiry sweep now (for tests and the `expire_after` documentation's promise).
pub(crate) async fn sweep_now(db: &RoomDb, expire_after: Duration, live: LiveIds) -> Result<usize, String> {
    db.read(move |c| sweep(c, expire_after, &live).map_err(|e| e.to_string())).await?
}

/// One stored game of a room.
#[derive(Clone, Debug)]
pub(crate) struct StoredRoomGame {
    pub game_no: u32,
    pub light_player: u8,
    pub start_fen: String,
    /// (`light`/`dark`/None, reason code) once ended.
    pub ended: Option<(Option<String>, String)>,
    pub started_at: i64,
    pub moves: Vec<(String, i64, Option<String>)>,
}

/// A room's row.
#[derive(Clone, Debug)]
pub(crate) struct StoredRoom {
    pub id: String,
    pub variant: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub tokens: [Option<String>; 2],
    pub game_no: u32,
    pub meta: String,
}

pub(crate) fn load_row(conn: &Connection, id: &str) -> rusqlite::Result<Option<StoredRoom>> {
    conn.query_row(
        "SELECT id, variant, created_at, updated_at, token0, token1, game_no, meta FROM rooms WHERE id = ?1",
        [id],
        |r| {
            Ok(StoredRoom {
                id: r.get(0)?,
                variant: r.get(1)?,
                created_at: r.get(2)?,
                updated_at: r.get(3)?,
                tokens: [r.get(4)?, r.get(5)?],
                game_no: r.get(6)?,
                meta: r.get(7)?,
            })
        },
    )
    .optional()
}

/// The games of a room (all, or only `only`), with their moves.
pub(crate) fn load_games(conn: &Connection, id: &str, only: Option<u32>) -> rusqlite::Result<Vec<StoredRoomGame>> {
    let mut stmt = conn.prepare(
        "SELECT game_no, light_player, start_fen, winner, reason, started_at FROM room_games
         WHERE room_id = ?1 AND (?2 IS NULL OR game_no = ?2) ORDER BY game_no",
    )?;
    let mut games: Vec<StoredRoomGame> = stmt
        .query_map(params![id, only], |r| {
            let reason: Option<String> = r.get(4)?;
            let winner: Option<String> = r.get(3)?;
            Ok(StoredRoomGame {
                game_no: r.get(0)?,
                light_player: r.get::<_, i64>(1)?.clamp(0, 1) as u8,
                start_fen: r.get(2)?,
                ended: reason.map(|reason| (winner, reason)),
                started_at: r.get(5)?,
                moves: Vec::new(),
            })
        })?
        .collect::<Result<_, _>>()?;
    let mut mstmt = conn.prepare("SELECT ply, text, spent_ms, msg_id FROM room_moves WHERE room_id = ?1 AND game_no = ?2 ORDER BY ply")?;
    for g in &mut games {
        let rows = mstmt.query_map(params![id, g.game_no], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, Option<String>>(3)?))
        })?;
        for (i, row) in rows.enumerate() {
            let (ply, text, spent, msg) = row?;
            if ply != i as i64 + 1 {
                // A gap would replay into a wrong game; refuse instead.
                let what = format!("room {} game {} misses move {}", super::room_tag(id), g.game_no, i + 1);
                return Err(rusqlite::Error::InvalidColumnType(0, what, rusqlite::types::Type::Integer));
            }
            g.moves.push((text, spent, msg));
        }
    }
    Ok(games)
}

/// Rebuilds a stored game with the rules crate: every move is replayed and checked again, and
/// a result decided off the board is applied. Returns the game (its clock stopped; the room's
/// clock is in its state) and each move's message id.
pub(crate) fn replay(variant: Variant, g: &StoredRoomGame) -> Result<(SeatedGame, Vec<Option<String>>), String> {
    let moves = g.moves.iter().map(|(text, ms, _)| StoredPly { text, spent_ms: *ms });
    let mut seated = SeatedGame::replay(variant, &g.start_fen, moves, Clock::default()).map_err(|e| format!("game {}: {e}", g.game_no))?;
    let ids = g.moves.iter().map(|(_, _, id)| id.clone()).collect();
    if let Some((winner, reason)) = &g.ended {
        if seated.game().outcome().is_none() {
            let reason = Reason::from_code(reason).ok_or_else(|| format!("game {}: unknown result {reason:?}", g.game_no))?;
            let outcome = match winner.as_deref() {
                Some("light") => Outcome::Win(Color::Light, reason),
                Some("dark") => Outcome::Win(Color::Dark, reason),
                None => Outcome::Draw(reason),
                Some(other) => return Err(format!("game {}: unknown winner {other:?}", g.game_no)),
            };
            seated.finish(outcome, 0).map_err(|e| e.to_string())?;
        }
    }
    Ok((seated, ids))
}

/// Why a stored room cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LoadError {
    /// What is stored of this room cannot be rebuilt (a move missing, a value this program does
    /// not write); the other rooms are not affected (HTTP 409).
    #[error("{0}. It is kept in the database unchanged")]
    Broken(String),
    /// The database failed (HTTP 500).
    #[error("{0}")]
    Db(String),
}

impl From<rusqlite::Error> for LoadError {
    fn from(e: rusqlite::Error) -> LoadError {
        match e {
            // A gap in the moves (see `load_games`) or a value of the wrong type.
            rusqlite::Error::InvalidColumnType(_, what, _) => LoadError::Broken(what),
            e @ (rusqlite::Error::FromSqlConversionFailure(..) | rusqlite::Error::IntegralValueOutOfRange(..)) => LoadError::Broken(e.to_string()),
            e => LoadError::Db(format!("database error: {e}")),
        }
    }
}

/// Loads a whole room for play: its row and its current game, replayed.
/// `Ok(None)` when there is no such room; `Err` when it is stored but cannot be rebuilt (it is
/// left unchanged on disk).
pub(crate) fn load_core(conn: &Connection, id: &str) -> Result<Option<Core>, LoadError> {
    let Some(row) = load_row(conn, id)? else { return Ok(None) };
    // Messages name the room by its tag: they are logged, and the id lets anyone in.
    let tag = super::room_tag(id);
    let broken = |what: String| LoadError::Broken(format!("room {tag}: {what}"));
    let variant: Variant = row.variant.parse().map_err(|e| broken(format!("{e}")))?;
    let stored: StoredMeta = serde_json::from_str(&row.meta).map_err(|e| broken(format!("unreadable state: {e}")))?;
    let games = load_games(conn, id, Some(row.game_no))?;
    let g = games.into_iter().next().ok_or_else(|| broken(format!("game {} is missing", row.game_no)))?;
    let (mut seated, _) = replay(variant, &g).map_err(broken)?;
    seated.restore(stored.clock, stored.offers);
    Ok(Some(Core {
        id: row.id,
        variant,
        created_at: row.created_at,
        tokens: row.tokens,
        game_no: row.game_no,
        light_player: g.light_player,
        seated,
        meta: stored.meta,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rooms::{Rooms, RoomsConfig};

    use crate::store::wal_len;

    /// A room's row and first game, then `moves` moves, each with the room's row as a move
    /// stores it.
    fn room_ops(i: usize) -> (Core, Vec<Op>) {
        let core = Core::new(format!("room-{i:06}-abcdefghijklm"), Variant::English, Color::Light, format!("token-{i}"), 1);
        let ops = vec![core.save_op(), core.new_game_op(1)];
        (core, ops)
    }

    fn move_ops(core: &mut Core, ply: usize) -> Vec<Op> {
        // The mover's message id is remembered in the room's row, as a move does.
        let recent = &mut core.meta.recent[ply % 2];
        recent.push_back(format!("m{ply}"));
        if recent.len() > super::super::state::RECENT_IDS {
            recent.pop_front();
        }
        vec![
            Op::AddMove { room: core.id.clone(), game_no: 1, ply, text: "32x23x14".into(), spent_ms: 1234, msg_id: Some(format!("m{ply}")) },
            core.save_op(),
        ]
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn the_write_ahead_log_stays_bounded_and_is_emptied_by_a_clean_shutdown() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        // As the server does: the local store keeps its own connection open beside the rooms.
        let _store = crate::store::Store::open(&path).unwrap();
        let rooms = Rooms::open(&path, RoomsConfig { fsync_each_commit: false, ..RoomsConfig::default() }).unwrap();
        let db = rooms.inner.db.clone();
        let max = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let mut tasks = Vec::new();
        for i in 0..300 {
            let (db, max, path) = (db.clone(), max.clone(), path.clone());
            tasks.push(tokio::spawn(async move {
                let (mut core, ops) = room_ops(i);
                db.write(ops).await.unwrap();
                for ply in 1..=60 {
                    db.write(move_ops(&mut core, ply)).await.unwrap();
                    max.fetch_max(wal_len(&path), std::sync::atomic::Ordering::Relaxed);
                }
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        let max = max.load(std::sync::atomic::Ordering::Relaxed);
        eprintln!("18000 moves in 300 rooms: the write-ahead log peaked at {} KiB", max / 1024);
        assert!(max < 16 << 20, "the write-ahead log grew to {max} bytes");
        let moves: i64 = db.read(|c| c.query_row("SELECT count(*) FROM room_moves", [], |r| r.get(0)).unwrap()).await.unwrap();
        assert_eq!(moves, 300 * 60);
        rooms.shutdown().await;
        assert_eq!(wal_len(&path), 0, "a clean shutdown leaves an empty write-ahead log");
    }

    /// Bytes of write-ahead log per stored move, one move per commit (a quiet server) and 100
    /// moves per commit (a busy one). Prints the figures; fails if a move alone writes more than three pages.
    #[test]
    fn the_write_ahead_log_per_move() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        drop(crate::store::Store::open(&path).unwrap());
        let mut conn = Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;").unwrap();
        conn.execute_batch(&format!("BEGIN; {SCHEMA} COMMIT;")).unwrap();
        let job = |ops: Vec<Op>| (ops, oneshot::channel().0);
        let mut cores: Vec<Core> = (0..1000)
            .map(|i| {
                let (core, ops) = room_ops(i);
                commit_batch(&mut conn, vec![job(ops)]);
                core
            })
            .collect();
        let mut per_move = |batch: usize, ply: usize| {
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).unwrap();
            for chunk in cores.chunks_mut(batch) {
                commit_batch(&mut conn, chunk.iter_mut().map(|c| job(move_ops(c, ply))).collect());
            }
            wal_len(&path) as f64 / 1000.0
        };
        let one = per_move(1, 1);
        let hundred = per_move(100, 2);
        eprintln!("write-ahead log per move: {one:.0} bytes alone in a commit, {hundred:.0} bytes with 100 moves a commit");
        assert!(one < 3.0 * 4120.0, "{one} bytes of log a move");
    }

    /// No expiry during the test (its rooms are dated 1970).
    const NEVER: Duration = Duration::from_secs(1 << 40);

    #[test]
    fn an_earlier_rooms_database_is_migrated_when_opened() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        drop(crate::store::Store::open(&path).unwrap());
        let plain = ["creator-token-0123456789", "guest-token-abcdefghijk"];
        {
            // A rooms database as the earlier version wrote it.
            let c = Connection::open(&path).unwrap();
            c.execute_batch(&SCHEMA.replace(") WITHOUT ROWID;", ");")).unwrap();
            c.execute(
                "INSERT INTO rooms (id, variant, created_at, updated_at, token0, token1, game_no, meta) VALUES ('r1', 'english', 1, 1, ?1, ?2, 1, '{}')",
                params![plain[0], plain[1]],
            )
            .unwrap();
            c.execute("INSERT INTO rooms (id, variant, created_at, updated_at, token0, token1, game_no, meta) VALUES ('r2', 'english', 1, 1, 'only-one', NULL, 1, '{}')", []).unwrap();
            c.execute_batch(
                "INSERT INTO room_games (room_id, game_no, light_player, start_fen, started_at) VALUES ('r1', 1, 0, 'B:W21-32:B1-12', 1);
                 INSERT INTO room_moves (room_id, game_no, ply, text, spent_ms, msg_id, played_at) VALUES ('r1', 1, 1, '11-15', 5, 'a', 1), ('r1', 1, 2, '23-19', 6, NULL, 2);",
            )
            .unwrap();
        }
        let live: LiveIds = Default::default();
        let db = RoomDb::open(&path, NEVER, true, live).unwrap();
        let open = || {
            let c = Connection::open(&path).unwrap();
            c.busy_timeout(Duration::from_secs(10)).unwrap();
            c
        };
        let rows = (|| {
            let c = open();
            let mut s = c.prepare("SELECT token0, token1 FROM rooms ORDER BY id")?;
            let rows = s.query_map([], |r| Ok([r.get::<_, Option<String>>(0)?, r.get::<_, Option<String>>(1)?]))?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })()
        .unwrap();
        drop(db);
        assert!(rows.iter().flatten().flatten().all(|t| t.starts_with(HASH_PREFIX)), "{rows:?}");
        assert!(crate::rooms::token_matches(rows[0][0].as_deref().unwrap(), plain[0]));
        assert!(crate::rooms::token_matches(rows[0][1].as_deref().unwrap(), plain[1]));
        assert!(!crate::rooms::token_matches(rows[0][1].as_deref().unwrap(), plain[0]));
        assert!(crate::rooms::token_matches(rows[1][0].as_deref().unwrap(), "only-one"));
        assert_eq!(rows[1][1], None);
        // The moves came along into the rebuilt table.
        let games = load_games(&open(), "r1", None).unwrap();
        assert_eq!(games[0].moves, [("11-15".to_string(), 5, Some("a".to_string())), ("23-19".to_string(), 6, None)]);
        let sql: String = open().query_row("SELECT sql FROM sqlite_master WHERE name = 'room_moves'", [], |r| r.get(0)).unwrap();
        assert!(sql.contains("WITHOUT ROWID"), "{sql}");
        // Opening again leaves the hashes as they are.
        let live: LiveIds = Default::default();
        drop(RoomDb::open(&path, NEVER, true, live).unwrap());
        let again: String = open().query_row("SELECT token0 FROM rooms WHERE id = 'r1'", [], |r| r.get(0)).unwrap();
        assert_eq!(Some(again), rows[0][0]);
    }
}
