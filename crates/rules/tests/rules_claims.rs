//! RULES.md sections 1 to 4, one claim at a time: each test holds a position where a wrong
//! implementation of the rule gives a different move set or result, per variant where the rule
//! differs. The claims that are a position and its move set are rows of
//! `tests/data/rules_claims.txt`; the tests here check those rows and the claims whose point is
//! code (move text, flags, games, counters). Squares are algebraic; the Italian board is turned (h1 dark), so its positions use
//! the other colour of squares. Expected sets are worked out by hand from RULES.md.

mod support;

use draughts_rules::notation::{movetext, square};
use draughts_rules::{Color, Game, Outcome, Position, Reason, Variant};
use support::json::{self, Json};
use support::{captured, find, moves, moves_caps, pos, sorted, sq};

use Variant::*;

/// Rows of `tests/data/rules_claims.txt` at least: an emptied or cut file fails.
const CLAIM_ROWS: usize = 72;

/// Every row of `tests/data/rules_claims.txt`: the position's legal moves are exactly the
/// expected set (`moves` or `caps`), or that many (`count`), in each variant of the row.
#[test]
fn claims_from_data() {
    let mut rows = 0;
    for (at, line) in support::data_rows("rules_claims.txt") {
        let row = json::parse(&line).unwrap_or_else(|e| panic!("{at}: {e}"));
        let field = |k: &str| row.get(k).and_then(Json::as_str).unwrap_or_else(|| panic!("{at}: no {k}"));
        let list = |k: &str| -> Option<Vec<&str>> {
            row.get(k).map(|l| {
                l.as_array().unwrap_or_else(|| panic!("{at}: {k} must be a list")).iter().map(|m| m.as_str().unwrap_or_else(|| panic!("{at}: {k} holds strings"))).collect()
            })
        };
        let (claim, s) = (field("claim"), field("position"));
        assert!(!field("section").is_empty() && !field("source").is_empty(), "{at}");
        let variants: Vec<Variant> =
            field("variants").split_whitespace().map(|v| v.parse().unwrap_or_else(|e| panic!("{at}: {e}"))).collect();
        assert!(!variants.is_empty(), "{at}: no variants");
        let expectations = ["moves", "caps", "count"].iter().filter(|k| row.get(k).is_some()).count();
        assert_eq!(expectations, 1, "{at}: give exactly one of moves, caps, count");
        for v in variants {
            let p = pos(v, s);
            if let Some(want) = list("moves") {
                assert_eq!(moves(&p), sorted(&want), "{at} ({claim}), {v}: {s}");
            } else if let Some(want) = list("caps") {
                assert_eq!(moves_caps(&p), sorted(&want), "{at} ({claim}), {v}: {s}");
            } else {
                let Some(Json::Number(want)) = row.get("count") else { panic!("{at}: count must be a number") };
                assert_eq!(p.legal_moves().len() as f64, *want, "{at} ({claim}), {v}: {s}: {:?}", moves(&p));
            }
        }
        rows += 1;
    }
    assert!(rows >= CLAIM_ROWS, "rules_claims.txt has {rows} rows, expected at least {CLAIM_ROWS}");
}

