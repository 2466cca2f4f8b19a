//! `abprune tree` and `abprune solve tictactoe` as a user runs them.

use crate::common;

use common::abprune_with_stdin;
use std::process::{Command, Output};

fn abprune(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_abprune")).args(args).output().expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json(output: &Output) -> serde_json::Value {
    assert!(output.status.success(), "{}", stderr(output));
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON object")
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    common::temp_file("cli-test", name, contents)
}

/// A bad input: exit status 2, one `error:` line naming the problem, no panic.
fn assert_refused(output: &Output, expected: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "stderr: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(expected), "expected {expected:?} in {err:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(output.stdout.is_empty(), "nothing on stdout: {}", stdout(output));
}

const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";

#[test]
fn textbook_tree_golden_counts() {
    let path = temp_file("textbook.txt", TEXTBOOK);
    let path = path.to_str().unwrap();
    let ab = json(&abprune(&["tree", "--json", path]));
    assert_eq!(
        ab,
        serde_json::json!({"value": 3, "pv": [0, 0], "leaves": 7, "nodes": 11, "alpha_cutoffs": 1, "beta_cutoffs": 0})
    );
    let mm = json(&abprune(&["tree", "--json", "--algo", "minimax", path]));
    assert_eq!(mm["leaves"], 9);
    assert_eq!(mm["value"], 3);
    let f1 = json(&abprune(&["tree", "--json", "--algo", "f1", path]));
    assert_eq!(f1["pv"], serde_json::Value::Null);
    assert_eq!(f1["value"], 3);
    let keys: Vec<&String> = ab.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["value", "pv", "leaves", "nodes", "alpha_cutoffs", "beta_cutoffs"]);
}

#[test]
fn built_in_tree_shows_both_kinds_of_cutoff() {
    let out = abprune(&["tree"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for line in [
        "value           6",
        "pv              B B1 B11 0",
        "leaves          9 of 15",
        "alpha cut-offs  3",
        "beta cut-offs   1",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

#[test]
fn windows_report_the_theorem_case() {
    let low = stdout(&abprune(&["tree", "--algo", "failsoft", "--window", "7,9"]));
    assert!(low.contains("failed low, the true value is <= "), "{low}");
    let inside = stdout(&abprune(&["tree", "--window=-5,10"]));
    assert!(inside.contains("the true value is exactly 6"), "{inside}");
    let high = stdout(&abprune(&["tree", "--algo", "alphabeta", "--window", "0,2"]));
    assert!(high.contains("failed high, the true value is >= 2"), "{high}");
    let bound = stdout(&abprune(&["tree", "--algo", "f1", "--bound", "10"]));
    assert!(bound.contains("true value is exactly 6"), "{bound}");
}

#[test]
fn stdin_and_random_trees() {
    let out = abprune_with_stdin(&["tree", "--json", "-"], "# comment\n((1 2) (3 4))\n");
    assert_eq!(json(&out)["value"], 3);
    let printed = abprune(&["tree", "--random", "2,3", "--seed", "5", "--print-tree"]);
    let text = stdout(&printed);
    assert_eq!(text.matches('(').count(), 7, "{text}");
    let again = abprune_with_stdin(&["tree", "--json", "-"], &text);
    let direct = abprune(&["tree", "--json", "--random", "2,3", "--seed", "5"]);
    assert_eq!(json(&again), json(&direct), "a printed random tree reads back as the same tree");
}

#[test]
fn svg_is_written() {
    let path = temp_file("out.svg", "");
    let out = abprune(&["tree", "--svg", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
}

#[test]
fn malformed_trees_are_refused_with_line_and_column() {
    let cases = [
        ("unbalanced.txt", "(1\n (2 3)", "line 1, column 1: '(' opened here is never closed"),
        ("extra.txt", "(1 2))", "line 1, column 6: unexpected ')'"),
        ("empty_node.txt", "(1\n  ())", "line 2, column 3: empty node"),
        ("not_integer.txt", "(1 two)", "line 1, column 4: leaf 'two' is not an integer"),
        ("overflow.txt", "(1 12345678901234567890)", "line 1, column 4: leaf '12345678901234567890' is out of range"),
        ("empty.txt", "  # nothing\n", "empty input"),
    ];
    for (name, text, expected) in cases {
        let path = temp_file(name, text);
        assert_refused(&abprune(&["tree", path.to_str().unwrap()]), expected);
    }
}

#[test]
fn impossible_options_are_refused() {
    assert_refused(&abprune(&["tree", "--window", "5,5"]), "alpha must be below beta");
    assert_refused(&abprune(&["tree", "--window", "6,2"]), "alpha must be below beta");
    assert_refused(&abprune(&["tree", "--window", "x,2"]), "invalid --window value 'x'");
    assert_refused(&abprune(&["tree", "--algo", "quantum"]), "invalid value 'quantum'");
    assert_refused(
        &abprune(&["tree", "--algo", "negamax", "--window", "1,2"]),
        "--window applies to alphabeta, failsoft, pvs, star1 and star2, not negamax",
    );
    assert_refused(&abprune(&["tree", "--bound", "3"]), "--bound applies to f1 only");
    assert_refused(&abprune(&["tree", "/nonexistent/tree.txt"]), "cannot read tree '/nonexistent/tree.txt'");
    assert_refused(&abprune(&["tree", "--random", "0,3"]), "branching must be at least 1");
    assert_refused(&abprune(&["tree", "--random", "9,12"]), "nodes; the limit is");
    assert_refused(&abprune(&["tree", "--random", "2"]), "expected B,D");
}

#[test]
fn tictactoe_is_a_draw_for_every_algorithm() {
    let out = abprune(&["solve", "tictactoe"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().filter(|line| line.contains(" draw ")).collect();
    assert_eq!(rows.len(), 7, "{text}");
    assert!(text.lines().any(|line| line.starts_with("minimax") && line.contains("549946")), "{text}");
    assert_refused(&abprune(&["solve", "tictactoe", "4", "4"]), "the cell is taken");
    assert_refused(&abprune(&["solve", "tictactoe", "9"]), "'9' is not a cell");
}
