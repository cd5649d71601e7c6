//! Winning shots per rule set, found at a fixed depth.
//!
//! Each position was constructed and checked by hand (the reasoning is beside it): the side to
//! move gives one man so that the opponent's compulsory capture lands where a man takes two
//! ("give one to take two", guides 000, 001 and 004). The test checks the engine plays the shot,
//! expects the forced reply and the double capture in its principal variation, and scores the
//! result as at least most of a man up.

use draughts_engine::{Limits, Searcher};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Game, Variant};

fn check(variant: Variant, fen_text: &str, depth: u32, line: &[&str]) {
    let pos = fen::parse(variant, fen_text).unwrap_or_else(|e| panic!("{variant} {fen_text}: {e}"));
    let game = Game::from_position(pos);
    let mut s = Searcher::new(8);
    let r = s.search(&game, &Limits::depth(depth), None, &mut |_| {});
    let pv: Vec<String> = r.pv.iter().map(|m| movetext::write(variant, m)).collect();
    assert!(pv.len() >= line.len(), "{variant}: principal variation {pv:?} shorter than the shot {line:?}");
    assert_eq!(&pv[..line.len()], line, "{variant}: expected the shot {line:?}, got {pv:?} (score {})", r.score);
    assert!(r.score.0 >= 60, "{variant}: the shot should win material; score {}", r.score);
}

/// English squares (row, col from the top-left): Dark 15 (3,4) and 16 (3,6); Light 24 (5,6)
/// steps to 19 (4,5). Dark must take 15x24 (16x23 is blocked by Light's man on 23), and Light's
/// 28 jumps 24 and 16: 28x19x12. Dark's man on 1 is a bystander.
#[test]
fn english_give_one_take_two() {
    check(Variant::English, "W:W23,24,28:B1,15,16", 6, &["24-19", "15x24", "28x19x12"]);
}

/// The same shot with Light moving first (American setting).
#[test]
fn american_give_one_take_two() {
    check(Variant::American, "W:W23,24,28:B1,15,16", 6, &["24-19", "15x24", "28x19x12"]);
}

/// German men capture forwards only, like English ones; the same shot works.
#[test]
fn german_give_one_take_two() {
    check(Variant::German, "W:W23,24,28:B1,15,16", 6, &["24-19", "15x24", "28x19x12"]);
}

/// Italian: the English shot mirrored onto the turned board (square 1 = a8): Light 21 steps to
/// 18, Dark must take 14x21 (13x22 is blocked by 22), and 25 takes two: 25x18x9. Men only, so the
/// rule that men never take kings does not interfere.
#[test]
fn italian_give_one_take_two() {
    check(Variant::Italian, "W:W21,22,25:B4,13,14", 6, &["21-18", "14x21", "25x18x9"]);
}

/// Russian (algebraic squares, men capture backwards too): g3-f4 forces e5xg3 (g5xe3 is blocked
/// by Light's e3; the Dark man on g3 has no further capture, h2's far side is off the board), and
/// h2 takes two: h2xf4xh6.
#[test]
fn russian_give_one_take_two() {
    check(Variant::Russian, "W:We3,g3,h2:Be5,g5,a7,c7", 6, &["g3-f4", "e5xg3", "h2xf4xh6"]);
}

/// International: 33-28 forces 22x33 (23x32 is blocked by 32; Light's 44 stops the chain going on
/// over 39), and 39 takes two: 39x28x19.
#[test]
fn international_give_one_take_two() {
    check(Variant::International, "W:W32,33,39,44:B3,8,22,23", 6, &["33-28", "22x33", "39x28x19"]);
}

/// Turkish (orthogonal): d3-d4 forces d5xd3 (e4xc4 is blocked by c4; b3 stops the chain going on
/// over c3), and c3 takes two, sideways then forwards: c3xe3xe5.
#[test]
fn turkish_give_one_take_two() {
    check(Variant::Turkish, "W:Wb3,c3,c4,d3:Bd5,e4,a7,h7", 6, &["d3-d4", "d5xd3", "c3xe3xe5"]);
}
