//! One room: its seats, its current game and what the players have asked for, and the people
//! connected to it.
//!
//! Every action is worked out on a copy of the room's stored state ([`Core`]); the copy's
//! changes go to the database as [`Op`]s, and only once they are committed does the copy
//! replace the state and the change get announced. The room sits behind one async mutex, held
//! across that commit, so one room's actions happen strictly one at a time.

use super::db::{Op, RoomDb};
use super::protocol::{self, Action, ClaimResult, ErrorCode, ProtoError};
use super::RoomsConfig;
use crate::store::now_ms;
use crate::table::Side;
use crate::wire::{ClockJson, MoveJson, OutcomeJson, PlayedJson, PositionJson};
use axum::extract::ws::{Message, Utf8Bytes};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::resolve::{self, MatchError};
use draughts_rules::{Color, Game, Move, Outcome, Reason, Variant};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::{mpsc, Notify};

/// How many recent message ids per player are remembered (and stored) to spot a resent message.
pub(crate) const RECENT_IDS: usize = 64;

/// The part of a room's state that is stored as JSON in `rooms.meta`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Meta {
    /// Banked elapsed milliseconds of finished turns, `[light, dark]`.
    pub elapsed: [i64; 2],
    /// When the running turn started (Unix ms); `None` while the clock is stopped.
    pub clock_since: Option<i64>,
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// The side that asks to take its last move back.
    pub takeback: Option<Side>,
    /// Which players (0 = creator, 1 = guest) asked for a rematch after the game ended.
    pub rematch: [bool; 2],
    /// Ids of each player's last accepted messages, newest last.
    pub recent: [VecDeque<String>; 2],
}

/// A room's stored state.
#[derive(Clone, Debug)]
pub(crate) struct Core {
    pub id: String,
    pub variant: Variant,
    pub created_at: i64,
    /// Each player's seat token as stored, hashed ([`super::token_hash`]); player 0 created
    /// the room; `None` while the seat is free.
    pub tokens: [Option<String>; 2],
    /// The current game's number, 1 first; each rematch adds one.
    pub game_no: u32,
    /// The player who has Light in the current game (colours swap on each rematch).
    pub light_player: u8,
    pub game: Game,
    /// Milliseconds each move's mover spent on it.
    pub spent: Vec<i64>,
    pub meta: Meta,
}

fn color_side(c: Color) -> Side {
    c.into()
}

impl Core {
    /// The routes the player to move may play: every legal route, none once the game is over.
    fn playable_routes(&self) -> Vec<Move> {
        if self.game.outcome().is_none() {
            self.game.position().legal_routes()
        } else {
            Vec::new()
        }
    }

    /// A new room with its first game: the creator (player 0) gets `creator_color`.
    pub(crate) fn new(id: String, variant: Variant, creator_color: Color, token: String, now: i64) -> Core {
        Core {
            id,
            variant,
            created_at: now,
            tokens: [Some(token), None],
            game_no: 1,
            light_player: if creator_color == Color::Light { 0 } else { 1 },
            game: Game::new(variant),
            spent: Vec::new(),
            meta: Meta::default(),
        }
    }

    pub(crate) fn color_of(&self, player: u8) -> Color {
        if player == self.light_player {
            Color::Light
        } else {
            Color::Dark
        }
    }

    pub(crate) fn player_of(&self, c: Color) -> u8 {
        if c == Color::Light {
            self.light_player
        } else {
            1 - self.light_player
        }
    }

    /// Both seats are taken: the game is on (moves allowed, clock running).
    pub(crate) fn started(&self) -> bool {
        self.tokens.iter().all(Option::is_some)
    }

    pub(crate) fn elapsed_at(&self, now: i64) -> [i64; 2] {
        let mut e = self.meta.elapsed;
        if let Some(since) = self.meta.clock_since {
            e[self.game.position().side_to_move().index()] += (now - since).max(0);
        }
        e
    }

