//! Pattern evaluation (in the manner of Scan): the board is covered by overlapping regions of
//! 8 playable squares (4 x 4 squares on the diagonal boards, 4 rows by 2 columns on the
//! orthogonal one); the men on a region's squares (empty, light man, dark man: 3^8 = 6561
//! configurations) index a learned value, an opening and an ending one, tapered like the other
//! weights. Kings are left out (they are material and mobility terms of [`crate::eval`]).
//!
//! * 10 x 10 ([`PatternBoard::Ten`]): 16 regions, rows and columns 0-3, 2-5, 4-7 and 6-9.
//! * 8 x 8 ([`PatternBoard::Eight`]): 9 regions, rows and columns 0-3, 2-5 and 4-7.
//! * 8 x 8 orthogonal ([`PatternBoard::Orthogonal`], Turkish): every square is playable, so a
//!   region of 8 squares is 4 rows by 2 columns: 21 regions, rows 0-3, 2-5 and 4-7 by columns
//!   0-1, 1-2, ..., 6-7 (Turkish men move and capture sideways as well as forward, so
//!   neighbouring columns overlap).
//!
//! The values are fitted by `draughts tune --patterns`
//! on top of the linear evaluation (they learn what it misses) and stored as
//! `crates/engine/weights/<variant>.patterns`, after a text header that says how they were made.

use crate::eval::PHASE_MAX;
use draughts_rules::{BoardKind, Variant};
use std::sync::{Arc, OnceLock};

/// The most regions of a board (the orthogonal one); index arrays are this long, the other
/// boards use the first [`PatternBoard::regions`] entries.
pub const MAX_REGIONS: usize = 21;
/// Configurations of one region (3^8).
pub const STATES: usize = 6561;

/// The boards that have pattern values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternBoard {
    /// 10 x 10, five squares a row: 16 regions.
    Ten,
    /// 8 x 8 diagonal (also the turned Italian board, stored as its mirror image), four squares
    /// a row: 9 regions.
    Eight,
    /// 8 x 8 orthogonal (Turkish), eight squares a row on bits `8 * row + column`: 21 regions.
    Orthogonal,
}

impl PatternBoard {
    /// The board of `variant`'s rule set (every rule set has one; `None` is kept for a board
    /// the patterns do not know).
    pub fn of(variant: Variant) -> Option<PatternBoard> {
        let g = &variant.rules().geometry;
        match (g.kind, g.size) {
            (BoardKind::Diagonal, 10) => Some(PatternBoard::Ten),
            (BoardKind::Diagonal, 8) => Some(PatternBoard::Eight),
            (BoardKind::Orthogonal, 8) => Some(PatternBoard::Orthogonal),
            _ => None,
        }
    }

    /// Every board, in the order [`Patterns::from_bytes`] tries their sizes.
    pub const ALL: [PatternBoard; 3] = [PatternBoard::Ten, PatternBoard::Eight, PatternBoard::Orthogonal];

    /// Number of regions: 16, 9 or 21.
    pub const fn regions(self) -> usize {
        match self {
            PatternBoard::Ten => 16,
            PatternBoard::Eight => 9,
            PatternBoard::Orthogonal => 21,
        }
    }

    /// Playable squares a row (the rules crate's layout of the diagonal boards: a row's squares
    /// on consecutive bits, one unused bit after every second row, so row `r` starts at bit
    /// `per_row * r + r / 2`; the orthogonal board's rows are 8 bits each, with no gap).
    const fn per_row(self) -> u32 {
        match self {
            PatternBoard::Ten => 5,
            PatternBoard::Eight => 4,
            PatternBoard::Orthogonal => 8,
        }
    }

    /// Regions side by side in a band of four rows.
    const fn across(self) -> usize {
        self.per_row() as usize - 1
    }

