//! `draughts hub`: our engine speaking the Hub protocol (version 2, as Scan defines it) on
//! standard input and output, for draughts GUIs and match tools. See docs/hub.md.

use anyhow::Result;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_a: Args) -> Result<ExitCode> {
    let stdin = std::io::stdin();
    draughts_engine::hub::run_engine(stdin.lock(), std::io::stdout());
    Ok(ExitCode::SUCCESS)
}
