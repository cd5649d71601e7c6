//! A loaded room: its state ([`Core`]) and the people connected to it.
//!
//! Every action is worked out on a copy of the state ([`Core::act`]); the copy's changes go to
//! the database, and only once they are committed does the copy replace the state and the
//! change get announced. The room sits behind one async mutex, held across that commit, so one
//! room's actions happen strictly one at a time.

use super::protocol::{self, Action, ErrorCode, ProtoError};
use super::RoomsConfig;
use crate::storage::{now_ms, Storage};
use axum::extract::ws::{Message, Utf8Bytes};
use draughts_rules::Color;
use std::sync::Arc;
use tokio::sync::{mpsc, Notify};
use super::state::{Announce, Core};

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
        // Loaded with nobody connected. A player stored as away keeps the time they left; one
        // stored as connected lost the connection with the server (a crash), at a time not
        // known: their absence counts from now.
        for a in &mut core.meta.away_since {
            a.get_or_insert(now);
        }
        Room { core, conns: Vec::new(), seq: 0, unloaded: false, cfg }
    }

    pub(crate) fn connected(&self, player: u8) -> bool {
        self.conns.iter().any(|c| c.player == Some(player))
    }

    /// How many connections watch (sit for no player).
    pub(crate) fn watchers(&self) -> usize {
        self.conns.iter().filter(|c| c.player.is_none()).count()
    }

    fn seat_json(&self, c: Color) -> protocol::SeatJson {
        let p = self.core.player_of(c);
        protocol::SeatJson { taken: self.core.tokens[p as usize].is_some(), connected: self.connected(p), away_since: self.core.meta.away_since[p as usize] }
    }

    pub(crate) fn seats(&self) -> protocol::SeatsJson {
        protocol::SeatsJson { light: self.seat_json(Color::Light), dark: self.seat_json(Color::Dark) }
    }

    /// The whole room as the `state` message.
    pub(crate) fn state_text(&self, now: i64) -> Utf8Bytes {
        self.state_text_with(now, None)
    }

    /// The `state` message, with the decline it follows when there is one.
    fn state_text_with(&self, now: i64, declined: Option<protocol::DeclinedJson>) -> Utf8Bytes {
        let c = &self.core;
        let rematch_side = |col: Color| c.meta.rematch[c.player_of(col) as usize];
        let msg = protocol::StateMsg {
            kind: "state",
            v: protocol::VERSION,
            seq: self.seq,
            now,
            room: &c.id,
            game: c.game_no,
            light_player: c.light_player,
            started: c.started(),
            seats: self.seats(),
            watchers: self.watchers(),
            grace_ms: self.cfg.grace.as_millis() as i64,
            state: c.seated.to_json(now),
            draw_offer: c.seated.offers().draw_offer,
            takeback: c.seated.offers().takeback,
            rematch: protocol::RematchJson { light: rematch_side(Color::Light), dark: rematch_side(Color::Dark) },
            declined,
        };
        serde_json::to_string(&msg).expect("state serialises").into()
    }

    /// The `moved` message for the move just played.
    pub(crate) fn moved_text(&self, now: i64) -> Utf8Bytes {
        let c = &self.core;
        let msg = protocol::MovedMsg {
            kind: "moved",
            v: protocol::VERSION,
            seq: self.seq,
            now,
            game: c.game_no,
            played: c.seated.last_played().expect("a move was played"),
            position: c.seated.position_json(),
            outcome: c.game().outcome().map(crate::wire::OutcomeJson::new),
            clock: c.seated.clock().to_json(c.seated.to_move(), now),
        };
        serde_json::to_string(&msg).expect("moved serialises").into()
    }

    pub(crate) fn presence_text(&self, now: i64) -> Utf8Bytes {
        let msg = protocol::PresenceMsg { kind: "presence", v: protocol::VERSION, seq: self.seq, now, seats: self.seats(), watchers: self.watchers() };
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
    pub(crate) async fn handle(&mut self, conn_id: u64, player: Option<u8>, action: Action, db: &dyn Storage) {
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
        let out = match self.core.act(player, &action, &self.cfg, now) {
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
            Announce::Moved => self.moved_text(now),
            Announce::State => self.state_text(now),
            Announce::Declined(d) => self.state_text_with(now, Some(d)),
        };
        self.broadcast(text);
    }

    /// Registers a connection. `token` resumes a seat; without one (or with a wrong one) a
    /// visitor who asks to `join` takes a free seat, else watches. Returns the player seated
    /// and the new token when a seat was just taken.
    pub(crate) async fn join(&mut self, mut conn: Conn, token: Option<&str>, join: bool, db: &dyn Storage) -> Result<(Option<u8>, Option<String>, bool), ProtoError> {
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
                db.write(next.save_ops())
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
            self.set_away(p, None, db).await;
        }
        // The other people see the new seat, the player coming back or one more watcher (the
        // newcomer gets `welcome` and the whole state instead).
        if new_token.is_some() || was_connected == Some(false) || player.is_none() {
            self.seq += 1;
            let text = if new_token.is_some() { self.state_text(now) } else { self.presence_text(now) };
            self.broadcast_except(text, Some(conn_id));
        }
        Ok((player, new_token, bad_token))
    }

    /// Notes (and stores) since when `player` has been away, `None` when back. A failed write
    /// is logged: the room goes on with the time in memory.
    async fn set_away(&mut self, player: u8, since: Option<i64>, db: &dyn Storage) {
        if self.core.meta.away_since[player as usize] == since {
            return;
        }
        let mut next = self.core.clone();
        next.meta.away_since[player as usize] = since;
        if let Err(e) = db.write(next.save_ops()).await {
            tracing::warn!(room = %super::room_tag(&self.core.id), "could not store a player's presence: {e}");
        }
        self.core = next;
    }

    /// Removes a connection; announces a player's absence when it was their last one, and a
    /// watcher's leaving.
    pub(crate) async fn leave(&mut self, conn_id: u64, db: &dyn Storage) {
        let Some(i) = self.conns.iter().position(|c| c.id == conn_id) else { return };
        let c = self.conns.remove(i);
        if c.player.is_none() {
            self.seq += 1;
            let text = self.presence_text(now_ms());
            self.broadcast(text);
        }
        if let Some(p) = c.player {
            if !self.connected(p) {
                let now = now_ms();
                self.set_away(p, Some(now), db).await;
                self.seq += 1;
                let text = self.presence_text(now);
                self.broadcast(text);
            }
        }
    }
}
