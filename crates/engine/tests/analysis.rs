//! Analysis with several lines and game review (`Searcher::analyse`, `review`).

use draughts_engine::review::{review, win_chance, MoveClass, ReviewConfig};
use draughts_engine::{Limits, Score, Searcher};
use draughts_rules::notation::fen;
use draughts_rules::{Game, Variant};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

#[test]
fn three_lines_with_distinct_legal_first_moves_best_first() {
    for v in [Variant::English, Variant::International, Variant::Russian, Variant::Turkish] {
        let game = Game::new(v);
        let mut s = Searcher::new(4);
        let mut iterations = Vec::new();
        let last = s.analyse(&game, 3, &Limits::depth(6), None, &mut |a| iterations.push(a.clone()));
        assert_eq!(last.depth, 6, "{v:?}");
        assert_eq!(iterations.len(), 6, "one report per iteration in {v:?}");
        assert_eq!(iterations.last(), Some(&last));
        for a in &iterations {
            assert_eq!(a.lines.len(), 3, "{v:?} depth {}", a.depth);
            let legal = game.legal_moves();
            for l in &a.lines {
                assert!(legal.iter().any(|m| m.same_as(&l.pv[0])), "{v:?}: a line starts with a legal move");
                // Each line plays out legally.
                let mut g = game.clone();
                for m in &l.pv {
                    g.play(m).expect("the line is playable");
                }
            }
            for w in a.lines.windows(2) {
                assert!(!w[0].pv[0].same_as(&w[1].pv[0]), "{v:?}: two lines start alike");
                assert!(w[0].score >= w[1].score, "{v:?}: lines best first");
            }
        }
    }
}

#[test]
fn the_first_line_scores_as_a_plain_search() {
    let game = Game::from_position(fen::parse(Variant::English, "B:W18,19,31:B6,10,13").unwrap());
    let a = Searcher::new(4).analyse(&game, 5, &Limits::depth(8), None, &mut |_| {});
    let single = Searcher::new(4).search(&game, &Limits::depth(8), None, &mut |_| {});
    assert_eq!(a.lines[0].score, single.score);
}

#[test]
fn fewer_lines_when_fewer_moves_and_none_when_over() {
    // English, Light to move with a single capture: one line only, however many are asked.
    let pos = fen::parse(Variant::English, "W:W22:B18,1").unwrap();
    let game = Game::from_position(pos);
    assert_eq!(game.legal_moves().len(), 1);
    let a = Searcher::new(4).analyse(&game, 5, &Limits::depth(4), None, &mut |_| {});
    assert_eq!(a.lines.len(), 1);
    // Light's man on 29 is blocked (25 taken, 22 behind it): Light cannot move, the game is over.
    let over = Game::from_position(fen::parse(Variant::English, "W:W29:B25,22").unwrap());
    assert!(over.outcome().is_some());
    let a = Searcher::new(4).analyse(&over, 3, &Limits::depth(4), None, &mut |_| panic!("no iteration when over"));
    assert!(a.lines.is_empty());
    assert_eq!(a.depth, 0);
}

#[test]
fn a_raised_stop_flag_ends_the_analysis() {
    let game = Game::new(Variant::International);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let mut s = Searcher::new(4);
    let a = s.analyse(&game, 3, &Limits::default(), Some(&stop), &mut |a| {
        if a.depth == 3 {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    assert_eq!(a.depth, 3, "the last complete iteration is kept");
}

#[test]
fn win_chances_follow_the_score() {
    assert_eq!(win_chance(Score::DRAW), 0.5);
    assert!((win_chance(Score::centi(100)) - 0.75).abs() < 1e-9);
    assert!((win_chance(Score::centi(-100)) - 0.25).abs() < 1e-9);
    assert_eq!(win_chance(Score::win_in(9)), 1.0);
    assert_eq!(win_chance(Score::loss_in(9)), 0.0);
}

#[test]
fn a_review_marks_the_move_that_gives_away_men() {
    // Five good moves by the engine, then the mover's worst move by a search of every root move,
    // then the engine again: the worst move is marked, with a better move, and the mover's
    // accuracy is the lower.
    let mut game = Game::new(Variant::English);
    let mut s = Searcher::new(4);
    let (worst, worst_score) = loop {
        let scored = s.score_root_moves(&game, 6, &Limits::default(), None);
        let (worst, worst_score) = *scored.last().unwrap();
        if game.ply() >= 4 && scored.len() >= 3 && scored[0].1 - worst_score >= 150 {
            break (worst, worst_score);
        }
        assert!(game.ply() < 30, "no position with a move that loses a man and a half");
        let r = s.search(&game, &Limits::depth(6), None, &mut |_| {});
        game.play(&r.best.unwrap()).unwrap();
    };
    let _ = worst_score;
    let blunder_ply = game.ply();
    let blunderer = game.position().side_to_move();
    game.play(&worst).unwrap();
    for _ in 0..4 {
        let r = s.search(&game, &Limits::depth(6), None, &mut |_| {});
        game.play(&r.best.unwrap()).unwrap();
    }
    let mut progress = Vec::new();
    let config = ReviewConfig { per_position: Limits::depth(8) };
    let r = review(&mut Searcher::new(4), &game, &config, None, &mut |d, t| progress.push((d, t))).unwrap();
    let total = game.ply() + 1;
    assert_eq!(progress, (1..=total).map(|d| (d, total)).collect::<Vec<_>>());
    assert_eq!(r.plies.len(), game.ply());
    assert_eq!(r.evals.len(), total);
    assert_eq!(r.chances.len(), total);
    let marked = &r.plies[blunder_ply];
    assert!(matches!(marked.class, MoveClass::Mistake | MoveClass::Blunder), "{marked:?}");
    assert!(!marked.best.same_as(&worst));
    assert!(marked.loss >= 0.10);
    assert_eq!(marked.mover, blunderer);
    let worst_class = r.plies.iter().map(|p| p.loss).fold(0.0, f64::max);
    assert_eq!(worst_class, marked.loss, "no other move is judged worse");
    let (mine, theirs) = (r.accuracy[blunderer.index()], r.accuracy[1 - blunderer.index()]);
    assert!(mine < theirs, "accuracy {mine} against {theirs}");
    assert!((0.0..=100.0).contains(&mine));
}

#[test]
fn a_review_can_be_stopped() {
    let mut game = Game::new(Variant::English);
    let mut s = Searcher::new(4);
    for _ in 0..6 {
        let r = s.search(&game, &Limits::depth(4), None, &mut |_| {});
        game.play(&r.best.unwrap()).unwrap();
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let config = ReviewConfig { per_position: Limits::movetime(Duration::from_millis(20)) };
    let r = review(&mut s, &game, &config, Some(&stop), &mut |d, _| {
        if d == 2 {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    assert!(r.is_err());
}
