//! Opening ballots: the openings a match plays when they are given rather than chosen by
//! [`crate::matchplay::balanced_opening`], such as the English 3-move ballot of the ACF.
//!
//! Two file formats are read. A JSON ballot as pydraughts ships it: an object of sections, each
//! an object whose keys name the openings (`"<number> <move> <move> ..."`) and whose values are
//! the FEN after the moves, or a list of such names whose FENs are in the section `all`. The
//! `standard` section is played when there is one, else every section (each opening once); each
//! FEN is checked against the position the moves reach. A text ballot: one opening per line, its moves from the
//! start position separated by spaces (`9-13 21-17 5-9`); empty lines and lines starting with `#`
//! are skipped.

use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Game, Move, Variant};

/// Reads a ballot (JSON or text, see the module docs) for `variant`. Errors name the opening
/// whose move is illegal or whose FEN disagrees, or say that the ballot has no opening.
pub fn read_ballot(variant: Variant, text: &str) -> Result<Vec<Vec<Move>>, String> {
    let openings = if text.trim_start().starts_with('{') { read_json(variant, text)? } else { read_lines(variant, text)? };
    if openings.is_empty() {
        return Err("the ballot has no opening".to_string());
    }
    Ok(openings)
}

/// Reads a ballot file, as [`read_ballot`]; errors also name the file.
pub fn read_ballot_file(variant: Variant, path: &std::path::Path) -> Result<Vec<Vec<Move>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    read_ballot(variant, &text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Plays `moves` (move texts) from the start position; the game reached and its moves.
fn play_line(variant: Variant, moves: &[&str]) -> Result<(Game, Vec<Move>), String> {
    let mut game = Game::new(variant);
    let mut played = Vec::new();
    for text in moves {
        let mv = movetext::parse(game.position(), text).map_err(|e| format!("move {text:?}: {e}"))?;
        game.play(&mv).map_err(|e| format!("move {text:?}: {e}"))?;
        played.push(mv);
    }
    Ok((game, played))
}

fn read_lines(variant: Variant, text: &str) -> Result<Vec<Vec<Move>>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves: Vec<&str> = line.split_whitespace().collect();
        let (_, played) = play_line(variant, &moves).map_err(|e| format!("line {}: {e}", i + 1))?;
        openings.push(played);
    }
    Ok(openings)
}

fn read_json(variant: Variant, text: &str) -> Result<Vec<Vec<Move>>, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not a JSON ballot: {e}"))?;
    let sections = value.as_object().ok_or("a JSON ballot is an object of sections")?;
    let fens = sections.get("all").and_then(|a| a.as_object());
    let chosen: Vec<&serde_json::Value> = match sections.get("standard") {
        Some(s) => vec![s],
        None => sections.values().collect(),
    };
    // Every opening once, in the order of the file.
    let mut keys: Vec<(&str, Option<&str>)> = Vec::new();
    for section in chosen {
        let entries: Vec<(&str, Option<&str>)> = match section {
            serde_json::Value::Object(m) => m.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect(),
            serde_json::Value::Array(list) => list
                .iter()
                .map(|k| k.as_str().ok_or("a ballot list holds opening names").map(|k| (k, fens.and_then(|f| f.get(k)).and_then(|v| v.as_str()))))
                .collect::<Result<_, _>>()?,
            _ => return Err("a ballot section is an object of openings or a list of their names".to_string()),
        };
        for e in entries {
            if !keys.iter().any(|(k, _)| *k == e.0) {
                keys.push(e);
            }
        }
    }
    let mut openings = Vec::new();
    for (key, fen_text) in keys {
        let words: Vec<&str> = key.split_whitespace().collect();
        // The first word numbers the opening when it is not a move.
        let moves = match words.first() {
            Some(w) if w.chars().all(|c| c.is_ascii_digit()) => &words[1..],
            _ => &words[..],
        };
        let (game, played) = play_line(variant, moves).map_err(|e| format!("opening {key:?}: {e}"))?;
        if let Some(f) = fen_text {
            let want = fen::parse(variant, f).map_err(|e| format!("opening {key:?}: FEN {f:?}: {e}"))?;
            if &want != game.position() {
                return Err(format!("opening {key:?}: its moves do not reach its FEN {f:?}"));
            }
        }
        openings.push(played);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_ballot_reads_the_standard_section_and_checks_each_fen() {
        let text = r#"{"all": {"001 09-13 21-17 05-09": "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,13,2,3,4,6,7,8,9",
                         "003 09-13 21-17 10-14": "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,11,12,13,14,2,3,4,5,6,7,8",
                         "004 09-13 22-17 13-22": "W:W21,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,2,22,3,4,5,6,7,8"},
            "standard": ["001 09-13 21-17 05-09", "004 09-13 22-17 13-22", "004 09-13 22-17 13-22"],
            "lost": ["003 09-13 21-17 10-14"]}"#;
        let openings = read_ballot(Variant::English, text).unwrap();
        assert_eq!(openings.len(), 2);
        assert!(openings.iter().all(|o| o.len() == 3));
        assert!(openings.iter().any(|o| o[2].is_capture()), "13-22 is a capture");
        let wrong = text.replace("B1,10,11,12,13,2,3,4,6,7,8,9", "B1,10,11,12,13,2,3,4,5,7,8,9");
        let e = read_ballot(Variant::English, &wrong).unwrap_err();
        assert!(e.contains("001 09-13 21-17 05-09") && e.contains("do not reach"), "{e}");
    }

    #[test]
    fn text_ballot_reads_one_opening_a_line_and_names_a_bad_line() {
        let openings = read_ballot(Variant::English, "# three moves\n9-13 21-17 5-9\n\n11-15 23-19 8-11\n").unwrap();
        assert_eq!(openings.len(), 2);
        let e = read_ballot(Variant::English, "9-13 21-17 5-9\n9-13 9-14\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        assert!(read_ballot(Variant::English, "# nothing\n").is_err());
    }

    #[test]
    fn the_shipped_english_three_move_ballot_reads() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/pdn/english/AttackingOrDefending-pydraughts__draughts_ballot_files_3move_english.json");
        if let Ok(text) = std::fs::read_to_string(&path) {
            let openings = read_ballot(Variant::English, &text).unwrap();
            assert_eq!(openings.len(), 157);
        }
    }
}
