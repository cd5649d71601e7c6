//! `draughts analyze`: the engine's best move, score, depth, nodes, speed and principal variation
//! for a position.

use crate::move_json::CliMove;
use anyhow::{anyhow, bail, Result};
use draughts_engine::egdb::Wld;
use draughts_engine::{Limits, Searcher};
use draughts_rules::notation::movetext;
use draughts_rules::Game;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: crate::position_args::PositionArgs,
    /// Moves to play from the position before analysing, in the variant's notation separated by
    /// spaces (for example "32-28 19-23 28x19"); repetitions and the quiet-move counter count
    /// them as game history.
    #[arg(long)]
    moves: Option<String>,
    /// Draw rules: simplified (the rule set's own quiet-move counter, the default) or fmjd (the
    /// FMJD's for international: 25 king moves each, the lone-king counts).
    #[arg(long, default_value = "simplified", value_parser = crate::parse_draw_rules)]
    draw_rules: draughts_rules::DrawRules,
    /// Search to this depth in plies (captures are always played out beyond it).
    #[arg(long, conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Think for this many milliseconds (default 2000 when no depth is given).
    #[arg(long)]
    movetime: Option<u64>,
    /// Transposition table size in MiB (1 to 16384).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=16384))]
    hash: u64,
    /// Folder of the endgame databases probed when present (default: the user's data folder,
    /// `draughts/egdb`; see `draughts egdb info`).
    #[arg(long)]
    egdb: Option<PathBuf>,
    /// Search without the endgame databases.
    #[arg(long, conflicts_with = "egdb")]
    no_egdb: bool,
    /// Print JSON: {"best":{"move","path","captures"},"score","mate","depth","nodes","nps","pv":[...],
    /// "egdb":{"result":"win"|"draw"|"loss","plies"}|null}.
    #[arg(long)]
    json: bool,
}

/// The `--json` answer. `score` is in hundredths of a man for the side to move; `mate` is the
/// number of half-moves to a forced win (positive) or loss (negative), or null.
#[derive(Serialize)]
struct AnalysisJson {
    best: Option<CliMove>,
    score: i32,
    mate: Option<i32>,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    nps: u64,
    time_ms: u64,
    pv: Vec<String>,
    /// The endgame database's result for the position, when it has the position.
    egdb: Option<EgdbJson>,
}

/// An endgame database result: `plies` is the half-moves to the end of the game along the
/// database's line (null for draws and for slices without distances).
#[derive(Serialize)]
struct EgdbJson {
    result: &'static str,
    plies: Option<u32>,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let mut game = Game::from_position_with(a.position.position()?, a.draw_rules)?;
    for (i, m) in a.moves.as_deref().unwrap_or("").split_whitespace().enumerate() {
        let refused = |e: &dyn std::fmt::Display| anyhow!("--moves: move {} ({m}): {e}", i + 1);
        let mv = movetext::parse(game.position(), m).map_err(|e| refused(&e))?;
        game.play(&mv).map_err(|e| refused(&e))?;
    }
    if let Some(o) = game.outcome() {
        bail!("the position is already decided ({o}); nothing to analyze");
    }
    if a.depth == Some(0) {
        bail!("--depth must be at least 1");
    }
    let limits = match (a.depth, a.movetime) {
        (Some(d), _) => Limits::depth(d),
        (None, Some(ms)) => Limits::movetime(Duration::from_millis(ms)),
        (None, None) => Limits::movetime(Duration::from_millis(2000)),
    };
    let v = a.position.variant;
    // A timed search gets its table backed before the clock starts: zeroing 64 MiB of fresh
    // pages takes a few hundred milliseconds here, all of a short search's time.
    let mut searcher = if limits.depth.is_none() { Searcher::prefaulted(a.hash as usize) } else { Searcher::new(a.hash as usize) };
    if !a.no_egdb {
        searcher.set_egdbs(crate::egdb_cmd::open_installed(a.egdb)?);
    }
    let known = searcher.egdbs().iter().find(|db| db.variant() == v).and_then(|db| db.resolve(game.position())).map(|p| EgdbJson {
        result: match p.wld {
            Wld::Win => "win",
            Wld::Draw => "draw",
            Wld::Loss => "loss",
        },
        plies: p.plies,
    });
    let json = a.json;
    let mut out_err = None;
    let r = searcher.search(&game, &limits, None, &mut |i| {
        if !json && out_err.is_none() {
            let pv: Vec<String> = i.pv.iter().map(|m| movetext::write(v, m)).collect();
            out_err = outln!(
                "depth {:>2}/{:<3} score {:>7} nodes {:>11} nps {:>9} time {:>6} ms  pv {}",
                i.depth,
                i.seldepth,
                i.score.text(),
                i.nodes,
                i.nps,
                i.elapsed.as_millis(),
                pv.join(" ")
            )
            .err();
        }
    });
    if let Some(e) = out_err {
        return Err(e);
    }
    let pv: Vec<String> = r.pv.iter().map(|m| movetext::write(v, m)).collect();
    if json {
        let out = AnalysisJson {
            best: r.best.as_ref().map(|m| CliMove::new(v, m)),
            score: r.score.0,
            mate: r.score.mate_in(),
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            nps: r.nps(),
            time_ms: r.elapsed.as_millis() as u64,
            pv,
            egdb: known,
        };
        outln!("{}", serde_json::to_string(&out)?)?;
    } else {
        let best = r.best.map(|m| movetext::write(v, &m)).unwrap_or_else(|| "(none)".into());
        outln!(
            "best {best}  score {}  depth {}  nodes {}  nps {}",
            r.score.text(),
            r.depth,
            r.nodes,
            r.nps()
        )?;
        if let Some(k) = known {
            let plies = k.plies.map(|p| format!(" in {p} plies")).unwrap_or_default();
            outln!("endgame database: {}{plies} for the side to move", k.result)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
