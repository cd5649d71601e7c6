//! Development helper: plays a position out between two engine levels and prints the moves.
//! Usage: selfplay VARIANT FEN [LEVEL_LIGHT] [LEVEL_DARK] [MOVETIME_MS]
use draughts_engine::matchplay::{play_out, EnginePlayer, PlyCap, Player, Turn};
use draughts_engine::Level;
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Color, Game, Variant};
use std::time::Duration;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let v: Variant = a[1].parse().unwrap();
    let pos = fen::parse(v, &a[2]).unwrap();
    let level = |i: usize| Level::clamped(a.get(i).and_then(|x| x.parse().ok()).unwrap_or(8));
    let ms: u64 = a.get(5).and_then(|x| x.parse().ok()).unwrap_or(200);
    let mut light = EnginePlayer::new(level(3), Some(Duration::from_millis(ms)), 1);
    let mut dark = EnginePlayer::new(level(4), Some(Duration::from_millis(ms)), 2);
    let mut game = Game::from_position(pos);
    play_out(
        &mut game,
        PlyCap::Adjudicate(300),
        |g| {
            let player = if g.position().side_to_move() == Color::Light { &mut light } else { &mut dark };
            player.best_move(g).map(Turn::<()>::Play)
        },
        &mut |g| print!("{} ", movetext::write(v, g.moves().last().expect("a move was played"))),
    )
    .unwrap();
    println!();
    println!("{:?} after {} plies: {}", game.outcome(), game.ply(), fen::write(game.position()));
}
