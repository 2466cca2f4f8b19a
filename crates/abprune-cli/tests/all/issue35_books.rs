//! Regression tests of issue 35's data items, run as a user runs the
//! binary: a Connect Four book that contradicts itself, a damaged or cut
//! build journal, a build that overwrote another file, FIFOs that blocked
//! forever, and endless or huge inputs read whole. Each refusal is one
//! `error:` line naming what, exit status 2.

// The helpers stop the test on any surprise, as a test should.
#![allow(clippy::unwrap_used)]

use crate::common;

use abprune_games::connect4::book::{self, Book};
use abprune_games::connect4::Connect4;
use common::{abprune_with_bytes, assert_one_line_error};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

/// Long enough for any of these commands on a busy machine; the FIFOs of
/// issue 35 blocked forever.
const LIMIT: Duration = Duration::from_secs(60);

fn run(args: &[&str]) -> Output {
    abprune_with_bytes(args, b"", LIMIT)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory of this test process for `test`.
fn dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("abp35-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn name(path: &Path) -> String {
    path.display().to_string()
}

fn shipped() -> std::sync::Arc<Book> {
    book::shipped().expect("the shipped book")
}

/// The shipped book's entries with `moves`'s score and best move (0-based,
/// in `moves`'s orientation) replaced.
fn edited_entries(moves: &str, score: i8, best: u8) -> Vec<(u64, i8, u8)> {
    let position = Connect4::from_moves(moves).expect("a position");
    let key = position.symmetric_key();
    let stored = Book::canonical_move(&position, best);
    shipped().entries().map(|entry| if entry.0 == key { (key, score, stored) } else { entry }).collect()
}

/// The shipped book edited so, its checksum recomputed, written to `path`.
fn write_edited_book(path: &Path, moves: &str, score: i8, best: u8) {
    let book = Book::from_entries(4, edited_entries(moves, score, best)).expect("entries in range");
    std::fs::write(path, book.to_bytes()).expect("a book file");
}

/// A build journal of `entries` (the format `book connect4 build` writes).
fn journal(entries: &[(u64, i8, u8)]) -> String {
    let mut text = String::from("abprune connect4 book journal v2\n");
    for (key, score, col) in entries {
        let fields = format!("{key:x} {score} {col}");
        text.push_str(&format!("{fields} {:08x}\n", crc32fast::hash(fields.as_bytes())));
    }
    text
}

#[test]
fn a_book_that_contradicts_itself_is_refused_naming_the_position() {
    let dir = dir("contra");
    // 4444 scored 3 (true 1): `solve 4444` answered 3.
    let contra = dir.join("contra.book");
    write_edited_book(&contra, "4444", 3, 3);
    let out = run(&["solve", "connect4", "--threads", "1", "4444", "--book", &name(&contra)]);
    assert_one_line_error(&out, "position 444: score -1, where its moves reach");
    assert!(text(&out.stderr).contains(&format!("book '{}' refused", name(&contra))));
    let out = run(&["book", "connect4", "info", &name(&contra)]);
    assert_one_line_error(&out, "the book contradicts itself");
    assert!(out.stdout.is_empty(), "no 'checksum ok': {}", text(&out.stdout));
    // 444 scored 5 (true -1): `analyze 44` scored column 4 as -5.
    let contra = dir.join("contra2.book");
    write_edited_book(&contra, "444", 5, 3);
    let out = run(&["analyze", "connect4", "--threads", "1", "44", "--book", &name(&contra)]);
    assert_one_line_error(&out, "position 44: score");
    // A wrong best move with the right score: 44's best is column 4.
    let right = shipped().lookup(&Connect4::from_moves("44").unwrap()).unwrap();
    let wrong = dir.join("wrongmove.book");
    write_edited_book(&wrong, "44", right.score as i8, 0);
    let out = run(&["solve", "connect4", "--threads", "1", "44", "--book", &name(&wrong)]);
    assert_one_line_error(&out, "position 44: score");
    let out = run(&["play", "connect4", "--side", "second", "--book", &name(&wrong)]);
    assert_one_line_error(&out, "the book contradicts itself");
}

#[test]
fn book_info_checks_every_position_it_claims() {
    let dir = dir("missing");
    let gone = Connect4::from_moves("4441").unwrap().symmetric_key();
    let entries = shipped().entries().filter(|entry| entry.0 != gone).collect();
    let missing = dir.join("missing.book");
    std::fs::write(&missing, Book::from_entries(4, entries).unwrap().to_bytes()).unwrap();
    let out = run(&["book", "connect4", "info", &name(&missing)]);
    assert_one_line_error(&out, "is missing (a book holds every position of up to its plies)");
    let out = run(&["book", "connect4", "info"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("every position of up to 4 stones, checked: 1, 4, 25, 121, 568 by plies"), "{stdout}");
}

/// Runs `book connect4 build --plies 4 --out DIR/b.book` with `journal`
/// as its journal: every position is in it, so nothing is solved.
fn build_from(dir: &Path, journal: &str) -> (Output, PathBuf) {
    let out = dir.join("b.book");
    std::fs::write(dir.join("b.book.journal"), journal).unwrap();
    (run(&["book", "connect4", "build", "--plies", "4", "--out", &name(&out), "--table-mib", "1"]), out)
}

#[test]
fn a_journal_rebuilds_the_shipped_book_and_a_damaged_line_is_refused() {
    let dir = dir("journal");
    let entries: Vec<_> = shipped().entries().collect();
    let (out, book) = build_from(&dir, &journal(&entries));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&book).unwrap(), shipped().to_bytes(), "the same book, byte for byte");
    assert!(!dir.join("b.book.journal").exists(), "the journal has served");
    // Issue 35: the line of 4441 scored 2 (true 4), its checksum not redone.
    std::fs::remove_file(&book).unwrap();
    let key = Connect4::from_moves("4441").unwrap().symmetric_key();
    let good = journal(&entries);
    let index = entries.iter().position(|entry| entry.0 == key).unwrap();
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    let fields: Vec<&str> = lines[index + 1].split(' ').collect();
    assert_eq!(fields[1], "4", "4441's true score");
    lines[index + 1] = format!("{} 2 {} {}", fields[0], fields[2], fields[3]);
    let (out, book) = build_from(&dir, &(lines.join("\n") + "\n"));
    assert_one_line_error(&out, &format!("line {} is damaged", index + 2));
    assert!(!book.exists());
    // A line edited with its checksum redone: 444 scored 5 (true -1) does
    // not match its moves' scores in the layer below.
    let edited = edited_entries("444", 5, 3);
    let (out, book) = build_from(&dir, &journal(&edited));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let last = stderr.lines().last().unwrap_or("");
    assert!(last.starts_with("error: the solved book does not check") && last.contains("position 44:"), "{stderr}");
    assert!(!book.exists());
}

