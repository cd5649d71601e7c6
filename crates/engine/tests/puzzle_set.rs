//! The built puzzle set, `crates/server/data/puzzles/<variant>.jsonl` (written by `draughts
//! puzzles build`, docs/engine.md "Puzzles"): every rule set has puzzles; every puzzle's FEN
//! reads, its solution replays legally under its rule set and wins what it claims (the material
//! at the end of the line, or the game), its source is named; and a sample is found again by
//! `puzzles::examine` at the miner's depth. Every tactic of the rules guides
//! (`crates/server/guides.json`) from a real game is a puzzle of the set.

use draughts_engine::puzzles::{self, MinerConfig, MAN};
use draughts_engine::Searcher;
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Game, Variant};
use serde_json::Value;
use std::path::PathBuf;

/// Fewest puzzles a rule set may have.
const LEAST: usize = 10;
/// Puzzles per rule set found again by the engine: the ones with the shortest solutions (the
/// quickest to verify), first in the file on a tie.
const SAMPLE: usize = 2;

fn set_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/data/puzzles")
}

/// A puzzle as read from its line, with where it is for messages.
struct Entry {
    at: String,
    json: Value,
}

/// The puzzles of one rule set's file.
fn read_set(v: Variant) -> Vec<Entry> {
    let path = set_dir().join(format!("{}.jsonl", v.id()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let at = format!("{}.jsonl line {}", v.id(), i + 1);
            let json = serde_json::from_str(l).unwrap_or_else(|e| panic!("{at}: {e}"));
            Entry { at, json }
        })
        .collect()
}

fn text<'a>(e: &'a Entry, field: &str) -> &'a str {
    e.json[field]
        .as_str()
        .unwrap_or_else(|| panic!("{}: no text field {field:?}", e.at))
}

fn solution(e: &Entry) -> Vec<&str> {
    let moves = e.json["solution"]
        .as_array()
        .unwrap_or_else(|| panic!("{}: no solution", e.at));
    moves
        .iter()
        .map(|m| {
            m.as_str()
                .unwrap_or_else(|| panic!("{}: a move is not text", e.at))
        })
        .collect()
}

/// Checks one puzzle of rule set `v` (see the module documentation).
fn check(v: Variant, e: &Entry) {
    let at = &e.at;
    assert_eq!(text(e, "variant"), v.id(), "{at}");
    let start = fen::parse(v, text(e, "fen")).unwrap_or_else(|err| panic!("{at}: {err}"));
    let side = start.side_to_move();
    assert_eq!(text(e, "side"), side.name().to_lowercase(), "{at}");
    let line = solution(e);
    assert_eq!(
        line.len() % 2,
        1,
        "{at}: a solution ends with the solver's move: {line:?}"
    );
    let mut game = Game::from_position(start);
    for m in &line {
        let mv = movetext::parse(game.position(), m)
            .unwrap_or_else(|err| panic!("{at}: {m} of {line:?}: {err}"));
        game.play(&mv)
            .unwrap_or_else(|err| panic!("{at}: {m} of {line:?}: {err}"));
    }
    let gain = &e.json["gain"];
    if let Some(won) = gain["material"].as_i64() {
        // The miner's baseline is at least the balance of the puzzle's position, so the line wins
        // at least the claimed gain from there, and the gain is at least a man.
        let won_here = puzzles::material(game.position(), side) - puzzles::material(&start, side);
        assert!(
            won >= MAN as i64 && won_here as i64 >= won,
            "{at}: claims {won}, the line wins {won_here}: {line:?}"
        );
    } else if let Some(plies) = gain["win"].as_u64() {
        assert_eq!(plies as usize, line.len(), "{at}: a win in {plies} plies");
        let winner = game.outcome().and_then(|o| o.winner());
        assert_eq!(
            winner,
            Some(side),
            "{at}: the line {line:?} does not win the game"
        );
    } else {
        panic!("{at}: gain is neither material nor a win: {gain}");
    }
    let d = e.json["difficulty"].as_u64().unwrap_or(0);
    assert!((1..=5).contains(&d), "{at}: difficulty {d}");
    let source = &e.json["source"];
    assert!(
        source["file"].as_str().is_some_and(|f| !f.is_empty()),
        "{at}: no source file"
    );
    assert!(
        source["game"].as_u64().is_some_and(|g| g >= 1),
        "{at}: no source game"
    );
    assert!(source["ply"].as_u64().is_some(), "{at}: no source ply");
    let played_as: Variant = source["variant"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{at}: no source rule set"));
    assert_eq!(played_as.geometry(), v.geometry(), "{at}");
    assert!(
        e.json["played_solution"].is_boolean(),
        "{at}: no played_solution"
    );
}

#[test]
fn every_rule_set_has_puzzles_whose_solutions_replay_and_win() {
    for v in Variant::OFFERED {
        let set = read_set(v);
        assert!(
            set.len() >= LEAST,
            "{}: {} puzzles, fewer than {LEAST}",
            v.id(),
            set.len()
        );
        let mut fens = std::collections::HashSet::new();
        for e in &set {
            check(v, e);
            assert!(
                fens.insert(text(e, "fen").to_string()),
                "{}: the position is in the set twice",
                e.at
            );
        }
    }
}

#[test]
fn a_sample_of_every_rule_set_is_found_again_at_the_miners_depth() {
    let config = MinerConfig::default();
    let mut searcher = Searcher::new(puzzles::TABLE_MB);
    for v in Variant::OFFERED {
        let set = read_set(v);
        let mut order: Vec<&Entry> = set.iter().collect();
        order.sort_by_key(|e| solution(e).len());
        for e in order.into_iter().take(SAMPLE) {
            let game = Game::from_position(fen::parse(v, text(e, "fen")).unwrap());
            searcher.clear();
            let found = puzzles::examine(&mut searcher, &game, &config)
                .unwrap_or_else(|r| panic!("{}: {}", e.at, r.text()));
            let line: Vec<String> = found.line.iter().map(|m| movetext::write(v, m)).collect();
            assert_eq!(line, solution(e), "{}: the engine's solution", e.at);
        }
    }
}

#[test]
fn every_guide_tactic_from_a_real_game_is_a_puzzle_of_the_set() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/guides.json");
    let raw = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let guides: Value =
        serde_json::from_str(&raw).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for v in Variant::OFFERED {
        let set = read_set(v);
        let tactics = guides["guides"][v.id()]["tactics"]
            .as_array()
            .unwrap_or_else(|| panic!("{}: no tactics in the guide", v.id()));
        for t in tactics.iter().filter(|t| t["source"]["composed"] != true) {
            let title = t["title"].as_str().unwrap_or("");
            let what = format!("{} tactic {title:?}", v.id());
            // Guide FENs may be written otherwise than the miner writes them.
            let at = fen::parse(v, t["position"].as_str().unwrap_or(""))
                .unwrap_or_else(|err| panic!("{what}: {err}"));
            let fen = fen::write(&at);
            let puzzle = set
                .iter()
                .find(|e| text(e, "fen") == fen)
                .unwrap_or_else(|| panic!("{what}: not in the set (`draughts puzzles examine`)"));
            let first = t["line"][0]
                .as_str()
                .unwrap_or_else(|| panic!("{what}: no line"));
            assert_eq!(
                solution(puzzle)[0],
                first,
                "{what}: {} begins otherwise",
                puzzle.at
            );
        }
    }
}
