//! The HTTP API, endpoint by endpoint, with well-formed and malformed requests (docs/api.md).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::path::PathBuf;
use tower::ServiceExt;

struct Server {
    app: Router,
    _dir: tempfile::TempDir,
    path: PathBuf,
}

fn server() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("test.sqlite3");
    let state = draughts_server::AppState::open(&path).unwrap();
    Server { app: draughts_server::app(state), _dir: dir, path }
}

impl Server {
    /// Stops this server and starts another on the same database, as after a restart (one
    /// server per database file); `between` runs while none is running.
    fn restart_with(self, between: impl FnOnce(&std::path::Path)) -> Server {
        let Server { app, _dir, path } = self;
        drop(app);
        between(&path);
        let app = draughts_server::app(draughts_server::AppState::open(&path).unwrap());
        Server { app, _dir, path }
    }

    /// [`Server::restart_with`] with nothing in between.
    fn restart(self) -> Server {
        self.restart_with(|_| {})
    }

    /// Sends a request; returns status, content type and body text.
    async fn raw(&self, method: &str, uri: &str, body: Option<&str>) -> (StatusCode, String, String) {
        let mut req = Request::builder().method(method).uri(uri);
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let req = req.body(body.map(|b| Body::from(b.to_string())).unwrap_or_else(Body::empty)).unwrap();
        let res = self.app.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let ctype = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        (status, ctype, String::from_utf8_lossy(&bytes).into_owned())
    }

    async fn json(&self, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
        let text = body.map(|b| b.to_string());
        let (status, ctype, out) = self.raw(method, uri, text.as_deref()).await;
        assert!(ctype.starts_with("application/json"), "{uri}: content type {ctype:?}: {out}");
        (status, serde_json::from_str(&out).unwrap_or_else(|e| panic!("{uri}: {e}: {out}")))
    }

    async fn ok(&self, method: &str, uri: &str, body: Option<Value>) -> Value {
        let (status, v) = self.json(method, uri, body).await;
        assert_eq!(status, StatusCode::OK, "{method} {uri}: {v}");
        v
    }

    /// Asserts an error status whose message contains `needle`.
    async fn err(&self, method: &str, uri: &str, body: Option<&str>, status: StatusCode, needle: &str) {
        let (s, ctype, out) = self.raw(method, uri, body).await;
        assert_eq!(s, status, "{method} {uri} {body:?}: {out}");
        assert!(ctype.starts_with("application/json"), "{uri}: errors are JSON");
        let v: Value = serde_json::from_str(&out).unwrap();
        let msg = v["error"].as_str().expect("an error message");
        assert!(msg.contains(needle), "{method} {uri}: {msg:?} should mention {needle:?}");
        assert!(v["code"].as_str().is_some_and(|c| !c.is_empty()), "{method} {uri}: every error has a code: {out}");
    }

