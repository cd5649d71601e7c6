//! Fuzz-style robustness tests without dependencies: random byte strings and random
//! mutations of the real corpus files must never panic, and the output must keep its
//! invariants. Deterministic (fixed seeds), sized for a debug build.

mod common;
mod support;

use draughts_rules::notation::pdn::{decode, parse, PdnFile};
use std::path::{Path, PathBuf};
use support::Rng;

/// Byte sequences that matter to the lexer, used for insertions.
const PIECES: &[&[u8]] = &[
    b"[",
    b"]",
    b"\"",
    b"\\\"",
    b"{",
    b"}",
    b"(",
    b")",
    b"%",
    b";",
    b"$1",
    b"\\r",
    b"\\",
    b"\n",
    b"\r\n",
    b"\r",
    b"\t",
    b" ",
    b"1.",
    b"12...",
    b"...",
    b"32-28",
    b"5x 14",
    b"1- ",
    b"d4:f6",
    b"x",
    b"-",
    b":",
    b"1-0",
    b"2-0",
    b"1/2-1/2",
    b"*",
    b"4-6",
    b"0:10:00",
    b"[Event \"x\"]",
    b"[Result \"4-6\"]",
    b"[FEN \"W:W1:B2\"]",
    b"!?",
    b"\xEF\xBB\xBF",
    b"\xC3\xA9",
    b"\xE2\x80\xA6",
    b"\xC2\xBD-\xC2\xBD",
    b"\xFF",
    b"\x00",
    b"&#x00e9;",
    b"99999999999999999999.",
    b"1x99999999999999",
];

/// Checks the invariants every parse result must satisfy.
fn check(f: &PdnFile, context: &str) {
    for (i, g) in f.games.iter().enumerate() {
        assert_eq!(g.number, i + 1, "{context}");
        assert!(g.line >= 1, "{context}");
        if g.tags.is_empty() {
            assert!(
                !g.moves.is_empty(),
                "{context}: tag-less game without moves"
            );
        }
        for m in &g.moves {
            assert!(m.line >= 1 && m.col >= 1, "{context}");
            assert!(m.parsed().is_some(), "{context}: bad move {:?}", m.text);
            assert!(!m.text.contains(char::is_whitespace), "{context}");
        }
        for (name, _) in &g.tags {
            assert!(!name.is_empty(), "{context}");
        }
    }
    assert!(
        f.warnings
            .windows(2)
            .all(|w| (w[0].line, w[0].col) <= (w[1].line, w[1].col)),
        "{context}: warnings out of order"
    );
    for w in &f.warnings {
        assert!(
            w.line >= 1 && w.col >= 1 && !w.message.is_empty(),
            "{context}"
        );
    }
}

fn parse_bytes(bytes: &[u8], context: &str) {
    let (text, _) = decode(bytes);
    let f = parse(&text);
    check(&f, context);
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng::new(0xDEAD_BEEF_1234_5678);
    for case in 0..3000 {
        let len = rng.below(300);
        let bytes: Vec<u8> = if case % 2 == 0 {
            (0..len).map(|_| rng.next() as u8).collect()
        } else {
            // Mostly ASCII punctuation and digits, where the parser does the most work.
            let alphabet = b"[]{}()\"\\%;$.*-x:/ \n\r\t0123456789abcdefghEventRsul!?";
            (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect()
        };
        parse_bytes(&bytes, &format!("random case {case}: {bytes:?}"));
    }
    // Built from the special pieces.
    for case in 0..2000 {
        let mut bytes = Vec::new();
        for _ in 0..rng.below(60) {
            bytes.extend_from_slice(PIECES[rng.below(PIECES.len())]);
        }
        parse_bytes(
            &bytes,
            &format!("piece case {case}: {:?}", String::from_utf8_lossy(&bytes)),
        );
    }
}

fn corpus_files() -> Vec<PathBuf> {
    let dir = common::pdn_dir();
    let mut out = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "pdn") {
                out.push(p);
            }
        }
    }
    walk(&dir, &mut out);
    if out.is_empty() {
        eprintln!(
            "corpus folder {} not found; mutation tests skipped",
            dir.display()
        );
    }
    out
}

fn mutate(rng: &mut Rng, original: &[u8]) -> Vec<u8> {
    let mut b = original.to_vec();
    for _ in 0..1 + rng.below(12) {
        let len = b.len();
        let at = rng.below(len + 1);
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                b[i] = rng.next() as u8;
            }
            1 => {
                let piece = PIECES[rng.below(PIECES.len())];
                b.splice(at..at, piece.iter().copied());
            }
            2 => {
                let end = (at + rng.below(200)).min(len);
                b.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(300)).min(len);
                let chunk = b[at..end].to_vec();
                let to = rng.below(b.len() + 1);
                b.splice(to..to, chunk);
            }
            4 => b.truncate(at),
            5 => {
                // Remove every occurrence of one structural byte in a window.
                let target = b"{}()[]\"\n"[rng.below(8)];
                let end = (at + rng.below(2000)).min(len);
                let window: Vec<u8> = b[at..end]
                    .iter()
                    .copied()
                    .filter(|&c| c != target)
                    .collect();
                b.splice(at..end, window);
            }
            _ => {
                let piece = PIECES[rng.below(PIECES.len())];
                for _ in 0..rng.below(5) {
                    let to = rng.below(b.len() + 1);
                    b.splice(to..to, piece.iter().copied());
                }
            }
        }
    }
    b
}

#[test]
fn mutated_corpus_files_never_panic() {
    let mut rng = Rng::new(0x0123_4567_89AB_CDEF);
    for path in corpus_files() {
        let original = std::fs::read(&path).expect("readable file");
        for round in 0..6 {
            let bytes = mutate(&mut rng, &original);
            parse_bytes(&bytes, &format!("{} mutation {round}", path.display()));
        }
        // Every prefix length class: truncation anywhere must be harmless.
        for _ in 0..3 {
            let cut = rng.below(original.len() + 1);
            parse_bytes(
                &original[..cut],
                &format!("{} cut at {cut}", path.display()),
            );
        }
    }
}

#[test]
fn pathological_inputs_stay_fast() {
    let cases: Vec<String> = vec![
        "{".repeat(20_000),
        "(".repeat(20_000),
        "[".repeat(20_000),
        "[\n".repeat(10_000),
        "{\n[Event \"x\"]\n".repeat(3_000),
        "(\n[Event \"x\"]\n".repeat(3_000),
        "1.".repeat(20_000),
        "1-".repeat(20_000),
        "\\r".repeat(20_000),
        "[Event \"".repeat(5_000),
        "x".repeat(50_000),
    ];
    for text in cases {
        let start = std::time::Instant::now();
        let f = parse(&text);
        check(&f, &text[..20.min(text.len())]);
        assert!(
            start.elapsed().as_secs() < 10,
            "slow on {:?}...: {:?}",
            &text[..20.min(text.len())],
            start.elapsed()
        );
    }
}
