//! `draughts bench`: a fixed-depth search over fixed positions of every rule set, printing the
//! total node count (deterministic: a regression signature) and nodes per second.

use anyhow::{bail, Result};
use draughts_engine::bench;
use serde::Serialize;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Search depth in plies.
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH)]
    depth: u32,
    /// Print JSON: {"depth","nodes","nps","seconds","positions":[{"variant","fen","nodes","ms"}]}.
    #[arg(long)]
    json: bool,
    /// Evaluate the positions of the boards it fits with this network (a file from `draughts
    /// tune --network`, or several of separate stages separated by commas) instead of the
    /// built-in ones, or with none (`none`), to measure what a network costs; the node counts
    /// then differ from the signature's.
    #[arg(long, value_name = "FILE[,FILE]|none")]
    network: Option<String>,
}

#[derive(Serialize)]
struct RowJson {
    variant: String,
    fen: String,
    nodes: u64,
    ms: u64,
    score: i32,
}

#[derive(Serialize)]
struct ReportJson {
    depth: u32,
    nodes: u64,
    nps: u64,
    seconds: f64,
    positions: Vec<RowJson>,
}

pub fn run(a: Args) -> Result<ExitCode> {
    if a.depth == 0 || a.depth > 40 {
        bail!("--depth must be 1..40, got {}", a.depth);
    }
    let json = a.json;
    let mut out_err = None;
    let network = match a.network.as_deref() {
        Some(arg) => Some(draughts_engine::network::Network::from_arg(arg, None).map_err(|e| anyhow::anyhow!("--network: {e}"))?),
        None => None,
    };
    let report = bench::run(a.depth, network, |r| {
        if !json && out_err.is_none() {
            out_err = outln!(
                "{:<14} {:>11} nodes {:>7} ms  score {:>6}  {}",
                r.variant.id(),
                r.nodes,
                r.elapsed.as_millis(),
                r.score.0,
                r.fen
            )
            .err();
        }
    });
    if let Some(e) = out_err {
        return Err(e);
    }
    if json {
        let out = ReportJson {
            depth: report.depth,
            nodes: report.nodes,
            nps: report.nps(),
            seconds: report.elapsed.as_secs_f64(),
            positions: report
                .rows
                .iter()
                .map(|r| RowJson {
                    variant: r.variant.id().to_string(),
                    fen: r.fen.clone(),
                    nodes: r.nodes,
                    ms: r.elapsed.as_millis() as u64,
                    score: r.score.0,
                })
                .collect(),
        };
        outln!("{}", serde_json::to_string(&out)?)?;
    } else {
        outln!("depth {}: total {} nodes in {:.3} s, {} nodes per second", report.depth, report.nodes, report.elapsed.as_secs_f64(), report.nps())?;
    }
    Ok(ExitCode::SUCCESS)
}
