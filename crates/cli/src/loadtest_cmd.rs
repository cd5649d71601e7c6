//! `draughts loadtest`: many online rooms on loopback, two WebSocket clients each, one move every
//! interval per room. Reports the time from a move sent on one player's socket to the other
//! player's socket receiving it (p50, p90, p99, max), the moves sent and received, the errors and
//! the connections that failed.
//!
//! With `--node URL` (repeatable) it plays against servers already running, the two players of
//! room i on nodes i and i + 1 (round robin), so that with two nodes every move crosses from one
//! node to the other through the shared database. Without `--node` it starts `draughts serve`
//! itself (this same binary) on a free loopback port with a fresh SQLite database, and reads the
//! server's memory and CPU time from /proc. `--cpu-of PID` reports the CPU time of other
//! processes over the run (the nodes, the database server with its backends). Only loopback
//! addresses are accepted.

use anyhow::{bail, Context};
use clap::Args as ClapArgs;
use draughts_server::rooms::client::{self, RoomClient};
use hdrhistogram::Histogram;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Options of `draughts loadtest`.
#[derive(ClapArgs)]
pub struct Args {
    /// A running server to test, `http://127.0.0.1:PORT` (repeatable: the two players of a room
    /// are then on different nodes). Start each with --max-connections,
    /// --max-connections-per-address and --rooms-per-minute above the rooms it will hold.
    /// Without it, one server is started here on a fresh SQLite database.
    #[arg(long = "node", value_name = "URL")]
    pub nodes: Vec<String>,
    /// Rooms played at once (two clients each).
    #[arg(long, default_value_t = 100)]
    pub rooms: usize,
    /// Seconds between two moves of a room; the rooms' moves are spread evenly over it.
    #[arg(long, default_value_t = 3.0)]
    pub interval_s: f64,
    /// How long to play once every room is open, in seconds.
    #[arg(long, default_value_t = 60)]
    pub duration_s: u64,
    /// Rooms are opened evenly over this many seconds.
    #[arg(long, default_value_t = 20)]
    pub ramp_s: u64,
    /// Moves a room plays before its players leave (default: until the end of the run).
    #[arg(long, value_name = "N")]
    pub moves: Option<u64>,
    /// Rule set of the rooms.
    #[arg(long, default_value = "english", value_parser = crate::parse_variant)]
    pub variant: draughts_rules::Variant,
    /// A process whose CPU time over the run is reported, with its children (repeatable): a
    /// node, or PostgreSQL's postmaster, whose backends are its children.
    #[arg(long = "cpu-of", value_name = "PID")]
    pub cpu_of: Vec<u32>,
    /// For the server started here: `full` waits for the disk on every commit (the default of
    /// `draughts serve`), `normal` commits without waiting (DRAUGHTS_ROOMS_SYNC).
    #[arg(long, default_value = "full", value_parser = ["full", "normal"])]
    pub sync: String,
}

/// The longest latency the histogram records, in microseconds; longer ones are counted at it.
const MAX_LATENCY_US: u64 = 120_000_000;

/// A histogram of latencies in microseconds, 1 µs to two minutes, 3 significant digits.
fn latency_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, MAX_LATENCY_US, 3).expect("fixed bounds are valid")
}

/// Figures gathered by the clients.
struct Stats {
    /// Move-to-opponent latencies of the whole run, in microseconds.
    latency: Mutex<Histogram<u64>>,
    /// The same once every room is open (the ramp adds the cost of opening rooms).
    steady: Mutex<Histogram<u64>>,
    /// When the ramp ends.
    steady_from: Instant,
    /// The same since the last progress line (reset at each).
    recent: Mutex<Histogram<u64>>,
    sent: AtomicU64,
    received: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
    connection_failures: AtomicU64,
    rooms_open: AtomicU64,
    first_error: Mutex<Option<String>>,
}

