//! A server on a free loopback port in a runtime of its own, so that a test can stop it like a
//! crash (the runtime is dropped without any shutdown step), while the test's clients run on
//! the test's runtime.

use draughts_server::limits::{self, ConnLimits};
use draughts_server::AppState;
use std::net::SocketAddr;

/// A serving server; dropping it (or [`Loopback::kill`]) stops it at once.
pub struct Loopback {
    pub addr: SocketAddr,
    rt: Option<tokio::runtime::Runtime>,
}

/// A runtime for a server: two workers, its threads named `name` (so that a test can count
/// them). A state that spawns tasks (PostgreSQL's listener) is opened on it before serving.
pub fn runtime(name: &str) -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_name(name).enable_all().build().unwrap()
}

impl Loopback {
    /// Serves `state` on `rt` on a free port of 127.0.0.1, through the connection limits when
    /// given (as `draughts serve` does), else through plain `axum::serve`.
    pub fn serve(rt: tokio::runtime::Runtime, state: AppState, limits: Option<ConnLimits>) -> Loopback {
        let std_listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        std_listener.set_nonblocking(true).unwrap();
        let addr = std_listener.local_addr().unwrap();
        let app = draughts_server::app(state);
        rt.spawn(async move {
            let listener = tokio::net::TcpListener::from_std(std_listener).unwrap();
            match limits {
                Some(l) => limits::serve_limited(listener, app, l, std::future::pending()).await.unwrap(),
                None => axum::serve(listener, app).await.unwrap(),
            }
        });
        Loopback { addr, rt: Some(rt) }
    }

    /// Stops everything at once, as kill -9 would: no shutdown step runs.
    pub fn kill(mut self) {
        self.rt.take().unwrap().shutdown_background();
    }
}

impl Drop for Loopback {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}
