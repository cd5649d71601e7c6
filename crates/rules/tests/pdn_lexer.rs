//! The PDN reader and writer on hand-made records: tags, move text, comments, variations,
//! results, line ends, recovery after damage, and write-then-read round trips.

mod support;

use draughts_rules::notation::movetext::{self, SquareName};
use draughts_rules::notation::pdn::*;
use support::Rng;

fn mv(g: &PdnGame) -> Vec<&str> {
    g.moves.iter().map(|m| m.text.as_str()).collect()
}

fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn decode_utf8_bom_and_latin1() {
    assert_eq!(
        decode(b"\xEF\xBB\xBF[Event \"x\"]"),
        ("[Event \"x\"]".to_string(), Encoding::Utf8)
    );
    assert_eq!(
        decode("69° é".as_bytes()),
        ("69° é".to_string(), Encoding::Utf8)
    );
    assert_eq!(
        decode(b"69\xB0 \xE9"),
        ("69° é".to_string(), Encoding::Latin1)
    );
    assert_eq!(decode(b""), (String::new(), Encoding::Utf8));
}

#[test]
fn simple_game() {
    let f = parse("[Event \"E\"]\n[Result \"1-0\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-0\n");
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games.len(), 1);
    let g = &f.games[0];
    assert_eq!((g.number, g.line), (1, 1));
    assert_eq!(g.tags, tags(&[("Event", "E"), ("Result", "1-0")]));
    assert_eq!(mv(g), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    assert_eq!(g.moves[0].number, Some(1));
    assert_eq!(g.moves[1].number, None);
    assert_eq!(g.moves[2].number, Some(2));
    assert_eq!((g.moves[0].line, g.moves[0].col), (4, 4));
    assert_eq!((g.moves[3].line, g.moves[3].col), (4, 25));
}

#[test]
fn padded_and_tab_indented_tags() {
    let f = parse(
        "\t\t\t[Event       \"Open\"]   \n\t[ Site \"Here\" ]\t\n\t\t1. 31-26 17-21 1-1\n",
    );
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    let g = &f.games[0];
    assert_eq!(g.tags, tags(&[("Event", "Open"), ("Site", "Here")]));
    assert_eq!(mv(g), ["31-26", "17-21"]);
    assert_eq!(g.result.as_deref(), Some("1-1"));
}

#[test]
fn tags_and_movetext_on_one_line() {
    let text = "[Event \"48th\"] [Site \"D\"] [Result \"1-1\"] [GameType \"20\"]  1.33-29 19-23 2.35-30 14-19 1-1\n\n[Event \"48th\"] [Result \"0-2\"]  1.32-28 18-22 0-2\n";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].tags.len(), 4);
    assert_eq!(mv(&f.games[0]), ["33-29", "19-23", "35-30", "14-19"]);
    assert_eq!(f.games[1].line, 3);
    assert_eq!(f.games[1].result.as_deref(), Some("0-2"));
}

#[test]
fn no_blank_line_before_movetext() {
    let f = parse(
        "[Event \"a\"]\n[Result \"0-1\"]\n1. 11-15 24-20 0-1\n[Event \"b\"]\n1. 9-13 22-18 *",
    );
    assert_eq!(f.games.len(), 2);
    assert_eq!(mv(&f.games[1]), ["9-13", "22-18"]);
    assert_eq!(f.games[1].result.as_deref(), Some("*"));
    assert_eq!(f.games[1].line, 4);
}

#[test]
fn tag_after_movetext_starts_new_record() {
    let f = parse("[Event \"a\"]\n1. 32-28 19-23 2. 37-32\n[Event \"b\"]\n1. 33-28 *\n");
    assert_eq!(f.games.len(), 2);
    assert_eq!(mv(&f.games[0]), ["32-28", "19-23", "37-32"]);
    assert_eq!(f.games[0].result, None);
    assert_eq!(f.games[1].tag("event"), Some("b"));
}

