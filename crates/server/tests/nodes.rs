//! Several `draughts serve` nodes on one PostgreSQL database (issue 22), each test on a private
//! cluster: the players of a room on different nodes and a watcher on a third see every change
//! live (LISTEN/NOTIFY), who is connected counts every node, two moves sent at once through two
//! nodes never both land, a message resent to another node is applied once, a move against a
//! resignation and a rematch asked by both at once come out whole, a decline on one node is
//! told on the other, and a node killed mid-game loses nothing: its player goes on through
//! another node.

mod support;

use draughts_server::rooms::client::{self, RoomClient};
use serde_json::{json, Value};
use std::time::Duration;
use support::node::{on_runtime, Node};
use support::private_postgres::PrivatePostgres;

/// Reads messages until one satisfies `pred` (within the client's wait each).
async fn until_where(c: &mut RoomClient, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let v = c.recv().await.unwrap_or_else(|e| panic!("waiting for {what}: {e}"));
        if pred(&v) {
            return v;
        }
    }
    panic!("no message {what}");
}

/// A room on `a` with its creator (Dark: English has Dark move first) seated there and the guest
/// on `b`, both past the guest's arrival: the room's id, the creator's token, the two clients.
async fn seated(a: &Node, b: &Node) -> (String, String, RoomClient, RoomClient) {
    let (status, v) = a.http("POST", "/api/rooms", Some(json!({"variant": "english", "side": "dark"}))).await;
    assert_eq!(status, 201, "{v}");
    let (room, token) = (v["id"].as_str().unwrap().to_string(), v["token"].as_str().unwrap().to_string());
    let mut creator = RoomClient::connect(a.addr, &room, None).await.unwrap();
    creator.hello(Some(&token)).await.unwrap();
    let mut guest = RoomClient::connect(b.addr, &room, None).await.unwrap();
    assert_eq!(guest.hello(None).await.unwrap()["color"], "light");
    // The creator's node hears of the new seat from the database.
    until_where(&mut creator, "the guest's seat", |v| v["type"] == "state" && v["started"] == true).await;
    (room, token, creator, guest)
}

trait Quiet {
    /// Fails on any message within `d`.
    async fn quiet_for(&mut self, d: Duration);
}

impl Quiet for RoomClient {
    async fn quiet_for(&mut self, d: Duration) {
        let wait = std::mem::replace(&mut self.wait, d);
        match self.recv().await {
            Err(client::ClientError::Timeout(_)) => {}
            other => panic!("expected no message, got {other:?}"),
        }
        self.wait = wait;
    }
}

/// Plays the first legal move of `mover` with message id `id`; both players see it.
async fn play_first(mover: &mut RoomClient, other: &mut RoomClient, id: &str) -> Value {
    let mv = mover.legal()[0].clone();
    mover.play(id, &mv).await.unwrap();
    let ack = mover.expect("ack").await.unwrap();
    assert_eq!(ack["duplicate"], false, "{ack}");
    let seen = other.expect("moved").await.unwrap();
    mover.expect("moved").await.unwrap();
    seen
}

/// The room's moves as its PDN export gives them.
async fn pdn(node: &Node, room: &str) -> String {
    let (status, pdn) = client::request(node.addr, "GET", &format!("/api/rooms/{room}/pdn"), None).await.unwrap();
    assert_eq!(status, 200, "{pdn}");
    pdn
}

/// A private PostgreSQL with two nodes on it.
fn two_nodes() -> (PrivatePostgres, Node, Node) {
    let pg = PrivatePostgres::start();
    let url = pg.url("postgres");
    let (a, b) = (Node::start(&url), Node::start(&url));
    (pg, a, b)
}

