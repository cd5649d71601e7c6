//! Move text (RULES.md section 8): the origin, then each landing square, joined by `-` for a
//! quiet move and `x` for a capture (`32x23x14`). This file writes it and lexes it; which legal
//! move a text names is [`crate::resolve`]'s work. On input `:` and `×` are read as `x`, a capture
//! may be written with `-` (some records do), spaces are ignored, and landing squares may be left
//! out when exactly one legal move still matches (`32x14`).

use super::{square, ParseError};
use crate::moves::Move;
use crate::position::Position;
use crate::resolve::{self, MoveQuery};
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

/// A lexed move text: its squares (bit indices, origin first) and whether a capture mark
/// (`x`, `:`, `×`) joined any two of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lexed {
    /// Origin, the landing squares written, destination.
    pub squares: Vec<u32>,
    /// True when the text wrote a capture separator.
    pub capture_mark: bool,
}

/// Lexes a move text. Errors name the offending token and its character offset.
pub fn lex(variant: Variant, text: &str) -> Result<Lexed, ParseError> {
    read_squares(variant, text).map_err(|e| e.bytes_to_chars(text))
}

/// Reads the squares of a move text (bit indices), as [`lex`].
pub fn squares(variant: Variant, text: &str) -> Result<Vec<u32>, ParseError> {
    lex(variant, text).map(|l| l.squares)
}

fn is_separator(c: char) -> bool {
    // An 'x' can't start a square name on any of our boards (files end at j).
    matches!(c, '-' | 'x' | 'X' | ':' | '×')
}

fn read_squares(variant: Variant, text: &str) -> Result<Lexed, ParseError> {
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
    let mut capture_mark = false;
    let mut want_square = true;
    for &(off, tok) in &tokens {
        let sep = tok.chars().next().is_some_and(is_separator) && tok.chars().count() == 1;
        match (want_square, sep) {
            (true, false) => {
                out.push(square::parse(variant, tok).map_err(|r| ParseError::new(WHAT, tok, off, r))?);
                want_square = false;
            }
            (false, true) => {
                capture_mark |= tok != "-";
                want_square = true;
            }
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
    Ok(Lexed { squares: out, capture_mark })
}

/// Reads a move of `pos`: full path or any shortening that names exactly one legal move
/// ([`crate::resolve::find`] with [`MoveQuery::Text`]).
///
/// Errors: a malformed square or separator (with its offset); "illegal move" when no legal move
/// matches (the legal moves are listed) or a quiet move is written with `x`; "ambiguous: ..."
/// listing the full paths when several match.
pub fn parse(pos: &Position, text: &str) -> Result<Move, ParseError> {
    resolve::find(pos, MoveQuery::Text(text)).map_err(|e| e.into_parse_error(text))
}