#[test]
fn result_followed_by_moves_ends_record() {
    let f = parse("[Event \"a\"]\n1. 32-28 19-23 1-0 1. 33-28 18-23 0-1\n");
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].result.as_deref(), Some("1-0"));
    assert!(f.games[1].tags.is_empty());
    assert_eq!(mv(&f.games[1]), ["33-28", "18-23"]);
    assert_eq!(f.games[1].result.as_deref(), Some("0-1"));
}

#[test]
fn literal_backslash_r_text() {
    let text = "[Event \"x\"]\n[Site \"\"]\\r\n[Result \"0-2\"]\\r\n\\r\n1. 32-28 17-21 2. 33-29 *\\r\n\n";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    let g = &f.games[0];
    assert_eq!(g.tag("Site"), Some(""));
    assert_eq!(mv(g), ["32-28", "17-21", "33-29"]);
    assert_eq!(g.result.as_deref(), Some("*"));
    // Glued to a move too.
    let f = parse("1. 32-28\\r 17-21\\r");
    assert_eq!(mv(&f.games[0]), ["32-28", "17-21"]);
}

#[test]
fn movetext_without_tags() {
    let f = parse("1. c3-d4 b6-c5 2. d4xb6 a7xc5 0-2\n");
    assert!(f.warnings.is_empty());
    assert_eq!(f.games.len(), 1);
    assert!(f.games[0].tags.is_empty());
    assert_eq!(f.games[0].result.as_deref(), Some("0-2"));
}

#[test]
fn tagless_records_split_on_move_number_restart() {
    // py-draughts export: records separated by blank lines only, dangling "17.".
    let f = parse(
        "1. c3-d4 b6-c5 2. d4xb6 a7xc5 17.\n\n1. g3-h4 f6-e5 0-2\n\n1. c3-b4 f6-g5 2. b4-a5\n",
    );
    assert_eq!(f.games.len(), 3);
    assert_eq!(mv(&f.games[0]), ["c3-d4", "b6-c5", "d4xb6", "a7xc5"]);
    assert_eq!(f.games[0].result, None);
    assert_eq!(f.games[1].line, 3);
    assert_eq!(mv(&f.games[2]).len(), 3);
    // "1... " after "1." is not a restart.
    let f = parse("1. 32-28 {c} 1... 19-23 2. 37-32 *");
    assert_eq!(f.games.len(), 1);
    assert_eq!(mv(&f.games[0]), ["32-28", "19-23", "37-32"]);
    assert_eq!(f.games[0].moves[1].number, Some(1));
}

#[test]
fn tag_only_records_are_kept() {
    let text = "[FEN \"B:W19,23:B4,3\"] *\n[FEN \"B:W18:B4\"] *\n\n[Event \"G1\"]\n[Setup \"1\"]\n[FEN \"W:WK27,K23:BK28,12.\"]\n0-1\n\n[Event \"G2\"]\n[FEN \"W:W1:B2\"]\n";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games.len(), 4);
    assert!(f.games.iter().all(|g| g.moves.is_empty()));
    assert_eq!(f.games[0].result.as_deref(), Some("*"));
    assert_eq!(f.games[2].tag("fen"), Some("W:WK27,K23:BK28,12."));
    assert_eq!(f.games[2].result.as_deref(), Some("0-1"));
    assert_eq!(f.games[3].result, None);
}

#[test]
fn comments_with_brackets_and_parentheses() {
    let text = "[Event \"w\"]\n1. 33-29 {[%drgnode 0 1]} 20-25 {[%eval -0.048][%depth 12]} 2. 39-33 {a (b) [c] ;d} 14-20 *";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games.len(), 1);
    assert_eq!(mv(&f.games[0]), ["33-29", "20-25", "39-33", "14-20"]);
}

#[test]
fn multi_line_comments() {
    let text = "{ file header\n spanning [lines] }\n[Event \"x\"]\n\n{ Beide spelers\n1. 32-28 } 1. 34-29 17-22 *";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.games[0].line, 3);
    assert_eq!(mv(&f.games[0]), ["34-29", "17-22"]);
}

