//! `draughts tune`: refits a rule set's evaluation weights from self-play games (see the
//! engine's `tune` module) and writes them as a weight file. Save the file as
//! `crates/engine/weights/<variant>.txt` and rebuild to make it the built-in evaluation.

use anyhow::{Context, Result};
use draughts_engine::eval::Weights;
use draughts_engine::egdb::Egdb;
use draughts_engine::network::{fit_network, Network, NetworkFitConfig};
use draughts_engine::patterns::Patterns;
use draughts_engine::tune::{
    fit, fit_patterns, generate_positions, generate_samples, label_by_egdb, label_by_search, read_positions, PlayEval, PositionSample, start_weights, write_positions, TuneConfig, TuneRequest,
};
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
    /// Also fit to the positions of these game records (PDN files), labelled with their results
    /// (with --patterns or --network, and a search score by --label-depth, which they need).
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
    /// Self-play starts from the openings of this ballot (a JSON ballot such as pydraughts'
    /// 3-move English one, or one opening a line as moves from the start; as `match
    /// --openings`): game i from the i-th in an order shuffled by --seed, continued at random to
    /// 8 plies (6 for the linear fit) by moves within 0.2 man of the best, so the games are those
    /// a match from the ballot plays, and differ when an opening comes round again.
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// Start from this weight file instead of the built-in weights.
    #[arg(long)]
    from: Option<std::path::PathBuf>,
    /// Write the fitted weights here (default: standard output; required with --patterns).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Fit pattern values (every rule set; see docs/engine.md, "Evaluation") on top of the
    /// linear weights, written as a pattern file with a header saying how it was made (the
    /// built-in ones are crates/engine/weights/<variant>.patterns), instead of the linear
    /// weights. Self-play evaluates with the linear weights alone unless --play-patterns is given.
    #[arg(long)]
    patterns: bool,
    /// Fit a network (a learned evaluation of the whole board, added to the linear weights and
    /// the built-in pattern values; see docs/engine.md, "Network") from the same positions as
    /// --patterns, written as a network file with a header saying how it was made. Give
    /// --iterations as passes over the positions (about 20).
    #[arg(long)]
    network: bool,
    /// With --network: fit only the positions with MIN to MAX pieces on the board (such as
    /// 14-24), and use the network only there (its file says so; see docs/engine.md, "Network").
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_network_pieces)]
    network_pieces: Option<(u32, u32)>,
    /// With --patterns: self-play evaluates with these pattern values too (a file as --out writes,
    /// such as the built-in crates/engine/weights/<variant>.patterns), so that a new fit learns
    /// from games and search scores of the evaluation it is to replace.
    #[arg(long)]
    play_patterns: Option<std::path::PathBuf>,
    /// With --patterns or --network: self-play adds this network's output to its evaluation (a
    /// file as `--network --out` writes, or several of separate stages separated by commas), so
    /// that a new network learns from games played with the ones it is to replace. Without it,
    /// self-play evaluates with no network (not even a built-in one), as the fits were made.
    #[arg(long, value_name = "FILE[,FILE]")]
    play_network: Option<String>,
    /// With --patterns or --network: self-play and --label-depth search with these endgame
    /// databases (a folder, as `draughts egdb build --dir` writes), and a self-play game ends at
    /// the first position they hold, with their result: its later positions are theirs, so the
    /// games spend their time before the endings (see docs/engine.md, "Network").
    #[arg(long, value_name = "DIR")]
    play_egdb: Option<std::path::PathBuf>,
    /// With --patterns or --network: score every position (the files' and the self-play's)
    /// again with a search to this depth (1..30), evaluated as the self-play games are
    /// (--play-patterns, --play-network); the fit's target then takes its search part from these
    /// scores (--lambda). With --save-positions the positions are written with them, to be fitted
    /// again without searching.
    #[arg(long)]
    label_depth: Option<u32>,
    /// With --patterns: also fit to these positions (files written by --save-positions).
    #[arg(long, num_args = 1..)]
    positions: Vec<std::path::PathBuf>,
    /// With --patterns: write the self-play positions here (one `FEN;score;result` a line).
    #[arg(long)]
    save_positions: Option<std::path::PathBuf>,
    /// With --patterns: positions these endgame databases hold (a folder, as `draughts egdb
    /// build --dir` writes) are fitted to their exact result instead of the self-play labels.
    /// With --network: they are left out (the search probes the databases instead).
    #[arg(long)]
    egdb: Option<std::path::PathBuf>,
}

