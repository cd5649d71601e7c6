//! A program's way into a room (feature `client`): creates rooms over HTTP and speaks the room
//! protocol of `docs/rooms-protocol.md` over the room's WebSocket, keeping track of the game as
//! the server tells it. Used by `draughts loadtest` and the room tests (`tests/rooms_ws.rs`).

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
pub use tokio_tungstenite::tungstenite::{self, Message};

/// The WebSocket of a room.
pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What went wrong on the client side, or what the server refused.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("http: {0}")]
    Http(String),
    #[error("room creation failed: HTTP/1.1 {0}")]
    Create(String),
    #[error("websocket error: {0}")]
    WebSocket(#[from] tungstenite::Error),
    #[error("no message for {} s", .0.as_secs())]
    Timeout(Duration),
    #[error("closed by the server: {0:?}")]
    Closed(Option<tungstenite::protocol::CloseFrame>),
    #[error("connection ended")]
    Ended,
    #[error("not JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// An `error` message; `message` is the JSON string as sent.
    #[error("server error: {message}")]
    Server { code: String, message: String },
    #[error("no {0} message")]
    Missing(String),
}

/// One HTTP request to the server at `addr` (a JSON body if any); answers the status and body,
/// whatever the status.
pub async fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> Result<(u16, String), ClientError> {
    let (status, _, text) = request_with(addr, method, path, body, &[]).await?;
    Ok((status, text))
}

/// [`request`] with extra request headers; answers the response headers too (names in lower
/// case).
pub async fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> Result<(u16, Vec<(String, String)>, String), ClientError> {
    let url = format!("http://{addr}{path}");
    let (method, body) = (method.to_string(), body.map(str::to_string));
    let headers: Vec<(String, String)> = headers.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    tokio::task::spawn_blocking(move || {
        let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        let mut req = ureq::http::Request::builder().method(method.as_str()).uri(&url).header("Content-Type", "application/json");
        for (k, v) in &headers {
            req = req.header(k.as_str(), v.as_str());
        }
        let req = req.body(body.unwrap_or_default()).map_err(|e| ClientError::Http(e.to_string()))?;
        let mut res = agent.run(req).map_err(|e| ClientError::Http(e.to_string()))?;
        let status = res.status().as_u16();
        let got = res.headers().iter().map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string())).collect();
        let text = res.body_mut().read_to_string().map_err(|e| ClientError::Http(e.to_string()))?;
        Ok((status, got, text))
    })
    .await
    .map_err(|e| ClientError::Http(e.to_string()))?
}

/// A room created by `POST /api/rooms`: the answer as sent (`id`, `token`, `color`, ...).
pub async fn create_room(addr: SocketAddr, variant: &str, side: &str) -> Result<Value, ClientError> {
    let (status, body) = request(addr, "POST", "/api/rooms", Some(&json!({ "variant": variant, "side": side }).to_string())).await?;
    if status != 201 {
        let reason = ureq::http::StatusCode::from_u16(status).ok().and_then(|s| s.canonical_reason()).unwrap_or("");
        return Err(ClientError::Create(format!("{status} {reason}")));
    }
    Ok(serde_json::from_str(&body)?)
}

/// The squares of a legal move as `position.legal` lists it: origin first, then each landing
/// (the `path` of a protocol version 1 `move`).
pub fn route(mv: &Value) -> Vec<String> {
    let mut p: Vec<String> = mv["from"].as_str().map(str::to_string).into_iter().collect();
    p.extend(mv["path"].as_array().into_iter().flatten().filter_map(|s| s.as_str().map(str::to_string)));
    p
}

/// A connection to a room, with what the server said of the game so far.
pub struct RoomClient {
    pub ws: Ws,
    /// How long [`RoomClient::recv`] waits for a message.
    pub wait: Duration,
    /// The game number and plies of the last `state` or `moved` seen.
    pub game: u64,
    pub ply: u64,
    /// The seat given by `welcome` (`None` for a watcher); the colour follows the games.
    pub color: Option<String>,
    pub player: Option<u64>,
    pub token: Option<String>,
    /// The last `state`, with the `moved` messages since applied (`position`, `outcome`, `ply`).
    pub state: Value,
}

impl RoomClient {
    /// Opens the room's WebSocket (Nagle off, as browsers do), sending `origin` if given.
    pub async fn connect(addr: SocketAddr, room: &str, origin: Option<&str>) -> Result<RoomClient, ClientError> {
        use tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/ws/rooms/{room}").into_client_request()?;
        if let Some(o) = origin {
            let v = o.parse().map_err(|_| ClientError::Http(format!("bad origin {o}")))?;
            req.headers_mut().insert("Origin", v);
        }
        let (ws, _) = tokio_tungstenite::connect_async_with_config(req, None, true).await?;
        Ok(RoomClient { ws, wait: Duration::from_secs(5), game: 1, ply: 0, color: None, player: None, token: None, state: Value::Null })
    }

