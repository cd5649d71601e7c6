//! Bad input: malformed FEN, position text and move text give an error that names the offending
//! token and where it is (a 0-based character offset, shown 1-based as "at character N"), never
//! a panic. Table tests; `properties.rs` throws random garbage at the same readers.

mod support;

use draughts_rules::notation::{fen, movetext, text, ParseError};
use draughts_rules::{Position, Variant};

/// (variant, input, token, offset, words of the reason)
type Case = (&'static str, &'static str, &'static str, usize, &'static str);

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

const FEN_CASES: &[Case] = &[
    ("english", "", "", 0, "empty FEN"),
    ("english", "   ", "", 0, "empty FEN"),
    ("english", "X:W21:B1", "X", 0, "side to move must be W or B"),
    ("english", "W:W21,21:B1", "21", 6, "listed twice"),
    ("english", "W:W21:W22", "W22", 6, "Light listed twice"),
    ("english", "W:W21:B1:B2", "B2", 9, "Dark listed twice"),
    ("english", "W:W21:Q1", "Q1", 6, "must start with W or B"),
    ("english", "W:W33:B1", "33", 3, "not on the board (1..32)"),
    ("english", "W:W0:B1", "0", 3, "not on the board"),
    ("english", "W:W21-19:B1", "21-19", 3, "runs backwards"),
    ("english", "W:W21:B1-x", "1-x", 7, "range"),
    ("english", "W:W1-32:B1", "1", 9, "listed twice"),
    ("english", "W:W21,K:B1", "K", 6, "empty"),
    ("english", "W:Wa2:B1", "a2", 3, "light square"),
    ("english", "W:W21:B1 extra", "1 extra", 7, "not a square name"),
    ("international", "W:W51:B1", "51", 3, "not on the board (1..50)"),
    ("russian", "W:Wa2:Bb7", "a2", 3, "light square"),
    ("turkish", "W:W21:Ba7", "21", 3, "square numbers are not used"),
    ("turkish", "W:Wa9:Ba7", "a9", 3, "off the 8x8 board"),
    ("turkish", "W:W1-25:B26-50", "1-25", 3, "square numbers and ranges are not used"),
    ("italian", "W:Wa8:B1", "1", 7, "listed twice"),
    // Leniencies that hid mistakes: a side to move alone, an empty field, an empty list item.
    ("english", "W", "", 1, "no piece list"),
    ("english", "W.", "", 1, "no piece list"),
    ("english", "W:", "", 2, "empty field"),
    ("english", "W:W1::B3", "", 5, "empty field"),
    ("english", "W:W1,,2:B3", "", 5, "empty item in Light's list"),
    ("english", "W:W1,2,:B3", "", 7, "empty item"),
    ("english", "W:W1:B,3", "", 6, "empty item in Dark's list"),
    // The move counters other programs write must be numbers, after the piece lists.
    ("english", "W:W21:B1:Hx", "Hx", 9, "followed by a number"),
    ("english", "W:W21:B1:F", "F", 9, "followed by a number"),
    ("english", "W:W21:B1:H0:H1", "H1", 12, "given twice"),
    ("english", "W:H0:W21:B1", "W21", 5, "before the H and F fields"),
    ("english", "[FEN W:W21:B1", "[FEN W:W21:B1", 0, "must end with ]"),
    ("english", "[Event \"W:W21:B1\"]", "Event", 1, "[FEN"),
];

