//! When is it a draw: the rules of RULES.md section 4 that look at moves and pieces rather than
//! at a single position's legal moves. The game ([`crate::Game`]), the engine's search and its
//! Hub client all ask here, so a draw rule is written once.
//!
//! - The quiet-move counter: which moves reset it ([`resets_quiet`]; each rule set's reset and
//!   limit are [`Rules::quiet_reset`] and [`Rules::quiet_limit`], RULES.md section 2).
//! - Repetition: only positions since the last irreversible move can repeat
//!   ([`is_irreversible`], [`reversible_tail_start`]); a third occurrence is a draw.
//! - Turkish one piece each ([`one_piece_each`]).

use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{QuietReset, Rules};

/// True when `mv`, played from `pos`, sets the quiet-move counter back to 0: a capture, and by
/// the rule set's [`QuietReset`] a man's move or a promotion (RULES.md section 2, column
/// "quiet-move draw").
#[inline(always)]
pub fn resets_quiet(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    mv.is_capture()
        || match rules.quiet_reset {
            QuietReset::CaptureOrManMove => moves_a_man(pos, mv),
            QuietReset::CaptureOrPromotion => mv.promotes,
        }
}

/// The quiet-move counter after `mv` from `pos`, given the counter `quiet` before it.
#[inline(always)]
pub fn next_quiet(rules: &Rules, pos: &Position, mv: &Move, quiet: u16) -> u16 {
    if resets_quiet(rules, pos, mv) {
        0
    } else {
        quiet.saturating_add(1)
    }
}

/// True when no position before `mv` can occur again after it: a capture (a piece is gone) or
/// a man's move (men never go back).
#[inline(always)]
pub fn is_irreversible(pos: &Position, mv: &Move) -> bool {
    mv.is_capture() || moves_a_man(pos, mv)
}

#[inline(always)]
fn moves_a_man(pos: &Position, mv: &Move) -> bool {
    pos.all_kings() & (1u64 << mv.origin_bit()) == 0
}

/// The index of the first position of the reversible tail of a game: `positions[i]` is the
/// position before `moves[i]` (one more position than moves). Every position from the returned
/// index on can still repeat; none before it can.
pub fn reversible_tail_start(positions: &[Position], moves: &[Move]) -> usize {
    let mut first = positions.len().saturating_sub(1);
    while first > 0 && !is_irreversible(&positions[first - 1], &moves[first - 1]) {
        first -= 1;
    }
    first
}

/// The Turkish one-piece-each ending (RULES.md section 4), when the rule set has it and each
/// side has exactly one piece: a king against a man wins for the king's side, otherwise a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnePieceEach {
    /// Both pieces are of the same kind.
    Draw,
    /// This side's king beats the other side's man.
    Win(Color),
}

/// Whether `pos` ends by the one-piece-each rule (`None` when the rule set lacks it or the
/// pieces are not one each).
#[inline(always)]
pub fn one_piece_each(rules: &Rules, pos: &Position) -> Option<OnePieceEach> {
    if !rules.one_piece_each {
        return None;
    }
    let side = pos.side_to_move();
    if pos.pieces(side).count_ones() != 1 || pos.pieces(!side).count_ones() != 1 {
        return None;
    }
    Some(match (pos.kings(side) != 0, pos.kings(!side) != 0) {
        (true, false) => OnePieceEach::Win(side),
        (false, true) => OnePieceEach::Win(!side),
        _ => OnePieceEach::Draw,
    })
}