#[test]
fn a_whole_game_with_the_players_and_a_watcher_on_three_nodes() {
    let pg = PrivatePostgres::start();
    let url = pg.url("postgres");
    let (a, b, c) = (Node::start(&url), Node::start(&url), Node::start(&url));
    on_runtime(async {
        let (room, _, mut dark, mut light) = seated(&a, &b).await;
        // Presence across nodes: each sees the other connected, through the database.
        assert_eq!(light.state["seats"]["dark"]["connected"], true, "{}", light.state);
        let mut watcher = RoomClient::connect(c.addr, &room, None).await.unwrap();
        watcher.hello(None).await.unwrap();
        assert_eq!(watcher.state["seats"]["dark"]["connected"], true, "{}", watcher.state);
        assert_eq!(watcher.state["seats"]["light"]["connected"], true, "{}", watcher.state);
        until_where(&mut dark, "one watcher", |v| v["type"] == "presence" && v["watchers"] == 1).await;

        // Moves made on A and on B reach the other node and the watcher on C, once each.
        for ply in 0..6u64 {
            let (mover, other) = if ply % 2 == 0 { (&mut dark, &mut light) } else { (&mut light, &mut dark) };
            let seen = play_first(mover, other, &format!("m{ply}")).await;
            assert_eq!(seen["ply"], ply + 1, "{seen}");
            let watched = watcher.expect("moved").await.unwrap();
            assert_eq!(watched["ply"], ply + 1, "{watched}");
            assert_eq!(watched["position"], seen["position"]);
        }

        // An offer on B, declined on A: the asker on B is told who declined what.
        light.act("offer_draw", "d0").await.unwrap();
        light.expect("ack").await.unwrap();
        until_where(&mut dark, "the first offer", |v| v["type"] == "state" && v["draw_offer"] == "light").await;
        dark.act("decline_draw", "d0-no").await.unwrap();
        dark.expect("ack").await.unwrap();
        let declined = until_where(&mut light, "the decline", |v| v["type"] == "state" && v["draw_offer"].is_null()).await;
        assert_eq!(declined["declined"], json!({"what": "draw", "by": "dark"}), "{declined}");

        // An offer on B, accepted on A: everyone sees the game drawn.
        light.act("offer_draw", "d1").await.unwrap();
        light.expect("ack").await.unwrap();
        let offered = until_where(&mut dark, "the offer", |v| v["type"] == "state" && v["draw_offer"] == "light").await;
        assert!(offered["outcome"].is_null(), "{offered}");
        dark.act("accept_draw", "d2").await.unwrap();
        dark.expect("ack").await.unwrap();
        for c in [&mut light, &mut watcher] {
            let over = until_where(c, "the draw", |v| v["type"] == "state" && !v["outcome"].is_null()).await;
            assert_eq!(over["outcome"]["winner"], Value::Null, "{over}");
        }

        // The watcher leaves: the players' nodes hear of it.
        watcher.close().await;
        until_where(&mut light, "no watcher", |v| v["type"] == "presence" && v["watchers"] == 0).await;
        let pdn = pdn(&c, &room).await;
        assert!(pdn.contains("1/2-1/2"), "{pdn}");
    });
}

