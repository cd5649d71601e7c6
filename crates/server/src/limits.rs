//! Limits that keep the server serving everyone while one client misbehaves: open files,
//! connections in total and per client address, and the client address itself (behind a
//! trusted reverse proxy, from `X-Forwarded-For`).
//!
//! - **Open files**: [`raise_open_files`] lifts the soft `RLIMIT_NOFILE` to the hard limit at
//!   start (the common soft limit of 1,024 is reached by about a thousand idle WebSockets).
//! - **Connections**: [`ConnLimits::for_open_files`] keeps a reserve of handles (the database,
//!   the log, refusals) and caps the rest, in total and per client address. A connection over
//!   a cap is still accepted, answered and closed, so that the client learns why instead of
//!   timing out: HTTP gets `503` with the API's JSON error and `Connection: close`, a WebSocket
//!   upgrade is accepted and closed at once with code 1013 (try again later) and the reason.
//!   `GET /api/health`, `/healthz` and `/readyz` are answered even then. Refusals in progress are capped too (half the
//!   reserve); past that, excess connections are closed unanswered.
//! - **Idle connections**: a connection that neither sends nor receives anything for
//!   [`ConnLimits::idle_timeout`] is closed (a refused one after [`REFUSED_LINGER`]).
//! - **Rates per address**: [`RateByAddress`], a token bucket per client address (room
//!   creation).
//! - **Errors as JSON**: [`json_errors`] gives every error under `/api/` and `/ws/` the API's
//!   shape, those of the HTTP layer too (a body over [`MAX_BODY`], or [`MAX_PDN_BODY`] for the
//!   PDN viewer, a method not allowed).

use axum::extract::connect_info::{ConnectInfo, Connected};
use axum::extract::ws::{CloseFrame, Message, WebSocketUpgrade};
use axum::extract::{FromRequestParts, Request};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::serve::IncomingStream;
use axum::Json;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// Handles kept back from connections: a quarter of the open-file limit, at least 32 and at
/// most 256 (the database files, the log, the engine, refusals in progress).
pub fn reserve(open_files: u64) -> u64 {
    (open_files / 4).clamp(32, 256)
}

/// Most connections ever allowed, whatever the open-file limit (about 200 MiB of connection
/// buffers at 12 KiB each).
pub const MAX_CONNECTIONS_CEILING: usize = 16_384;

/// Default cap of connections from one client address: a few browser tabs, each with its six
/// HTTP connections and a room's WebSocket, with room to spare for a household behind one
/// address.
pub const DEFAULT_PER_ADDRESS: usize = 64;

/// How long a refused connection is kept open to be answered.
pub const REFUSED_LINGER: Duration = Duration::from_secs(5);

/// The open-file limit after [`raise_open_files`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenFiles {
    /// The soft limit now in force.
    pub soft: u64,
    /// The hard limit (the most the soft limit may be raised to without privileges).
    pub hard: u64,
    /// The soft limit before, when it was raised.
    pub raised_from: Option<u64>,
}

/// Raises the soft open-file limit (`RLIMIT_NOFILE`) to the hard limit. An unlimited hard
/// limit is read as 1,048,576 (Linux's usual `nr_open`). Errors name the system call that
/// failed.
#[cfg(unix)]
// `rlim_t` is `u64` on Linux but not on every Unix.
#[allow(clippy::unnecessary_cast)]
pub fn raise_open_files() -> Result<OpenFiles, String> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return Err(format!(
            "getrlimit(RLIMIT_NOFILE): {}",
            io::Error::last_os_error()
        ));
    }
    let before = lim.rlim_cur;
    let target = if lim.rlim_max == libc::RLIM_INFINITY {
        1 << 20
    } else {
        lim.rlim_max
    };
    if before != libc::RLIM_INFINITY && before < target {
        let raised = libc::rlimit {
            rlim_cur: target,
            rlim_max: lim.rlim_max,
        };
        // SAFETY: setrlimit reads the struct it is given.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } != 0 {
            return Err(format!(
                "setrlimit(RLIMIT_NOFILE, {target}): {}",
                io::Error::last_os_error()
            ));
        }
        return Ok(OpenFiles {
            soft: target as u64,
            hard: lim.rlim_max as u64,
            raised_from: Some(before as u64),
        });
    }
    let soft = if before == libc::RLIM_INFINITY {
        1 << 20
    } else {
        before as u64
    };
    Ok(OpenFiles {
        soft,
        hard: lim.rlim_max as u64,
        raised_from: None,
    })
}

