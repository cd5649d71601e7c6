//! The SQLite schema and its migrations. `PRAGMA user_version` says which schema a file holds:
//! 1 kept local games (`games`/`moves` by slot) apart from rooms' games
//! (`room_games`/`room_moves`), and a room's clock inside its JSON state; 2 keeps every game and
//! its moves in one pair of tables, owned by a local slot or a room, with the clock in the game's
//! row; 3 adds the draw rules each game is judged by (`games.draw_rules`: `simplified`, the
//! default every earlier game was played under, or `fmjd`); 4 adds the local player's puzzle
//! attempts (`puzzle_attempts`, each with the standing it left). A file is migrated in one
//! transaction when opened: it is never replaced, and a failed migration leaves it as it was.

use rusqlite::{params, Transaction};

/// `PRAGMA application_id` of our databases ("DRGT"), so that another program's SQLite file is
/// recognised and refused instead of being written into.
pub(super) const APPLICATION_ID: i64 = 0x4452_4754;
/// `PRAGMA user_version`: the schema version this program writes.
pub(super) const SCHEMA_VERSION: i64 = 4;

/// The puzzle attempts of schema 4 (as PostgreSQL's `V2__puzzles.sql`): one row per judged
/// attempt, numbered per rule set, with the player's standing after it.
const PUZZLES: &str = "
CREATE TABLE IF NOT EXISTS puzzle_attempts (
    variant    TEXT NOT NULL,
    attempt_no INTEGER NOT NULL,
    puzzle     TEXT NOT NULL,
    solved     INTEGER NOT NULL,
    hinted     INTEGER NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    streak     INTEGER NOT NULL,
    solved_count INTEGER NOT NULL,
    played_at  INTEGER NOT NULL,
    PRIMARY KEY (variant, attempt_no)
) WITHOUT ROWID;
";

