//! The `draughts` command line. Run `draughts --help` for the subcommands.

mod moves_cmd;
mod perft_cmd;

use clap::{Parser, Subcommand};
use draughts_rules::Variant;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "draughts", version, about = "Draughts for every rule set: rules, analysis, and a web app")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf positions N plies ahead (perft), for each depth 1..N.
    Perft(perft_cmd::Args),
    /// List the legal moves of a position.
    Moves(moves_cmd::Args),
}

/// Parses a variant id for clap, listing the ids on error.
pub fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse::<Variant>().map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(a) => perft_cmd::run(a),
        Command::Moves(a) => moves_cmd::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
