//! PDN out and back in: games written by `replay::write_pdn` replay to the same moves in every
//! variant, with the right GameType; Latin-1 files are read.

mod support;

use draughts_rules::notation::{fen, pdn::{self, replay}};
use draughts_rules::{Game, Position, Variant};

/// A deterministic pseudo-random game of up to `plies` plies.
fn random_game(v: Variant, seed: u64, plies: usize) -> Game {
    let mut g = Game::new(v);
    let mut rng = support::Rng::new(seed);
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        g.play(&mv).unwrap();
    }
    g
}

#[test]
fn written_games_replay_to_the_same_moves() {
    for v in Variant::ALL {
        for seed in 1..6 {
            let g = random_game(v, seed, 120);
            let text = replay::write_pdn(&g, &[("Event".into(), "test".into())]);
            let file = pdn::parse(&text);
            assert_eq!(file.games.len(), 1, "{v}:\n{text}");
            let pg = &file.games[0];
            // No default rule set: the written tags must say it.
            assert_eq!(replay::game_variant(pg, None), Ok(v), "{text}");
            let r = replay::replay(pg, v).unwrap_or_else(|e| panic!("{v}: {e}\n{text}"));
            assert_eq!(r.moves.len(), g.moves().len());
            for (a, b) in r.moves.iter().zip(g.moves()) {
                assert!(a.same_as(b) && a.landings().eq(b.landings()), "{v}: {a:?} vs {b:?}");
            }
            assert_eq!(pg.result.as_deref(), Some(g.outcome().map(|o| o.pdn()).unwrap_or("*")));
        }
    }
}

#[test]
fn russian_captures_are_written_with_a_colon_and_both_forms_are_read() {
    let mut g = Game::new(Variant::Russian);
    for text in ["c3-d4", "f6-e5", "d4xf6", "g7xe5"] {
        let mv = draughts_rules::notation::movetext::parse(g.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&mv).unwrap();
    }
    let text = replay::write_pdn(&g, &[]);
    assert!(text.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5"), "{text}");
    assert!(!text.contains("d4xf6"), "{text}");
    for record in [text.clone(), text.replace(':', "x")] {
        let pg = &pdn::parse(&record).games[0];
        let r = replay::replay(pg, Variant::Russian).unwrap_or_else(|e| panic!("{e}\n{record}"));
        assert_eq!(r.moves.len(), 4, "{record}");
    }
    // Elsewhere captures keep their `x`.
    let e = replay::write_pdn(&random_game(Variant::English, 1, 60), &[]);
    let moves: String = e.lines().filter(|l| !l.starts_with('[')).collect();
    assert!(moves.contains('x') && !moves.contains(':'), "{e}");
}

#[test]
fn game_types_follow_the_issue() {
    let expect = [
        (Variant::International, 20),
        (Variant::English, 21),
        (Variant::Italian, 22),
        (Variant::Russian, 25),
        (Variant::Brazilian, 26),
        (Variant::Turkish, 30),
    ];
    for (v, n) in expect {
        assert_eq!(v.rules().game_type, n);
        assert_eq!(Variant::from_game_type(n), Some(v));
    }
    // Our own settings: an unused number plus a [Variant] tag.
    for v in [Variant::American, Variant::German] {
        let text = replay::write_pdn(&Game::new(v), &[]);
        assert!(text.contains(&format!("[Variant \"{}\"]", v.id())), "{text}");
        let pg = &pdn::parse(&text).games[0];
        assert_eq!(replay::game_variant(pg, None), Ok(v));
    }
}

#[test]
fn set_up_positions_are_written_with_fen() {
    let v = Variant::International;
    let start = fen::parse(v, "B:W28,33,K45:B12,17,18").unwrap();
    let mut g = Game::from_position(start);
    let mv = g.legal_moves()[0];
    g.play(&mv).unwrap();
    let text = replay::write_pdn(&g, &[]);
    assert!(text.contains("[FEN \"B:W28,33,K45:B12,17-18\"]") || text.contains("[FEN \"B:W28,33,K45:B12,17,18\"]"), "{text}");
    let pg = &pdn::parse(&text).games[0];
    let r = replay::replay(pg, v).unwrap();
    assert_eq!(r.start, start);
    assert_eq!(r.end(), *g.position());
}

#[test]
fn latin1_files_are_read() {
    // "Événement" and "Résultat" in Latin-1 bytes, a game of two moves.
    let mut bytes = b"[Event \"Championnat \xc9t\xe9\"]\n[White \"Andr\xe9\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 *\n".to_vec();
    bytes.push(b'\n');
    let (text, enc) = pdn::decode(&bytes);
    assert_eq!(enc, pdn::Encoding::Latin1);
    let file = pdn::parse(&text);
    assert_eq!(file.games[0].tag("White"), Some("André"));
    let c = replay::check_text(&text, None);
    assert_eq!((c.games, c.ok), (1, 1));
}

#[test]
fn broken_records_say_where() {
    let text = "[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-10 *\n";
    let c = replay::check_text(text, None);
    assert_eq!(c.failed.len(), 1);
    let e = &c.failed[0].1;
    assert_eq!((e.ply, e.move_text.as_str(), e.line), (6, "17-10", 3));
    assert!(e.reason.contains("not a legal move"), "{}", e.reason);
    // Unknown GameType and a bad FEN are reported as set-up problems (ply 0).
    let c = replay::check_text("[GameType \"29\"]\n1. c3-d4 *\n", None);
    assert!(c.failed[0].1.reason.contains("GameType 29"), "{}", c.failed[0].1);
    let c = replay::check_text("[GameType \"20\"]\n[FEN \"W:W51:B1\"]\n1. 1-7 *\n", None);
    assert!(c.failed[0].1.reason.contains("bad [FEN] tag") && c.failed[0].1.reason.contains("51"), "{}", c.failed[0].1);
    // No tag and no default rule set.
    let c = replay::check_text("1. 11-15 *\n", None);
    assert!(c.failed[0].1.reason.contains("--variant"), "{}", c.failed[0].1);
    assert!(Position::start(Variant::English).legal_moves().len() == 7);
}
