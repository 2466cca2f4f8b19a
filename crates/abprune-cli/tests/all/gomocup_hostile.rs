//! `abprune gomocup` under hostile input (issue 15): lines that are not
//! text, lines of megabytes, END inside BOARD, the memory budget, and
//! random sessions of commands, bad lines and games checked against the
//! tests' own board.

use crate::common::brain::Brain;
use abprune_games::{Gomoku, Point, Rule};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// How long any reply may take beyond the turn limit on a busy machine.
const MARGIN: Duration = Duration::from_millis(1500);

fn point(answer: &str) -> Point {
    let (x, y) = answer.split_once(',').unwrap_or_else(|| panic!("'{answer}' is not x,y"));
    let number = |text: &str| text.trim().parse().unwrap_or_else(|_| panic!("'{answer}' is not x,y"));
    Point { x: number(x), y: number(y) }
}

#[test]
fn failure_3_a_line_that_is_not_text_gets_error_and_the_brain_goes_on() {
    let mut brain = Brain::start();
    brain.send("START 15");
    assert_eq!(brain.answer(), "OK");
    brain.send_bytes(b"\xff");
    assert_eq!(brain.answer(), "ERROR the line is not UTF-8 text: '\\xff'");
    brain.send_bytes(b"TURN 7,7\xc3");
    assert!(brain.answer().starts_with("ERROR the line is not UTF-8 text"));
    brain.send_bytes(b"\xef\xbb\xbfABOUT");
    assert!(brain.answer().starts_with("name=\"abprune\""), "a byte-order mark is accepted");
    brain.send("INFO timeout_turn 100");
    brain.send("TURN 7,7");
    point(&brain.answer());
    brain.end();
}

#[test]
fn failure_4_end_inside_board_ends_the_brain() {
    let mut brain = Brain::start();
    brain.send("START 15");
    assert_eq!(brain.answer(), "OK");
    brain.send("BOARD");
    brain.send("7,7,1");
    brain.end(); // stdin stays open: only END can end it
}

#[test]
fn a_line_of_megabytes_is_refused_without_being_echoed() {
    let mut brain = Brain::start();
    brain.send_bytes(&vec![b'Q'; 20_000_000]);
    let answer = brain.answer();
    assert!(answer.starts_with("ERROR a line of 20000000 bytes, beyond the limit of 4096"), "{}", &answer[..100]);
    assert!(answer.len() < 200, "{} bytes", answer.len());
    brain.send(&format!("FROB{}", "\u{1b}[31m".repeat(100)));
    let answer = brain.answer();
    assert!(answer.starts_with("UNKNOWN command 'FROB\\u{1b}[31m") && answer.len() < 200, "{answer}");
    brain.send("START 15");
    assert_eq!(brain.answer(), "OK");
    brain.end();
}

#[test]
fn replies_use_one_notation_and_a_huge_turn_time_is_no_limit() {
    let mut brain = Brain::start();
    brain.send("START 15");
    assert_eq!(brain.answer(), "OK");
    brain.send("INFO timeout_turn 100");
    brain.send("TURN 7,7");
    let reply = point(&brain.answer());
    brain.send("TURN 7,7");
    assert_eq!(brain.answer(), "ERROR TURN 7,7: 7,7 is already occupied");
    brain.send("TAKEBACK 7,7");
    assert_eq!(brain.answer(), format!("ERROR TAKEBACK 7,7: 7,7 is not the last move ({},{} is)", reply.x, reply.y));
    brain.send("INFO thread_num 100000");
    assert!(brain.answer().contains("the range is 1 to 1024"));
    brain.send("INFO max_memory 99999999999999999999999");
    assert!(brain.answer().contains("out of range"));
    // A turn time beyond what the clock can hold (once a panic): no limit,
    // on a board the engine solves at once.
    brain.send("START 5");
    assert_eq!(brain.answer(), "OK");
    brain.send("INFO timeout_turn 18446744073709551615");
    brain.send("BOARD");
    for stone in [
        "0,1,1", "0,0,2", "1,0,1", "0,2,2", "1,1,1", "0,3,2", "1,4,1", "1,3,2", "2,0,1", "2,2,2", "2,3,1", "3,0,2",
        "2,4,1", "3,4,2", "3,1,1", "4,1,2", "4,0,1", "4,3,2", "4,2,1", "4,4,2",
    ] {
        brain.send(stone);
    }
    brain.send("DONE");
    let reply = point(&brain.answer());
    assert!(reply.x < 5 && reply.y < 5);
    brain.end();
}