    /// The bit of square `k` (`0..per_row`) of row `row` in the rules crate's layout.
    const fn bit(self, row: u32, k: u32) -> u32 {
        match self {
            PatternBoard::Orthogonal => 8 * row + k,
            _ => self.per_row() * row + row / 2 + k,
        }
    }

    /// Bytes of the values in a pattern file (after its header).
    pub const fn payload_bytes(self) -> usize {
        self.regions() * STATES * 4
    }

    /// The configuration index of every region from the light and dark men (entries past
    /// [`PatternBoard::regions`] are zero).
    #[inline(always)]
    pub fn indices(self, light_men: u64, dark_men: u64) -> [u16; MAX_REGIONS] {
        match self {
            PatternBoard::Ten => indices_of::<5, 4, 1024>(&ROW_PAIRS_10, light_men, dark_men),
            PatternBoard::Eight => indices_of::<4, 3, 256>(&ROW_PAIRS_8, light_men, dark_men),
            PatternBoard::Orthogonal => orthogonal_indices(light_men, dark_men),
        }
    }

    /// The playable squares (bit indices) of region `r` (`r < regions()`), in the order of the
    /// configuration index's ternary digits (digit `k` counts `3^k`): the region's rows from the
    /// top, two squares a row, left to right. Region `across * b + c` covers rows `2b..2b+4`; in
    /// each of those rows it holds the row's squares `c` and `c + 1` (on a diagonal board those
    /// are columns `2c..2c+4`, on the orthogonal board columns `c` and `c + 1`).
    pub fn region_squares(self, r: usize) -> [u32; 8] {
        let (band, c) = ((r / self.across()) as u32, (r % self.across()) as u32);
        let mut out = [0u32; 8];
        for k in 0..8u32 {
            out[k as usize] = self.bit(2 * band + k / 2, c + k % 2);
        }
        out
    }
}

/// For each row of `W` squares, indexed by `light | dark << W` (the row's men as `W`-bit sets),
/// the ternary value of each pair of neighbouring squares, `state(c) + 3 * state(c + 1)` for
/// `c` in `0..W-1` (state 1: a light man, 2: a dark man), in 16-bit lanes. A region holds one
/// pair of each of its four rows, so the regions of a band are summed at once (lanes of at most
/// 6560 never carry).
const fn row_pairs<const N: usize>(w: usize) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        let (l, d) = (i & ((1 << w) - 1), i >> w);
        if l & d == 0 {
            let mut v = 0u64;
            let mut c = 0;
            while c + 1 < w {
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
}

const ROW_PAIRS_10: [u64; 1024] = row_pairs::<1024>(5);
const ROW_PAIRS_8: [u64; 256] = row_pairs::<256>(4);

/// [`PatternBoard::indices`] for a board of `W` squares a row (`W` rows) and `A = W - 1` regions
/// a band: a row's pairs come from the table, four rows summed with the weights 1, 9, 81, 729
/// give the indices of a band's regions side by side.
#[inline(always)]
fn indices_of<const W: usize, const A: usize, const N: usize>(pairs: &[u64; N], light_men: u64, dark_men: u64) -> [u16; MAX_REGIONS] {
    let mut rows = [0u64; 10];
    let mask = (1usize << W) - 1;
    for (r, x) in rows.iter_mut().enumerate().take(2 * W) {
        let shift = W * r + r / 2;
        let l = (light_men >> shift) as usize & mask;
        let d = (dark_men >> shift) as usize & mask;
        *x = pairs[(l | d << W) & (N - 1)];
    }
    let mut out = [0u16; MAX_REGIONS];
    for band in 0..W - 1 {
        let r = 2 * band;
        let v = rows[r] + 9 * rows[r + 1] + 81 * rows[r + 2] + 729 * rows[r + 3];
        for c in 0..A {
            out[A * band + c] = (v >> (16 * c)) as u16;
        }
    }
    out
}

/// Each bit of a byte spread to a 16-bit lane (bit `c` to lane `c`).
const SPREAD_16: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = 0;
        while c < 8 {
            t[i] |= (((i >> c) & 1) as u128) << (16 * c);
            c += 1;
        }
        i += 1;
    }
    t
};

