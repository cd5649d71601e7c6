//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The shared data folder (`RULES.md`, `data/pdn`, `data/perft.md`): `$DRAUGHTS_SHARED`, else
/// `../shared` beside the repository, else `/work/shared`. The data is required: a missing
/// folder fails the test rather than skipping it.
pub fn shared_dir() -> PathBuf {
    let mut candidates = Vec::new();
    if let Some(d) = std::env::var_os("DRAUGHTS_SHARED") {
        candidates.push(PathBuf::from(d));
    }
    candidates.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    candidates.push(PathBuf::from("/work/shared"));
    candidates
        .into_iter()
        .find(|d| d.join("data/pdn").is_dir())
        .expect("shared data folder not found: set DRAUGHTS_SHARED to the folder holding data/pdn")
}

/// The PDN corpus folder.
pub fn pdn_dir() -> PathBuf {
    shared_dir().join("data/pdn")
}
