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

mod connection;
mod message;

pub use connection::Connection;
pub use message::{find_move, Message};

use crate::matchplay::{play_out, PlayedOut, PlyCap, Turn};
use crate::search::{Limits, Searcher};
use draughts_rules::{Color, DrawRules, Game, Move, Outcome, Position, Variant};
use std::time::{Duration, Instant};

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
    /// Pattern values to use instead of the built-in ones (see [`crate::patterns::PatternChoice`]).
    pub patterns: crate::patterns::PatternChoice,
    /// The draw rules the games are judged and searched by: the FMJD's by default, as
    /// tournaments and other engines play over DXP.
    pub draws: DrawRules,
    /// Initiator: a sequential test of us against the Follower, judged after each pair of games
    /// (colours reversed): no game is requested once it decides ([`crate::sprt`]).
    pub sprt: Option<crate::sprt::Sprt>,
}

/// The Initiator's opening lines for [`DxpConfig::openings`]: one balanced opening of `plies`
/// half-moves per pair of the `games` games, chosen like a match chooses them
/// ([`crate::matchplay::balanced_opening`], pair `k` from seed `seed + k * 7919`). None when
/// `plies` is 0 (every game from the start position).
pub fn openings(games: usize, plies: usize, seed: u64) -> Vec<Vec<Move>> {
    if plies == 0 {
        return Vec::new();
    }
    (0..games.max(1).div_ceil(2))
        .map(|k| crate::matchplay::balanced_opening(Variant::International, plies, seed.wrapping_add(k as u64 * 7919)))
        .collect()
}

/// The evaluation of a DXP session for [`DxpConfig::weights`] and [`DxpConfig::patterns`]:
/// the weight file `weights` and the pattern file `patterns` when given, the linear weights
/// alone with `no_patterns`. Errors name the file that does not read.
pub fn evaluation(
    weights: Option<&std::path::Path>,
    patterns: Option<&std::path::Path>,
    no_patterns: bool,
) -> Result<(Option<crate::eval::Weights>, crate::patterns::PatternChoice), String> {
    let weights = weights.map(crate::eval::Weights::read_file).transpose()?;
    let patterns = if no_patterns {
        Some(None)
    } else {
        let read = |p| crate::patterns::Patterns::read_for(p, draughts_rules::Variant::International);
        patterns.map(read).transpose()?.map(|p| Some(std::sync::Arc::new(p)))
    };
    Ok((weights, patterns))
}

impl DxpConfig {
    /// How long to wait for the opponent's next message before giving up on the connection:
    /// it may think for a long time, so 10 minutes, or 20 of our move times if longer.
    pub fn timeout(&self) -> Duration {
        Duration::from_secs(600).max(self.movetime * 20)
    }

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
    /// The game as PDN by the one writer ([`draughts_rules::notation::pdn::replay::write_pdn`]):
    /// Event `DXP`, the players `our_name` and `opponent` by colour, and a blank line after it.
    pub fn to_pdn(&self, our_name: &str) -> String {
        let (white, black) = if self.ours == Color::Light { (our_name, "opponent") } else { ("opponent", our_name) };
        let tags = [("Event", "DXP"), ("White", white), ("Black", black)];
        let mut pdn = draughts_rules::notation::pdn::replay::write_pdn(&self.game, &tags.map(|(k, v)| (k.to_string(), v.to_string())));
        pdn.push('\n');
        pdn
    }

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

/// Why a side stopped a DXP game in [`play`].
enum Stop {
    /// Our turn in a game over by our rules or at the Initiator's ply cap: we send GAMEEND.
    EndGame,
    /// The connection closed.
    Closed,
    /// The opponent sent GAMEEND with this reason and stop code.
    TheyEnded(u8, u8),
}

/// Plays one game after GAMEREQ/GAMEACC until a GAMEEND exchange or the end of the connection.
fn play(conn: &mut Connection, searcher: &mut Searcher, mut game: Game, ours: Color, cfg: &DxpConfig, initiator: bool, on_move: &mut dyn FnMut(&Game)) -> Result<Flow, String> {
    searcher.clear();
    let turn = |game: &Game| -> Result<Turn<Stop>, String> {
        if game.position().side_to_move() == ours {
            let over = game.outcome().is_some();
            let cap = initiator && game.ply() >= cfg.max_plies;
            if over || cap {
                return Ok(Turn::Stop(Stop::EndGame));
            }
            let t = Instant::now();
            let r = searcher.search(game, &Limits::managed(cfg.movetime), None, &mut |_| {});
            let mv = r.best.ok_or("no move found in a position that has one")?;
            conn.send(&Message::of_move(&mv, t.elapsed().as_secs() as u32))?;
            return Ok(Turn::Play(mv));
        }
        loop {
            match conn.recv()? {
                None => return Ok(Turn::Stop(Stop::Closed)),
                Some(Message::Move { from, to, captured, .. }) => {
                    if game.outcome().is_some() {
                        // Our rules ended the game on the opponent's turn (its draw rules may
                        // differ): now that it is our turn, end it with GAMEEND.
                        return Ok(Turn::Stop(Stop::EndGame));
                    }
                    return find_move(game.position(), from, to, &captured).map(Turn::Play);
                }
                Some(Message::GameEnd { reason, stop }) => {
                    conn.send(&Message::GameEnd { reason: 0, stop: 0 })?;
                    return Ok(Turn::Stop(Stop::TheyEnded(reason, stop)));
                }
                Some(Message::BackReq { .. }) => conn.send(&Message::BackAcc { code: 1 })?,
                Some(Message::Chat(_)) => {}
                Some(other) => return Err(format!("unexpected message during a game: {}", other.encode())),
            }
        }
    };
    match play_out(&mut game, PlyCap::Never, turn, on_move)? {
        PlayedOut::Stopped(Stop::EndGame) | PlayedOut::Over => end_game(conn, game, ours),
        PlayedOut::Stopped(Stop::Closed) => Ok(Flow::Closed(Some(DxpGame { outcome: game.outcome(), game, ours, their_end_reason: None }))),
        PlayedOut::Stopped(Stop::TheyEnded(reason, stop)) => {
            Ok(Flow::Ended(DxpGame { outcome: game.outcome(), game, ours, their_end_reason: Some(reason) }, stop == 1))
        }
        PlayedOut::Illegal { error, .. } => Err(error),
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
                let game = Game::from_position_with(start, cfg.draws).map_err(|e| e.to_string())?;
                match play(conn, &mut searcher, game, follower, cfg, false, on_move)? {
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
/// opening lines of `cfg.openings`, colours alternating (we take Light first), until
/// `cfg.sprt`, when given, decides after a pair. Returns the games played.
///
/// Errors: an opening line that is not legal from the start, or a protocol failure.
pub fn initiate(conn: &mut Connection, cfg: &DxpConfig, on_game: &mut dyn FnMut(&DxpGame), on_move: &mut dyn FnMut(&Game)) -> Result<Vec<DxpGame>, String> {
    let mut searcher = cfg.searcher();
    let mut games = Vec::new();
    for i in 0..cfg.games {
        let ours = if i % 2 == 0 { Color::Light } else { Color::Dark };
        let mut game = Game::new_with(Variant::International, cfg.draws).map_err(|e| e.to_string())?;
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
                if let Some(test) = &cfg.sprt {
                    let points: Vec<f64> = games.iter().map(DxpGame::our_score).collect();
                    if games.len() % 2 == 0 && test.verdict(&crate::sprt::Pentanomial::of_games(&points)) != crate::sprt::Verdict::Continue {
                        break;
                    }
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
