//! `draughts book build` and `draughts book info`: opening books (`draughts_engine::book`,
//! docs/engine.md, "Opening books").

use anyhow::{anyhow, bail, Context, Result};
use draughts_engine::book::{self, Book, BuildOptions};
use draughts_rules::{Game, Variant};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum BookCommand {
    /// Build the opening book of a rule set by self-play expansion: every move of a position is
    /// scored by a fixed-depth search, the moves within the margin of the best are kept and the
    /// cheapest line is expanded next. Resumes from the output file when it was built with the
    /// same settings (it is saved every 20 positions).
    Build(BuildArgs),
    /// Say what a book holds: its header, positions, moves, deepest ply and size (the shipped
    /// books, or a file).
    Info(InfoArgs),
}

#[derive(clap::Args)]
pub struct BuildArgs {
    /// Rule set: english, american, german, russian, international, turkish, italian, brazilian.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Variant,
    /// Expand positions up to this many plies from the start.
    #[arg(long, default_value_t = BuildOptions::default().plies as u32, value_parser = clap::value_parser!(u32).range(1..=40))]
    plies: u32,
    /// Depth of the search scoring each move, in plies.
    #[arg(long, default_value_t = BuildOptions::default().depth, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Most positions in the book.
    #[arg(long, default_value_t = BuildOptions::default().positions)]
    positions: usize,
    /// Keep the moves scoring at most this many centi-men below the best.
    #[arg(long, default_value_t = BuildOptions::default().margin, value_parser = clap::value_parser!(i32).range(0..=200))]
    margin: i32,
    /// Most moves kept per position.
    #[arg(long, default_value_t = BuildOptions::default().width as u32, value_parser = clap::value_parser!(u32).range(1..=10))]
    width: u32,
    /// The book file to write (default: `<variant>.book` in the current folder; the shipped
    /// books are `crates/engine/books/<variant>.book`).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct InfoArgs {
    /// Only this rule set (of the shipped books), or the rule set of `--file`.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Option<Variant>,
    /// A book file instead of the shipped books (needs `--variant`).
    #[arg(long)]
    file: Option<PathBuf>,
}

pub fn run(cmd: BookCommand) -> Result<ExitCode> {
    match cmd {
        BookCommand::Build(a) => build(a),
        BookCommand::Info(a) => info(a),
    }
}

fn build(a: BuildArgs) -> Result<ExitCode> {
    let opts =
        BuildOptions { plies: a.plies as usize, depth: a.depth, positions: a.positions.max(1), margin: a.margin, width: a.width as usize };
    let out = a.out.clone().unwrap_or_else(|| PathBuf::from(format!("{}.book", a.variant.id())));
    let command = format!(
        "draughts book build --variant {} --plies {} --depth {} --positions {} --margin {} --width {}",
        a.variant.id(),
        opts.plies,
        opts.depth,
        opts.positions,
        opts.margin,
        opts.width
    );
    let header = vec![
        ("built-by".to_string(), command),
        ("engine".to_string(), crate::provenance::engine()),
        ("plies".to_string(), opts.plies.to_string()),
        ("depth".to_string(), opts.depth.to_string()),
        ("width".to_string(), opts.width.to_string()),
        ("date".to_string(), crate::provenance::today()),
    ];
    let resume = read_resumable(&out, a.variant, &opts)?;
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(opts.positions as u64);
        b.set_style(
            ProgressStyle::with_template("{msg:16} [{bar:30}] {pos}/{len} positions ({elapsed}, eta {eta})")
                .expect("template")
                .progress_chars("=> "),
        );
        b.set_message(format!("{} book", a.variant.id()));
        b
    } else {
        ProgressBar::hidden()
    };
    let started = std::time::Instant::now();
    let mut progress = |done: usize, _of: usize| bar.set_position(done as u64);
    let mut checkpoint = |b: &Book| save(&out, b).map_err(|e| format!("{e:#}"));
    let built = book::build(a.variant, &opts, header, resume.as_ref(), &mut progress, &mut checkpoint).map_err(|e| anyhow!(e))?;
    bar.finish_and_clear();
    save(&out, &built)?;
    let kept = resume.as_ref().map_or(0, |r| built.entries().iter().filter(|e| r.get(&e.position).is_some()).count());
    let bytes = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
    outln!(
        "{}: {} positions ({} taken from the earlier build), {} moves, {} bytes in {}; {:.1}s",
        a.variant,
        built.entries().len(),
        kept,
        built.entries().iter().map(|e| e.moves.len()).sum::<usize>(),
        bytes,
        out.display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The earlier build in `out` to resume from: only one built with the same depth, margin and
/// width (its entries are what this build would compute). A file that is not a book is an error.
fn read_resumable(out: &Path, variant: Variant, opts: &BuildOptions) -> Result<Option<Book>> {
    let text = match std::fs::read_to_string(out) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", out.display())),
    };
    let earlier =
        Book::parse(variant, &text, &out.display().to_string()).map_err(|e| anyhow!("{e}; remove the file or choose another --out"))?;
    let same = earlier.header("depth") == Some(opts.depth.to_string().as_str())
        && earlier.margin() == opts.margin
        && earlier.header("width") == Some(opts.width.to_string().as_str());
    Ok(same.then_some(earlier))
}

