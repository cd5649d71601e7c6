//! Private online rooms (issue 4): two people on different machines play one game live through
//! the server; anyone else with the link watches. The server referees every move with the rules
//! crate and stores it before announcing it.
//!
//! - `POST /api/rooms` creates a room; `GET /api/rooms/{id}` tells its games;
//!   `GET /api/rooms/{id}/pdn` exports them as PDN.
//! - `GET /ws/rooms/{id}` is the room's WebSocket, speaking the JSON protocol of
//!   `docs/rooms-protocol.md` ([`protocol`]).
//! - Rooms live in the server's SQLite file (tables `rooms`, `room_games`, `room_moves`, see
//!   [`db`]); a room is loaded into memory while somebody is connected to it and dropped when
//!   the last person leaves, so a restarted server resumes every room on its first visit.
//! - Rooms idle for [`RoomsConfig::expire_after`] (30 days by default) are deleted.

#[cfg(feature = "client")]
pub mod client;
pub(crate) mod db;
pub mod protocol;
pub(crate) mod room;

use crate::table::Side;
use crate::AppState;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use db::{LiveIds, LoadError, RoomDb};
use draughts_rules::{Color, Variant};
use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMsg, ErrorCode, ProtoError};
use room::{Conn, Core, Room};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::Path as FsPath;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Notify};

/// Settings of the rooms service. [`Default`] gives the documented values.
#[derive(Clone, Debug)]
pub struct RoomsConfig {
    /// How long a player may be away before the other may claim the win or a draw (2 minutes).
    pub grace: Duration,
    /// A room with no activity for this long is deleted with its games (30 days).
    pub expire_after: Duration,
    /// Largest client message read and answered, in bytes (4 KiB); a longer one gets a
    /// `too_large` error and changes nothing.
    pub max_message: usize,
    /// Longer than this (64 KiB) and the connection is closed (close code 1009).
    pub max_frame: usize,
    /// Rate limit per connection: a bucket of `burst` messages refilled at `per_second`.
    pub burst: u32,
    pub per_second: u32,
    /// A connection silent for this long is closed (the page pings every 25 s).
    pub idle_timeout: Duration,
    /// Origins allowed besides the server's own (`http://host:port` as the browser sends them).
    pub allowed_origins: Vec<String>,
    /// Wait for the disk (fsync) on every commit (`true`, the default): an announced move
    /// survives even a power cut. `false` (SQLite `synchronous = NORMAL`) still commits every
    /// move before announcing it, which survives a crash of the server, but a power cut may
    /// lose the last moments; it is much faster on slow disks (see `draughts loadtest`).
    pub fsync_each_commit: bool,
}

impl Default for RoomsConfig {
    fn default() -> RoomsConfig {
        RoomsConfig {
            grace: Duration::from_secs(120),
            expire_after: Duration::from_secs(30 * 24 * 3600),
            max_message: 4 * 1024,
            max_frame: 64 * 1024,
            burst: 20,
            per_second: 10,
            idle_timeout: Duration::from_secs(90),
            allowed_origins: Vec::new(),
            fsync_each_commit: true,
        }
    }
}

impl RoomsConfig {
    /// The defaults, with `DRAUGHTS_ROOMS_SYNC=normal` (or `full`) choosing
    /// [`RoomsConfig::fsync_each_commit`] for `draughts serve`.
    pub fn from_env() -> RoomsConfig {
        let mut cfg = RoomsConfig::default();
        match std::env::var("DRAUGHTS_ROOMS_SYNC").as_deref() {
            Ok("normal") => cfg.fsync_each_commit = false,
            Ok("full") | Err(_) => {}
            Ok(other) => tracing::warn!("DRAUGHTS_ROOMS_SYNC={other:?} is neither full nor normal; using full"),
        }
        cfg
    }
}

/// Messages dropped by the rate limit before the connection is closed.
const FLOOD_CLOSE_AFTER: u32 = 200;
/// Messages queued for one connection before it counts as not reading.
const OUT_QUEUE: usize = 256;

type Cell = Arc<tokio::sync::Mutex<Room>>;

/// The rooms service: the live rooms and the database writer. Cheap to clone.
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<Inner>,
}

