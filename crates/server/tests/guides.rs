//! Every worked example of the in-app guides (`guides.json`, the file the guide pages show) is
//! checked against the rules crate: the exact legal move list, the line played, and the position
//! after it. RULES.md section 9's examples must all be there, plus at least two more per rule set.
//! The tactics and the mistakes the computer punishes are checked the same way (the line is
//! legal and wins the material stated; a tactic from a real game is that game's position, with
//! its players, event and year), and the questions and comparisons are present in every guide.

use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::notation::{fen, movetext, text};
use draughts_rules::{Color, Game, Position, Variant};
use draughts_server::api::parse_position;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

fn guides() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/guides.json");
    let raw = std::fs::read_to_string(path).expect("guides.json is readable");
    // The server embeds the same file.
    assert_eq!(raw, draughts_server::GUIDES_JSON);
    serde_json::from_str(&raw).expect("guides.json is valid JSON")
}

/// RULES.md section 9: which examples belong to which rule sets.
const SECTION_9: [(&str, &[&str]); 6] = [
    ("9.1", &["american", "german"]),
    ("9.2", &["american", "german"]),
    ("9.3", &["english"]),
    ("9.4", &["russian"]),
    ("9.5", &["international"]),
    ("9.6", &["turkish"]),
];

fn strings(v: &Value, what: &str) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("{what} must be a list"))
        .iter()
        .map(|s| s.as_str().unwrap_or_else(|| panic!("{what} must hold strings")).to_string())
        .collect()
}

#[test]
fn every_rule_set_has_a_full_guide() {
    let g = guides();
    for v in Variant::OFFERED {
        let guide = &g["guides"][v.id()];
        for section in ["setup", "moves", "captures", "kings", "draws"] {
            let s = guide["sections"][section].as_str().unwrap_or("");
            assert!(s.len() > 40, "{v}: section {section} is missing or too short");
        }
        let examples = guide["examples"].as_array().unwrap_or_else(|| panic!("{v}: no examples"));
        let from_section_9 = SECTION_9.iter().filter(|(_, sets)| sets.contains(&v.id())).count();
        let ours = examples.iter().filter(|e| e.get("ref").is_none()).count();
        assert!(ours >= 2, "{v}: needs at least two examples of our own, has {ours}");
        assert_eq!(examples.len() - ours, from_section_9, "{v}: RULES.md section 9 examples");
    }
}

/// Every text a player reads in a guide: the sections and the examples' titles and explanations.
fn player_texts(g: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for v in Variant::OFFERED {
        let guide = &g["guides"][v.id()];
        for (k, s) in guide["sections"].as_object().unwrap() {
            out.push((format!("{v} {k}"), s.as_str().unwrap().to_string()));
        }
        for list in ["examples", "tactics", "mistakes"] {
            for (i, e) in guide[list].as_array().unwrap().iter().enumerate() {
                for k in ["title", "explanation"] {
                    out.push((format!("{v} {list} {i} {k}"), e[k].as_str().unwrap_or("").to_string()));
                }
            }
        }
        for list in ["common_mistakes", "principles"] {
            for (i, s) in guide[list].as_array().unwrap().iter().enumerate() {
                out.push((format!("{v} {list} {i}"), s.as_str().unwrap_or("").to_string()));
            }
        }
        for (i, q) in guide["questions"].as_array().unwrap().iter().enumerate() {
            for k in ["q", "a"] {
                out.push((format!("{v} question {i} {k}"), q[k].as_str().unwrap_or("").to_string()));
            }
        }
        for d in guide["differences"].as_array().unwrap() {
            out.push((format!("{v} difference with {}", d["with"]), d["text"].as_str().unwrap_or("").to_string()));
        }
    }
    out
}

#[test]
fn guides_speak_to_players_not_of_their_sources() {
    let g = guides();
    // Notes for us (the source guides by number, our own choices, the spec's (row, col) squares)
    // have no place in what a player reads.
    let notes = ["guide 0", "guides 0", "rules.md", "we use", "issue ", "section 9", ".pdn", "section "];
    for (where_, text) in player_texts(&g) {
        let lower = text.to_lowercase();
        for n in notes {
            assert!(!lower.contains(n), "{where_}: {n:?} in {text:?}");
        }
        let b = text.as_bytes();
        let row_col = b.windows(5).any(|w| w[0] == b'(' && w[1].is_ascii_digit() && w[2] == b',' && w[3].is_ascii_digit() && w[4] == b')');
        assert!(!row_col, "{where_}: a (row, col) square in {text:?}");
    }
}

