//! The Hub protocol, version 2, as Scan 3.x defines it (its `protocol.txt`): our engine as a Hub
//! engine ([`run_engine`], used by `draughts hub`) and a client that drives any Hub engine
//! ([`HubClient`], used by `draughts match`).
//!
//! Lines have the form `<command> <arg>=<val> ...`; values may be double-quoted; commands and
//! arguments we do not understand are ignored. See `docs/hub.md` for the exact dialogue, our
//! variant values and the position and move formats on boards other than 10x10.
//!
//! Position format: `W` or `B` (side to move) followed by one character per square in standard
//! order (`w`/`b` men, `W`/`B` kings, `e` empty). Standard order is the PDN square numbering
//! (1, 2, ...) on the diagonal boards and a8, b8, ..., h8, a7, ..., h1 on the Turkish board.
//!
//! Move format: `from-to` for a quiet move; `fromxto` followed by `x<square>` for every captured
//! piece for a capture (`28x19x23`). Squares are written in the variant's own notation (numbers,
//! or algebraic names on Russian, Turkish and Brazilian boards).

use crate::search::{Info, Limits, Searcher};
use draughts_rules::notation::{movetext, square};
use draughts_rules::resolve::{self, MatchError, MoveQuery};
use draughts_rules::{BoardKind, Color, Game, Move, Position, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Our engine's name in `id` lines.
pub const ENGINE_NAME: &str = "draughts";

/// One parsed line: the command and its arguments in order (flags have an empty value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first word of the line (`hub`, `pos`, `level`, `go`, `info`, `done`, ...).
    pub command: String,
    /// The `name=value` arguments in the order written, quotes removed; a flag's value is empty.
    pub args: Vec<(String, String)>,
}

impl Line {
    /// The value of an argument, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// True if the argument (or flag) is present.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(k, _)| k == name)
    }
}

/// Splits a Hub line into its command and `name=value` arguments. Values may be quoted with
/// double quotes (which may contain spaces and `=`); a missing closing quote takes the rest of
/// the line. Returns `None` for a blank line.
pub fn parse_line(text: &str) -> Option<Line> {
    let mut chars = text.trim().chars().peekable();
    let mut command = String::new();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            break;
        }
        command.push(c);
        chars.next();
    }
    if command.is_empty() {
        return None;
    }
    let mut args = Vec::new();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            break;
        }
        let mut name = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() || c == '=' {
                break;
            }
            name.push(c);
            chars.next();
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        args.push((name, value));
    }
    Some(Line { command, args })
}

/// Quotes a value when the protocol requires it (spaces, `=`, quotes, or empty).
pub fn quote(v: &str) -> String {
    if v.is_empty() || v.contains(|c: char| c.is_whitespace() || c == '=' || c == '"') {
        format!("\"{}\"", v.replace('"', "'"))
    } else {
        v.to_string()
    }
}

/// The Hub `variant` value of a rule set: `normal` for international (Scan's name), our ids for
/// the others (see `docs/hub.md`).
pub fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::International => "normal",
        other => other.id(),
    }
}

/// Reads a Hub `variant` value: `normal` (or `international`) and our other ids.
pub fn variant_from_name(name: &str) -> Option<Variant> {
    match name.trim().to_ascii_lowercase().as_str() {
        "normal" | "international" => Some(Variant::International),
        other => other.parse().ok(),
    }
}

/// The squares of a variant in Hub's standard order (see the module docs).
fn squares_in_order(v: Variant) -> Vec<u32> {
    let g = v.geometry();
    match g.kind {
        BoardKind::Diagonal => (1..=g.squares as u32).filter_map(|n| g.bit_of_number(n)).collect(),
        BoardKind::Orthogonal => (0..64).collect(),
    }
}

/// Writes a position in Hub's format.
pub fn write_position(pos: &Position) -> String {
    let mut s = String::new();
    s.push(if pos.side_to_move() == Color::Light { 'W' } else { 'B' });
    for b in squares_in_order(pos.variant()) {
        s.push(match pos.piece_at(b) {
            None => 'e',
            Some(p) => match (p.color, p.kind) {
                (Color::Light, draughts_rules::PieceKind::Man) => 'w',
                (Color::Dark, draughts_rules::PieceKind::Man) => 'b',
                (Color::Light, draughts_rules::PieceKind::King) => 'W',
                (Color::Dark, draughts_rules::PieceKind::King) => 'B',
            },
        });
    }
    s
}

