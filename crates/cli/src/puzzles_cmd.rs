//! `draughts puzzles build`: mines puzzles from the games of PDN files and board CSVs (positions
//! where exactly one move wins material or the game, `draughts_engine::puzzles`, `docs/engine.md`,
//! "Puzzles") and writes them as JSON lines; `draughts puzzles examine`: the same test of one
//! position.

use anyhow::{bail, Context, Result};
use draughts_engine::puzzles::{self, Gain, GameSource, MinerConfig, Puzzle};
use draughts_engine::Searcher;
use draughts_rules::notation::{acf, board_csv};
use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::{Game, Variant};
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
    /// Mine puzzles from the games of PDN files (and board CSVs, `.csv`: Turkish engine games;
    /// ACF texts, `.txt`: English games one a line) and write them as JSON lines, one puzzle a
    /// line:
    /// {"variant","fen","side","solution":[moves],"gain":{"material":centi-men}|{"win":plies},
    /// "score","difficulty","tempting","played","played_solution",
    /// "source":{"file","game","ply","white","black","event","variant"}} (source.variant: the
    /// rule set the game was played under). A summary goes to standard error. Exit status 2 when
    /// a file cannot be read or holds no game.
    Build(BuildArgs),
    /// Examine one position the way `build` verifies a puzzle from the position alone (no
    /// history, cleared tables: criterion 6 of docs/engine.md, "Puzzles") and print its puzzle
    /// as one JSON line in `build`'s format, with the source given by the options (for adding a
    /// known shot, such as a guide's tactic, to the set). Exit status 1, with the criterion it
    /// fails on standard error, when the position is not a puzzle.
    Examine(ExamineArgs),
}

#[derive(clap::Args)]
pub struct ExamineArgs {
    #[command(flatten)]
    position: crate::position_args::PositionArgs,
    /// Depth of the verifying search, in plies (as `build --depth`).
    #[arg(long, default_value_t = MinerConfig::default().verify_depth, value_parser = clap::value_parser!(u32).range(7..=40))]
    depth: u32,
    /// The source game's file, for source.file.
    #[arg(long, default_value = "")]
    source_file: String,
    /// The game's 1-based number in its file, for source.game.
    #[arg(long, default_value_t = 0)]
    source_game: usize,
    /// The position's ply in the game, for source.ply.
    #[arg(long, default_value_t = 0)]
    source_ply: usize,
    /// The rule set the game was played under, for source.variant (default: --variant).
    #[arg(long, value_parser = crate::parse_variant)]
    source_variant: Option<Variant>,
    /// The White player, for source.white.
    #[arg(long)]
    white: Option<String>,
    /// The Black player, for source.black.
    #[arg(long)]
    black: Option<String>,
    /// The event, for source.event.
    #[arg(long)]
    event: Option<String>,
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
    /// Mine the games' positions under this rule set's rules instead (for rule sets without game
    /// collections: English games as `american` or `german`). Each game is followed only as long
    /// as its moves are legal under these rules; puzzles are found and verified under them.
    #[arg(long, value_parser = crate::parse_variant)]
    positions_as: Option<Variant>,
    /// Plies of each game's opening that are not looked at.
    #[arg(long, default_value_t = MinerConfig::default().skip_plies)]
    skip_plies: usize,
    /// PDN files, board CSVs (`.csv`) or ACF texts (`.txt`), or directories: their `.pdn` and
    /// `.csv` files, subdirectories included, in name order.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
}

pub fn run(cmd: PuzzlesCommand) -> Result<ExitCode> {
    match cmd {
        PuzzlesCommand::Build(a) => build(a),
        PuzzlesCommand::Examine(a) => examine(a),
    }
}

/// Whether a file is a board CSV (by its name), else it is read as PDN.
fn is_board_csv(p: &Path) -> bool {
    p.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv"))
}

/// Whether a file named on the command line is an ACF text (`.txt`), else it is read as PDN.
/// Directories give no `.txt` files.
fn is_acf(p: &Path) -> bool {
    p.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt"))
}

/// The files named: files as given, directories' `.pdn` and `.csv` files (recursively, sorted).
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
            } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdn")) || is_board_csv(&p) {
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
                bail!("{}: the directory holds no .pdn or .csv file", p.display());
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
    /// Puzzles per rule set whose solution is the move the game went on with.
    played_solution: BTreeMap<&'static str, usize>,
    duplicates: usize,
    /// Plies (board CSV rows, ACF moves) after their game ended under the rules (not read), and
    /// the first place.
    after_end: usize,
    first_end: Option<String>,
}

