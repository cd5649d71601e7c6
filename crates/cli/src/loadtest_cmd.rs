//! `draughts loadtest`: many online rooms on loopback, two WebSocket clients each, playing legal
//! moves at a human pace. Reports the time from a move sent by one client to the other client
//! receiving it (p50, p90, p99, max) and the server's memory per room.
//!
//! By default it starts `draughts serve` itself (this same binary) on a free loopback port with
//! a fresh database, so that the server's memory and CPU time can be read from /proc. With
//! `--url` it plays against a server that is already running (memory is then not measured).
//! Only loopback addresses are accepted.

use anyhow::{bail, Context};
use clap::Args as ClapArgs;
use draughts_server::rooms::client::{self, RoomClient};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Options of `draughts loadtest`.
#[derive(ClapArgs)]
pub struct Args {
    /// Rooms played at once (two clients each).
    #[arg(long, default_value_t = 100)]
    pub rooms: usize,
    /// Mean think time before each move, in milliseconds (each wait is 0.5x to 1.5x this).
    #[arg(long, default_value_t = 3000)]
    pub pace_ms: u64,
    /// How long to play once every room is open, in seconds.
    #[arg(long, default_value_t = 60)]
    pub duration_s: u64,
    /// Rooms are opened evenly over this many seconds.
    #[arg(long, default_value_t = 20)]
    pub ramp_s: u64,
    /// Rule set of the rooms.
    #[arg(long, default_value = "english", value_parser = crate::parse_variant)]
    pub variant: draughts_rules::Variant,
    /// A running server to test (`http://127.0.0.1:8080`); by default one is started.
    #[arg(long)]
    pub url: Option<String>,
    /// For the server started here: `full` waits for the disk on every commit (the default of
    /// `draughts serve`), `normal` commits without waiting (DRAUGHTS_ROOMS_SYNC).
    #[arg(long, default_value = "full", value_parser = ["full", "normal"])]
    pub sync: String,
}

/// Figures gathered by the clients.
#[derive(Default)]
struct Stats {
    /// Microseconds from sending a move to the opponent receiving it.
    latencies: Mutex<Vec<u32>>,
    moves: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
    rooms_open: AtomicU64,
    rooms_failed: AtomicU64,
    first_error: Mutex<Option<String>>,
}

impl Stats {
    fn error(&self, e: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut f = self.first_error.lock().unwrap();
        if f.is_none() {
            *f = Some(e);
        }
    }
}

/// The server under test, when this command started it.
struct Spawned {
    child: Child,
    /// The server's database, whose write-ahead log is watched.
    db: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn_server(sync: &str, rooms: usize) -> anyhow::Result<(Spawned, SocketAddr)> {
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("loadtest.sqlite3");
    let exe = std::env::current_exe()?;
    let mut child = Command::new(exe)
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        // Every client is on loopback, one address: lift the per-address limits, which are
        // there for strangers, and make room for every connection.
        .arg("--max-connections")
        .arg((2 * rooms + 100).to_string())
        .arg("--max-connections-per-address")
        .arg((2 * rooms + 100).to_string())
        .arg("--rooms-per-minute")
        .arg((rooms + 100).to_string())
        .env("RUST_LOG", "warn")
        .env("DRAUGHTS_ROOMS_SYNC", sync)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("starting draughts serve")?;
    let out = child.stdout.take().context("server stdout")?;
    let mut lines = BufReader::new(out).lines();
    let addr = loop {
        let line = lines.next().context("the server stopped before printing its address")??;
        if let Some(rest) = line.strip_prefix("Open http://") {
            break rest.trim_end_matches('/').parse::<SocketAddr>()?;
        }
    };
    // Keep reading stdout so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    Ok((Spawned { child, db, _dir: dir }, addr))
}

/// Resident memory of a process in KiB (Linux /proc).
fn rss_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()
}

/// CPU time (user + system) of a process in seconds.
fn cpu_s(pid: u32) -> Option<f64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}


