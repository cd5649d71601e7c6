//! The streaming PDN reader (`pdn::Reader`) reads what `pdn::parse` reads from the whole text,
//! game for game and warning for warning, while holding about one game at a time; it refuses
//! UTF-16 and binary input; and a move the reader could not read whole fails the replay.

mod common;

use draughts_rules::notation::pdn::{self, Chunk, Encoding, ReadError, Reader};
use draughts_rules::notation::pdn::replay;
use draughts_rules::Variant;
use std::io::BufReader;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("folder").flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "pdn") {
            out.push(p);
        }
    }
}

/// Reads `bytes` with a reader whose buffer holds `capacity` bytes.
fn read(bytes: &[u8], capacity: usize) -> Result<Vec<Chunk>, ReadError> {
    Reader::new(BufReader::with_capacity(capacity, bytes)).collect()
}

/// The chunks put together, as one file.
fn joined(chunks: &[Chunk]) -> pdn::PdnFile {
    let mut f = pdn::PdnFile::default();
    for c in chunks {
        f.games.extend(c.games.iter().cloned());
        f.warnings.extend(c.warnings.iter().cloned());
    }
    f
}

fn same_as_whole(bytes: &[u8], capacity: usize, what: &str) -> Vec<Chunk> {
    let whole = pdn::parse(&pdn::decode(bytes).0);
    let chunks = read(bytes, capacity).unwrap_or_else(|e| panic!("{what}: {e}"));
    let got = joined(&chunks);
    assert_eq!(got.warnings, whole.warnings, "{what}");
    assert_eq!(got.games.len(), whole.games.len(), "{what}");
    for (a, b) in got.games.iter().zip(&whole.games) {
        assert_eq!(a, b, "{what}: game {}", b.number);
    }
    chunks
}

/// Every corpus file, and every file with its line ends turned into CRLF and lone CR: the same
/// games and warnings, read mostly one game at a time.
#[test]
fn reader_reads_the_corpus_as_parse_does() {
    let mut files = Vec::new();
    collect(&common::pdn_dir(), &mut files);
    assert!(files.len() > 20, "{} files", files.len());
    let (mut games, mut chunks_with_games) = (0, 0);
    for p in &files {
        let bytes = std::fs::read(p).unwrap();
        let what = p.display().to_string();
        let chunks = same_as_whole(&bytes, 8192, &what);
        games += chunks.iter().map(|c| c.games.len()).sum::<usize>();
        chunks_with_games += chunks.iter().filter(|c| !c.games.is_empty()).count();
        let text = String::from_utf8_lossy(&bytes).replace("\r\n", "\n");
        same_as_whole(text.replace('\n', "\r\n").as_bytes(), 7, &format!("{what} (CRLF)"));
        same_as_whole(text.replace('\n', "\r").as_bytes(), 64, &format!("{what} (CR)"));
    }
    // Most pieces are one game: memory follows the game, not the file.
    assert!(chunks_with_games * 10 >= games * 9, "{chunks_with_games} pieces for {games} games");
}