    /// Moves the running turn's time into the bank and stops the clock; returns that time.
    fn bank(&mut self, now: i64) -> i64 {
        let used = self.meta.clock_since.map(|s| (now - s).max(0)).unwrap_or(0);
        self.meta.elapsed[self.game.position().side_to_move().index()] += used;
        self.meta.clock_since = None;
        used
    }

    /// The clock runs while the game is on and not over.
    pub(crate) fn run_clock(&mut self, now: i64) {
        if self.started() && self.game.outcome().is_none() && self.meta.clock_since.is_none() {
            self.meta.clock_since = Some(now);
        }
    }

    pub(crate) fn clock_json(&self, now: i64) -> ClockJson {
        let e = self.elapsed_at(now);
        ClockJson {
            light_ms: e[0],
            dark_ms: e[1],
            total_ms: e[0] + e[1],
            running: self.meta.clock_since.map(|_| self.game.position().side_to_move().into()),
        }
    }

    pub(crate) fn save_op(&self) -> Op {
        Op::SaveRoom {
            id: self.id.clone(),
            variant: self.variant.id(),
            created_at: self.created_at,
            tokens: self.tokens.clone(),
            game_no: self.game_no,
            meta: serde_json::to_string(&self.meta).expect("meta serialises"),
        }
    }

    pub(crate) fn new_game_op(&self, now: i64) -> Op {
        Op::NewGame {
            room: self.id.clone(),
            game_no: self.game_no,
            light_player: self.light_player,
            start_fen: fen::write(self.game.start()),
            started_at: now,
        }
    }

    fn end_game_op(&self, now: i64) -> Option<Op> {
        let o = self.game.outcome()?;
        Some(Op::EndGame {
            room: self.id.clone(),
            game_no: self.game_no,
            winner: o.winner().map(|c| if c == Color::Light { "light" } else { "dark" }),
            reason: o.reason().code(),
            ended_at: now,
        })
    }

    fn remember(&mut self, player: u8, id: &str) {
        let r = &mut self.meta.recent[player as usize];
        r.push_back(id.to_string());
        while r.len() > RECENT_IDS {
            r.pop_front();
        }
    }

    pub(crate) fn seen(&self, player: u8, id: &str) -> bool {
        self.meta.recent[player as usize].iter().any(|x| x == id)
    }

    fn in_progress(&self, game: u32) -> Result<(), ProtoError> {
        if game != self.game_no {
            return Err(ProtoError::new(ErrorCode::Stale, format!("this is about game {game}, but the room is at game {}", self.game_no)));
        }
        if let Some(o) = self.game.outcome() {
            return Err(ProtoError::new(ErrorCode::GameOver, format!("the game is over: {o}")));
        }
        if !self.started() {
            return Err(ProtoError::new(ErrorCode::NotStarted, "the game starts when the other player has joined"));
        }
        Ok(())
    }

    /// Finds the legal route given as a full path of square names, origin first (RULES.md
    /// section 8 move text), optionally with the captured squares to tell two routes apart.
    #[cfg(test)]
    pub(crate) fn find_move(&self, path: &[String], captured: Option<&[String]>) -> Result<Move, ProtoError> {
        self.route_of(path, captured)
    }

    /// The legal route of a move message: square names, origin first, then every landing
    /// square, with the captured squares when given. Unreadable squares are `bad_message`;
    /// an illegal, ambiguous or cut-short move is `illegal`.
    fn route_of(&self, path: &[String], captured: Option<&[String]>) -> Result<Move, ProtoError> {
        resolve::find_route(self.game.position(), path, captured).map_err(|e| {
            let code = match e {
                MatchError::BadSquare { .. } | MatchError::Syntax(_) => ErrorCode::BadMessage,
                _ => ErrorCode::Illegal,
            };
            ProtoError::new(code, format!("\"path\": {e}"))
        })
    }

