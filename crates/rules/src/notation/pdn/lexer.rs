//! Reading PDN text: the lexer (tags, move numbers, moves, comments, variations, results and
//! what is skipped) and the record it fills, game by game.

use super::*;

#[derive(Default)]
pub(super) struct Record {
    pub(super) tags: Vec<(String, String)>,
    pub(super) moves: Vec<MoveToken>,
    pub(super) incomplete: Vec<IncompleteMove>,
    pub(super) result: Option<String>,
    pub(super) result_pos: (usize, usize),
    /// Position of the first token of the record.
    pub(super) start: Option<(usize, usize)>,
    /// True once a move, move number or terminator has been seen.
    pub(super) movetext: bool,
    pub(super) numbers: usize,
    pub(super) last_number: Option<u32>,
    pub(super) moves_since_number: usize,
    pub(super) pending_number: Option<u32>,
}

impl Record {
    pub(super) fn touch(&mut self, line: usize, col: usize) {
        if self.start.is_none() {
            self.start = Some((line, col));
        }
    }

    pub(super) fn tag_result(&self) -> Option<&str> {
        result_tag(&self.tags)
    }

    pub(super) fn push_move(&mut self, line: usize, col: usize, text: String) {
        self.touch(line, col);
        self.movetext = true;
        self.moves.push(MoveToken {
            text,
            line,
            col,
            number: self.pending_number.take(),
        });
        self.moves_since_number += 1;
    }

    /// Ends this record: pushes it as a game, or drops it with a warning if it is a stray
    /// fragment. Leaves `self` empty.
    pub(super) fn finish(&mut self, games: &mut Vec<PdnGame>, warnings: &mut Vec<PdnWarning>) {
        let rec = std::mem::take(self);
        let (line, col) = rec.start.unwrap_or((1, 1));
        if rec.tags.is_empty() {
            if rec.moves.is_empty() {
                if let Some(r) = rec.result {
                    warnings.push(PdnWarning {
                        line: rec.result_pos.0,
                        col: rec.result_pos.1,
                        message: format!("stray result '{r}' outside any game; skipped"),
                    });
                } else if rec.numbers > 0 {
                    warnings.push(PdnWarning {
                        line,
                        col,
                        message: "stray move number(s) with no moves outside any game; skipped"
                            .to_string(),
                    });
                }
                return;
            }
            if rec.result.is_none() && rec.numbers == 0 && rec.moves.len() == 1 {
                warnings.push(PdnWarning {
                    line,
                    col,
                    message: format!(
                        "stray move '{}' with no tags, number or result (no game); skipped",
                        rec.moves[0].text
                    ),
                });
                return;
            }
        }
        games.push(PdnGame {
            number: games.len() + 1,
            line,
            tags: rec.tags,
            moves: rec.moves,
            result: rec.result,
            incomplete: rec.incomplete,
        });
    }
}

pub(super) fn is_all_digits(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

// ---------------------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------------------

#[derive(Debug)]
pub(super) enum Kind {
    Tag {
        name: String,
        value: String,
    },
    Number {
        value: Option<u32>,
        dots: usize,
    },
    Move(String),
    /// A move left incomplete (`32x`); skipped, with a warning.
    Incomplete(String),
    /// A standard game terminator.
    Result(String),
    /// `<n>-<n>` that is not a standard terminator (a move or a match score), or a lone
    /// `-` (an "unknown result" marker or junk). Decided by the record assembler.
    MaybeResult(String),
}

#[derive(Debug)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) line: usize,
    pub(super) col: usize,
}

/// A position in the text: char index plus 1-based line and column.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cursor {
    pub(super) pos: usize,
    pub(super) line: usize,
    pub(super) col: usize,
}

pub(super) struct Lexer {
    pub(super) chars: Vec<char>,
    pub(super) cur: Cursor,
    pub(super) tokens: Vec<Token>,
    pub(super) warnings: Vec<PdnWarning>,
    /// True when a comment or variation was still open at the end of the text.
    pub(super) ran_off_end: bool,
}

pub(super) struct ParsedTag {
    pub(super) name: String,
    pub(super) value: String,
    pub(super) end: Cursor,
    /// Repairs made while reading the tag (empty for a well-formed tag).
    pub(super) repairs: Vec<String>,
}

