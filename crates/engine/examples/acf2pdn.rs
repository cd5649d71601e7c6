//! Converts the ACF archive of `shared/data/pdn/english/EricCJoyce-Datasets__Checkers_ACF.txt`
//! (one game per line, squares 0-31 counted from the first mover's side, see SOURCES.md there)
//! to PDN, for `draughts tune --pdn`. Usage: acf2pdn ACF.txt > acf.pdn
use draughts_rules::notation::pdn;
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
        let mut moves_out = Vec::new();
        for mv in moves.split_whitespace() {
            let squares: Option<Vec<String>> = mv.split('-').map(|s| s.parse::<u32>().ok().map(|i| square(i).to_string())).collect();
            let Some(squares) = squares else { continue };
            moves_out.push(squares.join("-"));
        }
        let tags = [("Event", format!("ACF archive game {}", n + 1)), ("GameType", "21".to_string()), ("Result", result.to_string())];
        let tags: Vec<(String, String)> = tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let _ = writeln!(out, "{}", pdn::write_game(&tags, &moves_out, result));
    }
}
