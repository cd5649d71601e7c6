//! The DamExchange protocol (DXP, layer 2 as published by its authors) for international
//! draughts: two programs play over a TCP connection, the Initiator asking for games, the
//! Follower accepting them. Used by `draughts dxp --listen ADDR` (Follower) and
//! `draughts dxp --connect ADDR` (Initiator), for example against Moby Dam on loopback.
//!
//! Messages are ASCII strings ended by a NUL byte; the first character is the type:
//! * `R` GAMEREQ: `R` `01` name(32) follower colour (`W`/`Z`) minutes(3) moves(3) `A` (start
//!   position) or `B` colour-to-move(1) position(50: `e` empty, `w`/`z` men, `W`/`Z` kings);
//! * `A` GAMEACC: `A` name(32) code (`0` accepted, `1` wrong version, `2` not this game,
//!   `3` no games at all);
//! * `M` MOVE: `M` seconds(4) from(2) to(2) count(2) captured(2 each);
//! * `E` GAMEEND: `E` reason (`0` none, `1` I lose, `2` draw, `3` I win) stop (`0` another game
//!   may follow, `1` no more games);
//! * `C` CHAT: `C` text; `B` BACKREQ and `K` BACKACC (take-back; we decline it).
//!
//! White is Light, `Z` (zwart) is Dark.

use crate::search::{Limits, Searcher};
use draughts_rules::resolve::{self, MoveQuery};
use draughts_rules::{Color, Game, Move, Outcome, PieceKind, Position, Variant};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// GAMEREQ (`R`), Initiator to Follower: asks for a game.
    GameReq {
        /// The Initiator's name (32 characters on the wire, space-padded).
        name: String,
        /// The colour the Follower is asked to play.
        follower: Color,
        /// Time control: thinking time in minutes (3 digits) for the number of moves below.
        minutes: u32,
        /// Time control: number of moves (3 digits) to be played within those minutes.
        moves: u32,
        /// `None`: the standard start position.
        position: Option<Position>,
    },
    /// GAMEACC (`A`), Follower to Initiator: the answer to a GAMEREQ.
    GameAcc {
        /// The Follower's name (32 characters on the wire, space-padded).
        name: String,
        /// Acceptance code: 0 accepted, 1 wrong protocol version, 2 not this game (colour,
        /// time or position refused), 3 no games at all.
        code: u8,
    },
    /// MOVE (`M`): a move played, in either direction.
    Move {
        /// Seconds the mover used for this move (4 digits).
        seconds: u32,
        /// Origin square, international square number 1..50.
        from: u32,
        /// Destination square, international square number 1..50.
        to: u32,
        /// Captured squares (PDN numbers 1..50).
        captured: Vec<u32>,
    },
    /// GAMEEND (`E`): ends the game; the other side answers with its own GAMEEND.
    GameEnd {
        /// Reason from the sender's point of view: 0 none given, 1 I lose, 2 draw, 3 I win.
        reason: u8,
        /// Stop code: 0 another game may follow, 1 no more games (close the connection).
        stop: u8,
    },
    /// CHAT (`C`): free text for the operator (ASCII, no NUL).
    Chat(String),
    /// BACKREQ (`B`): asks to take moves back to an earlier point of the game.
    BackReq {
        /// The move number to go back to (3 digits).
        move_number: u32,
        /// The side to move at that move.
        color: Color,
    },
    /// BACKACC (`K`): the answer to a BACKREQ.
    BackAcc {
        /// Acceptance code: 0 accepted, 1 take-back not supported, 2 declined (we always
        /// answer 1).
        code: u8,
    },
}

fn color_char(c: Color) -> char {
    if c == Color::Light {
        'W'
    } else {
        'Z'
    }
}

fn parse_color(c: u8) -> Result<Color, String> {
    match c {
        b'W' | b'w' => Ok(Color::Light),
        b'Z' | b'z' | b'B' | b'b' => Ok(Color::Dark),
        other => Err(format!("colour {:?} must be W or Z", other as char)),
    }
}

