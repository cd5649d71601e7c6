//! A tolerant, dependency-free PDN 3.0 reader and a clean PDN writer.
//!
//! PDN (Portable Draughts Notation) is the draughts cousin of chess PGN: a file is a
//! sequence of *records*, each made of `[Name "value"]` tag pairs followed by *movetext*
//! (numbered moves, `{comments}`, `(variations)`, `$n` NAGs) and a game terminator
//! (`1-0`, `0-1`, `1/2-1/2`, `2-0`, `1-1`, `0-2`, `*`, ...).
//!
//! Files found in the wild bend the standard in many ways; [`parse`] accepts all of the
//! following and never panics, reporting what it had to skip as [`PdnWarning`]s:
//!
//! * tags padded with spaces or tabs, several tags and the movetext on one line, no blank
//!   line before the movetext, tag names with spaces or HTML entities
//!   (`[Type de jeu "20"]`), a `[` alone on the line before its tag, value-less tags
//!   (`[Empty]`), `\"` and `\\` escapes inside values;
//! * a tag after movetext starts a new record; a game terminator followed by more moves
//!   ends one record (the moves start a new, tag-less one); a move number `1.` after
//!   later move numbers starts a new record (tag-less files separated by blank lines);
//! * literal backslash-r / backslash-n text (`\r` as two characters) between tokens;
//! * `{comments}` containing brackets, `;` line comments, `%` escape lines (a `%` in the
//!   first column), nested `(variations)` (skipped), `$n` NAGs, `!`/`?` suffixes;
//! * move numbers `1.`, `01.`, `1...`, `1. ...`, glued `1.33-29`, wrapping lines;
//! * numeric (`32-28`, `26x17x10x1`, zero-padded `06-11`) and algebraic (`c3-d4`,
//!   `d4xf6`, `d4:f6`, `d2xh6xf8xc5`) moves, `x`/`X`/`:` captures, spaces after a
//!   separator (`1- 7`, `5x 14`);
//! * terminators in both `1-0` and `2-0` styles, `*`, `1/2-1/2`, and match scores such
//!   as `4-6` (see [`parse`] for how a score is told apart from a move).
//!
//! A move left incomplete (`32x`, a separator with no square after it) is skipped with a
//! warning too, and kept in [`PdnGame::incomplete`], so that a replay can refuse a game it
//! could not read whole.
//!
//! [`Reader`] reads the same records from a byte stream a game at a time, for files too big to
//! hold (see [`reader`]).
//!
//! [`write_game`] / [`write_game_with`] produce canonical PDN that [`parse`] reads back
//! exactly (tags, move texts and result).
//!
//! In stages, one file each: the lexer (`pdn/lexer.rs`, tokens to records), the record
//! (`pdn/record.rs`, [`PdnFile`] and its parts), the streaming [`reader`], the writer
//! (`pdn/writer.rs`) and the [`replay`] of a record's moves with the rules.

mod lexer;
pub mod reader;
mod record;
pub mod replay;
mod writer;

pub use reader::{Chunk, ReadError, Reader};
pub use record::{normalize_tag_name, Encoding, IncompleteMove, MoveToken, PdnFile, PdnGame, PdnWarning};
pub use writer::{write_game, write_game_with, WriteOptions};
use super::movetext;
use record::result_tag;
use lexer::{excerpt, is_ws, Kind, Lexer, Record};


// ---------------------------------------------------------------------------------------
// Public functions
// ---------------------------------------------------------------------------------------

/// Decodes raw file bytes: UTF-8 when the bytes are valid UTF-8 (a leading byte-order mark
/// is removed), otherwise ISO-8859-1 (Latin-1: every byte becomes the char with that code).
/// Never fails.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    let (mut text, encoding) = decode_piece(bytes);
    if encoding == Encoding::Utf8 && text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    (text, encoding)
}

/// UTF-8 when the bytes are UTF-8, else Latin-1, with no byte-order mark removed: [`decode`]
/// for a whole file, and the streaming reader for each piece of one.
fn decode_piece(bytes: &[u8]) -> (String, Encoding) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), Encoding::Utf8),
        Err(_) => (bytes.iter().map(|&b| char::from(b)).collect(), Encoding::Latin1),
    }
}

/// True for the standard game terminators: `1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`,
/// `0-0`, `*` (and `½-½`). Match scores such as `4-6` are not included (see [`parse`]).
pub fn is_result_token(s: &str) -> bool {
    matches!(
        s,
        "1-0" | "0-1" | "2-0" | "0-2" | "1-1" | "0-0" | "1/2-1/2" | "½-½" | "*"
    )
}

