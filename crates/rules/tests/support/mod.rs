//! Helpers for the rules claims, perft, property, bad-input and oracle tests: positions from text,
//! moves as sorted algebraic paths, and a small deterministic random generator.
#![allow(dead_code)]

use draughts_rules::notation::{fen, movetext, square, text};
use draughts_rules::{Game, Move, Position, Square, Variant};
use proptest::prelude::Rng as _;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// A position from guide 000's position text (`Light c3; Dark d4. Light to move.`) or, when the
/// text contains a `:`, from a FEN. Panics with the parse error: test positions are hand-written.
pub fn pos(v: Variant, s: &str) -> Position {
    let r = if s.contains(':') { fen::parse(v, s) } else { text::parse(v, s) };
    r.unwrap_or_else(|e| panic!("{v}: cannot read test position {s:?}: {e}"))
}

/// The square of a square name.
pub fn sq(v: Variant, name: &str) -> Square {
    square::parse(v, name).unwrap_or_else(|e| panic!("{v}: bad square {name:?}: {e}"))
}

/// A move as its algebraic path: `c3xe5xg7`, `c3-d4`.
pub fn path(v: Variant, m: &Move) -> String {
    let sep = if m.is_capture() { 'x' } else { '-' };
    let mut s = square::algebraic(v, m.from());
    for l in m.landings() {
        s.push(sep);
        s.push_str(&square::algebraic(v, l));
    }
    s
}

/// The captured squares of a move, algebraic, sorted by (file, rank).
pub fn captured(v: Variant, m: &Move) -> Vec<String> {
    let mut c: Vec<(u32, u32, String)> = m
        .captured_squares()
        .map(|b| {
            let n = square::algebraic(v, b);
            let file = n.as_bytes()[0] as u32;
            let rank: u32 = n[1..].parse().unwrap();
            (file, rank, n)
        })
        .collect();
    c.sort();
    c.into_iter().map(|(_, _, n)| n).collect()
}

/// The legal moves as sorted algebraic paths.
pub fn moves(p: &Position) -> Vec<String> {
    let v = p.variant();
    let mut out: Vec<String> = p.legal_moves().iter().map(|m| path(v, m)).collect();
    out.sort();
    out
}

/// The legal moves as sorted `path [captured,...]` strings (two moves with one path but
/// different captures are told apart).
pub fn moves_caps(p: &Position) -> Vec<String> {
    let v = p.variant();
    let mut out: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| format!("{} [{}]", path(v, m), captured(v, m).join(",")))
        .collect();
    out.sort();
    out
}

/// Sorted owned strings from a literal list.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The one legal move with this algebraic path.
pub fn find(p: &Position, want: &str) -> Move {
    let v = p.variant();
    let found: Vec<Move> = p.legal_moves().into_iter().filter(|m| path(v, m) == want).collect();
    assert_eq!(found.len(), 1, "{v}: expected one legal move {want}, legal: {:?}", moves(p));
    found[0]
}

/// Reads move text in the game's current position and plays it, as a user's typed move goes:
/// text to a move through the resolver, then the game. Returns the move, or the error in words.
pub fn play(g: &mut Game, text: &str) -> Result<Move, String> {
    let mv = movetext::parse(g.position(), text).map_err(|e| e.to_string())?;
    g.play(&mv).map_err(|e| e.to_string())?;
    Ok(mv)
}

/// The rows of a data file under `tests/data/` (`rules_claims.txt`, `bad_input.txt`): each line
/// that is not blank or a `#` comment, with its place (`file line N`) for messages.
pub fn data_rows(file: &str) -> Vec<(String, String)> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let data = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    data.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(n, l)| (format!("{file} line {}", n + 1), l.to_string()))
        .collect()
}

/// The tests' one seeded random generator: proptest's ChaCha generator behind a small API, so
/// random positions and mutations are the same on every run and every machine.
pub struct Rng(TestRng);

impl Rng {
    /// A generator from a 64-bit seed.
    pub fn new(seed: u64) -> Rng {
        let mut bytes = [0u8; 32];
        for (i, chunk) in bytes.chunks_mut(8).enumerate() {
            chunk.copy_from_slice(&(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).to_le_bytes());
        }
        Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`n` = 0 gives 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

pub mod reference;
pub mod json;
