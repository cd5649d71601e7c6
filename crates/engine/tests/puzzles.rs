//! The puzzle miner (`draughts_engine::puzzles`): a real shot found at its ply with its first
//! move, a forced capture and a position with two winning moves turned down, solutions that
//! replay.

use draughts_engine::puzzles::{self, Gain, GameSource, MinerConfig, Puzzle, Rejection};
use draughts_engine::Searcher;
use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Color, Game, Variant};

/// Wyllie against Anderson, Carluke 1844 (game 2): at move 18 Dark's 9-13 gives a man to take
/// three (9-13 2x9 13x22 25x18 5x14x23).
const CARLUKE: &str = r#"[Event "Carluke 1844, game 2"]
[Black "Anderson, A."]
[White "Wyllie, J."]
[GameType "21"]
[Result "1/2-1/2"]
1. 11-15 23-18 2. 8-11 26-23 3. 10-14 30-26 4. 6-10 24-19 5. 15x24 27x20 6. 4-8
28-24 7. 12-16 22-17 8. 8-12 32-28 9. 10-15 17x10 10. 7x14 26-22 11. 2-6 24-19
12. 15x24 28x19 13. 6-10 31-26 14. 1-6 22-17 15. 11-15 18x11 16. 14-18 23x14x7
17. 16x23x30 7-2 18. 9-13 2x9 19. 13x22 25x18 20. 5x14x23 21-17 1/2-1/2
"#;

/// Light's 24-19 at move 5 leaves Dark the two-for-one 15x24x31, Dark's only legal move.
const FORCED: &str = "[GameType \"21\"]\n1. 11-15 23-18 2. 7-11 27-23 3. 9-14 18x9 4. 5x14 31-27 5. 11-16 24-19 6. 15x24x31 23-19 *\n";

fn game_of(text: &str) -> (Game, GameSource) {
    let file = pdn::parse(text);
    let g = &file.games[0];
    let r = replay::replay_game(g, None).expect("the record replays");
    (r.to_game(), GameSource::from_tags("test.pdn", g.number, &g.tags))
}

/// The game's position before ply `ply`, with its history.
fn at_ply(game: &Game, ply: usize) -> Game {
    let mut g = Game::from_position(*game.start());
    for m in &game.moves()[..ply] {
        g.play(m).unwrap();
    }
    g
}

fn mine(text: &str, config: &MinerConfig) -> Vec<Puzzle> {
    let (game, source) = game_of(text);
    puzzles::mine_game(&mut Searcher::new(16), &game, config, &source, &mut |_| {})
}

/// Every solution is legal from its FEN, move after move, and starts with the side to move.
fn assert_solutions_replay(found: &[Puzzle]) {
    for p in found {
        let mut pos = fen::parse(p.variant, &p.fen).unwrap_or_else(|e| panic!("{}: {e}", p.fen));
        assert_eq!(pos.side_to_move(), p.side, "{}", p.fen);
        assert!(!p.solution.is_empty());
        assert_eq!(p.solution.len(), p.found.line.len());
        for text in &p.solution {
            let mv = movetext::parse(&pos, text).unwrap_or_else(|e| panic!("{} in {:?} from {}: {e}", text, p.solution, p.fen));
            pos.play(&mv).unwrap();
        }
        assert_eq!(p.solution.len() % 2, 1, "a solution ends with the solver's move: {:?}", p.solution);
        assert!((1..=5).contains(&p.found.difficulty));
    }
}

#[test]
fn a_real_shot_is_found_at_its_ply_with_its_first_move() {
    let found = mine(CARLUKE, &MinerConfig::default());
    let p = found.iter().find(|p| p.ply == 34).unwrap_or_else(|| panic!("no puzzle at ply 34: {found:#?}"));
    assert_eq!(p.variant, Variant::English);
    assert_eq!(p.side, Color::Dark);
    assert_eq!(p.solution[0], "9-13");
    assert_eq!(p.solution.last().map(String::as_str), Some("5x14x23"), "{:?}", p.solution);
    assert!(p.played_solution);
    assert_eq!(p.played.as_deref(), Some("9-13"));
    assert!(matches!(p.found.gain, Gain::Material(g) if g >= 100), "{:?}", p.found.gain);
    assert!(p.found.score.raw() - p.found.second.raw() >= 150);
    assert_eq!(p.source.white.as_deref(), Some("Wyllie, J."));
    assert_eq!(p.source.black.as_deref(), Some("Anderson, A."));
    assert_eq!(p.source.event.as_deref(), Some("Carluke 1844, game 2"));
    assert_eq!((p.source.file.as_str(), p.source.game), ("test.pdn", 1));
    // The combination's later positions are the same puzzle going on, not new ones.
    assert!(!found.iter().any(|q| q.ply > 34 && q.ply < 34 + p.solution.len()), "{found:#?}");
    assert_solutions_replay(&found);
    // The same game gives the same puzzles (depth-limited searches, tables cleared per game).
    assert_eq!(found, mine(CARLUKE, &MinerConfig::default()));
}

