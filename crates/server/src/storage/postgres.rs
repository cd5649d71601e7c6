//! PostgreSQL storage, for a site that outgrows one machine: `draughts serve --database
//! postgres://...`. The same tables as the SQLite schema (`migrations/postgres/`, run by
//! refinery at start under an advisory lock, so that nodes starting together migrate once), a
//! pool of connections (deadpool-postgres), one transaction per [`Storage::write`].
//!
//! Several nodes may share the database. Each records its own sign of life once a second
//! (`server_state` key `alive/<node>`), and the clocks are stopped only when the whole service
//! stops: at a node's clean shutdown when no other node is alive, and at a start when none was
//! alive (after a crash of the last one, at the last moment any node was known alive). While
//! another node is alive, the games go on there and their clocks keep running.

use super::notification::{self, RoomMove};
use super::{describe_owner, GameKey, LiveIds, Op, PresenceCounts, PuzzleAttempt, PuzzleStanding, RoomChange, Storage, StorageError, StorageFuture, StoredGame, StoredMove, StoredRoom};
use crate::clock::Clock;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use std::collections::HashSet;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use deadpool_postgres::GenericClient;
use tokio_postgres::{NoTls, Row};

mod embedded {
    refinery::embed_migrations!("migrations/postgres");
}

/// The key of the advisory lock held while a node migrates the schema and stops the clocks of
/// a stopped service ("DRGT").
const OPEN_LOCK: i64 = 0x4452_4754;
/// How often a node records that it is alive.
const ALIVE_EVERY: Duration = Duration::from_secs(1);
/// A node not heard of for this long is taken as stopped.
const ALIVE_GRACE_MS: i64 = 5_000;
const SWEEP_EVERY: Duration = Duration::from_secs(3600);
/// The channel on which a node tells the others that a room changed; the payload is written
/// and read by [`super::notification`] (the node, the room, and a move when the change is one).
const ROOMS_CHANNEL: &str = "draughts_rooms";
/// Waits before connecting the LISTEN connection again after it dropped: doubled from the
/// first up to the last.
const LISTEN_BACKOFF: (Duration, Duration) = (Duration::from_millis(100), Duration::from_secs(5));
/// Connections in the pool of one node.
const POOL_SIZE: usize = 16;

/// How the PostgreSQL storage runs.
#[derive(Clone, Debug)]
pub struct PostgresOptions {
    /// Rooms idle this long are deleted with their games by the hourly sweep.
    pub room_expiry: Duration,
}

enum Later {
    Ops(Vec<Op>),
    Flush(oneshot::Sender<()>),
}

/// The PostgreSQL storage: a connection pool and this node's background work (its sign of
/// life, the expiry sweep, the writes queued by [`Storage::write_later`]), which stops when the
/// storage is dropped.
pub struct PostgresStorage {
    pool: Pool,
    location: String,
    /// This node's key in `server_state`.
    alive_key: String,
    later: mpsc::UnboundedSender<Later>,
    background: Vec<tokio::task::JoinHandle<()>>,
    /// The other nodes' room changes, until the rooms service takes them.
    changes: std::sync::Mutex<Option<mpsc::UnboundedReceiver<RoomChange>>>,
    /// Whether the LISTEN connection is up.
    listening: Arc<AtomicBool>,
}

impl Drop for PostgresStorage {
    fn drop(&mut self) {
        for t in &self.background {
            t.abort();
        }
    }
}

fn db_err(e: impl std::fmt::Display) -> StorageError {
    StorageError::Db(e.to_string())
}

/// `postgres://user@host:port/db` of a configuration: where the data lives, never a password.
fn describe(config: &tokio_postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(h)) => h.clone(),
        #[cfg(unix)]
        Some(tokio_postgres::config::Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config.get_user().map(|u| format!("{u}@")).unwrap_or_default();
    format!("postgres://{user}{host}:{port}/{}", config.get_dbname().unwrap_or(""))
}

