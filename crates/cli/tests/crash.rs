//! The crash test, short form: `draughts serve` killed with SIGKILL in the middle of 200 rooms
//! playing as fast as they can. After the restart every move the server acknowledged is there,
//! in order, and no clock counted the time the server was down.

use draughts_server::rooms::client::{self, RoomClient};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const ROOMS: usize = 200;

/// A running `draughts serve`, killed (SIGKILL) when dropped: also when a test fails.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `draughts serve` on a free loopback port with the database `db`.
fn start(db: &Path) -> (Server, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["serve", "--addr", "127.0.0.1:0", "--max-connections-per-address", "1000", "--rooms-per-minute", "1000", "--db"])
        .arg(db)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("draughts serve starts");
    let out = BufReader::new(child.stdout.take().unwrap());
    let server = Server(child);
    for line in out.lines() {
        let line = line.unwrap();
        if let Some(rest) = line.strip_prefix("Open http://") {
            return (server, rest.trim_end_matches('/').parse().unwrap());
        }
    }
    panic!("draughts serve printed no address");
}

/// The moves a room's players got acknowledged, in order.
#[derive(Default)]
struct Acked {
    moves: Vec<String>,
}

/// Plays room after room's moves as fast as the server acknowledges them, until `stop` or
/// the end of the game (or the server's death).
async fn play(addr: SocketAddr, acked: Arc<Mutex<HashMap<String, Acked>>>, opened: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let Ok(created) = client::create_room(addr, "english", "light").await else { return };
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let Ok(mut a) = RoomClient::connect(addr, &id, None).await else { return };
    if a.hello(Some(&token)).await.is_err() {
        return;
    }
    let Ok(mut b) = RoomClient::connect(addr, &id, None).await else { return };
    if b.hello(None).await.is_err() || a.until("state").await.is_err() {
        return;
    }
    acked.lock().unwrap().entry(id.clone()).or_default();
    opened.fetch_add(1, Ordering::Relaxed);
    let mut n = 0u64;
    while !stop.load(Ordering::Relaxed) {
        let to_move = b.state["position"]["side_to_move"].as_str().unwrap_or("").to_string();
        let (mover, other) = if a.color.as_deref() == Some(to_move.as_str()) { (&mut a, &mut b) } else { (&mut b, &mut a) };
        let legal = other.legal();
        let Some(mv) = legal.get(n as usize % legal.len().max(1)).cloned() else { return };
        n += 1;
        if mover.play(n, &mv).await.is_err() {
            return;
        }
        match mover.until("ack").await {
            Ok(ack) if ack["duplicate"] == false => {
                acked.lock().unwrap().get_mut(&id).unwrap().moves.push(mv["text"].as_str().unwrap().to_string());
            }
            _ => return,
        }
        let Ok(seen) = other.until("moved").await else { return };
        if mover.until("moved").await.is_err() || !seen["outcome"].is_null() {
            return;
        }
    }
}

#[test]
fn a_kill_in_the_middle_of_200_rooms_loses_no_acknowledged_move_and_counts_no_downtime() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.sqlite3");
    let (server, addr) = start(&db);
    let acked: Arc<Mutex<HashMap<String, Acked>>> = Arc::default();
    let opened = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let began = Instant::now();
    let tasks: Vec<_> = (0..ROOMS).map(|_| rt.spawn(play(addr, acked.clone(), opened.clone(), stop.clone()))).collect();
    // Every room open, then a second of play, then the kill.
    rt.block_on(async {
        let deadline = Instant::now() + Duration::from_secs(60);
        while opened.load(Ordering::Relaxed) < ROOMS as u64 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        tokio::time::sleep(Duration::from_millis(1_000)).await;
    });
    assert_eq!(opened.load(Ordering::Relaxed), ROOMS as u64, "every room opened");
    drop(server); // SIGKILL: no shutdown step runs
    let played_ms = began.elapsed().as_millis() as i64;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.abort();
    }
    let acked: HashMap<String, Vec<String>> = acked.lock().unwrap().iter().map(|(k, v)| (k.clone(), v.moves.clone())).collect();
    let total: usize = acked.values().map(Vec::len).sum();
    assert!(total >= ROOMS, "the rooms played before the kill ({total} moves acknowledged)");
    // Down for three seconds, which no clock may count.
    std::thread::sleep(Duration::from_secs(3));
    let (server, addr) = start(&db);
    let restarted = Instant::now();
    rt.block_on(async {
        for (id, moves) in &acked {
            let mut w = RoomClient::connect(addr, id, None).await.expect("the room is there after the restart");
            let welcome = w.hello(None).await.expect("welcome and state");
            assert!(welcome["player"].is_null(), "both seats are still held: a visitor watches");
            let stored: Vec<&str> = w.state["moves"].as_array().unwrap().iter().map(|m| m["move"]["text"].as_str().unwrap()).collect();
            assert!(stored.len() >= moves.len(), "room lost acknowledged moves: {} stored, {} acknowledged", stored.len(), moves.len());
            assert_eq!(&stored[..moves.len()], &moves[..], "the acknowledged moves, in order");
            let clock = &w.state["clock"];
            let since_restart = restarted.elapsed().as_millis() as i64;
            let total_ms = clock["total_ms"].as_i64().unwrap();
            // The clock ran while the server did (and up to a second more: the server notes
            // that it is alive once a second), then again from the restart: not while it was down.
            assert!(total_ms <= played_ms + 1_000 + since_restart, "the clock counted the downtime: {total_ms} ms after {played_ms} ms of play: {clock}");
            w.close().await;
        }
    });
    drop(server);
    eprintln!("{total} acknowledged moves in {ROOMS} rooms, all there after a kill -9 and a restart");
}
