//! Solving slices by retrograde analysis over the rules crate's move generator.
//!
//! A slice and its mirror (the same material with the other side to move) are solved together,
//! since quiet moves lead from one to the other. Captures lead to slices with a piece fewer and
//! promotions to slices with a man fewer, which [`Material::up_to`]'s order builds first; their
//! results are read from the database being built ([`Egdb::resolve`]).
//!
//! 1. Set-up, every position once, in parallel: one where the side to move must capture is
//!    resolved at once through the captures (all into smaller slices) and is not stored; one
//!    where the side to move cannot move is lost in 0; the others count their moves not known
//!    to lose (the moves into the pair, and promotions to a draw or to the opponent's loss).
//! 2. Results are passed on in the order of their distance: a position lost in `n` makes every
//!    predecessor still open (found by unmaking quiet moves) won in `n + 1`; a position won in
//!    `n` takes one from each predecessor's count, and a count at 0 means every move loses: lost
//!    in one more than the longest of them.
//! 3. What is still open is drawn: neither side can force a win from it.
//!
//! Every position is set up once and decided once, so the work grows with the slice, not with
//! its longest win; wins are the shortest and losses the longest, so the distances kept are the
//! exact number of half-moves to the end of the game under best play (within the database's
//! own results: the draw rules' counters are not part of them).