fn build(a: BuildArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let files = input_files(&a.inputs)?;
    let config = MinerConfig { verify_depth: a.depth, skip_plies: a.skip_plies, ..MinerConfig::default() };
    let mut out: Box<dyn Write> = match &a.out {
        Some(p) => Box::new(BufWriter::new(File::create(p).with_context(|| format!("creating {}", p.display()))?)),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut searcher = Searcher::new(puzzles::TABLE_MB);
    let mut summary = Summary::default();
    let mut seen = HashSet::new();
    let mut miner = Miner { args: &a, config: &config, searcher: &mut searcher, summary: &mut summary, seen: &mut seen, out: &mut *out };
    for path in &files {
        mine_file(path, &mut miner).with_context(|| format!("cannot mine {}", path.display()))?;
    }
    out.flush().context("writing the puzzles")?;
    let total: usize = summary.per_variant.values().sum();
    let per: Vec<String> = summary
        .per_variant
        .iter()
        .map(|(v, n)| {
            let played = summary.played_solution.get(v).copied().unwrap_or(0);
            format!("{v} {n}, solution played in {played} = {:.0}%", 100.0 * played as f64 / (*n).max(1) as f64)
        })
        .collect();
    eprintln!(
        "{total} puzzles ({}) from {} games ({} positions) of {} files in {:.1} s{}{}{}",
        if per.is_empty() { "none".to_string() } else { per.join("; ") },
        summary.games,
        summary.positions,
        files.len(),
        started.elapsed().as_secs_f64(),
        match &summary.first_failure {
            Some(first) => format!("; {} games could not be replayed, the first {first} (see `draughts pdn check`)", summary.unreplayable),
            None => String::new(),
        },
        if summary.duplicates > 0 { format!("; {} repeated positions left out", summary.duplicates) } else { String::new() },
        match &summary.first_end {
            Some(first) => format!("; {} plies after their game ended under the rules (the players went on) not read, the first at {first}", summary.after_end),
            None => String::new(),
        },
    );
    Ok(ExitCode::SUCCESS)
}

fn examine(a: ExamineArgs) -> Result<ExitCode> {
    let pos = a.position.position()?;
    let config = MinerConfig { verify_depth: a.depth, ..MinerConfig::default() };
    let mut searcher = Searcher::new(puzzles::TABLE_MB);
    match puzzles::examine_position(&mut searcher, &pos, &config) {
        Ok(solution) => {
            let source = GameSource { file: a.source_file, game: a.source_game, white: a.white, black: a.black, event: a.event };
            let p = Puzzle::new(&pos, solution, source, a.source_ply, None);
            println!("{}", puzzle_json(&p, a.source_variant.unwrap_or(pos.variant())));
            Ok(ExitCode::SUCCESS)
        }
        Err(r) => {
            eprintln!("not a puzzle by the miner's criteria (docs/engine.md, \"Puzzles\"): {}", r.text());
            Ok(ExitCode::from(1))
        }
    }
}

/// The state of a run that every game adds to: the searcher, the positions already written and
/// the summary.
struct Miner<'a> {
    args: &'a BuildArgs,
    config: &'a MinerConfig,
    searcher: &'a mut Searcher,
    summary: &'a mut Summary,
    seen: &'a mut HashSet<(&'static str, String)>,
    out: &'a mut dyn Write,
}

impl Miner<'_> {
    /// Whether the rule set `id` has all the puzzles asked for.
    fn full(&self, id: &str) -> bool {
        self.args.max_per_variant.is_some_and(|m| self.summary.per_variant.get(id).copied().unwrap_or(0) >= m)
    }

    /// Mines one game (under `--positions-as` when given) and writes its new puzzles; returns how
    /// many.
    fn game(&mut self, game: &Game, source: &GameSource) -> Result<usize> {
        let played = game.variant();
        let target = self.args.positions_as.unwrap_or(played);
        let id = target.id();
        if self.full(id) {
            return Ok(0);
        }
        let as_target;
        let game = if target == played {
            game
        } else {
            as_target = puzzles::replay_as(game, target).map_err(anyhow::Error::msg)?;
            &as_target
        };
        let summary = &mut *self.summary;
        let found = puzzles::mine_game(self.searcher, game, self.config, source, &mut |_| summary.positions += 1);
        let mut written = 0;
        for p in found {
            if self.full(id) {
                break;
            }
            if !self.seen.insert((id, p.fen.clone())) {
                self.summary.duplicates += 1;
                continue;
            }
            writeln!(self.out, "{}", puzzle_json(&p, played)).context("writing the puzzles")?;
            *self.summary.per_variant.entry(id).or_insert(0) += 1;
            if p.played_solution {
                *self.summary.played_solution.entry(id).or_insert(0) += 1;
            }
            written += 1;
        }
        Ok(written)
    }
}

