//! The embedded default: one SQLite file, written by one thread that owns its connection.
//!
//! Every [`Storage::write`] is queued to the writer thread, which commits what is queued in one
//! transaction (a "group commit": a busy server still commits each move before announcing it),
//! each write in its own savepoint so that one refused write does not undo the others. Reads run
//! on the same thread between two commits, so they see every earlier write. Nothing here blocks
//! a runtime worker: callers await a reply.
//!
//! The writer also keeps the write-ahead log small (it checkpoints it after a commit once it
//! holds 1000 pages, and empties it when it grows past [`WAL_SIZE_LIMIT`]), records once a
//! second that the server is alive (so that after a crash no clock counts the time the server was
//! down, [`SqliteStorage::open`]), and runs the rooms' expiry sweep every hour.

use super::schema::{self, APPLICATION_ID, SCHEMA_VERSION};
use super::{describe_owner, GameKey, LiveIds, Op, PuzzleAttempt, PuzzleStanding, Storage, StorageError, StorageFuture, StoredGame, StoredMove, StoredRoom};
use crate::clock::Clock;
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// The write-ahead log (`<db>-wal`) is cut back to this size whenever it starts over, and the
/// writer empties it when it finds it longer.
pub const WAL_SIZE_LIMIT: u64 = 4 << 20;

/// The path of the write-ahead log of the database at `db`.
pub fn wal_path(db: &Path) -> PathBuf {
    let mut p = db.as_os_str().to_owned();
    p.push("-wal");
    p.into()
}

/// The length of the write-ahead log of the database at `db` (0 when there is none).
pub fn wal_len(db: &Path) -> u64 {
    std::fs::metadata(wal_path(db)).map(|m| m.len()).unwrap_or(0)
}

/// Copies the whole write-ahead log into the database and empties it (`TRUNCATE`), waiting a
/// little for a checkpoint running on another connection. Returns whether it was emptied.
fn checkpoint_truncate(conn: &Connection) -> rusqlite::Result<bool> {
    for attempt in 0..20 {
        if checkpoint_truncate_once(conn)? {
            return Ok(true);
        }
        if attempt < 19 {
            std::thread::sleep(Duration::from_millis(25));
        }
    }
    Ok(false)
}

/// One `TRUNCATE` checkpoint; `false` when another connection's checkpoint or reader was in
/// the way (nothing is lost: the log is emptied by a later one).
fn checkpoint_truncate_once(conn: &Connection) -> rusqlite::Result<bool> {
    match conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0)) {
        Ok(busy) => Ok(busy == 0),
        Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Locks `<db>.lock` for this process: a second server on the same database is refused
/// instead of writing beside the first (each would undo the other's moves, and its signs of
/// life would hide the other's crash). A separate file, because closing any other handle on the
/// database file itself would drop SQLite's own locks. The lock goes with the process, also
/// after a crash; a storage of this process closing a moment ago is waited for briefly.
fn lock_file(path: &Path) -> Result<std::fs::File, StorageError> {
    let mut lock_path = path.as_os_str().to_owned();
    lock_path.push(".lock");
    let lock_path = PathBuf::from(lock_path);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| StorageError::cannot_open(path, &e))?;
    for attempt in 0..40 {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) if attempt < 39 => std::thread::sleep(Duration::from_millis(50)),
            Err(std::fs::TryLockError::WouldBlock) => break,
            Err(std::fs::TryLockError::Error(e)) => return Err(StorageError::cannot_open(path, &e)),
        }
    }
    Err(StorageError::InUse { path: path.to_path_buf(), lock: lock_path })
}


/// How the SQLite storage runs.
#[derive(Clone, Debug)]
pub struct SqliteOptions {
    /// Wait for the disk (`synchronous = FULL`) on every commit: an acknowledged move survives
    /// a power cut. `false` (`NORMAL`) survives a crash of the server, not of the machine.
    pub fsync_each_commit: bool,
    /// Rooms idle this long are deleted with their games by the hourly sweep.
    pub room_expiry: Duration,
}

impl Default for SqliteOptions {
    fn default() -> SqliteOptions {
        SqliteOptions { fsync_each_commit: true, room_expiry: Duration::from_secs(30 * 24 * 3600) }
    }
}

type Reply = oneshot::Sender<Result<(), StorageError>>;

/// Work done on a thread's own connection.
type OnConnection = Box<dyn FnOnce(&mut Connection) + Send>;

enum Job {
    Write(Vec<Op>, Reply),
    Read(OnConnection),
}

/// The SQLite storage: a handle on the writer thread. The thread ends, leaving an empty
/// write-ahead log, when the last handle is dropped.
pub struct SqliteStorage {
    /// The lock file `<db>.lock`, locked while this storage is open.
    _lock: std::fs::File,
    tx: mpsc::Sender<Job>,
    /// The reader thread: loading a game or a room never splits the writer's group commit.
    reads: mpsc::Sender<OnConnection>,
    path: PathBuf,
}

fn db_err(e: rusqlite::Error) -> StorageError {
    StorageError::Db(e.to_string())
}

