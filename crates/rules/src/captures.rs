//! Capture chains (RULES.md sections 1 to 3): the complete sequences of one piece, with the
//! variant's king range, promotion inside a chain, removal of taken pieces and capture choice.
//!
//! One chain search serves two callers through [`Sink`]: the public move lists (full [`Move`]s
//! with their landing squares) and perft, which only needs what [`Capture`] keeps (origin,
//! destination, captured set) and skips the path bookkeeping.

use crate::bitboard::each_dir;
use crate::geometry::opposite;
use crate::moves::{Move, MoveList, MAX_HOPS};
use crate::variant::{CaptureChoice, ChainPromotion, KingRange, Removal, RuleSet};

/// No previous direction (the first capture of a chain).
const NO_DIR: usize = 4;

/// Where complete chains go. The chain search applies the capture choice (truncating back to
/// the list's length at the start of the search when a better chain appears) and, when asked,
/// drops a chain that is the same move as one already kept (see [`Move::same_as`]).
pub(crate) trait Sink {
    /// True when the landing squares of each chain are wanted (they cost a little to track).
    const PATHS: bool;
    fn len(&self) -> usize;
    fn truncate(&mut self, len: usize);
    /// True when a move with this identity is among the entries from `start` on.
    fn has(&self, start: usize, from: u8, to: u8, captured: u64, king_order: u64) -> bool;
    /// Appends a chain. `path[..hops]` holds the landing squares when [`Sink::PATHS`] is true.
    /// The chain's parts come apart, not as one value, because each sink keeps only some of
    /// them (perft's none of the path) and this runs once for every capture generated.
    #[allow(clippy::too_many_arguments)]
    fn add(&mut self, from: u8, to: u8, promotes: bool, captured: u64, king_order: u64, path: &[u8; MAX_HOPS], hops: usize);
}

impl Sink for MoveList {
    const PATHS: bool = true;
    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len)
    }
    #[inline]
    fn has(&self, start: usize, from: u8, to: u8, captured: u64, king_order: u64) -> bool {
        self[start..]
            .iter()
            .any(|m| m.captured == captured && m.from == from && m.destination_bit() == to as u32 && m.king_order == king_order)
    }
    #[inline]
    fn add(&mut self, from: u8, _to: u8, promotes: bool, captured: u64, king_order: u64, path: &[u8; MAX_HOPS], hops: usize) {
        self.push(Move::capture(from, *path, hops, promotes, captured, king_order));
    }
}

/// A capture as perft needs it: the move identity of [`Move::same_as`] without the route.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Capture {
    /// Captured squares (bit set).
    pub captured: u64,
    /// As [`Move::king_order`] (Italian only; 0 elsewhere).
    pub king_order: u64,
    /// Origin square (bit index).
    pub from: u8,
    /// Destination square (bit index).
    pub to: u8,
    /// The moving man is crowned.
    pub promotes: bool,
}

/// A reusable list of [`Capture`]s.
pub(crate) type CaptureList = Vec<Capture>;

impl Sink for CaptureList {
    const PATHS: bool = false;
    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len)
    }
    #[inline]
    fn has(&self, start: usize, from: u8, to: u8, captured: u64, king_order: u64) -> bool {
        self[start..]
            .iter()
            .any(|m| m.captured == captured && m.from == from && m.to == to && m.king_order == king_order)
    }
    #[inline(always)]
    fn add(&mut self, from: u8, to: u8, promotes: bool, captured: u64, king_order: u64, _: &[u8; MAX_HOPS], _: usize) {
        self.push(Capture { captured, king_order, from, to, promotes });
    }
}