fn pad_name(name: &str) -> String {
    let clean: String = name.chars().filter(|c| c.is_ascii() && !c.is_ascii_control()).take(32).collect();
    format!("{:<32}", clean.trim_start())
}

fn digits(s: &[u8], what: &str) -> Result<u32, String> {
    let t = std::str::from_utf8(s).map_err(|_| format!("{what} is not ASCII"))?;
    t.trim().parse().map_err(|_| format!("{what} {t:?} is not a number"))
}

impl Message {
    /// The message as sent (without the terminating NUL).
    pub fn encode(&self) -> String {
        match self {
            Message::GameReq { name, follower, minutes, moves, position } => {
                let mut s = format!("R01{}{}{:03}{:03}", pad_name(name), color_char(*follower), minutes.min(&999), moves.min(&999));
                match position {
                    None => s.push('A'),
                    Some(p) => {
                        s.push('B');
                        s.push(color_char(p.side_to_move()));
                        let g = Variant::International.geometry();
                        for n in 1..=50 {
                            let b = g.bit_of_number(n).expect("50 squares");
                            s.push(match p.piece_at(b) {
                                None => 'e',
                                Some(pc) => match (pc.color, pc.kind) {
                                    (Color::Light, PieceKind::Man) => 'w',
                                    (Color::Dark, PieceKind::Man) => 'z',
                                    (Color::Light, PieceKind::King) => 'W',
                                    (Color::Dark, PieceKind::King) => 'Z',
                                },
                            });
                        }
                    }
                }
                s
            }
            Message::GameAcc { name, code } => format!("A{}{}", pad_name(name), code),
            Message::Move { seconds, from, to, captured } => {
                let mut s = format!("M{:04}{:02}{:02}{:02}", seconds.min(&9999), from, to, captured.len());
                for c in captured {
                    s.push_str(&format!("{c:02}"));
                }
                s
            }
            Message::GameEnd { reason, stop } => format!("E{reason}{stop}"),
            Message::Chat(t) => format!("C{}", t.chars().filter(|c| c.is_ascii() && *c != '\0').collect::<String>()),
            Message::BackReq { move_number, color } => format!("B{:03}{}", move_number, color_char(*color)),
            Message::BackAcc { code } => format!("K{code}"),
        }
    }

    /// Reads a message (without its NUL). Errors say what is wrong.
    pub fn decode(raw: &[u8]) -> Result<Message, String> {
        let s = raw;
        let need = |n: usize| -> Result<(), String> {
            if s.len() < n {
                Err(format!("message {:?} is too short", String::from_utf8_lossy(s)))
            } else {
                Ok(())
            }
        };
        need(1)?;
        Ok(match s[0] {
            b'R' => {
                need(43)?;
                if &s[1..3] != b"01" {
                    return Err(format!("protocol version {:?} is not 01", String::from_utf8_lossy(&s[1..3])));
                }
                let name = String::from_utf8_lossy(&s[3..35]).trim_end().to_string();
                let follower = parse_color(s[35])?;
                let minutes = digits(&s[36..39], "thinking time")?;
                let moves = digits(&s[39..42], "number of moves")?;
                let position = match s[42] {
                    b'A' => None,
                    b'B' => {
                        need(94)?;
                        let side = parse_color(s[43])?;
                        let g = Variant::International.geometry();
                        let (mut light, mut dark, mut kings) = (0u64, 0u64, 0u64);
                        for (i, &c) in s[44..94].iter().enumerate() {
                            let b = 1u64 << g.bit_of_number(i as u32 + 1).expect("50 squares");
                            match c {
                                b'e' => {}
                                b'w' => light |= b,
                                b'z' => dark |= b,
                                b'W' => {
                                    light |= b;
                                    kings |= b
                                }
                                b'Z' => {
                                    dark |= b;
                                    kings |= b
                                }
                                other => return Err(format!("square {} holds {:?}; expected e w z W Z", i + 1, other as char)),
                            }
                        }
                        Some(Position::new(Variant::International, light, dark, kings, side).map_err(|e| format!("impossible position: {e}"))?)
                    }
                    other => return Err(format!("starting position {:?} must be A or B", other as char)),
                };
                Message::GameReq { name, follower, minutes, moves, position }
            }
            b'A' => {
                need(34)?;
                Message::GameAcc { name: String::from_utf8_lossy(&s[1..33]).trim_end().to_string(), code: s[33].wrapping_sub(b'0') }
            }
            b'M' => {
                need(11)?;
                let seconds = digits(&s[1..5], "time")?;
                let from = digits(&s[5..7], "from square")?;
                let to = digits(&s[7..9], "to square")?;
                let n = digits(&s[9..11], "capture count")? as usize;
                need(11 + 2 * n)?;
                let mut captured = Vec::with_capacity(n);
                for i in 0..n {
                    captured.push(digits(&s[11 + 2 * i..13 + 2 * i], "captured square")?);
                }
                Message::Move { seconds, from, to, captured }
            }
            b'E' => {
                need(3)?;
                Message::GameEnd { reason: s[1].wrapping_sub(b'0'), stop: s[2].wrapping_sub(b'0') }
            }
            b'C' => Message::Chat(String::from_utf8_lossy(&s[1..]).to_string()),
            b'B' => {
                need(5)?;
                Message::BackReq { move_number: digits(&s[1..4], "move number")?, color: parse_color(s[4])? }
            }
            b'K' => {
                need(2)?;
                Message::BackAcc { code: s[1].wrapping_sub(b'0') }
            }
            other => return Err(format!("unknown message type {:?}", other as char)),
        })
    }