impl SqliteStorage {
    /// Opens (or creates) the database at `path`, creating its folder when missing; migrates
    /// an earlier schema in one transaction; stops the clocks left running by a crash at the
    /// last moment the server was known alive; starts the writer thread.
    ///
    /// Errors: [`StorageError::Unreadable`] for a corrupt file or one that is not SQLite,
    /// [`StorageError::NoAccess`] for a permission, [`StorageError::Foreign`] for another
    /// program's database or a newer schema. Nothing is written to the file in those cases.
    pub fn open(path: &Path, opts: SqliteOptions, live: LiveIds) -> Result<SqliteStorage, StorageError> {
        let failed = |e: &(dyn std::error::Error + 'static)| StorageError::cannot_open(path, e);
        if let Some(dir) = path.parent() {
            if !dir.as_os_str().is_empty() {
                std::fs::create_dir_all(dir).map_err(|e| failed(&e))?;
            }
        }
        let lock = lock_file(path)?;
        let existed = path.exists() && std::fs::metadata(path).map(|m| m.len() > 0).unwrap_or(false);
        let mut conn = Connection::open(path).map_err(|e| failed(&e))?;
        // The writer of a storage just closed may still be emptying its log.
        conn.busy_timeout(Duration::from_secs(10)).map_err(|e| failed(&e))?;
        // Reading the header pages is the first thing that fails on a file that is not SQLite.
        let app_id: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).map_err(|e| failed(&e))?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| failed(&e))?;
        let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)).map_err(|e| failed(&e))?;
        if existed {
            let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(|e| failed(&e))?;
            if check != "ok" {
                return Err(StorageError::Unreadable { path: path.to_path_buf(), reason: format!("integrity check failed ({check})") });
            }
            if app_id != APPLICATION_ID && (app_id != 0 || tables > 0) {
                return Err(StorageError::Foreign { path: path.to_path_buf(), reason: "is not a draughts database (it belongs to another program)".into() });
            }
            if version > SCHEMA_VERSION {
                return Err(StorageError::Foreign {
                    path: path.to_path_buf(),
                    reason: format!("was written by a newer version of draughts (schema {version}, this program knows {SCHEMA_VERSION})"),
                });
            }
        }
        // FULL: a commit is on disk before the move it holds is announced; NORMAL: it is in the
        // write-ahead log. The writer checkpoints the log itself, after a commit once it holds
        // 1000 pages (`wal_autocheckpoint`, PASSIVE): no other connection competes with it, so
        // each checkpoint completes and the next commit starts the log over, rewriting the same
        // 4 MiB instead of extending the file. (A checkpoint thread beside the writer fell behind
        // under load: the log grew past 100 MiB and each commit's fsync with it.)
        let sync = if opts.fsync_each_commit { "FULL" } else { "NORMAL" };
        conn.execute_batch(&format!(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = {sync}; PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = 1000;
             PRAGMA journal_size_limit = {WAL_SIZE_LIMIT};"
        ))
        .map_err(|e| failed(&e))?;
        // IMMEDIATE: the migration reads, then writes; taking the write lock first means it
        // waits for another writer instead of failing halfway.
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(|e| failed(&e))?;
        let migrated = schema::migrate(&tx, version).map_err(|e| failed(&e))?;
        tx.commit().map_err(|e| failed(&e))?;
        if let Some(m) = migrated {
            tracing::info!(db = %path.display(), "{m}");
        }
        // A clean shutdown stopped every clock; after a crash, those still running stop at the
        // last time the server was known alive, so the downtime counts for nobody.
        let alive_at: Option<i64> =
            conn.query_row("SELECT value FROM server_state WHERE key = 'alive_at'", [], |r| r.get(0)).optional().map_err(|e| failed(&e))?;
        if let Some(at) = alive_at {
            let n = stop_clocks(&mut conn, at).map_err(|e| failed(&e))?;
            if n > 0 {
                tracing::info!(clocks = n, "clocks left running by an unclean stop were stopped at the server's last sign of life");
            }
        }
        // Reads on a connection of their own: a read issued after a write was acknowledged
        // sees it (the write is committed), and reads run beside the commits instead of
        // cutting the writer's batch in two (a busy server loads rooms while others play).
        let mut reader = Connection::open(path).map_err(|e| failed(&e))?;
        reader.busy_timeout(Duration::from_secs(10)).map_err(|e| failed(&e))?;
        reader.execute_batch("PRAGMA query_only = ON;").map_err(|e| failed(&e))?;
        let (reads, read_rx) = mpsc::channel::<OnConnection>();
        std::thread::Builder::new()
            .name("db-reader".into())
            .spawn(move || {
                for f in read_rx {
                    f(&mut reader);
                }
            })
            .map_err(|e| failed(&e))?;
        let (tx, rx) = mpsc::channel();
        let wal = wal_path(path);
        std::thread::Builder::new().name("db-writer".into()).spawn(move || writer(conn, rx, opts, live, wal)).map_err(|e| failed(&e))?;
        Ok(SqliteStorage { _lock: lock, tx, reads, path: path.to_path_buf() })
    }

    /// Runs the query `f` on the reader's connection.
    fn query<R: Send + 'static>(&self, f: impl FnOnce(&mut Connection) -> Result<R, StorageError> + Send + 'static) -> StorageFuture<'_, R> {
        let (reply, rx) = oneshot::channel();
        let sent = self.reads.send(Box::new(move |c| {
            let _ = reply.send(f(c));
        }));
        Box::pin(async move {
            sent.map_err(|_| StorageError::Db("the database is closed".into()))?;
            rx.await.map_err(|_| StorageError::Db("the database reader stopped".into()))?
        })
    }

    /// Runs `f` on the writer's connection between two commits (for work that writes).
    fn read<R: Send + 'static>(&self, f: impl FnOnce(&mut Connection) -> Result<R, StorageError> + Send + 'static) -> StorageFuture<'_, R> {
        let (reply, rx) = oneshot::channel();
        let job = Job::Read(Box::new(move |c| {
            let _ = reply.send(f(c));
        }));
        let sent = self.tx.send(job);
        Box::pin(async move {
            sent.map_err(|_| StorageError::Db("the database is closed".into()))?;
            rx.await.map_err(|_| StorageError::Db("the database writer stopped".into()))?
        })
    }
}

