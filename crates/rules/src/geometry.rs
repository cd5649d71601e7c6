//! Board geometries: the three boards of RULES.md section 2 as bit layouts.
//!
//! Every board is held in one `u64`. Squares are numbered internally by *bit index*:
//!
//! * **Diagonal boards** (8x8 with 32 dark squares, 10x10 with 50) use the classic padded layout:
//!   the dark squares are taken row by row from the top (Dark's side), `w` per row (`w` = 4 or 5),
//!   and after every two rows one unused "ghost" bit is skipped, so that the four diagonal
//!   neighbours of any square are always at the same shifts (`+w`, `+w+1` downwards, `-w`, `-w-1`
//!   upwards) and a step off the left or right edge lands on a ghost bit, which is not a square.
//! * **The orthogonal board** (Turkish) uses all 64 bits: bit = row * 8 + column, row 0 at the top.
//!
//! The turned Italian board (h1 dark) is stored as the mirror image of the standard 8x8 board; the
//! rules are symmetric under that mirror, so only square *names* need to know (see [`Geometry::mirrored`]).

/// The kind of board a variant is played on (RULES.md section 2, column "board").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// Dark squares of a square board, pieces move diagonally.
    Diagonal,
    /// All 64 squares of an 8x8 board, pieces move along rows and columns (Turkish).
    Orthogonal,
}

/// One of the four directions of a board, as a bit shift plus the squares that have a neighbour
/// in that direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Direction {
    /// Positive: towards higher bit indices (down the board); negative: up.
    pub shift: i8,
    /// Squares whose neighbour in this direction is on the board.
    pub from_mask: u64,
    /// True when shifting a square that has no neighbour in this direction can land on another
    /// square (the orthogonal board's left and right edges). On the padded diagonal layouts a
    /// step off the board always lands on a ghost bit or outside the board, and so does an up
    /// or down step on the orthogonal board.
    pub wraps: bool,
}

impl Direction {
    /// The neighbours in this direction of every square of `bb` (squares without one drop out).
    #[inline(always)]
    pub const fn step(&self, bb: u64) -> u64 {
        let b = bb & self.from_mask;
        if self.shift > 0 {
            b << self.shift
        } else {
            b >> (-self.shift)
        }
    }

    /// Like [`Direction::step`], but the result may also hold bits that are not squares. Only for
    /// results that are intersected with a set of squares: that drops the stray bits, and
    /// skipping the edge mask saves an instruction on every step of move generation.
    #[inline(always)]
    pub const fn step_into(&self, bb: u64) -> u64 {
        let b = if self.wraps { bb & self.from_mask } else { bb };
        if self.shift > 0 {
            b << self.shift
        } else {
            b >> (-self.shift)
        }
    }
}

/// Index of each direction in [`Geometry::dirs`]. The opposite of direction `i` is `3 - i`.
///
/// Diagonal boards: 0 up-left, 1 up-right, 2 down-left, 3 down-right.
/// Orthogonal board: 0 up, 1 left, 2 right, 3 down.
pub const fn opposite(dir: usize) -> usize {
    3 - dir
}

/// A board: its size, its bit layout, its directions and its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Diagonal or orthogonal movement.
    pub kind: BoardKind,
    /// Squares per side of the board: 8 or 10.
    pub size: u8,
    /// True for the turned Italian board (h1 dark, a1 light): names are mirrored left-right.
    pub mirrored: bool,
    /// Number of playable squares: 32, 50 or 64.
    pub squares: u8,
    /// Bits that are playable squares.
    pub board: u64,
    /// The four directions (see [`opposite`] for their order).
    pub dirs: [Direction; 4],
    /// Directions (as a bit set over indices 0..4) that are "forward" for Light (up the board).
    pub up: u8,
    /// Directions that are "sideways" (none on diagonal boards; left and right on Turkish).
    pub sideways: u8,
    /// Directions that are "forward" for Dark (down the board).
    pub down: u8,
    /// The top row (Light's far row, Dark's back row).
    pub top_row: u64,
    /// The bottom row (Dark's far row, Light's back row).
    pub bottom_row: u64,
}

const fn diag_board(w: u32, rows: u32) -> u64 {
    let mut board = 0u64;
    let mut n = 0;
    while n < w * rows {
        board |= 1u64 << (n + n / (2 * w));
        n += 1;
    }
    board
}

const fn diag_row(w: u32, row: u32) -> u64 {
    let mut bits = 0u64;
    let mut k = 0;
    while k < w {
        let n = row * w + k;
        bits |= 1u64 << (n + n / (2 * w));
        k += 1;
    }
    bits
}

