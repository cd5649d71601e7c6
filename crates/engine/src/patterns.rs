//! Pattern evaluation for international draughts (in the manner of Scan): the board is covered
//! by 16 overlapping regions of 4 x 4 squares (rows and columns 0-3, 2-5, 4-7, 6-9), each holding
//! 8 playable squares; the men on a region's squares (empty, light man, dark man: 3^8 = 6561
//! configurations) index a learned value, an opening and an ending one, tapered like the other
//! weights. Kings are left out (they are material and mobility terms of [`crate::eval`]).
//!
//! The values are fitted by `draughts tune --patterns` on top of the linear evaluation (they learn
//! what it misses) and stored as `crates/engine/weights/international.patterns`.

use crate::eval::PHASE_MAX;
use draughts_rules::Variant;
use std::sync::{Arc, OnceLock};

/// Regions on the board.
pub const REGIONS: usize = 16;
/// Configurations of one region (3^8).
pub const STATES: usize = 6561;

/// For each row of five squares, indexed by `light | dark << 5` (the row's men as 5-bit sets),
/// the ternary value of each pair of neighbouring squares, `state(c) + 3 * state(c + 1)` for
/// `c` in 0..4 (state 1: a light man, 2: a dark man), in 16-bit lanes. A region holds one pair
/// of each of its four rows, so four regions side by side are summed at once (lanes of at most
/// 6560 never carry).
const ROW_PAIRS: [u64; 1024] = {
    let mut t = [0u64; 1024];
    let mut i = 0;
    while i < 1024 {
        let (l, d) = (i & 31, i >> 5);
        if l & d == 0 {
            let mut v = 0u64;
            let mut c = 0;
            while c < 4 {
                let here = ((l >> c) & 1) + 2 * ((d >> c) & 1);
                let next = ((l >> (c + 1)) & 1) + 2 * ((d >> (c + 1)) & 1);
                v |= ((here + 3 * next) as u64) << (16 * c);
                c += 1;
            }
            t[i] = v;
        }
        i += 1;
    }
    t
};

/// The configuration index of every region, from the light and dark men: region `4 * b + c`
/// covers rows `2b..2b+4` and columns `2c..2c+4`, its index `sum(3^k * state_k)` over its
/// squares from the top row down, left to right. The rules crate's layout puts a row's five
/// squares on consecutive bits, with one unused bit after every second row, so row `r` starts
/// at bit `5 * r + r / 2`.
#[inline(always)]
pub fn indices(light_men: u64, dark_men: u64) -> [u16; REGIONS] {
    let mut rows = [0u64; 10];
    for (r, x) in rows.iter_mut().enumerate() {
        let shift = 5 * r + r / 2;
        let l = (light_men >> shift) as usize & 31;
        let d = (dark_men >> shift) as usize & 31;
        *x = ROW_PAIRS[l | d << 5];
    }
    let mut out = [0u16; REGIONS];
    for band in 0..4 {
        let r = 2 * band;
        let v = rows[r] + 9 * rows[r + 1] + 81 * rows[r + 2] + 729 * rows[r + 3];
        for c in 0..4 {
            out[4 * band + c] = (v >> (16 * c)) as u16;
        }
    }
    out
}

/// Rows of a region's table: [`STATES`] padded to a power of two, so that a configuration index
/// masked to its bits needs no bounds check in [`Patterns::score`] (the padding is never read).
const PADDED: usize = 8192;

/// The playable squares (bit indices) of region `r` (`r < REGIONS`), in the order of the
/// configuration index's ternary digits (digit `k` counts `3^k`): the region's rows from the top,
/// two squares a row, left to right. See [`indices`] for the layout.
pub fn region_squares(r: usize) -> [u32; 8] {
    let (r0, c0) = ((r / 4) as u32 * 2, (r % 4) as u32 * 2);
    let base = 5 * r0 + r0 / 2 + c0 / 2;
    [0, 1, 5, 6, 11, 12, 16, 17].map(|o| base + o)
}

