//! Issue 55, the command line's half: endless lines refused while read,
//! gomocup's END and STOP during a search, backgammon positions no game
//! reaches, the label files checked line by line and cut where torn, one
//! duration syntax, the tree's default search and its leaf bounds.

use crate::common::brain::Brain;
use crate::common::{abprune_with_stdin, assert_one_line_error, temp_file};
use abprune_games::backgammon::board::{Board, SLOTS};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a refusal of endless input may take on a busy machine.
const LIMIT: Duration = Duration::from_secs(60);

/// Runs `abprune ARGS < /dev/zero`, killed (a failure) after [`LIMIT`].
fn on_dev_zero(args: &[&str]) -> Output {
    let zero = std::fs::File::open("/dev/zero").expect("/dev/zero");
    let child = Command::new(env!("CARGO_BIN_EXE_abprune"))
        .args(args)
        .stdin(Stdio::from(zero))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let id = child.id();
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(LIMIT);
        // The process may be gone: then kill only finds nothing.
        let _ = Command::new("kill").arg(id.to_string()).status();
    });
    let started = Instant::now();
    let output = child.wait_with_output().expect("the binary ends");
    assert!(started.elapsed() < LIMIT, "abprune {args:?} < /dev/zero ran until killed");
    drop(watchdog);
    output
}

#[test]
fn item_11_every_line_reader_refuses_an_endless_line() {
    for command in [&["backgammon", "moves", "--batch"][..], &["backgammon", "search", "--batch", "--depth", "1"]] {
        assert_one_line_error(&on_dev_zero(command), "standard input line 1: longer than the limit of 1000 bytes");
    }
    for command in [&["gomocup"][..], &["play", "connect4"], &["play", "gomoku", "--time", "50ms"]] {
        let output = on_dev_zero(command);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command:?}: {stderr}");
        assert!(stderr.contains("without an end of line"), "{command:?}: {stderr}");
    }
}

/// Waits for the brain to exit after END; its answers on the way.
fn answers_until_exit(brain: &mut Brain) -> Vec<String> {
    let started = Instant::now();
    loop {
        if let Some(status) = brain.child.try_wait().expect("the brain runs") {
            assert!(status.success(), "exit status {status}");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the brain still searched 10 s after END");
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut answers = Vec::new();
    while let Ok(line) =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| brain.answer_within(Duration::from_millis(500))))
    {
        answers.push(line);
    }
    answers
}

#[test]
fn item_12_end_stops_a_search_at_once_and_no_move_is_printed() {
    let mut brain = Brain::start();
    brain.send("START 15");
    assert_eq!(brain.answer(), "OK");
    // All at once: END is read while the TURN waits or searches.
    brain.send("INFO timeout_turn 60000\nINFO timeout_match 600000\nTURN 7,7\nEND");
    let answers = answers_until_exit(&mut brain);
    assert!(answers.iter().all(|answer| !answer.contains(',')), "no move after END: {answers:?}");
}

#[test]
fn item_12_yxstop_and_stop_end_the_search_with_its_move() {
    for stop in ["YXSTOP", "STOP"] {
        let mut brain = Brain::start();
        brain.send("START 15");
        assert_eq!(brain.answer(), "OK");
        let sent = Instant::now();
        brain.send(&format!("INFO timeout_turn 60000\nINFO timeout_match 600000\nTURN 7,7\n{stop}"));
        let answer = brain.answer_within(Duration::from_secs(20));
        assert!(answer.contains(','), "{stop}: a move, not {answer:?}");
        assert!(sent.elapsed() < Duration::from_secs(20), "{stop} did not stop the search");
        // Between searches STOP is no command to answer.
        brain.send(stop);
        assert!(brain.answers_until_sync(Duration::from_secs(20)).is_empty());
        brain.end();
    }
}

/// The ID of a board whose first side (`counts[1]`, not on roll) has
/// `theirs` checkers on its ace point and the side on roll `mine` on its six.
fn id_of(mine: u8, theirs: u8) -> String {
    let mut board = Board { counts: [[0; SLOTS]; 2] };
    board.counts[0][5] = mine;
    board.counts[1][0] = theirs;
    abprune_games::backgammon::position_id::encode(&board, 0)
}

