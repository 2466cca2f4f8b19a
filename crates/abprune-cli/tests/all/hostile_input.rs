//! Regression tests of issue 15 (an adversarial run of the CLI): each
//! failure it found, and its siblings in the other commands, pinned by
//! running the binary as a user would. Every refusal is one `error:` line
//! and exit status 2, never a panic, an abort or a runaway.

use crate::common;

use common::{abprune_with_bytes, assert_one_line_error};
use std::process::Output;
use std::time::Duration;

/// Long enough for any of these commands on a busy two-core machine;
/// a runaway (the failures of issue 15) runs far longer.
const LIMIT: Duration = Duration::from_secs(60);

fn run(args: &[&str]) -> Output {
    abprune_with_bytes(args, b"", LIMIT)
}

fn run_with(args: &[&str], input: &[u8]) -> Output {
    abprune_with_bytes(args, input, LIMIT)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file in a directory of this test process.
fn temp_file(name: &str, contents: &[u8]) -> String {
    common::temp_file("hostile", name, contents).to_string_lossy().into_owned()
}

/// Twenty stones on a 5x5 board, no five: the engine solves the rest at once.
const NEARLY_FULL_5X5: [&str; 20] = [
    "a2", "a1", "b1", "a3", "b2", "a4", "b5", "b4", "c1", "c3", "c4", "d1", "c5", "d5", "d2", "e2", "e1", "e4", "e3",
    "e5",
];
/// Beyond what `Instant` can add: once `overflow when adding duration to instant`.
const HUGE_TIME: &str = "10000000000000000000s";

#[test]
fn failure_1_a_huge_duration_means_no_limit_or_a_clear_error() {
    let mut args = vec!["solve", "gomoku", "--size", "5", "--threads", "1", "--time", HUGE_TIME];
    args.extend(NEARLY_FULL_5X5);
    let solved = run(&args);
    assert!(solved.status.success(), "{}", text(&solved.stderr));
    assert!(text(&solved.stdout).contains("move "), "{}", text(&solved.stdout));
    // Whole runs bounded by such a time are refused with the estimate.
    let suite = temp_file("suite.txt", b"h8 h9 i8 i9 j8 j9 ; g8 k8 ; a four\n");
    assert_one_line_error(&run(&["bench", "gomoku-tactics", "--time", HUGE_TIME, &suite]), "the limit is 168 hours");
    assert_one_line_error(&run(&["bench", "gomoku-wins", "--time", HUGE_TIME, &suite]), "the limit is 168 hours");
    assert_one_line_error(&run(&["match", "gomoku", "--games", "2", "--time", HUGE_TIME]), "the limit is 168 hours");
    // Beyond what a duration can hold: clap's message, on one line.
    assert_one_line_error(&run(&["solve", "gomoku", "--time", "99999999999999999999999s", "h8"]), "--time");
}

#[test]
fn failure_2_a_table_larger_than_the_machine_is_an_error_not_an_abort() {
    // 1000000 MiB (almost a TiB, within the engine's own limit) fits no test machine.
    let cases: [&[&str]; 5] = [
        &["solve", "connect4", "--threads", "1", "--table-mib", "1000000", "4"],
        &["solve", "connect4", "--threads", "1", "--near-table-kib", "1000000000", "4"],
        &["solve", "gomoku", "--set", "table=1000000", "h8"],
        &["match", "gomoku", "--games", "2", "--challenger", "table=1000000"],
        &["bench", "gomoku-depth", "--config", "table=1000000"],
    ];
    for args in cases {
        assert_one_line_error(&run(args), "give a smaller table");
    }
}

#[test]
fn failure_5_a_picture_too_large_to_read_is_refused_with_the_limit() {
    let svg = std::env::temp_dir().join(format!("abprune-hostile-{}.svg", std::process::id()));
    let svg = svg.to_string_lossy().into_owned();
    // 40,201 nodes (once drawn without limit: 4000,2 grew past 5.6 GB).
    assert_one_line_error(&run(&["tree", "--random", "200,2", "--svg", &svg]), "the limit is 20000");
    // One node with 30,000 children (3,000,000 once made a 1 GB SVG).
    let wide = format!("R:({})", " 1".repeat(30_000));
    assert_one_line_error(&run_with(&["tree", "-", "--svg", &svg], wide.as_bytes()), "the limit is 20000");
    assert!(!std::path::Path::new(&svg).exists(), "nothing written");
    // Small trees are still drawn.
    let small = run(&["tree", "--random", "3,3", "--svg", &svg]);
    assert!(small.status.success(), "{}", text(&small.stderr));
    let _ = std::fs::remove_file(&svg);
}

#[test]
fn failure_6_thread_counts_have_a_limit() {
    assert_one_line_error(&run(&["lab", "--threads", "100000"]), "the range is 1 to 1024");
    assert_one_line_error(&run(&["lab", "--threads", "0"]), "the range is 1 to 1024");
    assert_one_line_error(&run(&["solve", "gomoku", "--threads", "100000", "h8"]), "the range is 1 to 1024");
    assert_one_line_error(&run(&["gomocup", "--threads", "100000"]), "the range is 1 to 1024");
    assert_one_line_error(&run(&["solve", "gomoku", "--set", "threads=100000", "h8"]), "beyond the limit of 1024");
}

#[test]
fn failure_7_a_match_of_years_is_refused_with_an_estimate() {
    assert_one_line_error(&run(&["match", "gomoku", "--games", "1000000000"]), "about 1.2e15 nodes");
    assert_one_line_error(&run(&["match", "gomoku", "--nodes", "18446744073709551615"]), "the limit is 1e11");
    assert_one_line_error(&run(&["match", "gomoku", "--games", "0"]), "--games");
}

#[test]
fn failure_9_a_batch_line_that_is_not_text_spoils_only_itself() {
    // A byte-order mark, a good line, a line of bytes, a wrong answer, a good line.
    let batch = b"\xef\xbb\xbf52677675164321472411331752454 0\n\xff\xfe 3\n67152117737262713366376314254 5\n75671334317317336771215665546 -4\n";
    let path = temp_file("batch.txt", batch);
    let out = run(&["solve", "connect4", "--threads", "1", "--batch", &path]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stdout.contains("52677675164321472411331752454 0 "), "the BOM'd first line is solved: {stdout}");
    assert!(stdout.contains("75671334317317336771215665546 -4 "), "the lines after are solved: {stdout}");
    assert!(stderr.contains(&format!("error: {path}:2: the line is not UTF-8 text: '\\xff\\xfe 3'")), "{stderr}");
    assert!(
        stderr.contains(&format!("error: {path}:3: 67152117737262713366376314254: expected 5, solved 6")),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"));
}

#[test]
fn failure_10_echoed_input_is_a_short_escaped_excerpt() {
    let line = format!("4 {}", "7".repeat(10_000_000));
    let out = run_with(&["solve", "connect4", "--threads", "1", "--batch", "-"], line.as_bytes());
    let stderr = text(&out.stderr);
    assert!(stderr.len() < 1000, "{} bytes of stderr", stderr.len());
    assert!(stderr.contains("-:1: expected score '777") && stderr.contains("out of range"), "{stderr}");
    // An escape sequence is shown, not obeyed.
    let out = run_with(&["tree", "-"], b"R:(1 \x1b[31m 2)");
    assert_one_line_error(&out, "\\u{1b}[31m");
    assert!(!out.stderr.contains(&0x1b), "no raw escape in {}", text(&out.stderr));
    // A huge token in a tree file: one bounded line.
    let tree = format!("R:(1 {})", "x".repeat(5_000_000));
    let out = run_with(&["tree", "-"], tree.as_bytes());
    assert_one_line_error(&out, "characters left out");
    assert!(out.stderr.len() < 1000);
    // A byte-order mark starts a tree file as it starts a batch.
    let out = run_with(&["tree", "-"], "\u{feff}R:(3 5)".as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Bytes that are not UTF-8 in a tree file: the line that has them.
    assert_one_line_error(&run_with(&["tree", "-"], b"R:(1\n2 \xff)"), "stdin: line 2: the line is not UTF-8 text");
    // A person's bad line in a game is answered and the game goes on.
    let out = run_with(&["play", "gomoku", "--time", "50ms"], b"\xff\xfe\n\x1b[2Jzz\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("'\\xff\\xfe' is not text; try again"), "{stdout}");
    assert!(stdout.contains("illegal move '\\u{1b}[2jzz'"), "{stdout}");
}

#[test]
fn failure_11_messages_say_what_is_wrong() {
    assert_one_line_error(&run(&["tree", "--window=0,999900000"]), "'999900000': out of range");
    let no_table = run(&["solve", "connect4", "--table-mib", "0", "4"]);
    assert_one_line_error(&no_table, "--table-mib 0 turns the tables off");
    assert!(!text(&no_table.stderr).contains("table_mib"), "{}", text(&no_table.stderr));
    assert_one_line_error(&run(&["solve", "gomoku", "--depth=-1", "h8"]), "not in 1..=");
    assert_one_line_error(&run(&["bench", "gomoku-depth", "--depth", "0"]), "not in 1..=");
    assert_one_line_error(&run(&["lab", "--depth", "99999999999"]), "out of range");
    assert_one_line_error(&run(&["tree", "--random", "99999999999,2"]), "out of range");
    // clap's errors: one line, no usage block.
    assert_one_line_error(&run(&["solve", "gomoku", "--frob"]), "unexpected argument '--frob'");
    assert_one_line_error(&run(&["tree", "--algo", "nope"]), "invalid value 'nope'");
    // Help is still the full text.
    let help = run(&["tree", "--help"]);
    assert!(help.status.success() && text(&help.stdout).contains("Usage:"));
}
