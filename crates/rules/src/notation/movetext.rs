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

/// Reads the squares of a move text (bit indices). Errors name the offending token and its
/// character offset.
pub fn squares(variant: Variant, text: &str) -> Result<Vec<u32>, ParseError> {
    read_squares(variant, text).map_err(|e| e.bytes_to_chars(text))
}

fn is_separator(c: char) -> bool {
    // An 'x' can't start a square name on any of our boards (files end at j).
    matches!(c, '-' | 'x' | 'X' | ':' | '×')
}

fn read_squares(variant: Variant, text: &str) -> Result<Vec<u32>, ParseError> {
    let trimmed = text.trim();
    let lead = text.len() - text.trim_start().len();
    // Tokens: square names and separators, with their byte offsets; spaces only separate.
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if c.is_ascii_alphanumeric() && !is_separator(c) {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            tokens.push((s, &text[s..i]));
        }
        if is_separator(c) {
            tokens.push((i, &text[i..i + c.len_utf8()]));
        } else if !c.is_whitespace() {
            return Err(ParseError::new(WHAT, &c.to_string(), i, "unexpected character in a move"));
        }
    }
    if let Some(s) = start {
        tokens.push((s, &text[s..]));
    }
    let mut out = Vec::new();
    let mut want_square = true;
    for &(off, tok) in &tokens {
        let sep = tok.chars().next().is_some_and(is_separator) && tok.chars().count() == 1;
        match (want_square, sep) {
            (true, false) => {
                out.push(square::parse(variant, tok).map_err(|r| ParseError::new(WHAT, tok, off, r))?);
                want_square = false;
            }
            (false, true) => want_square = true,
            (true, true) if out.is_empty() => return Err(ParseError::new(WHAT, tok, off, "a move starts with a square")),
            (true, true) => return Err(ParseError::new(WHAT, tok, off, "two separators in a row")),
            (false, false) => return Err(ParseError::new(WHAT, tok, off, "squares must be joined by - or x")),
        }
    }
    if out.len() < 2 {
        return Err(ParseError::new(WHAT, trimmed, lead, "a move needs at least two squares, like 11-15 or 32x23x14"));
    }
    if want_square && !out.is_empty() {
        let (off, tok) = *tokens.last().expect("a separator");
        return Err(ParseError::new(WHAT, tok, off, "the move ends with a separator"));
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
    // A route written out in full names that move, even if it also shortens a longer one.
    let exact: Vec<Move> = found
        .iter()
        .filter(|m| m.landings().iter().map(|&l| l as u32).eq(squares[1..].iter().copied()))
        .copied()
        .collect();
    if !exact.is_empty() && exact.len() < found.len() {
        return exact;
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
    let lead = text.chars().count() - text.trim_start().chars().count();
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
            Err(ParseError::new(WHAT, text.trim(), lead, reason))
        }
        _ => {
            let paths: Vec<String> = found.iter().map(|m| write(v, m)).collect();
            Err(ParseError::new(WHAT, text.trim(), lead, format!("ambiguous: {}", paths.join(" or "))))
        }
    }
}