/// [`PatternBoard::indices`] of the orthogonal board: a row's squares as 16-bit lanes of
/// states (0 empty, 1 light man, 2 dark man), each lane plus three times its right neighbour is
/// the row's pair at that column, and four rows summed with the weights 1, 9, 81, 729 give the
/// seven regions of a band side by side (lanes of at most 6560 never carry; the eighth lane,
/// which has no neighbour, is not read).
#[inline(always)]
fn orthogonal_indices(light_men: u64, dark_men: u64) -> [u16; MAX_REGIONS] {
    let mut rows = [0u128; 8];
    for (r, x) in rows.iter_mut().enumerate() {
        let s = SPREAD_16[(light_men >> (8 * r)) as usize & 255] + 2 * SPREAD_16[(dark_men >> (8 * r)) as usize & 255];
        *x = s + 3 * (s >> 16);
    }
    let mut out = [0u16; MAX_REGIONS];
    for band in 0..3 {
        let r = 2 * band;
        let v = rows[r] + 9 * rows[r + 1] + 81 * rows[r + 2] + 729 * rows[r + 3];
        for c in 0..7 {
            out[7 * band + c] = (v >> (16 * c)) as u16;
        }
    }
    out
}

/// Rows of a region's table: [`STATES`] padded to a power of two, so that a configuration index
/// masked to its bits needs no bounds check in [`Patterns::score`] (the padding is never read).
const PADDED: usize = 8192;

/// Which pattern values an evaluation uses in place of the variant's built-in ones: `None` keeps
/// the built-in values, `Some(None)` evaluates with the linear weights alone, `Some(Some(p))`
/// uses `p` (a pattern file).
pub type PatternChoice = Option<Option<Arc<Patterns>>>;

/// Learned values: for each region and configuration, (opening, ending) in centi-men for Light,
/// with the header of the file they came from (how they were made).
#[derive(Clone)]
pub struct Patterns {
    board: PatternBoard,
    /// [`PatternBoard::regions`] rows.
    values: Box<[[[i16; 2]; PADDED]]>,
    header: String,
}

impl std::fmt::Debug for Patterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let set = self.in_order().filter(|v| **v != [0, 0]).count();
        write!(f, "Patterns {{ {:?}, {set} of {} configurations valued }}", self.board, self.board.regions() * STATES)
    }
}

/// Where a rule set's built-in values come from: its own pattern file, or another rule set's,
/// used as it is or turned round ([`Patterns::turned`]).
struct BuiltinSource {
    bytes: &'static [u8],
    /// The rule set whose file it is, when it is another's.
    borrowed_from: Option<Variant>,
    /// The values are used turned round.
    turned: bool,
}

/// The built-in values of each rule set that has them. American is English with Light moving
/// first (RULES.md section 2: same board, moves and captures): an American position, turned by
/// half a turn with its colours exchanged, is an English position with the same moves, so the
/// English values turned evaluate it. Brazilian's men move and capture as Russian's, with Light
/// first on the same board: the Russian values as they are. German (Light first, flying kings,
/// men that capture forward only) gains from the Russian values and not from the English ones
/// turned round. Each was measured against the linear evaluation alone (docs/engine.md,
/// "Evaluation").
fn builtin_source(variant: Variant) -> Option<BuiltinSource> {
    // Every rule set has values now; the `Option` is kept for a rule set added without them.
    let english: &'static [u8] = include_bytes!("../weights/english.patterns");
    let russian: &'static [u8] = include_bytes!("../weights/russian.patterns");
    let own = |bytes| BuiltinSource { bytes, borrowed_from: None, turned: false };
    Some(match variant {
        Variant::International => own(include_bytes!("../weights/international.patterns")),
        Variant::English => own(english),
        Variant::Russian => own(russian),
        Variant::Italian => own(include_bytes!("../weights/italian.patterns")),
        Variant::Turkish => own(include_bytes!("../weights/turkish.patterns")),
        Variant::American => BuiltinSource { bytes: english, borrowed_from: Some(Variant::English), turned: true },
        Variant::Brazilian | Variant::German => BuiltinSource { bytes: russian, borrowed_from: Some(Variant::Russian), turned: false },
    })
}