#[test]
fn item_16_positions_no_game_reaches_are_refused_and_a_finished_game_says_so() {
    for (id, why) in [
        ("AAAAAAAAAAAAAA", "neither side has a checker left"),
        ("4HPwATDgc/ABMB", "padding bits after the 80-bit key are not zero"),
        ("//8AAAAAAAAAAA", "more than 15 checkers"),
    ] {
        for command in
            [&["backgammon", "moves", id, "31"][..], &["backgammon", "choose", id, "31"], &["backgammon", "show", id]]
        {
            assert_one_line_error(&abprune_with_stdin(command, ""), why);
        }
        assert_one_line_error(&abprune_with_stdin(&["backgammon", "moves", "--batch"], &format!("{id} 31\n")), why);
    }
    let mut board = Board { counts: [[0; SLOTS]; 2] };
    board.counts[0][5] = 1;
    board.counts[1][0] = 15;
    board.counts[1][1] = 1;
    let sixteen = abprune_games::backgammon::position_id::encode(&board, 0);
    assert_one_line_error(&abprune_with_stdin(&["backgammon", "show", &sixteen], ""), "16 checkers");
    // The first side has borne off all fifteen: the game is over.
    let over = id_of(3, 0);
    for command in [&["backgammon", "moves", &over, "31"][..], &["backgammon", "choose", &over, "31"]] {
        assert_one_line_error(&abprune_with_stdin(command, ""), "the game is over");
    }
    assert_one_line_error(&abprune_with_stdin(&["backgammon", "moves", "--batch"], &format!("{over} 31\n")), "line 1");
    let shown = abprune_with_stdin(&["backgammon", "show", &over], "");
    assert!(shown.status.success(), "a finished game is shown: {}", String::from_utf8_lossy(&shown.stderr));
}

#[test]
fn item_18_start_names_the_opening_and_time_reads_as_in_gomoku() {
    let by_word = abprune_with_stdin(&["backgammon", "moves", "start", "31"], "");
    let by_id = abprune_with_stdin(&["backgammon", "moves", "4HPwATDgc/ABMA", "31"], "");
    assert!(by_word.status.success() && by_word.stdout == by_id.stdout && !by_id.stdout.is_empty());
    assert!(abprune_with_stdin(&["backgammon", "show", "START"], "").status.success());
    for time in ["1s", "300ms", "0.3"] {
        let chosen = abprune_with_stdin(&["backgammon", "choose", "start", "31", "--time", time, "--depth", "2"], "");
        assert!(chosen.status.success(), "--time {time}: {}", String::from_utf8_lossy(&chosen.stderr));
    }
    assert_one_line_error(
        &abprune_with_stdin(&["backgammon", "choose", "start", "31", "--time", "soon"], ""),
        "'soon' is not a duration",
    );
    assert_one_line_error(&abprune_with_stdin(&["backgammon", "choose", "start", "31", "--time", "0s"], ""), "above 0");
    assert!(abprune_with_stdin(&["solve", "gomoku", "--size", "9", "--time", "0.2", "e5"], "").status.success());
}

/// The docs' example of `moves`, as the binary prints it.
#[test]
fn item_17_the_docs_moves_example_is_what_the_binary_prints() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/backgammon.md")).expect("docs");
    let example: Vec<&str> = docs
        .lines()
        .skip_while(|line| !line.starts_with("$ abprune backgammon moves 4HPwATDgc/ABMA 31"))
        .skip(1)
        .take(3)
        .collect();
    let printed = abprune_with_stdin(&["backgammon", "moves", "4HPwATDgc/ABMA", "31"], "");
    let printed: Vec<String> = String::from_utf8_lossy(&printed.stdout).lines().take(3).map(String::from).collect();
    assert_eq!(example, printed);
    let tree_docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/tree.md")).expect("docs");
    let usage: String = tree_docs.lines().skip_while(|line| !line.starts_with("abprune tree [")).take(6).collect();
    let help = String::from_utf8_lossy(&abprune_with_stdin(&["tree", "--help"], "").stdout).to_string();
    for option in
        help.lines().filter_map(|line| line.trim().strip_prefix("--")).map(|rest| rest.split(' ').next().unwrap_or(""))
    {
        if option != "help" {
            assert!(usage.contains(&format!("--{option}")), "docs/tree.md's usage lacks --{option}");
        }
    }
}

