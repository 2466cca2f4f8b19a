//! `abprune tree` with chance nodes, as a user runs it: chance trees read
//! and printed, random *-minimax trees made with `--chance-fanout`, and a
//! chance tree refused by the deterministic algorithms with a one-line error.

use crate::common;

use common::{abprune_with_stdin, assert_one_line_error};
use std::process::{Command, Output};

fn abprune(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_abprune")).args(args).output().expect("the binary runs")
}

fn printed(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

const DICE: &str = "( 2  c:{ 1/2 3  1/3 (4 5)  0.125 -2  1/24 7 } )\n";

#[test]
fn a_chance_tree_prints_back_exactly() {
    let text = printed(&abprune_with_stdin(&["tree", "-", "--print-tree"], DICE));
    assert_eq!(text, "(2 c:{1/2 3 1/3 (4 5) 1/8 -2 1/24 7})\n");
    let again = printed(&abprune_with_stdin(&["tree", "-", "--print-tree"], &text));
    assert_eq!(again, text);
}

#[test]
fn deterministic_algorithms_refuse_chance_trees() {
    for algo in ["alphabeta", "minimax", "pvs", "mtdf", "f1"] {
        let output = abprune_with_stdin(&["tree", "-", "--algo", algo, "--json"], DICE);
        assert_one_line_error(&output, "the tree has chance nodes");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(&format!("which {algo} cannot")), "{stderr}");
        assert!(stderr.contains("expectiminimax, star1 or star2"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn bad_probabilities_are_refused_with_line_and_column() {
    let output = abprune_with_stdin(&["tree", "-"], "(1\n {1/2 2 1/3 3})");
    assert_one_line_error(&output, "stdin: line 2, column 2: the probabilities of this chance node sum to 5/6, not 1");
    let output = abprune_with_stdin(&["tree", "-"], "{1/2 2 3}");
    assert_one_line_error(&output, "line 1, column 8: missing probability before '3'");
    let output = abprune_with_stdin(&["tree", "-"], "{0/2 2 1 3}");
    assert_one_line_error(&output, "zero probability '0/2'");
    let output = abprune_with_stdin(&["tree", "-"], "{1//2 2}");
    assert_one_line_error(&output, "malformed fraction '1//2'");
}

#[test]
fn random_star_minimax_trees_are_regular_and_seeded() {
    let args = ["tree", "--random", "3,4", "--chance-fanout", "2", "--seed", "5", "--print-tree"];
    let text = printed(&abprune(&args));
    assert_eq!(text, printed(&abprune(&args)), "the same seed gives the same tree");
    // MAX (3 children), 3 chance nodes (2 outcomes), 6 MIN nodes, 18 chance nodes.
    assert_eq!(text.matches('{').count(), 3 + 18);
    assert_eq!(text.matches('(').count(), 1 + 6);
    assert_eq!(text.matches("1/2 ").count(), 2 * 21);
    // What it prints is a tree the command reads back.
    assert_eq!(printed(&abprune_with_stdin(&["tree", "-", "--print-tree"], &text)), text);
    let other = printed(&abprune(&["tree", "--random", "3,4", "--chance-fanout", "2", "--seed", "6", "--print-tree"]));
    assert_ne!(text, other);
    let random = ["tree", "--random", "2,3", "--chance-fanout", "3", "--probabilities", "random", "--print-tree"];
    let text = printed(&abprune(&random));
    assert!(!text.contains("1/3 ") || text.matches("1/3 ").count() < 6, "random probabilities: {text}");
    assert_eq!(printed(&abprune_with_stdin(&["tree", "-", "--print-tree"], &text)), text);
}

#[test]
fn random_star_minimax_options_are_checked() {
    assert_one_line_error(&abprune(&["tree", "--random", "2,4", "--chance-fanout", "2"]), "the tree has chance nodes");
    assert_one_line_error(&abprune(&["tree", "--random", "2,4", "--chance-fanout", "0"]), "at least 1");
    assert_one_line_error(&abprune(&["tree", "--chance-fanout", "2"]), "--random");
    assert_one_line_error(&abprune(&["tree", "--random", "2,2", "--probabilities", "random"]), "--chance-fanout");
    let output = abprune(&["tree", "--random", "2,2", "--chance-fanout", "2", "--probabilities", "dice"]);
    assert_one_line_error(&output, "dice");
    let output = abprune(&["tree", "--random", "10,14", "--chance-fanout", "10", "--print-tree"]);
    assert_one_line_error(&output, "the limit is");
}
