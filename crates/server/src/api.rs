//! The HTTP API under `/api` (see `docs/api.md`). Every error is JSON `{"error": "...", "code":
//! "..."}` with a 4xx/5xx status; no request can panic the server or lose saved data.

use crate::pdn_io;
use crate::storage::{now_ms, Op, StorageError};
use crate::table::{check_draw_rules, check_level, draw_rules_code, Settings, Table, TableError};
use crate::wire::{MoveInput, MoveJson, PositionJson, TableJson, VariantJson};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use draughts_rules::notation::{fen, text};
use draughts_rules::{Game, Position, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// An API error: a status, a stable code (docs/api.md, "Errors": the web page words the error
/// by it), the code's arguments, and a message in English words for API clients.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub args: serde_json::Map<String, serde_json::Value>,
}

impl ApiError {
    /// An error with its code (and no arguments).
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), args: Default::default() }
    }
    /// Adds an argument of the code.
    pub fn arg(mut self, name: &str, value: impl Into<serde_json::Value>) -> ApiError {
        self.args.insert(name.to_string(), value.into());
        self
    }
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }
    fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }
    fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "conflict", message)
    }
    fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
    /// The server is shutting down (code `unavailable`, as the rooms say it).
    pub fn closing() -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", crate::shutdown::CLOSING_MESSAGE)
    }
}

/// The code of an error that has no more precise one, by its HTTP status (docs/api.md, "Errors").
pub fn status_code_name(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "bad_request",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        409 => "conflict",
        413 => "too_large",
        415 => "unsupported_media_type",
        429 => "rate_limited",
        503 => "service_unavailable",
        s if s >= 500 => "internal",
        _ => "error",
    }
}

/// Every error's JSON body: `{"error": words, "code": code}`, and `"args"` when the code has any.
pub fn error_body(code: &str, message: &str, args: &serde_json::Map<String, serde_json::Value>) -> serde_json::Value {
    let mut body = serde_json::json!({ "error": message, "code": code });
    if !args.is_empty() {
        body["args"] = serde_json::Value::Object(args.clone());
    }
    body
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            tracing::error!(status = %self.status, "{}", self.message);
        }
        (self.status, Json(error_body(self.code, &self.message, &self.args))).into_response()
    }
}

impl From<crate::wire::MoveInputError> for ApiError {
    fn from(e: crate::wire::MoveInputError) -> ApiError {
        ApiError { args: e.args(), ..ApiError::new(StatusCode::BAD_REQUEST, e.code(), e.to_string()) }
    }
}