#[test]
fn percent_escape_lines_and_semicolon_comments() {
    let text = "% exported by X [Event \"no\"]\n[Event \"yes\"]\n1. 32-28 ; rest 19-23 of line\n%1-0 19-23\n19-23 *\n";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.games[0].tags, tags(&[("Event", "yes")]));
    assert_eq!(mv(&f.games[0]), ["32-28", "19-23"]);
}

#[test]
fn nested_variations_are_skipped() {
    let text = "[Event \"v\"]\n1. 34-29 17-22 2. 32-28 11-17 3. 37-32 6-11 4. 41-37 19-23 ( { Meestal } 4... 1-6 ( 5. 46-41 {x)y} 19-23 ) 6. 28x19 ) 5. 28x19 14x34 6. 39x30 ( 6. 40x29 ) 6... 13-19 1-0";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    let g = &f.games[0];
    assert_eq!(g.moves.len(), 12);
    assert_eq!(g.moves[11].text, "13-19");
    assert_eq!(g.moves[11].number, Some(6));
    assert_eq!(g.result.as_deref(), Some("1-0"));
}

#[test]
fn nags_and_suffixes() {
    let f = parse("1. 32-28! $1 19-23?! 2. 28x19 $14 14x23?? 3. 37-32!? *");
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(
        mv(&f.games[0]),
        ["32-28", "19-23", "28x19", "14x23", "37-32"]
    );
}

#[test]
fn move_number_forms() {
    let f = parse("01. 34-29  18-22 02. 32-28 2... 16-21 3. ... 11-16 4.37-32 21-27 60.9-36 5-14 7… 1-7 *");
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    let g = &f.games[0];
    assert_eq!(
        mv(g),
        [
            "34-29", "18-22", "32-28", "16-21", "11-16", "37-32", "21-27", "9-36", "5-14",
            "1-7"
        ]
    );
    let numbers: Vec<_> = g.moves.iter().map(|m| m.number).collect();
    assert_eq!(
        numbers,
        [
            Some(1),
            None,
            Some(2),
            Some(2),
            Some(3),
            Some(4),
            None,
            Some(60),
            None,
            Some(7)
        ]
    );
}

#[test]
fn moves_and_numbers_wrap_lines() {
    let f = parse(
        "[Event \"A1\"]\r\n\r\n1. 46-41 37x46 2. 26-21 46x1 6.\r\n50x39 1-6 7. 45-50 1-0\r\n",
    );
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    let g = &f.games[0];
    assert_eq!(
        mv(g),
        ["46-41", "37x46", "26-21", "46x1", "50x39", "1-6", "45-50"]
    );
    assert_eq!(g.moves[4].number, Some(6));
    assert_eq!((g.moves[4].line, g.moves[4].col), (4, 1));
    assert_eq!(g.result.as_deref(), Some("1-0"));
    // A capture path wrapping after its separator.
    let f = parse("1. 26x17x\n10x1 *");
    assert_eq!(mv(&f.games[0]), ["26x17x10x1"]);
}

#[test]
fn spaces_inside_moves() {
    let f = parse("12. 46-41  1- 7 13. 39-34 5x 14 14. 20x9  \t 4- 9\n2-0");
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(
        mv(&f.games[0]),
        ["46-41", "1-7", "39-34", "5x14", "20x9", "4-9"]
    );
    assert_eq!(f.games[0].moves[1].col, 12);
    assert_eq!(f.games[0].result.as_deref(), Some("2-0"));
}

#[test]
fn captures_and_algebraic_moves() {
    let f =
        parse("1. c3-d4 d6-e5 2. d4xf6 g7:e5 3. d2xh6xf8xc5 a7:b6:c5 4. 26x17x10x1 18X27 *");
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(
        mv(&f.games[0]),
        [
            "c3-d4",
            "d6-e5",
            "d4xf6",
            "g7:e5",
            "d2xh6xf8xc5",
            "a7:b6:c5",
            "26x17x10x1",
            "18X27"
        ]
    );
    let p = f.games[0].moves[4].parsed().unwrap();
    assert!(p.capture);
    assert_eq!(
        p.squares,
        [
            SquareName::Algebraic { file: 3, rank: 2 },
            SquareName::Algebraic { file: 7, rank: 6 },
            SquareName::Algebraic { file: 5, rank: 8 },
            SquareName::Algebraic { file: 2, rank: 5 }
        ]
    );
    assert_eq!(p.squares[3].to_string(), "c5");
}

