//! A loaded room: its state ([`Core`]) and the people connected to it.
//!
//! Every action is worked out on a copy of the state ([`Core::act`]); the copy's changes go to
//! the database, and only once they are committed does the copy replace the state and the
//! change get announced. The room sits behind one async mutex, held across that commit, so one
//! room's actions happen strictly one at a time.
//!
//! Several nodes on one database (PostgreSQL) may each have the room loaded. Each stored
//! change carries the room's next revision, and a node whose copy is behind gets
//! [`StorageError::Conflict`] instead of undoing another node's change: it reads the room again
//! ([`Room::refresh`]) and judges the action anew. A node hears the others' changes through
//! [`Storage::subscribe`]: a move that its notification carries is applied to a copy one
//! revision behind ([`Room::follow_move`]), anything else makes the node read the room again;
//! either way it announces what changed. Who is connected counts every node's connections
//! ([`Storage::presence`]).

use super::protocol::{self, Action, ErrorCode, ProtoError};
use super::RoomsConfig;
use crate::storage::notification::RoomMove;
use crate::storage::{now_ms, PresenceCounts, Storage, StorageError};
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
    /// The connections to this room on the other nodes (seat 0, seat 1, watchers), as last read.
    pub remote: PresenceCounts,
}

/// Tries of an action whose write met another node's change first; each reads the room again.
const CONFLICT_TRIES: usize = 3;

/// What the players see of a room's stored state, besides who is connected: two states with
/// the same fingerprint need no announcement.
fn fingerprint(c: &Core) -> String {
    let mut c = c.clone();
    c.meta.away_since = [None; 2];
    c.meta.rev = 0;
    format!("{:?} {}", c.save_ops(), c.game().ply())
}

impl Room {
    /// A room just loaded, with nobody connected here; `remote` are its connections on the
    /// other nodes.
    pub(crate) fn new(core: Core, cfg: Arc<RoomsConfig>, now: i64, remote: PresenceCounts) -> Room {
        let mut room = Room { core, conns: Vec::new(), seq: 0, unloaded: false, cfg, remote };
        room.settle(now, [None; 2]);
        room
    }

    /// Brings a state read from the storage to now: a clock stopped by a shutdown runs again
    /// from now (stored with the next change), and a player connected nowhere is away. A player
    /// stored as away keeps the time they left; one stored as connected lost the connection
    /// with their node (a crash), at a time not known: their absence counts from `known` (as
    /// this node last saw it) or else from now.
    fn settle(&mut self, now: i64, known: [Option<i64>; 2]) {
        self.core.run_clock(now);
        for p in 0..2u8 {
            let here = self.connected(p);
            let a = &mut self.core.meta.away_since[p as usize];
            if here {
                *a = None;
            } else if a.is_none() {
                *a = Some(known[p as usize].unwrap_or(now));
            }
        }
    }

    /// Whether `player` is connected, here or on another node.
    pub(crate) fn connected(&self, player: u8) -> bool {
        self.remote[player as usize] > 0 || self.conns.iter().any(|c| c.player == Some(player))
    }

    /// How many connections watch (sit for no player), here and on the other nodes.
    pub(crate) fn watchers(&self) -> usize {
        self.remote[2] as usize + self.conns.iter().filter(|c| c.player.is_none()).count()
    }

    /// This node's connections to the room: seat 0, seat 1, watchers.
    fn local_counts(&self) -> PresenceCounts {
        let mut n = [0u32; 3];
        for c in &self.conns {
            n[c.player.map_or(2, usize::from)] += 1;
        }
        n
    }

    /// Tells the other nodes (through the storage) who is connected here.
    async fn publish_presence(&self, db: &dyn Storage) {
        if let Err(e) = db.set_presence(self.core.id.clone(), self.local_counts()).await {
            tracing::warn!(room = %super::room_tag(&self.core.id), "could not store who is connected: {e}");
        }
    }