/// Odd shapes: pieces cut by a one-byte buffer, records that a cut must not split (tags with no
/// move text yet, an unterminated comment or variation), games on one line, a byte-order mark.
#[test]
fn reader_cuts_only_between_records() {
    let cases: &[&str] = &[
        "[Event \"a\"]\n1. 32-28 *\n[Event \"b\"]\n1. 33-28 *\n",
        "[Event \"a\"]\n{a comment}\n[Site \"still a\"]\n1. 32-28 *\n[Event \"b\"]\n*",
        "[Event \"a\"]\n1. 32-28 { never closed\n[Event \"b\"]\n1. 33-28 *\n",
        "[Event \"a\"]\n1. 32-28 ( 1. 31-27\n[Event \"b\"]\n1. 33-28 *\n",
        "[Event \"a\"] 1. 32-28 *\n[Event \"b\"] 1. 33-28 *\n[Event \"c\"] 1. 34-29 3x *\n",
        "\u{feff}[Event \"a\"]\r\n1. 32-28 1-0\r\n\r\n1-1\r\n[Event \"b\"]\r\n1. 32-",
        "1. 32-28 19-23 *\n\n1. 33-28 *\n[FEN \"W:W21:B1\"]\n[FEN \"W:W22:B2\"]\n",
        "junk before\n[Event \"a\"]\n1. 32-28 *\n",
        "[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n",
    ];
    for text in cases {
        for capacity in [1, 2, 3, 5, 4096] {
            same_as_whole(text.as_bytes(), capacity, &format!("{text:?} capacity {capacity}"));
        }
    }
    let chunks = read(cases[0].as_bytes(), 4096).unwrap();
    assert_eq!(chunks.len(), 2);
    assert_eq!(chunks[1].games[0].number, 2);
    // Latin-1 is judged per piece: one Latin-1 game does not turn its UTF-8 neighbours.
    let mut bytes = "[Event \"é\"]\n1. 32-28 *\n".as_bytes().to_vec();
    bytes.extend_from_slice(b"[Event \"\xE9\"]\n1. 32-28 *\n");
    let chunks = read(&bytes, 4096).unwrap();
    assert_eq!(chunks.iter().map(|c| c.encoding).collect::<Vec<_>>(), [Encoding::Utf8, Encoding::Latin1]);
    assert_eq!(chunks[0].games[0].tag("Event"), Some("é"));
    assert_eq!(chunks[1].games[0].tag("Event"), Some("é"));
}

#[test]
fn reader_refuses_utf16_and_binary() {
    let utf16: Vec<u8> = "[Event \"a\"]\n1. 32-28 *\n".encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
    let mut with_bom = vec![0xFF, 0xFE];
    with_bom.extend_from_slice(&utf16);
    let e = read(&with_bom, 4096).unwrap_err();
    assert!(matches!(e, ReadError::Utf16 { bom: true }), "{e}");
    assert!(e.to_string().contains("UTF-16"), "{e}");
    let e = read(&utf16, 4096).unwrap_err();
    assert!(matches!(e, ReadError::Utf16 { bom: false }), "{e}");
    let e = read(b"[Event \"a\"]\n1. 32-28 *\n\x7fELF\x00\x01\x02\n", 4096).unwrap_err();
    assert!(matches!(e, ReadError::Nul { line: 3, byte: 27 }), "{e:?}");
    assert!(e.to_string().contains("NUL bytes (the first on line 3"), "{e}");
    // Nothing to read is no error for the reader: no pieces at all.
    assert!(read(b"", 4096).unwrap().is_empty());
    assert!(read(b" \n\r\n", 4096).unwrap().is_empty());
}

/// A record whose move text ends in a move the reader could not read whole does not replay
/// whole: `32x` at the end used to be skipped with a warning, and the game passed.
#[test]
fn incomplete_moves_fail_the_replay() {
    let f = pdn::parse("[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22x *");
    let g = &f.games[0];
    assert_eq!(g.moves.len(), 3);
    assert_eq!(g.incomplete.len(), 1);
    assert_eq!((g.incomplete[0].after, g.incomplete[0].token.text.as_str()), (3, "22x"));
    let e = replay::replay(g, Variant::English).unwrap_err();
    assert_eq!((e.ply, e.move_text.as_str(), e.line, e.col), (4, "22x", 2, 24));
    assert!(e.reason.contains("incomplete move"), "{e}");
    // In the middle of the game too: the moves after it are not read without it.
    let f = pdn::parse("[GameType \"21\"]\n1. 11-15 23- ; torn\n2. 8-11 22-17 *");
    let e = replay::replay(&f.games[0], Variant::English).unwrap_err();
    assert_eq!((e.ply, e.move_text.as_str()), (2, "23-"));
    // A capture chain cut short at the end of the record says so.
    let text = "[GameType \"21\"]\n[FEN \"W:W27:B23,15\"]\n1. 27x18 *";
    let e = replay::replay(&pdn::parse(text).games[0], Variant::English).unwrap_err();
    assert_eq!((e.ply, e.move_text.as_str()), (1, "27x18"));
    assert!(e.reason.contains("capture chain must go on (27x18x11)"), "{e}");
    // check_text counts such games as failed.
    let c = replay::check_text("[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22x *", None);
    assert_eq!((c.games, c.ok, c.failed.len()), (1, 0, 1));
}
