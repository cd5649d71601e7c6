//! The ACF line reader (`notation::acf`): squares numbered from the first mover's side, captures
//! written with `-` through every landing, and errors that name the line.

use draughts_rules::notation::{acf, movetext};
use draughts_rules::Variant;

fn pdn(i: u32) -> Option<u32> {
    acf::square(i).map(|s| Variant::English.geometry().number_of_bit(s.bit()))
}

#[test]
fn squares_count_from_the_first_movers_side() {
    // SOURCES.md: PDN = 4 * (i div 4) + 4 - (i mod 4); "10-13" is 10-15, "21-17" is 23-19.
    assert_eq!(
        [0, 10, 13, 21, 17, 31].map(pdn),
        [4, 10, 15, 23, 19, 29].map(Some)
    );
    assert_eq!(pdn(32), None);
}

#[test]
fn reads_quiet_moves_and_captures_through_their_landings() {
    // 11-15 23-18 7-11 27-23 9-14 18x9 (Light takes 14), in ACF squares.
    let text = "\n9-13 21-18 5-9 25-21 11-14 18-11\t0-1\n";
    let games = acf::parse(text).expect("reads");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!((g.line, g.result.as_str(), g.after_end), (2, "0-1", 0));
    let moves: Vec<String> = g
        .game
        .moves()
        .iter()
        .map(|m| movetext::write(Variant::English, m))
        .collect();
    assert_eq!(moves, ["11-15", "23-18", "7-11", "27-23", "9-14", "18x9"]);
}

#[test]
fn errors_name_the_line_and_the_ply() {
    let e = acf::parse("9-13 21-17\t1-0\n9-13 40-17\t1-0\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(
        e.reason.contains("ply 2") && e.reason.contains("\"40\""),
        "{e}"
    );
    let e = acf::parse("9-13 21-17\n").unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.reason.contains("TAB"), "{e}");
    // 9-13 twice: Dark has no man on 13's origin any more (9 is empty).
    let e = acf::parse("9-13 21-17 9-13\t*\n").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("line 1: ply 3 (\"9-13\"): matches 0 legal moves"),
        "{e}"
    );
}