impl PostgresStorage {
    /// Connects to the database at `url` (`postgres://user:password@host:port/db`, or the
    /// key-value form), migrates its schema, stops the clocks left running when the whole
    /// service stopped (a crash of its last node), and starts this node's background work on
    /// the current Tokio runtime. `live` is the set of loaded rooms the expiry sweep leaves alone.
    ///
    /// Errors: [`StorageError::Unreachable`] for an address that cannot be read or a database
    /// that cannot be reached or refuses the user; [`StorageError::Foreign`] for a schema newer
    /// than this program's.
    pub async fn open(url: &str, opts: PostgresOptions, live: LiveIds) -> Result<PostgresStorage, StorageError> {
        let config = tokio_postgres::Config::from_str(url).map_err(|e| StorageError::Unreachable {
            location: "the --database address".into(),
            reason: format!("it is not a PostgreSQL address ({e}); write it as postgres://user:password@host:port/database"),
        })?;
        let location = describe(&config);
        let listen_config = config.clone();
        let unreachable = |e: &dyn std::error::Error| StorageError::Unreachable { location: location.clone(), reason: causes(e) };
        let manager = Manager::from_config(config, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .wait_timeout(Some(Duration::from_secs(10)))
            .create_timeout(Some(Duration::from_secs(10)))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| unreachable(&e))?;
        let mut client = pool.get().await.map_err(|e| unreachable(&e))?;
        client.execute("SELECT pg_advisory_lock($1)", &[&OPEN_LOCK]).await.map_err(|e| unreachable(&e))?;
        let opened = Self::migrate_and_recover(&mut client, &location).await;
        // Released before any error is returned; the pool's connection would keep it otherwise.
        let _ = client.execute("SELECT pg_advisory_unlock($1)", &[&OPEN_LOCK]).await;
        opened?;
        drop(client);
        let alive_key = format!("alive/{:016x}", rand_u64());
        let (later, later_rx) = mpsc::unbounded_channel();
        let (changes_tx, changes) = mpsc::unbounded_channel();
        let listening = Arc::new(AtomicBool::new(false));
        let mut s = PostgresStorage {
            pool,
            location,
            alive_key,
            later,
            background: Vec::new(),
            changes: std::sync::Mutex::new(Some(changes)),
            listening: listening.clone(),
        };
        s.record_alive().await?;
        s.background.push(tokio::spawn(alive_loop(s.pool.clone(), s.alive_key.clone())));
        s.background.push(tokio::spawn(sweep_loop(s.pool.clone(), opts, live)));
        s.background.push(tokio::spawn(later_loop(s.pool.clone(), later_rx, s.alive_key.clone())));
        s.background.push(tokio::spawn(listen_loop(listen_config, s.alive_key.clone(), changes_tx, listening)));
        Ok(s)
    }

    async fn migrate_and_recover(client: &mut deadpool_postgres::Object, location: &str) -> Result<(), StorageError> {
        let runner = embedded::migrations::runner().set_abort_missing(true);
        let pg: &mut tokio_postgres::Client = client.as_mut();
        if let Err(e) = runner.run_async(pg).await {
            return Err(match e.kind() {
                refinery::error::Kind::MissingVersion(m) => StorageError::Foreign {
                    path: location.into(),
                    reason: format!("was written by a newer version of draughts (it has migration {m}, which this program does not know)"),
                },
                _ => StorageError::Unreachable { location: location.to_string(), reason: format!("its schema could not be brought up to date: {e}") },
            });
        }
        let now = super::now_ms();
        let last: Option<i64> =
            client.query_one("SELECT max(value) FROM server_state WHERE key LIKE 'alive/%'", &[]).await.map_err(db_err)?.get(0);
        if let Some(at) = last.filter(|at| *at < now - ALIVE_GRACE_MS) {
            let n = stop_clocks(client, at).await?;
            if n > 0 {
                tracing::info!(clocks = n, "clocks left running when the service stopped were stopped at its last sign of life");
            }
        }
        client.execute("DELETE FROM server_state WHERE key LIKE 'alive/%' AND value < $1", &[&(now - ALIVE_GRACE_MS)]).await.map_err(db_err)?;
        Ok(())
    }

    async fn record_alive(&self) -> Result<(), StorageError> {
        let c = self.pool.get().await.map_err(db_err)?;
        record_alive(&c, &self.alive_key, super::now_ms()).await
    }
}

/// An error with its causes, innermost last ("error connecting to server: Connection refused").
fn causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let more = s.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        source = s.source();
    }
    text
}

fn rand_u64() -> u64 {
    let mut b = [0u8; 8];
    // A node id needs no secrecy; the time is a fallback that still differs between nodes.
    if getrandom::fill(&mut b).is_err() {
        return super::now_ms() as u64 ^ std::process::id() as u64;
    }
    u64::from_le_bytes(b)
}

async fn record_alive(c: &impl GenericClient, key: &str, at: i64) -> Result<(), StorageError> {
    c.execute("INSERT INTO server_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2", &[&key, &at])
        .await
        .map_err(db_err)?;
    Ok(())
}

