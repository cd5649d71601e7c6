//! The analysis board and game review over HTTP (`docs/api.md`): `POST /api/analysis` streams
//! the engine's best lines of a position as it deepens, `POST /api/review` streams a review's
//! progress and then the review of a whole game. Both answer NDJSON (`application/x-ndjson`:
//! one JSON object per line, sent as it is produced).
//!
//! Both are long searches ([`crate::engine::Searchers::start_long`]): at most half the engine's
//! searchers run them, so the computer's moves in games always find one; a request beyond that
//! waits up to [`crate::engine::LONG_WAIT`] for a turn, then is refused (503). A search stops when its client goes away (the response body is
//! dropped), when its time is up, and when the server shuts down.

use crate::api::{body, parse_position, ApiError};
use crate::table::{check_draw_rules, Side};
use crate::wire::{MoveJson, OutcomeJson, PositionJson};
use crate::AppState;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use draughts_engine::review::{self, ReviewConfig};
use draughts_engine::{Analysis, Limits, Score};
use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::resolve::{self, MoveQuery};
use draughts_rules::{DrawRules, Game, Move, Variant};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// Lines asked of `POST /api/analysis` when the request does not say.
pub const DEFAULT_LINES: usize = 3;
/// The most lines one analysis gives.
pub const MAX_LINES: usize = 5;
/// Thinking time of an analysis when the request does not say, in milliseconds.
pub const DEFAULT_ANALYSIS_MS: u64 = 20_000;
/// The range of an analysis's thinking time, in milliseconds.
pub const ANALYSIS_MS: std::ops::RangeInclusive<u64> = 100..=60_000;
/// The range of a review's time per position, in milliseconds.
pub const REVIEW_MS: std::ops::RangeInclusive<u64> = 50..=2_000;
/// The most moves a reviewed game may have (a review of 1,000 plies at the default time takes
/// over three minutes already).
pub const MAX_REVIEW_PLIES: usize = 1_000;

/// A score as the API writes it: `{"cp": N}` (centi-men), `{"win": N}` or `{"loss": N}`
/// (half-moves to the end), for the side the field names.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ScoreJson {
    Cp(i32),
    Win(i32),
    Loss(i32),
}