/// The run as the engine checks it.
fn request(a: &Args) -> TuneRequest {
    TuneRequest {
        variant: a.variant,
        games: a.games,
        depth: a.depth,
        lambda: a.lambda,
        iterations: a.iterations,
        patterns: a.patterns,
        pdn_files: a.pdn.len(),
        position_files: a.positions.len(),
        save_positions: a.save_positions.is_some(),
        out: a.out.is_some(),
        egdb: a.egdb.is_some(),
        play_patterns: a.play_patterns.is_some(),
        play_network: a.play_network.is_some(),
        play_egdb: a.play_egdb.is_some(),
        label_depth: a.label_depth,
        network: a.network,
        network_pieces: a.network_pieces.is_some(),
        openings: a.openings.is_some(),
    }
}

/// `--network-pieces`: a range `MIN-MAX` ([`draughts_engine::network::parse_pieces`]).
fn parse_network_pieces(text: &str) -> Result<(u32, u32), String> {
    draughts_engine::network::parse_pieces(text)
}

/// The starting weights (`--from` or the built-in ones) and the run's settings.
fn start_and_config(a: &Args, req: &TuneRequest) -> Result<(Weights, TuneConfig)> {
    let start = start_weights(a.variant, a.from.as_deref()).map_err(anyhow::Error::msg)?;
    let mut cfg = req.config(a.threads, a.seed);
    if let Some(p) = &a.openings {
        cfg.openings = draughts_engine::ballot::read_ballot_file(a.variant, p).map_err(|e| anyhow::anyhow!("--openings {e}"))?;
    }
    Ok((start, cfg))
}

/// The text of a `--pdn` file, in whichever encoding it was written (UTF-8 or Latin-1).
fn pdn_text(p: &std::path::Path) -> Result<String> {
    let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
    Ok(draughts_rules::notation::pdn::decode(&bytes).0)
}