/// The state of a capture search that stays fixed along a chain, plus what the chain functions
/// share: the route (when the sink wants it), the Italian data and the best chain so far. What
/// changes at every hop (the square, the captured set, the hop count) travels as arguments.
struct Chain<'a, S: Sink> {
    from: u32,
    /// Empty squares at the start of the chain, with the moving piece's origin counted as empty.
    empty: u64,
    /// Enemy pieces (taken ones included until the chain ends).
    enemy: u64,
    /// Enemy kings.
    enemy_kings: u64,
    /// Landing squares so far (only kept when [`Sink::PATHS`]).
    path: [u8; MAX_HOPS],
    /// Italian: captured kings in order (see [`Move::king_order`]).
    king_order: u64,
    /// Italian: the hops at which kings were taken, hop `h` (0-based) as bit `15 - h`, so that
    /// among chains taking as many kings the larger mask meets them earliest (RULES.md section 3,
    /// step 4: the lists of king positions compared king by king). Italian chains take at most
    /// 12 pieces.
    king_hops: u16,
    moving_king: bool,
    /// Maximum rule: the largest count recorded so far.
    best: u32,
    /// Italian precedence key of the moves kept so far.
    best_key: u32,
    out: &'a mut S,
    start: usize,
    /// False: keep every route, even several of one move (for reading move text).
    dedup: bool,
}

impl<S: Sink> Chain<'_, S> {
    /// Empty squares with `captured` taken: taken pieces block until the chain ends unless
    /// removal is immediate.
    #[inline(always)]
    fn empty<R: RuleSet>(&self, captured: u64) -> u64 {
        match R::R.removal {
            Removal::AtEnd => self.empty,
            Removal::Immediate => self.empty | captured,
        }
    }

    /// Notes hop number `hop` (0-based), taking `taken` and landing on `landing`. Returns what
    /// [`Chain::pop`] restores.
    #[inline(always)]
    fn push<R: RuleSet>(&mut self, taken: u64, landing: u32, hop: u32) -> (u64, u16) {
        if S::PATHS {
            self.path[hop as usize] = landing as u8;
        }
        let saved = (self.king_order, self.king_hops);
        if matches!(R::R.capture_choice, CaptureChoice::Italian) && taken & self.enemy_kings != 0 {
            self.king_order = (self.king_order << 6) | (taken.trailing_zeros() as u64 + 1);
            self.king_hops |= 1 << (15 - hop);
        }
        saved
    }

    #[inline(always)]
    fn pop<R: RuleSet>(&mut self, saved: (u64, u16)) {
        if matches!(R::R.capture_choice, CaptureChoice::Italian) {
            (self.king_order, self.king_hops) = saved;
        }
    }

    /// Italian precedence key (RULES.md section 3): larger is preferred. Steps 1-3 are the
    /// count, the king flag and the kings taken; step 4 is [`Chain::king_hops`]: with equal
    /// numbers of kings, the list of king positions that is smaller king by king is the larger
    /// mask (its first differing position is the higher bit).
    #[inline(always)]
    fn italian_key(&self, captured: u64, hops: u32) -> u32 {
        let kings = (captured & self.enemy_kings).count_ones();
        (hops << 24) | ((self.moving_king as u32) << 23) | (kings << 16) | self.king_hops as u32
    }

    /// Records a complete chain of `hops` captures taking `captured` and ending on `to`. Every
    /// hop takes one piece, so `hops` is the number taken.
    #[inline]
    fn record<R: RuleSet>(&mut self, to: u32, promotes: bool, captured: u64, hops: u32) {
        match R::R.capture_choice {
            CaptureChoice::Free => {}
            CaptureChoice::Maximum => {
                if hops < self.best {
                    return;
                }
                if hops > self.best {
                    self.best = hops;
                    self.out.truncate(self.start);
                }
            }
            CaptureChoice::Italian => {
                let key = self.italian_key(captured, hops);
                if key < self.best_key {
                    return;
                }
                if key > self.best_key {
                    self.best_key = key;
                    self.out.truncate(self.start);
                }
            }
        }
        let (from, to) = (self.from as u8, to as u8);
        // Two routes of one or two captures are never the same move, once the landings of a
        // flying king's line share their onward chains ([`king_chain`]): the two pieces would
        // have to be taken in both orders, which puts the second piece on two parallel lines
        // (the two lines through the origin, the two through the first landing), or in one
        // order from two landings of one line, which is that shared onward chain. So the list is
        // searched only from the third capture on.
        if self.dedup && hops >= 3 && self.out.has(self.start, from, to, captured, self.king_order) {
            return;
        }
        self.out.add(from, to, promotes, captured, self.king_order, &self.path, hops as usize);
    }
}