/// A direction of a padded diagonal layout: a square has a neighbour if the shifted bit is a square.
const fn diag_dir(board: u64, shift: i32) -> Direction {
    let mut from_mask = 0u64;
    let mut b = 0;
    while b < 64 {
        let t = b + shift;
        if board & (1u64 << b) != 0 && t >= 0 && t < 64 && board & (1u64 << t) != 0 {
            from_mask |= 1u64 << b;
        }
        b += 1;
    }
    Direction { shift: shift as i8, from_mask, wraps: false }
}

const fn diagonal(size: u8, mirrored: bool) -> Geometry {
    let w = size as u32 / 2;
    let board = diag_board(w, size as u32);
    let w = w as i32;
    Geometry {
        kind: BoardKind::Diagonal,
        size,
        mirrored,
        squares: (size as u32 * size as u32 / 2) as u8,
        board,
        dirs: [diag_dir(board, -w - 1), diag_dir(board, -w), diag_dir(board, w), diag_dir(board, w + 1)],
        up: 0b0011,
        sideways: 0,
        down: 0b1100,
        top_row: diag_row(w as u32, 0),
        bottom_row: diag_row(w as u32, size as u32 - 1),
    }
}

const fn orthogonal() -> Geometry {
    const NOT_LEFT: u64 = !0x0101_0101_0101_0101;
    const NOT_RIGHT: u64 = !0x8080_8080_8080_8080;
    Geometry {
        kind: BoardKind::Orthogonal,
        size: 8,
        mirrored: false,
        squares: 64,
        board: u64::MAX,
        dirs: [
            Direction { shift: -8, from_mask: !0xFF, wraps: false },
            Direction { shift: -1, from_mask: NOT_LEFT, wraps: true },
            Direction { shift: 1, from_mask: NOT_RIGHT, wraps: true },
            Direction { shift: 8, from_mask: !(0xFF << 56), wraps: false },
        ],
        up: 0b0001,
        sideways: 0b0110,
        down: 0b1000,
        top_row: 0xFF,
        bottom_row: 0xFF << 56,
    }
}

/// For each direction (in the order of [`Geometry::dirs`]) and each bit index, the squares of
/// the line from that bit in that direction, the bit itself excluded (0 for bits that are not
/// squares). Flying kings look their lines up here rather than stepping square by square.
pub type Rays = [[u64; 64]; 4];

const fn rays_of(g: &Geometry) -> Rays {
    let mut rays = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut b = 0;
        while b < 64 {
            if g.board & (1u64 << b) != 0 {
                let mut ray = 0u64;
                let mut sq = g.dirs[d].step(1u64 << b);
                while sq != 0 {
                    ray |= sq;
                    sq = g.dirs[d].step(sq);
                }
                rays[d][b] = ray;
            }
            b += 1;
        }
        d += 1;
    }
    rays
}

/// The lines of the 8x8 diagonal boards (the turned board has the same bit layout).
static RAYS_DIAGONAL_8: Rays = rays_of(&Geometry::DIAGONAL_8);
/// The lines of the 10x10 board.
static RAYS_DIAGONAL_10: Rays = rays_of(&Geometry::DIAGONAL_10);
/// The lines of the orthogonal board.
static RAYS_ORTHOGONAL_8: Rays = rays_of(&Geometry::ORTHOGONAL_8);

impl Geometry {
    /// The standard 8x8 diagonal board, a1 dark (32 squares).
    pub const DIAGONAL_8: Geometry = diagonal(8, false);
    /// The turned 8x8 diagonal board of Italian draughts, h1 dark (32 squares).
    pub const DIAGONAL_8_TURNED: Geometry = diagonal(8, true);
    /// The 10x10 diagonal board, a1 dark (50 squares).
    pub const DIAGONAL_10: Geometry = diagonal(10, false);
    /// The 8x8 orthogonal board of Turkish draughts (64 squares).
    pub const ORTHOGONAL_8: Geometry = orthogonal();