#[test]
fn the_opening_plies_are_skipped() {
    let config = MinerConfig { skip_plies: 35, ..MinerConfig::default() };
    assert!(mine(CARLUKE, &config).iter().all(|p| p.ply >= 35));
}

#[test]
fn a_forced_capture_is_not_a_puzzle() {
    let (game, _) = game_of(FORCED);
    let after = at_ply(&game, 10);
    assert_eq!(after.legal_moves().len(), 1, "15x24x31 is Dark's only move");
    let mut s = Searcher::new(16);
    assert_eq!(puzzles::examine(&mut s, &after, &MinerConfig::default()), Err(Rejection::Forced));
    let found = mine(FORCED, &MinerConfig { skip_plies: 0, ..MinerConfig::default() });
    assert!(found.iter().all(|p| p.ply != 10), "{found:#?}");
    assert_solutions_replay(&found);
}

#[test]
fn a_position_with_two_winning_moves_is_rejected() {
    // Light takes a man either way: 22x13 or 22x15 (each more than 1.5 men up).
    let pos = fen::parse(Variant::English, "W:W22,27,28,29,30,31,32:B1,2,3,4,5,17,18").unwrap();
    let game = Game::from_position(pos);
    assert_eq!(game.legal_moves().len(), 2);
    let mut s = Searcher::new(16);
    assert_eq!(puzzles::examine(&mut s, &game, &MinerConfig::default()), Err(Rejection::SecondWins));
}

#[test]
fn taking_back_a_man_just_given_is_no_gain() {
    // 9-14 18x9 5x14: before Dark's 5x14 Dark is a man down, but the baseline is the balance
    // before the exchange (two plies earlier), even.
    let (game, _) = game_of(FORCED);
    let before = at_ply(&game, 6);
    assert_eq!(movetext::write(Variant::English, &game.moves()[6]), "5x14");
    assert_eq!(puzzles::material(before.position(), Color::Dark), -100);
    assert_eq!(puzzles::baseline(&before), 0);
    // Without a history, the balance now: one man down, and taking it back only evens it.
    let pos = fen::parse(Variant::English, "W:W22,30,31,32:B1,2,3,17,18").unwrap();
    let game = Game::from_position(pos);
    assert_eq!(puzzles::baseline(&game), -100);
    let mut s = Searcher::new(16);
    assert!(puzzles::examine(&mut s, &game, &MinerConfig::default()).is_err());
}

#[test]
fn difficulty_grows_with_the_solution_and_the_tempting_moves() {
    assert_eq!(puzzles::difficulty(1, 0), 1);
    assert_eq!(puzzles::difficulty(1, 1), 2);
    assert_eq!(puzzles::difficulty(5, 0), 3);
    assert_eq!(puzzles::difficulty(5, 3), 5);
    assert_eq!(puzzles::difficulty(15, 9), 5);
}

#[test]
fn replayed_as_another_rule_set_a_game_stops_at_its_first_illegal_move() {
    // Light's king on 29 (a1) steps to 25; Dark's man on 15 (e5) is out of a short king's reach
    // but not of a flying one's, and captures are compulsory.
    let start = fen::parse(Variant::English, "W:WK29,32:B1,15").unwrap();
    let mut game = Game::from_position(start);
    game.play(&movetext::parse(game.position(), "29-25").unwrap()).unwrap();
    game.play(&movetext::parse(game.position(), "1-6").unwrap()).unwrap();
    let american = puzzles::replay_as(&game, Variant::American).unwrap();
    assert_eq!((american.variant(), american.ply()), (Variant::American, 2));
    assert_eq!(fen::write(american.start()), fen::write(game.start()));
    let german = puzzles::replay_as(&game, Variant::German).unwrap();
    assert_eq!((german.variant(), german.ply()), (Variant::German, 0));
    assert!(german.legal_moves().iter().all(|m| m.is_capture()), "29x11 and on: a flying king's capture");
    assert!(puzzles::replay_as(&game, Variant::International).is_err());
}