    /// An error's body, checked for its status and code.
    async fn coded(&self, method: &str, uri: &str, body: Option<&str>, status: StatusCode, code: &str) -> Value {
        let (s, _, out) = self.raw(method, uri, body).await;
        assert_eq!(s, status, "{method} {uri} {body:?}: {out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["code"], code, "{method} {uri}: {out}");
        assert!(v["error"].as_str().is_some_and(|m| !m.is_empty()), "the English words stay for API clients: {out}");
        v
    }
}

/// Errors carry a stable code (docs/api.md, "Errors") that the page words, with the code's
/// arguments, beside the English message.
#[tokio::test]
async fn errors_have_stable_codes() {
    let s = server();
    s.ok("POST", "/api/games/english/new", Some(two_player())).await;
    let m = "/api/games/english/move";
    let stale = s.coded("POST", m, Some(r#"{"text": "11-15", "ply": 3}"#), StatusCode::CONFLICT, "stale").await;
    assert_eq!(stale["args"], json!({"at": 0, "asked": 3}));
    let bad = s.coded("POST", m, Some(r#"{"text": "11-17"}"#), StatusCode::BAD_REQUEST, "move_illegal").await;
    assert_eq!(bad["args"], json!({"asked": "11-17", "moves": "9-13, 10-14, 11-15, 12-16, 9-14, 10-15, 11-16"}), "{bad}");
    assert!(bad["error"].as_str().unwrap().contains("legal moves are"), "the English words stay for API clients: {bad}");
    let bad = s.coded("POST", m, Some(r#"{"text": "11x15"}"#), StatusCode::BAD_REQUEST, "move_quiet_as_capture").await;
    assert_eq!(bad["args"]["asked"], "11x15");
    s.coded("POST", m, Some(r#"{"text": "11-99"}"#), StatusCode::BAD_REQUEST, "move_syntax").await;
    let bad = s.coded("POST", m, Some(r#"{"from": "11", "path": ["99"]}"#), StatusCode::BAD_REQUEST, "move_bad_square").await;
    assert_eq!(bad["args"]["asked"], "99", "{bad}");
    s.coded("POST", m, Some(r#"{"text": "11-15", "from": "11", "path": ["15"]}"#), StatusCode::BAD_REQUEST, "move_shape").await;
    let bad = s.coded("POST", "/api/games/english/new", Some(r#"{"settings": {"mode": "x"}}"#), StatusCode::BAD_REQUEST, "bad_request").await;
    assert!(bad.get("args").is_none(), "no args when the code has none: {bad}");
    s.coded("GET", "/api/games/chess", None, StatusCode::NOT_FOUND, "not_found").await;
    s.coded("GET", "/api/nothing", None, StatusCode::NOT_FOUND, "not_found").await;
    s.coded("GET", "/api/games/english/move", None, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed").await;
    s.ok("POST", "/api/games/english/resign", None).await;
    s.coded("POST", m, Some(r#"{"text": "11-15"}"#), StatusCode::CONFLICT, "game_over").await;
}

fn two_player() -> Value {
    json!({ "settings": { "mode": "two-player", "level": 1, "human_side": "light", "turn_board": false } })
}

#[tokio::test]
async fn healthz_and_readyz_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let state = draughts_server::AppState::open(&dir.path().join("test.sqlite3")).unwrap();
    let closing = state.closing.clone();
    let s = Server { app: draughts_server::app(state), path: dir.path().join("test.sqlite3"), _dir: dir };
    assert_eq!(s.ok("GET", "/healthz", None).await["ok"], true);
    let r = s.ok("GET", "/readyz", None).await;
    // One node: nobody else's changes to hear.
    assert_eq!((r["ready"].as_bool(), r["database"].as_str(), r["listening"].is_null()), (Some(true), Some("ok"), true), "{r}");
    // Shutting down: no new traffic, though the process still answers.
    closing.begin();
    let (status, r) = s.json("GET", "/readyz", None).await;
    assert_eq!((status, r["ready"].as_bool(), r["closing"].as_bool()), (StatusCode::SERVICE_UNAVAILABLE, Some(false), Some(true)), "{r}");
    assert_eq!(s.ok("GET", "/healthz", None).await["ok"], true);
}

#[tokio::test]
async fn health_variants_and_guides() {
    let s = server();
    let h = s.ok("GET", "/api/health", None).await;
    assert_eq!(h["ok"], true);
    let vs = s.ok("GET", "/api/variants", None).await;
    let ids: Vec<&str> = vs.as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["english", "american", "german", "russian", "international", "turkish", "italian"]);
    let italian = &vs[6];
    assert_eq!(italian["mirrored"], true);
    assert_eq!(italian["squares"].as_array().unwrap().len(), 32);
    // Square 32 of the turned board is h1, in the bottom-right corner.
    let sq32 = italian["squares"].as_array().unwrap().iter().find(|s| s["name"] == "32").unwrap();
    assert_eq!((sq32["row"].as_u64(), sq32["col"].as_u64(), sq32["algebraic"].as_str()), (Some(7), Some(7), Some("h1")));
    assert_eq!(vs[5]["squares"].as_array().unwrap().len(), 64);
    assert_eq!(vs[4]["squares"].as_array().unwrap().len(), 50);
    assert!(vs[0]["summary"][0].as_str().unwrap().contains("Dark moves first"));
    let g = s.ok("GET", "/api/guides", None).await;
    assert!(g["guides"]["turkish"]["examples"].as_array().unwrap().len() >= 3);
}

#[tokio::test]
async fn a_fresh_game_and_moves_by_route_and_text() {
    let s = server();
    let g = s.ok("GET", "/api/games/english", None).await;
    assert_eq!(g["ply"], 0);
    assert_eq!(g["side_to_move"], "dark");
    assert_eq!(g["settings"]["mode"], "computer");
    assert_eq!(g["position"]["legal"].as_array().unwrap().len(), 7);
    assert_eq!((g["quiet_limit"].as_u64(), g["quiet_reset"].as_str()), (Some(80), Some("man-move")));
    let american = s.ok("GET", "/api/games/american", None).await;
    assert_eq!(american["quiet_reset"], "promotion", "RULES.md section 2: American resets on a capture or a promotion");
    s.ok("POST", "/api/games/english/new", Some(two_player())).await;
    let g = s.ok("POST", "/api/games/english/move", Some(json!({"from": "11", "path": ["15"], "ply": 0}))).await;
    assert_eq!(g["ply"], 1);
    assert_eq!(g["last_move"]["text"], "11-15");
    assert_eq!(g["moves"][0]["side"], "dark");
    let g = s.ok("POST", "/api/games/english/move", Some(json!({"text": "23-19"}))).await;
    assert_eq!(g["ply"], 2);
    // Dark must now capture 15x24? No: 15 is attacked by 19 only after Dark moves; check the
    // forced capture after 8-11? Keep it simple: a capture position is tested below.
    assert_eq!(g["moves"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn malformed_and_illegal_moves_are_refused_with_reasons() {
    let s = server();
    s.ok("POST", "/api/games/english/new", Some(two_player())).await;
    let m = "/api/games/english/move";
    s.err("POST", m, Some("{not json"), StatusCode::BAD_REQUEST, "bad request body").await;
    s.err("POST", m, Some("[1,2]"), StatusCode::BAD_REQUEST, "bad request body").await;
    s.err("POST", m, Some(r#"{"text": 5}"#), StatusCode::BAD_REQUEST, "bad request body").await;
    s.err("POST", m, Some(r#"{"txt": "11-15"}"#), StatusCode::BAD_REQUEST, "unknown field").await;
    s.err("POST", m, Some("{}"), StatusCode::BAD_REQUEST, "either").await;
    s.err("POST", m, Some(r#"{"text": "11-15", "from": "11", "path": ["15"]}"#), StatusCode::BAD_REQUEST, "either").await;
    s.err("POST", m, Some(r#"{"text": "11-17"}"#), StatusCode::BAD_REQUEST, "illegal move").await;
    s.err("POST", m, Some(r#"{"text": "11-99"}"#), StatusCode::BAD_REQUEST, "not on the board").await;
    s.err("POST", m, Some(r#"{"text": "hello"}"#), StatusCode::BAD_REQUEST, "bad move").await;
    s.err("POST", m, Some(r#"{"from": "11", "path": []}"#), StatusCode::BAD_REQUEST, "landing squares").await;
    s.err("POST", m, Some(r#"{"from": "z9", "path": ["15"]}"#), StatusCode::BAD_REQUEST, "square \"z9\"").await;
    s.err("POST", m, Some(r#"{"from": "22", "path": ["18"]}"#), StatusCode::BAD_REQUEST, "legal moves are").await;
    s.err("POST", m, Some(r#"{"text": "11-15", "ply": 3}"#), StatusCode::CONFLICT, "ply").await;
    let long = format!(r#"{{"from": "11", "path": [{}]}}"#, vec!["\"15\""; 30].join(","));
    s.err("POST", m, Some(&long), StatusCode::BAD_REQUEST, "landing squares").await;
    // Nothing was played by any of these.
    assert_eq!(s.ok("GET", "/api/games/english", None).await["ply"], 0);
    s.err("GET", "/api/games/brazilian", None, StatusCode::NOT_FOUND, "unknown rule set").await;
    s.err("GET", "/api/games/chess", None, StatusCode::NOT_FOUND, "expected one of").await;
    s.err("POST", "/api/games/chess/move", Some(r#"{"text":"11-15"}"#), StatusCode::NOT_FOUND, "unknown rule set").await;
    s.err("GET", "/api/nothing", None, StatusCode::NOT_FOUND, "no such API endpoint").await;
}

#[tokio::test]
async fn a_piece_whose_capture_is_outranked_is_listed() {
    let s = server();
    // 32 could take 28, but 45 takes two (40, then 39) and the most must be taken.
    let mut body = two_player();
    body["position"] = json!("W:W32,45:B28,39,40");
    let g = s.ok("POST", "/api/games/international/new", Some(body)).await;
    assert_eq!(g["position"]["outranked"], json!(["32"]));
    assert_eq!(g["position"]["legal"][0]["from"], "45");
    // Free choice (English): h2 takes one, c3 two; both are legal, none is outranked.
    let mut body = two_player();
    body["position"] = json!("Light c3; Light h2; Dark d4; Dark d6; Dark g3. Light to move.");
    let g = s.ok("POST", "/api/games/english/new", Some(body)).await;
    assert_eq!(g["position"]["legal"].as_array().unwrap().len(), 2);
    assert_eq!(g["position"]["outranked"], json!([]));
}

#[tokio::test]
async fn capture_routes_that_differ_only_in_pieces_taken_are_both_playable() {
    let s = server();
    // Two captures from c1 (30) to c5 (14): over b2 and b4 via a3 (21), or over d2 and d4 via e3 (23).
    let mut body = two_player();
    body["position"] = json!("Light c1; Dark b2; Dark b4; Dark d2; Dark d4; Dark h8. Light to move.");
    let g = s.ok("POST", "/api/games/german/new", Some(body)).await;
    assert!(g["position"]["must_capture"].as_bool().unwrap());
    let mut legal: Vec<&str> = g["position"]["legal"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    legal.sort();
    assert_eq!(legal, ["30x21x14", "30x23x14"]);
    let via_e3 = g["position"]["legal"].as_array().unwrap().iter().find(|m| m["text"] == "30x23x14").unwrap();
    assert_eq!(via_e3["captured"], json!(["26", "18"]), "captured squares in hop order");
    // The route decides which move is played.
    let g = s.ok("POST", "/api/games/german/move", Some(json!({"from": "30", "path": ["23", "14"], "captured": ["26", "18"]}))).await;
    assert_eq!(g["last_move"]["text"], "30x23x14");
    assert_eq!(g["position"]["text"], "Light c5; Dark b2; Dark b4; Dark h8. Dark to move.");
    s.ok("POST", "/api/games/german/undo", None).await;
    // A captured list that does not match the route is refused.
    s.err("POST", "/api/games/german/move", Some(r#"{"from": "30", "path": ["21", "14"], "captured": ["26", "18"]}"#), StatusCode::BAD_REQUEST, "illegal move").await;
    let g = s.ok("POST", "/api/games/german/move", Some(json!({"from": "30", "path": ["21", "14"]}))).await;
    assert_eq!(g["last_move"]["captured"], json!(["25", "17"]));
}

#[tokio::test]
async fn undo_resign_and_their_errors() {
    let s = server();
    s.ok("POST", "/api/games/russian/new", Some(two_player())).await;
    s.err("POST", "/api/games/russian/undo", None, StatusCode::CONFLICT, "no move to undo").await;
    s.ok("POST", "/api/games/russian/move", Some(json!({"text": "c3-d4"}))).await;
    s.ok("POST", "/api/games/russian/move", Some(json!({"text": "f6-e5"}))).await;
    let g = s.ok("POST", "/api/games/russian/undo", None).await;
    assert_eq!(g["ply"], 1, "two players undo one ply");
    s.err("POST", "/api/games/russian/undo", Some("{\"ply\": 7}"), StatusCode::CONFLICT, "ply").await;
    s.err("POST", "/api/games/russian/undo", Some("{\"bogus\": 1}"), StatusCode::BAD_REQUEST, "unknown field").await;
    let g = s.ok("POST", "/api/games/russian/resign", None).await;
    assert_eq!(g["outcome"]["text"], "Light wins: Dark resigned");
    assert_eq!(g["outcome"]["reason"], "resignation");
    assert_eq!(g["position"]["legal"].as_array().unwrap().len(), 0);
    s.err("POST", "/api/games/russian/resign", None, StatusCode::CONFLICT, "game is over").await;
    s.err("POST", "/api/games/russian/move", Some(r#"{"text":"f6-e5"}"#), StatusCode::CONFLICT, "game is over").await;
    s.err("POST", "/api/games/russian/hint", None, StatusCode::CONFLICT, "game is over").await;
    // Undo lifts the resignation only: the move before it stays, and the next undo takes it back.
    let g = s.ok("POST", "/api/games/russian/undo", None).await;
    assert!(g["outcome"].is_null());
    assert_eq!(g["ply"], 1, "the resignation is taken back, not a move");
    assert_eq!(g["side_to_move"], "dark");
    assert!(!g["position"]["legal"].as_array().unwrap().is_empty());
    let g = s.ok("POST", "/api/games/russian/undo", None).await;
    assert_eq!(g["ply"], 0);
    // A resignation before any move is lifted too.
    let g = s.ok("POST", "/api/games/russian/resign", None).await;
    assert_eq!(g["outcome"]["reason"], "resignation");
    let g = s.ok("POST", "/api/games/russian/undo", None).await;
    assert!(g["outcome"].is_null());
    assert_eq!(g["ply"], 0);
}

#[tokio::test]
async fn against_the_computer_undo_goes_back_to_your_move() {
    let s = server();
    let g = s
        .ok("POST", "/api/games/international/new", Some(json!({"settings": {"mode": "computer", "level": 1, "human_side": "light", "turn_board": false}})))
        .await;
    assert_eq!(g["computer_to_move"], false);
    s.err("POST", "/api/games/international/computer", None, StatusCode::CONFLICT, "not the computer's turn").await;
    let g = s.ok("POST", "/api/games/international/move", Some(json!({"text": "32-28"}))).await;
    assert_eq!(g["computer_to_move"], true);
    s.err("POST", "/api/games/international/move", Some(r#"{"text":"19-23"}"#), StatusCode::CONFLICT, "computer's turn").await;
    s.err("POST", "/api/games/international/computer", Some(r#"{"ply": 0}"#), StatusCode::CONFLICT, "ply").await;
    let g = s.ok("POST", "/api/games/international/computer", Some(json!({"ply": 1}))).await;
    assert_eq!(g["ply"], 2);
    assert_eq!(g["moves"][1]["side"], "dark");
    let g = s.ok("POST", "/api/games/international/undo", None).await;
    assert_eq!(g["ply"], 0, "back to before your own move");
    s.err("POST", "/api/games/international/hint", Some(r#"{"ply": "one"}"#), StatusCode::BAD_REQUEST, "bad request body").await;
    s.err("POST", "/api/games/international/computer", Some("{\"level\": 3}"), StatusCode::BAD_REQUEST, "unknown field").await;
    let h = s.ok("POST", "/api/games/international/hint", None).await;
    let hint = h["move"]["text"].as_str().unwrap().to_string();
    assert!(g["position"]["legal"].as_array().unwrap().iter().any(|m| m["text"] == hint.as_str()));
}

#[tokio::test]
async fn the_computer_moves_first_when_you_play_the_second_side() {
    let s = server();
    let g = s
        .ok("POST", "/api/games/italian/new", Some(json!({"settings": {"mode": "computer", "level": 2, "human_side": "dark", "turn_board": false}})))
        .await;
    assert_eq!(g["computer_to_move"], true);
    let g = s.ok("POST", "/api/games/italian/computer", None).await;
    assert_eq!(g["ply"], 1);
    assert_eq!(g["side_to_move"], "dark");
}

#[tokio::test]
async fn new_game_set_up_and_bad_positions() {
    let s = server();
    let n = "/api/games/american/new";
    let g = s.ok("POST", n, Some(json!({"position": "Light c3; Light g3; Dark d4; Dark b8. Light to move."}))).await;
    let legal: Vec<&str> = g["position"]["legal"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(legal, ["22x15"]);
    assert_eq!(g["start_fen"], g["position"]["fen"]);
    let g = s.ok("POST", n, Some(json!({"position": "[FEN \"B:W21,22,K30:B1-12\"]"}))).await;
    assert_eq!(g["position"]["fen"], "B:W21,22,K30:B1-12", "a pasted FEN tag");
    let g = s.ok("POST", n, Some(json!({"position": "W:W21,22,K30:B1-12"}))).await;
    assert_eq!(g["position"]["fen"], "W:W21,22,K30:B1-12");
    s.err("POST", n, Some(r#"{"position": "Light z9; Dark d4."}"#), StatusCode::BAD_REQUEST, "z9").await;
    s.err("POST", n, Some(r#"{"position": "Light c4; Dark d5."}"#), StatusCode::BAD_REQUEST, "light square").await;
    s.err("POST", n, Some(r#"{"position": "Purple c3"}"#), StatusCode::BAD_REQUEST, "expected Light or Dark").await;
    s.err("POST", n, Some(r#"{"position": "W:W21,21:B1"}"#), StatusCode::BAD_REQUEST, "listed twice").await;
    s.err("POST", n, Some(r#"{"position": "X:W21:B1"}"#), StatusCode::BAD_REQUEST, "cannot set up").await;
    s.err("POST", n, Some(r#"{"position": "W:W5-20:B1-4,21-30"}"#), StatusCode::BAD_REQUEST, "at most 12").await;
    s.err("POST", n, Some(r#"{"position": "   "}"#), StatusCode::BAD_REQUEST, "empty").await;
    s.err("POST", n, Some(r#"{"settings": {"mode": "computer", "level": 9, "human_side": "light", "turn_board": false}}"#), StatusCode::BAD_REQUEST, "level 9").await;
    s.err("POST", n, Some(r#"{"settings": {"mode": "online"}}"#), StatusCode::BAD_REQUEST, "bad request body").await;
    // The game set up before the errors is still there.
    assert_eq!(s.ok("GET", "/api/games/american", None).await["position"]["fen"], "W:W21,22,K30:B1-12");
}

#[tokio::test]
async fn settings_and_clock() {
    let s = server();
    let g = s.ok("POST", "/api/games/turkish/settings", Some(json!({"level": 7, "turn_board": true}))).await;
    assert_eq!(g["settings"]["level"], 7);
    assert_eq!(g["settings"]["turn_board"], true);
    s.err("POST", "/api/games/turkish/settings", Some(r#"{"level": 0}"#), StatusCode::BAD_REQUEST, "level 0").await;
    s.err("POST", "/api/games/turkish/settings", Some(r#"{"level": "x"}"#), StatusCode::BAD_REQUEST, "bad request body").await;
    let g = s.ok("POST", "/api/games/turkish/clock", Some(json!({"running": true}))).await;
    assert_eq!(g["clock"]["running"], "light");
    tokio::time::sleep(std::time::Duration::from_millis(60)).await;
    let g = s.ok("POST", "/api/games/turkish/clock", Some(json!({"running": false}))).await;
    assert!(g["clock"]["running"].is_null());
    let light = g["clock"]["light_ms"].as_i64().unwrap();
    assert!(light >= 50, "{light}");
    assert_eq!(g["clock"]["total_ms"].as_i64().unwrap(), light);
    s.err("POST", "/api/games/turkish/clock", None, StatusCode::BAD_REQUEST, "missing field").await;
}

#[tokio::test]
async fn pdn_download_and_reading() {
    let s = server();
    s.ok("POST", "/api/games/english/new", Some(two_player())).await;
    s.ok("POST", "/api/games/english/move", Some(json!({"text": "11-15"}))).await;
    s.ok("POST", "/api/games/english/move", Some(json!({"text": "23-19"}))).await;
    let (status, ctype, pdn) = s.raw("GET", "/api/games/english/pdn", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("application/x-pdn"));
    assert!(pdn.contains("[GameType \"21\"]") && pdn.contains("1. 11-15 23-19"), "{pdn}");
    // The date the game began, in PDN's form and UTC; no Termination while it goes on.
    let date = pdn.lines().find_map(|l| l.strip_prefix("[Date \"")).and_then(|d| d.strip_suffix("\"]")).expect("a Date tag");
    assert!(date.len() == 10 && date.as_bytes()[4] == b'.' && date.as_bytes()[7] == b'.' && date.starts_with("20"), "{pdn}");
    assert!(!pdn.contains("[Termination"), "{pdn}");
    s.ok("POST", "/api/games/english/resign", None).await;
    let (_, _, over) = s.raw("GET", "/api/games/english/pdn", None).await;
    assert!(over.contains("[Termination \"Light wins: Dark resigned\"]") && over.contains("[Result \"1-0\"]"), "{over}");
    assert!(over.contains(&format!("[Date \"{date}\"]")), "the date stays the game's start: {over}");
    // Against the computer, its level is named with it.
    s.ok("POST", "/api/games/russian/new", Some(json!({"settings": {"mode": "computer", "level": 4, "human_side": "light", "turn_board": false}}))).await;
    let (_, _, vs) = s.raw("GET", "/api/games/russian/pdn", None).await;
    assert!(vs.contains("[White \"You\"]") && vs.contains("[Black \"Computer (level 4)\"]"), "{vs}");
    // Read it back and step through it.
    let r = s.ok("POST", "/api/pdn", Some(json!({"pdn": pdn}))).await;
    let game = &r["games"][0];
    assert_eq!(game["variant"], "english");
    assert_eq!(game["frames"].as_array().unwrap().len(), 3);
    assert_eq!(game["frames"][2]["move"]["text"], "23-19");
    assert!(game["error"].is_null());
    // Of a collection, every game is listed, and the positions come for the game asked for.
    let two = format!("{pdn}\n\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n");
    let r = s.ok("POST", "/api/pdn", Some(json!({"pdn": two}))).await;
    assert_eq!((r["framed"].as_u64(), r["games"].as_array().unwrap().len()), (Some(0), 2));
    assert_eq!((r["games"][1]["plies"].as_u64(), r["games"][1]["frames"].as_array().unwrap().len()), (Some(4), 0));
    let r = s.ok("POST", "/api/pdn", Some(json!({"pdn": two, "game": 1}))).await;
    assert_eq!((r["framed"].as_u64(), r["games"][0]["frames"].as_array().unwrap().len()), (Some(1), 0));
    assert_eq!(r["games"][1]["frames"][4]["move"]["text"], "14x23");
    assert_eq!((r["games"][0]["plies"].as_u64(), r["games"][0]["variant"].as_str()), (Some(2), Some("english")));
    s.err("POST", "/api/pdn", Some(&json!({"pdn": two, "game": 2}).to_string()), StatusCode::BAD_REQUEST, "has 2 game(s), numbered from 0").await;
    // A record without GameType needs the fallback rule set.
    let r = s.ok("POST", "/api/pdn", Some(json!({"pdn": "1. c3-d4 f6-e5 *"}))).await;
    assert!(r["games"][0]["error"].as_str().unwrap().contains("GameType"));
    let r = s.ok("POST", "/api/pdn", Some(json!({"pdn": "1. c3-d4 f6-e5 *", "variant": "russian"}))).await;
    assert_eq!(r["games"][0]["frames"].as_array().unwrap().len(), 3);
    // An illegal move stops the replay with a reason, keeping the moves before it.
    let r = s.ok("POST", "/api/pdn", Some(json!({"pdn": "[GameType \"21\"]\n1. 11-15 23-19 2. 15-10 *"}))).await;
    let g = &r["games"][0];
    assert!(g["error"].as_str().unwrap().contains("ply 3"), "{g}");
    assert_eq!(g["frames"].as_array().unwrap().len(), 3);
    s.err("POST", "/api/pdn", Some(r#"{"pdn": "hello world"}"#), StatusCode::BAD_REQUEST, "no game found").await;
    // A collection bigger than other bodies may be (3 MiB, over the 2 MiB of the rest) is read.
    let big = format!("[GameType \"21\"]\n{{{}}}\n1. 11-15 23-19 *", "a long note ".repeat(3 * 1024 * 1024 / 12));
    let (status, _, text) = s.raw("POST", "/api/pdn", Some(&json!({"pdn": big}).to_string())).await;
    assert_eq!(status, StatusCode::OK, "{}", &text[..text.len().min(300)]);
    let r: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(r["games"][0]["frames"].as_array().unwrap().len(), 3);
    s.err("POST", "/api/pdn", Some(r#"{"pdn": "1. 11-15 *", "variant": "chess"}"#), StatusCode::BAD_REQUEST, "unknown rule set").await;
    s.err("POST", "/api/pdn", Some(r#"{"text": "1. 11-15"}"#), StatusCode::BAD_REQUEST, "unknown field").await;
    s.err("GET", "/api/games/xx/pdn", None, StatusCode::NOT_FOUND, "unknown rule set").await;
}

#[tokio::test]
async fn position_referee() {
    let s = server();
    let r = s.ok("POST", "/api/position", Some(json!({"variant": "russian", "position": "Light b6; Dark c7; Dark f6. Light to move."}))).await;
    let legal: Vec<&str> = r["position"]["legal"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(legal.len(), 2);
    assert!(legal.contains(&"b6xd8xg5") && legal.contains(&"b6xd8xh4"));
    let r = s
        .ok("POST", "/api/position", Some(json!({"variant": "russian", "position": "Light b6; Dark c7; Dark f6. Light to move.", "move": {"from": "b6", "path": ["d8", "g5"]}})))
        .await;
    assert_eq!(r["played"]["captured"], json!(["c7", "f6"]));
    assert_eq!(r["played"]["promotes"], true);
    assert_eq!(r["outcome"]["text"], "Light wins: Dark has no pieces left");
    s.err("POST", "/api/position", Some(r#"{"variant": "russian", "position": "Light b6; Dark c7. Light to move.", "move": {"text": "b6-a7"}}"#), StatusCode::BAD_REQUEST, "illegal").await;
    s.err("POST", "/api/position", Some(r#"{"variant": "go", "position": "x"}"#), StatusCode::BAD_REQUEST, "unknown rule set").await;
    s.err("POST", "/api/position", Some(r#"{"variant": "english"}"#), StatusCode::BAD_REQUEST, "missing field").await;
    s.err("POST", "/api/position", Some(r#"{"variant": "english", "position": "W:W33:B1"}"#), StatusCode::BAD_REQUEST, "33").await;
}

#[tokio::test]
async fn pages_are_served_from_the_binary() {
    let s = server();
    let (status, ctype, body) = s.raw("GET", "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("text/html"));
    assert!(body.contains("<title>Draughts</title>"));
    // The entry module, and modules in the folders under web/js.
    for path in ["/js/main.js", "/js/views/game-view.js", "/js/transport/socket.js"] {
        let (status, ctype, _) = s.raw("GET", path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(ctype.contains("javascript"), "{path}: {ctype}");
    }
    let (status, _, _) = s.raw("GET", "/nope.js", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Every module is preloaded once, before the module script; the classic script is not.
    let modules = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/js/pages")).unwrap().count();
    assert!(modules >= 5);
    for m in ["js/pages/analysis.js", "js/views/board.js", "js/transport/ndjson.js", "js/game/move-tree.js", "js/i18n.js", "vendor/fluent-bundle/bundle.js"] {
        assert_eq!(body.matches(&format!("<link rel=\"modulepreload\" href=\"{m}\">")).count(), 1, "{m}: {body}");
    }
    assert!(!body.contains("modulepreload\" href=\"js/theme-boot.js"));
    assert!(body.rfind("modulepreload").unwrap() < body.find("<script type=\"module\"").unwrap());
    assert!(!body.contains("modulepreload\" href=\"js/main.js"), "the module script itself is not listed again");
}

#[tokio::test]
async fn text_files_are_sent_gzipped_to_browsers_that_take_it() {
    use std::io::Read;
    let s = server();
    let get = |enc: Option<&'static str>, etag: Option<String>| {
        let app = s.app.clone();
        async move {
            let mut req = Request::builder().uri("/js/main.js");
            if let Some(e) = enc {
                req = req.header("accept-encoding", e);
            }
            if let Some(t) = etag {
                req = req.header("if-none-match", t);
            }
            let res = app.oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
            let h = |n: &str| res.headers().get(n).map(|v| v.to_str().unwrap().to_string());
            let (status, encoding, etag, vary) = (res.status(), h("content-encoding"), h("etag"), h("vary"));
            let bytes = res.into_body().collect().await.unwrap().to_bytes().to_vec();
            (status, encoding, etag.unwrap_or_default(), vary, bytes)
        }
    };
    let (st, enc, plain_tag, vary, plain) = get(None, None).await;
    assert_eq!((st, enc, vary.as_deref()), (StatusCode::OK, None, Some("accept-encoding")));
    let (st, enc, gz_tag, _, gz) = get(Some("br, gzip;q=0.9, deflate"), None).await;
    assert_eq!((st, enc.as_deref()), (StatusCode::OK, Some("gzip")));
    assert_ne!(plain_tag, gz_tag, "each encoding has its own ETag");
    assert!(gz.len() * 2 < plain.len(), "{} bytes gzipped from {}", gz.len(), plain.len());
    let mut back = Vec::new();
    flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut back).unwrap();
    assert_eq!(back, plain);
    let (_, enc, ..) = get(Some("gzip;q=0"), None).await;
    assert_eq!(enc, None, "gzip refused with q=0");
    let (st, ..) = get(Some("gzip"), Some(gz_tag)).await;
    assert_eq!(st, StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn games_survive_a_restart_and_a_broken_save_is_reported_not_replaced() {
    let s = server();
    s.ok("POST", "/api/games/english/new", Some(two_player())).await;
    s.ok("POST", "/api/games/english/move", Some(json!({"text": "11-15"}))).await;
    s.ok("POST", "/api/games/italian/new", Some(two_player())).await;
    s.ok("POST", "/api/games/italian/move", Some(json!({"text": "22-18"}))).await;
    s.ok("POST", "/api/games/italian/move", Some(json!({"text": "11-15"}))).await;
    let path = s.path.clone();
    // A second server on the same file: as after a restart.
    let s = s.restart();
    let g = s.ok("GET", "/api/games/english", None).await;
    assert_eq!(g["moves"][0]["move"]["text"], "11-15");
    assert_eq!(g["settings"]["mode"], "two-player");
    let g = s.ok("GET", "/api/games/italian", None).await;
    assert_eq!(g["ply"], 2);
    // Break the saved italian game behind the server's back.
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute("UPDATE moves SET text = '30-26' WHERE owner = 'local/italian' AND ply = 2", []).unwrap();
    }
    let s = s.restart();
    s.err("GET", "/api/games/italian", None, StatusCode::CONFLICT, "cannot be read: move 2").await;
    s.err("POST", "/api/games/italian/move", Some(r#"{"text":"9-13"}"#), StatusCode::CONFLICT, "kept in the database").await;
    // Still stored as it was.
    let c = rusqlite::Connection::open(&path).unwrap();
    let n: i64 = c.query_row("SELECT count(*) FROM moves WHERE owner = 'local/italian'", [], |r| r.get(0)).unwrap();
    assert_eq!(n, 2);
    drop(c);
    // The english game is unaffected; a new italian game replaces the broken one on request.
    assert_eq!(s.ok("GET", "/api/games/english", None).await["ply"], 1);
    let g = s.ok("POST", "/api/games/italian/new", None).await;
    assert_eq!(g["ply"], 0);
    // A stored level no page can choose is reported, not played at another level.
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute("UPDATE games SET settings = replace(settings, '\"level\":1', '\"level\":99') WHERE owner = 'local/english'", []).unwrap();
    }
    let s = s.restart();
    s.err("GET", "/api/games/english", None, StatusCode::CONFLICT, "its computer level is 99, not 1 to 8").await;
}

/// Sends a request with the given headers; returns status and body text.
async fn with_headers(app: &Router, method: &str, uri: &str, headers: &[(&str, &str)], body: &str) -> (StatusCode, String) {
    let mut req = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    if !body.is_empty() {
        req = req.header("content-length", body.len().to_string());
    }
    let res = app.clone().oneshot(req.body(Body::from(body.to_string())).unwrap()).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn a_page_on_another_site_cannot_change_a_game() {
    let s = server();
    s.ok("POST", "/api/games/english/new", Some(two_player())).await;
    s.ok("POST", "/api/games/english/move", Some(json!({"text": "11-15"}))).await;
    let here = ("host", "127.0.0.1:8080");
    let new_game = two_player().to_string();
    // A form-like text/plain POST (which any page may send anywhere without asking).
    let (status, out) = with_headers(&s.app, "POST", "/api/games/english/new", &[here, ("content-type", "text/plain")], &new_game).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{out}");
    assert!(out.contains("application/json"), "{out}");
    // JSON from another origin, and a cross-site fetch without Origin.
    let evil = ("origin", "https://evil.example");
    let json_type = ("content-type", "application/json");
    for (uri, body) in [("/api/games/english/new", new_game.as_str()), ("/api/games/english/undo", ""), ("/api/games/english/resign", ""), ("/api/rooms", r#"{"variant":"english"}"#)] {
        let (status, out) = with_headers(&s.app, "POST", uri, &[here, evil, json_type], body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{uri}: {out}");
        assert!(out.contains("evil.example"), "{out}");
        let (status, _) = with_headers(&s.app, "POST", uri, &[here, ("sec-fetch-site", "cross-site"), json_type], body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{uri}");
    }
    // DNS rebinding: a page of evil.example made to resolve to this machine sends its own name.
    let (status, out) = with_headers(&s.app, "GET", "/api/games/english", &[("host", "evil.example:8080")], "").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{out}");
    assert!(out.contains("--public-url"), "{out}");
    let upgrade = [("host", "evil.example:8080"), ("origin", "http://evil.example:8080"), ("upgrade", "websocket"), ("connection", "upgrade")];
    let (status, _) = with_headers(&s.app, "GET", "/ws/rooms/abc", &upgrade, "").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Nothing changed: the game still has its move.
    assert_eq!(s.ok("GET", "/api/games/english", None).await["ply"], 1);
    // The server's own page, and a configured public name, are let in.
    let (status, out) = with_headers(&s.app, "POST", "/api/games/english/undo", &[here, ("origin", "http://127.0.0.1:8080")], "").await;
    assert_eq!(status, StatusCode::OK, "{out}");
    let dir = tempfile::tempdir().unwrap();
    let guard = draughts_server::guard::Guard::new(&["https://draughts.example.org/".to_string()]).unwrap();
    let public = draughts_server::app_with(draughts_server::AppState::open(&dir.path().join("p.sqlite3")).unwrap(), guard);
    let named = [("host", "draughts.example.org"), ("origin", "https://draughts.example.org"), json_type];
    let (status, out) = with_headers(&public, "POST", "/api/games/english/new", &named, &new_game).await;
    assert_eq!(status, StatusCode::OK, "{out}");
}

#[tokio::test]
async fn a_game_with_a_lost_move_is_reported_by_name_while_the_rest_loads() {
    let s = server();
    s.ok("POST", "/api/games/english/new", Some(two_player())).await;
    for text in ["11-15", "23-19", "8-11"] {
        s.ok("POST", "/api/games/english/move", Some(json!({ "text": text }))).await;
    }
    s.ok("POST", "/api/games/italian/new", Some(two_player())).await;
    s.ok("POST", "/api/games/italian/move", Some(json!({"text": "22-18"}))).await;
    // Move 2 of the english game is lost behind the server's back, while it is stopped.
    let s = s.restart_with(|path| {
        rusqlite::Connection::open(path).unwrap().execute("DELETE FROM moves WHERE owner = 'local/english' AND ply = 2", []).unwrap();
    });
    let (status, v) = s.json("GET", "/api/games/english", None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    let msg = v["error"].as_str().unwrap();
    assert!(msg.contains("english") && msg.contains("move 2"), "the message names the game and the move: {msg}");
    assert!(!msg.contains("move it away") && !msg.contains("--db"), "the advice concerns this game, not the database: {msg}");
    s.err("POST", "/api/games/english/move", Some(r#"{"text":"24-20"}"#), StatusCode::CONFLICT, "english").await;
    // Every other game and the rooms still work.
    assert_eq!(s.ok("GET", "/api/games/italian", None).await["ply"], 1);
    let (status, v) = s.json("POST", "/api/rooms", Some(json!({"variant": "english"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    // The stored moves are kept until the player starts a new game.
    let n: i64 = rusqlite::Connection::open(&s.path)
        .unwrap()
        .query_row("SELECT count(*) FROM moves WHERE owner = 'local/english'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 2);
    assert_eq!(s.ok("POST", "/api/games/english/new", None).await["ply"], 0);
    assert_eq!(s.ok("GET", "/api/games/english", None).await["ply"], 0);
}

/// International: three light pieces (two men and a king) against a lone dark king, Light to
/// move: the FMJD's 16-move count of article 6.4 begins at once.
const LONE_KING_FEN: &str = "W:W46,47,K45:BK1";
/// 34 plies in which nothing can be captured and every light move is a man's (so no position
/// repeats and the simplified quiet-move counter keeps resetting): under the FMJD's rules the
/// 32nd half-move draws.
const LONE_KING_LINE: &str = "47-41 1-6 41-36 6-1 36-31 1-6 31-26 6-1 26-21 1-6 21-16 6-1 16-11 1-6 11-7 6-1 7-2 1-6 \
     46-41 6-1 41-36 1-6 36-31 6-1 31-26 1-6 26-21 6-1 21-17 1-6 17-12 6-1 12-8 1-6";

fn international(draw_rules: Option<&str>) -> Value {
    let mut settings = json!({ "mode": "two-player", "level": 1, "human_side": "light", "turn_board": false });
    if let Some(d) = draw_rules {
        settings["draw_rules"] = json!(d);
    }
    json!({ "settings": settings, "position": LONE_KING_FEN })
}

#[tokio::test]
async fn the_fmjd_draw_rules_are_a_setting_taken_when_a_game_starts_and_kept_across_a_restart() {
    let s = server();
    // What the rule sets offer.
    let vs = s.ok("GET", "/api/variants", None).await;
    let of = |id: &str| vs.as_array().unwrap().iter().find(|v| v["id"] == id).unwrap().clone();
    assert_eq!(of("international")["draw_rules"], json!(["simplified", "fmjd"]));
    assert!(of("international")["summary_fmjd"].to_string().contains("Draws: the FMJD's rules (article 6)"));
    assert_eq!((of("english")["draw_rules"].clone(), of("english")["summary_fmjd"].clone()), (json!(["simplified"]), Value::Null));
    // A new game under the FMJD's rules.
    let n = "/api/games/international/new";
    let g = s.ok("POST", n, Some(international(Some("fmjd")))).await;
    assert_eq!((g["draw_rules"].as_str(), g["settings"]["draw_rules"].as_str()), (Some("fmjd"), Some("fmjd")));
    assert_eq!(g["lone_king"], json!({ "count": 0, "limit": 32 }));
    assert_eq!(g["quiet_limit"], 50, "article 6.3's 25 king moves each");
    assert_eq!(g["quiet_reset"], "man-move");
    // The rules of a game in progress do not change; its own rules are no change.
    let set = "/api/games/international/settings";
    s.err("POST", set, Some(r#"{"draw_rules": "simplified"}"#), StatusCode::CONFLICT, "change with a new game").await;
    s.err("POST", set, Some(r#"{"draw_rules": "official"}"#), StatusCode::BAD_REQUEST, "unknown draw rules").await;
    assert_eq!(s.ok("POST", set, Some(json!({ "draw_rules": "fmjd", "level": 3 }))).await["settings"]["level"], 3);
    let line: Vec<&str> = LONE_KING_LINE.split_whitespace().collect();
    for (i, mv) in line[..32].iter().enumerate() {
        let g = s.ok("POST", "/api/games/international/move", Some(json!({ "text": mv }))).await;
        if i < 31 {
            assert!(g["outcome"].is_null(), "ply {}: {}", i + 1, g["outcome"]);
            assert_eq!(g["lone_king"]["count"], i + 1);
        } else {
            assert_eq!(g["outcome"]["reason"], "fmjd-lone-king-16");
            assert_eq!(g["outcome"]["result"], "1/2-1/2");
            assert!(g["outcome"]["text"].as_str().unwrap().contains("16 moves each"), "{}", g["outcome"]);
        }
    }
    s.err("POST", "/api/games/international/move", Some(&json!({ "text": line[32] }).to_string()), StatusCode::CONFLICT, "game is over").await;
    let (status, _, pdn) = s.raw("GET", "/api/games/international/pdn", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(pdn.contains("[DrawRules \"FMJD\"]") && pdn.contains("[Result \"1/2-1/2\"]"), "{pdn}");
    // The PDN viewer reads the game back under its rules.
    let back = s.ok("POST", "/api/pdn", Some(json!({ "pdn": pdn }))).await;
    assert!(back["games"][0]["outcome"].as_str().unwrap().contains("FMJD rule 6.4"), "{back}");
    // After a restart on the same database the game and the setting are as they were.
    let s = s.restart();
    let g = s.ok("GET", "/api/games/international", None).await;
    assert_eq!((g["draw_rules"].as_str(), g["settings"]["draw_rules"].as_str(), g["ply"].as_u64()), (Some("fmjd"), Some("fmjd"), Some(32)));
    assert_eq!(g["outcome"]["reason"], "fmjd-lone-king-16");
    // A new game without settings keeps the table's, the draw rules included.
    let g = s.ok("POST", n, Some(json!({ "position": LONE_KING_FEN }))).await;
    assert_eq!(g["draw_rules"], "fmjd");
    // The same play under the default (simplified) rules does not draw.
    let g = s.ok("POST", n, Some(international(None))).await;
    assert_eq!((g["draw_rules"].as_str(), g["settings"]["draw_rules"].as_str()), (Some("simplified"), Some("simplified")));
    assert!(g["lone_king"].is_null());
    for mv in &line {
        let g = s.ok("POST", "/api/games/international/move", Some(json!({ "text": mv }))).await;
        assert!(g["outcome"].is_null(), "after {mv}: {}", g["outcome"]);
    }
    let (_, _, pdn) = s.raw("GET", "/api/games/international/pdn", None).await;
    assert!(!pdn.contains("DrawRules"), "{pdn}");
}

#[tokio::test]
async fn the_fmjd_draw_rules_are_refused_for_other_rule_sets() {
    let s = server();
    let fmjd = r#"{"settings": {"mode": "two-player", "level": 1, "human_side": "light", "turn_board": false, "draw_rules": "fmjd"}}"#;
    s.err("POST", "/api/games/english/new", Some(fmjd), StatusCode::BAD_REQUEST, "only international draughts has the FMJD's").await;
    s.err("POST", "/api/games/english/settings", Some(r#"{"draw_rules": "fmjd"}"#), StatusCode::BAD_REQUEST, "not available for English").await;
    let bad = r#"{"settings": {"mode": "two-player", "level": 1, "human_side": "light", "turn_board": false, "draw_rules": "strict"}}"#;
    s.err("POST", "/api/games/international/new", Some(bad), StatusCode::BAD_REQUEST, "unknown draw rules").await;
    // Nothing changed: the english table is under its own rules.
    let g = s.ok("GET", "/api/games/english", None).await;
    assert_eq!((g["draw_rules"].as_str(), g["settings"]["draw_rules"].as_str()), (Some("simplified"), Some("simplified")));
}

#[tokio::test]
async fn the_computer_plays_a_game_under_the_fmjd_draw_rules_by_them() {
    let s = server();
    let settings = json!({ "mode": "computer", "level": 1, "human_side": "dark", "turn_board": false, "draw_rules": "fmjd" });
    let g = s.ok("POST", "/api/games/international/new", Some(json!({ "settings": settings, "position": LONE_KING_FEN }))).await;
    assert_eq!(g["computer_to_move"], true);
    let g = s.ok("POST", "/api/games/international/computer", Some(json!({ "ply": 0 }))).await;
    assert_eq!((g["ply"].as_u64(), g["draw_rules"].as_str()), (Some(1), Some("fmjd")));
    // The lone-king count goes on (or the computer took the king and won).
    assert!(g["lone_king"]["count"] == 1 || g["outcome"]["winner"] == "light", "{}", g["lone_king"]);
}

/// The solution of the embedded puzzle at `fen` (the data file, as the miner wrote it).
fn solution_of(variant: &str, fen: &str) -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles/");
    let text = std::fs::read_to_string(format!("{path}{variant}.jsonl")).unwrap();
    let line = text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()).find(|l| l["fen"] == fen).expect("the puzzle's line");
    line["solution"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn puzzles_are_judged_on_the_server_and_rate_the_player() {
    let s = server();
    let next = s.ok("GET", "/api/puzzles/russian/next", None).await;
    assert_eq!((next["standing"]["rating"].as_i64(), next["standing"]["streak"].as_i64()), (Some(1500), Some(0)));
    let p = &next["puzzle"];
    let id = p["id"].as_str().unwrap().to_string();
    assert!(p.get("solution").is_none(), "the page is not sent the solution: {p}");
    assert_eq!(p["side"], p["position"]["side_to_move"]);
    let line = solution_of("russian", p["position"]["fen"].as_str().unwrap());
    let uri = format!("/api/puzzles/russian/{id}/attempt");
    assert_eq!(s.ok("GET", &format!("/api/puzzles/russian/{id}"), None).await["puzzle"]["id"], id.as_str());
    // The hint names the piece of the first move.
    let hint = s.ok("POST", &format!("/api/puzzles/russian/{id}/hint"), Some(json!({ "moves": [] }))).await;
    assert!(line[0].starts_with(hint["from"].as_str().unwrap()), "{hint} for {line:?}");
    // Move by move: each right move is answered with the forced reply, nothing is stored.
    let mine: Vec<Value> = line.iter().step_by(2).map(|m| json!({ "text": m })).collect();
    for k in 1..mine.len() {
        let r = s.ok("POST", &uri, Some(json!({ "moves": mine[..k] }))).await;
        assert_eq!(r["verdict"], "right", "{r}");
        assert_eq!(r["reply"]["text"], line[2 * k - 1].as_str());
        assert_eq!((r["rated"].as_bool(), r["solution"].is_null()), (Some(false), true));
    }
    let solved = s.ok("POST", &uri, Some(json!({ "moves": mine }))).await;
    assert_eq!((solved["verdict"].as_str(), solved["rated"].as_bool()), (Some("solved"), Some(true)), "{solved}");
    assert_eq!(solved["standing"]["streak"], 1);
    assert!(solved["standing"]["rating"].as_i64().unwrap() > 1500 && solved["change"].as_i64().unwrap() > 0, "{solved}");
    assert_eq!(solved["solution"].as_array().unwrap().len(), line.len());
    // A retry of the same puzzle is judged but not rated again.
    let retry = s.ok("POST", &uri, Some(json!({ "moves": mine }))).await;
    assert_eq!((retry["rated"].as_bool(), &retry["standing"]), (Some(false), &solved["standing"]));
    // The next puzzle is another one; a wrong first move ends it, shows the solution, costs rating.
    let other = s.ok("GET", "/api/puzzles/russian/next", None).await;
    let other_id = other["puzzle"]["id"].as_str().unwrap().to_string();
    assert_ne!(other_id, id);
    let other_line = solution_of("russian", other["puzzle"]["position"]["fen"].as_str().unwrap());
    let legal = other["puzzle"]["position"]["legal"].as_array().unwrap();
    let wrong = legal.iter().map(|m| m["text"].as_str().unwrap()).find(|m| *m != other_line[0]).expect("a second legal move");
    let missed = s.ok("POST", &format!("/api/puzzles/russian/{other_id}/attempt"), Some(json!({ "moves": [{ "text": wrong }] }))).await;
    assert_eq!(missed["verdict"], "wrong", "{missed}");
    assert_eq!(missed["played"][0]["text"], wrong);
    assert_eq!(missed["solution"][0]["text"], other_line[0].as_str());
    assert_eq!(missed["standing"]["streak"], 0);
    assert!(missed["change"].as_i64().unwrap() < 0);
    assert_eq!(missed["position"]["legal"], json!([]));
    // The standing is kept in the database, per rule set.
    let s = s.restart();
    let after = s.ok("GET", &format!("/api/puzzles/russian/{id}"), None).await;
    assert_eq!(after["standing"], missed["standing"]);
    assert_eq!(after["standing"]["attempts"], 2);
    assert_eq!(s.ok("GET", "/api/puzzles/english/next", None).await["standing"]["attempts"], 0);
}

#[tokio::test]
async fn puzzle_errors_have_their_codes() {
    let s = server();
    // A rule set without a puzzle file says so; while every rule set has one, each offers a puzzle.
    let ids = ["english", "american", "german", "russian", "international", "turkish", "italian"];
    let has_file = |id: &str| std::path::Path::new(&format!("{}/data/puzzles/{id}.jsonl", env!("CARGO_MANIFEST_DIR"))).exists();
    for id in ids {
        let uri = format!("/api/puzzles/{id}/next");
        if has_file(id) {
            assert_eq!(s.ok("GET", &uri, None).await["puzzle"]["variant"], id);
        } else {
            let none = s.coded("GET", &uri, None, StatusCode::NOT_FOUND, "no_puzzles").await;
            assert_eq!(none["args"]["variant"], id);
        }
    }
    s.coded("GET", "/api/puzzles/chess/next", None, StatusCode::NOT_FOUND, "not_found").await;
    s.coded("GET", "/api/puzzles/russian/000000000000", None, StatusCode::NOT_FOUND, "no_such_puzzle").await;
    let p = s.ok("GET", "/api/puzzles/russian/next", None).await;
    let id = p["puzzle"]["id"].as_str().unwrap();
    let uri = format!("/api/puzzles/russian/{id}/attempt");
    s.coded("POST", &uri, Some(r#"{"moves": [{"text": "a1-h8"}]}"#), StatusCode::BAD_REQUEST, "bad_request").await;
    s.coded("POST", &uri, Some(r#"{"solved": true}"#), StatusCode::BAD_REQUEST, "bad_request").await;
    // Asking for the solution ends the attempt unsolved.
    let shown = s.ok("POST", &uri, Some(json!({ "show": true }))).await;
    assert_eq!((shown["verdict"].as_str(), shown["rated"].as_bool()), (Some("shown"), Some(true)));
    assert!(!shown["solution"].as_array().unwrap().is_empty());
    let legal = p["puzzle"]["position"]["legal"].as_array().unwrap();
    let line = solution_of("russian", p["puzzle"]["position"]["fen"].as_str().unwrap());
    let wrong = legal.iter().map(|m| m["text"].as_str().unwrap()).find(|m| *m != line[0]).unwrap();
    let body = json!({ "moves": [{ "text": wrong }] }).to_string();
    s.coded("POST", &format!("/api/puzzles/russian/{id}/hint"), Some(&body), StatusCode::CONFLICT, "puzzle_off_line").await;
}

#[tokio::test]
async fn the_guides_in_the_language_asked_for() {
    let s = server();
    let (_, _, english) = s.raw("GET", "/api/guides", None).await;
    assert_eq!(english, draughts_server::GUIDES_JSON);
    let (_, _, russian) = s.raw("GET", "/api/guides?lang=ru", None).await;
    let ru: Value = serde_json::from_str(&russian).unwrap();
    let en: Value = serde_json::from_str(&english).unwrap();
    assert_ne!(ru["guides"]["russian"]["sections"]["setup"], en["guides"]["russian"]["sections"]["setup"]);
    assert_eq!(ru["guides"]["russian"]["examples"][0]["position"], en["guides"]["russian"]["examples"][0]["position"]);
    // A language without a translation, or a query the server does not know, gets English.
    for q in ["?lang=de", "?lang=", "?l=ru", "?lang=ru%00"] {
        let (status, _, body) = s.raw("GET", &format!("/api/guides{q}"), None).await;
        assert_eq!((status, body == english), (StatusCode::OK, true), "{q}");
    }
}
