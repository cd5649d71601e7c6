//! Property tests (proptest) on random legal positions of every variant: FEN and position-text
//! round trips, play and undo, incremental hashing, move text round trips, random games, and
//! readers that never panic on garbage.

mod support;

use draughts_rules::notation::{fen, movetext, text, ParseError};
use draughts_rules::{Color, Game, Outcome, Position, Reason, Variant};
use proptest::prelude::*;
use support::Rng;

/// A random legal position: a position of a random game from the start, or a random placement
/// (king-heavy or crowded), either side to move.
fn position_from(v: Variant, seed: u64, kind: u8) -> Position {
    let mut rng = Rng::new(seed | 1);
    match kind % 3 {
        0 => {
            let mut p = Position::start(v);
            let plies = rng.below(120);
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.after(&moves[rng.below(moves.len())]);
            }
            p
        }
        k => {
            let (men, kings) = if k == 1 { (3, 4) } else { (12, 2) };
            placement(v, &mut rng, men, kings)
        }
    }
}

fn placement(v: Variant, rng: &mut Rng, men: usize, kings: usize) -> Position {
    let g = v.geometry();
    let squares: Vec<u32> = (0..64).filter(|b| g.board & (1u64 << b) != 0).collect();
    loop {
        let (mut sides, mut ks) = ([0u64; 2], 0u64);
        let mut free = squares.clone();
        for (side, bb) in sides.iter_mut().enumerate() {
            let n_men = rng.below(men + 1);
            let n_kings = rng.below(kings + 1);
            for i in 0..n_men + n_kings {
                let b = 1u64 << free.swap_remove(rng.below(free.len()));
                let king = i >= n_men;
                if !king && g.far_row(side == 0) & b != 0 {
                    continue;
                }
                *bb |= b;
                if king {
                    ks |= b;
                }
            }
        }
        let side = if rng.below(2) == 0 { Color::Light } else { Color::Dark };
        if let Ok(p) = Position::new(v, sides[0], sides[1], ks, side) {
            if p.pieces(Color::Light) != 0 || p.pieces(Color::Dark) != 0 {
                return p;
            }
        }
    }
}

fn arb_position() -> impl Strategy<Value = Position> {
    (prop::sample::select(Variant::ALL.to_vec()), any::<u64>(), any::<u8>()).prop_map(|(v, seed, kind)| position_from(v, seed, kind))
}

/// The token of an error really is at its offset (a character offset, RULES.md-facing text).
fn located(input: &str, e: &ParseError) -> Result<(), String> {
    let chars = input.chars().count();
    if e.offset > chars {
        return Err(format!("offset {} past the end ({chars} characters) in {input:?}: {e}", e.offset));
    }
    if !e.token.is_empty() {
        let rest: String = input.chars().skip(e.offset).collect();
        if !rest.starts_with(&e.token) {
            return Err(format!("token {:?} is not at character {} of {input:?}: {e}", e.token, e.offset));
        }
    }
    if e.reason.is_empty() {
        return Err(format!("no reason given for {input:?}"));
    }
    let shown = e.to_string();
    if !shown.contains(&format!("character {}", e.offset + 1)) {
        return Err(format!("message does not say where: {shown}"));
    }
    Ok(())
}

