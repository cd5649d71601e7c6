//! Hostile clients against a real server on a free loopback port (issue 18): connection floods,
//! engine floods, WebSocket frame floods, room-creation floods, oversized bodies. While one
//! client misbehaves, the others keep being served.
//!
//! Clients pick their source address inside 127.0.0.0/8 (Linux answers for all of it on the
//! loopback interface), so that one test can be several client addresses.

mod support;

use draughts_server::limits::{self, ConnLimits};
use support::loopback::{runtime, Loopback};
use draughts_server::rooms::client::{self, Message, RoomClient};
use draughts_server::rooms::RoomsConfig;
use draughts_server::AppState;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A server in its own runtime, its threads named `name` (so that a test can count them), over
/// a database of its own.
struct Server {
    addr: SocketAddr,
    _server: Loopback,
    _dir: tempfile::TempDir,
}

impl Server {
    fn start(
        name: &str,
        limits: ConnLimits,
        cfg: RoomsConfig,
        adjust: impl FnOnce(&mut AppState),
    ) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hostile.sqlite3");
        let mut state = AppState::open_with(&path, cfg).unwrap();
        adjust(&mut state);
        let server = Loopback::serve(runtime(name), state, Some(limits));
        Server {
            addr: server.addr,
            _server: server,
            _dir: dir,
        }
    }
}

fn limits(total: usize, per_address: usize) -> ConnLimits {
    ConnLimits {
        max_connections: total,
        max_per_address: per_address,
        idle_timeout: Duration::from_secs(120),
        trusted_proxies: vec![],
    }
}

fn roomy() -> RoomsConfig {
    RoomsConfig {
        burst: 1000,
        per_second: 1000,
        ..RoomsConfig::default()
    }
}

fn ip(n: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, n])
}

async fn tcp_from(src: IpAddr, addr: SocketAddr) -> TcpStream {
    let sock = TcpSocket::new_v4().unwrap();
    sock.bind(SocketAddr::new(src, 0)).unwrap();
    sock.connect(addr).await.unwrap()
}

/// One HTTP/1.1 request from `src`; the status, the headers (lower case) and the body.
async fn http_from(
    src: IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String, String) {
    http_with(src, addr, method, path, "", body).await
}