    /// Works out an action of `player` at time `now`: the new state, what to store, and what
    /// to announce. Nothing is changed here.
    pub(crate) fn act(&self, player: u8, action: &Action, away: [Option<i64>; 2], cfg: &RoomsConfig, now: i64) -> Result<Transition, ProtoError> {
        let me = self.color_of(player);
        let them = !me;
        let mut next = self.clone();
        let mut ops = Vec::new();
        let announce;
        match action {
            Action::Move { game, ply, path, captured, .. } => {
                // An unreadable message is answered as such before the game's state is checked.
                let found = self.route_of(path, captured.as_deref());
                if let Err(e) = &found {
                    if e.code == ErrorCode::BadMessage {
                        return Err(e.clone());
                    }
                }
                self.in_progress(*game)?;
                if *ply != self.game.ply() {
                    return Err(ProtoError::new(
                        ErrorCode::Stale,
                        format!("the game is at ply {}, not {ply}: a move was played since", self.game.ply()),
                    ));
                }
                if self.game.position().side_to_move() != me {
                    return Err(ProtoError::new(ErrorCode::NotYourTurn, format!("it is {}'s turn", self.game.position().side_to_move())));
                }
                let mv = found?;
                let spent = next.bank(now);
                next.game.play(&mv).map_err(|e| ProtoError::new(ErrorCode::Illegal, e.to_string()))?;
                next.spent.push(spent);
                next.meta.draw_offer = None;
                next.meta.takeback = None;
                next.run_clock(now);
                ops.push(Op::AddMove {
                    room: self.id.clone(),
                    game_no: self.game_no,
                    ply: next.game.ply(),
                    text: movetext::write(self.variant, &mv),
                    spent_ms: spent,
                    msg_id: Some(action.id().to_string()),
                });
                ops.extend(next.end_game_op(now));
                announce = Announce::Moved(mv);
            }
            Action::OfferDraw { game, .. } => {
                self.in_progress(*game)?;
                match self.meta.draw_offer {
                    Some(s) if s == color_side(me) => return Err(ProtoError::new(ErrorCode::NoOffer, "you already offer a draw")),
                    Some(_) => {
                        // Both want a draw: that is agreement.
                        next.bank(now);
                        next.game.finish(Outcome::Draw(Reason::Agreement)).map_err(|e| ProtoError::new(ErrorCode::GameOver, e.to_string()))?;
                        next.meta.draw_offer = None;
                        next.meta.takeback = None;
                        ops.extend(next.end_game_op(now));
                    }
                    None => next.meta.draw_offer = Some(color_side(me)),
                }
                announce = Announce::State;
            }
            Action::AcceptDraw { game, .. } | Action::DeclineDraw { game, .. } => {
                self.in_progress(*game)?;
                if self.meta.draw_offer != Some(color_side(them)) {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "there is no draw offer from the other player"));
                }
                next.meta.draw_offer = None;
                if matches!(action, Action::AcceptDraw { .. }) {
                    next.bank(now);
                    next.meta.takeback = None;
                    next.game.finish(Outcome::Draw(Reason::Agreement)).map_err(|e| ProtoError::new(ErrorCode::GameOver, e.to_string()))?;
                    ops.extend(next.end_game_op(now));
                }
                announce = Announce::State;
            }
            Action::Resign { game, .. } => {
                self.in_progress(*game)?;
                next.bank(now);
                next.meta.draw_offer = None;
                next.meta.takeback = None;
                next.game.resign(me).map_err(|e| ProtoError::new(ErrorCode::GameOver, e.to_string()))?;
                ops.extend(next.end_game_op(now));
                announce = Announce::State;
            }
            Action::AskTakeback { game, ply, .. } => {
                self.in_progress(*game)?;
                if *ply != self.game.ply() {
                    return Err(ProtoError::new(ErrorCode::Stale, format!("the game is at ply {}, not {ply}", self.game.ply())));
                }
                if self.meta.takeback.is_some() {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "a takeback is already asked for"));
                }
                if self.takeback_plies(me).is_none() {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "you have no move to take back"));
                }
                next.meta.takeback = Some(color_side(me));
                announce = Announce::State;
            }
            Action::GrantTakeback { game, .. } | Action::DeclineTakeback { game, .. } => {
                self.in_progress(*game)?;
                let Some(asker) = self.meta.takeback.filter(|&s| s == color_side(them)) else {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "the other player has not asked for a takeback"));
                };
                next.meta.takeback = None;
                if matches!(action, Action::GrantTakeback { .. }) {
                    let n = self.takeback_plies(asker.into()).ok_or_else(|| ProtoError::new(ErrorCode::NoOffer, "no move to take back"))?;
                    next.bank(now);
                    for _ in 0..n {
                        next.game.undo().map_err(|e| ProtoError::new(ErrorCode::NoOffer, e.to_string()))?;
                        next.spent.pop();
                    }
                    next.meta.draw_offer = None;
                    next.run_clock(now);
                    ops.push(Op::Truncate { room: self.id.clone(), game_no: self.game_no, ply: next.game.ply() });
                }
                announce = Announce::State;
            }
            Action::Claim { game, result, .. } => {
                self.in_progress(*game)?;
                let other = self.player_of(them);
                let gone_since = away[other as usize].ok_or_else(|| ProtoError::new(ErrorCode::NotAllowed, "the other player is connected"))?;
                let wait = gone_since + cfg.grace.as_millis() as i64 - now;
                if wait > 0 {
                    return Err(ProtoError::new(
                        ErrorCode::NotAllowed,
                        format!("the other player may still come back: wait {} more seconds", (wait + 999) / 1000),
                    ));
                }
                next.bank(now);
                next.meta.draw_offer = None;
                next.meta.takeback = None;
                let outcome = match result {
                    ClaimResult::Win => Outcome::Win(me, Reason::Abandonment),
                    ClaimResult::Draw => Outcome::Draw(Reason::Abandonment),
                };
                next.game.finish(outcome).map_err(|e| ProtoError::new(ErrorCode::GameOver, e.to_string()))?;
                ops.extend(next.end_game_op(now));
                announce = Announce::State;
            }
            Action::Rematch { game, .. } => {
                if *game != self.game_no {
                    return Err(ProtoError::new(ErrorCode::Stale, format!("this is about game {game}, but the room is at game {}", self.game_no)));
                }
                if self.game.outcome().is_none() {
                    return Err(ProtoError::new(ErrorCode::NotAllowed, "a rematch can start only when this game is over"));
                }
                if self.meta.rematch[player as usize] {
                    return Err(ProtoError::new(ErrorCode::NoOffer, "you already asked for a rematch"));
                }
                next.meta.rematch[player as usize] = true;
                if next.meta.rematch == [true, true] {
                    // Both asked: a new game with colours swapped.
                    next.game_no += 1;
                    next.light_player = 1 - self.light_player;
                    next.game = Game::new(self.variant);
                    next.spent.clear();
                    next.meta = Meta { recent: next.meta.recent.clone(), ..Meta::default() };
                    next.run_clock(now);
                    ops.push(next.new_game_op(now));
                }
                announce = Announce::State;
            }
        }
        next.remember(player, action.id());
        // The room row goes first: the other ops refer to it.
        ops.insert(0, next.save_op());
        Ok(Transition { next, ops, announce })
    }

    /// How many plies a takeback for `c` undoes: back to just before `c`'s last move.
    fn takeback_plies(&self, c: Color) -> Option<usize> {
        let positions = self.game.positions();
        let n = self.game.ply();
        (0..n).rev().find(|&i| positions[i].side_to_move() == c).map(|i| n - i)
    }

    /// The moves played so far, for the move list.
    pub(crate) fn played(&self) -> Vec<PlayedJson> {
        let positions = self.game.positions();
        self.game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, m)| PlayedJson {
                ply: i + 1,
                side: positions[i].side_to_move().into(),
                spent_ms: self.spent.get(i).copied().unwrap_or(0),
                mv: MoveJson::new(self.variant, m),
            })
            .collect()
    }
}

