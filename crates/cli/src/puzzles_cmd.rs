//! `draughts puzzles build`: mines puzzles from the games of PDN files (positions where exactly
//! one move wins material or the game, `draughts_engine::puzzles`, `docs/engine.md`, "Puzzles")
//! and writes them as JSON lines.

use anyhow::{bail, Context, Result};
use draughts_engine::puzzles::{self, Gain, GameSource, MinerConfig, Puzzle};
use draughts_engine::Searcher;
use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::Variant;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum PuzzlesCommand {
    /// Mine puzzles from the games of PDN files and write them as JSON lines, one puzzle a line:
    /// {"variant","fen","side","solution":[moves],"gain":{"material":centi-men}|{"win":plies},
    /// "score","difficulty","tempting","played","played_solution",
    /// "source":{"file","game","ply","white","black","event"}}. A summary goes to standard
    /// error. Exit status 2 when a file cannot be read or holds no PDN game.
    Build(BuildArgs),
}

#[derive(clap::Args)]
pub struct BuildArgs {
    /// Rule set of games that have no GameType (or [Variant]) tag.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Option<Variant>,
    /// Write the puzzles to this file instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Stop collecting a rule set's puzzles after this many (its further games are skipped).
    #[arg(long)]
    max_per_variant: Option<usize>,
    /// Depth of the verifying search, in plies (solutions are at most 4 plies shorter).
    #[arg(long, default_value_t = MinerConfig::default().verify_depth, value_parser = clap::value_parser!(u32).range(7..=40))]
    depth: u32,
    /// Plies of each game's opening that are not looked at.
    #[arg(long, default_value_t = MinerConfig::default().skip_plies)]
    skip_plies: usize,
    /// PDN files, or directories: their `.pdn` files, subdirectories included, in name order.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
}

pub fn run(cmd: PuzzlesCommand) -> Result<ExitCode> {
    match cmd {
        PuzzlesCommand::Build(a) => build(a),
    }
}

/// The files named: files as given, directories' `.pdn` files (recursively, sorted).
fn input_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .with_context(|| format!("reading the directory {}", dir.display()))?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<_>>()
            .with_context(|| format!("reading the directory {}", dir.display()))?;
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out)?;
            } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdn")) {
                out.push(p);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let before = files.len();
            walk(p, &mut files)?;
            if files.len() == before {
                bail!("{}: the directory holds no .pdn file", p.display());
            }
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

/// Counts of the run, for the summary.
#[derive(Default)]
struct Summary {
    games: usize,
    unreplayable: usize,
    /// The first game that could not be replayed: where, and why.
    first_failure: Option<String>,
    positions: usize,
    per_variant: BTreeMap<&'static str, usize>,
    duplicates: usize,
}

