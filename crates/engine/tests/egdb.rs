//! Endgame databases (issue 21): indexing, known results, self-consistency of every built slice
//! and agreement with the search. Slices of up to three pieces only, to keep the run short;
//! larger ones are built by `draughts egdb build`.

use draughts_engine::egdb::{self, build_all, verify, Egdb, Material, Probe, Wld};
use draughts_engine::{Limits, Searcher};
use draughts_rules::{Game, Variant};

fn built(variant: Variant, pieces: u32) -> Egdb {
    let mut db = Egdb::empty(variant);
    build_all(&mut db, pieces, egdb::distance_pieces(variant), None, &mut |_, _, _, _| {}).unwrap();
    assert_eq!(db.max_pieces(), pieces);
    db
}

const EIGHT: [Variant; 6] = [
    Variant::English,
    Variant::American,
    Variant::German,
    Variant::Russian,
    Variant::Italian,
    Variant::Brazilian,
];

#[test]
fn every_index_is_its_position_and_back() {
    for v in [Variant::English, Variant::Italian, Variant::International] {
        let db = Egdb::empty(v);
        for m in Material::up_to(3) {
            let mut seen = 0;
            for i in 0..db.positions(m) {
                if let Some(p) = db.position(m, i) {
                    seen += 1;
                    assert_eq!(db.index(&p), (m, i), "{v} {m} {i}");
                }
            }
            assert!(seen > 0, "{v} {m}");
        }
    }
}

#[test]
fn a_position_and_its_half_turn_with_the_other_side_to_move_share_a_number() {
    use draughts_rules::notation::fen;
    let db = Egdb::empty(Variant::English);
    // 32 and 1 are opposite corners; a man on 21 (Light) becomes a Dark man on 12.
    let a = fen::parse(Variant::English, "W:W21,K32:BK5").unwrap();
    let b = fen::parse(Variant::English, "B:WK28:B12,K1").unwrap();
    assert_eq!(db.index(&a), db.index(&b));
}

#[test]
fn english_two_kings_beat_one_but_where_they_are_stuck_in_a_corner() {
    let db = built(Variant::English, 3);
    let two = Material {
        own_men: 0,
        own_kings: 2,
        other_men: 0,
        other_kings: 1,
    };
    let s = db.slice(two).unwrap();
    assert_eq!(s.losses, 0);
    assert!(s.wins > 10_000, "{} wins", s.wins);
    // Placements of two kings against one: 496 * 30 (the published count of brainwagon.org's
    // "Checker endgames with only kings", 14,880).
    assert_eq!(s.positions, 14_880);
    // The few draws are positions where the two kings are stuck in a corner: W:WK3,K4:BK11.
    assert!(s.draws * 100 < s.wins, "{} draws", s.draws);
    let stuck = draughts_rules::notation::fen::parse(Variant::English, "W:WK3,K4:BK11").unwrap();
    assert_eq!(db.probe(&stuck).map(|r| r.wld), Some(Wld::Draw));
    // The lone king to move never wins.
    let lone = db.slice(two.swapped()).unwrap();
    assert_eq!(lone.wins, 0);
}

#[test]
fn english_king_against_king_is_drawn_but_where_one_is_cornered() {
    let db = built(Variant::English, 2);
    let one = db
        .slice(Material {
            own_men: 0,
            own_kings: 1,
            other_men: 0,
            other_kings: 1,
        })
        .unwrap();
    // Every king-against-king placement is counted once: 32 * 31.
    assert_eq!(one.positions, 32 * 31);
    assert_eq!(one.wins + one.draws + one.losses + one.not_stored, 32 * 31);
    assert!(
        one.draws > one.wins + one.losses,
        "{} {} {}",
        one.wins,
        one.draws,
        one.losses
    );
    // A king in the single corner pushed against the edge is lost (the search agrees: loss in 10).
    let p = draughts_rules::notation::fen::parse(Variant::English, "B:WK1:BK2").unwrap();
    assert_eq!(
        db.probe(&p),
        Some(Probe {
            wld: Wld::Loss,
            plies: Some(10)
        })
    );
}

/// Every stored result agrees with its moves, with exact distances (`egdb::verify`).
fn check_consistent(db: &Egdb) {
    let report = verify::check(db, u64::MAX, 1, &mut |_, _, _| {});
    assert!(report.disagreements.is_empty(), "{} {}", db.variant(), report.disagreements[0]);
    assert!(report.checked > 150_000, "{} {}", db.variant(), report.checked);
}

#[test]
fn every_result_of_every_eight_by_eight_rule_set_agrees_with_its_moves() {
    for v in EIGHT {
        check_consistent(&built(v, 3));
    }
}

