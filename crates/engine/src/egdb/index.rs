//! Combinatorial indexing of a slice: every position of one material with the side to move
//! turned to Light gets a number in `0..positions`, and back.
//!
//! A position is first put in its canonical orientation ([`Indexer::canonical`]): when Dark is
//! to move the board is turned half a circle and the colours swapped, which every diagonal rule
//! set allows (the rules know no left or right, and a man's forward is its own far side). The
//! index then packs, from the most significant part down:
//! * the squares of the mover's men, a combination of the squares off its far row;
//! * the squares of the other side's men, a combination of the squares off that side's far row
//!   (overlaps with the mover's men are impossible positions: [`Indexer::position`] says `None`);
//! * the mover's kings among the squares the men leave free;
//! * the other side's kings among the squares still free.
//!
//! Each combination is ranked in the combinatorial number system (the `i`-th smallest square
//! position `p` adds `C(p, i + 1)`).

use super::Material;
use draughts_rules::{Color, HalfTurn, Position, Variant};

/// Binomial coefficients `C(n, k)` for `n, k <= 64`.
struct Binomials([[u64; 65]; 65]);

impl Binomials {
    fn new() -> Binomials {
        let mut c = [[0u64; 65]; 65];
        for n in 0..65 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1].saturating_add(c[n - 1][k]);
            }
        }
        Binomials(c)
    }

    #[inline(always)]
    fn get(&self, n: usize, k: usize) -> u64 {
        if k > n {
            0
        } else {
            self.0[n][k]
        }
    }
}

/// The numbering of the positions of one slice.
pub(crate) struct Indexer {
    bin: Binomials,
    /// Bits of the board's squares in order, and each bit's place among them.
    squares: Vec<u8>,
    place: [u8; 64],
    /// Squares a man of the mover (Light) may stand on, and the other side's (Dark).
    men_squares: [Vec<u8>; 2],
    men_place: [[u8; 64]; 2],
    /// The board's half turn, which puts a position with Dark to move the other way round.
    turn: HalfTurn,
    /// The board's squares as a set.
    board: u64,
    variant: Variant,
}

/// The sizes of the four parts of a slice's index, most significant first.
#[derive(Clone, Copy)]
struct Parts {
    own_men: u64,
    other_men: u64,
    own_kings: u64,
    other_kings: u64,
}

impl Indexer {
    /// The indexer of a variant's board.
    pub(crate) fn new(variant: Variant) -> Indexer {
        let g = variant.geometry();
        let squares: Vec<u8> = (0..64u8).filter(|b| g.board & (1u64 << b) != 0).collect();
        let mut place = [u8::MAX; 64];
        for (i, &b) in squares.iter().enumerate() {
            place[b as usize] = i as u8;
        }
        let men = |light: bool| -> (Vec<u8>, [u8; 64]) {
            let list: Vec<u8> = squares
                .iter()
                .copied()
                .filter(|&b| g.far_row(light) & (1u64 << b) == 0)
                .collect();
            let mut at = [u8::MAX; 64];
            for (i, &b) in list.iter().enumerate() {
                at[b as usize] = i as u8;
            }
            (list, at)
        };
        let (l, lp) = men(true);
        let (d, dp) = men(false);
        Indexer {
            bin: Binomials::new(),
            squares,
            place,
            men_squares: [l, d],
            men_place: [lp, dp],
            turn: g.half_turn(),
            board: g.board,
            variant,
        }
    }

    fn parts(&self, m: Material) -> Parts {
        let n = self.squares.len();
        let men = (m.own_men + m.other_men) as usize;
        Parts {
            own_men: self.bin.get(self.men_squares[0].len(), m.own_men as usize),
            other_men: self
                .bin
                .get(self.men_squares[1].len(), m.other_men as usize),
            own_kings: self.bin.get(n.saturating_sub(men), m.own_kings as usize),
            other_kings: self.bin.get(
                n.saturating_sub(men + m.own_kings as usize),
                m.other_kings as usize,
            ),
        }
    }

    /// The number of indices of a slice (impossible overlaps of men included).
    pub(crate) fn positions(&self, m: Material) -> u64 {
        let p = self.parts(m);
        p.own_men * p.other_men * p.own_kings * p.other_kings
    }

    /// Rank of the set `bb` whose squares have places `place` (all below 64).
    #[inline(always)]
    fn rank(&self, mut bb: u64, place: &[u8; 64]) -> u64 {
        let mut r = 0;
        let mut i = 1;
        // Places grow with the bit index, so the lowest bit is the smallest place.
        while bb != 0 {
            r += self
                .bin
                .get(place[bb.trailing_zeros() as usize] as usize, i);
            bb &= bb - 1;
            i += 1;
        }
        r
    }

    /// The `k` places (ascending) of the combination ranked `r`.
    #[inline(always)]
    fn unrank(&self, mut r: u64, k: usize, out: &mut [usize; 64]) {
        let mut top = 64;
        for i in (1..=k).rev() {
            let mut p = i - 1;
            // The largest p < top with C(p, i) <= r.
            let mut hi = top;
            while hi > p + 1 {
                let mid = (p + hi) / 2;
                if self.bin.get(mid, i) <= r {
                    p = mid;
                } else {
                    hi = mid;
                }
            }
            r -= self.bin.get(p, i);
            out[i - 1] = p;
            top = p;
        }
    }

