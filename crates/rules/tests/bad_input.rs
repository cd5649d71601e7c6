//! Bad input: malformed FEN, position text and move text give an error that names the offending
//! token and where it is (a 0-based character offset, shown 1-based as "at character N"), never
//! a panic. The tables are rows of `tests/data/bad_input.txt`; `properties.rs` throws random
//! garbage at the same readers.

mod support;

use draughts_rules::notation::{fen, movetext, text, ParseError};
use draughts_rules::{Position, Variant};
use support::json::{self, Json};

/// One row of `tests/data/bad_input.txt`.
struct Case {
    at: String,
    variant: Variant,
    input: String,
    token: String,
    offset: usize,
    reason: String,
}

/// The rows of `tests/data/bad_input.txt` for one reader (`fen`, `text` or `move`), at least
/// `floor` of them: an emptied or cut file fails.
fn cases(reader: &str, floor: usize) -> Vec<Case> {
    let mut out = Vec::new();
    for (at, line) in support::data_rows("bad_input.txt") {
        let row = json::parse(&line).unwrap_or_else(|e| panic!("{at}: {e}"));
        let field = |k: &str| row.get(k).and_then(Json::as_str).unwrap_or_else(|| panic!("{at}: no {k}")).to_string();
        assert!(["fen", "text", "move"].contains(&field("reader").as_str()), "{at}: unknown reader");
        assert!(!field("section").is_empty() && !field("source").is_empty(), "{at}");
        if field("reader") != reader {
            continue;
        }
        let Some(Json::Number(offset)) = row.get("offset") else { panic!("{at}: offset must be a number") };
        out.push(Case {
            variant: field("variant").parse().unwrap_or_else(|e| panic!("{at}: {e}")),
            input: field("input"),
            token: field("token"),
            offset: *offset as usize,
            reason: field("reason"),
            at,
        });
    }
    assert!(out.len() >= floor, "bad_input.txt has {} {reader} rows, expected at least {floor}", out.len());
    out
}

/// The error is where it says: the token starts at the offset, the message shows both.
fn assert_located(input: &str, e: &ParseError, token: &str, offset: usize, reason: &str) {
    assert_eq!((e.token.as_str(), e.offset), (token, offset), "{input:?}: {e}");
    assert!(e.reason.contains(reason), "{input:?}: reason {:?} lacks {reason:?}", e.reason);
    if !token.is_empty() {
        let rest: String = input.chars().skip(offset).collect();
        assert!(rest.starts_with(token), "{input:?}: token {token:?} is not at character {offset}");
    }
    let shown = e.to_string();
    assert!(shown.contains(&format!("at character {}", offset + 1)), "{shown}");
    if !token.is_empty() {
        assert!(shown.contains(token), "{shown}");
    }
}

#[test]
fn malformed_fen() {
    for c in cases("fen", 34) {
        let e = fen::parse(c.variant, &c.input).expect_err(&c.at);
        assert_eq!(e.what, "FEN", "{}", c.at);
        assert_located(&c.input, &e, &c.token, c.offset, &c.reason);
    }
}

#[test]
fn fen_set_up_errors() {
    // Too many pieces: the message names the side and the limit.
    let e = fen::parse(Variant::English, "W:W1-13:B20-32").unwrap_err();
    assert!(e.reason.contains("Light has 13 pieces; at most 12"), "{e}");
    // A man on its own far row is accepted as a man (published problems have them): it simply
    // cannot move forward.
    let p = fen::parse(Variant::English, "W:W2:B30").unwrap();
    assert_eq!(p.kings(draughts_rules::Color::Light), 0);
    assert!(p.legal_moves().is_empty());
}

/// What other programs write around a FEN reads as the FEN alone: the whole PDN tag, the quoted
/// value, and trailing half-move clock and full-move number fields (read, then ignored). What
/// was accepted before still is.
#[test]
fn fen_as_other_programs_write_it() {
    let v = Variant::English;
    let plain = fen::parse(v, "W:W21,22:BK1,2").unwrap();
    for input in [
        "[FEN \"W:W21,22:BK1,2\"]",
        " [fen \"W:W21,22:BK1,2.\"] ",
        "\"W:W21,22:BK1,2\"",
        "W:W21,22:BK1,2:H0:F1",
        "W:W21,22:BK1,2:H12:F40.",
        "[FEN \"W:W21,22:BK1,2:H0:F1\"]",
        "W:W21,22:BK1,2.",
        " W : W21 , 22 : B K1 , 2 ",
    ] {
        assert_eq!(fen::parse(v, input).unwrap_or_else(|e| panic!("{input:?}: {e}")), plain, "{input:?}");
    }
    // Sides listed with no pieces, and one side left out, still read.
    assert!(fen::parse(v, "W:W:B").is_ok());
    assert!(fen::parse(v, "B:W22:B").is_ok());
    assert!(fen::parse(v, "W:W22").is_ok());
    // Offsets inside a tag count from the start of what was given.
    let input = "[FEN \"W:W21,,22:B1\"]";
    let e = fen::parse(v, input).unwrap_err();
    assert_eq!(e.offset, 12, "{e}");
}

