//! The payload of a room-change notification between nodes (PostgreSQL `NOTIFY`), written and
//! read here only.
//!
//! The payload is `<node> <room id>` for any change, where `<node>` is the writer's `alive/...`
//! key (so that a node skips its own changes) or empty for nobody's change (a node's connections
//! swept after it died). When the change is one move, a third field follows, the move as JSON
//! ([`RoomMove`]: the game and ply, the move as stored, the game's clock and result, and the
//! room's stored state), so that a node holding the room one revision behind applies it without
//! reading the room from the database. A move whose payload would not fit under PostgreSQL's
//! limit (8,000 bytes) is notified without it; so is every other change. A node that cannot use
//! the move (unreadable, or not the next revision of its copy) reads the room again, as it does
//! for a payload without one.

use super::{GameKey, Op, RoomChange, StoredMove};
use crate::clock::Clock;
use serde::{Deserialize, Serialize};

/// The longest payload sent with its move (bytes); PostgreSQL refuses 8,000 and more.
pub(crate) const MAX_PAYLOAD: usize = 7_900;

/// One move stored by another node, as its notification carries it: what the room's row, the
/// game's row and the new move's row hold after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomMove {
    /// The room's current game.
    pub game_no: u32,
    /// The move's ply (1-based).
    pub ply: usize,
    /// The move in the variant's notation with its full path.
    pub text: String,
    /// Milliseconds the mover's clock ran for it.
    pub spent_ms: i64,
    /// The id of the message that played it.
    pub msg_id: Option<String>,
    /// The game's clock after the move.
    pub clock: Clock,
    /// The game's result after the move, as stored: the winner (`light`, `dark`, `None` for a
    /// draw) and the reason's code; `None` while the game goes on.
    pub result: Option<(Option<String>, String)>,
    /// The room's state as stored (`rooms.meta`, the rooms service's JSON), carrying its
    /// revision.
    pub meta: String,
}

impl RoomMove {
    /// The move as a stored move row.
    pub fn stored_move(&self) -> StoredMove {
        StoredMove { text: self.text.clone(), spent_ms: self.spent_ms, msg_id: self.msg_id.clone() }
    }

    /// The move that `ops` store for room `room`, when that is all they change of it: the room's
    /// row, one new move and the game's row, of the same game. `None` for any other change
    /// (a takeback, a rematch, a seat, an answer).
    pub(crate) fn of_ops(ops: &[Op], room: &str) -> Option<RoomMove> {
        let owner = super::room_owner(room);
        let ours = |key: &GameKey| key.owner == owner;
        let (mut row, mut added, mut saved) = (None, None, None);
        for op in ops {
            // True for an op that makes the change more than one move: a second row, move or
            // game save, a new game or a takeback.
            let more = match op {
                Op::SaveRoom { id, game_no, meta, .. } if id == room => row.replace((*game_no, meta)).is_some(),
                Op::AddMove { key, ply, text, spent_ms, msg_id } if ours(key) => added.replace((key.game_no, *ply, text, *spent_ms, msg_id)).is_some(),
                Op::SaveGame { key, clock, result, .. } if ours(key) => saved.replace((key.game_no, *clock, result)).is_some(),
                Op::NewGame { key, .. } | Op::Truncate { key, .. } => ours(key),
                _ => false,
            };
            if more {
                return None;
            }
        }
        let ((game_no, meta), (move_game, ply, text, spent_ms, msg_id), (clock_game, clock, result)) = (row?, added?, saved?);
        if move_game != game_no || clock_game != game_no {
            return None;
        }
        Some(RoomMove {
            game_no,
            ply,
            text: text.clone(),
            spent_ms,
            msg_id: msg_id.clone(),
            clock,
            result: result.as_ref().map(|r| (r.winner.map(str::to_string), r.reason.clone())),
            meta: meta.clone(),
        })
    }
}

/// A notification read by [`decode`].
#[derive(Debug)]
pub(crate) struct Heard<'a> {
    /// The node that made the change (empty: nobody's change).
    pub node: &'a str,
    /// What changed: [`RoomChange::Moved`] when the payload carries a readable move, else
    /// [`RoomChange::Room`].
    pub change: RoomChange,
    /// Why the move the payload carries could not be read; the change is then
    /// [`RoomChange::Room`], and the room is read again.
    pub unreadable: Option<NotificationError>,
}

/// Why a notification's payload cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub(crate) enum NotificationError {
    /// Not `<node> <room id>`: nothing tells which room changed.
    #[error("a room-change notification without a room ({0:?} is not \"<node> <room id> [move]\"); ignored")]
    NoRoom(String),
    /// The move after the room id is not [`RoomMove`]'s JSON.
    #[error("the move in a room-change notification cannot be read ({0}); the room is read again from the database")]
    BadMove(String),
}