#[test]
fn malformed_fen() {
    for &(v, input, token, offset, reason) in FEN_CASES {
        let v: Variant = v.parse().unwrap();
        let e = fen::parse(v, input).expect_err(input);
        assert_eq!(e.what, "FEN");
        assert_located(input, &e, token, offset, reason);
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

const TEXT_CASES: &[Case] = &[
    ("american", "", "", 0, "no pieces given"),
    ("american", "Light", "Light", 0, "expected \"Light c3\""),
    ("american", "Light c3; Purple d4", "Purple", 10, "expected Light or Dark"),
    ("american", "Light c3; Dark d4. Blue to move.", "Blue", 19, "expected Light or Dark"),
    ("american", "Light c3; Dark c4", "c4", 15, "light square"),
    ("american", "Light c3; Dark z9", "z9", 15, "off the 8x8 board"),
    ("american", "Light c3; Light c3", "c3", 16, "two pieces on one square"),
    ("american", "Light c3; Dark d4. Light to move; Dark e5", "Dark e5", 34, "pieces must come before"),
    ("american", "Light c3. Light to move. Dark to move.", "Dark to move", 25, "side to move given twice"),
    ("american", "Light queen c3", "Light queen c3", 0, "expected \"Light c3\""),
    ("american", "Light c3 d4", "Light c3 d4", 0, "expected"),
    ("american", "Light c8", "c8", 6, "light square"),
    ("turkish", "Light 21", "21", 6, "square numbers are not used"),
    ("international", "Light k11", "k11", 6, "off the 10x10 board"),
];

#[test]
fn malformed_position_text() {
    for &(v, input, token, offset, reason) in TEXT_CASES {
        let v: Variant = v.parse().unwrap();
        let e = text::parse(v, input).expect_err(input);
        assert_eq!(e.what, "position text");
        assert_located(input, &e, token, offset, reason);
    }
    let e = text::parse(Variant::English, "Light a1; Light c1; Light e1; Light g1; Light b2; Light d2; Light f2; Light h2; Light a3; Light c3; Light e3; Light g3; Light b4; Dark h8.").unwrap_err();
    assert!(e.reason.contains("Light has 13 pieces"), "{e}");
}

/// Move text, read against the start position of the variant.
const MOVE_CASES: &[Case] = &[
    ("english", "", "", 0, "at least two squares"),
    ("english", "11", "11", 0, "at least two squares"),
    ("english", "11-", "11-", 0, "at least two squares"),
    ("english", "-15", "-", 0, "starts with a square"),
    ("english", "11--15", "-", 3, "two separators in a row"),
    ("english", "11-99", "99", 3, "not on the board (1..32)"),
    ("english", "11!15", "!", 2, "unexpected character"),
    ("english", "1-2-3-4", "1-2-3-4", 0, "illegal move; legal moves are 9-13"),
    ("english", "22-18", "22-18", 0, "illegal move"),
    ("turkish", "3-4", "3", 0, "square numbers are not used"),
    ("russian", "c3-z9", "z9", 3, "off the 8x8 board"),
    ("russian", "c3-c4", "c4", 3, "light square"),
];

#[test]
fn malformed_move_text() {
    for &(v, input, token, offset, reason) in MOVE_CASES {
        let v: Variant = v.parse().unwrap();
        let e = movetext::parse(&Position::start(v), input).expect_err(input);
        assert_eq!(e.what, "move");
        assert_located(input, &e, token, offset, reason);
    }
}

#[test]
fn illegal_and_ambiguous_moves_through_the_game() {
    use draughts_rules::{Game, PlayError};
    let mut g = Game::new(Variant::International);
    match g.play_text("31-26x") {
        Err(PlayError::Text(e)) => assert_eq!(e.what, "move"),
        other => panic!("{other:?}"),
    }
    match g.play_text("20-25") {
        Err(PlayError::Text(e)) => assert!(e.reason.contains("illegal move"), "{e}"),
        other => panic!("{other:?}"),
    }
    // Nothing was played.
    assert_eq!(g.ply(), 0);
    assert!(matches!(g.undo(), Err(PlayError::NothingToUndo)));
    // An ambiguous short form lists the full paths.
    let p = support::pos(Variant::English, "Light c3; Dark d4; Dark d6; Dark b4; Dark b6. Light to move.");
    let mut g = Game::from_position(p);
    match g.play_text("c3xc7") {
        Err(PlayError::Text(e)) => assert!(e.reason.starts_with("ambiguous:") && e.reason.contains(" or "), "{e}"),
        other => panic!("{other:?}"),
    }
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
