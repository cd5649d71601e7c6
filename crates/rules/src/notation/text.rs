//! Guide 000's position text (RULES.md section 6):
//! `Light c3; Light g3; Dark d4; Dark b8. Light to move.`, kings as `Light king e5`.
//!
//! Input is forgiving: any case, extra spaces, `;` `,` or new lines between pieces, PDN numbers
//! instead of algebraic names on diagonal boards, and the closing "X to move." may be left out (the
//! variant's first mover then moves). Output is canonical: Light's pieces then Dark's, each side
//! from rank 1 upwards and from file a rightwards.

use super::{square, ParseError};
use crate::square::Square;
use crate::variant::Variant;
use crate::{Color, Position};

const WHAT: &str = "position text";

/// Reads guide 000's position text for `variant`. Errors name the offending token and its
/// character offset.
pub fn parse(variant: Variant, text: &str) -> Result<Position, ParseError> {
    read(variant, text).map_err(|e| e.bytes_to_chars(text))
}

fn read(variant: Variant, text: &str) -> Result<Position, ParseError> {
    let mut sides = [0u64; 2];
    let mut kings = 0u64;
    let mut side = None;
    let mut any = false;
    // Split into clauses on ; , . and new lines, keeping offsets.
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut clauses = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if matches!(b, b';' | b',' | b'.' | b'\n' | b'\r') {
            clauses.push((start, &text[start..i]));
            start = i + 1;
        }
    }
    clauses.push((start, &text[start..]));
    for (off, clause) in clauses {
        let words: Vec<&str> = clause.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let coff = off + (clause.len() - clause.trim_start().len());
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let color = match lower[0].as_str() {
            "light" | "white" => Color::Light,
            "dark" | "black" => Color::Dark,
            _ => {
                return Err(ParseError::new(WHAT, words[0], coff, "expected Light or Dark, e.g. \"Light c3\" or \"Dark to move\""))
            }
        };
        if lower.len() == 3 && lower[1] == "to" && lower[2] == "move" {
            if side.is_some() {
                return Err(ParseError::new(WHAT, clause.trim(), coff, "side to move given twice"));
            }
            side = Some(color);
            continue;
        }
        if side.is_some() {
            return Err(ParseError::new(WHAT, clause.trim(), coff, "pieces must come before \"... to move\""));
        }
        let (king, sq_word) = match lower.len() {
            2 => (false, 1),
            3 if lower[1] == "king" || lower[1] == "k" => (true, 2),
            3 if lower[1] == "man" => (false, 2),
            _ => return Err(ParseError::new(WHAT, clause.trim(), coff, "expected \"Light c3\", \"Light king e5\" or \"Light to move\"")),
        };
        let wpos = clause.find(words[sq_word]).map(|p| off + p).unwrap_or(coff);
        let b = square::parse(variant, words[sq_word]).map_err(|r| ParseError::new(WHAT, words[sq_word], wpos, r))?.mask();
        if (sides[0] | sides[1]) & b != 0 {
            return Err(ParseError::new(WHAT, words[sq_word], wpos, "two pieces on one square"));
        }
        sides[color.index()] |= b;
        if king {
            kings |= b;
        }
        any = true;
    }
    if !any && side.is_none() {
        return Err(ParseError::new(WHAT, "", 0, "no pieces given; expected e.g. \"Light c3; Dark d4. Light to move.\""));
    }
    let side = side.unwrap_or(variant.rules().first_mover);
    Position::new(variant, sides[0], sides[1], kings, side).map_err(|e| ParseError::new(WHAT, text.trim(), 0, e.to_string()))
}

/// Writes the canonical position text.
pub fn write(pos: &Position) -> String {
    let v = pos.variant();
    let g = v.geometry();
    let mut parts = Vec::new();
    for color in [Color::Light, Color::Dark] {
        let mut list: Vec<(u32, u32, u32)> = crate::bitboard::bits(pos.pieces(color))
            .map(|b| {
                let (r, c) = g.row_col(b);
                (g.size as u32 - r, c, b)
            })
            .collect();
        list.sort();
        for (_, _, b) in list {
            let king = pos.all_kings() & (1u64 << b) != 0;
            let name = square::algebraic(v, Square::from_bit(b));
            parts.push(if king { format!("{color} king {name}") } else { format!("{color} {name}") });
        }
    }
    if parts.is_empty() {
        return format!("{} to move.", pos.side_to_move());
    }
    format!("{}. {} to move.", parts.join("; "), pos.side_to_move())
}