async fn alive_loop(pool: Pool, key: String) {
    let mut tick = tokio::time::interval(ALIVE_EVERY);
    loop {
        tick.tick().await;
        let r = match pool.get().await {
            Ok(mut c) => match record_alive(&c, &key, super::now_ms()).await {
                Ok(()) => sweep_dead_nodes(&mut c).await,
                Err(e) => Err(e),
            },
            Err(e) => Err(db_err(e)),
        };
        if let Err(e) = r {
            tracing::warn!("could not record the node's sign of life: {e}");
        }
    }
}

/// Forgets the nodes not heard of for [`ALIVE_GRACE_MS`] (stopped or cut off): their
/// connections to rooms are gone, and the rooms they were in are announced to every node, so
/// that the players left there are seen as away. Two nodes sweeping at once delete each row once.
async fn sweep_dead_nodes(c: &mut deadpool_postgres::Object) -> Result<(), StorageError> {
    let tx = c.transaction().await.map_err(db_err)?;
    let cutoff = super::now_ms() - ALIVE_GRACE_MS;
    let dead = tx.query("DELETE FROM server_state WHERE key LIKE 'alive/%' AND value < $1 RETURNING key", &[&cutoff]).await.map_err(db_err)?;
    if !dead.is_empty() {
        let nodes: Vec<String> = dead.iter().map(|r| r.get(0)).collect();
        let rooms = tx.query("DELETE FROM room_presence WHERE node = ANY($1) RETURNING room", &[&nodes]).await.map_err(db_err)?;
        let rooms: HashSet<String> = rooms.iter().map(|r| r.get(0)).collect();
        // Announced as nobody's change: the sweeping node reads these rooms again too.
        for room in rooms {
            notify(&tx, "", &room, None).await?;
        }
    }
    tx.commit().await.map_err(db_err)
}

/// Tells every node (on commit of `tx`) that room `room` changed, as node `node`, with the move
/// `news` when the change is one.
async fn notify(tx: &deadpool_postgres::Transaction<'_>, node: &str, room: &str, news: Option<&RoomMove>) -> Result<(), StorageError> {
    // Prepared once per connection: one round trip and no parsing or planning per move.
    let st = tx.prepare_cached("SELECT pg_notify($1, $2)").await.map_err(db_err)?;
    tx.execute(&st, &[&ROOMS_CHANNEL, &notification::encode(node, room, news)]).await.map_err(db_err)?;
    Ok(())
}

/// This node's one connection outside the pool that LISTENs for the other nodes' room changes.
/// When it drops, it is connected again with a growing wait; after every (re)connection every
/// loaded room is read again ([`RoomChange::All`]): changes made meanwhile were not heard.
async fn listen_loop(config: tokio_postgres::Config, me: String, out: mpsc::UnboundedSender<RoomChange>, listening: Arc<AtomicBool>) {
    use futures_util::StreamExt;
    let mut wait = LISTEN_BACKOFF.0;
    loop {
        match config.connect(NoTls).await {
            Ok((client, mut connection)) => {
                let (heard_tx, mut heard) = mpsc::unbounded_channel();
                // The connection delivers notifications only while it is polled.
                let driver = tokio::spawn(async move {
                    let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                    while let Some(Ok(m)) = messages.next().await {
                        if let tokio_postgres::AsyncMessage::Notification(n) = m {
                            if heard_tx.send(n.payload().to_string()).is_err() {
                                break;
                            }
                        }
                    }
                });
                match client.batch_execute(&format!("LISTEN {ROOMS_CHANNEL}")).await {
                    Ok(()) => {
                        listening.store(true, Ordering::Relaxed);
                        wait = LISTEN_BACKOFF.0;
                        if out.send(RoomChange::All).is_err() {
                            return;
                        }
                        while let Some(payload) = heard.recv().await {
                            let heard = match notification::decode(&payload) {
                                Ok(h) => h,
                                Err(e) => {
                                    tracing::warn!("{e}");
                                    continue;
                                }
                            };
                            if heard.node == me {
                                continue;
                            }
                            if let Some(e) = heard.unreadable {
                                tracing::warn!("{e}");
                            }
                            if out.send(heard.change).is_err() {
                                return;
                            }
                        }
                        listening.store(false, Ordering::Relaxed);
                        tracing::warn!("the connection listening for the other nodes' changes dropped; connecting again");
                    }
                    Err(e) => tracing::warn!("cannot listen for the other nodes' changes: {}", causes(&e)),
                }
                driver.abort();
            }
            Err(e) => tracing::warn!("cannot connect to listen for the other nodes' changes: {}", causes(&e)),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(LISTEN_BACKOFF.1);
    }
}

async fn sweep_loop(pool: Pool, opts: PostgresOptions, live: LiveIds) {
    let mut tick = tokio::time::interval(SWEEP_EVERY);
    loop {
        tick.tick().await;
        let keep = live.lock().map(|l| l.clone()).unwrap_or_default();
        let cutoff = super::now_ms() - opts.room_expiry.as_millis() as i64;
        match expire(&pool, cutoff, keep).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(rooms = n, "expired idle rooms deleted"),
            Err(e) => tracing::error!("room expiry sweep failed: {e}"),
        }
    }
}