/// What an action does: the room's next state, what to store, and what to announce.
pub(crate) struct Transition {
    pub next: Core,
    pub ops: Vec<Op>,
    pub announce: Announce,
}

/// What is announced after an action.
pub(crate) enum Announce {
    /// A move: the short `moved` message.
    Moved(Move),
    /// Anything else: the whole `state`.
    State,
}

/// One WebSocket connection registered in a room.
pub(crate) struct Conn {
    pub id: u64,
    /// The player this connection sits for, `None` for a watcher.
    pub player: Option<u8>,
    pub tx: mpsc::Sender<Message>,
    /// Told to close when its queue overflows (a client that does not read).
    pub kick: Arc<Notify>,
}

/// A loaded room.
pub(crate) struct Room {
    pub core: Core,
    pub conns: Vec<Conn>,
    /// Since when each player has had no connection (Unix ms); `None` while connected.
    pub away: [Option<i64>; 2],
    /// Number of the last message announced to everyone (not stored).
    pub seq: u64,
    /// Set when the room was dropped from memory; a late arrival must load it again.
    pub unloaded: bool,
    pub cfg: Arc<RoomsConfig>,
}

impl Room {
    pub(crate) fn new(mut core: Core, cfg: Arc<RoomsConfig>, now: i64) -> Room {
        // A clock stopped by a shutdown runs again from now (stored with the next change).
        core.run_clock(now);
        // Loaded with nobody connected: everybody's absence counts from now.
        Room { core, conns: Vec::new(), away: [Some(now), Some(now)], seq: 0, unloaded: false, cfg }
    }

