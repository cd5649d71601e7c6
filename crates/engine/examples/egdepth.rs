//! Development helper: plays a position out with both sides searching to a fixed depth and
//! prints each move with its score. Usage: egdepth VARIANT FEN DEPTH
use draughts_engine::matchplay::{play_out, PlyCap, Turn};
use draughts_engine::{Limits, Searcher};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Game, Variant};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let v: Variant = a[1].parse().expect("variant");
    let d: u32 = a[3].parse().expect("depth");
    let mut game = Game::from_position(fen::parse(v, &a[2]).expect("FEN"));
    let mut s = Searcher::new(8);
    let turn = |g: &Game| {
        let r = s.search(g, &Limits::depth(d), None, &mut |_| {});
        let mv = r.best.ok_or("no legal move")?;
        print!("{}({}) ", movetext::write(v, &mv), r.score);
        Ok::<_, &str>(Turn::<()>::Play(mv))
    };
    play_out(&mut game, PlyCap::Adjudicate(200), turn, &mut |_| {}).expect("a legal move");
    println!("\n{:?} after {} plies", game.outcome(), game.ply());
}
