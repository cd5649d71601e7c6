//! The engine commands of the `draughts` binary: analyze, bench, hub, match and tune.

use assert_cmd::Command;

mod common;
use serde_json::Value;

/// The binary, with a data folder of its own: endgame databases the user has installed (read
/// from the data folder by default) must not change what the tests see.
fn draughts() -> Command {
    let mut c = Command::cargo_bin("draughts").expect("binary");
    c.env("XDG_DATA_HOME", no_user_data());
    c
}

/// An empty data folder for the binary (`XDG_DATA_HOME`), the same for every test.
fn no_user_data() -> std::path::PathBuf {
    std::env::temp_dir().join("draughts-tests-no-user-data")
}

fn json(out: &[u8]) -> Value {
    serde_json::from_slice(out).unwrap_or_else(|e| panic!("JSON output ({e}): {}", String::from_utf8_lossy(out)))
}

#[test]
fn analyze_json_names_squares_like_moves_json() {
    let fen = "W:W32,33,39,44:B3,8,22,23";
    let out = draughts().args(["analyze", "--variant", "international", "--fen", fen, "--depth", "6", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out.stdout);
    assert_eq!(v["best"]["move"], "33-28");
    assert_eq!(v["best"]["from"], "33");
    assert_eq!(v["best"]["path"], serde_json::json!(["28"]));
    assert_eq!(v["best"]["text"], "33-28");
    assert_eq!(v["best"]["captures"], serde_json::json!([]));
    assert_eq!(v["depth"], 6);
    assert!(v["score"].as_i64().unwrap() > 60);
    assert!(v["nodes"].as_u64().unwrap() > 0 && v["nps"].as_u64().is_some());
    assert_eq!(v["pv"][0], "33-28");
    assert_eq!(v["pv"][1], "22x33");
    // The best move is one of `draughts moves --json`.
    let moves = draughts().args(["moves", "--variant", "international", "--fen", fen, "--json"]).output().unwrap();
    let list = json(&moves.stdout);
    assert!(list.as_array().unwrap().iter().any(|m| m == &v["best"]));
}

#[test]
fn analyze_writes_scores_through_the_score_type() {
    // Turkish king against man after the capture: a win in one half-move, in words and in JSON.
    let args = ["analyze", "--variant", "turkish", "--fen", "W:WKd4:Bd5,h7", "--depth", "3"];
    let out = draughts().args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().last().unwrap().contains("score win in 1"), "{text}");
    let out = draughts().args(args).arg("--json").output().unwrap();
    let v = json(&out.stdout);
    assert_eq!(v["mate"], 1);
    assert_eq!(v["score"], draughts_engine::MATE - 1);
    // King against king: a draw, written "+0.00" as before.
    let out = draughts().args(["analyze", "--variant", "turkish", "--fen", "W:WKd4:Bd5,Kh7", "--depth", "3"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().last().unwrap().contains("score +0.00 "), "{text}");
}

#[test]
fn analyze_reports_bad_input_clearly() {
    let out = draughts().args(["analyze", "--variant", "english", "--fen", "W:W99:B1", "--depth", "3"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("99"));
    let out = draughts().args(["analyze", "--variant", "english", "--fen", "B:W22:B", "--depth", "3"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("decided"));
    // The table size is checked, not silently clamped.
    for hash in ["0", "16385"] {
        let out = draughts().args(["analyze", "--variant", "english", "--hash", hash, "--depth", "3"]).output().unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("1..=16384"), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn analyze_plays_moves_first() {
    // After 32-28 19-23, Light must take: 28x19 is the only move.
    let out = draughts()
        .args(["analyze", "--variant", "international", "--moves", "32-28 19-23", "--depth", "3", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(json(&out.stdout)["best"]["move"], "28x19");
    // A bad move is named with its number.
    let out = draughts().args(["analyze", "--variant", "international", "--moves", "32-28 19-24 28-21", "--depth", "3"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 3 (28-21)"), "{err}");
}

#[test]
fn bench_node_count_is_deterministic() {
    let run = || {
        let out = draughts().args(["bench", "--depth", "3", "--json"]).output().unwrap();
        assert!(out.status.success());
        json(&out.stdout)
    };
    let (a, b) = (run(), run());
    assert_eq!(a["nodes"], b["nodes"]);
    assert!(a["nodes"].as_u64().unwrap() > 0);
    let variants: Vec<&str> = a["positions"].as_array().unwrap().iter().map(|p| p["variant"].as_str().unwrap()).collect();
    for v in ["english", "american", "german", "russian", "international", "turkish", "italian"] {
        assert!(variants.contains(&v), "bench covers {v}");
    }
}

#[test]
fn bench_measures_the_built_in_network_against_none() {
    let run = |extra: &[&str]| {
        let out = draughts().args(["bench", "--depth", "5", "--json"]).args(extra).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        json(&out.stdout)
    };
    let (built_in, none) = (run(&[]), run(&["--network", "none"]));
    let rows = |j: &serde_json::Value| j["positions"].as_array().unwrap().iter().map(|p| (p["variant"].as_str().unwrap().to_string(), p["nodes"].as_u64().unwrap())).collect::<Vec<_>>();
    let (mut english_changed, mut american_changed) = (0, 0);
    for ((v, a), (w, b)) in rows(&built_in).into_iter().zip(rows(&none)) {
        assert_eq!(v, w);
        match v.as_str() {
            "english" => english_changed += (a != b) as usize,
            "american" => american_changed += (a != b) as usize,
            _ => assert_eq!(a, b, "{v} has no built-in network"),
        }
    }
    assert!(english_changed > 0 && american_changed > 0, "English and American search with the network by default");
}

#[test]
fn hub_answers_on_standard_io() {
    let input = "hub\ninit\nset-param name=variant value=english\npos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\nlevel depth=3\ngo think\nping\nquit\n";
    let out = draughts().arg("hub").write_stdin(input).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("wait\n") && text.contains("ready\n"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("done move=")), "{text}");
}

/// Runs `draughts match args --pdn FILE`, which must succeed: its output and the PDN written.
fn match_with_pdn(args: &[&str]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("m.pdn");
    let out = draughts().arg("match").args(args).arg("--pdn").arg(&pdn).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8_lossy(&out.stdout).into_owned(), std::fs::read_to_string(&pdn).unwrap())
}

#[test]
fn match_writes_pdn_and_scores() {
    let (text, games) = match_with_pdn(&["--variant", "english", "--a", "depth:4", "--b", "depth:1", "--games", "2"]);
    assert!(text.contains("Elo"), "{text}");
    assert_eq!(games.matches("[Event ").count(), 2);
    assert!(games.contains("[GameType \"21\"]"));
    let bad = draughts().args(["match", "--variant", "english", "--a", "9", "--b", "1"]).output().unwrap();
    assert!(!bad.status.success());
}

#[test]
fn a_match_at_two_tables_plays_the_same_games() {
    // Fixed depths: the score and the pairs are one table's; every game is on file.
    let score = |text: &str| text.lines().filter(|l| l.starts_with("score of a") || l.starts_with("pairs by points")).collect::<Vec<_>>().join("\n");
    let args = ["--variant", "russian", "--a", "depth:4", "--b", "depth:2", "--games", "8", "--max-plies", "100"];
    let (one, _) = match_with_pdn(&args);
    let (two, games) = match_with_pdn(&[&args[..], &["--concurrency", "2"]].concat());
    assert!(!score(&one).is_empty() && score(&one) == score(&two), "{one}\n{two}");
    assert_eq!(games.matches("[Event ").count(), 8);
    for bad in ["0", "65"] {
        let o = draughts().args(["match", "--variant", "english", "--a", "depth:1", "--b", "depth:1", "--concurrency", bad]).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains("--concurrency must be 1..64"), "{err}");
    }
}

#[test]
fn a_sequential_test_stops_a_match_when_it_decides() {
    // Depth 6 against depth 1 wins pair after pair: the test of 0 against 100 Elo accepts H1
    // long before the 80 games, and the PDN holds the games played.
    let (text, games) = match_with_pdn(&["--variant", "english", "--a", "depth:6", "--b", "depth:1", "--games", "80", "--sprt", "0,100"]);
    let verdict = text.lines().find(|l| l.starts_with("SPRT +0 against +100 Elo: LLR ")).unwrap_or_else(|| panic!("{text}"));
    let played: usize = verdict.split("accepted after ").nth(1).and_then(|t| t.split(' ').next()).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{verdict}"));
    assert!(verdict.contains("H1 (+100 Elo) accepted") && played < 80 && played.is_multiple_of(2), "{text}");
    assert_eq!(games.matches("[Event ").count(), played);
    assert!(text.contains("stopping when a sequential test of +0 against +100 Elo (alpha 0.05, beta 0.05; LLR bounds -2.94, 2.94) decides"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("pairs by points (0, 1/2, 1, 3/2, 2): ")), "{text}");
    assert_eq!(text.matches("  LLR ").count(), played / 2, "{text}");
    // Bad settings are refused, naming them.
    for (args, says) in [
        (&["--sprt", "10,0"][..], "--sprt: elo0 (10) must be below elo1 (0)"),
        (&["--sprt", "0;10"][..], "--sprt: '0;10' is not two Elo differences"),
        (&["--sprt", "0,10", "--sprt-alpha", "0.7"][..], "--sprt: alpha 0.7 is not an error rate"),
        (&["--sprt", "0,10", "--sprt-beta", "-0.1"][..], "--sprt: beta -0.1 is not an error rate"),
    ] {
        let o = draughts().args(["match", "--variant", "english", "--a", "depth:1", "--b", "depth:1", "--games", "2"]).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says), "{args:?}: {err}");
    }
    // A negative Elo difference first is a value, not an option.
    let o = draughts().args(["match", "--variant", "english", "--a", "depth:1", "--b", "depth:1", "--games", "2", "--sprt", "-10,0"]).output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && text.contains("SPRT -10 against +0 Elo: LLR "), "{text}{}", String::from_utf8_lossy(&o.stderr));
    let o = draughts().args(["match", "--variant", "english", "--a", "depth:1", "--b", "depth:1", "--games", "2", "--sprt-beta", "0.1"]).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--sprt"), "--sprt-beta alone");
}

#[test]
fn tune_writes_a_weight_file_the_engine_reads() {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("w.txt");
    let out = draughts()
        .args(["tune", "--variant", "english", "--games", "4", "--depth", "2", "--iterations", "20", "--threads", "1", "--out"])
        .arg(&w)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&w).unwrap();
    assert!(draughts_engine::eval::Weights::from_text(&text).is_ok(), "{text}");
    // The match command accepts the file.
    let m = draughts()
        .args(["match", "--variant", "english", "--a", "depth:2", "--b", "depth:2", "--games", "2", "--a-weights"])
        .arg(&w)
        .output()
        .unwrap();
    assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
}

/// `draughts tune --patterns` of `variant` from `games` self-play games at `depth`, 5 passes:
/// the saved positions and the pattern file (`<variant>.patterns`) in `dir`.
fn tune_patterns(dir: &std::path::Path, variant: &str, games: &str, depth: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let (pos, pat) = (dir.join("pos.txt"), dir.join(format!("{variant}.patterns")));
    let out = draughts()
        .args(["tune", "--variant", variant, "--patterns", "--games", games, "--depth", depth, "--iterations", "5", "--threads", "1"])
        .arg("--save-positions")
        .arg(&pos)
        .arg("--out")
        .arg(&pat)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (pos, pat)
}

#[test]
fn english_pattern_values_carry_their_provenance_and_a_match_plays_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let (pos, pat) = tune_patterns(dir.path(), "english", "4", "3");
    // The saved positions say how they were played; the pattern file, how it was fitted, for
    // the 8x8 board.
    let text = std::fs::read_to_string(&pos).unwrap();
    assert!(text.starts_with("# built-by: draughts tune --variant english --patterns --games 4 --depth 3"), "{text}");
    let p = draughts_engine::patterns::Patterns::read_file(&pat).unwrap();
    assert_eq!(p.board(), draughts_engine::patterns::PatternBoard::Eight);
    for key in ["variant: english", "built-by: draughts tune --variant english", "engine: draughts", "date: ", "held-out mean squared error"] {
        assert!(p.header().contains(key), "{key}: {}", p.header());
    }
    // A refit from the saved file records where its positions came from.
    let again = dir.path().join("again.patterns");
    let o = draughts().args(["tune", "--variant", "english", "--patterns", "--games", "0", "--iterations", "3", "--positions"]).arg(&pos).arg("--out").arg(&again).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let q = draughts_engine::patterns::Patterns::read_file(&again).unwrap();
    assert!(q.header().contains(&format!("{}: built-by: draughts tune --variant english --patterns --games 4", pos.display())), "{}", q.header());
    // With endgame databases, the positions they hold are labelled by them, and the header says
    // how many; --egdb without --patterns, or a folder without the rule set's slices, is refused.
    let egdb = dir.path().join("egdb");
    let b = draughts().args(["egdb", "build", "--variant", "english", "--pieces", "3", "--dir"]).arg(&egdb).output().unwrap();
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    let labelled = dir.path().join("labelled.patterns");
    let o = draughts().args(["tune", "--variant", "english", "--patterns", "--games", "0", "--iterations", "3", "--positions"]).arg(&pos).arg("--egdb").arg(&egdb).arg("--out").arg(&labelled).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = draughts_engine::patterns::Patterns::read_file(&labelled).unwrap().header().to_string();
    assert!(h.contains("labelled with their exact result by the english endgame databases up to 3 pieces"), "{h}");
    let o = draughts().args(["tune", "--variant", "english", "--games", "1", "--egdb"]).arg(&egdb).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--egdb goes with --patterns"));
    let o = draughts().args(["tune", "--variant", "russian", "--patterns", "--games", "0", "--iterations", "3", "--positions"]).arg(&pos).arg("--egdb").arg(&egdb).arg("--out").arg(&labelled).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("no russian endgame databases"), "{err}");
    // Self-play with the databases (--play-egdb) keeps no position they hold, and its file says
    // how it was played; the option needs self-play or --label-depth, and the rule set's slices.
    let ended = dir.path().join("ended.txt");
    let o = draughts()
        .args(["tune", "--variant", "english", "--patterns", "--games", "3", "--depth", "3", "--iterations", "0", "--threads", "1", "--save-positions"])
        .arg(&ended)
        .arg("--play-egdb")
        .arg(&egdb)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&ended).unwrap();
    assert!(text.lines().next().unwrap().contains("--play-egdb"), "{text}");
    let kept: Vec<_> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(kept.len() > 10);
    for line in &kept {
        let p = draughts_rules::notation::fen::parse(draughts_rules::Variant::English, line.split(';').next().unwrap()).unwrap();
        assert!(p.occupied().count_ones() > 3, "{line}");
    }
    let o = draughts().args(["tune", "--variant", "english", "--games", "1", "--play-egdb"]).arg(&egdb).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--play-egdb goes with --patterns or --network"));
    let o = draughts().args(["tune", "--variant", "english", "--patterns", "--games", "0", "--positions"]).arg(&pos).arg("--play-egdb").arg(&egdb).arg("--out").arg(&again).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--play-egdb says how self-play games are played"));
    let o = draughts().args(["tune", "--variant", "russian", "--patterns", "--games", "1", "--iterations", "0", "--play-egdb"]).arg(&egdb).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("--play-egdb") && err.contains("no russian endgame databases"), "{err}");
    // Self-play with the built-in values (--play-patterns) plays other games than the linear
    // evaluation alone from the same openings, and its position file says how they were played;
    // the option goes with --patterns and self-play only.
    let builtin = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/weights/english.patterns");
    let (plain, played) = (dir.path().join("plain.txt"), dir.path().join("played.txt"));
    for (file, extra) in [(&plain, None), (&played, Some(&builtin))] {
        let mut c = draughts();
        c.args(["tune", "--variant", "english", "--patterns", "--games", "3", "--depth", "4", "--iterations", "0", "--threads", "1", "--save-positions"]).arg(file);
        if let Some(b) = extra {
            c.arg("--play-patterns").arg(b);
        }
        let o = c.output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let body = |f: &std::path::Path| std::fs::read_to_string(f).unwrap().lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect::<Vec<_>>();
    assert_ne!(body(&plain), body(&played));
    assert!(std::fs::read_to_string(&played).unwrap().lines().next().unwrap().contains("--play-patterns"));
    let o = draughts().args(["tune", "--variant", "english", "--games", "1", "--play-patterns"]).arg(&builtin).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--play-patterns goes with --patterns"));
    let o = draughts().args(["tune", "--variant", "english", "--patterns", "--games", "0", "--positions"]).arg(&pos).arg("--play-patterns").arg(&builtin).arg("--out").arg(&again).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("give --games"));
    let missing = dir.path().join("missing.patterns");
    let o = draughts().args(["tune", "--variant", "english", "--patterns", "--games", "1", "--iterations", "0", "--play-patterns"]).arg(&missing).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("--play-patterns: cannot read") && err.contains("missing.patterns"), "{err}");
    // A match plays with the file against the linear evaluation alone.
    let m = draughts()
        .args(["match", "--variant", "english", "--a", "depth:2", "--b", "depth:2", "--games", "2", "--b-patterns", "none", "--a-patterns"])
        .arg(&pat)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&m.stdout);
    assert!(m.status.success() && stdout.contains("english.patterns") && stdout.contains("no patterns"), "{stdout}{}", String::from_utf8_lossy(&m.stderr));
    // Values for another board are refused, naming the file; so are they for a Hub engine.
    let m = draughts().args(["match", "--variant", "international", "--a", "depth:2", "--b", "depth:2", "--games", "2", "--a-patterns"]).arg(&pat).output().unwrap();
    let err = String::from_utf8_lossy(&m.stderr);
    assert!(!m.status.success() && err.contains("english.patterns") && err.contains("international"), "{err}");
    let m = draughts().args(["match", "--variant", "english", "--a", "hub:cat", "--b", "depth:2", "--games", "2", "--a-patterns", "none"]).output().unwrap();
    assert!(!m.status.success() && String::from_utf8_lossy(&m.stderr).contains("Hub engine"));
}

