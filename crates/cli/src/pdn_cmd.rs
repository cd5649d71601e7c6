//! `draughts pdn check`: replays every game of PDN files and reports what failed and why.

use anyhow::{Context, Result};
use draughts_rules::notation::{pdn, replay};
use draughts_rules::Variant;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum PdnCommand {
    /// Replay every game of every file; exit status 1 when any game fails.
    Check(CheckArgs),
}

#[derive(clap::Args)]
pub struct CheckArgs {
    /// Rule set of games that have no GameType (or [Variant]) tag.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Option<Variant>,
    /// Print JSON: a list of {"file","games","ok","failed":[{"game","ply","move","reason"}]}.
    #[arg(long)]
    json: bool,
    /// PDN files (UTF-8 or Latin-1).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Serialize)]
struct Failure {
    game: usize,
    ply: usize,
    #[serde(rename = "move")]
    move_text: String,
    line: usize,
    reason: String,
}

#[derive(Serialize)]
struct FileReport {
    file: String,
    games: usize,
    ok: usize,
    failed: Vec<Failure>,
    /// Readings of games that replayed, worth a look (e.g. an ambiguous short capture settled by
    /// the moves that follow).
    notes: Vec<Note>,
}

#[derive(Serialize)]
struct Note {
    game: usize,
    ply: usize,
    note: String,
}

pub fn run(cmd: PdnCommand) -> Result<ExitCode> {
    match cmd {
        PdnCommand::Check(a) => check(a),
    }
}

fn check(a: CheckArgs) -> Result<ExitCode> {
    let mut reports = Vec::new();
    let mut any_failed = false;
    for path in &a.files {
        let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let (text, _) = pdn::decode(&bytes);
        let file = pdn::parse(&text);
        let bar = if std::io::stderr().is_terminal() && file.games.len() > 50 {
            let b = ProgressBar::new(file.games.len() as u64);
            b.set_style(ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} games").expect("template").progress_chars("=> "));
            b.set_message(path.display().to_string());
            b
        } else {
            ProgressBar::hidden()
        };
        let mut rep = FileReport { file: path.display().to_string(), games: 0, ok: 0, failed: Vec::new(), notes: Vec::new() };
        for g in &file.games {
            rep.games += 1;
            let res = replay::game_variant(g, a.variant)
                .map_err(|reason| replay::ReplayError { ply: 0, move_text: String::new(), line: g.line, col: 0, reason })
                .and_then(|v| replay::replay(g, v));
            match res {
                Ok(r) => {
                    rep.ok += 1;
                    rep.notes.extend(r.notes.into_iter().map(|(ply, note)| Note { game: g.number, ply, note }));
                }
                Err(e) => rep.failed.push(Failure {
                    game: g.number,
                    ply: e.ply,
                    move_text: e.move_text,
                    line: if e.line == 0 { g.line } else { e.line },
                    reason: e.reason,
                }),
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        any_failed |= !rep.failed.is_empty();
        if !a.json {
            outln!("{}: {} games read, {} replayed whole, {} failed", rep.file, rep.games, rep.ok, rep.failed.len())?;
            for f in &rep.failed {
                if f.ply == 0 {
                    outln!("  {} game {} (line {}): {}", rep.file, f.game, f.line, f.reason)?;
                } else {
                    outln!("  {} game {} ply {} {:?} (line {}): {}", rep.file, f.game, f.ply, f.move_text, f.line, f.reason)?;
                }
            }
            for n in &rep.notes {
                outln!("  {} game {} ply {}: note: {}", rep.file, n.game, n.ply, n.note)?;
            }
            for w in &file.warnings {
                outln!("  {}: skipped {w}", rep.file)?;
            }
        }
        reports.push(rep);
    }
    if a.json {
        outln!("{}", serde_json::to_string(&reports)?)?;
    }
    Ok(if any_failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
