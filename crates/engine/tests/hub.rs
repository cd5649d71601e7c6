//! A Hub conversation driven by a test: our engine on one end of two pipes, the test (and then
//! our own Hub client) on the other.

use draughts_engine::hub::{self, HubClient};
use draughts_rules::notation::movetext;
use draughts_rules::{DrawRules, Game, Variant};
use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

struct Conversation {
    to_engine: std::io::PipeWriter,
    lines: mpsc::Receiver<String>,
    engine: thread::JoinHandle<()>,
}

impl Conversation {
    fn start() -> Conversation {
        let (in_r, in_w) = std::io::pipe().unwrap();
        let (out_r, out_w) = std::io::pipe().unwrap();
        let engine = thread::spawn(move || hub::run_engine(BufReader::new(in_r), out_w));
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for l in BufReader::new(out_r).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Conversation { to_engine: in_w, lines: rx, engine }
    }

    /// A conversation past the `hub` and `init` handshake.
    fn ready() -> Conversation {
        let mut c = Conversation::start();
        c.send("hub");
        c.read_until("wait");
        c.send("init");
        c.read_until("ready");
        c
    }

    fn send(&mut self, line: &str) {
        writeln!(self.to_engine, "{line}").unwrap();
        self.to_engine.flush().unwrap();
    }

    /// Sends `line`, then `ping`: the answers up to and including the `pong`.
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("ping");
        self.read_until("pong")
    }

    /// Reads the running search's lines up to its `done`, which must name a move.
    fn read_move(&mut self) {
        let lines = self.read_until("done");
        assert!(lines.last().unwrap().starts_with("done move="), "{lines:?}");
    }

    /// Lines up to and including the first whose command is `until`.
    fn read_until(&mut self, until: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self.lines.recv_timeout(Duration::from_secs(20)).unwrap_or_else(|_| panic!("no {until:?} after {got:?}"));
            let done = l.split_whitespace().next() == Some(until);
            got.push(l);
            if done {
                return got;
            }
        }
    }
}

#[test]
fn handshake_search_stop_ping_and_unknown_commands() {
    let mut c = Conversation::start();
    c.send("hub");
    let intro = c.read_until("wait");
    assert!(intro[0].starts_with("id name=draughts"), "{intro:?}");
    let variant = intro.iter().find(|l| l.contains("name=variant")).expect("a variant parameter");
    assert!(variant.contains("value=normal") && variant.contains("english") && variant.contains("turkish"), "{variant}");
    let draws = intro.iter().find(|l| l.contains("name=draw-rules")).expect("a draw-rules parameter");
    assert!(draws.contains("value=simplified") && draws.contains("fmjd"), "{draws}");
    c.send("some-future-command x=1");
    c.send("init");
    assert_eq!(c.read_until("ready").last().unwrap(), "ready");

    // A fixed-depth search from the international start.
    c.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    c.send("level depth=4");
    c.send("go think");
    let out = c.read_until("done");
    let done = hub::parse_line(out.last().unwrap()).unwrap();
    let mv = done.get("move").expect("done carries a move");
    let start = draughts_rules::Position::start(Variant::International);
    assert!(hub::parse_move(&start, mv).is_ok(), "{mv} is legal at the start");
    let infos: Vec<_> = out.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 4, "one info line per depth: {out:?}");
    assert!(infos[3].contains("depth=4") && infos[3].contains("pv=") && infos[3].contains("nodes="));

    // An infinite analysis answers ping while searching and stops on request with done.
    c.send("set-param name=variant value=english");
    c.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"9-13\"");
    c.send("level infinite");
    c.send("go analyze");
    thread::sleep(Duration::from_millis(200));
    c.send("ping");
    let pong = c.read_until("pong");
    assert!(pong.iter().all(|l| l.starts_with("info") || l == "pong"), "{pong:?}");
    c.send("stop");
    let out = c.read_until("done");
    let done = hub::parse_line(out.last().unwrap()).unwrap();
    // After 9-13 it is Light's turn in English.
    let mut g = Game::new(Variant::English);
    g.play(&movetext::parse(g.position(), "9-13").unwrap()).unwrap();
    assert!(hub::parse_move(g.position(), done.get("move").unwrap()).is_ok(), "{out:?}");

    // The FMJD's draw rules exist only in international.
    c.send("set-param name=draw-rules value=fmjd");
    let err = c.read_until("error");
    assert!(err.last().unwrap().contains("no FMJD draw rules"), "{err:?}");
    c.send("set-param name=variant value=normal");
    c.send("set-param name=draw-rules value=fmjd");
    c.send("set-param name=draw-rules value=fide");
    let err = c.read_until("error");
    assert!(err.last().unwrap().contains("simplified or fmjd"), "{err:?}");
    c.send("set-param name=variant value=english");

    // `go` in a finished game says why it is over: here Light has no piece left.
    c.send(&format!("pos pos=W{}{}", "b".repeat(12), "e".repeat(20)));
    c.send("go think");
    let err = c.read_until("done");
    assert!(err.iter().any(|l| l.starts_with("error") && l.contains("the game is over") && l.contains("Dark wins")), "{err:?}");

    // Errors are reported, not fatal.
    c.send("pos pos=Wxyz");
    let err = c.read_until("error");
    assert!(err.last().unwrap().contains("message="), "{err:?}");
    c.send("ping");
    c.read_until("pong");
    c.send("quit");
    c.engine.join().unwrap();
}

