//! Notation: square names, move text, FEN, guide 000's position text, PDN (RULES.md sections 5, 6
//! and 8), the ACF archive's line format and the board CSV of Turkish engine games. Readers return errors that name the offending token and where it is; they never
//! panic.

pub mod acf;
pub mod board_csv;
pub mod fen;
pub mod movetext;
pub mod pdn;
pub mod square;
pub mod text;

use std::fmt;

/// Why a line-based text (the ACF archive's lines, a board CSV) did not read: the 1-based line
/// and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based line of the text.
    pub line: usize,
    /// What is wrong, in words (the ply and move when a move is at fault).
    pub reason: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for LineError {}

/// An error reading text: what was wrong, the token, and its character offset in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What kind of text was being read ("FEN", "position text", "move", "square").
    pub what: &'static str,
    /// The offending token (may be empty at the end of the input).
    pub token: String,
    /// 0-based character offset of the token in the input.
    pub offset: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl ParseError {
    pub(crate) fn new(what: &'static str, token: &str, offset: usize, reason: impl Into<String>) -> ParseError {
        ParseError { what, token: token.to_string(), offset, reason: reason.into() }
    }

    /// Readers locate tokens by byte; the offset promised to users counts characters.
    pub(crate) fn bytes_to_chars(mut self, input: &str) -> ParseError {
        self.offset = input.char_indices().take_while(|(i, _)| *i < self.offset).count();
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "bad {} at character {}: {}", self.what, self.offset + 1, self.reason)
        } else {
            write!(f, "bad {} at character {} ({:?}): {}", self.what, self.offset + 1, self.token, self.reason)
        }
    }
}

impl std::error::Error for ParseError {}