impl Storage for SqliteStorage {
    fn write(&self, ops: Vec<Op>) -> StorageFuture<'_, ()> {
        let (reply, rx) = oneshot::channel();
        let sent = self.tx.send(Job::Write(ops, reply));
        Box::pin(async move {
            sent.map_err(|_| StorageError::Db("the database is closed".into()))?;
            rx.await.map_err(|_| StorageError::Db("the database writer stopped".into()))?
        })
    }

    fn write_later(&self, ops: Vec<Op>) {
        let (reply, _) = oneshot::channel();
        let _ = self.tx.send(Job::Write(ops, reply));
    }

    fn game(&self, key: GameKey) -> StorageFuture<'_, Option<StoredGame>> {
        self.query(move |c| load_game(c, &key))
    }

    fn games(&self, owner: String) -> StorageFuture<'_, Vec<StoredGame>> {
        self.query(move |c| {
            let numbers: Vec<u32> = {
                let mut stmt = c.prepare("SELECT game_no FROM games WHERE owner = ?1 ORDER BY game_no").map_err(db_err)?;
                let rows = stmt.query_map([&owner], |r| r.get(0)).map_err(db_err)?;
                rows.collect::<Result<_, _>>().map_err(db_err)?
            };
            let mut games = Vec::with_capacity(numbers.len());
            for game_no in numbers {
                games.extend(load_game(c, &GameKey { owner: owner.clone(), game_no })?);
            }
            Ok(games)
        })
    }

    fn room(&self, id: String) -> StorageFuture<'_, Option<StoredRoom>> {
        self.query(move |c| load_room(c, "id", &id))
    }

    fn room_by_key(&self, create_key: String) -> StorageFuture<'_, Option<StoredRoom>> {
        self.query(move |c| load_room(c, "create_key", &create_key))
    }

    fn expire_rooms(&self, cutoff: i64, keep: HashSet<String>) -> StorageFuture<'_, usize> {
        self.read(move |c| expire(c, cutoff, &keep).map_err(db_err))
    }

    fn stop_clocks(&self, at: i64) -> StorageFuture<'_, usize> {
        self.read(move |c| stop_clocks(c, at).map_err(db_err))
    }

    fn puzzle_attempts(&self, variant: String, limit: usize) -> StorageFuture<'_, Vec<PuzzleAttempt>> {
        self.query(move |c| {
            let what = format!("the puzzle attempts of {variant}");
            let mut stmt = c
                .prepare_cached(
                    "SELECT puzzle, solved, hinted, played_at, rating, deviation, volatility, streak, solved_count, attempt_no
                     FROM puzzle_attempts WHERE variant = ?1 ORDER BY attempt_no DESC LIMIT ?2",
                )
                .map_err(db_err)?;
            let rows = stmt
                .query_map(params![variant, limit as i64], |r| {
                    Ok(PuzzleAttempt {
                        variant: variant.clone(),
                        puzzle: r.get(0)?,
                        solved: r.get(1)?,
                        hinted: r.get(2)?,
                        at: r.get(3)?,
                        standing: PuzzleStanding { rating: r.get(4)?, deviation: r.get(5)?, volatility: r.get(6)?, streak: r.get(7)?, solved: r.get(8)?, attempts: r.get(9)? },
                    })
                })
                .map_err(db_err)?;
            rows.collect::<Result<_, _>>().map_err(broken_or_db(&what))
        })
    }

    fn flush(&self) -> StorageFuture<'_, ()> {
        self.read(|c| match checkpoint_truncate(c) {
            Ok(true) => Ok(()),
            Ok(false) => Err(StorageError::Db("another connection was busy; the log is kept and replayed on the next start".into())),
            Err(e) => Err(db_err(e)),
        })
    }

    fn location(&self) -> String {
        self.path.display().to_string()
    }
}

/// A value of the wrong type, or a gap in the moves, is this game's problem, not the database's.
fn broken_or_db(what: &str) -> impl Fn(rusqlite::Error) -> StorageError + '_ {
    move |e| match e {
        rusqlite::Error::FromSqlConversionFailure(..) | rusqlite::Error::InvalidColumnType(..) | rusqlite::Error::IntegralValueOutOfRange(..) => {
            StorageError::Broken { what: what.to_string(), reason: format!("a stored value is unreadable ({e})") }
        }
        e => db_err(e),
    }
}


fn load_game(c: &Connection, key: &GameKey) -> Result<Option<StoredGame>, StorageError> {
    let game_no: Option<u32> = if key.game_no == 0 {
        c.query_row("SELECT max(game_no) FROM games WHERE owner = ?1", [&key.owner], |r| r.get(0)).map_err(db_err)?
    } else {
        Some(key.game_no)
    };
    let Some(game_no) = game_no else { return Ok(None) };
    let what = describe_owner(&key.owner, game_no);
    let unreadable = broken_or_db(&what);
    let row = c
        .query_row(
            "SELECT variant, start_fen, light_player, settings, winner, reason, light_ms, dark_ms, clock_since, started_at, draw_rules
             FROM games WHERE owner = ?1 AND game_no = ?2",
            params![key.owner, game_no],
            |r| {
                let reason: Option<String> = r.get(5)?;
                let winner: Option<String> = r.get(4)?;
                Ok(StoredGame {
                    key: GameKey { owner: key.owner.clone(), game_no },
                    variant: r.get(0)?,
                    draw_rules: r.get(10)?,
                    start_fen: r.get(1)?,
                    light_player: r.get::<_, i64>(2)?.clamp(0, 1) as u8,
                    settings: r.get(3)?,
                    result: reason.map(|reason| (winner, reason)),
                    clock: Clock::new([r.get(6)?, r.get(7)?], r.get(8)?),
                    started_at: r.get(9)?,
                    moves: Vec::new(),
                })
            },
        )
        .optional()
        .map_err(&unreadable)?;
    let Some(mut game) = row else { return Ok(None) };
    let mut stmt = c.prepare_cached("SELECT ply, text, spent_ms, msg_id FROM moves WHERE owner = ?1 AND game_no = ?2 ORDER BY ply").map_err(db_err)?;
    let rows = stmt
        .query_map(params![key.owner, game_no], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, Option<String>>(3)?)))
        .map_err(db_err)?;
    for (i, row) in rows.enumerate() {
        let (ply, text, spent_ms, msg_id) = row.map_err(&unreadable)?;
        if ply != i as i64 + 1 {
            // A gap means moves were lost; replaying the rest would give a wrong game.
            return Err(StorageError::Broken { what: what.clone(), reason: format!("it misses move {}", i + 1) });
        }
        game.moves.push(StoredMove { text, spent_ms, msg_id });
    }
    Ok(Some(game))
}

fn load_room(c: &Connection, column: &str, value: &str) -> Result<Option<StoredRoom>, StorageError> {
    let sql = format!("SELECT id, variant, created_at, updated_at, token0, token1, game_no, meta FROM rooms WHERE {column} = ?1");
    c.query_row(&sql, [value], |r| {
        Ok(StoredRoom {
            id: r.get(0)?,
            variant: r.get(1)?,
            created_at: r.get(2)?,
            updated_at: r.get(3)?,
            tokens: [r.get(4)?, r.get(5)?],
            game_no: r.get(6)?,
            meta: r.get(7)?,
        })
    })
    .optional()
    .map_err(broken_or_db("a room"))
}

