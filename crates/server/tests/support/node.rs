//! A server node over a PostgreSQL database, in its own runtime so that a test can stop it
//! like a crash, and the way the tests' clients run beside it.

use draughts_server::rooms::client;
use draughts_server::rooms::RoomsConfig;
use draughts_server::AppState;
use serde_json::Value;
use std::net::SocketAddr;

/// A server on a free port over the PostgreSQL database `url`, in its own runtime so that a
/// test can stop it like a crash.
pub struct Node {
    pub addr: SocketAddr,
    rt: Option<tokio::runtime::Runtime>,
}

impl Node {
    pub fn start(url: &str) -> Node {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let cfg = RoomsConfig { burst: 1000, per_second: 1000, ..RoomsConfig::default() };
        let state = rt.block_on(AppState::open_postgres(url, cfg)).unwrap();
        let std_listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        std_listener.set_nonblocking(true).unwrap();
        let addr = std_listener.local_addr().unwrap();
        let app = draughts_server::app(state);
        rt.spawn(async move {
            let listener = tokio::net::TcpListener::from_std(std_listener).unwrap();
            axum::serve(listener, app).await.unwrap();
        });
        Node { addr, rt: Some(rt) }
    }

    /// Stops everything at once, as kill -9 would: no shutdown step runs.
    pub fn kill(mut self) {
        self.rt.take().unwrap().shutdown_background();
    }

    pub async fn http(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let text = body.map(|b| b.to_string());
        let (status, out) = client::request(self.addr, method, path, text.as_deref()).await.expect("the server answers");
        (status, serde_json::from_str(&out).unwrap_or_else(|e| panic!("{path}: {e}: {out}")))
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}

/// Runs `f` on a runtime of its own (the nodes have theirs; the test's client needs one).
pub fn on_runtime<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(f)
}

