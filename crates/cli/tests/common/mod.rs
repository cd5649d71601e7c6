//! Helpers shared by the CLI's test files.

/// Runs `draughts args`, reads the first line of its output and closes the pipe, then waits for
/// it to end: the first line, and how it ended (with its standard error).
#[cfg(unix)]
pub fn first_line_then_close(args: &[&str]) -> (String, std::process::Output) {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("draughts"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    // The reader is dropped here: what the command writes next goes to a closed pipe.
    (first, child.wait_with_output().unwrap())
}
