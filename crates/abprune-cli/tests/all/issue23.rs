//! Regression tests of issue 23 for the CLI: `--set` switches given twice
//! or empty, and the Gomocup brain's rule bits and board sizes.

use crate::common;

use common::{abprune_with_bytes, abprune_with_stdin, assert_one_line_error};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(60);

fn run(args: &[&str]) -> std::process::Output {
    abprune_with_bytes(args, b"", LIMIT)
}

#[test]
fn failure_16_a_switch_given_twice_is_refused() {
    for (switches, expected) in [
        ("vcf=on,vcf=off", "'vcf' is given twice ('vcf=on' and 'vcf=off')"),
        ("table=1,table=2", "'table' is given twice"),
        ("lmr=off,vct=on,lmr=off", "'lmr' is given twice"),
    ] {
        assert_one_line_error(&run(&["solve", "gomoku", "--set", switches, "h8"]), expected);
        assert_one_line_error(&run(&["play", "gomoku", "--set", switches]), expected);
        let brain = abprune_with_stdin(&["gomocup", "--set", switches], "END\n");
        assert_one_line_error(&brain, expected);
    }
}

#[test]
fn failure_16_an_empty_switch_is_refused() {
    for switches in [",,,", "vcf=on,", ",vcf=on", "vcf=on,,table=2", " , "] {
        assert_one_line_error(&run(&["solve", "gomoku", "--set", switches, "h8"]), "has an empty switch");
    }
    // No switches at all is the default, and a list that sets each switch once is taken.
    let solved = run(&["solve", "gomoku", "--set", "", "--depth", "2", "--threads", "1", "h8"]);
    assert!(solved.status.success(), "{}", String::from_utf8_lossy(&solved.stderr));
    let solved = run(&["solve", "gomoku", "--set", "vcf=off, table=2", "--depth", "2", "--threads", "1", "h8"]);
    assert!(solved.status.success(), "{}", String::from_utf8_lossy(&solved.stderr));
}

/// The brain's answers to `input` (a session ending in END), one per line.
fn brain_answers(input: &str) -> Vec<String> {
    let out = abprune_with_stdin(&["gomocup", "--threads", "1"], input);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|line| !line.starts_with("MESSAGE") && !line.starts_with("DEBUG"))
        .map(str::to_string)
        .collect()
}

#[test]
fn failure_18_rule_bits_the_brain_cannot_play_are_errors() {
    for (bits, expected) in [
        ("2", "ERROR INFO rule: a continuous game (2) is not supported; the rule stays freestyle"),
        ("3", "ERROR INFO rule: a continuous game (2) is not supported"),
        ("8", "ERROR INFO rule: caro (8) is not supported"),
        ("16", "ERROR INFO rule: 16 is not a rule (its bits: 1 exactly five, 2 continuous game, 4 renju, 8 caro)"),
        ("4294967296", "ERROR INFO rule: 4294967296 is not a rule"),
    ] {
        let answers = brain_answers(&format!("INFO rule {bits}\nSTART 15\nEND\n"));
        assert!(answers[0].starts_with(expected), "rule {bits}: {answers:?}");
        assert_eq!(answers[1], "OK", "rule {bits}: the brain goes on");
    }
    // The rules it plays are taken without a word.
    for bits in ["0", "1", "4", "5"] {
        assert_eq!(brain_answers(&format!("INFO rule {bits}\nSTART 15\nEND\n")), ["OK"], "rule {bits}");
    }
}

#[test]
fn failure_18_a_bad_start_quotes_its_input_once() {
    let answers = brain_answers("START x9\nSTART 15 15\nRECTSTART 20\nRECTSTART a,b\nSTART 4\nSTART 15\nEND\n");
    assert_eq!(answers[0], "ERROR START needs the board size, a number such as 15, not 'x9'");
    assert_eq!(answers[1], "ERROR START needs the board size, a number such as 15, not '15 15'");
    assert_eq!(answers[2], "ERROR RECTSTART needs width,height, two numbers such as 20,15, not '20'");
    assert_eq!(answers[3], "ERROR RECTSTART needs width,height, two numbers such as 20,15, not 'a,b'");
    assert!(answers[4].starts_with("ERROR unsupported size 4x4"), "{answers:?}");
    assert_eq!(answers[5], "OK");
}