/// Reads a position in Hub's format for a variant. Errors say which character is wrong.
pub fn parse_position(v: Variant, text: &str) -> Result<Position, String> {
    let text = text.trim();
    let order = squares_in_order(v);
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != order.len() + 1 {
        return Err(format!(
            "a {v} position has {} characters (side to move and {} squares); got {}",
            order.len() + 1,
            order.len(),
            chars.len()
        ));
    }
    let side = match chars[0] {
        'W' | 'w' => Color::Light,
        'B' | 'b' => Color::Dark,
        c => return Err(format!("character 1 ({c:?}) must be W or B, the side to move")),
    };
    let (mut light, mut dark, mut kings) = (0u64, 0u64, 0u64);
    for (i, (&c, &b)) in chars[1..].iter().zip(order.iter()).enumerate() {
        let bit = 1u64 << b;
        match c {
            'w' => light |= bit,
            'b' => dark |= bit,
            'W' => {
                light |= bit;
                kings |= bit
            }
            'B' => {
                dark |= bit;
                kings |= bit
            }
            'e' | '.' => {}
            other => return Err(format!("character {} ({other:?}) must be one of w b W B e", i + 2)),
        }
    }
    Position::new(v, light, dark, kings, side).map_err(|e| format!("impossible position: {e}"))
}

/// Writes a move in Hub's format (see the module docs).
pub fn write_move(v: Variant, mv: &Move) -> String {
    let from = square::name(v, mv.from());
    let to = square::name(v, mv.to());
    if !mv.is_capture() {
        return format!("{from}-{to}");
    }
    let mut s = format!("{from}x{to}");
    for c in mv.captured_squares() {
        s.push('x');
        s.push_str(&square::name(v, c));
    }
    s
}

/// Reads a move in Hub's format (or plain move text `from-to`, `fromxto`) and finds the legal
/// move it names in `pos`. Errors name the problem.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let t = text.trim();
    let fail = |e: MatchError| format!("move {t:?}: {}", e.reason());
    let lexed = movetext::lex(pos.variant(), t).map_err(|e| fail(MatchError::Syntax(e)))?;
    let squares = &lexed.squares;
    let captured = (squares.len() > 2).then(|| squares[2..].iter().fold(0u64, |acc, b| acc | 1u64 << b));
    let mv = resolve::find(pos, MoveQuery::Taking { from: squares[0], to: squares[1], captured }).map_err(fail)?;
    if lexed.capture_mark && !mv.is_capture() {
        return Err(fail(MatchError::QuietWrittenAsCapture { variant: pos.variant(), asked: t.to_string() }));
    }
    Ok(mv)
}

/// The search limits of Hub's `level` command.
#[derive(Clone, Debug, Default, PartialEq)]
struct HubLevel {
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time: Option<f64>,
    time: Option<f64>,
    moves: Option<u32>,
    inc: Option<f64>,
    infinite: bool,
}

impl HubLevel {
    /// The level of a `level` line. Errors (naming the key and its value) when a limit is not a
    /// finite number of at least zero: a GUI's level is kept rather than silently turned into
    /// "no limit" by a value we cannot read.
    fn from_line(l: &Line) -> Result<HubLevel, String> {
        let num = |k: &str| -> Result<Option<f64>, String> {
            match l.get(k) {
                None => Ok(None),
                Some(v) => match v.parse::<f64>() {
                    Ok(x) if x.is_finite() && x >= 0.0 => Ok(Some(x)),
                    _ => Err(format!("level: {k}={v} is not a number of at least 0")),
                },
            }
        };
        Ok(HubLevel {
            // (Casts from floating point saturate: a huge depth is the largest there is.)
            depth: num("depth")?.map(|d| d as u32),
            nodes: num("nodes")?.map(|n| n as u64),
            move_time: num("move-time")?,
            time: num("time")?,
            moves: num("moves")?.map(|m| m as u32),
            inc: num("inc")?,
            infinite: l.has("infinite"),
        })
    }

