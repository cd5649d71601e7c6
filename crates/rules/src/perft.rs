//! Perft: the number of leaf positions a given number of plies ahead, counting moves by the
//! identity of `../shared/data/perft.md`.
//!
//! The count runs on a bare board (the side to move's pieces, the other side's, the kings) with
//! the rule set and the side to move as compile-time constants, and no transposition table:
//! every leaf is counted. What makes it fast:
//!
//! * no hash and no [`crate::Move`]s: quiet moves are played straight from the bitboards, and
//!   captures are kept without their routes;
//! * bulk counting at the last ply: the number of moves, not the positions after them; quiet
//!   moves are counted with bit counts, and a side with men only counts its single jumps when
//!   none of them can go on (a cheap test on bit sets), searching chains only from the jumps
//!   that can;
//! * at the ply before last, when neither side can take and the side to reply has men only,
//!   the replies to all the quiet steps of one direction are counted at once from bit sets
//!   (see `quiet_replies`);
//! * a second copy of the recursion compiled for POPCNT and BMI1, chosen at run time.

use crate::bitboard::each_dir;
use crate::captures::{self, Capture, CaptureList};
use crate::color::Color;
use crate::geometry::opposite;
use crate::movegen::{count_man_steps, count_quiet, king_line, man_step_dirs};
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
    let (own, enemy, kings) = (pos.pieces(side), pos.pieces(!side), pos.all_kings());
    let mut plies: Vec<Ply> =
        (0..depth).map(|_| Ply { captures: Vec::with_capacity(64), children: Vec::with_capacity(64) }).collect();
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi1") {
        return with_rules!(pos.variant(), R => if side == Color::Light {
            Bmi::visit::<R, true>(own, enemy, kings, depth, &mut plies)
        } else {
            Bmi::visit::<R, false>(own, enemy, kings, depth, &mut plies)
        });
    }
    with_rules!(pos.variant(), R => if side == Color::Light {
        Baseline::visit::<R, true>(own, enemy, kings, depth, &mut plies)
    } else {
        Baseline::visit::<R, false>(own, enemy, kings, depth, &mut plies)
    })
}

/// Scratch space of one ply, reused across the whole count.
struct Ply {
    captures: CaptureList,
    children: Vec<Board>,
}

/// The instructions the counting code is compiled for. Counting leans on bit counts and lowest
/// bit operations; the x86-64 baseline has no instruction for either, so where the processor
/// has them (POPCNT and BMI1, on every x86-64 processor since about 2013) a second copy of the
/// recursion is compiled for them and chosen at run time.
trait Isa {
    fn visit<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64, depth: u32, plies: &mut [Ply]) -> u64;
}

/// Any processor.
struct Baseline;

impl Isa for Baseline {
    fn visit<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64, depth: u32, plies: &mut [Ply]) -> u64 {
        visit::<R, LIGHT, Baseline>(Board { own, enemy, kings }, depth, plies)
    }
}

/// x86-64 with POPCNT and BMI1.
#[cfg(target_arch = "x86_64")]
struct Bmi;

