//! The web pages (`web/`), embedded in the binary at build time.

use crate::AppState;
use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::RustEmbed;

/// Every file under `web/`.
#[derive(RustEmbed)]
#[folder = "../../web/"]
pub struct Assets;

/// `/` serves `index.html`; other paths serve the file of that name.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|h: HeaderMap| async move { file("index.html", &h) }))
        .route("/{*path}", get(|Path(p): Path<String>, h: HeaderMap| async move { file(&p, &h) }))
}

fn file(path: &str, headers: &HeaderMap) -> Response {
    let Some(f) = Assets::get(path) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    // The content hash as ETag: a reload revalidates cheaply and never shows stale pages.
    let etag = format!("\"{}\"", f.metadata.sha256_hash().iter().take(12).map(|b| format!("{b:02x}")).collect::<String>());
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let mime = f.metadata.mimetype().to_string();
    (
        [(header::CONTENT_TYPE, mime), (header::ETAG, etag), (header::CACHE_CONTROL, "no-cache".to_string())],
        f.data.into_owned(),
    )
        .into_response()
}
