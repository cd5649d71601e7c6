//! Board tables of one variant (centre, long diagonal, rays), computed once.

use super::*;

/// Board tables of one variant, computed once (the per-side ones are constants of `Spec`).
pub(crate) struct Tables {
    pub g: Geometry,
    pub centre: u64,
    pub long_diagonal: u64,
    /// The two squares of each double corner (diagonal boards; the corners whose corner square
    /// is not playable).
    pub double_corners: u64,
    pub left: u64,
    pub right: u64,
    /// (row, column) of each bit, for distances.
    pub coords: [(i8, i8); 64],
    /// Pieces of one side at the start (for the phase).
    pub start_pieces: i32,
    /// The phase for each number of pieces on the board: `pieces * PHASE_MAX / start pieces`,
    /// clamped (a table: a division per evaluation is measurable).
    pub phase: [i32; 65],
}

impl Tables {
    fn new(v: Variant) -> Tables {
        let r = v.rules();
        let g = r.geometry;
        let size = g.size as u32;
        let mut coords = [(0i8, 0i8); 64];
        let (mut centre, mut long_diagonal, mut left, mut right) = (0u64, 0u64, 0u64, 0u64);
        let (lo, hi) = if size == 10 { (3, 6) } else { (2, 5) };
        for bit in 0..64u32 {
            if g.board & (1u64 << bit) == 0 {
                continue;
            }
            let (row, col) = g.row_col(bit);
            coords[bit as usize] = (row as i8, col as i8);
            let b = 1u64 << bit;
            if (lo..=hi).contains(&row) && (2..=size - 3).contains(&col) {
                centre |= b;
            }
            let diag_col = if g.mirrored { col } else { size - 1 - col };
            if g.kind == BoardKind::Diagonal && row == diag_col {
                long_diagonal |= b;
            }
            if col < size / 2 {
                left |= b;
            } else {
                right |= b;
            }
        }
        let mut double_corners = 0u64;
        if g.kind == BoardKind::Diagonal {
            let last = size - 1;
            for (r, c, dr, dc) in [(0, 0, 1i32, 1i32), (0, last, 1, -1), (last, 0, -1, 1), (last, last, -1, -1)] {
                if g.bit_at(r, c).is_none() {
                    for (rr, cc) in [(r as i32 + dr, c as i32), (r as i32, c as i32 + dc)] {
                        if let Some(b) = g.bit_at(rr as u32, cc as u32) {
                            double_corners |= 1u64 << b;
                        }
                    }
                }
            }
        }
        let start_pieces = Position::start(v).pieces(Color::Light).count_ones() as i32;
        let mut phase = [0; 65];
        for (n, p) in phase.iter_mut().enumerate() {
            *p = (n as i32 * PHASE_MAX / (2 * start_pieces)).clamp(0, PHASE_MAX);
        }
        Tables {
            phase,
            g,
            centre,
            long_diagonal,
            double_corners,
            left,
            right,
            coords,
            start_pieces,
        }
    }

    pub fn get(v: Variant) -> &'static Tables {
        static T: OnceLock<Vec<Tables>> = OnceLock::new();
        let all = T.get_or_init(|| Variant::ALL.iter().map(|v| Tables::new(*v)).collect());
        // `Variant::ALL` lists the variants in declaration order.
        &all[v as usize]
    }
}

/// Squares reached by sliding from `from` in direction `d` over `empty` squares (not including
/// `from`); with `flying` false, one step only.
#[inline(always)]
pub(super) fn ray(g: &Geometry, d: usize, from: u64, empty: u64, flying: bool) -> u64 {
    let dir = &g.dirs[d];
    let mut r = dir.step(from) & empty;
    if !flying {
        return r;
    }
    let mut acc = r;
    while r != 0 {
        r = dir.step(r) & empty;
        acc |= r;
    }
    acc
}
