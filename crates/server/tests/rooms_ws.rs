//! Online rooms (issue 4) through real WebSocket clients against a server on a free port:
//! a whole game, reconnecting, a server restart mid-game, two moves at once, a resent message,
//! hostile input, watchers, offers, takebacks, rematches, claims and the PDN export.

mod support;

use draughts_server::rooms::{protocol, RoomsConfig};
use draughts_server::AppState;
use draughts_server::rooms::client::{self, ClientError, Message, RoomClient};
use support::loopback::{runtime, Loopback};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A server in its own runtime, so that a test can kill it like a crash.
struct TestServer {
    addr: SocketAddr,
    server: Loopback,
    state: AppState,
}

fn config() -> RoomsConfig {
    // Tests send faster than people: a roomy rate limit unless a test is about the limit.
    RoomsConfig { burst: 1000, per_second: 1000, ..RoomsConfig::default() }
}

impl TestServer {
    fn start(path: &Path, cfg: RoomsConfig) -> TestServer {
        let state = AppState::open_with(path, cfg).unwrap();
        let server = Loopback::serve(runtime("rooms"), state.clone(), None);
        TestServer { addr: server.addr, server, state }
    }

    /// Stops everything at once, as a crash would: no shutdown step runs.
    async fn kill(self) {
        self.server.kill();
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    async fn http(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        http(self.addr, method, path, body).await
    }

    async fn create(&self, variant: &str, side: &str) -> (String, String) {
        let (status, body) = self.http("POST", "/api/rooms", Some(&json!({ "variant": variant, "side": side }).to_string())).await;
        assert_eq!(status, 201, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["color"], side);
        (v["id"].as_str().unwrap().to_string(), v["token"].as_str().unwrap().to_string())
    }

    async fn client(&self, room: &str) -> Client {
        Client::connect(self.addr, room, None).await
    }
}

async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    client::request(addr, method, path, body).await.expect("the server answers")
}

/// A [`RoomClient`] that panics on what the tests never expect.
struct Client(RoomClient);

impl std::ops::Deref for Client {
    type Target = RoomClient;
    fn deref(&self) -> &RoomClient {
        &self.0
    }
}

impl std::ops::DerefMut for Client {
    fn deref_mut(&mut self) -> &mut RoomClient {
        &mut self.0
    }
}

impl Client {
    async fn connect(addr: SocketAddr, room: &str, origin: Option<&str>) -> Client {
        Client(RoomClient::connect(addr, room, origin).await.expect("websocket connects"))
    }

    async fn send(&mut self, v: Value) {
        self.0.send(&v).await.unwrap();
    }

    async fn send_raw(&mut self, m: Message) {
        self.0.send_raw(m).await.unwrap();
    }

    /// The next JSON message (5 s at most).
    async fn recv(&mut self) -> Value {
        let v = self.0.recv().await.expect("a message within 5 s");
        assert_eq!(v["v"], protocol::VERSION, "every message names the protocol version: {v}");
        v
    }

    /// Skips messages until one of type `t`.
    async fn until(&mut self, t: &str) -> Value {
        for _ in 0..200 {
            let v = self.recv().await;
            if v["type"] == t {
                return v;
            }
        }
        panic!("no {t} message");
    }

    /// Asserts that nothing arrives for `ms`.
    async fn quiet(&mut self, ms: u64) {
        if let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_millis(ms), self.ws.next()).await {
            panic!("unexpected message {m:?}");
        }
    }

    /// Says hello; returns the welcome. The state that follows is read too.
    async fn hello(&mut self, token: Option<&str>) -> Value {
        let w = self.0.hello(token).await.expect("welcome and state");
        assert_eq!(w["type"], "welcome", "{w}");
        w
    }

    /// Sends a move as a full path.
    async fn send_move(&mut self, id: &str, path: &[&str]) {
        self.0.send_move(id, path).await.unwrap();
    }

    /// The first legal route of the position last seen, as a path of square names.
    fn first_legal(&self) -> Vec<String> {
        client::route(&self.state["position"]["legal"][0])
    }

    async fn act(&mut self, kind: &str, id: &str) {
        self.0.act(kind, id).await.unwrap();
    }

    /// Expects an error with `code` (after skipping presence notes).
    async fn error(&mut self, code: &str) -> Value {
        let e = self.until("error").await;
        assert_eq!(e["code"], code, "{e}");
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "errors say what is wrong: {e}");
        e
    }
}

/// Two players seated in a new room (creator Light), each past the initial messages.
async fn seated(s: &TestServer, variant: &str) -> (String, Client, Client) {
    let (room, token) = s.create(variant, "light").await;
    let mut a = s.client(&room).await;
    let w = a.hello(Some(&token)).await;
    a.token = Some(token);
    assert_eq!((w["player"].as_u64(), w["color"].as_str()), (Some(0), Some("light")));
    assert!(w["token"].is_null(), "a resumed seat gets no new token");
    let mut b = s.client(&room).await;
    let w = b.hello(None).await;
    assert_eq!((w["player"].as_u64(), w["color"].as_str()), (Some(1), Some("dark")));
    assert_eq!(w["token"].as_str().map(str::len), Some(22), "the guest gets a 128-bit token");
    // The creator sees the guest sit down.
    let st = a.until("state").await;
    assert_eq!(st["started"], true);
    assert_eq!(st["seats"]["dark"]["connected"], true);
    (room, a, b)
}

/// The two players ordered as (to move, waiting).
fn by_turn(a: Client, b: Client) -> (Client, Client) {
    if a.state["position"]["side_to_move"].as_str() == a.color.as_deref() {
        (a, b)
    } else {
        (b, a)
    }
}

/// Reads until the client has seen `ply` plies (a `moved` or `state` may come in any order
/// with the acks and errors of a race).
async fn wait_ply(c: &mut Client, ply: u64) {
    while c.ply < ply {
        c.recv().await;
    }
}

/// Sends an action, waits for its ack and for the `state` both players get; returns it.
async fn step(actor: &mut Client, other: &mut Client, msg: Value) -> Value {
    let id = msg["id"].clone();
    actor.send(msg).await;
    let ack = actor.until("ack").await;
    assert_eq!(ack["id"], id);
    actor.until("state").await;
    other.until("state").await
}

