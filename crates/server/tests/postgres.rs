//! The PostgreSQL storage (`draughts serve --database postgres://...`) on a private cluster
//! started by each test: games and rooms survive a restart, a second writer of the same ply
//! fails cleanly (two nodes on one database), clocks stop only when the whole service stops,
//! a restart of PostgreSQL itself loses nothing, and bad addresses or a newer schema are
//! refused with their reason.

mod support;

use draughts_server::clock::Clock;
use draughts_server::rooms::client::{self, RoomClient};
use draughts_server::storage::postgres::{PostgresOptions, PostgresStorage};
use draughts_server::storage::{GameKey, LiveIds, Op, Storage, StorageError};
use serde_json::json;
use std::time::Duration;
use support::node::{on_runtime, Node};
use support::private_postgres::PrivatePostgres;

const NEVER: Duration = Duration::from_secs(1 << 40);

async fn open(url: &str) -> Result<PostgresStorage, StorageError> {
    PostgresStorage::open(url, PostgresOptions { room_expiry: NEVER }, LiveIds::default()).await
}

#[test]
fn a_local_game_and_a_room_game_survive_a_crash_and_a_restart_of_postgresql() {
    let pg = PrivatePostgres::start();
    let url = pg.url("postgres");
    let node = Node::start(&url);
    let two_player = json!({ "settings": { "mode": "two-player", "level": 1, "human_side": "light", "turn_board": false } });
    let (room, token) = on_runtime(async {
        assert_eq!(node.http("POST", "/api/games/english/new", Some(two_player.clone())).await.0, 200);
        assert_eq!(node.http("POST", "/api/games/english/move", Some(json!({"text": "11-15"}))).await.0, 200);
        let (status, v) = node.http("POST", "/api/rooms", Some(json!({"variant": "russian", "side": "light"}))).await;
        assert_eq!(status, 201, "{v}");
        let (room, token) = (v["id"].as_str().unwrap().to_string(), v["token"].as_str().unwrap().to_string());
        let mut creator = RoomClient::connect(node.addr, &room, None).await.unwrap();
        creator.hello(Some(&token)).await.unwrap();
        let mut guest = RoomClient::connect(node.addr, &room, None).await.unwrap();
        assert_eq!(guest.hello(None).await.unwrap()["color"], "dark");
        creator.until("state").await.unwrap();
        creator.send_move("m1", &["c3", "d4"]).await.unwrap();
        // The guest is told of the move once it is stored.
        let moved = guest.until("moved").await.unwrap();
        assert_eq!(moved["ply"], 1, "{moved}");
        (room, token)
    });
    node.kill();

    // PostgreSQL itself goes down and comes back: nothing is lost.
    pg.kill();
    let during = on_runtime(open(&url));
    assert!(matches!(during, Err(StorageError::Unreachable { .. })), "a node cannot start without its database");
    pg.restart();

    let node = Node::start(&url);
    on_runtime(async {
        let (_, g) = node.http("GET", "/api/games/english", None).await;
        assert_eq!(g["ply"], 1, "{g}");
        assert_eq!(g["moves"][0]["move"]["text"], "11-15");
        let mut creator = RoomClient::connect(node.addr, &room, None).await.unwrap();
        let welcome = creator.hello(Some(&token)).await.unwrap();
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        // The move is there once, and play goes on from it.
        let (status, pdn) = client::request(node.addr, "GET", &format!("/api/rooms/{room}/pdn"), None).await.unwrap();
        assert_eq!(status, 200, "{pdn}");
        assert!(pdn.contains("1. c3-d4") && !pdn.contains("d4 c3"), "{pdn}");
    });
}

/// A game with one move stored, by `s`.
async fn game_with_a_move(s: &PostgresStorage, owner: &str, clock_since: Option<i64>) -> GameKey {
    let key = GameKey { owner: owner.into(), game_no: 1 };
    let start_fen = draughts_rules::notation::fen::write(&draughts_rules::Position::start(draughts_rules::Variant::English));
    s.write(vec![
        Op::NewGame { key: key.clone(), variant: "english", draw_rules: "simplified", start_fen, light_player: 0, started_at: 1000, replace: true },
        Op::AddMove { key: key.clone(), ply: 1, text: "11-15".into(), spent_ms: 500, msg_id: None },
        Op::SaveGame { key: key.clone(), clock: Clock::new([0, 500], clock_since), result: None, settings: None },
    ])
    .await
    .unwrap();
    key
}

#[test]
fn two_nodes_writing_the_same_ply_store_it_once() {
    let pg = PrivatePostgres::start();
    let url = pg.url("postgres");
    on_runtime(async {
        let (a, b) = (open(&url).await.unwrap(), open(&url).await.unwrap());
        let key = game_with_a_move(&a, "local/english", None).await;
        let mv = |text: &str| vec![Op::AddMove { key: key.clone(), ply: 2, text: text.into(), spent_ms: 10, msg_id: Some(text.into()) }];
        let (ra, rb) = tokio::join!(a.write(mv("23-19")), b.write(mv("22-18")));
        assert!(ra.is_ok() != rb.is_ok(), "exactly one writer of ply 2 succeeds: {ra:?} {rb:?}");
        let g = b.game(key.clone()).await.unwrap().unwrap();
        assert_eq!(g.moves.len(), 2);
        let won = if ra.is_ok() { "23-19" } else { "22-18" };
        assert_eq!(g.moves[1].text, won);
        // The failed write changed nothing: its whole transaction went.
        let with_clock = vec![
            Op::SaveGame { key: key.clone(), clock: Clock::new([7, 7], None), result: None, settings: None },
            Op::AddMove { key: key.clone(), ply: 2, text: "24-20".into(), spent_ms: 10, msg_id: None },
        ];
        assert!(a.write(with_clock).await.is_err());
        assert_eq!(a.game(key).await.unwrap().unwrap().clock, Clock::new([0, 500], None));
    });
}