/// Which pattern values an evaluation uses in place of the variant's built-in ones: `None` keeps
/// the built-in values, `Some(None)` evaluates with the linear weights alone, `Some(Some(p))`
/// uses `p` (a pattern file).
pub type PatternChoice = Option<Option<Arc<Patterns>>>;

/// Learned values: for each region and configuration, (opening, ending) in centi-men for Light.
#[derive(Clone)]
pub struct Patterns {
    values: Box<[[[i16; 2]; PADDED]; REGIONS]>,
}

impl std::fmt::Debug for Patterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let set = self.values.iter().flat_map(|r| r[..STATES].iter()).filter(|v| **v != [0, 0]).count();
        write!(f, "Patterns {{ {set} of {} configurations valued }}", REGIONS * STATES)
    }
}

impl Patterns {
    /// The built-in values of `variant` (`crates/engine/weights/international.patterns`);
    /// `None` for the rule sets without pattern values.
    pub fn builtin(variant: Variant) -> Option<Arc<Patterns>> {
        static P: OnceLock<Arc<Patterns>> = OnceLock::new();
        if variant != Variant::International {
            return None;
        }
        let p = P.get_or_init(|| {
            Arc::new(Patterns::from_bytes(include_bytes!("../weights/international.patterns")).expect("the built-in pattern file has the right size"))
        });
        Some(p.clone())
    }

    /// All values zero.
    pub fn zero() -> Patterns {
        let rows = vec![[[0i16; 2]; PADDED]; REGIONS].into_boxed_slice();
        Patterns { values: rows.try_into().expect("REGIONS rows") }
    }

    /// Sets one value (`region < REGIONS`, `state < STATES`).
    pub fn set(&mut self, region: usize, state: usize, opening: i16, ending: i16) {
        assert!(state < STATES, "configuration {state} out of range");
        self.values[region][state] = [opening, ending];
    }

    /// One value: (opening, ending) of a region's configuration.
    pub fn get(&self, region: usize, state: usize) -> [i16; 2] {
        assert!(state < STATES, "configuration {state} out of range");
        self.values[region][state]
    }

    /// Every value in file order (region-major, configurations in order).
    fn in_order(&self) -> impl Iterator<Item = &[i16; 2]> {
        self.values.iter().flat_map(|r| r[..STATES].iter())
    }

    /// Reads a pattern file (as `draughts tune --patterns` writes it). Errors name the file.
    pub fn read_file(path: &std::path::Path) -> Result<Patterns, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Patterns::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads values written by [`Patterns::to_bytes`]: little-endian i16 pairs, region-major.
    /// Errors when the length is not `REGIONS * STATES * 4` bytes.
    pub fn from_bytes(b: &[u8]) -> Result<Patterns, String> {
        if b.len() != REGIONS * STATES * 4 {
            return Err(format!("pattern file: {} bytes, expected {}", b.len(), REGIONS * STATES * 4));
        }
        let mut p = Patterns::zero();
        for (i, c) in b.chunks_exact(4).enumerate() {
            let o = i16::from_le_bytes([c[0], c[1]]);
            let e = i16::from_le_bytes([c[2], c[3]]);
            p.values[i / STATES][i % STATES] = [o, e];
        }
        Ok(p)
    }