/// Writes the book through a temporary file, so an interrupted write leaves the earlier one.
fn save(out: &Path, b: &Book) -> Result<()> {
    let tmp = out.with_extension("book.tmp");
    std::fs::write(&tmp, b.to_text()).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, out).with_context(|| format!("cannot write {}", out.display()))
}

fn info(a: InfoArgs) -> Result<ExitCode> {
    if let Some(path) = &a.file {
        let Some(variant) = a.variant else { bail!("--file needs --variant (the rule set of the book)") };
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let b = Book::parse(variant, &text, &path.display().to_string())?;
        describe(&b, text.len())?;
        return Ok(ExitCode::SUCCESS);
    }
    let shipped = book::shipped();
    for v in Variant::ALL.into_iter().filter(|v| a.variant.is_none_or(|w| w == *v)) {
        if !shipped.contains(&v) {
            outln!("{v}: no book shipped")?;
            continue;
        }
        let Some(b) = book::embedded(v).map_err(|e| anyhow!("{e}"))? else { continue };
        describe(b, b.to_text().len())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints a book's header, its counts and the moves of the start position.
fn describe(b: &Book, bytes: usize) -> Result<()> {
    let moves: usize = b.entries().iter().map(|e| e.moves.len()).sum();
    let (reached, deepest) = reach(b);
    outln!(
        "{}: {} positions, {} moves, {} bytes; {} reached from the start, deepest ply {}",
        b.variant(),
        b.entries().len(),
        moves,
        bytes,
        reached,
        deepest
    )?;
    for key in ["built-by", "engine", "date", "plies", "depth", "width"] {
        if let Some(v) = b.header(key) {
            outln!("  {key}: {v}")?;
        }
    }
    outln!("  margin: {} centi-men", b.margin())?;
    let start = Game::new(b.variant());
    if let Some(e) = b.get(start.position()) {
        let list: Vec<String> =
            e.moves.iter().map(|(m, s)| format!("{} {s:+}", draughts_rules::notation::movetext::write(b.variant(), m))).collect();
        outln!("  start: {}", list.join(", "))?;
    }
    Ok(())
}

/// How many of the book's positions the book's moves reach from the start, and the deepest ply
/// at which one is first reached.
fn reach(b: &Book) -> (usize, usize) {
    let mut seen = HashSet::new();
    let mut frontier = vec![Game::new(b.variant())];
    let mut deepest = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for g in frontier {
            let Some(e) = b.get(g.position()) else {
                continue;
            };
            if !seen.insert(g.position().hash()) {
                continue;
            }
            deepest = deepest.max(g.ply());
            for (m, _) in &e.moves {
                let mut c = g.clone();
                if c.play(m).is_ok() {
                    next.push(c);
                }
            }
        }
        frontier = next;
    }
    (seen.len(), deepest)
}
