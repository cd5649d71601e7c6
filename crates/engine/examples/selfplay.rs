//! Development helper: plays a position out between two engine levels and prints the moves.
//! Usage: selfplay VARIANT FEN [LEVEL_LIGHT] [LEVEL_DARK] [MOVETIME_MS]
use draughts_engine::matchplay::{play_game, EnginePlayer};
use draughts_engine::Level;
use draughts_rules::notation::{fen, movetext};
use draughts_rules::Variant;
use std::time::Duration;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let v: Variant = a[1].parse().unwrap();
    let pos = fen::parse(v, &a[2]).unwrap();
    let ll: u8 = a.get(3).and_then(|x| x.parse().ok()).unwrap_or(8);
    let ld: u8 = a.get(4).and_then(|x| x.parse().ok()).unwrap_or(8);
    let ms: u64 = a.get(5).and_then(|x| x.parse().ok()).unwrap_or(200);
    let mut l = EnginePlayer::new(Level::clamped(ll as i64), Some(Duration::from_millis(ms)), 1);
    let mut d = EnginePlayer::new(Level::clamped(ld as i64), Some(Duration::from_millis(ms)), 2);
    let mut game = draughts_rules::Game::from_position(pos);
    use draughts_engine::matchplay::Player;
    while game.outcome().is_none() && game.ply() < 300 {
        let side = game.position().side_to_move();
        let mv = if side == draughts_rules::Color::Light { l.best_move(&game) } else { d.best_move(&game) }.unwrap();
        print!("{} ", movetext::write(v, &mv));
        game.play(&mv).unwrap();
    }
    println!();
    println!("{:?} after {} plies: {}", game.outcome(), game.ply(), fen::write(game.position()));
    let _ = play_game;
}