/// [`http_from`] with more header lines (`extra`, each ending in `\r\n`).
async fn http_with(
    src: IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &str,
    body: &str,
) -> (u16, String, String) {
    let mut tcp = tcp_from(src, addr).await;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
        body.len()
    );
    tcp.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), tcp.read_to_end(&mut raw))
        .await
        .expect("an answer within 20 s")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    // The API answers with a length, never chunked, for these small bodies.
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// A room's WebSocket opened from `src`.
async fn ws_from(src: IpAddr, addr: SocketAddr, room: &str) -> Ws {
    let tcp = tcp_from(src, addr).await;
    let (ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws/rooms/{room}"), tcp)
        .await
        .expect("the upgrade is answered");
    ws
}

/// The close frame the server sends next (text messages before it are skipped), or `None`
/// when the connection ends without one or nothing comes within `wait`.
async fn close_of(ws: &mut Ws, wait: Duration) -> Option<(u16, String)> {
    let end = Instant::now() + wait;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, ws.next()).await {
            Ok(Some(Ok(Message::Close(Some(f))))) => {
                return Some((u16::from(f.code), f.reason.to_string()))
            }
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_flood_is_refused_while_health_and_a_room_keep_working() {
    let srv = Server::start("flood-srv", limits(60, 20), roomy(), |_| {});
    let addr = srv.addr;
    let room = client::create_room(addr, "english", "light").await.unwrap();
    let id = room["id"].as_str().unwrap().to_string();
    let mut creator = RoomClient::connect(addr, &id, None).await.unwrap();
    creator.hello(room["token"].as_str()).await.unwrap();

    // One address holds its 20 idle connections; the rest it opens are refused, not queued.
    let mut idle = Vec::new();
    for _ in 0..20 {
        idle.push(tcp_from(ip(2), addr).await);
    }
    let (status, head, body) = http_from(ip(2), addr, "GET", "/api/variants", "").await;
    assert_eq!(status, 503, "{head}{body}");
    assert!(
        head.contains("connection: close") && head.contains("retry-after"),
        "{head}"
    );
    let v: Value = serde_json::from_str(&body).expect("a JSON error");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("too many connections from your address"),
        "{body}"
    );
    // Idle sockets that never send anything are refused too (closed within the linger time).
    let mut extra = tcp_from(ip(2), addr).await;
    let mut buf = [0u8; 1];
    let read = tokio::time::timeout(
        limits::REFUSED_LINGER + Duration::from_secs(3),
        extra.read(&mut buf),
    )
    .await;
    assert!(
        matches!(read, Ok(Ok(0)) | Ok(Err(_))),
        "a refused idle connection is closed: {read:?}"
    );
    // Health answers even the refused address.
    assert_eq!(
        http_from(ip(2), addr, "GET", "/api/health", "").await.0,
        200
    );

    // Another address fills its share with idle WebSockets; the next one is closed with a reason.
    let mut sockets = Vec::new();
    for _ in 0..20 {
        sockets.push(ws_from(ip(3), addr, &id).await);
    }
    let mut over = ws_from(ip(3), addr, &id).await;
    let (code, reason) = close_of(&mut over, Duration::from_secs(5))
        .await
        .expect("a close frame");
    assert_eq!(code, 1013, "{reason}");
    assert!(reason.contains("too many connections"), "{reason}");

    // Meanwhile everybody else is served: health, and a guest who joins and plays.
    assert_eq!(
        http_from(ip(1), addr, "GET", "/api/health", "").await.0,
        200
    );
    let mut guest = RoomClient::connect(addr, &id, None).await.unwrap();
    guest.hello(None).await.unwrap();
    let mv = guest.legal()[0].clone();
    guest.play("m1", &mv).await.unwrap();
    guest.until("ack").await.unwrap();
    creator.until("moved").await.unwrap();

    // The total cap: more addresses until the server is full, then a clean 503 for anyone.
    let mut more = Vec::new();
    'fill: for n in 4..20 {
        for _ in 0..20 {
            let mut tcp = tcp_from(ip(n), addr).await;
            tcp.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
                .await
                .unwrap();
            let mut head = [0u8; 12];
            tcp.read_exact(&mut head).await.unwrap();
            more.push(tcp);
            if http_from(ip(n + 1), addr, "GET", "/api/variants", "")
                .await
                .0
                == 503
            {
                break 'fill;
            }
        }
    }
    let (status, _, body) = http_from(ip(30), addr, "GET", "/api/variants", "").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("the server is full"), "{body}");
    assert_eq!(
        http_from(ip(30), addr, "GET", "/api/health", "").await.0,
        200,
        "health answers while full"
    );
    // Once the flood lets go, new visitors are served again.
    drop((idle, sockets, more));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        http_from(ip(30), addr, "GET", "/api/variants", "").await.0,
        200
    );
}

