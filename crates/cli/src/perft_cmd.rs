//! `draughts perft`: node counts per depth, with time and leaves per second.

use anyhow::Result;
use draughts_rules::perft;
use serde::Serialize;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: crate::position_args::PositionArgs,
    /// Deepest depth to count (each depth from 1 is reported), 1 to 64. The bound keeps the count
    /// and the recursion finite: no board's tree is searchable that deep, and its leaves would
    /// overflow the 64-bit count long before.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
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
    let pos = a.position.position()?;
    let mut rows = Vec::new();
    for depth in 1..=a.depth {
        let t = Instant::now();
        let nodes = perft(&pos, depth);
        let seconds = t.elapsed().as_secs_f64();
        if !a.json {
            let rate = if seconds > 0.0 { nodes as f64 / seconds } else { f64::INFINITY };
            outln!("depth {depth:>2}  nodes {nodes:>14}  {seconds:>9.3} s  {:>8.1} M leaves/s", rate / 1e6)?;
        }
        rows.push(Row { depth, nodes, seconds });
    }
    if a.json {
        outln!("{}", serde_json::to_string(&rows)?)?;
    }
    Ok(ExitCode::SUCCESS)
}
