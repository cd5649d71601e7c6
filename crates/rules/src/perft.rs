//! Perft: the number of leaf positions a given number of plies ahead, counting moves by the
//! identity of `../shared/data/perft.md`.
//!
//! The count runs on a bare board (the side to move's pieces, the other side's, the kings) with
//! the rule set and the side to move as compile-time constants: no hash, no move list for quiet
//! moves (they are played straight from the bitboards), captures kept without their routes, and
//! bulk counting at the last ply (the number of moves, not the positions after them). No
//! transposition table: every leaf is counted.

use crate::captures::{self, Capture, CaptureList};
use crate::color::Color;
use crate::geometry::opposite;
use crate::movegen::{count_quiet, man_step_dirs};
use crate::moves::MoveList;
use crate::position::Position;
use crate::variant::{with_rules, KingRange, RuleSet};

/// A position from the side to move's point of view.
#[derive(Clone, Copy)]
struct Board {
    own: u64,
    enemy: u64,
    kings: u64,
}

impl Board {
    /// The position after a quiet move from `from` to `to` (single-bit sets), seen by the other
    /// side.
    #[inline(always)]
    fn after_quiet(&self, from: u64, to: u64, king: bool, promotes: bool) -> Board {
        let mut kings = self.kings;
        if king {
            kings ^= from | to;
        } else if promotes {
            kings |= to;
        }
        Board { own: self.enemy, enemy: self.own ^ from ^ to, kings }
    }

    /// The position after a capture, seen by the other side.
    #[inline(always)]
    fn after_capture(&self, c: &Capture) -> Board {
        let from = 1u64 << c.from;
        let to = 1u64 << c.to;
        let mut kings = self.kings & !c.captured;
        if self.kings & from != 0 {
            // `from ^ to` handles a king that ends its chain where it started.
            kings ^= from ^ to;
        } else if c.promotes {
            kings |= to;
        }
        Board { own: self.enemy & !c.captured, enemy: self.own ^ from ^ to, kings }
    }
}

/// Perft(`depth`) of `pos`, with bulk counting at the last ply. Depth 0 is 1.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let side = pos.side_to_move();
    let b = Board { own: pos.pieces(side), enemy: pos.pieces(!side), kings: pos.all_kings() };
    let mut lists: Vec<CaptureList> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    with_rules!(pos.variant(), R => if side == Color::Light {
        visit::<R, true>(b, depth, &mut lists)
    } else {
        visit::<R, false>(b, depth, &mut lists)
    })
}

/// Perft of `b` with Light to move when `LIGHT`; `lists` holds one capture list per ply left.
#[inline(always)]
fn visit<R: RuleSet, const LIGHT: bool>(b: Board, depth: u32, lists: &mut [CaptureList]) -> u64 {
    if depth == 1 {
        count::<R, LIGHT>(b, &mut lists[0])
    } else {
        interior::<R, LIGHT>(b, depth, lists)
    }
}

/// Perft of the position after a move: the other side to move.
#[inline(always)]
fn child<R: RuleSet, const LIGHT: bool>(b: Board, depth: u32, lists: &mut [CaptureList]) -> u64 {
    if LIGHT {
        visit::<R, false>(b, depth, lists)
    } else {
        visit::<R, true>(b, depth, lists)
    }
}

/// The number of legal moves (bulk counting at the last ply).
#[inline(always)]
fn count<R: RuleSet, const LIGHT: bool>(b: Board, list: &mut CaptureList) -> u64 {
    if captures::exists::<R, LIGHT>(b.own, b.enemy, b.kings) {
        list.clear();
        captures::generate::<R, LIGHT, _>(b.own, b.enemy, b.kings, list, true);
        list.len() as u64
    } else {
        count_quiet::<R>(LIGHT, b.own, b.enemy, b.kings)
    }
}

/// Perft at depth 2 or more.
fn interior<R: RuleSet, const LIGHT: bool>(b: Board, depth: u32, lists: &mut [CaptureList]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    let mut total = 0;
    if captures::exists::<R, LIGHT>(b.own, b.enemy, b.kings) {
        list.clear();
        captures::generate::<R, LIGHT, _>(b.own, b.enemy, b.kings, list, true);
        for c in list.iter() {
            total += child::<R, LIGHT>(b.after_capture(c), depth - 1, rest);
        }
        return total;
    }
    let g = &R::R.geometry;
    let empty = g.board & !(b.own | b.enemy);
    let men = b.own & !b.kings;
    let far = g.far_row(LIGHT);
    let dirs = man_step_dirs::<R>(LIGHT);
    for d in 0..4 {
        if dirs & (1 << d) == 0 {
            continue;
        }
        let back = &g.dirs[opposite(d)];
        let mut targets = g.dirs[d].step(men) & empty;
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets ^= to;
            let from = back.step(to);
            total += child::<R, LIGHT>(b.after_quiet(from, to, false, to & far != 0), depth - 1, rest);
        }
    }
    let mut ks = b.own & b.kings;
    while ks != 0 {
        let from = ks & ks.wrapping_neg();
        ks ^= from;
        for dir in &g.dirs {
            let mut to = dir.step(from) & empty;
            while to != 0 {
                total += child::<R, LIGHT>(b.after_quiet(from, to, true, false), depth - 1, rest);
                if matches!(R::R.king_range, KingRange::Short) {
                    break;
                }
                to = dir.step(to) & empty;
            }
        }
    }
    total
}

/// Perft split by the first move: `(move, leaves)` for each legal move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(crate::Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| (mv, if depth <= 1 { 1 } else { perft(&pos.after(&mv), depth - 1) }))
        .collect()
}

/// Perft through the public API ([`Position::generate_moves`], [`Position::after`],
/// [`Position::count_moves`]): slower, kept to check the fast path against.
pub fn perft_reference(pos: &Position, depth: u32) -> u64 {
    fn rec(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
        let (list, rest) = lists.split_first_mut().expect("one list per ply");
        if depth == 1 {
            return pos.count_moves(list);
        }
        list.clear();
        pos.generate_moves(list);
        list.iter().map(|mv| rec(&pos.after(mv), depth - 1, rest)).sum()
    }
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    rec(pos, depth, &mut lists)
}