/// Threads of this process named `name`.
fn threads_named(name: &str) -> usize {
    std::fs::read_dir("/proc/self/task")
        .map(|d| {
            d.filter_map(|t| t.ok())
                .filter(|t| {
                    std::fs::read_to_string(t.path().join("comm")).is_ok_and(|c| c.trim() == name)
                })
                .count()
        })
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_hint_requests_at_once_get_answers_or_busy_never_a_thread_each() {
    let srv = Server::start("engine-srv", limits(200, 100), roomy(), |s| {
        s.engine = draughts_server::engine::Searchers::new(2, 4)
    });
    let addr = srv.addr;
    let peak = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = tokio::spawn({
        let (peak, done) = (peak.clone(), done.clone());
        async move {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                peak.fetch_max(
                    threads_named("engine-srv"),
                    std::sync::atomic::Ordering::Relaxed,
                );
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    });
    let requests: Vec<_> = (0..64)
        .map(|_| {
            tokio::spawn(http_from(
                ip(1),
                addr,
                "POST",
                "/api/games/international/hint",
                "{}",
            ))
        })
        .collect();
    let mut answered = 0;
    let mut busy = 0;
    for r in requests {
        let (status, _, body) = r.await.unwrap();
        match status {
            200 => {
                let v: Value = serde_json::from_str(&body).unwrap();
                assert!(v["move"].is_object(), "{body}");
                answered += 1;
            }
            503 => {
                let v: Value = serde_json::from_str(&body).expect("a JSON error");
                assert!(
                    v["error"]
                        .as_str()
                        .unwrap()
                        .contains("the computer is busy"),
                    "{body}"
                );
                busy += 1;
            }
            other => panic!("status {other}: {body}"),
        }
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    sampler.await.unwrap();
    assert!(
        answered >= 2 && busy >= 1,
        "answered {answered}, busy {busy}"
    );
    // Two runtime workers, two searchers and a few helpers; without the bound, one thread per
    // request.
    let peak = peak.load(std::sync::atomic::Ordering::Relaxed);
    assert!(peak <= 10, "{peak} server threads for 64 requests");
    // The server is still answering.
    assert_eq!(
        http_from(ip(1), addr, "POST", "/api/games/english/hint", "{}")
            .await
            .0,
        200
    );
}

/// Says hello; the first answer.
async fn hello(ws: &mut Ws) -> Value {
    ws.send(Message::text(r#"{"type":"hello","v":2}"#))
        .await
        .unwrap();
    loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(t.as_str()).unwrap(),
            Ok(Some(Ok(_))) => continue,
            other => panic!("no answer to hello: {other:?}"),
        }
    }
}

async fn a_room(addr: SocketAddr) -> String {
    client::create_room(addr, "english", "light").await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ping_flood_before_hello_is_closed_not_answered() {
    let srv = Server::start("pings-srv", limits(100, 50), RoomsConfig::default(), |_| {});
    let id = a_room(srv.addr).await;
    let mut ws = ws_from(ip(1), srv.addr, &id).await;
    let mut sent = 0;
    for _ in 0..10_000 {
        if ws.send(Message::Ping(vec![1, 2, 3].into())).await.is_err() {
            break;
        }
        sent += 1;
    }
    let mut pongs = 0;
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Pong(_)))) => pongs += 1,
            Ok(Some(Ok(Message::Close(f)))) => break f,
            Ok(Some(Ok(_))) => continue,
            other => panic!("no close after {sent} pings and {pongs} pongs: {other:?}"),
        }
    };
    let close = close.expect("a close frame with a code");
    assert_eq!(u16::from(close.code), 1008, "{close:?}");
    assert!(close.reason.contains("flood"), "{close:?}");
    assert!(
        pongs <= RoomsConfig::default().burst as usize + 1,
        "{pongs} pongs for {sent} pings"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_binary_flood_after_hello_is_closed() {
    let srv = Server::start(
        "binary-srv",
        limits(100, 50),
        RoomsConfig::default(),
        |_| {},
    );
    let id = a_room(srv.addr).await;
    let mut ws = ws_from(ip(1), srv.addr, &id).await;
    assert_eq!(hello(&mut ws).await["type"], "welcome");
    for _ in 0..1_000 {
        if ws
            .send(Message::Binary(vec![0u8; 16].into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let (code, reason) = close_of(&mut ws, Duration::from_secs(5))
        .await
        .expect("closed for the flood");
    assert_eq!(code, 1008, "{reason}");
    assert_eq!(reason, "message flood");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_says_hello_is_closed_even_if_it_pings() {
    let cfg = RoomsConfig {
        hello_timeout: Duration::from_secs(1),
        ..RoomsConfig::default()
    };
    let srv = Server::start("hello-srv", limits(100, 50), cfg, |_| {});
    let id = a_room(srv.addr).await;
    let mut ws = ws_from(ip(1), srv.addr, &id).await;
    let started = Instant::now();
    let closed = loop {
        ws.send(Message::Ping(Vec::new().into())).await.ok();
        if let Some(c) = close_of(&mut ws, Duration::from_millis(300)).await {
            break c;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "still open after 5 s"
        );
    };
    assert_eq!(closed.0, 1008, "{closed:?}");
    assert!(closed.1.contains("no hello within 1 s"), "{closed:?}");
    // Saying hello in time keeps the connection.
    let mut ok = ws_from(ip(1), srv.addr, &id).await;
    assert_eq!(hello(&mut ok).await["type"], "welcome");
    assert!(close_of(&mut ok, Duration::from_millis(1_500))
        .await
        .is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_creation_is_limited_per_address() {
    let srv = Server::start(
        "create-srv",
        limits(100, 50),
        RoomsConfig::default(),
        |_| {},
    );
    let body = r#"{"variant": "english"}"#;
    for n in 0..10 {
        let (status, _, b) = http_from(ip(1), srv.addr, "POST", "/api/rooms", body).await;
        assert_eq!(status, 201, "room {n}: {b}");
    }
    let (status, head, b) = http_from(ip(1), srv.addr, "POST", "/api/rooms", body).await;
    assert_eq!(status, 429, "{b}");
    let retry: u64 = head
        .lines()
        .find_map(|l| l.strip_prefix("retry-after: "))
        .expect("Retry-After")
        .trim()
        .parse()
        .unwrap();
    assert!((1..=6).contains(&retry), "{retry}");
    let v: Value = serde_json::from_str(&b).expect("a JSON error");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("too many rooms created from your address"),
        "{b}"
    );
    // Another address is not held up.
    assert_eq!(
        http_from(ip(2), srv.addr, "POST", "/api/rooms", body)
            .await
            .0,
        201
    );
}

/// A request to the router itself (no connection): status and body.
async fn oneshot(method: &str, uri: &str, body: Vec<u8>) -> (u16, String) {
    use tower::ServiceExt;
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::open(&dir.path().join("errors.sqlite3")).unwrap();
    let req = axum::http::Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .header("content-length", body.len())
        .body(axum::body::Body::from(body))
        .unwrap();
    let res = draughts_server::app(state).oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let json = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    let bytes = http_body_util::BodyExt::collect(res.into_body())
        .await
        .unwrap()
        .to_bytes();
    let text = String::from_utf8_lossy(&bytes).to_string();
    assert!(json, "{method} {uri}: {status} is not JSON: {text}");
    (status, text)
}

#[tokio::test]
async fn every_api_error_is_json_a_big_body_and_a_wrong_method_included() {
    let big = |n: usize| {
        let mut body = br#"{"pdn": ""#.to_vec();
        body.extend(std::iter::repeat_n(b'x', n));
        body.extend(br#""}"#);
        body
    };
    let (status, body) = oneshot("POST", "/api/games/english/new", big(limits::MAX_BODY + 10)).await;
    assert_eq!(status, 413);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["error"],
        format!(
            "the request body is over the limit of {} bytes",
            limits::MAX_BODY
        )
    );
    // The PDN viewer takes more, and says in words how much when it is still too much.
    let (status, body) = oneshot("POST", "/api/pdn", big(limits::MAX_PDN_BODY + 10)).await;
    assert_eq!(status, 413);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["error"], "this PDN text is too big: the most that can be opened is 8 MiB");
    let (status, body) = oneshot("GET", "/api/games/english/move", Vec::new()).await;
    assert_eq!(status, 405);
    assert!(
        serde_json::from_str::<Value>(&body).unwrap()["error"]
            .as_str()
            .unwrap()
            .contains("GET is not allowed on /api/games/english/move"),
        "{body}"
    );
    assert_eq!(oneshot("DELETE", "/api/rooms", Vec::new()).await.0, 405);
    assert_eq!(
        oneshot("GET", "/api/no/such/thing", Vec::new()).await.0,
        404
    );
    // A room's WebSocket asked for without the upgrade.
    let (status, body) = oneshot("GET", "/ws/rooms/AAAAAAAAAAAAAAAAAAAAAA", Vec::new()).await;
    assert!(status >= 400, "{status} {body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_forwarded_address_is_the_client() {
    let proxied = ConnLimits {
        trusted_proxies: vec![ip(1)],
        ..limits(100, 50)
    };
    let srv = Server::start(
        "proxy-srv",
        proxied,
        RoomsConfig {
            create_burst: 2,
            ..RoomsConfig::default()
        },
        |_| {},
    );
    let body = r#"{"variant": "english"}"#;
    let from = |client: &str| format!("X-Forwarded-For: 198.51.100.1, {client}\r\n");
    let create = |src: IpAddr, extra: String| async move {
        http_with(src, srv.addr, "POST", "/api/rooms", &extra, body)
            .await
            .0
    };
    // Through the proxy (127.0.0.1): each client has its own bucket, whatever it wrote itself.
    assert_eq!(create(ip(1), from("203.0.113.5")).await, 201);
    assert_eq!(create(ip(1), from("203.0.113.5")).await, 201);
    assert_eq!(create(ip(1), from("203.0.113.5")).await, 429);
    assert_eq!(
        create(ip(1), from("203.0.113.6")).await,
        201,
        "another client behind the proxy"
    );
    // From an address that is not a trusted proxy the header is ignored.
    assert_eq!(create(ip(2), from("203.0.113.7")).await, 201);
    assert_eq!(create(ip(2), from("203.0.113.8")).await, 201);
    assert_eq!(create(ip(2), from("203.0.113.9")).await, 429);
}

#[test]
fn the_nginx_example_configuration_passes_nginx_t() {
    let have = |tool: &str| std::process::Command::new(tool).arg("-v").output().is_ok();
    if !have("nginx") || !have("openssl") {
        println!("note: nginx or openssl is not installed; docs/deploy/nginx.conf was not checked (apt-get install nginx)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cert = std::process::Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=draughts.example.org",
            "-keyout",
        ])
        .arg(d.join("key.pem"))
        .arg("-out")
        .arg(d.join("cert.pem"))
        .output()
        .unwrap();
    assert!(
        cert.status.success(),
        "{}",
        String::from_utf8_lossy(&cert.stderr)
    );
    let conf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/deploy/nginx.conf"
    ))
    .unwrap();
    let conf = conf
        .replace(
            "/etc/letsencrypt/live/draughts.example.org/fullchain.pem",
            &d.join("cert.pem").display().to_string(),
        )
        .replace(
            "/etc/letsencrypt/live/draughts.example.org/privkey.pem",
            &d.join("key.pem").display().to_string(),
        );
    assert!(
        !conf.contains("/etc/letsencrypt"),
        "the certificate paths were replaced"
    );
    std::fs::write(d.join("nginx.conf"), conf).unwrap();
    let out = std::process::Command::new("nginx")
        .arg("-t")
        .arg("-p")
        .arg(d)
        .arg("-e")
        .arg(d.join("error.log"))
        .arg("-g")
        .arg(format!("pid {};", d.join("nginx.pid").display()))
        .arg("-c")
        .arg(d.join("nginx.conf"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && said.contains("syntax is ok"),
        "{said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declared_body_over_the_limit_is_refused_before_it_is_sent() {
    let srv = Server::start("big-body-srv", limits(100, 50), RoomsConfig::default(), |_| {});
    let mut tcp = tcp_from(ip(1), srv.addr).await;
    // Headers only: the 50 MB body is never sent, and the answer must not wait for it.
    let req = format!(
        "POST /api/games/english/new HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n",
        srv.addr
    );
    tcp.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), tcp.read_to_end(&mut raw))
        .await
        .expect("the 413 comes at once and the connection is closed")
        .unwrap();
    let text = String::from_utf8_lossy(&raw);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains(&format!("the request body is over the limit of {} bytes", limits::MAX_BODY)), "{text}");
}
