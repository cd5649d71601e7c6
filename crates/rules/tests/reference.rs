//! The crate's move generator against the plain reference generator of
//! `tests/support/reference.rs` (written separately from RULES.md): same legal moves, same
//! positions after them, and the same perft, on random games and on king-heavy random positions
//! of every variant. German has no published perft and no library to compare with, so this is
//! where its numbers are checked.

mod support;

use draughts_rules::notation::{fen, square};
use draughts_rules::{perft, Color, Move, Position, Square, Variant};
use std::collections::BTreeMap;
use support::reference::{self, Board, RefMove};
use support::Rng;

type Key = ((i32, i32), (i32, i32), Vec<(i32, i32)>, bool, Vec<(i32, i32)>);

fn rc(v: Variant, sq: Square) -> (i32, i32) {
    let (r, c) = square::row_col(v, sq);
    (r as i32 - 1, c as i32 - 1)
}

/// Key of a crate move: origin, destination, captured set, crowning, and in Italian the kings in
/// the order taken (Italian pieces jump one square, so each hop takes its midpoint).
fn crate_key(p: &Position, m: &Move) -> Key {
    let v = p.variant();
    let mut caps: Vec<(i32, i32)> = m.captured_squares().map(|b| rc(v, b)).collect();
    caps.sort();
    let mut kings = Vec::new();
    if v == Variant::Italian && m.is_capture() {
        let mut prev = rc(v, m.from());
        for l in m.landings() {
            let next = rc(v, l);
            let mid = ((prev.0 + next.0) / 2, (prev.1 + next.1) / 2);
            let taken = square::from_row_col(v, mid.0 as u32 + 1, mid.1 as u32 + 1).unwrap();
            if p.all_kings() & taken.mask() != 0 {
                kings.push(mid);
            }
            prev = next;
        }
    }
    (rc(v, m.from()), rc(v, m.to()), caps, m.promotes(), kings)
}

fn ref_key(b: &Board, m: &RefMove) -> Key {
    let (from, to, set, kings) = m.identity(b.variant == Variant::Italian, b);
    (from, to, set, m.promotes, kings)
}

/// Compares the two generators on one position; returns a description of any difference.
fn compare(p: &Position) -> Result<(), String> {
    let b = Board::from_position(p);
    let mut ours: BTreeMap<Key, Move> = BTreeMap::new();
    for m in p.legal_moves() {
        if ours.insert(crate_key(p, &m), m).is_some() {
            return Err(format!("{}: two legal moves with one identity {:?}", fen::write(p), crate_key(p, &m)));
        }
    }
    let mut theirs: BTreeMap<Key, RefMove> = BTreeMap::new();
    for m in b.legal_moves() {
        theirs.insert(ref_key(&b, &m), m);
    }
    let only_ours: Vec<&Key> = ours.keys().filter(|k| !theirs.contains_key(k)).collect();
    let only_ref: Vec<&Key> = theirs.keys().filter(|k| !ours.contains_key(k)).collect();
    if !only_ours.is_empty() || !only_ref.is_empty() {
        return Err(format!(
            "{} {}: only in the crate {:?}; only in the reference {:?}",
            p.variant(),
            fen::write(p),
            only_ours,
            only_ref
        ));
    }
    for (k, m) in &ours {
        let after = p.after(m);
        let ref_after = b.after(&theirs[k]).to_position();
        if after != ref_after {
            return Err(format!("{} {}: after {:?} the crate has {} and the reference {}", p.variant(), fen::write(p), k, fen::write(&after), fen::write(&ref_after)));
        }
        if after.hash() != after.hash_from_scratch() {
            return Err(format!("{}: incremental hash differs after {:?}", fen::write(p), k));
        }
    }
    Ok(())
}

/// Positions of random games from the start (every ply kept).
fn random_game_positions(v: Variant, rng: &mut Rng, games: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start(v);
        for _ in 0..200 {
            out.push(p);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.after(&moves[rng.below(moves.len())]);
        }
    }
    out
}

/// A random position with up to `men` men and `kings` kings a side (men never on their own far
/// row), either side to move.
pub fn random_position(v: Variant, rng: &mut Rng, men: usize, kings: usize) -> Position {
    random_position_with(v, rng, men, kings, false)
}