/// Directions (bit set over direction indices) in which a man of this side captures.
#[inline(always)]
pub(crate) fn man_capture_dirs<R: RuleSet, const LIGHT: bool>() -> u8 {
    let g = &R::R.geometry;
    let mut dirs = g.forward(LIGHT);
    if R::R.men_capture_backward {
        dirs |= g.backward(LIGHT);
    }
    if R::R.men_capture_sideways {
        dirs |= g.sideways;
    }
    dirs
}

/// Chains of a man standing on `cur` after `hops` captures taking `captured`.
fn man_chain<R: RuleSet, const LIGHT: bool, S: Sink>(st: &mut Chain<S>, cur: u32, captured: u64, hops: u32) {
    let g = &R::R.geometry;
    let dirs = man_capture_dirs::<R, LIGHT>();
    let far = g.far_row(LIGHT);
    let mut victims = st.enemy & !captured;
    if !R::R.men_capture_kings {
        victims &= !st.enemy_kings;
    }
    let empty = st.empty::<R>(captured);
    let at = 1u64 << cur;
    let mut any = false;
    each_dir!(D => {
        if dirs & (1 << D) != 0 {
            let dir = &g.dirs[D];
            let n = dir.step_into(at) & victims;
            let l = dir.step_into(n) & empty;
            if l != 0 {
                any = true;
                let landing = l.trailing_zeros();
                let saved = st.push::<R>(n, landing, hops);
                let (c, h) = (captured | n, hops + 1);
                let crowned = l & far != 0;
                if crowned && matches!(R::R.chain_promotion, ChainPromotion::EndsMove) {
                    st.record::<R>(landing, true, c, h);
                } else if crowned && matches!(R::R.chain_promotion, ChainPromotion::ContinuesAsKing) {
                    king_chain::<R, S>(st, landing, D, false, true, c, h);
                } else if man_can_take::<R, LIGHT, S>(st, l, c) {
                    man_chain::<R, LIGHT, S>(st, landing, c, h);
                } else {
                    // Looking one hop ahead here saves a call for every chain's last hop.
                    st.record::<R>(landing, crowned, c, h);
                }
                st.pop::<R>(saved);
            }
        }
    });
    if !any && hops > 0 {
        st.record::<R>(cur, far & at != 0, captured, hops);
    }
}

/// True when a man on `at` (a single-bit set) can take a piece, `captured` being taken already.
#[inline(always)]
fn man_can_take<R: RuleSet, const LIGHT: bool, S: Sink>(st: &Chain<S>, at: u64, captured: u64) -> bool {
    let g = &R::R.geometry;
    let dirs = man_capture_dirs::<R, LIGHT>();
    let mut victims = st.enemy & !captured;
    if !R::R.men_capture_kings {
        victims &= !st.enemy_kings;
    }
    let empty = st.empty::<R>(captured);
    let mut found = 0u64;
    each_dir!(D => {
        if dirs & (1 << D) != 0 {
            let dir = &g.dirs[D];
            found |= dir.step_into(dir.step_into(at) & victims) & empty;
        }
    });
    found != 0
}

/// The king's range for this chain: a man crowned mid-chain (Russian) captures as the variant's
/// king.
#[inline(always)]
fn flying<R: RuleSet>() -> bool {
    matches!(R::R.king_range, KingRange::Flying)
}