/// Schema 3. `games` and `moves` are clustered by their keys (`WITHOUT ROWID`): a move writes
/// one page of the moves b-tree, not a table page and an index page.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id         TEXT PRIMARY KEY,
    variant    TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    token0     TEXT,
    token1     TEXT,
    game_no    INTEGER NOT NULL,
    meta       TEXT NOT NULL,
    create_key TEXT UNIQUE
);
CREATE INDEX IF NOT EXISTS rooms_updated ON rooms(updated_at);
CREATE TABLE IF NOT EXISTS games (
    owner        TEXT NOT NULL,
    game_no      INTEGER NOT NULL,
    variant      TEXT NOT NULL,
    start_fen    TEXT NOT NULL,
    light_player INTEGER NOT NULL DEFAULT 0,
    settings     TEXT,
    draw_rules   TEXT NOT NULL DEFAULT 'simplified',
    winner       TEXT,
    reason       TEXT,
    light_ms     INTEGER NOT NULL DEFAULT 0,
    dark_ms      INTEGER NOT NULL DEFAULT 0,
    clock_since  INTEGER,
    started_at   INTEGER NOT NULL,
    ended_at     INTEGER,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (owner, game_no)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moves (
    owner     TEXT NOT NULL,
    game_no   INTEGER NOT NULL,
    ply       INTEGER NOT NULL,
    text      TEXT NOT NULL,
    spent_ms  INTEGER NOT NULL,
    msg_id    TEXT,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (owner, game_no, ply),
    FOREIGN KEY (owner, game_no) REFERENCES games(owner, game_no) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS server_state (
    key   TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
";

fn has_table(tx: &Transaction, name: &str) -> rusqlite::Result<bool> {
    tx.query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", [name], |r| r.get::<_, i64>(0)).map(|n| n > 0)
}

fn has_column(tx: &Transaction, table: &str, column: &str) -> rusqlite::Result<bool> {
    tx.query_row("SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2", [table, column], |r| r.get::<_, i64>(0)).map(|n| n > 0)
}

/// Brings the file to [`SCHEMA_VERSION`] inside `tx`: creates the tables of a new file, moves
/// the games of a schema-1 file into the shared tables, adds the draw rules column to a
/// schema-2 file. Returns what was migrated, for the log.
pub(super) fn migrate(tx: &Transaction, version: i64) -> rusqlite::Result<Option<String>> {
    let mut done = None;
    if version < 2 && (has_table(tx, "games")? || has_table(tx, "rooms")?) {
        done = Some(from_v1(tx)?);
    } else {
        tx.execute_batch(SCHEMA)?;
    }
    // Schema 2 to 3 (the tables of a new or schema-1 file have the column already): every game
    // stored so far was played under the simplified draw rules, the column's default.
    if !has_column(tx, "games", "draw_rules")? {
        tx.execute_batch("ALTER TABLE games ADD COLUMN draw_rules TEXT NOT NULL DEFAULT 'simplified';")?;
        let note = "schema 2 migrated to 3: each game now records its draw rules (every earlier one: simplified)".to_string();
        done = Some(done.map_or(note.clone(), |d| format!("{d}; {note}")));
    }
    // Schema 3 to 4: the puzzle attempts' table (a new file gets it here too).
    if !has_table(tx, "puzzle_attempts")? {
        tx.execute_batch(PUZZLES)?;
        if version > 0 && version < 4 {
            let note = "schema 3 migrated to 4: puzzle attempts are kept".to_string();
            done = Some(done.map_or(note.clone(), |d| format!("{d}; {note}")));
        }
    }
    tx.execute_batch(&format!("PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {SCHEMA_VERSION};"))?;
    let hashed = hash_plain_tokens(tx)?;
    if hashed > 0 {
        let note = format!("seat tokens of {hashed} earlier rooms now stored hashed");
        done = Some(done.map_or(note.clone(), |d| format!("{d}; {note}")));
    }
    Ok(done)
}

/// Schema 1 to 2: the old tables are renamed out of the way, their rows copied into the new
/// ones (a room's clock from its JSON state into its current game's row), and dropped.
fn from_v1(tx: &Transaction) -> rusqlite::Result<String> {
    let local = has_table(tx, "games")?;
    let rooms = has_table(tx, "rooms")?;
    // Indexes keep their names when their table is renamed: drop them first.
    tx.execute_batch("DROP INDEX IF EXISTS rooms_updated;")?;
    if local {
        tx.execute_batch("ALTER TABLE games RENAME TO v1_games; ALTER TABLE moves RENAME TO v1_moves;")?;
    }
    if rooms {
        tx.execute_batch(
            "ALTER TABLE rooms RENAME TO v1_rooms; ALTER TABLE room_games RENAME TO v1_room_games;
             ALTER TABLE room_moves RENAME TO v1_room_moves;",
        )?;
    }
    tx.execute_batch(SCHEMA)?;
    let (mut games, mut moves, mut room_rows) = (0, 0, 0);
    if local {
        games += tx.execute(
            "INSERT INTO games (owner, game_no, variant, start_fen, light_player, settings, winner, reason,
                 light_ms, dark_ms, clock_since, started_at, ended_at, updated_at)
             SELECT slot, 1, variant, start_fen, 0,
                 json_object('mode', mode, 'level', level, 'human_side', human_side,
                             'turn_board', json(CASE WHEN turn_board THEN 'true' ELSE 'false' END)),
                 CASE loser WHEN 'light' THEN 'dark' WHEN 'dark' THEN 'light' END, ended_by,
                 light_ms, dark_ms, clock_since, created_at,
                 CASE WHEN ended_by IS NOT NULL THEN updated_at END, updated_at
             FROM v1_games",
            [],
        )?;
        moves += tx.execute("INSERT INTO moves SELECT slot, 1, ply, text, spent_ms, NULL, played_at FROM v1_moves", [])?;
        tx.execute_batch("DROP TABLE v1_moves; DROP TABLE v1_games;")?;
    }
    if rooms {
        room_rows = tx.execute(
            "INSERT INTO rooms (id, variant, created_at, updated_at, token0, token1, game_no, meta)
             SELECT id, variant, created_at, updated_at, token0, token1, game_no, json_remove(meta, '$.elapsed', '$.clock_since')
             FROM v1_rooms",
            [],
        )?;
        games += tx.execute(
            "INSERT INTO games (owner, game_no, variant, start_fen, light_player, settings, winner, reason,
                 light_ms, dark_ms, clock_since, started_at, ended_at, updated_at)
             SELECT 'room/' || g.room_id, g.game_no, r.variant, g.start_fen, g.light_player, NULL, g.winner, g.reason,
                 CASE WHEN g.game_no = r.game_no THEN coalesce(json_extract(r.meta, '$.elapsed[0]'), 0) ELSE 0 END,
                 CASE WHEN g.game_no = r.game_no THEN coalesce(json_extract(r.meta, '$.elapsed[1]'), 0) ELSE 0 END,
                 CASE WHEN g.game_no = r.game_no THEN json_extract(r.meta, '$.clock_since') END,
                 g.started_at, g.ended_at, coalesce(g.ended_at, r.updated_at)
             FROM v1_room_games g JOIN v1_rooms r ON r.id = g.room_id",
            [],
        )?;
        moves += tx.execute(
            "INSERT INTO moves SELECT 'room/' || room_id, game_no, ply, text, spent_ms, msg_id, played_at FROM v1_room_moves",
            [],
        )?;
        tx.execute_batch("DROP TABLE v1_room_moves; DROP TABLE v1_room_games; DROP TABLE v1_rooms;")?;
    }
    // Schema 1 kept no sign of life: a clock it left running stops at the file's last write
    // (see `SqliteStorage::open`), not at this start, so the time it lay unused counts for nobody.
    tx.execute(
        "INSERT OR IGNORE INTO server_state (key, value)
         SELECT 'alive_at', max(t) FROM (SELECT max(updated_at) AS t FROM games UNION ALL SELECT max(played_at) FROM moves
                                         UNION ALL SELECT max(updated_at) FROM rooms)
         HAVING max(t) IS NOT NULL",
        [],
    )?;
    Ok(format!("schema 1 migrated to 2: {games} games, {moves} moves, {room_rows} rooms"))
}

/// Seat tokens are stored hashed; rows written before that hold the token itself.
pub(super) const HASH_PREFIX: &str = "sha256:";

/// Replaces every seat token stored in plain text (by an earlier version) with its hash.
fn hash_plain_tokens(tx: &Transaction) -> rusqlite::Result<usize> {
    let plain: Vec<(String, [Option<String>; 2])> = {
        let mut stmt = tx.prepare(&format!(
            "SELECT id, token0, token1 FROM rooms WHERE substr(token0, 1, {n}) <> '{HASH_PREFIX}' OR substr(token1, 1, {n}) <> '{HASH_PREFIX}'",
            n = HASH_PREFIX.len()
        ))?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, [r.get(1)?, r.get(2)?])))?;
        rows.collect::<Result<_, _>>()?
    };
    let hashed = |t: &Option<String>| t.as_ref().map(|t| if t.starts_with(HASH_PREFIX) { t.clone() } else { crate::rooms::token_hash(t) });
    for (id, tokens) in &plain {
        tx.execute("UPDATE rooms SET token0 = ?2, token1 = ?3 WHERE id = ?1", params![id, hashed(&tokens[0]), hashed(&tokens[1])])?;
    }
    Ok(plain.len())
}

