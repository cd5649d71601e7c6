-- The local player's puzzle attempts, as the SQLite schema 4 (crates/server/src/storage/schema.rs):
-- one row per judged attempt, numbered per rule set, with the player's standing after it (the
-- newest row of a rule set is the standing). Times are Unix milliseconds.
CREATE TABLE puzzle_attempts (
    variant      TEXT NOT NULL,
    attempt_no   BIGINT NOT NULL,
    puzzle       TEXT NOT NULL,
    solved       BOOLEAN NOT NULL,
    hinted       BOOLEAN NOT NULL,
    rating       DOUBLE PRECISION NOT NULL,
    deviation    DOUBLE PRECISION NOT NULL,
    volatility   DOUBLE PRECISION NOT NULL,
    streak       BIGINT NOT NULL,
    solved_count BIGINT NOT NULL,
    played_at    BIGINT NOT NULL,
    PRIMARY KEY (variant, attempt_no)
);
