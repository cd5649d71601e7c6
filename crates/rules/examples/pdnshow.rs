use draughts_rules::notation::{pdn::{self, replay}, movetext, text, fen};
use draughts_rules::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let v: Variant = a[1].parse().unwrap();
    let bytes = std::fs::read(&a[2]).unwrap();
    let n: usize = a[3].parse().unwrap();
    let upto: usize = a[4].parse().unwrap();
    let f = pdn::parse(&pdn::decode(&bytes).0);
    let g = &f.games[n - 1];
    println!("{:?}", g.tags);
    let r = replay::replay(g, v);
    match r {
        Ok(r) => {
            let mut p = r.start;
            for (i, m) in r.moves.iter().enumerate() {
                if i + 1 >= upto.saturating_sub(2) && i <= upto {
                    println!("before ply {}: {} | {}", i + 1, fen::write(&p), text::write(&p));
                    let legal: Vec<String> = p.legal_moves().iter().map(|m| movetext::write(v, m)).collect();
                    println!("  token {:?} played {} legal {:?}", g.moves.get(i).map(|t| &t.text), movetext::write(v, m), legal);
                }
                p.play_unchecked(m);
            }
        }
        Err(e) => println!("ERR {e}"),
    }
}