    /// Reads the room again from the storage, never trusting this copy (another node changed
    /// it, or this node was not listening for a while), and announces to this node's
    /// connections what changed: `moved` for one more move, `state` for anything else stored,
    /// `presence` for who is connected.
    pub(crate) async fn refresh(&mut self, db: &dyn Storage) {
        let tag = super::room_tag(&self.core.id);
        let fresh = match super::stored::load_core(db, &self.core.id).await {
            Ok(Some(c)) => c,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(room = %tag, "could not read the room again: {e}");
                return;
            }
        };
        let (before, seats_before) = (fingerprint(&self.core), self.presence_key());
        match db.presence(self.core.id.clone()).await {
            Ok(r) => self.remote = r,
            Err(e) => tracing::warn!(room = %tag, "could not read who is connected on the other nodes: {e}"),
        }
        let now = now_ms();
        let moved = fresh.game_no == self.core.game_no && fresh.game().ply() == self.core.game().ply() + 1;
        let known = self.core.meta.away_since;
        self.core = fresh;
        self.settle(now, known);
        let stored_changed = fingerprint(&self.core) != before;
        if !stored_changed && self.presence_key() == seats_before {
            return;
        }
        self.seq += 1;
        let text = match (stored_changed, moved) {
            (true, true) => self.moved_text(now),
            (true, false) => self.news_state_text(now),
            (false, _) => self.presence_text(now),
        };
        self.broadcast(text);
    }

    /// Follows a move another node stored, as its notification carries it: when this copy is
    /// the revision just before it, the move is applied here without reading the database and
    /// announced (`moved`); a copy that already has it is left alone; any other (a notification
    /// missed, a move that does not follow) reads the room again ([`Room::refresh`]).
    pub(crate) async fn follow_move(&mut self, news: &RoomMove, db: &dyn Storage) {
        let next = match super::stored::moved_core(&self.core, news) {
            Ok(Some(next)) => next,
            Ok(None) => return,
            Err(why) => {
                tracing::debug!(room = %super::room_tag(&self.core.id), "reading the room again: {why}");
                return self.refresh(db).await;
            }
        };
        let now = now_ms();
        let known = self.core.meta.away_since;
        self.core = next;
        self.settle(now, known);
        self.seq += 1;
        let text = self.moved_text(now);
        self.broadcast(text);
    }

    /// Who is connected, as the players see it.
    fn presence_key(&self) -> String {
        serde_json::to_string(&(self.seats(), self.watchers())).unwrap_or_default()
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

    /// The `state` announced after a stored change: with the decline that made it, if one did
    /// (on the node that took the decline and on every node that reads the room after it).
    fn news_state_text(&self, now: i64) -> Utf8Bytes {
        self.state_text_with(now, self.core.meta.declined)
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
        let mut tries = 0;
        let (out, now) = loop {
            if self.core.seen(player, &id) {
                // A resent message: it was applied once already (here or on another node).
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
            match db.write(out.ops.clone()).await {
                Ok(()) => break (out, now),
                // Another node was first: judge the action again on the room as stored now.
                Err(StorageError::Conflict(_)) if tries < CONFLICT_TRIES => {
                    tries += 1;
                    self.refresh(db).await;
                }
                Err(e) => {
                    tracing::error!(room = %super::room_tag(&self.core.id), "could not store an action: {e}");
                    let e = ProtoError::new(ErrorCode::Internal, format!("the server could not store this; nothing changed ({e})"));
                    self.send_to(conn_id, protocol::error_text(Some(&id), &e));
                    return;
                }
            }
        };
        self.core = out.next;
        self.seq += 1;
        self.send_to(conn_id, protocol::ack_text(&id, false));
        let text = match out.announce {
            Announce::Moved => self.moved_text(now),
            Announce::State => self.news_state_text(now),
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
            let seat_of = |core: &Core| (0..2u8).find(|&p| core.tokens[p as usize].as_deref().is_some_and(|x| super::token_matches(x, t)));
            player = seat_of(&self.core);
            if player.is_none() && db.listening().is_some() {
                // The seat may have been taken on another node a moment ago.
                self.refresh(db).await;
                player = seat_of(&self.core);
            }
            bad_token = player.is_none();
        }
        let mut tries = 0;
        while player.is_none() && join {
            let Some(free) = (0..2u8).find(|&p| self.core.tokens[p as usize].is_none()) else { break };
            let mut next = self.core.clone();
            let t = super::new_secret();
            next.tokens[free as usize] = Some(super::token_hash(&t));
            next.run_clock(now);
            match db.write(next.save_ops()).await {
                Ok(()) => {
                    self.core = next;
                    player = Some(free);
                    new_token = Some(t);
                }
                // Another node changed the room first (perhaps seating someone): look again.
                Err(StorageError::Conflict(_)) if tries < CONFLICT_TRIES => {
                    tries += 1;
                    self.refresh(db).await;
                }
                Err(e) => return Err(ProtoError::new(ErrorCode::Internal, format!("the server could not store your seat: {e}"))),
            }
        }
        let was_connected = player.map(|p| self.connected(p));
        let conn_id = conn.id;
        conn.player = player;
        self.conns.push(conn);
        self.publish_presence(db).await;
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
        for _ in 0..CONFLICT_TRIES {
            if self.core.meta.away_since[player as usize] == since {
                return;
            }
            let mut next = self.core.clone();
            next.meta.away_since[player as usize] = since;
            match db.write(next.save_ops()).await {
                Ok(()) => {}
                // Another node changed the room first: read it again, then note the time on it.
                Err(StorageError::Conflict(_)) => {
                    self.refresh(db).await;
                    continue;
                }
                Err(e) => tracing::warn!(room = %super::room_tag(&self.core.id), "could not store a player's presence: {e}"),
            }
            self.core = next;
            return;
        }
    }

    /// Removes a connection; announces a player's absence when it was their last one, and a
    /// watcher's leaving.
    pub(crate) async fn leave(&mut self, conn_id: u64, db: &dyn Storage) {
        let Some(i) = self.conns.iter().position(|c| c.id == conn_id) else { return };
        let c = self.conns.remove(i);
        self.publish_presence(db).await;
        if c.player.is_some() && db.listening().is_some() {
            // The player may still be connected on another node.
            match db.presence(self.core.id.clone()).await {
                Ok(r) => self.remote = r,
                Err(e) => tracing::warn!(room = %super::room_tag(&self.core.id), "could not read who is connected on the other nodes: {e}"),
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rooms::protocol::Action;
    use crate::rooms::state::Core;
    use crate::rooms::stored::load_core;
    use crate::storage::notification::{decode, encode};
    use crate::storage::sqlite::{SqliteOptions, SqliteStorage};
    use crate::storage::{GameKey, LiveIds, Op, PuzzleAttempt, RoomChange, StorageFuture, StoredGame, StoredRoom};
    use crate::wire::MoveInput;
    use draughts_rules::notation::movetext;
    use draughts_rules::{Game, Variant};
    use std::collections::HashSet;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// An SQLite storage that counts the reads of rooms and games: what a node following another
    /// node's change costs the database.
    struct Counting {
        inner: SqliteStorage,
        reads: AtomicUsize,
    }

    impl Counting {
        fn read(&self) {
            self.reads.fetch_add(1, Ordering::Relaxed);
        }
        fn reads(&self) -> usize {
            self.reads.load(Ordering::Relaxed)
        }
    }

    impl Storage for Counting {
        fn write(&self, ops: Vec<Op>) -> StorageFuture<'_, ()> {
            self.inner.write(ops)
        }
        fn write_later(&self, ops: Vec<Op>) {
            self.inner.write_later(ops)
        }
        fn game(&self, key: GameKey) -> StorageFuture<'_, Option<StoredGame>> {
            self.read();
            self.inner.game(key)
        }
        fn games(&self, owner: String) -> StorageFuture<'_, Vec<StoredGame>> {
            self.read();
            self.inner.games(owner)
        }
        fn room(&self, id: String) -> StorageFuture<'_, Option<StoredRoom>> {
            self.read();
            self.inner.room(id)
        }
        fn room_by_key(&self, create_key: String) -> StorageFuture<'_, Option<StoredRoom>> {
            self.read();
            self.inner.room_by_key(create_key)
        }
        fn expire_rooms(&self, cutoff: i64, keep: HashSet<String>) -> StorageFuture<'_, usize> {
            self.inner.expire_rooms(cutoff, keep)
        }
        fn stop_clocks(&self, at: i64) -> StorageFuture<'_, usize> {
            self.inner.stop_clocks(at)
        }
        fn puzzle_attempts(&self, variant: String, limit: usize) -> StorageFuture<'_, Vec<PuzzleAttempt>> {
            self.inner.puzzle_attempts(variant, limit)
        }
        fn flush(&self) -> StorageFuture<'_, ()> {
            self.inner.flush()
        }
        fn location(&self) -> String {
            self.inner.location()
        }
    }

    /// A room of English draughts with both seats taken, stored, and loaded twice as two nodes
    /// would: `(database, node A's copy, node B's copy with one connection, that connection's
    /// queue)`.
    async fn two_copies(dir: &tempfile::TempDir) -> (Counting, Room, Room, mpsc::Receiver<Message>) {
        let opts = SqliteOptions { fsync_each_commit: false, room_expiry: std::time::Duration::from_secs(1 << 40) };
        let inner = SqliteStorage::open(&dir.path().join("db.sqlite3"), opts, LiveIds::default()).unwrap();
        let db = Counting { inner, reads: AtomicUsize::new(0) };
        let now = now_ms();
        let mut core = Core::new("room1".into(), Game::new(Variant::English), Color::Light, "t0".into(), now);
        core.tokens[1] = Some("t1".into());
        let mut ops = core.save_ops();
        ops.insert(1, core.new_game_op(now));
        db.write(ops).await.unwrap();
        let cfg = Arc::new(RoomsConfig::default());
        let load = || async { Room::new(load_core(&db, "room1").await.unwrap().unwrap(), cfg.clone(), now, [0; 3]) };
        let (a, mut b) = (load().await, load().await);
        let (tx, rx) = mpsc::channel(16);
        b.conns.push(Conn { id: 1, player: Some(0), tx, kick: Arc::new(Notify::new()) });
        (db, a, b, rx)
    }

    /// Plays the first legal move on node A's copy and stores it; returns the notification
    /// payload node A's storage sends for it.
    async fn play_on_a(a: &mut Room, db: &Counting) -> String {
        let (game, ply) = (a.core.game_no, a.core.game().ply());
        let mv = a.core.game().position().legal_routes()[0];
        let text = movetext::write(Variant::English, &mv);
        let player = a.core.player_of(a.core.seated.to_move());
        let action = Action::Move { id: format!("m{ply}"), game, ply, mv: MoveInput { text: Some(text), ..MoveInput::default() } };
        let t = a.core.act(player, &action, &a.cfg, now_ms()).unwrap();
        db.write(t.ops.clone()).await.unwrap();
        a.core = t.next;
        encode("alive/a", "room1", crate::storage::notification::RoomMove::of_ops(&t.ops, "room1").as_ref())
    }

    /// What node B hears of a payload, as the rooms service's follower gets it.
    async fn hear(b: &mut Room, payload: &str, db: &Counting) {
        match decode(payload).unwrap().change {
            RoomChange::Moved(_, news) => b.follow_move(&news, db).await,
            RoomChange::Room(_) | RoomChange::All => b.refresh(db).await,
        }
    }

    async fn assert_as_stored(b: &Room, db: &Counting) {
        let stored = load_core(db, "room1").await.unwrap().unwrap();
        let mut fresh = Room::new(stored, b.cfg.clone(), now_ms(), [0; 3]);
        fresh.core.meta.away_since = b.core.meta.away_since;
        assert_eq!(fingerprint(&b.core), fingerprint(&fresh.core));
        assert_eq!(b.core.meta.rev, fresh.core.meta.rev);
        assert_eq!(b.core.seated.spent(), fresh.core.seated.spent());
    }

    #[tokio::test]
    async fn a_notified_move_is_applied_without_reading_the_room() {
        let dir = tempfile::tempdir().unwrap();
        let (db, mut a, mut b, mut rx) = two_copies(&dir).await;
        for ply in 1..=3 {
            let payload = play_on_a(&mut a, &db).await;
            let before = db.reads();
            hear(&mut b, &payload, &db).await;
            assert_eq!(db.reads(), before, "ply {ply}: node B read the database");
            assert_eq!(b.core.game().ply(), ply);
            let Some(Message::Text(t)) = rx.try_recv().ok() else { panic!("ply {ply}: nothing announced") };
            assert!(t.as_str().contains(r#""type":"moved""#), "{}", t.as_str());
        }
        assert_as_stored(&b, &db).await;
        // The same notification again (heard twice, or after a read caught up): nothing changes.
        let rev = b.core.meta.rev;
        let payload = play_on_a(&mut a, &db).await;
        hear(&mut b, &payload, &db).await;
        let reads = db.reads();
        hear(&mut b, &payload, &db).await;
        assert_eq!((db.reads(), b.core.meta.rev), (reads, rev + 1));
    }

    #[tokio::test]
    async fn a_missed_notification_makes_the_follower_read_the_room_and_catch_up() {
        let dir = tempfile::tempdir().unwrap();
        let (db, mut a, mut b, mut rx) = two_copies(&dir).await;
        let _missed = play_on_a(&mut a, &db).await;
        let payload = play_on_a(&mut a, &db).await;
        let before = db.reads();
        hear(&mut b, &payload, &db).await;
        assert!(db.reads() > before, "a gap must be read from the database");
        assert_eq!(b.core.game().ply(), 2);
        assert_as_stored(&b, &db).await;
        assert!(rx.try_recv().is_ok(), "the catch-up is announced");
        // The missed change was not a move (an offer): the next move's revision does not follow.
        let mut next = a.core.clone();
        next.seated.set_offers(crate::seated_game::Offers { draw_offer: Some(crate::table::Side::Light), takeback: None });
        db.write(next.save_ops()).await.unwrap();
        a.core = next;
        let payload = play_on_a(&mut a, &db).await;
        let before = db.reads();
        hear(&mut b, &payload, &db).await;
        assert!(db.reads() > before, "a missed revision must be read from the database");
        assert_eq!(b.core.game().ply(), 3);
        assert_as_stored(&b, &db).await;
    }
}
