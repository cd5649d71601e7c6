//! A room's WebSocket: the upgrade, then one task per connection that reads client messages
//! (within the rate and size limits), answers `hello` and hands actions to the room.

use super::protocol::{self, ClientMsg, ErrorCode, ProtoError};
use super::room::Conn;
use super::secret::valid_id;
use super::registry::{Cell, Rooms};
use super::http::{error, load_error};
use super::stored::LoadError;
use crate::table::Side;
use crate::AppState;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Notify};

/// Messages dropped by the rate limit before the connection is closed.
const FLOOD_CLOSE_AFTER: u32 = 200;
/// Messages queued for one connection before it counts as not reading.
const OUT_QUEUE: usize = 256;

pub(super) async fn ws_room(State(state): State<AppState>, Path(id): Path<String>, ws: WebSocketUpgrade) -> Response {
    let rooms = state.rooms.clone();
    if !valid_id(&id) {
        return error(StatusCode::NOT_FOUND, "no such room: a room id is 22 letters, digits, - or _");
    }
    // The room is loaded at `hello`, not here.
    match rooms.exists(&id).await {
        Ok(true) => {}
        Ok(false) => return error(StatusCode::NOT_FOUND, "no such room (it may have expired)"),
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
    // A connection that has not said hello by then is closed: it holds a handle for nothing.
    let hello_by = Instant::now() + cfg.hello_timeout;
    loop {
        let wait = if joined.is_some() { cfg.idle_timeout } else { hello_by.saturating_duration_since(Instant::now()) };
        let next = tokio::select! {
            m = tokio::time::timeout(wait, stream.next()) => m,
            _ = kick.notified() => {
                let _ = tx.try_send(Message::Close(Some(CloseFrame { code: 1008, reason: "too many unread messages".into() })));
                break;
            }
        };
        let msg = match next {
            Err(_) if joined.is_none() => {
                let reason = format!("no hello within {} s", cfg.hello_timeout.as_secs_f64());
                let _ = tx.try_send(Message::Close(Some(CloseFrame { code: 1008, reason: reason.into() })));
                break;
            }
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
        if let Message::Close(_) = msg {
            break;
        }
        // Every frame counts against the rate, pings and binary ones too: the WebSocket library
        // answers each ping itself, so a ping is no cheaper for the server than a message.
        if !bucket.take() {
            dropped += 1;
            // Before hello a client has no reason to send more than the burst.
            if joined.is_none() || dropped > FLOOD_CLOSE_AFTER {
                let reason = if joined.is_none() { "message flood before hello" } else { "message flood" };
                let _ = tx.try_send(Message::Close(Some(CloseFrame { code: 1008, reason: reason.into() })));
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
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                send(protocol::error_text(None, &ProtoError::new(ErrorCode::BadMessage, "binary frames are not part of the protocol; send JSON text")));
                continue;
            }
            Message::Ping(_) | Message::Pong(_) | Message::Close(_) => continue,
        };
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
                            let code = match e {
                                LoadError::Closing => ErrorCode::Unavailable,
                                LoadError::Broken(_) => ErrorCode::Unreadable,
                                LoadError::Db(_) => ErrorCode::Internal,
                            };
                            send(protocol::error_text(None, &ProtoError::new(code, e.to_string())));
                            break;
                        }
                    };
                    let mut room = cell.lock().await;
                    if room.unloaded {
                        continue;
                    }
                    let conn = Conn { id: conn_id, player: None, tx: tx.clone(), kick: kick.clone() };
                    match room.join(conn, token.as_deref(), join, &*rooms.inner.db).await {
                        Ok((player, new_token, bad_token)) => {
                            if bad_token {
                                send(protocol::error_text(
                                    None,
                                    &ProtoError::new(ErrorCode::BadToken, "this token holds no seat in this room; you are watching"),
                                ));
                            }
                            let color = player.map(|p| Side::from(room.core.color_of(p)));
                            let now = crate::storage::now_ms();
                            room.send_to(conn_id, protocol::welcome_text(&id, player, color, new_token.as_deref(), cfg.grace.as_millis() as i64));
                            let state = room.state_text(now);
                            room.send_to(conn_id, state);
                            drop(room);
                            if player.is_some() && new_token.is_none() {
                                // A player came back: keep the room from expiring.
                                rooms.inner.db.write_later(vec![crate::storage::Op::Touch { room: id.clone() }]);
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
            (ClientMsg::Ping { id }, Some(_)) => send(protocol::pong_text(id.as_deref(), crate::storage::now_ms())),
            (ClientMsg::Sync, Some((cell, _))) => {
                let room = cell.lock().await;
                let state = room.state_text(crate::storage::now_ms());
                room.send_to(conn_id, state);
            }
            (ClientMsg::Act(action), Some(_)) if rooms.inner.closing.is_closing() => {
                let e = ProtoError::new(ErrorCode::Unavailable, crate::shutdown::CLOSING_MESSAGE);
                send(protocol::error_text(Some(action.id()), &e));
            }
            (ClientMsg::Act(action), Some((cell, player))) => {
                let mut room = cell.lock().await;
                room.handle(conn_id, *player, action, &*rooms.inner.db).await;
            }
        }
    }
    if let Some((cell, _)) = joined {
        cell.lock().await.leave(conn_id, &*rooms.inner.db).await;
        rooms.maybe_unload(&id, &cell);
    }
    drop(tx);
    // Let the writer send what is queued (a close frame, an error), but not forever. Then read
    // what the client still sends (after a close frame nothing is answered): closing a socket
    // with unread data resets it, and the client would never see the close frame that says why.
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
    let _ = tokio::time::timeout(Duration::from_secs(2), async { while let Some(Ok(_)) = stream.next().await {} }).await;
}