    /// The values as bytes (see [`Patterns::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(REGIONS * STATES * 4);
        for [o, e] in self.in_order() {
            out.extend_from_slice(&o.to_le_bytes());
            out.extend_from_slice(&e.to_le_bytes());
        }
        out
    }

    /// These values with a value per square for single men added ("folded" in): every region's
    /// configurations gain `light[s]` for each light man and `dark[s]` for each dark man on a
    /// square `s` the region owns, a square being owned by the first region that covers it. The
    /// score of the result is the score of these values plus the sum of those per-square values
    /// over the men on the board, exactly, at any phase (values are (opening, ending) pairs
    /// tapered alike). `None` when a folded value would not fit in 16 bits.
    pub fn with_men_values(&self, light: &[[i32; 2]; 64], dark: &[[i32; 2]; 64]) -> Option<Patterns> {
        let mut out = self.clone();
        let mut owned = 0u64;
        for r in 0..REGIONS {
            let squares = region_squares(r);
            // Digits of the squares this region owns.
            let mine: Vec<(usize, u32)> =
                squares.iter().enumerate().filter(|(_, &b)| owned & (1u64 << b) == 0).map(|(k, &b)| (k, b)).collect();
            for &(_, b) in &mine {
                owned |= 1u64 << b;
            }
            for state in 0..STATES {
                let mut add = [0i32; 2];
                let mut rest = state;
                let mut digits = [0usize; 8];
                for d in digits.iter_mut() {
                    *d = rest % 3;
                    rest /= 3;
                }
                for &(k, b) in &mine {
                    let v = match digits[k] {
                        1 => light[b as usize],
                        2 => dark[b as usize],
                        _ => [0, 0],
                    };
                    add[0] += v[0];
                    add[1] += v[1];
                }
                let cell = &mut out.values[r][state];
                for i in 0..2 {
                    cell[i] = i16::try_from(cell[i] as i32 + add[i]).ok()?;
                }
            }
        }
        Some(out)
    }

    /// The pattern score for Light, centi-men times [`PHASE_MAX`], at `phase`.
    #[inline(always)]
    pub fn score(&self, light_men: u64, dark_men: u64, phase: i32) -> i32 {
        let idx = indices(light_men, dark_men);
        let (mut o, mut e) = (0i32, 0i32);
        for (row, &i) in self.values.iter().zip(idx.iter()) {
            let [a, b] = row[i as usize & (PADDED - 1)];
            o += a as i32;
            e += b as i32;
        }
        o * phase + e * (PHASE_MAX - phase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Base 3 value of each 8-bit set (bit k counts 3^k).
    fn ternary(i: usize) -> u16 {
        (0..8).filter(|k| i & (1 << k) != 0).map(|k| 3u16.pow(k)).sum()
    }

    /// The lowest bit of each region: a region's rows lie at offsets 0, 5, 11 and 16 from it.
    fn base(i: usize) -> u32 {
        let r = (i / 4) as u32 * 2;
        let c = (i % 4) as u32 * 2;
        5 * r + r / 2 + c / 2
    }

    #[test]
    fn region_squares_are_the_digits_in_order() {
        for i in 0..REGIONS {
            for (k, b) in region_squares(i).into_iter().enumerate() {
                assert_eq!(gather(1u64 << b, base(i)), 1 << k, "region {i} digit {k}");
            }
        }
    }

    #[test]
    fn folded_men_values_add_exactly() {
        // Arbitrary per-square values; the folded score is the plain score plus their sum over
        // the men, on random boards and phases.
        let mut light = [[0i32; 2]; 64];
        let mut dark = [[0i32; 2]; 64];
        for b in 0..64 {
            light[b] = [b as i32 * 3 - 70, 40 - b as i32];
            dark[b] = [-(b as i32) * 2 + 11, b as i32 % 7 - 50];
        }
        let p = Patterns::builtin(Variant::International).unwrap();
        let f = p.with_men_values(&light, &dark).unwrap();
        let board = Variant::International.rules().geometry.board;
        let mut seed = 0x1234_5678_9abc_def1u64;
        for n in 0..5_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let a = seed & board & (seed >> 3);
            let (l, d) = (a & (seed >> 29), a & !(seed >> 29));
            let phase = (n * 37 % (PHASE_MAX as usize + 1)) as i32;
            let mut extra = 0;
            for b in 0..64 {
                let v = if l & (1u64 << b) != 0 { light[b] } else if d & (1u64 << b) != 0 { dark[b] } else { [0, 0] };
                extra += v[0] * phase + v[1] * (PHASE_MAX - phase);
            }
            assert_eq!(f.score(l, d, phase), p.score(l, d, phase) + extra);
        }
        // A value that does not fit is refused.
        light[0] = [40_000, 0];
        assert!(p.with_men_values(&light, &dark).is_none());
    }

    /// The 8 bits of a region's squares from `base` (two per row) as an 8-bit set.
    fn gather(men: u64, base: u32) -> usize {
        let x = men >> base;
        ((x & 3) | ((x >> 3) & 0xC) | ((x >> 7) & 0x30) | ((x >> 10) & 0xC0)) as usize
    }

    #[test]
    fn indices_match_a_square_by_square_reference() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let board = Variant::International.rules().geometry.board;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let a = seed & board;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (l, d) = (a & seed, a & !seed);
            let fast = indices(l, d);
            for (i, &x) in fast.iter().enumerate() {
                assert_eq!(x, ternary(gather(l, base(i))) + 2 * ternary(gather(d, base(i))), "region {i}");
            }
        }
    }

    #[test]
    fn regions_cover_four_by_four_squares() {
        let g = Variant::International.rules().geometry;
        for i in 0..REGIONS {
            let base = base(i);
            let (r0, c0) = ((i / 4) as u32 * 2, (i % 4) as u32 * 2);
            let mut expect = 0u64;
            for r in r0..r0 + 4 {
                for c in c0..c0 + 4 {
                    if let Some(b) = g.bit_at(r, c) {
                        expect |= 1u64 << b;
                    }
                }
            }
            assert_eq!(expect.count_ones(), 8, "region {i}");
            // The region's squares are exactly the bits gathered.
            let mut got = 0u64;
            for bit in 0..64 {
                if gather(1u64 << bit, base) != 0 {
                    got |= 1u64 << bit;
                }
            }
            assert_eq!(got, expect, "region {i}");
        }
    }

    #[test]
    fn pattern_files_round_trip_and_a_wrong_size_is_refused() {
        let mut p = Patterns::zero();
        p.set(3, 100, -7, 12);
        let b = p.to_bytes();
        let q = Patterns::from_bytes(&b).unwrap();
        assert_eq!(q.get(3, 100), [-7, 12]);
        assert!(Patterns::from_bytes(&b[1..]).unwrap_err().contains("bytes"));
        // The built-in values load, for international only.
        assert!(Patterns::builtin(Variant::International).is_some());
        assert!(Patterns::builtin(Variant::Russian).is_none());
    }

    #[test]
    fn the_score_sums_each_region_and_tapers() {
        // One light man on square 46 (row 9, column 0) lies in region 12 alone (rows
        // 6-9, columns 0-3): its configuration is 3^6 (light man on the region's seventh square).
        let g = Variant::International.rules().geometry;
        let bit = g.bit_of_number(46).unwrap();
        let idx = indices(1u64 << bit, 0);
        for (r, &i) in idx.iter().enumerate() {
            assert_eq!(i, if r == 12 { 729 } else { 0 }, "region {r}");
        }
        let mut p = Patterns::zero();
        p.set(12, 729, 40, 10);
        p.set(0, 0, 1, 3);
        // Regions 0 (empty, configuration 0) and 12 count; the other empty regions are zero.
        assert_eq!(p.score(1u64 << bit, 0, PHASE_MAX), 41 * PHASE_MAX);
        assert_eq!(p.score(1u64 << bit, 0, 0), 13 * PHASE_MAX);
        assert_eq!(p.score(1u64 << bit, 0, PHASE_MAX / 2), 27 * PHASE_MAX);
    }

    #[test]
    fn every_configuration_has_its_own_index() {
        let mut seen = vec![false; STATES];
        for l in 0..256usize {
            for d in 0..256usize {
                if l & d != 0 {
                    continue;
                }
                let i = (ternary(l) + 2 * ternary(d)) as usize;
                assert!(!seen[i]);
                seen[i] = true;
            }
        }
        assert!(seen.iter().all(|s| *s));
    }
}
