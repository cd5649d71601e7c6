//! A private PostgreSQL cluster for one test: `initdb` in a temporary folder, the server on a
//! free loopback port, stopped (immediately) when dropped. It uses the system's PostgreSQL
//! binaries (`scripts/test.sh` installs Debian's `postgresql` when they are missing); run as
//! root, the cluster belongs to the `postgres` user, since PostgreSQL refuses to run as root.

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct PrivatePostgres {
    dir: tempfile::TempDir,
    bin: PathBuf,
    /// The loopback port it listens on.
    pub port: u16,
    as_user: Option<String>,
}

/// The folder of `initdb` and `pg_ctl`: PATH, then Debian's versioned folders, newest first.
fn binaries() -> Result<PathBuf, String> {
    if let Ok(out) = Command::new("pg_config").arg("--bindir").output() {
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if dir.join("initdb").exists() {
            return Ok(dir);
        }
    }
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| d.flatten().map(|e| e.path().join("bin")).filter(|b| b.join("initdb").exists()).collect())
        .unwrap_or_default();
    versions.sort();
    if let Some(b) = versions.pop() {
        return Ok(b);
    }
    for dir in std::env::var("PATH").unwrap_or_default().split(':') {
        if Path::new(dir).join("initdb").exists() && Path::new(dir).join("pg_ctl").exists() {
            return Ok(PathBuf::from(dir));
        }
    }
    Err("PostgreSQL's initdb and pg_ctl were not found: install Debian's postgresql package (scripts/test.sh does)".into())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl PrivatePostgres {
    /// Creates and starts the cluster, with one superuser `draughts` allowed in without a
    /// password from loopback, and no fsync (a test's data need not survive a power cut).
    pub fn start() -> PrivatePostgres {
        let bin = binaries().unwrap_or_else(|e| panic!("{e}"));
        let dir = tempfile::Builder::new().prefix("draughts-pg-").tempdir().unwrap();
        let as_user = is_root().then(|| "postgres".to_string());
        if let Some(user) = &as_user {
            chown_to(dir.path(), user);
        }
        let data = dir.path().join("data");
        let pg = PrivatePostgres { dir, bin, port: free_port(), as_user };
        pg.run("initdb", &["-D", data.to_str().unwrap(), "-U", "draughts", "-A", "trust", "-E", "UTF8", "--no-sync", "--no-instructions"]);
        pg.pg_ctl_start();
        pg
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn run(&self, program: &str, args: &[&str]) {
        let exe = self.bin.join(program);
        let mut cmd = match &self.as_user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(&exe);
                c
            }
            None => Command::new(&exe),
        };
        let out = cmd.args(args).output().unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
        assert!(out.status.success(), "{program} {args:?} failed: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    }

    fn pg_ctl_start(&self) {
        let opts = format!("-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", self.port, self.dir.path().display());
        let log = self.dir.path().join("log");
        self.run("pg_ctl", &["-D", self.data().to_str().unwrap(), "-o", &opts, "-l", log.to_str().unwrap(), "-w", "-t", "60", "start"]);
    }

    /// Stops the server at once (as a crash would), keeping its data.
    pub fn kill(&self) {
        self.run("pg_ctl", &["-D", self.data().to_str().unwrap(), "-m", "immediate", "-w", "stop"]);
    }

    /// Starts it again after [`PrivatePostgres::kill`], on the same port.
    pub fn restart(&self) {
        self.pg_ctl_start();
    }

    /// The address of database `db` (`postgres` exists; [`PrivatePostgres::create`] makes others).
    pub fn url(&self, db: &str) -> String {
        format!("postgres://draughts@127.0.0.1:{}/{db}", self.port)
    }

    /// Runs SQL on database `db` through psql.
    pub fn sql(&self, db: &str, sql: &str) -> String {
        let psql = self.bin.join("psql");
        let out = Command::new(&psql)
            .args(["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-d", &self.url(db), "-c", sql])
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", psql.display()));
        assert!(out.status.success(), "psql {sql:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let data = self.data();
        let exe = self.bin.join("pg_ctl");
        let mut cmd = match &self.as_user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(&exe);
                c
            }
            None => Command::new(&exe),
        };
        let _ = cmd.args(["-D", data.to_str().unwrap(), "-m", "immediate", "stop"]).output();
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0").unwrap_or(false)
}

fn chown_to(dir: &Path, user: &str) {
    let ok = Command::new("chown").args([user, dir.to_str().unwrap()]).status().map(|s| s.success()).unwrap_or(false);
    assert!(ok, "cannot give {} to the user {user}, who runs PostgreSQL for a root test", dir.display());
}
