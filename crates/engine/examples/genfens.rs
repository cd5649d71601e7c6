//! Development helper: prints FENs of positions reached by seeded level-3 play (used to pick the
//! bench positions).
use draughts_rules::notation::fen;
use draughts_rules::{Game, Variant};

fn main() {
    for v in Variant::ALL {
        for (seed, plies) in [(1u64, 12usize), (2, 24), (3, 40)] {
            let mut g = Game::new(v);
            for _ in 0..plies {
                match draughts_engine::choose_move_seeded(&g, 3, seed) {
                    Some(m) => g.play(&m).unwrap(),
                    None => break,
                }
            }
            println!("{} {} {}", v, plies, fen::write(g.position()));
        }
    }
}