#[test]
fn malformed_position_text() {
    for c in cases("text", 14) {
        let e = text::parse(c.variant, &c.input).expect_err(&c.at);
        assert_eq!(e.what, "position text", "{}", c.at);
        assert_located(&c.input, &e, &c.token, c.offset, &c.reason);
    }
    let e = text::parse(Variant::English, "Light a1; Light c1; Light e1; Light g1; Light b2; Light d2; Light f2; Light h2; Light a3; Light c3; Light e3; Light g3; Light b4; Dark h8.").unwrap_err();
    assert!(e.reason.contains("Light has 13 pieces"), "{e}");
}

#[test]
fn malformed_move_text() {
    for c in cases("move", 12) {
        let e = movetext::parse(&Position::start(c.variant), &c.input).expect_err(&c.at);
        assert_eq!(e.what, "move", "{}", c.at);
        assert_located(&c.input, &e, &c.token, c.offset, &c.reason);
    }
}

#[test]
fn illegal_and_ambiguous_moves_through_the_game() {
    use draughts_rules::{Game, MatchError, PlayError};
    let mut g = Game::new(Variant::International);
    // Text goes through the move reader first; the game itself reads no text.
    let e = movetext::parse(g.position(), "31-26x").unwrap_err();
    assert_eq!(e.what, "move");
    let e = movetext::parse(g.position(), "20-25").unwrap_err();
    assert!(e.reason.contains("illegal move"), "{e}");
    // A move of another position is refused by the game with the legal list, and nothing is played.
    let mut other = Game::new(Variant::International);
    let first = movetext::parse(other.position(), "32-28").unwrap();
    other.play(&first).unwrap();
    let dark = movetext::parse(other.position(), "19-23").unwrap();
    match g.play(&dark) {
        Err(PlayError::Illegal(MatchError::Illegal { asked, legal, .. })) => {
            assert_eq!(asked, "19-23");
            assert_eq!(legal.len(), 9);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.ply(), 0);
    assert!(matches!(g.undo(), Err(PlayError::NothingToUndo)));
    // An ambiguous short form lists the full paths.
    let p = support::pos(Variant::English, "Light c3; Dark d4; Dark d6; Dark b4; Dark b6. Light to move.");
    let e = movetext::parse(&p, "c3xc7").unwrap_err();
    assert!(e.reason.starts_with("ambiguous:") && e.reason.contains(" or "), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Known bugs, found by properties.rs and reported to the lead; remove the `ignore` once fixed.
// ---------------------------------------------------------------------------------------------

/// The offset is a character offset (ParseError's documentation), but the FEN reader counts
/// bytes: after a non-ASCII character the position shown is wrong.
#[test]

fn fen_error_offsets_count_characters() {
    let input = "\u{2000}!";
    let e = fen::parse(Variant::English, input).unwrap_err();
    assert_located(input, &e, "!", 1, "side to move");
    let input = "W:W21,é:B1";
    let e = fen::parse(Variant::English, input).unwrap_err();
    assert_located(input, &e, "é", 6, "not a square name");
    let input = "W:Wé,21:B1,99";
    let e = fen::parse(Variant::English, input).unwrap_err();
    assert_eq!(e.token, "é");
}

/// Leading spaces: the token is trimmed but the offset still says 0; a square after a space is
/// named by its first character only; "ends with a separator" names the whole text at the end.
#[test]

fn move_text_error_tokens_and_offsets() {
    let p = Position::start(Variant::English);
    let e = movetext::parse(&p, " 1").unwrap_err();
    assert_located(" 1", &e, "1", 1, "at least two squares");
    let e = movetext::parse(&p, "11 15").unwrap_err();
    assert_located("11 15", &e, "15", 3, "joined by - or x");
    let e = movetext::parse(&p, "11-15-").unwrap_err();
    assert_located("11-15-", &e, "-", 5, "ends with a separator");
    let e = movetext::parse(&p, "  22-18").unwrap_err();
    assert_located("  22-18", &e, "22-18", 2, "illegal move");
}

/// The full path of a legal move must read back as that move, even when a longer move passes
/// through the same squares: here the king can take d2 at once (c3xe1), or go round the four
/// men first and take d2 at the end (c3xe5xc7xa5xc3xe1). English capture choice is free, so
/// both are legal; "c3xe1" is the exact route of the first and only a shortening of the second.
/// Found by properties.rs (move_text_round_trip); it also stops a game that played the short
/// capture from being entered or replayed.
#[test]

fn an_exact_full_path_is_not_ambiguous() {
    let v = Variant::English;
    let p = support::pos(v, "Light king c3; Dark d4; Dark d6; Dark b6; Dark b4; Dark d2. Light to move.");
    let legal = p.legal_moves();
    assert_eq!(legal.len(), 2, "{:?}", support::moves_caps(&p));
    for m in &legal {
        let t = movetext::write(v, m);
        let read = movetext::parse(&p, &t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert!(read.same_as(m), "{t}");
    }
}

/// An empty board (a FEN may list no pieces: `W:W:B`) reads back from its own position text.
#[test]
fn empty_board_round_trips_through_position_text() {
    let p = fen::parse(Variant::English, "W:W:B").unwrap();
    let t = text::write(&p);
    assert_eq!(t, "Light to move.");
    assert_eq!(text::parse(Variant::English, &t).unwrap(), p);
    // Nothing at all is still an error.
    assert!(text::parse(Variant::English, "  ").is_err());
}
