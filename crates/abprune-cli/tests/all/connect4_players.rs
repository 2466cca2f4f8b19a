//! `abprune analyze connect4`, `play connect4` and `book connect4` as a
//! user runs them: every column's score against separate solves, a game
//! piped in (with typos, scores on request and undo), and book files good,
//! damaged and foreign.

use crate::common;

use std::path::PathBuf;
use std::process::Output;
use std::time::Duration;

fn abprune(args: &[&str], stdin: &str) -> Output {
    common::abprune_with_bytes(args, stdin.as_bytes(), Duration::from_secs(120))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A Test_L3_R1 position: column 7 is full, column 5 wins.
const POSITION: &str = "67152117737262713366376314254";

/// The score `solve connect4` gives the position after `moves`.
fn solved(moves: &str) -> i64 {
    let out = abprune(&["solve", "connect4", "--json", "--threads", "1", moves], "");
    assert!(out.status.success(), "{moves}: {}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    value["score"].as_i64().expect("a score")
}

#[test]
fn analyze_prints_every_columns_score_as_separate_solves_give_it() {
    let out = abprune(&["analyze", "connect4", "--json", "--threads", "1", POSITION], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let scores = value["scores"].as_array().expect("scores").clone();
    assert_eq!(scores.len(), 7);
    for (index, score) in scores.iter().enumerate() {
        let child = format!("{POSITION}{}", index + 1);
        if index == 6 {
            assert!(score.is_null(), "column 7 is full");
            continue;
        }
        assert_eq!(score.as_i64(), Some(-solved(&child)), "column {}", index + 1);
    }
    assert_eq!(value["best_move"], 5);
    let text_out = abprune(&["analyze", "connect4", POSITION], "");
    let stdout = text(&text_out.stdout);
    assert!(stdout.contains("score     -5   -5   -5   -1    6   -5    -"), "{stdout}");
    assert!(stdout.contains("best   5  (score 6"), "{stdout}");
    let weak = abprune(&["analyze", "connect4", "--weak", POSITION], "");
    assert!(text(&weak.stdout).contains("score   loss loss loss loss  win loss    -"), "{}", text(&weak.stdout));
}

#[test]
fn analyze_refuses_bad_positions_in_one_line() {
    for (moves, expected) in [("48", "columns are 1 to 7"), ("1111111", "column 1 is full")] {
        let out = abprune(&["analyze", "connect4", moves], "");
        assert_eq!(out.status.code(), Some(2), "{moves}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with("error: invalid position: ") && stderr.contains(expected), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// A middle game where the engine (second) answers in milliseconds.
const START: &str = "4453544535";

#[test]
fn play_takes_piped_input_with_typos_scores_and_undo() {
    let input = "x9\n2\nfoo\n9\n\n\u{1b}[A\nscores\n1\nundo\n2\nquit\n";
    let out = abprune(&["play", "connect4", "--moves", START, "--threads", "1", "--no-book"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("'x9': answer 1 (first) or 2 (second)"), "{stdout}");
    assert!(stdout.contains("'foo' is not a column (1-7) or a command"), "{stdout}");
    assert!(stdout.contains("'9' is not a column"), "{stdout}");
    assert!(stdout.contains("column     1    2    3    4    5    6    7"), "scores on request: {stdout}");
    assert!(stdout.matches("abprune plays").count() >= 1, "{stdout}");
    assert!(!text(&out.stderr).contains("panicked"));
}

#[test]
fn play_plays_perfectly_to_the_end_and_ends_at_end_of_input() {
    // The person plays the first free column every move; the engine wins.
    let input = "1\n".to_string() + &"1\n2\n3\n4\n5\n6\n7\n".repeat(8);
    let out = abprune(&["play", "connect4", "--moves", START, "--threads", "1", "--no-book"], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("abprune wins"), "{stdout}");
    // End of input before the game ends: a clean exit.
    let out = abprune(&["play", "connect4", "--moves", START, "--side", "first", "--no-book"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("bye"));
}

#[test]
fn play_refuses_a_bad_start_and_undo_needs_a_move() {
    let out = abprune(&["play", "connect4", "--moves", "48", "--side", "first"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("invalid --moves"), "{}", text(&out.stderr));
    let out = abprune(&["play", "connect4", "--moves", START, "--side", "first", "--no-book"], "undo\nq\n");
    assert!(text(&out.stdout).contains("nothing to undo"), "{}", text(&out.stdout));
}

fn shipped_book() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../abprune-games/books/connect4.book")
}

fn scratch(name: &str) -> PathBuf {
    // Short: error messages cut names longer than 40 characters.
    let dir = std::env::temp_dir().join(format!("abp{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

#[test]
fn a_damaged_or_foreign_book_is_an_error_naming_the_file() {
    let foreign = scratch("foreign.book");
    std::fs::write(&foreign, "MOVES SCORE\n4453 1\n").unwrap();
    let foreign_name = foreign.display().to_string();
    for args in [
        vec!["solve", "connect4", "--book", &foreign_name, "4"],
        vec!["analyze", "connect4", "--book", &foreign_name, "4"],
        vec!["play", "connect4", "--book", &foreign_name, "--side", "first"],
        vec!["book", "connect4", "info", &foreign_name],
    ] {
        let out = abprune(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(&format!("book '{foreign_name}' refused")), "{stderr}");
        assert!(stderr.contains("not an abprune Connect Four book"), "{stderr}");
    }
    let out = abprune(&["solve", "connect4", "--book", "/nonexistent/book", "4"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read book '/nonexistent/book'"));
    let bytes = std::fs::read(shipped_book()).expect("the shipped book's file");
    let mut damaged = bytes.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x10;
    let damaged_path = scratch("damaged.book");
    std::fs::write(&damaged_path, damaged).unwrap();
    let name = damaged_path.display().to_string();
    let out = abprune(&["solve", "connect4", "--book", &name, "4"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(&format!("book '{name}' refused")) && stderr.contains("checksum"), "{stderr}");
}

#[test]
fn the_shipped_book_answers_at_once() {
    let book = shipped_book();
    let name = book.display().to_string();
    let out = abprune(&["book", "connect4", "info", &name], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("checksum    ok"));
    let out = abprune(&["analyze", "connect4", "--json", ""], "");
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(value["scores"], serde_json::json!([-2, -1, 0, 1, 0, -1, -2]));
    assert_eq!(value["nodes"], 0);
    let out = abprune(&["solve", "connect4", "--json", ""], "");
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!((value["score"].as_i64(), value["from_book"].as_bool()), (Some(1), Some(true)));
    assert_eq!(value["best_move"], 4);
}
