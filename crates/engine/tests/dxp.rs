//! A DXP conversation driven by a test: our Initiator against our Follower over TCP on loopback.

use draughts_engine::dxp::{follow, initiate, Connection, DxpConfig, DxpGame};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

/// Our Initiator (`cfg`) against our Follower (`fcfg`) on loopback: the Initiator's games, the
/// Follower's games and the Follower's message log.
fn play_pair(cfg: &DxpConfig, fcfg: DxpConfig) -> (Vec<DxpGame>, Vec<DxpGame>, Vec<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let follower = std::thread::spawn(move || {
        let (s, _) = listener.accept().unwrap();
        let mut conn = Connection::tcp(s, Duration::from_secs(30)).unwrap();
        let games = follow(&mut conn, &fcfg, &mut |_| {}, &mut |_| {}).unwrap();
        (games, conn.log)
    });
    let mut conn = Connection::tcp(TcpStream::connect(addr).unwrap(), Duration::from_secs(30)).unwrap();
    let games = initiate(&mut conn, cfg, &mut |_| {}, &mut |_| {}).unwrap();
    drop(conn);
    let (their_games, their_log) = follower.join().unwrap();
    (games, their_games, their_log)
}

#[test]
fn initiator_and_follower_play_games_over_loopback() {
    let cfg = DxpConfig { name: "draughts test".into(), movetime: Duration::from_millis(10), games: 2, max_plies: 16, minutes: 1, openings: Vec::new(), weights: None, patterns: None, draws: draughts_rules::DrawRules::Fmjd, sprt: None };
    let (games, their_games, their_log) = play_pair(&cfg, cfg.clone());
    assert_eq!(games.len(), 2);
    assert_eq!(their_games.len(), 2);
    for (ours, theirs) in games.iter().zip(&their_games) {
        // Both sides saw the same moves, with opposite colours.
        assert_eq!(ours.game.moves(), theirs.game.moves());
        assert_ne!(ours.ours, theirs.ours);
        assert!(ours.game.ply() >= 16 || ours.outcome.is_some());
    }
    assert!(their_log[0].starts_with("< R01draughts test"), "{:?}", &their_log[..2]);
    assert!(their_log[1].starts_with("> Adraughts test") && their_log[1].ends_with('0'));
    assert!(their_log.iter().any(|l| l.starts_with("< M")) && their_log.iter().any(|l| l.starts_with("> M")));
    assert!(their_log.iter().any(|l| l.starts_with("< E")) && their_log.iter().any(|l| l.starts_with("> E")));
}

#[test]
fn initiator_sends_opening_positions_in_the_game_request() {
    use draughts_engine::matchplay::balanced_opening;
    use draughts_rules::Variant;
    let line = balanced_opening(Variant::International, 3, 11);
    assert_eq!(line.len(), 3);
    let cfg = DxpConfig {
        name: "draughts test".into(),
        movetime: Duration::from_millis(5),
        games: 2,
        max_plies: 10,
        minutes: 1,
        openings: vec![line.clone()],
        weights: None,
        patterns: None,
        draws: draughts_rules::DrawRules::Fmjd,
        sprt: None,
    };
    let (games, their_games, their_log) = play_pair(&cfg, DxpConfig { openings: Vec::new(), ..cfg.clone() });
    assert_eq!((games.len(), their_games.len()), (2, 2));
    for (ours, theirs) in games.iter().zip(&their_games) {
        // Our record keeps the opening line; the Follower's starts from the position after it.
        assert_eq!(&ours.game.moves()[..3], &line[..]);
        assert_eq!(&ours.game.moves()[3..], theirs.game.moves());
        assert_ne!(ours.ours, theirs.ours);
    }
    // Three plies from the start: Dark to move, in the GAMEREQ's position form ("B" then "Z").
    let req = their_log.iter().find(|l| l.starts_with("< R01")).unwrap();
    assert_eq!(&req[2 + 42..2 + 44], "BZ", "{req}");
}

#[test]
fn a_sequential_test_ends_the_session_once_it_decides() {
    use draughts_engine::eval::{Feature, Weights};
    use draughts_engine::sprt::{Pentanomial, Sprt, Verdict};
    use draughts_rules::Variant;
    // A Follower that counts its men as a loss gives them away: we win pair after pair, and a
    // test of 0 against 200 Elo at 20% error rates (bounds +-1.39) decides in a few pairs,
    // long before the 40 games asked for.
    let mut giveaway = Weights::builtin(Variant::International).clone();
    giveaway.opening[Feature::Man as usize] = -300;
    giveaway.ending[Feature::Man as usize] = -300;
    let test = Sprt::new(0.0, 200.0, 0.2, 0.2).unwrap();
    let cfg = DxpConfig {
        name: "draughts test".into(),
        movetime: Duration::from_millis(5),
        games: 40,
        max_plies: 200,
        minutes: 1,
        openings: Vec::new(),
        weights: None,
        patterns: None,
        draws: draughts_rules::DrawRules::Fmjd,
        sprt: Some(test),
    };
    let (games, their_games, _) = play_pair(&cfg, DxpConfig { weights: Some(giveaway), sprt: None, ..cfg.clone() });
    assert_eq!(games.len(), their_games.len());
    assert!(games.len() < 40 && games.len() % 2 == 0, "{} games", games.len());
    let points: Vec<f64> = games.iter().map(DxpGame::our_score).collect();
    assert_eq!(test.verdict(&Pentanomial::of_games(&points)), Verdict::H1, "{points:?}");
    // It stopped at the first pair that decided it.
    assert_eq!(test.verdict(&Pentanomial::of_games(&points[..points.len() - 2])), Verdict::Continue, "{points:?}");
}