    pub(crate) fn connected(&self, player: u8) -> bool {
        self.conns.iter().any(|c| c.player == Some(player))
    }

    fn seat_json(&self, c: Color) -> protocol::SeatJson {
        let p = self.core.player_of(c);
        protocol::SeatJson { taken: self.core.tokens[p as usize].is_some(), connected: self.connected(p), away_since: self.away[p as usize] }
    }

    pub(crate) fn seats(&self) -> protocol::SeatsJson {
        protocol::SeatsJson { light: self.seat_json(Color::Light), dark: self.seat_json(Color::Dark) }
    }

    /// The whole room as the `state` message.
    pub(crate) fn state_text(&self, now: i64) -> Utf8Bytes {
        let c = &self.core;
        let rematch_side = |col: Color| c.meta.rematch[c.player_of(col) as usize];
        let msg = protocol::StateMsg {
            kind: "state",
            v: protocol::VERSION,
            seq: self.seq,
            now,
            room: &c.id,
            variant: c.variant.id(),
            game: c.game_no,
            light_player: c.light_player,
            started: c.started(),
            seats: self.seats(),
            grace_ms: self.cfg.grace.as_millis() as i64,
            start_fen: fen::write(c.game.start()),
            ply: c.game.ply(),
            side_to_move: c.game.position().side_to_move().into(),
            moves: c.played(),
            position: PositionJson::new(c.game.position(), &c.playable_routes()),
            last_move: c.game.moves().last().map(|m| MoveJson::new(c.variant, m)),
            outcome: c.game.outcome().map(OutcomeJson::new),
            clock: c.clock_json(now),
            draw_offer: c.meta.draw_offer,
            takeback: c.meta.takeback,
            rematch: protocol::RematchJson { light: rematch_side(Color::Light), dark: rematch_side(Color::Dark) },
        };
        serde_json::to_string(&msg).expect("state serialises").into()
    }

    /// The `moved` message for the move just played.
    pub(crate) fn moved_text(&self, mv: &Move, now: i64) -> Utf8Bytes {
        let c = &self.core;
        let ply = c.game.ply();
        let msg = protocol::MovedMsg {
            kind: "moved",
            v: protocol::VERSION,
            seq: self.seq,
            now,
            game: c.game_no,
            ply,
            side: c.game.positions()[ply - 1].side_to_move().into(),
            spent_ms: c.spent.last().copied().unwrap_or(0),
            mv: MoveJson::new(c.variant, mv),
            position: PositionJson::new(c.game.position(), &c.playable_routes()),
            outcome: c.game.outcome().map(OutcomeJson::new),
            clock: c.clock_json(now),
        };
        serde_json::to_string(&msg).expect("moved serialises").into()
    }

