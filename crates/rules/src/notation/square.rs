//! Square names (RULES.md section 5): PDN numbers, algebraic names and 1-based (row, col).

use crate::geometry::BoardKind;
use crate::square::Square;
use crate::variant::{SquareNotation, Variant};

/// The algebraic name of a square: files from `a` on the left, ranks from 1 at the bottom, as
/// seen with Light at the bottom (`c3`, `j10`).
pub fn algebraic(variant: Variant, square: Square) -> String {
    let g = variant.geometry();
    let (row, col) = g.row_col(square.bit());
    let file = (b'a' + col as u8) as char;
    format!("{}{}", file, g.size as u32 - row)
}

/// The 1-based (row, col) of a square counted from the top-left (guide 001, RULES.md section 5).
pub fn row_col(variant: Variant, square: Square) -> (u32, u32) {
    let (r, c) = variant.geometry().row_col(square.bit());
    (r + 1, c + 1)
}

/// The square at 1-based (row, col) counted from the top-left, if it is a playable square.
pub fn from_row_col(variant: Variant, row: u32, col: u32) -> Option<Square> {
    if row == 0 || col == 0 {
        return None;
    }
    variant.geometry().bit_at(row - 1, col - 1).map(Square::from_bit)
}

/// The PDN square number of a square, on diagonal boards (`None` on the Turkish board).
pub fn number(variant: Variant, square: Square) -> Option<u32> {
    let g = variant.geometry();
    match g.kind {
        BoardKind::Diagonal => Some(g.number_of_bit(square.bit())),
        BoardKind::Orthogonal => None,
    }
}

/// The name of a square in the variant's own notation (PDN numbers or algebraic).
pub fn name(variant: Variant, square: Square) -> String {
    match variant.rules().notation {
        SquareNotation::Numeric => variant.geometry().number_of_bit(square.bit()).to_string(),
        SquareNotation::Algebraic => algebraic(variant, square),
    }
}

/// Reads a square name: a PDN number (diagonal boards; leading zeros allowed) or an algebraic name
/// (any board, case-insensitive). Returns the square, or a reason in words.
pub fn parse(variant: Variant, s: &str) -> Result<Square, String> {
    let g = variant.geometry();
    let t = s.trim();
    if t.is_empty() {
        return Err("empty square".into());
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        if g.kind == BoardKind::Orthogonal {
            return Err(format!("square numbers are not used on the {} board; use a1..h8", variant));
        }
        let n: u32 = t.parse().map_err(|_| format!("square number {t} is too large"))?;
        return g
            .bit_of_number(n)
            .map(Square::from_bit)
            .ok_or_else(|| format!("square number {n} is not on the board (1..{})", g.squares));
    }
    let lower = t.to_ascii_lowercase();
    let mut chars = lower.chars();
    let file = chars.next().unwrap_or(' ');
    let rank = chars.as_str();
    if !file.is_ascii_lowercase() || rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{t:?} is not a square name"));
    }
    let col = file as u32 - 'a' as u32;
    let rank: u32 = rank.parse().map_err(|_| format!("{t:?} is not a square name"))?;
    let size = g.size as u32;
    if col >= size || rank == 0 || rank > size {
        return Err(format!("{t} is off the {size}x{size} board"));
    }
    g.bit_at(size - rank, col).map(Square::from_bit).ok_or_else(|| format!("{t} is a light square, not playable in {variant}"))
}
