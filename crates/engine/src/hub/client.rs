//! The client side of Hub: [`HubClient`] drives another Hub engine (a child process or any pair
//! of streams) for `draughts match`.

use super::format::{parse_move, variant_name, write_move, write_position};
use super::line::{parse_line, quote, Line};
use draughts_rules::{DrawRules, Game, Move, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// A Hub engine driven by us: a child process (or any pair of streams) that has completed the
/// `hub`/`init` handshake for one variant.
pub struct HubClient {
    child: Option<Child>,
    writer: Box<dyn Write + Send>,
    lines: Receiver<String>,
    /// The engine's name from its `id` line.
    pub name: String,
    variant: Variant,
    /// The draw rules the engine was told to play by (`set-param name=draw-rules`), or `None`
    /// when it declares no `draw-rules` parameter offering them: then it plays by its own
    /// rules and only the match judges the games by ours.
    pub draw_rules: Option<DrawRules>,
}

/// How long a Hub engine may take to answer the handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

impl HubClient {
    /// Starts a Hub engine from a command line (split on spaces; `"..."` quotes a word) and
    /// completes the handshake for `variant` and `draws` (told to the engine when it declares
    /// the `draw-rules` parameter, see [`HubClient::draw_rules`]). Errors: the command cannot
    /// start, or the engine does not answer the handshake in time.
    pub fn spawn(command_line: &str, variant: Variant, draws: DrawRules) -> Result<HubClient, String> {
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
        let mut c = HubClient::from_streams(BufReader::new(stdout), stdin, variant, draws)?;
        c.child = Some(child);
        Ok(c)
    }

    /// A client over given streams (the engine's output, the engine's input); performs the
    /// handshake as [`HubClient::spawn`] does.
    pub fn from_streams<R: BufRead + Send + 'static, W: Write + Send + 'static>(
        reader: R,
        writer: W,
        variant: Variant,
        draws: DrawRules,
    ) -> Result<HubClient, String> {
        HubClient::connect(reader, writer, variant, draws, HANDSHAKE_TIMEOUT)
    }

    /// [`HubClient::from_streams`] with the time the handshake may take.
    pub(super) fn connect<R: BufRead + Send + 'static, W: Write + Send + 'static>(
        reader: R,
        writer: W,
        variant: Variant,
        draws: DrawRules,
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
        let mut c = HubClient { child: None, writer: Box::new(writer), lines: rx, name: String::from("hub engine"), variant, draw_rules: None };
        c.handshake(draws, timeout)?;
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

    fn handshake(&mut self, draws: DrawRules, timeout: Duration) -> Result<(), String> {
        self.send("hub")?;
        let deadline = Instant::now() + timeout;
        let mut variants: Option<Vec<String>> = None;
        let mut draw_rules: Vec<String> = Vec::new();
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
                "param" if l.get("name") == Some("draw-rules") => {
                    draw_rules = l.get("values").unwrap_or("").split_whitespace().map(String::from).collect();
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
        // After the variant: an engine such as ours refuses FMJD rules for a variant without them.
        if draw_rules.iter().any(|d| d == draws.code()) {
            self.send(&format!("set-param name=draw-rules value={}", draws.code()))?;
            self.draw_rules = Some(draws);
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
    /// before the last run of king moves plus those moves, as Hub does, for repetition detection,
    /// or, under the FMJD's rules, the position where the lone-king ending in progress began,
    /// when that is earlier ([`Game::replay_start`]): the engine then counts the ending as the
    /// game does. Errors: no answer within `movetime` plus a grace period, or an illegal answer.
    pub fn best_move(&mut self, game: &Game, movetime: Duration) -> Result<Move, String> {
        let positions = game.positions();
        let moves = game.moves();
        let first = game.replay_start();
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
pub(super) fn split_command(s: &str) -> Vec<String> {
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

