//! The same-origin guard: which requests the server takes, so that a web page on another site
//! cannot play, resign or replace a visitor's games through the visitor's browser.
//!
//! Three checks, on every route (HTTP and the room WebSocket's upgrade alike), before any
//! handler runs:
//! - **Host**: the `Host` header must name this server: an IP address (the server is reached by
//!   address), `localhost` (or a name under `.localhost`), or a name given with `--public-url`.
//!   A page on `evil.example` whose name is made to resolve to 127.0.0.1 (DNS rebinding) sends
//!   `Host: evil.example` and is refused.
//! - **Origin**: a request that changes state (any method but GET, HEAD and OPTIONS, and every
//!   WebSocket upgrade) with an `Origin` header must come from this server's own origin (the
//!   `Host` it was sent to, or a `--public-url`); without `Origin`, a `Sec-Fetch-Site` other
//!   than `same-origin` or `none` is refused. Programs that send neither (curl, the load tester)
//!   are let in: the check protects browsers, the room ids and tokens protect rooms.
//! - **JSON bodies**: a request with a body must say `Content-Type: application/json`. A form or
//!   `text/plain` POST, which a page may send to any site without asking, is refused.
//!
//! Refusals are JSON errors (`{"error": "..."}`): 403 for the host and origin, 415 for the
//! content type.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::net::IpAddr;
use std::sync::Arc;

/// The names the server answers for besides IP addresses and `localhost`.
#[derive(Clone, Debug, Default)]
pub struct Guard {
    /// Lower-case `host[:port]` of each `--public-url`.
    public: Vec<String>,
}

impl Guard {
    /// A guard that also answers for the hosts of `public_urls` (`https://draughts.example.org/`,
    /// `http://club.local:8080`). Errors name a URL that is not `http://` or `https://` with a
    /// host.
    pub fn new(public_urls: &[String]) -> Result<Guard, String> {
        let mut public = Vec::new();
        for url in public_urls {
            let rest = url
                .strip_prefix("https://")
                .or_else(|| url.strip_prefix("http://"))
                .ok_or_else(|| format!("--public-url {url:?}: give the address as http://NAME or https://NAME"))?;
            let host = rest.split(['/', '?', '#']).next().unwrap_or("").to_ascii_lowercase();
            if host.is_empty() || host.contains('@') {
                return Err(format!("--public-url {url:?}: no host name in it"));
            }
            public.push(host);
        }
        Ok(Guard { public })
    }

    /// True when `host` (a `Host` header value, `name[:port]`) names this server.
    pub fn answers_for(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let name = strip_port(&host);
        let bare = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')).unwrap_or(name);
        name == "localhost" || name.ends_with(".localhost") || bare.parse::<IpAddr>().is_ok() || self.public.iter().any(|p| strip_port(p) == name)
    }

    /// Why a request may not go on, or `None` when it may.
    fn refusal(&self, method: &Method, headers: &HeaderMap) -> Option<(StatusCode, String)> {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let host = text(header::HOST.as_str());
        if let Some(h) = host {
            if !self.answers_for(h) {
                return Some((
                    StatusCode::FORBIDDEN,
                    format!("this server does not answer for the host {h:?}; to serve it under that name, start it with --public-url http://{h}/"),
                ));
            }
        }
        let upgrade = text(header::UPGRADE.as_str()).is_some_and(|u| u.eq_ignore_ascii_case("websocket"));
        let changes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) || upgrade;
        if changes {
            if let Some(origin) = text(header::ORIGIN.as_str()) {
                let from = origin.split_once("://").map(|(_, h)| h.trim_end_matches('/').to_ascii_lowercase());
                let same = from.as_deref().is_some_and(|f| host.is_some_and(|h| h.eq_ignore_ascii_case(f)) || self.public.iter().any(|p| p == f));
                if !same {
                    return Some((StatusCode::FORBIDDEN, format!("requests from the page at {origin} are not accepted: only this server's own pages may change its games")));
                }
            } else if let Some(site) = text(SEC_FETCH_SITE) {
                if !(site.eq_ignore_ascii_case("same-origin") || site.eq_ignore_ascii_case("none")) {
                    return Some((StatusCode::FORBIDDEN, format!("a {site} request may not change this server's games")));
                }
            }
        }
        let has_body = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).is_some_and(|n| n.trim() != "0")
            || headers.contains_key(header::TRANSFER_ENCODING);
        if has_body {
            let json = text(header::CONTENT_TYPE.as_str()).is_some_and(|t| {
                let mime = t.split(';').next().unwrap_or("").trim();
                mime.eq_ignore_ascii_case("application/json")
            });
            if !json {
                return Some((StatusCode::UNSUPPORTED_MEDIA_TYPE, "a request body must be JSON, sent with Content-Type: application/json".to_string()));
            }
        }
        None
    }
}