#[test]
fn section_9_examples_are_all_present() {
    let g = guides();
    for (r, sets) in SECTION_9 {
        for id in sets {
            let found = g["guides"][id]["examples"].as_array().unwrap().iter().any(|e| e["ref"] == r);
            assert!(found, "RULES.md example {r} is missing from the {id} guide");
        }
    }
}

#[test]
fn every_example_agrees_with_the_rules() {
    let g = guides();
    let mut checked = 0;
    for v in Variant::OFFERED {
        for e in g["guides"][v.id()]["examples"].as_array().unwrap() {
            let title = e["title"].as_str().expect("a title");
            let what = format!("{v} example {title:?}");
            let pos = parse_position(v, e["position"].as_str().expect("a position"))
                .unwrap_or_else(|err| panic!("{what}: position: {}", err.message));
            let want: BTreeSet<String> = strings(&e["legal"], "legal").into_iter().collect();
            let got: BTreeSet<String> = pos.legal_moves().iter().map(|m| movetext::write(v, m)).collect();
            assert_eq!(got, want, "{what}: legal moves");
            let mut game = Game::from_position(pos);
            for m in strings(&e["line"], "line") {
                let played = movetext::parse(game.position(), &m).unwrap_or_else(|err| panic!("{what}: line move {m}: {err}"));
                game.play(&played).unwrap_or_else(|err| panic!("{what}: line move {m}: {err}"));
                assert_eq!(movetext::write(v, &played), m, "{what}: write the line in full");
            }
            if let Some(after) = e.get("after") {
                assert_eq!(text::write(game.position()), after.as_str().unwrap(), "{what}: position after the line");
            }
            assert!(e["explanation"].as_str().is_some_and(|s| s.len() > 20), "{what}: explanation");
            checked += 1;
        }
    }
    assert!(checked >= 6 + 7 * 2);
}

/// The shared data folder holding the real games (`data/pdn`): `$DRAUGHTS_SHARED`, else
/// `../shared` beside the repository, else `/work/shared`, as the rules crate's tests find it.
fn pdn_dir() -> PathBuf {
    let mut candidates = Vec::new();
    if let Some(d) = std::env::var_os("DRAUGHTS_SHARED") {
        candidates.push(PathBuf::from(d));
    }
    candidates.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    candidates.push(PathBuf::from("/work/shared"));
    let shared = candidates.into_iter().find(|d| d.join("data/pdn").is_dir());
    shared.expect("shared data folder not found: set DRAUGHTS_SHARED to the folder holding data/pdn").join("data/pdn")
}

/// Plays `line` from `game`, each move written in full as the rule set writes it.
fn play_line(game: &mut Game, line: &[String], what: &str) {
    let v = game.variant();
    for m in line {
        let played = movetext::parse(game.position(), m).unwrap_or_else(|err| panic!("{what}: move {m}: {err}"));
        game.play(&played).unwrap_or_else(|err| panic!("{what}: move {m}: {err}"));
        assert_eq!(movetext::write(v, &played), *m, "{what}: write the move {m} in full");
    }
}

/// (pieces, kings) of `side` less those of the other side.
fn balance(pos: &Position, side: Color) -> (i64, i64) {
    let count = |c: Color| (pos.pieces(c).count_ones() as i64, pos.kings(c).count_ones() as i64);
    let (p, k) = count(side);
    let (op, ok) = count(!side);
    (p - op, k - ok)
}

/// A stated material change: `{"pieces": n, "kings": k?}` (kings 0 when left out).
fn stated(v: &Value, what: &str) -> (i64, i64) {
    let pieces = v["pieces"].as_i64().unwrap_or_else(|| panic!("{what}: \"pieces\" must be a whole number"));
    let kings = v.get("kings").map_or(0, |k| k.as_i64().unwrap_or_else(|| panic!("{what}: \"kings\" must be a whole number")));
    (pieces, kings)
}

