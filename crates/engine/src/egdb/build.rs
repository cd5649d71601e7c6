//! Solving slices by retrograde analysis, as an iteration to a fixpoint over the rules crate's
//! move generator.
//!
//! A slice and its mirror (the same material with the other side to move) are solved together,
//! since quiet moves lead from one to the other. Captures lead to slices with a piece fewer and
//! promotions to slices with a man fewer, which [`Material::up_to`]'s order builds first; their
//! results are read from the database being built ([`Egdb::resolve`]).
//!
//! 1. Every position is set up from its index. One where the side to move must capture is
//!    resolved at once through the captures (all into smaller slices) and is not stored; one
//!    where the side to move cannot move is lost in 0.
//! 2. Each pass looks at every position still open: it is won in `n + 1` when some move leads
//!    to a position lost in `n` (the smallest such `n` known), lost in `n + 1` when every move
//!    leads to a position won (`n` the largest). Passes repeat until one decides nothing.
//! 3. What is still open is drawn: neither side can force a win from it.
//!
//! Results decided in the same pass are read at once, so distances are not always the shortest,
//! but they always fall by one along the database's line, which is what conversion needs.

use super::index::Indexer;
use super::store::{SliceFile, StoreError, DRAW, LOSS, NOT_STORED, WIN};
use super::{Egdb, Material, Probe, Wld, DISTANCE_PIECES};
use draughts_rules::{MoveList, Position};
use std::path::Path;
use std::time::Instant;

/// A result during the build: 0 open, else the kind in the top two bits and half-moves below.
type Val = u16;
const OPEN: Val = 0;
const IMPOSSIBLE: Val = u16::MAX;
const KIND_SHIFT: u32 = 14;
const MAX_PLIES: u32 = (1 << KIND_SHIFT) - 1;

fn val(kind: u8, plies: u32) -> Val {
    ((kind as u16) << KIND_SHIFT) | plies.min(MAX_PLIES) as u16
}

fn kind(v: Val) -> u8 {
    (v >> KIND_SHIFT) as u8
}

fn plies(v: Val) -> u32 {
    (v & MAX_PLIES as u16) as u32
}

fn from_probe(p: Probe) -> Val {
    match p.wld {
        Wld::Win => val(WIN, p.plies.unwrap_or(0)),
        Wld::Draw => val(DRAW, 0),
        Wld::Loss => val(LOSS, p.plies.unwrap_or(0)),
    }
}

/// Progress of a build, for a progress bar: the slice pair being solved, what it is doing, and
/// positions done out of a total.
pub type Progress<'a> = &'a mut dyn FnMut(Material, &str, u64, u64);

/// What building one slice did: built now, or found already built. Its figures are the
/// slice's own ([`SliceFile`], in the database after the build).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildReport {
    /// The slice.
    pub material: Material,
    /// True when the slice was already present (read and checked) and not built again.
    pub skipped: bool,
}

/// Builds every slice of at most `pieces` pieces missing from `db`, in order, writing each
/// under `dir` when given as soon as it is solved (so an interrupted build resumes where it
/// stopped: slices already in `db`, read and checked from the folder, are skipped).
///
/// Errors: a slice that cannot be written.
pub fn build_all(
    db: &mut Egdb,
    pieces: u32,
    dir: Option<&Path>,
    progress: Progress,
) -> Result<Vec<BuildReport>, StoreError> {
    let mut out: Vec<BuildReport> = Vec::new();
    for m in Material::up_to(pieces) {
        if out.iter().any(|r| r.material == m) {
            continue;
        }
        if db.slice(m).is_some() {
            out.push(BuildReport { material: m, skipped: true });
            continue;
        }
        for s in solve_pair(db, m, progress) {
            if let Some(dir) = dir {
                s.write(dir)?;
            }
            out.push(BuildReport { material: s.material, skipped: false });
            db.insert(s);
        }
    }
    out.sort_by_key(|r| (r.material.pieces(), r.material.men(), r.material));
    Ok(out)
}

