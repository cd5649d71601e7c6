//! The one resolver (`draughts_rules::resolve`): each kind of query, and each error it gives.

mod support;

use draughts_rules::resolve::{self, find, find_route, MatchError, MoveQuery};
use draughts_rules::{Hop, Position, Square, Variant};
use support::{pos, sq};

fn english_double_jump() -> Position {
    // Dark to move: 9x18x27 takes 14 and 23 (RULES.md section 3: a chain is played to its end).
    pos(Variant::English, "B:W14,23:B9")
}

#[test]
fn move_text_full_short_and_with_dashes() {
    let p = english_double_jump();
    for text in ["9x18x27", "9x27", "9-18-27", "9:27"] {
        let m = find(&p, MoveQuery::Text(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.capture_count(), 2, "{text}");
    }
}

#[test]
fn a_quiet_move_written_with_x_is_refused() {
    let p = Position::start(Variant::English);
    assert!(find(&p, MoveQuery::Text("11-15")).is_ok());
    for text in ["11x15", "11:15"] {
        match find(&p, MoveQuery::Text(text)) {
            Err(e @ MatchError::QuietWrittenAsCapture { .. }) => assert!(e.to_string().contains("written with -"), "{e}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn a_route_cut_short_is_incomplete_and_names_the_chain() {
    let p = english_double_jump();
    let v = p.variant();
    let full = find_route(&p, &["9", "18", "27"], None::<&[&str]>).unwrap();
    assert_eq!(full.capture_count(), 2);
    match find_route(&p, &["9", "18"], None::<&[&str]>) {
        Err(e @ MatchError::Incomplete { .. }) => {
            assert!(e.reason().contains("chain must go on") && e.reason().contains("9x18x27"), "{e}");
            assert!(e.to_string().starts_with("move 9x18:"), "a capture route is written as one: {e}");
        }
        other => panic!("{other:?}"),
    }
    // Move text written hop by hop and cut short says so too.
    assert!(matches!(find(&p, MoveQuery::Text("9x18")), Err(MatchError::Incomplete { .. })));
    match find(&p, MoveQuery::Route { from: sq(v, "9"), landings: &[sq(v, "13")], captured: None }) {
        Err(e @ MatchError::Illegal { .. }) => assert!(e.reason().contains("legal moves are 9x18x27"), "{e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_squares_and_bad_text_are_named() {
    let p = english_double_jump();
    match find_route(&p, &["9", "x"], None::<&[&str]>) {
        Err(MatchError::BadSquare { name, .. }) => assert_eq!(name, "x"),
        other => panic!("{other:?}"),
    }
    match find_route(&p, &["9", "18", "27"], Some(&["14", "99"][..])) {
        Err(MatchError::BadSquare { name, .. }) => assert_eq!(name, "99"),
        other => panic!("{other:?}"),
    }
    match find(&p, MoveQuery::Text("9--18")) {
        Err(MatchError::Syntax(e)) => assert_eq!((e.token.as_str(), e.offset), ("-", 2)),
        other => panic!("{other:?}"),
    }
    assert!(matches!(find_route(&p, &["9"], None::<&[&str]>), Err(MatchError::Syntax(_))));
}

#[test]
fn origin_destination_and_captured_set() {
    // Men capturing forward only: c3 to c7 over d4 and d6, or over b4 and b6 (two moves).
    let v = Variant::English;
    let p = pos(v, "Light c3; Dark d4; Dark d6; Dark b4; Dark b6. Light to move.");
    let (from, to) = (sq(v, "c3"), sq(v, "c7"));
    match find(&p, MoveQuery::Taking { from, to, captured: None, capture_mark: true }) {
        Err(MatchError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
        other => panic!("{other:?}"),
    }
    let left = sq(v, "b4").mask() | sq(v, "b6").mask();
    let m = find(&p, MoveQuery::Taking { from, to, captured: Some(left), capture_mark: true }).unwrap();
    assert_eq!(m.captured(), left);
    let wrong = sq(v, "b4").mask() | sq(v, "d6").mask();
    assert!(matches!(find(&p, MoveQuery::Taking { from, to, captured: Some(wrong), capture_mark: true }), Err(MatchError::Illegal { .. })));
    // The same two routes as a route with the captured squares.
    assert_eq!(find_route(&p, &["c3", "a5", "c7"], Some(&["b4", "b6"][..])).unwrap().captured(), left);
    match find_route(&p, &["c3", "a5", "c7"], Some(&["d4", "d6"][..])) {
        Err(e @ MatchError::CapturedMismatch { .. }) => assert!(e.reason().contains("22x13x6 takes 9, 17"), "{e}"),
        other => panic!("{other:?}"),
    }
    // A quiet move given with captured squares.
    let start = Position::start(v);
    match find_route(&start, &["11", "15"], Some(&["18"][..])) {
        Err(e @ MatchError::CapturedMismatch { .. }) => assert!(e.reason().contains("takes nothing"), "{e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn candidates_leave_the_choice_to_the_reader() {
    let v = Variant::English;
    let p = pos(v, "Light c3; Dark d4; Dark d6; Dark b4; Dark b6. Light to move.");
    let squares = [sq(v, "c3"), sq(v, "c7")];
    assert_eq!(resolve::candidates(&p, MoveQuery::Through { squares: &squares, capture_mark: true }).len(), 2);
    assert_eq!(resolve::candidates(&p, MoveQuery::Text("c3xc7")).len(), 2);
    assert!(resolve::candidates(&p, MoveQuery::Text("c3xx")).is_empty());
}

#[test]
fn hops_name_each_piece_taken_in_order() {
    // A flying king (International) passes empty squares before and after the piece it takes.
    let v = Variant::International;
    let p = pos(v, "W:WK46:B37,19");
    let m = find(&p, MoveQuery::Text("46x28x14")).or_else(|_| find(&p, MoveQuery::Text("46x14"))).unwrap();
    let hops: Vec<Hop> = m.hops(v.geometry()).collect();
    assert_eq!(hops.len(), m.landings().len());
    assert_eq!(hops.iter().map(|h| h.taken).collect::<Vec<_>>(), [Some(sq(v, "37")), Some(sq(v, "19"))]);
    assert_eq!(hops.last().unwrap().landing, m.to());
    // A quiet move takes nothing.
    let q = find(&Position::start(v), MoveQuery::Text("32-28")).unwrap();
    assert_eq!(q.hops(v.geometry()).collect::<Vec<_>>(), [Hop { landing: sq(v, "28"), taken: None }]);
}

#[test]
fn turkish_hops_may_cross_a_square_already_emptied() {
    // Taken pieces vanish at once (RULES.md section 2), so a later hop of a king may cross the
    // square of a piece it took before: each hop must still name the piece it takes itself.
    let v = Variant::Turkish;
    let g = v.geometry();
    let mut rng = support::Rng::new(7);
    let mut crossings = 0;
    for _ in 0..4000 {
        let (mut light, mut dark) = (0u64, 0u64);
        let king = rng.below(64) as u32;
        light |= 1 << king;
        for _ in 0..7 {
            let b = rng.below(64);
            if (light | dark) & (1 << b) == 0 && (8..56).contains(&b) {
                dark |= 1 << b;
            }
        }
        let Ok(p) = Position::new(v, light, dark, light, draughts_rules::Color::Light) else { continue };
        for m in p.legal_moves().iter().filter(|m| m.is_capture()) {
            let hops: Vec<Hop> = m.hops(g).collect();
            let taken: Vec<Square> = hops.iter().map(|h| h.taken.expect("every hop of a capture takes a piece")).collect();
            assert_eq!(taken.iter().fold(0u64, |a, b| a | b.mask()), m.captured(), "{m:?}");
            assert_eq!(taken.len() as u32, m.capture_count(), "a piece named twice in {m:?}");
            // Does a hop pass over a square emptied by an earlier hop?
            let mut at = m.from();
            for (i, h) in hops.iter().enumerate() {
                let between = line_between(g, at.bit(), h.landing.bit());
                crossings += taken[..i].iter().any(|t| between & t.mask() != 0) as usize;
                at = h.landing;
            }
        }
    }
    assert!(crossings > 0, "the sample has no hop crossing an emptied square");
}

/// The squares strictly between two squares on one line.
fn line_between(g: &draughts_rules::Geometry, a: u32, b: u32) -> u64 {
    let ((r0, c0), (r1, c1)) = (g.row_col(a), g.row_col(b));
    let (dr, dc) = ((r1 as i32 - r0 as i32).signum(), (c1 as i32 - c0 as i32).signum());
    let (mut r, mut c) = (r0 as i32 + dr, c0 as i32 + dc);
    let mut out = 0;
    while (r, c) != (r1 as i32, c1 as i32) {
        out |= 1 << g.bit_at(r as u32, c as u32).expect("on the board");
        r += dr;
        c += dc;
    }
    out
}

#[test]
fn checked_play_refuses_a_move_of_another_position() {
    let v = Variant::English;
    let mut p = Position::start(v);
    let m = find(&p, MoveQuery::Text("11-15")).unwrap();
    let before = p;
    let mut q = p;
    q.play_unchecked(&m);
    assert_eq!(p.play(&m), Ok(()));
    assert_eq!(p, q);
    // 11-15 again: not a move of the position after it.
    match p.play(&m) {
        Err(e @ MatchError::Illegal { .. }) => assert!(e.to_string().contains("legal moves are"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(p, q, "a refused move changes nothing");
    assert_ne!(before, q);
}

#[test]
fn pdn_replay_refuses_a_quiet_move_written_with_x_too() {
    use draughts_rules::notation::pdn::{self, replay};
    let file = pdn::parse("[GameType \"21\"]\n1. 11x15 23-19 *\n");
    let e = replay::replay(&file.games[0], Variant::English).unwrap_err();
    assert_eq!((e.ply, e.move_text.as_str()), (1, "11x15"));
    assert!(e.reason.contains("quiet move"), "{e:?}");
    let file = pdn::parse("[GameType \"21\"]\n1. 11-15 23-19 *\n");
    assert!(replay::replay(&file.games[0], Variant::English).is_ok());
}
