//! Perft against the reference numbers of `tests/data/perft.txt` (from `../shared/data/perft.md`).
//!
//! The lines up to a node budget run in the normal suite; the deeper ones are ignored tests:
//! `cargo test --release -p draughts-rules --test perft -- --ignored`. Published numbers that
//! differ from ours are recounted under the convention that explains them (keep duplicates), so
//! every difference in the file is checked, not excused.

mod support;

use draughts_rules::notation::{fen, movetext, square};
use draughts_rules::{divide, perft, Move, Position, Square, Variant};
use std::fmt::Write;

/// Lines with at most this many leaves run in the normal suite.
const FAST_NODES: u64 = 25_000_000;
/// Recounts under another convention (slower: full move lists at every node) up to this many.
const FAST_PUBLISHED: u64 = 3_000_000;
/// [`draughts_rules::perft::perft_reference`] (the public API path) is checked up to this many.
const REFERENCE_NODES: u64 = 1_000_000;

struct Record {
    variant: Variant,
    name: String,
    position: Position,
    perft: Vec<(u32, u64)>,
    published: Vec<(u32, u64, String)>,
}

fn records() -> Vec<Record> {
    let mut out: Vec<Record> = Vec::new();
    for (place, line) in support::data_rows("perft.txt") {
        let line = line.trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = || format!("{place}: {line}");
        match words[0] {
            "position" => {
                let variant: Variant = words[1].parse().unwrap_or_else(|e| panic!("{}: {e}", at()));
                out.push(Record {
                    variant,
                    name: words[2].to_string(),
                    position: Position::start(variant),
                    perft: Vec::new(),
                    published: Vec::new(),
                });
            }
            "fen" => {
                let r = out.last_mut().unwrap_or_else(|| panic!("{}: fen before position", at()));
                if words[1] != "startpos" {
                    r.position = fen::parse(r.variant, words[1]).unwrap_or_else(|e| panic!("{}: {e}", at()));
                }
            }
            "perft" | "published" => {
                let r = out.last_mut().unwrap_or_else(|| panic!("{}: numbers before position", at()));
                let d: u32 = words[1].parse().unwrap_or_else(|e| panic!("{}: {e}", at()));
                let nodes: u64 = words[2].parse().unwrap_or_else(|e| panic!("{}: {e}", at()));
                if words[0] == "perft" {
                    r.perft.push((d, nodes));
                } else {
                    r.published.push((d, nodes, words.get(3).unwrap_or_else(|| panic!("{}: no convention", at())).to_string()));
                }
            }
            other => panic!("{}: unknown record {other:?}", at()),
        }
    }
    out
}

/// The perft of each first move, as text, to show where a count goes wrong.
fn divide_text(pos: &Position, depth: u32) -> String {
    let mut s = String::new();
    for (m, n) in divide(pos, depth) {
        let _ = writeln!(s, "  {} {n}", movetext::write(pos.variant(), &m));
    }
    s
}