#[test]
fn move_text_names_cases() {
    let p = movetext::names("06-11").unwrap();
    assert_eq!(p.squares, [SquareName::Number(6), SquareName::Number(11)]);
    assert!(!p.capture);
    assert!(movetext::names("26x17x10x1").unwrap().capture);
    assert!(movetext::names("d4:f6").unwrap().capture);
    assert_eq!(movetext::names("1- 7").unwrap().squares.len(), 2);
    assert_eq!(movetext::names("32-28!?").unwrap().squares.len(), 2);
    for bad in [
        "",
        "32",
        "32-",
        "-28",
        "0-5",
        "a0-b1",
        "c3-15",
        "3x99999999999",
        "xx",
        "y3-z4",
    ] {
        assert_eq!(movetext::names(bad), None, "{bad}");
    }
}

#[test]
fn results_in_all_styles() {
    for r in ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"] {
        let f = parse(&format!("[Event \"x\"]\n1. 32-28 19-23 {r}\n"));
        assert!(f.warnings.is_empty(), "{r}: {:?}", f.warnings);
        assert_eq!(f.games.len(), 1);
        assert_eq!(f.games[0].result.as_deref(), Some(r));
        assert_eq!(f.games[0].moves.len(), 2);
        assert!(is_result_token(r));
    }
    // Result on its own line after the moves; result without any moves.
    let f = parse("[Event \"x\"]\n1. 32-28\n\n1-1\n\n[Event \"y\"]\n1/2-1/2");
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].result.as_deref(), Some("1-1"));
    assert_eq!(f.games[1].result.as_deref(), Some("1/2-1/2"));
    assert!(f.games[1].moves.is_empty());
}

#[test]
fn match_scores_versus_moves() {
    // Score equal to the Result tag, then end of text or a tag: it is the result.
    let text = "[Result \"4-6\"]\n\n01. 34-29  18-22 64. 38-32  13-19 4-6\r\n\r\n[Result \"1-9\"]\n1. 32-28 19-23 1-9";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].result.as_deref(), Some("4-6"));
    assert_eq!(mv(&f.games[0]), ["34-29", "18-22", "38-32", "13-19"]);
    assert_eq!(f.games[1].result.as_deref(), Some("1-9"));
    // Followed by more moves: a move.
    let f = parse("[Result \"4-6\"]\n1. 32-28 4-6 2. 37-32 *");
    assert_eq!(mv(&f.games[0]), ["32-28", "4-6", "37-32"]);
    // Last move of a game without terminator, not the result tag: a move.
    let f = parse("[Result \"1-0\"]\n1. 32-28 4-6\n\n[Event \"n\"]\n1. 1-5 *\n");
    assert_eq!(f.games.len(), 2);
    assert_eq!(mv(&f.games[0]), ["32-28", "4-6"]);
    assert_eq!(f.games[0].result, None);
    assert_eq!(mv(&f.games[1]), ["1-5"]);
    // No result tag at all: kept as a move.
    let f = parse("1. 32-28 4-6");
    assert_eq!(mv(&f.games[0]), ["32-28", "4-6"]);
}

#[test]
fn lone_dash_terminator() {
    let text = "[Result \"-\"] 1.32-28 18-23 -\n[Result \"1-1\"] 1.33-28 - 1-1\n[Event \"x\"] 1. 31-27 -";
    let f = parse(text);
    assert_eq!(f.games.len(), 3);
    assert_eq!(f.games[0].result.as_deref(), Some("-"));
    assert_eq!(mv(&f.games[0]), ["32-28", "18-23"]);
    assert_eq!(f.games[1].result.as_deref(), Some("1-1"));
    assert_eq!(f.games[2].result, None);
    assert_eq!(f.warnings.len(), 2, "{:?}", f.warnings);
    assert!(f.warnings.iter().all(|w| w.message.contains("'-'")));
}

