//! Every worked example of the in-app guides (`guides.json`, the file the guide pages show) is
//! checked against the rules crate: the exact legal move list, the line played, and the position
//! after it. RULES.md section 9's examples must all be there, plus at least two more per rule set.

use draughts_rules::notation::{movetext, text};
use draughts_rules::{Game, Variant};
use draughts_server::api::parse_position;
use serde_json::Value;
use std::collections::BTreeSet;

fn guides() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/guides.json");
    let raw = std::fs::read_to_string(path).expect("guides.json is readable");
    // The server embeds the same file.
    assert_eq!(raw, draughts_server::GUIDES_JSON);
    serde_json::from_str(&raw).expect("guides.json is valid JSON")
}

/// RULES.md section 9: which examples belong to which rule sets.
const SECTION_9: [(&str, &[&str]); 6] = [
    ("9.1", &["american", "german"]),
    ("9.2", &["american", "german"]),
    ("9.3", &["english"]),
    ("9.4", &["russian"]),
    ("9.5", &["international"]),
    ("9.6", &["turkish"]),
];

fn strings(v: &Value, what: &str) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("{what} must be a list"))
        .iter()
        .map(|s| s.as_str().unwrap_or_else(|| panic!("{what} must hold strings")).to_string())
        .collect()
}

#[test]
fn every_rule_set_has_a_full_guide() {
    let g = guides();
    for v in Variant::OFFERED {
        let guide = &g["guides"][v.id()];
        for section in ["setup", "moves", "captures", "kings", "draws"] {
            let s = guide["sections"][section].as_str().unwrap_or("");
            assert!(s.len() > 40, "{v}: section {section} is missing or too short");
        }
        let examples = guide["examples"].as_array().unwrap_or_else(|| panic!("{v}: no examples"));
        let from_section_9 = SECTION_9.iter().filter(|(_, sets)| sets.contains(&v.id())).count();
        let ours = examples.iter().filter(|e| e.get("ref").is_none()).count();
        assert!(ours >= 2, "{v}: needs at least two examples of our own, has {ours}");
        assert_eq!(examples.len() - ours, from_section_9, "{v}: RULES.md section 9 examples");
    }
}

/// Every text a player reads in a guide: the sections and the examples' titles and explanations.
fn player_texts(g: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for v in Variant::OFFERED {
        let guide = &g["guides"][v.id()];
        for (k, s) in guide["sections"].as_object().unwrap() {
            out.push((format!("{v} {k}"), s.as_str().unwrap().to_string()));
        }
        for (i, e) in guide["examples"].as_array().unwrap().iter().enumerate() {
            for k in ["title", "explanation"] {
                out.push((format!("{v} example {i} {k}"), e[k].as_str().unwrap_or("").to_string()));
            }
        }
    }
    out
}

#[test]
fn guides_speak_to_players_not_of_their_sources() {
    let g = guides();
    // Notes for us (the source guides by number, our own choices, the spec's (row, col) squares)
    // have no place in what a player reads.
    let notes = ["guide 0", "guides 0", "rules.md", "we use", "issue ", "section 9"];
    for (where_, text) in player_texts(&g) {
        let lower = text.to_lowercase();
        for n in notes {
            assert!(!lower.contains(n), "{where_}: {n:?} in {text:?}");
        }
        let b = text.as_bytes();
        let row_col = b.windows(5).any(|w| w[0] == b'(' && w[1].is_ascii_digit() && w[2] == b',' && w[3].is_ascii_digit() && w[4] == b')');
        assert!(!row_col, "{where_}: a (row, col) square in {text:?}");
    }
}

#[test]
fn section_9_examples_are_all_present() {
    let g = guides();
    for (r, sets) in SECTION_9 {
        for id in sets {
            let found = g["guides"][id]["examples"].as_array().unwrap().iter().any(|e| e["ref"] == r);
            assert!(found, "RULES.md example {r} is missing from the {id} guide");
        }
    }
}

#[test]
fn every_example_agrees_with_the_rules() {
    let g = guides();
    let mut checked = 0;
    for v in Variant::OFFERED {
        for e in g["guides"][v.id()]["examples"].as_array().unwrap() {
            let title = e["title"].as_str().expect("a title");
            let what = format!("{v} example {title:?}");
            let pos = parse_position(v, e["position"].as_str().expect("a position"))
                .unwrap_or_else(|err| panic!("{what}: position: {}", err.message));
            let want: BTreeSet<String> = strings(&e["legal"], "legal").into_iter().collect();
            let got: BTreeSet<String> = pos.legal_moves().iter().map(|m| movetext::write(v, m)).collect();
            assert_eq!(got, want, "{what}: legal moves");
            let mut game = Game::from_position(pos);
            for m in strings(&e["line"], "line") {
                let played = movetext::parse(game.position(), &m).unwrap_or_else(|err| panic!("{what}: line move {m}: {err}"));
                game.play(&played).unwrap_or_else(|err| panic!("{what}: line move {m}: {err}"));
                assert_eq!(movetext::write(v, &played), m, "{what}: write the line in full");
            }
            if let Some(after) = e.get("after") {
                assert_eq!(text::write(game.position()), after.as_str().unwrap(), "{what}: position after the line");
            }
            assert!(e["explanation"].as_str().is_some_and(|s| s.len() > 20), "{what}: explanation");
            checked += 1;
        }
    }
    assert!(checked >= 6 + 7 * 2);
}