struct Inner {
    cfg: Arc<RoomsConfig>,
    db: RoomDb,
    live: Mutex<HashMap<String, Cell>>,
    live_ids: LiveIds,
    next_conn: AtomicU64,
}

/// A new secret: 128 random bits, base64url without padding (22 characters).
pub fn new_secret() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the system's random source works");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b)
}

/// Compares two secrets without stopping at the first difference.
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// How a seat token is stored: `sha256:` and the SHA-256 of the token in hex. The database
/// (and a copy of it) holds only this, which does not give the seat back.
pub(crate) fn token_hash(token: &str) -> String {
    format!("sha256:{}", hex(&Sha256::digest(token.as_bytes())))
}

/// Whether `presented` is the token whose hash is `stored` (compared without stopping early).
pub(crate) fn token_matches(stored: &str, presented: &str) -> bool {
    same_secret(stored, &token_hash(presented))
}

/// The name of a room in logs: the first 8 hex digits of its id's SHA-256, enough to follow
/// one room through a log and useless for entering it.
pub(crate) fn room_tag(id: &str) -> String {
    hex(&Sha256::digest(id.as_bytes())[..4])
}

/// A request path as logged: a room id in it (`/api/rooms/<id>`, `/ws/rooms/<id>`) is
/// replaced by its tag ([`room_tag`]), written `~tag`.
pub fn loggable_path(path: &str) -> String {
    let mut after_rooms = false;
    let parts: Vec<String> = path
        .split('/')
        .map(|part| {
            let hide = after_rooms && !part.is_empty();
            after_rooms = part == "rooms";
            if hide {
                format!("~{}", room_tag(part))
            } else {
                part.to_string()
            }
        })
        .collect();
    parts.join("/")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A room id is 22 base64url characters (128 bits).
fn valid_id(id: &str) -> bool {
    id.len() == 22 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Rooms {
    /// Opens the room tables in the database at `path` (after [`crate::store::Store::open`]
    /// has checked the file) and starts the writer thread.
    pub fn open(path: &FsPath, cfg: RoomsConfig) -> Result<Rooms, crate::store::StoreError> {
        let live_ids: LiveIds = Arc::new(Mutex::new(Default::default()));
        let db = RoomDb::open(path, cfg.expire_after, cfg.fsync_each_commit, live_ids.clone())?;
        Ok(Rooms {
            inner: Arc::new(Inner { cfg: Arc::new(cfg), db, live: Mutex::new(HashMap::new()), live_ids, next_conn: AtomicU64::new(1) }),
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
    async fn get(&self, id: &str) -> Result<Option<Cell>, LoadError> {
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

    /// Drops a room from memory when nobody is connected (it stays in the database).
    fn maybe_unload(&self, id: &str, cell: &Cell) {
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

/// The routes of the rooms service.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/rooms", post(create_room))
        .route("/api/rooms/{id}", get(room_info))
        .route("/api/rooms/{id}/pdn", get(room_pdn))
        .route("/ws/rooms/{id}", get(ws_room))
}

/// The answer when a room cannot be loaded: 409 for a room whose stored game cannot be read
/// (logged as a warning, by the room's tag), 500 when the database failed.
fn load_error(what: &str, e: LoadError) -> Response {
    match e {
        LoadError::Broken(_) => {
            tracing::warn!("{what}: {e}");
            error(StatusCode::CONFLICT, format!("{what}: {e}"))
        }
        LoadError::Db(_) => error(StatusCode::INTERNAL_SERVER_ERROR, format!("{what}: {e}")),
    }
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    let message = message.into();
    if status.is_server_error() {
        tracing::error!(%status, "{message}");
    }
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    variant: String,
    /// `light`, `dark` or `random` (the default).
    side: Option<String>,
}

async fn create_room(State(state): State<AppState>, body: axum::body::Bytes) -> Response {
    let raw: &[u8] = if body.iter().all(|b| b.is_ascii_whitespace()) { b"{}" } else { &body };
    let req: CreateRequest = match serde_json::from_slice(raw) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("bad request body: {e}; send {{\"variant\": \"english\", \"side\": \"light\"|\"dark\"|\"random\"}}")),
    };
    let Some(variant) = Variant::OFFERED.into_iter().find(|v| v.id() == req.variant) else {
        let ids: Vec<&str> = Variant::OFFERED.iter().map(|v| v.id()).collect();
        return error(StatusCode::BAD_REQUEST, format!("unknown rule set {:?}; expected one of {}", req.variant, ids.join(", ")));
    };
    let color = match req.side.as_deref().unwrap_or("random") {
        "light" => Color::Light,
        "dark" => Color::Dark,
        "random" => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).expect("the system's random source works");
            if b[0] & 1 == 0 {
                Color::Light
            } else {
                Color::Dark
            }
        }
        other => return error(StatusCode::BAD_REQUEST, format!("unknown side {other:?}; expected light, dark or random")),
    };
    match state.rooms.create(variant, color).await {
        Ok((id, token)) => {
            tracing::info!(variant = variant.id(), "room created");
            (
                StatusCode::CREATED,
                Json(serde_json::json!({
                    "id": id,
                    "token": token,
                    "player": 0,
                    "color": Side::from(color),
                    "variant": variant.id(),
                    "link": format!("/#/room/{id}"),
                    "ws": format!("/ws/rooms/{id}"),
                })),
            )
                .into_response()
        }
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, format!("could not create the room: {e}")),
    }
}

/// A stored game of a room, with its PDN.
struct GameRecord {
    game_no: u32,
    light_player: u8,
    game: draughts_rules::Game,
    started_at: i64,
}

async fn load_records(state: &AppState, id: &str, only: Option<u32>) -> Result<(db::StoredRoom, Variant, Vec<GameRecord>), Response> {
    if !valid_id(id) {
        return Err(error(StatusCode::NOT_FOUND, "no such room: a room id is 22 letters, digits, - or _"));
    }
    let key = id.to_string();
    let loaded = state
        .rooms
        .inner
        .db
        .read(move |c| -> Result<Option<(db::StoredRoom, Vec<db::StoredRoomGame>)>, LoadError> {
            let Some(row) = db::load_row(c, &key)? else { return Ok(None) };
            let games = db::load_games(c, &key, only)?;
            Ok(Some((row, games)))
        })
        .await
        .map_err(LoadError::Db)
        .and_then(|r| r);
    let (row, games) = match loaded {
        Ok(Some(x)) => x,
        Ok(None) => return Err(error(StatusCode::NOT_FOUND, "no such room (it may have expired)")),
        Err(e) => return Err(load_error("cannot read the room", e)),
    };
    let broken = |e: String| load_error("cannot read the room", LoadError::Broken(format!("room {}: {e}", room_tag(id))));
    let variant: Variant = row.variant.parse().map_err(|e| broken(format!("{e}")))?;
    let mut out = Vec::new();
    for g in &games {
        let (seated, _) = db::replay(variant, g).map_err(broken)?;
        out.push(GameRecord { game_no: g.game_no, light_player: g.light_player, game: seated.game().clone(), started_at: g.started_at });
    }
    Ok((row, variant, out))
}

async fn room_info(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let (row, variant, games) = match load_records(&state, &id, None).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let live = state.rooms.inner.live.lock().ok().and_then(|l| l.get(&id).cloned());
    let connected = match live {
        Some(cell) => {
            let room = cell.lock().await;
            [room.connected(0), room.connected(1)]
        }
        None => [false, false],
    };
    let games: Vec<_> = games
        .iter()
        .map(|g| {
            let o = g.game.outcome();
            serde_json::json!({
                "game": g.game_no,
                "light_player": g.light_player,
                "plies": g.game.ply(),
                "result": o.map(|o| o.pdn()).unwrap_or("*"),
                "outcome": o.map(crate::wire::OutcomeJson::new),
                "pdn": format!("/api/rooms/{id}/pdn?game={}", g.game_no),
            })
        })
        .collect();
    Json(serde_json::json!({
        "id": row.id,
        "variant": variant.id(),
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "game": row.game_no,
        "players": [
            { "seated": row.tokens[0].is_some(), "connected": connected[0] },
            { "seated": row.tokens[1].is_some(), "connected": connected[1] },
        ],
        "games": games,
        "link": format!("/#/room/{id}"),
    }))
    .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PdnQuery {
    game: Option<u32>,
}

async fn room_pdn(State(state): State<AppState>, Path(id): Path<String>, q: Result<Query<PdnQuery>, axum::extract::rejection::QueryRejection>) -> Response {
    let only = match q {
        Ok(Query(q)) => q.game,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("bad query: {e}; use ?game=N")),
    };
    let (_, variant, games) = match load_records(&state, &id, only).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    if games.is_empty() {
        return error(StatusCode::NOT_FOUND, format!("room {id} has no game {}", only.unwrap_or(0)));
    }
    let mut text = String::new();
    for g in &games {
        let date = pdn_date(g.started_at);
        let (white, black) = if g.light_player == 0 { ("Room creator", "Guest") } else { ("Guest", "Room creator") };
        let tags: Vec<(String, String)> = vec![
            ("Event".into(), format!("Online room, {}", variant.rules().name)),
            ("Site".into(), "draughts serve".into()),
            ("Date".into(), date),
            ("Round".into(), g.game_no.to_string()),
            ("White".into(), white.into()),
            ("Black".into(), black.into()),
        ];
        text.push_str(&draughts_rules::notation::pdn::replay::write_pdn(&g.game, &tags));
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push('\n');
    }
    let name = match only {
        Some(n) => format!("attachment; filename=\"draughts-room-{}-game-{n}.pdn\"", &id[..8]),
        None => format!("attachment; filename=\"draughts-room-{}.pdn\"", &id[..8]),
    };
    ([(header::CONTENT_TYPE, "application/x-pdn; charset=utf-8".to_string()), (header::CONTENT_DISPOSITION, name)], text).into_response()
}

/// `YYYY.MM.DD` of a Unix time in ms (UTC), as PDN writes dates.
fn pdn_date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{y:04}.{m:02}.{d:02}")
}

/// The Origin check: a browser always sends `Origin` on a WebSocket; it must be this server
/// (same host and port as the `Host` header) or one of [`RoomsConfig::allowed_origins`].
/// Clients that are not browsers send none and are let in: the check guards against other
/// web pages using a visitor's browser, not against programs.
fn origin_ok(headers: &HeaderMap, cfg: &RoomsConfig) -> Result<(), String> {
    let Some(origin) = headers.get(header::ORIGIN) else { return Ok(()) };
    let origin = origin.to_str().map_err(|_| "the Origin header is not text".to_string())?;
    if cfg.allowed_origins.iter().any(|o| o == origin) {
        return Ok(());
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    let origin_host = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")).unwrap_or("");
    if !host.is_empty() && origin_host.eq_ignore_ascii_case(host) {
        Ok(())
    } else {
        Err(format!("WebSocket from origin {origin:?} refused: only pages of this server ({host}) may connect"))
    }
}

async fn ws_room(State(state): State<AppState>, Path(id): Path<String>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    let rooms = state.rooms.clone();
    if let Err(e) = origin_ok(&headers, &rooms.inner.cfg) {
        tracing::warn!("{e}");
        return error(StatusCode::FORBIDDEN, e);
    }
    if !valid_id(&id) {
        return error(StatusCode::NOT_FOUND, "no such room: a room id is 22 letters, digits, - or _");
    }
    match rooms.get(&id).await {
        Ok(Some(_)) => {}
        Ok(None) => return error(StatusCode::NOT_FOUND, "no such room (it may have expired)"),
        Err(e) => return load_error("cannot open the room", e),
    }
    let cfg = rooms.inner.cfg.clone();
    ws.max_message_size(cfg.max_frame)
        .max_frame_size(cfg.max_frame)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .on_upgrade(move |socket| connection(rooms, id, socket))
}

/// A token bucket: `burst` messages, refilled at `per_second`.
struct Bucket {
    tokens: f64,
    at: Instant,
    burst: f64,
    rate: f64,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One WebSocket connection, from upgrade to close.
async fn connection(rooms: Rooms, id: String, socket: WebSocket) {
    let cfg = rooms.inner.cfg.clone();
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Message>(OUT_QUEUE);
    let writer = tokio::spawn(async move {
        while let Some(m) = rx.recv().await {
            let close = matches!(m, Message::Close(_));
            if sink.send(m).await.is_err() || close {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let send = |m: axum::extract::ws::Utf8Bytes| {
        let _ = tx.try_send(Message::Text(m));
    };
    let kick = Arc::new(Notify::new());
    let conn_id = rooms.inner.next_conn.fetch_add(1, Ordering::Relaxed);
    let mut bucket = Bucket { tokens: cfg.burst as f64, at: Instant::now(), burst: cfg.burst as f64, rate: cfg.per_second as f64 };
    let mut dropped = 0u32;
    let mut last_limit_note: Option<Instant> = None;
    // Set once `hello` has been answered: the room and the seat.
    let mut joined: Option<(Cell, Option<u8>)> = None;
    loop {
        let next = tokio::select! {
            m = tokio::time::timeout(cfg.idle_timeout, stream.next()) => m,
            _ = kick.notified() => {
                let _ = tx.try_send(Message::Close(Some(CloseFrame { code: 1008, reason: "too many unread messages".into() })));
                break;
            }
        };
        let msg = match next {
            Err(_) => {
                let _ = tx.try_send(Message::Close(Some(CloseFrame { code: 1000, reason: "idle".into() })));
                break;
            }
            Ok(None) => break,
            Ok(Some(Err(e))) => {
                // Past the frame limit tungstenite stops reading; say why before closing.
                tracing::debug!("websocket read error: {e}");
                let _ = tx.try_send(Message::Close(Some(CloseFrame { code: 1009, reason: "message too large".into() })));
                break;
            }
            Ok(Some(Ok(m))) => m,
        };
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                if bucket.take() {
                    send(protocol::error_text(None, &ProtoError::new(ErrorCode::BadMessage, "binary frames are not part of the protocol; send JSON text")));
                }
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !bucket.take() {
            dropped += 1;
            if dropped > FLOOD_CLOSE_AFTER {
                let _ = tx.try_send(Message::Close(Some(CloseFrame { code: 1008, reason: "message flood".into() })));
                break;
            }
            // One note a second is enough; the rest are dropped silently.
            if last_limit_note.is_none_or(|t| t.elapsed() >= Duration::from_secs(1)) {
                last_limit_note = Some(Instant::now());
                send(protocol::error_text(
                    None,
                    &ProtoError::new(ErrorCode::RateLimited, format!("too many messages: at most {} a second; this one was dropped", cfg.per_second)),
                ));
            }
            continue;
        }
        if text.len() > cfg.max_message {
            send(protocol::error_text(
                None,
                &ProtoError::new(ErrorCode::TooLarge, format!("message of {} bytes; the limit is {} bytes", text.len(), cfg.max_message)),
            ));
            continue;
        }
        let parsed = match protocol::parse(text.as_str()) {
            Ok(m) => m,
            Err(e) => {
                send(protocol::error_text(None, &e));
                continue;
            }
        };
        match (parsed, &joined) {
            (ClientMsg::Hello { v, token, join }, None) => {
                if !(protocol::OLDEST_VERSION..=protocol::VERSION).contains(&v) {
                    let speaks = format!("this server speaks protocol versions {} to {}, not {v}", protocol::OLDEST_VERSION, protocol::VERSION);
                    send(protocol::error_text(None, &ProtoError::new(ErrorCode::UnsupportedVersion, speaks)));
                    continue;
                }
                // The room may have been dropped from memory since the upgrade: load it again.
                let mut seated = None;
                for _ in 0..3 {
                    let cell = match rooms.get(&id).await {
                        Ok(Some(c)) => c,
                        Ok(None) => break,
                        Err(e) => {
                            send(protocol::error_text(None, &ProtoError::new(ErrorCode::Internal, e.to_string())));
                            break;
                        }
                    };
                    let mut room = cell.lock().await;
                    if room.unloaded {
                        continue;
                    }
                    let conn = Conn { id: conn_id, player: None, tx: tx.clone(), kick: kick.clone() };
                    match room.join(conn, token.as_deref(), join, &rooms.inner.db).await {
                        Ok((player, new_token, bad_token)) => {
                            if bad_token {
                                send(protocol::error_text(
                                    None,
                                    &ProtoError::new(ErrorCode::BadToken, "this token holds no seat in this room; you are watching"),
                                ));
                            }
                            let color = player.map(|p| Side::from(room.core.color_of(p)));
                            let now = crate::store::now_ms();
                            room.send_to(conn_id, protocol::welcome_text(&id, player, color, new_token.as_deref(), cfg.grace.as_millis() as i64));
                            let state = room.state_text(now);
                            room.send_to(conn_id, state);
                            drop(room);
                            if player.is_some() && new_token.is_none() {
                                // A player came back: keep the room from expiring.
                                rooms.inner.db.write_later(vec![db::Op::Touch { room: id.clone() }]);
                            }
                            seated = Some((cell, player));
                        }
                        Err(e) => send(protocol::error_text(None, &e)),
                    }
                    break;
                }
                match seated {
                    Some(s) => joined = Some(s),
                    None => {
                        let _ = tx.try_send(Message::Close(Some(CloseFrame { code: 1011, reason: "the room could not be opened".into() })));
                        break;
                    }
                }
            }
            (ClientMsg::Hello { .. }, Some(_)) => {
                send(protocol::error_text(None, &ProtoError::new(ErrorCode::HelloFirst, "hello was already answered on this connection")));
            }
            (_, None) => {
                send(protocol::error_text(None, &ProtoError::new(ErrorCode::HelloFirst, "the first message must be hello")));
            }
            (ClientMsg::Ping { id }, Some(_)) => send(protocol::pong_text(id.as_deref(), crate::store::now_ms())),
            (ClientMsg::Sync, Some((cell, _))) => {
                let room = cell.lock().await;
                let state = room.state_text(crate::store::now_ms());
                room.send_to(conn_id, state);
            }
            (ClientMsg::Act(action), Some((cell, player))) => {
                let mut room = cell.lock().await;
                room.handle(conn_id, *player, action, &rooms.inner.db).await;
            }
        }
    }
    if let Some((cell, _)) = joined {
        cell.lock().await.leave(conn_id);
        rooms.maybe_unload(&id, &cell);
    }
    drop(tx);
    // Let the writer send what is queued (a close frame, an error), but not forever.
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bit_base64url() {
        let a = new_secret();
        let b = new_secret();
        assert_eq!(a.len(), 22);
        assert!(valid_id(&a));
        assert_ne!(a, b);
        assert!(same_secret(&a, &a.clone()));
        assert!(!same_secret(&a, &b));
        let stored = token_hash(&a);
        assert!(stored.starts_with("sha256:") && !stored.contains(&a));
        assert!(token_matches(&stored, &a));
        assert!(!token_matches(&stored, &b));
        assert!(!token_matches(&stored, &stored));
        assert_eq!(room_tag(&a).len(), 8);
        assert!(!a.contains(&room_tag(&a)));
        let logged = loggable_path(&format!("/ws/rooms/{a}"));
        assert_eq!(logged, format!("/ws/rooms/~{}", room_tag(&a)));
        assert!(!loggable_path(&format!("/api/rooms/{a}/pdn")).contains(&a));
        assert_eq!(loggable_path("/api/rooms"), "/api/rooms");
        assert_eq!(loggable_path("/api/games/english/move"), "/api/games/english/move");
        assert!(!valid_id("short"));
        assert!(!valid_id("abcdefghijklmnopqrstu/"));
    }

    #[test]
    fn pdn_dates() {
        assert_eq!(pdn_date(0), "1970.01.01");
        assert_eq!(pdn_date(1_709_210_096_000), "2024.02.29");
    }

    #[test]
    fn origins() {
        let cfg = RoomsConfig { allowed_origins: vec!["https://example.org".into()], ..Default::default() };
        let h = |origin: Option<&str>| {
            let mut h = HeaderMap::new();
            h.insert(header::HOST, "127.0.0.1:8080".parse().unwrap());
            if let Some(o) = origin {
                h.insert(header::ORIGIN, o.parse().unwrap());
            }
            h
        };
        assert!(origin_ok(&h(None), &cfg).is_ok());
        assert!(origin_ok(&h(Some("http://127.0.0.1:8080")), &cfg).is_ok());
        assert!(origin_ok(&h(Some("https://example.org")), &cfg).is_ok());
        assert!(origin_ok(&h(Some("http://evil.example")), &cfg).is_err());
        assert!(origin_ok(&h(Some("http://127.0.0.1:9999")), &cfg).is_err());
        assert!(origin_ok(&h(Some("null")), &cfg).is_err());
    }
}