/// Schema 1 exactly as version 1 of this program wrote it, for the migration tests.
#[cfg(test)]
pub(super) const SCHEMA_V1: &str = "
PRAGMA application_id = 1146242900; PRAGMA user_version = 1;
CREATE TABLE games (
    slot TEXT PRIMARY KEY, variant TEXT NOT NULL, mode TEXT NOT NULL, level INTEGER NOT NULL,
    human_side TEXT NOT NULL, turn_board INTEGER NOT NULL, start_fen TEXT NOT NULL, ended_by TEXT,
    loser TEXT, light_ms INTEGER NOT NULL DEFAULT 0, dark_ms INTEGER NOT NULL DEFAULT 0,
    clock_since INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
CREATE TABLE moves (
    slot TEXT NOT NULL REFERENCES games(slot) ON DELETE CASCADE, ply INTEGER NOT NULL,
    text TEXT NOT NULL, spent_ms INTEGER NOT NULL, played_at INTEGER NOT NULL, PRIMARY KEY (slot, ply)
);
CREATE TABLE rooms (
    id TEXT PRIMARY KEY, variant TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    token0 TEXT, token1 TEXT, game_no INTEGER NOT NULL, meta TEXT NOT NULL
);
CREATE INDEX rooms_updated ON rooms(updated_at);
CREATE TABLE room_games (
    room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE, game_no INTEGER NOT NULL,
    light_player INTEGER NOT NULL, start_fen TEXT NOT NULL, winner TEXT, reason TEXT,
    started_at INTEGER NOT NULL, ended_at INTEGER, PRIMARY KEY (room_id, game_no)
);
CREATE TABLE room_moves (
    room_id TEXT NOT NULL, game_no INTEGER NOT NULL, ply INTEGER NOT NULL, text TEXT NOT NULL,
    spent_ms INTEGER NOT NULL, msg_id TEXT, played_at INTEGER NOT NULL,
    PRIMARY KEY (room_id, game_no, ply),
    FOREIGN KEY (room_id, game_no) REFERENCES room_games(room_id, game_no) ON DELETE CASCADE
);
";