impl From<TableError> for ApiError {
    fn from(e: TableError) -> ApiError {
        match e {
            TableError::Invalid(m) => ApiError::bad_request(m),
            TableError::Move(e) => e.into(),
            TableError::Conflict { code, message, args } => ApiError { args, ..ApiError::new(StatusCode::CONFLICT, code, message) },
            // One saved game that cannot be read: named, and the others carry on (409).
            TableError::Store(e @ StorageError::Broken { .. }) => ApiError::new(StatusCode::CONFLICT, "unreadable", format!("{e}; start a new game to replace it")),
            TableError::Store(e) => ApiError::internal(e.to_string()),
        }
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// Reads a JSON body; an empty body reads as `{}`. Errors say what is wrong and where.
pub(crate) fn body<T: DeserializeOwned>(bytes: &Bytes) -> ApiResult<T> {
    let raw: &[u8] = if bytes.iter().all(|b| b.is_ascii_whitespace()) { b"{}" } else { bytes };
    serde_json::from_slice(raw).map_err(|e| ApiError::bad_request(format!("bad request body: {e}")))
}

/// A variant id from the URL; only the seven offered rule sets.
fn variant(id: &str) -> ApiResult<Variant> {
    crate::wire::offered_variant(id).map_err(ApiError::not_found)
}

/// Reads a pasted position: FEN (`W:W21,22:B1-12`) or guide text (`Light c3; Dark d4. Light to
/// move.`), told apart by the FEN's leading `W:`/`B:`.
pub fn parse_position(v: Variant, input: &str) -> ApiResult<Position> {
    let mut t = input.trim();
    // A FEN tag pasted whole: [FEN "W:W21,22:B1-12"].
    if let Some(inner) = t.strip_prefix("[FEN").and_then(|r| r.strip_suffix(']')) {
        t = inner.trim().trim_matches('"').trim();
    }
    if t.is_empty() {
        return Err(ApiError::bad_request("the position is empty; paste a FEN like W:W21-32:B1-12 or a text like \"Light c3; Dark d4. Light to move.\""));
    }
    let looks_fen = {
        let mut c = t.trim_start_matches('"').chars().filter(|c| !c.is_whitespace());
        matches!(c.next(), Some('W' | 'B' | 'w' | 'b')) && c.next() == Some(':')
    };
    let result = if looks_fen { fen::parse(v, t) } else { text::parse(v, t) };
    result.map_err(|e| ApiError::bad_request(format!("cannot set up this {} position: {e}", v.id())))
}

/// Refuses a position set up by hand with a man on its own far row, where it would have been
/// crowned (RULES.md section 6; a position from a file may have one).
pub fn check_by_hand(pos: &Position) -> ApiResult<()> {
    match pos.uncrowned_men().first() {
        None => Ok(()),
        Some((color, square)) => Err(ApiError::bad_request(format!(
            "a {} man cannot stand on {}: that is its far row, where it would have been crowned; make it a king or move it",
            color.name().to_lowercase(),
            square.name(pos.variant())
        ))),
    }
}

/// Loads the table of a variant into `tables` when it is not there: the saved game, or a fresh
/// one, stored at once.
async fn load_table<'a>(state: &AppState, tables: &'a mut HashMap<Variant, Table>, v: Variant) -> ApiResult<&'a mut Table> {
    use std::collections::hash_map::Entry;
    match tables.entry(v) {
        Entry::Occupied(e) => Ok(e.into_mut()),
        Entry::Vacant(e) => {
            let table = match state.storage.game(Table::key(v)).await.map_err(TableError::Store)? {
                Some(saved) => Table::restore(v, &saved)?,
                None => {
                    let table = Table::blank(v);
                    state.storage.write(table.create_ops()).await.map_err(TableError::Store)?;
                    table
                }
            };
            Ok(e.insert(table))
        }
    }
}

/// Runs `f` on a copy of the table of a variant (loaded first when needed), stores the ops it
/// lists in one transaction, and only then keeps the copy: a refused action or a failed write
/// leaves the table as it was, matching the database. Once shutdown has begun, a change is
/// refused (503) and nothing is stored.
async fn with_table<R>(state: &AppState, v: Variant, f: impl FnOnce(&mut Vec<Op>, &mut Table) -> Result<R, TableError>) -> ApiResult<R> {
    let mut tables = state.tables.lock().await;
    let table = load_table(state, &mut tables, v).await?;
    let mut next = table.clone();
    let mut ops = Vec::new();
    let result = f(&mut ops, &mut next)?;
    if !ops.is_empty() {
        if state.closing.is_closing() {
            return Err(ApiError::closing());
        }
        state.storage.write(ops).await.map_err(TableError::Store)?;
        *table = next;
    }
    Ok(result)
}

fn state_json(t: &Table) -> TableJson {
    t.to_json(now_ms())
}

/// The `/api` routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/health", get(health))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/api/variants", get(variants))
        .route("/api/guides", get(guides))
        .route("/api/games/{variant}", get(get_game))
        .route("/api/games/{variant}/move", post(play_move))
        .route("/api/games/{variant}/computer", post(computer_move))
        .route("/api/games/{variant}/hint", post(hint))
        .route("/api/games/{variant}/undo", post(undo))
        .route("/api/games/{variant}/resign", post(resign))
        .route("/api/games/{variant}/new", post(new_game))
        .route("/api/games/{variant}/settings", post(settings))
        .route("/api/games/{variant}/clock", post(clock))
        .route("/api/games/{variant}/pdn", get(download_pdn))
        .route("/api/position", post(position))
        .route("/api/analysis", post(crate::analysis::analysis))
        .route("/api/review", post(crate::analysis::review))
        // Game collections are bigger than any other body: the PDN viewer alone takes more.
        .route("/api/pdn", post(read_pdn).layer(axum::extract::DefaultBodyLimit::max(crate::limits::MAX_PDN_BODY)))
        .route("/api/{*rest}", any(|| async { ApiError::not_found("no such API endpoint; see docs/api.md") }))
}