/// For a king on bit `cur` whose last capture went in direction `last`: the first takeable enemy
/// in direction `d` with a free square behind it, as (taken square bit, first landing bit);
/// `(0, 0)` when there is none. A flying king finds the first piece on its line with one look-up
/// ([`crate::geometry::Geometry::line`]).
#[inline(always)]
fn king_target<R: RuleSet>(takeable: u64, cur: u32, last: usize, d: usize, empty: u64) -> (u64, u64) {
    if R::R.no_reversal_in_chain && last != NO_DIR && d == opposite(last) {
        return (0, 0);
    }
    let g = &R::R.geometry;
    let dir = &g.dirs[d];
    let first = if flying::<R>() { g.line(d, cur, empty).1 } else { dir.step_into(1u64 << cur) };
    let sq = first & takeable;
    let l = dir.step_into(sq) & empty;
    if l == 0 {
        return (0, 0);
    }
    (sq, l)
}

/// True when a king that just took in direction `last` and stands on bit `cur` can take again
/// in a direction across that line (or back along it, where that could find anything). The
/// caller checks the direction `last` itself once for all the landings of a line.
#[inline(always)]
fn king_can_take_across<R: RuleSet>(takeable: u64, cur: u32, last: usize, empty: u64) -> bool {
    // Back along the line the king came by, the first piece is the one just taken: it still
    // blocks where taken pieces stay until the end, and where they vanish at once (Turkish) a
    // king may not turn back.
    let back_can_take = matches!(R::R.removal, Removal::Immediate) && !R::R.no_reversal_in_chain;
    let mut found = false;
    each_dir!(E => {
        if E != last && (E != opposite(last) || back_can_take) {
            found |= king_target::<R>(takeable, cur, last, E, empty).1 != 0;
        }
    });
    found
}

/// Chains of a king standing on `cur` after `hops` captures taking `captured`, the last one in
/// direction `last`. `promoted`: the piece was crowned during this chain. `onward_done`: the
/// chains that go on in direction `last` were searched already from another landing of the same
/// line (see below), so only the other directions are searched here.
fn king_chain<R: RuleSet, S: Sink>(
    st: &mut Chain<S>,
    cur: u32,
    last: usize,
    onward_done: bool,
    promoted: bool,
    captured: u64,
    hops: u32,
) {
    let g = &R::R.geometry;
    let takeable = st.enemy & !captured;
    let empty = st.empty::<R>(captured);
    let mut any = false;
    each_dir!(D => {
        let (taken, first) = king_target::<R>(takeable, cur, last, D, empty);
        if first != 0 {
            any = true;
            let (c, h) = (captured | taken, hops + 1);
            if !flying::<R>() {
                let landing = first.trailing_zeros();
                let saved = st.push::<R>(taken, landing, hops);
                king_chain::<R, S>(st, landing, D, false, promoted, c, h);
                st.pop::<R>(saved);
            } else if !(onward_done && D == last) {
                // Flying: every free square beyond the taken piece. While the chain can go on
                // from some of them, it must (RULES.md section 1), so only those are landings.
                let takeable_after = takeable & !taken;
                let empty_after = match R::R.removal {
                    Removal::AtEnd => empty,
                    Removal::Immediate => empty | taken,
                };
                let (landings, next) = g.line(D, taken.trailing_zeros(), empty_after);
                // Onward along the line every landing meets the same piece `next`: either each
                // of them can take it, or none.
                let onward = next & takeable_after != 0 && g.dirs[D].step_into(next) & empty_after != 0;
                let continuing = if onward {
                    landings
                } else {
                    let mut continuing = 0u64;
                    let mut ls = landings;
                    while ls != 0 {
                        let b = ls.trailing_zeros();
                        ls &= ls - 1;
                        if king_can_take_across::<R>(takeable_after, b, D, empty_after) {
                            continuing |= 1u64 << b;
                        }
                    }
                    continuing
                };
                let mut ls = if continuing != 0 { continuing } else { landings };
                // The chains going on along the line are the same moves from every landing (the
                // same pieces taken, the same squares reached): where one route per move is kept,
                // the first landing searches them and the others skip them.
                let mut onward_searched = false;
                while ls != 0 {
                    let landing = ls.trailing_zeros();
                    ls &= ls - 1;
                    let saved = st.push::<R>(taken, landing, hops);
                    if continuing != 0 {
                        king_chain::<R, S>(st, landing, D, onward_searched, promoted, c, h);
                        onward_searched = onward && st.dedup;
                    } else {
                        st.record::<R>(landing, promoted, c, h);
                    }
                    st.pop::<R>(saved);
                }
            }
        }
    });
    if !any && hops > 0 {
        st.record::<R>(cur, promoted, captured, hops);
    }
}

