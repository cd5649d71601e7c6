//! A validated position: pieces, side to move and hash.

use crate::color::Color;
use crate::moves::Move;
use crate::variant::Variant;
use crate::zobrist;
use std::fmt;

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// An uncrowned piece: steps forward only (sideways too in Turkish) and is crowned on its far
    /// row (RULES.md sections 1 and 2).
    Man,
    /// A crowned man: moves and captures backwards as well as forwards, one square or flying as
    /// the variant's `king_range` says (RULES.md section 2).
    King,
}

/// A piece: its side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side that owns the piece.
    pub color: Color,
    /// Man or king.
    pub kind: PieceKind,
}

/// What is wrong with a set-up (see [`Position::new`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A square (bit index) is not a playable square of the board.
    NotASquare(u32),
    /// A square holds pieces of both sides.
    BothSides(u32),
    /// A king bit is set on an empty square.
    KingOnEmpty(u32),
    /// A side has more pieces than the variant gives it.
    TooManyPieces {
        /// The side with too many pieces.
        color: Color,
        /// How many pieces (men and kings together) that side has in the set-up.
        count: u32,
        /// The most allowed: the number of pieces a side has in the variant's start position
        /// (12, 16 in Turkish, 20 in international).
        max: u32,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NotASquare(b) => write!(f, "bit {b} is not a playable square"),
            SetupError::BothSides(b) => write!(f, "bit {b} holds pieces of both sides"),
            SetupError::KingOnEmpty(b) => write!(f, "bit {b} is marked king but empty"),
            SetupError::TooManyPieces { color, count, max } => {
                write!(f, "{color} has {count} pieces; at most {max} are allowed")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// A position of one variant: the pieces of each side, the kings, the side to move and a
/// Zobrist hash kept up to date by [`Position::play`].
///
/// Built only through [`Position::new`] (which checks it) or [`Position::start`]; after that, the
/// type guarantees that pieces stand on playable squares, never two on one square, and no side has
/// more pieces than the variant gives it. A man may stand on its far row: published problem
/// positions contain such men (goulds.pdn, beginner.pdn); it is simply a man that cannot move
/// forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    side: Color,
    /// Pieces by side: `[light, dark]`.
    pieces: [u64; 2],
    kings: u64,
    hash: u64,
}

impl Position {
    /// Checks and builds a position. `light` and `dark` are the bit sets of each side's pieces,
    /// `kings` the bit set of kings of either side.
    ///
    /// Errors: [`SetupError`] naming the first offending square (as a bit index; the notation
    /// layer reports it with the variant's square names).
    pub fn new(variant: Variant, light: u64, dark: u64, kings: u64, side: Color) -> Result<Position, SetupError> {
        let g = variant.geometry();
        let off = (light | dark | kings) & !g.board;
        if off != 0 {
            return Err(SetupError::NotASquare(off.trailing_zeros()));
        }
        if light & dark != 0 {
            return Err(SetupError::BothSides((light & dark).trailing_zeros()));
        }
        if kings & !(light | dark) != 0 {
            return Err(SetupError::KingOnEmpty((kings & !(light | dark)).trailing_zeros()));
        }
        // As many as a side starts with: its start rows, full (RULES.md section 2).
        let max = variant.rules().start_rows as u32 * (g.squares as u32 / g.size as u32);
        for (color, bb) in [(Color::Light, light), (Color::Dark, dark)] {
            if bb.count_ones() > max {
                return Err(SetupError::TooManyPieces { color, count: bb.count_ones(), max });
            }
        }
        Ok(Position::from_parts(variant, light, dark, kings, side))
    }

    fn from_parts(variant: Variant, light: u64, dark: u64, kings: u64, side: Color) -> Position {
        let mut p = Position { variant, side, pieces: [light, dark], kings, hash: 0 };
        p.hash = p.compute_hash();
        p
    }

    /// The start position of a variant (RULES.md section 2, column "men per side, rows" and
    /// "first move").
    pub fn start(variant: Variant) -> Position {
        let r = variant.rules();
        let g = &r.geometry;
        let size = g.size as u32;
        let skip = r.start_skips_back_row as u32;
        let mut dark = 0;
        let mut light = 0;
        for i in 0..r.start_rows as u32 {
            dark |= g.row_mask(skip + i);
            light |= g.row_mask(size - 1 - skip - i);
        }
        Position::from_parts(variant, light, dark, 0, r.first_mover)
    }

    /// The variant of this position.
    #[inline(always)]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of one side.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> u64 {
        self.pieces[color.index()]
    }

    /// The kings of one side.
    #[inline(always)]
    pub fn kings(&self, color: Color) -> u64 {
        self.pieces[color.index()] & self.kings
    }

    /// The men of one side.
    #[inline(always)]
    pub fn men(&self, color: Color) -> u64 {
        self.pieces[color.index()] & !self.kings
    }

    /// All kings of both sides.
    #[inline(always)]
    pub fn all_kings(&self) -> u64 {
        self.kings
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// Men standing on their own far row, where they would have been crowned (RULES.md section
    /// 6): Light's first. A position read from a file may have them
    /// (problem collections do); one set up by hand should not.
    pub fn uncrowned_men(&self) -> Vec<(Color, crate::Square)> {
        let g = self.variant().geometry();
        [Color::Light, Color::Dark]
            .into_iter()
            .flat_map(|c| {
                let mut bits = self.men(c) & g.far_row(c == Color::Light);
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let b = bits.trailing_zeros();
                        bits &= bits - 1;
                        (c, crate::Square::from_bit(b))
                    })
                })
            })
            .collect()
    }

    /// The piece on a square (bit index), if any.
    pub fn piece_at(&self, bit: u32) -> Option<Piece> {
        let b = 1u64 << bit;
        let color = if self.pieces[0] & b != 0 {
            Color::Light
        } else if self.pieces[1] & b != 0 {
            Color::Dark
        } else {
            return None;
        };
        let kind = if self.kings & b != 0 { PieceKind::King } else { PieceKind::Man };
        Some(Piece { color, kind })
    }

    /// The Zobrist hash: pieces, kinds and side to move.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (i, light) in [(0, true), (1, false)] {
            h ^= zobrist::keys(zobrist::kind(light, false), self.pieces[i] & !self.kings);
            h ^= zobrist::keys(zobrist::kind(light, true), self.pieces[i] & self.kings);
        }
        if self.side == Color::Dark {
            h ^= zobrist::DARK_TO_MOVE;
        }
        h
    }

    /// The same pieces with the other side to move (for analysis and set-ups).
    pub fn with_side_to_move(&self, side: Color) -> Position {
        Position::from_parts(self.variant, self.pieces[0], self.pieces[1], self.kings, side)
    }

    /// Plays a move, which must be one of this position's legal moves (not checked: for moves
    /// from outside use [`Position::play`], [`crate::Game::play`] or [`crate::resolve::find`]).
    /// Updates the hash. The search's and perft's way to make a move.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: &Move) {
        *self = self.after(mv);
    }

    /// True when `mv` is one of this position's legal moves played by one of its legal routes
    /// (same move identity, the same landing squares and promotion).
    pub fn is_legal_route(&self, mv: &Move) -> bool {
        self.legal_routes().iter().any(|m| m.same_as(mv) && m.landing_bits() == mv.landing_bits() && m.promotes == mv.promotes)
    }

    /// Plays `mv` if it is a legal move here (same move identity and the route of one of its
    /// legal routes); otherwise leaves the position as it is and says why, listing the legal
    /// moves.
    pub fn play(&mut self, mv: &Move) -> Result<(), crate::MatchError> {
        if !self.is_legal_route(mv) {
            let variant = self.variant;
            let asked = crate::notation::movetext::write(variant, mv);
            return Err(crate::MatchError::Illegal { variant, asked, legal: self.legal_moves() });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// The position after `mv` (a legal move of this position, as for [`Position::play_unchecked`]),
    /// leaving this one unchanged. Every field of the result is computed in registers and
    /// written once: the search copies the result right away, and a copy that reads back
    /// fields just written piecemeal stalls the processor.
    #[inline(always)]
    pub fn after(&self, mv: &Move) -> Position {
        let us = self.side.index();
        let light = self.side == Color::Light;
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.destination_bit();
        let was_king = self.kings & from != 0;
        let now_king = was_king || mv.promotes;
        let mut hash = self.hash ^ zobrist::DARK_TO_MOVE;
        // Captured pieces (removing an empty set changes nothing, so only the hash needs the test).
        if mv.captured != 0 {
            let taken_kings = mv.captured & self.kings;
            hash ^= zobrist::keys(zobrist::kind(!light, false), mv.captured & !taken_kings);
            hash ^= zobrist::keys(zobrist::kind(!light, true), taken_kings);
        }
        let them = self.pieces[1 - us] & !mv.captured;
        // The moving piece.
        let own = (self.pieces[us] & !from) | to;
        hash ^= zobrist::PIECE[zobrist::kind(light, was_king)][mv.from as usize];
        hash ^= zobrist::PIECE[zobrist::kind(light, now_king)][mv.destination_bit() as usize];
        let kings = (self.kings & !mv.captured & !from) | if now_king { to } else { 0 };
        let pieces = if light { [own, them] } else { [them, own] };
        Position { variant: self.variant, side: !self.side, pieces, kings, hash }
    }

    /// The hash of the position after `mv` (a legal move of this position), without making the
    /// move: what [`Position::after`]`(mv).hash()` returns, for prefetching table entries.
    #[inline(always)]
    pub fn hash_after(&self, mv: &Move) -> u64 {
        let light = self.side == Color::Light;
        let was_king = self.kings & (1u64 << mv.from) != 0;
        let mut h = self.hash ^ zobrist::DARK_TO_MOVE;
        if mv.captured != 0 {
            let taken_kings = mv.captured & self.kings;
            h ^= zobrist::keys(zobrist::kind(!light, false), mv.captured & !taken_kings);
            h ^= zobrist::keys(zobrist::kind(!light, true), taken_kings);
        }
        h ^= zobrist::PIECE[zobrist::kind(light, was_king)][mv.from as usize];
        h ^ zobrist::PIECE[zobrist::kind(light, was_king || mv.promotes)][mv.destination_bit() as usize]
    }

    /// Recomputes the hash from scratch; equals [`Position::hash`] (used by tests).
    pub fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }
}