#[test]
#[cfg(target_os = "linux")]
fn failure_8_the_brain_stays_within_max_memory() {
    const BUDGET: u64 = 10_000_000;
    // The program's own baseline: a brain that has only answered ABOUT.
    let mut idle = Brain::start();
    idle.send("ABOUT");
    idle.answer();
    let Some(baseline) = idle.peak_memory() else { return };
    idle.end();
    let mut brain = Brain::start();
    brain.send("INFO max_memory 10000000");
    brain.send("INFO thread_num 2");
    brain.send("START 15");
    assert_eq!(brain.answer(), "OK");
    brain.send("INFO timeout_turn 1000");
    let mut taken = Vec::new();
    for (index, candidates) in
        [[(7, 7), (7, 7)], [(8, 8), (6, 6)], [(6, 9), (9, 6)], [(9, 9), (5, 5)]].iter().enumerate()
    {
        if index == 3 {
            brain.send("INFO thread_num 1");
        }
        let &(x, y) = candidates.iter().find(|&&(x, y)| !taken.contains(&Point { x, y })).expect("one is free");
        taken.push(Point { x, y });
        brain.send(&format!("TURN {x},{y}"));
        taken.push(point(&brain.answer()));
    }
    let peak = brain.peak_memory().expect("/proc/PID/status");
    brain.end();
    assert!(peak <= BUDGET + baseline, "peak {peak} bytes; budget {BUDGET} + baseline {baseline}");
}

/// The tests' own view of the game the brain plays.
struct Model {
    board: Option<Gomoku>,
}

impl Model {
    /// A random point: usually an empty one, sometimes taken or off the board.
    fn random_point(&self, rng: &mut ChaCha8Rng) -> (i64, i64) {
        let Some(board) = &self.board else { return (rng.random_range(0..15), rng.random_range(0..15)) };
        let (w, h) = (board.width() as i64, board.height() as i64);
        if rng.random_bool(0.15) {
            return (rng.random_range(-2..w + 3), rng.random_range(-2..h + 3));
        }
        for _ in 0..100 {
            let (x, y) = (rng.random_range(0..w), rng.random_range(0..h));
            if board.check_move(Point { x: x as u8, y: y as u8 }).is_ok() {
                return (x, y);
            }
        }
        (0, 0)
    }
}

/// Checks a reply that should be a move on `board`, and plays it.
fn expect_move(board: &mut Gomoku, answers: &[(String, Instant)], sent: Instant, turn: Duration, what: &str) {
    assert_eq!(answers.len(), 1, "{what}: {answers:?}");
    let (answer, at) = &answers[0];
    assert!(at.duration_since(sent) <= turn + MARGIN, "{what}: answered after {:?}", at.duration_since(sent));
    let mv = point(answer);
    board.try_play(mv).unwrap_or_else(|error| panic!("{what}: illegal reply {answer}: {error}"));
}

fn expect_kind(answers: &[(String, Instant)], kind: &str, what: &str) {
    assert_eq!(answers.len(), 1, "{what}: {answers:?}");
    assert!(answers[0].0.starts_with(kind), "{what}: {kind} expected, got {answers:?}");
}