// ---------------------------------------------------------------------------------------------
// Section 1: capture is compulsory (the positions are in the data file).
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_is_compulsory_removes_quiet_moves() {
    // Without the enemy piece in reach, g3 has quiet moves: the rule is what removes them (the
    // data file's row with Dark d4 has c3xe5 alone).
    for v in [English, American, German, Russian, Brazilian, International] {
        let quiet = pos(v, "Light c3; Light g3; Dark h8. Light to move.");
        assert!(moves(&quiet).contains(&"g3-h4".to_string()), "{v}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 1: two moves or one.
// ---------------------------------------------------------------------------------------------

#[test]
fn same_start_and_end_but_different_pieces_are_different_moves() {
    // Men that capture forward only: c3 to c7 over d4 and d6, or over b4 and b6.
    let s = "Light c3; Dark d4; Dark d6; Dark b4; Dark b6. Light to move.";
    for v in [English, American, German] {
        // The move set is a row of the data file.
        let p = pos(v, s);
        // The short form names two moves: an error listing both full paths.
        let e = movetext::parse(&p, "c3xc7").unwrap_err();
        assert!(e.reason.starts_with("ambiguous"), "{v}: {e}");
        for m in p.legal_moves() {
            assert!(e.reason.contains(&movetext::write(v, &m)), "{v}: {e}");
        }
        // The full path names one.
        let m = movetext::parse(&p, "c3xe5xc7").unwrap();
        assert_eq!(captured(v, &m), ["d4", "d6"]);
        let m = movetext::parse(&p, "c3xa5xc7").unwrap();
        assert_eq!(captured(v, &m), ["b4", "b6"]);
    }
    // The same on the turned Italian board (mirrored squares).
    let p = pos(Italian, "Light f3; Dark e4; Dark e6; Dark g4; Dark g6. Light to move.");
    assert!(movetext::parse(&p, "f3xf7").unwrap_err().reason.starts_with("ambiguous"));
    // Men that also capture backwards go on round the loop and back to c3: one move of four.
    for v in [Russian, Brazilian, International] {
        let p = pos(v, s);
        let legal = p.legal_moves();
        assert_eq!(legal.len(), 1, "{v}: {:?}", moves_caps(&p));
        assert_eq!((legal[0].from(), legal[0].to(), legal[0].capture_count()), (sq(v, "c3"), sq(v, "c3"), 4), "{v}");
    }
}

#[test]
fn same_pieces_in_another_order_are_one_move() {
    // The king can go round the four men either way and come back to c3: one move (two routes).
    let s = "Light king c3; Dark d4; Dark d6; Dark b6; Dark b4. Light to move.";
    let p = pos(English, s);
    let legal = p.legal_moves();
    assert_eq!(legal.len(), 1, "{:?}", moves_caps(&p));
    assert_eq!(legal[0].from(), sq(English, "c3"));
    assert_eq!(legal[0].to(), sq(English, "c3"));
    assert_eq!(legal[0].capture_count(), 4);
    assert_eq!(p.legal_routes().len(), 2, "both routes are kept for reading move text");
    // Flying kings: the loop can end on c3, d2, e1 (clockwise) or c3, b2, a1 (anticlockwise);
    // the two routes ending on c3 are one move.
    for v in [Russian, German, International] {
        let p = pos(v, s);
        let mut ends: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|m| format!("{}{}", square::algebraic(v, m.from()), square::algebraic(v, m.to())))
            .collect();
        ends.sort();
        assert_eq!(ends, sorted(&["c3a1", "c3b2", "c3c3", "c3d2", "c3e1"]), "{v}");
        assert!(p.legal_moves().iter().all(|m| m.capture_count() == 4), "{v}");
        assert_eq!(p.legal_routes().len(), 6, "{v}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 2: promotion.
// ---------------------------------------------------------------------------------------------

#[test]
fn promotion_ends_the_move() {
    // Crowned on d8, the new king could take e7, but the move ends (english, american, german).
    for v in [English, American, German] {
        let p = pos(v, "Light b6; Dark c7; Dark e7. Light to move.");
        assert_eq!(moves(&p), ["b6xd8"], "{v}");
        let m = find(&p, "b6xd8");
        assert!(m.promotes(), "{v}");
        let after = p.after(&m);
        assert_eq!(after.kings(Color::Light), sq(v, "d8").mask(), "{v}");
        assert_ne!(after.pieces(Color::Dark) & sq(v, "e7").mask(), 0, "{v}: e7 stays");
    }
    let p = pos(Italian, "Light a6; Dark b7; Dark d7. Light to move.");
    assert_eq!(moves(&p), ["a6xc8"]);
    assert!(find(&p, "a6xc8").promotes());
}

#[test]
fn russian_man_crowned_mid_chain_goes_on_as_a_flying_king() {
    let p = pos(Russian, "Light b6; Dark c7; Dark e7. Light to move.");
    assert_eq!(moves(&p), sorted(&["b6xd8xf6", "b6xd8xg5", "b6xd8xh4"]));
    for m in p.legal_moves() {
        assert!(m.promotes());
        assert_eq!(p.after(&m).kings(Color::Light).count_ones(), 1);
    }
    // Dark is crowned on the first row.
    let p = pos(Russian, "Light d2; Light b2; Dark e3. Dark to move.");
    assert_eq!(moves(&p), ["e3xc1xa3"]);
    assert!(find(&p, "e3xc1xa3").promotes());
}

#[test]
fn international_man_passing_the_far_row_stays_a_man() {
    // b8 x c9 lands on d10, then takes e9 backwards as a man and ends on f8, uncrowned. As a king
    // on d10 or f8 it could also fly on over h6.
    let p = pos(International, "Light b8; Dark c9; Dark e9; Dark h6. Light to move.");
    assert_eq!(moves(&p), ["b8xd10xf8"]);
    let m = find(&p, "b8xd10xf8");
    assert!(!m.promotes());
    let after = p.after(&m);
    assert_eq!(after.kings(Color::Light), 0);
    assert_eq!(after.men(Color::Light), sq(International, "f8").mask());
    // A chain that ends on the far row crowns.
    let p = pos(International, "Light b8; Dark c9; Dark h6. Light to move.");
    assert_eq!(moves(&p), ["b8xd10"]);
    assert!(find(&p, "b8xd10").promotes());
    // Brazilian (international rules on 8x8): d8 is touched and left again.
    let p = pos(Brazilian, "Light b6; Dark c7; Dark e7. Light to move.");
    assert_eq!(moves(&p), ["b6xd8xf6"]);
    assert!(!find(&p, "b6xd8xf6").promotes());
}

#[test]
fn turkish_man_on_the_far_row_mid_chain_goes_on_as_a_man() {
    // Sideways as a man from b8 over c8.
    let p = pos(Turkish, "Light b6; Dark b7; Dark c8. Light to move.");
    assert_eq!(moves(&p), ["b6xb8xd8"]);
    assert!(find(&p, "b6xb8xd8").promotes(), "crowned at the end, on the far row");
    // d8 is two squares away: a king could fly over it, a man cannot.
    let p = pos(Turkish, "Light b6; Dark b7; Dark d8. Light to move.");
    assert_eq!(moves(&p), ["b6xb8"]);
    assert!(find(&p, "b6xb8").promotes());
}

#[test]
fn a_quiet_move_to_the_far_row_crowns() {
    for v in [English, American, German, Russian, Brazilian] {
        let p = pos(v, "Light a7; Dark h2. Light to move.");
        let m = find(&p, "a7-b8");
        assert!(m.promotes(), "{v}");
        assert_eq!(p.after(&m).kings(Color::Light), sq(v, "b8").mask(), "{v}");
        let p = pos(v, "Light a7; Dark h2. Dark to move.");
        assert!(find(&p, "h2-g1").promotes(), "{v}: Dark's far row is the first row");
    }
    assert!(find(&pos(International, "Light a9; Dark j2. Light to move."), "a9-b10").promotes());
    assert!(find(&pos(Italian, "Light b7; Dark g2. Light to move."), "b7-a8").promotes());
    assert!(find(&pos(Turkish, "Light c7; Dark f2. Light to move."), "c7-c8").promotes());
    assert!(!find(&pos(Turkish, "Light c7; Dark f2. Light to move."), "c7-b7").promotes());
}

// ---------------------------------------------------------------------------------------------
// Section 2: first mover and start positions.
// ---------------------------------------------------------------------------------------------

#[test]
fn first_mover_per_variant() {
    for v in Variant::ALL {
        let want = if v == English { Color::Dark } else { Color::Light };
        assert_eq!(Position::start(v).side_to_move(), want, "{v}");
        assert_eq!(Game::new(v).position().side_to_move(), want, "{v}");
    }
}

#[test]
fn start_positions() {
    use draughts_rules::notation::fen;
    let want = [
        (English, "B:W21-32:B1-12"),
        (American, "W:W21-32:B1-12"),
        (German, "W:W21-32:B1-12"),
        (Italian, "W:W21-32:B1-12"),
        (International, "W:W31-50:B1-20"),
        (
            Russian,
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
        ),
    ];
    for (v, f) in want {
        assert_eq!(fen::write(&Position::start(v)), f, "{v}");
    }
    for v in Variant::ALL {
        let p = Position::start(v);
        let n = match v {
            International => 20,
            Turkish => 16,
            _ => 12,
        };
        assert_eq!(p.pieces(Color::Light).count_ones(), n, "{v}");
        assert_eq!(p.pieces(Color::Dark).count_ones(), n, "{v}");
        assert_eq!(p.all_kings(), 0, "{v}");
    }
    // Turkish: the second and third rows, back rows empty.
    let t = Position::start(Turkish);
    for f in "abcdefgh".chars() {
        for (rank, color) in [(2, Some(Color::Light)), (3, Some(Color::Light)), (6, Some(Color::Dark)), (7, Some(Color::Dark)), (1, None), (8, None), (4, None), (5, None)] {
            let b = sq(Turkish, &format!("{f}{rank}"));
            assert_eq!(t.piece_at(b.bit()).map(|p| p.color), color, "turkish {f}{rank}");
        }
    }
    // Italian: the turned board; Light's back row holds b1, d1, f1, h1.
    let i = Position::start(Italian);
    for s in ["b1", "d1", "f1", "h1", "a2", "g2", "b3", "h3"] {
        assert_eq!(i.piece_at(sq(Italian, s).bit()).map(|p| p.color), Some(Color::Light), "italian {s}");
    }
    for s in ["a8", "g8", "b7", "h7", "a6", "g6"] {
        assert_eq!(i.piece_at(sq(Italian, s).bit()).map(|p| p.color), Some(Color::Dark), "italian {s}");
    }
    // The first moves: 7 on 8x8 diagonal boards, 9 on 10x10, 8 in Turkish.
    for v in Variant::ALL {
        let n = match v {
            International => 9,
            Turkish => 8,
            _ => 7,
        };
        assert_eq!(Position::start(v).legal_moves().len(), n, "{v}");
    }
}

// ---------------------------------------------------------------------------------------------
// Sections 1 and 4: results.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_blocked_side_loses() {
    // Light's only man is blocked: Dark wins; this is not a stalemate draw.
    for v in [English, American, German, Russian, International, Brazilian] {
        let g = Game::from_position(pos(v, "Light a3; Dark b4; Dark c5. Light to move."));
        assert_eq!(g.outcome(), Some(Outcome::Win(Color::Dark, Reason::NoLegalMove)), "{v}");
    }
    // Reached by a move.
    let mut g = Game::from_position(pos(English, "Light a3; Dark a5; Dark c5. Dark to move."));
    assert_eq!(g.outcome(), None);
    support::play(&mut g, "a5-b4").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o, Outcome::Win(Color::Dark, Reason::NoLegalMove));
    assert_eq!(o.to_string(), "Dark wins: Light has no legal move");
    assert_eq!(o.reason().code(), "no-legal-move");
    assert!(g.legal_moves().is_empty());
    // Turkish: forward and sideways both blocked, captures blocked.
    let g = Game::from_position(pos(Turkish, "Light a2; Dark a3; Dark a4; Dark b2; Dark c2. Light to move."));
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Dark, Reason::NoLegalMove)));
    // Italian.
    let g = Game::from_position(pos(Italian, "Light a2; Dark b3; Dark c4. Light to move."));
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Dark, Reason::NoLegalMove)));
}