use super::index::Indexer;
use super::store::{SliceFile, StoreError, DRAW, LOSS, NOT_STORED, WIN};
use super::{Egdb, Material, Probe, Wld};
use draughts_rules::{Geometry, KingRange, MoveList, Position};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
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
/// stopped: slices already in `db`, read and checked from the folder, are skipped, as they
/// are). Slices of at most `distance_pieces` pieces keep distances ([`super::distance_pieces`] is the
/// default of `draughts egdb build`), where every slice they lead to keeps them too and each
/// fits in a byte.
///
/// Errors: a slice that cannot be written.
pub fn build_all(
    db: &mut Egdb,
    pieces: u32,
    distance_pieces: u32,
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
        for s in solve_pair(db, m, m.pieces() <= distance_pieces, progress) {
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

/// Bytes of memory a pair takes while it is solved, per index: a result (2), a count (1), the
/// capture flag (1) and, at most, a queue entry (8). Measured: 2.7 GB for English's largest
/// 6-piece pair of 232 million indices, 11.6 bytes an index.
pub const BYTES_PER_INDEX: u64 = 12;

/// About the most memory, in bytes, that [`build_all`] up to `pieces` needs for `db`: that of
/// the largest slice pair still to build (the databases already read add their own size).
pub fn memory_needed(db: &Egdb, pieces: u32) -> u64 {
    Material::up_to(pieces)
        .into_iter()
        .filter(|m| db.slice(*m).is_none())
        .map(|m| pair(m).iter().map(|&s| db.positions(s)).sum::<u64>() * BYTES_PER_INDEX)
        .max()
        .unwrap_or(0)
}

/// Solves slice `m` and its mirror, reading smaller slices from `db` (which must hold them);
/// with `distances`, they keep them where they can (see [`build_all`]).
///
/// Retrograde analysis by distance: a set-up pass looks at every position once (in parallel, one
/// share of the indices per processor), then positions are decided in the order of their
/// distance, each one's predecessors found by unmaking quiet moves (see [`predecessors`]):
/// a loss in `d` makes each predecessor still open a win in `d + 1`; a win counts down the
/// predecessor's moves not yet known to lose, and the last one makes it a loss in one more than
/// its longest child. So every position is set up once and decided once, wins are the shortest
/// and losses the longest (the distances of the slices that keep them are exact).
pub fn solve_pair(db: &Egdb, m: Material, distances: bool, progress: Progress) -> Vec<SliceFile> {
    let start = Instant::now();
    let mats = pair(m);
    let sizes: Vec<u64> = mats.iter().map(|&s| db.indexer.positions(s)).collect();
    let total: u64 = sizes.iter().sum();
    let mut pair = Pair {
        db,
        mats: &mats,
        vals: sizes.iter().map(|&n| vec![OPEN; n as usize]).collect(),
        captured: sizes.iter().map(|&n| vec![false; n as usize]).collect(),
        counts: sizes.iter().map(|&n| vec![0; n as usize]).collect(),
    };
    let (mut queue, exact) = pair.set_up(m, distances, total, progress);
    pair.retrograde(&mut queue, m, total, progress);
    for vals in &mut pair.vals {
        for v in vals.iter_mut().filter(|v| **v == OPEN) {
            *v = val(DRAW, 0);
        }
    }
    let build_ms = start.elapsed().as_millis() as u64;
    mats.iter()
        .enumerate()
        .map(|(s, &mat)| encode(db, mat, &pair.vals[s], &pair.captured[s], exact, build_ms))
        .collect()
}

/// A slice and its mirror, solved together (one slice when it is its own mirror).
fn pair(m: Material) -> Vec<Material> {
    if m.swapped() == m {
        vec![m]
    } else {
        vec![m, m.swapped()]
    }
}

/// `counts` of a position whose predecessors have been told its result.
const DONE: u8 = u8::MAX;

/// A queue entry: the slice of the pair (0 or 1) above bit 40, the index below.
type Entry = u64;
const SLICE_SHIFT: u32 = 40;

/// Positions waiting to tell their predecessors their result, by distance (bucket `d` holds
/// results in `d` half-moves, or wins found at set-up through a promotion, still to confirm).
struct Queue(Vec<Vec<Entry>>);

impl Queue {
    fn push(&mut self, d: u32, e: Entry) {
        let d = d as usize;
        if self.0.len() <= d {
            self.0.resize_with(d + 1, Vec::new);
        }
        self.0[d].push(e);
    }
}

/// The state of a slice pair being solved.
struct Pair<'a> {
    db: &'a Egdb,
    mats: &'a [Material],
    /// Per slice of the pair and index: the result ([`Val`]), whether the side to move must
    /// capture there (not stored), and the number of its moves not known to lose (to the
    /// opponent's win) so far, [`DONE`] once its result has been passed on.
    vals: Vec<Vec<Val>>,
    captured: Vec<Vec<bool>>,
    counts: Vec<Vec<u8>>,
}

/// What the set-up of one share of a slice found: the results to pass on (by distance) and
/// whether every result read from smaller slices had a distance.
struct Share {
    queue: Vec<(u32, Entry)>,
    exact: bool,
}

impl Pair<'_> {
    /// The set-up pass: positions that must capture are resolved through their captures, those
    /// without a move are lost in 0, the others count their moves whose result is not known yet
    /// (moves to the pair; a promotion's result is read at once). Every processor takes a share
    /// of each slice.
    fn set_up(&mut self, m: Material, distances: bool, total: u64, progress: Progress) -> (Queue, bool) {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let done = AtomicU64::new(0);
        let mut queue = Queue(Vec::new());
        let mut exact = distances;
        let (db, mats) = (self.db, self.mats);
        for s in 0..mats.len() {
            let n = self.vals[s].len();
            let chunk = n.div_ceil(threads).max(1);
            let shares: Vec<Share> = std::thread::scope(|scope| {
                let handles: Vec<_> = self.vals[s]
                    .chunks_mut(chunk)
                    .zip(self.captured[s].chunks_mut(chunk))
                    .zip(self.counts[s].chunks_mut(chunk))
                    .enumerate()
                    .map(|(k, ((vals, captured), counts))| {
                        let done = &done;
                        scope.spawn(move || set_up_share(db, mats, s, (k * chunk) as u64, vals, captured, counts, done))
                    })
                    .collect();
                // The set-up is the first half of the bar, passing results on the second.
                while !handles.iter().all(|h| h.is_finished()) {
                    progress(m, "setting up", done.load(Ordering::Relaxed) / 2, total);
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                handles.into_iter().map(|h| h.join().expect("a set-up share panicked")).collect()
            });
            for share in shares {
                exact &= share.exact;
                for (d, e) in share.queue {
                    queue.push(d, e);
                }
            }
        }
        (queue, exact)
    }

    /// Passes results on in the order of their distance until none is left.
    fn retrograde(&mut self, queue: &mut Queue, m: Material, total: u64, progress: Progress) {
        let ix = &self.db.indexer;
        let g = self.db.variant.geometry();
        let flying = matches!(self.db.variant.rules().king_range, KingRange::Flying);
        let mut list = MoveList::new();
        let mut preds: Vec<u64> = Vec::with_capacity(64);
        let mut decided = 0u64;
        let mut d = 0;
        while d < queue.0.len() {
            let bucket = std::mem::take(&mut queue.0[d]);
            for e in bucket {
                let (s, i) = ((e >> SLICE_SHIFT) as usize, (e & ((1 << SLICE_SHIFT) - 1)) as usize);
                if self.counts[s][i] == DONE {
                    continue;
                }
                self.counts[s][i] = DONE;
                decided += 1;
                if decided.is_multiple_of(65_536) {
                    progress(m, &format!("distance {d}"), total / 2 + decided.min(total) / 2, total);
                }
                let mut v = self.vals[s][i];
                if v == OPEN {
                    // A win through a promotion found at set-up, not bettered since.
                    v = val(WIN, d as u32);
                    self.vals[s][i] = v;
                }
                debug_assert_eq!(plies(v), (d as u32).min(MAX_PLIES), "a result passed on at its own distance");
                let (light, dark, kings) = ix.pieces(self.mats[s], i as u64).expect("queued positions exist");
                preds.clear();
                predecessors(g, flying, light, dark, kings, |l, dk, k| preds.push(ix.index_dark_to_move(self.mats[s].swapped(), l, dk, k)));
                let ps = self.slice_of(self.mats[s].swapped());
                for &q in &preds {
                    let q = q as usize;
                    if self.vals[ps][q] != OPEN || self.counts[ps][q] == DONE {
                        continue;
                    }
                    if kind(v) == LOSS {
                        self.vals[ps][q] = val(WIN, d as u32 + 1);
                        queue.push(d as u32 + 1, entry(ps, q as u64));
                    } else {
                        self.counts[ps][q] -= 1;
                        if self.counts[ps][q] == 0 {
                            // Every move loses: the longest is the loser's line.
                            let longest = self.longest_win(ps, q as u64, &mut list);
                            self.vals[ps][q] = val(LOSS, longest + 1);
                            queue.push(plies(self.vals[ps][q]), entry(ps, q as u64));
                        }
                    }
                }
            }
            d += 1;
        }
    }

    /// The slice of the pair with material `m`.
    fn slice_of(&self, m: Material) -> usize {
        self.mats.iter().position(|&x| x == m).expect("quiet moves stay in the pair")
    }

    /// The longest of the wins that every move of position `i` of slice `s` leads to (all of
    /// them known).
    fn longest_win(&self, s: usize, i: u64, list: &mut MoveList) -> u32 {
        let pos = self.db.indexer.position(self.mats[s], i).expect("open positions exist");
        list.clear();
        pos.generate_moves(list);
        list.iter()
            .map(|mv| {
                let v = child_val(self.db, self.mats, &self.vals, &pos.after(mv));
                debug_assert_eq!(kind(v), WIN);
                plies(v)
            })
            .max()
            .unwrap_or(0)
    }
}

fn entry(s: usize, i: u64) -> Entry {
    (s as u64) << SLICE_SHIFT | i
}

/// Sets up the positions `first..first + vals.len()` of slice `s` of the pair (see
/// [`Pair::set_up`]), counting them in `done`.
#[allow(clippy::too_many_arguments, reason = "one share of each of the pair's three tables, each written by this thread alone")]
fn set_up_share(
    db: &Egdb,
    mats: &[Material],
    s: usize,
    first: u64,
    vals: &mut [Val],
    captured: &mut [bool],
    counts: &mut [u8],
    done: &AtomicU64,
) -> Share {
    let ix = &db.indexer;
    let mut list = MoveList::new();
    let mut share = Share { queue: Vec::new(), exact: true };
    for k in 0..vals.len() {
        if k % 4096 == 4095 {
            done.fetch_add(4096, Ordering::Relaxed);
        }
        let i = first + k as u64;
        let Some(pos) = ix.position(mats[s], i) else {
            vals[k] = IMPOSSIBLE;
            counts[k] = DONE;
            continue;
        };
        let here = entry(s, i);
        if pos.has_capture() {
            let r = db.resolve(&pos).expect("smaller slices are built first");
            share.exact &= r.wld == Wld::Draw || r.plies.is_some();
            vals[k] = from_probe(r);
            captured[k] = true;
            // A draw tells its predecessors nothing: their count never reaches 0.
            if r.wld == Wld::Draw {
                counts[k] = DONE;
            } else {
                share.queue.push((plies(vals[k]), here));
            }
            continue;
        }
        list.clear();
        pos.generate_moves(&mut list);
        let mut open = 0u32;
        let mut shortest_loss: Option<u32> = None;
        let mut longest_win = 0;
        for mv in &list {
            let child = pos.after(mv);
            let cm = Indexer::material(&child);
            if mats.contains(&cm) {
                open += 1;
                continue;
            }
            // A promotion: a smaller slice, already built.
            let r = db.resolve(&child).expect("smaller slices are built first");
            share.exact &= r.wld == Wld::Draw || r.plies.is_some();
            let v = from_probe(r);
            if kind(v) == WIN {
                longest_win = longest_win.max(plies(v));
                continue;
            }
            // A move to a draw or to the opponent's loss is known not to lose: it stays in the
            // count, which so never reaches 0.
            open += 1;
            if kind(v) == LOSS {
                shortest_loss = Some(shortest_loss.map_or(plies(v), |b| b.min(plies(v))));
            }
        }
        assert!(open < DONE as u32, "{open} moves: more than a count holds");
        counts[k] = open as u8;
        if let Some(d) = shortest_loss {
            // A win, unless a move into the pair loses sooner (decided before its turn).
            share.queue.push((d + 1, here));
        } else if open == 0 {
            // No move at all (lost in 0), or every move is a promotion to the opponent's win.
            vals[k] = val(LOSS, if list.is_empty() { 0 } else { longest_win + 1 });
            share.queue.push((plies(vals[k]), here));
        }
    }
    done.fetch_add((vals.len() % 4096) as u64, Ordering::Relaxed);
    share
}

/// The positions from which a quiet move of Dark (the side not to move) leads to the position
/// `light`, `dark`, `kings` with Light to move, by unmaking every move Dark could have made:
/// a king back along each of its lines (a step, or any distance over empty squares for
/// flying kings), a man a step back towards its own side. Each is given to `f` as its pieces
/// (Dark to move). A man's step onto its crowning row would have made it a king, so no man is
/// unmade from there; a king is never unmade into the man it was (that predecessor has more
/// men: another slice). Whether the move was legal there (no capture pending) is for the
/// caller: positions that must capture are decided at set-up.
#[inline]
fn predecessors(g: &Geometry, flying: bool, light: u64, dark: u64, kings: u64, mut f: impl FnMut(u64, u64, u64)) {
    let empty = g.board & !(light | dark);
    let mut pieces = dark;
    while pieces != 0 {
        let t = pieces.trailing_zeros();
        let tb = 1u64 << t;
        pieces &= pieces - 1;
        if kings & tb != 0 {
            for d in 0..4 {
                let mut from = if flying { g.line(d, t, empty).0 } else { g.dirs[d].step(tb) & empty };
                while from != 0 {
                    let sb = from & from.wrapping_neg();
                    from &= from - 1;
                    f(light, dark ^ tb ^ sb, kings ^ tb ^ sb);
                }
            }
        } else {
            // Dark's men step down the board, so they came from above.
            for d in 0..4 {
                if g.backward(false) & (1 << d) != 0 {
                    let sb = g.dirs[d].step(tb) & empty;
                    if sb != 0 {
                        f(light, dark ^ tb ^ sb, kings);
                    }
                }
            }
        }
    }
}

/// The result of a position reached by a quiet move: from the pair being solved, or from the
/// database (a promotion leads to a smaller slice).
#[inline]
fn child_val(db: &Egdb, mats: &[Material], vals: &[Vec<Val>], child: &Position) -> Val {
    let cm = Indexer::material(child);
    if let Some(s) = mats.iter().position(|&x| x == cm) {
        return vals[s][db.indexer.index_of(cm, child) as usize];
    }
    from_probe(db.resolve(child).expect("smaller slices are built first"))
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
