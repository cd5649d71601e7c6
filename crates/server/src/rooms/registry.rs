//! The rooms service: which rooms are loaded, loading them from the database and dropping them,
//! expiry and shutdown.

use super::db::{self, LiveIds, LoadError, RoomDb};
use super::room::Room;
use super::state::Core;
use super::secret::{new_secret, token_hash};
use super::RoomsConfig;
use axum::extract::ws::{CloseFrame, Message};
use draughts_rules::{Color, Variant};
use std::collections::HashMap;
use std::path::Path as FsPath;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(super) type Cell = Arc<tokio::sync::Mutex<Room>>;

/// The rooms service: the live rooms and the database writer. Cheap to clone.
#[derive(Clone)]
pub struct Rooms {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub(super) cfg: Arc<RoomsConfig>,
    pub(super) db: RoomDb,
    pub(super) live: Mutex<HashMap<String, Cell>>,
    pub(super) live_ids: LiveIds,
    pub(super) next_conn: AtomicU64,
    /// Room creations per client address.
    pub(super) creations: crate::limits::RateByAddress,
}

impl Rooms {
    /// Opens the room tables in the database at `path` (after [`crate::store::Store::open`]
    /// has checked the file) and starts the writer thread.
    pub fn open(path: &FsPath, cfg: RoomsConfig) -> Result<Rooms, crate::store::StoreError> {
        let live_ids: LiveIds = Arc::new(Mutex::new(Default::default()));
        let db = RoomDb::open(path, cfg.expire_after, cfg.fsync_each_commit, live_ids.clone())?;
        Ok(Rooms {
            inner: Arc::new(Inner {
                creations: crate::limits::RateByAddress::new(cfg.create_burst, cfg.create_per_minute),
                cfg: Arc::new(cfg),
                db,
                live: Mutex::new(HashMap::new()),
                live_ids,
                next_conn: AtomicU64::new(1),
            }),
        })
    }

    /// The settings in force.
    pub fn config(&self) -> &RoomsConfig {
        &self.inner.cfg
    }

    /// Rooms loaded in memory now (somebody is connected to each).
    pub fn live_rooms(&self) -> usize {
        self.inner.live.lock().map(|l| l.len()).unwrap_or(0)
    }

    /// Deletes rooms idle for longer than `older_than` now (the writer thread also does this
    /// every hour with [`RoomsConfig::expire_after`]). Returns how many were deleted.
    pub async fn expire(&self, older_than: Duration) -> Result<usize, String> {
        db::sweep_now(&self.inner.db, older_than, self.inner.live_ids.clone()).await
    }

    /// Creates a room; returns its id and the creator's token.
    pub async fn create(&self, variant: Variant, creator: Color) -> Result<(String, String), String> {
        let id = new_secret();
        let token = new_secret();
        let now = crate::store::now_ms();
        let core = Core::new(id.clone(), variant, creator, token_hash(&token), now);
        self.inner.db.write(vec![core.save_op(), core.new_game_op(now)]).await?;
        Ok((id, token))
    }

    /// The loaded room `id`, loading it from the database when needed. `Ok(None)`: no such room.
    pub(super) async fn get(&self, id: &str) -> Result<Option<Cell>, LoadError> {
        let poisoned = |_| LoadError::Db("rooms lock poisoned".into());
        if let Some(c) = self.inner.live.lock().map_err(poisoned)?.get(id) {
            return Ok(Some(c.clone()));
        }
        let key = id.to_string();
        let Some(core) = self.inner.db.read(move |c| db::load_core(c, &key)).await.map_err(LoadError::Db)?? else { return Ok(None) };
        let mut live = self.inner.live.lock().map_err(poisoned)?;
        let cell = live
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(tokio::sync::Mutex::new(Room::new(core, self.inner.cfg.clone(), crate::store::now_ms()))))
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
        let key = id.to_string();
        Ok(self.inner.db.read(move |c| db::load_core(c, &key)).await.map_err(LoadError::Db)??.is_some())
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

    /// At shutdown: stops every running clock (so that a restart does not count the time the
    /// server was down), stores it, and closes every connection with code 1012 (restart).
    pub async fn shutdown(&self) {
        let cells: Vec<Cell> = self.inner.live.lock().map(|l| l.values().cloned().collect()).unwrap_or_default();
        let any = !cells.is_empty();
        for cell in cells {
            let mut room = cell.lock().await;
            if room.core.seated.clock().running() {
                let mut next = room.core.clone();
                next.seated.stop_clock(crate::store::now_ms());
                if self.inner.db.write(vec![next.save_op()]).await.is_ok() {
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
        // Leave an empty write-ahead log: everything is in the database file.
        if let Err(e) = self.inner.db.checkpoint().await {
            tracing::warn!("room database checkpoint at shutdown: {e}");
        }
    }
}
