//! A man on its own far row (RULES.md section 6): read from a file, refused by hand. The rules
//! crate reads such positions and names the men; the app refuses them when set up by hand.

use draughts_rules::notation::fen;
use draughts_rules::{Color, Variant};

fn uncrowned(v: Variant, f: &str) -> Vec<(Color, String)> {
    let pos = fen::parse(v, f).expect("the FEN reads");
    pos.uncrowned_men().into_iter().map(|(c, s)| (c, s.name(v))).collect()
}

#[test]
fn men_on_their_own_far_row_are_named() {
    // English: Light's far row is 1-4, Dark's 29-32.
    assert_eq!(uncrowned(Variant::English, "W:W2,21:B30,12"), vec![(Color::Light, "2".to_string()), (Color::Dark, "30".to_string())]);
    // Kings there are as they should be; men on their own back row too.
    assert!(uncrowned(Variant::English, "W:WK2,29:BK30,3").is_empty());
    // International: 1-5 and 46-50.
    assert_eq!(uncrowned(Variant::International, "W:W4,31:B20"), vec![(Color::Light, "4".to_string())]);
    // Turkish (orthogonal, algebraic squares): Light's far row is row 8.
    assert_eq!(uncrowned(Variant::Turkish, "W:Wd8,a2:Bh1,h7"), vec![(Color::Light, "d8".to_string()), (Color::Dark, "h1".to_string())]);
    // The start positions have none.
    for v in Variant::OFFERED {
        assert!(draughts_rules::Position::start(v).uncrowned_men().is_empty(), "{v:?}");
    }
}

#[test]
fn a_side_may_have_as_many_pieces_as_it_starts_with_and_no_more() {
    use draughts_rules::{Position, SetupError};
    for v in Variant::ALL {
        let start = Position::start(v);
        let (light, dark) = (start.pieces(Color::Light), start.pieces(Color::Dark));
        let n = light.count_ones();
        assert_eq!(dark.count_ones(), n, "{v:?}");
        assert!(Position::new(v, light, dark, 0, Color::Light).is_ok(), "{v:?}");
        // One more Light piece on an empty square.
        let extra = v.geometry().board & !(light | dark);
        let one = extra & extra.wrapping_neg();
        assert_eq!(
            Position::new(v, light | one, dark, 0, Color::Light).unwrap_err(),
            SetupError::TooManyPieces { color: Color::Light, count: n + 1, max: n },
            "{v:?}"
        );
    }
}
