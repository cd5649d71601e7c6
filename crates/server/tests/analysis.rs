//! The analysis board's and the review's endpoints (docs/api.md): NDJSON streams, their bad
//! requests, the bound on long searches, and stopping when the client goes away.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tower::ServiceExt;

struct Server {
    app: Router,
    state: draughts_server::AppState,
    _dir: tempfile::TempDir,
}

fn server() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let state = draughts_server::AppState::open(&dir.path().join("test.sqlite3")).unwrap();
    Server { app: draughts_server::app(state.clone()), state, _dir: dir }
}

/// An open NDJSON response, read line by line.
struct Stream {
    body: Body,
    buf: Vec<u8>,
}

impl Stream {
    async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=i).collect();
                return Some(serde_json::from_slice(&line).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&line))));
            }
            let frame = tokio::time::timeout(Duration::from_secs(60), self.body.frame()).await.expect("a line within a minute")?;
            if let Ok(data) = frame.unwrap().into_data() {
                self.buf.extend_from_slice(&data);
            }
        }
    }

    async fn all(mut self) -> Vec<Value> {
        let mut out = Vec::new();
        while let Some(v) = self.next().await {
            out.push(v);
        }
        out
    }
}

impl Server {
    async fn post(&self, uri: &str, body: Value) -> (StatusCode, String, Body) {
        let req = Request::builder().method("POST").uri(uri).header("content-type", "application/json").body(Body::from(body.to_string())).unwrap();
        let res = self.app.clone().oneshot(req).await.unwrap();
        let ctype = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        (res.status(), ctype, res.into_body())
    }

    async fn stream(&self, uri: &str, body: Value) -> Stream {
        let (status, ctype, response) = self.post(uri, body.clone()).await;
        if status != StatusCode::OK {
            let bytes = response.collect().await.unwrap().to_bytes();
            panic!("{uri} {body}: {status} {}", String::from_utf8_lossy(&bytes));
        }
        assert_eq!(ctype, "application/x-ndjson");
        Stream { body: response, buf: Vec::new() }
    }

    async fn refused(&self, uri: &str, body: Value, status: StatusCode, needle: &str) {
        let (s, ctype, b) = self.post(uri, body.clone()).await;
        let bytes = b.collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes);
        assert_eq!(s, status, "{body}: {text}");
        assert!(ctype.starts_with("application/json"));
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["error"].as_str().unwrap().contains(needle), "{body}: {text} should say {needle:?}");
    }
}

