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

/// Why the database cannot be used. The message says which file and what to do; the file itself
/// is never modified after such an error.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be opened or read as SQLite (corrupt, not a database, no permission).
    #[error("the database {path} cannot be read: {reason}. It was left untouched; move it away to start afresh, or pass --db with another file")]
    Unreadable { path: PathBuf, reason: String },
    /// The file is an SQLite database of another program, or of a newer version of this one.
    #[error("the database {path} {reason}. It was left untouched; pass --db with another file")]
    Foreign { path: PathBuf, reason: String },
    /// A query failed while the server was running.
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
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
        let unreadable = |e: &dyn std::fmt::Display| StoreError::Unreadable { path: path.to_path_buf(), reason: e.to_string() };
        if let Some(dir) = path.parent() {
            if !dir.as_os_str().is_empty() {
                std::fs::create_dir_all(dir).map_err(|e| unreadable(&e))?;
            }
        }
        let existed = path.exists() && std::fs::metadata(path).map(|m| m.len() > 0).unwrap_or(false);
        let conn = Connection::open(path).map_err(|e| unreadable(&e))?;
        // Reading the header pages is the first thing that fails on a file that is not SQLite.
        let app_id: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).map_err(|e| unreadable(&e))?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| unreadable(&e))?;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(|e| unreadable(&e))?;
        if existed {
            let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(|e| unreadable(&e))?;
            if check != "ok" {
                return Err(unreadable(&format!("integrity check failed ({check})")));
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
        store.migrate().map_err(|e| unreadable(&e))?;
        Ok(store)
    }

    /// The file this store writes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn migrate(&self) -> rusqlite::Result<()> {
        self.conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")?;
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
    pub fn load(&self, slot: &str) -> Result<Option<StoredGame>, StoreError> {
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
            .optional()?;
        let Some(mut game) = row else { return Ok(None) };
        let mut stmt = self.conn.prepare("SELECT ply, text, spent_ms FROM moves WHERE slot = ?1 ORDER BY ply")?;
        let rows = stmt.query_map([slot], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?)))?;
        for (i, row) in rows.enumerate() {
            let (ply, text, spent_ms) = row?;
            if ply != i as i64 + 1 {
                // A gap means moves were lost; replaying the rest would give a wrong game.
                return Err(StoreError::Unreadable {
                    path: self.path.clone(),
                    reason: format!("the saved game {slot} misses move {}", i + 1),
                });
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

    /// Removes the moves after `ply` (undo).
    pub fn truncate(&mut self, slot: &str, ply: usize) -> Result<(), StoreError> {
        self.conn.execute("DELETE FROM moves WHERE slot = ?1 AND ply > ?2", params![slot, ply as i64])?;
        self.conn.execute("UPDATE games SET ended_by = NULL, loser = NULL, updated_at = ?2 WHERE slot = ?1", params![slot, now_ms()])?;
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

    /// Stores a result decided outside the rules (`resignation`) and who lost.
    pub fn set_ended_by(&mut self, slot: &str, ended_by: Option<(&str, &str)>) -> Result<(), StoreError> {
        self.conn.execute(
            "UPDATE games SET ended_by = ?2, loser = ?3, updated_at = ?4 WHERE slot = ?1",
            params![slot, ended_by.map(|e| e.0), ended_by.map(|e| e.1), now_ms()],
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