#[test]
fn tag_name_entities() {
    assert_eq!(normalize_tag_name("R&#x00E9;sultat"), "résultat");
    assert_eq!(normalize_tag_name("&#201;v&#233;nement"), "événement");
    for odd in [
        "&#",
        "&#;",
        "&#x;",
        "&#xZZ;",
        "&#99999999999;",
        "&#xD800;",
        "a&#b",
        "&#&#x41;",
    ] {
        let _ = normalize_tag_name(odd);
    }
    assert_eq!(normalize_tag_name("&#&#x41;"), "&#a");
}

#[test]
fn result_tag_with_space_and_italian_names() {
    let f = parse("[Result \" 0-1\"]\n1. 32-28 0-1");
    let g = &f.games[0];
    assert_eq!(g.tag("Result"), Some(" 0-1"));
    assert_eq!(g.tag_result(), Some("0-1"));
    let f = parse("[Dati \"69° ASSOLUTO\"]\n[Bianco \"B\"]\n[Nero \"N\"]\n[Risultato \"1-0\"]\n\n38.  6-11 {Bianco Vince} 1-0\n");
    let g = &f.games[0];
    assert_eq!(g.tag_result(), Some("1-0"));
    assert_eq!(g.tag("bianco"), Some("B"));
    assert_eq!(mv(g), ["6-11"]);
    assert_eq!(g.tags[0].1, "69° ASSOLUTO");
    let f = parse("[Event \"x\"]");
    assert_eq!(f.games[0].tag_result(), None);
}

#[test]
fn setup_tag_spellings() {
    let f =
        parse("[Setup \"1\"]\n[FEN \"W:W32,27:B20.\"]\n*\n[SetUp \"1\"]\n[FEN \"B:W1:B2\"]\n*");
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.games[0].tag("SetUp"), Some("1"));
    assert_eq!(f.games[1].tag("setup"), Some("1"));
    assert_eq!(f.games[1].tag("Fen"), Some("B:W1:B2"));
}

#[test]
fn fen_tags_with_anything_inside() {
    for fen in [
        "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.",
        "W:Wa3,c3,e3,g3,b2:Bb8,d8,f8,h8",
        "B:WK27,K23:BK28,12.",
        "20,W,10,10,N1,0 [x] {y} (z) ; % 1-0 *",
    ] {
        let f = parse(&format!("[FEN \"{fen}\"]\n1. 32-28 *"));
        assert!(f.warnings.is_empty(), "{fen}: {:?}", f.warnings);
        assert_eq!(f.games[0].tag("FEN"), Some(fen));
        assert_eq!(f.games[0].moves.len(), 1);
    }
}

#[test]
fn escapes_in_tag_values() {
    let f = parse(r#"[Event "say \"hi\" \\ d\\\'Afrique"] [Site "a]b"] 1. 32-28 *"#);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games[0].tag("Event"), Some(r#"say "hi" \ d\\'Afrique"#));
    assert_eq!(f.games[0].tag("Site"), Some("a]b"));
}

#[test]
fn odd_tag_names_and_shapes() {
    let text = "[&#x00c9;v&#x00e9;nement \"F\"]\n[R&#x00e9;sultat \"1-1\"]\\r\n[Type de jeu \"20\"]\\r\n[Empty] 1. 32-28 *\n[\nEvent \"T\"]\n[Result 1-0]\n1. 33-28 *";
    let f = parse(text);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.games.len(), 2);
    let g = &f.games[0];
    assert_eq!(g.tags[0].0, "&#x00c9;v&#x00e9;nement");
    assert_eq!(g.tag("Événement"), Some("F"));
    assert_eq!(g.tag("résultat"), Some("1-1"));
    assert_eq!(g.tag_result(), Some("1-1"));
    assert_eq!(g.tag("Type de jeu"), Some("20"));
    assert_eq!(g.tag("Empty"), Some(""));
    assert_eq!(mv(g), ["32-28"]);
    assert_eq!(f.games[1].tags, tags(&[("Event", "T"), ("Result", "1-0")]));
    assert_eq!(f.games[1].line, 5);
}

