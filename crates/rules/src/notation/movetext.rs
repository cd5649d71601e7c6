//! Move text (RULES.md section 8): the origin, then each landing square, joined by `-` for a
//! quiet move and `x` for a capture (`32x23x14`). This file writes it and lexes it; which legal
//! move a text names is [`crate::resolve`]'s work. On input `:` and `×` are read as `x`, a capture
//! may be written with `-` (some records do), spaces are ignored, and landing squares may be left
//! out when exactly one legal move still matches (`32x14`).

use super::{square, ParseError};
use crate::moves::Move;
use crate::position::Position;
use crate::resolve::{self, MoveQuery};
use crate::square::Square;
use crate::variant::Variant;
use std::fmt;

const WHAT: &str = "move";

/// Writes a move with its full path in the variant's square names.
pub fn write(variant: Variant, mv: &Move) -> String {
    let sep = if mv.is_capture() { "x" } else { "-" };
    let mut s = mv.from().name(variant);
    for l in mv.landings() {
        s.push_str(sep);
        s.push_str(&l.name(variant));
    }
    s
}

/// Writes a move in the short origin-destination form (`32x14`).
pub fn write_short(variant: Variant, mv: &Move) -> String {
    let sep = if mv.is_capture() { "x" } else { "-" };
    format!("{}{}{}", mv.from().name(variant), sep, mv.to().name(variant))
}

/// A lexed move text: its squares (origin first) and whether a capture mark
/// (`x`, `:`, `×`) joined any two of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lexed {
    /// Origin, the landing squares written, destination.
    pub squares: Vec<Square>,
    /// True when the text wrote a capture separator.
    pub capture_mark: bool,
}

/// Lexes a move text. Errors name the offending token and its character offset.
pub fn lex(variant: Variant, text: &str) -> Result<Lexed, ParseError> {
    read_squares(variant, text).map_err(|e| e.bytes_to_chars(text))
}

/// Reads the squares of a move text, as [`lex`].
pub fn squares(variant: Variant, text: &str) -> Result<Vec<Square>, ParseError> {
    lex(variant, text).map(|l| l.squares)
}

/// A square as a move text writes it, before a board gives it a place: what a PDN file holds
/// while its rule set is not yet known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareName {
    /// A square number (never 0).
    Number(u32),
    /// An algebraic square: `file` is 0-based (`a` = 0), `rank` is as written (>= 1).
    Algebraic {
        /// 0-based file (`a` = 0).
        file: u8,
        /// The rank as written (>= 1).
        rank: u32,
    },
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SquareName::Number(n) => write!(f, "{n}"),
            SquareName::Algebraic { file, rank } => write!(f, "{}{}", char::from(b'a'.wrapping_add(file)), rank),
        }
    }
}

/// A move text read without a board: its square names and whether a capture mark joined any two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// Origin, then every landing square written (two or more).
    pub squares: Vec<SquareName>,
    /// True if any separator was `x`, `X`, `:` or `×`. (Some sources, e.g. ACF text, write
    /// captures with `-`; those read as `false` here.)
    pub capture: bool,
}

/// Reads a move text as PDN files write it, without a board: spaces inside and trailing `!`/`?`
/// are ignored. `None` if it is not a move: fewer than two squares, an empty or unreadable
/// square, square 0 or rank 0, a number above `u32::MAX`, or numbers and algebraic names mixed.
pub fn names(text: &str) -> Option<Names> {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut squares = Vec::new();
    let capture = walk_names(cleaned.trim_end_matches(['!', '?']), |name| squares.push(name))?;
    Some(Names { squares, capture })
}

/// True if `text` (no spaces, no suffixes) is a move by [`names`]. Does not allocate: the PDN
/// lexer asks it of every move token.
pub(crate) fn is_move(text: &str) -> bool {
    walk_names(text, |_| ()).is_some()
}

/// Walks `text` by the move grammar, giving each square name to `each`; all names must be
/// numbers or all algebraic. Returns the capture mark.
fn walk_names(text: &str, mut each: impl FnMut(SquareName)) -> Option<bool> {
    let mut algebraic = None;
    walk(text, |_, token| {
        let name = square_name(token).ok_or(())?;
        let alg = matches!(name, SquareName::Algebraic { .. });
        if *algebraic.get_or_insert(alg) != alg {
            return Err(());
        }
        each(name);
        Ok(())
    })
    .ok()
}