fn check(fast: bool) {
    let mut ran = 0;
    let mut failures = Vec::new();
    for r in records() {
        for &(d, nodes) in &r.perft {
            if (nodes <= FAST_NODES) != fast {
                continue;
            }
            ran += 1;
            let got = perft(&r.position, d);
            if got != nodes {
                failures.push(format!(
                    "{} {} perft({d}) = {got}, expected {nodes}; divide:\n{}",
                    r.variant,
                    r.name,
                    divide_text(&r.position, d)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran > 0);
}

#[test]
fn perft_tables() {
    check(true);
}

#[test]
#[ignore = "deep perft: cargo test --release -p draughts-rules --test perft -- --ignored"]
fn perft_tables_deep() {
    check(false);
}

#[test]
fn every_variant_has_a_start_table() {
    let recs = records();
    for v in Variant::ALL {
        let r = recs.iter().find(|r| r.variant == v && r.name == "start").unwrap_or_else(|| panic!("{v}: no start table"));
        assert_eq!(r.position, Position::start(v));
        assert!(r.perft.len() >= 8, "{v}");
    }
}

/// The public-API perft (legal moves, `Position::after`) agrees with the fast bare-board perft.
#[test]
fn reference_perft_agrees_with_fast_perft() {
    for r in records() {
        for &(d, nodes) in &r.perft {
            if nodes <= REFERENCE_NODES {
                assert_eq!(draughts_rules::perft::perft_reference(&r.position, d), nodes, "{} {} d{d}", r.variant, r.name);
            }
        }
    }
}

/// The captured pieces of a short-range move in the order taken (midpoints of the hops).
fn taken_in_order(v: Variant, m: &Move) -> Vec<Square> {
    let mut prev = square::row_col(v, m.from());
    let mut out = Vec::new();
    for l in m.landings() {
        let next = square::row_col(v, l);
        out.push(square::from_row_col(v, (prev.0 + next.0) / 2, (prev.1 + next.1) / 2).expect("a jumped square"));
        prev = next;
    }
    out
}

/// Perft counting every route as its own move ("keep duplicates", the convention of the
/// published numbers that differ from ours).
fn perft_keep(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ms = pos.legal_routes();
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.iter().map(|m| perft_keep(&pos.after(m), depth - 1)).sum()
}

fn check_published(fast: bool) {
    let mut ran = 0;
    for r in records() {
        for (d, nodes, how) in &r.published {
            if (*nodes <= FAST_PUBLISHED) != fast {
                continue;
            }
            ran += 1;
            assert_eq!(how, "keep", "unknown convention {how}");
            assert_eq!(perft_keep(&r.position, *d), *nodes, "{} {} d{d} ({how})", r.variant, r.name);
        }
    }
    assert!(ran > 0);
}

/// Every published number that differs from ours is reproduced under the stated convention.
#[test]
fn published_differences_are_explained() {
    check_published(true);
}

#[test]
#[ignore = "deep recount: cargo test --release -p draughts-rules --test perft -- --ignored"]
fn published_differences_are_explained_deep() {
    check_published(false);
}

/// Italian position 3 of perft.md, six plies deep: the position behind its depth-7 count.
/// Precedence step 4 (RULES.md section 3) compares the positions of every king taken, king by
/// king: 3x12x19x10 takes kings 1st and 2nd and beats 4x11x18x9 (1st and 3rd), so it alone is
/// legal.
#[test]
fn italian_position_3_step_4() {
    let v = Variant::Italian;
    let p = fen::parse(v, "W:WK3,K4,5,17,20,K27,K28:BK7,K13,14,K15,21,24").unwrap();
    let kings_at = |m: &Move| -> Vec<usize> {
        taken_in_order(v, m).iter().enumerate().filter(|(_, b)| p.all_kings() & b.mask() != 0).map(|(i, _)| i + 1).collect()
    };
    let legal: Vec<(String, Vec<usize>)> = p.legal_moves().iter().map(|m| (movetext::write(v, m), kings_at(m))).collect();
    assert_eq!(legal, [("3x12x19x10".to_string(), vec![1, 2])]);
}

// ---------------------------------------------------------------------------------------------
// German: no published table. Small king positions counted by hand.
// ---------------------------------------------------------------------------------------------

/// A flying king takes c3 and lands on d4 or e5; from either it must go on over f6 and lands on
/// g7 or h8. Four routes, two moves (the routes through d4 and e5 take the same pieces).
/// Depth 2: Dark's man a7 has one step (b6). Depth 3: the king on g7 has 9 quiet moves (h8, f8,
/// h6 and the long diagonal f6..a1), on h8 it has 7 (g7..a1).
#[test]
fn german_king_by_hand_1() {
    let p = support::pos(Variant::German, "Light king a1; Dark c3; Dark f6; Dark a7. Light to move.");
    assert_eq!(support::moves(&p).len(), 2);
    assert_eq!(p.legal_routes().len(), 4);
    assert_eq!(perft(&p, 1), 2);
    assert_eq!(perft(&p, 2), 2);
    assert_eq!(perft(&p, 3), 9 + 7);
}

/// The king on d4 has 12 quiet moves (no capture: h8 stands on the edge). Dark's man on h8 then
/// steps to g7, except when the king stands on g7: then it must take it (h8xf6). Depth 3: count
/// Light's replies after each of those by hand: see the comments below.
#[test]
fn german_king_by_hand_2() {
    let p = support::pos(Variant::German, "Light king d4; Dark h8. Light to move.");
    assert_eq!(perft(&p, 1), 12);
    assert_eq!(perft(&p, 2), 12);
    // Depth 3, after king X and h8-g7 (or h8xf6 when X = g7, which leaves Light no pieces: 0):
    //   the king on X must take g7 if it stands on the diagonal through g7 with a free square
    //   beyond (h8, now empty, or f8/h6 on the short diagonals), else it has its quiet moves.
    //   a1, b2, c3, e5, f6: on the long diagonal below g7 -> must take, landing h8 only: 1 each.
    //   e3, f2, g1, c5, b6, a7: not on a diagonal through g7 except where noted:
    //     e3: diagonals a7-g1 and c1-h6; h6-g7? no. Quiet: d2, c1, f4, g5, h6, d4, c5, b6, a7,
    //         f2, g1 = 11.
    //     f2: diagonals e1-h4 and a7-g1: quiet e1, g3, h4, e3, d4, c5, b6, a7, g1 = 9.
    //     g1: diagonals h2 and a7-f2: quiet h2, f2, e3, d4, c5, b6, a7 = 7.
    //     c5: diagonals a7-g1 and a3-f8: quiet b6, a7, d4, e3, f2, g1, b4, a3, d6, e7, f8 = 11.
    //     b6: diagonals a7-g1 and a5-d8: quiet a7, c5, d4, e3, f2, g1, a5, c7, d8 = 9.
    //     a7: diagonals b8 and b6-g1: quiet b8, b6, c5, d4, e3, f2, g1 = 7.
    //   g7: taken (0).
    assert_eq!(perft(&p, 3), 5 + 11 + 9 + 7 + 11 + 9 + 7);
}
