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

pub mod reader;

pub use reader::{Chunk, ReadError, Reader};

use std::fmt;

// ---------------------------------------------------------------------------------------
// Public data types
// ---------------------------------------------------------------------------------------

/// Text encoding detected by [`decode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The bytes were valid UTF-8 (a leading byte-order mark, if any, was removed).
    Utf8,
    /// The bytes were not valid UTF-8 and were read as ISO-8859-1 (each byte is one char).
    Latin1,
}

/// The result of [`parse`]: every record recognised as a game, plus what was skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnFile {
    /// Games in file order. A record with tags but no moves (a problem position, a FEN-only
    /// record) is kept as a game with zero moves.
    pub games: Vec<PdnGame>,
    /// Everything that was skipped or repaired, in file order.
    pub warnings: Vec<PdnWarning>,
}

/// One game record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// 1-based position of the game among the games of the file.
    pub number: usize,
    /// 1-based line where the record starts (its first tag, or its first move/number).
    pub line: usize,
    /// Tag pairs in file order. Names are as written (trimmed); values are unescaped
    /// (`\"` -> `"`, `\\` -> `\`) but otherwise as written, including any spaces.
    pub tags: Vec<(String, String)>,
    /// Main-line moves (variations are skipped), in order.
    pub moves: Vec<MoveToken>,
    /// The game terminator as written (`1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`,
    /// `0-0`, `*`, a match score like `4-6`), or `None` if the record had none.
    pub result: Option<String>,
    /// Moves of the main line that were left incomplete (`32x`) and skipped, in order.
    pub incomplete: Vec<IncompleteMove>,
}

/// A move of the main line that the reader could not read whole: squares joined by a separator
/// with nothing after it (`32x`, `c3-`), or a square alone (`c3`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IncompleteMove {
    /// How many moves of [`PdnGame::moves`] come before it.
    pub after: usize,
    /// The text as written, and where.
    pub token: MoveToken,
}

/// One move of the main line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveToken {
    /// The move with any spaces inside removed (`"1- 7"` -> `"1-7"`) and `!`/`?` suffixes
    /// stripped. Squares, separators (`-`, `x`, `X`, `:`) and zero padding are kept as
    /// written (`"06-11"`, `"d4:f6"`). Use [`MoveToken::parsed`] to get square numbers.
    pub text: String,
    /// 1-based line of the move's first character.
    pub line: usize,
    /// 1-based column (in chars) of the move's first character.
    pub col: usize,
    /// The move number written directly in front of this move (`1.` or `1...`), if any.
    /// In `1. 32-28 19-23` the first move gets `Some(1)`, the second `None`.
    pub number: Option<u32>,
}

/// A square named in a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// A numeric square (`1..=50` on the usual boards; never 0).
    Numeric(u32),
    /// An algebraic square: `file` is 0-based (`a` = 0), `rank` is as written (>= 1).
    Algebraic {
        /// 0-based file (`a` = 0).
        file: u8,
        /// The rank as written (>= 1).
        rank: u32,
    },
}

/// A move text split into its squares; see [`parse_move_text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedMove {
    /// Start square, then every landing square written (two or more squares).
    pub squares: Vec<Square>,
    /// True if any separator was `x`, `X` or `:`. (Some sources, e.g. ACF text, write
    /// captures with `-`; those read as `false` here.)
    pub capture: bool,
}

/// Something the parser skipped or repaired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnWarning {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in chars).
    pub col: usize,
    /// What was skipped or repaired, quoting the offending text.
    pub message: String,
}

impl fmt::Display for PdnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, col {}: {}", self.line, self.col, self.message)
    }
}

impl PdnGame {
    /// Value of the first tag whose name equals `name`, ignoring case (`"setup"` finds
    /// both `[Setup ...]` and `[SetUp ...]`) and numeric HTML entities in stored names
    /// (`"Résultat"` finds `[R&#x00e9;sultat ...]`). The value is returned as stored
    /// (untrimmed).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// The result *tag*, trimmed (`[Result " 0-1"]` -> `"0-1"`): looks for `Result`, then
    /// the Italian `Risultato`, then the French `Résultat`. `None` if absent or empty.
    /// This can differ from [`PdnGame::result`], the terminator written after the moves.
    pub fn tag_result(&self) -> Option<&str> {
        result_tag(&self.tags)
    }
}

fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    let wanted = normalize_tag_name(name);
    tags.iter()
        .find(|(n, _)| normalize_tag_name(n) == wanted)
        .map(|(_, v)| v.as_str())
}

fn result_tag(tags: &[(String, String)]) -> Option<&str> {
    ["Result", "Risultato", "Résultat"]
        .iter()
        .filter_map(|n| find_tag(tags, n))
        .map(str::trim)
        .find(|v| !v.is_empty())
}

/// Lower-cases a tag name and decodes numeric HTML entities (`&#x00e9;`, `&#233;`): the key
/// under which tags are looked up (`GameType`, `FEN`, `Result`, ...).
pub fn normalize_tag_name(name: &str) -> String {
    let mut out = String::new();
    let mut rest = name;
    while let Some(i) = rest.find("&#") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let decoded = after.find(';').and_then(|end| {
            let body = &after[..end];
            let code = match body.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => body.parse::<u32>().ok(),
            };
            code.and_then(char::from_u32).map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str("&#");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.to_lowercase()
}

impl MoveToken {
    /// The squares of this move; `None` if the text is not a well-formed move
    /// (see [`parse_move_text`]).
    pub fn parsed(&self) -> Option<ParsedMove> {
        parse_move_text(&self.text)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Square::Numeric(n) => write!(f, "{n}"),
            Square::Algebraic { file, rank } => {
                write!(f, "{}{}", char::from(b'a'.wrapping_add(file)), rank)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Public functions
// ---------------------------------------------------------------------------------------

/// Decodes raw file bytes: UTF-8 when the bytes are valid UTF-8 (a leading byte-order mark
/// is removed), otherwise ISO-8859-1 (Latin-1: every byte becomes the char with that code).
/// Never fails.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (
            s.strip_prefix('\u{feff}').unwrap_or(s).to_string(),
            Encoding::Utf8,
        ),
        Err(_) => (
            bytes.iter().map(|&b| char::from(b)).collect(),
            Encoding::Latin1,
        ),
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

/// Splits a move text into squares.
///
/// Accepts numeric (`32-28`, `26x17x10x1`, `06-11`) and algebraic (`c3-d4`, `d4:f6`)
/// moves with separators `-`, `x`, `X`, `:`; spaces and trailing `!`/`?` are ignored.
/// Returns `None` if the text is not a move: fewer than two squares, an empty or
/// unparsable part, a square 0 or rank 0, numbers above `u32::MAX`, or numeric and
/// algebraic squares mixed.
pub fn parse_move_text(text: &str) -> Option<ParsedMove> {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let cleaned = cleaned.trim_end_matches(['!', '?']);
    if !is_move_text(cleaned) {
        return None;
    }
    let squares = cleaned
        .split(SEPARATORS)
        .map(|part| parse_square(part).map(|(sq, _)| sq))
        .collect::<Option<Vec<_>>>()?;
    Some(ParsedMove {
        squares,
        capture: cleaned.contains(['x', 'X', ':']),
    })
}

/// True if `text` (no spaces, no suffixes) is two or more squares of one notation joined
/// by separators. Does not allocate: the lexer calls it for every move.
fn is_move_text(text: &str) -> bool {
    let mut parts = 0;
    let mut algebraic = None;
    for part in text.split(SEPARATORS) {
        let Some((_, alg)) = parse_square(part) else {
            return false;
        };
        if *algebraic.get_or_insert(alg) != alg {
            return false;
        }
        parts += 1;
    }
    parts >= 2
}

fn parse_square(part: &str) -> Option<(Square, bool)> {
    let mut chars = part.chars();
    let first = chars.next()?;
    if first.is_ascii_digit() {
        if !part.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let n: u32 = part.parse().ok()?;
        (n != 0).then_some((Square::Numeric(n), false))
    } else if is_file_letter(first) {
        let rest = chars.as_str();
        if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let rank: u32 = rest.parse().ok()?;
        let file = u8::try_from(u32::from(first) - u32::from('a')).ok()?;
        (rank != 0).then_some((Square::Algebraic { file, rank }, true))
    } else {
        None
    }
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
                } else if !is_move_text(&text) {
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

/// Options for [`write_game_with`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// Number of the first move pair (usually 1).
    pub start_number: u32,
    /// True if the first move in `moves` is Black's: it is then written `1... 9-13`.
    pub black_first: bool,
    /// Comments written `{...}` after the move of that index in `moves` (0-based); braces in
    /// the text are dropped, as a comment cannot hold them.
    pub comments: Vec<(usize, String)>,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            start_number: 1,
            black_first: false,
            comments: Vec::new(),
        }
    }
}

/// Writes one game as canonical PDN, White moving first from move 1; see
/// [`write_game_with`].
pub fn write_game(tags: &[(String, String)], moves: &[String], result: &str) -> String {
    write_game_with(tags, moves, result, &WriteOptions::default())
}

/// Writes one game as canonical PDN:
///
/// ```text
/// [Event "x"]
/// [Result "1-0"]
///
/// 1. 32-28 19-23 2. 28x19 14x23 ... 1-0
/// ```
///
/// Tags come one per line (`\` and `"` in values are escaped); then, if there are moves
/// or a result, a blank line and the numbered movetext wrapped at 79 columns (a move
/// number is never separated from its move), the result last, and a final newline.
/// With `opts.black_first` the first move is written `N... move`.
///
/// `moves` should be move texts as [`parse`] returns them and `result` a terminator or
/// `""` for none (trimmed before writing). [`parse`] then returns the same tags, move
/// texts and result. Not representable, hence sanitised (and not round-tripping): line
/// breaks in values or names become spaces; `"`, `[`, `]`, `{`, `}` and a leading `%` are
/// removed from names and surrounding whitespace is trimmed; a tag whose name ends up
/// empty is dropped. A non-standard result such as `4-6` reads back as the result only if
/// `tags` holds the same value in a `Result` tag. Two tag-only games written without a
/// result and concatenated read back as one record; give such games the result `*`.
pub fn write_game_with(
    tags: &[(String, String)],
    moves: &[String],
    result: &str,
    opts: &WriteOptions,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let name = sanitize_tag_name(name);
        if name.is_empty() {
            continue;
        }
        out.push('[');
        out.push_str(&name);
        out.push_str(" \"");
        for c in value.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                '\n' | '\r' => out.push(' '),
                c => out.push(c),
            }
        }
        out.push_str("\"]\n");
    }

    let mut units: Vec<String> = Vec::new();
    let first_ply = u64::from(opts.black_first);
    for (i, mv) in moves.iter().enumerate() {
        let ply = first_ply + i as u64;
        let number = u64::from(opts.start_number) + ply / 2;
        let mv = mv.trim();
        if ply.is_multiple_of(2) {
            units.push(format!("{number}. {mv}"));
        } else if i == 0 {
            units.push(format!("{number}... {mv}"));
        } else {
            units.push(mv.to_string());
        }
        for (_, text) in opts.comments.iter().filter(|(at, _)| *at == i) {
            units.push(format!("{{{}}}", text.replace(['{', '}'], "")));
        }
    }
    let result = result.trim();
    if !result.is_empty() {
        units.push(result.to_string());
    }
    if units.is_empty() {
        return out;
    }
    if !out.is_empty() {
        out.push('\n');
    }
    const WIDTH: usize = 79;
    let mut line_len = 0;
    for unit in units {
        let len = unit.chars().count();
        if line_len > 0 && line_len + 1 + len > WIDTH {
            out.push('\n');
            line_len = 0;
        }
        if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&unit);
        line_len += len;
    }
    out.push('\n');
    out
}

