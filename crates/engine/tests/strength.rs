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
        let cfg = MatchConfig { variant, draws: draughts_rules::DrawRules::Simplified, games: 2, max_plies: 300, seed: 3, openings: Vec::new() };
        let (score, records) = run_match(&mut strong, &mut weak, &cfg, |_, _| {}).unwrap();
        assert_eq!(records.len(), 2);
        assert!(score.wins >= 1 && score.losses == 0, "{variant}: level 8 scored {score:?}");
        assert!(score.fraction() >= 0.75, "{variant}: level 8 scored {score:?}");
        for r in &records {
            let pdn = r.to_pdn("test");
            assert!(pdn.contains("[Result \"") && pdn.contains(r.outcome.pdn()));
        }
    }
}
