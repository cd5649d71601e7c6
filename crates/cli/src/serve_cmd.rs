//! `draughts serve`: the web app. Prints the database path and the address to open.

use clap::Args as ClapArgs;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `draughts serve`.
#[derive(ClapArgs)]
pub struct Args {
    /// Address to listen on (port 0 picks a free port; the printed URL tells which).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The SQLite database file (created on first start). Default: the user's data folder,
    /// e.g. ~/.local/share/draughts/draughts.sqlite3.
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// A PostgreSQL database instead of the SQLite file, for several server nodes sharing it:
    /// postgres://user:password@host:port/database (the schema is created or migrated at
    /// start). Also read from DATABASE_URL; --db, when given, wins. See docs/deploy.md.
    #[arg(long, env = "DATABASE_URL", value_name = "URL")]
    pub database: Option<String>,
    /// A public address the server is reached under, e.g. https://draughts.example.org/
    /// (repeatable). Without it, pages are served to IP addresses and localhost only: other host
    /// names are refused, which stops DNS-rebinding pages.
    #[arg(long = "public-url", value_name = "URL")]
    pub public_urls: Vec<String>,
    /// Connections open at once, all clients together. Default: the open-file limit (raised
    /// to the hard limit at start) less a reserve, at most 16384.
    #[arg(long = "max-connections", value_name = "N")]
    pub max_connections: Option<usize>,
    /// Connections open at once from one client address; more are refused (HTTP 503, or a
    /// WebSocket closed with code 1013). Default: 64, or a quarter of --max-connections.
    #[arg(long = "max-connections-per-address", value_name = "N")]
    pub max_connections_per_address: Option<usize>,
    /// The address of a reverse proxy in front of this server (repeatable): on its
    /// connections the client's address is read from X-Forwarded-For (docs/deploy.md).
    #[arg(long = "trust-proxy", value_name = "IP")]
    pub trust_proxy: Vec<std::net::IpAddr>,
    /// Rooms one client address may create a minute, and at once (default 10); past that
    /// `POST /api/rooms` answers 429 with Retry-After.
    #[arg(long = "rooms-per-minute", value_name = "N")]
    pub rooms_per_minute: Option<u32>,
    /// Folder of the endgame databases the computer's levels 7 and 8 read when present
    /// (default: the user's data folder, `draughts/egdb`; see `draughts egdb info`).
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
}

/// Runs the web app until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    draughts_server::init_logging();
    let database_url = if args.db.is_some() { None } else { args.database };
    let db = args.db.unwrap_or_else(draughts_server::default_db_path);
    draughts_server::run_blocking(draughts_server::ServeConfig {
        addr: args.addr,
        db,
        database_url,
        public_urls: args.public_urls,
        max_connections: args.max_connections,
        max_connections_per_address: args.max_connections_per_address,
        trusted_proxies: args.trust_proxy,
        rooms_per_minute: args.rooms_per_minute,
        egdb_dir: args.egdb,
    })?;
    Ok(ExitCode::SUCCESS)
}