#[test]
fn tune_patterns_saves_positions_and_writes_a_pattern_file_dxp_reads() {
    let dir = tempfile::tempdir().unwrap();
    let (pos, pat) = tune_patterns(dir.path(), "international", "3", "2");
    let text = std::fs::read_to_string(&pos).unwrap();
    let read = draughts_engine::tune::read_positions(&text, draughts_rules::Variant::International).unwrap();
    assert_eq!(read.len(), text.lines().filter(|l| !l.starts_with('#')).count());
    assert!(text.starts_with("# built-by: draughts tune --variant international"), "{text}");
    let bytes = std::fs::read(&pat).unwrap();
    assert!(draughts_engine::patterns::Patterns::from_bytes(&bytes).is_ok());
    // The saved positions fit again without self-play.
    let again = draughts().args(["tune", "--variant", "international", "--patterns", "--games", "0", "--iterations", "5", "--positions"]).arg(&pos).arg("--out").arg(dir.path().join("q.patterns")).output().unwrap();
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    // Turkish fits values of its own board (the orthogonal one), and a file for another board
    // is refused for it, naming the file.
    let turkish = dir.path().join("t.patterns");
    let t = draughts().args(["tune", "--variant", "turkish", "--patterns", "--games", "4", "--depth", "2", "--iterations", "3", "--out"]).arg(&turkish).output().unwrap();
    assert!(t.status.success(), "{}", String::from_utf8_lossy(&t.stderr));
    let values = draughts_engine::patterns::Patterns::from_bytes(&std::fs::read(&turkish).unwrap()).unwrap();
    assert_eq!(values.board(), draughts_engine::patterns::PatternBoard::Orthogonal);
    let other = draughts().args(["match", "--variant", "turkish", "--a", "depth:1", "--b", "depth:1", "--games", "2", "--a-patterns"]).arg(&pat).output().unwrap();
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(!other.status.success() && err.contains(&*pat.to_string_lossy()) && err.contains("not for turkish's"), "{err}");
    // A broken position file names its line.
    let broken = dir.path().join("broken.txt");
    std::fs::write(&broken, format!("{}\nW:W31-50:B1-20;12\n", text.lines().find(|l| !l.starts_with('#')).unwrap())).unwrap();
    let bad = draughts().args(["tune", "--variant", "international", "--patterns", "--games", "0", "--positions"]).arg(&broken).arg("--out").arg(&pat).output().unwrap();
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success() && err.contains("broken.txt") && err.contains("line 2"), "{err}");
    // dxp refuses a pattern file of the wrong size, naming it.
    let short = dir.path().join("short.patterns");
    std::fs::write(&short, [0u8; 10]).unwrap();
    let d = draughts().args(["dxp", "--connect", "127.0.0.1:9", "--patterns"]).arg(&short).output().unwrap();
    let err = String::from_utf8_lossy(&d.stderr);
    assert!(!d.status.success() && err.contains("short.patterns"), "{err}");
}

