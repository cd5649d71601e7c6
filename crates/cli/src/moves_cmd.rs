//! `draughts moves`: the legal moves of a position.

use anyhow::Result;
use draughts_rules::notation::{movetext, square};
use draughts_rules::Variant;
use serde::Serialize;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: crate::position_args::PositionArgs,
    /// Print JSON: a list of {"move","path":[...],"captures":[...]}.
    #[arg(long)]
    json: bool,
}

/// One legal move as printed by `--json`; squares named as in the variant's PDN.
#[derive(Serialize)]
pub struct MoveJson {
    #[serde(rename = "move")]
    pub text: String,
    pub path: Vec<String>,
    pub captures: Vec<String>,
}

impl MoveJson {
    pub fn new(v: Variant, m: &draughts_rules::Move) -> MoveJson {
        let mut path = vec![square::name(v, m.from())];
        path.extend(m.landings().iter().map(|&b| square::name(v, b as u32)));
        MoveJson { text: movetext::write(v, m), path, captures: m.captured_squares().map(|b| square::name(v, b)).collect() }
    }
}

pub fn run(a: Args) -> Result<ExitCode> {
    let pos = a.position.position()?;
    let moves = pos.legal_moves();
    if a.json {
        let list: Vec<MoveJson> = moves.iter().map(|m| MoveJson::new(a.position.variant, m)).collect();
        outln!("{}", serde_json::to_string(&list)?)?;
    } else {
        for m in &moves {
            outln!("{}", movetext::write(a.position.variant, m))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