/// A real game's tactic: the named game of the named file, replayed `ply` moves, reaches the
/// diagram's position, and the players, event and year shown are that game's tags.
fn check_source(position: &Position, source: &Value, what: &str) {
    let file = source["file"].as_str().unwrap_or_else(|| panic!("{what}: source file"));
    let number = source["game"].as_u64().unwrap_or_else(|| panic!("{what}: source game")) as usize;
    let ply = source["ply"].as_u64().unwrap_or_else(|| panic!("{what}: source ply")) as usize;
    let path = pdn_dir().join(file);
    let (text, _) = pdn::decode(&std::fs::read(&path).unwrap_or_else(|e| panic!("{what}: {}: {e}", path.display())));
    let games = pdn::parse(&text).games;
    let g = games.iter().find(|g| g.number == number).unwrap_or_else(|| panic!("{what}: {file} has no game {number}"));
    // The game is replayed under the rule set of its folder; the diagram is played under this
    // guide's (American and German diagrams come from English games, whose men move alike).
    let folder: Variant = file.split('/').next().and_then(|f| f.parse().ok()).unwrap_or_else(|| panic!("{what}: {file} is not in a rule set's folder"));
    let r = replay::replay_game(g, Some(folder)).unwrap_or_else(|e| panic!("{what}: {file} game {number}: {e}"));
    assert!(ply <= r.moves.len(), "{what}: {file} game {number} has {} plies, not {ply}", r.moves.len());
    let mut at = r.start;
    for m in &r.moves[..ply] {
        at.play(m).unwrap_or_else(|e| panic!("{what}: replaying {file} game {number}: {e}"));
    }
    assert_eq!(fen::write(&at), fen::write(position), "{what}: the position of {file} game {number} after {ply} plies");
    // Italian records name the tags in Italian.
    let tag = |names: &[&str]| names.iter().find_map(|n| g.tag(n).map(str::trim).filter(|t| !t.is_empty()));
    for (key, names) in [("white", ["White", "Bianco"]), ("black", ["Black", "Nero"]), ("event", ["Event", "Dati"])] {
        let shown = source[key].as_str().unwrap_or_else(|| panic!("{what}: source {key}"));
        assert_eq!(Some(shown), tag(&names), "{what}: source {key} against the {names:?} tag");
    }
    if let Some(year) = source.get("year") {
        let date = tag(&["Date", "Anno"]).unwrap_or("");
        assert!(date.contains(year.as_str().expect("year as text")), "{what}: year {year} against the date tag {date:?}");
    }
}

/// One diagram of the tactics or the mistakes: the position parses and offers a choice of moves,
/// `moves` are legal from it, and afterwards `result` (`{"game": true}` or the material) holds
/// for the side that plays first (`for_mover`) or for the other; a real game's source is that
/// game's position, a composed one says so.
fn check_diagram(v: Variant, d: &Value, what: &str, moves: &[String], result: &str, for_mover: bool) {
    let pos = parse_position(v, d["position"].as_str().expect("a position")).unwrap_or_else(|err| panic!("{what}: position: {}", err.message));
    assert!(pos.legal_moves().len() >= 2, "{what}: a diagram needs a choice of moves");
    assert!(moves.len() >= 2 || for_mover, "{what}: a line");
    let mut game = Game::from_position(pos);
    play_line(&mut game, moves, what);
    let side = if for_mover { pos.side_to_move() } else { !pos.side_to_move() };
    if d[result].get("game").is_some() {
        assert_eq!(game.outcome().and_then(|o| o.winner()), Some(side), "{what}: the line wins the game");
    } else {
        let (b0, b1) = (balance(&pos, side), balance(game.position(), side));
        assert_eq!((b1.0 - b0.0, b1.1 - b0.1), stated(&d[result], what), "{what}: material {result} (pieces, kings)");
    }
    match d.get("source") {
        Some(s) if s.get("file").is_some() => check_source(&pos, s, what),
        Some(s) => assert_eq!(s["composed"], true, "{what}: a source is a real game or says it is composed"),
        None => panic!("{what}: a source"),
    }
    assert!(d["explanation"].as_str().is_some_and(|s| s.len() > 20), "{what}: explanation");
}

