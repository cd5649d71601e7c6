use draughts_rules::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v: Variant = args[1].parse().unwrap();
    let d: u32 = args[2].parse().unwrap();
    let p = Position::start(v);
    for i in 1..=d {
        let t = std::time::Instant::now();
        let n = perft(&p, i);
        println!("{v} d{i} {n} {:.3}s", t.elapsed().as_secs_f64());
    }
}
