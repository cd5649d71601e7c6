//! Our engine's side of Hub: [`HubSession`] owns the variant, the searcher, the game, the level
//! and the running search, and answers one line at a time; [`run_engine`] is its loop.

use super::format::{parse_move, parse_position, variant_from_name, variant_name, write_move};
use super::line::{parse_line, quote, Line};
use super::ENGINE_NAME;
use crate::search::{Info, Limits, Searcher};
use draughts_rules::{DrawRules, Game, Position, Variant};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The search limits of Hub's `level` command.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct HubLevel {
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
    pub(super) fn from_line(l: &Line) -> Result<HubLevel, String> {
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
    pub(super) fn limits(&self) -> Limits {
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

pub(super) fn info_line(v: Variant, i: &Info) -> String {
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

/// A search running on its own thread.
struct Running {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
    /// Search generation, so a ponder-hit timer never stops a later search.
    id: u64,
    /// The search ends by itself: it has a depth, node or time limit, or a ponder-hit started
    /// its clock. An unbounded one (`go analyze`, `level infinite`, pondering) ends on `stop`.
    bounded: bool,
}

/// The commands that change the engine's state (handled between searches).
const IDLE_COMMANDS: &[&str] = &["hub", "init", "set-param", "new-game", "pos", "level", "go"];

/// Our engine's side of one Hub session: the variant, the searcher (with its table), the game
/// to search, the level and the running search. [`run_engine`] feeds it one line at a time.
pub struct HubSession {
    out: SharedOut,
    variant: Variant,
    /// The draw rules of the games set up by `pos` (`set-param name=draw-rules value=fmjd`).
    draws: DrawRules,
    hash_mb: usize,
    /// `None` while a search holds it (or before `init`).
    searcher: Option<Searcher>,
    /// The game to search, or why there is none: after a refused `pos`, `go` answers an error
    /// instead of searching the position before it.
    game: Result<Game, String>,
    level: HubLevel,
    running: Option<Running>,
    generation: Arc<AtomicU64>,
    pondering: Arc<AtomicBool>,
    /// Endgame databases given to every searcher of the session ([`run_engine_with`]).
    egdbs: Vec<Arc<crate::egdb::Egdb>>,
    /// Whether `go think` answers from the opening book while the position is in it, at levels
    /// of time (`set-param name=book value=false` turns it off).
    book: bool,
    /// Seed of the book's random choice, advanced at each book move.
    book_seed: u64,
}

/// Our engine speaking Hub on `input`/`output` until `quit` or the end of the input.
/// Blocking; searches run on a second thread so `stop` and `ping` are answered while thinking.
pub fn run_engine<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    run_engine_with(input, output, Vec::new())
}

/// [`run_engine`] with endgame databases, probed by every search of the session
/// ([`crate::Searcher::set_egdbs`]).
pub fn run_engine_with<R: BufRead, W: Write + Send + 'static>(input: R, output: W, egdbs: Vec<Arc<crate::egdb::Egdb>>) {
    let mut session = HubSession::new(output);
    session.egdbs = egdbs;
    // Lines as bytes: a line that is not UTF-8 is read with replacement characters (and most
    // likely ignored as an unknown command) instead of ending the session.
    for raw in input.split(b'\n') {
        let Ok(raw) = raw else { break };
        let raw = String::from_utf8_lossy(&raw);
        let Some(line) = parse_line(&raw) else { continue };
        if !session.handle(&line) {
            return;
        }
    }
    // End of input: the GUI is gone.
    session.end_search(false);
}

impl HubSession {
    /// A session writing its answers to `output`: international, 64 MiB table, one second a
    /// move, the start position.
    pub fn new<W: Write + Send + 'static>(output: W) -> HubSession {
        let variant = Variant::International;
        HubSession {
            out: Arc::new(Mutex::new(Box::new(output))),
            variant,
            draws: DrawRules::Simplified,
            hash_mb: 64,
            searcher: None,
            game: Ok(Game::new(variant)),
            level: HubLevel { move_time: Some(1.0), ..HubLevel::default() },
            running: None,
            generation: Arc::new(AtomicU64::new(0)),
            pondering: Arc::new(AtomicBool::new(false)),
            egdbs: Vec::new(),
            book: true,
            book_seed: crate::clock_seed(),
        }
    }

    /// Handles one line. Returns false on `quit` (the running search is stopped first).
    pub fn handle(&mut self, line: &Line) -> bool {
        // A finished search gives its searcher back.
        if self.running.as_ref().is_some_and(|r| r.handle.is_finished()) {
            self.end_search(false);
        }
        match line.command.as_str() {
            "ping" => send(&self.out, "pong"),
            "stop" => self.end_search(false),
            "ponder-hit" => self.ponder_hit(),
            "quit" => {
                self.end_search(false);
                return false;
            }
            _ if self.running.is_some() => {
                // Only ping, ponder-hit and stop are expected during a search. Unknown commands
                // are ignored, as always; a command that changes the state waits for a search
                // that ends by itself, and stops one that would not (the GUI forgot its `stop`):
                // either way the search answers `done` first.
                if IDLE_COMMANDS.contains(&line.command.as_str()) {
                    let wait = self.running.as_ref().is_some_and(|r| r.bounded);
                    self.end_search(wait);
                    self.handle_idle(line);
                }
            }
            _ => self.handle_idle(line),
        }
        true
    }

    /// Ends the running search (stopping it first unless `wait`) and takes its searcher back.
    fn end_search(&mut self, wait: bool) {
        if let Some(r) = self.running.take() {
            if !wait {
                r.stop.store(true, Ordering::SeqCst);
            }
            if let Ok(s) = r.handle.join() {
                self.searcher = Some(s);
            }
        }
    }

    /// `ponder-hit`: the pondering search becomes the real one, with the level's clock.
    fn ponder_hit(&mut self) {
        let Some(r) = self.running.as_mut() else { return };
        if !self.pondering.swap(false, Ordering::SeqCst) {
            return;
        }
        if let Some(t) = self.level.allotted() {
            let stop = r.stop.clone();
            let id = r.id;
            let gen = self.generation.clone();
            r.bounded = true;
            thread::spawn(move || {
                thread::sleep(t);
                if gen.load(Ordering::SeqCst) == id {
                    stop.store(true, Ordering::SeqCst);
                }
            });
        }
    }

    fn error(&self, message: &str) {
        send(&self.out, &format!("error message={}", quote(message)));
    }

    /// The commands handled between searches (`IDLE_COMMANDS`).
    fn handle_idle(&mut self, line: &Line) {
        match line.command.as_str() {
            "hub" => {
                send(&self.out, &format!(
                    "id name={ENGINE_NAME} version={} author={} country=International",
                    env!("CARGO_PKG_VERSION"),
                    quote("the draughts project")
                ));
                let values: Vec<&str> = Variant::ALL.iter().map(|v| variant_name(*v)).collect();
                send(&self.out, &format!(
                    "param name=variant value={} type=enum values={}",
                    variant_name(self.variant),
                    quote(&values.join(" "))
                ));
                send(&self.out, &format!("param name=draw-rules value={} type=enum values=\"simplified fmjd\"", self.draws.code()));
                send(&self.out, &format!("param name=hash value={} type=int min=1 max=4096", self.hash_mb));
                send(&self.out, &format!("param name=book value={} type=bool", self.book));
                send(&self.out, "wait");
            }
            "set-param" => match (line.get("name"), line.get("value")) {
                (Some("variant"), Some(v)) => match variant_from_name(v) {
                    Some(v) => {
                        self.variant = v;
                        if !self.draws.available(v.rules()) {
                            self.draws = DrawRules::Simplified;
                        }
                        self.game = Ok(Game::new_with(v, self.draws).expect("draw rules checked"));
                    }
                    None => self.error(&format!("unknown variant {v}")),
                },
                (Some("draw-rules"), Some(d)) => match DrawRules::from_code(d) {
                    Some(d) if d.available(self.variant.rules()) => {
                        self.draws = d;
                        self.game = Ok(Game::new_with(self.variant, d).expect("draw rules checked"));
                    }
                    Some(_) => self.error(&format!("{} has no FMJD draw rules; set variant=international first", variant_name(self.variant))),
                    None => self.error(&format!("unknown draw-rules {d}: simplified or fmjd")),
                },
                (Some("hash"), Some(v)) => match v.parse::<usize>() {
                    Ok(mb) if (1..=4096).contains(&mb) => {
                        self.hash_mb = mb;
                        self.searcher = None;
                    }
                    _ => self.error(&format!("hash must be 1..4096 MiB, got {v}")),
                },
                (Some("book"), Some(v)) => match v {
                    "true" => self.book = true,
                    "false" => self.book = false,
                    _ => self.error(&format!("book must be true or false, got {v}")),
                },
                _ => {}
            },
            "init" => {
                if self.searcher.is_none() {
                    // Backed before the first `go`, so its time is spent searching.
                    let mut s = Searcher::prefaulted(self.hash_mb);
                    s.set_egdbs(self.egdbs.clone());
                    self.searcher = Some(s);
                }
                send(&self.out, "ready");
            }
            "new-game" => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
            }
            "pos" => {
                self.game = self.read_pos(line);
                if let Err(e) = &self.game {
                    self.error(e);
                }
            }
            "level" => match HubLevel::from_line(line) {
                Ok(l) => self.level = l,
                Err(e) => self.error(&format!("{e}; the level is unchanged")),
            },
            "go" => self.start_go(line),
            _ => {}
        }
    }

    /// The game a `pos` line sets up: its position (the start when empty) and its moves.
    fn read_pos(&self, line: &Line) -> Result<Game, String> {
        let text = line.get("pos").unwrap_or("");
        let start = if text.is_empty() { Ok(Position::start(self.variant)) } else { parse_position(self.variant, text) };
        let mut g = Game::from_position_with(start.map_err(|e| format!("bad pos: {e}"))?, self.draws).map_err(|e| e.to_string())?;
        for m in line.get("moves").unwrap_or("").split_whitespace() {
            parse_move(g.position(), m)
                .and_then(|mv| g.play(&mv).map_err(|e| e.to_string()))
                .map_err(|e| format!("bad moves: {e}"))?;
        }
        Ok(g)
    }

    /// `go`: starts a search of the game on its own thread (or answers `error` and `done` when
    /// there is nothing to search).
    fn start_go(&mut self, line: &Line) {
        let game = match &self.game {
            // A game without an outcome has a legal move (no piece or no move left is a loss).
            Ok(g) => match g.outcome() {
                None => g.clone(),
                Some(o) => {
                    // The outcome says why: no piece or move left, or a draw rule (the counts
                    // run from the `pos` line's position).
                    self.error(&format!("the game is over: {o}"));
                    send(&self.out, "done");
                    return;
                }
            },
            Err(why) => {
                self.error(&format!("no position to search: the last pos was refused ({why})"));
                send(&self.out, "done");
                return;
            }
        };
        let v = game.variant();
        let ponder = line.has("ponder");
        // The book answers a game's move (`go think` under a clock or a time a move); a level of
        // fixed depth or nodes asks for that search, as a match's `depth:N` player does.
        if self.book && !ponder && !line.has("analyze") && self.level.depth.is_none() && self.level.nodes.is_none() {
            self.book_seed = crate::splitmix(self.book_seed);
            if let Some(mv) = crate::book::embedded_move(&game, self.book_seed) {
                send(&self.out, &format!("done move={}", write_move(v, &mv)));
                return;
            }
        }
        let mut limits = self.level.limits();
        if ponder {
            // Think without a clock until ponder-hit starts it.
            limits.movetime = None;
            if self.level.depth.is_none() && self.level.nodes.is_none() {
                limits.depth = None;
            }
        }
        self.pondering.store(ponder, Ordering::SeqCst);
        let mut s = self.searcher.take().unwrap_or_else(|| {
            let mut s = Searcher::new(self.hash_mb);
            s.set_egdbs(self.egdbs.clone());
            s
        });
        let stop = Arc::new(AtomicBool::new(false));
        let id = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let out = self.out.clone();
        let stop2 = stop.clone();
        let bounded = limits.depth.is_some() || limits.nodes.is_some() || limits.movetime.is_some();
        let handle = thread::spawn(move || {
            let r = s.search(&game, &limits, Some(&stop2), &mut |i| send(&out, &info_line(v, i)));
            let mut done = String::from("done");
            if let Some(b) = r.best {
                done.push_str(&format!(" move={}", write_move(v, &b)));
                if let Some(p) = r.pv.get(1) {
                    done.push_str(&format!(" ponder={}", write_move(v, p)));
                }
            }
            send(&out, &done);
            s
        });
        self.running = Some(Running { handle, stop, id, bounded });
    }
}

