//! The rooms service: which rooms are loaded, loading them from the database and dropping them,
//! expiry and shutdown.

use super::room::Room;
use super::secret::{create_key_hash, creator_token, new_secret, token_hash};
use super::state::Core;
use super::stored::{load_core, LoadError};
use super::RoomsConfig;
use crate::shutdown::{Closing, CLOSING_MESSAGE};

use crate::storage::LiveIds;
use crate::storage::{now_ms, room_owner, GameKey, Op, RoomChange, Storage, StorageError};
use axum::extract::ws::{CloseFrame, Message};
use draughts_rules::{Color, DrawRules, Game, Variant};
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(super) type Cell = Arc<tokio::sync::Mutex<Room>>;

/// The rooms service: the live rooms and the storage. Cheap to clone.
#[derive(Clone)]
pub struct Rooms {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub(super) cfg: Arc<RoomsConfig>,
    pub(super) db: Arc<dyn Storage>,
    pub(super) live: Mutex<HashMap<String, Cell>>,
    pub(super) live_ids: LiveIds,
    pub(super) next_conn: AtomicU64,
    pub(super) closing: Closing,
    /// Room creations per client address.
    pub(super) creations: crate::limits::RateByAddress,
}

/// A room just created (or found again by its idempotency key).
#[derive(Clone, Debug)]
pub struct Created {
    pub id: String,
    /// The creator's seat token.
    pub token: String,
    /// The creator's colour in the first game.
    pub color: Color,
    pub variant: Variant,
    /// The draw rules the room's games are judged by.
    pub draws: DrawRules,
    /// True when the room was created by an earlier request with the same key.
    pub replayed: bool,
}

/// Why a room was not created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The idempotency key was used for a different request (HTTP 422).
    #[error("{0}")]
    KeyReused(String),
    /// The server is shutting down (HTTP 503).
    #[error("{0}")]
    Closing(String),
    /// The request cannot be met: the rule set has no such draw rules (HTTP 400).
    #[error("{0}")]
    Invalid(String),
    /// The database failed (HTTP 500).
    #[error("could not create the room: {0}")]
    Storage(#[from] StorageError),
}

impl Rooms {
    /// The rooms service on `storage`; `live` is the set of loaded rooms that the storage's
    /// expiry leaves alone, `closing` the server's shutdown flag.
    /// On a storage shared by several nodes ([`Storage::subscribe`]), a task (on the current
    /// Tokio runtime) follows the other nodes' changes to the rooms loaded here.
    pub fn new(storage: Arc<dyn Storage>, cfg: RoomsConfig, live: LiveIds, closing: Closing) -> Rooms {
        let changes = storage.subscribe();
        let rooms = Rooms {
            inner: Arc::new(Inner {
                creations: crate::limits::RateByAddress::new(cfg.create_burst, cfg.create_per_minute),
                cfg: Arc::new(cfg),
                db: storage,
                live: Mutex::new(HashMap::new()),
                live_ids: live,
                next_conn: AtomicU64::new(1),
                closing,
            }),
        };
        if let Some(changes) = changes {
            tokio::spawn(follow(Arc::downgrade(&rooms.inner), changes));
        }
        rooms
    }

    /// The settings in force.
    pub fn config(&self) -> &RoomsConfig {
        &self.inner.cfg
    }

    /// Rooms loaded in memory now (somebody is connected to each).
    pub fn live_rooms(&self) -> usize {
        self.inner.live.lock().map(|l| l.len()).unwrap_or(0)
    }

    /// Deletes rooms idle for longer than `older_than` now (the storage also does this every
    /// hour with [`RoomsConfig::expire_after`]). Returns how many were deleted.
    pub async fn expire(&self, older_than: Duration) -> Result<usize, String> {
        let keep = self.inner.live_ids.lock().map(|l| l.clone()).unwrap_or_default();
        self.inner.db.expire_rooms(now_ms() - older_than.as_millis() as i64, keep).await.map_err(|e| e.to_string())
    }