fn expire(conn: &mut Connection, cutoff: i64, keep: &HashSet<String>) -> rusqlite::Result<usize> {
    let ids: Vec<String> = {
        let mut stmt = conn.prepare("SELECT id FROM rooms WHERE updated_at < ?1")?;
        let rows = stmt.query_map([cutoff], |r| r.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    let tx = conn.transaction()?;
    let mut n = 0;
    for id in ids.iter().filter(|id| !keep.contains(*id)) {
        let gone = tx.execute("DELETE FROM rooms WHERE id = ?1 AND updated_at < ?2", params![id, cutoff])?;
        if gone > 0 {
            tx.execute("DELETE FROM games WHERE owner = ?1", [super::room_owner(id)])?;
            n += gone;
        }
    }
    tx.commit()?;
    Ok(n)
}

/// Banks every running clock's turn at `at` for the side to move (the start position's side,
/// turned once per move played) and stops it, in one transaction; records `at` as the last
/// moment the server was alive.
fn stop_clocks(conn: &mut Connection, at: i64) -> rusqlite::Result<usize> {
    /// Owner, game number, variant, start FEN, banked time, running since, plies played.
    type Running = (String, u32, String, String, [i64; 2], i64, i64);
    let running: Vec<Running> = {
        let mut stmt = conn.prepare(
            "SELECT g.owner, g.game_no, g.variant, g.start_fen, g.light_ms, g.dark_ms, g.clock_since,
                 (SELECT count(*) FROM moves m WHERE m.owner = g.owner AND m.game_no = g.game_no)
             FROM games g WHERE g.clock_since IS NOT NULL",
        )?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, [r.get(4)?, r.get(5)?], r.get(6)?, r.get(7)?)))?;
        rows.collect::<Result<_, _>>()?
    };
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let mut n = 0;
    for (owner, game_no, variant, start_fen, elapsed, since, plies) in running {
        let Some(clock) = super::stopped_clock(&variant, &start_fen, elapsed, since, plies, at) else {
            // A game that cannot be read keeps its row as it is (it is reported when opened).
            tracing::warn!("{} has an unreadable start position; its clock is left as stored", describe_owner(&owner, game_no));
            continue;
        };
        tx.execute(
            "UPDATE games SET light_ms = ?3, dark_ms = ?4, clock_since = NULL WHERE owner = ?1 AND game_no = ?2",
            params![owner, game_no, clock.elapsed[0], clock.elapsed[1]],
        )?;
        n += 1;
    }
    record_alive(&tx, at)?;
    tx.commit()?;
    Ok(n)
}

fn record_alive(conn: &Connection, at: i64) -> rusqlite::Result<()> {
    conn.execute("INSERT INTO server_state (key, value) VALUES ('alive_at', ?1) ON CONFLICT(key) DO UPDATE SET value = ?1", [at])?;
    Ok(())
}

/// At most this many queued writes share one transaction.
const BATCH: usize = 512;
const SWEEP_EVERY: Duration = Duration::from_secs(3600);
/// How often the server records that it is alive: after a crash, a running clock stops at most
/// this late.
const ALIVE_EVERY: Duration = Duration::from_secs(1);
/// A room's last-activity time is stored to this precision (milliseconds).
const ACTIVITY_STEP_MS: i64 = 60_000;
/// A commit slower than this is logged.
const SLOW_COMMIT: Duration = Duration::from_millis(100);

fn writer(mut conn: Connection, rx: mpsc::Receiver<Job>, opts: SqliteOptions, live: LiveIds, wal: PathBuf) {
    let mut next_sweep = Instant::now();
    let mut next_alive = Instant::now();
    loop {
        // The automatic checkpoints keep the log near 4 MiB; should one have been cut short
        // (a reader in the way), the writer empties the log here, between two commits.
        if std::fs::metadata(&wal).is_ok_and(|m| m.len() > WAL_SIZE_LIMIT) {
            if let Err(e) = checkpoint_truncate_once(&conn) {
                tracing::warn!("database checkpoint: {e}");
            }
        }
        if Instant::now() >= next_sweep {
            let keep = live.lock().map(|l| l.clone()).unwrap_or_default();
            let cutoff = super::now_ms() - opts.room_expiry.as_millis() as i64;
            match expire(&mut conn, cutoff, &keep) {
                Ok(0) => {}
                Ok(n) => tracing::info!(rooms = n, "expired idle rooms deleted"),
                Err(e) => tracing::error!("room expiry sweep failed: {e}"),
            }
            next_sweep = Instant::now() + SWEEP_EVERY;
        }
        if Instant::now() >= next_alive {
            if let Err(e) = record_alive(&conn, super::now_ms()) {
                tracing::warn!("could not record the server's sign of life: {e}");
            }
            next_alive = Instant::now() + ALIVE_EVERY;
        }
        let wait = next_sweep.min(next_alive).saturating_duration_since(Instant::now());
        let first = match rx.recv_timeout(wait) {
            Ok(j) => j,
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = checkpoint_truncate(&conn);
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
                    f(&mut conn);
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

/// Commits every write's ops in one transaction, each write in its own savepoint so that one
/// failing write (refused by a constraint) does not undo the others.
fn commit_batch(conn: &mut Connection, writes: Vec<(Vec<Op>, Reply)>) {
    if writes.is_empty() {
        return;
    }
    let now = super::now_ms();
    let started = Instant::now();
    let jobs = writes.len();
    let result = (|| -> rusqlite::Result<Vec<Result<(), StorageError>>> {
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
                    results.push(Err(db_err(e)));
                }
            }
        }
        tx.commit()?;
        Ok(results)
    })();
    let took = started.elapsed();
    if took > SLOW_COMMIT {
        // Every player waiting for this commit waits this long: worth knowing.
        tracing::warn!(ms = took.as_millis() as u64, jobs, "slow commit (the disk is slow or busy)");
    }
    match result {
        Ok(results) => {
            for ((_, reply), r) in writes.into_iter().zip(results) {
                let _ = reply.send(r);
            }
        }
        Err(e) => {
            tracing::error!("commit failed: {e}");
            for (_, reply) in writes {
                let _ = reply.send(Err(StorageError::Db(e.to_string())));
            }
        }
    }
}

