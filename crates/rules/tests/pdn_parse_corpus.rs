//! Parses every `.pdn` file of the shared corpus and checks the per-file counts against
//! `SOURCES.md` (the "games" and "FEN" columns).
//!
//! The corpus folder is found by `common::pdn_dir` (required).

mod common;

use draughts_rules::notation::pdn::{decode, parse, PdnFile};
use std::path::{Path, PathBuf};

/// (file relative to the corpus folder, games with at least one move, all records kept as
/// games (adds tag-only problem/FEN records), records with a [FEN] tag, warnings).
const EXPECTED: &[(&str, usize, usize, usize, usize)] = &[
    ("english/wiegerw-pdn__games_succeed_OCA_2.0.pdn", 43, 43, 0, 0),
    ("english/wiegerw-pdn__games_succeed_Principles_of_Strategy.pdn", 16, 16, 0, 0),
    ("english/wiegerw-pdn__games_succeed_Tricks_traps_and_shots.pdn", 91, 91, 18, 0),
    ("english/wiegerw-pdn__games_succeed_goulds.pdn", 0, 262, 262, 0),
    ("english/wiegerw-pdn__games_succeed_bridges.pdn", 0, 267, 267, 0),
    ("english/wiegerw-pdn__games_succeed_beginner.pdn", 0, 58, 58, 0),
    ("english/wiegerw-pdn__games_succeed_borderclassics.pdn", 1, 183, 182, 0),
    ("english/eygilbert-CheckerBoard__11_man_english.pdn", 0, 2400, 2400, 0),
    ("english/miskibin-py-draughts__test_games_american_random_pdns.pdn", 30, 30, 0, 0),
    ("international/wiegerw-pdn__games_succeed_090417ronde12.pdn", 7, 7, 0, 0),
    ("international/wiegerw-pdn__games_succeed_DUTCH96H.pdn", 13, 13, 0, 0),
    ("international/wiegerw-pdn__games_succeed_candidate95.pdn", 8, 8, 0, 0),
    ("international/wiegerw-pdn__games_succeed_nk_ronde_01.pdn", 7, 7, 0, 0),
    // "32 with moves + 1 FEN-only".
    ("international/wiegerw-pdn__games_succeed_nk2003-amsterdam.pdn", 32, 33, 0, 0),
    ("international/wiegerw-pdn__games_succeed_rk_ronde_12.pdn", 7, 7, 0, 0),
    ("international/wiegerw-pdn__games_succeed_schildpad.pdn", 34, 34, 0, 0),
    ("international/wiegerw-pdn__games_succeed_windragon.pdn", 1, 1, 0, 0),
    ("international/wiegerw-pdn__games_succeed_Cat.B1.pdn", 37, 37, 37, 0),
    ("international/wiegerw-pdn__games_fail_Cat.A1.pdn", 35, 35, 35, 0),
    ("international/wiegerw-pdn__games_succeed_PWCP_2.pdn", 51, 51, 51, 0),
    ("international/wiegerw-pdn__games_succeed_PWCP_2a.pdn", 59, 59, 59, 0),
    ("international/wiegerw-pdn__games_fail_delfts.pdn", 2, 2, 0, 0),
    ("international/wiegerw-pdn__games_fail_40Camp.DamaInternazionaleAssoluto.pdn", 45, 45, 0, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_29eme_Open_dAvignon_2014.pdn", 97, 97, 0, 0),
    // "82 (81 with tags)": the [Empty] record counts. Two warnings: a "[" alone on a line
    // (line 88) and a doubled "[[Event" (line 174); no game is lost.
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_48th_Polish_Team_Championship.pdn", 82, 82, 0, 2),
    // SOURCES.md says "47 (+4 junk fragments)". The file has 48 movetexts: 47 records
    // start with [Event] and one (line 747) has French tag names with HTML entities and
    // spaces ([&#x00c9;v&#x00e9;nement ...], [Type de jeu "20"], [Heure blanche
    // "0:10:00"], [R&#x00e9;sultat "1-1"]). A line-based tag regex turns those tags into
    // the "junk fragments" (the bare "1-1", the clock "0:10:00"); read as tags, there
    // is no junk and 48 real games.
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_4th_African_BLITZ_Championship_OUAGA_ZIIRI_2024.pdn", 48, 48, 0, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_Brigitte.pdn", 1, 1, 0, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_BrunoVsScan31.pdn", 11, 11, 0, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_Championnat_de_France_2021.pdn", 58, 58, 0, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_Match_Samb-Buggy2.pdn", 6, 6, 0, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_Montpellier_Open_Serie_A.pdn", 56, 56, 0, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_Partie_avec_FEN1.pdn", 4, 4, 4, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_Sijbrands_vs_Andreiko.pdn", 20, 20, 0, 0),
    // SOURCES.md says "11 (+1 fragment)" but also "12/12 replay legally". The fragment
    // is a tag split over two lines ("[" then 'Event "..."]', line 184); read as a tag,
    // all 12 records are complete games.
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_TOURNOI_DES_CHAMPION_REGIONAUX.pdn", 12, 12, 0, 0),
    ("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_World_Title_Match_Women_2024.pdn", 2, 2, 0, 0),
    ("international/miskibin-py-draughts__test_games_standard_random_pdns.pdn", 13, 13, 0, 0),
    ("russian/wiegerw-pdn__games_succeed_ussr1947.pdn", 153, 153, 153, 0),
    // Tag-less records separated only by blank lines.
    ("russian/miskibin-py-draughts__test_games_russian_random_pdns.pdn", 9, 9, 0, 0),
    ("brazilian/miskibin-py-draughts__test_games_brazilian_random_pdns.pdn", 25, 25, 25, 0),
    ("italian/wiegerw-pdn__games_succeed_Campionato_Assoluto_2005.pdn", 53, 53, 0, 0),
    ("czech/wiegerw-pdn__games_succeed_mrcd2000kval.pdn", 40, 40, 0, 0),
    // "94 with moves + 8 FEN-only".
    ("czech/wiegerw-pdn__games_succeed_mrcd2007.pdn", 94, 102, 0, 0),
    // "69 with moves + 3 FEN-only".
    ("czech/wiegerw-pdn__games_fail_mrdrcd07.pdn", 69, 72, 0, 0),
];

