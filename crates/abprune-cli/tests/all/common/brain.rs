//! A `gomocup` brain process for the protocol tests (`gomocup_cli`,
//! `gomocup_hostile`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long the brain may take to exit after END.
pub const EXIT_LIMIT: Duration = Duration::from_secs(3);

/// A brain process; its output lines arrive through a channel, so that a
/// silent brain fails the test instead of hanging it.
pub struct Brain {
    /// The process, for tests that wait on it or read its status.
    pub child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    pub fn start() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_abprune"))
            .arg("gomocup")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the brain starts");
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Brain { child, input, lines }
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).expect("the brain reads");
        self.input.write_all(b"\n").expect("the brain reads");
        self.input.flush().expect("the brain reads");
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// The next line that is not MESSAGE or DEBUG, within `limit`.
    pub fn answer_within(&mut self, limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|_| panic!("no answer within {limit:?}"));
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line;
            }
        }
    }

    pub fn answer(&mut self) -> String {
        self.answer_within(Duration::from_secs(20))
    }

    /// The answers to the commands sent since the last sync, up to the
    /// reply to an `ABOUT` sent now; `limit` for each.
    pub fn answers_until_sync(&mut self, limit: Duration) -> Vec<(String, Instant)> {
        self.send("ABOUT");
        let mut answers = Vec::new();
        loop {
            let answer = self.answer_within(limit);
            if answer.starts_with("name=\"abprune\"") {
                return answers;
            }
            answers.push((answer, Instant::now()));
        }
    }

    /// Sends END and checks the brain exits promptly and cleanly.
    pub fn end(mut self) {
        self.send("END");
        let sent = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the brain runs") {
                assert!(status.success(), "exit status {status}");
                return;
            }
            if sent.elapsed() > EXIT_LIMIT {
                let _ = self.child.kill();
                panic!("the brain still ran {EXIT_LIMIT:?} after END");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Peak resident memory in bytes (`VmHWM`), on Linux.
    pub fn peak_memory(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
    }
}