/// The payload telling that node `node` changed room `room`, with the move `news` when it has
/// one and the whole fits in [`MAX_PAYLOAD`].
pub(crate) fn encode(node: &str, room: &str, news: Option<&RoomMove>) -> String {
    let plain = format!("{node} {room}");
    let Some(news) = news else { return plain };
    match serde_json::to_string(news) {
        Ok(json) if plain.len() + 1 + json.len() <= MAX_PAYLOAD => format!("{plain} {json}"),
        // Too long (a room whose stored state is large): the other nodes read the room.
        _ => plain,
    }
}

/// Reads a payload written by [`encode`]. `Err` only when it names no room; a move that
/// cannot be read leaves a [`RoomChange::Room`] with the reason in [`Heard::unreadable`].
pub(crate) fn decode(payload: &str) -> Result<Heard<'_>, NotificationError> {
    let no_room = || NotificationError::NoRoom(payload.chars().take(80).collect());
    let (node, rest) = payload.split_once(' ').ok_or_else(no_room)?;
    let (room, news) = match rest.split_once(' ') {
        Some((room, news)) => (room, Some(news)),
        None => (rest, None),
    };
    if room.is_empty() {
        return Err(no_room());
    }
    let (change, unreadable) = match news.map(serde_json::from_str::<RoomMove>) {
        None => (RoomChange::Room(room.to_string()), None),
        Some(Ok(m)) => (RoomChange::Moved(room.to_string(), Box::new(m)), None),
        Some(Err(e)) => (RoomChange::Room(room.to_string()), Some(NotificationError::BadMove(e.to_string()))),
    };
    Ok(Heard { node, change, unreadable })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::StoredResult;

    fn key(room: &str, game_no: u32) -> GameKey {
        GameKey { owner: super::super::room_owner(room), game_no }
    }

    fn move_ops(room: &str) -> Vec<Op> {
        vec![
            Op::SaveRoom { id: room.into(), variant: "english", created_at: 1, tokens: [None, None], game_no: 2, meta: r#"{"rev":7}"#.into(), create_key: None },
            Op::AddMove { key: key(room, 2), ply: 5, text: "11-15".into(), spent_ms: 900, msg_id: Some("m5".into()) },
            Op::SaveGame { key: key(room, 2), clock: Clock::new([10, 20], Some(30)), result: Some(StoredResult { winner: Some("dark"), reason: "no_moves".into() }), settings: None },
        ]
    }

    #[test]
    fn a_move_goes_through_its_payload_unchanged() {
        let m = RoomMove::of_ops(&move_ops("abc"), "abc").expect("a move");
        assert_eq!((m.game_no, m.ply, m.text.as_str(), m.spent_ms), (2, 5, "11-15", 900));
        assert_eq!(m.result, Some((Some("dark".into()), "no_moves".into())));
        let payload = encode("alive/1", "abc", Some(&m));
        let heard = decode(&payload).unwrap();
        assert_eq!(heard.node, "alive/1");
        assert_eq!(heard.change, RoomChange::Moved("abc".into(), Box::new(m)));
        assert!(heard.unreadable.is_none());
    }

    #[test]
    fn only_a_move_alone_is_carried() {
        let mut ops = move_ops("abc");
        assert!(RoomMove::of_ops(&ops, "other").is_none(), "another room's move");
        ops.push(Op::Truncate { key: key("abc", 2), ply: 3 });
        assert!(RoomMove::of_ops(&ops, "abc").is_none(), "a move with a takeback");
        let ops = move_ops("abc");
        assert!(RoomMove::of_ops(&[ops[0].clone(), ops[2].clone()], "abc").is_none(), "an answer stores no move");
        let mut ops = move_ops("abc");
        ops[1] = Op::AddMove { key: key("abc", 1), ply: 5, text: "11-15".into(), spent_ms: 0, msg_id: None };
        assert!(RoomMove::of_ops(&ops, "abc").is_none(), "a move of another game");
    }

    #[test]
    fn a_move_too_long_for_postgresql_is_left_out() {
        let mut m = RoomMove::of_ops(&move_ops("abc"), "abc").unwrap();
        m.meta = format!(r#"{{"rev":7,"pad":"{}"}}"#, "x".repeat(MAX_PAYLOAD));
        let payload = encode("alive/1", "abc", Some(&m));
        assert_eq!(payload, "alive/1 abc");
        assert_eq!(decode(&payload).unwrap().change, RoomChange::Room("abc".into()));
    }

    #[test]
    fn a_malformed_payload_is_an_error_never_a_panic() {
        let heard = decode(r#"alive/1 abc {"game_no":"#).unwrap();
        assert_eq!(heard.change, RoomChange::Room("abc".into()), "the room is read again");
        assert!(matches!(heard.unreadable, Some(NotificationError::BadMove(_))));
        let heard = decode(r#"alive/1 abc {"game_no":-1}"#).unwrap();
        assert!(heard.unreadable.is_some());
        assert!(matches!(decode("garbage"), Err(NotificationError::NoRoom(_))));
        assert!(matches!(decode("alive/1 "), Err(NotificationError::NoRoom(_))));
        // Nobody's change (a dead node's connections swept): an empty node.
        let heard = decode(" abc").unwrap();
        assert_eq!((heard.node, heard.change), ("", RoomChange::Room("abc".into())));
    }
}
