//! The board CSV reader (`notation::board_csv`): a Turkish game read board by board, and errors
//! that name the line for a bad cell, a board no legal move reaches, a missing header.

use draughts_rules::notation::board_csv;
use draughts_rules::notation::movetext;
use draughts_rules::Variant;

const HEADER: &str = "AUTO,TIME,BOARD\n";
/// Light's first move c3-c4 (Light starts on ranks 2 and 3), then Dark's c6-c5.
const TWO_PLIES: &str =
    "false,6.46,-------- bbbbbbbb bbbbbbbb -------- --w----- ww-wwwww wwwwwwww --------\n\
false,6.36,-------- bbbbbbbb bb-bbbbb --b----- --w----- ww-wwwww wwwwwwww --------\n";

#[test]
fn reads_the_moves_that_lead_to_each_board() {
    let read = board_csv::parse(&format!("{HEADER}{TWO_PLIES}")).expect("reads");
    let g = &read.game;
    assert_eq!(g.variant(), Variant::Turkish);
    let moves: Vec<String> = g
        .moves()
        .iter()
        .map(|m| movetext::write(Variant::Turkish, m))
        .collect();
    assert_eq!(moves, ["c3-c4", "c6-c5"]);
    assert_eq!(g.ply(), 2);
    assert_eq!(read.after_end, None);
}

#[test]
fn a_bad_cell_names_its_line() {
    let bad = TWO_PLIES.replacen("--w-----", "--x-----", 1);
    let e = board_csv::parse(&format!("{HEADER}{bad}")).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.reason.contains("unknown cell 'x'"), "{e}");
}

#[test]
fn a_board_no_move_reaches_names_its_line() {
    // The second row repeats the first: Dark made no move.
    let first = TWO_PLIES.lines().next().unwrap();
    let e = board_csv::parse(&format!("{HEADER}{first}\n{first}\n")).unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.reason.contains("no legal move of Dark"), "{e}");
    assert!(e.to_string().starts_with("line 3: "), "{e}");
}

#[test]
fn a_short_board_and_a_missing_header_are_errors() {
    let e = board_csv::parse(&format!("{HEADER}false,1.0,-------- bbbbbbbb\n")).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.reason.contains("8 rows"), "{e}");
    let e = board_csv::parse(TWO_PLIES).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.reason.contains("header"), "{e}");
    assert_eq!(board_csv::parse("").unwrap_err().line, 1);
}
