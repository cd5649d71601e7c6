//! `draughts egdb build` and `draughts egdb info`: endgame databases (`draughts_engine::egdb`,
//! docs/engine.md, "Endgame databases").

use anyhow::{bail, Result};
use draughts_engine::egdb::{self, Egdb, Material, SliceFile};
use draughts_rules::Variant;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum EgdbCommand {
    /// Build the win/draw/loss databases of a rule set up to a number of pieces, by retrograde
    /// analysis. Slices already present (and passing their checksum) are kept, so an interrupted
    /// build resumes. Prints a line per slice: material, positions, wins, draws, losses, not
    /// stored (capture pending), build time, file size.
    Build(BuildArgs),
    /// List the databases installed: per slice its positions, results and size.
    Info(InfoArgs),
    /// Check the databases of a rule set against the rules: every position sampled (or every
    /// position, with --samples all) must agree with the results of its moves. Exits with 1 and
    /// lists the positions that do not.
    Verify(VerifyArgs),
}

#[derive(clap::Args)]
pub struct VerifyArgs {
    /// Rule set.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Variant,
    /// Folder of the databases (default: the user's data folder, `draughts/egdb`).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Positions checked per slice, drawn at random, or `all`.
    #[arg(long, default_value = "10000", value_parser = parse_samples)]
    samples: u64,
    /// Seed of the sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `all` or a number of positions of at least 1.
fn parse_samples(s: &str) -> Result<u64, String> {
    if s == "all" {
        return Ok(u64::MAX);
    }
    match s.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{s:?} is not a number of positions (at least 1) or `all`")),
    }
}

