//! Issue 35, item 7: a closed pipe or a full disk made `println!` panic
//! (status 101) in `analyze`, `solve`, `book info`, `tree`, `lab` and
//! `play` (`abprune analyze connect4 44 | head -1`). Every subcommand that
//! prints now ends quietly (status 0) when its reader has gone, and with one
//! `error:` line and status 1 when its output cannot be written.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Each subcommand that prints, with input that makes it print at once,
/// and what it reads on stdin.
const COMMANDS: &[(&[&str], &str)] = &[
    (&["analyze", "connect4", "44"], ""),
    (&["analyze", "connect4", "44", "--json"], ""),
    (&["solve", "connect4", "44"], ""),
    (&["solve", "connect4", "--batch", "-"], "44\n4444\n"),
    (&["solve", "tictactoe", "0123"], ""),
    (&["solve", "gomoku", "--depth", "2", "--threads", "1", "h8"], ""),
    (&["book", "connect4", "info"], ""),
    (&["tree"], ""),
    (&["tree", "--json"], ""),
    (&["lab", "--branching", "2", "--depth", "2", "--trials", "1"], ""),
    (&["lab", "--branching", "2", "--depth", "2", "--trials", "1", "--csv"], ""),
    (&["play", "connect4", "--side", "first"], "4\n"),
    (&["play", "gomoku", "--time", "50ms"], "h8\n"),
    (&["gomocup"], "ABOUT\nEND\n"),
];

/// Runs `abprune ARGS` with `input` on stdin and stdout going to `stdout`.
fn run(args: &[&str], input: &str, stdout: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_abprune"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The binary may end before it reads: a closed pipe here is no failure.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn closed_pipe_ends_quietly_in_every_subcommand() {
    for &(args, input) in COMMANDS {
        // A pipe whose reading end is closed before the first line.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = run(args, input, Stdio::from(writer));
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(output.status.code(), Some(0), "{args:?}: a closed pipe is a quiet end: {err}");
        assert!(!err.contains("error"), "{args:?}: nothing said of the closed pipe: {err}");
    }
}

#[test]
fn full_disk_is_one_error_line_in_every_subcommand() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for &(args, input) in COMMANDS {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens");
        let output = run(args, input, Stdio::from(full));
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(output.status.code(), Some(1), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().filter(|line| line.starts_with("error:")).collect();
        assert_eq!(lines.len(), 1, "{args:?}: one error line: {err}");
        assert!(lines[0].starts_with("error: cannot write the output: "), "{args:?}: {err}");
        assert!(lines[0].contains("No space left"), "{args:?}: {err}");
    }
}