#[test]
fn our_hub_client_plays_against_our_hub_engine() {
    let (in_r, in_w) = std::io::pipe().unwrap();
    let (out_r, out_w) = std::io::pipe().unwrap();
    let engine = thread::spawn(move || hub::run_engine(BufReader::new(in_r), out_w));
    let mut client = HubClient::from_streams(BufReader::new(out_r), in_w, Variant::Russian, DrawRules::Simplified).unwrap();
    assert_eq!(client.name, "draughts");
    let mut game = Game::new(Variant::Russian);
    for _ in 0..6 {
        let mv = client.best_move(&game, Duration::from_millis(30)).unwrap();
        game.play(&mv).unwrap();
    }
    assert_eq!(game.ply(), 6);
    drop(client);
    engine.join().unwrap();
}

#[test]
fn commands_during_an_unbounded_search_neither_deadlock_nor_stop_it_when_unknown() {
    let mut c = Conversation::ready();
    c.send("level infinite");
    c.send("go analyze");
    // An unknown command is ignored: the search goes on (no `done` before the `pong`).
    let before = c.ask("foo bar=1");
    assert!(!before.iter().any(|l| l.starts_with("done")), "{before:?}");
    // A command that changes the state (here a new position) without the GUI's `stop`: the
    // search that would never end is stopped and answers `done` first, then `pos` is taken.
    let after = c.ask(&format!("pos pos=B{}{}{}", "b".repeat(19), "e".repeat(12), "w".repeat(19)));
    assert!(after.iter().any(|l| l.starts_with("done move=")), "{after:?}");
    // And the engine works on: a bounded search on the new position answers.
    c.send("level move-time=0.05");
    c.send("go think");
    c.read_move();
    c.send("quit");
    c.engine.join().unwrap();
}

#[test]
fn unreadable_or_huge_level_values() {
    let mut c = Conversation::ready();
    // Searches, not the book's answer at once: the start is in the book.
    c.send("set-param name=book value=false");
    c.send("level move-time=0.05");
    // Negative, non-numeric and non-finite values are errors and keep the level.
    for bad in ["level time=-5", "level move-time=abc", "level move-time=NaN", "level nodes=-1", "level move-time=inf"] {
        let got = c.ask(bad);
        assert!(got[0].starts_with("error message=") && got[0].contains("unchanged"), "{bad}: {got:?}");
    }
    c.send("go think");
    c.read_move();
    // Times too long to represent are no limit, not a crash: the search runs until `stop`.
    for huge in ["level move-time=1e20", "level time=1e308", "level move-time=1e19"] {
        c.send(huge);
        let got = c.ask("go think");
        assert!(!got.iter().any(|l| l.starts_with("done") || l.starts_with("error")), "{huge}: {got:?}");
        c.send("stop");
        c.read_move();
    }
    c.send("quit");
    c.engine.join().unwrap();
}

