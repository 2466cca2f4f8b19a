//! What the CLI tests share: running the binary with input on stdin.

pub mod brain;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A file `name` holding `contents`, in a folder of this test process
/// named after `tag` (tests that remove their folder take their own tag).
#[allow(dead_code)] // not every test file uses it
pub fn temp_file(tag: &str, name: &str, contents: impl AsRef<[u8]>) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("abprune-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("temp file");
    path
}

/// Runs `abprune ARGS` with `input` on stdin and collects its output.
#[allow(dead_code)] // not every test file uses it
pub fn abprune_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_abprune"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A binary that refuses its arguments exits without reading its input:
    // the write then meets a closed pipe, which is not the test's failure.
    let written = child.stdin.take().expect("stdin is piped").write_all(input.as_bytes());
    if let Err(error) = written {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "stdin takes the input: {error}");
    }
    child.wait_with_output().expect("the binary ends")
}

/// Runs `abprune ARGS` with `input` (any bytes) on stdin and collects its
/// output; the binary is killed after `limit` (a runaway is a failure).
#[allow(dead_code)] // not every test file uses it
pub fn abprune_with_bytes(args: &[&str], input: &[u8], limit: std::time::Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_abprune"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A writer thread: the binary may stop reading early.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr is piped")));
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the binary runs") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("abprune {args:?} still ran after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let _ = writer.join();
    Output { status, stdout: stdout.join().expect("stdout read"), stderr: stderr.join().expect("stderr read") }
}

/// A refusal as the house rules want it: exit status 2, exactly one line
/// on stderr, starting `error:` and containing `expected`; no panic.
#[allow(dead_code)]
pub fn assert_one_line_error(output: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "exit status; stderr: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(expected), "{expected:?} in {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
