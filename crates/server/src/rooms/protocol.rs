//! The room protocol, version 2 (`docs/rooms-protocol.md`; version 1 is still read): JSON text messages over the room's
//! WebSocket. Client messages are read field by field so that every mistake gets an error
//! naming the field; server messages are the structs below.

use crate::table::Side;
use crate::wire::{ClockJson, GameJson, MoveInput, OutcomeJson, PlayedJson, PositionJson};
use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The protocol version this server speaks. A client's `hello` names it or [`OLDEST_VERSION`].
///
/// Version 2 moves are written as over HTTP (`text`, or `from` and the landing squares in
/// `path`); version 1 wrote `path` with the origin first, which is still read: a `move` with
/// `path` and neither `from` nor `text` is read that way.
pub const VERSION: u32 = 2;

/// The oldest version a client may still speak (its messages are read; the server's messages
/// only gained fields since).
pub const OLDEST_VERSION: u32 = 1;

/// Longest message id accepted (characters).
pub const MAX_ID_LEN: usize = 64;

/// The longest move text a `move` may carry (a full chain of the longest capture fits).
pub const MAX_MOVE_TEXT: usize = 160;

/// Error codes of `error` messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not an object, an unknown type, or a missing or wrong field.
    BadMessage,
    /// Larger than the message limit.
    TooLarge,
    /// Too many messages too fast; this one was dropped.
    RateLimited,
    /// The first message must be `hello`; or a second `hello`.
    HelloFirst,
    /// The `hello` names a protocol version this server does not speak.
    UnsupportedVersion,
    /// The token of `hello` belongs to no seat of this room.
    BadToken,
    /// A watcher tried to play or answer.
    NotAPlayer,
    /// The message is about an earlier game or ply: something happened since.
    Stale,
    /// A move out of turn.
    NotYourTurn,
    /// An illegal or incomplete move.
    Illegal,
    /// The game is over.
    GameOver,
    /// The other seat is still free.
    NotStarted,
    /// No such offer or request to answer, or one already made.
    NoOffer,
    /// Not allowed now (a claim before the grace period, a rematch during the game).
    NotAllowed,
    /// The server is shutting down; nothing changed (reconnect and send it again).
    Unavailable,
    /// What is stored of this room cannot be read; it is kept unchanged, the other rooms work.
    Unreadable,
    /// The server failed; nothing changed.
    Internal,
}

/// An error to send back.
#[derive(Clone, Debug)]
pub struct ProtoError {
    pub code: ErrorCode,
    pub message: String,
    /// For a move that names no legal move: the web API's code of the refusal (`move_illegal`,
    /// `move_incomplete`, ...) and its arguments, which a page words in its language.
    pub reason: Option<(&'static str, serde_json::Map<String, Value>)>,
}

impl ProtoError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ProtoError {
        ProtoError { code, message: message.into(), reason: None }
    }
}

/// A claim after the other player has been away past the grace period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimResult {
    Win,
    Draw,
}

/// A player's action. Each carries the client's message `id`.
#[derive(Clone, Debug)]
pub enum Action {
    Move { id: String, game: u32, ply: usize, mv: MoveInput },
    OfferDraw { id: String, game: u32 },
    AcceptDraw { id: String, game: u32 },
    DeclineDraw { id: String, game: u32 },
    Resign { id: String, game: u32 },
    AskTakeback { id: String, game: u32, ply: usize },
    GrantTakeback { id: String, game: u32 },
    DeclineTakeback { id: String, game: u32 },
    Claim { id: String, game: u32, result: ClaimResult },
    Rematch { id: String, game: u32 },
    WithdrawDraw { id: String, game: u32 },
    WithdrawTakeback { id: String, game: u32 },
}

impl Action {
    pub fn id(&self) -> &str {
        match self {
            Action::Move { id, .. }
            | Action::OfferDraw { id, .. }
            | Action::AcceptDraw { id, .. }
            | Action::DeclineDraw { id, .. }
            | Action::Resign { id, .. }
            | Action::AskTakeback { id, .. }
            | Action::GrantTakeback { id, .. }
            | Action::DeclineTakeback { id, .. }
            | Action::Claim { id, .. }
            | Action::Rematch { id, .. }
            | Action::WithdrawDraw { id, .. }
            | Action::WithdrawTakeback { id, .. } => id,
        }
    }
}

