//! What the CLI tests share: running the binary with input on stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `abprune ARGS` with `input` on stdin and collects its output.
pub fn abprune_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_abprune"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("stdin is piped").write_all(input.as_bytes()).expect("stdin takes the input");
    child.wait_with_output().expect("the binary ends")
}
