//! `draughts serve` under a low open-file limit (issue 18): a client holding hundreds of idle
//! connections is refused before the limit is reached, and `/api/health` keeps answering.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The server, started by `bash` with `ulimit` applied first; its address and its log.
struct Serve {
    child: Child,
    addr: SocketAddr,
    log: std::sync::mpsc::Receiver<String>,
    _dir: tempfile::TempDir,
}

impl Serve {
    fn start(ulimit: &str) -> Serve {
        let dir = tempfile::tempdir().unwrap();
        let bin = assert_cmd::cargo::cargo_bin("draughts");
        let script =
            format!("ulimit {ulimit} || exit 3; exec \"$0\" serve --addr 127.0.0.1:0 --db \"$1\"");
        let mut child = Command::new("bash")
            .args(["-c", &script])
            .arg(&bin)
            .arg(dir.path().join("serve.sqlite3"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bash runs");
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, log) = std::sync::mpsc::channel();
        let stderr = BufReader::new(child.stderr.take().unwrap());
        std::thread::spawn(move || {
            for line in stderr.lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut addr = None;
        for line in stdout.lines().map_while(Result::ok) {
            if let Some(rest) = line.strip_prefix("Open http://") {
                addr = Some(rest.trim_end_matches('/').parse().expect("an address"));
                break;
            }
        }
        let addr = addr.expect("the server prints its address");
        Serve {
            child,
            addr,
            log,
            _dir: dir,
        }
    }

    /// The log lines so far.
    fn log(&self) -> String {
        self.log.try_iter().collect::<Vec<_>>().join("\n")
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn health(addr: SocketAddr) -> u16 {
    let mut tcp = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).expect("connects");
    tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(
        tcp,
        "GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    tcp.read_to_string(&mut text).expect("an answer within 5 s");
    text.split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

#[test]
fn hundreds_of_idle_connections_under_256_open_files_leave_health_answering() {
    // Soft and hard limit both 256: nothing to raise, the caps must hold.
    let srv = Serve::start("-n 256");
    // The flood comes from 127.0.0.2 (Linux answers for all of 127.0.0.0/8), health from
    // 127.0.0.1.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let flood = rt.block_on(async {
        let mut flood = Vec::new();
        for _ in 0..400 {
            let sock = tokio::net::TcpSocket::new_v4().unwrap();
            sock.bind("127.0.0.2:0".parse().unwrap()).unwrap();
            match tokio::time::timeout(Duration::from_secs(2), sock.connect(srv.addr)).await {
                Ok(Ok(s)) => flood.push(s),
                _ => break,
            }
        }
        flood
    });
    assert!(
        flood.len() >= 300,
        "the connections are accepted (and the excess refused): {}",
        flood.len()
    );
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(health(srv.addr), 200, "health answers during the flood");
    let log = srv.log();
    assert!(log.contains("open-file limit"), "{log}");
    assert!(
        !log.contains("Too many open files"),
        "the caps stop the flood before the limit:\n{log}"
    );
    drop(flood);
}

#[test]
fn a_low_soft_limit_is_raised_to_the_hard_limit_at_start() {
    let srv = Serve::start("-Sn 256");
    assert_eq!(health(srv.addr), 200);
    std::thread::sleep(Duration::from_millis(200));
    let log = srv.log();
    assert!(log.contains("open-file limit raised from 256"), "{log}");
}