fn data_dir() -> Option<PathBuf> {
    Some(common::pdn_dir())
}

fn collect_pdn(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect_pdn(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pdn")) {
            out.push(p);
        }
    }
}

fn parse_file(path: &Path) -> PdnFile {
    let bytes = std::fs::read(path).expect("readable file");
    let (text, _) = decode(&bytes);
    parse(&text)
}

#[test]
fn every_corpus_file_matches_sources_md() {
    let Some(dir) = data_dir() else { return };
    let mut files = Vec::new();
    collect_pdn(&dir, &mut files);
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(&dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let Some(&(_, with_moves, games, fen, warnings)) =
            EXPECTED.iter().find(|(name, ..)| *name == rel)
        else {
            failures.push(format!("{rel}: not in the expected table"));
            continue;
        };
        let f = parse_file(path);
        let got = (
            f.games.iter().filter(|g| !g.moves.is_empty()).count(),
            f.games.len(),
            f.games.iter().filter(|g| g.tag("FEN").is_some()).count(),
            f.warnings.len(),
        );
        if got != (with_moves, games, fen, warnings) {
            failures.push(format!(
                "{rel}: got (with moves, games, FEN, warnings) = {got:?}, expected {:?}; warnings: {:?}",
                (with_moves, games, fen, warnings),
                f.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>()
            ));
        }
        for g in &f.games {
            assert_eq!(
                g.number,
                f.games.iter().position(|x| std::ptr::eq(x, g)).unwrap() + 1
            );
            for m in &g.moves {
                assert!(
                    m.parsed().is_some(),
                    "{rel}: game {} move {:?} at {}:{} does not parse",
                    g.number,
                    m.text,
                    m.line,
                    m.col
                );
            }
        }
    }
    for (name, ..) in EXPECTED {
        if !files.iter().any(|p| p.ends_with(name)) {
            failures.push(format!("{name}: listed but not found"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn corpus_details() {
    let Some(dir) = data_dir() else { return };
    let f = parse_file(&dir.join("international/wiegerw-pdn__games_fail_delfts.pdn"));
    let results: Vec<_> = f.games.iter().map(|g| g.result.as_deref()).collect();
    assert_eq!(results, [Some("4-6"), Some("1-9")]);
    assert_eq!(f.games[0].moves[0].text, "34-29");
    assert_eq!(f.games[0].moves[11].text, "06-11");
    assert_eq!(f.games[0].moves.len(), 128);

    let f = parse_file(&dir.join("english/wiegerw-pdn__games_succeed_OCA_2.0.pdn"));
    let g = &f.games[0];
    assert_eq!(g.tag("Date"), Some("1841-??-??"));
    assert_eq!(g.moves.last().unwrap().text, "26x17x10x1");
    assert_eq!(g.result.as_deref(), Some("0-1"));

    let f = parse_file(&dir.join(
        "international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_4th_African_BLITZ_Championship_OUAGA_ZIIRI_2024.pdn",
    ));
    let g = f
        .games
        .iter()
        .find(|g| g.line == 747)
        .expect("the French-tag game");
    assert_eq!(g.tag("Type de jeu"), Some("20"));
    assert_eq!(g.tag_result(), Some("1-1"));
    assert_eq!(g.moves[0].text, "33-29");

    let f =
        parse_file(&dir.join("italian/wiegerw-pdn__games_succeed_Campionato_Assoluto_2005.pdn"));
    assert_eq!(f.games[0].tag_result(), Some("1-0"));
    assert_eq!(f.games[0].moves.last().unwrap().text, "6-11");

    let f = parse_file(&dir.join("russian/wiegerw-pdn__games_succeed_ussr1947.pdn"));
    assert_eq!(f.games[0].tag("White"), Some("Блиндер Б."));
    assert_eq!(f.games[0].moves[10].text, "d4:b6");

    let f = parse_file(
        &dir.join("international/Yodachess-BrunoGUI_Dames__Dames_PartiesPdn_FEN_Brigitte.pdn"),
    );
    assert_eq!(f.games[0].tag("Result"), Some(" 0-1"));
    assert_eq!(f.games[0].tag_result(), Some("0-1"));
}

/// Every game of the corpus survives write -> parse unchanged.
#[test]
fn corpus_round_trips_through_the_writer() {
    let Some(dir) = data_dir() else { return };
    let mut files = Vec::new();
    collect_pdn(&dir, &mut files);
    for path in &files {
        let f = parse_file(path);
        for g in &f.games {
            let moves: Vec<String> = g.moves.iter().map(|m| m.text.clone()).collect();
            let result = g.result.clone().unwrap_or_default();
            let text = draughts_rules::notation::pdn::write_game(&g.tags, &moves, &result);
            let back = parse(&text);
            assert_eq!(
                back.games.len(),
                1,
                "{}: game {}\n{text}",
                path.display(),
                g.number
            );
            let b = &back.games[0];
            assert_eq!(b.tags, g.tags, "{}: game {}", path.display(), g.number);
            assert_eq!(
                b.moves.iter().map(|m| &m.text).collect::<Vec<_>>(),
                moves.iter().collect::<Vec<_>>(),
                "{}: game {}",
                path.display(),
                g.number
            );
            assert_eq!(
                b.result,
                g.result,
                "{}: game {}\n{text}",
                path.display(),
                g.number
            );
        }
    }
}