fn apply(tx: &rusqlite::Transaction, op: &Op, now: i64) -> rusqlite::Result<()> {
    let one = |n: usize| if n == 1 { Ok(()) } else { Err(rusqlite::Error::QueryReturnedNoRows) };
    match op {
        Op::SaveRoom { id, variant, created_at, tokens, game_no, meta, create_key } => {
            // The last-activity time moves on at most once a minute (it only decides expiry,
            // after days): most moves then leave its index alone, one page less to write.
            tx.prepare_cached(
                "INSERT INTO rooms (id, variant, created_at, updated_at, token0, token1, game_no, meta, create_key)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                 ON CONFLICT(id) DO UPDATE SET token0 = ?5, token1 = ?6, game_no = ?7, meta = ?8",
            )?
            .execute(params![id, variant, created_at, now, tokens[0], tokens[1], game_no, meta, create_key])?;
            tx.prepare_cached("UPDATE rooms SET updated_at = ?2 WHERE id = ?1 AND updated_at < ?2 - ?3")?.execute(params![id, now, ACTIVITY_STEP_MS])?;
        }
        Op::NewGame { key, variant, draw_rules, start_fen, light_player, started_at, replace } => {
            if *replace {
                tx.execute("DELETE FROM games WHERE owner = ?1", [&key.owner])?;
            }
            tx.execute(
                "INSERT INTO games (owner, game_no, variant, draw_rules, start_fen, light_player, started_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![key.owner, key.game_no, variant, draw_rules, start_fen, light_player, started_at, now],
            )?;
        }
        Op::SaveGame { key, clock, result, settings } => {
            let (winner, reason) = match result {
                Some(r) => (r.winner, Some(r.reason.as_str())),
                None => (None, None),
            };
            let n = tx
                .prepare_cached(
                    "UPDATE games SET light_ms = ?3, dark_ms = ?4, clock_since = ?5, winner = ?6, reason = ?7,
                         ended_at = CASE WHEN ?7 IS NULL THEN NULL ELSE coalesce(ended_at, ?9) END,
                         settings = coalesce(?8, settings), updated_at = ?9
                     WHERE owner = ?1 AND game_no = ?2",
                )?
                .execute(params![key.owner, key.game_no, clock.elapsed[0], clock.elapsed[1], clock.clock_since, winner, reason, settings, now])?;
            one(n)?;
        }
        Op::AddMove { key, ply, text, spent_ms, msg_id } => {
            tx.prepare_cached("INSERT INTO moves (owner, game_no, ply, text, spent_ms, msg_id, played_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?
                .execute(params![key.owner, key.game_no, *ply as i64, text, spent_ms, msg_id, now])?;
        }
        Op::Truncate { key, ply } => {
            tx.execute("DELETE FROM moves WHERE owner = ?1 AND game_no = ?2 AND ply > ?3", params![key.owner, key.game_no, *ply as i64])?;
        }
        Op::Touch { room } => {
            tx.execute("UPDATE rooms SET updated_at = ?2 WHERE id = ?1", params![room, now])?;
        }
        Op::PuzzleAttempt(a) => {
            let s = &a.standing;
            tx.execute(
                "INSERT INTO puzzle_attempts (variant, attempt_no, puzzle, solved, hinted, rating, deviation, volatility, streak, solved_count, played_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![a.variant, s.attempts, a.puzzle, a.solved, a.hinted, s.rating, s.deviation, s.volatility, s.streak, s.solved, a.at],
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rooms::state::Core;
    use crate::storage::{local_owner, room_owner, StoredResult};
    use crate::table::{Mode, Settings, Table};
    use draughts_rules::{Color, Variant};

    /// No expiry during the tests (their rooms are dated 1970).
    const NEVER: Duration = Duration::from_secs(1 << 40);

    fn open(path: &Path) -> SqliteStorage {
        SqliteStorage::open(path, SqliteOptions { fsync_each_commit: false, room_expiry: NEVER }, LiveIds::default()).unwrap()
    }

    fn sql(path: &Path) -> Connection {
        let c = Connection::open(path).unwrap();
        c.busy_timeout(Duration::from_secs(10)).unwrap();
        c
    }

    /// A two-player table of English draughts with three moves played and its clock running,
    /// stored change by change as the API does.
    async fn table_with_moves(s: &SqliteStorage) -> Table {
        let v = Variant::English;
        let mut t = Table::blank(v);
        let mut ops = Vec::new();
        t.new_game(&mut ops, None, Settings { mode: Mode::TwoPlayer, ..Settings::default_for(v) }).unwrap();
        s.write(ops).await.unwrap();
        for _ in 0..3 {
            let mut ops = Vec::new();
            let mv = t.game().position().legal_routes()[0];
            t.play_move(&mut ops, mv).unwrap();
            s.write(ops).await.unwrap();
        }
        t
    }

    #[tokio::test]
    async fn a_game_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/db.sqlite3");
        let t = table_with_moves(&open(&path)).await;
        let s = open(&path);
        let g = s.game(Table::key(Variant::English)).await.unwrap().unwrap();
        assert_eq!(g.moves.len(), 3);
        let again = Table::restore(Variant::English, &g).unwrap();
        assert_eq!(again.game().moves(), t.game().moves());
        assert_eq!(again.settings(), t.settings());
        assert!(s.game(Table::key(Variant::Italian)).await.unwrap().is_none());
    }

    /// `act` on a table with three moves while every update of the clock columns fails (as a
    /// full disk would halfway through a change): the write must fail and leave the stored game
    /// as it was; the table (a copy kept only on success) goes on.
    async fn fails_halfway(act: impl FnOnce(&mut Table, &mut Vec<Op>)) -> (tempfile::TempDir, PathBuf, SqliteStorage, Table) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let s = open(&path);
        let t = table_with_moves(&s).await;
        let key = Table::key(Variant::English);
        let before = s.game(key.clone()).await.unwrap().unwrap();
        sql(&path).execute_batch("CREATE TRIGGER break_clock BEFORE UPDATE OF light_ms ON games BEGIN SELECT RAISE(ABORT, 'disk full'); END;").unwrap();
        let mut next = t.clone();
        let mut ops = Vec::new();
        act(&mut next, &mut ops);
        assert!(s.write(ops).await.is_err(), "the clock update fails");
        sql(&path).execute_batch("DROP TRIGGER break_clock;").unwrap();
        assert_eq!(s.game(key).await.unwrap().unwrap(), before, "the failed change left the stored game as it was");
        (dir, path, s, t)
    }

    #[tokio::test]
    async fn a_failed_undo_changes_nothing_stored() {
        let (_dir, path, s, mut t) = fails_halfway(|t, ops| {
            t.undo(ops).unwrap();
        })
        .await;
        // Play goes on without a hole, and the game loads after a restart.
        let mut ops = Vec::new();
        let mv = t.game().position().legal_routes()[0];
        t.play_move(&mut ops, mv).unwrap();
        s.write(ops).await.unwrap();
        drop(s);
        let s = open(&path);
        let stored = s.game(Table::key(Variant::English)).await.unwrap().unwrap();
        let mut again = Table::restore(Variant::English, &stored).unwrap();
        assert_eq!(again.game().ply(), 4);
        // And an undo that works takes back one ply with its clock, in one go (the page that
        // shows the game has started its clock, which the reopening had stopped).
        let mut ops = Vec::new();
        again.set_clock_running(&mut ops, true);
        again.undo(&mut ops).unwrap();
        s.write(ops).await.unwrap();
        let stored = s.game(Table::key(Variant::English)).await.unwrap().unwrap();
        assert_eq!(stored.moves.len(), 3);
        assert!(stored.clock.running(), "the clock runs on after the undo");
    }

    #[tokio::test]
    async fn a_failed_resignation_changes_nothing_stored() {
        let (_dir, _path, s, mut t) = fails_halfway(|t, ops| t.resign(ops).unwrap()).await;
        assert!(t.game().outcome().is_none());
        let mut ops = Vec::new();
        t.resign(&mut ops).unwrap();
        s.write(ops).await.unwrap();
        let stored = s.game(Table::key(Variant::English)).await.unwrap().unwrap();
        assert_eq!(stored.result.as_ref().map(|r| r.1.as_str()), Some("resignation"));
        assert!(!stored.clock.running());
    }

    #[tokio::test]
    async fn a_game_with_a_missing_move_is_named_and_the_others_load() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let s = open(&path);
        table_with_moves(&s).await;
        s.write(Table::blank(Variant::Italian).create_ops()).await.unwrap();
        sql(&path).execute("DELETE FROM moves WHERE owner = 'local/english' AND ply = 2", []).unwrap();
        let err = s.game(Table::key(Variant::English)).await.expect_err("refused");
        assert!(matches!(err, StorageError::Broken { .. }), "{err:?}");
        let msg = err.to_string();
        assert!(msg.contains("local/english") && msg.contains("move 2"), "{msg}");
        assert!(!msg.contains("move it away") && !msg.contains("--db"), "the advice is about this game, not the database: {msg}");
        assert!(s.game(Table::key(Variant::Italian)).await.unwrap().is_some(), "the other games still load");
    }

    #[test]
    fn a_second_server_on_the_same_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let first = open(&path);
        let msg = SqliteStorage::open(&path, SqliteOptions::default(), LiveIds::default()).err().expect("refused").to_string();
        assert!(msg.contains("in use by another draughts server") && msg.contains("db.sqlite3.lock"), "{msg}");
        drop(first);
        drop(open(&path));
    }

    #[test]
    fn a_permission_error_gets_advice_about_permissions() {
        let path = Path::new("/somewhere/db.sqlite3");
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let msg = StorageError::cannot_open(path, &denied).to_string();
        assert!(msg.contains("permission"), "{msg}");
        assert!(!msg.contains("move it away"), "{msg}");
        let sqlite = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY), None);
        assert!(StorageError::cannot_open(path, &sqlite).to_string().contains("permission"));
        let corrupt = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_NOTADB), None);
        let msg = StorageError::cannot_open(path, &corrupt).to_string();
        assert!(!msg.contains("move it away") && msg.contains("--db"), "{msg}");
    }

    #[test]
    fn a_file_that_is_not_sqlite_is_refused_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let junk = b"this is not a database, but somebody's notes\n".repeat(200);
        std::fs::write(&path, &junk).unwrap();
        let msg = SqliteStorage::open(&path, SqliteOptions::default(), LiveIds::default()).err().expect("refused").to_string();
        assert!(msg.contains("cannot be read") && msg.contains("left untouched"), "{msg}");
        assert_eq!(std::fs::read(&path).unwrap(), junk, "the file must not change");
    }

    #[test]
    fn another_programs_database_and_a_newer_schema_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.sqlite3");
        Connection::open(&path).unwrap().execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (1);").unwrap();
        let before = std::fs::read(&path).unwrap();
        let msg = SqliteStorage::open(&path, SqliteOptions::default(), LiveIds::default()).err().expect("refused").to_string();
        assert!(msg.contains("not a draughts database"), "{msg}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let path = dir.path().join("db.sqlite3");
        drop(open(&path));
        Connection::open(&path).unwrap().execute_batch("PRAGMA user_version = 99;").unwrap();
        let msg = SqliteStorage::open(&path, SqliteOptions::default(), LiveIds::default()).err().expect("refused").to_string();
        assert!(msg.contains("newer version"), "{msg}");
    }

    /// A room's row and first game as a room stores them.
    fn room_ops(i: usize) -> (Core, Vec<Op>) {
        let mut core = Core::new(format!("room-{i:06}-abcdefghijklm"), draughts_rules::Game::new(Variant::English), Color::Light, format!("token-{i}"), 1);
        core.tokens[1] = Some(format!("guest-{i}"));
        core.run_clock(1);
        let mut ops = core.save_ops();
        ops.insert(1, core.new_game_op(1));
        (core, ops)
    }

    /// What a move stores: its row, the room's row (the mover's message id is remembered
    /// there) and the game's clock.
    fn move_ops(core: &mut Core, ply: usize) -> Vec<Op> {
        let recent = &mut core.meta.recent[ply % 2];
        recent.push_back(format!("m{ply}"));
        if recent.len() > crate::rooms::state::RECENT_IDS {
            recent.pop_front();
        }
        let mut ops = core.save_ops();
        ops.insert(1, Op::AddMove { key: core.game_key(), ply, text: "32x23x14".into(), spent_ms: 1234, msg_id: Some(format!("m{ply}")) });
        ops
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn the_write_ahead_log_stays_bounded_and_is_emptied_by_flush() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let s = std::sync::Arc::new(open(&path));
        let max = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let mut tasks = Vec::new();
        for i in 0..300 {
            let (s, max, path) = (s.clone(), max.clone(), path.clone());
            tasks.push(tokio::spawn(async move {
                let (mut core, ops) = room_ops(i);
                s.write(ops).await.unwrap();
                for ply in 1..=60 {
                    s.write(move_ops(&mut core, ply)).await.unwrap();
                    max.fetch_max(wal_len(&path), std::sync::atomic::Ordering::Relaxed);
                }
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        let max = max.load(std::sync::atomic::Ordering::Relaxed);
        eprintln!("18000 moves in 300 rooms: the write-ahead log peaked at {} KiB", max / 1024);
        assert!(max < 8 << 20, "the write-ahead log grew to {max} bytes");
        let moves: i64 = sql(&path).query_row("SELECT count(*) FROM moves WHERE owner LIKE 'room/%'", [], |r| r.get(0)).unwrap();
        assert_eq!(moves, 300 * 60);
        s.flush().await.unwrap();
        assert_eq!(wal_len(&path), 0, "a flush leaves an empty write-ahead log");
    }

    /// Bytes of write-ahead log per stored move, one move per commit (a quiet server) and 100
    /// moves per commit (a busy one). Prints the figures; fails if a move alone writes more
    /// than four pages.
    #[test]
    fn the_write_ahead_log_per_move() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        drop(open(&path));
        let mut conn = Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; PRAGMA foreign_keys = ON;").unwrap();
        let job = |ops: Vec<Op>| (ops, oneshot::channel().0);
        let mut cores: Vec<Core> = (0..1000)
            .map(|i| {
                let (core, ops) = room_ops(i);
                commit_batch(&mut conn, vec![job(ops)]);
                core
            })
            .collect();
        let mut per_move = |batch: usize, ply: usize| {
            // Start from an empty log. The dropped storage's threads may still hold their
            // connections for a moment (a busy checkpoint truncates nothing): try again then.
            let t = std::time::Instant::now();
            loop {
                let busy: i64 = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0)).unwrap();
                if busy == 0 && wal_len(&path) == 0 {
                    break;
                }
                assert!(t.elapsed() < Duration::from_secs(10), "the log could not be emptied");
                std::thread::sleep(Duration::from_millis(20));
            }
            for chunk in cores.chunks_mut(batch) {
                commit_batch(&mut conn, chunk.iter_mut().map(|c| job(move_ops(c, ply))).collect());
            }
            wal_len(&path) as f64 / 1000.0
        };
        let one = per_move(1, 1);
        let hundred = per_move(100, 2);
        eprintln!("write-ahead log per move: {one:.0} bytes alone in a commit, {hundred:.0} bytes with 100 moves a commit");
        assert!(one < 4.0 * 4120.0, "{one} bytes of log a move");
    }

    #[tokio::test]
    async fn a_schema_1_file_is_migrated_in_place_with_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let plain = ["creator-token-0123456789", "guest-token-abcdefghijk"];
        {
            // A file as version 1 wrote it: a local game (resigned) and a room in its second
            // game, its clock in its JSON state, tokens in plain text.
            let c = Connection::open(&path).unwrap();
            c.execute_batch(super::schema::SCHEMA_V1).unwrap();
            c.execute_batch(
                "INSERT INTO games VALUES ('local/english', 'english', 'two-player', 5, 'dark', 1, 'B:W21-32:B1-12', 'resignation', 'light', 700, 900, NULL, 1, 2);
                 INSERT INTO moves VALUES ('local/english', 1, '11-15', 900, 1), ('local/english', 2, '23-19', 700, 2);",
            )
            .unwrap();
            c.execute(
                "INSERT INTO rooms VALUES ('r1', 'english', 1, 1, ?1, ?2, 2, '{\"elapsed\":[300,400],\"clock_since\":5000,\"draw_offer\":\"light\",\"rematch\":[false,false],\"recent\":[[\"a\"],[]]}')",
                params![plain[0], plain[1]],
            )
            .unwrap();
            c.execute_batch(
                "INSERT INTO room_games VALUES ('r1', 1, 0, 'B:W21-32:B1-12', 'dark', 'resignation', 1, 2), ('r1', 2, 1, 'B:W21-32:B1-12', NULL, NULL, 3, NULL);
                 INSERT INTO room_moves VALUES ('r1', 1, 1, '11-15', 5, 'x', 1), ('r1', 2, 1, '9-13', 6, 'a', 4);",
            )
            .unwrap();
        }
        let s = open(&path);
        let local = s.game(Table::key(Variant::English)).await.unwrap().unwrap();
        assert_eq!(local.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["11-15", "23-19"]);
        assert_eq!(local.result, Some((Some("dark".into()), "resignation".into())), "light resigned");
        let t = Table::restore(Variant::English, &local).unwrap();
        assert_eq!((t.settings().mode, t.settings().level, t.settings().turn_board), (Mode::TwoPlayer, 5, true));
        assert_eq!(t.elapsed_at(0), [700, 900]);
        let room = s.room("r1".into()).await.unwrap().unwrap();
        assert!(room.tokens.iter().flatten().all(|t| t.starts_with(super::schema::HASH_PREFIX)), "{room:?}");
        assert!(crate::rooms::token_matches(room.tokens[0].as_deref().unwrap(), plain[0]));
        assert!(!room.meta.contains("elapsed"), "the clock left the room's state: {}", room.meta);
        let games = s.games(room_owner("r1")).await.unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, Some((Some("dark".into()), "resignation".into())));
        // The clock came into the current game's row, stopped at the file's last write (move 1
        // of game 2 at 4 ms: before its turn began, so nothing is added).
        assert_eq!(games[1].clock, Clock::new([300, 400], None));
        assert_eq!(games[1].moves, [StoredMove { text: "9-13".into(), spent_ms: 6, msg_id: Some("a".into()) }]);
        assert_eq!(games[1].light_player, 1);
        let version: i64 = sql(&path).query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(version, SCHEMA_VERSION);
        let old: i64 = sql(&path).query_row("SELECT count(*) FROM sqlite_master WHERE name IN ('room_games', 'room_moves') OR name GLOB 'v1_*'", [], |r| r.get(0)).unwrap();
        assert_eq!(old, 0, "the schema-1 tables are gone");
        // Opened again, nothing changes but the running clock, stopped when the server stopped.
        drop(s);
        let s = open(&path);
        let again = s.games(room_owner("r1")).await.unwrap();
        assert_eq!(again[0], games[0]);
        assert_eq!((&again[1].moves, again[1].clock.running()), (&games[1].moves, false));
        assert_eq!(s.game(Table::key(Variant::English)).await.unwrap().unwrap(), local);
        let _ = local_owner(Variant::English);
    }

    #[tokio::test]
    async fn a_schema_2_file_gets_the_draw_rules_column_and_keeps_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let s = open(&path);
        let t = table_with_moves(&s).await;
        let before = s.game(Table::key(Variant::English)).await.unwrap().unwrap();
        drop(s);
        // The file as schema 2 had it: no draw rules column.
        sql(&path).execute_batch("ALTER TABLE games DROP COLUMN draw_rules; PRAGMA user_version = 2;").unwrap();
        let s = open(&path);
        let version: i64 = sql(&path).query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(version, SCHEMA_VERSION);
        let after = s.game(Table::key(Variant::English)).await.unwrap().unwrap();
        assert_eq!(after.draw_rules, "simplified");
        assert_eq!((&after.moves, after.clock.elapsed, &after.settings), (&before.moves, before.clock.elapsed, &before.settings));
        let again = Table::restore(Variant::English, &after).unwrap();
        assert_eq!((again.game().ply(), again.settings()), (t.game().ply(), t.settings()));
        // A game under the FMJD's rules is stored as such and replayed under them.
        let mut fmjd = Table::blank(Variant::International);
        let mut ops = Vec::new();
        let settings = Settings { draw_rules: draughts_rules::DrawRules::Fmjd, ..Settings::default_for(Variant::International) };
        fmjd.new_game(&mut ops, None, settings).unwrap();
        s.write(ops).await.unwrap();
        let stored = s.game(Table::key(Variant::International)).await.unwrap().unwrap();
        assert_eq!(stored.draw_rules, "fmjd");
        let back = Table::restore(Variant::International, &stored).unwrap();
        assert_eq!((back.game().draw_rules(), back.settings().draw_rules), (draughts_rules::DrawRules::Fmjd, draughts_rules::DrawRules::Fmjd));
        // English cannot be stored under them; a value this program does not write is named.
        let mut e = Table::blank(Variant::English);
        assert!(e.new_game(&mut Vec::new(), None, settings).unwrap_err().to_string().contains("only international"));
        sql(&path).execute("UPDATE games SET draw_rules = 'strict' WHERE owner = 'local/international'", []).unwrap();
        let broken = s.game(Table::key(Variant::International)).await.unwrap().unwrap();
        let err = Table::restore(Variant::International, &broken).unwrap_err().to_string();
        assert!(err.contains("unknown draw rules \"strict\""), "{err}");
    }

    #[tokio::test]
    async fn a_migration_that_fails_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch(super::schema::SCHEMA_V1).unwrap();
            // A room game whose room row is missing cannot be copied (its variant is unknown):
            // such a file is refused by the NOT NULL of the new table, and kept.
            c.execute_batch(
                "INSERT INTO games VALUES ('local/english', 'english', 'computer', 3, 'dark', 0, 'B:W21-32:B1-12', NULL, NULL, 0, 0, NULL, 1, 2);
                 PRAGMA foreign_keys = OFF;
                 INSERT INTO moves VALUES ('local/italian', 1, '11-15', 900, 1);",
            )
            .unwrap();
        }
        let before = std::fs::read(&path).unwrap();
        let err = SqliteStorage::open(&path, SqliteOptions::default(), LiveIds::default()).err().expect("refused");
        assert!(err.to_string().contains("left untouched") || err.to_string().contains("cannot be read"), "{err}");
        let version: i64 = sql(&path).query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(version, 1, "the failed migration was rolled back");
        let n: i64 = sql(&path).query_row("SELECT count(*) FROM games", [], |r| r.get(0)).unwrap();
        assert_eq!(n, 1);
        let _ = before;
    }

    #[tokio::test]
    async fn every_running_clock_stops_for_the_side_to_move_and_a_crash_does_not_count_the_downtime() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let s = open(&path);
        // A room with Dark to move after one move (its clock since 1,000) and one with Light to
        // move after none (set up from a position with Light to move, since 2,000).
        let (mut a, ops) = room_ops(1);
        s.write(ops).await.unwrap();
        let mv = a.game().position().legal_routes()[0];
        a.seated.play(&mv, 500).unwrap();
        a.seated.stop_clock(500);
        a.seated.start_clock(1_000);
        let mut ops = a.save_ops();
        ops.insert(1, Op::AddMove { key: a.game_key(), ply: 1, text: a.seated.stored_move(1, None).text, spent_ms: 500, msg_id: None });
        s.write(ops).await.unwrap();
        let (mut b, _) = room_ops(2);
        b.seated = crate::seated_game::SeatedGame::new(draughts_rules::Game::from_position(
            draughts_rules::notation::fen::parse(Variant::English, "W:W21-32:B1-12").unwrap(),
        ));
        b.seated.start_clock(2_000);
        let mut ops = b.save_ops();
        ops.insert(1, b.new_game_op(1));
        s.write(ops).await.unwrap();
        assert_eq!(s.stop_clocks(11_000).await.unwrap(), 2);
        let ga = s.game(a.game_key()).await.unwrap().unwrap();
        let gb = s.game(b.game_key()).await.unwrap().unwrap();
        // English: Dark moved first (499 ms from the start at 1); Light is to move since 1,000.
        assert_eq!(ga.clock, Clock::new([10_000, 499], None));
        assert_eq!(gb.clock, Clock::new([9_000, 0], None));
        // A crash: a clock running when the server last said it was alive stops there.
        s.write(vec![Op::SaveGame { key: b.game_key(), clock: Clock::new([9_000, 0], Some(20_000)), result: None, settings: None }]).await.unwrap();
        sql(&path).execute("UPDATE server_state SET value = 25000 WHERE key = 'alive_at'", []).unwrap();
        drop(s);
        // The writer may record a later sign of life as it stops: set it back, as a kill would.
        sql(&path).execute("UPDATE server_state SET value = 25000 WHERE key = 'alive_at'", []).unwrap();
        let s = open(&path);
        let gb = s.game(b.game_key()).await.unwrap().unwrap();
        assert_eq!(gb.clock, Clock::new([9_000 + 5_000, 0], None), "the downtime after 25,000 counts for nobody");
        let _ = StoredResult { winner: None, reason: String::new() };
    }

    #[tokio::test]
    async fn puzzle_attempts_keep_the_standing_newest_first_and_survive_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let s = open(&path);
        assert_eq!(s.puzzle_standing("russian".into()).await.unwrap(), None);
        let first = crate::puzzles::rate(&crate::puzzles::new_standing(), 2, true, false);
        let second = crate::puzzles::rate(&first, 4, false, true);
        for (id, st) in [("aaa", &first), ("bbb", &second)] {
            let a = super::PuzzleAttempt { variant: "russian".into(), puzzle: id.into(), solved: st.streak > 0, hinted: id == "bbb", at: 1000, standing: st.clone() };
            s.write(vec![Op::PuzzleAttempt(a)]).await.unwrap();
        }
        drop(s);
        let s = open(&path);
        let got = s.puzzle_attempts("russian".into(), 10).await.unwrap();
        assert_eq!(got.iter().map(|a| a.puzzle.as_str()).collect::<Vec<_>>(), ["bbb", "aaa"]);
        assert!(got[0].hinted && !got[0].solved && got[1].solved);
        assert_eq!(s.puzzle_standing("russian".into()).await.unwrap(), Some(second));
        assert!(s.puzzle_attempts("english".into(), 10).await.unwrap().is_empty());
        // The same attempt number twice is refused: a standing never forks.
        let again = super::PuzzleAttempt { variant: "russian".into(), puzzle: "ccc".into(), solved: true, hinted: false, at: 2000, standing: first.clone() };
        assert!(s.write(vec![Op::PuzzleAttempt(again)]).await.is_err());
    }

    #[tokio::test]
    async fn a_schema_3_file_gets_the_puzzle_attempts_and_keeps_its_games() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let t = table_with_moves(&open(&path)).await;
        sql(&path).execute_batch("DROP TABLE puzzle_attempts; PRAGMA user_version = 3;").unwrap();
        let s = open(&path);
        let version: i64 = sql(&path).query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(version, 4);
        assert_eq!(s.game(Table::key(Variant::English)).await.unwrap().unwrap().moves.len(), t.game().ply());
        assert!(s.puzzle_attempts("english".into(), 5).await.unwrap().is_empty());
    }
}