#[test]
fn damaged_tags_are_repaired_or_skipped() {
    let f = parse("[Event \"no bracket\"\n[Site \"no quote]\n[Round \"1\" junk]\n[ ]\n[%eval 1]\n1. 32-28 *");
    assert_eq!(f.games.len(), 1);
    let g = &f.games[0];
    assert_eq!(
        g.tags,
        tags(&[
            ("Event", "no bracket"),
            ("Site", "no quote"),
            ("Round", "1")
        ])
    );
    assert_eq!(mv(g), ["32-28"]);
    assert_eq!(f.warnings.len(), 5, "{:?}", f.warnings);
    assert!(f.warnings[0].message.contains("no closing ']'"));
    assert!(f.warnings[1].message.contains("closing quote"));
    assert!(f.warnings[2].message.contains("junk"));
    assert_eq!((f.warnings[3].line, f.warnings[3].col), (4, 1));
    assert!(f.warnings[4].message.contains("[%eval 1]"));
}

#[test]
fn stray_fragments_are_warnings_not_games() {
    let text = "[Event \"x\"]\n1. 32-28 19-23 *\n\n1-1\n0:10:00\n\n36x27\n";
    let f = parse(text);
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.warnings.len(), 3, "{:?}", f.warnings);
    assert_eq!((f.warnings[0].line, f.warnings[0].col), (4, 1));
    assert!(f.warnings[0].message.contains("stray result '1-1'"));
    assert_eq!(f.warnings[1].line, 5);
    assert!(f.warnings[1].message.contains("'0:10:00' is not a move"));
    assert_eq!(f.warnings[2].line, 7);
    assert!(f.warnings[2].message.contains("stray move '36x27'"));
    assert_eq!(
        f.warnings[0].to_string(),
        format!("line 4, col 1: {}", f.warnings[0].message)
    );
}

#[test]
fn junk_inside_movetext_is_skipped() {
    let f = parse("[Event \"x\"]\n1. 32-28 hello, 19-23 ) } ] $ 2. 37-32 10-0 3x *");
    assert_eq!(mv(&f.games[0]), ["32-28", "19-23", "37-32"]);
    assert_eq!(f.games[0].result.as_deref(), Some("*"));
    let msgs: Vec<_> = f.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(msgs.len(), 7, "{msgs:?}");
    assert!(msgs[0].contains("'hello,'"));
    assert!(msgs[5].contains("'10-0'"));
    assert!(msgs[6].contains("incomplete move '3x'"));
}

#[test]
fn unterminated_comment_recovers_at_next_tag() {
    let text = "[Event \"a\"]\n1. 32-28 { oops 19-23\n2. 37-32\n[Event \"b\"]\n1. 33-28 *\n";
    let f = parse(text);
    assert_eq!(f.games.len(), 2);
    assert_eq!(mv(&f.games[0]), ["32-28"]);
    assert_eq!(f.games[1].tag("Event"), Some("b"));
    assert_eq!(f.warnings.len(), 1);
    assert_eq!((f.warnings[0].line, f.warnings[0].col), (2, 10));
    assert!(f.warnings[0].message.contains("unterminated comment"));
    // Closed only inside the next game: still ends at the next game's tags.
    let text = "[Event \"a\"]\n1. 32-28 { oops\n\n[Event \"b\"]\n1. 33-28 {fine} 18-23 *\n";
    let f = parse(text);
    assert_eq!(f.games.len(), 2);
    assert_eq!(mv(&f.games[1]), ["33-28", "18-23"]);
    assert_eq!(f.warnings.len(), 1);
    let f = parse("1. 32-28 19-23 {never closed");
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.warnings.len(), 1);
}