    /// The time to spend on one move (for `time`/`moves`/`inc` forms: a share of the time left).
    fn allotted(&self) -> Option<Duration> {
        if self.infinite {
            return None;
        }
        if let Some(t) = self.move_time {
            return Some(seconds(t));
        }
        let time = self.time?;
        let inc = self.inc.unwrap_or(0.0);
        let moves = self.moves.unwrap_or(30).max(1) as f64;
        let share = (time / moves + inc).min(time * 0.4).max(0.01);
        Some(seconds((share - 0.02).max(0.01)))
    }

    /// The limits of `go think`. Under a clock (`time=` without `move-time=`) the share is an
    /// average the search manages ([`Limits::managed`]: up to 1.8 times it on a hard move), so it
    /// is kept to 22% of the time left: no move takes more than 40% of it.
    fn limits(&self) -> Limits {
        let clock = !self.infinite && self.move_time.is_none() && self.time.is_some();
        let mut movetime = if self.infinite { None } else { self.allotted() };
        if let (true, Some(time)) = (clock, self.time) {
            movetime = movetime.map(|t| t.min(seconds((time * 0.22).max(0.01))));
        }
        Limits { depth: self.depth, nodes: self.nodes, movetime, managed: clock }
    }
}

/// A duration of `t` seconds (finite, at least 0); a duration too long to represent (a GUI's
/// `move-time=1e20`) is the longest there is, which the search treats as no time limit.
fn seconds(t: f64) -> Duration {
    Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX)
}

type SharedOut = Arc<Mutex<Box<dyn Write + Send>>>;

fn send(out: &SharedOut, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

fn info_line(v: Variant, i: &Info) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| write_move(v, m)).collect();
    format!(
        "info depth={} seldepth={} score={} nodes={} time={:.3} nps={:.3} pv={}",
        i.depth,
        i.seldepth,
        i.score.hub_men(),
        i.nodes,
        i.elapsed.as_secs_f64(),
        i.nps as f64 / 1e6,
        quote(&pv.join(" "))
    )
}

struct Running {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
    /// Search generation, so a ponder-hit timer never stops a later search.
    id: u64,
    /// The search ends by itself: it has a depth, node or time limit, or a ponder-hit started
    /// its clock. An unbounded one (`go analyze`, `level infinite`, pondering) ends on `stop`.
    bounded: bool,
}

/// Our engine speaking Hub on `input`/`output` until `quit` or the end of the input.
/// Blocking; searches run on a second thread so `stop` and `ping` are answered while thinking.
pub fn run_engine<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    let out: SharedOut = Arc::new(Mutex::new(Box::new(output)));
    let mut variant = Variant::International;
    let mut hash_mb: usize = 64;
    let mut searcher: Option<Searcher> = None;
    // The game to search, or why there is none: after a rejected `pos`, `go` answers an error
    // instead of searching the position before it.
    let mut game: Result<Game, String> = Ok(Game::new(variant));
    let mut level = HubLevel { move_time: Some(1.0), ..HubLevel::default() };
    let mut running: Option<Running> = None;
    let generation = Arc::new(AtomicU64::new(0));
    let pondering = Arc::new(AtomicBool::new(false));

    // Ends the running search (stopping it first unless `wait`) and takes its searcher back.
    let end_search = |running: &mut Option<Running>, searcher: &mut Option<Searcher>, wait: bool| {
        if let Some(r) = running.take() {
            if !wait {
                r.stop.store(true, Ordering::SeqCst);
            }
            if let Ok(s) = r.handle.join() {
                *searcher = Some(s);
            }
        }
    };

    // Lines as bytes: a line that is not UTF-8 is read with replacement characters (and most
    // likely ignored as an unknown command) instead of ending the session.
    for raw in input.split(b'\n') {
        let Ok(raw) = raw else { break };
        let raw = String::from_utf8_lossy(&raw);
        let Some(line) = parse_line(&raw) else { continue };
        // A finished search gives its searcher back.
        if running.as_ref().is_some_and(|r| r.handle.is_finished()) {
            end_search(&mut running, &mut searcher, false);
        }
        match line.command.as_str() {
            "ping" => send(&out, "pong"),
            "stop" => end_search(&mut running, &mut searcher, false),
            "ponder-hit" => {
                if let Some(r) = running.as_mut() {
                    if pondering.swap(false, Ordering::SeqCst) {
                        if let Some(t) = level.allotted() {
                            let stop = r.stop.clone();
                            let id = r.id;
                            let gen = generation.clone();
                            r.bounded = true;
                            thread::spawn(move || {
                                thread::sleep(t);
                                if gen.load(Ordering::SeqCst) == id {
                                    stop.store(true, Ordering::SeqCst);
                                }
                            });
                        }
                    }
                }
            }
            "quit" => {
                end_search(&mut running, &mut searcher, false);
                return;
            }
            _ if running.is_some() => {
                // Only ping, ponder-hit and stop are expected during a search. Unknown commands
                // are ignored, as always; a command that changes the state waits for a search
                // that ends by itself, and stops one that would not (the GUI forgot its `stop`):
                // either way the search answers `done` first.
                if !IDLE_COMMANDS.contains(&line.command.as_str()) {
                    continue;
                }
                let wait = running.as_ref().is_some_and(|r| r.bounded);
                end_search(&mut running, &mut searcher, wait);
                handle_idle(&line, &out, &mut variant, &mut hash_mb, &mut searcher, &mut game, &mut level);
                if line.command == "go" {
                    running = start_go(&line, &out, &mut searcher, hash_mb, &game, &level, &generation, &pondering);
                }
            }
            "go" => {
                running = start_go(&line, &out, &mut searcher, hash_mb, &game, &level, &generation, &pondering);
            }
            _ => handle_idle(&line, &out, &mut variant, &mut hash_mb, &mut searcher, &mut game, &mut level),
        }
    }
    // End of input: the GUI is gone.
    end_search(&mut running, &mut searcher, false);
}

