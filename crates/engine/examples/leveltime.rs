//! Development helper: average and longest time per move of each level over the bench
//! positions. Usage: leveltime [variant]
use draughts_engine::{choose_move_seeded, bench};
use draughts_rules::{Game, Variant};
use std::time::{Duration, Instant};

fn main() {
    let only: Option<Variant> = std::env::args().nth(1).map(|v| v.parse().expect("variant"));
    let positions: Vec<_> = bench::positions().into_iter().filter(|p| only.is_none_or(|v| p.variant() == v)).collect();
    for level in 1..=8u8 {
        let mut total = Duration::ZERO;
        let mut worst = Duration::ZERO;
        for p in &positions {
            let g = Game::from_position(*p);
            let t = Instant::now();
            let _ = choose_move_seeded(&g, level, 1);
            let e = t.elapsed();
            total += e;
            worst = worst.max(e);
        }
        println!("level {level}: mean {:>4} ms, longest {:>4} ms over {} positions", (total / positions.len() as u32).as_millis(), worst.as_millis(), positions.len());
    }
}