/// A progress bar of `len` bytes (or games, `bytes` false) on a terminal, else a hidden one.
fn progress_bar(len: u64, bytes: bool) -> ProgressBar {
    if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(len);
        let counts = if bytes { "{bytes}/{total_bytes}" } else { "{pos}/{len} games" };
        let template = format!("{{msg}} [{{bar:30}}] {counts} ({{elapsed}})");
        b.set_style(ProgressStyle::with_template(&template).expect("template").progress_chars("=> "));
        b
    } else {
        ProgressBar::hidden()
    }
}

/// The file's name, for the puzzles' sources.
fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| path.display().to_string())
}

/// Mines a board CSV: one Turkish game (`notation::board_csv`). Errors: the file cannot be read
/// or is not a board CSV (the line), `--variant` names another rule set.
fn mine_board_csv(path: &Path, miner: &mut Miner) -> Result<()> {
    if let Some(v) = miner.args.variant.filter(|v| *v != Variant::Turkish) {
        bail!("a board CSV holds a turkish game, not {v} (--variant)");
    }
    let text = std::fs::read_to_string(path)?;
    let read = board_csv::parse(&text)?;
    miner.summary.games += 1;
    if let Some((line, rows)) = read.after_end {
        miner.summary.after_end += rows;
        miner.summary.first_end.get_or_insert_with(|| format!("{} line {line}", file_name(path)));
    }
    let source = GameSource { file: file_name(path), game: 1, ..GameSource::default() };
    miner.game(&read.game, &source)?;
    Ok(())
}

/// Mines an ACF text (`notation::acf`, English games one a line). Errors: the file cannot be
/// read or a line does not read (the line), `--variant` names another rule set.
fn mine_acf(path: &Path, miner: &mut Miner) -> Result<()> {
    if let Some(v) = miner.args.variant.filter(|v| *v != Variant::English) {
        bail!("an ACF text holds english games, not {v} (--variant)");
    }
    let games = acf::parse(&std::fs::read_to_string(path)?)?;
    let target = miner.args.positions_as.unwrap_or(Variant::English).id();
    let name = file_name(path);
    let bar = progress_bar(games.len() as u64, false);
    let mut found_here = 0;
    for (i, g) in games.iter().enumerate() {
        if miner.full(target) {
            break;
        }
        miner.summary.games += 1;
        if g.after_end > 0 {
            miner.summary.after_end += g.after_end;
            miner.summary.first_end.get_or_insert_with(|| format!("{name} line {}", g.line));
        }
        bar.set_message(format!("{name} ({found_here} puzzles)"));
        let source = GameSource { file: name.clone(), game: i + 1, event: Some(format!("ACF archive, line {}", g.line)), ..GameSource::default() };
        found_here += miner.game(&g.game, &source)?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}

/// Mines one PDN file a game at a time. Errors: the file cannot be read, is not text, or holds
/// no PDN game; writing fails.
fn mine_file(path: &Path, miner: &mut Miner) -> Result<()> {
    if is_board_csv(path) {
        return mine_board_csv(path, miner);
    }
    if is_acf(path) {
        return mine_acf(path, miner);
    }
    let file = File::open(path)?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let name = file_name(path);
    let mut reader = pdn::Reader::new(BufReader::with_capacity(1 << 16, file));
    let bar = progress_bar(size, true);
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
            miner.summary.games += 1;
            let r = match replay::replay_game(g, miner.args.variant) {
                Ok(r) => r,
                Err(e) => {
                    miner.summary.unreplayable += 1;
                    miner.summary.first_failure.get_or_insert_with(|| format!("{name} game {}: {e}", g.number));
                    continue;
                }
            };
            let source = GameSource::from_tags(&name, g.number, &g.tags);
            bar.set_message(format!("{name} game {} ({found_here} puzzles)", g.number));
            found_here += miner.game(&r.to_game(), &source)?;
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
/// `played`: the rule set the source game was played under (`p.variant` but under
/// `--positions-as`).
fn puzzle_json(p: &Puzzle, played: Variant) -> serde_json::Value {
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
            "variant": played.id(),
        },
    })
}
