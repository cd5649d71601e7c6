//! # draughts-server
//!
//! The web app behind `draughts serve`: an axum HTTP server with the web pages embedded
//! ([`assets`]), a JSON API that referees every move with the rules crate ([`api`], described in
//! `docs/api.md`), one saved game per rule set ([`table`]), online rooms ([`rooms`]), both on
//! one seated-game model ([`seated_game`]) and one storage ([`storage`], SQLite by default), the
//! computer's moves from `draughts-engine`, searched on a bounded pool of blocking threads so
//! that other requests never wait for them ([`engine`]), and the limits that keep one client
//! from shutting out the others ([`limits`]).

pub mod analysis;
pub mod api;
pub mod assets;
pub mod clock;
pub mod engine;
pub mod guard;
pub mod guides;
pub mod limits;
pub mod pdn_io;
pub mod puzzles;
pub mod rooms;
pub mod seated_game;
pub mod shutdown;
pub mod storage;
pub mod table;
pub mod wire;

use axum::extract::Request;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use draughts_rules::Variant;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use storage::sqlite::{SqliteOptions, SqliteStorage};
use storage::{Storage, StorageError};
use table::Table;

pub use guides::GUIDES_JSON;

/// Shared state of the server.
#[derive(Clone)]
pub struct AppState {
    /// Where games and rooms are kept.
    pub storage: Arc<dyn Storage>,
    /// The local tables loaded from the storage, one per rule set. An action holds the lock
    /// while its change is written, so that changes of one table are stored in order.
    pub tables: Arc<tokio::sync::Mutex<HashMap<Variant, Table>>>,
    /// Online rooms (issue 4, [`rooms`]).
    pub rooms: rooms::Rooms,
    /// Set once shutdown has begun: every action is refused from then on.
    pub closing: shutdown::Closing,
    /// The computer's searches, bounded ([`engine::Searchers`]).
    pub engine: engine::Searchers,
    /// Held while a puzzle attempt is judged and stored: each attempt follows the standing the
    /// one before it left ([`puzzles`]).
    pub puzzle_attempts: Arc<tokio::sync::Mutex<()>>,
}

impl AppState {
    /// Opens the SQLite database at `path` with the rooms' settings from the environment
    /// ([`rooms::RoomsConfig::from_env`]); see [`SqliteStorage::open`] for the errors.
    pub fn open(path: &Path) -> Result<AppState, StorageError> {
        AppState::open_with(path, rooms::RoomsConfig::from_env())
    }

    /// [`AppState::open`] with the rooms' settings given (its `fsync_each_commit` and
    /// `expire_after` are the storage's too).
    pub fn open_with(path: &Path, cfg: rooms::RoomsConfig) -> Result<AppState, StorageError> {
        let live = storage::LiveIds::default();
        let opts = SqliteOptions { fsync_each_commit: cfg.fsync_each_commit, room_expiry: cfg.expire_after };
        let storage: Arc<dyn Storage> = Arc::new(SqliteStorage::open(path, opts, live.clone())?);
        Ok(AppState::on(storage, cfg, live))
    }

    /// Opens the PostgreSQL database at `url` ([`storage::postgres::PostgresStorage::open`],
    /// which names the errors) with the rooms' settings given.
    pub async fn open_postgres(url: &str, cfg: rooms::RoomsConfig) -> Result<AppState, StorageError> {
        let live = storage::LiveIds::default();
        let opts = storage::postgres::PostgresOptions { room_expiry: cfg.expire_after };
        let storage: Arc<dyn Storage> = Arc::new(storage::postgres::PostgresStorage::open(url, opts, live.clone()).await?);
        Ok(AppState::on(storage, cfg, live))
    }

    /// The server on a storage already opened; `live` is the set of loaded rooms that the
    /// storage's expiry leaves alone.
    pub fn on(storage: Arc<dyn Storage>, cfg: rooms::RoomsConfig, live: storage::LiveIds) -> AppState {
        let closing = shutdown::Closing::default();
        let rooms = rooms::Rooms::new(storage.clone(), cfg, live, closing.clone());
        AppState { storage, tables: Default::default(), rooms, closing, engine: engine::Searchers::for_this_machine(), puzzle_attempts: Default::default() }
    }
}

/// The whole application: API routes, embedded pages, the same-origin guard for a server
/// reached by address or `localhost` ([`guard`]), request logging.
pub fn app(state: AppState) -> Router {
    app_with(state, guard::Guard::default())
}

/// [`app`] with a guard that also answers for public names (`--public-url`).
pub fn app_with(state: AppState, guard: guard::Guard) -> Router {
    Router::new()
        .merge(api::routes())
        .merge(puzzles::routes())
        .merge(rooms::routes())
        .merge(assets::routes())
        .layer(middleware::from_fn_with_state(Arc::new(guard), guard::check))
        // Before the guard: a connection over a cap is answered without further work.
        .layer(middleware::from_fn(limits::refuse_over_limit))
        .layer(axum::extract::DefaultBodyLimit::max(limits::MAX_BODY))
        .layer(middleware::from_fn(limits::json_errors))
        .layer(middleware::from_fn(log_request))
        .with_state(state)
}

async fn log_request(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    // Room ids are secrets: the log names a room by a short hash of its id.
    let path = rooms::loggable_path(req.uri().path());
    let started = std::time::Instant::now();
    let res = next.run(req).await;
    tracing::debug!(%method, %path, status = res.status().as_u16(), ms = started.elapsed().as_millis() as u64, "request");
    res
}

/// Where the database lives when `--db` is not given: the user's data folder
/// (`~/.local/share/draughts/draughts.sqlite3` on Linux), else the working folder.
pub fn default_db_path() -> PathBuf {
    dirs::data_dir().map(|d| d.join("draughts")).unwrap_or_else(|| PathBuf::from(".")).join("draughts.sqlite3")
}

