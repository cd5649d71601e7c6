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
    /// A public address the server is reached under, e.g. https://draughts.example.org/
    /// (repeatable). Without it, pages are served to IP addresses and localhost only: other host
    /// names are refused, which stops DNS-rebinding pages.
    #[arg(long = "public-url", value_name = "URL")]
    pub public_urls: Vec<String>,
}

/// Runs the web app until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    draughts_server::init_logging();
    let db = args.db.unwrap_or_else(draughts_server::default_db_path);
    draughts_server::run_blocking(draughts_server::ServeConfig { addr: args.addr, db, public_urls: args.public_urls })?;
    Ok(ExitCode::SUCCESS)
}