/// Plays the mover's first legal move; both see it. Returns the `moved` message.
async fn play_first(mover: &mut Client, other: &mut Client, id: &str) -> Value {
    let path = mover.first_legal();
    let p: Vec<&str> = path.iter().map(String::as_str).collect();
    mover.send_move(id, &p).await;
    let ack = mover.until("ack").await;
    assert_eq!((ack["id"].as_str(), ack["duplicate"].as_bool()), (Some(id), Some(false)));
    let m1 = mover.until("moved").await;
    let m2 = other.until("moved").await;
    assert_eq!(m1["move"], m2["move"]);
    m2
}

fn tmp() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rooms.sqlite3");
    (dir, path)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_to_a_result_with_a_watcher_and_pdn() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, mut a, mut b) = seated(&s, "english").await;
    let mut w = s.client(&room).await;
    let hello = w.hello(None).await;
    assert!(hello["player"].is_null() && hello["color"].is_null(), "a third visitor watches: {hello}");
    let mut plies = 0;
    let mut texts = Vec::new();
    loop {
        let light_to_move = a.state["position"]["side_to_move"] == "light";
        let m = if light_to_move {
            play_first(&mut a, &mut b, &format!("m{plies}")).await
        } else {
            play_first(&mut b, &mut a, &format!("m{plies}")).await
        };
        let seen = w.until("moved").await;
        assert_eq!(seen["move"], m["move"], "the watcher sees every move");
        plies += 1;
        texts.push(m["move"]["text"].as_str().unwrap().to_string());
        assert_eq!(m["ply"], plies);
        if !m["outcome"].is_null() {
            assert!(m["position"]["legal"].as_array().unwrap().is_empty());
            break;
        }
        assert!(plies < 500, "the game should end");
    }
    // The result, readable over HTTP and as PDN.
    let (status, info) = s.http("GET", &format!("/api/rooms/{room}"), None).await;
    assert_eq!(status, 200, "{info}");
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["games"][0]["plies"], plies);
    let result = info["games"][0]["result"].as_str().unwrap().to_string();
    assert_ne!(result, "*");
    let (status, pdn) = s.http("GET", &format!("/api/rooms/{room}/pdn"), None).await;
    assert_eq!(status, 200);
    assert!(pdn.contains(&format!("[Result \"{result}\"]")), "{pdn}");
    let check = draughts_rules::notation::pdn::replay::check_text(&pdn, None);
    assert_eq!((check.games, check.ok), (1, 1), "the PDN replays: {:?}", check.failed);
    let pdn_moves: String = pdn.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join(" ");
    assert!(pdn_moves.contains(&texts[0]) && pdn_moves.contains(texts.last().unwrap()));
    // A move after the end is refused.
    let legal_less = json!({ "type": "move", "id": "late", "game": 1, "ply": plies, "path": ["11", "15"] });
    a.send(legal_less).await;
    a.error("game_over").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_new_tab_presence_and_clock() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, mut a, mut b) = seated(&s, "international").await;
    play_first(&mut a, &mut b, "a1").await;
    let b_token = b.token.clone().unwrap();
    // B drops: A sees B away.
    drop(b);
    let p = a.until("presence").await;
    assert_eq!(p["seats"]["dark"]["connected"], false);
    assert!(p["seats"]["dark"]["away_since"].as_i64().is_some());
    // A stranger takes no seat (both are taken) and cannot use a made-up token.
    let mut stranger = s.client(&room).await;
    stranger.send(json!({ "type": "hello", "v": 1, "token": "AAAAAAAAAAAAAAAAAAAAAA" })).await;
    stranger.error("bad_token").await;
    let w = stranger.until("welcome").await;
    assert!(w["player"].is_null());
    // The stranger watches: it counts itself, and A is told there is one watcher.
    assert_eq!(stranger.until("state").await["watchers"], 1);
    let p = a.until("presence").await;
    assert_eq!(p["watchers"], 1);
    assert_eq!(p["seats"]["dark"]["connected"], false);
    // B comes back with the token (a reload): same seat, the game as it was.
    let mut b = s.client(&room).await;
    let w = b.hello(Some(&b_token)).await;
    assert_eq!((w["player"].as_u64(), w["color"].as_str()), (Some(1), Some("dark")));
    assert_eq!(b.state["ply"], 1);
    assert_eq!(b.state["moves"].as_array().unwrap().len(), 1);
    let p = a.until("presence").await;
    assert_eq!(p["seats"]["dark"]["connected"], true);
    // And in a second tab at the same time: both are Dark.
    let mut b2 = s.client(&room).await;
    let w = b2.hello(Some(&b_token)).await;
    assert_eq!(w["color"], "dark");
    // The second tab plays; the first sees it.
    play_first(&mut b2, &mut a, "b1").await;
    let m = b.until("moved").await;
    assert_eq!(m["ply"], 2);
    // The clock: each side has used time, counted by the server.
    tokio::time::sleep(Duration::from_millis(120)).await;
    a.send(json!({ "type": "sync" })).await;
    let st = a.until("state").await;
    assert_eq!(st["clock"]["running"], "light");
    assert!(st["clock"]["light_ms"].as_i64().unwrap() >= 100, "{}", st["clock"]);
    assert!(st["clock"]["dark_ms"].as_i64().unwrap() > 0, "{}", st["clock"]);
    assert_eq!(st["watchers"], 1, "the players' tabs are not watchers");
    // The watcher leaves: the players are told.
    drop(stranger);
    let p = a.until("presence").await;
    assert_eq!(p["watchers"], 0);
    assert_eq!(b.until("presence").await["watchers"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_restart_mid_game_resumes_the_room() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, mut a, mut b) = seated(&s, "russian").await;
    let mut moves = Vec::new();
    for i in 0..4 {
        let m = if i % 2 == 0 { play_first(&mut a, &mut b, &format!("x{i}")).await } else { play_first(&mut b, &mut a, &format!("x{i}")).await };
        moves.push(m["move"]["text"].clone());
    }
    let b_token = b.token.clone().unwrap();
    // A crash: nothing gets a chance to save anything more.
    s.kill().await;
    assert!(tokio::time::timeout(Duration::from_secs(5), a.ws.next()).await.is_ok(), "the old connection ends");
    let s = TestServer::start(&path, config());
    let mut b = s.client(&room).await;
    let w = b.hello(Some(&b_token)).await;
    assert_eq!(w["color"], "dark");
    assert_eq!(b.state["ply"], 4);
    let seen: Vec<Value> = b.state["moves"].as_array().unwrap().iter().map(|m| m["move"]["text"].clone()).collect();
    assert_eq!(seen, moves, "every announced move survived the crash");
    assert_eq!(b.state["seats"]["light"]["connected"], false);
    // Play goes on: Light (not connected) is to move, so Dark is refused...
    let path_b = b.first_legal();
    let p: Vec<&str> = path_b.iter().map(String::as_str).collect();
    b.send_move("after", &p).await;
    b.error("not_your_turn").await;
    // ...and the room's stored state is intact for a third start too.
    drop(b);
    drop(s);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let s = TestServer::start(&path, config());
    let (status, info) = s.http("GET", &format!("/api/rooms/{room}"), None).await;
    assert_eq!(status, 200);
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["games"][0]["plies"], 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_keeps_the_creator_seat_and_a_graceful_shutdown_pauses_the_clock() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, token) = s.create("german", "dark").await;
    let mut a = s.client(&room).await;
    a.hello(Some(&token)).await;
    assert_eq!(a.color.as_deref(), Some("dark"));
    let mut b = s.client(&room).await;
    b.hello(None).await;
    assert_eq!(b.color.as_deref(), Some("light"));
    a.until("state").await;
    play_first(&mut b, &mut a, "l1").await;
    s.state.rooms.shutdown().await;
    let st = s.state.clone();
    s.kill().await;
    drop(st);
    let s = TestServer::start(&path, config());
    let mut a = s.client(&room).await;
    a.hello(Some(&token)).await;
    assert_eq!(a.color.as_deref(), Some("dark"));
    assert_eq!(a.state["ply"], 1);
    let dark_ms = a.state["clock"]["dark_ms"].as_i64().unwrap();
    assert!(dark_ms < 2_000, "the shutdown paused the clock: {}", a.state["clock"]);
    assert_eq!(a.state["clock"]["running"], "dark", "and the clock runs again after the restart");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_moves_sent_at_once_never_both_land() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    // Light (English: Dark moves first, so the creator takes Dark) in two tabs, each sending a
    // different legal move at the same instant, ten times over.
    let (room, token) = s.create("english", "dark").await;
    let mut t1 = s.client(&room).await;
    t1.hello(Some(&token)).await;
    let mut t2 = s.client(&room).await;
    t2.hello(Some(&token)).await;
    let mut guest = s.client(&room).await;
    guest.hello(None).await;
    t1.until("state").await;
    t2.until("state").await;
    let routes = |c: &Client| -> Vec<Vec<String>> {
        c.state["position"]["legal"].as_array().unwrap().iter().map(client::route).collect()
    };
    for round in 0..10u64 {
        assert_eq!(t1.state["position"]["side_to_move"], "dark");
        let legal = routes(&t1);
        assert!(legal.len() >= 2 || round > 0);
        let p1 = &legal[0];
        let p2 = &legal[legal.len() - 1];
        let ply = round * 2;
        let m1 = json!({ "type": "move", "id": format!("tab1-{round}"), "game": 1, "ply": ply, "path": p1 });
        let m2 = json!({ "type": "move", "id": format!("tab2-{round}"), "game": 1, "ply": ply, "path": p2 });
        tokio::join!(t1.send(m1), t2.send(m2));
        let mut acks = 0;
        let mut refused = 0;
        for t in [&mut t1, &mut t2] {
            loop {
                let v = t.recv().await;
                match v["type"].as_str() {
                    Some("ack") => {
                        acks += 1;
                        break;
                    }
                    Some("error") => {
                        assert_eq!(v["code"], "stale", "{v}");
                        refused += 1;
                        break;
                    }
                    _ => {}
                }
            }
        }
        if p1 != p2 {
            assert_eq!((acks, refused), (1, 1), "round {round}");
        }
        let m = guest.until("moved").await;
        assert_eq!(m["ply"], ply + 1);
        wait_ply(&mut t1, ply + 1).await;
        wait_ply(&mut t2, ply + 1).await;
        // The guest answers; both tabs see it.
        let path = guest.first_legal();
        let p: Vec<&str> = path.iter().map(String::as_str).collect();
        guest.send_move(&format!("g{round}"), &p).await;
        guest.until("ack").await;
        guest.until("moved").await;
        wait_ply(&mut t1, ply + 2).await;
        wait_ply(&mut t2, ply + 2).await;
        if !t1.state["outcome"].is_null() {
            break;
        }
    }
    guest.quiet(300).await;
    let (_, info) = s.http("GET", &format!("/api/rooms/{room}"), None).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["games"][0]["plies"], guest.ply, "exactly the announced moves are stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resent_message_is_not_applied_twice() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, a, b) = seated(&s, "english").await;
    let (mut a, mut b) = by_turn(a, b);
    let path_a = a.first_legal();
    let p: Vec<&str> = path_a.iter().map(String::as_str).collect();
    let msg = json!({ "type": "move", "id": "same-id", "game": 1, "ply": 0, "path": p });
    a.send(msg.clone()).await;
    a.until("ack").await;
    b.until("moved").await;
    a.until("moved").await;
    // The same message again, as a client does when it did not see the answer.
    a.send(msg.clone()).await;
    let ack = a.until("ack").await;
    assert_eq!(ack["duplicate"], true);
    b.quiet(300).await;
    // Even over a new connection after a reconnect.
    let b_token = b.token.clone().unwrap();
    play_first(&mut b, &mut a, "b-move").await;
    drop(b);
    let mut b = s.client(&room).await;
    b.hello(Some(&b_token)).await;
    let again = json!({ "type": "move", "id": "b-move", "game": 1, "ply": 1, "path": ["1", "5"] });
    b.send(again).await;
    let ack = b.until("ack").await;
    assert_eq!(ack["duplicate"], true);
    a.until("presence").await;
    a.until("presence").await;
    a.quiet(300).await;
    let (_, info) = s.http("GET", &format!("/api/rooms/{room}"), None).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["games"][0]["plies"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn version_2_moves_are_written_as_over_http() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (_room, a, b) = seated(&s, "english").await;
    let (mut a, mut b) = by_turn(a, b);
    // Move text, as `POST /api/games/{variant}/move` takes it.
    let text = a.state["position"]["legal"][0]["text"].clone();
    a.send(json!({ "type": "move", "id": "t", "game": 1, "ply": 0, "text": text })).await;
    a.until("ack").await;
    let m = b.until("moved").await;
    assert_eq!((m["move"]["text"].clone(), m["ply"].as_u64(), m["number"].as_u64()), (text, Some(1), Some(1)));
    assert_eq!(m["side"], a.color.clone().unwrap());
    a.until("moved").await;
    // `from` and the landing squares, as the legal list writes them (the client's `play`).
    let mv = b.state["position"]["legal"][0].clone();
    assert!(mv["key"].is_string(), "each route carries the key of its move: {mv}");
    b.0.play("r", &mv).await.unwrap();
    b.until("ack").await;
    let m = a.until("moved").await;
    assert_eq!((m["move"]["from"].clone(), m["move"]["path"].clone(), m["number"].as_u64()), (mv["from"].clone(), mv["path"].clone(), Some(1)));
    // Both forms at once, or neither, cannot be read.
    a.send(json!({ "type": "move", "id": "both", "game": 1, "ply": 2, "text": "9-13", "from": "9", "path": ["13"] })).await;
    a.error("bad_message").await;
    a.send(json!({ "type": "move", "id": "none", "game": 1, "ply": 2 })).await;
    a.error("bad_message").await;
    a.send(json!({ "type": "move", "id": "far", "game": 1, "ply": 2, "text": "1-32" })).await;
    let e = a.error("illegal").await;
    assert!(e["message"].as_str().unwrap().contains("legal moves are"), "{e}");
    assert_eq!((e["reason"].as_str(), e["args"]["asked"].as_str()), (Some("move_illegal"), Some("1-32")), "the page words it by the API's code: {e}");
    assert_eq!(e["args"]["moves"], "13x22", "the legal moves listed (a capture is compulsory): {e}");
    // The state has the same game fields as a local table's.
    a.send(json!({ "type": "sync" })).await;
    let st = a.until("state").await;
    for field in ["quiet_count", "quiet_limit", "quiet_reset", "repetitions", "moves", "clock", "start_fen"] {
        assert!(!st[field].is_null(), "state has {field}: {st}");
    }
    assert_eq!(st["moves"][1]["number"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_input_gets_errors_and_changes_nothing() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, a, b) = seated(&s, "english").await;
    // `a` is to move, `b` waits.
    let (mut a, mut b) = by_turn(a, b);
    // Before hello.
    let mut c = s.client(&room).await;
    c.send(json!({ "type": "move", "id": 1, "game": 1, "ply": 0, "path": ["9", "13"] })).await;
    c.error("hello_first").await;
    c.send(json!({ "type": "hello", "v": 3 })).await;
    c.error("unsupported_version").await;
    // Malformed and unknown.
    a.send_raw(Message::text("{ not json")).await;
    a.error("bad_message").await;
    a.send_raw(Message::text("[]")).await;
    a.error("bad_message").await;
    a.send(json!({ "type": "teleport", "id": 1 })).await;
    a.error("bad_message").await;
    a.send(json!({ "type": "move", "game": 1, "ply": 0, "path": ["9", "13"] })).await;
    let e = a.error("bad_message").await;
    assert!(e["message"].as_str().unwrap().contains("\"id\""), "{e}");
    a.send(json!({ "type": "move", "id": 2, "game": 1, "ply": 0, "path": ["99", "13"] })).await;
    let e = a.error("bad_message").await;
    assert!(e["message"].as_str().unwrap().contains("\"99\""), "{e}");
    a.send_raw(Message::binary(vec![1u8, 2, 3])).await;
    a.error("bad_message").await;
    // Oversized (over 4 KiB, under the frame limit).
    let big = json!({ "type": "move", "id": "big", "game": 1, "ply": 0, "path": ["11", "15"], "pad": "x".repeat(5000) });
    a.send(big).await;
    a.error("too_large").await;
    // Out of order and out of turn.
    a.send(json!({ "type": "move", "id": 3, "game": 1, "ply": 5, "path": ["11", "15"] })).await;
    a.error("stale").await;
    a.send(json!({ "type": "move", "id": 4, "game": 7, "ply": 0, "path": ["11", "15"] })).await;
    a.error("stale").await;
    b.send(json!({ "type": "move", "id": 5, "game": 1, "ply": 0, "path": ["22", "18"] })).await;
    b.error("not_your_turn").await;
    // Illegal moves (English: Dark moves first from squares 1-12; 11-19 is no move).
    let first = a.first_legal();
    a.send(json!({ "type": "move", "id": 6, "game": 1, "ply": 0, "path": ["11", "19"] })).await;
    let e = a.error("illegal").await;
    assert!(e["message"].as_str().unwrap().contains("legal moves are"), "{e}");
    // Answers to offers nobody made.
    a.act("accept_draw", "7").await;
    a.error("no_offer").await;
    b.act("grant_takeback", "8").await;
    b.error("no_offer").await;
    a.act("rematch", "9").await;
    a.error("not_allowed").await;
    a.send(json!({ "type": "claim", "id": "10", "game": 1, "result": "win" })).await;
    a.error("not_allowed").await;
    // A second hello.
    a.send(json!({ "type": "hello", "v": 1 })).await;
    a.error("hello_first").await;
    // Nothing changed: still the start, and the first legal move still plays.
    a.send(json!({ "type": "sync" })).await;
    let st = a.until("state").await;
    assert_eq!((st["ply"].as_u64(), st["game"].as_u64()), (Some(0), Some(1)));
    assert!(st["draw_offer"].is_null() && st["takeback"].is_null() && st["outcome"].is_null());
    let p: Vec<&str> = first.iter().map(String::as_str).collect();
    a.send_move("ok", &p).await;
    a.until("ack").await;
    b.until("moved").await;
    // A frame past the hard limit closes the connection.
    let huge = "x".repeat(100 * 1024);
    c.send_raw(Message::text(huge)).await;
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match c.ws.next().await {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Close(f))) => return f.map(|f| u16::from(f.code)),
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .expect("closed in time");
    assert!(closed.is_none() || closed == Some(1009), "{closed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_and_strangers_can_never_move() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, mut a, _b) = seated(&s, "english").await;
    let mut w = s.client(&room).await;
    w.hello(None).await;
    let path_a = a.first_legal();
    let p: Vec<&str> = path_a.iter().map(String::as_str).collect();
    w.send_move("w1", &p).await;
    w.error("not_a_player").await;
    for kind in ["resign", "offer_draw", "rematch"] {
        w.act(kind, kind).await;
        w.error("not_a_player").await;
    }
    // A visitor who asks not to join watches even when a seat is free.
    let (room2, _) = s.create("english", "light").await;
    let mut v = s.client(&room2).await;
    v.send(json!({ "type": "hello", "v": 1, "join": false })).await;
    let wl = v.until("welcome").await;
    assert!(wl["player"].is_null());
    // Nothing moved.
    a.send(json!({ "type": "sync" })).await;
    assert_eq!(a.until("state").await["ply"], 0);
    // An unknown room or a malformed id: 404 before any upgrade.
    let (status, _) = s.http("GET", "/api/rooms/AAAAAAAAAAAAAAAAAAAAAA", None).await;
    assert_eq!(status, 404);
    let r = RoomClient::connect(s.addr, "nope", None).await;
    assert!(r.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_origin_is_checked_and_floods_are_limited() {
    let (_d, path) = tmp();
    let cfg = RoomsConfig { burst: 10, per_second: 5, ..RoomsConfig::default() };
    let s = TestServer::start(&path, cfg);
    let (room, token) = s.create("english", "light").await;
    match RoomClient::connect(s.addr, &room, Some("http://evil.example")).await {
        Err(ClientError::WebSocket(client::tungstenite::Error::Http(res))) => assert_eq!(res.status(), 403),
        Err(e) => panic!("a foreign origin must be refused with 403, got {e}"),
        Ok(_) => panic!("a foreign origin must be refused"),
    }
    let own = format!("http://{}", s.addr);
    let mut a = Client::connect(s.addr, &room, Some(&own)).await;
    a.hello(Some(&token)).await;
    // A flood: 60 pings at once. Some are answered, the rest dropped with a rate_limited note.
    for i in 0..60 {
        a.send(json!({ "type": "ping", "id": i })).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    while let Ok(Some(Ok(Message::Text(t)))) = tokio::time::timeout(Duration::from_millis(500), a.ws.next()).await {
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        match v["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if v["code"] == "rate_limited" => limited += 1,
            _ => {}
        }
    }
    // The bucket holds 10; hello took one.
    assert!((8..=14).contains(&pongs), "about the burst is answered: {pongs}");
    assert!(limited >= 1, "the flood is told about the limit");
    // After a pause the connection works again.
    tokio::time::sleep(Duration::from_millis(600)).await;
    a.send(json!({ "type": "ping", "id": "after" })).await;
    assert_eq!(a.until("pong").await["id"], "after");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_takebacks_resignation_and_rematch_with_colours_swapped() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, a, b) = seated(&s, "english").await;
    let (mut first, mut second) = by_turn(a, b);
    let first_color = first.color.clone().unwrap();
    play_first(&mut first, &mut second, "f1").await;
    // Takeback: the mover asks, the other grants; back to the start.
    let st = step(&mut first, &mut second, json!({ "type": "ask_takeback", "id": "tb", "game": 1, "ply": 1 })).await;
    assert_eq!(st["takeback"], first_color);
    let st = step(&mut second, &mut first, json!({ "type": "grant_takeback", "id": "ok-tb", "game": 1 })).await;
    assert_eq!(st["ply"], 0);
    assert!(st["takeback"].is_null());
    // A declined takeback changes nothing but the request.
    play_first(&mut first, &mut second, "f1b").await;
    play_first(&mut second, &mut first, "s1").await;
    step(&mut first, &mut second, json!({ "type": "ask_takeback", "id": "tb2", "game": 1, "ply": 2 })).await;
    let st = step(&mut second, &mut first, json!({ "type": "decline_takeback", "id": "no-tb", "game": 1 })).await;
    assert!(st["takeback"].is_null());
    assert_eq!(st["ply"], 2);
    // Granted on the asker's own turn: two plies go, back to before the asker's move.
    step(&mut first, &mut second, json!({ "type": "ask_takeback", "id": "tb3", "game": 1, "ply": 2 })).await;
    let st = step(&mut second, &mut first, json!({ "type": "grant_takeback", "id": "ok-tb3", "game": 1 })).await;
    assert_eq!(st["ply"], 0);
    assert_eq!(st["moves"].as_array().unwrap().len(), 0);
    // A draw offered and declined, then offered and accepted.
    let st = step(&mut first, &mut second, json!({ "type": "offer_draw", "id": "d1", "game": 1 })).await;
    assert_eq!(st["draw_offer"], first_color);
    let st = step(&mut second, &mut first, json!({ "type": "decline_draw", "id": "d2", "game": 1 })).await;
    assert!(st["draw_offer"].is_null());
    step(&mut second, &mut first, json!({ "type": "offer_draw", "id": "d3", "game": 1 })).await;
    let st = step(&mut first, &mut second, json!({ "type": "accept_draw", "id": "d4", "game": 1 })).await;
    assert_eq!(st["outcome"]["reason"], "agreement");
    assert_eq!(st["outcome"]["result"], "1/2-1/2");
    assert_eq!(st["clock"]["running"], Value::Null, "the clock stops at the end");
    // Rematch: both ask; colours swap.
    let st = step(&mut first, &mut second, json!({ "type": "rematch", "id": "r1", "game": 1 })).await;
    assert_eq!((st["game"].as_u64(), st["rematch"][first_color.as_str()].as_bool()), (Some(1), Some(true)));
    let st = step(&mut second, &mut first, json!({ "type": "rematch", "id": "r2", "game": 1 })).await;
    assert_eq!((st["game"].as_u64(), st["ply"].as_u64()), (Some(2), Some(0)));
    assert!(st["outcome"].is_null());
    assert_ne!(first.color.as_deref(), Some(first_color.as_str()), "colours swapped");
    assert_eq!(second.color.as_deref(), Some(first_color.as_str()));
    // An action about the finished game is stale now.
    first.send(json!({ "type": "resign", "id": "old", "game": 1 })).await;
    first.error("stale").await;
    // Resignation in game 2.
    let st = step(&mut first, &mut second, json!({ "type": "resign", "id": "give-up", "game": 2 })).await;
    assert_eq!(st["outcome"]["reason"], "resignation");
    assert_eq!(st["outcome"]["winner"], second.color.clone().unwrap());
    // Both games are in the PDN, with their results.
    let (status, pdn) = s.http("GET", &format!("/api/rooms/{room}/pdn"), None).await;
    assert_eq!(status, 200);
    assert_eq!(pdn.matches("[Round ").count(), 2, "{pdn}");
    assert!(pdn.contains("[Result \"1/2-1/2\"]"));
    // How each game ended, in words.
    assert!(pdn.contains("[Termination \"Draw: agreed by the players\"]"), "{pdn}");
    assert!(pdn.contains(" resigned\"]"), "{pdn}");
    let (status, one) = s.http("GET", &format!("/api/rooms/{room}/pdn?game=2"), None).await;
    assert_eq!(status, 200);
    assert_eq!(one.matches("[Round ").count(), 1);
    let (status, _) = s.http("GET", &format!("/api/rooms/{room}/pdn?game=9"), None).await;
    assert_eq!(status, 404);
    let (status, _) = s.http("GET", &format!("/api/rooms/{room}/pdn?game=x"), None).await;
    assert_eq!(status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_grace_period_the_other_can_claim() {
    let (_d, path) = tmp();
    let cfg = RoomsConfig { grace: Duration::from_millis(400), burst: 1000, per_second: 1000, ..RoomsConfig::default() };
    let s = TestServer::start(&path, cfg);
    // Turkish: Light (the creator, `a`) moves first.
    let (_room, mut a, b) = seated(&s, "turkish").await;
    a.send(json!({ "type": "claim", "id": "c0", "game": 1, "result": "win" })).await;
    let e = a.error("not_allowed").await;
    assert!(e["message"].as_str().unwrap().contains("turn"), "{e}");
    drop(b);
    a.until("presence").await;
    // Not on one's own turn, even with the other gone (RULES.md section 4).
    tokio::time::sleep(Duration::from_millis(500)).await;
    a.send(json!({ "type": "claim", "id": "c00", "game": 1, "result": "win" })).await;
    let e = a.error("not_allowed").await;
    assert!(e["message"].as_str().unwrap().contains("other player's turn"), "{e}");
    let path = a.first_legal();
    let p: Vec<&str> = path.iter().map(String::as_str).collect();
    a.send_move("m1", &p).await;
    a.until("moved").await;
    a.send(json!({ "type": "claim", "id": "c01", "game": 1, "result": "win" })).await;
    a.until("ack").await;
    let st = a.until("state").await;
    assert_eq!(st["outcome"]["reason"], "abandonment");
}

/// The grace period counts from when the player left, also across a restart of the server
/// (RULES.md section 4: a reload of the room does not restart it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_grace_period_survives_a_restart() {
    let (_d, path) = tmp();
    let cfg = || RoomsConfig { grace: Duration::from_millis(1_500), burst: 1000, per_second: 1000, ..RoomsConfig::default() };
    let s = TestServer::start(&path, cfg());
    let (room, mut a, b) = seated(&s, "turkish").await;
    let a_token = a.token.clone().unwrap();
    let path_a = a.first_legal();
    let p: Vec<&str> = path_a.iter().map(String::as_str).collect();
    a.send_move("m1", &p).await;
    a.until("moved").await;
    // Dark leaves on its own turn; then the server restarts.
    drop(b);
    a.until("presence").await;
    let left = std::time::Instant::now();
    tokio::time::sleep(Duration::from_millis(900)).await;
    s.kill().await;
    let s = TestServer::start(&path, cfg());
    let mut a = s.client(&room).await;
    a.hello(Some(&a_token)).await;
    assert!(a.state["seats"]["dark"]["away_since"].is_i64(), "{}", a.state["seats"]);
    // 1.5 s after Dark left (not after the restart) the claim is allowed.
    tokio::time::sleep(Duration::from_millis(1_600).saturating_sub(left.elapsed())).await;
    a.send(json!({ "type": "claim", "id": "c", "game": 1, "result": "win" })).await;
    a.until("ack").await;
    let st = a.until("state").await;
    assert_eq!(st["outcome"]["reason"], "abandonment");
}

/// The grace period counts from when the player left; claiming too early is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_waits_for_the_grace_period() {
    let (_d, path) = tmp();
    let cfg = RoomsConfig { grace: Duration::from_millis(400), burst: 1000, per_second: 1000, ..RoomsConfig::default() };
    let s = TestServer::start(&path, cfg);
    let (_room, mut a, b) = seated(&s, "turkish").await;
    let path = a.first_legal();
    let p: Vec<&str> = path.iter().map(String::as_str).collect();
    a.send_move("m1", &p).await;
    a.until("moved").await;
    drop(b);
    a.until("presence").await;
    a.send(json!({ "type": "claim", "id": "c1", "game": 1, "result": "win" })).await;
    let e = a.error("not_allowed").await;
    assert!(e["message"].as_str().unwrap().contains("wait"), "{e}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    a.send(json!({ "type": "claim", "id": "c2", "game": 1, "result": "win" })).await;
    a.until("ack").await;
    let st = a.until("state").await;
    assert_eq!(st["outcome"]["reason"], "abandonment");
    assert_eq!(st["outcome"]["winner"], a.color.clone().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_endpoints_refuse_bad_requests_and_old_rooms_expire() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    for (body, needle) in [
        ("{", "bad request body"),
        (r#"{"variant":"chess"}"#, "unknown rule set"),
        (r#"{"variant":"english","side":"purple"}"#, "unknown side"),
        (r#"{"variant":"english","colour":"light"}"#, "unknown field"),
    ] {
        let (status, out) = s.http("POST", "/api/rooms", Some(body)).await;
        assert_eq!(status, 400, "{body}: {out}");
        assert!(out.contains(needle), "{body}: {out}");
    }
    let (status, out) = s.http("POST", "/api/rooms", Some(r#"{"variant":"italian"}"#)).await;
    assert_eq!(status, 201);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(["light", "dark"].contains(&v["color"].as_str().unwrap()), "random side: {v}");
    let id = v["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 22);
    assert_eq!(v["link"], format!("/#/room/{id}"));
    let (status, _) = s.http("GET", "/api/rooms/short", None).await;
    assert_eq!(status, 404);
    // A room nobody visits expires; a live room does not.
    let (live_room, token) = s.create("english", "light").await;
    let mut a = s.client(&live_room).await;
    a.hello(Some(&token)).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let n = s.state.rooms.expire(Duration::from_millis(1)).await.unwrap();
    assert_eq!(n, 1);
    let (status, _) = s.http("GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(status, 404);
    let (status, _) = s.http("GET", &format!("/api/rooms/{live_room}"), None).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_tokens_are_not_in_the_database_file() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, a, b) = seated(&s, "english").await;
    let tokens = [a.token.clone().unwrap(), b.token.clone().unwrap()];
    let (mut a, mut b) = by_turn(a, b);
    play_first(&mut a, &mut b, "t1").await;
    // Everything on disk: the database file and its write-ahead log.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend(std::fs::read(path.with_extension("sqlite3-wal")).unwrap_or_default());
    let has = |needle: &str| bytes.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(has(&room), "the room is stored (the check reads the right file)");
    for t in &tokens {
        assert!(!has(t), "a seat token is stored in plain text");
    }
    // The tokens still resume their seats, also after a restart.
    drop((a, b));
    s.kill().await;
    let s = TestServer::start(&path, config());
    let mut a = s.client(&room).await;
    assert_eq!(a.hello(Some(&tokens[0])).await["player"], 0);
    let mut b = s.client(&room).await;
    assert_eq!(b.hello(Some(&tokens[1])).await["player"], 1);
    let mut c = s.client(&room).await;
    c.send(json!({ "type": "hello", "v": 1, "token": "AAAAAAAAAAAAAAAAAAAAAA" })).await;
    c.error("bad_token").await;
    assert!(c.until("welcome").await["player"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_whose_game_cannot_be_read_is_named_and_the_others_load() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (other, other_token) = s.create("english", "light").await;
    let (room, a, b) = seated(&s, "russian").await;
    let (mut a, mut b) = by_turn(a, b);
    play_first(&mut a, &mut b, "p1").await;
    play_first(&mut b, &mut a, "p2").await;
    drop((a, b));
    s.kill().await;
    // Move 1 is lost behind the server's back.
    rusqlite::Connection::open(&path).unwrap().execute("DELETE FROM moves WHERE ply = 1 AND owner LIKE 'room/%'", []).unwrap();
    let s = TestServer::start(&path, config());
    for uri in [format!("/api/rooms/{room}"), format!("/api/rooms/{room}/pdn")] {
        let (status, body) = s.http("GET", &uri, None).await;
        assert_eq!(status, 409, "{uri}: {body}");
        assert!(body.contains("misses move 1") && body.contains("kept in the database"), "{uri}: {body}");
    }
    let refused = RoomClient::connect(s.addr, &room, None).await.err().expect("the room's socket is refused");
    assert!(refused.to_string().contains("409"), "{refused}");
    // The other room is untouched.
    let (status, _) = s.http("GET", &format!("/api/rooms/{other}"), None).await;
    assert_eq!(status, 200);
    let mut c = s.client(&other).await;
    assert_eq!(c.hello(Some(&other_token)).await["player"], 0);
    // A room that breaks between the upgrade and hello is named as unreadable, not a failure.
    let (third, _) = s.create("english", "light").await;
    let mut late = s.client(&third).await;
    let sql = "UPDATE games SET start_fen = 'nonsense' WHERE owner = ?1";
    rusqlite::Connection::open(&path).unwrap().execute(sql, [format!("room/{third}")]).unwrap();
    late.send(json!({ "type": "hello", "v": protocol::VERSION })).await;
    late.error("unreadable").await;
}

/// A connection that never says hello does not load its room (nor keep it from expiring).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_without_hello_keeps_no_room_loaded() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let (room, _token) = s.create("english", "light").await;
    let _silent = s.client(&room).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let n = s.state.rooms.expire(Duration::from_millis(1)).await.unwrap();
    assert_eq!(n, 1, "the room was not held in memory by a silent connection");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retried_room_creation_with_an_idempotency_key_makes_one_room() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    let body = json!({ "variant": "russian", "side": "random" }).to_string();
    let key = [("Idempotency-Key", "3f0c2a7e-9b41-4d2e-8c55-1a2b3c4d5e6f")];
    let (st1, h1, b1) = client::request_with(s.addr, "POST", "/api/rooms", Some(&body), &key).await.unwrap();
    let (st2, h2, b2) = client::request_with(s.addr, "POST", "/api/rooms", Some(&body), &key).await.unwrap();
    assert_eq!((st1, st2), (201, 201), "{b1} {b2}");
    let (v1, v2): (Value, Value) = (serde_json::from_str(&b1).unwrap(), serde_json::from_str(&b2).unwrap());
    assert_eq!((&v1["id"], &v1["token"], &v1["color"]), (&v2["id"], &v2["token"], &v2["color"]), "the retry answers with the same room and seat");
    assert!(!h1.iter().any(|(k, _)| k == "idempotent-replayed"));
    assert!(h2.iter().any(|(k, v)| k == "idempotent-replayed" && v == "true"), "{h2:?}");
    // Replays create nothing, so they do not use up the address's room creations (10 at once).
    for _ in 0..12 {
        let (st, _, b) = client::request_with(s.addr, "POST", "/api/rooms", Some(&body), &key).await.unwrap();
        assert_eq!(st, 201, "{b}");
    }
    let rooms: i64 = rusqlite::Connection::open(&path).unwrap().query_row("SELECT count(*) FROM rooms", [], |r| r.get(0)).unwrap();
    assert_eq!(rooms, 1, "one room for all the tries");
    // The token of the retry holds the creator's seat.
    let id = v1["id"].as_str().unwrap();
    let mut c = s.client(id).await;
    let w = c.hello(v2["token"].as_str()).await;
    assert_eq!((w["player"].as_u64(), w["color"].as_str()), (Some(0), v1["color"].as_str()));
    // The key used for another request is refused; a bad key is refused; none makes a new room each time.
    let other = json!({ "variant": "english" }).to_string();
    let (st, _, msg) = client::request_with(s.addr, "POST", "/api/rooms", Some(&other), &key).await.unwrap();
    assert_eq!(st, 422, "{msg}");
    assert!(msg.contains("Idempotency-Key") && msg.contains("russian"), "{msg}");
    let (st, _, msg) = client::request_with(s.addr, "POST", "/api/rooms", Some(&body), &[("Idempotency-Key", "short")]).await.unwrap();
    assert_eq!(st, 400, "{msg}");
    assert!(serde_json::from_str::<Value>(&msg).unwrap()["error"].as_str().unwrap().contains("Idempotency-Key"));
    let (a, _) = s.create("russian", "light").await;
    let (b, _) = s.create("russian", "light").await;
    assert_ne!(a, b);
}

/// How many games have a running clock in the database file.
fn running_clocks(path: &Path) -> i64 {
    let c = rusqlite::Connection::open(path).unwrap();
    c.busy_timeout(Duration::from_secs(10)).unwrap();
    c.query_row("SELECT count(*) FROM games WHERE clock_since IS NOT NULL", [], |r| r.get(0)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_refuses_actions_and_stops_every_clock_loaded_or_not() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    // One room played by two connected players (loaded), one whose players both left: it is
    // dropped from memory with its clock still running; a local table showing its clock.
    let (loaded, a, b) = seated(&s, "english").await;
    let (mut a, mut b) = by_turn(a, b);
    play_first(&mut a, &mut b, "m1").await;
    let (gone, c, d) = seated(&s, "russian").await;
    c.0.close().await;
    d.0.close().await;
    for _ in 0..100 {
        if s.state.rooms.live_rooms() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(s.state.rooms.live_rooms(), 1, "the room nobody is in is no longer in memory");
    let (st, body) = s.http("POST", "/api/games/italian/clock", Some(r#"{"running": true}"#)).await;
    assert_eq!(st, 200, "{body}");
    assert_eq!(running_clocks(&path), 3);
    draughts_server::shutdown::shut_down(&s.state).await;
    assert_eq!(running_clocks(&path), 0, "every clock is stopped, in memory or not");
    // From now on every action is refused, saying why.
    let (st, body) = s.http("POST", "/api/games/italian/move", Some(r#"{"text": "21-17"}"#)).await;
    assert_eq!(st, 503, "{body}");
    assert!(body.contains("shutting down"), "{body}");
    let (st, body) = s.http("POST", "/api/rooms", Some(r#"{"variant": "english"}"#)).await;
    assert_eq!(st, 503, "{body}");
    for room in [&loaded, &gone] {
        let mut late = s.client(room).await;
        late.send(json!({ "type": "hello", "v": protocol::VERSION })).await;
        late.error("unavailable").await;
    }
    assert_eq!(running_clocks(&path), 0);
}

/// International: two light men and a king against a lone dark king, Light to move.
const LONE_KING_FEN: &str = "W:W46,47,K45:BK1";
/// 32 plies without a possible capture, every light move a man's: under the FMJD's rules the
/// last one ends the 16 moves each of article 6.4.
const LONE_KING_LINE: &str = "47-41 1-6 41-36 6-1 36-31 1-6 31-26 6-1 26-21 1-6 21-16 6-1 16-11 1-6 11-7 6-1 7-2 1-6 \
     46-41 6-1 41-36 1-6 36-31 6-1 31-26 1-6 26-21 6-1 21-17 1-6 17-12 6-1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_under_the_fmjd_draw_rules_reports_them_and_draws_by_their_count() {
    let (_d, path) = tmp();
    let s = TestServer::start(&path, config());
    // Asked for another rule set, or unknown, the FMJD's rules are refused.
    for (body, needle) in [
        (json!({ "variant": "english", "draw_rules": "fmjd" }), "only international draughts"),
        (json!({ "variant": "international", "draw_rules": "strict" }), "unknown draw rules"),
    ] {
        let (status, text) = s.http("POST", "/api/rooms", Some(&body.to_string())).await;
        assert_eq!(status, 400, "{text}");
        assert!(text.contains(needle), "{text}");
    }
    let body = json!({ "variant": "international", "side": "light", "draw_rules": "fmjd" }).to_string();
    let (status, text) = s.http("POST", "/api/rooms", Some(&body)).await;
    assert_eq!(status, 201, "{text}");
    let created: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(created["draw_rules"], "fmjd");
    let (room, token) = (created["id"].as_str().unwrap().to_string(), created["token"].as_str().unwrap().to_string());
    // Rooms start from the start position; this one is given a lone-king ending in the
    // database before it is first loaded, to reach the count in a few moves.
    rusqlite::Connection::open(&path).unwrap().execute("UPDATE games SET start_fen = ?1 WHERE owner = ?2", [LONE_KING_FEN.to_string(), format!("room/{room}")]).unwrap();
    let mut a = s.client(&room).await;
    a.hello(Some(&token)).await;
    let mut b = s.client(&room).await;
    b.hello(None).await;
    a.until("state").await;
    assert_eq!((a.state["draw_rules"].as_str(), b.state["draw_rules"].as_str()), (Some("fmjd"), Some("fmjd")));
    assert_eq!(b.state["lone_king"], json!({ "count": 0, "limit": 32 }));
    let (status, info) = s.http("GET", &format!("/api/rooms/{room}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(serde_json::from_str::<Value>(&info).unwrap()["draw_rules"], "fmjd", "{info}");
    let line: Vec<&str> = LONE_KING_LINE.split_whitespace().collect();
    let mut last = Value::Null;
    for (i, text) in line.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 { (&mut a, &mut b) } else { (&mut b, &mut a) };
        let legal = mover.state["position"]["legal"].as_array().unwrap().iter().find(|m| m["text"] == *text).unwrap_or_else(|| panic!("{text} is legal")).clone();
        let route = client::route(&legal);
        let p: Vec<&str> = route.iter().map(String::as_str).collect();
        let id = format!("m{i}");
        mover.send_move(&id, &p).await;
        assert_eq!(mover.until("ack").await["id"], id.as_str());
        mover.until("moved").await;
        last = other.until("moved").await;
        if i + 1 < line.len() {
            assert!(last["outcome"].is_null(), "ply {}: {last}", i + 1);
        }
    }
    assert_eq!(last["outcome"]["reason"], "fmjd-lone-king-16", "{last}");
    // A rematch keeps the room's draw rules.
    for (c, id) in [(&mut a, "r1"), (&mut b, "r2")] {
        c.send(json!({ "type": "rematch", "id": id, "game": 1 })).await;
        c.until("ack").await;
    }
    let st = a.until("state").await;
    let st = if st["game"] == 2 { st } else { a.until("state").await };
    assert_eq!((st["game"].as_u64(), st["draw_rules"].as_str(), st["ply"].as_u64()), (Some(2), Some("fmjd"), Some(0)));
    let (_, pdn) = s.http("GET", &format!("/api/rooms/{room}/pdn?game=1"), None).await;
    assert!(pdn.contains("[DrawRules \"FMJD\"]") && pdn.contains("[Result \"1/2-1/2\"]"), "{pdn}");
}
