//! `draughts loadtest` against a real `draughts serve` (SQLite, free port): every move sent is
//! received by the opponent and counted, so the command cannot measure nothing; bad arguments
//! are refused with a clear error.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// `draughts serve` on a free loopback port over a fresh SQLite file, killed when dropped.
struct Serve {
    child: Child,
    url: String,
    _dir: tempfile::TempDir,
}

impl Serve {
    fn start() -> Serve {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("draughts"))
            .args(["serve", "--addr", "127.0.0.1:0", "--rooms-per-minute", "100", "--db"])
            .arg(dir.path().join("serve.sqlite3"))
            .env("XDG_DATA_HOME", dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let url = loop {
            let line = lines.next().expect("the server prints its address").unwrap();
            if let Some(rest) = line.strip_prefix("Open ") {
                break rest.trim_end_matches('/').to_string();
            }
        };
        std::thread::spawn(move || for _ in lines {});
        Serve { child, url, _dir: dir }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The number after `label` on its line of the report.
fn figure(report: &str, label: &str) -> u64 {
    let line = report.lines().find(|l| l.starts_with(label)).unwrap_or_else(|| panic!("no {label:?} line in:\n{report}"));
    line[label.len()..].split_whitespace().next().unwrap().parse().unwrap_or_else(|_| panic!("{line}"))
}

#[test]
fn five_rooms_two_moves_each_are_all_received() {
    let serve = Serve::start();
    let pid = serve.child.id().to_string();
    // The same server named twice: the round robin puts the two players of a room on
    // "different" nodes, the path a move takes across two nodes in the client.
    let out = Command::new(assert_cmd::cargo::cargo_bin("draughts"))
        .args(["loadtest", "--node", &serve.url, "--node", &format!("{}/", serve.url)])
        .args(["--rooms", "5", "--moves", "2", "--interval-s", "0.2", "--ramp-s", "1", "--duration-s", "30", "--cpu-of", &pid])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(figure(&report, "moves sent:"), 10, "{report}");
    assert_eq!(figure(&report, "moves received:"), 10, "{report}");
    assert_eq!(figure(&report, "errors:"), 0, "{report}");
    assert_eq!(figure(&report, "connection failures:"), 0, "{report}");
    assert!(report.contains("different nodes"), "{report}");
    let lat = report.lines().find(|l| l.starts_with("move to opponent:")).unwrap();
    assert!(lat.contains("p99 ") && !lat.contains("NaN"), "{lat}");
    assert!(report.contains(&format!("CPU of {pid} (draughts)")), "{report}");
}

#[test]
fn a_server_that_is_not_there_is_a_connection_failure() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let out = Command::new(assert_cmd::cargo::cargo_bin("draughts"))
        .args(["loadtest", "--node", &format!("http://127.0.0.1:{port}"), "--rooms", "2", "--moves", "1", "--ramp-s", "0", "--interval-s", "0.1"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert_eq!(figure(&report, "connection failures:"), 2, "{report}");
    assert_eq!(figure(&report, "moves sent:"), 0, "{report}");
}

#[test]
fn bad_arguments_are_refused_with_the_reason() {
    for (args, says) in [
        (&["--rooms", "0"][..], "--rooms must be at least 1"),
        (&["--interval-s", "0"][..], "--interval-s must be"),
        (&["--moves", "0"][..], "--moves must be at least 1"),
        (&["--node", "127.0.0.1:8080"][..], "--node must be http://IP:PORT"),
        (&["--node", "http://example.org:80"][..], "with an IP address and a port"),
        (&["--node", "http://192.0.2.1:80"][..], "only targets loopback"),
        (&["--rooms", "100000000", "--node", "http://127.0.0.1:9"][..], "ulimit -n"),
    ] {
        let out = Command::new(assert_cmd::cargo::cargo_bin("draughts")).arg("loadtest").args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