#[tokio::test]
async fn lines_stream_in_deepening_iterations_and_end_with_the_time() {
    let s = server();
    let events = s.stream("/api/analysis", json!({"variant": "english", "lines": 3, "max_ms": 300})).await.all().await;
    assert_eq!(events[0]["type"], "position");
    assert_eq!(events[0]["position"]["side_to_move"], "dark");
    let legal: Vec<&str> = events[0]["position"]["legal"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    let lines: Vec<&Value> = events.iter().filter(|e| e["type"] == "lines").collect();
    assert!(lines.len() >= 3, "several iterations in 300 ms: {}", lines.len());
    let mut depth = 0;
    for e in &lines {
        assert!(e["depth"].as_u64().unwrap() > depth, "deeper each time");
        depth = e["depth"].as_u64().unwrap();
        assert_eq!(e["side_to_move"], "dark");
        let ls = e["lines"].as_array().unwrap();
        assert_eq!(ls.len(), 3);
        for l in ls {
            assert!(legal.contains(&l["moves"][0]["text"].as_str().unwrap()));
            assert!(l["score"]["cp"].is_i64() || l["score"]["win"].is_i64() || l["score"]["loss"].is_i64(), "{l}");
        }
    }
    let done = events.last().unwrap();
    assert_eq!(done["type"], "done");
    assert_eq!(done["reason"], "time");
}

#[tokio::test]
async fn a_position_with_moves_played_and_a_won_ending() {
    let s = server();
    // After 11-15 23-19 Dark is to move; the line's first move is Dark's.
    let events = s.stream("/api/analysis", json!({"variant": "english", "moves": ["11-15", "23-19"], "lines": 2, "max_ms": 200})).await.all().await;
    assert_eq!(events[0]["position"]["side_to_move"], "dark");
    assert!(events.iter().any(|e| e["type"] == "lines"));
    // Two kings against one in a corner-free spot: the engine sees the win, in half-moves.
    let events = s.stream("/api/analysis", json!({"variant": "english", "fen": "W:WK10,K14:BK23", "lines": 1, "max_ms": 3000})).await.all().await;
    let last = events.iter().rev().find(|e| e["type"] == "lines").unwrap();
    assert!(last["lines"][0]["score"]["win"].as_i64().unwrap() > 0, "{last}");
    assert_eq!(events.last().unwrap()["reason"], "depth", "a proven win ends the analysis early");
    // A game that is over: the position, then done.
    let events = s.stream("/api/analysis", json!({"variant": "english", "fen": "W:W29:B25,22"})).await.all().await;
    assert_eq!(events.len(), 2);
    assert!(events[0]["outcome"]["text"].as_str().unwrap().contains("Dark wins"));
    assert_eq!(events[1], json!({"type": "done", "reason": "over"}));
}

#[tokio::test]
async fn bad_analysis_requests_are_refused_with_reasons() {
    let s = server();
    s.refused("/api/analysis", json!({"variant": "chess"}), StatusCode::BAD_REQUEST, "unknown rule set \"chess\"").await;
    s.refused("/api/analysis", json!({"variant": "english", "lines": 9}), StatusCode::BAD_REQUEST, "lines must be 1 to 5").await;
    s.refused("/api/analysis", json!({"variant": "english", "max_ms": 5}), StatusCode::BAD_REQUEST, "max_ms must be 100 to 60000").await;
    s.refused("/api/analysis", json!({"variant": "english", "fen": "W:W99:B1"}), StatusCode::BAD_REQUEST, "cannot set up").await;
    s.refused("/api/analysis", json!({"variant": "english", "moves": ["11-15", "11-15"]}), StatusCode::BAD_REQUEST, "move 2: move 11-15: illegal").await;
    s.refused("/api/analysis", json!({"variant": "english", "draw_rules": "fmjd"}), StatusCode::BAD_REQUEST, "only international").await;
    s.refused("/api/analysis", json!({"variant": "english", "depth": 3}), StatusCode::BAD_REQUEST, "unknown field `depth`").await;
    let (status, _, _) = s.post("/api/analysis", json!("not an object")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn long_searches_are_bounded_and_stop_when_the_client_goes() {
    let s = server();
    let n = s.state.engine.long_capacity();
    let mut open = Vec::new();
    for _ in 0..n {
        let mut st = s.stream("/api/analysis", json!({"variant": "international", "max_ms": 60000})).await;
        assert_eq!(st.next().await.unwrap()["type"], "position");
        assert_eq!(st.next().await.unwrap()["type"], "lines");
        open.push(st);
    }
    s.refused("/api/analysis", json!({"variant": "international"}), StatusCode::SERVICE_UNAVAILABLE, "busy").await;
    s.refused("/api/review", json!({"variant": "english", "moves": ["11-15"]}), StatusCode::SERVICE_UNAVAILABLE, "busy").await;
    // The computer's moves still find a searcher.
    let req = Request::builder().method("POST").uri("/api/games/english/hint").header("content-type", "application/json").body(Body::from("{}")).unwrap();
    let res = s.app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    // Closing the streams frees their searchers within moments, not a minute: the next
    // analysis, asked at once (as a page that moves on does), is served.
    drop(open);
    let t = Instant::now();
    let (status, _, body) = s.post("/api/analysis", json!({"variant": "english", "max_ms": 100})).await;
    drop(body);
    assert_eq!(status, StatusCode::OK);
    assert!(t.elapsed() < Duration::from_secs(2), "the searches went on after their clients left");
}

/// The shape of a review, on the first moves of a common English opening.
#[tokio::test]
async fn a_review_streams_progress_then_every_move_judged() {
    let s = server();
    let moves = ["11-15", "22-18", "15x22", "25x18", "8-11", "29-25", "4-8", "25-22", "12-16", "24-20"];
    let events = s.stream("/api/review", json!({"variant": "english", "moves": moves, "ms_per_move": 50})).await.all().await;
    let progress: Vec<(u64, u64)> = events.iter().filter(|e| e["type"] == "progress").map(|e| (e["done"].as_u64().unwrap(), e["total"].as_u64().unwrap())).collect();
    assert_eq!(progress, (1..=11).map(|d| (d, 11)).collect::<Vec<_>>());
    let review = events.iter().find(|e| e["type"] == "review").expect("the review");
    assert_eq!(events.last().unwrap()["type"], "done");
    let plies = review["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 10);
    assert_eq!(plies[0]["side"], "dark");
    assert_eq!(plies[0]["number"], 1);
    assert_eq!(plies[1]["number"], 1);
    assert_eq!(plies[2]["number"], 2);
    assert_eq!(plies[2]["played"]["text"], "15x22");
    // 15x22 is the only capture: forced.
    assert_eq!(plies[2]["class"], "forced");
    for p in plies {
        let class = p["class"].as_str().unwrap();
        assert!(["best", "good", "inaccuracy", "mistake", "blunder", "forced"].contains(&class));
        let loss = p["loss"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&loss));
        assert_eq!(p["best_line"][0], p["best"]);
    }
    assert_eq!(review["evals"].as_array().unwrap().len(), 11);
    assert_eq!(review["chances"].as_array().unwrap().len(), 11);
    let acc = review["accuracy"]["light"].as_f64().unwrap();
    assert!((0.0..=100.0).contains(&acc));
}

/// An English game found by the engine: good moves, then at ply 6 Dark's worst move by a
/// search of every root move (it gives a man away), then good moves again.
fn blunder_game() -> (Vec<String>, usize) {
    use draughts_engine::{Limits, Searcher};
    use draughts_rules::{notation::movetext, Game, Variant};
    let mut game = Game::new(Variant::English);
    let mut s = Searcher::new(4);
    let mut texts = Vec::new();
    let mut blunder = None;
    while game.ply() < 12 {
        let mv = if game.ply() >= 6 && blunder.is_none() {
            let scored = s.score_root_moves(&game, 6, &Limits::default(), None);
            match scored.last() {
                Some(&(worst, score)) if scored.len() >= 3 && scored[0].1 - score >= 150 => {
                    blunder = Some(game.ply());
                    worst
                }
                _ => s.search(&game, &Limits::depth(6), None, &mut |_| {}).best.unwrap(),
            }
        } else {
            s.search(&game, &Limits::depth(6), None, &mut |_| {}).best.unwrap()
        };
        texts.push(movetext::write(Variant::English, &mv));
        game.play(&mv).unwrap();
    }
    (texts, blunder.expect("a move that gives a man away"))
}

#[tokio::test]
async fn a_review_marks_a_blunder_at_its_move() {
    let s = server();
    let (moves, at) = blunder_game();
    let events = s.stream("/api/review", json!({"variant": "english", "moves": moves, "ms_per_move": 200})).await.all().await;
    let review = events.iter().find(|e| e["type"] == "review").expect("the review");
    let plies = review["plies"].as_array().unwrap();
    let marked = &plies[at];
    assert!(marked["class"] == "blunder" || marked["class"] == "mistake", "{moves:?} at {at}: {marked}");
    assert_ne!(marked["best"]["text"], marked["played"]["text"]);
    let worst = plies.iter().map(|p| p["loss"].as_f64().unwrap()).fold(0.0, f64::max);
    assert_eq!(worst, marked["loss"].as_f64().unwrap(), "no other move is judged worse: {review}");
    let side = marked["side"].as_str().unwrap();
    let other = if side == "light" { "dark" } else { "light" };
    assert!(review["accuracy"][side].as_f64().unwrap() < review["accuracy"][other].as_f64().unwrap());
}

#[tokio::test]
async fn reviews_of_pdn_games_and_bad_review_requests() {
    let s = server();
    let pdn = "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n\n[GameType \"20\"]\n1. 32-28 19-23 *\n";
    let events = s.stream("/api/review", json!({"pdn": pdn, "game": 1, "ms_per_move": 50})).await.all().await;
    let review = events.iter().find(|e| e["type"] == "review").unwrap();
    assert_eq!(review["variant"], "international");
    assert_eq!(review["plies"].as_array().unwrap().len(), 2);
    assert_eq!((review["moves_after_end"].as_u64(), review["outcome"].is_null()), (Some(0), true));
    // A record that goes on after our rules drew it (the set-up position a third time at ply 8)
    // is reviewed up to the draw, and says how many moves came after.
    let repeated = "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:WK29:BK4\"]\n1. 4-8 29-25 2. 8-4 25-29 3. 4-8 29-25 4. 8-4 25-29 5. 4-8 29-25 *\n";
    let events = s.stream("/api/review", json!({"pdn": repeated, "ms_per_move": 50})).await.all().await;
    let review = events.iter().find(|e| e["type"] == "review").unwrap_or_else(|| panic!("{events:?}"));
    assert_eq!(review["plies"].as_array().unwrap().len(), 8);
    assert_eq!(review["moves_after_end"], 2);
    assert_eq!(review["outcome"]["reason"], "threefold");
    s.refused("/api/review", json!({"pdn": pdn, "game": 5}), StatusCode::BAD_REQUEST, "has 2 game(s)").await;
    s.refused("/api/review", json!({"pdn": "no moves here"}), StatusCode::BAD_REQUEST, "no game found").await;
    s.refused("/api/review", json!({"pdn": pdn, "moves": ["11-15"]}), StatusCode::BAD_REQUEST, "not both").await;
    s.refused("/api/review", json!({"moves": ["11-15"]}), StatusCode::BAD_REQUEST, "give \"variant\"").await;
    s.refused("/api/review", json!({"variant": "english", "moves": ["11-15", "22-18", "bad"]}), StatusCode::BAD_REQUEST, "move 3").await;
    s.refused("/api/review", json!({"variant": "english", "moves": [], "ms_per_move": 10}), StatusCode::BAD_REQUEST, "ms_per_move must be 50 to 2000").await;
}

#[tokio::test]
async fn a_position_set_up_by_hand_refuses_a_man_on_its_far_row() {
    let s = server();
    let (status, _, body) = s.post("/api/position", json!({"variant": "english", "position": "W:W2,21:B12", "by_hand": true})).await;
    let text = String::from_utf8_lossy(&body.collect().await.unwrap().to_bytes()).into_owned();
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("a light man cannot stand on 2"), "{text}");
    // From a file (by_hand left out) it is accepted, and by hand a king there is fine.
    let (status, _, _) = s.post("/api/position", json!({"variant": "english", "position": "W:W2,21:B12"})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = s.post("/api/position", json!({"variant": "english", "position": "W:WK2,21:B12", "by_hand": true})).await;
    assert_eq!(status, StatusCode::OK);
    // A new game set up by hand is refused the same way, and its saved game is kept.
    let (status, _, body) = s.post("/api/games/russian/new", json!({"position": "W:Wa1:Bc1,h8", "by_hand": true})).await;
    let text = String::from_utf8_lossy(&body.collect().await.unwrap().to_bytes()).into_owned();
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("a dark man cannot stand on c1"), "{text}");
}