/// 300 cases a property with a fixed seed, so the suite is reproducible; `PROPTEST_CASES` and
/// `PROPTEST_SEED` explore further (`PROPTEST_CASES=20000 PROPTEST_SEED=7 cargo test ...`).
fn config() -> ProptestConfig {
    let env = |k: &str| std::env::var(k).ok().and_then(|s| s.parse::<u64>().ok());
    ProptestConfig {
        cases: env("PROPTEST_CASES").unwrap_or(300) as u32,
        rng_seed: proptest::test_runner::RngSeed::Fixed(env("PROPTEST_SEED").unwrap_or(0x5EED)),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fen_round_trip(p in arb_position()) {
        let f = fen::write(&p);
        let back = fen::parse(p.variant(), &f).map_err(|e| TestCaseError::fail(format!("{f}: {e}")))?;
        prop_assert_eq!(back, p, "{}", f);
        prop_assert_eq!(back.hash(), p.hash());
        prop_assert_eq!(fen::write(&back), f);
    }

    #[test]
    fn position_text_round_trip(p in arb_position()) {
        let t = text::write(&p);
        let back = text::parse(p.variant(), &t).map_err(|e| TestCaseError::fail(format!("{t}: {e}")))?;
        prop_assert_eq!(back, p, "{}", t);
        prop_assert_eq!(text::write(&back), t.clone());
        // Forgiving on input: any case, extra spaces.
        let loud = t.to_uppercase().replace(' ', "  ");
        let back = text::parse(p.variant(), &loud).map_err(|e| TestCaseError::fail(format!("{loud}: {e}")))?;
        prop_assert_eq!(back, p, "{}", loud);
    }

    #[test]
    fn play_then_undo_gives_back_the_position(p in arb_position()) {
        let mut g = Game::from_position(p);
        for m in g.legal_moves() {
            let before = (*g.position(), g.quiet_count(), g.outcome(), g.ply());
            let after = p.after(&m);
            prop_assert_eq!(after.hash(), after.hash_from_scratch());
            // The hash a move leads to, without making it (the search prefetches with it).
            prop_assert_eq!(p.hash_after(&m), after.hash());
            prop_assert_eq!(m.to(), m.landings().last().unwrap());
            prop_assert_eq!(after.side_to_move(), !p.side_to_move());
            g.play(&m).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(*g.position(), after);
            let undone = g.undo().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(undone.same_as(&m));
            prop_assert_eq!((*g.position(), g.quiet_count(), g.outcome(), g.ply()), before);
            prop_assert_eq!(g.position().hash(), p.hash());
        }
        // Position::after leaves the position alone.
        prop_assert_eq!(p.hash(), p.hash_from_scratch());
    }

    #[test]
    fn incremental_hash_after_random_moves(v in prop::sample::select(Variant::ALL.to_vec()), seed in any::<u64>()) {
        let mut rng = Rng::new(seed | 1);
        let mut p = placement(v, &mut rng, 6, 3);
        for _ in 0..60 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut q = p;
            q.play_unchecked(&moves[rng.below(moves.len())]);
            prop_assert_eq!(q.hash(), q.hash_from_scratch(), "{}", fen::write(&q));
            prop_assert_eq!(q, fen::parse(v, &fen::write(&q)).unwrap());
            p = q;
        }
    }

    #[test]
    fn move_text_round_trip(p in arb_position()) {
        let v = p.variant();
        let legal = p.legal_moves();
        for m in &legal {
            let full = movetext::write(v, m);
            let read = movetext::parse(&p, &full).map_err(|e| TestCaseError::fail(format!("{}: {full}: {e}", fen::write(&p))))?;
            prop_assert!(read.same_as(m), "{}: {} read as {}", fen::write(&p), full, movetext::write(v, &read));
            prop_assert_eq!(read.landings().collect::<Vec<_>>(), m.landings().collect::<Vec<_>>(), "{}", full);
            // The short form names this move exactly when no other legal move shares its ends.
            let short = movetext::write_short(v, m);
            let sharing = legal.iter().filter(|o| o.from() == m.from() && o.to() == m.to()).count();
            match movetext::parse(&p, &short) {
                Ok(r) => {
                    prop_assert_eq!(sharing, 1, "{}: {} accepted though ambiguous", fen::write(&p), short);
                    prop_assert!(r.same_as(m));
                }
                Err(e) => {
                    prop_assert!(sharing > 1, "{}: {}: {}", fen::write(&p), short, e);
                    prop_assert!(e.reason.starts_with("ambiguous"), "{}", e);
                }
            }
        }
    }

    #[test]
    fn random_games_end_or_go_on_legally(v in prop::sample::select(Variant::ALL.to_vec()), seed in any::<u64>()) {
        let mut rng = Rng::new(seed | 1);
        let mut g = Game::new(v);
        for _ in 0..400 {
            match g.outcome() {
                None => {
                    let moves = g.legal_moves();
                    prop_assert!(!moves.is_empty(), "no result but no move: {}", fen::write(g.position()));
                    let m = moves[rng.below(moves.len())];
                    // Through the text interface, as a user would.
                    let played = support::play(&mut g, &movetext::write(v, &m)).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    prop_assert!(played.same_as(&m));
                }
                Some(o) => {
                    prop_assert!(g.legal_moves().is_empty());
                    let p = *g.position();
                    let side = p.side_to_move();
                    match o {
                        Outcome::Win(w, Reason::NoPieces) => prop_assert!(w == !side && p.pieces(side) == 0),
                        Outcome::Win(w, Reason::NoLegalMove) => prop_assert!(w == !side && p.legal_moves().is_empty()),
                        Outcome::Draw(Reason::Threefold) => prop_assert_eq!(g.repetitions(), 3),
                        Outcome::Draw(Reason::QuietMoves(n)) => prop_assert_eq!(g.quiet_count(), n),
                        Outcome::Win(_, Reason::OnePieceEach) | Outcome::Draw(Reason::OnePieceEach) => {
                            prop_assert_eq!(v, Variant::Turkish);
                            prop_assert_eq!((p.pieces(Color::Light).count_ones(), p.pieces(Color::Dark).count_ones()), (1, 1));
                        }
                        other => prop_assert!(false, "unexpected result {:?}", other),
                    }
                    let m = p.legal_moves();
                    if let Some(m) = m.first() {
                        prop_assert!(g.play(m).is_err());
                    }
                    break;
                }
            }
        }
    }

    #[test]
    fn garbage_never_panics_and_errors_say_where(v in prop::sample::select(Variant::ALL.to_vec()), s in "\\PC{0,40}") {
        let p = Position::start(v);
        if let Err(e) = fen::parse(v, &s) {
            located(&s, &e).map_err(TestCaseError::fail)?;
        }
        if let Err(e) = text::parse(v, &s) {
            located(&s, &e).map_err(TestCaseError::fail)?;
        }
        if let Err(e) = movetext::parse(&p, &s) {
            located(&s, &e).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn near_miss_input_never_panics(v in prop::sample::select(Variant::ALL.to_vec()), s in "[WBKwbk0-9a-jx:,.\\- ]{0,40}") {
        let p = Position::start(v);
        if let Err(e) = fen::parse(v, &s) {
            located(&s, &e).map_err(TestCaseError::fail)?;
        }
        if let Err(e) = movetext::parse(&p, &s) {
            located(&s, &e).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn near_miss_position_text_never_panics(v in prop::sample::select(Variant::ALL.to_vec()), s in "((Light|Dark|light|king|to|move|[a-j][0-9]{1,2}|[0-9]{1,2})[ ;,.]{1,2}){0,8}") {
        if let Err(e) = text::parse(v, &s) {
            located(&s, &e).map_err(TestCaseError::fail)?;
        }
    }
}
