//! The exit statuses `abprune --help` documents: 2 for bad input, 1 for a
//! run that failed after its input was accepted. Before, every error but a
//! failed write of standard output ended with 2: a picture that could not
//! be written (`tree --svg /dev/full`) or a table the allocator refused
//! looked like a mistake of the user's.

use crate::common::{abprune_with_stdin, assert_one_line_error};
use std::process::{Command, Output};

/// The run-time failure as the help describes it: status 1, one `error:`
/// line containing `expected`, no panic.
fn assert_run_failure(output: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "exit status; stderr: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(expected), "{expected:?} in {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn help_lists_the_exit_statuses() {
    let output = abprune_with_stdin(&["--help"], "");
    let help = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0));
    for line in ["Exit status:", "  0  done", "  1  the run failed", "  2  bad input"] {
        assert!(help.contains(line), "{line:?} in {help}");
    }
}

#[test]
fn bad_input_ends_with_2() {
    assert_one_line_error(&abprune_with_stdin(&["solve", "connect4", "9"], ""), "columns are 1 to 7");
    assert_one_line_error(&abprune_with_stdin(&["tree", "-"], "r:( a:5 "), "");
    assert_one_line_error(&abprune_with_stdin(&["tree", "--algo", "nosuch"], ""), "nosuch");
}

#[test]
fn a_picture_that_cannot_be_written_ends_with_1() {
    let missing = std::env::temp_dir().join("abprune-no-such-directory").join("tree.svg");
    let output = abprune_with_stdin(&["tree", "--svg", missing.to_str().expect("a UTF-8 path")], "");
    assert_run_failure(&output, "cannot write");
    if std::path::Path::new("/dev/full").exists() {
        assert_run_failure(&abprune_with_stdin(&["tree", "--svg", "/dev/full"], ""), "No space left");
    }
}

/// Bytes available by /proc/meminfo (None where there is none).
fn available_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|line| line.starts_with("MemAvailable:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

#[test]
fn a_table_the_allocator_refuses_ends_with_1() {
    // A table the machine has room for (so the limits' check passes), in a
    // process whose address space is capped below it (so the allocation
    // fails at run time).
    const TABLE_MIB: u64 = 1024;
    if available_bytes().map_or(true, |bytes| bytes < (2 * TABLE_MIB) << 20) {
        return;
    }
    let script = format!("ulimit -v 400000 && exec \"$0\" solve connect4 --threads 1 --table-mib {TABLE_MIB} 4",);
    let output = Command::new("sh").args(["-c", &script, env!("CARGO_BIN_EXE_abprune")]).output().expect("sh runs");
    assert_run_failure(&output, "does not fit in memory");
}
