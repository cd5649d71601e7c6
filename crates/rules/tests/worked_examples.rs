//! RULES.md section 9: every worked example, each asserting the exact legal move set. The
//! examples have one source, the guides' `crates/server/guides.json` (the examples with a `ref`
//! naming their section 9 example); this test reads them from there, with the rules crate alone.

mod support;

use draughts_rules::notation::{movetext, text};
use draughts_rules::{Color, Game, Position, Variant};
use support::json::{self, Json};

/// The section 9 examples, each in every rule set it belongs to (9.1 and 9.2 in two).
const SECTION_9_EXAMPLES: usize = 8;

struct Example {
    at: String,
    variant: Variant,
    position: Position,
    legal: Vec<String>,
    line: Vec<String>,
    after: String,
}

fn strings(e: &Json, k: &str, at: &str) -> Vec<String> {
    e.get(k)
        .and_then(Json::as_array)
        .unwrap_or_else(|| panic!("{at}: {k} must be a list"))
        .iter()
        .map(|s| s.as_str().unwrap_or_else(|| panic!("{at}: {k} holds strings")).to_string())
        .collect()
}

/// The examples of guides.json that implement a RULES.md section 9 example.
fn section_9() -> Vec<Example> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../server/guides.json");
    let raw = std::fs::read_to_string(path).expect("crates/server/guides.json");
    let g = json::parse(&raw).expect("guides.json is JSON");
    let Some(Json::Object(guides)) = g.get("guides") else { panic!("guides.json: no guides") };
    let mut out = Vec::new();
    for (id, guide) in guides {
        let variant: Variant = id.parse().unwrap_or_else(|e| panic!("guides.json: {e}"));
        for e in guide.get("examples").and_then(Json::as_array).unwrap_or_else(|| panic!("{id}: no examples")) {
            let Some(r) = e.get("ref").and_then(Json::as_str) else { continue };
            let at = format!("guides.json {id} example {r}");
            let s = e.get("position").and_then(Json::as_str).unwrap_or_else(|| panic!("{at}: no position"));
            out.push(Example {
                variant,
                position: support::pos(variant, s),
                legal: strings(e, "legal", &at),
                line: strings(e, "line", &at),
                after: e.get("after").and_then(Json::as_str).unwrap_or_else(|| panic!("{at}: no after")).to_string(),
                at,
            });
        }
    }
    assert!(out.len() >= SECTION_9_EXAMPLES, "guides.json has {} section 9 examples, expected {SECTION_9_EXAMPLES}", out.len());
    out
}

/// The section 9 example `r` of one rule set.
fn example(r: &str, v: Variant) -> Example {
    section_9().into_iter().find(|e| e.variant == v && e.at.ends_with(&format!(" {r}"))).unwrap_or_else(|| panic!("{v}: no example {r}"))
}

#[test]
fn every_section_9_example_has_its_exact_legal_moves() {
    for e in section_9() {
        let v = e.variant;
        let mut got: Vec<String> = e.position.legal_moves().iter().map(|m| movetext::write(v, m)).collect();
        got.sort();
        let mut want = e.legal.clone();
        want.sort();
        assert_eq!(got, want, "{}: legal moves", e.at);
        // The line played, and the position after it: the captured pieces are gone, the others stay.
        let mut g = Game::from_position(e.position);
        for m in &e.line {
            let played = support::play(&mut g, m).unwrap_or_else(|err| panic!("{}: {m}: {err}", e.at));
            assert_eq!(&movetext::write(v, &played), m, "{}", e.at);
        }
        assert_eq!(text::write(g.position()), e.after, "{}: position after the line", e.at);
    }
}

#[test]
fn example_2_promotion_ends_the_move() {
    for v in [Variant::American, Variant::German] {
        let e = example("9.2", v);
        let mv = e.position.legal_moves()[0];
        assert!(mv.promotes(), "{}: the man is crowned", e.at);
        assert_eq!(e.position.after(&mv).side_to_move(), Color::Dark, "{}: the move ends there", e.at);
    }
}

#[test]
fn example_4_russian_crowned_mid_chain_goes_on() {
    let e = example("9.4", Variant::Russian);
    for mv in e.position.legal_moves() {
        assert!(mv.promotes(), "{}", e.at);
        let after = e.position.after(&mv);
        assert_eq!(after.kings(Color::Light).count_ones(), 1, "{}", e.at);
        assert_eq!(after.pieces(Color::Dark), 0, "{}: both Dark men are taken", e.at);
        assert_eq!(after.side_to_move(), Color::Dark, "{}: the turn ends after both captures", e.at);
    }
}

#[test]
fn move_text_of_the_examples_round_trips() {
    let e = example("9.3", Variant::English);
    let mv = e.position.legal_moves()[0];
    let t = movetext::write(e.variant, &mv);
    assert_eq!(t, e.legal[0]);
    assert_eq!(movetext::parse(&e.position, &t).unwrap(), mv);
    // The short form, start and end square only, reads as the same move.
    let (from, to) = (t.split('x').next().unwrap(), t.rsplit('x').next().unwrap());
    assert_eq!(movetext::parse(&e.position, &format!("{from}x{to}")).unwrap(), mv);
}
