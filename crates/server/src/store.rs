//! SQLite storage: one saved game per slot (`local/english`, ... ; online rooms will add their
//! own slots), every move stored as it is made, and the elapsed-time clock.
//!
//! The database is opened, never replaced: a file that is not our database, or one whose schema
//! is newer than this program, is refused with [`StoreError`] and left untouched on disk.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// `PRAGMA application_id` of our databases ("DRGT"), so that another program's SQLite file is
/// recognised and refused instead of being written into.
const APPLICATION_ID: i64 = 0x4452_4754;
/// `PRAGMA user_version`: the schema version this program writes.
const SCHEMA_VERSION: i64 = 1;

/// Why the database, or one game in it, cannot be used. The message says which file or game and
/// what to do; the file itself is never modified after such an error.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be opened or read as SQLite (corrupt, not a database).
    #[error("the database {path} cannot be read: {reason}. It was left untouched; to start afresh pass --db with another file (keep this one: its games may still be recovered)")]
    Unreadable { path: PathBuf, reason: String },
    /// This user may not read or write the file, its folder, or the `-wal`/`-shm` files beside it.
    #[error("the database {path} cannot be opened: {reason}. Check its permissions: this user must be able to read and write it, its folder and the -wal and -shm files beside it (or pass --db with a file this user may write)")]
    NoAccess { path: PathBuf, reason: String },
    /// The file is an SQLite database of another program, or of a newer version of this one.
    #[error("the database {path} {reason}. It was left untouched; pass --db with another file")]
    Foreign { path: PathBuf, reason: String },
    /// One saved game cannot be read (a move is missing, a value is not what this program
    /// wrote); every other game is unaffected.
    #[error("the saved game {slot} cannot be read: {reason}. It is kept in the database unchanged; start a new game to replace it")]
    Game { slot: String, reason: String },
    /// A query failed while the server was running.
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
}