    pub async fn send(&mut self, v: &Value) -> Result<(), ClientError> {
        Ok(self.ws.send(Message::text(v.to_string())).await?)
    }

    pub async fn send_raw(&mut self, m: Message) -> Result<(), ClientError> {
        Ok(self.ws.send(m).await?)
    }

    /// The next JSON message (within [`RoomClient::wait`]), noted in the client's state.
    pub async fn recv(&mut self) -> Result<Value, ClientError> {
        loop {
            let m = tokio::time::timeout(self.wait, self.ws.next()).await.map_err(|_| ClientError::Timeout(self.wait))?;
            match m {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str())?;
                    self.observe(&v);
                    return Ok(v);
                }
                Some(Ok(Message::Close(f))) => return Err(ClientError::Closed(f)),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.into()),
                None => return Err(ClientError::Ended),
            }
        }
    }

    fn observe(&mut self, v: &Value) {
        match v["type"].as_str() {
            Some("state") => {
                self.game = v["game"].as_u64().unwrap_or(self.game);
                self.ply = v["ply"].as_u64().unwrap_or(self.ply);
                self.state = v.clone();
                // Colours follow the games: a rematch swaps them.
                if let (Some(p), Some(lp)) = (self.player, v["light_player"].as_u64()) {
                    self.color = Some(if p == lp { "light" } else { "dark" }.to_string());
                }
            }
            Some("moved") => {
                self.ply = v["ply"].as_u64().unwrap_or(self.ply);
                self.state["position"] = v["position"].clone();
                self.state["outcome"] = v["outcome"].clone();
                self.state["ply"] = v["ply"].clone();
            }
            _ => {}
        }
    }

    /// Skips messages (200 at most) until one of type `kind`.
    pub async fn until(&mut self, kind: &str) -> Result<Value, ClientError> {
        for _ in 0..200 {
            let v = self.recv().await?;
            if v["type"] == kind {
                return Ok(v);
            }
        }
        Err(ClientError::Missing(kind.to_string()))
    }

    /// As [`RoomClient::until`], but an `error` message on the way is an error.
    pub async fn expect(&mut self, kind: &str) -> Result<Value, ClientError> {
        for _ in 0..200 {
            let v = self.recv().await?;
            if v["type"] == kind {
                return Ok(v);
            }
            if v["type"] == "error" {
                return Err(ClientError::Server { code: v["code"].as_str().unwrap_or("").to_string(), message: v["message"].to_string() });
            }
        }
        Err(ClientError::Missing(kind.to_string()))
    }

    /// Says hello (with the seat's token if any); returns the `welcome` and reads the `state`
    /// that follows. A wrong token gets a `bad_token` error first, then the welcome of a watcher.
    pub async fn hello(&mut self, token: Option<&str>) -> Result<Value, ClientError> {
        let mut m = json!({ "type": "hello", "v": super::protocol::VERSION });
        if let Some(t) = token {
            m["token"] = json!(t);
        }
        self.send(&m).await?;
        let mut w = self.recv().await?;
        if w["type"] == "error" && w["code"] == "bad_token" {
            w = self.until("welcome").await?;
        } else if w["type"] != "welcome" {
            w = self.expect("welcome").await?;
        }
        self.color = w["color"].as_str().map(str::to_string);
        self.player = w["player"].as_u64();
        if let Some(t) = w["token"].as_str() {
            self.token = Some(t.to_string());
        }
        self.expect("state").await?;
        Ok(w)
    }

    /// Sends a move as a full path, origin first (protocol version 1's shape, still read), in
    /// the game and ply last seen.
    pub async fn send_move(&mut self, id: impl Into<Value>, path: &[&str]) -> Result<(), ClientError> {
        let m = json!({ "type": "move", "id": id.into(), "game": self.game, "ply": self.ply, "path": path });
        self.send(&m).await
    }

    /// Plays `mv`, a move of `position.legal`, with its captured squares, in the game and ply
    /// last seen.
    pub async fn play(&mut self, id: impl Into<Value>, mv: &Value) -> Result<(), ClientError> {
        let m = json!({ "type": "move", "id": id.into(), "game": self.game, "ply": self.ply, "from": mv["from"], "path": mv["path"], "captured": mv["captured"] });
        self.send(&m).await
    }

    /// Sends an action about the game last seen (`resign`, `offer_draw`, `rematch`, ...).
    pub async fn act(&mut self, kind: &str, id: impl Into<Value>) -> Result<(), ClientError> {
        let m = json!({ "type": kind, "id": id.into(), "game": self.game });
        self.send(&m).await
    }

    /// The legal moves of the position last seen.
    pub fn legal(&self) -> Vec<Value> {
        self.state["position"]["legal"].as_array().cloned().unwrap_or_default()
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
