//! The rooms' HTTP handlers: creating a room, what a room holds, its games as PDN.

use super::registry::CreateError;
use super::secret::{room_tag, valid_create_key, valid_id};
use super::stored::{self, LoadError};
use crate::storage::{room_owner, StoredRoom};
use crate::table::Side;
use crate::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use draughts_rules::{Color, DrawRules, Variant};
use serde::Deserialize;

/// The answer when a room cannot be loaded: 409 for a room whose stored game cannot be read
/// (logged as a warning, by the room's tag), 500 when the database failed.
pub(super) fn load_error(what: &str, e: LoadError) -> Response {
    match e {
        LoadError::Broken(_) => {
            tracing::warn!("{what}: {e}");
            error_coded(StatusCode::CONFLICT, "unreadable", format!("{what}: {e}"))
        }
        LoadError::Db(_) => error(StatusCode::INTERNAL_SERVER_ERROR, format!("{what}: {e}")),
        LoadError::Closing => error_coded(StatusCode::SERVICE_UNAVAILABLE, "unavailable", e.to_string()),
    }
}

/// An error answer with the code of its status (docs/api.md, "Errors").
pub(super) fn error(status: StatusCode, message: impl Into<String>) -> Response {
    error_coded(status, crate::api::status_code_name(status), message)
}

/// An error answer with its own code.
pub(super) fn error_coded(status: StatusCode, code: &'static str, message: impl Into<String>) -> Response {
    let message = message.into();
    if status.is_server_error() {
        tracing::error!(%status, "{message}");
    }
    (status, Json(crate::api::error_body(code, &message, &Default::default()))).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    variant: String,
    /// `light`, `dark` or `random` (the default).
    side: Option<String>,
    /// `simplified` (the default) or `fmjd`: the FMJD's official draw rules, for international
    /// draughts only. Every game of the room (rematches too) is judged by them.
    draw_rules: Option<String>,
}

/// `POST /api/rooms`. An `Idempotency-Key` header (16 to 128 letters, digits, `-`, `_`) makes a
/// retried request answer with the room the first one created.
pub(super) async fn create_room(State(state): State<AppState>, ext: axum::http::Extensions, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    let key = match headers.get("idempotency-key").map(|v| v.to_str()) {
        None => None,
        Some(Ok(k)) if valid_create_key(k) => Some(k.to_string()),
        Some(_) => return error(StatusCode::BAD_REQUEST, "bad Idempotency-Key header: use 16 to 128 letters, digits, - or _ (a random UUID will do)"),
    };
    let raw: &[u8] = if body.iter().all(|b| b.is_ascii_whitespace()) { b"{}" } else { &body };
    let req: CreateRequest = match serde_json::from_slice(raw) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("bad request body: {e}; send {{\"variant\": \"english\", \"side\": \"light\"|\"dark\"|\"random\", \"draw_rules\": \"simplified\"|\"fmjd\"}}")),
    };
    let variant = match crate::wire::offered_variant(&req.variant) {
        Ok(v) => v,
        Err(message) => return error(StatusCode::BAD_REQUEST, message),
    };
    let draws = match req.draw_rules.as_deref().map(|c| (c, DrawRules::from_code(c))) {
        None => DrawRules::Simplified,
        Some((_, Some(d))) => match crate::table::check_draw_rules(variant, d) {
            Ok(d) => d,
            Err(e) => return error(StatusCode::BAD_REQUEST, e.to_string()),
        },
        Some((other, None)) => return error(StatusCode::BAD_REQUEST, format!("unknown draw rules {other:?}; expected simplified or fmjd")),
    };
    let explicit_side = matches!(req.side.as_deref(), Some("light" | "dark"));
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
    // A retry of a request that created its room creates nothing: it is not rate-limited.
    if let Some(k) = key.as_deref() {
        match state.rooms.created_with(k, variant, draws, color, explicit_side).await {
            Ok(Some(c)) => return created(c),
            Ok(None) => {}
            Err(e) => return create_error(e),
        }
    }
    // Rooms are kept for 30 days: one address may not fill the database with them.
    let client = crate::limits::client_ip(&ext, &headers);
    if let Some(ip) = client {
        if let Err(wait) = state.rooms.inner.creations.take(ip) {
            let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
            let per_minute = state.rooms.inner.cfg.create_per_minute;
            let mut res = crate::api::ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_rooms", format!("too many rooms created from your address (at most {per_minute} a minute); try again in {secs} s"))
                .arg("per_minute", per_minute)
                .arg("secs", secs)
                .into_response();
            res.headers_mut().insert(header::RETRY_AFTER, secs.into());
            return res;
        }
    }
    match state.rooms.create(variant, draws, color, explicit_side, key.as_deref()).await {
        Ok(c) => created(c),
        Err(e) => {
            // No room was made: the attempt does not count against the address.
            if let Some(ip) = client {
                state.rooms.inner.creations.give_back(ip);
            }
            create_error(e)
        }
    }
}