#[derive(clap::Args)]
pub struct BuildArgs {
    /// Rule set (8x8 diagonal rule sets and international; not turkish).
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Variant,
    /// Build every slice with at most this many pieces on the board.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pieces: u32,
    /// Slices with at most this many pieces keep the half-moves to the end of the game (a byte
    /// a position besides the 2 bits of the result), so that the search converts their wins;
    /// larger ones keep win, draw or loss only. Default: 5 on the 8x8 boards, 4 on the 10x10
    /// one. Slices already built are kept as they are.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=8))]
    distances: Option<u32>,
    /// Folder of the databases (default: the user's data folder, `draughts/egdb`).
    #[arg(long)]
    dir: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct InfoArgs {
    /// Folder of the databases (default: the user's data folder, `draughts/egdb`).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Only this rule set.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Option<Variant>,
}

pub fn run(cmd: EgdbCommand) -> Result<ExitCode> {
    match cmd {
        EgdbCommand::Build(a) => build(a),
        EgdbCommand::Info(a) => info(a),
        EgdbCommand::Verify(a) => verify(a),
    }
}

fn line(r: &SliceFile) -> String {
    format!(
        "{:<10} {:>11} {:>11} {:>11} {:>11} {:>11} {:>9.1}s {:>12}{}",
        r.material.to_string(),
        r.positions,
        r.wins,
        r.draws,
        r.losses,
        r.not_stored,
        r.build_ms as f64 / 1000.0,
        r.file_bytes(),
        if r.has_distances() { "  distances" } else { "" }
    )
}

const HEADER: &str =
    "slice        positions        wins       draws      losses  not stored      time        bytes";

fn build(a: BuildArgs) -> Result<ExitCode> {
    if !egdb::supported(a.variant) {
        bail!("endgame databases are not built for {}: its one-piece-each ending decides games otherwise (RULES.md section 4)", a.variant);
    }
    let dir = a.dir.unwrap_or_else(draughts_server::default_egdb_dir);
    let mut db = Egdb::open(&dir, a.variant)?;
    let total: u64 = Material::up_to(a.pieces)
        .into_iter()
        .filter(|m| db.slice(*m).is_none())
        .map(|m| db.positions(m))
        .sum();
    let memory = egdb::memory_needed(&db, a.pieces);
    if memory > 0 {
        eprintln!(
            "building {total} positions; the largest slice pair needs about {:.1} GB of memory",
            memory as f64 / 1e9
        );
    }
    // The callback reports the pair being solved (a slice and its mirror).
    let mut bar = SliceBar::new(total);
    let started = std::time::Instant::now();
    let distances = a.distances.unwrap_or(egdb::distance_pieces(a.variant));
    let reports = egdb::build_all(&mut db, a.pieces, distances, Some(&dir), &mut |m, what, done, of| {
        bar.show(m, done, of, format!("{m} {what}"))
    })?;
    bar.bar.finish_and_clear();
    outln!(
        "{} up to {} pieces in {}",
        a.variant,
        a.pieces,
        dir.join(a.variant.id()).display()
    )?;
    outln!("{HEADER}")?;
    let slice = |m: Material| db.slice(m).expect("build_all reports only slices it put in the database");
    for r in &reports {
        outln!(
            "{}{}",
            line(slice(r.material)),
            if r.skipped { "  (already built)" } else { "" }
        )?;
    }
    let bytes: u64 = reports.iter().map(|r| slice(r.material).file_bytes()).sum();
    let built = reports.iter().filter(|r| !r.skipped).count();
    outln!(
        "{built} slices built, {} kept; {bytes} bytes in all; {:.1}s",
        reports.len() - built,
        started.elapsed().as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn info(a: InfoArgs) -> Result<ExitCode> {
    let dir = a.dir.unwrap_or_else(draughts_server::default_egdb_dir);
    outln!("endgame databases in {}", dir.display())?;
    let mut any = false;
    for v in Variant::ALL
        .into_iter()
        .filter(|v| a.variant.is_none_or(|w| w == *v))
    {
        let db = Egdb::open(&dir, v)?;
        let slices = db.slices();
        if slices.is_empty() {
            continue;
        }
        any = true;
        let bytes: u64 = slices.iter().map(|s| s.file_bytes()).sum();
        outln!(
            "{v}: {} slices, complete up to {} pieces, {bytes} bytes",
            slices.len(),
            db.max_pieces()
        )?;
        outln!("{HEADER}")?;
        for s in slices {
            outln!("{}", line(s))?;
        }
    }
    if !any {
        outln!("none installed; build them with `draughts egdb build --variant V --pieces N`")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn verify(a: VerifyArgs) -> Result<ExitCode> {
    let dir = a.dir.unwrap_or_else(draughts_server::default_egdb_dir);
    let db = Egdb::open(&dir, a.variant)?;
    if db.slices().is_empty() {
        bail!("no {} endgame databases in {}; build them with `draughts egdb build --variant {} --pieces N`", a.variant, dir.display(), a.variant.id());
    }
    let slices = db.slices().len();
    let total: u64 = db.slices().iter().map(|s| s.positions.min(a.samples)).sum();
    let mut bar = SliceBar::new(total);
    let started = std::time::Instant::now();
    let report = egdb::verify::check(&db, a.samples, a.seed, &mut |m, done, of| bar.show(m, done, of, m.to_string()));
    bar.bar.finish_and_clear();
    for d in report.disagreements.iter().take(20) {
        outln!("disagrees: {d}")?;
    }
    outln!(
        "{}: {} slices, {} positions checked, {} disagreements; {:.1}s",
        a.variant,
        slices,
        report.checked,
        report.disagreements.len(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(if report.disagreements.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// A progress bar over the positions of many slices (on a terminal; hidden otherwise), fed by
/// callbacks that report one slice at a time: `done` of its `of` positions.
struct SliceBar {
    bar: ProgressBar,
    /// Positions of the slices finished before the one in progress.
    finished: u64,
    /// The slice in progress and its positions.
    current: Option<(Material, u64)>,
}

impl SliceBar {
    fn new(total: u64) -> SliceBar {
        let bar = if std::io::stderr().is_terminal() {
            let b = ProgressBar::new(total.max(1));
            b.set_style(
                ProgressStyle::with_template("{msg:24} [{bar:30}] {percent}% ({elapsed}, eta {eta})")
                    .expect("template")
                    .progress_chars("=> "),
            );
            b
        } else {
            ProgressBar::hidden()
        };
        SliceBar { bar, finished: 0, current: None }
    }

    fn show(&mut self, m: Material, done: u64, of: u64, message: String) {
        if let Some((_, n)) = self.current.filter(|(c, _)| *c != m) {
            self.finished += n;
        }
        self.current = Some((m, of));
        self.bar.set_position(self.finished + done.min(of));
        self.bar.set_message(message);
    }
}

/// The endgame databases installed under `dir` (default: the user's data folder), for the
/// commands that search. A damaged file is an error naming it (rebuild with `egdb build`).
pub fn open_installed(dir: Option<PathBuf>) -> Result<Vec<std::sync::Arc<Egdb>>> {
    let dir = dir.unwrap_or_else(draughts_server::default_egdb_dir);
    Egdb::open_all(&dir).map_err(|e| anyhow::anyhow!("endgame databases: {e}"))
}