    pub(crate) fn presence_text(&self, now: i64) -> Utf8Bytes {
        let msg = protocol::PresenceMsg { kind: "presence", v: protocol::VERSION, seq: self.seq, now, seats: self.seats() };
        serde_json::to_string(&msg).expect("presence serialises").into()
    }

    /// Sends a message to one connection. A connection whose queue is full is not reading:
    /// it is told to close (it will get the whole state when it comes back).
    pub(crate) fn send_to(&self, conn_id: u64, text: Utf8Bytes) {
        if let Some(c) = self.conns.iter().find(|c| c.id == conn_id) {
            if c.tx.try_send(Message::Text(text)).is_err() {
                c.kick.notify_one();
            }
        }
    }

    /// Sends a message to everyone in the room.
    pub(crate) fn broadcast(&mut self, text: Utf8Bytes) {
        self.broadcast_except(text, None);
    }

    /// Sends a message to everyone in the room but one connection.
    /// A connection whose queue is full is told to close; it leaves the room through
    /// [`Room::leave`] like any other, so that its absence is announced.
    fn broadcast_except(&mut self, text: Utf8Bytes, skip: Option<u64>) {
        for c in self.conns.iter().filter(|c| Some(c.id) != skip) {
            if c.tx.try_send(Message::Text(text.clone())).is_err() {
                c.kick.notify_one();
            }
        }
    }

    /// Runs an action of the player behind `conn_id`: checks, commits, applies, announces.
    /// Errors go back to that connection only.
    pub(crate) async fn handle(&mut self, conn_id: u64, player: Option<u8>, action: Action, db: &RoomDb) {
        let id = action.id().to_string();
        let Some(player) = player else {
            let e = ProtoError::new(ErrorCode::NotAPlayer, "watchers cannot play or answer offers; only the two seated players can");
            self.send_to(conn_id, protocol::error_text(Some(&id), &e));
            return;
        };
        if self.core.seen(player, &id) {
            // A resent message: it was applied once already.
            self.send_to(conn_id, protocol::ack_text(&id, true));
            return;
        }
        let now = now_ms();
        let out = match self.core.act(player, &action, self.away, &self.cfg, now) {
            Ok(o) => o,
            Err(e) => {
                self.send_to(conn_id, protocol::error_text(Some(&id), &e));
                return;
            }
        };
        if let Err(e) = db.write(out.ops).await {
            tracing::error!(room = %super::room_tag(&self.core.id), "could not store an action: {e}");
            let e = ProtoError::new(ErrorCode::Internal, format!("the server could not store this; nothing changed ({e})"));
            self.send_to(conn_id, protocol::error_text(Some(&id), &e));
            return;
        }
        self.core = out.next;
        self.seq += 1;
        self.send_to(conn_id, protocol::ack_text(&id, false));
        let text = match out.announce {
            Announce::Moved(mv) => self.moved_text(&mv, now),
            Announce::State => self.state_text(now),
        };
        self.broadcast(text);
    }

