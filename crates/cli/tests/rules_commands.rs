//! The rules commands of the `draughts` binary: perft, moves and pdn check, in text and JSON.

use assert_cmd::Command;

mod common;
use serde_json::Value;
use std::io::Write;

fn draughts() -> Command {
    Command::cargo_bin("draughts").expect("binary")
}

fn json(out: &[u8]) -> Value {
    serde_json::from_slice(out).expect("JSON output")
}

#[test]
fn perft_json_lists_every_depth() {
    let out = draughts().args(["perft", "--variant", "international", "--depth", "4", "--json"]).output().unwrap();
    assert!(out.status.success());
    let v = json(&out.stdout);
    let nodes: Vec<u64> = v.as_array().unwrap().iter().map(|r| r["nodes"].as_u64().unwrap()).collect();
    assert_eq!(nodes, [9, 81, 658, 4265]);
    assert_eq!(v[0]["depth"], 1);
    assert!(v[3]["seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn perft_from_a_fen() {
    let out = draughts()
        .args(["perft", "--variant", "international", "--fen", "W:W6,7,8,9,10:B41,42,43,44,45", "--depth", "3", "--json"])
        .output()
        .unwrap();
    let v = json(&out.stdout);
    assert_eq!(v[2]["nodes"], 795, "AlmostPromotion d3 of perft.md");
}

#[test]
fn moves_json_names_squares_as_the_variant_pdn() {
    let out = draughts().args(["moves", "--variant", "russian", "--fen", "W:Wc3:Bd4,f6", "--json"]).output().unwrap();
    assert!(out.status.success());
    let v = json(&out.stdout);
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["move"], "c3xe5xg7");
    assert_eq!(v[0]["from"], "c3");
    assert_eq!(v[0]["path"], serde_json::json!(["e5", "g7"]));
    // The one move dialect (the server's), with the CLI's old names for one release.
    assert_eq!(v[0]["text"], v[0]["move"]);
    assert_eq!(v[0]["captured"], v[0]["captures"]);
    assert_eq!(v[0]["promotes"], false);
    let mut caps: Vec<&str> = v[0]["captures"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    caps.sort();
    assert_eq!(caps, ["d4", "f6"]);
    let out = draughts().args(["moves", "--variant", "english"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 7);
    assert!(text.lines().any(|l| l == "11-15"));
}

#[test]
fn bad_fen_is_a_clear_error() {
    let out = draughts().args(["moves", "--variant", "english", "--fen", "W:W21,99:B1"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("99") && err.contains("not on the board"), "{err}");
    let out = draughts().args(["moves", "--variant", "klingon"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().contains("english"));
    // perft counts from depth 1: a depth of 0 is refused rather than printing nothing.
    let out = draughts().args(["perft", "--variant", "english", "--depth", "0"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().contains("--depth"));
    // ... and so is a depth no tree reaches, which would only run until it is killed.
    let out = draughts().args(["perft", "--variant", "english", "--depth", "65"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--depth") && err.contains("64"), "{err}");
}

/// `--fen` takes the FEN as other programs write it (the PDN tag, move counters) and refuses the
/// shapes that hid mistakes, saying where.
#[test]
fn fen_option_reads_tags_and_counters_and_refuses_empty_fields() {
    for fen in ["[FEN \"W:W21,22:B1\"]", "W:W21,22:B1:H0:F1"] {
        let out = draughts().args(["moves", "--variant", "english", "--fen", fen]).output().unwrap();
        assert!(out.status.success(), "{fen}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.lines().any(|l| l == "21-17"), "{fen}: {text}");
    }
    for (fen, words) in [("W", "no piece list"), ("W:", "empty field"), ("W:W21,,22:B1", "empty item")] {
        let out = draughts().args(["moves", "--variant", "english", "--fen", fen]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{fen}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(words) && err.contains("at character"), "{fen}: {err}");
    }
}

#[test]
fn pdn_check_reports_failures_and_exit_status() {
    let mut good = tempfile::NamedTempFile::new().unwrap();
    writeln!(good, "[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n").unwrap();
    let mut bad = tempfile::NamedTempFile::new().unwrap();
    writeln!(bad, "[Event \"x\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-10 *\n").unwrap();
    let out = draughts().args(["pdn", "check", "--json"]).arg(good.path()).output().unwrap();
    assert!(out.status.success());
    let v = json(&out.stdout);
    assert_eq!((v[0]["games"].as_u64(), v[0]["ok"].as_u64()), (Some(1), Some(1)));
    // No GameType: --variant applies.
    let out = draughts().args(["pdn", "check", "--variant", "english", "--json"]).arg(bad.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out.stdout);
    let f = &v[0]["failed"][0];
    assert_eq!((f["game"].as_u64(), f["ply"].as_u64(), f["move"].as_str()), (Some(1), Some(6), Some("17-10")));
    assert!(f["reason"].as_str().unwrap().contains("not a legal move"));
    // Text output names the file, game, ply and move.
    let out = draughts().args(["pdn", "check", "--variant", "english"]).arg(bad.path()).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("1 games read, 0 replayed whole, 1 failed"), "{text}");
    assert!(text.contains("game 1 ply 6 \"17-10\""), "{text}");
    // A missing file is an error, not a panic.
    let out = draughts().args(["pdn", "check", "/nonexistent/file.pdn"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

fn pdn_file(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(bytes).unwrap();
    f
}

/// What the reader skipped is in the JSON too, with the game it was found in (the text output
/// always showed it); a trailing incomplete move fails its game instead of being skipped.
#[test]
fn pdn_check_json_reports_skipped_text_and_incomplete_moves_fail() {
    let f = pdn_file(b"junk\n[GameType \"21\"]\n1. 11-15 0:10:00 23-19 *\n\n1-1\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22x *\n");
    let out = draughts().args(["pdn", "check", "--json"]).arg(f.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out.stdout);
    assert_eq!((v[0]["games"].as_u64(), v[0]["ok"].as_u64()), (Some(2), Some(1)));
    let skipped = v[0]["skipped"].as_array().unwrap();
    let got: Vec<(Value, u64, &str)> =
        skipped.iter().map(|s| (s["game"].clone(), s["line"].as_u64().unwrap(), s["message"].as_str().unwrap())).collect();
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!((got[0].0.clone(), got[0].1), (Value::Null, 1));
    assert!(got[0].2.contains("'junk'"), "{got:?}");
    assert_eq!((got[1].0.as_u64(), got[1].1), (Some(1), 3));
    assert!(got[1].2.contains("0:10:00"), "{got:?}");
    assert_eq!((got[2].0.as_u64(), got[2].1), (Some(1), 5));
    assert!(got[2].2.contains("stray result '1-1'"), "{got:?}");
    assert_eq!((got[3].0.as_u64(), got[3].1), (Some(2), 7));
    assert!(got[3].2.contains("incomplete move '22x'"), "{got:?}");
    let fail = &v[0]["failed"][0];
    assert_eq!((fail["game"].as_u64(), fail["ply"].as_u64(), fail["move"].as_str()), (Some(2), Some(4), Some("22x")));
    assert!(fail["reason"].as_str().unwrap().contains("incomplete move"), "{fail}");
    // The text output says the same.
    let out = draughts().args(["pdn", "check"]).arg(f.path()).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("2 games read, 1 replayed whole, 1 failed"), "{text}");
    assert!(text.contains("game 2 ply 4 \"22x\""), "{text}");
    assert!(text.contains("skipped line 7, col 24: incomplete move '22x' skipped"), "{text}");
}

/// A file with no PDN game in it is an error naming why, not a pass with 0 games.
#[test]
fn pdn_check_refuses_files_without_games() {
    let utf16: Vec<u8> = "[GameType \"21\"]\n1. 11-15 *\n".encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
    let mut utf16_bom = vec![0xFF, 0xFE];
    utf16_bom.extend_from_slice(&utf16);
    let cases: [(&[u8], &str); 6] = [
        (b"", "no PDN game found (the file is empty or blank)"),
        (b" \r\n\n", "no PDN game found (the file is empty or blank)"),
        (b"hello world\n", "no PDN game found (2 stretches of text skipped, the first at line 1, col 1"),
        (b"\x7fELF\x02\x01\x01\x00\x00\x00", "the file contains NUL bytes (the first on line 1, byte 7): binary?"),
        (&utf16_bom, "the file is UTF-16 (it starts with a UTF-16 byte-order mark)"),
        (&utf16, "the file is UTF-16 (every other byte of its first line is NUL)"),
    ];
    for (bytes, words) in cases {
        let f = pdn_file(bytes);
        for json_flag in [false, true] {
            let mut cmd = draughts();
            cmd.args(["pdn", "check", "--variant", "english"]);
            if json_flag {
                cmd.arg("--json");
            }
            let out = cmd.arg(f.path()).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{words}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains(words) && err.contains(&f.path().display().to_string()), "{words}: {err}");
        }
    }
}

/// A report command whose reader goes away (`draughts perft ... | head -1`) ends quietly, killed
/// by SIGPIPE as Unix tools are, instead of panicking on the failed write.
#[cfg(unix)]
#[test]
fn perft_ends_quietly_when_its_reader_goes_away() {
    use std::os::unix::process::ExitStatusExt;
    let (first, out) = common::first_line_then_close(&["perft", "--variant", "international", "--depth", "8"]);
    assert!(first.starts_with("depth  1"), "{first}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "status {:?}", out.status);
}
