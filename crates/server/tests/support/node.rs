//! A server node over a PostgreSQL database, in its own runtime so that a test can stop it
//! like a crash, and the way the tests' clients run beside it.

use super::loopback::{runtime, Loopback};
use draughts_server::rooms::client;
use draughts_server::rooms::RoomsConfig;
use draughts_server::AppState;
use serde_json::Value;
use std::net::SocketAddr;

/// A server on a free port over the PostgreSQL database `url`, in its own runtime so that a
/// test can stop it like a crash.
pub struct Node {
    pub addr: SocketAddr,
    server: Loopback,
}

impl Node {
    pub fn start(url: &str) -> Node {
        let rt = runtime("node");
        let cfg = RoomsConfig { burst: 1000, per_second: 1000, ..RoomsConfig::default() };
        let state = rt.block_on(AppState::open_postgres(url, cfg)).unwrap();
        let server = Loopback::serve(rt, state, None);
        Node { addr: server.addr, server }
    }

    /// Stops everything at once, as kill -9 would: no shutdown step runs.
    pub fn kill(self) {
        self.server.kill();
    }

    pub async fn http(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let text = body.map(|b| b.to_string());
        let (status, out) = client::request(self.addr, method, path, text.as_deref()).await.expect("the server answers");
        (status, serde_json::from_str(&out).unwrap_or_else(|e| panic!("{path}: {e}: {out}")))
    }
}

/// Runs `f` on a runtime of its own (the nodes have theirs; the test's client needs one).
pub fn on_runtime<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(f)
}