impl Stats {
    fn new(steady_from: Instant) -> Stats {
        Stats {
            latency: Mutex::new(latency_histogram()),
            steady: Mutex::new(latency_histogram()),
            steady_from,
            recent: Mutex::new(latency_histogram()),
            sent: AtomicU64::new(0),
            received: AtomicU64::new(0),
            games: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            connection_failures: AtomicU64::new(0),
            rooms_open: AtomicU64::new(0),
            first_error: Mutex::new(None),
        }
    }

    fn record(&self, sent: Instant) {
        let us = (sent.elapsed().as_micros() as u64).clamp(1, MAX_LATENCY_US);
        self.latency.lock().unwrap().record(us).expect("clamped into the bounds");
        if sent >= self.steady_from {
            self.steady.lock().unwrap().record(us).expect("clamped into the bounds");
        }
        self.recent.lock().unwrap().record(us).expect("clamped into the bounds");
        self.received.fetch_add(1, Ordering::Relaxed);
    }

    fn note_first(&self, e: String) {
        let mut f = self.first_error.lock().unwrap();
        if f.is_none() {
            *f = Some(e);
        }
    }
}

/// A latency percentile in milliseconds.
fn ms(h: &Histogram<u64>, q: f64) -> f64 {
    if h.is_empty() {
        return f64::NAN;
    }
    h.value_at_quantile(q) as f64 / 1000.0
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

/// Reads `--node`: `http://IP:PORT` (a trailing slash allowed) on a loopback address.
fn parse_node(url: &str) -> anyhow::Result<SocketAddr> {
    let hostport = url.strip_prefix("http://").with_context(|| format!("--node must be http://IP:PORT, not {url:?}"))?.trim_end_matches('/');
    let addr: SocketAddr = hostport.parse().with_context(|| format!("--node must be http://IP:PORT with an IP address and a port, not {url:?}"))?;
    if !addr.ip().is_loopback() {
        bail!("the load test only targets loopback addresses (127.0.0.1, ::1), not {}", addr.ip());
    }
    Ok(addr)
}

/// Resident memory of a process in KiB (Linux /proc).
fn rss_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()
}

/// The fields of /proc/PID/stat after the command name: (parent, own CPU ticks, the CPU ticks
/// of children that ended and were waited for).
fn proc_stat(pid: u32) -> Option<(u32, u64, u64)> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let f: Vec<&str> = s.get(s.rfind(')')? + 2..)?.split_whitespace().collect();
    let n = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok());
    Some((n(1)? as u32, n(11)? + n(12)?, n(13)? + n(14)?))
}

/// CPU time (user + system) of a process alone, in seconds.
fn cpu_s(pid: u32) -> Option<f64> {
    proc_stat(pid).map(|(_, own, _)| own as f64 / ticks_per_second())
}

/// CPU time of a process and all its descendants, those running and those ended, in seconds:
/// PostgreSQL does its work in backends, children of the postmaster.
fn tree_cpu_s(root: u32) -> Option<f64> {
    let (_, own, ended) = proc_stat(root)?;
    let mut parents: Vec<(u32, u32, u64)> = Vec::new();
    for e in std::fs::read_dir("/proc").ok()?.flatten() {
        if let Some(pid) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) {
            if let Some((ppid, ticks, _)) = proc_stat(pid) {
                parents.push((pid, ppid, ticks));
            }
        }
    }
    let mut total = own + ended;
    let mut frontier = vec![root];
    while let Some(p) = frontier.pop() {
        for &(pid, ppid, ticks) in &parents {
            if ppid == p && pid != root {
                total += ticks;
                frontier.push(pid);
            }
        }
    }
    Some(total as f64 / ticks_per_second())
}

fn ticks_per_second() -> f64 {
    // SAFETY: sysconf reads a constant of the system.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as f64
    } else {
        100.0
    }
}

/// The command name of a process (/proc/PID/comm).
fn comm(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/comm")).map(|s| s.trim().to_string()).unwrap_or_else(|_| "?".into())
}

/// Says hello in `room` and reads the welcome and the state.
async fn join(addr: SocketAddr, room: &str, token: Option<&str>) -> anyhow::Result<RoomClient> {
    let mut c = RoomClient::connect(addr, room, None).await?;
    c.wait = Duration::from_secs(30);
    c.hello(token).await?;
    c.color.as_ref().context("no seat")?;
    Ok(c)
}

