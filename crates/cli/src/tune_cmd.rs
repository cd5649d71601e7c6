//! `draughts tune`: refits a rule set's evaluation weights from self-play games (see the
//! engine's `tune` module) and writes them as a weight file. Save the file as
//! `crates/engine/weights/<variant>.txt` and rebuild to make it the built-in evaluation.

use anyhow::{bail, Context, Result};
use draughts_engine::eval::Weights;
use draughts_engine::tune::{fit, fit_patterns, generate_positions, generate_samples, read_positions, write_positions, TuneConfig};
use draughts_rules::Variant;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Rule set: english, american, german, russian, international, turkish, italian, brazilian.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Variant,
    /// Self-play games to generate (0: fit to the --pdn records alone).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Also fit to the positions of these game records (PDN files), labelled with their results.
    #[arg(long, num_args = 1..)]
    pdn: Vec<std::path::PathBuf>,
    /// Search depth of each self-play move.
    #[arg(long, default_value_t = 5)]
    depth: u32,
    /// Gradient-descent passes.
    #[arg(long, default_value_t = 300)]
    iterations: usize,
    /// Threads playing games (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Weight of game results in the fitting target; the rest is the self-play search's score.
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    /// Start from this weight file instead of the built-in weights.
    #[arg(long)]
    from: Option<std::path::PathBuf>,
    /// Write the fitted weights here (default: standard output; required with --patterns).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Fit international pattern values on top of the linear weights (written as a pattern
    /// file, the built-in one is crates/engine/weights/international.patterns) instead of the
    /// linear weights. Self-play always evaluates with the linear weights alone.
    #[arg(long)]
    patterns: bool,
    /// With --patterns: also fit to these positions (files written by --save-positions).
    #[arg(long, num_args = 1..)]
    positions: Vec<std::path::PathBuf>,
    /// With --patterns: write the self-play positions here (one `FEN;score;result` a line).
    #[arg(long)]
    save_positions: Option<std::path::PathBuf>,
}

/// The starting weights (`--from` or the built-in ones) and the run's settings.
fn start_and_config(a: &Args) -> Result<(Weights, TuneConfig)> {
    let start = match &a.from {
        Some(p) => Weights::read_file(p).map_err(anyhow::Error::msg)?,
        None => Weights::builtin(a.variant).clone(),
    };
    let threads = a.threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let cfg = TuneConfig {
        variant: a.variant,
        games: a.games,
        depth: a.depth,
        seed: a.seed,
        threads,
        iterations: a.iterations,
        max_plies: 300,
        lambda: a.lambda,
    };
    Ok((start, cfg))
}

/// The self-play progress bar.
fn games_bar(games: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(games as u64);
    bar.set_style(indicatif::ProgressStyle::with_template("self-play {bar:30} {pos}/{len} games ({elapsed})").unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
    bar
}

pub fn run(a: Args) -> Result<ExitCode> {
    if a.patterns {
        return run_patterns(a);
    }
    if !a.positions.is_empty() || a.save_positions.is_some() {
        bail!("--positions and --save-positions go with --patterns");
    }
    if (a.games == 0 && a.pdn.is_empty()) || a.depth == 0 || a.depth > 20 {
        bail!("give --games (at least 1) or --pdn files, and --depth 1..20");
    }
    let (start, cfg) = start_and_config(&a)?;
    let bar = games_bar(a.games);
    let mut samples = if a.games > 0 { generate_samples(&cfg, &start, &|n| bar.set_position(n as u64)) } else { Vec::new() };
    bar.finish();
    for p in &a.pdn {
        let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
        let (text, _) = draughts_rules::notation::pdn::decode(&bytes);
        let (more, games) = draughts_engine::tune::samples_from_pdn(&text, a.variant);
        eprintln!("{}: {} positions from {} games", p.display(), more.len(), games);
        samples.extend(more);
    }
    if samples.len() < 100 {
        bail!("only {} positions; play more games or give more records", samples.len());
    }
    if !(0.0..=1.0).contains(&a.lambda) {
        bail!("--lambda must be between 0 and 1");
    }
    let f = fit(&samples, &start, a.iterations, a.lambda);
    eprintln!(
        "{} positions; mean squared error {:.5} -> {:.5} (k = {:.2})",
        f.samples, f.loss_before, f.loss_after, f.k
    );
    let header = format!(
        "Evaluation weights for {} (centi-men), fitted by `draughts tune --variant {} --games {} --depth {} --seed {} --lambda {}{}`\n\
         from {} positions of self-play; mean squared error {:.5} -> {:.5}.",
        a.variant,
        a.variant,
        a.games,
        a.depth,
        a.seed,
        a.lambda,
        a.pdn.iter().map(|p| format!(" --pdn {}", p.display())).collect::<String>(),
        f.samples,
        f.loss_before,
        f.loss_after
    );
    let text = f.weights.to_text(&header);
    match &a.out {
        Some(p) => std::fs::write(p, text).with_context(|| format!("cannot write {}", p.display()))?,
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `draughts tune --patterns`: self-play positions (and/or saved ones), then the pattern fit.
fn run_patterns(a: Args) -> Result<ExitCode> {
    if a.variant != Variant::International {
        bail!("pattern values exist for international only");
    }
    if !a.pdn.is_empty() {
        bail!("--pdn gives no search scores; with --patterns give --games or --positions");
    }
    if (a.games == 0 && a.positions.is_empty()) || a.depth == 0 || a.depth > 20 {
        bail!("give --games (at least 1) or --positions files, and --depth 1..20");
    }
    if a.out.is_none() && a.iterations > 0 {
        bail!("--patterns writes a binary file: give --out");
    }
    if !(0.0..=1.0).contains(&a.lambda) {
        bail!("--lambda must be between 0 and 1");
    }
    let (start, cfg) = start_and_config(&a)?;
    let mut samples = Vec::new();
    for p in &a.positions {
        let text = std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?;
        let more = read_positions(&text, a.variant).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
        eprintln!("{}: {} positions", p.display(), more.len());
        samples.extend(more);
    }
    if a.games > 0 {
        let bar = games_bar(a.games);
        let played = generate_positions(&cfg, &start, &|n| bar.set_position(n as u64));
        bar.finish();
        if let Some(p) = &a.save_positions {
            std::fs::write(p, write_positions(&played)).with_context(|| format!("cannot write {}", p.display()))?;
            eprintln!("{} positions written to {}", played.len(), p.display());
        }
        samples.extend(played);
    }
    let Some(out) = &a.out else { return Ok(ExitCode::SUCCESS) };
    if a.iterations == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    if samples.len() < 100 {
        bail!("only {} positions; play more games or give more position files", samples.len());
    }
    let f = fit_patterns(&samples, &start, a.iterations, a.lambda);
    eprintln!(
        "{} positions fitted, {} held out; held-out mean squared error {:.5} -> {:.5} (pass {}, k = {:.2})",
        f.fitted, f.held_out, f.held_out_before, f.held_out_after, f.best_pass, f.k
    );
    std::fs::write(out, f.patterns.to_bytes()).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}
