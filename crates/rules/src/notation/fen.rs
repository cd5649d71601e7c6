//! FEN in the PDN style (RULES.md section 6): `W:W21,22,K30:B1-12`.
//!
//! Side to move, then one field per side listing its squares; `K` before a king; ranges `a-b` of
//! PDN numbers allowed; a trailing `.` and spaces are tolerated, and so is a side listed with no
//! pieces (`W:W21:B`). Squares are PDN numbers on the numeric variants and algebraic names on
//! Russian, Turkish and Brazilian; both are read on any diagonal board (legacy numeric FEN in
//! Russian files).
//!
//! What other programs write around a FEN is accepted too: the whole PDN tag
//! (`[FEN "W:W21-32:B1-12"]`) or its quoted value, and trailing `H<n>` (half-move clock) and
//! `F<n>` (full-move number) fields (`W:W21-32:B1-12:H0:F1`). Those two fields are checked to be
//! numbers and then ignored: a [`Position`] holds the board and the side to move only, and our
//! draw counters start afresh from a set-up position.
//!
//! What would hide a mistake is refused, naming where: no piece list at all (`W`), an empty
//! field (`W:`, `W:W1::B2`), an empty list item (`W:W1,,2:B3`, `W:W1,:B3`).

use super::{square, ParseError};
use crate::square::Square;
use crate::variant::{SquareNotation, Variant};
use crate::{BoardKind, Color, Position};

const WHAT: &str = "FEN";

/// Reads a FEN for `variant`. Errors name the offending token and its character offset.
pub fn parse(variant: Variant, fen: &str) -> Result<Position, ParseError> {
    read(variant, fen).map_err(|e| e.bytes_to_chars(fen))
}

fn read(variant: Variant, fen: &str) -> Result<Position, ParseError> {
    // A FEN may be quoted when pasted from a PDN tag; the final `.` may be inside the quotes.
    let body = unwrap_tag(fen)?.trim().trim_start_matches('"').trim_end_matches('"');
    let body = body.trim_end().trim_end_matches('.');
    // `body` is a slice of `fen`: its byte offset there.
    let base = body.as_ptr() as usize - fen.as_ptr() as usize;
    if body.trim().is_empty() {
        return Err(ParseError::new(WHAT, "", 0, "empty FEN; expected e.g. W:W21-32:B1-12"));
    }
    let mut side = None;
    let mut sides = [0u64; 2];
    let mut kings = 0u64;
    let mut seen = [false; 2];
    let mut counters = [false; 2];
    let mut offset = base;
    for (i, field) in body.split(':').enumerate() {
        let f = field.trim();
        let foff = offset + (field.len() - field.trim_start().len());
        offset += field.len() + 1;
        if i == 0 {
            side = Some(match f.to_ascii_uppercase().as_str() {
                "W" => Color::Light,
                "B" => Color::Dark,
                _ => return Err(ParseError::new(WHAT, f, foff, "side to move must be W or B")),
            });
            continue;
        }
        if f.is_empty() {
            // `W:` or `W:W1::B2`: a list left out, or a stray colon; either way not what was meant.
            return Err(ParseError::new(WHAT, "", foff, "empty field: expected a piece list like W21,22 or B1-12"));
        }
        let first = f.as_bytes()[0].to_ascii_uppercase();
        if first == b'H' || first == b'F' {
            // The half-move clock and full-move number other programs add: read, then ignored.
            let k = usize::from(first == b'F');
            if counters[k] {
                return Err(ParseError::new(WHAT, f, foff, "move counter given twice"));
            }
            counters[k] = true;
            if !is_number(f[1..].trim()) {
                let what = if k == 0 { "half-move clock H" } else { "move number F" };
                return Err(ParseError::new(WHAT, f, foff, format!("the {what} must be followed by a number, like H0 or F1")));
            }
            continue;
        }
        if counters.iter().any(|&c| c) {
            return Err(ParseError::new(WHAT, f, foff, "piece lists must come before the H and F fields"));
        }
        let color = match first {
            b'W' => Color::Light,
            b'B' => Color::Dark,
            _ => return Err(ParseError::new(WHAT, f, foff, "a piece list must start with W or B")),
        };
        if seen[color.index()] {
            return Err(ParseError::new(WHAT, f, foff, format!("{color} listed twice")));
        }
        seen[color.index()] = true;
        let list = &f[1..];
        if list.trim().is_empty() {
            // `W:W21:B`: the side has no pieces.
            continue;
        }
        let mut ioff = foff + 1;
        for item in list.split(',') {
            let t = item.trim();
            let toff = ioff + (item.len() - item.trim_start().len());
            ioff += item.len() + 1;
            if t.is_empty() {
                return Err(ParseError::new(WHAT, "", toff, format!("empty item in {color}'s list (two commas, or a comma at an end)")));
            }
            let (king, sq) = match t.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest.trim()),
                None => (false, t),
            };
            let bits = read_item(variant, sq).map_err(|r| ParseError::new(WHAT, t, toff, r))?;
            if (sides[0] | sides[1]) & bits != 0 {
                return Err(ParseError::new(WHAT, t, toff, "square listed twice"));
            }
            sides[color.index()] |= bits;
            if king {
                kings |= bits;
            }
        }
    }
    let side = side.ok_or_else(|| ParseError::new(WHAT, body, base, "missing side to move"))?;
    if !seen.iter().any(|&s| s) {
        let end = base + body.len();
        return Err(ParseError::new(WHAT, "", end, "no piece list after the side to move; expected e.g. W:W21-32:B1-12"));
    }
    Position::new(variant, sides[0], sides[1], kings, side).map_err(|e| {
        let msg = match e {
            crate::SetupError::NotASquare(b) | crate::SetupError::BothSides(b) | crate::SetupError::KingOnEmpty(b) => {
                format!("{e} ({})", Square::from_bit(b).name(variant))
            }
            crate::SetupError::TooManyPieces { .. } => e.to_string(),
        };
        ParseError::new(WHAT, body, base, msg)
    })
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The FEN inside a pasted PDN tag (`[FEN "W:W21:B1"]`, any case, spaces allowed), or the text
/// itself when it is not a tag. Errors: a tag of another name, or one without its `]`.
fn unwrap_tag(fen: &str) -> Result<&str, ParseError> {
    let t = fen.trim();
    let Some(inner) = t.strip_prefix('[') else { return Ok(fen) };
    let at = fen.len() - fen.trim_start().len();
    let Some(inner) = inner.strip_suffix(']') else {
        return Err(ParseError::new(WHAT, t, at, "a [FEN \"...\"] tag must end with ]"));
    };
    let name_len = inner.trim_start().find(|c: char| c.is_whitespace() || c == '"').unwrap_or(inner.trim_start().len());
    let name = &inner.trim_start()[..name_len];
    if !name.eq_ignore_ascii_case("FEN") {
        return Err(ParseError::new(WHAT, name, at + 1 + (inner.len() - inner.trim_start().len()), "expected a FEN, or a [FEN \"...\"] tag"));
    }
    Ok(&inner.trim_start()[name_len..])
}

