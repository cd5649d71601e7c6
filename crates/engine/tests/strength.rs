//! A small level-1 against level-8 match: level 8 must win clearly. (The note of issue 5 reports
//! larger matches run with `draughts match`.)

use draughts_engine::matchplay::{run_match, EnginePlayer, MatchConfig};
use draughts_engine::Level;
use draughts_rules::Variant;
use std::time::Duration;

#[test]
fn level_8_beats_level_1() {
    for variant in [Variant::English, Variant::International] {
        let mut strong = EnginePlayer::new(Level::MAX, Some(Duration::from_millis(25)), 1);
        let mut weak = EnginePlayer::new(Level::MIN, None, 2);
        let cfg = MatchConfig { variant, draws: draughts_rules::DrawRules::Simplified, games: 2, max_plies: 300, seed: 3, openings: Vec::new(), sprt: None };
        let result = run_match(&mut strong, &mut weak, &cfg, |_, _| {}).unwrap();
        let (score, records) = (result.tally.score, result.records);
        assert_eq!(records.len(), 2);
        assert!(score.wins >= 1 && score.losses == 0, "{variant}: level 8 scored {score:?}");
        assert!(score.fraction() >= 0.75, "{variant}: level 8 scored {score:?}");
        for r in &records {
            let pdn = r.to_pdn("test");
            assert!(pdn.contains("[Result \"") && pdn.contains(r.outcome.pdn()));
        }
    }
}

#[test]
fn a_sequential_test_stops_the_match_once_it_decides() {
    use draughts_engine::sprt::{Sprt, Verdict};
    // Depth 6 against depth 1: far more than 100 Elo apart, so the test of 0 against 100 Elo
    // accepts H1 for the deeper search and H0 for the shallower one, long before 80 games.
    let test = Sprt::new(0.0, 100.0, 0.05, 0.05).unwrap();
    let cfg = MatchConfig { variant: Variant::English, draws: draughts_rules::DrawRules::Simplified, games: 80, max_plies: 200, seed: 5, openings: Vec::new(), sprt: Some(test) };
    for (deep_first, expect) in [(true, Verdict::H1), (false, Verdict::H0)] {
        let (mut deep, mut shallow) = (EnginePlayer::fixed_depth(6), EnginePlayer::fixed_depth(1));
        // The verdict after each finished pair, as the callback sees the tally.
        let mut verdicts = Vec::new();
        let mut on_game = |_: &_, t: &draughts_engine::matchplay::Tally| {
            if t.score.games() == 2 * t.pairs.pairs() {
                verdicts.push(test.verdict(&t.pairs));
            }
        };
        let result = if deep_first {
            run_match(&mut deep, &mut shallow, &cfg, &mut on_game).unwrap()
        } else {
            run_match(&mut shallow, &mut deep, &cfg, &mut on_game).unwrap()
        };
        let games = result.records.len() as u32;
        assert_eq!(result.verdict, Some(expect), "{:?}", result.tally);
        assert!(games < 80 && games == 2 * result.tally.pairs.pairs() && games == result.tally.score.games(), "{games} games");
        // It stopped at the first pair that decided it.
        assert_eq!(verdicts.len() as u32, games / 2);
        assert!(verdicts[..verdicts.len() - 1].iter().all(|v| *v == Verdict::Continue) && verdicts.last() == Some(&expect), "{verdicts:?}");
    }
}

#[test]
fn tables_at_once_play_the_same_pairs_as_one() {
    use draughts_engine::matchplay::{run_match_on, Player};
    use draughts_engine::sprt::{Sprt, Verdict};
    // Fixed depths play the same game whatever the thread: two tables give one table's games,
    // round by round, in the order they finish.
    let cfg = MatchConfig { variant: Variant::Russian, draws: draughts_rules::DrawRules::Simplified, games: 12, max_plies: 120, seed: 9, openings: Vec::new(), sprt: None };
    let one = run_match(&mut EnginePlayer::fixed_depth(4), &mut EnginePlayer::fixed_depth(2), &cfg, |_, _| {}).unwrap();
    let mut players: Vec<(EnginePlayer, EnginePlayer)> = (0..2).map(|_| (EnginePlayer::fixed_depth(4), EnginePlayer::fixed_depth(2))).collect();
    let tables: Vec<(&mut dyn Player, &mut dyn Player)> = players.iter_mut().map(|(a, b)| (a as &mut dyn Player, b as &mut dyn Player)).collect();
    let mut seen = Vec::new();
    let two = run_match_on(tables, &cfg, |rec, _| seen.push(rec.round)).unwrap();
    assert_eq!(two.tally, one.tally);
    let mut rounds: Vec<usize> = two.records.iter().map(|r| r.round).collect();
    assert_eq!(rounds, seen, "the records are in the order the callback saw them");
    // A pair's two games come together.
    assert!(rounds.chunks(2).all(|p| p[0] % 2 == 1 && p[1] == p[0] + 1), "{rounds:?}");
    rounds.sort_unstable();
    assert_eq!(rounds, (1..=12).collect::<Vec<_>>());
    for r in &two.records {
        let same = &one.records[r.round - 1];
        assert_eq!((r.game.moves(), r.outcome), (same.game.moves(), same.outcome), "round {}", r.round);
    }
    // Under a test, the tables stop at the first pair that decides it.
    let test = Sprt::new(0.0, 100.0, 0.05, 0.05).unwrap();
    let cfg = MatchConfig { variant: Variant::English, games: 80, max_plies: 200, seed: 5, sprt: Some(test), ..cfg };
    let mut players: Vec<(EnginePlayer, EnginePlayer)> = (0..2).map(|_| (EnginePlayer::fixed_depth(6), EnginePlayer::fixed_depth(1))).collect();
    let tables: Vec<(&mut dyn Player, &mut dyn Player)> = players.iter_mut().map(|(a, b)| (a as &mut dyn Player, b as &mut dyn Player)).collect();
    let mut verdicts = Vec::new();
    let result = run_match_on(tables, &cfg, |_, t| {
        if t.score.games() == 2 * t.pairs.pairs() {
            verdicts.push(test.verdict(&t.pairs));
        }
    })
    .unwrap();
    assert_eq!(result.verdict, Some(Verdict::H1));
    assert!(result.records.len() < 80 && verdicts.len() * 2 == result.records.len());
    assert!(verdicts[..verdicts.len() - 1].iter().all(|v| *v == Verdict::Continue) && verdicts.last() == Some(&Verdict::H1), "{verdicts:?}");
}