/// The men of this side that can start a capture: a takeable enemy next to them in one of their
/// capture directions with an empty square behind it.
#[inline(always)]
pub(crate) fn capturing_men<R: RuleSet, const LIGHT: bool>(men: u64, enemy: u64, kings: u64, empty: u64) -> u64 {
    let g = &R::R.geometry;
    let dirs = man_capture_dirs::<R, LIGHT>();
    let victims = if R::R.men_capture_kings { enemy } else { enemy & !kings };
    let mut found = 0u64;
    each_dir!(D => {
        if dirs & (1 << D) != 0 {
            let back = &g.dirs[opposite(D)];
            found |= back.step_into(back.step_into(empty) & victims);
        }
    });
    found & men
}

/// Appends every legal capture of the side to move (Light when `LIGHT`) to `out`, after the
/// capture choice of the variant (RULES.md sections 2 and 3). `dedup`: keep one route per move.
/// Returns true if there was at least one.
pub(crate) fn generate<R: RuleSet, const LIGHT: bool, S: Sink>(own: u64, enemy: u64, kings: u64, out: &mut S, dedup: bool) -> bool {
    let start = out.len();
    let empty = R::R.geometry.board & !(own | enemy);
    let mut st = Chain {
        from: 0,
        empty,
        enemy,
        enemy_kings: enemy & kings,
        path: [0; MAX_HOPS],
        king_order: 0,
        king_hops: 0,
        moving_king: false,
        best: 0,
        best_key: 0,
        out,
        start,
        dedup,
    };
    // Only the pieces that can take a first piece. Pieces in square order, so that the move
    // list keeps the same order however the pieces are split.
    let own_kings = own & kings;
    let mut pieces = capturers::<R, LIGHT>(own, enemy, kings);
    while pieces != 0 {
        let from = pieces.trailing_zeros();
        pieces &= pieces - 1;
        let bit = 1u64 << from;
        st.from = from;
        st.empty = empty | bit;
        st.moving_king = own_kings & bit != 0;
        if st.moving_king {
            king_chain::<R, S>(&mut st, from, NO_DIR, false, false, 0, 0);
        } else {
            man_chain::<R, LIGHT, S>(&mut st, from, 0, 0);
        }
    }
    st.out.len() > start
}