/// Says hello in `room` and reads the welcome and the state.
async fn join(addr: SocketAddr, room: &str, token: Option<&str>) -> anyhow::Result<RoomClient> {
    let mut c = RoomClient::connect(addr, room, None).await?;
    c.wait = Duration::from_secs(30);
    c.hello(token).await?;
    c.color.as_ref().context("no seat")?;
    Ok(c)
}

/// One room: opens it, seats two players, and plays until `stop`.
async fn play_room(addr: SocketAddr, variant: &'static str, pace: Duration, stop: Instant, seed: u64, stats: Arc<Stats>) -> anyhow::Result<()> {
    let created = client::create_room(addr, variant, "light").await?;
    let id = created["id"].as_str().context("no room id")?.to_string();
    let token = created["token"].as_str().context("no token")?.to_string();
    let mut a = join(addr, &id, Some(&token)).await?;
    let mut b = join(addr, &id, None).await?;
    a.expect("state").await?; // the guest sat down
    stats.rooms_open.fetch_add(1, Ordering::Relaxed);
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut n = 0u64;
    while Instant::now() < stop {
        let think = pace.mul_f64(0.5 + rng.u32(0..1000) as f64 / 1000.0);
        tokio::time::sleep(think).await;
        if Instant::now() >= stop {
            break;
        }
        let to_move = b.state["position"]["side_to_move"].as_str().unwrap_or("");
        let (mover, other) = if a.color.as_deref() == Some(to_move) { (&mut a, &mut b) } else { (&mut b, &mut a) };
        let legal = other.legal();
        if legal.is_empty() {
            bail!("no legal move in a game that is not over");
        }
        let mv = &legal[rng.usize(0..legal.len())];
        n += 1;
        let sent = Instant::now();
        mover.play(n, mv).await?;
        let seen = other.expect("moved").await?;
        let micros = sent.elapsed().as_micros().min(u32::MAX as u128) as u32;
        stats.latencies.lock().unwrap().push(micros);
        stats.moves.fetch_add(1, Ordering::Relaxed);
        mover.expect("moved").await?;
        if !seen["outcome"].is_null() {
            stats.games.fetch_add(1, Ordering::Relaxed);
            let game = a.game;
            // A rematch with colours swapped, as people would.
            for (k, p) in [&mut a, &mut b].into_iter().enumerate() {
                n += 1;
                p.act("rematch", format!("r{n}-{k}")).await?;
                p.expect("ack").await?;
            }
            // Each side sees two states: one per rematch request; the second starts the game
            // (and swaps the colours).
            for p in [&mut a, &mut b] {
                while p.game != game + 1 {
                    p.expect("state").await?;
                }
            }
        }
    }
    a.close().await;
    b.close().await;
    Ok(())
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// Runs the load test and prints the report.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.rooms == 0 {
        bail!("--rooms must be at least 1");
    }
    let (server, addr) = match &args.url {
        Some(url) => {
            let hostport = url.trim_start_matches("http://").trim_end_matches('/');
            let addr: SocketAddr = hostport.parse().with_context(|| format!("--url must be http://IP:PORT on loopback, not {url}"))?;
            if !addr.ip().is_loopback() {
                bail!("the load test only targets loopback addresses (127.0.0.1, ::1), not {}", addr.ip());
            }
            (None, addr)
        }
        None => {
            let (s, a) = spawn_server(&args.sync, args.rooms)?;
            (Some(s), a)
        }
    };
    let pid = server.as_ref().map(|s| s.child.id());
    let db = server.as_ref().map(|s| s.db.clone());
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let stats = Arc::new(Stats::default());
    let variant = args.variant.id();
    let pace = Duration::from_millis(args.pace_ms);
    let ramp = Duration::from_secs(args.ramp_s);
    // Let the server settle before the baseline.
    std::thread::sleep(Duration::from_millis(300));
    let rss_base = pid.and_then(rss_kib);
    let cpu_base = pid.and_then(cpu_s);
    let own_cpu_base = cpu_s(std::process::id());
    outln!(
        "draughts loadtest: {} rooms ({} clients) of {variant} at {} ms a move on average, against {addr}{}",
        args.rooms,
        args.rooms * 2,
        args.pace_ms,
        if server.is_some() { format!(" (commits: synchronous = {})", args.sync.to_uppercase()) } else { String::new() }
    )?;
    let started = Instant::now();
    let stop = started + ramp + Duration::from_secs(args.duration_s);
    let report = rt.block_on(async {
        let mut tasks = Vec::with_capacity(args.rooms);
        for i in 0..args.rooms {
            let at = started + ramp.mul_f64(i as f64 / args.rooms as f64);
            let stats = stats.clone();
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep_until(at.into()).await;
                let seed = 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64 + 1);
                if let Err(e) = play_room(addr, variant, pace, stop, seed, stats.clone()).await {
                    stats.rooms_failed.fetch_add(1, Ordering::Relaxed);
                    stats.error(format!("room {i}: {e:#}"));
                }
            }));
        }
        // Memory and progress while every room is open.
        let mut peak_rss = 0;
        let mut peak_open = 0;
        let mut peak_wal = 0;
        let mut last_print = Instant::now();
        while Instant::now() < stop {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let open = stats.rooms_open.load(Ordering::Relaxed);
            if let Some(r) = pid.and_then(rss_kib) {
                peak_rss = peak_rss.max(r);
            }
            if let Some(db) = &db {
                peak_wal = peak_wal.max(draughts_server::storage::sqlite::wal_len(db));
            }
            peak_open = peak_open.max(open);
            if last_print.elapsed() >= Duration::from_secs(5) {
                last_print = Instant::now();
                let lat = stats.latencies.lock().unwrap();
                let mut recent: Vec<u32> = lat.iter().rev().take(5000).copied().collect();
                drop(lat);
                recent.sort_unstable();
                eprintln!(
                    "  {:>4}s: {open} rooms open, {} moves, recent p50 {:.1} ms p99 {:.1} ms, {} errors",
                    started.elapsed().as_secs(),
                    stats.moves.load(Ordering::Relaxed),
                    percentile(&recent, 0.5),
                    percentile(&recent, 0.99),
                    stats.errors.load(Ordering::Relaxed)
                );
            }
        }
        for t in tasks {
            let _ = t.await;
        }
        (peak_rss, peak_open, peak_wal)
    });
    let elapsed = started.elapsed().as_secs_f64();
    let (peak_rss, peak_open, peak_wal) = report;
    let mut lat = std::mem::take(&mut *stats.latencies.lock().unwrap());
    lat.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    outln!("rooms opened:   {} of {} (at most {} at once), {} failed", stats.rooms_open.load(Ordering::Relaxed), args.rooms, peak_open, stats.rooms_failed.load(Ordering::Relaxed))?;
    outln!("moves:          {moves} ({:.0} a second), games finished: {}", moves as f64 / elapsed, stats.games.load(Ordering::Relaxed))?;
    outln!(
        "move latency:   p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms (sent by one client -> received by the other)",
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0)
    )?;
    if let (Some(base), Some(pid)) = (rss_base, pid) {
        let per_room = (peak_rss.saturating_sub(base)) as f64 / peak_open.max(1) as f64;
        outln!("server memory:  {:.1} MiB at start, {:.1} MiB peak; {per_room:.1} KiB per open room", base as f64 / 1024.0, peak_rss as f64 / 1024.0)?;
        outln!("write-ahead log: {:.1} MiB at most (sampled twice a second)", peak_wal as f64 / (1024.0 * 1024.0))?;
        if let (Some(c0), Some(c1)) = (cpu_base, cpu_s(pid)) {
            outln!("server CPU:     {:.1} s over {elapsed:.0} s ({:.0}% of one core)", c1 - c0, 100.0 * (c1 - c0) / elapsed)?;
        }
    }
    if let (Some(c0), Some(c1)) = (own_cpu_base, cpu_s(std::process::id())) {
        outln!("client CPU:     {:.1} s ({:.0}% of one core; the clients share the machine with the server)", c1 - c0, 100.0 * (c1 - c0) / elapsed)?;
    }
    let errors = stats.errors.load(Ordering::Relaxed);
    outln!("errors:         {errors}")?;
    if let Some(e) = stats.first_error.lock().unwrap().as_ref() {
        outln!("first error:    {e}")?;
    }
    drop(server);
    Ok(if errors == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
