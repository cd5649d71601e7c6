//! The move JSON of `moves --json` and `analyze --json`: the project's one move dialect, the
//! server's (`docs/api.md`, "Move": `text`, `from`, `path` of landing squares, `captured` in hop
//! order, `promotes`), written by `draughts_server::wire::MoveJson`.
//!
//! For one release the fields the CLI wrote before are written too: `move` (as `text`) and
//! `captures` (the captured squares). The old `path` listed the origin first; it now lists the
//! landing squares only, as the server's does (the origin is `from`).

use draughts_rules::{Move, Variant};
use draughts_server::wire::MoveJson;
use serde::Serialize;

/// A move as the CLI writes it: the one dialect plus the old names (see the module).
#[derive(Serialize)]
pub struct CliMove {
    #[serde(flatten)]
    mv: MoveJson,
    /// Old name of `text`, kept for one release.
    #[serde(rename = "move")]
    legacy_text: String,
    /// Old name of `captured`, kept for one release.
    captures: Vec<String>,
}

impl CliMove {
    /// The JSON of a move of `variant`.
    pub fn new(variant: Variant, m: &Move) -> CliMove {
        let mv = MoveJson::new(variant, m);
        CliMove { legacy_text: mv.text.clone(), captures: mv.captured.clone(), mv }
    }
}
