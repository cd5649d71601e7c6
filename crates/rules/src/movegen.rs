//! Legal move generation: captures when any exist (capture is compulsory, RULES.md section 1),
//! otherwise quiet moves of men and kings.

use crate::bitboard::each_dir;
use crate::captures;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square::Square;
use crate::variant::{with_rules, KingRange, RuleSet};
use crate::Color;

/// Directions (bit set over direction indices) in which a man of this side steps.
#[inline(always)]
pub(crate) fn man_step_dirs<R: RuleSet, const LIGHT: bool>() -> u8 {
    let g = &R::R.geometry;
    let mut dirs = g.forward(LIGHT);
    if R::R.men_step_sideways {
        dirs |= g.sideways;
    }
    dirs
}

fn quiet<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64, out: &mut MoveList) {
    let g = &R::R.geometry;
    let empty = g.board & !(own | enemy);
    let men = own & !kings;
    let far = g.far_row(LIGHT);
    let dirs = man_step_dirs::<R, LIGHT>();
    each_dir!(D => {
        if dirs & (1 << D) != 0 {
            let mut targets = g.dirs[D].step_into(men) & empty;
            // Extending from a counted range reserves once and writes without a capacity
            // check per move (the men's moves are most of the moves generated).
            out.extend((0..targets.count_ones()).map(|_| {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let from = (to as i32 - g.dirs[D].shift as i32) as u32;
                Move::quiet(from, to, far & (1u64 << to) != 0)
            }));
        }
    });
    let mut ks = own & kings;
    while ks != 0 {
        let from = ks.trailing_zeros();
        ks &= ks - 1;
        each_dir!(D => {
            // Nearest square first in every direction (the search's move order relies on it).
            let mut sq = king_line::<R>(D, from, empty);
            while sq != 0 {
                let to = if g.dirs[D].shift > 0 { sq.trailing_zeros() } else { 63 - sq.leading_zeros() };
                sq ^= 1u64 << to;
                out.push(Move::quiet(from, to, false));
            }
        });
    }
}

/// The squares a king of this rule set on `from` can move to in direction `d` over `empty`
/// squares: the line up to the first piece for a flying king ([`Geometry::line`]), the next
/// square when free for a short one.
///
/// [`Geometry::line`]: crate::geometry::Geometry::line
#[inline(always)]
pub(crate) fn king_line<R: RuleSet>(d: usize, from: u32, empty: u64) -> u64 {
    let g = &R::R.geometry;
    match R::R.king_range {
        KingRange::Short => g.dirs[d].step_into(1u64 << from) & empty,
        KingRange::Flying => g.line(d, from, empty).0,
    }
}

/// The number of quiet moves of the side to move (Light when `LIGHT`), without building them.
#[inline(always)]
pub(crate) fn count_quiet<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64) -> u64 {
    let g = &R::R.geometry;
    let empty = g.board & !(own | enemy);
    let own_kings = own & kings;
    let mut n = count_man_steps::<R, LIGHT>(own & !kings, empty);
    if own_kings != 0 {
        n += count_king_steps::<R>(own_kings, empty);
    }
    n
}

/// The number of quiet moves of the men `men` (of Light when `LIGHT`) over the `empty` squares.
#[inline(always)]
pub(crate) fn count_man_steps<R: RuleSet, const LIGHT: bool>(men: u64, empty: u64) -> u64 {
    let g = &R::R.geometry;
    let dirs = man_step_dirs::<R, LIGHT>();
    let mut n = 0u64;
    each_dir!(D => {
        if dirs & (1 << D) != 0 {
            n += (g.dirs[D].step_into(men) & empty).count_ones() as u64;
        }
    });
    n
}

/// The number of quiet moves of the kings `own_kings` over the `empty` squares.
#[inline]
fn count_king_steps<R: RuleSet>(own_kings: u64, empty: u64) -> u64 {
    let g = &R::R.geometry;
    let mut n = 0u64;
    each_dir!(D => {
        // Rays of different kings in one direction never overlap (the rear one is blocked by the
        // front one), so filling them together counts every (king, square) pair once.
        n += match R::R.king_range {
            KingRange::Short => g.dirs[D].step_into(own_kings) & empty,
            KingRange::Flying => g.fill(D, own_kings, empty) & empty,
        }
        .count_ones() as u64;
    });
    n
}