impl Patterns {
    /// The built-in values of `variant` (`crates/engine/weights/<variant>.patterns`); `None` for
    /// the rule sets without pattern values.
    pub fn builtin(variant: Variant) -> Option<Arc<Patterns>> {
        static P: [OnceLock<Option<Arc<Patterns>>>; Variant::ALL.len()] = [const { OnceLock::new() }; Variant::ALL.len()];
        P[variant as usize]
            .get_or_init(|| {
                let source = builtin_source(variant)?;
                let mut p = Patterns::from_bytes(source.bytes).expect("a built-in pattern file reads");
                if source.turned {
                    p = p.turned();
                }
                if let Some(from) = source.borrowed_from {
                    let how = if source.turned { " turned round (Patterns::turned)" } else { "" };
                    p.header = format!("# {variant}: the {from} values{how}; theirs were made so:\n{}", p.header);
                }
                assert_eq!(Some(p.board), PatternBoard::of(variant), "the built-in {variant} pattern file is for its board");
                Some(Arc::new(p))
            })
            .clone()
    }

    /// All values zero, on `board`.
    pub fn zero(board: PatternBoard) -> Patterns {
        Patterns { board, values: vec![[[0i16; 2]; PADDED]; board.regions()].into_boxed_slice(), header: String::new() }
    }

    /// These values seen from the other side of the board: each configuration of a region gets
    /// minus the value of the configuration turned by half a turn with its colours exchanged (in
    /// the region turned likewise). For every position `P` and phase, the result scores `P` as
    /// these values score `P` turned with its colours exchanged, negated: Light's score there is
    /// Dark's here. The header is kept.
    pub fn turned(&self) -> Patterns {
        let n = self.board.regions();
        let mut out = Patterns::zero(self.board);
        out.header = self.header.clone();
        for r in 0..n {
            for state in 0..STATES {
                // Digit k (3^k) of a region is the square that digit 7 - k of the turned region
                // covers (rows from the top, left to right, both run the other way); a light
                // man (1) there is a dark man (2) here.
                let mut from = state;
                let mut to = 0;
                for _ in 0..8 {
                    let d = from % 3;
                    from /= 3;
                    to = 3 * to + [0, 2, 1][d];
                }
                let [o, e] = self.values[r][state];
                out.values[n - 1 - r][to] = [o.saturating_neg(), e.saturating_neg()];
            }
        }
        out
    }

    /// The board the values are for.
    pub fn board(&self) -> PatternBoard {
        self.board
    }

    /// Whether the values can evaluate `variant`'s positions (it is played on their board).
    pub fn fits(&self, variant: Variant) -> bool {
        PatternBoard::of(variant) == Some(self.board)
    }

    /// The file's header: how the values were made (lines starting with `#`; empty if none).
    pub fn header(&self) -> &str {
        &self.header
    }

    /// These values with `text` as their header: each line is written after `# `.
    pub fn with_header(mut self, text: &str) -> Patterns {
        self.header = text.lines().map(|l| format!("# {l}\n")).collect();
        self
    }

    /// Sets one value (`region < regions()`, `state < STATES`).
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

    /// The pattern values a command line asks for (`--patterns`-style options): `none` for the
    /// linear evaluation alone (`None`), else a pattern file, which must be for `variant`'s board.
    /// Errors name the file and what is wrong.
    pub fn from_arg(arg: &str, variant: Variant) -> Result<Option<Arc<Patterns>>, String> {
        if arg == "none" {
            return Ok(None);
        }
        Patterns::read_for(std::path::Path::new(arg), variant).map(|p| Some(Arc::new(p)))
    }