/// A square name without a board: digits (not 0), or a file letter `a`..=`w` (not `x`, the
/// capture mark) and a rank (not 0).
fn square_name(token: &str) -> Option<SquareName> {
    let mut chars = token.chars();
    let first = chars.next()?;
    let rest = chars.as_str();
    if first.is_ascii_digit() {
        let n: u32 = token.bytes().all(|b| b.is_ascii_digit()).then(|| token.parse().ok())??;
        (n != 0).then_some(SquareName::Number(n))
    } else if is_file_letter(first) && !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
        let rank: u32 = rest.parse().ok()?;
        (rank != 0).then_some(SquareName::Algebraic { file: first as u8 - b'a', rank })
    } else {
        None
    }
}

/// Algebraic file letters: `a`..=`w` except `x`, which is the capture mark.
pub(crate) fn is_file_letter(c: char) -> bool {
    c.is_ascii_lowercase() && c != 'x' && c <= 'w'
}

fn is_separator(c: char) -> bool {
    // An 'x' can't start a square name on any of our boards (files end at j).
    matches!(c, '-' | 'x' | 'X' | ':' | '×')
}

/// Why a text does not have the shape of a move, found before any square is looked up.
enum Shape<E> {
    /// A character that is neither part of a square name, a separator nor a space.
    Character(usize, char),
    /// A separator where a square belongs; `first` when nothing came before it.
    Separator { offset: usize, token: char, first: bool },
    /// Two square names with no separator between them.
    NotJoined(usize),
    /// Fewer than two squares.
    TooShort,
    /// A separator at the end.
    Trailing(usize, char),
    /// The square callback refused a name.
    Square(E),
}

/// The move grammar, once for every reader: square names (runs of letters and digits) joined by
/// separators (`-` quiet, `x` `X` `:` `×` capture), at least two squares, spaces only between
/// tokens. Calls `square` with each name and its byte offset; returns whether a capture mark
/// was written. Allocates nothing.
fn walk<'a, E>(text: &'a str, mut square: impl FnMut(usize, &'a str) -> Result<(), E>) -> Result<bool, Shape<E>> {
    let mut capture_mark = false;
    let mut squares = 0usize;
    let mut want_square = true;
    let mut last_separator = None;
    let mut start: Option<usize> = None;
    let mut end_square = |s: usize, e: usize, want: &mut bool, count: &mut usize| -> Result<(), Shape<E>> {
        if !*want {
            return Err(Shape::NotJoined(s));
        }
        square(s, &text[s..e]).map_err(Shape::Square)?;
        *want = false;
        *count += 1;
        Ok(())
    };
    for (i, c) in text.char_indices() {
        if c.is_ascii_alphanumeric() && !is_separator(c) {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            end_square(s, i, &mut want_square, &mut squares)?;
        }
        if is_separator(c) {
            if want_square {
                return Err(Shape::Separator { offset: i, token: c, first: squares == 0 });
            }
            capture_mark |= c != '-';
            want_square = true;
            last_separator = Some((i, c));
        } else if !c.is_whitespace() {
            return Err(Shape::Character(i, c));
        }
    }
    if let Some(s) = start {
        end_square(s, text.len(), &mut want_square, &mut squares)?;
    }
    if squares < 2 {
        return Err(Shape::TooShort);
    }
    if want_square {
        let (i, c) = last_separator.expect("a separator");
        return Err(Shape::Trailing(i, c));
    }
    Ok(capture_mark)
}

fn read_squares(variant: Variant, text: &str) -> Result<Lexed, ParseError> {
    let mut squares = Vec::new();
    let walked = walk(text, |off, token| {
        squares.push(square::parse(variant, token).map_err(|r| ParseError::new(WHAT, token, off, r))?);
        Ok(())
    });
    let at = |offset: usize, c: char, reason: &str| ParseError::new(WHAT, &c.to_string(), offset, reason);
    match walked {
        Ok(capture_mark) => Ok(Lexed { squares, capture_mark }),
        Err(Shape::Square(e)) => Err(e),
        Err(Shape::Character(i, c)) => Err(at(i, c, "unexpected character in a move")),
        Err(Shape::Separator { offset, token, first: true }) => Err(at(offset, token, "a move starts with a square")),
        Err(Shape::Separator { offset, token, first: false }) => Err(at(offset, token, "two separators in a row")),
        Err(Shape::NotJoined(i)) => {
            let token = text[i..].split(|c: char| !c.is_ascii_alphanumeric() || is_separator(c)).next().unwrap_or("");
            Err(ParseError::new(WHAT, token, i, "squares must be joined by - or x"))
        }
        Err(Shape::TooShort) => {
            let lead = text.len() - text.trim_start().len();
            Err(ParseError::new(WHAT, text.trim(), lead, "a move needs at least two squares, like 11-15 or 32x23x14"))
        }
        Err(Shape::Trailing(i, c)) => Err(at(i, c, "the move ends with a separator")),
    }
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