#[test]
fn two_moves_at_once_through_two_nodes_and_a_message_resent_to_another_node() {
    let (_pg, a, b) = two_nodes();
    on_runtime(async {
        let (room, token, mut dark, mut light) = seated(&a, &b).await;
        // Dark in a second tab on the other node.
        let mut tab = RoomClient::connect(b.addr, &room, None).await.unwrap();
        assert_eq!(tab.hello(Some(&token)).await.unwrap()["color"], "dark");
        for round in 0..5u64 {
            let legal = dark.legal();
            // Two different moves where there are two (a capture may be forced: then one twice).
            let (m1, m2) = (legal[0].clone(), legal[legal.len() - 1].clone());
            let (r1, r2) = tokio::join!(dark.play(format!("a{round}"), &m1), tab.play(format!("b{round}"), &m2));
            r1.unwrap();
            r2.unwrap();
            let ply = round * 2 + 1;
            let mut acks = 0;
            // Each tab gets its answer and the move applied, in either order: the losing node
            // announces the winner's move as soon as it reads it, before judging its own again.
            for t in [&mut dark, &mut tab] {
                let (mut answered, mut seen) = (false, false);
                while !(answered && seen) {
                    let v = t.recv().await.unwrap();
                    match v["type"].as_str() {
                        Some("ack") => {
                            acks += 1;
                            answered = true;
                        }
                        Some("error") => {
                            assert_eq!(v["code"], "stale", "{v}");
                            answered = true;
                        }
                        Some("moved") => {
                            assert_eq!(v["ply"], ply, "{v}");
                            seen = true;
                        }
                        _ => {}
                    }
                }
            }
            assert_eq!(acks, 1, "exactly one of the two moves is applied");
            let moved = light.expect("moved").await.unwrap();
            assert_eq!(moved["ply"], ply);
            light.quiet_for(Duration::from_millis(300)).await;
            play_first(&mut light, &mut dark, &format!("l{round}")).await;
            until_where(&mut tab, "the reply", |v| v["type"] == "moved" && v["ply"] == round * 2 + 2).await;
        }

        // Light's last move, resent through the other node (as after a reconnect): applied once.
        let again = json!({ "type": "move", "id": "l4", "game": 1, "ply": 9, "path": ["1", "5"] });
        let light_token = light.token.clone().unwrap();
        let mut light_on_a = RoomClient::connect(a.addr, &room, None).await.unwrap();
        light_on_a.hello(Some(&light_token)).await.unwrap();
        light_on_a.send(&again).await.unwrap();
        let ack = light_on_a.expect("ack").await.unwrap();
        assert_eq!(ack["duplicate"], true, "{ack}");
        let (_, info) = a.http("GET", &format!("/api/rooms/{room}"), None).await;
        assert_eq!(info["games"][0]["plies"], 10, "{info}");
    });
}

#[test]
fn a_node_killed_mid_game_loses_nothing_and_its_player_goes_on_through_another() {
    let (_pg, a, b) = two_nodes();
    on_runtime(async {
        let (room, token, mut dark, mut light) = seated(&a, &b).await;
        for ply in 0..4u64 {
            let (mover, other) = if ply % 2 == 0 { (&mut dark, &mut light) } else { (&mut light, &mut dark) };
            play_first(mover, other, &format!("m{ply}")).await;
        }
        // A move acknowledged by A, which then dies at once (no shutdown step runs).
        let mv = dark.legal()[0].clone();
        dark.play("m4", &mv).await.unwrap();
        dark.expect("ack").await.unwrap();
        a.kill();
        let moved = light.expect("moved").await.unwrap();
        assert_eq!(moved["ply"], 5, "{moved}");
        // B notices A is gone (its sign of life stops): Dark is away.
        light.wait = Duration::from_secs(20);
        until_where(&mut light, "Dark away", |v| v["type"] == "presence" && v["seats"]["dark"]["connected"] == false).await;

        // Dark comes back through B: the game is there, with the move once.
        let mut dark = RoomClient::connect(b.addr, &room, None).await.unwrap();
        assert_eq!(dark.hello(Some(&token)).await.unwrap()["color"], "dark");
        assert_eq!(dark.state["ply"], 5, "{}", dark.state);
        let again = json!({ "type": "move", "id": "m4", "game": 1, "ply": 4, "path": mv["path"] });
        dark.send(&again).await.unwrap();
        assert_eq!(dark.expect("ack").await.unwrap()["duplicate"], true);
        until_where(&mut light, "Dark back", |v| v["type"] == "presence" && v["seats"]["dark"]["connected"] == true).await;
        play_first(&mut light, &mut dark, "m5").await;
        play_first(&mut dark, &mut light, "m6").await;
        let (_, info) = b.http("GET", &format!("/api/rooms/{room}"), None).await;
        assert_eq!(info["games"][0]["plies"], 7, "{info}");
    });
}

