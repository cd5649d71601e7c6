//! `draughts pdn check`: replays every game of PDN files and reports what failed and why.

use anyhow::{Context, Result};
use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::Variant;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::fs::File;
use std::io::{BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum PdnCommand {
    /// Replay every game of every file, a game at a time; exit status 1 when any game fails (an
    /// incomplete move such as a trailing `32x` fails its game), 2 when a file cannot be read, is
    /// not text (UTF-16, NUL bytes) or holds no PDN game.
    Check(CheckArgs),
}

#[derive(clap::Args)]
pub struct CheckArgs {
    /// Rule set of games that have no GameType (or [Variant]) tag.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Option<Variant>,
    /// Print JSON: a list of {"file","games","ok","failed":[{"game","ply","move","line","reason"}],
    /// "notes":[{"game","ply","note"}],"skipped":[{"game","line","col","message"}]}.
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
    /// Text the reader skipped or repaired (stray fragments, incomplete moves, damaged tags).
    skipped: Vec<Skipped>,
}

/// A reader warning, with the game being read when it was found: the last game begun at or
/// before its line (`null` before the first game).
#[derive(Serialize)]
struct Skipped {
    game: Option<usize>,
    line: usize,
    col: usize,
    message: String,
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
        let rep = check_file(path, a.variant).with_context(|| format!("cannot check {}", path.display()))?;
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
            for w in &rep.skipped {
                outln!("  {}: skipped line {}, col {}: {}", rep.file, w.line, w.col, w.message)?;
            }
        } else {
            // The JSON is one list: keep the (small) reports until the end.
            reports.push(rep);
        }
    }
    if a.json {
        outln!("{}", serde_json::to_string(&reports)?)?;
    }
    Ok(if any_failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// Reads and replays one file a game at a time (memory follows the longest game, not the file).
/// Errors: the file cannot be read, is not text (UTF-16, NUL bytes), or holds no PDN game.
fn check_file(path: &Path, variant: Option<Variant>) -> Result<FileReport> {
    let file = File::open(path)?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut reader = pdn::Reader::new(BufReader::with_capacity(1 << 16, file));
    let bar = if std::io::stderr().is_terminal() && size > 1 << 20 {
        let b = ProgressBar::new(size);
        b.set_style(ProgressStyle::with_template("{msg} [{bar:40}] {bytes}/{total_bytes}").expect("template").progress_chars("=> "));
        b.set_message(path.display().to_string());
        b
    } else {
        ProgressBar::hidden()
    };
    let mut rep = FileReport { file: path.display().to_string(), games: 0, ok: 0, failed: Vec::new(), notes: Vec::new(), skipped: Vec::new() };
    // The game being read when a warning was found: the last one begun at or before its line.
    let mut last_game: Option<usize> = None;
    while let Some(chunk) = reader.next() {
        let chunk = chunk?;
        let mut starts = chunk.games.iter().map(|g| (g.line, g.number)).peekable();
        for w in chunk.warnings {
            while let Some(&(line, number)) = starts.peek() {
                if line > w.line {
                    break;
                }
                last_game = Some(number);
                starts.next();
            }
            rep.skipped.push(Skipped { game: last_game, line: w.line, col: w.col, message: w.message });
        }
        if let Some(g) = chunk.games.last() {
            last_game = Some(g.number);
        }
        for g in &chunk.games {
            rep.games += 1;
            match replay::replay_game(g, variant) {
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
        }
        bar.set_position(reader.bytes_read());
    }
    bar.finish_and_clear();
    if rep.games == 0 {
        // Empty, or text that is not PDN: nothing was checked, which is not a pass.
        let what = match rep.skipped.first() {
            None => "the file is empty or blank".to_string(),
            Some(w) => format!("{} stretches of text skipped, the first at line {}, col {}: {}", rep.skipped.len(), w.line, w.col, w.message),
        };
        anyhow::bail!("no PDN game found ({what})");
    }
    Ok(rep)
}