fn sanitize_tag_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !matches!(c, '"' | '[' | ']' | '{' | '}'))
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    cleaned
        .trim_matches(is_ws)
        .trim_start_matches('%')
        .trim_matches(is_ws)
        .to_string()
}

// ---------------------------------------------------------------------------------------
// Record assembly
// ---------------------------------------------------------------------------------------

#[derive(Default)]
struct Record {
    tags: Vec<(String, String)>,
    moves: Vec<MoveToken>,
    incomplete: Vec<IncompleteMove>,
    result: Option<String>,
    result_pos: (usize, usize),
    /// Position of the first token of the record.
    start: Option<(usize, usize)>,
    /// True once a move, move number or terminator has been seen.
    movetext: bool,
    numbers: usize,
    last_number: Option<u32>,
    moves_since_number: usize,
    pending_number: Option<u32>,
}

impl Record {
    fn touch(&mut self, line: usize, col: usize) {
        if self.start.is_none() {
            self.start = Some((line, col));
        }
    }

    fn tag_result(&self) -> Option<&str> {
        result_tag(&self.tags)
    }

    fn push_move(&mut self, line: usize, col: usize, text: String) {
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
    fn finish(&mut self, games: &mut Vec<PdnGame>, warnings: &mut Vec<PdnWarning>) {
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

fn is_all_digits(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

// ---------------------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------------------

#[derive(Debug)]
enum Kind {
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
struct Token {
    kind: Kind,
    line: usize,
    col: usize,
}

/// A position in the text: char index plus 1-based line and column.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    pos: usize,
    line: usize,
    col: usize,
}

struct Lexer {
    chars: Vec<char>,
    cur: Cursor,
    tokens: Vec<Token>,
    warnings: Vec<PdnWarning>,
    /// True when a comment or variation was still open at the end of the text.
    ran_off_end: bool,
}

struct ParsedTag {
    name: String,
    value: String,
    end: Cursor,
    /// Repairs made while reading the tag (empty for a well-formed tag).
    repairs: Vec<String>,
}

fn is_ws(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

fn is_newline(c: char) -> bool {
    c == '\n' || c == '\r'
}

/// Move separators: `-` for a quiet move, `x`, `X` or `:` for a capture.
const SEPARATORS: [char; 4] = ['-', 'x', 'X', ':'];

fn is_sep(c: char) -> bool {
    SEPARATORS.contains(&c)
}

/// Algebraic file letters: `a`..=`w` except `x`, which is the capture separator.
fn is_file_letter(c: char) -> bool {
    c.is_ascii_lowercase() && c != 'x' && c <= 'w'
}

fn is_dot(c: char) -> bool {
    c == '.' || c == '…'
}

/// Chars that end a word of unrecognised text.
fn is_delimiter(c: char) -> bool {
    is_ws(c) || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '\\')
}

/// Shortens quoted text in warnings.
fn excerpt(s: &str) -> String {
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
    fn new(text: &str, first_line: usize) -> Self {
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

    fn at(&self, c: Cursor) -> Option<char> {
        self.chars.get(c.pos).copied()
    }

    fn at_offset(&self, c: Cursor, offset: usize) -> Option<char> {
        self.chars.get(c.pos.checked_add(offset)?).copied()
    }

    fn peek(&self) -> Option<char> {
        self.at(self.cur)
    }

    /// Moves `c` one char forward, keeping line and column right for LF, CRLF and CR.
    fn step(&self, c: &mut Cursor) {
        let Some(ch) = self.at(*c) else { return };
        c.pos += 1;
        if ch == '\n' || (ch == '\r' && self.at(*c) != Some('\n')) {
            c.line += 1;
            c.col = 1;
        } else if ch != '\r' {
            c.col += 1;
        }
    }

    fn bump(&mut self) {
        let mut c = self.cur;
        self.step(&mut c);
        self.cur = c;
    }

    fn warn(&mut self, at: Cursor, message: String) {
        self.warnings.push(PdnWarning {
            line: at.line,
            col: at.col,
            message,
        });
    }

    fn push(&mut self, at: Cursor, kind: Kind) {
        self.tokens.push(Token {
            kind,
            line: at.line,
            col: at.col,
        });
    }

    fn skip_to_line_end(&mut self) {
        while let Some(c) = self.peek() {
            if is_newline(c) {
                break;
            }
            self.bump();
        }
    }

    fn run(&mut self) {
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

    fn matches_at(&self, c: Cursor, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(i, ch)| self.at_offset(c, i) == Some(ch))
    }

    /// Skips a run of unrecognised text up to the next delimiter, with a warning.
    fn skip_word(&mut self) {
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
    fn read_digits(&self, c: &mut Cursor, out: &mut String) {
        while let Some(d) = self.at(*c).filter(char::is_ascii_digit) {
            out.push(d);
            self.step(c);
        }
    }

    /// Appends a numeric (`32`) or algebraic (`c3`) square at `c` to `out`; false (and
    /// nothing consumed) if there is none.
    fn read_square(&self, c: &mut Cursor, out: &mut String) -> bool {
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

    fn lex_number_or_move(&mut self) {
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
    fn lex_move(&mut self, start: Cursor) {
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
        } else if !is_move_text(&text) {
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
    fn read_tag(&self, start: Cursor, strict: bool) -> Option<ParsedTag> {
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

    fn lex_tag(&mut self) {
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
    fn tag_starts_line(&self, c: Cursor) -> Option<Cursor> {
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
    fn skip_comment(&mut self) {
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
    fn skip_variation(&mut self) {
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