/// Off Unix there is no such limit to raise: a nominal one of 8,192 handles.
#[cfg(not(unix))]
pub fn raise_open_files() -> Result<OpenFiles, String> {
    Ok(OpenFiles {
        soft: 8192,
        hard: 8192,
        raised_from: None,
    })
}

/// Connection limits of a server.
#[derive(Clone, Debug)]
pub struct ConnLimits {
    /// Connections open at once, all clients together.
    pub max_connections: usize,
    /// Connections open at once from one client address (connections from a trusted proxy
    /// count only toward the total: the proxy speaks for many clients).
    pub max_per_address: usize,
    /// A connection with no traffic either way for this long is closed (2 minutes; longer
    /// than a room's idle limit, which closes silent WebSockets first).
    pub idle_timeout: Duration,
    /// Reverse proxies whose `X-Forwarded-For` names the client (`--trust-proxy`).
    pub trusted_proxies: Vec<IpAddr>,
}

impl ConnLimits {
    /// The limits for a process that may open `open_files` handles: all but the [`reserve`],
    /// at most [`MAX_CONNECTIONS_CEILING`], and per address [`DEFAULT_PER_ADDRESS`] or a
    /// quarter of the total when that is less.
    pub fn for_open_files(open_files: u64) -> ConnLimits {
        let total = open_files
            .saturating_sub(reserve(open_files))
            .max(1)
            .min(MAX_CONNECTIONS_CEILING as u64) as usize;
        ConnLimits {
            max_connections: total,
            max_per_address: DEFAULT_PER_ADDRESS.min((total / 4).max(1)),
            idle_timeout: Duration::from_secs(120),
            trusted_proxies: Vec::new(),
        }
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.trusted_proxies.contains(&canonical(ip))
    }
}

/// An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
        v4 => v4,
    }
}

/// The connections open now, counted against [`ConnLimits`].
pub struct Connections {
    limits: ConnLimits,
    total: AtomicUsize,
    refusing: AtomicUsize,
    per_address: Mutex<HashMap<IpAddr, usize>>,
}

impl Connections {
    /// No connection open yet.
    pub fn new(limits: ConnLimits) -> Arc<Connections> {
        Arc::new(Connections {
            limits,
            total: AtomicUsize::new(0),
            refusing: AtomicUsize::new(0),
            per_address: Mutex::new(HashMap::new()),
        })
    }

    /// The limits in force.
    pub fn limits(&self) -> &ConnLimits {
        &self.limits
    }