async fn later_loop(pool: Pool, mut rx: mpsc::UnboundedReceiver<Later>, node: String) {
    while let Some(l) = rx.recv().await {
        match l {
            Later::Ops(ops) => {
                if let Err(e) = write(&pool, &ops, &node).await {
                    tracing::warn!("queued write failed: {e}");
                }
            }
            Later::Flush(done) => {
                let _ = done.send(());
            }
        }
    }
}

/// Commits `ops` as one transaction; every room they change (besides its activity time) is
/// notified to the other nodes in it, so that they hear of it once it is committed and only then.
async fn write(pool: &Pool, ops: &[Op], node: &str) -> Result<(), StorageError> {
    let mut c = pool.get().await.map_err(db_err)?;
    let tx = c.transaction().await.map_err(db_err)?;
    let now = super::now_ms();
    let mut rooms = Vec::new();
    for op in ops {
        apply(&tx, op, now).await?;
        if let Some(room) = changed_room(op) {
            if !rooms.contains(&room) {
                rooms.push(room);
            }
        }
    }
    for room in rooms {
        notify(&tx, node, room, RoomMove::of_ops(ops, room).as_ref()).await?;
    }
    tx.commit().await.map_err(db_err)
}

/// The room whose players see what `op` changes.
fn changed_room(op: &Op) -> Option<&str> {
    match op {
        Op::SaveRoom { id, .. } => Some(id),
        Op::NewGame { key, .. } | Op::SaveGame { key, .. } | Op::AddMove { key, .. } | Op::Truncate { key, .. } => key.owner.strip_prefix("room/"),
        Op::Touch { .. } | Op::PuzzleAttempt(_) => None,
    }
}

/// A second writer of the same key (a ply, a game) is [`StorageError::Conflict`]: another node
/// was first.
fn conflict_or_err(what: String) -> impl Fn(tokio_postgres::Error) -> StorageError {
    move |e| {
        if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) {
            StorageError::Conflict(what.clone())
        } else {
            db_err(e)
        }
    }
}