/// A client message.
#[derive(Clone, Debug)]
pub enum ClientMsg {
    Hello { v: u32, token: Option<String>, join: bool },
    Ping { id: Option<String> },
    Sync,
    Act(Action),
}

const TYPES: &str = "hello, ping, sync, move, offer_draw, accept_draw, decline_draw, withdraw_draw, resign, ask_takeback, grant_takeback, decline_takeback, withdraw_takeback, claim, rematch";

fn bad(m: impl Into<String>) -> ProtoError {
    ProtoError::new(ErrorCode::BadMessage, m)
}

struct Fields<'a> {
    kind: &'a str,
    map: &'a Map<String, Value>,
}

impl<'a> Fields<'a> {
    fn get(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name).filter(|v| !v.is_null())
    }
    fn uint(&self, name: &str) -> Result<u64, ProtoError> {
        match self.get(name) {
            Some(v) => v.as_u64().ok_or_else(|| bad(format!("{}: \"{name}\" must be a whole number ≥ 0, not {v}", self.kind))),
            None => Err(bad(format!("{}: \"{name}\" is missing", self.kind))),
        }
    }
    fn game(&self) -> Result<u32, ProtoError> {
        let g = self.uint("game")?;
        u32::try_from(g).map_err(|_| bad(format!("{}: \"game\" {g} is too large", self.kind)))
    }
    fn ply(&self) -> Result<usize, ProtoError> {
        let p = self.uint("ply")?;
        usize::try_from(p).ok().filter(|&p| p < 100_000).ok_or_else(|| bad(format!("{}: \"ply\" {p} is too large", self.kind)))
    }
    fn id(&self) -> Result<String, ProtoError> {
        let id = match self.get("id") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) if n.is_u64() || n.is_i64() => n.to_string(),
            Some(v) => return Err(bad(format!("{}: \"id\" must be a string or a whole number, not {v}", self.kind))),
            None => return Err(bad(format!("{}: \"id\" is missing; every action needs an id so that a resent message is recognised", self.kind))),
        };
        if id.is_empty() || id.chars().count() > MAX_ID_LEN {
            return Err(bad(format!("{}: \"id\" must be 1 to {MAX_ID_LEN} characters", self.kind)));
        }
        Ok(id)
    }
    fn squares(&self, name: &str) -> Result<Option<Vec<String>>, ProtoError> {
        let Some(v) = self.get(name) else { return Ok(None) };
        let list = v.as_array().ok_or_else(|| bad(format!("{}: \"{name}\" must be a list of square names", self.kind)))?;
        if list.len() > draughts_rules::MAX_HOPS + 1 {
            return Err(bad(format!("{}: \"{name}\" has {} squares; a move has at most {}", self.kind, list.len(), draughts_rules::MAX_HOPS + 1)));
        }
        list.iter()
            .map(|s| match s.as_str() {
                Some(s) if s.len() <= 4 => Ok(s.to_string()),
                _ => Err(bad(format!("{}: \"{name}\" must hold square names like \"11\" or \"c3\", not {s}", self.kind))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
    fn only(&self, allowed: &[&str]) -> Result<(), ProtoError> {
        for k in self.map.keys() {
            if k != "type" && !allowed.contains(&k.as_str()) {
                return Err(bad(format!("{}: unknown field \"{k}\"", self.kind)));
            }
        }
        Ok(())
    }
}

/// Reads one client message (a JSON object with a `type`).
pub fn parse(text: &str) -> Result<ClientMsg, ProtoError> {
    let value: Value = serde_json::from_str(text).map_err(|e| bad(format!("not valid JSON: {e}")))?;
    let map = value.as_object().ok_or_else(|| bad("a message must be a JSON object with a \"type\""))?;
    let kind = match map.get("type") {
        Some(Value::String(s)) => s.as_str(),
        Some(v) => return Err(bad(format!("\"type\" must be a string, not {v}"))),
        None => return Err(bad(format!("the message has no \"type\"; expected one of {TYPES}"))),
    };
    let f = Fields { kind, map };
    let game_only = |f: &Fields| -> Result<(String, u32), ProtoError> {
        f.only(&["id", "game"])?;
        Ok((f.id()?, f.game()?))
    };
    Ok(match kind {
        "hello" => {
            f.only(&["v", "token", "join"])?;
            let v = u32::try_from(f.uint("v")?).unwrap_or(u32::MAX);
            let token = match f.get("token") {
                Some(Value::String(s)) if s.len() <= 64 => Some(s.clone()),
                Some(v) => return Err(bad(format!("hello: \"token\" must be the string the server gave, not {v}"))),
                None => None,
            };
            let join = match f.get("join") {
                Some(Value::Bool(b)) => *b,
                Some(v) => return Err(bad(format!("hello: \"join\" must be true or false, not {v}"))),
                None => true,
            };
            ClientMsg::Hello { v, token, join }
        }
        "ping" => {
            f.only(&["id"])?;
            ClientMsg::Ping { id: if f.get("id").is_some() { Some(f.id()?) } else { None } }
        }
        "sync" => {
            f.only(&[])?;
            ClientMsg::Sync
        }
        "move" => {
            f.only(&["id", "game", "ply", "text", "from", "path", "captured"])?;
            let text = match f.get("text") {
                Some(Value::String(t)) if t.len() <= MAX_MOVE_TEXT => Some(t.clone()),
                Some(v) => return Err(bad(format!("move: \"text\" must be move text like \"11-15\" (at most {MAX_MOVE_TEXT} bytes), not {v}"))),
                None => None,
            };
            let from = match f.get("from") {
                Some(Value::String(t)) if t.len() <= 4 => Some(t.clone()),
                Some(v) => return Err(bad(format!("move: \"from\" must be a square name like \"11\" or \"c3\", not {v}"))),
                None => None,
            };
            let mut path = f.squares("path")?;
            if text.is_none() && path.is_none() {
                return Err(bad("move: give \"text\" (like \"11-15\") or \"from\" and \"path\" (the landing squares in order)"));
            }
            let (from, path) = match (from, path.take()) {
                // Version 1: the origin first in `path`.
                (None, Some(mut squares)) if text.is_none() && !squares.is_empty() => {
                    let origin = squares.remove(0);
                    (Some(origin), Some(squares))
                }
                (from, path) => (from, path),
            };
            let mv = MoveInput { text, from, path, captured: f.squares("captured")?, ply: None };
            ClientMsg::Act(Action::Move { id: f.id()?, game: f.game()?, ply: f.ply()?, mv })
        }
        "offer_draw" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::OfferDraw { id, game }))?,
        "accept_draw" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::AcceptDraw { id, game }))?,
        "decline_draw" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::DeclineDraw { id, game }))?,
        "resign" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::Resign { id, game }))?,
        "grant_takeback" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::GrantTakeback { id, game }))?,
        "decline_takeback" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::DeclineTakeback { id, game }))?,
        "rematch" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::Rematch { id, game }))?,
        "withdraw_draw" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::WithdrawDraw { id, game }))?,
        "withdraw_takeback" => game_only(&f).map(|(id, game)| ClientMsg::Act(Action::WithdrawTakeback { id, game }))?,
        "ask_takeback" => {
            f.only(&["id", "game", "ply"])?;
            ClientMsg::Act(Action::AskTakeback { id: f.id()?, game: f.game()?, ply: f.ply()? })
        }
        "claim" => {
            f.only(&["id", "game", "result"])?;
            let result = match f.get("result").and_then(Value::as_str) {
                Some("win") => ClaimResult::Win,
                Some("draw") => ClaimResult::Draw,
                _ => return Err(bad("claim: \"result\" must be \"win\" or \"draw\"")),
            };
            ClientMsg::Act(Action::Claim { id: f.id()?, game: f.game()?, result })
        }
        other => return Err(bad(format!("unknown message type {other:?}; expected one of {TYPES}"))),
    })
}