    /// Connections open now (refused ones not counted).
    pub fn open(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    /// Counts a new connection from `peer`, or says why it is refused.
    fn admit(self: &Arc<Self>, peer: IpAddr) -> Admission {
        let peer = canonical(peer);
        let per_address = !self.limits.trusts(peer);
        let mut map = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        if self.total.load(Ordering::Relaxed) >= self.limits.max_connections {
            return self.refusal(format!(
                "the server is full ({} connections); try again in a few seconds",
                self.limits.max_connections
            ));
        }
        if per_address {
            let n = map.entry(peer).or_insert(0);
            if *n >= self.limits.max_per_address {
                let max = self.limits.max_per_address;
                drop(map);
                return self.refusal(format!("too many connections from your address (at most {max}); close some and try again"));
            }
            *n += 1;
        }
        self.total.fetch_add(1, Ordering::Relaxed);
        Admission::Counted(Slot {
            conns: self.clone(),
            peer: per_address.then_some(peer),
            refusal: false,
        })
    }

    fn refusal(self: &Arc<Self>, why: String) -> Admission {
        let most = (reserve(self.limits.max_connections as u64) / 2).max(1) as usize;
        if self.refusing.fetch_add(1, Ordering::Relaxed) >= most {
            self.refusing.fetch_sub(1, Ordering::Relaxed);
            return Admission::Drop;
        }
        Admission::Refused(
            Slot {
                conns: self.clone(),
                peer: None,
                refusal: true,
            },
            Arc::from(why),
        )
    }
}

enum Admission {
    Counted(Slot),
    Refused(Slot, Arc<str>),
    Drop,
}

/// A place among the open connections, given back when the connection closes.
struct Slot {
    conns: Arc<Connections>,
    peer: Option<IpAddr>,
    refusal: bool,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if self.refusal {
            self.conns.refusing.fetch_sub(1, Ordering::Relaxed);
            return;
        }
        self.conns.total.fetch_sub(1, Ordering::Relaxed);
        if let Some(peer) = self.peer {
            let mut map = self
                .conns
                .per_address
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            if let Some(n) = map.get_mut(&peer) {
                *n -= 1;
                if *n == 0 {
                    map.remove(&peer);
                }
            }
        }
    }
}

/// What the application knows of a connection (axum's connect info, see [`serve_limited`]).
#[derive(Clone, Debug)]
pub struct ClientConn {
    /// The address the connection comes from (a proxy's, behind one).
    pub peer: SocketAddr,
    /// Why the connection is refused, when it is over a cap.
    pub refused: Option<Arc<str>>,
    /// Whether `peer` is a trusted proxy.
    pub via_proxy: bool,
    trusted: Arc<[IpAddr]>,
}

impl ClientConn {
    /// The client's address: the peer's, or behind a trusted proxy the last address in
    /// `X-Forwarded-For` that is not itself a trusted proxy (the one the proxy saw; earlier
    /// entries are whatever the client chose to write).
    pub fn client_ip(&self, headers: &HeaderMap) -> IpAddr {
        let peer = canonical(self.peer.ip());
        if !self.via_proxy {
            return peer;
        }
        let hops = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .collect::<Vec<_>>();
        for hop in hops.iter().rev() {
            match hop.trim().parse::<IpAddr>() {
                Ok(ip) if self.trusted.contains(&canonical(ip)) => continue,
                Ok(ip) => return canonical(ip),
                Err(_) => break,
            }
        }
        peer
    }
}

impl Connected<IncomingStream<'_, LimitedListener>> for ClientConn {
    fn connect_info(stream: IncomingStream<'_, LimitedListener>) -> ClientConn {
        stream.io().info.clone()
    }
}

/// The client address of a request: from the connection (see [`ClientConn::client_ip`]),
/// `None` for a request that did not come through [`serve_limited`] (tests on the router).
pub fn client_ip(extensions: &axum::http::Extensions, headers: &HeaderMap) -> Option<IpAddr> {
    extensions
        .get::<ConnectInfo<ClientConn>>()
        .map(|c| c.0.client_ip(headers))
}

/// A TCP listener that counts its connections against [`ConnLimits`].
pub struct LimitedListener {
    inner: TcpListener,
    conns: Arc<Connections>,
    trusted: Arc<[IpAddr]>,
    last_error_log: Option<Instant>,
}

impl LimitedListener {
    /// Wraps `inner`.
    pub fn new(inner: TcpListener, limits: ConnLimits) -> LimitedListener {
        let trusted: Arc<[IpAddr]> = limits
            .trusted_proxies
            .iter()
            .copied()
            .map(canonical)
            .collect();
        LimitedListener {
            inner,
            conns: Connections::new(limits),
            trusted,
            last_error_log: None,
        }
    }

    /// The connection count (shared with the listener).
    pub fn connections(&self) -> Arc<Connections> {
        self.conns.clone()
    }
}

