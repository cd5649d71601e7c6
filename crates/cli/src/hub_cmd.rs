//! `draughts hub`: our engine speaking the Hub protocol (version 2, as Scan defines it) on
//! standard input and output, for draughts GUIs and match tools. See docs/hub.md.

use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Folder of the endgame databases probed when present (default: the user's data folder,
    /// `draughts/egdb`; see `draughts egdb info`).
    #[arg(long)]
    egdb: Option<PathBuf>,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let egdbs = crate::egdb_cmd::open_installed(a.egdb)?;
    let stdin = std::io::stdin();
    draughts_engine::hub::run_engine_with(stdin.lock(), std::io::stdout(), egdbs);
    Ok(ExitCode::SUCCESS)
}
