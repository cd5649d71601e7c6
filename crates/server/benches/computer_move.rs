//! Benchmark: the computer's move through the HTTP API at the default level, in every rule set
//! (issue 3's yardstick: within 1 second). Run with `cargo bench -p draughts-server`.
//!
//! For each rule set it plays a game: the "person" always takes the first legal move, the
//! computer answers through `POST /api/games/{variant}/computer`; each answer is timed, request
//! handling and storage included.

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tower::ServiceExt;

const PLIES: usize = 24;

async fn post(app: &axum::Router, uri: &str, body: Value) -> Value {
    let req = Request::post(uri).header("content-type", "application/json").body(Body::from(body.to_string())).unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(status.is_success(), "{uri}: {v}");
    v
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let state = draughts_server::AppState::open(&dir.path().join("bench.sqlite3")).unwrap();
        let app = draughts_server::app(state);
        let level = draughts_server::table::default_level();
        println!("computer move through the API, level {level} (default), {PLIES} plies per rule set");
        let mut all = Vec::new();
        for v in draughts_rules::Variant::OFFERED {
            let id = v.id();
            let settings = json!({"mode": "computer", "level": level, "human_side": "dark", "turn_board": false});
            let mut g = post(&app, &format!("/api/games/{id}/new"), json!({ "settings": settings })).await;
            let mut times = Vec::new();
            while g["outcome"].is_null() && g["ply"].as_u64().unwrap() < PLIES as u64 {
                if g["computer_to_move"] == true {
                    let t = Instant::now();
                    g = post(&app, &format!("/api/games/{id}/computer"), json!({})).await;
                    times.push(t.elapsed());
                } else {
                    let mv = g["position"]["legal"][0]["text"].clone();
                    g = post(&app, &format!("/api/games/{id}/move"), json!({ "text": mv })).await;
                }
            }
            times.sort();
            let median = times[times.len() / 2];
            let max = *times.last().unwrap();
            println!("{id:>14}: {} moves, median {:>6.1} ms, max {:>6.1} ms", times.len(), ms(median), ms(max));
            all.extend(times);
        }
        all.sort();
        let max = *all.last().unwrap();
        println!("{:>14}: {} moves, median {:>6.1} ms, max {:>6.1} ms", "all", all.len(), ms(all[all.len() / 2]), ms(max));
        println!("{}", if max <= Duration::from_secs(1) { "within the 1 s target" } else { "OVER the 1 s target" });
    });
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