impl StoreError {
    /// The error for a database that could not be opened: [`StoreError::NoAccess`] when the
    /// cause is a permission (or a read-only file system), else [`StoreError::Unreadable`].
    pub fn cannot_open(path: &Path, e: &(dyn std::error::Error + 'static)) -> StoreError {
        use rusqlite::ErrorCode::{CannotOpen, PermissionDenied, ReadOnly};
        let denied = match (e.downcast_ref::<std::io::Error>(), e.downcast_ref::<rusqlite::Error>()) {
            (Some(io), _) => matches!(io.kind(), std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem),
            (_, Some(sql)) => matches!(sql.sqlite_error_code(), Some(PermissionDenied | ReadOnly | CannotOpen)),
            _ => false,
        };
        let (path, reason) = (path.to_path_buf(), e.to_string());
        if denied {
            StoreError::NoAccess { path, reason }
        } else {
            StoreError::Unreadable { path, reason }
        }
    }
}

/// The write-ahead log (`<db>-wal`) is cut back to this size whenever it starts over, and a
/// writer that finds it longer checkpoints it (copies it into the database and empties it).
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
pub fn checkpoint_truncate(conn: &Connection) -> rusqlite::Result<bool> {
    for attempt in 0..20 {
        if checkpoint_truncate_once(conn)? {
            return Ok(true);
        }
        if attempt < 19 {
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
    }
    Ok(false)
}

/// One `TRUNCATE` checkpoint; `false` when another connection's checkpoint or reader was in
/// the way (nothing is lost: the log is emptied by a later one).
pub fn checkpoint_truncate_once(conn: &Connection) -> rusqlite::Result<bool> {
    match conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0)) {
        Ok(busy) => Ok(busy == 0),
        Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The settings of a table (guide wording: "table settings").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSettings {
    /// `computer` or `two-player`.
    pub mode: String,
    /// The computer's level, 1..=8.
    pub level: u8,
    /// The side the person plays against the computer: `light` or `dark`.
    pub human_side: String,
    /// Two players: turn the board towards the side to move after each move.
    pub turn_board: bool,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// The move in the variant's notation with its full path (`32x23x14`).
    pub text: String,
    /// Milliseconds the mover's clock ran for this move.
    pub spent_ms: i64,
}

/// One saved game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The variant id.
    pub variant: String,
    pub settings: StoredSettings,
    /// The start position as FEN.
    pub start_fen: String,
    /// Moves in order.
    pub moves: Vec<StoredMove>,
    /// A result decided outside the rules (`resignation`), with the loser: (`reason`, `light`|`dark`).
    pub ended_by: Option<(String, String)>,
    /// Elapsed milliseconds of finished turns: `[light, dark]`.
    pub elapsed_ms: [i64; 2],
    /// When the running turn's clock started (Unix milliseconds), or `None` while paused.
    pub clock_since: Option<i64>,
}

/// The database connection.
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

impl Store {
    /// Opens (or creates) the database at `path`, creating its folder when missing.
    ///
    /// Errors: [`StoreError::Unreadable`] for a corrupt file or one that is not SQLite,
    /// [`StoreError::Foreign`] for another program's database or a newer schema. In both cases
    /// nothing was written to the file.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let failed = |e: &(dyn std::error::Error + 'static)| StoreError::cannot_open(path, e);
        if let Some(dir) = path.parent() {
            if !dir.as_os_str().is_empty() {
                std::fs::create_dir_all(dir).map_err(|e| failed(&e))?;
            }
        }
        let existed = path.exists() && std::fs::metadata(path).map(|m| m.len() > 0).unwrap_or(false);
        let conn = Connection::open(path).map_err(|e| failed(&e))?;
        // Reading the header pages is the first thing that fails on a file that is not SQLite.
        let app_id: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).map_err(|e| failed(&e))?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| failed(&e))?;
        let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)).map_err(|e| failed(&e))?;
        if existed {
            let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(|e| failed(&e))?;
            if check != "ok" {
                return Err(StoreError::Unreadable { path: path.to_path_buf(), reason: format!("integrity check failed ({check})") });
            }
            if app_id != APPLICATION_ID && (app_id != 0 || tables > 0) {
                return Err(StoreError::Foreign {
                    path: path.to_path_buf(),
                    reason: "is not a draughts database (it belongs to another program)".into(),
                });
            }
            if version > SCHEMA_VERSION {
                return Err(StoreError::Foreign {
                    path: path.to_path_buf(),
                    reason: format!("was written by a newer version of draughts (schema {version}, this program knows {SCHEMA_VERSION})"),
                });
            }
        }
        let store = Store { conn, path: path.to_path_buf() };
        store.migrate().map_err(|e| failed(&e))?;
        Ok(store)
    }

    /// The file this store writes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn migrate(&self) -> rusqlite::Result<()> {
        // The log is cut back to WAL_SIZE_LIMIT whenever it starts over; SQLite's automatic
        // checkpoint (every 1000 pages) keeps it from growing between.
        self.conn.execute_batch(&format!(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;
             PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}; PRAGMA wal_autocheckpoint = 1000;"
        ))?;
        self.conn.execute_batch(&format!(
            "BEGIN;
             PRAGMA application_id = {APPLICATION_ID};
             PRAGMA user_version = {SCHEMA_VERSION};
             CREATE TABLE IF NOT EXISTS games (
                 slot        TEXT PRIMARY KEY,
                 variant     TEXT NOT NULL,
                 mode        TEXT NOT NULL,
                 level       INTEGER NOT NULL,
                 human_side  TEXT NOT NULL,
                 turn_board  INTEGER NOT NULL,
                 start_fen   TEXT NOT NULL,
                 ended_by    TEXT,
                 loser       TEXT,
                 light_ms    INTEGER NOT NULL DEFAULT 0,
                 dark_ms     INTEGER NOT NULL DEFAULT 0,
                 clock_since INTEGER,
                 created_at  INTEGER NOT NULL,
                 updated_at  INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS moves (
                 slot      TEXT NOT NULL REFERENCES games(slot) ON DELETE CASCADE,
                 ply       INTEGER NOT NULL,
                 text      TEXT NOT NULL,
                 spent_ms  INTEGER NOT NULL,
                 played_at INTEGER NOT NULL,
                 PRIMARY KEY (slot, ply)
             );
             COMMIT;"
        ))
    }

    /// Loads the game of a slot, if one was saved.
    ///
    /// Errors: [`StoreError::Game`] when this game cannot be read (a move is missing, a value
    /// is not what this program writes); the other slots are not affected.
    pub fn load(&self, slot: &str) -> Result<Option<StoredGame>, StoreError> {
        let bad = |reason: String| StoreError::Game { slot: slot.to_string(), reason };
        // A value of the wrong type is this game's problem, not the database's.
        let unreadable = |e: rusqlite::Error| match e {
            rusqlite::Error::FromSqlConversionFailure(..) | rusqlite::Error::InvalidColumnType(..) | rusqlite::Error::IntegralValueOutOfRange(..) => {
                bad(format!("a stored value is unreadable ({e})"))
            }
            e => StoreError::Sql(e),
        };
        let row = self
            .conn
            .query_row(
                "SELECT variant, mode, level, human_side, turn_board, start_fen, ended_by, loser, light_ms, dark_ms, clock_since
                 FROM games WHERE slot = ?1",
                [slot],
                |r| {
                    Ok(StoredGame {
                        variant: r.get(0)?,
                        settings: StoredSettings {
                            mode: r.get(1)?,
                            level: r.get::<_, i64>(2)?.clamp(0, 255) as u8,
                            human_side: r.get(3)?,
                            turn_board: r.get::<_, i64>(4)? != 0,
                        },
                        start_fen: r.get(5)?,
                        moves: Vec::new(),
                        ended_by: match (r.get::<_, Option<String>>(6)?, r.get::<_, Option<String>>(7)?) {
                            (Some(a), Some(b)) => Some((a, b)),
                            _ => None,
                        },
                        elapsed_ms: [r.get(8)?, r.get(9)?],
                        clock_since: r.get(10)?,
                    })
                },
            )
            .optional()
            .map_err(unreadable)?;
        let Some(mut game) = row else { return Ok(None) };
        let mut stmt = self.conn.prepare("SELECT ply, text, spent_ms FROM moves WHERE slot = ?1 ORDER BY ply")?;
        let rows = stmt.query_map([slot], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?)))?;
        for (i, row) in rows.enumerate() {
            let (ply, text, spent_ms) = row.map_err(unreadable)?;
            if ply != i as i64 + 1 {
                // A gap means moves were lost; replaying the rest would give a wrong game.
                return Err(bad(format!("it misses move {}", i + 1)));
            }
            game.moves.push(StoredMove { text, spent_ms });
        }
        Ok(Some(game))
    }

    /// Replaces the game of a slot with a new one without moves (a new game or a set-up).
    pub fn create(&mut self, slot: &str, game: &StoredGame) -> Result<(), StoreError> {
        let now = now_ms();
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM moves WHERE slot = ?1", [slot])?;
        tx.execute(
            "INSERT OR REPLACE INTO games (slot, variant, mode, level, human_side, turn_board, start_fen, ended_by, loser,
                 light_ms, dark_ms, clock_since, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL, NULL, ?8, ?9, ?10, ?11, ?11)",
            params![
                slot,
                game.variant,
                game.settings.mode,
                game.settings.level as i64,
                game.settings.human_side,
                game.settings.turn_board as i64,
                game.start_fen,
                game.elapsed_ms[0],
                game.elapsed_ms[1],
                game.clock_since,
                now
            ],
        )?;
        for (i, m) in game.moves.iter().enumerate() {
            tx.execute(
                "INSERT INTO moves (slot, ply, text, spent_ms, played_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![slot, i as i64 + 1, m.text, m.spent_ms, now],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Appends move number `ply` (1-based) and the clock after it, in one transaction.
    pub fn push_move(&mut self, slot: &str, ply: usize, mv: &StoredMove, elapsed_ms: [i64; 2], clock_since: Option<i64>) -> Result<(), StoreError> {
        let now = now_ms();
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (slot, ply, text, spent_ms, played_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![slot, ply as i64, mv.text, mv.spent_ms, now],
        )?;
        tx.execute(
            "UPDATE games SET light_ms = ?2, dark_ms = ?3, clock_since = ?4, updated_at = ?5 WHERE slot = ?1",
            params![slot, elapsed_ms[0], elapsed_ms[1], clock_since, now],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Takes back the moves after `ply` and stores the clock after it, in one transaction:
    /// an undo also lifts a resignation.
    pub fn undo_to(&mut self, slot: &str, ply: usize, elapsed_ms: [i64; 2], clock_since: Option<i64>) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM moves WHERE slot = ?1 AND ply > ?2", params![slot, ply as i64])?;
        let n = tx.execute(
            "UPDATE games SET ended_by = NULL, loser = NULL, light_ms = ?2, dark_ms = ?3, clock_since = ?4, updated_at = ?5 WHERE slot = ?1",
            params![slot, elapsed_ms[0], elapsed_ms[1], clock_since, now_ms()],
        )?;
        if n != 1 {
            return Err(StoreError::Sql(rusqlite::Error::QueryReturnedNoRows));
        }
        tx.commit()?;
        Ok(())
    }

    /// Stores a resignation: who lost and the clock, stopped (one statement).
    pub fn resign(&mut self, slot: &str, loser: &str, elapsed_ms: [i64; 2]) -> Result<(), StoreError> {
        let n = self.conn.execute(
            "UPDATE games SET ended_by = 'resignation', loser = ?2, light_ms = ?3, dark_ms = ?4, clock_since = NULL, updated_at = ?5 WHERE slot = ?1",
            params![slot, loser, elapsed_ms[0], elapsed_ms[1], now_ms()],
        )?;
        if n != 1 {
            return Err(StoreError::Sql(rusqlite::Error::QueryReturnedNoRows));
        }
        Ok(())
    }

    /// Stores the clock: elapsed time of finished turns and when the running turn started.
    pub fn set_clock(&mut self, slot: &str, elapsed_ms: [i64; 2], clock_since: Option<i64>) -> Result<(), StoreError> {
        self.conn.execute(
            "UPDATE games SET light_ms = ?2, dark_ms = ?3, clock_since = ?4, updated_at = ?5 WHERE slot = ?1",
            params![slot, elapsed_ms[0], elapsed_ms[1], clock_since, now_ms()],
        )?;
        Ok(())
    }

    /// Stores the settings that may change during a game (level, board turning).
    pub fn set_settings(&mut self, slot: &str, s: &StoredSettings) -> Result<(), StoreError> {
        self.conn.execute(
            "UPDATE games SET mode = ?2, level = ?3, human_side = ?4, turn_board = ?5, updated_at = ?6 WHERE slot = ?1",
            params![slot, s.mode, s.level as i64, s.human_side, s.turn_board as i64, now_ms()],
        )?;
        Ok(())
    }

    /// Copies the write-ahead log into the database file and empties it (at a clean shutdown).
    pub fn checkpoint(&self) -> Result<(), StoreError> {
        checkpoint_truncate(&self.conn)?;
        Ok(())
    }

    /// Every slot with a saved game.
    pub fn slots(&self) -> Result<Vec<String>, StoreError> {
        let mut stmt = self.conn.prepare("SELECT slot FROM games ORDER BY slot")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> StoredGame {
        StoredGame {
            variant: "english".into(),
            settings: StoredSettings { mode: "computer".into(), level: 3, human_side: "light".into(), turn_board: false },
            start_fen: "B:W21-32:B1-12".into(),
            moves: vec![],
            ended_by: None,
            elapsed_ms: [0, 0],
            clock_since: None,
        }
    }

    #[test]
    fn a_game_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/db.sqlite3");
        {
            let mut s = Store::open(&path).unwrap();
            s.create("local/english", &sample()).unwrap();
            s.push_move("local/english", 1, &StoredMove { text: "11-15".into(), spent_ms: 1200 }, [0, 1200], Some(5)).unwrap();
            s.push_move("local/english", 2, &StoredMove { text: "23-19".into(), spent_ms: 800 }, [800, 1200], Some(6)).unwrap();
        }
        let s = Store::open(&path).unwrap();
        let g = s.load("local/english").unwrap().unwrap();
        assert_eq!(g.moves.len(), 2);
        assert_eq!(g.moves[1], StoredMove { text: "23-19".into(), spent_ms: 800 });
        assert_eq!(g.elapsed_ms, [800, 1200]);
        assert_eq!(g.clock_since, Some(6));
        assert_eq!(s.slots().unwrap(), ["local/english"]);
        assert!(s.load("local/italian").unwrap().is_none());
    }

    /// A two-player table of English draughts with three moves played and its clock running.
    fn table_with_moves(store: &mut Store) -> crate::table::Table {
        use crate::table::{Mode, Settings, Table};
        let v = draughts_rules::Variant::English;
        let slot = Table::local_slot(v);
        let mut t = Table::load_or_create(store, &slot, v).unwrap();
        let settings = Settings { mode: Mode::TwoPlayer, ..Settings::default_for(v) };
        t.new_game(store, None, settings).unwrap();
        for _ in 0..3 {
            let mv = t.game().position().legal_routes()[0];
            t.play_move(store, mv).unwrap();
        }
        t
    }

    /// The stored game after `act` on a table with three moves while every update of the clock
    /// columns fails (as a full disk would halfway through a change): `act` must fail and leave
    /// the stored game as it was. Returns what the test goes on with.
    fn fails_halfway(act: impl FnOnce(&mut crate::table::Table, &mut Store) -> bool) -> (tempfile::TempDir, PathBuf, Store, crate::table::Table, String) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let mut store = Store::open(&path).unwrap();
        let mut t = table_with_moves(&mut store);
        let slot = crate::table::Table::local_slot(draughts_rules::Variant::English);
        let before = store.load(&slot).unwrap().unwrap();
        store
            .conn
            .execute_batch("CREATE TRIGGER break_clock BEFORE UPDATE OF light_ms ON games BEGIN SELECT RAISE(ABORT, 'disk full'); END;")
            .unwrap();
        assert!(!act(&mut t, &mut store), "the clock update fails");
        store.conn.execute_batch("DROP TRIGGER break_clock;").unwrap();
        assert_eq!(store.load(&slot).unwrap().unwrap(), before, "the failed change left the stored game as it was");
        (dir, path, store, t, slot)
    }

    #[test]
    fn a_failed_undo_changes_nothing_stored() {
        let (_dir, path, mut store, mut t, slot) = fails_halfway(|t, store| t.undo(store).is_ok());
        // Play goes on without a hole, and the game loads after a restart.
        let mv = t.game().position().legal_routes()[0];
        t.play_move(&mut store, mv).unwrap();
        drop(store);
        let mut store = Store::open(&path).unwrap();
        let mut again = crate::table::Table::load_or_create(&mut store, &slot, draughts_rules::Variant::English).unwrap();
        assert_eq!(again.game().ply(), 4);
        // And an undo that works takes back one ply with its clock, in one go.
        again.undo(&mut store).unwrap();
        let stored = store.load(&slot).unwrap().unwrap();
        assert_eq!(stored.moves.len(), 3);
        assert!(stored.clock_since.is_some(), "the clock runs on after the undo");
    }

    #[test]
    fn a_failed_resignation_changes_nothing_stored() {
        let (_dir, _path, mut store, mut t, slot) = fails_halfway(|t, store| t.resign(store).is_ok());
        assert!(t.game().outcome().is_none());
        t.resign(&mut store).unwrap();
        let stored = store.load(&slot).unwrap().unwrap();
        assert_eq!(stored.ended_by.as_ref().map(|e| e.0.as_str()), Some("resignation"));
        assert_eq!(stored.clock_since, None);
    }

    #[test]
    fn a_game_with_a_missing_move_is_named_and_the_others_load() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let mut store = Store::open(&path).unwrap();
        table_with_moves(&mut store);
        store.create("local/italian", &StoredGame { variant: "italian".into(), ..sample() }).unwrap();
        store.conn.execute("DELETE FROM moves WHERE slot = 'local/english' AND ply = 2", []).unwrap();
        let err = store.load("local/english").expect_err("refused");
        assert!(matches!(err, StoreError::Game { .. }), "{err:?}");
        let msg = err.to_string();
        assert!(msg.contains("local/english") && msg.contains("move 2"), "{msg}");
        assert!(!msg.contains("move it away") && !msg.contains("--db"), "the advice is about this game, not the database: {msg}");
        assert!(store.load("local/italian").unwrap().is_some(), "the other games still load");
    }

    #[test]
    fn a_permission_error_gets_advice_about_permissions() {
        let path = Path::new("/somewhere/db.sqlite3");
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let msg = StoreError::cannot_open(path, &denied).to_string();
        assert!(msg.contains("permission"), "{msg}");
        assert!(!msg.contains("move it away"), "{msg}");
        let sqlite = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY), None);
        let msg = StoreError::cannot_open(path, &sqlite).to_string();
        assert!(msg.contains("permission"), "{msg}");
        let corrupt = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_NOTADB), None);
        let msg = StoreError::cannot_open(path, &corrupt).to_string();
        assert!(!msg.contains("move it away") && msg.contains("--db"), "{msg}");
    }

    #[test]
    fn a_file_that_is_not_sqlite_is_refused_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let junk = b"this is not a database, but somebody's notes\n".repeat(200);
        std::fs::write(&path, &junk).unwrap();
        let err = Store::open(&path).err().expect("refused");
        let msg = err.to_string();
        assert!(msg.contains("cannot be read") && msg.contains("left untouched"), "{msg}");
        assert_eq!(std::fs::read(&path).unwrap(), junk, "the file must not change");
    }

    #[test]
    fn another_programs_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.sqlite3");
        Connection::open(&path).unwrap().execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (1);").unwrap();
        let before = std::fs::read(&path).unwrap();
        let msg = Store::open(&path).err().expect("refused").to_string();
        assert!(msg.contains("not a draughts database"), "{msg}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        drop(Store::open(&path).unwrap());
        Connection::open(&path).unwrap().execute_batch("PRAGMA user_version = 99;").unwrap();
        let msg = Store::open(&path).err().expect("refused").to_string();
        assert!(msg.contains("newer version"), "{msg}");
    }
}
