//! RULES.md section 9: every worked example of the guides, each asserting the exact legal move set.

use draughts_rules::notation::{movetext, square, text};
use draughts_rules::{Color, Position, Variant};

/// A position from 1-based (row, col) coordinates counted from the top-left (guide 001).
fn from_row_col(v: Variant, light: &[(u32, u32)], dark: &[(u32, u32)], side: Color) -> Position {
    let bits = |list: &[(u32, u32)]| {
        list.iter().fold(0u64, |acc, &(r, c)| acc | 1u64 << square::from_row_col(v, r, c).expect("playable square"))
    };
    Position::new(v, bits(light), bits(dark), 0, side).expect("valid set-up")
}

/// The legal moves as sorted lists of (row, col) paths, plus the captured squares.
fn moves_rc(pos: &Position) -> Vec<(Vec<(u32, u32)>, Vec<(u32, u32)>)> {
    let v = pos.variant();
    let mut out: Vec<_> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let mut path = vec![square::row_col(v, m.from())];
            path.extend(m.landings().iter().map(|&b| square::row_col(v, b as u32)));
            let mut caps: Vec<_> = m.captured_squares().map(|b| square::row_col(v, b)).collect();
            caps.sort();
            (path, caps)
        })
        .collect();
    out.sort();
    out
}

fn moves_text(pos: &Position) -> Vec<String> {
    let v = pos.variant();
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let mut s = square::algebraic(v, m.from());
            for &l in m.landings() {
                s.push(if m.is_capture() { 'x' } else { '-' });
                s.push_str(&square::algebraic(v, l as u32));
            }
            s
        })
        .collect();
    out.sort();
    out
}

#[test]
fn example_1_guide_000_capture_stops_on_e5() {
    for v in [Variant::American, Variant::German] {
        let pos = text::parse(v, "Light c3; Light g3; Dark d4; Dark b8. Light to move.").unwrap();
        assert_eq!(moves_text(&pos), ["c3xe5"], "{v}");
        let mv = pos.legal_moves()[0];
        assert_eq!(mv.captured_squares().map(|b| square::algebraic(v, b)).collect::<Vec<_>>(), ["d4"]);
    }
}

#[test]
fn example_2_guide_000_promotion_ends_the_move() {
    for v in [Variant::American, Variant::German] {
        let pos = text::parse(v, "Light b6; Dark c7; Dark e7. Light to move.").unwrap();
        assert_eq!(moves_text(&pos), ["b6xd8"], "{v}");
        let mv = pos.legal_moves()[0];
        assert!(mv.promotes(), "{v}: the man is crowned on d8");
        let after = pos.after(&mv);
        let e7 = square::parse(v, "e7").unwrap();
        assert!(after.pieces(Color::Dark) & (1 << e7) != 0, "{v}: e7 stays on the board");
    }
}

#[test]
fn example_3_guide_001_english_double_jump() {
    let v = Variant::English;
    let pos = from_row_col(v, &[(6, 1)], &[(5, 2), (3, 4)], Color::Light);
    assert_eq!(moves_rc(&pos), vec![(vec![(6, 1), (4, 3), (2, 5)], vec![(3, 4), (5, 2)])]);
    let after = pos.after(&pos.legal_moves()[0]);
    assert_eq!(after.pieces(Color::Dark), 0, "both Dark men are removed");
}

#[test]
fn example_4_guide_001_russian_crowned_mid_chain_goes_on() {
    let v = Variant::Russian;
    let pos = from_row_col(v, &[(3, 2)], &[(2, 3), (3, 6)], Color::Light);
    assert_eq!(
        moves_rc(&pos),
        vec![
            (vec![(3, 2), (1, 4), (4, 7)], vec![(2, 3), (3, 6)]),
            (vec![(3, 2), (1, 4), (5, 8)], vec![(2, 3), (3, 6)]),
        ]
    );
    for mv in pos.legal_moves() {
        assert!(mv.promotes());
        let after = pos.after(&mv);
        assert_eq!(after.kings(Color::Light).count_ones(), 1);
        assert_eq!(after.side_to_move(), Color::Dark, "the turn ends after both captures");
    }
}

#[test]
fn example_5_guide_001_international_majority_capture() {
    let v = Variant::International;
    let pos = from_row_col(v, &[(6, 1), (6, 5)], &[(5, 2), (3, 4), (5, 6)], Color::Light);
    assert_eq!(moves_rc(&pos), vec![(vec![(6, 1), (4, 3), (2, 5)], vec![(3, 4), (5, 2)])]);
}

#[test]
fn example_6_guide_001_turkish_majority_capture() {
    let v = Variant::Turkish;
    let pos = from_row_col(v, &[(6, 1), (6, 5)], &[(5, 1), (3, 1), (5, 5)], Color::Light);
    assert_eq!(moves_rc(&pos), vec![(vec![(6, 1), (4, 1), (2, 1)], vec![(3, 1), (5, 1)])]);
}

#[test]
fn move_text_of_the_examples_round_trips() {
    let v = Variant::English;
    let pos = from_row_col(v, &[(6, 1)], &[(5, 2), (3, 4)], Color::Light);
    let mv = pos.legal_moves()[0];
    let t = movetext::write(v, &mv);
    assert_eq!(t, "21x14x7");
    assert_eq!(movetext::parse(&pos, &t).unwrap(), mv);
    assert_eq!(movetext::parse(&pos, "21x7").unwrap(), mv);
}