    /// The DXP MOVE message of one of our moves.
    pub fn of_move(mv: &Move, seconds: u32) -> Message {
        let g = Variant::International.geometry();
        Message::Move {
            seconds,
            from: g.number_of_bit(mv.from()),
            to: g.number_of_bit(mv.to()),
            captured: mv.captured_squares().map(|b| g.number_of_bit(b)).collect(),
        }
    }
}

/// Finds the legal move a MOVE message names (origin, destination and captured set).
pub fn find_move(pos: &Position, from: u32, to: u32, captured: &[u32]) -> Result<Move, String> {
    let g = Variant::International.geometry();
    let bit = |n: u32| g.bit_of_number(n).ok_or_else(|| format!("square {n} is not on the board"));
    let (f, t) = (bit(from)?, bit(to)?);
    let mut set = 0u64;
    for c in captured {
        set |= 1u64 << bit(*c)?;
    }
    resolve::find(pos, MoveQuery::Taking { from: f, to: t, captured: Some(set) }).map_err(|e| e.to_string())
}

/// A connection speaking DXP.
pub struct Connection {
    reader: BufReader<Box<dyn Read + Send>>,
    writer: Box<dyn Write + Send>,
    /// Every message sent (`>`) and received (`<`), for logs and tests.
    pub log: Vec<String>,
}

impl Connection {
    /// A connection over a TCP stream; reads time out after `timeout`.
    pub fn tcp(stream: TcpStream, timeout: Duration) -> Result<Connection, String> {
        stream.set_read_timeout(Some(timeout)).map_err(|e| e.to_string())?;
        let _ = stream.set_nodelay(true);
        let r = stream.try_clone().map_err(|e| e.to_string())?;
        Ok(Connection { reader: BufReader::new(Box::new(r)), writer: Box::new(stream), log: Vec::new() })
    }

    /// Sends a message.
    pub fn send(&mut self, m: &Message) -> Result<(), String> {
        let text = m.encode();
        self.log.push(format!("> {text}"));
        self.writer.write_all(text.as_bytes()).map_err(|e| format!("send failed: {e}"))?;
        self.writer.write_all(&[0]).map_err(|e| format!("send failed: {e}"))?;
        self.writer.flush().map_err(|e| format!("send failed: {e}"))
    }

