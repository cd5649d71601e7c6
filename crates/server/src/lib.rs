//! # draughts-server
//!
//! The web app behind `draughts serve`: an axum HTTP server with the web pages embedded
//! ([`assets`]), a JSON API that referees every move with the rules crate ([`api`], described in
//! `docs/api.md`), one saved game per rule set in SQLite ([`store`], [`table`]), and the
//! computer's moves from `draughts-engine`, searched on a bounded pool of blocking threads so
//! that other requests never wait for them ([`engine`]), and the limits that keep one client
//! from shutting out the others ([`limits`]).
//!
//! Online rooms (issue 4) are meant to sit beside this: more routes under `/api/rooms` and a
//! WebSocket under `/ws`, tables in store slots named `room/<id>` next to the local
//! `local/<variant>` ones, and the same [`wire`] shapes for positions and moves.

pub mod api;
pub mod assets;
pub mod clock;
pub mod engine;
pub mod guard;
pub mod limits;
pub mod pdn_io;
pub mod rooms;
pub mod seated_game;
pub mod store;
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
use std::sync::{Arc, Mutex};
use store::Store;
use table::Table;

/// The guides data file: rules text and worked examples per rule set. The same file is read by
/// the tests, which check every example against the rules crate (`tests/guides.rs`).
pub const GUIDES_JSON: &str = include_str!("../guides.json");

/// The database and the tables loaded from it.
pub struct Db {
    pub store: Store,
    pub tables: HashMap<Variant, Table>,
}

/// Shared state of the server.
#[derive(Clone)]
pub struct AppState {
    pub db: Arc<Mutex<Db>>,
    pub db_path: Arc<PathBuf>,
    /// Online rooms (issue 4, [`rooms`]).
    pub rooms: rooms::Rooms,
    /// The computer's searches, bounded ([`engine::Searchers`]).
    pub engine: engine::Searchers,
}

impl AppState {
    /// Opens the database at `path` (see [`Store::open`] for the errors).
    pub fn open(path: &Path) -> Result<AppState, store::StoreError> {
        let store = Store::open(path)?;
        let rooms = rooms::Rooms::open(path, rooms::RoomsConfig::from_env())?;
        Ok(AppState { db: Arc::new(Mutex::new(Db { store, tables: HashMap::new() })), db_path: Arc::new(path.to_path_buf()), rooms, engine: engine::Searchers::for_this_machine() })
    }

    /// Pauses every running clock (at shutdown, so that a restart brings back the exact times).
    pub fn pause_clocks(&self) {
        let Ok(mut db) = self.db.lock() else { return };
        let db = &mut *db;
        for table in db.tables.values_mut() {
            if let Err(e) = table.set_clock_running(&mut db.store, false) {
                tracing::error!("could not pause a clock: {e}");
            }
        }
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

/// What `draughts serve` needs.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to listen on; port 0 picks a free port (the URL printed tells which).
    pub addr: SocketAddr,
    /// The database file.
    pub db: PathBuf,
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
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
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
    let state = AppState::open(&config.db)?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| ServeError::Bind { addr: config.addr, source })?;
    let addr = listener.local_addr()?;
    println!("Database: {}", config.db.display());
    println!("Open http://{addr}/");
    tracing::info!(%addr, db = %config.db.display(), "draughts web app started");
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
    limits::serve_limited(listener, app, conn_limits, shutdown_signal()).await?;
    state.pause_clocks();
    state.rooms.shutdown().await;
    // Everything is in the database file: leave no write-ahead log behind.
    if let Ok(db) = state.db.lock() {
        if let Err(e) = db.store.checkpoint() {
            tracing::warn!("database checkpoint at shutdown: {e}");
        }
    }
    tracing::info!("stopped; clocks paused and saved");
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
