//! `draughts perft`: node counts per depth, with time and leaves per second.

use anyhow::Result;
use draughts_rules::{notation::fen, perft, Position, Variant};
use serde::Serialize;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Rule set: english, american, german, russian, international, turkish, italian, brazilian.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Variant,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Deepest depth to count (each depth from 1 is reported).
    #[arg(long)]
    depth: u32,
    /// Print JSON: a list of {"depth","nodes","seconds"}.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Row {
    depth: u32,
    nodes: u64,
    seconds: f64,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let pos = match &a.fen {
        Some(f) => fen::parse(a.variant, f)?,
        None => Position::start(a.variant),
    };
    let mut rows = Vec::new();
    for depth in 1..=a.depth {
        let t = Instant::now();
        let nodes = perft(&pos, depth);
        let seconds = t.elapsed().as_secs_f64();
        if !a.json {
            let rate = if seconds > 0.0 { nodes as f64 / seconds } else { f64::INFINITY };
            println!("depth {depth:>2}  nodes {nodes:>14}  {seconds:>9.3} s  {:>8.1} M leaves/s", rate / 1e6);
        }
        rows.push(Row { depth, nodes, seconds });
    }
    if a.json {
        println!("{}", serde_json::to_string(&rows)?);
    }
    Ok(ExitCode::SUCCESS)
}