#[test]
fn unterminated_variation_recovers_at_next_tag() {
    let text = "[Event \"a\"]\n1. 32-28 ( 1. 33-28 (x) 19-23 *\n\n[Event \"b\"]\n1. 31-27 *\n";
    let f = parse(text);
    assert_eq!(f.games.len(), 2);
    assert_eq!(mv(&f.games[0]), ["32-28"]);
    assert_eq!(mv(&f.games[1]), ["31-27"]);
    assert_eq!(f.warnings.len(), 1);
    assert!(f.warnings[0].message.contains("unterminated variation"));
    let f = parse("1. 32-28 19-23 (2. 37-32");
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.warnings.len(), 1);
}

#[test]
fn lone_cr_line_endings() {
    let f = parse("[Event \"x\"]\r1. 32-28\r19-23 *\r");
    assert!(f.warnings.is_empty());
    assert_eq!(f.games[0].moves[1].line, 3);
}

#[test]
fn empty_and_whitespace_input() {
    assert_eq!(parse(""), PdnFile::default());
    assert_eq!(parse(" \n\t\r\n\u{feff}"), PdnFile::default());
}

#[test]
fn game_numbers_and_lines() {
    let f = parse("\n\n[Event \"a\"]\n*\n\n\n[Event \"b\"]\n*\n1. 32-28 *");
    let got: Vec<_> = f.games.iter().map(|g| (g.number, g.line)).collect();
    assert_eq!(got, [(1, 3), (2, 7), (3, 9)]);
}

#[test]
fn write_game_layout() {
    let t = tags(&[("Event", "E \"q\""), ("Result", "1-0")]);
    let moves = strings(&["32-28", "19-23", "28x19", "14x23"]);
    let s = write_game(&t, &moves, "1-0");
    assert_eq!(
        s,
        "[Event \"E \\\"q\\\"\"]\n[Result \"1-0\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-0\n"
    );
    let s = write_game_with(
        &[],
        &strings(&["9-13", "22-18", "13-17"]),
        "*",
        &WriteOptions {
            start_number: 1,
            black_first: true,
            ..Default::default()
        },
    );
    assert_eq!(s, "1... 9-13 2. 22-18 13-17 *\n");
    let f = parse(&s);
    assert_eq!(f.games[0].moves[0].number, Some(1));
    assert_eq!(f.games[0].moves[1].number, Some(2));
    assert_eq!(write_game(&t[..1], &[], ""), "[Event \"E \\\"q\\\"\"]\n");
    assert_eq!(write_game(&[], &[], ""), "");
}

#[test]
fn write_game_wraps_under_80_columns() {
    let moves: Vec<String> = (0..120)
        .map(|i| format!("{}x{}x{}", 10 + i % 40, 11 + i % 30, 12 + i % 20))
        .collect();
    let s = write_game(&[], &moves, "1/2-1/2");
    for line in s.lines() {
        assert!(line.chars().count() <= 79, "{line}");
        assert!(
            !line.ends_with('.'),
            "number separated from its move: {line}"
        );
    }
    let f = parse(&s);
    assert_eq!(f.games[0].moves.len(), 120);
    assert_eq!(f.games[0].result.as_deref(), Some("1/2-1/2"));
}

#[test]
fn write_game_sanitises_unrepresentable_tags() {
    let t = tags(&[("  %Bad\"Na]me{} ", "line1\nline2"), ("\"[]", "dropped")]);
    let s = write_game(&t, &strings(&["32-28"]), "*");
    assert_eq!(s, "[BadName \"line1 line2\"]\n\n1. 32-28 *\n");
}

/// The tests' seeded generator with a pick from a list.
trait Pick {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str;
}