pub(super) fn is_ws(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

pub(super) fn is_newline(c: char) -> bool {
    c == '\n' || c == '\r'
}

/// Move separators: `-` for a quiet move, `x`, `X` or `:` for a capture.
pub(super) const SEPARATORS: [char; 4] = ['-', 'x', 'X', ':'];

pub(super) fn is_sep(c: char) -> bool {
    SEPARATORS.contains(&c)
}

pub(super) use crate::notation::movetext::is_file_letter;

pub(super) fn is_dot(c: char) -> bool {
    c == '.' || c == '…'
}

/// Chars that end a word of unrecognised text.
pub(super) fn is_delimiter(c: char) -> bool {
    is_ws(c) || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '\\')
}

/// Shortens quoted text in warnings.
pub(super) fn excerpt(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(MAX).collect();
        t.push('…');
        t
    }
}

impl Lexer {
    /// A lexer of `text`, whose first line is line `first_line` of the file.
    pub(super) fn new(text: &str, first_line: usize) -> Self {
        Lexer {
            chars: text.chars().collect(),
            cur: Cursor {
                pos: 0,
                line: first_line,
                col: 1,
            },
            tokens: Vec::new(),
            warnings: Vec::new(),
            ran_off_end: false,
        }
    }

    pub(super) fn at(&self, c: Cursor) -> Option<char> {
        self.chars.get(c.pos).copied()
    }

    pub(super) fn at_offset(&self, c: Cursor, offset: usize) -> Option<char> {
        self.chars.get(c.pos.checked_add(offset)?).copied()
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.at(self.cur)
    }

    /// Moves `c` one char forward, keeping line and column right for LF, CRLF and CR.
    pub(super) fn step(&self, c: &mut Cursor) {
        let Some(ch) = self.at(*c) else { return };
        c.pos += 1;
        if ch == '\n' || (ch == '\r' && self.at(*c) != Some('\n')) {
            c.line += 1;
            c.col = 1;
        } else if ch != '\r' {
            c.col += 1;
        }
    }

    pub(super) fn bump(&mut self) {
        let mut c = self.cur;
        self.step(&mut c);
        self.cur = c;
    }

    pub(super) fn warn(&mut self, at: Cursor, message: String) {
        self.warnings.push(PdnWarning {
            line: at.line,
            col: at.col,
            message,
        });
    }

    pub(super) fn push(&mut self, at: Cursor, kind: Kind) {
        self.tokens.push(Token {
            kind,
            line: at.line,
            col: at.col,
        });
    }

    pub(super) fn skip_to_line_end(&mut self) {
        while let Some(c) = self.peek() {
            if is_newline(c) {
                break;
            }
            self.bump();
        }
    }

    pub(super) fn run(&mut self) {
        while let Some(c) = self.peek() {
            let start = self.cur;
            match c {
                c if is_ws(c) => self.bump(),
                '%' if start.col == 1 => self.skip_to_line_end(),
                ';' => self.skip_to_line_end(),
                '{' => self.skip_comment(),
                '(' => self.skip_variation(),
                '[' => self.lex_tag(),
                '}' | ')' | ']' => {
                    self.bump();
                    self.warn(start, format!("unmatched '{c}' skipped"));
                }
                '$' => {
                    self.bump();
                    if !self.peek().is_some_and(|d| d.is_ascii_digit()) {
                        self.warn(start, "'$' without a NAG number skipped".to_string());
                    }
                    while self.peek().is_some_and(|d| d.is_ascii_digit()) {
                        self.bump();
                    }
                }
                '\\' if matches!(self.at_offset(start, 1), Some('r' | 'n')) => {
                    // Literal "\r" / "\n" text left by some exporters.
                    self.bump();
                    self.bump();
                }
                '*' => {
                    self.bump();
                    self.push(start, Kind::Result("*".to_string()));
                }
                '½' if self.matches_at(start, "½-½") => {
                    for _ in 0..3 {
                        self.bump();
                    }
                    self.push(start, Kind::Result("½-½".to_string()));
                }
                c if is_dot(c) => {
                    // A "..." continuation marker standing alone ("1. ... 9-13").
                    while self.peek().is_some_and(is_dot) {
                        self.bump();
                    }
                }
                '-' if self.at_offset(start, 1).is_none_or(is_delimiter) => {
                    // A lone "-": some exporters write it as the terminator of an
                    // unfinished game (with [Result "-"]).
                    self.bump();
                    self.push(start, Kind::MaybeResult("-".to_string()));
                }
                c if c.is_ascii_digit() => self.lex_number_or_move(),
                c if is_file_letter(c)
                    && self.at_offset(start, 1).is_some_and(|d| d.is_ascii_digit()) =>
                {
                    self.lex_move(start)
                }
                _ => self.skip_word(),
            }
        }
    }