/// One random session: seeded commands, bad lines and games.
fn random_session(seed: u64, commands: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut brain = Brain::start();
    let mut model = Model { board: None };
    let mut turn = Duration::from_secs(5);
    for step in 0..commands {
        let what = format!("seed {seed} step {step}");
        let sent = Instant::now();
        let sync = turn + MARGIN + Duration::from_secs(2);
        match rng.random_range(0..100) {
            0..=7 => {
                let size = rng.random_range(3..=24);
                brain.send(&format!("START {size}"));
                let answers = brain.answers_until_sync(sync);
                if (5..=22).contains(&size) {
                    expect_kind(&answers, "OK", &what);
                    model.board = Gomoku::new(size, Rule::Freestyle).ok();
                } else {
                    expect_kind(&answers, "ERROR", &what);
                }
            }
            8..=11 => {
                let ms = rng.random_range(20..150);
                turn = Duration::from_millis(ms);
                brain.send(&format!("INFO timeout_turn {ms}"));
                let memory = [0u64, 1, 5_000_000, 10_000_000, 200_000_000][rng.random_range(0..5)];
                brain.send(&format!("INFO max_memory {memory}"));
                brain.send(&format!("INFO thread_num {}", rng.random_range(1..=2)));
                assert!(brain.answers_until_sync(sync).is_empty(), "{what}");
            }
            12..=49 => {
                let (x, y) = model.random_point(&mut rng);
                brain.send(&format!("TURN {x},{y}"));
                let answers = brain.answers_until_sync(sync);
                let Some(board) = &mut model.board else {
                    expect_kind(&answers, "ERROR", &what);
                    continue;
                };
                let legal = x >= 0 && y >= 0 && board.check_move(Point { x: x as u8, y: y as u8 }).is_ok();
                if !legal {
                    expect_kind(&answers, "ERROR", &what);
                } else {
                    board.try_play(Point { x: x as u8, y: y as u8 }).expect("checked");
                    if board.is_over() {
                        expect_kind(&answers, "ERROR", &what);
                    } else {
                        expect_move(board, &answers, sent, turn, &what);
                    }
                }
            }
            50..=54 => {
                brain.send("BEGIN");
                let answers = brain.answers_until_sync(sync);
                match &mut model.board {
                    Some(board) if !board.is_over() => expect_move(board, &answers, sent, turn, &what),
                    _ => expect_kind(&answers, "ERROR", &what),
                }
            }
            55..=64 => {
                let Some(board) = &model.board else { continue };
                let mut position = Gomoku::new(board.width(), Rule::Freestyle).expect("a size that worked");
                for _ in 0..rng.random_range(0..8) {
                    if position.is_over() {
                        break;
                    }
                    let empty = Model { board: Some(position.clone()) }.random_point(&mut rng);
                    let _ = u8::try_from(empty.0)
                        .ok()
                        .zip(u8::try_from(empty.1).ok())
                        .map(|(x, y)| position.try_play(Point { x, y }));
                }
                let stones = position.history().to_vec();
                let spoiled = rng.random_bool(0.2);
                brain.send("BOARD");
                for (index, stone) in stones.iter().enumerate() {
                    // The brain is to move after the last stone: "own" (1)
                    // is the side that plays next.
                    let own = (stones.len() - index) % 2 == 0;
                    brain.send(&format!("{},{},{}", stone.x, stone.y, if own { 1 } else { 2 }));
                }
                if spoiled {
                    brain.send_bytes(b"\xff,1,1");
                }
                brain.send("DONE");
                let answers = brain.answers_until_sync(sync);
                if spoiled || position.is_over() {
                    expect_kind(&answers, "ERROR", &what);
                } else {
                    expect_move(&mut position, &answers, sent, turn, &what);
                    model.board = Some(position);
                }
            }
            65..=69 => {
                let last = model.board.as_ref().and_then(|board| board.history().last().copied());
                let target = match last {
                    Some(last) if rng.random_bool(0.7) => (i64::from(last.x), i64::from(last.y)),
                    _ => model.random_point(&mut rng),
                };
                brain.send(&format!("TAKEBACK {},{}", target.0, target.1));
                let answers = brain.answers_until_sync(sync);
                match (&mut model.board, last) {
                    (Some(board), Some(last)) if (i64::from(last.x), i64::from(last.y)) == target => {
                        expect_kind(&answers, "OK", &what);
                        board.try_undo(last).expect("the last move");
                    }
                    _ => expect_kind(&answers, "ERROR", &what),
                }
            }
            70..=72 => {
                brain.send("RESTART");
                let answers = brain.answers_until_sync(sync);
                match &mut model.board {
                    Some(board) => {
                        expect_kind(&answers, "OK", &what);
                        *board = Gomoku::new(board.width(), Rule::Freestyle).expect("a size that worked");
                    }
                    None => expect_kind(&answers, "ERROR", &what),
                }
            }
            73..=82 => {
                // Bytes that are not text: a continuation byte right after
                // an ASCII letter is never UTF-8 (random high bytes alone
                // can be: `X\xc5\xb1` is "Xű", which seed 110 drew).
                let mut line: Vec<u8> = (0..rng.random_range(1..50)).map(|_| rng.random_range(0x80..=0xff)).collect();
                line.insert(0, rng.random_range(0x80..=0xbf));
                line.insert(0, b'X');
                brain.send_bytes(&line);
                expect_kind(&brain.answers_until_sync(sync), "ERROR", &what);
            }
            83..=86 => {
                let length = rng.random_range(5_000..300_000);
                brain.send(&"T".repeat(length));
                expect_kind(&brain.answers_until_sync(sync), "ERROR a line of", &what);
            }
            87..=94 => {
                let word: String =
                    (0..rng.random_range(1..12)).map(|_| rng.random_range(b'!'..=b'~') as char).collect();
                brain.send(&format!("ZZ{word} {}", rng.random_range(0..1000)));
                expect_kind(&brain.answers_until_sync(sync), "UNKNOWN", &what);
            }
            _ => {
                brain.send("");
                brain.send("INFO some_future_key 3");
                assert!(brain.answers_until_sync(sync).is_empty(), "{what}");
            }
        }
    }
    brain.end();
}

/// Ignored by default: 20 s (the brain thinks up to its 5 s default turn
/// before a session sets one), the second slowest test of `cargo test
/// --workspace` (issue 35, item 15); the fixed sessions above still run.
#[test]
#[ignore = "20 s: cargo test --release -p abprune-cli --test all -- --ignored gomocup_hostile::random_sessions"]
fn random_sessions_keep_the_protocol() {
    for seed in 1..=4 {
        random_session(seed, 30);
    }
}

/// More and longer sessions: `cargo test -p abprune-cli --test all
/// -- --ignored gomocup_hostile::` (a few minutes).
#[test]
#[ignore]
fn many_random_sessions_keep_the_protocol() {
    for seed in 100..140 {
        random_session(seed, 120);
    }
}
