//! Differential test against independent libraries: `tests/data/oracle/<variant>.jsonl` holds
//! legal-move lists computed by Python draughts libraries through `../shared/tools/oracle` (see
//! the README there). Every position is compared with our legal moves by identity: origin,
//! destination, captured set, and in Italian the order of the kings taken.
//!
//! `settled.jsonl` holds positions where a library and we disagreed and RULES.md decided for us
//! (`SETTLED.md` says why); they are kept as regression data with our answer.
//! `disagreements.jsonl` (libraries against each other) is not move data and is skipped.

mod support;

use draughts_rules::notation::{fen, square};
use draughts_rules::{Move, Position, Square, Variant};
use std::collections::BTreeSet;
use std::path::PathBuf;
use support::json::{self, Json};

type Key = (Square, Square, Vec<Square>, Vec<Square>);

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/oracle")
}

/// Kings taken in order, for Italian (its pieces jump one square: each hop takes its midpoint).
fn italian_kings(p: &Position, from: Square, landings: &[Square]) -> Vec<Square> {
    let v = p.variant();
    let mut out = Vec::new();
    let mut prev = square::row_col(v, from);
    for &l in landings {
        let next = square::row_col(v, l);
        if let Some(mid) = square::from_row_col(v, (prev.0 + next.0) / 2, (prev.1 + next.1) / 2) {
            if p.all_kings() & mid.mask() != 0 {
                out.push(mid);
            }
        }
        prev = next;
    }
    out
}

fn our_key(p: &Position, m: &Move) -> Key {
    let mut caps: Vec<Square> = m.captured_squares().collect();
    caps.sort();
    let landings: Vec<Square> = m.landings().collect();
    let kings = if p.variant() == Variant::Italian && m.is_capture() { italian_kings(p, m.from(), &landings) } else { Vec::new() };
    (m.from(), m.to(), caps, kings)
}

fn data_key(p: &Position, mv: &Json) -> Result<Key, String> {
    let v = p.variant();
    let sq = |t: &Json| -> Result<Square, String> {
        let tok = t.as_token().ok_or("a square must be a number or a string")?;
        square::parse(v, &tok).map_err(|e| format!("square {tok}: {e}"))
    };
    let path: Vec<Square> = mv.get("path").and_then(Json::as_array).ok_or("move without path")?.iter().map(sq).collect::<Result<_, _>>()?;
    let mut caps: Vec<Square> = mv.get("captures").and_then(Json::as_array).ok_or("move without captures")?.iter().map(sq).collect::<Result<_, _>>()?;
    caps.sort();
    if path.len() < 2 {
        return Err("a path needs two squares".into());
    }
    let kings = if v == Variant::Italian && !caps.is_empty() { italian_kings(p, path[0], &path[1..]) } else { Vec::new() };
    Ok((path[0], *path.last().unwrap(), caps, kings))
}

fn name_key(v: Variant, k: &Key) -> String {
    let n = |sq: Square| square::name(v, sq);
    let caps: Vec<String> = k.2.iter().map(|&b| n(b)).collect();
    format!("{}{}{} [{}]", n(k.0), if caps.is_empty() { "-" } else { "x" }, n(k.1), caps.join(","))
}

struct Outcome {
    positions: usize,
    differences: Vec<String>,
}

/// Compares every position of one data file, read as `variant` (a line's own "variant" field
/// wins).
fn check_file(file: &str, variant: Variant) -> Outcome {
    let text = std::fs::read_to_string(data_dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut out = Outcome { positions: 0, differences: Vec::new() };
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{file}:{}", n + 1);
        let rec = json::parse(line).unwrap_or_else(|e| panic!("{at}: {e}"));
        let v = match rec.get("variant").and_then(Json::as_str) {
            Some(id) => id.parse().unwrap_or_else(|e| panic!("{at}: {e}")),
            None => variant,
        };
        let f = rec.get("fen").and_then(Json::as_str).unwrap_or_else(|| panic!("{at}: no fen"));
        let p = fen::parse(v, f).unwrap_or_else(|e| panic!("{at}: {e}"));
        let want: BTreeSet<Key> = rec
            .get("moves")
            .and_then(Json::as_array)
            .unwrap_or_else(|| panic!("{at}: no moves"))
            .iter()
            .map(|m| data_key(&p, m).unwrap_or_else(|e| panic!("{at}: {e}")))
            .collect();
        let got: BTreeSet<Key> = p.legal_moves().iter().map(|m| our_key(&p, m)).collect();
        out.positions += 1;
        if want != got {
            let only_data: Vec<String> = want.difference(&got).map(|k| name_key(v, k)).collect();
            let only_ours: Vec<String> = got.difference(&want).map(|k| name_key(v, k)).collect();
            out.differences.push(format!("{at} {v} {f}: only in the data {only_data:?}; only ours {only_ours:?}"));
        }
    }
    out
}

fn check(file: &str, variants: &[Variant], min_positions: usize) {
    for &v in variants {
        let o = check_file(file, v);
        assert!(o.positions >= min_positions, "{file}: only {} positions", o.positions);
        assert!(
            o.differences.is_empty(),
            "{file} as {v}: {} of {} positions differ:\n{}",
            o.differences.len(),
            o.positions,
            o.differences.join("\n")
        );
    }
}

#[test]
fn oracle_english_and_american() {
    // The english data serves american too: same movement, and every FEN names the side to move.
    check("english.jsonl", &[Variant::English, Variant::American], 1000);
}

#[test]
fn oracle_russian() {
    check("russian.jsonl", &[Variant::Russian], 1000);
}

#[test]
fn oracle_international() {
    check("international.jsonl", &[Variant::International], 1000);
}

#[test]
fn oracle_italian() {
    check("italian.jsonl", &[Variant::Italian], 1000);
}

#[test]
fn oracle_turkish() {
    check("turkish.jsonl", &[Variant::Turkish], 1000);
}

#[test]
fn oracle_brazilian() {
    check("brazilian.jsonl", &[Variant::Brazilian], 1000);
}

/// Positions settled against RULES.md (SETTLED.md), with our expected answer.
#[test]
fn oracle_settled() {
    if data_dir().join("settled.jsonl").exists() {
        check("settled.jsonl", &[Variant::English], 1);
    }
}

/// Every move file in the folder is read by one of the tests above.
#[test]
fn every_data_file_is_checked() {
    let known = ["english.jsonl", "russian.jsonl", "international.jsonl", "italian.jsonl", "turkish.jsonl", "brazilian.jsonl", "settled.jsonl", "disagreements.jsonl"];
    for e in std::fs::read_dir(data_dir()).expect("tests/data/oracle") {
        let name = e.unwrap().file_name().to_string_lossy().to_string();
        if name.ends_with(".jsonl") {
            assert!(known.contains(&name.as_str()), "{name} is not read by tests/oracle.rs");
        }
    }
    // The libraries agreed with each other on every position (README.md); a non-empty
    // disagreements file needs settling.
    let d = std::fs::read_to_string(data_dir().join("disagreements.jsonl")).unwrap_or_default();
    assert!(d.trim().is_empty(), "disagreements.jsonl lists positions to settle in SETTLED.md");
}