    /// Reads a pattern file ([`Patterns::read_file`]) that must be for `variant`'s board. Errors
    /// name the file and what is wrong.
    pub fn read_for(path: &std::path::Path, variant: Variant) -> Result<Patterns, String> {
        let p = Patterns::read_file(path)?;
        if !p.fits(variant) {
            return Err(format!("{}: pattern values for the {:?} board, not for {variant}'s", path.display(), p.board()));
        }
        Ok(p)
    }

    /// Reads values written by [`Patterns::to_bytes`]: a header of text lines that start with
    /// `#` (possibly none), then little-endian i16 pairs, region-major, for one of the boards
    /// (the payload's size tells which: 16, 9 or 21 regions). Errors when no board's size fits
    /// or what comes before the values is not such a header.
    pub fn from_bytes(b: &[u8]) -> Result<Patterns, String> {
        let mut why = None;
        for board in PatternBoard::ALL {
            let Some(split) = b.len().checked_sub(board.payload_bytes()) else { continue };
            let (head, values) = b.split_at(split);
            let header = match std::str::from_utf8(head) {
                Ok(h) if h.is_empty() || (h.ends_with('\n') && h.lines().all(|l| l.starts_with('#'))) => h,
                _ => {
                    why.get_or_insert(format!("the {} bytes before the values are not a header of lines starting with '#'", head.len()));
                    continue;
                }
            };
            let mut p = Patterns::zero(board);
            p.header = header.to_string();
            for (i, c) in values.chunks_exact(4).enumerate() {
                let o = i16::from_le_bytes([c[0], c[1]]);
                let e = i16::from_le_bytes([c[2], c[3]]);
                p.values[i / STATES][i % STATES] = [o, e];
            }
            return Ok(p);
        }
        Err(why.unwrap_or_else(|| {
            format!(
                "pattern file: {} bytes, expected {} (10x10), {} (8x8) or {} (8x8 orthogonal) after the header",
                b.len(),
                PatternBoard::Ten.payload_bytes(),
                PatternBoard::Eight.payload_bytes(),
                PatternBoard::Orthogonal.payload_bytes()
            )
        }))
    }

    /// The header and values as bytes (see [`Patterns::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.header.len() + self.board.payload_bytes());
        out.extend_from_slice(self.header.as_bytes());
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
        for r in 0..self.board.regions() {
            let squares = self.board.region_squares(r);
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
        match self.board {
            PatternBoard::Ten => self.sum::<16>(PatternBoard::Ten.indices(light_men, dark_men), phase),
            PatternBoard::Eight => self.sum::<9>(PatternBoard::Eight.indices(light_men, dark_men), phase),
            PatternBoard::Orthogonal => self.sum::<21>(PatternBoard::Orthogonal.indices(light_men, dark_men), phase),
        }
    }

