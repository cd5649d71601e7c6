//! The FMJD's draw rules for international draughts (FMJD Official Rules, Annex 1, article 6;
//! `draughts_rules::OfficialDraws`), a game at a time: for each count, the move that reaches it
//! draws, the move before does not, and what resets it resets it; the simplified rules (our
//! default, RULES.md section 4) are unchanged by the same moves.

use draughts_rules::notation::{fen, movetext};
use draughts_rules::{DrawRules, Game, Move, Outcome, PieceKind, Position, Reason, Variant};

fn game(f: &str, draws: DrawRules) -> Game {
    Game::from_position_with(fen::parse(Variant::International, f).unwrap(), draws).unwrap()
}

fn is_king_move(pos: &Position, mv: &Move) -> bool {
    pos.piece_at(mv.from().bit()).is_some_and(|p| p.kind == PieceKind::King)
}

/// Plays `n` half-moves that are quiet king moves (no capture, no man move), none making a
/// position occur a third time and none leaving the side to move only captures, found by a
/// depth-first search (the first such walk in move order, so the test is deterministic).
fn king_walk(g: &mut Game, n: usize) {
    fn go(g: &mut Game, n: usize) -> bool {
        if n == 0 {
            return true;
        }
        let pos = *g.position();
        for mv in g.legal_moves() {
            if mv.is_capture() || !is_king_move(&pos, &mv) {
                continue;
            }
            g.play(&mv).unwrap();
            let fine = g.repetitions() < 3 && !g.legal_moves().iter().any(|m| m.is_capture());
            if fine && (g.outcome().is_none() || n == 1) && go(g, n - 1) {
                return true;
            }
            g.undo().unwrap();
        }
        false
    }
    assert!(go(g, n), "no walk of {n} king moves from {}", fen::write(g.position()));
}