/// The self-play progress bar.
fn games_bar(games: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(games as u64);
    bar.set_style(indicatif::ProgressStyle::with_template("self-play {bar:30} {pos}/{len} games ({elapsed})").unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
    bar
}

pub fn run(a: Args) -> Result<ExitCode> {
    let req = request(&a);
    req.check().map_err(anyhow::Error::msg)?;
    if a.patterns || a.network {
        return run_patterns(a, &req);
    }
    let (start, cfg) = start_and_config(&a, &req)?;
    let bar = games_bar(a.games);
    let mut samples = if a.games > 0 { generate_samples(&cfg, &start, &|n| bar.set_position(n as u64)) } else { Vec::new() };
    bar.finish();
    for p in &a.pdn {
        let (more, games) = draughts_engine::tune::samples_from_pdn(&pdn_text(p)?, a.variant);
        eprintln!("{}: {} positions from {} games", p.display(), more.len(), games);
        samples.extend(more);
    }
    req.check_samples(samples.len()).map_err(anyhow::Error::msg)?;
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

/// `draughts tune --patterns` and `--network`: self-play positions (and/or saved ones), then
/// the pattern fit or the network fit.
/// The request is checked ([`TuneRequest::check`]).
fn run_patterns(a: Args, req: &TuneRequest) -> Result<ExitCode> {
    let (start, cfg) = start_and_config(&a, req)?;
    // Read before the position files, so that a bad file stops the run at once (its errors
    // name it).
    let play = match &a.play_patterns {
        Some(p) => Some(std::sync::Arc::new(Patterns::read_for(p, a.variant).map_err(|e| anyhow::anyhow!("--play-patterns: {e}"))?)),
        None => None,
    };
    let play_network = match &a.play_network {
        Some(p) => Network::from_arg(p, Some(a.variant)).map_err(|e| anyhow::anyhow!("--play-network: {e}"))?,
        None => Vec::new(),
    };
    let mut samples = Vec::new();
    let mut heads = Vec::new();
    for p in &a.positions {
        let text = std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?;
        heads.push(text.lines().take_while(|l| l.starts_with('#')).map(str::to_string).collect::<Vec<_>>());
        let more = read_positions(&text, a.variant).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
        eprintln!("{}: {} positions", p.display(), more.len());
        samples.extend(more);
    }
    for p in &a.pdn {
        // Scored by --label-depth below (the request requires it), labelled by their results.
        let (more, games) = draughts_engine::tune::positions_from_pdn(&pdn_text(p)?, a.variant);
        eprintln!("{}: {} positions from {} games", p.display(), more.len(), games);
        samples.extend(more);
    }
    let play_egdb = match &a.play_egdb {
        Some(dir) => Some(std::sync::Arc::new(open_egdb(dir, a.variant, "--play-egdb")?)),
        None => None,
    };
    let eval = PlayEval { patterns: play.as_ref(), networks: &play_network, egdb: play_egdb.as_ref() };
    // --network-pieces: the stage fitted alone, kept before the scoring so that a deep
    // --label-depth is spent there only.
    let mut left_out = stage_filter(a.network_pieces, &mut samples);
    let from_files = samples.len();
    if a.games > 0 {
        let bar = games_bar(a.games);
        let mut played = generate_positions(&cfg, &start, eval, &|n| bar.set_position(n as u64));
        bar.finish();
        left_out += stage_filter(a.network_pieces, &mut played);
        samples.extend(played);
    }
    if let Some((lo, hi)) = a.network_pieces {
        eprintln!("{left_out} positions left out: fewer than {lo} or more than {hi} pieces (--network-pieces)");
    }
    if let Some(depth) = a.label_depth {
        let bar = indicatif::ProgressBar::new(samples.len() as u64);
        bar.set_style(indicatif::ProgressStyle::with_template("scoring at depth {msg} {bar:30} {pos}/{len} positions ({elapsed}, {eta} left)").unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
        bar.set_message(depth.to_string());
        label_by_search(&mut samples, &start, eval, depth, cfg.threads, &|n| bar.set_position(n as u64));
        bar.finish();
    }
    if let Some(p) = &a.save_positions {
        // The self-play positions, or with --label-depth every position with its new score.
        let saved = if a.label_depth.is_some() { &samples[..] } else { &samples[from_files..] };
        let mut header = format!("built-by: {}\nengine: {}\ndate: {}", crate::provenance::invocation(), crate::provenance::engine(), crate::provenance::today());
        if a.label_depth.is_some() {
            // How the files' games were played stays with their positions.
            for line in file_heads(&a, &heads) {
                header.push('\n');
                header.push_str(&line);
            }
        }
        std::fs::write(p, write_positions(saved, &header)).with_context(|| format!("cannot write {}", p.display()))?;
        eprintln!("{} positions written to {}", saved.len(), p.display());
    }
    let Some(out) = &a.out else { return Ok(ExitCode::SUCCESS) };
    if a.iterations == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    req.check_samples(samples.len()).map_err(anyhow::Error::msg)?;
    let mut exact = None;
    if let Some(dir) = &a.egdb {
        let db = open_egdb(dir, a.variant, "--egdb")?;
        if a.network {
            // The search probes the databases instead of evaluating their positions, so the
            // network spends its values on the others.
            let before = samples.len();
            let max = db.max_pieces();
            samples.retain(|s| s.position.occupied().count_ones() > max);
            let n = before - samples.len();
            eprintln!("{n} positions left out: the endgame databases hold them (up to {max} pieces)");
            exact = Some(format!("{n} positions left out that the {} endgame databases up to {max} pieces hold", a.variant.id()));
            req.check_samples(samples.len()).map_err(anyhow::Error::msg)?;
        } else {
            let n = label_by_egdb(&mut samples, &db);
            eprintln!("{n} positions labelled by the endgame databases (up to {} pieces)", db.max_pieces());
            exact = Some(format!("{n} positions labelled with their exact result by the {} endgame databases up to {} pieces", a.variant.id(), db.max_pieces()));
        }
    }
    if a.network {
        return fit_network_to(&a, &samples, &start, &cfg, exact, &heads, out);
    }
    let f = fit_patterns(a.variant, &samples, &start, a.iterations, a.lambda);
    let summary = format!(
        "{} positions fitted, {} held out (each also with colours reversed); held-out mean squared error {:.5} -> {:.5} (pass {} of {}, k = {:.2}, lambda {})",
        f.fitted, f.held_out, f.held_out_before, f.held_out_after, f.best_pass, a.iterations, f.k, a.lambda
    );
    eprintln!("{summary}");
    let header = fit_header("draughts pattern values", &a, summary, exact, &heads);
    let patterns = f.patterns.with_header(&header.join("\n"));
    std::fs::write(out, patterns.to_bytes()).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}

/// The endgame databases of `variant` in `dir`, for the option `option`: an error when there are
/// none.
fn open_egdb(dir: &std::path::Path, variant: Variant, option: &str) -> Result<Egdb> {
    let db = Egdb::open(dir, variant).map_err(|e| anyhow::anyhow!("{option} {}: {e}", dir.display()))?;
    if db.max_pieces() == 0 {
        anyhow::bail!("{option} {}: no {} endgame databases there (draughts egdb build --variant {} --dir ...)", dir.display(), variant, variant.id());
    }
    Ok(db)
}

/// Keeps the positions of `samples` with MIN to MAX pieces (`--network-pieces`, none: all);
/// returns how many were left out.
fn stage_filter(pieces: Option<(u32, u32)>, samples: &mut Vec<PositionSample>) -> usize {
    let Some((lo, hi)) = pieces else { return 0 };
    let before = samples.len();
    samples.retain(|s| (lo..=hi).contains(&s.position.occupied().count_ones()));
    before - samples.len()
}

/// The network fit of `draughts tune --network` to the gathered positions, written to `out` with
/// a header saying how it was made (`exact`: the endgame databases' labelling, `heads`: the
/// position files' own headers).
fn fit_network_to(a: &Args, samples: &[PositionSample], start: &Weights, cfg: &TuneConfig, exact: Option<String>, heads: &[Vec<String>], out: &std::path::Path) -> Result<ExitCode> {
    let fit_cfg = NetworkFitConfig { passes: a.iterations, lambda: a.lambda, threads: cfg.threads, seed: a.seed, batch: 1024 };
    let bar = indicatif::ProgressBar::new(a.iterations as u64);
    bar.set_style(indicatif::ProgressStyle::with_template("fit {bar:30} {pos}/{len} passes ({elapsed}) {msg}").unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
    let f = fit_network(a.variant, samples, start, &fit_cfg, &mut |pass, e| {
        bar.set_position(pass as u64);
        bar.set_message(format!("held-out error {e:.5}"));
        if bar.is_hidden() {
            eprintln!("pass {pass}: held-out mean squared error {e:.5}");
        }
    });
    bar.finish();
    let summary = format!(
        "{} positions fitted, {} held out; held-out mean squared error {:.5} -> {:.5} (integer values {:.5}; pass {} of {}, k = {:.2}, lambda {})",
        f.fitted, f.held_out, f.held_out_before, f.held_out_after, f.held_out_integer, f.best_pass, a.iterations, f.k, a.lambda
    );
    eprintln!("{summary}");
    let mut lines = fit_header("draughts network", a, summary, exact, heads);
    if let Some((lo, hi)) = a.network_pieces {
        // Read back by the search (Network::covers): the network is used only there.
        lines.insert(2, format!("{}{lo}-{hi}", draughts_engine::network::PIECES_KEY));
    }
    let header: String = lines.iter().map(|l| format!("# {l}\n")).collect();
    let network = f.network.quantized(&header);
    std::fs::write(out, network.to_bytes()).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}

/// The header lines of a fitted file (`kind`: what it holds): the rule set, the command, the
/// engine's commit, the date, the fit's `summary`, the endgame databases' part (`exact`) and the
/// position files' own headers (`heads`), which say how their games were played.
fn fit_header(kind: &str, a: &Args, summary: String, exact: Option<String>, heads: &[Vec<String>]) -> Vec<String> {
    let mut lines = vec![
        kind.to_string(),
        format!("variant: {}", a.variant.id()),
        format!("built-by: {}", crate::provenance::invocation()),
        format!("engine: {}", crate::provenance::engine()),
        format!("date: {}", crate::provenance::today()),
        summary,
    ];
    lines.extend(exact);
    lines.extend(file_heads(a, heads));
    lines
}

/// The position files' own header lines (`heads`, which say how their games were played), each
/// after its file's name.
fn file_heads(a: &Args, heads: &[Vec<String>]) -> Vec<String> {
    let mut lines = Vec::new();
    for (p, head) in a.positions.iter().zip(heads) {
        for line in head {
            lines.push(format!("{}: {}", p.display(), line.trim_start_matches('#').trim()));
        }
    }
    lines
}