/// Where endgame databases live when `--egdb` / `--dir` is not given: the user's data folder
/// (`~/.local/share/draughts/egdb` on Linux), else `egdb` in the working folder. One folder per
/// variant below it (`draughts_engine::egdb::store`).
pub fn default_egdb_dir() -> PathBuf {
    dirs::data_dir().map(|d| d.join("draughts")).unwrap_or_else(|| PathBuf::from(".")).join("egdb")
}

/// What `draughts serve` needs.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to listen on; port 0 picks a free port (the URL printed tells which).
    pub addr: SocketAddr,
    /// The database file.
    pub db: PathBuf,
    /// A PostgreSQL database (`postgres://user:password@host:port/db`) used instead of the
    /// file `db` (`--database`, `DATABASE_URL`).
    pub database_url: Option<String>,
    /// Public addresses the server is reached under besides IP addresses and `localhost`
    /// (`https://draughts.example.org/`): the [`guard`] refuses other host names.
    pub public_urls: Vec<String>,
    /// Connections open at once, all clients together; `None`: from the open-file limit
    /// ([`limits::ConnLimits::for_open_files`]).
    pub max_connections: Option<usize>,
    /// Connections open at once from one client address; `None`: the default of
    /// [`limits::ConnLimits::for_open_files`].
    pub max_connections_per_address: Option<usize>,
    /// Reverse proxies whose `X-Forwarded-For` header names the client (`--trust-proxy`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Rooms one client address may create a minute (and at once); the default is
    /// [`rooms::RoomsConfig`]'s (10).
    pub rooms_per_minute: Option<u32>,
    /// The folder of the endgame databases read by the computer's levels 7 and 8 when present
    /// (`--egdb`; `None`: [`default_egdb_dir`]).
    pub egdb_dir: Option<PathBuf>,
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] StorageError),
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: SocketAddr, source: std::io::Error },
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Config(String),
}

/// Sets up logging to stderr; `RUST_LOG` overrides the default level (`info`).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}

/// Runs the server until Ctrl-C or SIGTERM. Prints the database path and the URL to open on
/// stdout (the URL line is `Open http://HOST:PORT/`), then logs with tracing.
pub async fn serve(config: ServeConfig) -> Result<(), ServeError> {
    let guard = guard::Guard::new(&config.public_urls).map_err(ServeError::Config)?;
    // A broken puzzle file is the build's mistake: say so before anything starts.
    puzzles::PuzzleSet::embedded().map_err(|e| ServeError::Config(e.to_string()))?;
    let mut rooms_cfg = rooms::RoomsConfig::from_env();
    if let Some(n) = config.rooms_per_minute {
        rooms_cfg.create_burst = n.max(1);
        rooms_cfg.create_per_minute = n.max(1);
    }
    let state = match &config.database_url {
        Some(url) => AppState::open_postgres(url, rooms_cfg).await?,
        None => AppState::open_with(&config.db, rooms_cfg)?,
    };
    let egdb_dir = config.egdb_dir.clone().unwrap_or_else(default_egdb_dir);
    let egdbs = draughts_engine::egdb::Egdb::open_all(&egdb_dir).map_err(|e| ServeError::Config(format!("endgame databases: {e}")))?;
    if !egdbs.is_empty() {
        let what: Vec<String> = egdbs.iter().map(|db| format!("{} up to {} pieces", db.variant(), db.max_pieces())).collect();
        tracing::info!(dir = %egdb_dir.display(), "endgame databases: {}", what.join(", "));
    }
    state.engine.set_egdbs(egdbs);
    let location = state.storage.location();
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| ServeError::Bind { addr: config.addr, source })?;
    let addr = listener.local_addr()?;
    println!("Database: {location}");
    println!("Open http://{addr}/");
    tracing::info!(%addr, db = %location, "draughts web app started");
    let mut conn_limits = match limits::raise_open_files() {
        Ok(files) => {
            match files.raised_from {
                Some(before) => tracing::info!(soft = files.soft, hard = files.hard, "open-file limit raised from {before} to {}", files.soft),
                None => tracing::info!(soft = files.soft, hard = files.hard, "open-file limit"),
            }
            limits::ConnLimits::for_open_files(files.soft)
        }
        Err(e) => {
            tracing::warn!("cannot read or raise the open-file limit ({e}); assuming 1024");
            limits::ConnLimits::for_open_files(1024)
        }
    };
    if let Some(n) = config.max_connections {
        conn_limits.max_connections = n.max(1);
    }
    if let Some(n) = config.max_connections_per_address {
        conn_limits.max_per_address = n.max(1);
    }
    conn_limits.trusted_proxies = config.trusted_proxies.clone();
    tracing::info!(total = conn_limits.max_connections, per_address = conn_limits.max_per_address, trusted_proxies = ?conn_limits.trusted_proxies, "connection limits");
    let app = app_with(state.clone(), guard);
    let stopping = state.clone();
    let stop = async move {
        shutdown_signal().await;
        tracing::info!("shutting down: actions are refused from now on");
        shutdown::shut_down(&stopping).await;
    };
    limits::serve_limited(listener, app, conn_limits, stop).await?;
    // Everything is in the database: leave no write-ahead log behind (SQLite).
    if let Err(e) = state.storage.flush().await {
        tracing::warn!("database checkpoint at shutdown: {e}");
    }
    tracing::info!("stopped; every clock stopped and saved");
    Ok(())
}

/// Builds a Tokio runtime and runs [`serve`] on it (for the CLI).
pub fn run_blocking(config: ServeConfig) -> Result<(), ServeError> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(serve(config))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