/// The answer to a room created (or found again by its idempotency key).
fn created(c: super::registry::Created) -> Response {
    if !c.replayed {
        tracing::info!(variant = c.variant.id(), "room created");
    }
    let id = &c.id;
    let mut res = (
        StatusCode::CREATED,
        Json(serde_json::json!({
            "id": id,
            "token": c.token,
            "player": 0,
            "color": Side::from(c.color),
            "variant": c.variant.id(),
            "draw_rules": c.draws.code(),
            "link": format!("/#/room/{id}"),
            "ws": format!("/ws/rooms/{id}"),
        })),
    )
        .into_response();
    if c.replayed {
        res.headers_mut().insert("idempotent-replayed", header::HeaderValue::from_static("true"));
    }
    res
}

fn create_error(e: CreateError) -> Response {
    match e {
        CreateError::KeyReused(_) => error(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()),
        CreateError::Invalid(_) => error(StatusCode::BAD_REQUEST, e.to_string()),
        CreateError::Closing(_) => error(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
        CreateError::Storage(_) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// A stored game of a room, with its PDN.
struct GameRecord {
    game_no: u32,
    light_player: u8,
    game: draughts_rules::Game,
    started_at: i64,
}

async fn load_records(state: &AppState, id: &str, only: Option<u32>) -> Result<(StoredRoom, Variant, Vec<GameRecord>), Response> {
    if !valid_id(id) {
        return Err(error(StatusCode::NOT_FOUND, "no such room: a room id is 22 letters, digits, - or _"));
    }
    let storage = &state.rooms.inner.db;
    let loaded = async {
        let Some(row) = storage.room(id.to_string()).await? else { return Ok::<_, LoadError>(None) };
        let mut games = storage.games(room_owner(id)).await?;
        games.retain(|g| only.is_none_or(|n| g.key.game_no == n));
        Ok(Some((row, games)))
    }
    .await;
    let (row, games) = match loaded {
        Ok(Some(x)) => x,
        Ok(None) => return Err(error(StatusCode::NOT_FOUND, "no such room (it may have expired)")),
        Err(e) => return Err(load_error("cannot read the room", e)),
    };
    let broken = |e: String| load_error("cannot read the room", LoadError::Broken(format!("room {}: {e}", room_tag(id))));
    let variant: Variant = row.variant.parse().map_err(|e| broken(format!("{e}")))?;
    let mut out = Vec::new();
    for g in &games {
        let seated = stored::replay(variant, g).map_err(broken)?;
        out.push(GameRecord { game_no: g.key.game_no, light_player: g.light_player, game: seated.game().clone(), started_at: g.started_at });
    }
    Ok((row, variant, out))
}

pub(super) async fn room_info(State(state): State<AppState>, Path(id): Path<String>) -> Response {
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
    let draw_rules = games.iter().find(|g| g.game_no == row.game_no).map_or(DrawRules::Simplified, |g| g.game.draw_rules());
    let games: Vec<_> = games
        .iter()
        .map(|g| {
            let o = g.game.outcome();
            serde_json::json!({
                "game": g.game_no,
                "light_player": g.light_player,
                "plies": g.game.ply(),
                "draw_rules": g.game.draw_rules().code(),
                "result": o.map(|o| o.pdn()).unwrap_or("*"),
                "outcome": o.map(crate::wire::OutcomeJson::new),
                "pdn": format!("/api/rooms/{id}/pdn?game={}", g.game_no),
            })
        })
        .collect();
    Json(serde_json::json!({
        "id": row.id,
        "variant": variant.id(),
        "draw_rules": draw_rules.code(),
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
pub(super) struct PdnQuery {
    game: Option<u32>,
}

pub(super) async fn room_pdn(State(state): State<AppState>, Path(id): Path<String>, q: Result<Query<PdnQuery>, axum::extract::rejection::QueryRejection>) -> Response {
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
        let date = crate::pdn_io::pdn_date(g.started_at);
        let (white, black) = if g.light_player == 0 { ("Room creator", "Guest") } else { ("Guest", "Room creator") };
        let tags: Vec<(String, String)> = vec![
            ("Event".into(), format!("Online room, {}", variant.rules().name)),
            ("Site".into(), "draughts serve".into()),
            ("Date".into(), date),
            ("Round".into(), g.game_no.to_string()),
            ("White".into(), white.into()),
            ("Black".into(), black.into()),
        ];
        let tags: Vec<(String, String)> = tags.into_iter().chain(crate::pdn_io::termination(&g.game)).collect();
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
