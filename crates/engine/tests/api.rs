//! The API the web app uses: choose_move at every level, hint, and levels.

use draughts_engine::{choose_move, choose_move_seeded, hint, Level};
use draughts_rules::notation::fen;
use draughts_rules::{Game, Variant};

fn legal(game: &Game, mv: &draughts_rules::Move) -> bool {
    game.legal_moves().iter().any(|m| m.same_as(mv))
}

#[test]
fn every_variant_and_low_level_gives_a_legal_move() {
    for v in Variant::ALL {
        let mut g = Game::new(v);
        for level in 1..=4u8 {
            let mv = choose_move_seeded(&g, level, 7).unwrap_or_else(|| panic!("{v} level {level}"));
            assert!(legal(&g, &mv), "{v} level {level}");
            g.play(&mv).unwrap();
        }
    }
}

#[test]
fn full_strength_and_hint_answer_legally() {
    let g = Game::new(Variant::International);
    let mv = choose_move(&g, 8).unwrap();
    assert!(legal(&g, &mv));
    let h = hint(&g).unwrap();
    assert!(legal(&g, &h));
}

#[test]
fn finished_games_have_no_move() {
    // Dark to move with no pieces left.
    let p = fen::parse(Variant::English, "B:W22:B").unwrap();
    let g = Game::from_position(p);
    assert!(g.outcome().is_some());
    assert_eq!(choose_move(&g, 1), None);
    assert_eq!(hint(&g), None);
}

#[test]
fn seeded_choices_repeat_and_levels_are_checked() {
    let g = Game::new(Variant::English);
    assert_eq!(choose_move_seeded(&g, 1, 42), choose_move_seeded(&g, 1, 42));
    assert!(Level::new(0).is_err());
    assert!(Level::new(9).is_err());
    assert_eq!(Level::new(8).unwrap(), Level::MAX);
    assert!(Level::DEFAULT.spec().movetime.as_millis() <= 1000);
    for n in 1..8 {
        let (a, b) = (Level::new(n).unwrap().spec(), Level::new(n + 1).unwrap().spec());
        assert!(a.depth <= b.depth && a.margin >= b.margin && a.movetime <= b.movetime, "level {n}");
    }
}

#[test]
fn even_the_lowest_level_does_not_leave_a_man_to_be_taken() {
    // English, Light to move, no capture: Dark's 17 threatens 17x26 over Light's 22 (Light cannot
    // take 17 because 13 is occupied). 22-18 or 30-26 save the man; 30-25 loses it.
    let p = fen::parse(Variant::English, "W:W22,30:B1,13,17").unwrap();
    let g = Game::from_position(p);
    assert!(!g.position().has_capture());
    for seed in 0..20 {
        let mv = choose_move_seeded(&g, 1, seed).unwrap();
        let mut after = g.clone();
        after.play(&mv).unwrap();
        assert!(!after.position().has_capture(), "seed {seed}: level 1 left a man to be taken");
    }
}

#[test]
fn time_plan_saves_in_the_opening_and_spends_in_trouble() {
    use draughts_engine::TimePlan;
    use std::time::Duration;
    let ms = Duration::from_millis;
    let mid = TimePlan::new(ms(1000), false);
    let opening = TimePlan::new(ms(1000), true);
    // Base: 0.7 of the average, halved in the opening.
    assert_eq!(mid.root_move_limit(5, false), ms(700));
    assert_eq!(opening.root_move_limit(5, false), ms(350));
    // The principal variation and its runner-up may take twice the base, the third move 1.5x.
    assert_eq!(mid.root_move_limit(0, false), ms(1400));
    assert_eq!(mid.root_move_limit(1, false), ms(1400));
    assert_eq!(mid.root_move_limit(2, false), ms(1050));
    // Trouble: three times the base for every move, never more than 1.8x the average.
    assert_eq!(mid.root_move_limit(7, true), ms(1800));
    assert_eq!(opening.root_move_limit(7, true), ms(1050));
    // New iterations start until half the base, or 1.5x the base in trouble.
    assert!(mid.next_iteration(ms(350), false));
    assert!(!mid.next_iteration(ms(351), false));
    assert!(mid.next_iteration(ms(1050), true));
    assert!(!mid.next_iteration(ms(1051), true));
}

#[test]
fn a_managed_search_returns_a_legal_move_from_the_start_and_later() {
    use draughts_engine::{Limits, Searcher};
    use std::time::Duration;
    let mut s = Searcher::new(4);
    let mut g = Game::new(Variant::International);
    for _ in 0..4 {
        let r = s.search(&g, &Limits::managed(Duration::from_millis(30)), None, &mut |_| {});
        let mv = r.best.expect("a move");
        assert!(legal(&g, &mv));
        assert!(r.depth >= 1);
        g.play(&mv).unwrap();
    }
}
