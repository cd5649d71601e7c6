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
