//! Moves: an origin, the landing squares in order, and the set of captured squares.

use crate::bitboard::bits;
use crate::geometry::Geometry;
use crate::square::Square;

/// The most landing squares one move can have: a chain never takes more pieces than the
/// opponent has, and no variant gives a side more than 20.
pub const MAX_HOPS: usize = 20;

/// A move (RULES.md sections 1 and 8). Inside the crate its squares are bit indices of the
/// variant's geometry; the accessors hand out [`Square`]s.
///
/// Identity follows `../shared/data/perft.md`: two moves are the same when they have the same
/// origin, destination and captured set, and (Italian only) take the enemy kings in the same order;
/// see [`Move::same_as`]. The landing squares in between are kept for notation and display; when
/// two routes are the same move, the generator keeps the first one it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square (bit index).
    pub(crate) from: u8,
    /// Number of landing squares in `path` (1 for a quiet move).
    pub(crate) hops: u8,
    /// True when the moving man becomes a king with this move.
    pub(crate) promotes: bool,
    /// Landing squares in order; `path[hops - 1]` is the destination.
    pub(crate) path: [u8; MAX_HOPS],
    /// Captured squares (bit set; empty for a quiet move).
    pub(crate) captured: u64,
    /// Italian precedence data: the captured kings' squares in capture order, 6 bits each
    /// (bit + 1), most recent lowest; 0 when no king is taken or in other variants.
    pub(crate) king_order: u64,
    /// The destination, `path[hops - 1]`, kept apart because the search reads it for every
    /// move it orders and plays (it fills a padding byte: the move stays 40 bytes).
    to: u8,
}

impl Move {
    /// A quiet move from `from` to `to`.
    #[inline(always)]
    pub fn quiet(from: u32, to: u32, promotes: bool) -> Move {
        let mut path = [0u8; MAX_HOPS];
        path[0] = to as u8;
        Move { from: from as u8, hops: 1, promotes, path, captured: 0, king_order: 0, to: to as u8 }
    }

    /// A capture from `from` over the landing squares `path[..hops]` taking `captured`
    /// (`hops` >= 1); `king_order` as the field (0 outside Italian).
    #[inline(always)]
    pub fn capture(from: u8, path: [u8; MAX_HOPS], hops: usize, promotes: bool, captured: u64, king_order: u64) -> Move {
        Move { from, hops: hops as u8, promotes, path, captured, king_order, to: path[hops - 1] }
    }

    /// The destination square.
    #[inline(always)]
    pub fn to(&self) -> Square {
        Square::from_bit(self.to as u32)
    }

    /// The origin square.
    #[inline(always)]
    pub fn from(&self) -> Square {
        Square::from_bit(self.from as u32)
    }

    /// The landing squares in order (one for a quiet move; the destination is the last).
    pub fn landings(&self) -> impl ExactSizeIterator<Item = Square> + DoubleEndedIterator + '_ {
        self.path[..self.hops as usize].iter().map(|&b| Square::from_bit(b as u32))
    }

    /// The origin's bit index, for the crate's bit work.
    #[inline(always)]
    pub(crate) fn origin_bit(&self) -> u32 {
        self.from as u32
    }

    /// The destination's bit index.
    #[inline(always)]
    pub(crate) fn destination_bit(&self) -> u32 {
        self.to as u32
    }

    /// The landing squares' bit indices in order.
    #[inline(always)]
    pub(crate) fn landing_bits(&self) -> &[u8] {
        &self.path[..self.hops as usize]
    }

    /// True when the moving man becomes a king with this move.
    #[inline(always)]
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// The captured squares as a bit set (bit index = square; 0 for a quiet move).
    #[inline(always)]
    pub fn captured(&self) -> u64 {
        self.captured
    }

    /// True for a capture.
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Number of pieces taken.
    #[inline(always)]
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// The captured squares in ascending bit order.
    pub fn captured_squares(&self) -> impl Iterator<Item = Square> {
        bits(self.captured).map(Square::from_bit)
    }

    /// Each hop of the move in order: the square it lands on and the square of the piece it
    /// takes (`None` for a quiet move). `g` is the geometry of the move's variant. The piece
    /// taken on a hop is the captured one on the line between its two squares (a flying king
    /// may pass empty squares before and after it; in Turkish it may cross the square of a
    /// piece it took earlier, which has vanished).
    pub fn hops<'g>(&self, g: &'g Geometry) -> impl Iterator<Item = Hop> + 'g {
        let (mut left, from) = (self.captured, self.from as u32);
        let landings = self.path;
        let mut at = from;
        landings.into_iter().take(self.hops as usize).map(move |to| {
            let to = to as u32;
            let (r0, c0) = g.row_col(at);
            let (r1, c1) = g.row_col(to);
            let (dr, dc) = ((r1 as i32 - r0 as i32).signum(), (c1 as i32 - c0 as i32).signum());
            let (mut r, mut c) = (r0 as i32 + dr, c0 as i32 + dc);
            let mut taken = None;
            while left != 0 && (r, c) != (r1 as i32, c1 as i32) && r >= 0 && c >= 0 {
                if let Some(b) = g.bit_at(r as u32, c as u32) {
                    if left & (1u64 << b) != 0 {
                        left &= !(1u64 << b);
                        taken = Some(b);
                        break;
                    }
                }
                r += dr;
                c += dc;
            }
            at = to;
            Hop { landing: Square::from_bit(to), taken: taken.map(Square::from_bit) }
        })
    }

    /// Move identity of `../shared/data/perft.md`: origin, destination, captured set and the order
    /// of captured kings (which is only recorded in Italian).
    #[inline(always)]
    pub fn same_as(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to() == other.to()
            && self.captured == other.captured
            && self.king_order == other.king_order
    }
}

/// One hop of a move ([`Move::hops`]): where it lands and the piece it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    /// The landing square.
    pub landing: Square,
    /// The square of the piece taken on this hop; `None` for a quiet move.
    pub taken: Option<Square>,
}

/// A growable list of moves, reused between calls to avoid allocation.
pub type MoveList = Vec<Move>;