#[test]
fn item_18_and_15_a_chance_tree_gets_star2_by_default_and_its_bounds_say_why() {
    let tree = temp_file("issue55", "equal.tree", "{ 1/2 3 1/2 3 }");
    let tree = tree.to_str().expect("utf-8 path");
    let text = abprune_with_stdin(&["tree", tree], "");
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(text.status.success() && stdout.contains("star2"), "{stdout}");
    assert!(stdout.contains("L = 3, U = 4 (every leaf is 3; widened by one"), "{stdout}");
    let json = String::from_utf8_lossy(&abprune_with_stdin(&["tree", tree, "--json"], "").stdout).to_string();
    assert!(json.contains("\"bounds\":[3,4],\"bounds_reason\":\"every leaf is 3"), "{json}");
    assert_one_line_error(&abprune_with_stdin(&["tree", tree, "--algo", "alphabeta"], ""), "use --algo expectiminimax");
}

#[test]
fn item_14_a_window_end_beyond_64_bits_says_the_limit() {
    let tree = temp_file("issue55", "chance.tree", "{ 1/2 3 1/2 5 }");
    let args = ["tree", tree.to_str().expect("utf-8 path"), "--algo", "star1", "--window"];
    for window in ["0,99999999999999999999", "1/99999999999999999999,3", "-99999999999999999999,0"] {
        let output = abprune_with_stdin(&[&args[..], &[window]].concat(), "");
        assert_one_line_error(&output, "is beyond 64 bits");
    }
}

/// Two positions of one game, labelled as `tune gomoku-label` writes them.
const LABELLED: &str = "15,Freestyle,H8I9,1,J10(12)\n15,Freestyle,H8I9J10,1,G7(-5)\n";

#[test]
fn item_8_an_out_that_is_not_a_regular_file_is_refused() {
    let input = temp_file("issue55-out", "input.txt", LABELLED);
    let input = input.to_str().expect("utf-8 path");
    for out in ["/dev/full", "/dev/zero", "/tmp"] {
        let output = abprune_with_stdin(&["tune", "gomoku-label", "--out", out, "--depth", "1", input], "");
        assert_one_line_error(&output, "not a regular file");
        let output = abprune_with_stdin(&["tune", "gomoku-eval", "--out", out, input], "");
        assert_one_line_error(&output, "not a regular file");
    }
}

#[test]
fn items_9_and_10_label_files_are_checked_line_by_line_and_a_torn_tail_cut() {
    let input = temp_file("issue55-label", "input.txt", LABELLED);
    let input = input.to_str().expect("utf-8 path");
    // A torn last line (a killed run) is cut, then the run goes on.
    let out = temp_file("issue55-label", "torn.txt", "15,Freestyle,H8I9,1,J10(12)\n15,Freestyle,H8I9J");
    let run = |out: &std::path::Path| {
        abprune_with_stdin(
            &[
                "tune",
                "gomoku-label",
                "--out",
                out.to_str().expect("utf-8"),
                "--depth",
                "1",
                "--min-stones",
                "2",
                input,
            ],
            "",
        )
    };
    let output = run(&out);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cut its last 18 bytes"));
    let text = std::fs::read_to_string(&out).expect("out");
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.lines().all(|line| line.split(',').count() == 5 && line.ends_with(')')), "{text}");
    // A junk line, an extra field, a best move on a stone: file and line named.
    for (junk, why) in [
        ("hello\n", "fields"),
        ("15,Freestyle,H8I9,1,J10(12),extra\n", "6 fields"),
        ("15,Freestyle,H8I9,1,H8(12)\n", "occupied"),
        ("15,Freestyle,H8I9,1,Z99(12)\n", "off the 15x15 board"),
        ("15,Freestyle,H8I9,1,J10(x)\n", "not a value"),
        ("15,Freestyle,H8I9,1,J10K11(3)\n", "not one best move"),
    ] {
        let out = temp_file("issue55-label", "junk.txt", format!("15,Freestyle,H8,1,I9(3)\n{junk}"));
        let output = run(&out);
        assert_one_line_error(&output, "junk.txt' line 2: ");
        assert_one_line_error(&output, why);
        let eval = abprune_with_stdin(&["tune", "gomoku-eval", out.to_str().expect("utf-8")], "");
        assert_one_line_error(&eval, "junk.txt line 2: ");
    }
}
