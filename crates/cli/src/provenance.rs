//! Where a generated file (an opening book, pattern values, saved tuning positions) came from:
//! the command, the engine's version and commit and the date, written into its header.

/// `draughts <version> (commit <short hash>)`: the commit of the working tree the command runs
/// in ("unknown" outside a git checkout).
pub fn engine() -> String {
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    format!("draughts {} (commit {commit})", env!("CARGO_PKG_VERSION"))
}

/// The command line as typed (`draughts` and its arguments).
pub fn invocation() -> String {
    std::iter::once("draughts".to_string()).chain(std::env::args().skip(1)).collect::<Vec<_>>().join(" ")
}

/// Today's UTC date, as PDN writes dates.
pub fn today() -> String {
    let ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0);
    draughts_server::pdn_io::pdn_date(ms)
}
