//! FEN in the PDN style (RULES.md section 6): `W:W21,22,K30:B1-12`.
//!
//! Side to move, then one field per side listing its squares; `K` before a king; ranges `a-b` of
//! PDN numbers allowed; a trailing `.` and spaces are tolerated. Squares are PDN numbers on the
//! numeric variants and algebraic names on Russian, Turkish and Brazilian; both are read on any
//! diagonal board (legacy numeric FEN in Russian files).

use super::{square, ParseError};
use crate::variant::{SquareNotation, Variant};
use crate::{Color, Position};

const WHAT: &str = "FEN";

/// Reads a FEN for `variant`. Errors name the offending token and its character offset.
pub fn parse(variant: Variant, fen: &str) -> Result<Position, ParseError> {
    read(variant, fen).map_err(|e| e.bytes_to_chars(fen))
}

fn read(variant: Variant, fen: &str) -> Result<Position, ParseError> {
    let trimmed_end = fen.trim_end().trim_end_matches('.');
    // A FEN may be quoted when pasted from a PDN tag.
    let body = trimmed_end.trim_start().trim_start_matches('"').trim_end_matches('"');
    let base = fen.find(body).unwrap_or(0);
    if body.is_empty() {
        return Err(ParseError::new(WHAT, "", 0, "empty FEN; expected e.g. W:W21-32:B1-12"));
    }
    let mut side = None;
    let mut sides = [0u64; 2];
    let mut kings = 0u64;
    let mut seen = [false; 2];
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
            continue;
        }
        let color = match f.as_bytes()[0].to_ascii_uppercase() {
            b'W' => Color::Light,
            b'B' => Color::Dark,
            _ => return Err(ParseError::new(WHAT, f, foff, "a piece list must start with W or B")),
        };
        if seen[color.index()] {
            return Err(ParseError::new(WHAT, f, foff, format!("{color} listed twice")));
        }
        seen[color.index()] = true;
        let mut ioff = foff + 1;
        for item in f[1..].split(',') {
            let t = item.trim();
            let toff = ioff + (item.len() - item.trim_start().len());
            ioff += item.len() + 1;
            if t.is_empty() {
                continue;
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
    Position::new(variant, sides[0], sides[1], kings, side).map_err(|e| {
        let msg = match e {
            crate::SetupError::NotASquare(b) | crate::SetupError::BothSides(b) | crate::SetupError::KingOnEmpty(b) => {
                format!("{e} ({})", square::name(variant, b))
            }
            crate::SetupError::TooManyPieces { .. } => e.to_string(),
        };
        ParseError::new(WHAT, body, base, msg)
    })
}

/// One square or a range `a-b` of PDN numbers.
fn read_item(variant: Variant, s: &str) -> Result<u64, String> {
    if let Some((a, b)) = s.split_once('-') {
        let (a, b) = (a.trim(), b.trim());
        let g = variant.geometry();
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
    square::parse(variant, s).map(|b| 1u64 << b)
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
                    .map(|b| (square::algebraic(v, b), pos.all_kings() & (1u64 << b) != 0))
                    .collect();
                list.sort_by_key(|(s, _)| (s.as_bytes()[0], s[1..].parse::<u32>().unwrap_or(0)));
                items = list.into_iter().map(|(s, k)| if k { format!("K{s}") } else { s }).collect();
            }
        }
        out.push_str(&items.join(","));
    }
    out
}