#[inline(always)]
fn sides(pos: &Position) -> (bool, u64, u64, u64) {
    let side = pos.side_to_move();
    (side == Color::Light, pos.pieces(side), pos.pieces(!side), pos.all_kings())
}

fn generate<R: RuleSet, const LIGHT: bool>(pos: &Position, out: &mut MoveList, dedup: bool) {
    let (_, own, enemy, kings) = sides(pos);
    if !captures::generate::<R, LIGHT, _>(own, enemy, kings, out, dedup) {
        quiet::<R, LIGHT>(own, enemy, kings, out);
    }
}

/// Runs `$body` with `$R` bound to the position's rule set and `$L` to a constant: true when
/// Light is to move.
macro_rules! with_side {
    ($pos:expr, $R:ident, $L:ident => $body:expr) => {
        with_rules!($pos.variant(), $R => if $pos.side_to_move() == Color::Light {
            const $L: bool = true;
            $body
        } else {
            const $L: bool = false;
            $body
        })
    };
}

impl Position {
    /// Appends the legal moves of the side to move to `out` (which is not cleared). Captures only,
    /// when any exist; complete chains only; one move per identity (see [`Move::same_as`]).
    pub fn generate_moves(&self, out: &mut MoveList) {
        with_side!(self, R, L => generate::<R, L>(self, out, true))
    }

    /// Every route of every legal move: like [`Position::legal_moves`], but when two capture
    /// routes are one move (same origin, destination and captured set), both are listed. Used to
    /// read move text that spells out a route.
    pub fn legal_routes(&self) -> MoveList {
        let mut out = Vec::with_capacity(48);
        with_side!(self, R, L => generate::<R, L>(self, &mut out, false));
        out
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = Vec::with_capacity(48);
        self.generate_moves(&mut out);
        out
    }

    /// The number of legal moves, counted without building quiet moves (bulk counting for
    /// perft). `scratch` is reused for captures.
    pub fn count_moves(&self, scratch: &mut MoveList) -> u64 {
        let (_, own, enemy, kings) = sides(self);
        with_side!(self, R, L => if captures::exists::<R, L>(own, enemy, kings) {
            scratch.clear();
            captures::generate::<R, L, _>(own, enemy, kings, scratch, true);
            scratch.len() as u64
        } else {
            count_quiet::<R, L>(own, enemy, kings)
        })
    }

    /// True if the side to move must capture.
    pub fn has_capture(&self) -> bool {
        let (_, own, enemy, kings) = sides(self);
        with_side!(self, R, L => captures::exists::<R, L>(own, enemy, kings))
    }

    /// The pieces of the side to move that could take a piece, in square order, including those
    /// whose captures the variant's capture choice rules out (another takes more, or comes first
    /// in Italian): what a player who clicks such a piece is told about.
    pub fn capturing_pieces(&self) -> Vec<Square> {
        let (_, own, enemy, kings) = sides(self);
        let mut bits = with_side!(self, R, L => captures::capturers::<R, L>(own, enemy, kings));
        let mut out = Vec::new();
        while bits != 0 {
            out.push(Square::from_bit(bits.trailing_zeros()));
            bits &= bits - 1;
        }
        out
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let (_, own, enemy, kings) = sides(self);
        with_side!(self, R, L => captures::exists::<R, L>(own, enemy, kings)
            || count_quiet::<R, L>(own, enemy, kings) > 0)
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::fen;
    use crate::Variant;

    #[test]
    fn a_piece_with_a_shorter_capture_is_among_the_capturing_pieces() {
        // 32 can take one piece (28); 45 takes two (40, then 39): only 45's capture is legal.
        let pos = fen::parse(Variant::International, "W:W32,45:B28,39,40").unwrap();
        let froms: Vec<String> = pos.legal_moves().iter().map(|m| m.from().name(Variant::International)).collect();
        assert_eq!(froms, ["45"]);
        let capturing: Vec<String> = pos.capturing_pieces().iter().map(|s| s.name(Variant::International)).collect();
        assert_eq!(capturing, ["32", "45"]);
        // Quiet moves only: nobody can capture.
        assert!(fen::parse(Variant::International, "W:W32:B10").unwrap().capturing_pieces().is_empty());
    }
}
