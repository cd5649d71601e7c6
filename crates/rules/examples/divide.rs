use draughts_rules::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v: Variant = args[1].parse().unwrap();
    let d: u32 = args[2].parse().unwrap();
    let p = if args.len() > 3 { notation::fen::parse(v, &args[3]).unwrap() } else { Position::start(v) };
    for (m, n) in divide(&p, d) {
        let mut s = notation::square::algebraic(v, m.from());
        for l in m.landings() { s.push(if m.is_capture() {'x'} else {'-'}); s.push_str(&notation::square::algebraic(v, l)); }
        println!("{s} {n} {}", notation::fen::write(&p.after(&m)));
    }
}
