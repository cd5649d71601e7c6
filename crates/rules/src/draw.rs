//! When is it a draw: the rules of RULES.md section 4 that look at moves and pieces rather than
//! at a single position's legal moves. The game ([`crate::Game`]), the engine's search and its
//! Hub client all ask here, so a draw rule is written once.
//!
//! - The quiet-move counter: which moves reset it ([`resets_quiet`]; each rule set's reset and
//!   limit are [`Rules::quiet_reset`] and [`Rules::quiet_limit`], RULES.md section 2).
//! - Repetition: only positions since the last irreversible move can repeat
//!   ([`is_irreversible`], [`reversible_tail_start`]); a third occurrence is a draw.
//! - Turkish one piece each ([`one_piece_each`]).
//! - The FMJD's draw rules for international draughts, when a game is played under them
//!   ([`DrawRules::Fmjd`], [`crate::OfficialDraws`]): the king-move count replaces the quiet-move
//!   limit ([`quiet_limit`]) and the lone-king endings have their own count ([`lone_king_ending`],
//!   [`next_ending`]).

use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{QuietReset, Rules};

/// The draw rules a game is judged by. Both count the third occurrence of a position as a draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DrawRules {
    /// The rule set's own quiet-move counter (RULES.md sections 2 and 4; guide 001's "simplified
    /// draw policy" for international draughts). The default.
    #[default]
    Simplified,
    /// The FMJD's official rules (FMJD Official Rules, Annex 1, article 6; see
    /// [`crate::OfficialDraws`]), for the rule sets that have them ([`Rules::official_draws`]).
    Fmjd,
}

impl DrawRules {
    /// The stored and PDN form: `simplified` or `fmjd`.
    pub fn code(self) -> &'static str {
        match self {
            DrawRules::Simplified => "simplified",
            DrawRules::Fmjd => "fmjd",
        }
    }

    /// Reads [`DrawRules::code`] (case-insensitive; `FMJD` as PDN tags write it).
    pub fn from_code(code: &str) -> Option<DrawRules> {
        match code.trim().to_ascii_lowercase().as_str() {
            "simplified" => Some(DrawRules::Simplified),
            "fmjd" => Some(DrawRules::Fmjd),
            _ => None,
        }
    }

    /// True when `rules` can be played under these draw rules (every rule set under its own;
    /// the FMJD's only where [`Rules::official_draws`] is set).
    pub fn available(self, rules: &Rules) -> bool {
        self == DrawRules::Simplified || rules.official_draws.is_some()
    }
}

/// The half-moves without a reset after which the game is drawn: the rule set's
/// [`Rules::quiet_limit`], or under the FMJD's rules article 6.3's king-move count.
#[inline(always)]
pub fn quiet_limit(rules: &Rules, draws: DrawRules) -> u16 {
    match (draws, rules.official_draws) {
        (DrawRules::Fmjd, Some(o)) => o.king_moves,
        _ => rules.quiet_limit,
    }
}

/// FMJD articles 6.4 and 6.5: when one side has a lone king and the other at most three pieces,
/// at least one of them a king, the half-moves the ending may last (32 or 10); `None` for any
/// other material, under the simplified rules, or in a rule set without official draws.
#[inline(always)]
pub fn lone_king_ending(rules: &Rules, draws: DrawRules, pos: &Position) -> Option<u16> {
    let o = match (draws, rules.official_draws) {
        (DrawRules::Fmjd, Some(o)) => o,
        _ => return None,
    };
    let (light, dark) = (pos.pieces(Color::Light), pos.pieces(Color::Dark));
    if (light | dark).count_ones() > 4 {
        return None;
    }
    let kings = pos.all_kings();
    let lone_king = |bb: u64| bb.count_ones() == 1 && bb & kings == bb;
    let strong = if lone_king(dark) {
        light
    } else if lone_king(light) {
        dark
    } else {
        return None;
    };
    match strong.count_ones() {
        3 if strong & kings != 0 => Some(o.three_against_king),
        1 | 2 if strong & kings != 0 => Some(o.two_against_king),
        _ => None,
    }
}

/// A lone-king ending in progress (FMJD articles 6.4 and 6.5): the half-moves played in it and
/// the half-moves it may last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndingCount {
    /// Half-moves played since the ending began.
    pub count: u16,
    /// Half-moves it may last: set by the material it began with (32 for three pieces against
    /// the king, 10 for two or one); 0 when the position is no such ending.
    pub limit: u16,
}

/// The lone-king ending's count at `after`, given the count at the position before it. The count
/// begins at 0 when the ending begins (a capture or a promotion makes the material one) and goes
/// on through later captures inside it: the FMJD's reading of article 6.4 is that when a piece is
/// taken during the 16 moves, the 16 moves still hold, so the limit stays the one the ending
/// began with (three kings against a king, one taken by the king: still 16 moves in all, not 5
/// more).
#[inline(always)]
pub fn next_ending(rules: &Rules, draws: DrawRules, before: EndingCount, after: &Position) -> EndingCount {
    match lone_king_ending(rules, draws, after) {
        None => EndingCount::default(),
        Some(_) if before.limit > 0 => EndingCount { count: before.count.saturating_add(1), limit: before.limit },
        Some(limit) => EndingCount { count: 0, limit },
    }
}

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