#[test]
fn a_line_that_is_not_utf8_is_ignored() {
    let mut c = Conversation::start();
    c.send("hub");
    c.read_until("wait");
    c.to_engine.write_all(b"foo name=caf\xe9\n").unwrap();
    c.send("ping");
    assert_eq!(c.read_until("pong"), ["pong"]);
    c.send("quit");
    c.engine.join().unwrap();
}

#[test]
fn go_after_a_refused_pos_is_an_error_not_a_search_of_the_old_position() {
    let mut c = Conversation::ready();
    c.send("level depth=2");
    for bad in ["pos pos=Wxyz", "pos moves=\"32-28 99-1\""] {
        let answers = c.ask(bad);
        assert!(answers.iter().any(|l| l.starts_with("error")), "{bad}: {answers:?}");
        c.send("go think");
        let lines = c.read_until("done");
        assert_eq!(lines.last().unwrap(), "done", "{bad}: no move may be given: {lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("error") && l.contains("refused")), "{bad}: {lines:?}");
    }
    // A good pos makes the engine search again.
    c.ask("pos moves=\"32-28\"");
    c.send("go think");
    c.read_move();
    c.send("quit");
}

/// What a client wrote to a scripted engine, shared with the test.
#[derive(Clone, Default)]
struct Written(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Written {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The lines our client sends in its handshake with an engine that declares `params`.
fn handshake_with(params: &str, draws: DrawRules) -> (Option<DrawRules>, Vec<String>) {
    let script = format!("id name=fake\n{params}wait\nready\n");
    let written = Written::default();
    let client = HubClient::from_streams(std::io::Cursor::new(script), written.clone(), Variant::International, draws).unwrap();
    let sent = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
    (client.draw_rules, sent.lines().map(String::from).collect())
}

#[test]
fn our_hub_client_tells_an_engine_the_draw_rules_it_offers_and_only_those() {
    let variant = "param name=variant value=normal type=enum values=\"normal russian\"\n";
    let rules = "param name=draw-rules value=simplified type=enum values=\"simplified fmjd\"\n";
    let (told, sent) = handshake_with(&format!("{variant}{rules}"), DrawRules::Fmjd);
    assert_eq!(told, Some(DrawRules::Fmjd));
    assert_eq!(sent, ["hub", "set-param name=variant value=normal", "set-param name=draw-rules value=fmjd", "init"]);
    // An engine without the parameter (Scan's Hub has none) plays by its own rules: nothing is
    // sent, and the match says so.
    let (told, sent) = handshake_with(variant, DrawRules::Fmjd);
    assert_eq!(told, None);
    assert_eq!(sent, ["hub", "set-param name=variant value=normal", "init"]);
    // Nor are rules it does not list.
    let (told, _) = handshake_with(&format!("{variant}param name=draw-rules type=enum values=\"simplified\"\n"), DrawRules::Fmjd);
    assert_eq!(told, None);
}

/// Our Hub engine on a thread, driven by our client as `draughts match` drives a Hub engine:
/// international under the FMJD's draw rules, 30 ms a move.
fn international_fmjd_player() -> (draughts_engine::matchplay::HubPlayer, thread::JoinHandle<()>) {
    let (in_r, in_w) = std::io::pipe().unwrap();
    let (out_r, out_w) = std::io::pipe().unwrap();
    let engine = thread::spawn(move || hub::run_engine(BufReader::new(in_r), out_w));
    let player = draughts_engine::matchplay::HubPlayer {
        client: HubClient::from_streams(BufReader::new(out_r), in_w, Variant::International, DrawRules::Fmjd).unwrap(),
        movetime: Duration::from_millis(30),
        draws: DrawRules::Fmjd,
    };
    (player, engine)
}

#[test]
fn our_hub_engine_takes_the_fmjd_draw_rules_from_our_client() {
    let (mut player, engine) = international_fmjd_player();
    use draughts_engine::matchplay::Player;
    assert_eq!(player.client.draw_rules, Some(DrawRules::Fmjd));
    assert_eq!(player.caveat(), None);
    let mut game = Game::new_with(Variant::International, DrawRules::Fmjd).unwrap();
    for _ in 0..2 {
        let mv = player.best_move(&game).unwrap();
        game.play(&mv).unwrap();
    }
    drop(player);
    engine.join().unwrap();
}

/// Under the FMJD's rules a lone-king ending's count runs on through a capture inside it. Our
/// client sends the engine the game from where the ending began (`Game::replay_start`), not from
/// the capture: from there the engine would count two kings against a king afresh (10
/// half-moves), find the game drawn after ten, and refuse to search a game that goes on.
#[test]
fn our_hub_engine_counts_a_lone_king_ending_through_a_capture_as_the_game_does() {
    let (mut player, engine) = international_fmjd_player();
    use draughts_engine::matchplay::Player;
    use draughts_rules::notation::{fen, movetext};
    // Three kings against a king (rule 6.4: 16 moves each); the lone king takes one into the
    // corner, then ten quiet king moves that leave no capture and repeat nothing.
    let start = fen::parse(Variant::International, "B:WK46,K47,K28:BK22").unwrap();
    let mut game = Game::from_position_with(start, DrawRules::Fmjd).unwrap();
    game.play(&movetext::parse(game.position(), "22x50").unwrap()).unwrap();
    for _ in 0..10 {
        let quiet = game.legal_moves().into_iter().find(|m| {
            let mut next = game.clone();
            next.play(m).unwrap();
            !m.is_capture() && next.repetitions() < 3 && !next.legal_moves().iter().any(|r| r.is_capture())
        });
        game.play(&quiet.expect("a quiet king move")).unwrap();
    }
    assert_eq!((game.outcome(), game.lone_king_count()), (None, Some((11, 32))));
    let mv = player.best_move(&game).unwrap_or_else(|e| panic!("the engine refused a game that goes on: {e}"));
    game.play(&mv).unwrap();
    drop(player);
    engine.join().unwrap();
}

#[test]
fn go_think_answers_from_the_book_unless_it_is_turned_off() {
    let mut c = Conversation::start();
    c.send("hub");
    let intro = c.read_until("wait");
    assert!(intro.iter().any(|l| l == "param name=book value=true type=bool"), "{intro:?}");
    c.send("set-param name=variant value=english");
    c.send("init");
    c.read_until("ready");
    c.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    c.send("level move-time=5");
    c.send("go think");
    let out = c.read_until("done");
    assert_eq!(out.len(), 1, "a book move at once, no search: {out:?}");
    let mv = hub::parse_line(&out[0]).unwrap().get("move").unwrap().to_string();
    let start = Game::new(Variant::English);
    let book = draughts_engine::book::embedded(Variant::English).unwrap().unwrap();
    let played = hub::parse_move(start.position(), &mv).unwrap();
    assert!(book.get(start.position()).unwrap().moves.iter().any(|(m, _)| m.same_as(&played)), "{mv}");
    c.send("set-param name=book value=maybe");
    assert!(c.read_until("error").last().unwrap().contains("true or false"));
    c.send("set-param name=book value=false");
    c.send("level depth=3");
    c.send("go think");
    let out = c.read_until("done");
    assert!(out.iter().any(|l| l.starts_with("info depth=3")), "a search without the book: {out:?}");
    c.send("quit");
    c.engine.join().unwrap();
}