async fn health(State(state): State<AppState>) -> Json<serde_json::Value> {
    Json(serde_json::json!({ "ok": true, "database": state.storage.location(), "version": env!("CARGO_PKG_VERSION") }))
}

/// How long `/readyz` waits for the database before calling it unreachable.
const READY_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// `GET /healthz`: the process is up and answers (for a liveness probe; it asks nothing of the
/// database).
async fn healthz() -> Json<serde_json::Value> {
    Json(serde_json::json!({ "ok": true }))
}

/// `GET /readyz`: whether this node should get traffic (for a load balancer or a readiness
/// probe): 200 when the database answers, this node hears the other nodes' changes (PostgreSQL:
/// its LISTEN connection is up; `listening` is `null` for SQLite, which has no other nodes) and
/// it is not shutting down; else 503, the body saying which is missing.
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<serde_json::Value>) {
    // Reading a room that cannot exist asks the database without touching anything.
    let storage = match tokio::time::timeout(READY_WAIT, state.storage.room(String::new())).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("the database did not answer within {} s", READY_WAIT.as_secs())),
    };
    let listening = state.storage.listening();
    let closing = state.closing.is_closing();
    let ready = storage.is_ok() && listening != Some(false) && !closing;
    let status = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let body = serde_json::json!({
        "ready": ready,
        "database": storage.err().unwrap_or_else(|| "ok".into()),
        "listening": listening,
        "closing": closing,
    });
    (status, Json(body))
}

async fn variants() -> Json<Vec<VariantJson>> {
    Json(Variant::OFFERED.iter().map(|&v| VariantJson::new(v)).collect())
}

/// The guides data file, as written, in the language of `?lang=` when it has a translation
/// (`crate::guides`), else in English (any other query, too); `Content-Language` says which.
async fn guides(RawQuery(query): RawQuery) -> Response {
    let asked = query.as_deref().and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("lang=")));
    let (body, lang) = crate::guides::in_language(asked);
    ([(header::CONTENT_TYPE, "application/json".to_string()), (header::CONTENT_LANGUAGE, lang)], body).into_response()
}

