//! Writing PDN: tags and numbered movetext, canonical and wrapped at 79 columns.

use super::lexer::is_ws;

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
/// `moves` should be move texts as [`parse`](super::parse) returns them and `result` a terminator or
/// `""` for none (trimmed before writing). [`parse`](super::parse) then returns the same tags, move
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
