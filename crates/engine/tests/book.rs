//! Opening books: the text format read back, malformed books refused with their file and line,
//! every shipped book's moves legal from the start, and the levels that play from it.

use draughts_engine::book::{self, Book, BuildOptions};
use draughts_engine::{book_move, choose_move_seeded, Level};
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Game, Variant};
use std::collections::HashSet;

/// A book of a few positions, built in well under a second.
const TINY: BuildOptions = BuildOptions { plies: 5, depth: 3, positions: 12, margin: 20, width: 3 };

fn tiny(variant: Variant, resume: Option<&Book>) -> Book {
    let header = vec![("depth".into(), "3".into())];
    book::build(variant, &TINY, header, resume, &mut |_, _| {}, &mut |_| Ok(())).unwrap()
}

#[test]
fn a_built_book_reads_back_as_written() {
    for v in [Variant::English, Variant::International, Variant::Turkish] {
        let b = tiny(v, None);
        assert_eq!(b.entries().len(), 12, "{v}");
        let text = b.to_text();
        let back = Book::parse(v, &text, "tiny.book").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.entries(), b.entries(), "{v}");
        assert_eq!(back.to_text(), text, "{v}");
        assert_eq!(back.margin(), 20);
        assert_eq!(back.header("depth"), Some("3"));
        // The start comes first: the expansion begins there.
        assert_eq!(back.entries()[0].position, *Game::new(v).position());
    }
}

#[test]
fn a_build_resumes_from_an_earlier_one() {
    let full = tiny(Variant::Russian, None);
    // An interrupted build: the first five positions saved.
    let mut part = Book::new(Variant::Russian, 20, Vec::new());
    for e in &full.entries()[..5] {
        part.insert(e.clone());
    }
    assert_eq!(tiny(Variant::Russian, Some(&part)).entries(), full.entries());
}

fn parse_err(text: &str) -> String {
    Book::parse(Variant::English, text, "bad.book").map(|_| ()).unwrap_err().to_string()
}

#[test]
fn a_malformed_book_is_an_error_naming_file_and_line() {
    let head = "# draughts opening book\n# variant: english\n# margin: 15\n";
    let start = "B:W21-32:B1-12";
    let cases = [
        (format!("{head}{start} | 11-15 +4\nW:W21-32:Bxx | 23-19 +1\n"), "bad.book:5:", "bad position"),
        (format!("{head}{start} | 11-14 +4\n"), "bad.book:4:", "11-14"),
        (format!("{head}{start} | 11-15\n"), "bad.book:4:", "needs a move and a score"),
        (format!("{head}{start} | 11-15 four\n"), "bad.book:4:", "not a number"),
        (format!("{head}{start}\n"), "bad.book:4:", "no book move"),
        (format!("{head}{start} | 9-13 -2 | 11-15 +4\n"), "bad.book:4:", "best first"),
        (format!("{head}{start} | 11-15 +4 | 11-15 +4\n"), "bad.book:4:", "listed twice"),
        (format!("{head}{start} | 11-15 +4\n\n{start} | 9-13 +1\n"), "bad.book:6:", "listed twice"),
        (format!("# variant: russian\n# margin: 15\n{start} | 11-15 +4\n"), "bad.book:1:", "for russian"),
        (format!("# variant: english\n{start} | 11-15 +4\n"), "bad.book:2:", "margin"),
        ("# variant: english\n# margin: wide\n".to_string(), "bad.book:2:", "margin"),
        ("".to_string(), "bad.book:", "not an opening book"),
        ("\u{0}\u{1}binary".to_string(), "bad.book:", "variant"),
    ];
    for (text, place, what) in cases {
        let e = parse_err(&text);
        assert!(e.starts_with(place) && e.contains(what), "{e:?} should start with {place:?} and say {what:?}:\n{text}");
    }
}

/// The positions the book's moves reach from the start (each move played by the rules).
fn reached(b: &Book) -> HashSet<u64> {
    let mut seen = HashSet::new();
    let mut frontier = vec![Game::new(b.variant())];
    while let Some(g) = frontier.pop() {
        let Some(e) = b.get(g.position()) else {
            continue;
        };
        if !seen.insert(g.position().hash()) {
            continue;
        }
        for (m, _) in &e.moves {
            let mut next = g.clone();
            next.play(m).unwrap_or_else(|err| {
                panic!("{}: {} in {}: {err}", b.variant(), movetext::write(b.variant(), m), fen::write(g.position()))
            });
            frontier.push(next);
        }
    }
    seen
}

#[test]
fn every_shipped_book_reads_and_its_moves_replay_from_the_start() {
    let shipped = book::shipped();
    assert!(shipped.contains(&Variant::English), "{shipped:?}");
    for v in shipped {
        let b = book::embedded(v).unwrap_or_else(|e| panic!("{e}")).expect("shipped");
        assert!(b.entries().len() >= 100, "{v}: {} positions", b.entries().len());
        let seen = reached(b);
        for e in b.entries() {
            assert!(seen.contains(&e.position.hash()), "{v}: {} is not reached from the start by book moves", fen::write(&e.position));
            let legal = Game::from_position(e.position).legal_moves();
            assert!(e.moves.iter().all(|(m, _)| legal.iter().any(|l| l.same_as(m))), "{v}: {}", fen::write(&e.position));
            assert!(e.moves.iter().all(|(_, s)| e.moves[0].1 - s <= b.margin()), "{v}: {}", fen::write(&e.position));
        }
        for key in ["built-by", "engine", "depth", "date"] {
            assert!(b.header(key).is_some(), "{v}: no {key} in the header");
        }
    }
}

#[test]
fn level_8_plays_from_the_book_at_the_start_and_varies_with_the_seed() {
    let g = Game::new(Variant::English);
    let b = book::embedded(Variant::English).unwrap().unwrap();
    let entry = b.get(g.position()).expect("the start is in the book");
    let mut chosen = HashSet::new();
    for seed in 0..24u64 {
        let from_book = book_move(&g, Level::MAX, seed).expect("a book move at level 8");
        assert!(entry.moves.iter().any(|(m, _)| m.same_as(&from_book)));
        let played = choose_move_seeded(&g, 8, seed).unwrap();
        assert!(played.same_as(&from_book), "level 8 plays the book's move");
        assert_eq!(book_move(&g, Level::MAX, seed), Some(from_book), "reproducible for a seed");
        chosen.insert(movetext::write(Variant::English, &from_book));
    }
    assert!(chosen.len() >= 2, "the same move for every seed: {chosen:?}");
}

#[test]
fn levels_below_6_do_not_use_the_book() {
    let g = Game::new(Variant::English);
    for n in 1..=5 {
        assert_eq!(book_move(&g, Level::new(n).unwrap(), 1), None, "level {n}");
    }
    for n in 6..=8 {
        assert!(book_move(&g, Level::new(n).unwrap(), 1).is_some(), "level {n}");
    }
    // Out of the book, level 8 searches.
    let mut far = g.clone();
    for _ in 0..30 {
        let Some(m) = choose_move_seeded(&far, 1, 3) else {
            break;
        };
        far.play(&m).unwrap();
    }
    assert_eq!(book_move(&far, Level::MAX, 1), None);
}