impl axum::serve::Listener for LimitedListener {
    type Io = LimitedConn;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (LimitedConn, SocketAddr) {
        loop {
            let (tcp, peer) = match self.inner.accept().await {
                Ok(x) => x,
                Err(e) => {
                    // Out of handles despite the caps (other files): wait a little for some to
                    // close, and say so at most once a second.
                    if self
                        .last_error_log
                        .is_none_or(|t| t.elapsed() >= Duration::from_secs(1))
                    {
                        self.last_error_log = Some(Instant::now());
                        tracing::warn!("accept error: {e}");
                    }
                    if !matches!(
                        e.kind(),
                        io::ErrorKind::ConnectionAborted
                            | io::ErrorKind::ConnectionReset
                            | io::ErrorKind::ConnectionRefused
                    ) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    continue;
                }
            };
            // No Nagle delay: small WebSocket messages (a move) go out at once.
            let _ = tcp.set_nodelay(true);
            let (slot, refused, idle) = match self.conns.admit(peer.ip()) {
                Admission::Counted(s) => (s, None, self.conns.limits.idle_timeout),
                Admission::Refused(s, why) => (s, Some(why), REFUSED_LINGER),
                Admission::Drop => continue,
            };
            let via_proxy = self.conns.limits.trusts(peer.ip());
            let info = ClientConn {
                peer,
                refused,
                via_proxy,
                trusted: self.trusted.clone(),
            };
            let conn = LimitedConn {
                tcp,
                info,
                _slot: slot,
                idle,
                last: Instant::now(),
                deadline: Box::pin(tokio::time::sleep(idle)),
            };
            return (conn, peer);
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// A counted connection: closed when idle, given back to the count when dropped.
pub struct LimitedConn {
    tcp: TcpStream,
    info: ClientConn,
    _slot: Slot,
    idle: Duration,
    last: Instant,
    deadline: Pin<Box<tokio::time::Sleep>>,
}

impl LimitedConn {
    /// Ready with an error once the connection has been idle too long.
    fn poll_idle(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        loop {
            if self.deadline.as_mut().poll(cx).is_pending() {
                return Poll::Pending;
            }
            let due = self.last + self.idle;
            if due <= Instant::now() {
                return Poll::Ready(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "idle connection closed",
                ));
            }
            self.deadline.as_mut().reset(due.into());
        }
    }
}

impl AsyncRead for LimitedConn {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.tcp).poll_read(cx, buf) {
            Poll::Ready(r) => {
                if buf.filled().len() > before {
                    this.last = Instant::now();
                }
                Poll::Ready(r)
            }
            Poll::Pending => this.poll_idle(cx).map(Err),
        }
    }
}

impl AsyncWrite for LimitedConn {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.tcp).poll_write(cx, buf) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    this.last = Instant::now();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => this.poll_idle(cx).map(Err),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_shutdown(cx)
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes.
pub async fn serve_limited(
    listener: TcpListener,
    app: axum::Router,
    limits: ConnLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let listener = LimitedListener::new(listener, limits);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<ClientConn>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}

/// The middleware that answers refused connections (see the module's text): 503 with a JSON
/// error, or a WebSocket closed with 1013; `/api/health` is answered as usual. Every answer
/// on a refused connection closes it.
pub async fn refuse_over_limit(req: Request, next: Next) -> Response {
    let Some(why) = req
        .extensions()
        .get::<ConnectInfo<ClientConn>>()
        .and_then(|c| c.0.refused.clone())
    else {
        return next.run(req).await;
    };
    let mut res = if matches!(req.uri().path(), "/api/health" | "/healthz" | "/readyz") {
        next.run(req).await
    } else if req
        .headers()
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|u| u.eq_ignore_ascii_case("websocket"))
    {
        let (mut parts, _) = req.into_parts();
        match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
            Ok(ws) => ws.on_upgrade(move |mut socket| async move {
                let _ = socket
                    .send(Message::Close(Some(CloseFrame {
                        code: 1013,
                        reason: why.as_ref().into(),
                    })))
                    .await;
            }),
            Err(_) => busy(&why),
        }
    } else {
        busy(&why)
    };
    if res.status() != StatusCode::SWITCHING_PROTOCOLS {
        res.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    res
}