#[test]
fn the_search_finds_no_result_the_database_denies() {
    // Sampled positions of the three-piece slices: where the search proves a win or a loss,
    // the database has the same, and database wins of a few half-moves are found by the search.
    for v in [Variant::English, Variant::Russian] {
        let db = built(v, 3);
        let mut s = Searcher::new(8);
        let mut checked = 0;
        for m in Material::up_to(3).into_iter().filter(|m| m.pieces() == 3) {
            let n = db.positions(m);
            for k in 0..20u64 {
                let i = (k * 7_919 + 13) % n;
                let Some(p) = db.position(m, i) else { continue };
                let r = db.resolve(&p).unwrap();
                let game = Game::from_position(p);
                if game.outcome().is_some() {
                    continue;
                }
                let score = s.search(&game, &Limits::depth(14), None, &mut |_| {}).score;
                let at = format!("{v} {m} index {i}: database {r:?}, search {score}");
                if score.is_win() {
                    assert_eq!(r.wld, Wld::Win, "{at}");
                } else if score.is_loss() {
                    assert_eq!(r.wld, Wld::Loss, "{at}");
                }
                if let (Wld::Win, Some(d)) = (r.wld, r.plies) {
                    if d <= 9 {
                        assert!(score.is_win(), "{at}");
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "{v}: {checked}");
    }
}

#[test]
fn a_slice_file_reads_back_and_a_damaged_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Egdb::empty(Variant::Russian);
    build_all(&mut db, 2, egdb::distance_pieces(Variant::Russian), Some(dir.path()), &mut |_, _, _, _| {}).unwrap();
    let back = Egdb::open(dir.path(), Variant::Russian).unwrap();
    assert_eq!(back.max_pieces(), 2);
    for s in db.slices() {
        let b = back.slice(s.material).unwrap();
        assert_eq!(format!("{s:?}"), format!("{b:?}"));
        for i in 0..s.positions {
            if let Some(p) = db.position(s.material, i) {
                assert_eq!(db.probe(&p), back.probe(&p));
            }
        }
    }
    // Building again skips every slice.
    let mut again = back;
    let reports = build_all(&mut again, 2, egdb::distance_pieces(Variant::Russian), Some(dir.path()), &mut |_, _, _, _| {
        panic!("nothing to build")
    })
    .unwrap();
    assert!(reports.iter().all(|r| r.skipped));
    // One flipped bit is a checksum mismatch, named.
    let path = draughts_engine::egdb::SliceFile::path(
        dir.path(),
        Variant::Russian,
        Material {
            own_men: 0,
            own_kings: 1,
            other_men: 0,
            other_kings: 1,
        },
    );
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let err = Egdb::open(dir.path(), Variant::Russian)
        .err()
        .expect("damaged")
        .to_string();
    assert!(
        err.contains("checksum") && err.contains("0m1k-0m1k"),
        "{err}"
    );
}

#[test]
fn the_search_with_the_database_converts_won_endings() {
    use draughts_engine::matchplay::{play_out, PlayedOut, PlyCap, Turn};
    use draughts_rules::Outcome;
    use std::sync::Arc;
    for v in [Variant::English, Variant::Russian, Variant::Italian] {
        let db = Arc::new(built(v, 3));
        let mut s = Searcher::new(4);
        s.set_egdbs(vec![db.clone()]);
        let mut games = 0;
        for m in Material::up_to(3).into_iter().filter(|m| m.pieces() == 3) {
            for k in 0..6u64 {
                let i = (k * 104_729 + 7) % db.positions(m);
                let Some(p) = db.position(m, i) else { continue };
                let Some(Probe {
                    wld: Wld::Win,
                    plies: Some(d),
                }) = db.probe(&p)
                else {
                    continue;
                };
                let mut game = Game::from_position(p);
                // A shallow search: the database alone leads the way.
                let turn = |g: &Game| {
                    s.search(g, &Limits::depth(2), None, &mut |_| {})
                        .best
                        .map(Turn::<()>::Play)
                        .ok_or("no move")
                };
                let ended =
                    play_out(&mut game, PlyCap::Adjudicate(300), turn, &mut |_| {}).unwrap();
                assert!(matches!(ended, PlayedOut::Over), "{v} {m} {i}: {ended:?}");
                let winner = p.side_to_move();
                assert!(
                    matches!(game.outcome(), Some(Outcome::Win(c, _)) if c == winner),
                    "{v} {m} {i}: {:?}",
                    game.outcome()
                );
                assert!(
                    game.ply() <= d as usize,
                    "{v} {m} {i}: {} plies, database {d}",
                    game.ply()
                );
                games += 1;
            }
        }
        assert!(games > 10, "{v}: {games}");
    }
}

#[test]
fn levels_seven_and_eight_read_the_database_lower_ones_do_not() {
    use draughts_engine::{choose_move_with, Level};
    use std::sync::Arc;
    assert!(
        !Level::new(6).unwrap().spec().egdb
            && Level::new(7).unwrap().spec().egdb
            && Level::new(8).unwrap().spec().egdb
    );
    let db = Arc::new(built(Variant::English, 3));
    let mut s = Searcher::new(4);
    s.set_egdbs(vec![db.clone()]);
    let p = draughts_rules::notation::fen::parse(Variant::English, "W:WK29,K30:BK5").unwrap();
    let game = Game::from_position(p);
    let best = db.resolve(&p).unwrap().plies.unwrap();
    // Level 8 plays a move along the database's line: to a loss shorter than this win.
    let mv = choose_move_with(&mut s, &game, Level::MAX, 1).unwrap();
    let after = db.resolve(&p.after(&mv)).unwrap();
    assert!(
        after.wld == Wld::Loss && after.plies.unwrap() < best,
        "{after:?}, {best}"
    );
    // The searcher keeps its databases, and level 8 after a lower level reads them again.
    choose_move_with(&mut s, &game, Level::new(2).unwrap(), 1).unwrap();
    assert_eq!(s.egdbs().len(), 1);
    let mv = choose_move_with(&mut s, &game, Level::MAX, 1).unwrap();
    assert_eq!(db.resolve(&p.after(&mv)).unwrap().wld, Wld::Loss);
}