    /// Creates a room with the creator playing `creator`. With an idempotency key
    /// (`Idempotency-Key`, checked by the caller with `valid_create_key`), a retried request
    /// finds the room the first one made and gets the same id and seat token; the key reused
    /// for another rule set, draw rules or side is refused. Its games are judged by `draws`
    /// (checked by the caller: [`DrawRules::available`]).
    pub async fn create(&self, variant: Variant, draws: DrawRules, creator: Color, explicit_side: bool, key: Option<&str>) -> Result<Created, CreateError> {
        if self.inner.closing.is_closing() {
            return Err(CreateError::Closing(CLOSING_MESSAGE.into()));
        }
        if let Some(k) = key {
            if let Some(found) = self.created_with(k, variant, draws, creator, explicit_side).await? {
                return Ok(found);
            }
        }
        let id = new_secret();
        let token = match key {
            Some(k) => creator_token(k, &id),
            None => new_secret(),
        };
        let now = now_ms();
        let first = Game::new_with(variant, draws).map_err(|e| CreateError::Invalid(e.to_string()))?;
        let mut core = Core::new(id.clone(), first, creator, token_hash(&token), now);
        let mut ops = core.save_ops();
        if let Some(Op::SaveRoom { create_key, .. }) = ops.first_mut() {
            *create_key = key.map(create_key_hash);
        }
        ops.insert(1, core.new_game_op(now));
        match self.inner.db.write(ops).await {
            Ok(()) => Ok(Created { id, token, color: creator, variant, draws, replayed: false }),
            Err(e) => match key {
                // Two tries of one request at once: the other one's room is the answer.
                Some(k) => match self.created_with(k, variant, draws, creator, explicit_side).await? {
                    Some(found) => Ok(found),
                    None => Err(e.into()),
                },
                None => Err(e.into()),
            },
        }
    }

    /// The room created earlier with the idempotency key `key`, if the request matches it
    /// (a replay, answered before the rate limit: it creates nothing).
    pub(super) async fn created_with(&self, key: &str, variant: Variant, draws: DrawRules, creator: Color, explicit_side: bool) -> Result<Option<Created>, CreateError> {
        let Some(row) = self.inner.db.room_by_key(create_key_hash(key)).await? else { return Ok(None) };
        let first = self.inner.db.game(GameKey { owner: room_owner(&row.id), game_no: 1 }).await?;
        let color = if first.as_ref().is_some_and(|g| g.light_player == 1) { Color::Dark } else { Color::Light };
        let first_draws = first.as_ref().map_or(DrawRules::Simplified.code(), |g| g.draw_rules.as_str());
        if row.variant != variant.id() || first_draws != draws.code() || (explicit_side && color != creator) {
            return Err(CreateError::KeyReused(format!(
                "this Idempotency-Key was used to create a room of {} under the {} draw rules with the creator playing {}; use a new key for another room",
                row.variant,
                first_draws,
                crate::table::Side::from(color).id()
            )));
        }
        let token = creator_token(key, &row.id);
        Ok(Some(Created { id: row.id, token, color, variant, draws, replayed: true }))
    }