/// The legal captures of a side without kings (Light when `LIGHT`), appended to `out`: the same
/// moves as [`generate`] with `dedup`, in another order, started from the side's single jumps
/// (`jumps`, from [`man_jumps`]). A jump after which the man cannot take again is a one-piece
/// capture, kept aside without a search: it is legal only if no longer chain is (or, under free
/// choice, always), and it cannot be the same move as any other capture (no other takes just
/// that piece from that square).
pub(crate) fn man_captures<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64, jumps: &[u64; 4], out: &mut CaptureList) {
    let g = &R::R.geometry;
    let far = g.far_row(LIGHT);
    let empty = g.board & !(own | enemy);
    let start = out.len();
    let mut st = Chain {
        from: 0,
        empty,
        enemy,
        enemy_kings: enemy & kings,
        path: [0; MAX_HOPS],
        king_order: 0,
        king_hops: 0,
        moving_king: false,
        best: 0,
        best_key: 0,
        out,
        start,
        dedup: true,
    };
    let mut singles = [0u64; 4];
    each_dir!(D => {
        let dir = &g.dirs[D];
        let mut js = jumps[D];
        while js != 0 {
            let from = js & js.wrapping_neg();
            js ^= from;
            let taken = dir.step_into(from);
            let l = dir.step_into(taken);
            let crowned = l & far != 0;
            st.from = from.trailing_zeros();
            st.empty = empty | from;
            if crowned && matches!(R::R.chain_promotion, ChainPromotion::EndsMove) {
                singles[D] |= from;
            } else if crowned && matches!(R::R.chain_promotion, ChainPromotion::ContinuesAsKing) {
                king_chain::<R, CaptureList>(&mut st, l.trailing_zeros(), D, false, true, taken, 1);
            } else if man_can_take::<R, LIGHT, CaptureList>(&st, l, taken) {
                man_chain::<R, LIGHT, CaptureList>(&mut st, l.trailing_zeros(), taken, 1);
            } else {
                singles[D] |= from;
            }
        }
    });
    let longest = match R::R.capture_choice {
        CaptureChoice::Free => 0,
        CaptureChoice::Maximum => st.best,
        CaptureChoice::Italian => st.best_key >> 24,
    };
    if longest <= 1 {
        each_dir!(D => {
            let dir = &g.dirs[D];
            let mut js = singles[D];
            while js != 0 {
                let from = js & js.wrapping_neg();
                js ^= from;
                let taken = dir.step_into(from);
                let to = dir.step_into(taken);
                st.out.push(Capture {
                    captured: taken,
                    king_order: 0,
                    from: from.trailing_zeros() as u8,
                    to: to.trailing_zeros() as u8,
                    promotes: to & far != 0,
                });
            }
        });
    }
}

/// True if the side to move (Light when `LIGHT`) has a capture (a quick test without building
/// chains).
#[inline]
pub(crate) fn exists<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64) -> bool {
    let g = &R::R.geometry;
    let empty = g.board & !(own | enemy);
    if capturing_men::<R, LIGHT>(own & !kings, enemy, kings, empty) != 0 {
        return true;
    }
    let own_kings = own & kings;
    own_kings != 0 && capturing_kings::<R>(own_kings, enemy, empty) != 0
}

/// The kings of `own_kings` that can take a piece of `enemy` (a first jump, flying or not), all
/// kings at once: per direction, the enemy pieces with a free square behind them, and from each
/// of those back over the empty squares ([`crate::geometry::Geometry::fill`]) to the king, if
/// any, that sees it first.
#[inline(always)]
fn capturing_kings<R: RuleSet>(own_kings: u64, enemy: u64, empty: u64) -> u64 {
    let g = &R::R.geometry;
    let mut found = 0u64;
    if flying::<R>() && few_kings(own_kings) {
        // A line look-up per king and direction costs less than the fills.
        let mut ks = own_kings;
        while ks != 0 {
            let at = ks.trailing_zeros();
            ks &= ks - 1;
            let mut can = false;
            each_dir!(D => {
                can |= g.dirs[D].step_into(g.line(D, at, empty).1 & enemy) & empty != 0;
            });
            if can {
                found |= 1u64 << at;
            }
        }
        return found;
    }
    each_dir!(D => {
        let back = &g.dirs[opposite(D)];
        let targets = enemy & back.step_into(empty);
        let seen_from = if flying::<R>() { g.fill(opposite(D), targets, empty) } else { targets };
        found |= back.step_into(seen_from);
    });
    found & own_kings
}

/// True for at most two kings: few enough that looking up each king's lines
/// ([`crate::geometry::Geometry::line`]) costs less than filling all of them at once.
#[inline(always)]
pub(crate) fn few_kings(own_kings: u64) -> bool {
    // `own_kings` less its lowest king: empty or a single king when there are at most two.
    let rest = own_kings & own_kings.wrapping_sub(1);
    rest & rest.wrapping_sub(1) == 0
}

