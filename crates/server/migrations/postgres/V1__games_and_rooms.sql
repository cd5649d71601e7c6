-- The PostgreSQL schema of draughts, as the SQLite schema 3 (crates/server/src/storage/schema.rs):
-- one pair of tables for every game and its moves, owned by a local slot (`local/<variant>`) or a
-- room (`room/<id>`), the rooms' own rows, and each node's last sign of life. Times are Unix
-- milliseconds.
CREATE TABLE rooms (
    id         TEXT PRIMARY KEY,
    variant    TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    token0     TEXT,
    token1     TEXT,
    game_no    BIGINT NOT NULL,
    meta       TEXT NOT NULL,
    create_key TEXT UNIQUE
);
CREATE INDEX rooms_updated ON rooms (updated_at);

CREATE TABLE games (
    owner        TEXT NOT NULL,
    game_no      BIGINT NOT NULL,
    variant      TEXT NOT NULL,
    start_fen    TEXT NOT NULL,
    light_player BIGINT NOT NULL DEFAULT 0,
    settings     TEXT,
    draw_rules   TEXT NOT NULL DEFAULT 'simplified',
    winner       TEXT,
    reason       TEXT,
    light_ms     BIGINT NOT NULL DEFAULT 0,
    dark_ms      BIGINT NOT NULL DEFAULT 0,
    clock_since  BIGINT,
    started_at   BIGINT NOT NULL,
    ended_at     BIGINT,
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (owner, game_no)
);
-- Running clocks, for stopping them when the whole service stops.
CREATE INDEX games_running ON games (clock_since) WHERE clock_since IS NOT NULL;

-- The key (owner, game_no, ply) makes a second writer of the same ply fail, whichever node it
-- runs on: a game's moves are applied one at a time and never twice.
CREATE TABLE moves (
    owner     TEXT NOT NULL,
    game_no   BIGINT NOT NULL,
    ply       BIGINT NOT NULL,
    text      TEXT NOT NULL,
    spent_ms  BIGINT NOT NULL,
    msg_id    TEXT,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (owner, game_no, ply),
    FOREIGN KEY (owner, game_no) REFERENCES games (owner, game_no) ON DELETE CASCADE
);

-- `alive/<node>`: the last time each server node was known alive.
CREATE TABLE server_state (
    key   TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