#[cfg(target_arch = "x86_64")]
impl Isa for Bmi {
    #[inline(always)]
    fn visit<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64, depth: u32, plies: &mut [Ply]) -> u64 {
        // SAFETY: `Bmi` is only used after `perft` found both features on this processor.
        unsafe { visit_bmi::<R, LIGHT>(own, enemy, kings, depth, plies) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1")]
fn visit_bmi<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64, depth: u32, plies: &mut [Ply]) -> u64 {
    visit::<R, LIGHT, Bmi>(Board { own, enemy, kings }, depth, plies)
}

/// Perft of `b` with Light to move when `LIGHT`; `plies` holds the scratch space of each ply
/// left. Inlined into [`Isa::visit`] (the board travels there as three words: a struct of three
/// would be passed through memory).
#[inline(always)]
fn visit<R: RuleSet, const LIGHT: bool, I: Isa>(b: Board, depth: u32, plies: &mut [Ply]) -> u64 {
    let (ply, rest) = plies.split_first_mut().expect("one scratch space per ply");
    if depth == 1 {
        return count::<R, LIGHT>(b, &mut ply.captures);
    }
    if depth == 2 && b.enemy & b.kings == 0 {
        let found = if LIGHT {
            quiet_replies::<R, true, false>(b, &mut ply.children, &mut rest[0].captures)
        } else {
            quiet_replies::<R, false, true>(b, &mut ply.children, &mut rest[0].captures)
        };
        if let Some(n) = found {
            return n;
        }
    }
    // The positions after each move are listed first, so that the code counting or visiting
    // them exists once rather than at every place a move is found.
    ply.children.clear();
    children::<R, LIGHT>(b, &mut ply.captures, &mut ply.children);
    let mut total = 0;
    if depth == 2 {
        let scratch = &mut rest[0].captures;
        for &c in &ply.children {
            total += count_other::<R, LIGHT>(c, scratch);
        }
    } else {
        for &c in &ply.children {
            total += if LIGHT {
                I::visit::<R, false>(c.own, c.enemy, c.kings, depth - 1, rest)
            } else {
                I::visit::<R, true>(c.own, c.enemy, c.kings, depth - 1, rest)
            };
        }
    }
    total
}

/// Perft(2) without visiting most of the positions after the first move, when neither side can
/// take now and the other side (`OTHER`) has men only. After a man's step from `f` to `t` that
/// gives them no capture, their moves are their steps now, less those onto `t`, plus those onto
/// `f`: counted for all such steps of one direction at once from bit sets. Steps that give them
/// a capture (their man next to `t` with a free square behind, or a jump that now lands on `f`),
/// steps that crown and king moves are counted one by one. `None` when the shortcut does not
/// apply.
#[inline(always)]
fn quiet_replies<R: RuleSet, const LIGHT: bool, const OTHER: bool>(
    b: Board,
    children: &mut Vec<Board>,
    scratch: &mut CaptureList,
) -> Option<u64> {
    let g = &R::R.geometry;
    let empty = g.board & !(b.own | b.enemy);
    let own_kings = b.own & b.kings;
    let men = b.own & !b.kings;
    let theirs = b.enemy;
    if own_kings == 0 {
        let j = captures::man_jumps::<R, LIGHT>(men, b.enemy, b.kings, empty);
        if j[0] | j[1] | j[2] | j[3] != 0 {
            return None;
        }
    } else if captures::exists::<R, LIGHT>(b.own, b.enemy, b.kings) {
        return None;
    }
    let j = captures::man_jumps::<R, OTHER>(theirs, b.own, b.kings, empty);
    if j[0] | j[1] | j[2] | j[3] != 0 {
        return None;
    }
    // Their steps now, and per direction the squares their men could step onto.
    let their_steps = man_step_dirs::<R, OTHER>();
    let mut onto = [0u64; 4];
    let mut now = 0u64;
    each_dir!(E => {
        if their_steps & (1 << E) != 0 {
            onto[E] = g.dirs[E].step_into(theirs);
            now += (onto[E] & empty).count_ones() as u64;
        }
    });
    let their_takes = captures::man_capture_dirs::<R, OTHER>();
    let victims = if R::R.men_capture_kings { b.own } else { men };
    let far = g.far_row(LIGHT);
    let my_steps = man_step_dirs::<R, LIGHT>();
    let mut total = 0u64;
    let mut less = 0u64;
    each_dir!(S => {
        if my_steps & (1 << S) != 0 {
            let step = &g.dirs[S];
            let back = &g.dirs[opposite(S)];
            let to_all = step.step_into(men) & empty;
            let to = to_all & !far;
            let from = back.step_into(to);
            // Steps (as their `to`, or their `from`) after which they can take.
            let mut takes_to = 0u64;
            let mut takes_from = 0u64;
            each_dir!(D => {
                if their_takes & (1 << D) != 0 {
                    let d = &g.dirs[D];
                    let behind = d.step_into(theirs);
                    if D == opposite(S) {
                        // Their man beyond `t` jumps it back onto the vacated `f`.
                        takes_to |= to & behind;
                    } else {
                        takes_to |= to & behind & g.dirs[opposite(D)].step_into(empty);
                        takes_from |= from & d.step_into(victims & d.step_into(theirs));
                    }
                }
            });
            let threatened = takes_from | back.step_into(takes_to);
            let quiet = from & !threatened;
            let quiet_to = step.step_into(quiet);
            total += quiet.count_ones() as u64 * now;
            each_dir!(E => {
                if their_steps & (1 << E) != 0 {
                    total += (quiet & onto[E]).count_ones() as u64;
                    less += (quiet_to & onto[E]).count_ones() as u64;
                }
            });
            let mut one_by_one = (from & threatened) | back.step_into(to_all & far);
            while one_by_one != 0 {
                let f = one_by_one & one_by_one.wrapping_neg();
                one_by_one ^= f;
                let t = step.step_into(f);
                let c = Board { own: b.enemy, enemy: b.own ^ f ^ t, kings: b.kings | (t & far) };
                total += count::<R, OTHER>(c, scratch);
            }
        }
    });
    if own_kings != 0 {
        children.clear();
        king_steps::<R>(b, own_kings, empty, children);
        for &c in children.iter() {
            total += count::<R, OTHER>(c, scratch);
        }
    }
    Some(total - less)
}

/// [`count`] for the other side to move.
#[inline(always)]
fn count_other<R: RuleSet, const LIGHT: bool>(b: Board, list: &mut CaptureList) -> u64 {
    if LIGHT {
        count::<R, false>(b, list)
    } else {
        count::<R, true>(b, list)
    }
}

/// The number of legal moves (bulk counting at the last ply).
#[inline(always)]
fn count<R: RuleSet, const LIGHT: bool>(b: Board, list: &mut CaptureList) -> u64 {
    if b.own & b.kings == 0 {
        // Men only: the single jumps decide whether there is a capture, and when none can go
        // on, they are the legal moves.
        let empty = R::R.geometry.board & !(b.own | b.enemy);
        let jumps = captures::man_jumps::<R, LIGHT>(b.own, b.enemy, b.kings, empty);
        if jumps[0] | jumps[1] | jumps[2] | jumps[3] == 0 {
            return count_quiet::<R, LIGHT>(b.own, b.enemy, b.kings);
        }
        if captures::jumps_are_final::<R, LIGHT>(&jumps, b.enemy, b.kings, empty) {
            return jumps.iter().map(|j| j.count_ones() as u64).sum();
        }
        return count_man_captures::<R, LIGHT>(b, &jumps, list);
    } else if matches!(R::R.king_range, KingRange::Flying) && captures::few_kings(b.own & b.kings) {
        // A few flying kings: their lines tell both whether they can take and how many quiet
        // moves they have.
        let empty = R::R.geometry.board & !(b.own | b.enemy);
        let men = b.own & !b.kings;
        if captures::capturing_men::<R, LIGHT>(men, b.enemy, b.kings, empty) == 0 {
            if let Some(n) = captures::few_kings_steps::<R>(b.own & b.kings, b.enemy, empty) {
                return count_man_steps::<R, LIGHT>(men, empty) + n;
            }
        }
    } else if !captures::exists::<R, LIGHT>(b.own, b.enemy, b.kings) {
        return count_quiet::<R, LIGHT>(b.own, b.enemy, b.kings);
    }
    count_captures::<R, LIGHT>(b, list)
}

/// The number of legal captures of a side without kings, from its single jumps.
#[inline(never)]
fn count_man_captures<R: RuleSet, const LIGHT: bool>(b: Board, jumps: &[u64; 4], list: &mut CaptureList) -> u64 {
    list.clear();
    captures::man_captures::<R, LIGHT>(b.own, b.enemy, b.kings, jumps, list);
    list.len() as u64
}

/// The number of legal captures, by the full chain search.
#[inline(never)]
fn count_captures<R: RuleSet, const LIGHT: bool>(b: Board, list: &mut CaptureList) -> u64 {
    list.clear();
    captures::generate::<R, LIGHT, _>(b.own, b.enemy, b.kings, list, true);
    list.len() as u64
}

/// Appends to `out` the position after each legal move (seen by the other side). `list` is
/// scratch space for captures.
#[inline(always)]
fn children<R: RuleSet, const LIGHT: bool>(b: Board, list: &mut CaptureList, out: &mut Vec<Board>) {
    let g = &R::R.geometry;
    let empty = g.board & !(b.own | b.enemy);
    let far = g.far_row(LIGHT);
    let own_kings = b.own & b.kings;
    let any_capture = if own_kings == 0 {
        let jumps = captures::man_jumps::<R, LIGHT>(b.own, b.enemy, b.kings, empty);
        if jumps[0] | jumps[1] | jumps[2] | jumps[3] == 0 {
            false
        } else if captures::jumps_are_final::<R, LIGHT>(&jumps, b.enemy, b.kings, empty) {
            // Every single jump is a whole move: play them straight from the bitboards.
            each_dir!(D => {
                let dir = &g.dirs[D];
                let mut js = jumps[D];
                while js != 0 {
                    let from = js & js.wrapping_neg();
                    js ^= from;
                    let taken = dir.step_into(from);
                    let to = dir.step_into(taken);
                    let kings = (b.kings & !taken) | (to & far);
                    out.push(Board { own: b.enemy ^ taken, enemy: b.own ^ from ^ to, kings });
                }
            });
            return;
        } else {
            list.clear();
            captures::man_captures::<R, LIGHT>(b.own, b.enemy, b.kings, &jumps, list);
            for c in list.iter() {
                out.push(b.after_capture(c));
            }
            return;
        }
    } else {
        captures::exists::<R, LIGHT>(b.own, b.enemy, b.kings)
    };
    if any_capture {
        list.clear();
        captures::generate::<R, LIGHT, _>(b.own, b.enemy, b.kings, list, true);
        for c in list.iter() {
            out.push(b.after_capture(c));
        }
        return;
    }
    let men = b.own & !b.kings;
    let dirs = man_step_dirs::<R, LIGHT>();
    each_dir!(D => {
        if dirs & (1 << D) != 0 {
            let back = &g.dirs[opposite(D)];
            let mut targets = g.dirs[D].step_into(men) & empty;
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets ^= to;
                let from = back.step_into(to);
                out.push(Board { own: b.enemy, enemy: b.own ^ from ^ to, kings: b.kings | (to & far) });
            }
        }
    });
    if own_kings != 0 {
        king_steps::<R>(b, own_kings, empty, out);
    }
}