/// For a few flying kings (see [`few_kings`]): `None` when one of them can take a piece of
/// `enemy`, else the number of their quiet moves over the `empty` squares, both read from the
/// same line look-ups (perft's bulk count at the last ply).
#[inline(always)]
pub(crate) fn few_kings_steps<R: RuleSet>(own_kings: u64, enemy: u64, empty: u64) -> Option<u64> {
    let g = &R::R.geometry;
    let mut n = 0u64;
    let mut takes = false;
    let mut ks = own_kings;
    while ks != 0 {
        let at = ks.trailing_zeros();
        ks &= ks - 1;
        each_dir!(D => {
            let (free, first) = g.line(D, at, empty);
            takes |= g.dirs[D].step_into(first & enemy) & empty != 0;
            n += free.count_ones() as u64;
        });
    }
    if takes {
        None
    } else {
        Some(n)
    }
}

/// The pieces of the side to move (Light when `LIGHT`) that could take at least one piece,
/// whether or not the capture choice of the variant lets them (a longer capture elsewhere).
pub(crate) fn capturers<R: RuleSet, const LIGHT: bool>(own: u64, enemy: u64, kings: u64) -> u64 {
    let empty = R::R.geometry.board & !(own | enemy);
    capturing_men::<R, LIGHT>(own & !kings, enemy, kings, empty) | capturing_kings::<R>(own & kings, enemy, empty)
}

/// Single jumps of men: for each direction `d`, the men that can take the piece next to them in
/// direction `d` and land on the empty square behind it (the first step of every man's chain).
#[inline(always)]
pub(crate) fn man_jumps<R: RuleSet, const LIGHT: bool>(men: u64, enemy: u64, kings: u64, empty: u64) -> [u64; 4] {
    let g = &R::R.geometry;
    let dirs = man_capture_dirs::<R, LIGHT>();
    let victims = if R::R.men_capture_kings { enemy } else { enemy & !kings };
    let mut jumps = [0u64; 4];
    each_dir!(D => {
        if dirs & (1 << D) != 0 {
            let back = &g.dirs[opposite(D)];
            jumps[D] = men & back.step_into(back.step_into(empty) & victims);
        }
    });
    jumps
}

/// True when every jump of `jumps` (from [`man_jumps`], for a side without kings) is a complete
/// capture on its own: no man could take again from its landing square, and none is crowned in a
/// variant where it would go on as a king. Then the legal captures are exactly these jumps (each
/// takes one piece, so the capture choice keeps them all, and no two are the same move).
///
/// Conservative: the test treats the squares of every jumping man as empty and every enemy piece
/// as takeable, so it may answer false for a position where the jumps are in fact final (the full
/// chain search then decides), never true where a chain could go on.
#[inline(always)]
pub(crate) fn jumps_are_final<R: RuleSet, const LIGHT: bool>(jumps: &[u64; 4], enemy: u64, kings: u64, empty: u64) -> bool {
    let g = &R::R.geometry;
    let dirs = man_capture_dirs::<R, LIGHT>();
    let victims = if R::R.men_capture_kings { enemy } else { enemy & !kings };
    let far = g.far_row(LIGHT);
    let mut free = empty | jumps[0] | jumps[1] | jumps[2] | jumps[3];
    if matches!(R::R.removal, Removal::Immediate) {
        each_dir!(D => {
            free |= g.dirs[D].step_into(jumps[D]);
        });
    }
    // Squares from which a man could take in each direction.
    let mut takers = [0u64; 4];
    each_dir!(D => {
        if dirs & (1 << D) != 0 {
            let back = &g.dirs[opposite(D)];
            takers[D] = back.step_into(back.step_into(free) & victims);
        }
    });
    let mut stuck = true;
    each_dir!(D => {
        let dir = &g.dirs[D];
        let mut landings = dir.step_into(dir.step_into(jumps[D]));
        match R::R.chain_promotion {
            ChainPromotion::EndsMove => landings &= !far,
            ChainPromotion::ContinuesAsKing => stuck &= landings & far == 0,
            ChainPromotion::OnlyAtEnd => {}
        }
        // The piece just taken lies in the opposite direction and cannot be taken twice.
        let mut onward = 0u64;
        each_dir!(E => {
            if E != opposite(D) {
                onward |= takers[E];
            }
        });
        stuck &= landings & onward == 0;
    });
    stuck
}