#[test]
fn no_pieces_loses() {
    for v in [English, American, German, Russian, International, Brazilian] {
        let mut g = Game::from_position(pos(v, "Light c3; Dark d4. Light to move."));
        support::play(&mut g, "c3xe5").unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o, Outcome::Win(Color::Light, Reason::NoPieces), "{v}");
        assert_eq!(o.reason().code(), "no-pieces");
        assert_eq!(o.to_string(), "Light wins: Dark has no pieces left");
    }
    let mut g = Game::from_position(pos(Turkish, "Light d3; Light a1; Dark d4. Light to move."));
    support::play(&mut g, "d3xd5").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Light, Reason::NoPieces)));
    // Once over, no more moves.
    assert!(support::play(&mut g, "a1-a2").is_err());
}

#[test]
fn third_occurrence_is_a_draw() {
    let mut g = Game::from_position(pos(English, "Light king a1; Dark king h8. Light to move."));
    for (i, m) in ["a1-b2", "h8-g7", "b2-a1", "g7-h8", "a1-b2", "h8-g7", "b2-a1"].iter().enumerate() {
        support::play(&mut g, m).unwrap();
        assert_eq!(g.outcome(), None, "after ply {}", i + 1);
    }
    assert_eq!(g.repetitions(), 2);
    support::play(&mut g, "g7-h8").unwrap();
    assert_eq!(g.repetitions(), 3);
    let o = g.outcome().unwrap();
    assert_eq!(o, Outcome::Draw(Reason::Threefold));
    assert_eq!(o.reason().code(), "threefold");
    // Undo takes the draw back.
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn repetition_needs_the_same_side_to_move() {
    // German flying kings can lose a tempo (a1-c3 in one move, or in two), so the same pieces
    // come back with the other side to move. Those positions are different.
    let mut g = Game::from_position(pos(German, "Light king a1; Dark king h6. Light to move."));
    let line = ["a1-b2", "h6-g5", "b2-c3", "g5-h6", "c3-a1", "h6-g5", "a1-b2", "g5-h6", "b2-a1"];
    for m in line {
        support::play(&mut g, m).unwrap();
        assert_eq!(g.outcome(), None, "after {m}");
    }
    // Kings on a1 and h8 for the third time, but twice with Dark to move and once with Light.
    let same_squares = g.positions().iter().filter(|p| p.pieces(Color::Light) == g.position().pieces(Color::Light) && p.pieces(Color::Dark) == g.position().pieces(Color::Dark)).count();
    assert_eq!(same_squares, 3);
    assert_eq!(g.repetitions(), 2);
    // A man and a king on the same square are different positions too.
    let a = pos(English, "Light c3; Dark king h8. Light to move.");
    let b = pos(English, "Light king c3; Dark king h8. Light to move.");
    assert_ne!(a, b);
    assert_ne!(a.hash(), b.hash());
}

/// Plays `plies` king moves (no capture, no man move) that neither give the opponent a capture
/// nor repeat a position a third time: a depth-first search that tries unseen positions first,
/// in a fixed pseudo-random order, and backs up from dead ends. Deterministic.
fn king_walk(g: &mut Game, plies: usize) {
    let mut rng = support::Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut budget = 200_000usize;
    assert!(walk(g, plies, &mut rng, &mut budget), "no king walk of {plies} plies from {}", g.position().hash());
}

fn walk(g: &mut Game, left: usize, rng: &mut support::Rng, budget: &mut usize) -> bool {
    if left == 0 {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let p = *g.position();
    let mut options: Vec<(usize, u64, draughts_rules::Move)> = Vec::new();
    for m in g.legal_moves() {
        if m.is_capture() || p.all_kings() & m.from().mask() == 0 {
            continue;
        }
        let next = p.after(&m);
        if next.has_capture() {
            continue;
        }
        let seen = g.positions().iter().filter(|q| **q == next).count();
        if seen < 2 {
            options.push((seen, rng.next(), m));
        }
    }
    options.sort_by_key(|&(seen, r, _)| (seen, r));
    for (_, _, m) in options {
        g.play(&m).unwrap();
        if (g.outcome().is_none() || left == 1) && walk(g, left - 1, rng, budget) {
            return true;
        }
        g.undo().unwrap();
    }
    false
}

/// Per variant: a position with a king and a man on each side that can walk, the man moves to
/// try, and a promotion.
struct CounterCase {
    v: Variant,
    start: &'static str,
    light_man_move: &'static str,
    dark_man_move: &'static str,
}

const COUNTER_CASES: [CounterCase; 8] = [
    CounterCase { v: English, start: "Light king e1; Light a3; Dark king d8; Dark h6. Light to move.", light_man_move: "a3-b4", dark_man_move: "h6-g5" },
    CounterCase { v: American, start: "Light king e1; Light a3; Dark king d8; Dark h6. Light to move.", light_man_move: "a3-b4", dark_man_move: "h6-g5" },
    CounterCase { v: German, start: "Light king e1; Light a3; Dark king d8; Dark h6. Light to move.", light_man_move: "a3-b4", dark_man_move: "h6-g5" },
    CounterCase { v: Russian, start: "Light king e1; Light a3; Dark king d8; Dark h6. Light to move.", light_man_move: "a3-b4", dark_man_move: "h6-g5" },
    CounterCase { v: Brazilian, start: "Light king e1; Light a3; Dark king d8; Dark h6. Light to move.", light_man_move: "a3-b4", dark_man_move: "h6-g5" },
    CounterCase { v: International, start: "Light king e1; Light a3; Dark king f10; Dark j8. Light to move.", light_man_move: "a3-b4", dark_man_move: "j8-i7" },
    CounterCase { v: Italian, start: "Light king d1; Light a2; Dark king e8; Dark h7. Light to move.", light_man_move: "a2-b3", dark_man_move: "h7-g6" },
    CounterCase { v: Turkish, start: "Light king e1; Light a2; Dark king d8; Dark h7. Light to move.", light_man_move: "a2-a3", dark_man_move: "h7-h6" },
];

#[test]
fn quiet_move_limit_per_variant() {
    for c in &COUNTER_CASES {
        let limit = match c.v {
            English | American | German | Italian => 80,
            _ => 120,
        };
        assert_eq!(c.v.rules().quiet_limit, limit, "{}", c.v);
        let mut g = Game::from_position(pos(c.v, c.start));
        king_walk(&mut g, limit as usize - 1);
        assert_eq!(g.quiet_count(), limit - 1, "{}", c.v);
        assert_eq!(g.outcome(), None, "{}: one half-move short of the limit", c.v);
        king_walk(&mut g, 1);
        let o = g.outcome().unwrap_or_else(|| panic!("{}: no draw at {limit}", c.v));
        assert_eq!(o, Outcome::Draw(Reason::QuietMoves(limit)), "{}", c.v);
        assert_eq!(o.reason().code(), format!("quiet-moves-{limit}"));
    }
}

#[test]
fn quiet_move_counter_resets_on_a_man_move_only_where_the_table_says() {
    for c in &COUNTER_CASES {
        let v = c.v;
        // English, Russian, International, Turkish, Italian (and Brazilian): capture or man move;
        // American and German: capture or promotion.
        let by_man_move = !matches!(v, American | German);
        // King moves of both sides count.
        let mut g = Game::from_position(pos(v, c.start));
        king_walk(&mut g, 10);
        assert_eq!(g.quiet_count(), 10, "{v}");
        let m = support::play(&mut g, c.light_man_move).unwrap();
        assert!(!m.promotes() && !m.is_capture());
        assert_eq!(g.quiet_count(), if by_man_move { 0 } else { 11 }, "{v}: after a Light man move");
        // Dark's man moves as well.
        let mut g = Game::from_position(pos(v, c.start).with_side_to_move(Color::Dark));
        king_walk(&mut g, 4);
        support::play(&mut g, c.dark_man_move).unwrap();
        assert_eq!(g.quiet_count(), if by_man_move { 0 } else { 5 }, "{v}: after a Dark man move");
        // Undo restores the counter.
        g.undo().unwrap();
        assert_eq!(g.quiet_count(), 4, "{v}");
    }
}

#[test]
fn quiet_move_counter_resets_on_promotion() {
    // A promotion resets everywhere: it is a promotion (american, german) and a man move (the rest).
    for v in [English, American, German, Russian, Brazilian, Italian] {
        let (start, promote) = if v == Italian {
            ("Light king d1; Light b7; Dark king h3; Dark h5. Light to move.", "b7-a8")
        } else {
            ("Light king e1; Light a7; Dark king h4; Dark h6. Light to move.", "a7-b8")
        };
        let mut g = Game::from_position(pos(v, start));
        king_walk(&mut g, 6);
        assert_eq!(g.quiet_count(), 6, "{v}");
        let m = support::play(&mut g, promote).unwrap();
        assert!(m.promotes());
        assert_eq!(g.quiet_count(), 0, "{v}");
    }
}

#[test]
fn quiet_move_counter_resets_on_capture() {
    // King moves only, until a king walks into a capture: the capture resets the counter.
    let short: &[&str] = &["c1-d2", "h6-g5", "d2-e3", "g5-f4", "e3xg5"];
    let flying: &[&str] = &["a1-b2", "f8-g7", "b2xh8"];
    let cases: [(Variant, &str, &[&str]); 8] = [
        (English, "Light king c1; Light a3; Dark king h6; Dark b8. Light to move.", short),
        (American, "Light king c1; Light a3; Dark king h6; Dark b8. Light to move.", short),
        (Italian, "Light king f1; Light h3; Dark king a6; Dark g8. Light to move.", &["f1-e2", "a6-b5", "e2-d3", "b5-c4", "d3xb5"]),
        (German, "Light king a1; Light h2; Dark king f8; Dark a7. Light to move.", flying),
        (Russian, "Light king a1; Light h2; Dark king f8; Dark a7. Light to move.", flying),
        (Brazilian, "Light king a1; Light h2; Dark king f8; Dark a7. Light to move.", flying),
        (International, "Light king a1; Light j2; Dark king f8; Dark a9. Light to move.", flying),
        (Turkish, "Light king c1; Light a2; Dark king f8; Dark a7. Light to move.", &["c1-c2", "f8-f7", "c2-c3", "f7-f3", "c3xg3"]),
    ];
    for (v, s, line) in cases {
        let mut g = Game::from_position(pos(v, s));
        for (i, m) in line.iter().enumerate() {
            assert_eq!(g.quiet_count() as usize, i, "{v} before {m}");
            support::play(&mut g, m).unwrap_or_else(|e| panic!("{v}: {m}: {e}"));
        }
        assert!(g.moves().last().unwrap().is_capture());
        assert_eq!(g.quiet_count(), 0, "{v}");
        assert_eq!(g.outcome(), None, "{v}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 2 notes and section 4: Turkish one piece each.
// ---------------------------------------------------------------------------------------------

#[test]
fn turkish_one_piece_each_king_beats_man() {
    let mut g = Game::from_position(pos(Turkish, "Light king a1; Dark a3; Dark h8. Light to move."));
    assert_eq!(moves(g.position()), sorted(&["a1xa4", "a1xa5", "a1xa6", "a1xa7", "a1xa8"]));
    support::play(&mut g, "a1xa4").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o, Outcome::Win(Color::Light, Reason::OnePieceEach));
    assert_eq!(o.reason().code(), "one-piece-each");
    // The man's side is the one that moved into it: the king's side still wins.
    let mut g = Game::from_position(pos(Turkish, "Light c2; Dark c3; Dark king a8. Light to move."));
    support::play(&mut g, "c2xc4").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Dark, Reason::OnePieceEach)));
}

#[test]
fn turkish_one_piece_each_is_checked_right_after_the_move() {
    // After b1xb4 Dark's man on a4 could take the king at once (a4xc4); the game has already
    // ended in Light's favour.
    let mut g = Game::from_position(pos(Turkish, "Light king b1; Dark b3; Dark a4. Light to move."));
    assert_eq!(moves(g.position()), sorted(&["b1xb4", "b1xb5", "b1xb6", "b1xb7", "b1xb8"]));
    support::play(&mut g, "b1xb4").unwrap_or_else(|e| panic!("{e}; legal {:?}", moves(g.position())));
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Light, Reason::OnePieceEach)));
    assert!(g.legal_moves().is_empty());
    // A man crowned by the capture counts as a king.
    let mut g = Game::from_position(pos(Turkish, "Light c6; Dark c7; Dark h2. Light to move."));
    let m = support::play(&mut g, "c6xc8").unwrap();
    assert!(m.promotes());
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Light, Reason::OnePieceEach)));
}