/// "Tactics worth learning": each a real shot (or a composed one, said so) whose line is legal
/// and wins what it states; "Mistakes the computer will punish": each a legal but avoidable
/// move, and the punishing line, which wins what the mistake is said to lose.
#[test]
fn tactics_and_mistakes_agree_with_the_rules() {
    let g = guides();
    for v in Variant::OFFERED {
        let guide = &g["guides"][v.id()];
        let tactics = guide["tactics"].as_array().unwrap_or_else(|| panic!("{v}: no tactics"));
        assert!((3..=5).contains(&tactics.len()), "{v}: 3 to 5 tactics, has {}", tactics.len());
        for t in tactics {
            let what = format!("{v} tactic {:?}", t["title"].as_str().expect("a title"));
            let line = strings(&t["line"], "line");
            assert!(!line.is_empty(), "{what}: a line");
            check_diagram(v, t, &what, &line, "gain", true);
        }
        let mistakes = guide["mistakes"].as_array().unwrap_or_else(|| panic!("{v}: no mistakes"));
        assert!((2..=4).contains(&mistakes.len()), "{v}: 2 to 4 mistakes, has {}", mistakes.len());
        for m in mistakes {
            let what = format!("{v} mistake {:?}", m["title"].as_str().expect("a title"));
            let mut moves = vec![m["mistake"].as_str().unwrap_or_else(|| panic!("{what}: the mistake")).to_string()];
            moves.extend(strings(&m["punish"], "punish"));
            // The loss of the side that made the mistake is the punisher's gain.
            check_diagram(v, m, &what, &moves, "loss", false);
        }
    }
}

/// The principles above the tactics, "A common mistake", "Questions at the table" and "Where the
/// rule sets differ": present for every rule set, and the comparison names each other rule set once.
#[test]
fn every_guide_answers_questions_and_compares() {
    let g = guides();
    for v in Variant::OFFERED {
        let guide = &g["guides"][v.id()];
        let common = strings(&guide["common_mistakes"], "common_mistakes");
        assert!(!common.is_empty() && common.iter().all(|s| s.len() > 40), "{v}: common mistakes");
        let principles = strings(&guide["principles"], "principles");
        assert!(principles.len() >= 3 && principles.iter().all(|s| s.len() > 40), "{v}: at least three principles above the tactics");
        let questions = guide["questions"].as_array().unwrap_or_else(|| panic!("{v}: no questions"));
        assert!(questions.len() >= 3, "{v}: at least three questions at the table");
        for q in questions {
            assert!(q["q"].as_str().is_some_and(|s| s.ends_with('?')), "{v}: a question ends with '?': {q}");
            assert!(q["a"].as_str().is_some_and(|s| s.len() > 10), "{v}: an answer: {q}");
        }
        let others: Vec<&str> = guide["differences"]
            .as_array()
            .unwrap_or_else(|| panic!("{v}: no differences"))
            .iter()
            .map(|d| {
                assert!(d["text"].as_str().is_some_and(|s| s.len() > 30), "{v}: a difference: {d}");
                d["with"].as_str().expect("with: a rule set id")
            })
            .collect();
        let want: Vec<&str> = Variant::OFFERED.iter().map(|x| x.id()).filter(|id| *id != v.id()).collect();
        assert_eq!(others, want, "{v}: compared with every other rule set, in the app's order");
    }
}

/// The keys whose string values are texts for players (translated), as opposed to positions,
/// moves, results and sources (the same in every language).
const TEXT_KEYS: [&str; 5] = ["title", "explanation", "q", "a", "text"];
/// Lists whose strings are all texts for players.
const TEXT_LISTS: [&str; 2] = ["common_mistakes", "principles"];