fn busy(why: &str) -> Response {
    let mut res = (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(crate::api::error_body("too_many_connections", why, &Default::default())),
    )
        .into_response();
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
    res
}

/// Largest request body read, in bytes (2 MiB), but for `POST /api/pdn` ([`MAX_PDN_BODY`]).
pub const MAX_BODY: usize = 2 * 1024 * 1024;

/// Most PDN text the viewer reads (`POST /api/pdn`), in bytes: 8 MiB, three times the largest
/// game collection we know of (the 2.6 MB ACF archive). The page checks a file's size against
/// it before sending.
pub const MAX_PDN_TEXT: usize = 8 * 1024 * 1024;

/// Largest body of `POST /api/pdn`: [`MAX_PDN_TEXT`] with room for the JSON around it (every
/// line break and quote written twice).
pub const MAX_PDN_BODY: usize = MAX_PDN_TEXT + MAX_PDN_TEXT / 4;

/// Rewrites the errors of `/api/` and `/ws/` that are not JSON (answered by the HTTP layer
/// before any handler: a body over [`MAX_BODY`], a method not allowed, a malformed WebSocket
/// upgrade) as the API's `{"error": "..."}`, keeping the status and headers.
///
/// A declared `Content-Length` over the limit is refused at once, before the body is read (and
/// the connection closed, as the body is not read): a client is not kept waiting for the 413
/// while it sends megabytes that will be thrown away.
pub async fn json_errors(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let method = req.method().clone();
    let limit = if path == "/api/pdn" { MAX_PDN_BODY } else { MAX_BODY };
    let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    let res = if declared.is_some_and(|n| n > limit as u64) {
        let mut res = StatusCode::PAYLOAD_TOO_LARGE.into_response();
        res.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        res
    } else {
        next.run(req).await
    };
    let status = res.status();
    let api = path.starts_with("/api/") || path.starts_with("/ws/");
    let json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if !api || json || !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let shown = crate::rooms::loggable_path(&path);
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE if path == "/api/pdn" => {
            format!("this PDN text is too big: the most that can be opened is {} MiB", MAX_PDN_TEXT / (1024 * 1024))
        }
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request body is over the limit of {MAX_BODY} bytes")
        }
        StatusCode::METHOD_NOT_ALLOWED => match parts
            .headers
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
        {
            Some(allow) => {
                format!("{method} is not allowed on {shown}; use {allow} (see docs/api.md)")
            }
            None => format!(
                "{method} is not allowed on {shown} (docs/api.md lists each endpoint's method)"
            ),
        },
        _ if !text.is_empty() => text,
        _ => status.canonical_reason().unwrap_or("error").to_string(),
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = crate::api::error_body(crate::api::status_code_name(parts.status), &message, &Default::default()).to_string();
    Response::from_parts(parts, axum::body::Body::from(body))
}

