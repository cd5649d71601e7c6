//! The web pages (`web/`), embedded in the binary at build time; text files are sent gzipped
//! (compressed once, kept in memory) to browsers that take it, each encoding with its content
//! hash as ETag.

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

/// Files worth compressing: text, larger than a packet.
fn compressible(mime: &str, len: usize) -> bool {
    len > 1024 && (mime.starts_with("text/") || mime.contains("javascript") || mime.contains("json") || mime.contains("svg"))
}

/// The gzip form of each compressible file, made on its first request and kept: the files are
/// fixed in the binary, so each is compressed once.
fn gzipped(path: &str, data: &[u8]) -> std::sync::Arc<Vec<u8>> {
    use std::collections::HashMap;
    use std::io::Write;
    use std::sync::{Arc, LazyLock, Mutex};
    static CACHE: LazyLock<Mutex<HashMap<String, Arc<Vec<u8>>>>> = LazyLock::new(Default::default);
    if let Some(z) = CACHE.lock().ok().and_then(|c| c.get(path).cloned()) {
        return z;
    }
    let mut enc = flate2::write::GzEncoder::new(Vec::with_capacity(data.len() / 3), flate2::Compression::best());
    let z = Arc::new(enc.write_all(data).and_then(|_| enc.finish()).expect("gzip into memory cannot fail"));
    if let Ok(mut c) = CACHE.lock() {
        c.insert(path.to_string(), z.clone());
    }
    z
}

/// Whether the request's `Accept-Encoding` takes gzip (and does not refuse it with `q=0`).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|part| {
        let mut it = part.split(';');
        let name = it.next().unwrap_or("").trim();
        let refused = it.any(|p| matches!(p.trim().strip_prefix("q="), Some(q) if q.trim().parse::<f32>().is_ok_and(|q| q == 0.0)));
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

/// `index.html` with a `<link rel="modulepreload">` for every module under `js/` and `vendor/`
/// (the libraries the modules import) it does not list itself, before its module script: the browser then fetches the whole module graph at
/// once instead of level by level as imports are found (on loopback the first board came
/// about a fifth sooner). Every module is imported by `main.js` from the start, so nothing is
/// fetched that the page does not use. Made once; with its own content hash.
fn index_html() -> &'static (Vec<u8>, String) {
    use sha2::Digest;
    static PAGE: std::sync::LazyLock<(Vec<u8>, String)> = std::sync::LazyLock::new(|| {
        let raw = Assets::get("index.html").map(|f| String::from_utf8_lossy(&f.data).into_owned()).unwrap_or_default();
        let mut modules: Vec<String> = Assets::iter().filter(|p| (p.starts_with("js/") || p.starts_with("vendor/")) && p.ends_with(".js") && !p.ends_with("theme-boot.js")).map(|p| p.to_string()).collect();
        modules.sort();
        let links: String = modules
            .iter()
            .filter(|m| !raw.contains(&format!("\"{m}\"")))
            .map(|m| format!("  <link rel=\"modulepreload\" href=\"{m}\">\n"))
            .collect();
        let page = match raw.find("  <script type=\"module\"") {
            Some(at) => format!("{}{links}{}", &raw[..at], &raw[at..]),
            None => raw,
        };
        let hash = sha2::Sha256::digest(page.as_bytes()).iter().take(12).map(|b| format!("{b:02x}")).collect();
        (page.into_bytes(), hash)
    });
    &PAGE
}

fn file(path: &str, headers: &HeaderMap) -> Response {
    let Some(f) = Assets::get(path) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    // The interface's messages (`i18n/*.ftl`, Fluent syntax) are UTF-8 text, which the
    // extension table does not know.
    let mime = if path.ends_with(".ftl") { "text/plain; charset=utf-8".to_string() } else { f.metadata.mimetype().to_string() };
    let (data, hash): (std::borrow::Cow<'static, [u8]>, String) = if path == "index.html" {
        let (page, hash) = index_html();
        (std::borrow::Cow::Borrowed(page.as_slice()), hash.clone())
    } else {
        // The content hash as ETag (one per encoding): a reload revalidates cheaply and never
        // shows stale pages.
        let hash = f.metadata.sha256_hash().iter().take(12).map(|b| format!("{b:02x}")).collect();
        (f.data, hash)
    };
    let gzip = compressible(&mime, data.len()) && accepts_gzip(headers);
    let etag = if gzip { format!("\"{hash}-gz\"") } else { format!("\"{hash}\"") };
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let common = [(header::CONTENT_TYPE, mime), (header::ETAG, etag), (header::CACHE_CONTROL, "no-cache".to_string()), (header::VARY, "accept-encoding".to_string())];
    if gzip {
        let z = gzipped(path, &data);
        return (common, [(header::CONTENT_ENCODING, "gzip")], z.as_ref().clone()).into_response();
    }
    (common, data.into_owned()).into_response()
}