#[test]
fn turkish_one_piece_each_draws() {
    // King against king.
    let mut g = Game::from_position(pos(Turkish, "Light king a1; Dark a3; Dark king h8. Light to move."));
    support::play(&mut g, "a1xa4").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(Reason::OnePieceEach)));
    // Man against man.
    let mut g = Game::from_position(pos(Turkish, "Light c2; Dark c3; Dark h7. Light to move."));
    support::play(&mut g, "c2xc4").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(Reason::OnePieceEach)));
    // A set-up with one piece each is over at once.
    let g = Game::from_position(pos(Turkish, "Light c2; Dark king h7. Light to move."));
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Dark, Reason::OnePieceEach)));
}

#[test]
fn one_piece_each_is_turkish_only() {
    for (v, s, m) in [
        (English, "Light king c3; Dark d4; Dark h6. Light to move.", "c3xe5"),
        (Russian, "Light king a1; Dark c3; Dark h6. Light to move.", "a1xe5"),
        (International, "Light king a1; Dark c3; Dark j6. Light to move.", "a1xe5"),
    ] {
        let mut g = Game::from_position(pos(v, s));
        support::play(&mut g, m).unwrap();
        assert_eq!(g.outcome(), None, "{v}: king against man plays on");
    }
}

#[test]
fn resignation_and_agreement() {
    let mut g = Game::new(International);
    g.resign(Color::Light).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Color::Dark, Reason::Resignation)));
    assert_eq!(g.outcome().unwrap().reason().code(), "resignation");
    assert!(support::play(&mut g, "32-28").is_err());
    let mut g = Game::new(Russian);
    g.finish(Outcome::Draw(Reason::Agreement)).unwrap();
    assert_eq!(g.outcome().unwrap().reason().code(), "agreement");
    for r in [Reason::NoPieces, Reason::NoLegalMove, Reason::Threefold, Reason::QuietMoves(80), Reason::QuietMoves(120), Reason::Resignation, Reason::Agreement, Reason::OnePieceEach, Reason::Abandonment, Reason::Adjudication] {
        assert_eq!(Reason::from_code(&r.code()), Some(r));
    }
}