fn n64(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

async fn apply(tx: &deadpool_postgres::Transaction<'_>, op: &Op, now: i64) -> Result<(), StorageError> {
    match op {
        Op::SaveRoom { id, variant, created_at, tokens, game_no, meta, create_key } => {
            // A room's state carries its revision (`rev`, one more on each change): the row is
            // replaced only from the revision it was read at, so that a node whose copy is
            // behind another node's change never undoes it.
            let rev = serde_json::from_str::<serde_json::Value>(meta).ok().and_then(|m| m.get("rev").and_then(|r| r.as_i64()));
            let st = tx
                .prepare_cached(
                    "INSERT INTO rooms (id, variant, created_at, updated_at, token0, token1, game_no, meta, create_key)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                     ON CONFLICT (id) DO UPDATE SET token0 = $5, token1 = $6, game_no = $7, meta = $8,
                         updated_at = CASE WHEN rooms.updated_at < $4 - $10 THEN $4 ELSE rooms.updated_at END
                     WHERE $11::BIGINT IS NULL OR coalesce((rooms.meta::jsonb ->> 'rev')::BIGINT, 0) = $11::BIGINT - 1",
                )
                .await
                .map_err(db_err)?;
            let n = tx
                .execute(&st, &[id, variant, created_at, &now, &tokens[0], &tokens[1], &n64(*game_no), meta, create_key, &ACTIVITY_STEP_MS, &rev])
                .await
                .map_err(db_err)?;
            if n != 1 {
                return Err(StorageError::Conflict(format!("room {}", crate::rooms::room_tag(id))));
            }
        }
        Op::NewGame { key, variant, draw_rules, start_fen, light_player, started_at, replace } => {
            if *replace {
                tx.execute("DELETE FROM games WHERE owner = $1", &[&key.owner]).await.map_err(db_err)?;
            }
            tx.execute(
                "INSERT INTO games (owner, game_no, variant, draw_rules, start_fen, light_player, started_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                &[&key.owner, &n64(key.game_no), variant, draw_rules, start_fen, &i64::from(*light_player), started_at, &now],
            )
            .await
            .map_err(conflict_or_err(describe_owner(&key.owner, key.game_no)))?;
        }
        Op::SaveGame { key, clock, result, settings } => {
            let (winner, reason) = match result {
                Some(r) => (r.winner, Some(r.reason.as_str())),
                None => (None, None),
            };
            let st = tx
                .prepare_cached(
                    "UPDATE games SET light_ms = $3, dark_ms = $4, clock_since = $5, winner = $6, reason = $7,
                         ended_at = CASE WHEN $7::TEXT IS NULL THEN NULL ELSE coalesce(ended_at, $9) END,
                         settings = coalesce($8, settings), updated_at = $9
                     WHERE owner = $1 AND game_no = $2",
                )
                .await
                .map_err(db_err)?;
            let n = tx
                .execute(&st, &[&key.owner, &n64(key.game_no), &clock.elapsed[0], &clock.elapsed[1], &clock.clock_since, &winner, &reason, settings, &now])
                .await
                .map_err(db_err)?;
            if n != 1 {
                return Err(StorageError::Db(format!("{} is not stored", describe_owner(&key.owner, key.game_no))));
            }
        }
        Op::AddMove { key, ply, text, spent_ms, msg_id } => {
            let st = tx
                .prepare_cached("INSERT INTO moves (owner, game_no, ply, text, spent_ms, msg_id, played_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .await
                .map_err(db_err)?;
            tx.execute(&st, &[&key.owner, &n64(key.game_no), &n64(*ply), text, spent_ms, msg_id, &now])
                .await
                .map_err(conflict_or_err(format!("{} ply {ply}", describe_owner(&key.owner, key.game_no))))?;
        }
        Op::Truncate { key, ply } => {
            tx.execute("DELETE FROM moves WHERE owner = $1 AND game_no = $2 AND ply > $3", &[&key.owner, &n64(key.game_no), &n64(*ply)])
                .await
                .map_err(db_err)?;
        }
        Op::Touch { room } => {
            tx.execute("UPDATE rooms SET updated_at = $2 WHERE id = $1", &[room, &now]).await.map_err(db_err)?;
        }
        Op::PuzzleAttempt(a) => {
            let s = &a.standing;
            tx.execute(
                "INSERT INTO puzzle_attempts (variant, attempt_no, puzzle, solved, hinted, rating, deviation, volatility, streak, solved_count, played_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                &[&a.variant, &i64::from(s.attempts), &a.puzzle, &a.solved, &a.hinted, &s.rating, &s.deviation, &s.volatility, &i64::from(s.streak), &i64::from(s.solved), &a.at],
            )
            .await
            .map_err(db_err)?;
        }
    }
    Ok(())
}

/// A room's last-activity time is stored to this precision (milliseconds), as in SQLite.
const ACTIVITY_STEP_MS: i64 = 60_000;

/// A value of the wrong type or out of range is this game's problem, not the database's.
fn broken(what: &str) -> impl Fn(tokio_postgres::Error) -> StorageError + '_ {
    move |e| StorageError::Broken { what: what.to_string(), reason: format!("a stored value is unreadable ({e})") }
}

fn small<T: TryFrom<i64>>(v: i64, what: &str, column: &str) -> Result<T, StorageError> {
    T::try_from(v).map_err(|_| StorageError::Broken { what: what.to_string(), reason: format!("its {column} {v} is out of range") })
}

async fn load_game(c: &impl GenericClient, key: &GameKey) -> Result<Option<StoredGame>, StorageError> {
    let game_no: Option<i64> = if key.game_no == 0 {
        c.query_one("SELECT max(game_no) FROM games WHERE owner = $1", &[&key.owner]).await.map_err(db_err)?.get(0)
    } else {
        Some(n64(key.game_no))
    };
    let Some(game_no) = game_no else { return Ok(None) };
    let what = describe_owner(&key.owner, u32::try_from(game_no).unwrap_or(u32::MAX));
    let row = c
        .query_opt(
            "SELECT variant, start_fen, light_player, settings, winner, reason, light_ms, dark_ms, clock_since, started_at, draw_rules
             FROM games WHERE owner = $1 AND game_no = $2",
            &[&key.owner, &game_no],
        )
        .await
        .map_err(db_err)?;
    let Some(r) = row else { return Ok(None) };
    let got = |r: &Row| -> Result<StoredGame, tokio_postgres::Error> {
        let reason: Option<String> = r.try_get(5)?;
        let winner: Option<String> = r.try_get(4)?;
        Ok(StoredGame {
            key: GameKey { owner: key.owner.clone(), game_no: 0 },
            variant: r.try_get(0)?,
            draw_rules: r.try_get(10)?,
            start_fen: r.try_get(1)?,
            light_player: r.try_get::<_, i64>(2)?.clamp(0, 1) as u8,
            settings: r.try_get(3)?,
            result: reason.map(|reason| (winner, reason)),
            clock: Clock::new([r.try_get(6)?, r.try_get(7)?], r.try_get(8)?),
            started_at: r.try_get(9)?,
            moves: Vec::new(),
        })
    };
    let mut game = got(&r).map_err(broken(&what))?;
    game.key.game_no = small(game_no, &what, "game number")?;
    let rows = c
        .query("SELECT ply, text, spent_ms, msg_id FROM moves WHERE owner = $1 AND game_no = $2 ORDER BY ply", &[&key.owner, &game_no])
        .await
        .map_err(db_err)?;
    for (i, r) in rows.iter().enumerate() {
        let ply: i64 = r.try_get(0).map_err(broken(&what))?;
        if ply != i as i64 + 1 {
            // A gap means moves were lost; replaying the rest would give a wrong game.
            return Err(StorageError::Broken { what: what.clone(), reason: format!("it misses move {}", i + 1) });
        }
        let m = (|| Ok::<_, tokio_postgres::Error>(StoredMove { text: r.try_get(1)?, spent_ms: r.try_get(2)?, msg_id: r.try_get(3)? }))();
        game.moves.push(m.map_err(broken(&what))?);
    }
    Ok(Some(game))
}

async fn load_room(c: &impl GenericClient, column: &str, value: &str) -> Result<Option<StoredRoom>, StorageError> {
    let sql = format!("SELECT id, variant, created_at, updated_at, token0, token1, game_no, meta FROM rooms WHERE {column} = $1");
    let Some(r) = c.query_opt(&sql, &[&value]).await.map_err(db_err)? else { return Ok(None) };
    let got = (|| {
        Ok::<_, tokio_postgres::Error>((
            StoredRoom {
                id: r.try_get(0)?,
                variant: r.try_get(1)?,
                created_at: r.try_get(2)?,
                updated_at: r.try_get(3)?,
                tokens: [r.try_get(4)?, r.try_get(5)?],
                game_no: 0,
                meta: r.try_get(7)?,
            },
            r.try_get::<_, i64>(6)?,
        ))
    })();
    let (mut room, game_no) = got.map_err(broken("a room"))?;
    room.game_no = small(game_no, "a room", "game number")?;
    Ok(Some(room))
}

async fn expire(pool: &Pool, cutoff: i64, keep: HashSet<String>) -> Result<usize, StorageError> {
    let mut c = pool.get().await.map_err(db_err)?;
    let tx = c.transaction().await.map_err(db_err)?;
    let keep: Vec<String> = keep.into_iter().collect();
    let gone = tx
        .query("DELETE FROM rooms WHERE updated_at < $1 AND NOT (id = ANY($2)) RETURNING id", &[&cutoff, &keep])
        .await
        .map_err(db_err)?;
    let owners: Vec<String> = gone.iter().map(|r| super::room_owner(r.get::<_, &str>(0))).collect();
    tx.execute("DELETE FROM games WHERE owner = ANY($1)", &[&owners]).await.map_err(db_err)?;
    tx.commit().await.map_err(db_err)?;
    Ok(owners.len())
}

/// Banks every running clock's turn at `at` for the side to move (the start position's side,
/// turned once per move played) and stops it, in one transaction.
async fn stop_clocks(c: &mut deadpool_postgres::Object, at: i64) -> Result<usize, StorageError> {
    let tx = c.transaction().await.map_err(db_err)?;
    // FOR UPDATE: two nodes stopping the service's clocks at once bank each turn once.
    let running = tx
        .query(
            "SELECT g.owner, g.game_no, g.variant, g.start_fen, g.light_ms, g.dark_ms, g.clock_since,
                 (SELECT count(*) FROM moves m WHERE m.owner = g.owner AND m.game_no = g.game_no)
             FROM games g WHERE g.clock_since IS NOT NULL FOR UPDATE",
            &[],
        )
        .await
        .map_err(db_err)?;
    let mut n = 0;
    for r in running {
        let (owner, game_no): (String, i64) = (r.get(0), r.get(1));
        let (variant, start_fen): (String, String) = (r.get(2), r.get(3));
        let Some(clock) = super::stopped_clock(&variant, &start_fen, [r.get(4), r.get(5)], r.get(6), r.get(7), at) else {
            // A game that cannot be read keeps its row as it is (it is reported when opened).
            tracing::warn!("{} has an unreadable start position; its clock is left as stored", describe_owner(&owner, game_no as u32));
            continue;
        };
        tx.execute(
            "UPDATE games SET light_ms = $3, dark_ms = $4, clock_since = NULL WHERE owner = $1 AND game_no = $2",
            &[&owner, &game_no, &clock.elapsed[0], &clock.elapsed[1]],
        )
        .await
        .map_err(db_err)?;
        n += 1;
    }
    tx.commit().await.map_err(db_err)?;
    Ok(n)
}

impl Storage for PostgresStorage {
    fn write(&self, ops: Vec<Op>) -> StorageFuture<'_, ()> {
        Box::pin(async move { write(&self.pool, &ops, &self.alive_key).await })
    }

    fn write_later(&self, ops: Vec<Op>) {
        let _ = self.later.send(Later::Ops(ops));
    }

    fn game(&self, key: GameKey) -> StorageFuture<'_, Option<StoredGame>> {
        Box::pin(async move {
            let c = self.pool.get().await.map_err(db_err)?;
            load_game(&c, &key).await
        })
    }

    fn games(&self, owner: String) -> StorageFuture<'_, Vec<StoredGame>> {
        Box::pin(async move {
            let mut c = self.pool.get().await.map_err(db_err)?;
            // One snapshot: a game started meanwhile is in the list with all its moves or not at all.
            let tx = c.build_transaction().isolation_level(tokio_postgres::IsolationLevel::RepeatableRead).start().await.map_err(db_err)?;
            let numbers = tx.query("SELECT game_no FROM games WHERE owner = $1 ORDER BY game_no", &[&owner]).await.map_err(db_err)?;
            let mut games = Vec::with_capacity(numbers.len());
            for r in numbers {
                let game_no: i64 = r.get(0);
                let key = GameKey { owner: owner.clone(), game_no: small(game_no, &describe_owner(&owner, 0), "game number")? };
                games.extend(load_game(&tx, &key).await?);
            }
            tx.commit().await.map_err(db_err)?;
            Ok(games)
        })
    }

    fn room(&self, id: String) -> StorageFuture<'_, Option<StoredRoom>> {
        Box::pin(async move {
            let c = self.pool.get().await.map_err(db_err)?;
            load_room(&c, "id", &id).await
        })
    }

    fn room_by_key(&self, create_key: String) -> StorageFuture<'_, Option<StoredRoom>> {
        Box::pin(async move {
            let c = self.pool.get().await.map_err(db_err)?;
            load_room(&c, "create_key", &create_key).await
        })
    }

    fn expire_rooms(&self, cutoff: i64, keep: HashSet<String>) -> StorageFuture<'_, usize> {
        Box::pin(expire(&self.pool, cutoff, keep))
    }

    /// Stops the clocks only when no other node is alive: while one is, the games go on there.
    fn stop_clocks(&self, at: i64) -> StorageFuture<'_, usize> {
        Box::pin(async move {
            // This node signs off: it no longer counts as alive for the others.
            self.background[0].abort();
            let mut c = self.pool.get().await.map_err(db_err)?;
            {
                // Its connections go with it; the rooms they were in are told.
                let tx = c.transaction().await.map_err(db_err)?;
                tx.execute("DELETE FROM server_state WHERE key = $1", &[&self.alive_key]).await.map_err(db_err)?;
                let rooms = tx.query("DELETE FROM room_presence WHERE node = $1 RETURNING room", &[&self.alive_key]).await.map_err(db_err)?;
                for r in rooms {
                    notify(&tx, &self.alive_key, r.get(0), None).await?;
                }
                tx.commit().await.map_err(db_err)?;
            }
            let others: i64 = c
                .query_one("SELECT count(*) FROM server_state WHERE key LIKE 'alive/%' AND value >= $1", &[&(at - ALIVE_GRACE_MS)])
                .await
                .map_err(db_err)?
                .get(0);
            if others > 0 {
                return Ok(0);
            }
            stop_clocks(&mut c, at).await
        })
    }

    fn puzzle_attempts(&self, variant: String, limit: usize) -> StorageFuture<'_, Vec<PuzzleAttempt>> {
        Box::pin(async move {
            let c = self.pool.get().await.map_err(db_err)?;
            let rows = c
                .query(
                    "SELECT puzzle, solved, hinted, played_at, rating, deviation, volatility, streak, solved_count, attempt_no
                     FROM puzzle_attempts WHERE variant = $1 ORDER BY attempt_no DESC LIMIT $2",
                    &[&variant, &n64(limit)],
                )
                .await
                .map_err(db_err)?;
            let what = format!("the puzzle attempts of {variant}");
            let read = |r: &Row| -> Result<PuzzleAttempt, StorageError> {
                let unreadable = broken(&what);
                let count = |i: usize, column: &str| -> Result<u32, StorageError> { small(r.try_get::<_, i64>(i).map_err(&unreadable)?, &what, column) };
                Ok(PuzzleAttempt {
                    variant: variant.clone(),
                    puzzle: r.try_get(0).map_err(&unreadable)?,
                    solved: r.try_get(1).map_err(&unreadable)?,
                    hinted: r.try_get(2).map_err(&unreadable)?,
                    at: r.try_get(3).map_err(&unreadable)?,
                    standing: PuzzleStanding {
                        rating: r.try_get(4).map_err(&unreadable)?,
                        deviation: r.try_get(5).map_err(&unreadable)?,
                        volatility: r.try_get(6).map_err(&unreadable)?,
                        streak: count(7, "streak")?,
                        solved: count(8, "solved count")?,
                        attempts: count(9, "attempt number")?,
                    },
                })
            };
            rows.iter().map(read).collect()
        })
    }

    fn flush(&self) -> StorageFuture<'_, ()> {
        Box::pin(async move {
            let (done, rx) = oneshot::channel();
            if self.later.send(Later::Flush(done)).is_ok() {
                let _ = rx.await;
            }
            Ok(())
        })
    }

    fn location(&self) -> String {
        self.location.clone()
    }

    fn subscribe(&self) -> Option<mpsc::UnboundedReceiver<RoomChange>> {
        self.changes.lock().ok()?.take()
    }

    fn listening(&self) -> Option<bool> {
        Some(self.listening.load(Ordering::Relaxed))
    }

    fn set_presence(&self, room: String, counts: PresenceCounts) -> StorageFuture<'_, ()> {
        Box::pin(async move {
            let mut c = self.pool.get().await.map_err(db_err)?;
            let tx = c.transaction().await.map_err(db_err)?;
            if counts == [0; 3] {
                tx.execute("DELETE FROM room_presence WHERE room = $1 AND node = $2", &[&room, &self.alive_key]).await.map_err(db_err)?;
            } else {
                let [s0, s1, w] = counts.map(i64::from);
                tx.execute(
                    "INSERT INTO room_presence (room, node, seat0, seat1, watchers, since) VALUES ($1, $2, $3, $4, $5, $6)
                     ON CONFLICT (room, node) DO UPDATE SET seat0 = $3, seat1 = $4, watchers = $5",
                    &[&room, &self.alive_key, &s0, &s1, &w, &super::now_ms()],
                )
                .await
                .map_err(db_err)?;
            }
            notify(&tx, &self.alive_key, &room, None).await?;
            tx.commit().await.map_err(db_err)
        })
    }

    fn presence(&self, room: String) -> StorageFuture<'_, PresenceCounts> {
        Box::pin(async move {
            let c = self.pool.get().await.map_err(db_err)?;
            // Only live nodes count: a node that stopped without a word holds nobody.
            let r = c
                .query_one(
                    "SELECT coalesce(sum(p.seat0), 0)::BIGINT, coalesce(sum(p.seat1), 0)::BIGINT, coalesce(sum(p.watchers), 0)::BIGINT
                     FROM room_presence p JOIN server_state s ON s.key = p.node
                     WHERE p.room = $1 AND p.node <> $2 AND s.value >= $3",
                    &[&room, &self.alive_key, &(super::now_ms() - ALIVE_GRACE_MS)],
                )
                .await
                .map_err(db_err)?;
            let n = |i: usize| u32::try_from(r.get::<_, i64>(i)).unwrap_or(u32::MAX);
            Ok([n(0), n(1), n(2)])
        })
    }
}
