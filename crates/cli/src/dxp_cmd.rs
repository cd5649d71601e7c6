//! `draughts dxp`: international draughts against another program over the DamExchange protocol
//! (DXP) on TCP. `--listen ADDR` waits as the Follower (the other program asks for games);
//! `--connect ADDR` connects as the Initiator and asks for `--games` games, colours alternating,
//! or, with `--sprt`, until a sequential test decides.

use anyhow::{anyhow, bail, Context, Result};
use draughts_engine::dxp::{evaluation, follow, initiate, openings, Connection, DxpConfig, DxpGame};
use draughts_engine::sprt::Pentanomial;
use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// Wait for a connection on this address (for example 127.0.0.1:27531) as the Follower.
    #[arg(long, conflicts_with = "connect")]
    listen: Option<String>,
    /// Connect to a Follower at this address as the Initiator.
    #[arg(long)]
    connect: Option<String>,
    /// Milliseconds to think per move on average: the engine manages its time like a player under
    /// a clock, using about 0.3x of it in the opening and up to 1.8x where the game is decided
    /// (docs/engine.md, "Time").
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Initiator: number of games (we play Light in the first, colours alternate).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Initiator: end a game once it reaches this many half-moves.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Initiator: thinking time per side announced in the game request, in minutes.
    #[arg(long, default_value_t = 10)]
    minutes: u32,
    /// Initiator: start each pair of games (colours reversed) after a balanced opening of this
    /// many half-moves, chosen like `draughts match` does (0: every game from the start position).
    #[arg(long, default_value_t = 0)]
    opening_plies: usize,
    /// Initiator: seed of the opening choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw rules the games are judged and searched by: fmjd (the default, as tournaments and
    /// other engines play) or simplified (guide 001's 120 half-moves).
    #[arg(long, default_value = "fmjd", value_parser = crate::parse_draw_rules)]
    draw_rules: draughts_rules::DrawRules,
    /// Our name in the protocol.
    #[arg(long, default_value = "draughts")]
    name: String,
    /// Append the games to this PDN file.
    #[arg(long)]
    pdn: Option<std::path::PathBuf>,
    /// Evaluate with this weight file (as written by `draughts tune`) instead of the built-in
    /// international weights: to measure a candidate against another program.
    #[arg(long)]
    weights: Option<std::path::PathBuf>,
    /// Evaluate with this pattern file (as written by `draughts tune --patterns`) instead of
    /// the built-in one.
    #[arg(long, conflicts_with = "no_patterns")]
    patterns: Option<std::path::PathBuf>,
    /// Evaluate with the linear weights alone (no pattern values).
    #[arg(long)]
    no_patterns: bool,
    /// Initiator: a sequential test of us against the other program.
    #[command(flatten)]
    sprt: crate::sprt_args::SprtArgs,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let sprt = a.sprt.test()?;
    if sprt.is_some() && a.listen.is_some() {
        bail!("--sprt is for the Initiator (--connect), which asks for the games; a Follower plays what it is asked");
    }
    let (weights, patterns) = evaluation(a.weights.as_deref(), a.patterns.as_deref(), a.no_patterns).map_err(anyhow::Error::msg)?;
    let cfg = DxpConfig {
        weights,
        patterns,
        draws: a.draw_rules,
        name: a.name.clone(),
        movetime: Duration::from_millis(a.movetime.max(1)),
        // Under a test the games come in pairs (each opening with both colours), as in a match.
        games: if sprt.is_some() { a.games.max(1).div_ceil(2) * 2 } else { a.games.max(1) },
        max_plies: a.max_plies.max(2),
        minutes: a.minutes,
        // A Follower plays the games it is asked for.
        openings: if a.listen.is_some() { Vec::new() } else { openings(a.games, a.opening_plies, a.seed) },
        sprt,
    };
    let timeout = cfg.timeout();
    let mut points = Vec::new();
    // Each game is appended as it ends (as `draughts match` does), so a long match stopped
    // part-way keeps the games it played; a path that cannot be opened stops before the first.
    let mut pdn = match &a.pdn {
        Some(p) => Some(std::fs::OpenOptions::new().create(true).append(true).open(p).with_context(|| format!("cannot open {}", p.display()))?),
        None => None,
    };
    let mut write_err = None;
    let mut on_game = |g: &DxpGame| {
        points.push(g.our_score());
        let count = points.len();
        // After a pair's second game, the test's ratio so far.
        let llr = match &sprt {
            Some(test) if count % 2 == 0 => format!("  {}", test.llr_label(&Pentanomial::of_games(&points))),
            _ => String::new(),
        };
        let result = match g.outcome {
            Some(o) => o.to_string(),
            None => format!("stopped after {} half-moves", g.game.ply()),
        };
        // The game is on file before its progress line is printed.
        if let Some(f) = pdn.as_mut() {
            if let Err(e) = f.write_all(g.to_pdn(&a.name).as_bytes()) {
                write_err.get_or_insert(e);
            }
        }
        // A progress line nobody can read is dropped; the games go on (the summary reports it).
        let _ = outln!("game {count}: we played {} — {result} (our score {}){llr}", g.ours, g.our_score());
    };
    let mut on_move = |_: &draughts_rules::Game| {};
    let games = match (&a.listen, &a.connect) {
        (Some(addr), None) => {
            let l = TcpListener::bind(addr).map_err(|e| anyhow!("cannot listen on {addr}: {e}"))?;
            outln!("waiting for a DXP Initiator on {}", l.local_addr()?)?;
            let (stream, peer) = l.accept()?;
            outln!("connected: {peer}")?;
            let mut conn = Connection::tcp(stream, timeout).map_err(|e| anyhow!(e))?;
            follow(&mut conn, &cfg, &mut on_game, &mut on_move).map_err(|e| anyhow!(e))?
        }
        (None, Some(addr)) => {
            let stream = TcpStream::connect(addr).map_err(|e| anyhow!("cannot connect to {addr}: {e}"))?;
            if let Some(test) = &cfg.sprt {
                outln!("at most {} games, stopping when {} decides", cfg.games, test.describe())?;
            }
            let mut conn = Connection::tcp(stream, timeout).map_err(|e| anyhow!(e))?;
            initiate(&mut conn, &cfg, &mut on_game, &mut on_move).map_err(|e| anyhow!(e))?
        }
        _ => bail!("give either --listen ADDR or --connect ADDR"),
    };
    if !games.is_empty() {
        let points: Vec<f64> = games.iter().map(DxpGame::our_score).collect();
        let total: f64 = points.iter().sum();
        outln!("our score: {:.1} / {} ({:.1}%)", total, games.len(), 100.0 * total / games.len() as f64)?;
        let pairs = Pentanomial::of_games(&points);
        if let Some(line) = pairs.report() {
            outln!("{line}")?;
        }
        if let Some(test) = &cfg.sprt {
            // Undecided before the last game asked for: the Follower stopped the session.
            let early = (games.len() < cfg.games).then_some("the session ended before --games: the Follower stopped or hung up");
            outln!("{}", test.conclusion(&pairs, games.len(), early))?;
        }
    }
    if let Some(e) = write_err {
        bail!("writing the PDN file failed: {e}");
    }
    Ok(ExitCode::SUCCESS)
}
