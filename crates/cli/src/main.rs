//! The `draughts` command line. Run `draughts --help` for the subcommands.

/// Writes a line to standard output (as `println!`), returning the failure instead of panicking:
/// a full disk or a closed pipe ends the command with an error (see `main`). `anyhow::Result<()>`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        anyhow::Context::context(writeln!(out, $($arg)*).and_then(|_| out.flush()), "writing to standard output")
    }};
}

mod analyze_cmd;
mod hub_cmd;
mod bench_cmd;
mod book_cmd;
mod match_cmd;
mod dxp_cmd;
mod egdb_cmd;
mod tune_cmd;
mod loadtest_cmd;
mod move_json;
mod moves_cmd;
mod pdn_cmd;
mod perft_cmd;
mod position_args;
mod provenance;
mod puzzles_cmd;
mod review_cmd;
mod serve_cmd;
mod sprt_args;

use clap::{Parser, Subcommand};
use draughts_rules::Variant;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "draughts", version, about = "Draughts for every rule set: rules, analysis, and a web app")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf positions N plies ahead (perft), for each depth 1..N.
    Perft(perft_cmd::Args),
    /// List the legal moves of a position.
    Moves(moves_cmd::Args),
    /// Analyze a position: best move, score, depth, nodes and principal variation.
    Analyze(analyze_cmd::Args),
    /// Review a game of a PDN file: every move judged by the engine, the better move, accuracy.
    Review(review_cmd::Args),
    /// Run the engine with the Hub protocol on standard input/output (for draughts GUIs).
    Hub(hub_cmd::Args),
    /// Benchmark the engine: fixed-depth search of fixed positions (total nodes and speed).
    Bench(bench_cmd::Args),
    /// Play a match between engine levels or Hub engines; prints score and Elo estimate.
    Match(match_cmd::Args),
    /// Play international draughts over the DamExchange protocol (DXP) on TCP.
    Dxp(dxp_cmd::Args),
    /// Refit the evaluation weights of a rule set, or its pattern values, from self-play games.
    Tune(tune_cmd::Args),
    /// Run the web app: play the computer or a friend in the browser.
    Serve(serve_cmd::Args),
    /// Load-test online rooms on loopback: N rooms, two clients each (on different nodes when
    /// several are given), a move every few seconds; move-to-opponent latency percentiles.
    Loadtest(loadtest_cmd::Args),
    /// Work with PDN game files.
    #[command(subcommand)]
    Pdn(pdn_cmd::PdnCommand),
    /// Endgame databases: build them by retrograde analysis, list those installed.
    #[command(subcommand)]
    Egdb(egdb_cmd::EgdbCommand),
    /// Opening books: build one by self-play expansion, say what a book holds.
    #[command(subcommand)]
    Book(book_cmd::BookCommand),
    /// Puzzles from real games: mine the positions where exactly one move wins.
    #[command(subcommand)]
    Puzzles(puzzles_cmd::PuzzlesCommand),
}

/// Parses a variant id for clap, listing the ids on error.
pub fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse::<Variant>().map_err(|e| e.to_string())
}

/// Reads `--draw-rules`: `simplified` (the rule set's own counter) or `fmjd` (international).
pub fn parse_draw_rules(s: &str) -> Result<draughts_rules::DrawRules, String> {
    draughts_rules::DrawRules::from_code(s).ok_or_else(|| format!("unknown draw rules {s:?}: simplified or fmjd"))
}

/// Lets a report command end quietly when the reader of its output goes away
/// (`draughts perft ... | head -3`), as Unix tools do. Rust programs ignore SIGPIPE, so a write
/// to the closed pipe fails and `println!` panics. Only for commands whose output is a report on
/// standard output: the server, DXP, Hub, match, tune and load-test commands write to sockets or
/// to engines' pipes, where a peer that went away is an error they handle, not a reason to stop.
fn end_quietly_on_closed_output() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal at start-up, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(cli.command, Command::Perft(_) | Command::Moves(_) | Command::Analyze(_) | Command::Review(_) | Command::Bench(_) | Command::Pdn(_) | Command::Puzzles(_) | Command::Egdb(_) | Command::Book(_)) {
        end_quietly_on_closed_output();
    }
    let result = match cli.command {
        Command::Perft(a) => perft_cmd::run(a),
        Command::Moves(a) => moves_cmd::run(a),
        Command::Analyze(a) => analyze_cmd::run(a),
        Command::Review(a) => review_cmd::run(a),
        Command::Hub(a) => hub_cmd::run(a),
        Command::Bench(a) => bench_cmd::run(a),
        Command::Match(a) => match_cmd::run(a),
        Command::Dxp(a) => dxp_cmd::run(a),
        Command::Tune(a) => tune_cmd::run(a),
        Command::Serve(a) => serve_cmd::run(a),
        Command::Loadtest(a) => loadtest_cmd::run(a),
        Command::Pdn(c) => pdn_cmd::run(c),
        Command::Puzzles(c) => puzzles_cmd::run(c),
        Command::Egdb(c) => egdb_cmd::run(c),
        Command::Book(c) => book_cmd::run(c),
    };
    match result {
        Ok(code) => code,
        // The reader of our output went away (`draughts match ... | head -1`): end quietly, with
        // the shell's status for a pipe closed under a writer (128 + SIGPIPE).
        Err(e) if e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) => {
            ExitCode::from(141)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