/// One square or a range `a-b` of PDN numbers.
fn read_item(variant: Variant, s: &str) -> Result<u64, String> {
    if let Some((a, b)) = s.split_once('-') {
        let (a, b) = (a.trim(), b.trim());
        let g = variant.geometry();
        if g.kind == BoardKind::Orthogonal {
            return Err(format!("square numbers and ranges are not used on the {variant} board; list squares a1..h8"));
        }
        let (na, nb): (u32, u32) = match (a.parse(), b.parse()) {
            (Ok(x), Ok(y)) => (x, y),
            _ => return Err("a range must join two square numbers, like 1-12".into()),
        };
        if na > nb {
            return Err(format!("range {na}-{nb} runs backwards"));
        }
        let mut bits = 0;
        for n in na..=nb {
            let bit = g.bit_of_number(n).ok_or_else(|| format!("square number {n} is not on the board (1..{})", g.squares))?;
            bits |= 1u64 << bit;
        }
        return Ok(bits);
    }
    square::parse(variant, s).map(Square::mask)
}

/// Writes the FEN of a position: `W:W21-32:B1-12`, kings as `K30`, runs of three or more
/// consecutive numbered men as ranges, squares in the variant's notation.
pub fn write(pos: &Position) -> String {
    let v = pos.variant();
    let mut out = String::new();
    out.push(pos.side_to_move().fen_letter());
    for color in [Color::Light, Color::Dark] {
        out.push(':');
        out.push(color.fen_letter());
        let mut items: Vec<String> = Vec::new();
        match v.rules().notation {
            SquareNotation::Numeric => {
                let g = v.geometry();
                let mut list: Vec<(u32, bool)> = crate::bitboard::bits(pos.pieces(color))
                    .map(|b| (g.number_of_bit(b), pos.all_kings() & (1u64 << b) != 0))
                    .collect();
                list.sort();
                let mut i = 0;
                while i < list.len() {
                    let (n, king) = list[i];
                    if king {
                        items.push(format!("K{n}"));
                        i += 1;
                        continue;
                    }
                    let mut j = i;
                    while j + 1 < list.len() && !list[j + 1].1 && list[j + 1].0 == list[j].0 + 1 {
                        j += 1;
                    }
                    if j >= i + 2 {
                        items.push(format!("{}-{}", n, list[j].0));
                    } else {
                        for (m, _) in &list[i..=j] {
                            items.push(m.to_string());
                        }
                    }
                    i = j + 1;
                }
            }
            SquareNotation::Algebraic => {
                let mut list: Vec<(String, bool)> = crate::bitboard::bits(pos.pieces(color))
                    .map(|b| (square::algebraic(v, Square::from_bit(b)), pos.all_kings() & (1u64 << b) != 0))
                    .collect();
                list.sort_by_key(|(s, _)| (s.as_bytes()[0], s[1..].parse::<u32>().unwrap_or(0)));
                items = list.into_iter().map(|(s, k)| if k { format!("K{s}") } else { s }).collect();
            }
        }
        out.push_str(&items.join(","));
    }
    out
}