    /// Receives the next message; `Ok(None)` when the other side closed the connection.
    pub fn recv(&mut self) -> Result<Option<Message>, String> {
        loop {
            let mut buf = Vec::new();
            let n = self.reader.read_until(0, &mut buf).map_err(|e| format!("receive failed: {e}"))?;
            if n == 0 {
                return Ok(None);
            }
            if buf.last() == Some(&0) {
                buf.pop();
            }
            // Some programs add line ends; ignore empty messages.
            while buf.first().is_some_and(|c| *c == b'\r' || *c == b'\n') {
                buf.remove(0);
            }
            if buf.is_empty() {
                continue;
            }
            self.log.push(format!("< {}", String::from_utf8_lossy(&buf)));
            return Message::decode(&buf).map(Some);
        }
    }
}

/// Our side's settings.
#[derive(Clone, Debug)]
pub struct DxpConfig {
    /// Our name in GAMEREQ/GAMEACC.
    pub name: String,
    /// Average time per move: the search manages it as under a clock ([`Limits::managed`]).
    pub movetime: Duration,
    /// Initiator: games to play (colours alternate, we take Light in the first).
    pub games: usize,
    /// Initiator: end a game (GAMEEND) once it reaches this many plies.
    pub max_plies: usize,
    /// Initiator: thinking time in minutes announced in GAMEREQ.
    pub minutes: u32,
    /// Initiator: opening lines (moves from the start) to play, each twice with colours
    /// reversed; game `i` uses line `i / 2` (cycling). The position after the line is sent in
    /// GAMEREQ and the line is kept in the game record. Empty: every game from the start.
    pub openings: Vec<Vec<Move>>,
    /// Evaluation weights to use instead of the built-in international ones.
    pub weights: Option<crate::eval::Weights>,
    /// Pattern values to use instead of the built-in ones: `Some(None)` for the linear
    /// evaluation alone (see [`crate::patterns`]).
    pub patterns: Option<Option<std::sync::Arc<crate::patterns::Patterns>>>,
}

impl DxpConfig {
    /// The searcher of a DXP session: a 64 MiB table backed before the first timed move, and
    /// the configured weights and pattern values.
    fn searcher(&self) -> Searcher {
        let mut searcher = Searcher::prefaulted(64);
        if let Some(w) = &self.weights {
            searcher.set_weights(w.clone());
        }
        if let Some(p) = &self.patterns {
            searcher.set_patterns(p.clone());
        }
        searcher
    }
}

/// How a DXP game ended.
#[derive(Clone, Debug)]
pub struct DxpGame {
    /// The game as played: from the start position or the one GAMEREQ sent, with every move.
    pub game: Game,
    /// The colour we played.
    pub ours: Color,
    /// The result by the rules, when the game reached one.
    pub outcome: Option<Outcome>,
    /// The GAMEEND reason code received from the opponent, if it ended the game.
    pub their_end_reason: Option<u8>,
}

impl DxpGame {
    /// Our score: 1 win, 0.5 draw (or a game stopped without a result), 0 loss.
    pub fn our_score(&self) -> f64 {
        match self.outcome.and_then(|o| o.winner()) {
            Some(c) if c == self.ours => 1.0,
            Some(_) => 0.0,
            None => match (self.outcome, self.their_end_reason) {
                (None, Some(1)) => 1.0, // they gave up
                (None, Some(3)) => 0.0, // they claim a win we could not verify: count it for them
                _ => 0.5,
            },
        }
    }
}

enum Flow {
    /// The game ended; `true` if the other side wants no more games.
    Ended(DxpGame, bool),
    /// The connection closed.
    Closed(Option<DxpGame>),
}

fn end_reason_for_us(game: &Game, ours: Color) -> u8 {
    match game.outcome() {
        Some(Outcome::Win(c, _)) if c == ours => 3,
        Some(Outcome::Win(_, _)) => 1,
        Some(Outcome::Draw(_)) => 2,
        None => 0,
    }
}