/// A token bucket per client address: `burst` at once, refilled at `per_minute`.
pub struct RateByAddress {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

/// Addresses remembered before full buckets are forgotten.
const RATE_ADDRESSES: usize = 10_000;

impl RateByAddress {
    /// `burst` at once (at least 1), then `per_minute`.
    pub fn new(burst: u32, per_minute: u32) -> RateByAddress {
        RateByAddress {
            burst: burst.max(1) as f64,
            per_second: per_minute as f64 / 60.0,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one from `ip`'s bucket, or says how long until one is there.
    pub fn take(&self, ip: IpAddr) -> Result<(), Duration> {
        let ip = canonical(ip);
        let now = Instant::now();
        let mut map = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= RATE_ADDRESSES && !map.contains_key(&ip) {
            let (burst, rate) = (self.burst, self.per_second);
            map.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = map.entry(ip).or_insert((self.burst, now));
        *tokens =
            (*tokens + now.duration_since(*at).as_secs_f64() * self.per_second).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            return Ok(());
        }
        if self.per_second <= 0.0 {
            return Err(Duration::from_secs(3600));
        }
        Err(Duration::from_secs_f64((1.0 - *tokens) / self.per_second))
    }

    /// Gives back what [`RateByAddress::take`] took from `ip`, for an action that then failed
    /// on the server's side (a room not created because the disk is full is no room made).
    pub fn give_back(&self, ip: IpAddr) {
        let ip = canonical(ip);
        let mut map = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((tokens, _)) = map.get_mut(&ip) {
            *tokens = (*tokens + 1.0).min(self.burst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_back_token_can_be_taken_again() {
        let rate = RateByAddress::new(2, 0);
        let ip: IpAddr = "192.0.2.7".parse().unwrap();
        assert!(rate.take(ip).is_ok());
        assert!(rate.take(ip).is_ok());
        assert!(rate.take(ip).is_err());
        rate.give_back(ip);
        assert!(rate.take(ip).is_ok());
        assert!(rate.take(ip).is_err());
        // Never above the burst.
        rate.give_back(ip);
        rate.give_back(ip);
        rate.give_back(ip);
        assert!(rate.take(ip).is_ok() && rate.take(ip).is_ok() && rate.take(ip).is_err());
    }

    #[test]
    fn caps_leave_a_reserve_and_follow_the_limit() {
        let small = ConnLimits::for_open_files(256);
        assert_eq!((small.max_connections, small.max_per_address), (192, 48));
        let common = ConnLimits::for_open_files(1024);
        assert_eq!((common.max_connections, common.max_per_address), (768, 64));
        assert_eq!(
            ConnLimits::for_open_files(1 << 20).max_connections,
            MAX_CONNECTIONS_CEILING
        );
    }

    #[test]
    fn a_bucket_per_address() {
        let r = RateByAddress::new(2, 60);
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        assert!(r.take(a).is_ok() && r.take(a).is_ok());
        let wait = r.take(a).unwrap_err();
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(1),
            "{wait:?}"
        );
        assert!(r.take(b).is_ok(), "another address has its own bucket");
    }

    #[test]
    fn forwarded_addresses_are_read_only_from_trusted_proxies() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            "1.1.1.1, 203.0.113.7, 10.0.0.1".parse().unwrap(),
        );
        let conn = |via_proxy| ClientConn {
            peer: SocketAddr::new(proxy, 5000),
            refused: None,
            via_proxy,
            trusted: Arc::from(vec![proxy]),
        };
        assert_eq!(
            conn(true).client_ip(&h),
            "203.0.113.7".parse::<IpAddr>().unwrap(),
            "the hop the proxy saw, not the client's own words"
        );
        assert_eq!(
            conn(false).client_ip(&h),
            proxy,
            "an untrusted peer's header is ignored"
        );
        h.insert("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(conn(true).client_ip(&h), proxy);
    }

    #[test]
    fn per_address_and_total_caps_refuse_then_free_their_places() {
        let limits = ConnLimits {
            max_connections: 3,
            max_per_address: 2,
            idle_timeout: Duration::from_secs(1),
            trusted_proxies: vec![],
        };
        let c = Connections::new(limits);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let a1 = c.admit(a);
        let a2 = c.admit(a);
        assert!(
            matches!(c.admit(a), Admission::Refused(..)),
            "a third from one address"
        );
        let b1 = c.admit(b);
        assert!(
            matches!(c.admit(b), Admission::Refused(..)),
            "the total is reached"
        );
        assert_eq!(c.open(), 3);
        drop((a1, a2, b1));
        assert_eq!(c.open(), 0);
        assert!(matches!(c.admit(a), Admission::Counted(_)));
    }
}
