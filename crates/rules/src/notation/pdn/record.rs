//! The PDN record: what the reader makes of a file (games, their tags and main-line moves, and
//! what it skipped), before any rule set reads the moves.

use crate::notation::movetext::{self, Names};
use std::fmt;

/// Text encoding detected by [`decode`](super::decode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The bytes were valid UTF-8 (a leading byte-order mark, if any, was removed).
    Utf8,
    /// The bytes were not valid UTF-8 and were read as ISO-8859-1 (each byte is one char).
    Latin1,
}

/// The result of [`parse`](super::parse): every record recognised as a game, plus what was skipped.
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

pub(super) fn result_tag(tags: &[(String, String)]) -> Option<&str> {
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
    /// (see [`movetext::names`]).
    pub fn parsed(&self) -> Option<Names> {
        movetext::names(&self.text)
    }
}
