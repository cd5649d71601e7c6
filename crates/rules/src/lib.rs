//! # draughts-rules
//!
//! The game logic of the draughts platform: every rule set of `RULES.md` as data
//! ([`Variant`], [`Rules`]), bitboards for the three board geometries, legal move generation with
//! complete capture chains, games with history and results, and notation (square names, move
//! text, FEN, position text, PDN).
//!
//! ```
//! use draughts_rules::{Position, Variant};
//! let start = Position::start(Variant::International);
//! assert_eq!(start.legal_moves().len(), 9);
//! assert_eq!(draughts_rules::perft(&start, 3), 658);
//! ```
//!
//! No I/O and no dependencies: this crate stands on its own.

#![warn(missing_docs)]

pub mod bitboard;
mod captures;
pub mod color;
pub mod draw;
pub mod game;
pub mod geometry;
mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod resolve;
mod square;
pub mod variant;
mod zobrist;

pub use color::Color;
pub use draw::DrawRules;
pub use game::{DrawRulesError, Game, Outcome, PlayError, Reason};
pub use notation::ParseError;
pub use geometry::{BoardKind, Geometry, HalfTurn};
pub use moves::{Hop, Move, MoveList, MAX_HOPS};
pub use perft::{divide, perft};
pub use resolve::{find, MatchError, MoveQuery};
pub use square::Square;
pub use position::{Piece, PieceKind, Position, SetupError};
pub use variant::{CaptureChoice, ChainPromotion, KingRange, OfficialDraws, QuietReset, Removal, Rules, SquareNotation, Variant};