/// Where and how one room plays.
struct RoomPlan {
    /// The node of the creator (light at first) and the node of the guest.
    home: SocketAddr,
    away: SocketAddr,
    variant: &'static str,
    /// The room's first move; then one every `interval`.
    first_move: Instant,
    interval: Duration,
    moves: Option<u64>,
    stop: Instant,
    seed: u64,
}

/// Opens the room and seats its two players: a failure here is a connection failure.
async fn open_room(plan: &RoomPlan) -> anyhow::Result<(RoomClient, RoomClient)> {
    let created = client::create_room(plan.home, plan.variant, "light").await?;
    let id = created["id"].as_str().context("no room id")?.to_string();
    let token = created["token"].as_str().context("no token")?.to_string();
    let mut a = join(plan.home, &id, Some(&token)).await?;
    let b = join(plan.away, &id, None).await?;
    a.expect("state").await?; // the guest sat down
    Ok((a, b))
}

/// Plays the room until `stop` or its number of moves, one move every interval: the side to
/// move plays a random move of those the server lists as legal, the latency is measured on the
/// opponent's socket, and a finished game is followed by a rematch.
async fn play_room(plan: &RoomPlan, mut a: RoomClient, mut b: RoomClient, stats: &Stats) -> anyhow::Result<()> {
    let mut rng = fastrand::Rng::with_seed(plan.seed);
    let mut ticks = tokio::time::interval_at(plan.first_move.into(), plan.interval);
    // A room that fell behind keeps its place in the schedule instead of catching up in a burst.
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut n = 0u64;
    let mut played = 0u64;
    loop {
        ticks.tick().await;
        if Instant::now() >= plan.stop {
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
        stats.sent.fetch_add(1, Ordering::Relaxed);
        played += 1;
        let seen = other.expect("moved").await?;
        stats.record(sent);
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
        if plan.moves.is_some_and(|m| played >= m) {
            break;
        }
    }
    a.close().await;
    b.close().await;
    Ok(())
}

/// Raises this process's open-file limit to the hard limit and checks that the clients' sockets
/// fit under it.
fn ensure_open_files(rooms: usize, spawned: bool) -> anyhow::Result<()> {
    let lim = draughts_server::limits::raise_open_files().map_err(anyhow::Error::msg)?;
    // Two WebSockets a room, the HTTP request that creates it, and a reserve; a server started
    // here inherits the same limit and holds as many.
    let need = 2 * rooms as u64 + 200;
    if lim.soft < need {
        let where_ = if spawned { "this process and the server it starts each need" } else { "this process needs" };
        bail!(
            "{rooms} rooms: {where_} about {need} open files, but the limit is {} (hard limit {}): raise it with `ulimit -n {need}` (as root, or in /etc/security/limits.conf), or run fewer rooms, or several load testers",
            lim.soft,
            lim.hard
        );
    }
    Ok(())
}

fn check_args(args: &Args) -> anyhow::Result<()> {
    if args.rooms == 0 {
        bail!("--rooms must be at least 1");
    }
    if !(args.interval_s.is_finite() && args.interval_s >= 0.01) {
        bail!("--interval-s must be a number of seconds of at least 0.01, not {}", args.interval_s);
    }
    if args.moves == Some(0) {
        bail!("--moves must be at least 1");
    }
    if args.duration_s == 0 && args.moves.is_none() {
        bail!("--duration-s must be at least 1 (or give --moves)");
    }
    for &pid in &args.cpu_of {
        if proc_stat(pid).is_none() {
            bail!("--cpu-of {pid}: no such process (or /proc is not readable)");
        }
    }
    Ok(())
}

/// The progress bar on a terminal (hidden otherwise: then a line every 5 s on standard error).
fn progress_bar(total_s: u64) -> ProgressBar {
    let bar = ProgressBar::new(total_s);
    bar.set_style(ProgressStyle::with_template("loadtest {bar:30} {pos}/{len} s {msg}").unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar
}

/// Runs the load test and prints the report.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    check_args(&args)?;
    let mut nodes: Vec<SocketAddr> = args.nodes.iter().map(|u| parse_node(u)).collect::<anyhow::Result<_>>()?;
    ensure_open_files(args.rooms, nodes.is_empty())?;
    let server = if nodes.is_empty() {
        let (s, a) = spawn_server(&args.sync, args.rooms)?;
        nodes.push(a);
        Some(s)
    } else {
        None
    };
    let pid = server.as_ref().map(|s| s.child.id());
    let db = server.as_ref().map(|s| s.db.clone());
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let variant = args.variant.id();
    let interval = Duration::from_secs_f64(args.interval_s);
    let ramp = Duration::from_secs(args.ramp_s);
    // Let a server started here settle before the baseline.
    if server.is_some() {
        std::thread::sleep(Duration::from_millis(300));
    }
    let rss_base = pid.and_then(rss_kib);
    let cpu_base = pid.and_then(cpu_s);
    let own_cpu_base = cpu_s(std::process::id());
    let others_base: Vec<Option<f64>> = args.cpu_of.iter().map(|&p| tree_cpu_s(p)).collect();
    let node_list = nodes.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", ");
    outln!(
        "draughts loadtest: {} rooms ({} clients) of {variant}, a move every {} s per room ({:.0} a second), against {node_list}{}",
        args.rooms,
        args.rooms * 2,
        args.interval_s,
        args.rooms as f64 / args.interval_s,
        if server.is_some() { format!(" (started here, SQLite, synchronous = {})", args.sync.to_uppercase()) } else { String::new() }
    )?;
    if nodes.len() > 1 {
        outln!("the two players of each room are on different nodes (room i: nodes i and i + 1, round robin)")?;
    }
    let started = Instant::now();
    let stop = started + ramp + Duration::from_secs(args.duration_s);
    let stats = Arc::new(Stats::new(started + ramp));
    let bar = progress_bar((stop - started).as_secs());
    let report = rt.block_on(async {
        let mut tasks = Vec::with_capacity(args.rooms);
        for i in 0..args.rooms {
            let share = i as f64 / args.rooms as f64;
            let opens = started + ramp.mul_f64(share);
            // Room i's moves fall at share i/N of each interval, counted from the start, so the
            // rooms together move at an even rate.
            let mut first_move = started + interval.mul_f64(share);
            while first_move < opens + interval {
                first_move += interval;
            }
            let plan = RoomPlan {
                home: nodes[i % nodes.len()],
                away: nodes[(i + 1) % nodes.len()],
                variant,
                first_move,
                interval,
                moves: args.moves,
                stop,
                seed: 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64 + 1),
            };
            let stats = stats.clone();
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep_until(opens.into()).await;
                match open_room(&plan).await {
                    Err(e) => {
                        stats.connection_failures.fetch_add(1, Ordering::Relaxed);
                        stats.note_first(format!("room {i}, opening: {e:#}"));
                    }
                    Ok((a, b)) => {
                        stats.rooms_open.fetch_add(1, Ordering::Relaxed);
                        if let Err(e) = play_room(&plan, a, b, &stats).await {
                            stats.errors.fetch_add(1, Ordering::Relaxed);
                            stats.note_first(format!("room {i}: {e:#}"));
                        }
                        stats.rooms_open.fetch_sub(1, Ordering::Relaxed);
                    }
                }
            }));
        }
        // Memory and progress while the rooms play.
        let mut peak_rss = 0;
        let mut peak_open = 0;
        let mut peak_wal = 0;
        let mut last_print = Instant::now();
        while !tasks.iter().all(|t| t.is_finished()) {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let open = stats.rooms_open.load(Ordering::Relaxed);
            if let Some(r) = pid.and_then(rss_kib) {
                peak_rss = peak_rss.max(r);
            }
            if let Some(db) = &db {
                peak_wal = peak_wal.max(draughts_server::storage::sqlite::wal_len(db));
            }
            peak_open = peak_open.max(open);
            bar.set_position(started.elapsed().as_secs().min(bar.length().unwrap_or(0)));
            if last_print.elapsed() >= Duration::from_secs(5) {
                last_print = Instant::now();
                let (p50, p99) = {
                    let mut recent = stats.recent.lock().unwrap();
                    let p = (ms(&recent, 0.5), ms(&recent, 0.99));
                    recent.reset();
                    p
                };
                let line = format!(
                    "{open} rooms open, {} moves, last 5 s p50 {p50:.1} ms p99 {p99:.1} ms, {} errors, {} connection failures",
                    stats.received.load(Ordering::Relaxed),
                    stats.errors.load(Ordering::Relaxed),
                    stats.connection_failures.load(Ordering::Relaxed)
                );
                if bar.is_hidden() {
                    eprintln!("  {:>4}s: {line}", started.elapsed().as_secs());
                } else {
                    bar.set_message(line);
                }
            }
        }
        for t in tasks {
            let _ = t.await;
        }
        (peak_rss, peak_open, peak_wal)
    });
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let (peak_rss, peak_open, peak_wal) = report;
    let lat = stats.latency.lock().unwrap().clone();
    let steady = stats.steady.lock().unwrap().clone();
    let sent = stats.sent.load(Ordering::Relaxed);
    let received = stats.received.load(Ordering::Relaxed);
    let failures = stats.connection_failures.load(Ordering::Relaxed);
    outln!("rooms opened:        {} of {} (at most {peak_open} at once)", args.rooms as u64 - failures, args.rooms)?;
    outln!("moves sent:          {sent} ({:.0} a second over {elapsed:.0} s)", sent as f64 / elapsed)?;
    outln!("moves received:      {received} (by the opponent), games finished: {}", stats.games.load(Ordering::Relaxed))?;
    outln!(
        "move to opponent:    p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(&lat, 0.5),
        ms(&lat, 0.9),
        ms(&lat, 0.99),
        ms(&lat, 1.0)
    )?;
    outln!(
        "  after the ramp:    p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} moves)",
        ms(&steady, 0.5),
        ms(&steady, 0.9),
        ms(&steady, 0.99),
        ms(&steady, 1.0),
        steady.len()
    )?;
    if let (Some(base), Some(pid)) = (rss_base, pid) {
        let per_room = (peak_rss.saturating_sub(base)) as f64 / peak_open.max(1) as f64;
        outln!("server memory:       {:.1} MiB at start, {:.1} MiB peak; {per_room:.1} KiB per open room", base as f64 / 1024.0, peak_rss as f64 / 1024.0)?;
        outln!("write-ahead log:     {:.1} MiB at most (sampled twice a second)", peak_wal as f64 / (1024.0 * 1024.0))?;
        if let (Some(c0), Some(c1)) = (cpu_base, cpu_s(pid)) {
            outln!("server CPU:          {:.1} s ({:.0}% of one core)", c1 - c0, 100.0 * (c1 - c0) / elapsed)?;
        }
    }
    for (&p, base) in args.cpu_of.iter().zip(others_base) {
        match (base, tree_cpu_s(p)) {
            (Some(c0), Some(c1)) => outln!("CPU of {p} ({}): {:.1} s ({:.0}% of one core)", comm(p), c1 - c0, 100.0 * (c1 - c0) / elapsed)?,
            _ => outln!("CPU of {p}: not readable (the process ended?)")?,
        }
    }
    if let (Some(c0), Some(c1)) = (own_cpu_base, cpu_s(std::process::id())) {
        outln!("load tester CPU:     {:.1} s ({:.0}% of one core; it shares the machine with the servers)", c1 - c0, 100.0 * (c1 - c0) / elapsed)?;
    }
    let errors = stats.errors.load(Ordering::Relaxed);
    outln!("errors:              {errors}")?;
    outln!("connection failures: {failures}")?;
    if let Some(e) = stats.first_error.lock().unwrap().as_ref() {
        outln!("first error:         {e}")?;
    }
    drop(server);
    Ok(if errors == 0 && failures == 0 && sent == received { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
