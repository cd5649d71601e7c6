//! Fuzz targets for move text and the streaming PDN reader (proptest, fixed seeds through the
//! default config): random texts built from the pieces that matter never panic, errors point
//! inside the text, the board-free reading (`movetext::names`) and the board reading
//! (`movetext::lex`) agree on the shape, the resolver answers every text with a move or an error,
//! and the streaming reader reads random PDN as `pdn::parse` reads it whole, whatever its buffer.

use draughts_rules::notation::movetext::{self, SquareName};
use draughts_rules::notation::pdn::{self, Reader};
use draughts_rules::resolve::{self, MoveQuery};
use draughts_rules::{Position, Variant};
use proptest::prelude::*;
use std::io::BufReader;

/// Pieces of move text: squares of both notations, every separator, spaces, suffixes and junk.
const MOVE_PIECES: &[&str] = &[
    "1", "5", "9", "14", "23", "32", "46", "50", "0", "06", "99", "4294967296", "a1", "c3", "d4", "e5", "h8", "j10",
    "k11", "a0", "y3", "x", "X", "-", ":", "×", " ", "!", "?", "!?", "[", "é", "\u{0}",
];

fn move_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(MOVE_PIECES), 0..8).prop_map(|p| p.concat())
}

/// Square numbers (some off the board) and the separators both readings share.
const NUMERIC_PIECES: &[&str] = &["1", "5", "14", "32", "50", "51", "0", "06", "4294967296", "x", "X", "-", ":"];

fn numeric_move_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(NUMERIC_PIECES), 0..8).prop_map(|p| p.concat())
}

const VARIANTS: [Variant; 4] = [Variant::English, Variant::International, Variant::Turkish, Variant::Italian];

proptest! {
    #[test]
    fn move_text_never_panics_and_errors_point_inside(text in move_text(), v in 0..VARIANTS.len()) {
        let variant = VARIANTS[v];
        let chars = text.chars().count();
        match movetext::lex(variant, &text) {
            Ok(lexed) => prop_assert!(lexed.squares.len() >= 2),
            Err(e) => {
                prop_assert!(e.offset <= chars, "{text:?}: offset {} of {chars}", e.offset);
                prop_assert!(!e.reason.is_empty());
            }
        }
        let pos = Position::start(variant);
        match resolve::find(&pos, MoveQuery::Text(&text)) {
            Ok(mv) => prop_assert!(pos.legal_moves().iter().any(|m| m.same_as(&mv))),
            Err(e) => prop_assert!(!e.reason().is_empty()),
        }
    }

    /// On the international board (numbers 1..=50) a space-free, suffix-free text of square
    /// numbers reads with the board exactly when it reads without one and names only squares on
    /// the board. (With a board, a move may mix numbers and algebraic names; without one it may not.)
    #[test]
    fn board_free_and_board_readings_agree(text in numeric_move_text()) {
        let names = movetext::names(&text);
        let on_board = names.as_ref().is_some_and(|n| {
            n.squares.iter().all(|s| matches!(s, SquareName::Number(1..=50)))
        });
        let lexed = movetext::lex(Variant::International, &text);
        prop_assert_eq!(lexed.is_ok(), on_board, "{:?}: names {:?}, lex {:?}", text, names, lexed);
        if let (Some(n), Ok(l)) = (names, lexed) {
            prop_assert_eq!(n.squares.len(), l.squares.len());
            prop_assert_eq!(n.capture, l.capture_mark);
        }
    }
}

/// Pieces of PDN: tags, moves, numbers, comments, variations, results and line ends.
const PDN_PIECES: &[&str] = &[
    "[Event \"a\"]", "[Result \"2-0\"]", "[GameType \"20\"]", "[FEN \"W:W31,32:B1,2\"]", "[", "]", "\"",
    "1.", "2.", "12...", "32-28", "19-23", "28x19", "14x 23", "d4:f6", "{c}", "{", "}", "(", ")", "%x\n", ";r\n",
    "2-0", "0-2", "1-1", "*", "4-6", "\n", "\r\n", "\r", " ", "\t", "\n\n", "é", "$1",
];

fn pdn_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PDN_PIECES), 0..60).prop_map(|p| p.concat())
}

proptest! {
    #[test]
    fn streaming_reader_reads_random_pdn_as_parse_does(text in pdn_text(), capacity in 1usize..64) {
        let whole = pdn::parse(&text);
        let mut games = Vec::new();
        let mut warnings = Vec::new();
        for chunk in Reader::new(BufReader::with_capacity(capacity, text.as_bytes())) {
            let chunk = chunk.map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
            games.extend(chunk.games);
            warnings.extend(chunk.warnings);
        }
        prop_assert_eq!(&warnings, &whole.warnings, "{:?}", text);
        prop_assert_eq!(&games, &whole.games, "{:?}", text);
    }
}