/// Appends the position after each quiet move of the kings `own_kings`.
#[inline]
fn king_steps<R: RuleSet>(b: Board, own_kings: u64, empty: u64, out: &mut Vec<Board>) {
    let mut ks = own_kings;
    while ks != 0 {
        let at = ks.trailing_zeros();
        let from = 1u64 << at;
        ks ^= from;
        each_dir!(D => {
            let mut targets = king_line::<R>(D, at, empty);
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets ^= to;
                out.push(Board { own: b.enemy, enemy: b.own ^ from ^ to, kings: b.kings ^ from ^ to });
            }
        });
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use proptest::prelude::Rng as _;
    use proptest::test_runner::{RngAlgorithm, TestRng};

    /// [`perft`] compiled for any processor (where [`perft`] itself may pick the copy for newer
    /// ones).
    fn perft_baseline(pos: &Position, depth: u32) -> u64 {
        let side = pos.side_to_move();
        let (own, enemy, kings) = (pos.pieces(side), pos.pieces(!side), pos.all_kings());
        let mut plies: Vec<Ply> =
            (0..depth).map(|_| Ply { captures: Vec::new(), children: Vec::new() }).collect();
        with_rules!(pos.variant(), R => if side == Color::Light {
            Baseline::visit::<R, true>(own, enemy, kings, depth, &mut plies)
        } else {
            Baseline::visit::<R, false>(own, enemy, kings, depth, &mut plies)
        })
    }

    /// The tests' seeded generator (proptest's, as in `tests/support`), with a draw below `n`.
    struct Rng(TestRng);
    impl Rng {
        fn new(seed: u64) -> Rng {
            let bytes: Vec<u8> = (0..4u64).flat_map(|i| (seed ^ i).to_le_bytes()).collect();
            Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
        }
        fn below(&mut self, n: usize) -> usize {
            (self.0.next_u64() % n.max(1) as u64) as usize
        }
    }

    /// A random set-up with up to `men` men and `kings` kings a side.
    fn random_position(v: Variant, rng: &mut Rng, men: usize, kings: usize) -> Option<Position> {
        let g = v.geometry();
        let mut free: Vec<u32> = (0..64).filter(|b| g.board & (1u64 << b) != 0).collect();
        let mut sides = [0u64; 2];
        let mut ks = 0u64;
        for (i, side) in sides.iter_mut().enumerate() {
            let n_men = rng.below(men + 1);
            let n_kings = rng.below(kings + 1);
            for k in 0..n_men + n_kings {
                let bit = 1u64 << free.swap_remove(rng.below(free.len()));
                if k >= n_men {
                    ks |= bit;
                } else if g.far_row(i == 0) & bit != 0 {
                    continue;
                }
                *side |= bit;
            }
        }
        let side = if rng.below(2) == 0 { Color::Light } else { Color::Dark };
        Position::new(v, sides[0], sides[1], ks, side).ok()
    }

    /// The bare-board perft (its shortcuts for men's jumps, its inline quiet moves) counts what
    /// the public move generator counts, on crowded positions with and without kings and on
    /// positions from random games.
    #[test]
    fn fast_perft_agrees_with_the_public_move_generator() {
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        for v in Variant::ALL {
            let mut positions = Vec::new();
            for (men, kings) in [(12, 0), (12, 1), (8, 3), (4, 5)] {
                while positions.len() < 150 * (1 + kings) {
                    positions.extend(random_position(v, &mut rng, men, kings));
                }
            }
            for _ in 0..20 {
                let mut p = Position::start(v);
                for _ in 0..rng.below(80) {
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    p = p.after(&moves[rng.below(moves.len())]);
                }
                positions.push(p);
            }
            for p in &positions {
                for d in 1..=3 {
                    let n = perft_reference(p, d);
                    let fen = crate::notation::fen::write(p);
                    assert_eq!(perft(p, d), n, "{v} {fen} depth {d}");
                    assert_eq!(perft_baseline(p, d), n, "baseline instructions: {v} {fen} depth {d}");
                }
            }
        }
    }
}
