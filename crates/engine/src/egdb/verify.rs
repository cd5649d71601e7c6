//! Checking a database against the rules: every stored result agrees with the results its moves
//! lead to (`draughts egdb verify`, and the tests of every slice the test suite builds).
//!
//! A position is checked against its children, each resolved through the database
//! ([`Egdb::resolve`], captures played out):
//! * a win has a move to a loss, and where distances are kept it is one half-move longer than
//!   the shortest such move;
//! * a loss has only moves to wins, and where distances are kept it is one half-move longer than
//!   the longest (a side without a move has lost in 0);
//! * a draw has no move to a loss and some move to a draw;
//! * a position not stored is one where the side to move must capture.
//!
//! A database that passes for every position is the solution of its endings: the results are
//! the only ones that agree with every move, once the smallest slices are right.

use super::{Egdb, Material, Probe, Wld};
use std::fmt;

/// A position whose stored result disagrees with its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The slice.
    pub material: Material,
    /// The position's index in the slice ([`Egdb::position`]).
    pub index: u64,
    /// What is wrong, with the results of the position and of its moves.
    pub why: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} index {}: {}", self.material, self.index, self.why)
    }
}

/// What a check of a database found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Positions checked (stored or not; indices that are no position are not counted).
    pub checked: u64,
    /// Every disagreement found.
    pub disagreements: Vec<Disagreement>,
}

/// Checks position `i` of slice `m` against its moves (see the module documentation). `Ok(false)`
/// when the index is no position (men of both sides on one square), `Ok(true)` when it agrees.
///
/// Errors: the disagreement, or a move whose result the database cannot give (a smaller slice
/// missing).
pub fn check_position(db: &Egdb, m: Material, i: u64) -> Result<bool, Disagreement> {
    let Some(p) = db.position(m, i) else { return Ok(false) };
    let wrong = |why: String| Disagreement { material: m, index: i, why };
    let Some(r) = db.probe(&p) else {
        return if p.has_capture() { Ok(true) } else { Err(wrong("not stored, but no capture is pending".into())) };
    };
    let mut kids: Vec<Probe> = Vec::new();
    for mv in p.legal_moves() {
        match db.resolve(&p.after(&mv)) {
            Some(k) => kids.push(k),
            None => return Err(wrong(format!("{r:?}: the database has no result for the move {mv:?}"))),
        }
    }
    let ok = match r.wld {
        Wld::Win => {
            // `None`: no move to a loss at all.
            let shortest = kids.iter().filter(|k| k.wld == Wld::Loss).map(|k| k.plies).min();
            shortest.is_some_and(|d| r.plies.is_none() || d.map(|d| d + 1) == r.plies)
        }
        Wld::Loss => {
            let longest = kids.iter().map(|k| k.plies).max().flatten();
            kids.iter().all(|k| k.wld == Wld::Win) && (r.plies.is_none() || longest.map_or(Some(0), |d| Some(d + 1)) == r.plies)
        }
        Wld::Draw => kids.iter().all(|k| k.wld != Wld::Loss) && kids.iter().any(|k| k.wld == Wld::Draw),
    };
    if ok {
        Ok(true)
    } else {
        Err(wrong(format!("{r:?}, its moves lead to {kids:?}")))
    }
}

/// Checks up to `samples` positions of every slice present (every position of a slice with no
/// more indices than that), the sample drawn from `seed`. `progress(slice, done, of)` is called
/// as it goes.
pub fn check(db: &Egdb, samples: u64, seed: u64, progress: &mut dyn FnMut(Material, u64, u64)) -> Report {
    let mut report = Report::default();
    let mut state = seed;
    for s in db.slices() {
        let m = s.material;
        let n = db.positions(m);
        let count = samples.min(n);
        for k in 0..count {
            if k % 4096 == 0 {
                progress(m, k, count);
            }
            let i = if count == n {
                k
            } else {
                state = crate::splitmix(state);
                state % n
            };
            match check_position(db, m, i) {
                Ok(true) => report.checked += 1,
                Ok(false) => {}
                Err(d) => {
                    report.checked += 1;
                    report.disagreements.push(d);
                }
            }
        }
        progress(m, count, count);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egdb::{build_all, distance_pieces};
    use crate::egdb::store::{LOSS, WIN};
    use draughts_rules::Variant;

    #[test]
    fn a_result_changed_by_hand_is_found() {
        let mut db = Egdb::empty(Variant::English);
        build_all(&mut db, 3, distance_pieces(Variant::English), None, &mut |_, _, _, _| {}).unwrap();
        let everything = |db: &Egdb| check(db, u64::MAX, 1, &mut |_, _, _| {});
        let clean = everything(&db);
        assert!(clean.disagreements.is_empty(), "{:?}", clean.disagreements.first());
        assert!(clean.checked > 150_000, "{}", clean.checked);
        // Two kings against one: turn the first win into a loss.
        let m = Material::parse("0m2k-0m1k").unwrap();
        let mut slice = db.slice(m).unwrap().clone();
        let i = (0..slice.positions).find(|&i| slice.code(i) == WIN).unwrap();
        slice.codes[(i / 4) as usize] ^= (WIN ^ LOSS) << ((i % 4) * 2);
        db.insert(slice);
        // The position itself is found, and so are predecessors that relied on it.
        let found = everything(&db);
        assert!(found.disagreements.iter().any(|d| d.material == m && d.index == i), "{:?}", found.disagreements);
        assert_eq!(check_position(&db, m, i).unwrap_err().index, i);
    }
}