#[test]
fn readyz_follows_the_database_and_the_nodes_listen_again_after_it_restarts() {
    let (pg, a, b) = two_nodes();
    on_runtime(async {
        let ready = |n: &Node| {
            let addr = n.addr;
            async move {
                let (status, body) = client::request(addr, "GET", "/readyz", None).await.unwrap();
                (status, serde_json::from_str::<Value>(&body).unwrap())
            }
        };
        let (room, _, mut dark, mut light) = seated(&a, &b).await;
        let (status, r) = ready(&a).await;
        assert_eq!((status, r["listening"].as_bool(), r["database"].as_str()), (200, Some(true), Some("ok")), "{r}");
        assert_eq!(a.http("GET", "/healthz", None).await, (200, json!({ "ok": true })));

        // PostgreSQL goes down: the nodes are alive but not ready.
        pg.kill();
        let (status, r) = ready(&a).await;
        assert_eq!((status, r["ready"].as_bool()), (503, Some(false)), "{r}");
        assert_ne!(r["database"], "ok", "{r}");
        assert_eq!(a.http("GET", "/healthz", None).await.0, 200);

        // Back: each node listens again (with its backoff) and reads its rooms again.
        pg.restart();
        for n in [&a, &b] {
            let mut tries = 0;
            while ready(n).await.0 != 200 {
                tries += 1;
                assert!(tries < 100, "{}: not ready 10 s after the database came back: {}", n.addr, ready(n).await.1);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        // Play goes on across the nodes, nothing lost.
        light.wait = Duration::from_secs(10);
        dark.wait = Duration::from_secs(10);
        play_first(&mut dark, &mut light, "after").await;
        let (_, info) = b.http("GET", &format!("/api/rooms/{room}"), None).await;
        assert_eq!(info["games"][0]["plies"], 1, "{info}");
    });
}

/// Reads until `c` has its answer to its own message (an ack, or an error whose code is one of
/// `codes`) and has seen a state that satisfies `done`: whether the message was acked.
async fn answer_and(c: &mut RoomClient, codes: &[&str], done: impl Fn(&Value) -> bool) -> bool {
    let (mut acked, mut answered, mut seen) = (false, false, false);
    while !(answered && seen) {
        let v = c.recv().await.unwrap();
        match v["type"].as_str() {
            Some("ack") => (acked, answered) = (true, true),
            Some("error") => {
                assert!(codes.contains(&v["code"].as_str().unwrap_or("")), "{v}");
                answered = true;
            }
            Some("state") if done(&v) => seen = true,
            _ => {}
        }
    }
    acked
}

#[test]
fn a_move_against_a_resignation_and_a_rematch_by_both_at_once_through_two_nodes() {
    let (_pg, a, b) = two_nodes();
    on_runtime(async {
        let (room, _, mut dark, mut light) = seated(&a, &b).await;
        // Dark moves on A as Light resigns on B: the resignation stands either way, and the move
        // is in the game exactly when it was acknowledged.
        let mv = dark.legal()[0].clone();
        let (r1, r2) = tokio::join!(dark.play("m1", &mv), light.act("resign", "r1"));
        r1.unwrap();
        r2.unwrap();
        let over = |v: &Value| v["outcome"]["reason"] == "resignation";
        let moved = answer_and(&mut dark, &["game_over"], over).await;
        assert!(answer_and(&mut light, &[], over).await, "a resignation is always accepted while the game is on");
        let (_, info) = a.http("GET", &format!("/api/rooms/{room}"), None).await;
        assert_eq!(info["games"][0]["plies"], u64::from(moved), "{info}");
        let pdn = pdn(&b, &room).await;
        assert!(pdn.contains(" resigned\"]"), "{pdn}");

        // Both ask for a rematch at once, on different nodes: one new game, both told.
        let (r1, r2) = tokio::join!(dark.act("rematch", "x1"), light.act("rematch", "x2"));
        r1.unwrap();
        r2.unwrap();
        let second = |v: &Value| v["game"] == 2 && v["ply"] == 0;
        assert!(answer_and(&mut dark, &[], second).await);
        assert!(answer_and(&mut light, &[], second).await);
        let (_, info) = b.http("GET", &format!("/api/rooms/{room}"), None).await;
        assert_eq!(info["games"].as_array().map(Vec::len), Some(2), "{info}");
        // Colours swapped: the creator has Light now and Dark (the guest) moves first.
        assert_eq!(dark.color.as_deref(), Some("light"));
        play_first(&mut light, &mut dark, "g2").await;
    });
}
