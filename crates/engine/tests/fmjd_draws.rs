//! The search under the FMJD's draw rules (issue 23, item 3): it knows the counts of the rules
//! in force, carried on from the game, so a win the count will draw scores as a draw.

use draughts_engine::{Limits, Score, Searcher};
use draughts_rules::notation::fen;
use draughts_rules::{DrawRules, Game, PieceKind, Variant};

/// Plays `n` quiet king moves (no capture, no man move) that leave no capture to the side to
/// move and make no position occur a third time: the first such walk in move order.
fn king_walk(g: &mut Game, n: usize) {
    fn go(g: &mut Game, n: usize) -> bool {
        if n == 0 {
            return true;
        }
        let pos = *g.position();
        for mv in g.legal_moves() {
            let king = pos.piece_at(mv.from().bit()).is_some_and(|p| p.kind == PieceKind::King);
            if mv.is_capture() || !king {
                continue;
            }
            g.play(&mv).unwrap();
            let fine = g.outcome().is_none() && g.repetitions() < 3 && !g.legal_moves().iter().any(|m| m.is_capture());
            if fine && go(g, n - 1) {
                return true;
            }
            g.undo().unwrap();
        }
        false
    }
    assert!(go(g, n), "no walk of {n} king moves");
}

fn both(start: &str, walk: usize) -> (Game, Game) {
    let p = fen::parse(Variant::International, start).unwrap();
    let mut fmjd = Game::from_position_with(p, DrawRules::Fmjd).unwrap();
    king_walk(&mut fmjd, walk);
    let mut simplified = Game::from_position(p);
    for mv in fmjd.moves() {
        simplified.play(mv).unwrap();
    }
    (fmjd, simplified)
}

fn score(g: &Game) -> Score {
    Searcher::new(8).search(g, &Limits::depth(6), None, &mut |_| {}).score
}

#[test]
fn a_win_the_lone_king_count_will_draw_scores_as_a_draw() {
    // Two kings against a king, 8 of the 10 half-moves of FMJD rule 6.5 gone: the lone king
    // cannot be caught in the two left.
    let (fmjd, simplified) = both("W:WK46,K47:BK3", 8);
    assert_eq!(fmjd.lone_king_count(), Some((8, 10)));
    assert_eq!(score(&fmjd), Score::DRAW, "the count draws it");
    assert!(score(&simplified).0 > 0, "without the count, two kings are better: {}", score(&simplified));
    // From the side of the lone king, one half-move earlier: it holds the draw by the count.
    let (fmjd, simplified) = both("W:WK46,K47:BK3", 7);
    assert_eq!(fmjd.position().side_to_move(), draughts_rules::Color::Dark);
    assert_eq!(score(&fmjd), Score::DRAW);
    assert!(score(&simplified).0 < 0, "{}", score(&simplified));
    // Three kings against a king near the end of rule 6.4's 32 half-moves: worth less than
    // without the count (only a sacrifice that starts rule 6.5's count is left to try).
    let (fmjd, simplified) = both("W:WK46,K47,K48:BK3", 30);
    assert_eq!(fmjd.lone_king_count(), Some((30, 32)));
    assert!(score(&fmjd).0 < score(&simplified).0, "{} against {}", score(&fmjd), score(&simplified));
}

#[test]
fn the_king_move_count_of_fifty_half_moves_is_the_search_limit() {
    // Four kings against two, 49 king moves gone: the next move draws by FMJD rule 6.3.
    let (fmjd, simplified) = both("W:WK46,K47,K48,K49:BK3,K4", 49);
    assert_eq!(fmjd.quiet_count(), 49);
    assert_eq!(score(&fmjd), Score::DRAW);
    assert_ne!(score(&simplified), Score::DRAW);
}