#[test]
fn clocks_stop_only_when_the_whole_service_stops() {
    let pg = PrivatePostgres::start();
    let url = pg.url("postgres");
    on_runtime(async {
        let (a, b) = (open(&url).await.unwrap(), open(&url).await.unwrap());
        let since = draughts_server::storage::now_ms() - 2_000;
        let key = game_with_a_move(&a, "room/abc", Some(since)).await;
        // One node stops cleanly while the other serves: the game goes on there.
        let at = draughts_server::storage::now_ms();
        assert_eq!(a.stop_clocks(at).await.unwrap(), 0);
        assert_eq!(b.game(key.clone()).await.unwrap().unwrap().clock.clock_since, Some(since));
        // The last one stops: the turn of Light (to move after Dark's 11-15) is banked.
        assert_eq!(b.stop_clocks(at).await.unwrap(), 1);
        let clock = b.game(key.clone()).await.unwrap().unwrap().clock;
        assert_eq!(clock, Clock::new([at - since, 500], None));
        drop((a, b));

        // A crash of the last node: the next start stops the clocks at its last sign of life.
        let c = open(&url).await.unwrap();
        let since = draughts_server::storage::now_ms() - 1_000;
        let key = game_with_a_move(&c, "room/def", Some(since)).await;
        drop(c);
        // The node has been gone for a minute.
        pg.sql("postgres", "UPDATE server_state SET value = value - 60000 WHERE key LIKE 'alive/%'");
        let last: i64 = pg.sql("postgres", "SELECT max(value) FROM server_state WHERE key LIKE 'alive/%'").parse().unwrap();
        let d = open(&url).await.unwrap();
        let clock = d.game(key).await.unwrap().unwrap().clock;
        assert_eq!(clock, Clock::new([(last - since).max(0), 500], None), "the downtime counts for nobody");
    });
}

#[test]
fn bad_addresses_and_a_newer_schema_are_refused_with_their_reason() {
    let pg = PrivatePostgres::start();
    on_runtime(async {
        let e = open("postgres://draughts@127.0.0.1:notaport/x").await.err().unwrap().to_string();
        assert!(e.contains("not a PostgreSQL address"), "{e}");
        let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let e = open(&format!("postgres://draughts:secret@127.0.0.1:{free}/x")).await.err().unwrap().to_string();
        assert!(e.contains(&format!("postgres://draughts@127.0.0.1:{free}/x")) && !e.contains("secret"), "{e}");
        let s = open(&pg.url("postgres")).await.unwrap();
        assert_eq!(s.location(), pg.url("postgres"));
        drop(s);
        pg.sql(
            "postgres",
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             SELECT 99, 'later', applied_on, checksum FROM refinery_schema_history WHERE version = 1",
        );
        let e = open(&pg.url("postgres")).await.err().unwrap();
        assert!(matches!(e, StorageError::Foreign { .. }) && e.to_string().contains("newer version of draughts"), "{e}");
    });
}

#[test]
fn puzzle_attempts_keep_the_standing_newest_first() {
    use draughts_server::puzzles::{new_standing, rate};
    use draughts_server::storage::PuzzleAttempt;
    let pg = PrivatePostgres::start();
    let url = pg.url("postgres");
    on_runtime(async {
        let s = open(&url).await.unwrap();
        assert_eq!(s.puzzle_standing("russian".into()).await.unwrap(), None);
        let first = rate(&new_standing(), 2, true, false);
        let second = rate(&first, 4, true, true);
        let attempt = |id: &str, standing: &draughts_server::storage::PuzzleStanding| PuzzleAttempt {
            variant: "russian".into(), puzzle: id.into(), solved: true, hinted: id == "bbb", at: 1000, standing: standing.clone(),
        };
        s.write(vec![Op::PuzzleAttempt(attempt("aaa", &first))]).await.unwrap();
        s.write(vec![Op::PuzzleAttempt(attempt("bbb", &second))]).await.unwrap();
        let again = open(&url).await.unwrap();
        let got = again.puzzle_attempts("russian".into(), 10).await.unwrap();
        assert_eq!(got, vec![attempt("bbb", &second), attempt("aaa", &first)]);
        assert_eq!(again.puzzle_standing("russian".into()).await.unwrap(), Some(second));
        assert!(again.puzzle_attempts("english".into(), 10).await.unwrap().is_empty());
        // The same attempt number twice is refused: a standing never forks.
        assert!(s.write(vec![Op::PuzzleAttempt(attempt("ccc", &first))]).await.is_err());
    });
}
