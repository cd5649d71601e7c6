//! A room as the storage keeps it, rebuilt for play: its row, its current game replayed by the
//! rules crate, and the room's state from its JSON.

use super::state::{Core, StoredMeta};
use crate::seated_game::SeatedGame;
use crate::storage::notification::RoomMove;
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
    let stored = read_meta(&row.meta).map_err(broken)?;
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

/// A room's stored state (`rooms.meta`).
fn read_meta(meta: &str) -> Result<StoredMeta, String> {
    serde_json::from_str(meta).map_err(|e| format!("unreadable state: {e}"))
}

/// What another node's move (as its notification carries it) makes of the room `core`, when
/// `core` is the revision just before it: the room as [`load_core`] would read it after the move,
/// with no read. `Ok(None)`: `core` already has this revision or a later one (a read of the
/// room caught up first). `Err` says why the move cannot be applied (a revision, game or ply
/// missed; a move that does not follow): the room must be read again.
pub(crate) fn moved_core(core: &Core, news: &RoomMove) -> Result<Option<Core>, String> {
    let stored = read_meta(&news.meta)?;
    let (have, got) = (core.meta.rev, stored.meta.rev);
    if got <= have {
        return Ok(None);
    }
    if got != have + 1 {
        return Err(format!("revision {got} does not follow revision {have}"));
    }
    if news.game_no != core.game_no {
        return Err(format!("the move is of game {}, the room is at game {}", news.game_no, core.game_no));
    }
    let mut next = core.clone();
    next.seated.extend_stored(news.ply, &news.stored_move(), news.result.as_ref(), news.clock)?;
    next.seated.set_offers(stored.offers);
    next.meta = stored.meta;
    Ok(Some(next))
}