#[test]
fn variant_ids() {
    for v in Variant::ALL {
        assert_eq!(v.id().parse::<Variant>(), Ok(v));
        assert_eq!(v.to_string(), v.id());
        assert_eq!(v.id().to_uppercase().parse::<Variant>(), Ok(v));
    }
    let ids: Vec<&str> = Variant::OFFERED.iter().map(|v| v.id()).collect();
    assert_eq!(ids, ["english", "american", "german", "russian", "international", "turkish", "italian"]);
    let e = "checkers".parse::<Variant>().unwrap_err();
    assert!(e.to_string().contains("checkers") && e.to_string().contains("international"), "{e}");
}

#[test]
fn every_result_is_told_in_words() {
    // The web app and the rooms show these; none may fall back to a reason code.
    for (o, text) in [
        (Outcome::Win(Color::Light, Reason::Resignation), "Light wins: Dark resigned"),
        (Outcome::Win(Color::Dark, Reason::Abandonment), "Dark wins: Light left the game"),
        (Outcome::Draw(Reason::Abandonment), "Draw: a player left the game and the other claimed a draw"),
        (Outcome::Draw(Reason::Agreement), "Draw: agreed by the players"),
        (Outcome::Draw(Reason::Threefold), "Draw: the same position occurred for the third time"),
        (Outcome::Draw(Reason::OnePieceEach), "Draw: one piece each of the same kind"),
    ] {
        assert_eq!(o.to_string(), text);
    }
}