fn play(g: &mut Game, text: &str) {
    let mv = movetext::parse(g.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.play(&mv).unwrap();
}

/// Article 6.3: 25 moves each by kings only is a draw; the 49th half-move is not; a man move
/// starts the count again. The same moves under the simplified rules go on (their limit is 120).
#[test]
fn twenty_five_king_moves_each_draw() {
    // Two kings and a man each: no lone-king ending, men that can still move.
    let start = "W:WK46,K50,36:BK1,K5,15";
    let mut g = game(start, DrawRules::Fmjd);
    assert_eq!(g.quiet_limit(), 50);
    king_walk(&mut g, 49);
    assert_eq!(g.quiet_count(), 49);
    assert_eq!(g.outcome(), None, "one half-move before the count");
    let moves: Vec<Move> = g.moves().to_vec();
    king_walk(&mut g, 1);
    assert_eq!(g.outcome(), Some(Outcome::Draw(Reason::FmjdKingMoves)));
    assert_eq!(g.outcome().unwrap().to_string(), "Draw: 25 moves each made only by kings, without a man move or a capture (FMJD rule 6.3)");

    let mut simplified = game(start, DrawRules::Simplified);
    for mv in g.moves() {
        simplified.play(mv).unwrap();
    }
    assert_eq!(simplified.outcome(), None, "the simplified rules draw at 120 half-moves");
    assert_eq!(simplified.quiet_limit(), 120);

    // A man move resets the count: 48 king moves, a man move, then 49 more are still no draw.
    let mut reset = game(start, DrawRules::Fmjd);
    for mv in &moves[..48] {
        reset.play(mv).unwrap();
    }
    let man = reset.legal_moves().into_iter().find(|m| !is_king_move(reset.position(), m) && !m.is_capture()).expect("a man move");
    reset.play(&man).unwrap();
    assert_eq!(reset.quiet_count(), 0, "a man move resets the count");
    king_walk(&mut reset, 49);
    assert_eq!(reset.outcome(), None);
    king_walk(&mut reset, 1);
    assert_eq!(reset.outcome(), Some(Outcome::Draw(Reason::FmjdKingMoves)));
}

/// Article 6.4: three kings against a lone king are drawn after 16 moves each (the count
/// starts when the ending is on the board); the simplified rules do not draw it.
#[test]
fn three_pieces_against_a_lone_king_draw_after_sixteen_moves_each() {
    let start = "W:WK46,K47,K48:BK3";
    let mut g = game(start, DrawRules::Fmjd);
    assert_eq!(g.lone_king_count(), Some((0, 32)));
    king_walk(&mut g, 31);
    assert_eq!(g.lone_king_count(), Some((31, 32)));
    assert_eq!(g.outcome(), None, "one half-move before the count");
    king_walk(&mut g, 1);
    assert_eq!(g.outcome(), Some(Outcome::Draw(Reason::FmjdLoneKing(16))));
    assert!(g.outcome().unwrap().to_string().contains("16 moves each against three pieces (FMJD rule 6.4)"));

    let mut simplified = game(start, DrawRules::Simplified);
    for mv in g.moves() {
        simplified.play(mv).unwrap();
    }
    assert_eq!(simplified.outcome(), None);
    assert_eq!(simplified.lone_king_count(), None);
}

/// Article 6.5: two kings, or a king and a man, against a lone king are drawn after 5 moves
/// each; a man's move does not reset this count (only the ending's material does).
#[test]
fn two_pieces_against_a_lone_king_draw_after_five_moves_each() {
    let mut g = game("W:WK46,K47:BK3", DrawRules::Fmjd);
    king_walk(&mut g, 9);
    assert_eq!(g.outcome(), None);
    king_walk(&mut g, 1);
    assert_eq!(g.outcome(), Some(Outcome::Draw(Reason::FmjdLoneKing(5))));
    assert!(g.outcome().unwrap().to_string().contains("5 moves each against two pieces or one (FMJD rule 6.5)"));

    // A king and a man: the man's move counts as a half-move of the ending.
    let mut g = game("W:WK46,40:BK3", DrawRules::Fmjd);
    play(&mut g, "40-34");
    assert_eq!(g.lone_king_count(), Some((1, 10)), "a man move does not reset the ending's count");
    assert_eq!(g.quiet_count(), 0, "but it does reset the king-move count");
    king_walk(&mut g, 8);
    assert_eq!(g.outcome(), None);
    king_walk(&mut g, 1);
    assert_eq!(g.outcome(), Some(Outcome::Draw(Reason::FmjdLoneKing(5))));

    // A king against a king is article 6.5's ending too.
    let mut g = game("W:WK47:BK4", DrawRules::Fmjd);
    assert_eq!(g.lone_king_count(), Some((0, 10)));
    king_walk(&mut g, 10);
    assert_eq!(g.outcome(), Some(Outcome::Draw(Reason::FmjdLoneKing(5))));
}

/// A capture inside the ending goes on with its count and limit (the FMJD: when a piece is taken
/// during the 16 moves, the 16 moves still hold); material that is no lone-king ending (three
/// men against a king, two kings each) has none.
#[test]
fn a_capture_inside_the_ending_keeps_its_count_and_other_material_has_none() {
    // Dark's lone king on 22 stands next to Light's king on 28, with 33 empty behind it:
    // Dark must take.
    let mut g = game("B:WK46,K47,K28:BK22", DrawRules::Fmjd);
    assert_eq!(g.lone_king_count(), Some((0, 32)));
    let take = g.legal_moves().into_iter().find(|m| m.is_capture()).expect("Dark's king takes 28");
    g.play(&take).unwrap();
    assert_eq!(g.lone_king_count(), Some((1, 32)), "two kings against a king now, still within rule 6.4's count");

    for f in ["W:W31,32,33:BK3", "W:WK46,K47:BK3,K4", "W:WK46,K47,K48,K49:BK3", "W:WK46:B3"] {
        assert_eq!(game(f, DrawRules::Fmjd).lone_king_count(), None, "{f}");
    }
}

/// Only international draughts has the FMJD's rules; the reasons' stored codes read back.
#[test]
fn only_international_has_them_and_codes_round_trip() {
    for v in Variant::ALL {
        let r = Game::new_with(v, DrawRules::Fmjd);
        assert_eq!(r.is_ok(), v == Variant::International, "{v}");
        if let Err(e) = r {
            assert!(e.to_string().contains("only international draughts"), "{e}");
        }
    }
    for r in [Reason::FmjdKingMoves, Reason::FmjdLoneKing(16), Reason::FmjdLoneKing(5)] {
        assert_eq!(Reason::from_code(&r.code()), Some(r));
    }
    assert_eq!(DrawRules::from_code("FMJD"), Some(DrawRules::Fmjd));
    assert_eq!(DrawRules::from_code("simplified"), Some(DrawRules::Simplified));
    assert_eq!(DrawRules::from_code("fide"), None);
}

/// PDN: a game played under the FMJD's rules says so in a `[DrawRules "FMJD"]` tag and reads
/// back under them; a record that goes on after they drew it replays, with a note at the move
/// after the draw; the tag on another rule set is refused.
#[test]
fn pdn_records_carry_the_draw_rules() {
    use draughts_rules::notation::pdn::{self, replay};
    let mut g = game("W:WK46,K47:BK3", DrawRules::Fmjd);
    king_walk(&mut g, 10);
    let text = replay::write_pdn(&g, &[]);
    assert!(text.contains("[DrawRules \"FMJD\"]"), "{text}");
    let file = pdn::parse(&text);
    let r = replay::replay(&file.games[0], Variant::International).unwrap();
    assert_eq!(r.draws, DrawRules::Fmjd);
    assert_eq!(r.to_game().outcome(), Some(Outcome::Draw(Reason::FmjdLoneKing(5))));
    let (replayed, after) = r.to_game_and_moves_after_end();
    assert_eq!((replayed.moves().len(), after), (10, 0), "every move of the record, under its rules");
    assert!(r.notes.is_empty(), "{:?}", r.notes);
    assert!(!replay::write_pdn(&game("W:WK46,K47:BK3", DrawRules::Simplified), &[]).contains("DrawRules"));

    // Two more moves after the draw: replayed, with a note at ply 11.
    let mut longer = game("W:WK46,K47:BK3", DrawRules::Simplified);
    for mv in g.moves() {
        longer.play(mv).unwrap();
    }
    king_walk(&mut longer, 2);
    let text = replay::write_pdn(&longer, &[]).replace("[GameType", "[DrawRules \"FMJD\"]\n[GameType");
    let r = replay::replay(&pdn::parse(&text).games[0], Variant::International).unwrap();
    assert_eq!(r.moves.len(), 12);
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert_eq!(r.notes[0].0, 11);
    assert!(r.notes[0].1.contains("FMJD rule 6.5"), "{}", r.notes[0].1);
    // The game as far as the rules go stops at the draw; two moves of the record come after it.
    let (replayed, after) = r.to_game_and_moves_after_end();
    assert_eq!((replayed.moves().len(), after), (10, 2));

    let english = "[GameType \"21\"]\n[DrawRules \"FMJD\"]\n1. 11-15 *\n";
    let e = replay::replay(&pdn::parse(english).games[0], Variant::English).unwrap_err();
    assert!(e.reason.contains("has no FMJD draw rules"), "{e}");
}

/// A game replayed from [`Game::replay_start`] (the position our Hub client sends with the moves
/// since) counts the lone-king ending in progress as the game does, though a capture or a man
/// move inside the ending began a new reversible tail; replayed from that tail, the count would
/// restart, with the limit of the material left.
#[test]
fn a_replay_from_the_replay_start_counts_the_ending_as_the_game_does() {
    fn replay(g: &Game, from: usize) -> Game {
        let mut r = Game::from_position_with(g.positions()[from], g.draw_rules()).unwrap();
        for m in &g.moves()[from..] {
            r.play(m).unwrap();
        }
        r
    }
    // Three kings against a king; the lone king takes one, into the corner: rule 6.4's 32
    // half-moves still hold.
    let mut g = game("B:WK46,K47,K28:BK22", DrawRules::Fmjd);
    play(&mut g, "22x50");
    king_walk(&mut g, 10);
    let tail = draughts_rules::draw::reversible_tail_start(g.positions(), g.moves());
    assert_eq!(tail, 1, "the capture began the reversible tail");
    assert_eq!((g.outcome(), g.lone_king_count()), (None, Some((11, 32))));
    assert_eq!(g.replay_start(), 0, "the ending began before the capture");
    let from_start = replay(&g, g.replay_start());
    assert_eq!((from_start.outcome(), from_start.lone_king_count()), (None, Some((11, 32))));
    assert_eq!(replay(&g, tail).outcome(), Some(Outcome::Draw(Reason::FmjdLoneKing(5))), "from the tail: two kings, 10 half-moves");

    // A king and a man against a king; the man moves: the ending's count goes on.
    let mut g = game("W:WK46,40:BK3", DrawRules::Fmjd);
    play(&mut g, "40-34");
    king_walk(&mut g, 8);
    assert_eq!(g.lone_king_count(), Some((9, 10)));
    assert_eq!(g.replay_start(), 0);
    assert_eq!(replay(&g, g.replay_start()).lone_king_count(), Some((9, 10)));
    assert_eq!(replay(&g, 1).lone_king_count(), Some((8, 10)), "from the tail the count restarts at the man's move");

    // Outside such an ending, and under the simplified rules, the replay starts at the tail.
    let mut g = game("W:WK46,40:BK3", DrawRules::Simplified);
    play(&mut g, "40-34");
    king_walk(&mut g, 4);
    assert_eq!(g.replay_start(), 1);
}
