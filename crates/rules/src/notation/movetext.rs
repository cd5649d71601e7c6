//! Move text (RULES.md section 8): the origin, then each landing square, joined by `-` for a
//! quiet move and `x` for a capture (`32x23x14`). On input `:` is read as `x`, the separators may
//! be mixed up (some records write captures with `-`), spaces are ignored, and landing squares may
//! be left out when exactly one legal move still matches (`32x14`).

use super::{square, ParseError};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

const WHAT: &str = "move";

/// Writes a move with its full path in the variant's square names.
pub fn write(variant: Variant, mv: &Move) -> String {
    let sep = if mv.is_capture() { "x" } else { "-" };
    let mut s = square::name(variant, mv.from());
    for &l in mv.landings() {
        s.push_str(sep);
        s.push_str(&square::name(variant, l as u32));
    }
    s
}

/// Writes a move in the short origin-destination form (`32x14`).
pub fn write_short(variant: Variant, mv: &Move) -> String {
    let sep = if mv.is_capture() { "x" } else { "-" };
    format!("{}{}{}", square::name(variant, mv.from()), sep, square::name(variant, mv.to()))
}

/// Reads the squares of a move text, with their character offsets.
pub fn squares(variant: Variant, text: &str) -> Result<Vec<u32>, ParseError> {
    let mut out = Vec::new();
    let mut start = None;
    let mut seps = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let flush = |from: usize, to: usize, out: &mut Vec<u32>| -> Result<(), ParseError> {
        let tok = &text[from..to];
        let bit = square::parse(variant, tok).map_err(|r| ParseError::new(WHAT, tok, from, r))?;
        out.push(bit);
        Ok(())
    };
    for &(i, c) in &chars {
        match c {
            '-' | 'x' | 'X' | ':' | '×' => {
                // An 'x' can't start a square name on any of our boards (files end at j).
                if let Some(s) = start.take() {
                    flush(s, i, &mut out)?;
                } else if out.is_empty() {
                    return Err(ParseError::new(WHAT, &c.to_string(), i, "a move starts with a square"));
                } else if seps > 0 && out.len() == seps {
                    return Err(ParseError::new(WHAT, &c.to_string(), i, "two separators in a row"));
                }
                seps += 1;
            }
            c if c.is_whitespace() => {}
            c if c.is_ascii_alphanumeric() => {
                if start.is_none() {
                    if out.len() != seps {
                        return Err(ParseError::new(WHAT, &c.to_string(), i, "squares must be joined by - or x"));
                    }
                    start = Some(i);
                }
            }
            _ => return Err(ParseError::new(WHAT, &c.to_string(), i, "unexpected character in a move")),
        }
        // A space ends a square name too.
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                flush(s, i, &mut out)?;
            }
        }
    }
    if let Some(s) = start.take() {
        flush(s, text.len(), &mut out)?;
    }
    if out.len() < 2 {
        return Err(ParseError::new(WHAT, text.trim(), 0, "a move needs at least two squares, like 11-15 or 32x23x14"));
    }
    if out.len() != seps + 1 {
        return Err(ParseError::new(WHAT, text.trim(), text.len(), "the move ends with a separator"));
    }
    Ok(out)
}

/// The legal moves of `pos` whose route passes through `squares`: same origin and destination,
/// and the given intermediate squares among its landing squares, in order. Each route of a
/// move is considered (two routes of one move match once).
pub fn matching(pos: &Position, squares: &[u32]) -> Vec<Move> {
    let first = squares[0];
    let last = *squares.last().expect("at least two squares");
    let mids = &squares[1..squares.len() - 1];
    let mut found: Vec<Move> = Vec::new();
    for route in pos.legal_routes() {
        if route.from() != first || route.to() != last {
            continue;
        }
        let lands = &route.landings()[..route.hops as usize - 1];
        let mut it = lands.iter();
        if !mids.iter().all(|m| it.any(|&l| l as u32 == *m)) {
            continue;
        }
        // Prefer the route exactly as written, so the path shown is the one the player chose.
        if let Some(existing) = found.iter_mut().find(|m| m.same_as(&route)) {
            if route.hops as usize == squares.len() - 1 && existing.hops as usize != squares.len() - 1 {
                *existing = route;
            }
            continue;
        }
        found.push(route);
    }
    found
}

/// Reads a move of `pos`: full path or any shortening that names exactly one legal move.
///
/// Errors: a malformed square or separator (with its offset); "illegal move" when no legal move
/// matches (the legal moves are listed); "ambiguous: ..." listing the full paths when several do.
pub fn parse(pos: &Position, text: &str) -> Result<Move, ParseError> {
    let v = pos.variant();
    let sq = squares(v, text)?;
    let found = matching(pos, &sq);
    match found.len() {
        1 => Ok(found[0]),
        0 => {
            let legal: Vec<String> = pos.legal_moves().iter().map(|m| write(v, m)).collect();
            let reason = if legal.is_empty() {
                "illegal move: the side to move has no legal move".to_string()
            } else {
                format!("illegal move; legal moves are {}", legal.join(", "))
            };
            Err(ParseError::new(WHAT, text.trim(), 0, reason))
        }
        _ => {
            let paths: Vec<String> = found.iter().map(|m| write(v, m)).collect();
            Err(ParseError::new(WHAT, text.trim(), 0, format!("ambiguous: {}", paths.join(" or "))))
        }
    }
}
