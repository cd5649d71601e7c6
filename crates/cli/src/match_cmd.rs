//! `draughts match`: plays games between two engines (our strength levels, or any Hub engine
//! started from a command line) from balanced openings or a ballot's, with colours reversed, and
//! prints the score with its 95% error margin and an Elo estimate, by games and by pairs; with
//! `--sprt`, it stops once a sequential test decides. Game records are written as PDN.

use anyhow::{anyhow, bail, Context, Result};
use draughts_engine::ballot::read_ballot_file;
use draughts_engine::matchplay::{player_from_spec, run_match_on, EvalFiles, MatchConfig, Player, PlayerSpec};
use draughts_rules::Variant;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// Rule set: english, american, german, russian, international, turkish, italian, brazilian.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Variant,
    /// Draw rules every game is judged and searched by: simplified (the rule set's own, the
    /// default) or fmjd (international: the FMJD's counts).
    #[arg(long, default_value = "simplified", value_parser = crate::parse_draw_rules)]
    draw_rules: draughts_rules::DrawRules,
    /// First player: a level 1..8 of our engine ("8", "level:8"), our engine at a fixed depth
    /// ("depth:10", reproducible whatever the machine's load), or a Hub engine command
    /// ("hub:./scan hub").
    #[arg(long)]
    a: String,
    /// Second player, as --a.
    #[arg(long)]
    b: String,
    /// Number of games (played in pairs: each opening with both colours).
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Milliseconds per move for Hub engines and for our levels 6..8 (default: each level's own
    /// time; 1000 for Hub engines).
    #[arg(long)]
    movetime: Option<u64>,
    /// Games longer than this many half-moves are adjudicated drawn.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Play the openings of this ballot (a JSON ballot such as pydraughts' 3-move English one,
    /// or one opening a line as moves from the start) instead of balanced openings of 4 plies;
    /// the seed shuffles their order.
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// Seed for the openings and the levels' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the games to this PDN file.
    #[arg(long)]
    pdn: Option<std::path::PathBuf>,
    /// Our engine as --a evaluates with this weight file (from `draughts tune`).
    #[arg(long)]
    a_weights: Option<std::path::PathBuf>,
    /// Our engine as --b evaluates with this weight file.
    #[arg(long)]
    b_weights: Option<std::path::PathBuf>,
    /// Our engine as --a evaluates with these pattern values (a file from `draughts tune
    /// --patterns`), or with the linear weights alone (`none`), instead of the built-in ones.
    #[arg(long, value_name = "FILE|none")]
    a_patterns: Option<String>,
    /// Our engine as --b: pattern values, as --a-patterns.
    #[arg(long, value_name = "FILE|none")]
    b_patterns: Option<String>,
    /// Our engine as --a adds this network's output to its evaluation (a file from `draughts
    /// tune --network`, or several of separate stages separated by commas) instead of the rule
    /// set's built-in ones (English and American have them); `none`: no network at all.
    #[arg(long, value_name = "FILE[,FILE]|none")]
    a_network: Option<String>,
    /// Our engine as --b: networks, as --a-network.
    #[arg(long, value_name = "FILE[,FILE]|none")]
    b_network: Option<String>,
    /// Our levels 6..8 play without the opening book: `a`, `b`, or `both` (the default when
    /// the option is given alone). Without the option they play from it while the position
    /// is in it (docs/engine.md, "Opening books").
    #[arg(long, value_name = "SIDE", num_args = 0..=1, default_missing_value = "both", value_parser = ["a", "b", "both"])]
    no_book: Option<String>,
    /// Endgame databases for our levels 7 and 8 (default: the user's data folder,
    /// `draughts/egdb`; see `draughts egdb info`).
    #[arg(long)]
    egdb: Option<std::path::PathBuf>,
    #[command(flatten)]
    sprt: crate::sprt_args::SprtArgs,
    /// Play this many pairs at once, each at its own table with its own two players (Hub
    /// engines started once a table), one thread each: up to one a processor core for timed
    /// games, since each table keeps a core busy. Pairs, openings and rounds are the same as
    /// one table's; only the order they finish in changes.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
}

