//! Winning shots per rule set, found at a fixed depth: the rows of `tests/data/tactics.txt`.
//!
//! Each position was constructed and checked by hand (the reasoning is beside its row): the side
//! to move gives one man so that the opponent's compulsory capture lands where a man takes two
//! ("give one to take two", guides 000, 001 and 004). The test checks the engine plays the shot,
//! expects the forced reply and the double capture in its principal variation, and scores the
//! result as at least most of a man up.

use draughts_engine::{Limits, Searcher};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Game, Variant};

/// Rows of `tests/data/tactics.txt` at least: an emptied or cut file fails.
const TACTIC_ROWS: usize = 7;

fn check(at: &str, variant: Variant, fen_text: &str, depth: u32, line: &[&str]) {
    let pos = fen::parse(variant, fen_text).unwrap_or_else(|e| panic!("{at}: {variant} {fen_text}: {e}"));
    let game = Game::from_position(pos);
    let mut s = Searcher::new(8);
    let r = s.search(&game, &Limits::depth(depth), None, &mut |_| {});
    let pv: Vec<String> = r.pv.iter().map(|m| movetext::write(variant, m)).collect();
    assert!(pv.len() >= line.len(), "{at}: {variant}: principal variation {pv:?} shorter than the shot {line:?}");
    assert_eq!(&pv[..line.len()], line, "{at}: {variant}: expected the shot {line:?}, got {pv:?} (score {})", r.score);
    assert!(r.score.0 >= 60, "{at}: {variant}: the shot should win material; score {}", r.score);
}

#[test]
fn give_one_take_two() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tactics.txt");
    let data = std::fs::read_to_string(path).expect("tests/data/tactics.txt");
    let mut rows = 0;
    for (n, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("tactics.txt line {}", n + 1);
        let fields: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [variant, fen_text, depth, shot, section, source] = fields[..] else {
            panic!("{at}: expected 6 fields separated by \" | \", got {}", fields.len())
        };
        assert!(!section.is_empty() && !source.is_empty(), "{at}");
        let variant: Variant = variant.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
        let depth: u32 = depth.parse().unwrap_or_else(|e| panic!("{at}: depth: {e}"));
        let shot: Vec<&str> = shot.split_whitespace().collect();
        assert!(!shot.is_empty(), "{at}: no line");
        check(&at, variant, fen_text, depth, &shot);
        rows += 1;
    }
    assert!(rows >= TACTIC_ROWS, "tactics.txt has {rows} rows, expected at least {TACTIC_ROWS}");
}