    /// Rank of the kings `kings` among the squares not in `taken`.
    #[inline(always)]
    fn rank_free(&self, kings: u64, taken: u64) -> u64 {
        let mut r = 0;
        let mut i = 1;
        let mut bb = kings;
        while bb != 0 {
            let b = bb.trailing_zeros();
            let below = (1u64 << b) - 1;
            // Place among the free squares: the board squares below b that are not taken.
            let free_below = self.place[b as usize] as u32 - (taken & below).count_ones();
            r += self.bin.get(free_below as usize, i);
            bb &= bb - 1;
            i += 1;
        }
        r
    }

    /// The index of a canonical position (mover as Light) of slice `m`.
    #[inline(always)]
    pub(crate) fn index(&self, m: Material, own: u64, other: u64, kings: u64) -> u64 {
        let p = self.parts(m);
        let (own_men, other_men) = (own & !kings, other & !kings);
        let (own_kings, other_kings) = (own & kings, other & kings);
        let men = own_men | other_men;
        let mut i = self.rank(own_men, &self.men_place[0]);
        i = i * p.other_men + self.rank(other_men, &self.men_place[1]);
        i = i * p.own_kings + self.rank_free(own_kings, men);
        i * p.other_kings + self.rank_free(other_kings, men | own_kings)
    }

    /// The index of a position whose material is `m` (after [`Indexer::material`]).
    #[inline(always)]
    pub(crate) fn index_of(&self, m: Material, pos: &Position) -> u64 {
        let (own, other, kings) = self.canonical(pos);
        self.index(m, own, other, kings)
    }

    /// The position's pieces with the side to move as Light: `(mover, other, kings)`.
    #[inline(always)]
    fn canonical(&self, pos: &Position) -> (u64, u64, u64) {
        let side = pos.side_to_move();
        let (own, other, kings) = (pos.pieces(side), pos.pieces(!side), pos.all_kings());
        match side {
            Color::Light => (own, other, kings),
            Color::Dark => self.turned(own, other, kings),
        }
    }

    /// Pieces with Dark to move, `(mover, other, kings)`, turned half a circle so that the
    /// mover plays as Light.
    #[inline(always)]
    fn turned(&self, mover: u64, other: u64, kings: u64) -> (u64, u64, u64) {
        (self.turn.set(mover), self.turn.set(other), self.turn.set(kings))
    }

    /// The material of a position, counted for the side to move.
    #[inline(always)]
    pub(crate) fn material(pos: &Position) -> Material {
        let side = pos.side_to_move();
        Material {
            own_men: pos.men(side).count_ones() as u8,
            own_kings: pos.kings(side).count_ones() as u8,
            other_men: pos.men(!side).count_ones() as u8,
            other_kings: pos.kings(!side).count_ones() as u8,
        }
    }

    /// The position (Light to move) of index `i` of slice `m`, or `None` where men of both sides
    /// would share a square.
    pub(crate) fn position(&self, m: Material, i: u64) -> Option<Position> {
        let (own, other, kings) = self.pieces(m, i)?;
        Position::new(self.variant, own, other, kings, Color::Light).ok()
    }

    /// The pieces of index `i` of slice `m` as `(mover, other, kings)`, the mover being Light,
    /// or `None` where men of both sides would share a square. No allocation: the builder
    /// calls it for every position of a slice, several times.
    #[inline]
    pub(crate) fn pieces(&self, m: Material, i: u64) -> Option<(u64, u64, u64)> {
        let p = self.parts(m);
        let mut r = i;
        let ok = r % p.other_kings;
        r /= p.other_kings;
        let ik = r % p.own_kings;
        r /= p.own_kings;
        let om = r % p.other_men;
        let im = r / p.other_men;
        let mut places = [0usize; 64];
        let mut set = |rank: u64, k: usize, list: &[u8]| -> u64 {
            self.unrank(rank, k, &mut places);
            places[..k]
                .iter()
                .fold(0u64, |bb, &pl| bb | 1u64 << list[pl])
        };
        let own_men = set(im, m.own_men as usize, &self.men_squares[0]);
        let other_men = set(om, m.other_men as usize, &self.men_squares[1]);
        if own_men & other_men != 0 {
            return None;
        }
        // Kings take the free squares in board order: the place-th free square is the
        // place-th set bit of the free mask.
        let mut among = |rank: u64, k: usize, free: u64| -> u64 {
            self.unrank(rank, k, &mut places);
            places[..k].iter().fold(0u64, |bb, &pl| bb | nth_bit(free, pl))
        };
        let own_kings = among(ik, m.own_kings as usize, self.board & !(own_men | other_men));
        let other_kings = among(ok, m.other_kings as usize, self.board & !(own_men | other_men | own_kings));
        Some((own_men | own_kings, other_men | other_kings, own_kings | other_kings))
    }

    /// The index of the position with these pieces and Dark to move (`light`, `dark` and
    /// `kings` as the board shows them), in slice `m` counted for Dark: the position is turned
    /// round first, as [`Indexer::index_of`] does.
    #[inline(always)]
    pub(crate) fn index_dark_to_move(&self, m: Material, light: u64, dark: u64, kings: u64) -> u64 {
        let (own, other, kings) = self.turned(dark, light, kings);
        self.index(m, own, other, kings)
    }
}

/// The `n`-th (from 0) lowest set bit of `bb`, as a one-bit set (0 when `bb` has fewer bits).
#[inline(always)]
fn nth_bit(mut bb: u64, n: usize) -> u64 {
    for _ in 0..n {
        bb &= bb.wrapping_sub(1);
    }
    bb & bb.wrapping_neg()
}