    /// The lines of this board ([`Rays`]).
    #[inline(always)]
    pub fn rays(&self) -> &'static Rays {
        match (self.kind, self.size) {
            (BoardKind::Orthogonal, _) => &RAYS_ORTHOGONAL_8,
            (BoardKind::Diagonal, 10) => &RAYS_DIAGONAL_10,
            (BoardKind::Diagonal, _) => &RAYS_DIAGONAL_8,
        }
    }

    /// `gen` and every square reached from one of its squares by steps in direction `d` over
    /// `empty` squares (an occluded fill): the squares of `gen` plus, for a set of flying kings,
    /// their quiet moves in that direction. Filled by doubling (Kogge-Stone), three shifts on the
    /// 8x8 boards and four on the 10x10 one, whose longest line has nine squares, rather than
    /// one shift per square.
    #[inline(always)]
    pub fn fill(&self, d: usize, gen: u64, empty: u64) -> u64 {
        let dir = &self.dirs[d];
        let sh = |bb: u64, k: i32| if dir.shift > 0 { bb << (dir.shift as i32 * k) } else { bb >> (-(dir.shift as i32) * k) };
        // The squares that may be entered: empty squares that are the true neighbour of the
        // square one shift back (on the padded layouts every shift off the board lands on no
        // square; on the orthogonal board the edge column that a sideways shift wraps onto is
        // left out).
        let mut pro = if dir.wraps { empty & dir.step(dir.from_mask) } else { empty };
        let mut gen = gen;
        gen |= pro & sh(gen, 1);
        pro &= sh(pro, 1);
        gen |= pro & sh(gen, 2);
        pro &= sh(pro, 2);
        gen |= pro & sh(gen, 4);
        if self.size > 8 {
            pro &= sh(pro, 4);
            gen |= pro & sh(gen, 8);
        }
        gen
    }

    /// What a flying piece on bit `from` sees in direction `d` (an index of [`Geometry::dirs`]):
    /// the `empty` squares before the first square that is not empty, and that first square as
    /// a single-bit set (0 when the line is free to the edge). One table look-up and one bit
    /// scan: the first blocker is the lowest bit of the line's blockers when the direction runs
    /// towards higher bits, the highest otherwise.
    #[inline(always)]
    pub fn line(&self, d: usize, from: u32, empty: u64) -> (u64, u64) {
        let ray = self.rays()[d][from as usize];
        let blockers = ray & !empty;
        if self.dirs[d].shift > 0 {
            let first = blockers & blockers.wrapping_neg();
            // `first - 1` is every bit below the blocker (all of them when there is none).
            (ray & first.wrapping_sub(1), first)
        } else {
            let lz = blockers.leading_zeros();
            // The blocker and every bit below it (none when there is no blocker).
            let below = u64::MAX.checked_shr(lz).unwrap_or(0);
            (ray & !below, (1u64 << 63).checked_shr(lz).unwrap_or(0))
        }
    }

    /// Squares per row in the bit layout (4 or 5 on diagonal boards, 8 on the orthogonal one).
    pub const fn per_row(&self) -> u32 {
        match self.kind {
            BoardKind::Diagonal => self.size as u32 / 2,
            BoardKind::Orthogonal => 8,
        }
    }

    /// Bit index of the `n`-th square (0-based, in row order from the top-left, as laid out
    /// internally), or `None` when `n` is out of range.
    pub const fn bit_of_index(&self, n: u32) -> Option<u32> {
        if n >= self.squares as u32 {
            return None;
        }
        Some(match self.kind {
            BoardKind::Diagonal => n + n / (2 * self.per_row()),
            BoardKind::Orthogonal => n,
        })
    }

    /// Inverse of [`Geometry::bit_of_index`].
    pub const fn index_of_bit(&self, bit: u32) -> u32 {
        match self.kind {
            BoardKind::Diagonal => {
                let w = self.per_row();
                bit - bit / (2 * w + 1)
            }
            BoardKind::Orthogonal => bit,
        }
    }

    /// The displayed (row, column) of a bit, both 0-based from the top-left with Light at the
    /// bottom (RULES.md section 5 adds 1 to each for its "(row, col)" coordinates).
    pub const fn row_col(&self, bit: u32) -> (u32, u32) {
        match self.kind {
            BoardKind::Orthogonal => (bit / 8, bit % 8),
            BoardKind::Diagonal => {
                let n = self.index_of_bit(bit);
                let w = self.per_row();
                let row = n / w;
                let k = n % w;
                // Standard layout: the top row starts on its second column (b8, b10).
                let col = if row.is_multiple_of(2) { 2 * k + 1 } else { 2 * k };
                let col = if self.mirrored { self.size as u32 - 1 - col } else { col };
                (row, col)
            }
        }
    }

    /// The bit at displayed (row, column), 0-based from the top-left, if it is a playable square.
    pub const fn bit_at(&self, row: u32, col: u32) -> Option<u32> {
        let size = self.size as u32;
        if row >= size || col >= size {
            return None;
        }
        match self.kind {
            BoardKind::Orthogonal => Some(row * 8 + col),
            BoardKind::Diagonal => {
                let col = if self.mirrored { size - 1 - col } else { col };
                // Playable squares: col odd on even rows, col even on odd rows.
                if (row + col).is_multiple_of(2) {
                    return None;
                }
                self.bit_of_index(row * self.per_row() + col / 2)
            }
        }
    }

    /// The bit of a PDN square number (1-based, RULES.md section 5). Diagonal boards only.
    pub const fn bit_of_number(&self, number: u32) -> Option<u32> {
        if number == 0 || !matches!(self.kind, BoardKind::Diagonal) {
            return None;
        }
        let n = number - 1;
        if n >= self.squares as u32 {
            return None;
        }
        let w = self.per_row();
        let (row, k) = (n / w, n % w);
        // PDN numbers run left to right as displayed; the internal layout of a turned board runs
        // right to left.
        let k = if self.mirrored { w - 1 - k } else { k };
        self.bit_of_index(row * w + k)
    }

    /// The PDN square number (1-based) of a bit on a diagonal board.
    pub const fn number_of_bit(&self, bit: u32) -> u32 {
        let n = self.index_of_bit(bit);
        let w = self.per_row();
        let (row, k) = (n / w, n % w);
        let k = if self.mirrored { w - 1 - k } else { k };
        row * w + k + 1
    }

    /// The far row of a side: the top row for Light, the bottom row for Dark (RULES.md section 1).
    #[inline(always)]
    pub const fn far_row(&self, light: bool) -> u64 {
        if light {
            self.top_row
        } else {
            self.bottom_row
        }
    }

    /// Forward directions of a side as a bit set over direction indices.
    #[inline(always)]
    pub const fn forward(&self, light: bool) -> u8 {
        if light {
            self.up
        } else {
            self.down
        }
    }

    /// Backward directions of a side.
    #[inline(always)]
    pub const fn backward(&self, light: bool) -> u8 {
        if light {
            self.down
        } else {
            self.up
        }
    }

    /// All bits of the `row`-th displayed row (0 = top).
    pub const fn row_mask(&self, row: u32) -> u64 {
        let mut m = 0u64;
        let mut col = 0;
        while col < self.size as u32 {
            if let Some(b) = self.bit_at(row, col) {
                m |= 1u64 << b;
            }
            col += 1;
        }
        m
    }

    /// The board turned 180 degrees round ([`HalfTurn`]).
    pub const fn half_turn(&self) -> HalfTurn {
        let mut to = [0u8; 64];
        let n = self.squares as u32;
        let mut i = 0;
        while i < n {
            if let (Some(a), Some(b)) = (self.bit_of_index(i), self.bit_of_index(n - 1 - i)) {
                to[a as usize] = b as u8;
            }
            i += 1;
        }
        HalfTurn { to }
    }
}