    /// The loaded room `id`, loading it from the database when needed. `Ok(None)`: no such room.
    pub(super) async fn get(&self, id: &str) -> Result<Option<Cell>, LoadError> {
        let poisoned = |_| LoadError::Db("rooms lock poisoned".into());
        if self.inner.closing.is_closing() {
            return Err(LoadError::Closing);
        }
        if let Some(c) = self.inner.live.lock().map_err(poisoned)?.get(id) {
            return Ok(Some(c.clone()));
        }
        let Some(core) = load_core(&*self.inner.db, id).await? else { return Ok(None) };
        let remote = self.inner.db.presence(id.to_string()).await?;
        let mut live = self.inner.live.lock().map_err(poisoned)?;
        let cell = live
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(tokio::sync::Mutex::new(Room::new(core, self.inner.cfg.clone(), now_ms(), remote))))
            .clone();
        if let Ok(mut ids) = self.inner.live_ids.lock() {
            ids.insert(id.to_string());
        }
        Ok(Some(cell))
    }

    /// Whether room `id` exists and can be read (loaded, or stored and readable), without
    /// keeping it in memory: a connection that never says `hello` does not keep a room loaded.
    pub(super) async fn exists(&self, id: &str) -> Result<bool, LoadError> {
        if self.inner.live.lock().map_err(|_| LoadError::Db("rooms lock poisoned".into()))?.contains_key(id) {
            return Ok(true);
        }
        Ok(load_core(&*self.inner.db, id).await?.is_some())
    }

    /// Drops a room from memory when nobody is connected (it stays in the database).
    pub(super) fn maybe_unload(&self, id: &str, cell: &Cell) {
        let Ok(mut live) = self.inner.live.lock() else { return };
        if !live.get(id).is_some_and(|c| Arc::ptr_eq(c, cell)) {
            return;
        }
        // try_lock: a room in use right now is not idle; whoever uses it unloads it later.
        if let Ok(mut room) = cell.try_lock() {
            if room.conns.is_empty() {
                room.unloaded = true;
                live.remove(id);
                if let Ok(mut ids) = self.inner.live_ids.lock() {
                    ids.remove(id);
                }
            }
        }
    }

    /// At shutdown ([`crate::shutdown::shut_down`], once actions are refused): stops the
    /// clock of every loaded room (so that a restart does not count the time the server was
    /// down), stores it, and closes every connection with code 1012 (restart). On a storage
    /// shared by several nodes the clocks keep running: the games go on on the other nodes
    /// (the storage stops them when the last node stops, [`Storage::stop_clocks`]).
    pub async fn shutdown(&self) {
        self.inner.closing.begin();
        let cells: Vec<Cell> = self.inner.live.lock().map(|l| l.values().cloned().collect()).unwrap_or_default();
        let any = !cells.is_empty();
        for cell in cells {
            let mut room = cell.lock().await;
            if room.core.seated.clock().running() && self.inner.db.listening().is_none() {
                let mut next = room.core.clone();
                next.seated.stop_clock(now_ms());
                if self.inner.db.write(next.save_ops()).await.is_ok() {
                    room.core = next;
                }
            }
            for c in &room.conns {
                let _ = c.tx.try_send(Message::Close(Some(CloseFrame { code: 1012, reason: "the server is restarting".into() })));
            }
        }
        if any {
            // Give the connections' writers a moment to send their close frames.
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Follows the other nodes' changes ([`Storage::subscribe`]), each room in its own task: a room
/// loaded here that stored a move the notification carries takes it ([`Room::follow_move`]),
/// one with any other change is read again from the storage, and the news is announced to this
/// node's connections; after the node was deaf for a while ([`RoomChange::All`]), every loaded
/// room is read again: what was missed comes from the database, never from memory. Ends with
/// the service.
async fn follow(inner: std::sync::Weak<Inner>, mut changes: tokio::sync::mpsc::UnboundedReceiver<RoomChange>) {
    while let Some(change) = changes.recv().await {
        let Some(inner) = inner.upgrade() else { return };
        let cells: Vec<Cell> = match inner.live.lock() {
            Ok(live) => match &change {
                RoomChange::Room(id) | RoomChange::Moved(id, _) => live.get(id).cloned().into_iter().collect(),
                RoomChange::All => live.values().cloned().collect(),
            },
            Err(_) => return,
        };
        let news = match change {
            RoomChange::Moved(_, news) => Some(Arc::new(*news)),
            RoomChange::Room(_) | RoomChange::All => None,
        };
        // Rooms are read again side by side: one room's slow read must not hold up the news of
        // all the others (the load test's two nodes at 1,000 rooms: p99 3.2 s one at a time,
        // 0.7 s side by side). A room's own refreshes still take its lock in turn, and each
        // reads the latest stored state, so their order does not matter.
        for cell in cells {
            let (inner, news) = (inner.clone(), news.clone());
            tokio::spawn(async move {
                let mut room = cell.lock().await;
                if room.unloaded {
                    return;
                }
                match news {
                    Some(news) => room.follow_move(&news, &*inner.db).await,
                    None => room.refresh(&*inner.db).await,
                }
            });
        }
    }
}
