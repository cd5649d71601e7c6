//! Converts the ACF archive of `shared/data/pdn/english/EricCJoyce-Datasets__Checkers_ACF.txt`
//! (one game per line, squares 0-31 counted from the first mover's side, see SOURCES.md there)
//! to PDN, for `draughts tune --pdn`. Usage: acf2pdn ACF.txt > acf.pdn
use std::io::Write;

fn main() {
    let path = std::env::args().nth(1).expect("usage: acf2pdn ACF.txt");
    let text = std::fs::read_to_string(&path).expect("readable file");
    let out = std::io::stdout();
    let mut out = out.lock();
    // Square i of the archive is PDN square 4*(i div 4) + 4 - (i mod 4) (SOURCES.md).
    let square = |i: u32| 4 * (i / 4) + 4 - (i % 4);
    for (n, line) in text.lines().enumerate() {
        let Some((moves, result)) = line.split_once('\t') else { continue };
        // The archive's 1-0 is a win of the first mover (Dark in English, PDN's Black).
        let result = match result.trim() {
            "1-0" => "0-1",
            "0-1" => "1-0",
            "1/2-1/2" => "1/2-1/2",
            _ => continue,
        };
        let mut body = String::new();
        for (k, mv) in moves.split_whitespace().enumerate() {
            let squares: Option<Vec<String>> = mv.split('-').map(|s| s.parse::<u32>().ok().map(|i| square(i).to_string())).collect();
            let Some(squares) = squares else { continue };
            if k % 2 == 0 {
                body.push_str(&format!("{}. ", k / 2 + 1));
            }
            body.push_str(&squares.join("-"));
            body.push(' ');
        }
        let _ = writeln!(out, "[Event \"ACF archive game {}\"]\n[GameType \"21\"]\n[Result \"{result}\"]\n{body}{result}\n", n + 1);
    }
}