/// Parses PDN text (see [`decode`] for bytes) into games and warnings. Never panics.
///
/// Record boundaries: a tag seen after movetext starts a new record; a game terminator
/// ends the current record; a move number `1.` seen after a higher move number (or after
/// two moves without a new number) starts a new tag-less record.
///
/// Records that are not games are dropped with a warning: a terminator or move numbers
/// with no tags and no moves (`1-1` left over after the last game), and a lone move with
/// no tags, no number and no terminator (`36x27`). Text that is neither tag, move,
/// number, terminator nor annotation (a clock `0:10:00`, a word) is skipped with a
/// warning; so are unterminated comments (they end at the next line that starts with a
/// well-formed tag) and unterminated variations (they end at the next well-formed tag).
///
/// Results: the standard terminators of [`is_result_token`] are always terminators
/// (squares are numbered from 1, so none of them can be a move). Any other
/// `<number>-<number>` token, such as the match score `4-6`, is read as the terminator
/// only when it is followed by end-of-game evidence (the end of the text or a tag) *and*
/// equals the record's result tag (see [`PdnGame::tag_result`]); otherwise it is a move,
/// so the last move of a game that lacks a terminator is never lost. A lone `-` is read
/// the same way (`[Result "-"]` ... `-` marks an unfinished game in some exports);
/// otherwise it is skipped with a warning.
///
/// ```
/// use draughts_rules::notation::pdn::parse;
///
/// let f = parse("[Event \"Club\"] [Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x 23 2-0\n1-1");
/// let g = &f.games[0];
/// assert_eq!(g.tag("event"), Some("Club"));
/// let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
/// assert_eq!(moves, ["32-28", "19-23", "28x19", "14x23"]);
/// assert_eq!(g.result.as_deref(), Some("2-0"));
/// // The stray "1-1" after the game is reported, not returned as a game.
/// assert_eq!(f.games.len(), 1);
/// assert_eq!(f.warnings[0].to_string(), "line 3, col 1: stray result '1-1' outside any game; skipped");
/// ```
pub fn parse(text: &str) -> PdnFile {
    parse_part(text, 1, 1).0
}

/// Whether a line (of decoded text) starts with a well-formed tag, and whether it holds only
/// tags and spaces: where [`Reader`] may cut a file between records.
pub(crate) fn tag_line(line: &str) -> (bool, bool) {
    let lexer = Lexer::new(line, 1);
    let mut c = lexer.cur;
    let mut starts = false;
    loop {
        while lexer.at(c).is_some_and(is_ws) {
            lexer.step(&mut c);
        }
        if lexer.at(c).is_none() {
            return (starts, starts);
        }
        if lexer.at(c) != Some('[') {
            return (starts, false);
        }
        match lexer.read_tag(c, true) {
            Some(tag) => {
                c = tag.end;
                starts = true;
            }
            None => return (starts, false),
        }
    }
}

/// [`parse`] for a piece of a text that starts at the beginning of line `first_line` and holds
/// games from number `first_number` on. Also says whether the piece ended cleanly: a
/// well-formed tag on the line after it would start a new record exactly as it does in the
/// whole text (no record with tags but no move text is open, and no comment or variation ran
/// to the end of the piece).
pub(crate) fn parse_part(text: &str, first_line: usize, first_number: usize) -> (PdnFile, bool) {
    let mut lexer = Lexer::new(text, first_line);
    lexer.run();
    let Lexer {
        tokens,
        mut warnings,
        ran_off_end,
        ..
    } = lexer;
    let mut games = Vec::new();
    let mut rec = Record::default();

    let mut tokens = tokens.into_iter().peekable();
    while let Some(tok) = tokens.next() {
        let (line, col) = (tok.line, tok.col);
        match tok.kind {
            Kind::Tag { name, value } => {
                if rec.movetext {
                    rec.finish(&mut games, &mut warnings);
                }
                rec.touch(line, col);
                rec.tags.push((name, value));
            }
            Kind::Number { value, dots } => {
                let restart = !rec.moves.is_empty()
                    && value == Some(1)
                    && (rec.last_number.is_some_and(|n| n > 1)
                        || (dots == 1 && rec.moves_since_number >= 2));
                if restart {
                    rec.finish(&mut games, &mut warnings);
                }
                rec.touch(line, col);
                rec.movetext = true;
                rec.numbers += 1;
                rec.pending_number = value;
                if value.is_some() {
                    rec.last_number = value;
                }
                rec.moves_since_number = 0;
            }
            Kind::Move(text) => rec.push_move(line, col, text),
            Kind::Incomplete(text) => {
                // Kept with the record it stands in (the lexer warned already); it does not
                // count as move text, so record boundaries stay where they were.
                if rec.start.is_some() {
                    let after = rec.moves.len();
                    rec.incomplete.push(IncompleteMove { after, token: MoveToken { text, line, col, number: None } });
                }
            }
            Kind::MaybeResult(text) => {
                let end_evidence = tokens
                    .peek()
                    .is_none_or(|next| matches!(next.kind, Kind::Tag { .. }));
                // (Checked only with end evidence: the tag lookup is the costly part.)
                if end_evidence && rec.tag_result() == Some(text.as_str()) {
                    rec.touch(line, col);
                    rec.result = Some(text);
                    rec.result_pos = (line, col);
                    rec.finish(&mut games, &mut warnings);
                } else if text == "-" {
                    warnings.push(PdnWarning {
                        line,
                        col,
                        message: "unrecognised text '-' skipped (not this game's result)"
                            .to_string(),
                    });
                } else if !movetext::is_move(&text) {
                    warnings.push(PdnWarning {
                        line,
                        col,
                        message: format!(
                            "'{}' is not a move (square 0 or too large) and not this game's result; skipped",
                            excerpt(&text)
                        ),
                    });
                } else {
                    rec.push_move(line, col, text);
                }
            }
            Kind::Result(text) => {
                rec.touch(line, col);
                rec.movetext = true;
                rec.result = Some(text);
                rec.result_pos = (line, col);
                rec.finish(&mut games, &mut warnings);
            }
        }
    }
    let clean = !ran_off_end && (rec.movetext || rec.start.is_none());
    rec.finish(&mut games, &mut warnings);
    // Lexer and record warnings were collected separately; report them in file order.
    warnings.sort_by_key(|w| (w.line, w.col));
    for g in &mut games {
        g.number += first_number - 1;
    }
    (PdnFile { games, warnings }, clean)
}
