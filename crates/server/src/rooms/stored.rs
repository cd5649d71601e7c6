//! A room as the storage keeps it, rebuilt for play: its row, its current game replayed by the
//! rules crate, and the room's state from its JSON.

use super::state::{Core, StoredMeta};
use crate::seated_game::SeatedGame;
use crate::storage::{room_owner, GameKey, Storage, StorageError, StoredGame};
use draughts_rules::Variant;

/// Why a stored room cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LoadError {
    /// What is stored of this room cannot be rebuilt (a move missing, a value this program does
    /// not write); the other rooms are not affected (HTTP 409).
    #[error("{0}. It is kept in the database unchanged")]
    Broken(String),
    /// The database failed (HTTP 500).
    #[error("{0}")]
    Db(String),
    /// The server is shutting down: no room is loaded any more (HTTP 503).
    #[error("{}", crate::shutdown::CLOSING_MESSAGE)]
    Closing,
}

impl From<StorageError> for LoadError {
    fn from(e: StorageError) -> LoadError {
        match e {
            StorageError::Broken { what, reason } => LoadError::Broken(format!("{what}: {reason}")),
            e => LoadError::Db(e.to_string()),
        }
    }
}

/// Rebuilds a stored game of a room (every move replayed and checked again). Errors name the
/// game and what fails.
pub(crate) fn replay(variant: Variant, g: &StoredGame) -> Result<SeatedGame, String> {
    SeatedGame::from_stored(variant, g).map_err(|e| format!("game {}: {e}", g.key.game_no))
}

/// Loads a whole room for play: its row and its current game, replayed.
/// `Ok(None)` when there is no such room; `Err` when it is stored but cannot be rebuilt (it is
/// left unchanged on disk).
pub(crate) async fn load_core(storage: &dyn Storage, id: &str) -> Result<Option<Core>, LoadError> {
    let Some(row) = storage.room(id.to_string()).await? else { return Ok(None) };
    // Messages name the room by its tag: they are logged, and the id lets anyone in.
    let tag = super::room_tag(id);
    let broken = |what: String| LoadError::Broken(format!("room {tag}: {what}"));
    let variant: Variant = row.variant.parse().map_err(|e| broken(format!("{e}")))?;
    let stored: StoredMeta = serde_json::from_str(&row.meta).map_err(|e| broken(format!("unreadable state: {e}")))?;
    let g = storage
        .game(GameKey { owner: room_owner(id), game_no: row.game_no })
        .await?
        .ok_or_else(|| broken(format!("game {} is missing", row.game_no)))?;
    let mut seated = replay(variant, &g).map_err(broken)?;
    seated.set_offers(stored.offers);
    Ok(Some(Core {
        id: row.id,
        variant,
        created_at: row.created_at,
        tokens: row.tokens,
        game_no: row.game_no,
        light_player: g.light_player,
        seated,
        meta: stored.meta,
    }))
}