impl From<Score> for ScoreJson {
    fn from(s: Score) -> ScoreJson {
        match s.mate_in() {
            Some(n) if n >= 0 => ScoreJson::Win(n),
            Some(n) => ScoreJson::Loss(-n),
            None => ScoreJson::Cp(s.raw()),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisRequest {
    variant: String,
    /// FEN or guide text; the rule set's start position when left out.
    fen: Option<String>,
    /// Moves played from it first, as text (`11-15`, `32x23x14`).
    #[serde(default)]
    moves: Vec<String>,
    lines: Option<usize>,
    max_ms: Option<u64>,
    /// `simplified` (the default) or `fmjd` (international only).
    #[serde(default, with = "crate::table::draw_rules_code")]
    draw_rules: DrawRules,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewRequest {
    variant: Option<String>,
    fen: Option<String>,
    moves: Option<Vec<String>>,
    /// A PDN text instead of `variant` + `fen` + `moves`; `game` picks one of its games (from 0).
    pdn: Option<String>,
    game: Option<usize>,
    ms_per_move: Option<u64>,
    #[serde(default, with = "crate::table::draw_rules_code")]
    draw_rules: DrawRules,
}

fn variant(id: &str) -> Result<Variant, ApiError> {
    crate::wire::offered_variant(id).map_err(ApiError::bad_request)
}

/// The game given by a start position and move texts; errors name the move that fails.
fn game_of(v: Variant, fen: Option<&str>, moves: &[String], draws: DrawRules) -> Result<Game, ApiError> {
    let start = match fen {
        Some(f) => parse_position(v, f)?,
        None => draughts_rules::Position::start(v),
    };
    let mut game = Game::from_position_with(start, draws).map_err(|e| ApiError::bad_request(e.to_string()))?;
    for (i, text) in moves.iter().enumerate() {
        let mv: Move = resolve::find(game.position(), MoveQuery::Text(text)).map_err(|e| ApiError::bad_request(format!("move {}: {e}", i + 1)))?;
        game.play(&mv).map_err(|e| ApiError::bad_request(format!("move {} ({text:?}): {e}", i + 1)))?;
    }
    Ok(game)
}

/// A stream of NDJSON lines to the client, and the flag that stops the work behind it: raised
/// when the client goes away or the server begins to shut down.
struct Feed {
    tx: mpsc::Sender<String>,
    stop: Arc<AtomicBool>,
}

impl Feed {
    /// The feed and the response that carries it.
    fn open(state: &AppState) -> (Feed, Response) {
        let (tx, mut rx) = mpsc::channel::<String>(64);
        let stop = Arc::new(AtomicBool::new(false));
        let watcher = (tx.clone(), stop.clone(), state.closing.clone());
        tokio::spawn(async move {
            let (tx, stop, closing) = watcher;
            loop {
                tokio::select! {
                    _ = tx.closed() => break,
                    _ = tokio::time::sleep(Duration::from_millis(100)) => {
                        if closing.is_closing() || stop.load(Ordering::Relaxed) {
                            break;
                        }
                    }
                }
            }
            stop.store(true, Ordering::Relaxed);
        });
        let stream = futures_util::stream::poll_fn(move |cx| rx.poll_recv(cx).map(|line| line.map(|l| Ok::<_, std::convert::Infallible>(Bytes::from(l)))));
        let response = ([(header::CONTENT_TYPE, "application/x-ndjson"), (header::CACHE_CONTROL, "no-store")], Body::from_stream(stream)).into_response();
        (Feed { tx, stop }, response)
    }

    /// Sends one object as a line, from the search's thread; false when the client is gone.
    fn send(&self, value: serde_json::Value) -> bool {
        let mut line = value.to_string();
        line.push('\n');
        self.tx.blocking_send(line).is_ok()
    }
}

impl Drop for Feed {
    /// The work is over: the watcher lets its sender go, and the response ends.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// `POST /api/analysis` (see `docs/api.md`).
pub async fn analysis(State(state): State<AppState>, bytes: Bytes) -> Result<Response, ApiError> {
    let req: AnalysisRequest = body(&bytes)?;
    let v = variant(&req.variant)?;
    let draws = check_draw_rules(v, req.draw_rules)?;
    let lines = req.lines.unwrap_or(DEFAULT_LINES);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::bad_request(format!("lines must be 1 to {MAX_LINES}, not {lines}")));
    }
    let max_ms = req.max_ms.unwrap_or(DEFAULT_ANALYSIS_MS);
    if !ANALYSIS_MS.contains(&max_ms) {
        return Err(ApiError::bad_request(format!("max_ms must be {} to {} milliseconds, not {max_ms}", ANALYSIS_MS.start(), ANALYSIS_MS.end())));
    }
    let game = game_of(v, req.fen.as_deref(), &req.moves, draws)?;
    if state.closing.is_closing() {
        return Err(ApiError::closing());
    }
    let (feed, response) = Feed::open(&state);
    let outcome = game.outcome();
    let legal = if outcome.is_some() { Vec::new() } else { game.position().legal_routes() };
    let first = json!({
        "type": "position",
        "position": PositionJson::new(game.position(), &legal),
        "outcome": outcome.map(OutcomeJson::new),
    });
    let side: Side = game.position().side_to_move().into();
    state.engine.start_long(move |s| {
        if !feed.send(first) {
            return;
        }
        if outcome.is_some() {
            feed.send(json!({"type": "done", "reason": "over"}));
            return;
        }
        let limits = Limits::movetime(Duration::from_millis(max_ms));
        let started = std::time::Instant::now();
        let stop = feed.stop.clone();
        // The analysis board reads the endgame databases whatever level the searcher last played.
        s.use_egdb(true);
        s.analyse(&game, lines, &limits, Some(&stop), &mut |a: &Analysis| {
            if !feed.send(lines_json(v, side, a)) {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let reason = if feed.stop.load(Ordering::Relaxed) {
            "stopped"
        } else if started.elapsed() >= Duration::from_millis(max_ms) {
            "time"
        } else {
            "depth"
        };
        feed.send(json!({"type": "done", "reason": reason}));
    }).await?;
    Ok(response)
}

fn lines_json(v: Variant, side: Side, a: &Analysis) -> serde_json::Value {
    json!({
        "type": "lines",
        "depth": a.depth,
        "nodes": a.nodes,
        "elapsed_ms": a.elapsed.as_millis() as u64,
        "side_to_move": side,
        "lines": a.lines.iter().map(|l| json!({
            "score": ScoreJson::from(l.score),
            "moves": l.pv.iter().map(|m| MoveJson::new(v, m)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// `POST /api/review` (see `docs/api.md`).
pub async fn review(State(state): State<AppState>, bytes: Bytes) -> Result<Response, ApiError> {
    let req: ReviewRequest = body(&bytes)?;
    let (game, moves_after_end) = review_game(&req)?;
    if game.ply() > MAX_REVIEW_PLIES {
        return Err(ApiError::bad_request(format!("this game has {} moves; a review takes games of up to {MAX_REVIEW_PLIES}", game.ply())));
    }
    let ms = req.ms_per_move.unwrap_or(review::DEFAULT_PER_POSITION.as_millis() as u64);
    if !REVIEW_MS.contains(&ms) {
        return Err(ApiError::bad_request(format!("ms_per_move must be {} to {} milliseconds, not {ms}", REVIEW_MS.start(), REVIEW_MS.end())));
    }
    if state.closing.is_closing() {
        return Err(ApiError::closing());
    }
    let (feed, response) = Feed::open(&state);
    state.engine.start_long(move |s| {
        let config = ReviewConfig { per_position: Limits::movetime(Duration::from_millis(ms)) };
        let stop = feed.stop.clone();
        let result = review::review(s, &game, &config, Some(&stop), &mut |done, total| {
            if !feed.send(json!({"type": "progress", "done": done, "total": total})) {
                stop.store(true, Ordering::Relaxed);
            }
        });
        match result {
            Ok(r) => {
                feed.send(review_json(&game, &r, moves_after_end));
                feed.send(json!({"type": "done"}));
            }
            Err(review::ReviewError::Stopped) => {}
            Err(e) => {
                feed.send(json!({"type": "error", "message": e.to_string()}));
            }
        }
    }).await?;
    Ok(response)
}

/// The game a review request names: a PDN game, or a start and moves; and how many moves of a
/// PDN record come after our rules ended its game (they are not reviewed: federation draw
/// rules differ, and a game that is over has no moves to judge).
fn review_game(req: &ReviewRequest) -> Result<(Game, usize), ApiError> {
    match (&req.pdn, &req.moves) {
        (Some(_), _) if req.fen.is_some() || req.moves.is_some() => Err(ApiError::bad_request("give either \"pdn\" or \"fen\" and \"moves\", not both")),
        (Some(text), _) => {
            let fallback = req.variant.as_deref().map(variant).transpose()?;
            let file = pdn::parse(text);
            let count = file.games.len();
            let index = req.game.unwrap_or(0);
            let g = file.games.get(index).ok_or_else(|| {
                if count == 0 {
                    ApiError::bad_request("no game found in this PDN text")
                } else {
                    ApiError::bad_request(format!("game {index} was asked, but this PDN text has {count} game(s), numbered from 0"))
                }
            })?;
            let r = replay::replay_game(g, fallback).map_err(|e| ApiError::bad_request(format!("game {index}: {e}")))?;
            if !Variant::OFFERED.contains(&r.variant) {
                return Err(ApiError::bad_request(format!("game {index}: the rule set {} cannot be played in this app", r.variant)));
            }
            Ok(r.to_game_and_moves_after_end())
        }
        (None, moves) => {
            let id = req.variant.as_deref().ok_or_else(|| ApiError::bad_request("give \"variant\" with \"moves\" (and \"fen\" when the game did not start at the start), or \"pdn\""))?;
            let v = variant(id)?;
            let draws = check_draw_rules(v, req.draw_rules)?;
            Ok((game_of(v, req.fen.as_deref(), moves.as_deref().unwrap_or(&[]), draws)?, 0))
        }
    }
}

fn review_json(game: &Game, r: &review::Review, moves_after_end: usize) -> serde_json::Value {
    let v = game.variant();
    let plies: Vec<serde_json::Value> = r
        .plies
        .iter()
        .map(|p| {
            let number = game.move_number(p.ply);
            json!({
                "ply": p.ply,
                "number": number,
                "side": Side::from(p.mover),
                "played": MoveJson::new(v, &p.played),
                "best": MoveJson::new(v, &p.best),
                "best_line": p.best_line.iter().map(|m| MoveJson::new(v, m)).collect::<Vec<_>>(),
                "eval_before": ScoreJson::from(p.before),
                "eval_after": ScoreJson::from(p.after),
                "loss": (p.loss * 10_000.0).round() / 10_000.0,
                "class": p.class.name(),
            })
        })
        .collect();
    json!({
        "type": "review",
        "variant": v.id(),
        "start_fen": draughts_rules::notation::fen::write(game.start()),
        "plies": plies,
        "evals": r.evals.iter().map(|&s| ScoreJson::from(s)).collect::<Vec<_>>(),
        "chances": r.chances.iter().map(|c| (c * 10_000.0).round() / 10_000.0).collect::<Vec<_>>(),
        "accuracy": {"light": (r.accuracy[0] * 10.0).round() / 10.0, "dark": (r.accuracy[1] * 10.0).round() / 10.0},
        "outcome": game.outcome().map(OutcomeJson::new),
        "moves_after_end": moves_after_end,
    })
}
