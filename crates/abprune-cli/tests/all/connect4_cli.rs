//! `abprune solve connect4` as a user runs it.

use crate::common;

use std::process::Output;

fn abprune(args: &[&str], stdin: &str) -> Output {
    common::abprune_with_stdin(args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// End-game lines of the public set Test_L3_R1 with their scores.
const BATCH: &str = "\
52677675164321472411331752454 0
545712124632266433465225571147 1
67152117737262713366376314254 6
75671334317317336771215665546 -4
";

#[test]
fn a_single_position_gets_its_score_and_best_move() {
    let out = abprune(&["solve", "connect4", "67152117737262713366376314254"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("score       6"), "{stdout}");
    assert!(stdout.contains("best move   "), "{stdout}");
    let json = abprune(&["solve", "connect4", "--json", "75671334317317336771215665546"], "");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(value["score"], -4);
    let weak = abprune(&["solve", "connect4", "--weak", "75671334317317336771215665546"], "");
    assert!(text(&weak.stdout).contains("score       loss"), "{}", text(&weak.stdout));
}

#[test]
fn a_batch_prints_one_line_per_position_and_a_summary() {
    let out = abprune(&["solve", "connect4", "--batch", "-"], BATCH);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().filter(|line| !line.starts_with('#')).collect();
    assert_eq!(lines.len(), 4);
    for (line, expected) in lines.iter().zip(BATCH.lines()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let expected: Vec<&str> = expected.split_whitespace().collect();
        assert_eq!(fields.len(), 4, "MOVES SCORE NODES MICROSECONDS: {line}");
        assert_eq!(fields[..2], expected[..], "{line}");
        assert!(fields[2].parse::<u64>().is_ok() && fields[3].parse::<u64>().is_ok(), "{line}");
    }
    for key in ["# positions 4", "# correct 4 of 4 checked", "# mean time", "# mean nodes", "# nodes/s"] {
        assert!(stdout.contains(key), "{key} in {stdout}");
    }
}

#[test]
fn a_wrong_expectation_fails_the_batch() {
    let out = abprune(&["solve", "connect4", "--batch", "-"], "67152117737262713366376314254 5\n");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("expected 5, solved 6"), "{stderr}");
    assert!(stderr.contains("1 of 1 checked positions got a wrong answer"), "{stderr}");
}

#[test]
fn bad_lines_are_reported_with_their_number_and_the_rest_is_solved() {
    let input = "8\n4444444\nabc\n12121212 0 0\n67152117737262713366376314254 6\n1212121 0\n";
    let out = abprune(&["solve", "connect4", "--batch", "-"], input);
    assert_eq!(out.status.code(), Some(2), "bad lines make the exit status non-zero");
    let stderr = text(&out.stderr);
    for expected in [
        "-:1: move 1 ('8'): columns are 1 to 7",
        "-:2: move 7 ('4'): column 4 is full",
        "-:3: move 1 ('a')",
        "-:4: unexpected '0' after the expected score",
        "-:6: move 7 ('1'): the game is already over after move 7",
    ] {
        assert!(stderr.contains(expected), "{expected:?} in {stderr}");
    }
    assert!(!stderr.contains("panicked"));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("67152117737262713366376314254 6 "), "the good line is solved: {stdout}");
    assert!(stdout.contains("# correct 1 of 1 checked"), "{stdout}");
}

#[test]
fn bad_single_positions_are_refused() {
    for (moves, expected) in
        [("48", "columns are 1 to 7"), ("1111111", "column 1 is full"), ("1212121", "already over")]
    {
        let out = abprune(&["solve", "connect4", moves], "");
        assert_eq!(out.status.code(), Some(2), "{moves}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with("error: invalid position: "), "{stderr}");
        assert!(stderr.contains(expected), "{expected} in {stderr}");
    }
    let out = abprune(&["solve", "connect4", "--batch", "/nonexistent/set"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read batch '/nonexistent/set'"));
}

/// Middle-game positions (made up, not from the public sets) long enough for
/// helper threads to start, with their scores (the single-threaded node
/// counts are pinned below: 24,532 and 31,947 with one 1 MiB table, the
/// first one node fewer since the near-leaf table became the default, the
/// second 126,321 since the solve's probes skip the impossible longest loss:
/// one position's probe sequence can cost more, the public sets' means fell;
/// 24,575 and 130,152 since the near-leaf table starts at 256 KiB).
const MIDDLE_GAMES: &str = "\
3411744443121636 2
4247631764446 -6
";

#[test]
fn one_thread_is_the_single_threaded_search_and_more_give_the_same_scores() {
    let out = abprune(&["solve", "connect4", "--batch", "-", "--threads", "1"], MIDDLE_GAMES);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("3411744443121636 2 24575 "), "pinned node count: {stdout}");
    assert!(stdout.contains("4247631764446 -6 130152 "), "pinned node count: {stdout}");
    assert!(stdout.contains("# threads 1"), "{stdout}");
    for threads in ["2", "4"] {
        for scheme in ["lazy-smp", "abdada"] {
            let args = ["solve", "connect4", "--batch", "-", "--threads", threads, "--parallel", scheme];
            let out = abprune(&args, MIDDLE_GAMES);
            assert!(out.status.success(), "{threads} {scheme}: {}", text(&out.stderr));
            let stdout = text(&out.stdout);
            assert!(stdout.contains("# correct 2 of 2 checked"), "{threads} {scheme}: {stdout}");
            assert!(stdout.contains(&format!("# threads {threads}")), "{stdout}");
        }
    }
    let single = abprune(&["solve", "connect4", "--json", "--threads", "2", "3411744443121636"], "");
    let value: serde_json::Value = serde_json::from_slice(&single.stdout).expect("one JSON object");
    assert_eq!((value["score"].as_i64(), value["threads"].as_u64()), (Some(2), Some(2)));
}

#[test]
fn zero_threads_is_refused_by_name() {
    let out = abprune(&["solve", "connect4", "--threads", "0", "4455"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("--threads"), "{stderr}");
}