/// Solves slice `m` and its mirror, reading smaller slices from `db` (which must hold them).
pub fn solve_pair(db: &Egdb, m: Material, progress: Progress) -> Vec<SliceFile> {
    let start = Instant::now();
    let ix = &db.indexer;
    let mats: Vec<Material> = if m.swapped() == m {
        vec![m]
    } else {
        vec![m, m.swapped()]
    };
    let sizes: Vec<u64> = mats.iter().map(|&s| ix.positions(s)).collect();
    let total: u64 = sizes.iter().sum();
    let mut vals: Vec<Vec<Val>> = sizes.iter().map(|&n| vec![OPEN; n as usize]).collect();
    let mut captured: Vec<Vec<bool>> = sizes.iter().map(|&n| vec![false; n as usize]).collect();
    // False once a result is read from a slice without distances: distances are then not kept.
    let mut exact = m.pieces() <= DISTANCE_PIECES;
    let mut open: Vec<(u8, u64)> = Vec::new();
    for (s, &mat) in mats.iter().enumerate() {
        for i in 0..sizes[s] {
            if i % 65_536 == 0 {
                progress(m, "setting up", sizes[..s].iter().sum::<u64>() + i, total);
            }
            let Some(pos) = ix.position(mat, i) else {
                vals[s][i as usize] = IMPOSSIBLE;
                continue;
            };
            if pos.has_capture() {
                let r = db.resolve(&pos).expect("smaller slices are built first");
                exact &= r.wld == Wld::Draw || r.plies.is_some();
                vals[s][i as usize] = from_probe(r);
                captured[s][i as usize] = true;
            } else if !pos.has_legal_move() {
                vals[s][i as usize] = val(LOSS, 0);
            } else {
                open.push((s as u8, i));
            }
        }
    }
    let mut list = MoveList::new();
    let mut pass = 0;
    loop {
        pass += 1;
        let before = open.len();
        let mut still = Vec::with_capacity(open.len());
        for (n, &(s, i)) in open.iter().enumerate() {
            if n % 65_536 == 0 {
                progress(
                    m,
                    &format!("pass {pass}"),
                    total - before as u64 + n as u64,
                    total,
                );
            }
            let pos = ix
                .position(mats[s as usize], i)
                .expect("open positions exist");
            list.clear();
            pos.generate_moves(&mut list);
            let mut best_loss: Option<u32> = None;
            let mut all_won = true;
            let mut longest = 0;
            for mv in &list {
                let child = pos.after(mv);
                let v = child_val(db, &mats, &vals, &child, &mut exact);
                match kind(v) {
                    LOSS => best_loss = Some(best_loss.map_or(plies(v), |b| b.min(plies(v)))),
                    WIN => longest = longest.max(plies(v)),
                    _ => all_won = false,
                }
            }
            let decided = if let Some(d) = best_loss {
                val(WIN, d + 1)
            } else if all_won {
                val(LOSS, longest + 1)
            } else {
                still.push((s, i));
                continue;
            };
            vals[s as usize][i as usize] = decided;
        }
        open = still;
        if open.len() == before {
            break;
        }
    }
    for &(s, i) in &open {
        vals[s as usize][i as usize] = val(DRAW, 0);
    }
    let build_ms = start.elapsed().as_millis() as u64;
    mats.iter()
        .enumerate()
        .map(|(s, &mat)| encode(db, mat, &vals[s], &captured[s], exact, build_ms))
        .collect()
}

/// The result of a position reached by a quiet move: from the pair being solved, or from the
/// database (a promotion leads to a smaller slice).
#[inline]
fn child_val(
    db: &Egdb,
    mats: &[Material],
    vals: &[Vec<Val>],
    child: &Position,
    exact: &mut bool,
) -> Val {
    let cm = Indexer::material(child);
    if let Some(s) = mats.iter().position(|&x| x == cm) {
        return vals[s][db.indexer.index_of(cm, child) as usize];
    }
    let r = db.resolve(child).expect("smaller slices are built first");
    *exact &= r.wld == Wld::Draw || r.plies.is_some();
    from_probe(r)
}

fn encode(
    db: &Egdb,
    mat: Material,
    vals: &[Val],
    captured: &[bool],
    exact: bool,
    build_ms: u64,
) -> SliceFile {
    let n = vals.len();
    let mut codes = vec![0u8; n.div_ceil(4)];
    let keep = exact
        && vals
            .iter()
            .all(|&v| v == IMPOSSIBLE || plies(v) <= u8::MAX as u32);
    let mut plies_out = keep.then(|| vec![0u8; n]);
    let (mut wins, mut draws, mut losses, mut not_stored) = (0, 0, 0, 0);
    for (i, &v) in vals.iter().enumerate() {
        let code = if v == IMPOSSIBLE || captured[i] {
            NOT_STORED
        } else {
            kind(v)
        };
        match code {
            WIN => wins += 1,
            DRAW => draws += 1,
            LOSS => losses += 1,
            _ => not_stored += 1,
        }
        codes[i / 4] |= code << ((i % 4) * 2);
        if let Some(d) = plies_out.as_mut() {
            if code == WIN || code == LOSS {
                d[i] = plies(v) as u8;
            }
        }
    }
    SliceFile {
        variant: db.variant,
        material: mat,
        positions: n as u64,
        wins,
        draws,
        losses,
        not_stored,
        build_ms,
        codes,
        plies: plies_out,
    }
}