    /// The tapered sum of the values of the first `N` regions at these indices (`N` is the
    /// board's number of regions, a constant so that the loop unrolls).
    #[inline(always)]
    fn sum<const N: usize>(&self, idx: [u16; MAX_REGIONS], phase: i32) -> i32 {
        let rows: &[[[i16; 2]; PADDED]; N] = self.values[..N].try_into().expect("N regions");
        let (mut o, mut e) = (0i32, 0i32);
        for (row, &i) in rows.iter().zip(idx.iter()) {
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
    use draughts_rules::Geometry;

    const BOARDS: [(PatternBoard, Variant); 4] = [
        (PatternBoard::Ten, Variant::International),
        (PatternBoard::Eight, Variant::English),
        (PatternBoard::Eight, Variant::Italian),
        (PatternBoard::Orthogonal, Variant::Turkish),
    ];

    /// A region's index computed square by square from [`PatternBoard::region_squares`].
    fn reference(board: PatternBoard, r: usize, l: u64, d: u64) -> u16 {
        board.region_squares(r).iter().enumerate().map(|(k, &b)| 3u16.pow(k as u32) * ((l >> b) & 1) as u16 + 2 * 3u16.pow(k as u32) * ((d >> b) & 1) as u16).sum()
    }

    fn next(seed: &mut u64) -> u64 {
        *seed = crate::splitmix(*seed);
        *seed
    }

    #[test]
    fn boards_of_the_rule_sets() {
        for v in Variant::ALL {
            let expect = match v {
                Variant::Turkish => Some(PatternBoard::Orthogonal),
                Variant::International => Some(PatternBoard::Ten),
                _ => Some(PatternBoard::Eight),
            };
            assert_eq!(PatternBoard::of(v), expect, "{v}");
        }
    }

    #[test]
    fn regions_cover_four_rows_of_eight_squares() {
        for (board, v) in BOARDS {
            let g: &Geometry = &v.rules().geometry;
            // A diagonal board's region is 4 x 4 squares, half of them playable; the orthogonal
            // board's is 4 rows by 2 columns, its bands of 7 regions overlapping by a column.
            let orthogonal = board == PatternBoard::Orthogonal;
            let (across, step, width) = if orthogonal { (7, 1, 2) } else { (g.size as u32 / 2 - 1, 2, 4) };
            assert_eq!(board.regions() as u32, across * (g.size as u32 / 2 - 1));
            let mut covered = 0u64;
            for i in 0..board.regions() {
                let (r0, c0) = ((i as u32 / across) * 2, (i as u32 % across) * step);
                let mut expect = 0u64;
                for r in r0..r0 + 4 {
                    for c in c0..c0 + width {
                        // The turned Italian board is stored as its mirror image: the layout's
                        // columns run the other way.
                        let c = if g.mirrored { g.size as u32 - 1 - c } else { c };
                        if let Some(b) = g.bit_at(r, c) {
                            expect |= 1u64 << b;
                        }
                    }
                }
                let got = board.region_squares(i).iter().fold(0u64, |a, &b| a | 1u64 << b);
                assert_eq!(expect.count_ones(), 8, "{v} region {i}");
                assert_eq!(got, expect, "{v} region {i}");
                // Digits go row by row from the top, left to right in the layout.
                let order: Vec<(u32, u32)> = board
                    .region_squares(i)
                    .iter()
                    .map(|&b| g.row_col(b))
                    .map(|(r, c)| (r, if g.mirrored { g.size as u32 - 1 - c } else { c }))
                    .collect();
                let mut sorted = order.clone();
                sorted.sort();
                assert_eq!(order, sorted, "{v} region {i}");
                covered |= got;
            }
            assert_eq!(covered, g.board, "{v}: every square lies in a region");
        }
    }

    #[test]
    fn indices_match_a_square_by_square_reference() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for (board, v) in BOARDS {
            let squares = v.rules().geometry.board;
            for _ in 0..20_000 {
                let a = next(&mut seed) & squares;
                let split = next(&mut seed);
                let (l, d) = (a & split, a & !split);
                let fast = board.indices(l, d);
                for (i, &x) in fast.iter().enumerate() {
                    let expect = if i < board.regions() { reference(board, i, l, d) } else { 0 };
                    assert_eq!(x, expect, "{v} region {i}");
                }
            }
        }
    }

    #[test]
    fn folded_men_values_add_exactly() {
        // Arbitrary per-square values; the folded score is the plain score plus their sum over
        // the men, on random boards and phases, on both boards.
        let mut light = [[0i32; 2]; 64];
        let mut dark = [[0i32; 2]; 64];
        for b in 0..64 {
            light[b] = [b as i32 * 3 - 70, 40 - b as i32];
            dark[b] = [-(b as i32) * 2 + 11, b as i32 % 7 - 50];
        }
        let mut seed = 0x1234_5678_9abc_def1u64;
        for (board, v) in BOARDS {
            let mut p = Patterns::zero(board);
            for r in 0..board.regions() {
                for st in (r..STATES).step_by(7) {
                    p.set(r, st, (st % 301) as i16 - 150, (st % 97) as i16 - 40);
                }
            }
            let f = p.with_men_values(&light, &dark).unwrap();
            let squares = v.rules().geometry.board;
            for n in 0..5_000 {
                let x = next(&mut seed);
                let a = x & squares & (x >> 3);
                let (l, d) = (a & (x >> 29), a & !(x >> 29));
                let phase = (n * 37 % (PHASE_MAX as usize + 1)) as i32;
                let mut extra = 0;
                for b in 0..64 {
                    let v = if l & (1u64 << b) != 0 { light[b] } else if d & (1u64 << b) != 0 { dark[b] } else { [0, 0] };
                    extra += v[0] * phase + v[1] * (PHASE_MAX - phase);
                }
                assert_eq!(f.score(l, d, phase), p.score(l, d, phase) + extra, "{v}");
            }
            // A value that does not fit is refused.
            let mut big = light;
            big[squares.trailing_zeros() as usize] = [40_000, 0];
            assert!(p.with_men_values(&big, &dark).is_none());
        }
    }

    #[test]
    fn turned_values_score_the_position_turned_round_with_its_colours_exchanged() {
        let mut seed = 0xbb67_ae85_84ca_a73bu64;
        for (board, v) in [(PatternBoard::Ten, Variant::International), (PatternBoard::Eight, Variant::English), (PatternBoard::Orthogonal, Variant::Turkish)] {
            let g: &Geometry = &v.rules().geometry;
            let half = g.half_turn();
            let turn = |bb: u64| half.set(bb);
            let mut p = Patterns::zero(board);
            for r in 0..board.regions() {
                for st in 0..STATES {
                    let x = next(&mut seed);
                    p.set(r, st, (x % 601) as i16 - 300, ((x >> 20) % 601) as i16 - 300);
                }
            }
            let t = p.turned();
            for k in 0..5_000 {
                let x = next(&mut seed);
                let a = x & g.board & (x >> 3);
                let (l, d) = (a & (x >> 29), a & !(x >> 29));
                let phase = (k * 37 % (PHASE_MAX as usize + 1)) as i32;
                assert_eq!(t.score(l, d, phase), -p.score(turn(d), turn(l), phase), "{v}");
            }
            // Turned twice: the values themselves.
            let back = t.turned();
            assert!((0..board.regions()).all(|r| (0..STATES).all(|st| back.get(r, st) == p.get(r, st))));
        }
    }

    #[test]
    fn pattern_files_round_trip_with_their_header_and_a_wrong_size_is_refused() {
        for board in PatternBoard::ALL {
            let mut p = Patterns::zero(board).with_header("variant: test\nbuilt-by: hand");
            p.set(3, 100, -7, 12);
            let b = p.to_bytes();
            assert!(b.starts_with(b"# variant: test\n# built-by: hand\n"));
            let q = Patterns::from_bytes(&b).unwrap();
            assert_eq!(q.board(), board);
            assert_eq!(q.get(3, 100), [-7, 12]);
            assert_eq!(q.header(), "# variant: test\n# built-by: hand\n");
            // Without a header too.
            let bare = Patterns::zero(board).to_bytes();
            assert_eq!(bare.len(), board.payload_bytes());
            assert_eq!(Patterns::from_bytes(&bare).unwrap().board(), board);
            // A byte short; text before the values that is not a header.
            assert!(Patterns::from_bytes(&b[..b.len() - 1]).is_err());
            let mut junk = b"not a header\n".to_vec();
            junk.extend_from_slice(&bare);
            let e = Patterns::from_bytes(&junk).unwrap_err();
            assert!(e.contains("header"), "{e}");
        }
        let e = Patterns::from_bytes(&[0u8; 10]).unwrap_err();
        assert!(e.contains("10 bytes"), "{e}");
        // The built-in values load for the rule sets that have them, on their own board.
        let i = Patterns::builtin(Variant::International).unwrap();
        assert!(i.fits(Variant::International) && !i.fits(Variant::English));
        let e = Patterns::builtin(Variant::English).unwrap();
        assert!(e.fits(Variant::English) && e.fits(Variant::Russian) && !e.fits(Variant::International));
        assert!(e.header().contains("variant: english"), "{}", e.header());
        let r = Patterns::builtin(Variant::Russian).unwrap();
        assert!(r.header().contains("variant: russian"), "{}", r.header());
        // American borrows the English values turned round, Brazilian and German the Russian
        // ones as they are; each says so first in its header.
        for (v, from, turned) in [(Variant::American, &e, true), (Variant::Brazilian, &r, false), (Variant::German, &r, false)] {
            let b = Patterns::builtin(v).unwrap();
            let same = if turned { from.turned() } else { (**from).clone() };
            assert!((0..9).all(|reg| (0..STATES).all(|st| b.get(reg, st) == same.get(reg, st))), "{v}");
            let first = b.header().lines().next().unwrap();
            assert!(first.starts_with(&format!("# {v}: the ")) && first.contains(if turned { "english values turned round" } else { "russian values;" }), "{first}");
            assert!(b.header().ends_with(from.header()), "{v}");
        }
        let i = Patterns::builtin(Variant::Italian).unwrap();
        assert!(i.header().contains("variant: italian"), "{}", i.header());
        let t = Patterns::builtin(Variant::Turkish).unwrap();
        assert!(t.fits(Variant::Turkish) && t.header().contains("variant: turkish"), "{}", t.header());
    }

    #[test]
    fn the_score_sums_each_region_and_tapers() {
        // One light man on square 46 (row 9, column 0) lies in region 12 alone (rows
        // 6-9, columns 0-3): its configuration is 3^6 (light man on the region's seventh square).
        let g = Variant::International.rules().geometry;
        let bit = g.bit_of_number(46).unwrap();
        let idx = PatternBoard::Ten.indices(1u64 << bit, 0);
        for (r, &i) in idx.iter().enumerate() {
            assert_eq!(i, if r == 12 { 729 } else { 0 }, "region {r}");
        }
        let mut p = Patterns::zero(PatternBoard::Ten);
        p.set(12, 729, 40, 10);
        p.set(0, 0, 1, 3);
        // Regions 0 (empty, configuration 0) and 12 count; the other empty regions are zero.
        assert_eq!(p.score(1u64 << bit, 0, PHASE_MAX), 41 * PHASE_MAX);
        assert_eq!(p.score(1u64 << bit, 0, 0), 13 * PHASE_MAX);
        assert_eq!(p.score(1u64 << bit, 0, PHASE_MAX / 2), 27 * PHASE_MAX);
        // English: a dark man on square 1 (the top row's first square) is the first digit of
        // region 0 alone (rows 0-3, columns 0-3): configuration 2.
        let g = Variant::English.rules().geometry;
        let bit = g.bit_of_number(1).unwrap();
        let idx = PatternBoard::Eight.indices(0, 1u64 << bit);
        assert_eq!(&idx[..9], &[2, 0, 0, 0, 0, 0, 0, 0, 0]);
        let mut p = Patterns::zero(PatternBoard::Eight);
        p.set(0, 2, -20, 30);
        assert_eq!(p.score(0, 1u64 << bit, PHASE_MAX), -20 * PHASE_MAX);
    }

    #[test]
    fn every_configuration_has_its_own_index() {
        let ternary = |i: usize| -> u16 { (0..8).filter(|k| i & (1 << k) != 0).map(|k| 3u16.pow(k)).sum() };
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