fn build(a: BuildArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let files = input_files(&a.inputs)?;
    let config = MinerConfig { verify_depth: a.depth, skip_plies: a.skip_plies, ..MinerConfig::default() };
    let mut out: Box<dyn Write> = match &a.out {
        Some(p) => Box::new(BufWriter::new(File::create(p).with_context(|| format!("creating {}", p.display()))?)),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut searcher = Searcher::new(32);
    let mut summary = Summary::default();
    let mut seen = HashSet::new();
    for path in &files {
        mine_file(path, &a, &config, &mut searcher, &mut summary, &mut seen, &mut out)
            .with_context(|| format!("cannot mine {}", path.display()))?;
    }
    out.flush().context("writing the puzzles")?;
    let total: usize = summary.per_variant.values().sum();
    let per: Vec<String> = summary.per_variant.iter().map(|(v, n)| format!("{v} {n}")).collect();
    eprintln!(
        "{total} puzzles ({}) from {} games ({} positions) of {} files in {:.1} s{}{}",
        if per.is_empty() { "none".to_string() } else { per.join(", ") },
        summary.games,
        summary.positions,
        files.len(),
        started.elapsed().as_secs_f64(),
        match &summary.first_failure {
            Some(first) => format!("; {} games could not be replayed, the first {first} (see `draughts pdn check`)", summary.unreplayable),
            None => String::new(),
        },
        if summary.duplicates > 0 { format!("; {} repeated positions left out", summary.duplicates) } else { String::new() },
    );
    Ok(ExitCode::SUCCESS)
}

/// Mines one file a game at a time. Errors: the file cannot be read, is not text, or holds no
/// PDN game; writing fails.
fn mine_file(
    path: &Path,
    a: &BuildArgs,
    config: &MinerConfig,
    searcher: &mut Searcher,
    summary: &mut Summary,
    seen: &mut HashSet<(&'static str, String)>,
    out: &mut dyn Write,
) -> Result<()> {
    let file = File::open(path)?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| path.display().to_string());
    let mut reader = pdn::Reader::new(BufReader::with_capacity(1 << 16, file));
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(size);
        b.set_style(ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} ({elapsed})").expect("template").progress_chars("=> "));
        b
    } else {
        ProgressBar::hidden()
    };
    let mut games = 0;
    let mut first_warning = None;
    let mut found_here = 0;
    while let Some(chunk) = reader.next() {
        let chunk = chunk?;
        if first_warning.is_none() {
            first_warning = chunk.warnings.first().map(|w| format!("line {}, col {}: {}", w.line, w.col, w.message));
        }
        for g in &chunk.games {
            games += 1;
            summary.games += 1;
            let r = match replay::replay_game(g, a.variant) {
                Ok(r) => r,
                Err(e) => {
                    summary.unreplayable += 1;
                    summary.first_failure.get_or_insert_with(|| format!("{name} game {}: {e}", g.number));
                    continue;
                }
            };
            let id = r.variant.id();
            if a.max_per_variant.is_some_and(|m| summary.per_variant.get(id).copied().unwrap_or(0) >= m) {
                continue;
            }
            let game = r.to_game();
            let source = GameSource::from_tags(&name, g.number, &g.tags);
            bar.set_message(format!("{name} game {} ({found_here} puzzles)", g.number));
            let puzzles = puzzles::mine_game(searcher, &game, config, &source, &mut |_| summary.positions += 1);
            for p in puzzles {
                if a.max_per_variant.is_some_and(|m| summary.per_variant.get(id).copied().unwrap_or(0) >= m) {
                    break;
                }
                if !seen.insert((id, p.fen.clone())) {
                    summary.duplicates += 1;
                    continue;
                }
                writeln!(out, "{}", puzzle_json(&p)).context("writing the puzzles")?;
                *summary.per_variant.entry(id).or_insert(0) += 1;
                found_here += 1;
            }
            bar.set_position(reader.bytes_read());
        }
        bar.set_position(reader.bytes_read());
    }
    bar.finish_and_clear();
    if games == 0 {
        let what = first_warning.unwrap_or_else(|| "the file is empty or blank".to_string());
        bail!("no PDN game found ({what})");
    }
    Ok(())
}

/// One puzzle as a JSON object (see `PuzzlesCommand::Build`).
fn puzzle_json(p: &Puzzle) -> serde_json::Value {
    let gain = match p.found.gain {
        Gain::Material(c) => json!({"material": c}),
        Gain::Win(n) => json!({"win": n}),
    };
    json!({
        "variant": p.variant.id(),
        "fen": p.fen,
        "side": p.side.name().to_lowercase(),
        "solution": p.solution,
        "gain": gain,
        "score": p.found.score.text(),
        "difficulty": p.found.difficulty,
        "tempting": p.found.tempting,
        "played": p.played,
        "played_solution": p.played_solution,
        "source": {
            "file": p.source.file, "game": p.source.game, "ply": p.ply,
            "white": p.source.white, "black": p.source.black, "event": p.source.event,
        },
    })
}