#[test]
fn dxp_plays_with_a_weight_file_and_rejects_a_bad_one() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "man 100 100\nkingg 300 300\n").unwrap();
    let out = draughts().args(["dxp", "--connect", "127.0.0.1:9", "--weights"]).arg(&bad).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.txt") && err.contains("line 2"), "{err}");

    // A good file: the built-in weights with men worth a little more, against our own Follower.
    let good = dir.path().join("good.txt");
    let mut w = draughts_engine::eval::Weights::from_text(draughts_engine::eval::builtin_text(draughts_rules::Variant::International)).unwrap();
    w.opening[0] += 5;
    std::fs::write(&good, w.to_text("test weights")).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("draughts");
    let mut follower = std::process::Command::new(&bin)
        .env("XDG_DATA_HOME", no_user_data())
        .args(["dxp", "--listen", "127.0.0.1:0", "--movetime", "5"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(follower.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let addr = first.rsplit(' ').next().unwrap().to_string();
    // Each game is on file when its line is printed, not only at the end.
    let pdn = dir.path().join("games.pdn");
    let mut initiator = std::process::Command::new(&bin)
        .env("XDG_DATA_HOME", no_user_data())
        .args(["dxp", "--connect", &addr, "--movetime", "5", "--games", "2", "--max-plies", "12", "--sprt", "0,10", "--weights"])
        .arg(&good)
        .arg("--pdn")
        .arg(&pdn)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut progress = BufReader::new(initiator.stdout.take().unwrap()).lines();
    let games_on_file = || std::fs::read_to_string(&pdn).unwrap_or_default().matches("[Result ").count();
    let line = progress.next().unwrap().unwrap();
    assert!(line.starts_with("at most 2 games, stopping when a sequential test of +0 against +10 Elo (alpha 0.05"), "{line}");
    let line = progress.next().unwrap().unwrap();
    assert!(line.starts_with("game 1:"), "{line}");
    assert_eq!(games_on_file(), 1);
    let rest: Vec<String> = progress.map(|l| l.unwrap()).collect();
    let out = initiator.wait_with_output().unwrap();
    let _ = follower.kill();
    let _ = follower.wait();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(rest.iter().any(|l| l.starts_with("our score:")), "{rest:?}");
    assert_eq!(games_on_file(), 2);
    // The test's ratio after the pair, and its conclusion: two games decide nothing.
    assert!(rest[0].starts_with("game 2:") && rest[0].contains("  LLR "), "{rest:?}");
    assert!(rest.iter().any(|l| l.starts_with("pairs by points (0, 1/2, 1, 3/2, 2): ")), "{rest:?}");
    assert!(rest.iter().any(|l| l.starts_with("SPRT +0 against +10 Elo: LLR ") && l.ends_with("no decision after 2 games (the most --games allows)")), "{rest:?}");
    // A Follower does not choose how many games are played.
    let out = draughts().args(["dxp", "--listen", "127.0.0.1:0", "--sprt", "0,10"]).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("--sprt is for the Initiator"));

    // A PDN path that cannot be opened stops the command before it connects.
    let out = draughts().args(["dxp", "--connect", "127.0.0.1:9", "--pdn"]).arg(dir.path()).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot open") && err.contains(&dir.path().display().to_string()), "{err}");
}

/// `match` keeps its engines' pipes under the usual SIGPIPE handling, so when the reader of its
/// progress goes away it plays on and ends quietly with the shell's status 141, not a panic.
#[cfg(unix)]
#[test]
fn match_ends_quietly_when_its_reader_goes_away() {
    let (first, out) =
        common::first_line_then_close(&["match", "--variant", "english", "--a", "depth:1", "--b", "depth:1", "--games", "4", "--max-plies", "30"]);
    assert!(first.contains("(a) vs"), "{first}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}

/// A failed write of the output (a full disk) is a clear error, not a panic.
#[cfg(target_os = "linux")]
#[test]
fn output_to_a_full_disk_is_an_error() {
    for args in [&["moves", "--variant", "english"][..], &["analyze", "--variant", "english", "--depth", "3", "--json"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("draughts"))
            .env("XDG_DATA_HOME", no_user_data())
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("writing to standard output") && stderr.contains("No space left"), "{args:?}: {stderr}");
    }
}

#[test]
fn match_games_stopped_at_the_length_limit_are_adjudicated_draws() {
    let (text, games) = match_with_pdn(&["--variant", "english", "--a", "depth:1", "--b", "depth:1", "--games", "2", "--max-plies", "6"]);
    assert_eq!(text.matches("Draw: adjudicated at the match's length limit").count(), 2, "{text}");
    assert!(text.contains("Elo +0 [+0, +0]"), "{text}");
    assert_eq!(games.matches("[Termination \"adjudication\"]").count(), 2, "{games}");
}

/// `--draw-rules fmjd`: two kings against a king, 8 of FMJD rule 6.5's 10 half-moves gone (the
/// moves given with `--moves`), is a draw for the search; under the simplified rules it is not.
/// Only international has the FMJD's rules.
#[test]
fn analyze_knows_the_fmjd_counts() {
    use draughts_rules::notation::{fen, movetext};
    use draughts_rules::{Game, Variant};
    let start = "W:WK46,K47:BK3";
    let mut g = Game::from_position(fen::parse(Variant::International, start).unwrap());
    let mut moves = Vec::new();
    while moves.len() < 8 {
        let mv = g
            .legal_moves()
            .into_iter()
            .find(|m| {
                let mut next = g.clone();
                next.play(m).unwrap();
                next.repetitions() < 3 && !next.legal_moves().iter().any(|n| n.is_capture())
            })
            .expect("a quiet king move");
        moves.push(movetext::write(Variant::International, &mv));
        g.play(&mv).unwrap();
    }
    let moves = moves.join(" ");
    let score = |rules: &str| {
        let out = draughts()
            .args(["analyze", "--variant", "international", "--fen", start, "--moves", &moves, "--depth", "6", "--json", "--draw-rules", rules])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        json(&out.stdout)["score"].as_i64().unwrap()
    };
    assert_eq!(score("fmjd"), 0);
    assert!(score("simplified") > 0);
    let out = draughts().args(["analyze", "--variant", "english", "--draw-rules", "fmjd", "--depth", "2"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("only international draughts"), "{}", String::from_utf8_lossy(&out.stderr));
    let out = draughts().args(["analyze", "--variant", "international", "--draw-rules", "fide", "--depth", "2"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("simplified or fmjd"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn review_marks_the_blunder_and_names_the_better_move() {
    // Light's 24-19 at move 5 lets Dark take two men (15x24x31).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("blunder.pdn");
    std::fs::write(&path, "[GameType \"21\"]\n1. 11-15 23-18 2. 7-11 27-23 3. 9-14 18x9 4. 5x14 31-27 5. 11-16 24-19 6. 15x24x31 23-19 *\n").unwrap();
    let out = draughts().args(["review", path.to_str().unwrap(), "--ms-per-move", "100"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.contains("24-19")).expect("the move is listed");
    assert!(line.contains("24-19??  blunder: ") || line.contains("24-19?  mistake: "), "{text}");
    assert!(text.lines().last().unwrap().starts_with("accuracy: Light "), "{text}");
    let out = draughts().args(["review", path.to_str().unwrap(), "--ms-per-move", "50", "--json"]).output().unwrap();
    let v = json(&out.stdout);
    assert_eq!(v["plies"].as_array().unwrap().len(), 12);
    assert_eq!(v["plies"][9]["played"], "24-19");
    assert!(v["accuracy"]["light"].as_f64().unwrap() < v["accuracy"]["dark"].as_f64().unwrap());
    assert_eq!(v["moves_after_end"], 0);
    // A record that goes on after our rules drew it is reviewed up to the draw, with a note.
    let repeated = dir.path().join("repeated.pdn");
    std::fs::write(&repeated, "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:WK29:BK4\"]\n1. 4-8 29-25 2. 8-4 25-29 3. 4-8 29-25 4. 8-4 25-29 5. 4-8 29-25 *\n").unwrap();
    let out = draughts().args(["review", repeated.to_str().unwrap(), "--ms-per-move", "50"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().last().unwrap().starts_with("note: the record goes on for 2 more move(s) after our rules end the game (Draw: "), "{text}");
    // A game the file does not have, and a file without games.
    let out = draughts().args(["review", path.to_str().unwrap(), "--game", "2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the file has 1 game(s)"));
    std::fs::write(&path, "no game here").unwrap();
    let out = draughts().args(["review", path.to_str().unwrap()]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("no PDN game found"));
}

#[test]
fn puzzles_build_writes_json_lines_and_names_a_bad_file() {
    // Carluke 1844, game 2: Dark's 9-13 at move 18 (ply 34) gives a man to take three.
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(
        games.join("carluke.pdn"),
        "[Event \"Carluke 1844, game 2\"]\n[Black \"Anderson, A.\"]\n[White \"Wyllie, J.\"]\n[GameType \"21\"]\n\
         1. 11-15 23-18 2. 8-11 26-23 3. 10-14 30-26 4. 6-10 24-19 5. 15x24 27x20 6. 4-8 28-24 7. 12-16 22-17 \
         8. 8-12 32-28 9. 10-15 17x10 10. 7x14 26-22 11. 2-6 24-19 12. 15x24 28x19 13. 6-10 31-26 14. 1-6 22-17 \
         15. 11-15 18x11 16. 14-18 23x14x7 17. 16x23x30 7-2 18. 9-13 2x9 19. 13x22 25x18 20. 5x14x23 21-17 1/2-1/2\n",
    )
    .unwrap();
    let out_file = dir.path().join("puzzles.jsonl");
    let out = draughts().args(["puzzles", "build", "--out", out_file.to_str().unwrap(), games.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains("from 1 games") && summary.contains("english "), "{summary}");
    let text = std::fs::read_to_string(&out_file).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| json(l.as_bytes())).collect();
    assert!(!lines.is_empty(), "{summary}");
    for p in &lines {
        assert_eq!(p["variant"], "english");
        assert!(p["fen"].as_str().unwrap().contains(':'));
        assert!(p["side"] == "light" || p["side"] == "dark");
        assert!(!p["solution"].as_array().unwrap().is_empty());
        assert!((1..=5).contains(&p["difficulty"].as_u64().unwrap()));
        assert_eq!(p["source"]["file"], "carluke.pdn");
        assert_eq!(p["source"]["white"], "Wyllie, J.");
        assert!(p["played_solution"].is_boolean());
    }
    let shot = lines.iter().find(|p| p["source"]["ply"] == 34).unwrap_or_else(|| panic!("no puzzle at ply 34: {text}"));
    assert_eq!(shot["solution"][0], "9-13");
    assert_eq!(shot["played_solution"], true);
    assert!(shot["gain"]["material"].as_i64().unwrap() >= 100);
    // The same puzzles on standard output.
    let out = draughts().args(["puzzles", "build", games.join("carluke.pdn").to_str().unwrap()]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), text);
    // A file that is not PDN, and a directory without PDN files: exit status 2, named.
    let bad = dir.path().join("notes.pdn");
    std::fs::write(&bad, "no game here").unwrap();
    let out = draughts().args(["puzzles", "build", bad.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("notes.pdn") && err.contains("no PDN game found"), "{err}");
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let out = draughts().args(["puzzles", "build", empty.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no .pdn"), "{}", String::from_utf8_lossy(&out.stderr));
    // The same game's positions under German rules: source.variant keeps the game's rule set.
    let out = draughts().args(["puzzles", "build", "--positions-as", "german", games.join("carluke.pdn").to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for l in String::from_utf8_lossy(&out.stdout).lines() {
        let p = json(l.as_bytes());
        assert_eq!((p["variant"].as_str(), p["source"]["variant"].as_str()), (Some("german"), Some("english")), "{l}");
    }
    // A board CSV (a Turkish engine game) is read; a bad one names its file and line.
    let csv = dir.path().join("game.csv");
    std::fs::write(&csv, "AUTO,TIME,BOARD\nfalse,1.0,-------- bbbbbbbb bbbbbbbb -------- --w----- ww-wwwww wwwwwwww --------\n").unwrap();
    let out = draughts().args(["puzzles", "build", csv.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("from 1 games"), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::write(&csv, "AUTO,TIME,BOARD\nfalse,1.0,-------- bbbbbbbb bbbbbbbb -------- -------- wwwwwwww wwwwwwww --------\n").unwrap();
    let out = draughts().args(["puzzles", "build", csv.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game.csv") && err.contains("line 2: no legal move of Light"), "{err}");
}

#[test]
fn puzzles_examine_prints_the_puzzle_or_names_the_criterion_it_fails() {
    // A guide's tactic from a real game (Wyllie - Moorhead, Manchester 1841): a shot of two for one.
    let fen = "W:W8,12,23,30-32:B3,6,9,14,18,20,22,28";
    let out = draughts()
        .args(["puzzles", "examine", "--variant", "english", "--fen", fen, "--source-file", "oca.pdn", "--source-game", "1", "--source-ply", "41", "--white", "Wyllie, J.", "--event", "Manchester 1841"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let p = json(&out.stdout);
    assert_eq!(p["fen"], fen);
    assert_eq!(p["side"], "light");
    assert_eq!(p["solution"], serde_json::json!(["30-26", "18x27", "26x17x10x1"]));
    // At least the man of the shot (the principal variation may show more won after it).
    assert!(p["gain"]["material"].as_i64().is_some_and(|g| g >= 100), "{p}");
    assert_eq!(p["source"], serde_json::json!({"file": "oca.pdn", "game": 1, "ply": 41, "white": "Wyllie, J.", "black": null, "event": "Manchester 1841", "variant": "english"}));
    // The start position: nothing wins.
    let out = draughts().args(["puzzles", "examine", "--variant", "english", "--fen", "W:W21-32:B1-12"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a puzzle by the miner's criteria") && String::from_utf8_lossy(&out.stderr).contains("no move wins"), "{}", String::from_utf8_lossy(&out.stderr));
    // Two moves win (the miner's exactly-one test).
    let out = draughts().args(["puzzles", "examine", "--variant", "international", "--fen", "W:W26,27,31,36,37,39,44,45,48,49:B3,6-9,13,16,20,25,28,30,38"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a second move wins too"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn egdb_build_info_and_analyze_read_the_same_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = draughts().args(["egdb", "build", "--variant", "english", "--pieces", "3", "--dir", d]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("16 slices built, 0 kept"), "{text}");
    // The largest pair, 0m1k-1m1k with its mirror, has 52,080 indices.
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(said.contains("the largest slice pair needs about 0.0 GB of memory"), "{said}");
    assert!(text.lines().any(|l| l.starts_with("0m2k-0m1k") && l.contains("14880")), "{text}");
    // A second run keeps every slice.
    let again = draughts().args(["egdb", "build", "--variant", "english", "--pieces", "3", "--dir", d]).output().unwrap();
    assert!(String::from_utf8_lossy(&again.stdout).contains("0 slices built, 16 kept"));
    let info = draughts().args(["egdb", "info", "--dir", d]).output().unwrap();
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    assert!(info.contains("english: 16 slices, complete up to 3 pieces"), "{info}");
    // Every position agrees with its moves; a sample, or a bad sample size, as said.
    let all = stdout_of(&["egdb", "verify", "--variant", "english", "--dir", d, "--samples", "all"]);
    assert!(all.contains("english: 16 slices, ") && all.contains(" 0 disagreements"), "{all}");
    let some = stdout_of(&["egdb", "verify", "--variant", "english", "--dir", d, "--samples", "10"]);
    assert!(some.contains(" 0 disagreements"), "{some}");
    let bad = draughts().args(["egdb", "verify", "--variant", "english", "--dir", d, "--samples", "0"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("at least 1"));
    // Distances kept only up to 2 pieces: the 3-piece slices keep the result alone, and still
    // agree with their moves.
    let small = dir.path().join("small");
    let s = small.to_str().unwrap();
    let built = stdout_of(&["egdb", "build", "--variant", "english", "--pieces", "3", "--distances", "2", "--dir", s]);
    let line = |name: &str| built.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name}: {built}")).to_string();
    assert!(line("0m1k-0m1k").ends_with("distances") && !line("0m2k-0m1k").ends_with("distances"), "{built}");
    assert!(stdout_of(&["egdb", "verify", "--variant", "english", "--dir", s, "--samples", "all"]).contains(" 0 disagreements"));
    let none = draughts().args(["egdb", "verify", "--variant", "russian", "--dir", d]).output().unwrap();
    assert!(!none.status.success() && String::from_utf8_lossy(&none.stderr).contains("no russian endgame databases"));
    // Two kings against one: analyze reports the database's result and plays a database move.
    let out = draughts().args(["analyze", "--variant", "english", "--fen", "W:WK29,K30:BK5", "--depth", "4", "--egdb", d, "--json"]).output().unwrap();
    let v = json(&out.stdout);
    assert_eq!(v["egdb"]["result"], "win", "{v}");
    assert!(v["egdb"]["plies"].as_u64().unwrap() > 0);
    let none = draughts().args(["analyze", "--variant", "english", "--fen", "W:WK29,K30:BK5", "--depth", "4", "--no-egdb", "--json"]).output().unwrap();
    assert!(json(&none.stdout)["egdb"].is_null());
    // Turkish is refused, with the reason.
    let tr = draughts().args(["egdb", "build", "--variant", "turkish", "--pieces", "2", "--dir", d]).output().unwrap();
    assert_eq!(tr.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&tr.stderr).contains("one-piece-each"));
}

/// The standard output of a command that must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = draughts().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn book_build_writes_a_tiny_book_that_info_reads_and_a_second_run_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("english.book");
    let f = file.to_str().unwrap();
    let build = ["book", "build", "--variant", "english", "--plies", "3", "--depth", "3", "--positions", "8", "--out", f];
    let said = stdout_of(&build);
    // How many positions the book holds depends on the evaluation (the moves within its margin).
    let n: usize = said.split(" positions (0 taken from the earlier build)").next().and_then(|h| h.rsplit(' ').next()).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{said}"));
    assert!((2..=8).contains(&n), "{said}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("# built-by: draughts book build --variant english --plies 3 --depth 3 --positions 8"), "{text}");
    assert!(text.contains("# engine: draughts ") && text.contains("# date: "), "{text}");
    assert!(text.lines().any(|l| l.starts_with("B:W21-32:B1-12 | ")), "the start is in the book:\n{text}");
    // The same settings again: every position is taken from the file.
    assert!(stdout_of(&build).contains(&format!("{n} positions ({n} taken from the earlier build)")));
    let info = ["book", "info", "--variant", "english", "--file", f];
    let said = stdout_of(&info);
    assert!(said.contains(&format!("english: {n} positions")) && said.contains(&format!("{n} reached from the start")) && said.contains("start: "), "{said}");
    // A damaged book names its line.
    std::fs::write(&file, text.replacen("B:W21-32:B1-12 | ", "B:W21-32:B1-12 | 11-14 +9 | ", 1)).unwrap();
    let out = draughts().args(info).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{f}:10:")) && err.contains("11-14"), "{err}");
    // The shipped books.
    assert!(stdout_of(&["book", "info", "--variant", "english"]).contains("built-by: draughts book build --variant english"));
}

#[test]
fn match_no_book_names_the_side_that_plays_without_it() {
    let args = ["match", "--variant", "english", "--a", "6", "--b", "6", "--games", "2", "--movetime", "5", "--max-plies", "12", "--no-book", "b"];
    let said = stdout_of(&args);
    assert!(said.starts_with("draughts level 6 (a) vs draughts level 6 (no book) (b)"), "{said}");
}

#[test]
fn match_plays_the_ballot_openings_and_names_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let ballot = dir.path().join("ballot.txt");
    std::fs::write(&ballot, "# two openings\n9-13 21-17 5-9\n11-15 23-19 8-11\n").unwrap();
    let b = ballot.to_str().unwrap();
    let (_, games) = match_with_pdn(&["--variant", "english", "--a", "depth:1", "--b", "depth:1", "--games", "4", "--max-plies", "12", "--openings", b]);
    assert_eq!(games.matches("[Event ").count(), 4);
    assert_eq!(games.matches("1. 9-13 21-17 2. 5-9").count(), 2, "{games}");
    assert_eq!(games.matches("1. 11-15 23-19 2. 8-11").count(), 2, "{games}");
    std::fs::write(&ballot, "9-13 21-17 5-9\n9-13 13-17\n").unwrap();
    let out = draughts().args(["match", "--variant", "english", "--a", "1", "--b", "1", "--games", "2", "--openings", b]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2") && err.contains("13-17"), "{err}");
}

#[test]
fn a_network_fit_writes_its_provenance_and_a_match_plays_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let (pos, _) = tune_patterns(dir.path(), "english", "4", "3");
    let net = dir.path().join("english.network");
    let o = draughts()
        .args(["tune", "--variant", "english", "--network", "--games", "0", "--iterations", "2", "--threads", "2", "--positions"])
        .arg(&pos)
        .arg("--out")
        .arg(&net)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("held-out mean squared error") && err.contains("integer values"), "{err}");
    let n = draughts_engine::network::Network::read_file(&net).unwrap();
    assert!(n.fits(draughts_rules::Variant::English));
    for key in ["# draughts network", "variant: english", "built-by: draughts tune --variant english --network", "engine: draughts", "date: ", "held-out mean squared error"] {
        assert!(n.header().contains(key), "{key}: {}", n.header());
    }
    assert!(n.header().contains(&format!("{}: built-by: draughts tune --variant english --patterns --games 4", pos.display())), "{}", n.header());
    // The two fits are one or the other; the network is written in binary, so --out is needed.
    let o = draughts().args(["tune", "--variant", "english", "--network", "--patterns", "--games", "0", "--positions"]).arg(&pos).arg("--out").arg(&net).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--patterns and --network are two different fits"));
    let o = draughts().args(["tune", "--variant", "english", "--network", "--games", "0", "--iterations", "2", "--positions"]).arg(&pos).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--network writes a binary file: give --out"));
    // A match plays with the network on one side; a network for another board is refused, with
    // the file's name.
    let m = draughts().args(["match", "--variant", "english", "--a", "depth:2", "--b", "depth:2", "--games", "2", "--a-network"]).arg(&net).output().unwrap();
    let stdout = String::from_utf8_lossy(&m.stdout);
    assert!(m.status.success() && stdout.contains("english.network"), "{stdout}{}", String::from_utf8_lossy(&m.stderr));
    let m = draughts().args(["match", "--variant", "international", "--a", "depth:1", "--b", "depth:1", "--games", "1", "--a-network"]).arg(&net).output().unwrap();
    let err = String::from_utf8_lossy(&m.stderr);
    assert!(!m.status.success() && err.contains("english.network") && err.contains("not for international"), "{err}");
    // Self-play with the network (the next network learns from its games); its position file
    // says so; --play-network is refused where there is no self-play or the board differs.
    let played = dir.path().join("played.txt");
    let o = draughts()
        .args(["tune", "--variant", "english", "--network", "--games", "2", "--depth", "2", "--iterations", "0", "--play-network"])
        .arg(&net)
        .arg("--save-positions")
        .arg(&played)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&played).unwrap();
    assert!(text.lines().next().unwrap().contains("--play-network"), "{}", text.lines().next().unwrap());
    assert!(text.lines().filter(|l| !l.starts_with('#')).count() > 10);
    let o = draughts().args(["tune", "--variant", "english", "--games", "1", "--play-network"]).arg(&net).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--play-network goes with --patterns or --network"));
    let o = draughts().args(["tune", "--variant", "english", "--network", "--games", "0", "--positions"]).arg(&pos).arg("--play-network").arg(&net).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--play-network says how self-play games are played"));
    let o = draughts().args(["tune", "--variant", "international", "--network", "--games", "1", "--iterations", "0", "--play-network"]).arg(&net).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("--play-network") && err.contains("not for international"), "{err}");
    // A network of one stage of the game: fitted to the positions with 12 to 20 pieces only,
    // its file says so, and the search uses it only there.
    let fit_stage = |range: &str, out: &std::path::Path| {
        draughts()
            .args(["tune", "--variant", "english", "--network", "--games", "0", "--iterations", "2", "--threads", "2", "--network-pieces", range, "--positions"])
            .arg(&pos)
            .arg("--out")
            .arg(out)
            .output()
            .unwrap()
    };
    let stage = dir.path().join("stage.network");
    let o = fit_stage("12-20", &stage);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success() && err.contains("positions left out: fewer than 12 or more than 20 pieces"), "{err}");
    let s = draughts_engine::network::Network::read_file(&stage).unwrap();
    assert!(s.header().contains("\n# pieces: 12-20\n") && s.pieces() == (12, 20), "{}", s.header());
    assert!(n.pieces() == (0, 64) && !n.header().contains("# pieces:"));
    // Networks of separate stages play together, given with a comma; overlapping ranges are
    // refused, naming both files.
    let low = dir.path().join("low.network");
    let o = fit_stage("2-11", &low);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let both = format!("{},{}", stage.display(), low.display());
    let m = draughts().args(["match", "--variant", "english", "--a", "depth:2", "--b", "depth:2", "--games", "2", "--a-network", &both]).output().unwrap();
    let stdout = String::from_utf8_lossy(&m.stdout);
    assert!(m.status.success() && stdout.contains("stage.network+low.network"), "{stdout}{}", String::from_utf8_lossy(&m.stderr));
    let overlapping = format!("{},{}", stage.display(), net.display());
    let m = draughts().args(["match", "--variant", "english", "--a", "depth:2", "--b", "depth:2", "--games", "2", "--a-network", &overlapping]).output().unwrap();
    let err = String::from_utf8_lossy(&m.stderr);
    assert!(!m.status.success() && err.contains("stage.network (12-20 pieces)") && err.contains("english.network (0-64 pieces)") && err.contains("overlapping"), "{err}");
    let b = draughts().args(["bench", "--depth", "1", "--network", &overlapping]).output().unwrap();
    let err = String::from_utf8_lossy(&b.stderr);
    assert!(!b.status.success() && err.contains("--network") && err.contains("stage.network (12-20 pieces)") && err.contains("overlapping"), "{err}");
    // Positions scored again by a deeper search: the same positions in the same order, other
    // scores, the results kept, and a header that says how (and how the games were played).
    let deeper = dir.path().join("deeper.txt");
    let o = draughts()
        .args(["tune", "--variant", "english", "--network", "--games", "0", "--label-depth", "7", "--threads", "2", "--iterations", "0", "--positions"])
        .arg(&pos)
        .arg("--save-positions")
        .arg(&deeper)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = |p: &std::path::Path| -> Vec<Vec<String>> {
        std::fs::read_to_string(p).unwrap().lines().filter(|l| !l.starts_with('#')).map(|l| l.split(';').map(str::to_string).collect()).collect()
    };
    let (before, after) = (rows(&pos), rows(&deeper));
    assert_eq!(before.len(), after.len());
    assert!(before.iter().zip(&after).all(|(b, a)| b[0] == a[0] && b[2] == a[2]), "the same positions and results");
    assert!(before.iter().zip(&after).any(|(b, a)| b[1] != a[1]), "a depth-7 search scores some position otherwise than depth 3");
    let head = std::fs::read_to_string(&deeper).unwrap();
    assert!(head.starts_with("# built-by: draughts tune") && head.contains("--label-depth 7"), "{head:.300}");
    assert!(head.contains(&format!("{}: built-by: draughts tune --variant english --patterns --games 4", pos.display())), "{head:.600}");
    let p = pos.to_str().unwrap();
    for (args, want) in [
        (&["--network", "--games", "0", "--label-depth", "0", "--iterations", "0", "--positions", p][..], "--label-depth must be 1..30"),
        (&["--games", "1", "--label-depth", "5"][..], "--label-depth goes with --patterns or --network"),
        (&["--network", "--games", "0", "--iterations", "0", "--save-positions", "x.txt", "--positions", p][..], "--save-positions writes the self-play positions"),
        (&["--patterns", "--games", "0", "--network-pieces", "10-20", "--out", "x", "--positions", p][..], "--network-pieces goes with --network"),
        (&["--network", "--games", "0", "--network-pieces", "20-10", "--out", "x", "--positions", p][..], "'20-10' is not a range of pieces"),
        (&["--network", "--games", "0", "--network-pieces", "30-40", "--out", "x", "--positions", p][..], "only 0 positions"),
    ] {
        let o = draughts().args(["tune", "--variant", "english"]).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn game_records_feed_a_network_fit_once_a_search_scores_them() {
    let dir = tempfile::tempdir().unwrap();
    let (_, games) = match_with_pdn(&["--variant", "english", "--a", "depth:3", "--b", "depth:1", "--games", "2", "--max-plies", "60"]);
    let records = dir.path().join("records.pdn");
    std::fs::write(&records, &games).unwrap();
    let saved = dir.path().join("scored.txt");
    let tune = |extra: &[&str]| draughts().args(["tune", "--variant", "english", "--network", "--games", "0", "--iterations", "0", "--threads", "1", "--pdn"]).arg(&records).args(extra).output().unwrap();
    // A record has a result but no search score: the fit needs one.
    let o = tune(&[]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--pdn gives no search scores"), "{}", String::from_utf8_lossy(&o.stderr));
    // Scored at depth 2, the middle game alone (--network-pieces), written to be fitted again.
    let o = tune(&["--label-depth", "2", "--network-pieces", "14-24", "--save-positions", saved.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("from 2 games") && err.contains("fewer than 14 or more than 24 pieces"), "{err}");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("--pdn") && text.contains("--label-depth 2"), "{text}");
    let read = draughts_engine::tune::read_positions(&text, draughts_rules::Variant::English).unwrap();
    assert!(!read.is_empty(), "{text}");
    for s in &read {
        assert!((14..=24).contains(&s.position.occupied().count_ones()), "{}", draughts_rules::notation::fen::write(&s.position));
        assert!(s.score.is_finite() && [0.0, 0.5, 1.0].contains(&s.result));
    }
}

#[test]
fn self_play_starts_from_a_ballot_when_given_one() {
    let dir = tempfile::tempdir().unwrap();
    let ballot = dir.path().join("ballot.txt");
    std::fs::write(&ballot, "# one opening\n11-15 23-19 8-11\n").unwrap();
    let saved = dir.path().join("pos.txt");
    let o = draughts()
        .args(["tune", "--variant", "english", "--patterns", "--games", "2", "--depth", "2", "--threads", "1", "--iterations", "0", "--openings"])
        .arg(&ballot)
        .arg("--save-positions")
        .arg(&saved)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("--openings"), "{text}");
    // After 11-15 23-19 8-11 Dark's men have left 8 and 11 for 15 and 11: the first position of
    // each game (8 plies in) has no Dark man left on 8.
    let read = draughts_engine::tune::read_positions(&text, draughts_rules::Variant::English).unwrap();
    assert!(read.len() > 10, "{text}");
    let square_8 = draughts_rules::notation::square::parse(draughts_rules::Variant::English, "8").unwrap();
    let first = &read[0].position;
    assert_eq!(first.pieces(draughts_rules::Color::Dark) & square_8.mask(), 0, "{}", draughts_rules::notation::fen::write(first));
    // A ballot that does not read stops the run with its line; no games without --games.
    std::fs::write(&ballot, "11-15 23-19 8-11\n11-15 15-19\n").unwrap();
    let o = draughts().args(["tune", "--variant", "english", "--games", "1", "--depth", "1", "--openings"]).arg(&ballot).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("line 2") && err.contains("15-19"), "{err}");
    let o = draughts().args(["tune", "--variant", "english", "--patterns", "--games", "0", "--positions"]).arg(&saved).arg("--openings").arg(&ballot).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--openings says where self-play games start"));
}