/// A seat in the `state` and `presence` messages.
#[derive(Clone, Debug, Serialize)]
pub struct SeatJson {
    /// Somebody holds this seat.
    pub taken: bool,
    /// Its player has a connection open now.
    pub connected: bool,
    /// Since when its player has been away (server time, Unix ms), `null` while connected.
    pub away_since: Option<i64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatsJson {
    pub light: SeatJson,
    pub dark: SeatJson,
}

#[derive(Clone, Debug, Serialize)]
pub struct RematchJson {
    pub light: bool,
    pub dark: bool,
}

/// `state`: the whole room: the room's own fields and its seated game's state, the same shape
/// as a local table's ([`GameJson`]).
#[derive(Serialize)]
pub struct StateMsg<'a> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub v: u32,
    pub seq: u64,
    pub now: i64,
    pub room: &'a str,
    /// The room's game number (1 first; each rematch adds one).
    pub game: u32,
    pub light_player: u8,
    pub started: bool,
    pub seats: SeatsJson,
    /// How many connections watch the game (not counting the players'): each tab counts.
    pub watchers: usize,
    pub grace_ms: i64,
    #[serde(flatten)]
    pub state: GameJson,
    pub draw_offer: Option<Side>,
    pub takeback: Option<Side>,
    pub rematch: RematchJson,
    /// Set only in the `state` that follows a decline, so that the side who asked is told:
    /// what was declined and by whom.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declined: Option<DeclinedJson>,
}

