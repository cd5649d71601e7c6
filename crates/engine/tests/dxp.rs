//! A DXP conversation driven by a test: our Initiator against our Follower over TCP on loopback.

use draughts_engine::dxp::{follow, initiate, Connection, DxpConfig};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

#[test]
fn initiator_and_follower_play_games_over_loopback() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let cfg = DxpConfig { name: "draughts test".into(), movetime: Duration::from_millis(10), games: 2, max_plies: 16, minutes: 1 };
    let fcfg = cfg.clone();
    let follower = std::thread::spawn(move || {
        let (s, _) = listener.accept().unwrap();
        let mut conn = Connection::tcp(s, Duration::from_secs(30)).unwrap();
        let games = follow(&mut conn, &fcfg, &mut |_| {}, &mut |_| {}).unwrap();
        (games, conn.log)
    });
    let mut conn = Connection::tcp(TcpStream::connect(addr).unwrap(), Duration::from_secs(30)).unwrap();
    let games = initiate(&mut conn, &cfg, &mut |_| {}, &mut |_| {}).unwrap();
    drop(conn);
    let (their_games, their_log) = follower.join().unwrap();
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
