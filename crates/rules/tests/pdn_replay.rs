//! Every game of `../shared/data/pdn/` replays (issue 2, section 4), read as `SOURCES.md` says:
//! the rule set of each folder, the few records broken at the source failing for their stated
//! reason, and the two collections that are not PDN (the ACF archive of English games and the
//! Turkish engine games stored as board CSVs) through their readers, `notation::acf` and
//! `notation::board_csv`.

mod common;

use draughts_rules::notation::{acf, board_csv};
use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::Variant;
use std::collections::BTreeMap;
use std::path::Path;

/// Replays every `.pdn` file of a folder; returns file name -> check.
fn check_folder(folder: &str, variant: Variant) -> BTreeMap<String, replay::FileCheck> {
    let dir = common::pdn_dir().join(folder);
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(&dir).expect("folder").flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "pdn") {
            let (text, _) = pdn::decode(&std::fs::read(&p).expect("file"));
            out.insert(p.file_name().unwrap().to_string_lossy().into_owned(), replay::check_text(&text, Some(variant)));
        }
    }
    assert!(!out.is_empty(), "no PDN files in {}", dir.display());
    out
}

/// Asserts every game replayed except `broken`: (file, game number, ply, text in the reason).
fn assert_all_replay(checks: &BTreeMap<String, replay::FileCheck>, broken: &[(&str, usize, usize, &str)]) {
    for (file, c) in checks {
        let expected: Vec<_> = broken.iter().filter(|b| file.contains(b.0)).collect();
        assert_eq!(c.failed.len(), expected.len(), "{file}: unexpected failures {:?}", c.failed);
        for (b, (game, err)) in expected.iter().zip(&c.failed) {
            assert_eq!((*game, err.ply), (b.1, b.2), "{file}: failure at another place: {err}");
            assert!(err.reason.contains(b.3), "{file} game {game}: reason {:?} lacks {:?}", err.reason, b.3);
        }
        assert_eq!(c.ok + c.failed.len(), c.games);
    }
}

#[test]
fn english_pdn_files_replay() {
    let checks = check_folder("english", Variant::English);
    // Boland's Bridges #14 sets up `[FEN "W::."]`: no piece list at all, a problem lost at the
    // source. The FEN reader used to skip the empty fields and read an empty board; it now says so.
    assert_all_replay(&checks, &[("bridges", 14, 0, "empty field")]);
    let tricks = &checks["wiegerw-pdn__games_succeed_Tricks_traps_and_shots.pdn"];
    assert_eq!(tricks.games, 91);
    // SOURCES.md lists two records of this file as failing for pydraughts ("Paisley Pickle
    // Barrel" ply 37, "Clayton's Clipper" ply 22). Both write a two-piece capture with its start
    // and end squares only, naming two captures; the moves that follow allow only one of them, so
    // the careful reading replays them, and says so.
    let notes: Vec<(usize, usize)> = tricks.notes.iter().map(|n| (n.0, n.1)).collect();
    assert_eq!(notes, [(57, 37), (90, 22)]);
    assert!(tricks.notes[0].2.contains("10x17x26 or 10x19x26"));
    // The playstrategy export: algebraic squares seen from the first mover's side.
    let ps = &checks["miskibin-py-draughts__test_games_american_random_pdns.pdn"];
    assert_eq!((ps.games, ps.ok), (30, 30));
    // Problem collections: positions only, every FEN read (some have men on their far row).
    assert_eq!(checks["wiegerw-pdn__games_succeed_goulds.pdn"].ok, 262);
    assert_eq!(checks["eygilbert-CheckerBoard__11_man_english.pdn"].ok, 2400);
}

#[test]
fn international_pdn_files_replay() {
    let checks = check_folder("international", Variant::International);
    // BrunoVsScan31: the last record (a Championnat de France 2021 game) has an impossible move
    // at ply 64 where a capture is compulsory (SOURCES.md: source error).
    assert_all_replay(&checks, &[("BrunoVsScan31", 11, 64, "legal: 32x43")]);
    // schildpad: SOURCES.md's two failures are ambiguous start/end captures; the rest of each
    // game decides them.
    let s = &checks["wiegerw-pdn__games_succeed_schildpad.pdn"];
    let notes: Vec<(usize, usize)> = s.notes.iter().map(|n| (n.0, n.1)).collect();
    assert_eq!(notes, [(3, 69), (7, 111)]);
    let total: usize = checks.values().map(|c| c.games).sum();
    assert!(total >= 700, "{total} international games");
}

#[test]
fn russian_brazilian_italian_pdn_files_replay() {
    let ru = check_folder("russian", Variant::Russian);
    assert_all_replay(&ru, &[]);
    assert_eq!(ru["wiegerw-pdn__games_succeed_ussr1947.pdn"].ok, 153, "legacy numeric FEN with algebraic moves");
    let br = check_folder("brazilian", Variant::Brazilian);
    assert_all_replay(&br, &[]);
    let it = check_folder("italian", Variant::Italian);
    assert_all_replay(&it, &[]);
    // The Italian file confirms RULES.md section 5's Italian numbering (1 = a8, 32 = h1).
    assert_eq!(it["wiegerw-pdn__games_succeed_Campionato_Assoluto_2005.pdn"].ok, 53);
}

#[test]
fn czech_files_are_not_our_rules() {
    // Czech draughts (GameType 29 not given; men don't capture backwards): most games are
    // illegal under Russian rules, so they must not all replay.
    let cz = check_folder("czech", Variant::Russian);
    let failed: usize = cz.values().map(|c| c.failed.len()).sum();
    assert!(failed > 100, "{failed}");
}

#[test]
fn acf_archive_of_english_games_replays() {
    let path = common::pdn_dir().join("english/EricCJoyce-Datasets__Checkers_ACF.txt");
    let text = std::fs::read_to_string(&path).expect("ACF file");
    let games = acf::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let mut results = BTreeMap::new();
    let mut plies = 0;
    for g in &games {
        assert!(g.game.ply() > 0, "line {}", g.line);
        plies += g.game.ply() + g.after_end;
        *results.entry(g.result.as_str()).or_insert(0) += 1;
    }
    assert_eq!(games.len(), 9377);
    assert_eq!(results["1/2-1/2"], 5407);
    assert_eq!(results["0-1"], 2373);
    assert_eq!(results["1-0"], 1597);
    let moves: usize = text.lines().map(|l| l.split('\t').next().unwrap_or("").split_whitespace().count()).sum();
    assert_eq!(plies, moves, "every move read, or counted after its game's end");
}

#[test]
fn turkish_engine_games_replay() {
    let dir = common::pdn_dir().join("turkish/ffloof-TurkishDraughts__Round1");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("folder").flatten().map(|e| e.path()).collect();
    files.sort();
    let mut plies = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("csv");
        let read = board_csv::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", name(f)));
        plies += read.game.ply() + read.after_end.map_or(0, |(_, n)| n);
    }
    assert_eq!(files.len(), 225);
    assert_eq!(plies, 20874);
}

fn name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}