    pub(super) fn matches_at(&self, c: Cursor, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(i, ch)| self.at_offset(c, i) == Some(ch))
    }

    /// Skips a run of unrecognised text up to the next delimiter, with a warning.
    pub(super) fn skip_word(&mut self) {
        let start = self.cur;
        let mut word = String::new();
        // Always consume at least one char so the lexer makes progress.
        if let Some(c) = self.peek() {
            word.push(c);
            self.bump();
        }
        while let Some(c) = self.peek() {
            if is_delimiter(c) {
                break;
            }
            word.push(c);
            self.bump();
        }
        self.warn(
            start,
            format!("unrecognised text '{}' skipped", excerpt(&word)),
        );
    }

    /// Appends the digits at `c` to `out`, moving `c` past them.
    pub(super) fn read_digits(&self, c: &mut Cursor, out: &mut String) {
        while let Some(d) = self.at(*c).filter(char::is_ascii_digit) {
            out.push(d);
            self.step(c);
        }
    }

    /// Appends a numeric (`32`) or algebraic (`c3`) square at `c` to `out`; false (and
    /// nothing consumed) if there is none.
    pub(super) fn read_square(&self, c: &mut Cursor, out: &mut String) -> bool {
        let Some(first) = self.at(*c) else {
            return false;
        };
        if first.is_ascii_digit() {
            self.read_digits(c, out);
            true
        } else if is_file_letter(first) && self.at_offset(*c, 1).is_some_and(|d| d.is_ascii_digit())
        {
            self.step(c);
            out.push(first);
            self.read_digits(c, out);
            true
        } else {
            false
        }
    }

    pub(super) fn lex_number_or_move(&mut self) {
        let start = self.cur;
        let mut c = start;
        let mut digits = String::new();
        self.read_digits(&mut c, &mut digits);
        match self.at(c) {
            Some(d) if is_dot(d) => {
                let mut dots = 0;
                while self.at(c).is_some_and(is_dot) {
                    dots += if self.at(c) == Some('…') { 3 } else { 1 };
                    self.step(&mut c);
                }
                self.cur = c;
                let value = digits.parse::<u32>().ok();
                self.push(start, Kind::Number { value, dots });
            }
            Some('/') if self.matches_at(start, "1/2-1/2") => {
                for _ in 0.."1/2-1/2".len() {
                    self.bump();
                }
                self.push(start, Kind::Result("1/2-1/2".to_string()));
            }
            Some(s) if is_sep(s) => self.lex_move(start),
            _ => self.skip_word(),
        }
    }

    /// Lexes a move (or a `n-n` result/score) starting with a square at `start`.
    pub(super) fn lex_move(&mut self, start: Cursor) {
        let mut c = start;
        let mut text = String::new();
        if !self.read_square(&mut c, &mut text) {
            self.skip_word();
            return;
        }
        let mut squares = 1;
        let mut incomplete = false;
        while let Some(sep) = self.at(c).filter(|&s| is_sep(s)) {
            self.step(&mut c);
            let mut next = c;
            while self.at(next).is_some_and(is_ws) {
                self.step(&mut next);
            }
            text.push(sep);
            if self.read_square(&mut next, &mut text) {
                squares += 1;
                c = next;
            } else {
                incomplete = true;
                break;
            }
        }
        while self.at(c).is_some_and(|s| s == '!' || s == '?') {
            self.step(&mut c);
        }
        self.cur = c;

        if incomplete || squares < 2 {
            self.warn(
                start,
                format!("incomplete move '{}' skipped", excerpt(&text)),
            );
            self.push(start, Kind::Incomplete(text));
        } else if is_result_token(&text) {
            self.push(start, Kind::Result(text));
        } else if text
            .split_once('-')
            .is_some_and(|(a, b)| is_all_digits(a) && is_all_digits(b))
        {
            self.push(start, Kind::MaybeResult(text));
        } else if !movetext::is_move(&text) {
            self.warn(
                start,
                format!(
                    "'{}' is not a move (square 0, too large, or mixed notations); skipped",
                    excerpt(&text)
                ),
            );
        } else {
            self.push(start, Kind::Move(text));
        }
    }

    /// Reads a tag at `start` (which holds `[`). In strict mode only a well-formed
    /// `[Name "value"]` is accepted; otherwise common damage is repaired and reported in
    /// `repairs`. Returns `None` if this is not a tag at all.
    pub(super) fn read_tag(&self, start: Cursor, strict: bool) -> Option<ParsedTag> {
        let mut c = start;
        self.step(&mut c); // '['
        let mut breaks = 0;
        while let Some(ch) = self.at(c).filter(|&ch| is_ws(ch)) {
            if ch == '\n' || (ch == '\r' && self.at_offset(c, 1) != Some('\n')) {
                breaks += 1;
                if breaks > 2 {
                    return None;
                }
            }
            self.step(&mut c);
        }
        let mut raw_name = String::new();
        loop {
            match self.at(c)? {
                '"' | ']' => break,
                ch if is_newline(ch) || matches!(ch, '[' | '{' | '}') => return None,
                ch => {
                    raw_name.push(ch);
                    self.step(&mut c);
                }
            }
        }
        let name = raw_name.trim_matches(is_ws);
        if name.is_empty() || name.starts_with('%') {
            return None;
        }
        let mut repairs = Vec::new();
        if self.at(c) == Some(']') {
            if strict {
                return None;
            }
            self.step(&mut c);
            let (name, value) = match name.split_once(is_ws) {
                Some((n, v)) => (n.to_string(), v.trim_matches(is_ws).to_string()),
                None => (name.to_string(), String::new()),
            };
            return Some(ParsedTag {
                name,
                value,
                end: c,
                repairs,
            });
        }
        // At the opening quote.
        self.step(&mut c);
        let mut value = String::new();
        let mut closed = false;
        while let Some(ch) = self.at(c) {
            match ch {
                '\\' if matches!(self.at_offset(c, 1), Some('"' | '\\')) => {
                    self.step(&mut c);
                    value.push(self.at(c).unwrap_or('\\'));
                    self.step(&mut c);
                }
                '"' => {
                    self.step(&mut c);
                    closed = true;
                    break;
                }
                ch if is_newline(ch) => break,
                ch => {
                    value.push(ch);
                    self.step(&mut c);
                }
            }
        }
        if !closed {
            // `[Name "value]` -- accept if the line ends with the closing bracket.
            let trimmed = value.trim_end_matches(is_ws);
            if strict || !trimmed.ends_with(']') {
                return None;
            }
            let fixed = trimmed[..trimmed.len() - 1].to_string();
            repairs.push("tag value has no closing quote".to_string());
            return Some(ParsedTag {
                name: name.to_string(),
                value: fixed,
                end: c,
                repairs,
            });
        }
        while self.at(c).is_some_and(|ch| ch == ' ' || ch == '\t') {
            self.step(&mut c);
        }
        match self.at(c) {
            Some(']') => self.step(&mut c),
            None | Some('[') => {
                if strict {
                    return None;
                }
                repairs.push("tag has no closing ']'".to_string());
            }
            Some(ch) if is_newline(ch) => {
                if strict {
                    return None;
                }
                repairs.push("tag has no closing ']'".to_string());
            }
            Some(_) => {
                if strict {
                    return None;
                }
                // Extra text before the ']' (or the end of the line): skip it.
                let mut extra = String::new();
                while let Some(ch) = self.at(c) {
                    if is_newline(ch) {
                        break;
                    }
                    self.step(&mut c);
                    if ch == ']' {
                        break;
                    }
                    extra.push(ch);
                }
                repairs.push(format!("extra text '{}' in tag skipped", excerpt(&extra)));
            }
        }
        Some(ParsedTag {
            name: name.to_string(),
            value,
            end: c,
            repairs,
        })
    }

    pub(super) fn lex_tag(&mut self) {
        let start = self.cur;
        match self.read_tag(start, false) {
            Some(tag) => {
                for r in &tag.repairs {
                    self.warn(start, format!("tag '{}': {r}", excerpt(&tag.name)));
                }
                self.cur = tag.end;
                self.push(
                    start,
                    Kind::Tag {
                        name: tag.name,
                        value: tag.value,
                    },
                );
            }
            None => {
                // Skip up to the next ']' on this line, or just the '['.
                let mut c = start;
                self.step(&mut c);
                let mut text = String::from("[");
                let mut probe = c;
                let mut found = false;
                while let Some(ch) = self.at(probe) {
                    // Stop before a line end or another '[' (as in "[[Event ...]").
                    if is_newline(ch) || ch == '[' {
                        break;
                    }
                    text.push(ch);
                    self.step(&mut probe);
                    if ch == ']' {
                        found = true;
                        break;
                    }
                }
                if found {
                    c = probe;
                } else {
                    text = String::from("[");
                }
                self.cur = c;
                self.warn(start, format!("malformed tag '{}' skipped", excerpt(&text)));
            }
        }
    }

    /// True if a well-formed tag starts the line at `c` (after spaces and tabs).
    pub(super) fn tag_starts_line(&self, c: Cursor) -> Option<Cursor> {
        let mut t = c;
        while self.at(t).is_some_and(|ch| ch == ' ' || ch == '\t') {
            self.step(&mut t);
        }
        (self.at(t) == Some('[') && self.read_tag(t, true).is_some()).then_some(t)
    }

    /// Skips a `{comment}` starting at the cursor. A comment that is still open at the
    /// start of a line beginning with a well-formed tag is taken to be unterminated (a
    /// missing `}`) and ends there, so one damaged game cannot swallow the next; else it
    /// runs to the end of the text.
    pub(super) fn skip_comment(&mut self) {
        let start = self.cur;
        let mut c = start;
        self.step(&mut c); // '{'
        while let Some(ch) = self.at(c) {
            self.step(&mut c);
            if ch == '}' {
                self.cur = c;
                return;
            }
            if is_newline(ch) {
                if let Some(t) = self.tag_starts_line(c) {
                    self.cur = t;
                    self.warn(
                        start,
                        format!(
                            "unterminated comment skipped up to the tag at line {}",
                            t.line
                        ),
                    );
                    return;
                }
            }
        }
        self.cur = c;
        self.ran_off_end = true;
        self.warn(start, "unterminated comment skipped to the end".to_string());
    }

    /// Skips a `(variation)` with any nesting. An unterminated variation ends at the next
    /// well-formed tag, or at the end of the text.
    pub(super) fn skip_variation(&mut self) {
        let start = self.cur;
        self.bump();
        let mut depth = 1usize;
        while let Some(ch) = self.peek() {
            match ch {
                '(' => {
                    depth += 1;
                    self.bump();
                }
                ')' => {
                    depth -= 1;
                    self.bump();
                    if depth == 0 {
                        return;
                    }
                }
                '{' => self.skip_comment(),
                ';' => self.skip_to_line_end(),
                '%' if self.cur.col == 1 => self.skip_to_line_end(),
                '[' if self.read_tag(self.cur, true).is_some() => {
                    let at = self.cur;
                    self.warn(
                        start,
                        format!(
                            "unterminated variation skipped up to the tag at line {}",
                            at.line
                        ),
                    );
                    return;
                }
                _ => self.bump(),
            }
        }
        self.ran_off_end = true;
        self.warn(
            start,
            "unterminated variation skipped to the end".to_string(),
        );
    }
}

// ---------------------------------------------------------------------------------------
// Unit tests: one or more per quirk listed in SOURCES.md
// ---------------------------------------------------------------------------------------