#[test]
fn a_cut_journal_line_is_cut_before_the_resume_appends() {
    let dir = dir("cut");
    let entries: Vec<_> = shipped().entries().collect();
    // A build stopped in the middle of its last line.
    let cut = format!("{}{}", journal(&entries), "14 150");
    let (out, book) = build_from(&dir, &cut);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("cut its last 6 bytes, a line left incomplete by a stopped build"));
    assert_eq!(std::fs::read(&book).unwrap(), shipped().to_bytes());
}

#[test]
fn a_build_never_overwrites_a_file_that_is_not_a_book() {
    let dir = dir("notes");
    let notes = dir.join("notes.partial");
    std::fs::write(&notes, "my notes\n").unwrap();
    let entries: Vec<_> = shipped().entries().collect();
    std::fs::write(dir.join("notes.book.journal"), journal(&entries)).unwrap();
    let out_path = dir.join("notes.book");
    let out = run(&["book", "connect4", "build", "--plies", "4", "--out", &name(&out_path), "--table-mib", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n", "issue 35: notes.partial was destroyed");
    // --out naming the user's own file, and the temporary's name taken.
    let readme = dir.join("README.md");
    std::fs::write(&readme, "# mine\n").unwrap();
    let out = run(&["book", "connect4", "build", "--plies", "4", "--out", &name(&readme)]);
    assert_one_line_error(&out, "exists and is not a Connect Four book");
    assert_eq!(std::fs::read_to_string(&readme).unwrap(), "# mine\n");
    std::fs::write(dir.join("other.book.partial"), "not ours\n").unwrap();
    let other = dir.join("other.book");
    let out = run(&["book", "connect4", "build", "--plies", "4", "--out", &name(&other)]);
    assert_one_line_error(&out, "other.book.partial' exists and is not a Connect Four book");
}

/// A FIFO at `path` (nothing ever writes to it).
fn fifo(path: &Path) {
    let status = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(status.success());
}

#[test]
fn fifos_are_refused_not_waited_on() {
    let dir = dir("fifo");
    let pipe = dir.join("pipe");
    fifo(&pipe);
    let pipe_name = name(&pipe);
    for args in [
        vec!["book", "connect4", "info", &pipe_name],
        vec!["solve", "connect4", "--book", &pipe_name, "4"],
        vec!["solve", "connect4", "--batch", &pipe_name],
        vec!["tree", &pipe_name],
        vec!["tune", "gomoku", &pipe_name],
    ] {
        let out = run(&args);
        assert_one_line_error(&out, &format!("'{pipe_name}': not a regular file"));
    }
    // A FIFO journal.
    fifo(&dir.join("b.book.journal"));
    let out = run(&["book", "connect4", "build", "--plies", "4", "--out", &name(&dir.join("b.book"))]);
    assert_one_line_error(&out, "b.book.journal': not a regular file");
}

#[test]
fn endless_and_huge_inputs_are_refused_by_their_cap() {
    for args in [
        vec!["solve", "connect4", "--book", "/dev/zero", "4"],
        vec!["solve", "connect4", "--batch", "/dev/zero"],
        vec!["tree", "/dev/zero"],
        vec!["tune", "gomoku", "/dev/zero"],
        vec!["tune", "gomoku-order", "/dev/zero"],
        vec!["tune", "gomoku-eval", "/dev/zero"],
        vec!["bench", "gomoku-tactics", "/dev/zero"],
        vec!["bench", "connect4-curve", "--plot", "/tmp/never.svg", "/dev/zero"],
    ] {
        assert_one_line_error(&run(&args), "'/dev/zero': not a regular file");
    }
    // A 2 GiB sparse file whose header says 6,495 bytes: refused after them.
    let dir = dir("huge");
    let sparse = dir.join("sparse.book");
    let file = std::fs::File::create(&sparse).unwrap();
    std::io::Write::write_all(&mut &file, &shipped().to_bytes()).unwrap();
    file.set_len(2 << 30).unwrap();
    let started = Instant::now();
    let out = run(&["book", "connect4", "info", &name(&sparse)]);
    assert_one_line_error(&out, "padded: more than the 6495 bytes its header says");
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
    std::fs::remove_file(&sparse).unwrap();
    // Standard input past its cap: the cap is named.
    let endless = vec![b'('; (64 << 20) + 1];
    let out = abprune_with_bytes(&["tree", "-"], &endless, LIMIT);
    assert_one_line_error(&out, "tree on standard input is longer than the limit of 67108864 bytes (64 MiB)");
    let out = abprune_with_bytes(&["solve", "connect4", "--batch", "-"], &endless, LIMIT);
    assert_one_line_error(&out, "batch on standard input is longer than the limit of 67108864 bytes (64 MiB)");
}

#[test]
fn play_keeps_only_the_start_of_a_huge_line() {
    let mut input = vec![b'4'; 10 << 20];
    input.extend_from_slice(b"\nq\n");
    let out = abprune_with_bytes(&["play", "connect4", "--side", "first", "--threads", "1"], &input, LIMIT);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("'a line of 10485760 bytes' is not a column"), "{}", text(&out.stdout));
    let out = abprune_with_bytes(&["play", "gomoku", "--size", "7"], &input, LIMIT);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("a line of 10485760 bytes is not a move"), "{}", text(&out.stdout));
}
