//! What the server logs: never a room id or a seat token (they let anyone into a room), only a
//! short hash of the id. Its own test binary, because it installs the process's log subscriber.

use draughts_server::rooms::client::{self, RoomClient};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Every log line.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_ids_and_tokens_are_not_logged() {
    let log = Captured::default();
    let writer = log.clone();
    // The server's own lines (the client's libraries in this process log the URLs they ask for).
    let filter = tracing_subscriber::EnvFilter::new("draughts_server=trace,axum=trace");
    tracing_subscriber::fmt().with_env_filter(filter).with_ansi(false).with_writer(move || writer.clone()).init();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("logs.sqlite3");
    let state = draughts_server::AppState::open(&path).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = draughts_server::app(state.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    let created = client::create_room(addr, "english", "light").await.unwrap();
    let room = created["id"].as_str().unwrap().to_string();
    let mut tokens = vec![created["token"].as_str().unwrap().to_string()];
    let mut a = RoomClient::connect(addr, &room, None).await.unwrap();
    a.hello(Some(&tokens[0])).await.unwrap();
    let mut b = RoomClient::connect(addr, &room, None).await.unwrap();
    b.hello(None).await.unwrap();
    tokens.push(b.token.clone().unwrap());
    // English: Dark (the guest) moves first.
    let mv = b.legal()[0].clone();
    b.play("m1", &mv).await.unwrap();
    b.until("ack").await.unwrap();
    for uri in [format!("/api/rooms/{room}"), format!("/api/rooms/{room}/pdn")] {
        assert_eq!(client::request(addr, "GET", &uri, None).await.unwrap().0, 200);
    }
    // A request the guard refuses (another site's host name) is logged with its path.
    let ask = format!("GET /api/rooms/{room} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    let answer = tokio::task::spawn_blocking(move || {
        use std::io::Read;
        let mut tcp = std::net::TcpStream::connect(addr).unwrap();
        tcp.write_all(ask.as_bytes()).unwrap();
        let mut answer = String::new();
        tcp.read_to_string(&mut answer).unwrap();
        answer
    })
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    // A room that cannot be read is logged, by its tag.
    rusqlite::Connection::open(&path).unwrap().execute("UPDATE games SET start_fen = 'nonsense' WHERE owner LIKE 'room/%'", []).unwrap();
    let (status, _) = client::request(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(status, 409);
    a.close().await;
    b.close().await;
    state.rooms.shutdown().await;

    let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    assert!(text.contains("/api/rooms/~"), "requests are logged, with the room as a tag:\n{text}");
    assert!(text.contains("WARN"), "the broken room was logged:\n{text}");
    assert!(text.contains("refused"), "the refused request was logged:\n{text}");
    assert!(!text.contains(&room), "the room id is in the log:\n{text}");
    for t in &tokens {
        assert!(!text.contains(t.as_str()), "a seat token is in the log:\n{text}");
    }
}
