//! `draughts moves`: the legal moves of a position.

use anyhow::Result;
use draughts_rules::notation::movetext;
use crate::move_json::CliMove;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: crate::position_args::PositionArgs,
    /// Print JSON: a list of {"move","path":[...],"captures":[...]}.
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let pos = a.position.position()?;
    let moves = pos.legal_moves();
    if a.json {
        let list: Vec<CliMove> = moves.iter().map(|m| CliMove::new(a.position.variant, m)).collect();
        outln!("{}", serde_json::to_string(&list)?)?;
    } else {
        for m in &moves {
            outln!("{}", movetext::write(a.position.variant, m))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