    /// Registers a connection. `token` resumes a seat; without one (or with a wrong one) a
    /// visitor who asks to `join` takes a free seat, else watches. Returns the player seated
    /// and the new token when a seat was just taken.
    pub(crate) async fn join(&mut self, mut conn: Conn, token: Option<&str>, join: bool, db: &RoomDb) -> Result<(Option<u8>, Option<String>, bool), ProtoError> {
        let now = now_ms();
        let mut bad_token = false;
        let mut player = None;
        let mut new_token = None;
        if let Some(t) = token {
            player = (0..2u8).find(|&p| self.core.tokens[p as usize].as_deref().is_some_and(|x| super::token_matches(x, t)));
            bad_token = player.is_none();
        }
        if player.is_none() && join {
            if let Some(free) = (0..2u8).find(|&p| self.core.tokens[p as usize].is_none()) {
                let mut next = self.core.clone();
                let t = super::new_secret();
                next.tokens[free as usize] = Some(super::token_hash(&t));
                next.run_clock(now);
                db.write(vec![next.save_op()])
                    .await
                    .map_err(|e| ProtoError::new(ErrorCode::Internal, format!("the server could not store your seat: {e}")))?;
                self.core = next;
                player = Some(free);
                new_token = Some(t);
            }
        }
        let was_connected = player.map(|p| self.connected(p));
        let conn_id = conn.id;
        conn.player = player;
        self.conns.push(conn);
        if let Some(p) = player {
            self.away[p as usize] = None;
        }
        // The other people see the new seat or the player coming back (the newcomer gets
        // `welcome` and the whole state instead).
        if new_token.is_some() || was_connected == Some(false) {
            self.seq += 1;
            let text = if new_token.is_some() { self.state_text(now) } else { self.presence_text(now) };
            self.broadcast_except(text, Some(conn_id));
        }
        Ok((player, new_token, bad_token))
    }

    /// Removes a connection; announces a player's absence when it was their last one.
    pub(crate) fn leave(&mut self, conn_id: u64) {
        let Some(i) = self.conns.iter().position(|c| c.id == conn_id) else { return };
        let c = self.conns.remove(i);
        if let Some(p) = c.player {
            if !self.connected(p) {
                let now = now_ms();
                self.away[p as usize] = Some(now);
                self.seq += 1;
                let text = self.presence_text(now);
                self.broadcast(text);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rooms::protocol::ErrorCode;

    fn core_at(variant: Variant, fen_text: &str) -> Core {
        let mut c = Core::new("r".into(), variant, Color::Light, "t".into(), 0);
        c.game = Game::from_position(fen::parse(variant, fen_text).unwrap());
        c.tokens[1] = Some("u".into());
        c
    }

    fn names(v: Variant, m: &Move) -> Vec<String> {
        std::iter::once(m.from()).chain(m.landings()).map(|s| s.name(v)).collect()
    }

    #[test]
    fn a_capture_chain_must_be_complete() {
        // Dark to move with a double jump (RULES.md section 3: a chain is played to its end).
        let v = Variant::English;
        let c = core_at(v, "B:W14,23:B9");
        let legal = c.game.position().legal_routes();
        let chain = legal.iter().find(|m| m.landings().len() >= 2).expect("a double jump");
        let full = names(v, chain);
        assert!(c.find_move(&full, None).is_ok());
        let cut = &full[..2];
        let e = c.find_move(cut, None).err().unwrap();
        assert_eq!(e.code, ErrorCode::Illegal);
        assert!(e.message.contains("chain must go on"), "{}", e.message);
        let e = c.find_move(&["9".into(), "13".into()], None).err().unwrap();
        assert!(e.message.contains("legal moves are"), "{}", e.message);
        let e = c.find_move(&["9".into(), "x".into()], None).err().unwrap();
        assert_eq!(e.code, ErrorCode::BadMessage);
    }

    #[test]
    fn a_takeback_goes_back_to_before_the_askers_last_move() {
        let v = Variant::English;
        let mut c = Core::new("r".into(), v, Color::Light, "t".into(), 0);
        assert_eq!(c.takeback_plies(Color::Dark), None);
        c.game.play(&movetext::parse(c.game.position(), "11-15").unwrap()).unwrap();
        assert_eq!(c.takeback_plies(Color::Dark), Some(1));
        assert_eq!(c.takeback_plies(Color::Light), None);
        c.game.play(&movetext::parse(c.game.position(), "23-19").unwrap()).unwrap();
        assert_eq!(c.takeback_plies(Color::Dark), Some(2));
        assert_eq!(c.takeback_plies(Color::Light), Some(1));
    }
}