/// The commands that change the engine's state (handled between searches).
const IDLE_COMMANDS: &[&str] = &["hub", "init", "set-param", "new-game", "pos", "level", "go"];

fn handle_idle(
    line: &Line,
    out: &SharedOut,
    variant: &mut Variant,
    hash_mb: &mut usize,
    searcher: &mut Option<Searcher>,
    game: &mut Result<Game, String>,
    level: &mut HubLevel,
) {
    match line.command.as_str() {
        "hub" => {
            send(out, &format!(
                "id name={ENGINE_NAME} version={} author={} country=International",
                env!("CARGO_PKG_VERSION"),
                quote("the draughts project")
            ));
            let values: Vec<&str> = Variant::ALL.iter().map(|v| variant_name(*v)).collect();
            send(out, &format!(
                "param name=variant value={} type=enum values={}",
                variant_name(*variant),
                quote(&values.join(" "))
            ));
            send(out, &format!("param name=hash value={hash_mb} type=int min=1 max=4096"));
            send(out, "wait");
        }
        "set-param" => match (line.get("name"), line.get("value")) {
            (Some("variant"), Some(v)) => match variant_from_name(v) {
                Some(v) => {
                    *variant = v;
                    *game = Ok(Game::new(v));
                }
                None => send(out, &format!("error message={}", quote(&format!("unknown variant {v}")))),
            },
            (Some("hash"), Some(v)) => match v.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => {
                    *hash_mb = mb;
                    *searcher = None;
                }
                _ => send(out, &format!("error message={}", quote(&format!("hash must be 1..4096 MiB, got {v}")))),
            },
            _ => {}
        },
        "init" => {
            if searcher.is_none() {
                // Backed before the first `go`, so its time is spent searching.
                *searcher = Some(Searcher::prefaulted(*hash_mb));
            }
            send(out, "ready");
        }
        "new-game" => {
            if let Some(s) = searcher.as_mut() {
                s.clear();
            }
        }
        "pos" => {
            let text = line.get("pos").unwrap_or("");
            let start = if text.is_empty() { Ok(Position::start(*variant)) } else { parse_position(*variant, text) };
            match start {
                Err(e) => {
                    send(out, &format!("error message={}", quote(&format!("bad pos: {e}"))));
                    *game = Err(format!("bad pos: {e}"));
                }
                Ok(p) => {
                    let mut g = Game::from_position(p);
                    let mut err = None;
                    for m in line.get("moves").unwrap_or("").split_whitespace() {
                        match parse_move(g.position(), m).and_then(|mv| g.play(&mv).map_err(|e| e.to_string())) {
                            Ok(()) => {}
                            Err(e) => {
                                err = Some(e);
                                break;
                            }
                        }
                    }
                    match err {
                        Some(e) => {
                            send(out, &format!("error message={}", quote(&format!("bad moves: {e}"))));
                            *game = Err(format!("bad moves: {e}"));
                        }
                        None => *game = Ok(g),
                    }
                }
            }
        }
        "level" => match HubLevel::from_line(line) {
            Ok(l) => *level = l,
            Err(e) => send(out, &format!("error message={}", quote(&format!("{e}; the level is unchanged")))),
        },
        _ => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn start_go(
    line: &Line,
    out: &SharedOut,
    searcher: &mut Option<Searcher>,
    hash_mb: usize,
    game: &Result<Game, String>,
    level: &HubLevel,
    generation: &Arc<AtomicU64>,
    pondering: &Arc<AtomicBool>,
) -> Option<Running> {
    let game = match game {
        Ok(g) if g.outcome().is_none() && !g.legal_moves().is_empty() => g,
        Ok(_) => {
            send(out, &format!("error message={}", quote("the position has no legal move")));
            send(out, "done");
            return None;
        }
        Err(why) => {
            send(out, &format!("error message={}", quote(&format!("no position to search: the last pos was refused ({why})"))));
            send(out, "done");
            return None;
        }
    };
    let v = game.variant();
    let ponder = line.has("ponder");
    let analyze = line.has("analyze");
    let mut limits = level.limits();
    if ponder {
        // Think without a clock until ponder-hit starts it.
        limits.movetime = None;
        if level.depth.is_none() && level.nodes.is_none() {
            limits.depth = None;
        }
    }
    pondering.store(ponder, Ordering::SeqCst);
    let mut s = searcher.take().unwrap_or_else(|| Searcher::new(hash_mb));
    let stop = Arc::new(AtomicBool::new(false));
    let id = generation.fetch_add(1, Ordering::SeqCst) + 1;
    let out2 = out.clone();
    let stop2 = stop.clone();
    let game = game.clone();
    let _ = analyze;
    let bounded = limits.depth.is_some() || limits.nodes.is_some() || limits.movetime.is_some();
    let handle = thread::spawn(move || {
        let r = s.search(&game, &limits, Some(&stop2), &mut |i| send(&out2, &info_line(v, i)));
        let mut done = String::from("done");
        if let Some(b) = r.best {
            done.push_str(&format!(" move={}", write_move(v, &b)));
            if let Some(p) = r.pv.get(1) {
                done.push_str(&format!(" ponder={}", write_move(v, p)));
            }
        }
        send(&out2, &done);
        s
    });
    Some(Running { handle, stop, id, bounded })
}

/// A Hub engine driven by us: a child process (or any pair of streams) that has completed the
/// `hub`/`init` handshake for one variant.
pub struct HubClient {
    child: Option<Child>,
    writer: Box<dyn Write + Send>,
    lines: Receiver<String>,
    /// The engine's name from its `id` line.
    pub name: String,
    variant: Variant,
}

/// How long a Hub engine may take to answer the handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

impl HubClient {
    /// Starts a Hub engine from a command line (split on spaces; `"..."` quotes a word) and
    /// completes the handshake for `variant`. Errors: the command cannot start, or the engine
    /// does not answer the handshake in time.
    pub fn spawn(command_line: &str, variant: Variant) -> Result<HubClient, String> {
        let words = split_command(command_line);
        let (prog, args) = words.split_first().ok_or("empty engine command")?;
        let mut child = Command::new(prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start engine {command_line:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("engine has no stdin")?;
        let stdout = child.stdout.take().ok_or("engine has no stdout")?;
        let mut c = HubClient::from_streams(BufReader::new(stdout), stdin, variant)?;
        c.child = Some(child);
        Ok(c)
    }

    /// A client over given streams (the engine's output, the engine's input); performs the
    /// handshake.
    pub fn from_streams<R: BufRead + Send + 'static, W: Write + Send + 'static>(
        reader: R,
        writer: W,
        variant: Variant,
    ) -> Result<HubClient, String> {
        HubClient::connect(reader, writer, variant, HANDSHAKE_TIMEOUT)
    }

    /// [`HubClient::from_streams`] with the time the handshake may take.
    fn connect<R: BufRead + Send + 'static, W: Write + Send + 'static>(
        reader: R,
        writer: W,
        variant: Variant,
        timeout: Duration,
    ) -> Result<HubClient, String> {
        // Bounded: an engine that floods its output is not buffered without limit (its reader
        // waits), and `recv` checks the deadline on every line.
        let (tx, rx) = mpsc::sync_channel(1024);
        thread::spawn(move || {
            for l in reader.lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        let mut c = HubClient { child: None, writer: Box::new(writer), lines: rx, name: String::from("hub engine"), variant };
        c.handshake(timeout)?;
        Ok(c)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.writer, "{line}").and_then(|_| self.writer.flush()).map_err(|e| format!("engine closed its input: {e}"))
    }

    fn recv(&mut self, deadline: Instant) -> Result<Line, String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(format!("{} did not answer in time", self.name));
            }
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    if let Some(line) = parse_line(&l) {
                        return Ok(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(format!("{} did not answer in time", self.name)),
                Err(RecvTimeoutError::Disconnected) => return Err(format!("{} stopped (end of its output)", self.name)),
            }
        }
    }

    fn handshake(&mut self, timeout: Duration) -> Result<(), String> {
        self.send("hub")?;
        let deadline = Instant::now() + timeout;
        let mut variants: Option<Vec<String>> = None;
        loop {
            let l = self.recv(deadline)?;
            match l.command.as_str() {
                "id" => {
                    if let Some(n) = l.get("name") {
                        self.name = n.to_string();
                    }
                }
                "param" if l.get("name") == Some("variant") => {
                    variants = Some(l.get("values").unwrap_or("").split_whitespace().map(String::from).collect());
                }
                "wait" => break,
                _ => {}
            }
        }
        let want = variant_name(self.variant);
        match variants {
            Some(vs) if !vs.iter().any(|v| v == want) => {
                return Err(format!("{} does not play variant {want} (it offers: {})", self.name, vs.join(" ")));
            }
            Some(_) => self.send(&format!("set-param name=variant value={want}"))?,
            None if self.variant != Variant::International => {
                return Err(format!("{} declares no variant parameter; it plays only international", self.name));
            }
            None => {}
        }
        self.send("init")?;
        loop {
            if self.recv(deadline)?.command == "ready" {
                return Ok(());
            }
        }
    }

    /// Tells the engine that a new, unrelated game starts.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("new-game")
    }

    /// Asks the engine for its move in `game` with `movetime` to think. Sends the position
    /// before the last run of king moves plus those moves, as Hub does, for repetition detection.
    /// Errors: no answer within `movetime` plus a grace period, or an illegal answer.
    pub fn best_move(&mut self, game: &Game, movetime: Duration) -> Result<Move, String> {
        let positions = game.positions();
        let moves = game.moves();
        let first = draughts_rules::draw::reversible_tail_start(positions, moves);
        let v = game.variant();
        let list: Vec<String> = moves[first..].iter().map(|m| write_move(v, m)).collect();
        let mut cmd = format!("pos pos={}", write_position(&positions[first]));
        if !list.is_empty() {
            cmd.push_str(&format!(" moves={}", quote(&list.join(" "))));
        }
        self.send(&cmd)?;
        self.send(&format!("level move-time={:.3}", movetime.as_secs_f64()))?;
        self.send("go think")?;
        let deadline = Instant::now() + movetime * 3 + Duration::from_secs(5);
        loop {
            let l = self.recv(deadline)?;
            if l.command == "error" {
                return Err(format!("{} reports an error: {}", self.name, l.get("message").unwrap_or("")));
            }
            if l.command == "done" {
                let m = l.get("move").ok_or_else(|| format!("{} answered done without a move", self.name))?;
                return parse_move(game.position(), m).map_err(|e| format!("{} played {m}: {e}", self.name));
            }
        }
    }
}

impl Drop for HubClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        if let Some(mut c) = self.child.take() {
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = c.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(20));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Splits a command line on spaces, keeping `"quoted words"` together.
fn split_command(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_line_writes_hub_men() {
        let mut i = Info { depth: 3, seldepth: 5, score: crate::Score(-4), nodes: 10, nps: 2_000_000, elapsed: Duration::from_millis(5), pv: Vec::new() };
        assert!(info_line(Variant::International, &i).contains(" score=-0.04 "));
        i.score = crate::Score::win_in(7);
        assert!(info_line(Variant::International, &i).contains(" score=99.93 "));
        i.score = crate::Score::loss_in(4);
        assert!(info_line(Variant::International, &i).contains(" score=-99.96 "));
    }

    /// An engine that answers `hub` with an endless stream of lines.
    struct Flood;

    impl std::io::Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let line = b"yes\n";
            let n = buf.len() / line.len() * line.len();
            for chunk in buf[..n].chunks_mut(line.len()) {
                chunk.copy_from_slice(line);
            }
            Ok(n)
        }
    }

    #[test]
    fn an_engine_flooding_its_output_fails_the_handshake_in_time() {
        let start = Instant::now();
        let r = HubClient::connect(BufReader::new(Flood), std::io::sink(), Variant::International, Duration::from_millis(300));
        let e = r.err().expect("no handshake with a flooding engine");
        assert!(e.contains("did not answer in time"), "{e}");
        assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
    }

    #[test]
    fn lines_parse_with_quotes_and_flags() {
        let l = parse_line("info depth=3 pv=\"32-28 19-23\" score=-0.5 infinite").unwrap();
        assert_eq!(l.command, "info");
        assert_eq!(l.get("pv"), Some("32-28 19-23"));
        assert_eq!(l.get("score"), Some("-0.5"));
        assert!(l.has("infinite"));
        assert!(parse_line("   ").is_none());
        assert_eq!(split_command("scan hub"), vec!["scan", "hub"]);
        assert_eq!(split_command("\"my engine\" --x"), vec!["my engine", "--x"]);
    }

    #[test]
    fn positions_round_trip_on_every_board() {
        for v in Variant::ALL {
            let p = Position::start(v);
            let t = write_position(&p);
            assert_eq!(parse_position(v, &t).unwrap(), p, "{v}");
        }
        let start = write_position(&Position::start(Variant::International));
        assert_eq!(start, format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20)));
        assert!(parse_position(Variant::International, "Wxx").unwrap_err().contains("51 characters"));
    }

    #[test]
    fn moves_use_hub_capture_notation() {
        // 28 takes 23 (landing 19) and 13 (landing 8).
        let p = draughts_rules::notation::fen::parse(Variant::International, "W:W28:B13,23").unwrap();
        let moves = p.legal_moves();
        let texts: Vec<String> = moves.iter().map(|m| write_move(Variant::International, m)).collect();
        assert_eq!(texts, vec!["28x8x13x23".to_string()]);
        for t in ["28x8x13x23", "28x8x23x13", "28x8"] {
            assert!(parse_move(&p, t).unwrap().same_as(&moves[0]), "{t}");
        }
        assert!(parse_move(&p, "28x8x14").is_err());
        assert!(parse_move(&p, "31-27").is_err());
        // A quiet move written as a capture is refused, as everywhere else.
        let start = Position::start(Variant::International);
        assert!(parse_move(&start, "32-28").is_ok());
        assert!(parse_move(&start, "32x28").unwrap_err().contains("quiet move"));
    }

    #[test]
    fn clock_levels_manage_time_and_move_time_is_fixed() {
        let level = |text: &str| HubLevel::from_line(&parse_line(text).unwrap()).expect("a valid level").limits();
        // A fixed time per move stays fixed.
        let fixed = level("level move-time=2");
        assert_eq!((fixed.movetime, fixed.managed), (Some(Duration::from_secs(2)), false));
        // Under a clock: the share (60 s / 30 moves = 2 s, less a 20 ms margin) is managed.
        let clock = level("level time=60");
        assert!(clock.managed);
        assert_eq!(clock.movetime, Some(Duration::from_millis(1980)));
        // Near the end of the clock the share is kept to 22% of the time left, so that even a
        // managed move's 1.8x stays within 40% of it.
        let short = level("level moves=1 time=10");
        assert_eq!(short.movetime, Some(Duration::from_secs_f64(2.2)));
        assert!(level("level depth=5").movetime.is_none() && !level("level infinite").managed);
    }
}