impl Pick for Rng {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

fn random_square(rng: &mut Rng, algebraic: bool) -> String {
    if algebraic {
        let file = char::from(b'a' + rng.below(10) as u8);
        format!("{file}{}", 1 + rng.below(10))
    } else if rng.below(8) == 0 {
        format!("{:02}", 1 + rng.below(9))
    } else {
        format!("{}", 1 + rng.below(50))
    }
}

fn random_move(rng: &mut Rng) -> String {
    let algebraic = rng.below(3) == 0;
    let hops = 1 + if rng.below(4) == 0 { rng.below(4) } else { 0 };
    let sep = if hops > 1 {
        rng.pick(&["x", ":", "X"])
    } else {
        rng.pick(&["-", "-", "x", ":"])
    };
    let mut squares = vec![random_square(rng, algebraic)];
    while squares.len() <= hops {
        let sq = random_square(rng, algebraic);
        if Some(&sq) != squares.last() {
            squares.push(sq);
        }
    }
    squares.join(sep)
}

fn random_text(rng: &mut Rng, alphabet: &[char], max: usize) -> String {
    (0..rng.below(max + 1))
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect()
}

#[test]
fn write_then_parse_round_trips() {
    let name_chars: Vec<char> =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ &#;éÉ°"
            .chars()
            .collect();
    let value_chars: Vec<char> = "abc XYZ 0123456789 -:.,/\\\"'[]{}()%;$*!?\té°ДЖ€"
        .chars()
        .collect();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for case in 0..400 {
        let mut t: Vec<(String, String)> = Vec::new();
        for _ in 0..rng.below(6) {
            let mut name = random_text(&mut rng, &name_chars, 12).trim().to_string();
            if name.is_empty() {
                name = "Tag".to_string();
            }
            t.push((name, random_text(&mut rng, &value_chars, 30)));
        }
        let moves: Vec<String> = (0..rng.below(90)).map(|_| random_move(&mut rng)).collect();
        let mut result = rng
            .pick(&[
                "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*", "", "4-6",
            ])
            .to_string();
        if result == "4-6" {
            t.push(("Result".to_string(), result.clone()));
        } else if result.is_empty() && t.is_empty() && moves.is_empty() {
            result = "*".to_string();
        }
        let opts = WriteOptions {
            start_number: 1 + rng.below(3) as u32,
            black_first: rng.below(2) == 0,
            ..Default::default()
        };
        let text = write_game_with(&t, &moves, &result, &opts);
        let f = parse(&text);
        assert!(
            f.warnings.is_empty(),
            "case {case}: {:?}\n{text}",
            f.warnings
        );
        assert_eq!(f.games.len(), 1, "case {case}:\n{text}");
        let g = &f.games[0];
        assert_eq!(g.tags, t, "case {case}:\n{text}");
        assert_eq!(
            g.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>(),
            moves,
            "case {case}:\n{text}"
        );
        let expected = (!result.is_empty()).then(|| result.clone());
        assert_eq!(g.result, expected, "case {case}:\n{text}");
        if let Some(first) = g.moves.first() {
            assert_eq!(first.number, Some(opts.start_number));
        }
        for line in text.lines() {
            if !line.starts_with('[') {
                assert!(line.chars().count() <= 79, "case {case}: {line}");
            }
        }
        // Writing what was parsed gives the same text again.
        let again = write_game_with(
            &g.tags,
            &g.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>(),
            g.result.as_deref().unwrap_or(""),
            &opts,
        );
        assert_eq!(again, text);
    }
}

#[test]
fn random_pdn_like_text_never_panics() {
    let pieces = [
        "[",
        "]",
        "\"",
        "{",
        "}",
        "(",
        ")",
        "%",
        ";",
        "$",
        "\\",
        "\\r",
        "\n",
        "\r",
        " ",
        "\t",
        "1.",
        "1...",
        "…",
        "32-28",
        "x",
        ":",
        "-",
        "1-0",
        "1/2-1/2",
        "½-½",
        "*",
        "4-6",
        "0",
        "9",
        "c3",
        "d4xf6",
        "Event",
        "\"v\"",
        "!",
        "?",
        "é",
        "\u{feff}",
        "[Event \"x\"]",
    ];
    let mut rng = Rng::new(12345);
    for _ in 0..2000 {
        let n = rng.below(40);
        let text: String = (0..n).map(|_| rng.pick(&pieces)).collect();
        let f = parse(&text);
        for g in &f.games {
            assert!(g.line >= 1);
            for m in &g.moves {
                assert!(m.parsed().is_some(), "{:?} from {text:?}", m.text);
            }
        }
    }
}