/// The Fetch Metadata header browsers send with every request (axum's `header` lacks it).
const SEC_FETCH_SITE: &str = "sec-fetch-site";

fn strip_port(host: &str) -> &str {
    if host.starts_with('[') {
        // [::1]:8080
        return host.split_once("]:").map(|(h, _)| &host[..h.len() + 1]).unwrap_or(host);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// The middleware: refuses what [`Guard`] refuses, passes the rest on.
pub async fn check(State(guard): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    if let Some((status, message)) = guard.refusal(req.method(), req.headers()) {
        tracing::info!(method = %req.method(), path = %crate::rooms::loggable_path(req.uri().path()), status = status.as_u16(), "refused: {message}");
        return (status, Json(crate::api::error_body(crate::api::status_code_name(status), &message, &Default::default()))).into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn addresses_and_localhost_are_ours_other_names_only_when_given() {
        let g = Guard::new(&["https://Draughts.Example.org/play".to_string()]).unwrap();
        for h in ["127.0.0.1:8080", "localhost:3000", "LOCALHOST", "app.localhost:1", "[::1]:8080", "192.168.1.20", "draughts.example.org"] {
            assert!(g.answers_for(h), "{h}");
        }
        for h in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example"] {
            assert!(!g.answers_for(h), "{h}");
        }
        assert!(Guard::new(&["draughts.example.org".to_string()]).is_err());
        assert!(Guard::new(&["http:///x".to_string()]).is_err());
    }

    #[test]
    fn cross_site_changes_and_non_json_bodies_are_refused() {
        let g = Guard::default();
        let post = Method::POST;
        let ok = |h: HeaderMap| g.refusal(&post, &h).is_none();
        assert!(ok(headers(&[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:8080")])));
        assert!(ok(headers(&[("host", "127.0.0.1:8080")])), "programs send no Origin");
        assert!(ok(headers(&[("host", "127.0.0.1:8080"), ("sec-fetch-site", "same-origin")])));
        assert!(!ok(headers(&[("host", "127.0.0.1:8080"), ("origin", "https://evil.example")])));
        assert!(!ok(headers(&[("host", "127.0.0.1:8080"), ("origin", "null")])));
        assert!(!ok(headers(&[("host", "127.0.0.1:8080"), ("sec-fetch-site", "cross-site")])));
        assert!(!ok(headers(&[("host", "evil.example:8080"), ("origin", "http://evil.example:8080")])), "DNS rebinding");
        let text_body = headers(&[("host", "127.0.0.1:8080"), ("content-type", "text/plain"), ("content-length", "2")]);
        assert_eq!(g.refusal(&post, &text_body).map(|r| r.0), Some(StatusCode::UNSUPPORTED_MEDIA_TYPE));
        let json_body = headers(&[("host", "127.0.0.1:8080"), ("content-type", "application/json; charset=utf-8"), ("content-length", "2")]);
        assert!(ok(json_body));
        // Reading is free; a WebSocket upgrade is a change.
        let cross = headers(&[("host", "127.0.0.1:8080"), ("origin", "https://evil.example")]);
        assert!(g.refusal(&Method::GET, &cross).is_none());
        let upgrade = headers(&[("host", "127.0.0.1:8080"), ("origin", "https://evil.example"), ("upgrade", "websocket")]);
        assert!(g.refusal(&Method::GET, &upgrade).is_some());
    }
}