/// Moves and square names written in a text (`b6xd8xg5`, `11-15`, `e5`): a translation must
/// write the same ones.
fn notation_tokens(text: &str) -> BTreeSet<String> {
    let square = |s: &str| {
        let b = s.as_bytes();
        (b.len() == 2 && (b'a'..=b'j').contains(&b[0]) && b[1].is_ascii_digit() && b[1] != b'0') || (s.len() == 3 && (b'a'..=b'j').contains(&b[0]) && &s[1..] == "10")
    };
    let number = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|c| c.is_ascii_digit());
    text.split(|c: char| c.is_whitespace() || ",.;:()!?\"'«»“”„".contains(c))
        .filter(|w| {
            let parts: Vec<&str> = w.split(['-', 'x']).collect();
            (parts.len() >= 2 && parts.iter().all(|p| square(p) || number(p))) || square(w)
        })
        .map(str::to_string)
        .collect()
}

/// Compares a translation with the English guides at `path`; `text` is whether the strings here
/// are texts for players.
fn compare(en: &Value, tr: &Value, path: &str, text: bool, errors: &mut Vec<String>) {
    match (en, tr) {
        (Value::Object(e), Value::Object(t)) => {
            let (ek, tk): (BTreeSet<&String>, BTreeSet<&String>) = (e.keys().collect(), t.keys().collect());
            if ek != tk {
                errors.push(format!("{path}: keys {tk:?}, the English has {ek:?}"));
                return;
            }
            for (k, v) in e {
                let texts = text || path.ends_with(".sections") || TEXT_KEYS.contains(&k.as_str()) || TEXT_LISTS.contains(&k.as_str());
                compare(v, &t[k], &format!("{path}.{k}"), texts, errors);
            }
        }
        (Value::Array(e), Value::Array(t)) if e.len() == t.len() => {
            for (i, (a, b)) in e.iter().zip(t).enumerate() {
                compare(a, b, &format!("{path}[{i}]"), text, errors);
            }
        }
        (Value::String(e), Value::String(t)) if text => {
            if t.trim().is_empty() || (t == e && e.len() > 12) {
                errors.push(format!("{path}: not translated"));
            }
            let written = notation_tokens(t);
            for token in notation_tokens(e).difference(&written) {
                errors.push(format!("{path}: the English writes {token}, the translation does not"));
            }
        }
        (e, t) if e != t => errors.push(format!("{path}: {t} must stay {e} (positions, moves and sources are the English file's)")),
        _ => {}
    }
}

/// The guides in every language of the interface (crates/server/guides/<language>.json): the
/// English file's structure, its positions, moves, results and sources unchanged (so the
/// diagrams checked above are the ones every language shows), each text translated and writing
/// the moves and squares its English text writes.
#[test]
fn every_language_has_the_guides_with_the_english_diagrams() {
    let en = guides();
    let languages = draughts_server::guides::languages();
    assert_eq!(languages, ["fr", "it", "nl", "ru", "tr"], "a translation for each language of web/i18n/ but English");
    let mut errors = Vec::new();
    for lang in &languages {
        let (bytes, shown) = draughts_server::guides::in_language(Some(lang));
        assert_eq!(&shown, lang);
        let tr: Value = serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("guides/{lang}.json is not valid JSON: {e}"));
        compare(&en["guides"], &tr["guides"], &format!("{lang}: guides"), false, &mut errors);
    }
    assert!(errors.is_empty(), "{} problems:\n{}", errors.len(), errors.join("\n"));
    // The check sees a changed position and a text that no longer writes its squares.
    let mut broken: Value = serde_json::from_slice(&draughts_server::guides::in_language(Some("ru")).0).unwrap();
    broken["guides"]["russian"]["examples"][0]["position"] = Value::String("Light b6. Light to move.".into());
    broken["guides"]["russian"]["examples"][0]["explanation"] = Value::String("Le pion prend.".into());
    let mut found = Vec::new();
    compare(&en["guides"], &broken["guides"], "test", false, &mut found);
    assert_eq!(found.len(), 1 + 6, "the position, and the six squares the explanation no longer writes: {found:?}");
    assert_eq!(notation_tokens("The man on b6 takes c7 (b6xd8xg5), then 11-15."), ["11-15", "b6", "b6xd8xg5", "c7"].map(String::from).into());
    assert_eq!(draughts_server::guides::in_language(Some("de")).1, "en");
}