/// As [`random_position`]; `far_row_men` lets men stand on their own far row (positions of
/// published problems have them, and `Position::new` accepts them).
pub fn random_position_with(v: Variant, rng: &mut Rng, men: usize, kings: usize, far_row_men: bool) -> Position {
    let g = v.geometry();
    let squares: Vec<u32> = (0..64).filter(|b| g.board & (1u64 << b) != 0).collect();
    loop {
        let (mut light, mut dark, mut ks) = (0u64, 0u64, 0u64);
        let mut free: Vec<u32> = squares.clone();
        for side in 0..2 {
            let n_men = rng.below(men + 1);
            let n_kings = rng.below(kings + 1);
            for i in 0..n_men + n_kings {
                let b = free.swap_remove(rng.below(free.len()));
                let bit = 1u64 << b;
                let king = i >= n_men;
                let far = g.far_row(side == 0);
                if !king && far & bit != 0 && !far_row_men {
                    continue;
                }
                if side == 0 {
                    light |= bit;
                } else {
                    dark |= bit;
                }
                if king {
                    ks |= bit;
                }
            }
        }
        if light == 0 || dark == 0 {
            continue;
        }
        let side = if rng.below(2) == 0 { Color::Light } else { Color::Dark };
        if let Ok(p) = Position::new(v, light, dark, ks, side) {
            return p;
        }
    }
}

fn check_all(positions: &[Position]) {
    let mut failures = Vec::new();
    for p in positions {
        if let Err(e) = compare(p) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{} of {} positions differ; first ones:\n{}", failures.len(), positions.len(), failures[..failures.len().min(5)].join("\n"));
}

#[test]
fn reference_agrees_on_random_games() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let mut rng = Rng::new(0xD1B5_4A32_D192_ED03 ^ i as u64);
        let positions = random_game_positions(v, &mut rng, 30);
        assert!(positions.len() > 1000, "{v}");
        check_all(&positions);
    }
}

#[test]
fn reference_agrees_on_king_heavy_positions() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let mut rng = Rng::new(0x94D0_49BB_1331_11EB ^ i as u64);
        let positions: Vec<Position> = (0..1500).map(|_| random_position(v, &mut rng, 4, 4)).collect();
        check_all(&positions);
        // Crowded boards: many men, a few kings.
        let positions: Vec<Position> = (0..1500).map(|_| random_position(v, &mut rng, 10, 2)).collect();
        check_all(&positions);
    }
}

/// Men on their own far row (accepted by `Position::new`): they cannot step forward, but may
/// capture backwards or sideways where their variant allows, and are crowned if a move ends there.
#[test]
fn reference_agrees_with_men_on_their_far_row() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let mut rng = Rng::new(0x0123_4567_89AB_CDEF ^ i as u64);
        let positions: Vec<Position> = (0..1500).map(|_| random_position_with(v, &mut rng, 8, 2, true)).collect();
        check_all(&positions);
    }
}

/// Italian precedence steps 3 and 4 need several kings on both sides.
#[test]
fn reference_agrees_on_italian_king_fights() {
    let mut rng = Rng::new(0x5DEE_CE66_D1CE_4E5B);
    let positions: Vec<Position> = (0..6000).map(|_| random_position(Variant::Italian, &mut rng, 3, 7)).collect();
    check_all(&positions);
}

/// Routes of one move must agree on whether the man is crowned; otherwise the move's identity
/// (origin, destination, captured set) would not say what position follows it.
#[test]
fn routes_of_one_move_agree_on_crowning() {
    for (i, v) in [Variant::Russian, Variant::International, Variant::Brazilian, Variant::Turkish].into_iter().enumerate() {
        let mut rng = Rng::new(0x2545_F491_4F6C_DD1D ^ i as u64);
        for _ in 0..3000 {
            let p = random_position(v, &mut rng, 8, 1);
            let b = Board::from_position(&p);
            let mut seen: BTreeMap<_, bool> = BTreeMap::new();
            for m in b.all_routes() {
                let id = m.identity(false, &b);
                if let Some(&was) = seen.get(&id) {
                    assert_eq!(was, m.promotes, "{v} {}: routes of {id:?} differ on crowning", fen::write(&p));
                }
                seen.insert(id, m.promotes);
            }
        }
    }
}

#[test]
fn reference_perft_from_the_start() {
    for v in Variant::ALL {
        let depth = match v {
            Variant::International | Variant::Turkish => 4,
            _ => 5,
        };
        let p = Position::start(v);
        assert_eq!(reference::perft(&Board::from_position(&p), depth), perft(&p, depth), "{v}");
    }
}

/// German from the start to depth 9, where kings first change the count (ignored: the
/// reference takes a while).
#[test]
#[ignore = "slow reference perft: cargo test --release -p draughts-rules --test reference -- --ignored"]
fn german_perft_matches_reference_deep() {
    let p = Position::start(Variant::German);
    assert_eq!(reference::perft(&Board::from_position(&p), 9), perft(&p, 9));
}

/// Perft of small king-heavy positions, where flying kings, landing choices and crowning
/// mid-chain all happen within a few plies.
#[test]
fn reference_perft_on_king_heavy_positions() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let mut rng = Rng::new(0x1234_5678_9ABC_DEF1 ^ i as u64);
        for _ in 0..15 {
            let p = random_position(v, &mut rng, 3, 2);
            assert_eq!(reference::perft(&Board::from_position(&p), 3), perft(&p, 3), "{v} {}", fen::write(&p));
        }
    }
}