async fn get_game(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<TableJson>> {
    let v = variant(&id)?;
    with_table(&state, v, |_, t| Ok(state_json(t))).await.map(Json)
}

async fn play_move(State(state): State<AppState>, Path(id): Path<String>, bytes: Bytes) -> ApiResult<Json<TableJson>> {
    let v = variant(&id)?;
    let req: MoveInput = body(&bytes)?;
    with_table(&state, v, |ops, t| {
        t.play(ops, &req, false)?;
        Ok(state_json(t))
    })
    .await
    .map(Json)
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PlyRequest {
    ply: Option<usize>,
}

/// The computer's move: searched by the engine's bounded pool (503 when it is busy), then played if the game
/// has not changed meanwhile (else 409).
async fn computer_move(State(state): State<AppState>, Path(id): Path<String>, bytes: Bytes) -> ApiResult<Json<TableJson>> {
    let v = variant(&id)?;
    let req: PlyRequest = body(&bytes)?;
    let (game, level) = with_table(&state, v, |_, t| {
        t.check_ply(req.ply)?;
        if !t.computer_to_move() {
            return Err(TableError::conflict("not_computer_turn", "it is not the computer's turn"));
        }
        Ok((t.game().clone(), t.settings().level))
    })
    .await?;
    let ply = game.ply();
    let started = std::time::Instant::now();
    let mv = state.engine.choose_move(game, level).await?.ok_or_else(|| ApiError::conflict("the computer has no legal move"))?;
    tracing::info!(variant = v.id(), level, ms = started.elapsed().as_millis() as u64, "computer move");
    with_table(&state, v, |ops, t| {
        t.check_ply(Some(ply))?;
        if !t.computer_to_move() {
            return Err(TableError::conflict("stale", "the game changed while the computer was thinking"));
        }
        t.play_move(ops, mv)?;
        Ok(state_json(t))
    })
    .await
    .map(Json)
}

#[derive(Serialize)]
struct HintJson {
    #[serde(rename = "move")]
    mv: Option<MoveJson>,
}

async fn hint(State(state): State<AppState>, Path(id): Path<String>, bytes: Bytes) -> ApiResult<Json<HintJson>> {
    let v = variant(&id)?;
    let req: PlyRequest = body(&bytes)?;
    let game = with_table(&state, v, |_, t| {
        t.check_ply(req.ply)?;
        if let Some(o) = t.game().outcome() {
            return Err(TableError::conflict("game_over", format!("the game is over: {o}")));
        }
        Ok(t.game().clone())
    })
    .await?;
    let mv = state.engine.hint(game).await?.map(|m| MoveJson::new(v, &m));
    Ok(Json(HintJson { mv }))
}

async fn undo(State(state): State<AppState>, Path(id): Path<String>, bytes: Bytes) -> ApiResult<Json<TableJson>> {
    let v = variant(&id)?;
    let req: PlyRequest = body(&bytes)?;
    with_table(&state, v, |ops, t| {
        t.check_ply(req.ply)?;
        t.undo(ops)?;
        Ok(state_json(t))
    })
    .await
    .map(Json)
}

async fn resign(State(state): State<AppState>, Path(id): Path<String>, bytes: Bytes) -> ApiResult<Json<TableJson>> {
    let v = variant(&id)?;
    let req: PlyRequest = body(&bytes)?;
    with_table(&state, v, |ops, t| {
        t.check_ply(req.ply)?;
        t.resign(ops)?;
        Ok(state_json(t))
    })
    .await
    .map(Json)
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewGameRequest {
    /// The table settings; the current ones when left out.
    settings: Option<Settings>,
    /// A position to start from (FEN or guide text); the start position when left out.
    position: Option<String>,
    /// The position was set up by hand (not read from a file): a man on its own far row is
    /// refused.
    #[serde(default)]
    by_hand: bool,
}

/// Starts a new game; replaces the saved game of this rule set (also one that could not be
/// restored: that is the player's explicit choice).
async fn new_game(State(state): State<AppState>, Path(id): Path<String>, bytes: Bytes) -> ApiResult<Json<TableJson>> {
    let v = variant(&id)?;
    let req: NewGameRequest = body(&bytes)?;
    let start = req.position.as_deref().map(|p| parse_position(v, p)).transpose()?;
    if let (Some(pos), true) = (&start, req.by_hand) {
        check_by_hand(pos)?;
    }
    if let Some(s) = &req.settings {
        check_level(s.level)?;
        check_draw_rules(v, s.draw_rules)?;
    }
    if state.closing.is_closing() {
        return Err(ApiError::closing());
    }
    let mut tables = state.tables.lock().await;
    // A saved game that cannot be restored is replaced too: that is the player's choice.
    let current = match load_table(&state, &mut tables, v).await {
        Ok(t) => Some(t.clone()),
        Err(e) if e.status == StatusCode::CONFLICT => None,
        Err(e) => return Err(e),
    };
    let settings = req.settings.unwrap_or_else(|| current.as_ref().map(|t| t.settings()).unwrap_or(Settings::default_for(v)));
    let mut table = current.unwrap_or_else(|| Table::blank(v));
    let mut ops = Vec::new();
    table.new_game(&mut ops, start, settings)?;
    state.storage.write(ops).await.map_err(TableError::Store)?;
    let json = state_json(&table);
    tables.insert(v, table);
    Ok(Json(json))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SettingsRequest {
    level: Option<u8>,
    turn_board: Option<bool>,
    /// Only the game's own draw rules are accepted: others apply from a new game.
    #[serde(default, with = "opt_draw_rules")]
    draw_rules: Option<draughts_rules::DrawRules>,
}

/// An optional [`draughts_rules::DrawRules`] by its code ([`draw_rules_code`]).
mod opt_draw_rules {
    use draughts_rules::DrawRules;
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DrawRules>, D::Error> {
        #[derive(Deserialize)]
        struct Code(#[serde(with = "super::draw_rules_code")] DrawRules);
        Ok(Option::<Code>::deserialize(d)?.map(|c| c.0))
    }
}

async fn settings(State(state): State<AppState>, Path(id): Path<String>, bytes: Bytes) -> ApiResult<Json<TableJson>> {
    let v = variant(&id)?;
    let req: SettingsRequest = body(&bytes)?;
    with_table(&state, v, |ops, t| {
        t.adjust(ops, req.level, req.turn_board, req.draw_rules)?;
        Ok(state_json(t))
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockRequest {
    running: bool,
}

async fn clock(State(state): State<AppState>, Path(id): Path<String>, bytes: Bytes) -> ApiResult<Json<TableJson>> {
    let v = variant(&id)?;
    let req: ClockRequest = body(&bytes)?;
    with_table(&state, v, |ops, t| {
        t.set_clock_running(ops, req.running);
        Ok(state_json(t))
    })
    .await
    .map(Json)
}

async fn download_pdn(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let v = variant(&id)?;
    let text = with_table(&state, v, |_, t| Ok(pdn_io::write(t.game(), &t.settings(), t.started_at()))).await?;
    let name = format!("attachment; filename=\"draughts-{}.pdn\"", v.id());
    Ok(([(header::CONTENT_TYPE, "application/x-pdn; charset=utf-8".to_string()), (header::CONTENT_DISPOSITION, name)], text).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    variant: String,
    /// FEN or guide text.
    position: String,
    /// A move to play in it (text, or from + path).
    #[serde(rename = "move")]
    mv: Option<MoveInput>,
    /// Set up by hand (the analysis board's editor): a man on its own far row is refused.
    #[serde(default)]
    by_hand: bool,
}

#[derive(Serialize)]
struct PositionReply {
    position: PositionJson,
    /// The move played, when one was sent.
    played: Option<MoveJson>,
    /// Set when the position is finished (no pieces or no legal move for the side to move).
    outcome: Option<crate::wire::OutcomeJson>,
}

/// The referee for any position: its pieces and legal moves, or the position after a move.
async fn position(bytes: Bytes) -> ApiResult<Json<PositionReply>> {
    let req: PositionRequest = body(&bytes)?;
    let v = variant(&req.variant).map_err(|e| ApiError::bad_request(e.message))?;
    let pos = parse_position(v, &req.position)?;
    if req.by_hand {
        check_by_hand(&pos)?;
    }
    let (pos, played) = match &req.mv {
        None => (pos, None),
        Some(m) => {
            let mv = m.resolve(&pos)?;
            (pos.after(&mv), Some(MoveJson::new(v, &mv)))
        }
    };
    let game = Game::from_position(pos);
    let legal = if game.outcome().is_some() { Vec::new() } else { pos.legal_routes() };
    Ok(Json(PositionReply {
        position: PositionJson::new(&pos, &legal),
        played,
        outcome: game.outcome().map(crate::wire::OutcomeJson::new),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PdnRequest {
    pdn: String,
    /// The rule set to assume when a game has no `GameType` tag.
    variant: Option<String>,
    /// The game (from 0) whose positions come in the answer: 0 when left out.
    #[serde(default)]
    game: usize,
}

async fn read_pdn(bytes: Bytes) -> ApiResult<Json<pdn_io::PdnReply>> {
    let req: PdnRequest = body(&bytes)?;
    let fallback = req.variant.as_deref().map(variant).transpose().map_err(|e| ApiError::bad_request(e.message))?;
    pdn_io::read(&req.pdn, fallback, req.game).map(Json).map_err(ApiError::bad_request)
}