pub fn run(a: Args) -> Result<ExitCode> {
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    if a.concurrency == 0 || a.concurrency > 64 {
        bail!("--concurrency must be 1..64, got {}", a.concurrency);
    }
    let sprt = a.sprt.test()?;
    let t = a.movetime.map(Duration::from_millis);
    if !a.draw_rules.available(a.variant.rules()) {
        anyhow::bail!("--draw-rules {}: {} has no FMJD draw rules (only international)", a.draw_rules.code(), a.variant);
    }
    let no_book = a.no_book.as_deref();
    let book_a = !matches!(no_book, Some("a" | "both"));
    let book_b = !matches!(no_book, Some("b" | "both"));
    let egdbs = crate::egdb_cmd::open_installed(a.egdb.clone())?;
    let eval_a = EvalFiles { weights: a.a_weights.as_deref(), patterns: a.a_patterns.as_deref(), network: a.a_network.as_deref() };
    let eval_b = EvalFiles { weights: a.b_weights.as_deref(), patterns: a.b_patterns.as_deref(), network: a.b_network.as_deref() };
    let spec_a = PlayerSpec { spec: &a.a, seed: a.seed, eval: eval_a, book: book_a };
    let spec_b = PlayerSpec { spec: &a.b, seed: a.seed.wrapping_add(1), eval: eval_b, book: book_b };
    // The players of each table; the first table's name the players in the report.
    let mut tables = Vec::new();
    for _ in 0..a.concurrency.min(a.games.div_ceil(2)) {
        let pa = player_from_spec(spec_a, a.variant, a.draw_rules, t, &egdbs).map_err(|e| anyhow!(e))?;
        let pb = player_from_spec(spec_b, a.variant, a.draw_rules, t, &egdbs).map_err(|e| anyhow!(e))?;
        tables.push((pa, pb));
    }
    let (pa, pb) = (&tables[0].0, &tables[0].1);
    let openings = match &a.openings {
        Some(p) => read_ballot_file(a.variant, p).map_err(|e| anyhow!(e))?,
        None => Vec::new(),
    };
    let cfg = MatchConfig { variant: a.variant, draws: a.draw_rules, games: a.games, max_plies: a.max_plies.max(10), seed: a.seed, openings, sprt };
    let mut file = match &a.pdn {
        Some(p) => Some(std::fs::File::create(p).with_context(|| format!("cannot create {}", p.display()))?),
        None => None,
    };
    let event = format!("{} vs {} ({})", pa.name(), pb.name(), a.variant);
    let names = (pa.name(), pb.name());
    match &sprt {
        Some(t) => outln!("{} (a) vs {} (b), at most {} games of {}, stopping when {} decides", names.0, names.1, a.games.div_ceil(2) * 2, a.variant, t.describe())?,
        None => outln!("{} (a) vs {} (b), {} games of {}", names.0, names.1, a.games.div_ceil(2) * 2, a.variant)?,
    }
    if let Some(db) = egdbs.iter().find(|d| d.variant() == a.variant && d.max_pieces() > 0) {
        outln!("note: our levels 7 and 8 read the endgame databases of {} up to {} pieces", a.variant, db.max_pieces())?;
    }
    for caveat in [pa.caveat(), pb.caveat()].into_iter().flatten() {
        outln!("note: {caveat}")?;
    }
    let mut write_err = None;
    let mut out_err = None;
    let seats: Vec<(&mut dyn Player, &mut dyn Player)> = tables.iter_mut().map(|(x, y)| (&mut **x as &mut dyn Player, &mut **y as &mut dyn Player)).collect();
    let result = run_match_on(seats, &cfg, |rec, t| {
        let s = t.score;
        // After a pair's second game, the test's ratio so far.
        let llr = match &sprt {
            Some(test) if s.games() == 2 * t.pairs.pairs() => format!("  {}", test.llr_label(&t.pairs)),
            _ => String::new(),
        };
        if out_err.is_some() {
            // Nobody reads the progress any more; the games (and their PDN) go on.
        } else if let Err(e) = outln!(
            "game {:>3}: {} (Light) - {} (Dark): {}  [{}]  a: +{} ={} -{}{}",
            rec.round,
            rec.light,
            rec.dark,
            rec.outcome.pdn(),
            rec.outcome,
            s.wins,
            s.draws,
            s.losses,
            llr
        ) {
            out_err = Some(e);
        }
        if let Some(f) = file.as_mut() {
            if let Err(e) = f.write_all(rec.to_pdn(&event).as_bytes()) {
                write_err = Some(e);
            }
        }
    })
    .map_err(|e| anyhow!(e))?;
    if let Some(e) = write_err {
        bail!("writing the PDN file failed: {e}");
    }
    if let Some(e) = out_err {
        return Err(e);
    }
    let score = result.tally.score;
    // Adding zero turns a negative zero (an even score) into "+0".
    let (elo, lo, hi) = score.elo();
    let (elo, lo, hi) = (elo + 0.0, lo + 0.0, hi + 0.0);
    outln!(
        "score of a ({}): +{} ={} -{}  {:.1}% ± {:.1}%  Elo {:+.0} [{:+.0}, {:+.0}] (95%)",
        names.0,
        score.wins,
        score.draws,
        score.losses,
        100.0 * score.fraction(),
        100.0 * score.margin(),
        elo,
        lo,
        hi
    )?;
    let pairs = result.tally.pairs;
    if let Some(line) = pairs.report() {
        outln!("{line}")?;
    }
    if let Some(test) = &sprt {
        outln!("{}", test.conclusion(&pairs, score.games() as usize, None))?;
    }
    Ok(ExitCode::SUCCESS)
}