/// Sends GAMEEND with our view of the result and waits for the other side's GAMEEND.
fn end_game(conn: &mut Connection, game: Game, ours: Color) -> Result<Flow, String> {
    conn.send(&Message::GameEnd { reason: end_reason_for_us(&game, ours), stop: 0 })?;
    loop {
        match conn.recv()? {
            None => return Ok(Flow::Closed(Some(DxpGame { outcome: game.outcome(), game, ours, their_end_reason: None }))),
            Some(Message::GameEnd { stop, .. }) => {
                return Ok(Flow::Ended(DxpGame { outcome: game.outcome(), game, ours, their_end_reason: None }, stop == 1));
            }
            Some(_) => continue,
        }
    }
}

/// Plays one game after GAMEREQ/GAMEACC until a GAMEEND exchange or the end of the connection.
fn play(conn: &mut Connection, searcher: &mut Searcher, mut game: Game, ours: Color, cfg: &DxpConfig, initiator: bool, on_move: &mut dyn FnMut(&Game)) -> Result<Flow, String> {
    searcher.clear();
    loop {
        let to_move = game.position().side_to_move();
        if to_move == ours {
            let over = game.outcome().is_some();
            let cap = initiator && game.ply() >= cfg.max_plies;
            if over || cap {
                return end_game(conn, game, ours);
            }
            let t = Instant::now();
            let r = searcher.search(&game, &Limits::managed(cfg.movetime), None, &mut |_| {});
            let mv = r.best.ok_or("no move found in a position that has one")?;
            conn.send(&Message::of_move(&mv, t.elapsed().as_secs() as u32))?;
            game.play(&mv).map_err(|e| e.to_string())?;
            on_move(&game);
        } else {
            match conn.recv()? {
                None => return Ok(Flow::Closed(Some(DxpGame { outcome: game.outcome(), game, ours, their_end_reason: None }))),
                Some(Message::Move { from, to, captured, .. }) => {
                    if game.outcome().is_some() {
                        // Our rules ended the game on the opponent's turn (its draw rules may
                        // differ): now that it is our turn, end it with GAMEEND.
                        return end_game(conn, game, ours);
                    }
                    let mv = find_move(game.position(), from, to, &captured)?;
                    game.play(&mv).map_err(|e| e.to_string())?;
                    on_move(&game);
                }
                Some(Message::GameEnd { reason, stop }) => {
                    conn.send(&Message::GameEnd { reason: 0, stop: 0 })?;
                    return Ok(Flow::Ended(DxpGame { outcome: game.outcome(), game, ours, their_end_reason: Some(reason) }, stop == 1));
                }
                Some(Message::BackReq { .. }) => conn.send(&Message::BackAcc { code: 1 })?,
                Some(Message::Chat(_)) => {}
                Some(other) => return Err(format!("unexpected message during a game: {}", other.encode())),
            }
        }
    }
}

/// Follower: answers game requests on `conn` until the other side stops or closes the
/// connection. Returns the games played.
pub fn follow(conn: &mut Connection, cfg: &DxpConfig, on_game: &mut dyn FnMut(&DxpGame), on_move: &mut dyn FnMut(&Game)) -> Result<Vec<DxpGame>, String> {
    let mut searcher = cfg.searcher();
    let mut games = Vec::new();
    loop {
        match conn.recv()? {
            None => return Ok(games),
            Some(Message::GameReq { follower, position, .. }) => {
                let start = position.unwrap_or_else(|| Position::start(Variant::International));
                if !start.has_legal_move() {
                    conn.send(&Message::GameAcc { name: cfg.name.clone(), code: 2 })?;
                    continue;
                }
                conn.send(&Message::GameAcc { name: cfg.name.clone(), code: 0 })?;
                match play(conn, &mut searcher, Game::from_position(start), follower, cfg, false, on_move)? {
                    Flow::Ended(g, stop) => {
                        on_game(&g);
                        games.push(g);
                        if stop {
                            return Ok(games);
                        }
                    }
                    Flow::Closed(g) => {
                        if let Some(g) = g {
                            on_game(&g);
                            games.push(g);
                        }
                        return Ok(games);
                    }
                }
            }
            Some(Message::GameEnd { .. }) => conn.send(&Message::GameEnd { reason: 0, stop: 0 })?,
            Some(Message::Chat(_)) => {}
            Some(Message::BackReq { .. }) => conn.send(&Message::BackAcc { code: 1 })?,
            Some(other) => return Err(format!("unexpected message outside a game: {}", other.encode())),
        }
    }
}