/// What a decline answered (in the `state` after it). Stored with the room (its `meta`) until
/// the next change, so that a node that reads the room again after another node's decline
/// tells its connections too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclinedJson {
    pub what: Declinable,
    /// The side that declined.
    pub by: Side,
}

/// What can be declined: `draw` (an offer) or `takeback` (a request).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Declinable {
    Draw,
    Takeback,
}

/// `moved`: one move (as the move list holds it: ply, number, side, time) and what the board
/// needs next.
#[derive(Serialize)]
pub struct MovedMsg {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub v: u32,
    pub seq: u64,
    pub now: i64,
    pub game: u32,
    /// `ply` is the plies played after this move; `side` the mover.
    #[serde(flatten)]
    pub played: PlayedJson,
    pub position: PositionJson,
    pub outcome: Option<OutcomeJson>,
    pub clock: ClockJson,
}

/// `presence`: who is connected: the seats and how many watch.
#[derive(Serialize)]
pub struct PresenceMsg {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub v: u32,
    pub seq: u64,
    pub now: i64,
    pub seats: SeatsJson,
    pub watchers: usize,
}

fn text(v: Value) -> Utf8Bytes {
    v.to_string().into()
}

pub fn error_text(id: Option<&str>, e: &ProtoError) -> Utf8Bytes {
    let mut v = serde_json::json!({ "type": "error", "v": VERSION, "id": id, "code": e.code, "message": e.message });
    if let Some((reason, args)) = &e.reason {
        v["reason"] = Value::from(*reason);
        v["args"] = Value::Object(args.clone());
    }
    text(v)
}

pub fn ack_text(id: &str, duplicate: bool) -> Utf8Bytes {
    text(serde_json::json!({ "type": "ack", "v": VERSION, "id": id, "duplicate": duplicate }))
}

pub fn welcome_text(room: &str, player: Option<u8>, color: Option<Side>, token: Option<&str>, grace_ms: i64) -> Utf8Bytes {
    text(serde_json::json!({
        "type": "welcome", "v": VERSION, "room": room, "player": player, "color": color, "token": token, "grace_ms": grace_ms
    }))
}

pub fn pong_text(id: Option<&str>, now: i64) -> Utf8Bytes {
    text(serde_json::json!({ "type": "pong", "v": VERSION, "id": id, "now": now }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_read_with_clear_errors() {
        assert!(matches!(parse(r#"{"type":"hello","v":1}"#), Ok(ClientMsg::Hello { v: 1, token: None, join: true })));
        let m = parse(r#"{"type":"move","id":7,"game":1,"ply":0,"path":["11","15"]}"#).unwrap();
        assert!(matches!(m, ClientMsg::Act(Action::Move { ref id, ply: 0, .. }) if id == "7"));
        let e = |t: &str| parse(t).err().unwrap().message;
        assert!(e("{").contains("not valid JSON"));
        assert!(e("[1]").contains("JSON object"));
        assert!(e(r#"{"type":"dance"}"#).contains("unknown message type"));
        assert!(e(r#"{"type":"move","game":1,"ply":0,"path":["11","15"]}"#).contains("\"id\" is missing"));
        assert!(e(r#"{"type":"move","id":"a","game":1,"ply":-1,"path":["11","15"]}"#).contains("\"ply\""));
        assert!(e(r#"{"type":"move","id":"a","game":1,"ply":0,"path":"11-15"}"#).contains("list of square names"));
        assert!(e(r#"{"type":"resign","id":"a","game":1,"extra":1}"#).contains("unknown field"));
        assert!(e(r#"{"type":"claim","id":"a","game":1,"result":"lose"}"#).contains("\"win\" or \"draw\""));
        let long = format!(r#"{{"type":"resign","id":"{}","game":1}}"#, "x".repeat(65));
        assert!(e(&long).contains("1 to 64"));
    }
}