/// A board turned 180 degrees round: the `n`-th square in row order goes to the
/// `squares - 1 - n`-th (on the diagonal boards PDN square `n` to `squares + 1 - n`, on the
/// orthogonal board bit `b` to `63 - b`). It takes each side's home rows to the other's, so a
/// position with its colours reversed (each light piece a dark one on the turned square, the
/// other side to move) is the same position for the other side: what the endgame databases
/// store once and the pattern fit learns from twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HalfTurn {
    /// For each bit of a square, the bit of the square opposite (0 for bits that are no square).
    to: [u8; 64],
}

impl HalfTurn {
    /// The bit of the square opposite the square at `bit` (a square of the board).
    #[inline(always)]
    pub const fn square(&self, bit: u32) -> u32 {
        self.to[bit as usize & 63] as u32
    }

    /// The squares of `bb` turned round (`bb` holds squares of the board only).
    #[inline(always)]
    pub const fn set(&self, mut bb: u64) -> u64 {
        let mut out = 0;
        while bb != 0 {
            out |= 1u64 << self.to[bb.trailing_zeros() as usize];
            bb &= bb - 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_numbers_match_rules_section_5() {
        let g = Geometry::DIAGONAL_8;
        // square 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1
        for (num, row, col) in [(1, 0, 1), (4, 0, 7), (5, 1, 0), (29, 7, 0), (32, 7, 6)] {
            let b = g.bit_of_number(num).unwrap();
            assert_eq!(g.row_col(b), (row, col), "square {num}");
            assert_eq!(g.number_of_bit(b), num);
        }
        let g = Geometry::DIAGONAL_10;
        for (num, row, col) in [(1, 0, 1), (5, 0, 9), (6, 1, 0), (46, 9, 0), (50, 9, 8)] {
            let b = g.bit_of_number(num).unwrap();
            assert_eq!(g.row_col(b), (row, col), "square {num}");
            assert_eq!(g.number_of_bit(b), num);
        }
        let g = Geometry::DIAGONAL_8_TURNED;
        // italian: 1 = a8, 4 = g8, 5 = b7, 29 = b1, 32 = h1
        for (num, row, col) in [(1, 0, 0), (4, 0, 6), (5, 1, 1), (29, 7, 1), (32, 7, 7)] {
            let b = g.bit_of_number(num).unwrap();
            assert_eq!(g.row_col(b), (row, col), "square {num}");
            assert_eq!(g.number_of_bit(b), num);
        }
    }

    /// The half turn maps PDN square `n` to `squares + 1 - n` on the diagonal boards (the
    /// corner squares of RULES.md section 5 to each other) and bit `b` to `63 - b` on the
    /// orthogonal one, and turning twice gives the board back.
    #[test]
    fn a_half_turn_takes_each_square_to_the_one_opposite() {
        for g in [Geometry::DIAGONAL_8, Geometry::DIAGONAL_8_TURNED, Geometry::DIAGONAL_10] {
            let t = g.half_turn();
            for num in 1..=g.squares as u32 {
                let b = g.bit_of_number(num).unwrap();
                assert_eq!(g.number_of_bit(t.square(b)), g.squares as u32 + 1 - num, "square {num}");
                let (row, col) = g.row_col(b);
                assert_eq!(g.row_col(t.square(b)), (g.size as u32 - 1 - row, g.size as u32 - 1 - col), "square {num}");
            }
            assert_eq!(t.set(g.board), g.board);
            assert_eq!(t.set(t.set(0x0123_4567_89ab_cdef & g.board)), 0x0123_4567_89ab_cdef & g.board);
        }
        let t = Geometry::ORTHOGONAL_8.half_turn();
        for b in 0..64 {
            assert_eq!(t.square(b), 63 - b);
        }
        assert_eq!(t.set(0xff), 0xff << 56);
    }

    /// [`Direction::step_into`] relies on this: without the edge mask, a step from any square
    /// lands either on its true neighbour or on no square at all.
    #[test]
    fn unmasked_steps_never_land_on_a_wrong_square() {
        for g in [Geometry::DIAGONAL_8, Geometry::DIAGONAL_8_TURNED, Geometry::DIAGONAL_10, Geometry::ORTHOGONAL_8] {
            for d in &g.dirs {
                for bit in 0..64u32 {
                    if g.board & (1 << bit) == 0 {
                        continue;
                    }
                    assert_eq!(d.step_into(1 << bit) & g.board, d.step(1 << bit), "bit {bit} shift {}", d.shift);
                }
            }
        }
    }

    /// [`Geometry::line`] and [`Geometry::fill`] against a walk square by square, on every square
    /// and direction, with blockers from a fixed pseudo-random sequence.
    #[test]
    fn lines_and_fills_match_a_walk_step_by_step() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for g in [Geometry::DIAGONAL_8, Geometry::DIAGONAL_8_TURNED, Geometry::DIAGONAL_10, Geometry::ORTHOGONAL_8] {
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let empty = g.board & (x | x.rotate_left(23));
                for bit in 0..64u32 {
                    if g.board & (1 << bit) == 0 {
                        continue;
                    }
                    for (d, dir) in g.dirs.iter().enumerate() {
                        let (mut free, mut sq) = (0u64, dir.step(1 << bit));
                        while sq & empty != 0 {
                            free |= sq;
                            sq = dir.step(sq);
                        }
                        assert_eq!(g.line(d, bit, empty), (free, sq), "bit {bit} direction {d}");
                        assert_eq!(g.fill(d, 1 << bit, empty), free | 1 << bit, "fill: bit {bit} direction {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        for g in [Geometry::DIAGONAL_8, Geometry::DIAGONAL_8_TURNED, Geometry::DIAGONAL_10, Geometry::ORTHOGONAL_8] {
            for bit in 0..64u32 {
                if g.board & (1 << bit) == 0 {
                    continue;
                }
                let (r, c) = g.row_col(bit);
                assert_eq!(g.bit_at(r, c), Some(bit));
                for (i, d) in g.dirs.iter().enumerate() {
                    let t = d.step(1 << bit);
                    if t == 0 {
                        continue;
                    }
                    assert_eq!(t & !g.board, 0);
                    let (tr, tc) = g.row_col(t.trailing_zeros());
                    let dr = tr as i32 - r as i32;
                    let dc = tc as i32 - c as i32;
                    match g.kind {
                        BoardKind::Diagonal => assert!(dr.abs() == 1 && dc.abs() == 1, "dir {i}"),
                        BoardKind::Orthogonal => assert_eq!(dr.abs() + dc.abs(), 1),
                    }
                    if g.up & (1 << i) != 0 {
                        assert_eq!(dr, -1);
                    }
                }
            }
        }
    }
}