/// Initiator: requests `cfg.games` games, from the standard start position or after the
/// opening lines of `cfg.openings`, colours alternating (we take Light first). Returns the games
/// played.
///
/// Errors: an opening line that is not legal from the start, or a protocol failure.
pub fn initiate(conn: &mut Connection, cfg: &DxpConfig, on_game: &mut dyn FnMut(&DxpGame), on_move: &mut dyn FnMut(&Game)) -> Result<Vec<DxpGame>, String> {
    let mut searcher = cfg.searcher();
    let mut games = Vec::new();
    for i in 0..cfg.games {
        let ours = if i % 2 == 0 { Color::Light } else { Color::Dark };
        let mut game = Game::new(Variant::International);
        let mut position = None;
        if !cfg.openings.is_empty() {
            let line = &cfg.openings[(i / 2) % cfg.openings.len()];
            for mv in line {
                game.play(mv).map_err(|e| format!("opening {}: {e}", i / 2 + 1))?;
            }
            if !line.is_empty() {
                position = Some(*game.position());
            }
        }
        conn.send(&Message::GameReq { name: cfg.name.clone(), follower: !ours, minutes: cfg.minutes, moves: 0, position })?;
        loop {
            match conn.recv()? {
                None => return Err("the Follower closed the connection before accepting".into()),
                Some(Message::GameAcc { code: 0, .. }) => break,
                Some(Message::GameAcc { code, name }) => return Err(format!("{name} declined the game (code {code})")),
                Some(Message::Chat(_)) => {}
                Some(other) => return Err(format!("expected GAMEACC, got {}", other.encode())),
            }
        }
        match play(conn, &mut searcher, game, ours, cfg, true, on_move)? {
            Flow::Ended(g, stop) => {
                on_game(&g);
                games.push(g);
                if stop {
                    break;
                }
            }
            Flow::Closed(g) => {
                if let Some(g) = g {
                    on_game(&g);
                    games.push(g);
                }
                break;
            }
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let p = draughts_rules::notation::fen::parse(Variant::International, "B:W31,K40:B5,K19").unwrap();
        for m in [
            Message::GameReq { name: "Moby Dam".into(), follower: Color::Dark, minutes: 90, moves: 75, position: None },
            Message::GameReq { name: "x".into(), follower: Color::Light, minutes: 5, moves: 0, position: Some(p) },
            Message::GameAcc { name: "Tornado".into(), code: 0 },
            Message::Move { seconds: 12, from: 6, to: 11, captured: vec![] },
            Message::Move { seconds: 12, from: 5, to: 25, captured: vec![4, 22, 12, 20] },
            Message::GameEnd { reason: 2, stop: 1 },
            Message::Chat("hello".into()),
            Message::BackReq { move_number: 12, color: Color::Light },
            Message::BackAcc { code: 1 },
        ] {
            let e = m.encode();
            assert_eq!(Message::decode(e.as_bytes()).unwrap(), m, "{e}");
        }
        // The published examples.
        assert_eq!(Message::decode(b"M0012061100").unwrap(), Message::Move { seconds: 12, from: 6, to: 11, captured: vec![] });
        assert_eq!(Message::GameEnd { reason: 0, stop: 0 }.encode(), "E00");
        assert_eq!(Message::GameAcc { name: "Tornado voor Windows 4.0".into(), code: 0 }.encode().len(), 34);
        assert!(Message::decode(b"R02abc").is_err());
        assert!(Message::decode(b"M00").is_err());
        assert!(Message::decode(b"Q").is_err());
    }
}
