//! Development probe: searches the start position of every variant for a given time and prints
//! the iterations. Usage: cargo run --release -p draughts-engine --example probe [ms] [variant] [fen]
use draughts_engine::{Limits, Searcher};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Game, Position, Variant};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ms: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let variants: Vec<Variant> = match args.get(2) {
        Some(v) => vec![v.parse().expect("variant")],
        None => Variant::OFFERED.to_vec(),
    };
    for v in variants {
        let pos = match args.get(3) {
            Some(f) => fen::parse(v, f).expect("fen"),
            None => Position::start(v),
        };
        let game = Game::from_position(pos);
        let mut s = Searcher::new(64);
        println!("== {v}");
        let r = s.search(&game, &Limits::movetime(Duration::from_millis(ms)), None, &mut |i| {
            let pv: Vec<String> = i.pv.iter().take(8).map(|m| movetext::write(v, m)).collect();
            println!(
                "depth {:>2} sel {:>3} score {:>6} nodes {:>10} nps {:>9} time {:>5}ms pv {}",
                i.depth, i.seldepth, i.score, i.nodes, i.nps, i.elapsed.as_millis(), pv.join(" ")
            );
        });
        println!("best {} nodes {} nps {}", r.best.map(|m| movetext::write(v, &m)).unwrap_or_default(), r.nodes, r.nps());
    }
}
