//! Simple won endings are converted, not drifted into the quiet-move draw (issue 5, item 4).

use draughts_engine::matchplay::{play_out, PlyCap, PlayedOut, Turn};
use draughts_engine::{Limits, Searcher};
use draughts_rules::notation::fen;
use draughts_rules::{Color, Game, Outcome, Variant};

/// Plays both sides at a fixed depth from `fen_text` and returns the result and the plies played
/// (the game loop of matches and self-play, adjudicated drawn at 200 plies).
fn play_out_at_depth(variant: Variant, fen_text: &str, depth: u32) -> (Option<Outcome>, usize) {
    let mut game = Game::from_position(fen::parse(variant, fen_text).unwrap());
    let mut s = Searcher::new(8);
    let turn = |g: &Game| s.search(g, &Limits::depth(depth), None, &mut |_| {}).best.map(Turn::<()>::Play).ok_or("no move");
    let ended = play_out(&mut game, PlyCap::Adjudicate(200), turn, &mut |_| {}).unwrap();
    assert!(matches!(ended, PlayedOut::Over), "{ended:?}");
    (game.outcome(), game.ply())
}

#[test]
fn english_two_kings_beat_one() {
    // The lone king starts in or near a double corner, its best refuge.
    for f in ["B:WK14,K15:BK1", "W:WK29,K30:BK5", "W:WK3,K4:BK28", "B:WK10,K11:BK32", "W:WK18,K19:BK27"] {
        let (o, plies) = play_out_at_depth(Variant::English, f, 12);
        assert!(matches!(o, Some(Outcome::Win(Color::Light, _))), "{f}: {o:?} after {plies} plies");
        assert!(plies < 80, "{f}: took {plies} plies");
    }
}

#[test]
fn russian_lone_king_on_the_long_diagonal_is_not_scored_as_a_win() {
    // With flying kings, a lone king on the long diagonal holds many endings; the evaluation must
    // not promise a big win for material alone (draw-ish scaling), yet still prefer winning chances.
    let p = fen::parse(Variant::Russian, "W:WKc1,Ke1,Kg1:BKa1").unwrap();
    let game = Game::from_position(p);
    let mut s = Searcher::new(8);
    let r = s.search(&game, &Limits::depth(6), None, &mut |_| {});
    assert!(r.score.0.abs() < 300, "score {} should not claim a decisive material win", r.score);
}

#[test]
fn turkish_one_piece_each_is_known_to_the_search() {
    // Light's king on d4 takes d5 (landing d6..d8); then king against man: Light wins at once.
    let p = fen::parse(Variant::Turkish, "W:WKd4:Bd5,h7").unwrap();
    let game = Game::from_position(p);
    let mut s = Searcher::new(8);
    let r = s.search(&game, &Limits::depth(3), None, &mut |_| {});
    assert_eq!(r.score.mate_in(), Some(1), "score {}", r.score);
    // King against king after the capture: a draw, and the search says so.
    let p = fen::parse(Variant::Turkish, "W:WKd4:Bd5,Kh7").unwrap();
    let game = Game::from_position(p);
    let r = s.search(&game, &Limits::depth(3), None, &mut |_| {});
    assert_eq!(r.score, draughts_engine::Score::DRAW, "king against king is drawn");
}
