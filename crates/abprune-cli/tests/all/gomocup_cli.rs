//! `abprune gomocup` spoken to as a manager speaks to it: every command,
//! bad lines, and a whole game of the brain against itself.

use crate::common;

use crate::common::brain::Brain;
use abprune::Game;
use abprune_games::{Gomoku, Point, Rule};

/// The brain's answers to `input`, without the MESSAGE and DEBUG lines.
/// The input ends without END: END read while a search waits stops it
/// (issue 55), and the end of the input ends the brain after its answers.
fn answers(input: &str) -> Vec<String> {
    let out = common::abprune_with_stdin(&["gomocup"], input);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|line| !line.starts_with("MESSAGE") && !line.starts_with("DEBUG"))
        .map(String::from)
        .collect()
}

fn point(answer: &str) -> Point {
    let (x, y) = answer.split_once(',').unwrap_or_else(|| panic!("'{answer}' is not x,y"));
    let number = |text: &str| text.trim().parse().unwrap_or_else(|_| panic!("'{answer}' is not x,y"));
    Point { x: number(x), y: number(y) }
}

#[test]
fn every_command_gets_its_answer() {
    let input = "\
ABOUT
START 15
INFO timeout_turn 300
INFO timeout_match 100000
INFO time_left 100000
INFO max_memory 83886080
INFO game_type 1
INFO rule 0
INFO evaluate 7,7
INFO folder /tmp
INFO some_future_key 12
BEGIN
TURN 8,8
RESTART
BOARD
7,7,1
8,8,2
7,8,1
8,7,2
DONE
RECTSTART 20,12
TURN 0,0
";
    let replies = answers(input);
    assert!(replies[0].starts_with("name=\"abprune\", version=\""), "{replies:?}");
    assert!(replies[0].contains("author=") && replies[0].contains("country="), "{replies:?}");
    assert_eq!(replies[1], "OK");
    let begin = point(&replies[2]);
    assert_eq!(begin, Point { x: 7, y: 7 }, "the first move is the centre");
    let reply = point(&replies[3]);
    assert!(reply != begin && reply != Point { x: 8, y: 8 }, "{replies:?}");
    assert_eq!(replies[4], "OK", "RESTART");
    let after_board = point(&replies[5]);
    assert!(![(7, 7), (8, 8), (7, 8), (8, 7)].contains(&(after_board.x, after_board.y)), "{replies:?}");
    assert_eq!(replies[6], "OK", "RECTSTART");
    let rect = point(&replies[7]);
    assert!(rect.x < 20 && rect.y < 12 && (rect.x, rect.y) != (0, 0));
    assert_eq!(replies.len(), 8, "{replies:?}");
}

#[test]
fn takeback_removes_the_last_moves_in_order() {
    let mut brain = Brain::start();
    brain.send("START 15");
    assert_eq!(brain.answer(), "OK");
    brain.send("INFO timeout_turn 100");
    brain.send("TURN 7,7");
    let reply = brain.answer();
    point(&reply);
    for (command, expected) in [
        ("TAKEBACK 7,7".to_string(), "ERROR"),
        (format!("TAKEBACK {reply}"), "OK"),
        ("TAKEBACK 7,7".to_string(), "OK"),
        ("TAKEBACK 7,7".to_string(), "ERROR"),
    ] {
        brain.send(&command);
        let answer = brain.answer();
        assert!(answer.starts_with(expected), "{command}: {answer}");
    }
    // The board is empty again: the brain may now take the centre.
    brain.send("BEGIN");
    assert_eq!(point(&brain.answer()), Point { x: 7, y: 7 });
    brain.send("END");
    assert!(brain.child.wait().expect("the brain ends").success());
}

#[test]
fn bad_lines_get_error_or_unknown_and_the_brain_goes_on() {
    let input = "\
TURN 7,7
START 3
START fifteen
START 15
INFO timeout_turn 200
INFO timeout_turn soon
INFO rule 8
TURN 7
TURN 7,x
TURN 15,0
TURN -1,0
FROBNICATE 1,2
TAKEBACK 3,3
BOARD
1,1,1
banana
DONE
BOARD
1,1,1
2,2,1
3,3,1
DONE
TURN 7,7
TURN 7,7
";
    let replies = answers(input);
    let kinds: Vec<&str> = replies.iter().map(|r| r.split_whitespace().next().unwrap_or("")).collect();
    assert_eq!(
        kinds[..14],
        [
            "ERROR", "ERROR", "ERROR", "OK", "ERROR", "ERROR", "ERROR", "ERROR", "ERROR", "ERROR", "UNKNOWN", "ERROR",
            "ERROR", "ERROR"
        ],
        "{replies:#?}"
    );
    assert!(replies[13].contains("3 own and 0 opponent"), "{}", replies[13]);
    let answer = point(&replies[14]);
    assert!(answer != Point { x: 7, y: 7 });
    assert!(replies[15].starts_with("ERROR"), "7,7 is taken: {}", replies[15]);
    assert_eq!(replies.len(), 16, "{replies:#?}");
}

#[test]
fn the_brain_finds_a_win_and_blocks_a_four() {
    // Own stones 3,7..6,7: five at 2,7 or 7,7.
    let win = answers(
        "START 15\nINFO timeout_turn 500\nBOARD\n3,7,1\n4,7,1\n5,7,1\n6,7,1\n3,3,2\n10,10,2\n12,3,2\n2,7,2\nDONE\n",
    );
    assert_eq!(point(&win[1]), Point { x: 7, y: 7 }, "{win:?}");
    // The opponent has four in a column: the brain must block at 9,9 or 9,4.
    let block = answers(
        "START 15\nINFO timeout_turn 500\nBOARD\n9,5,2\n9,6,2\n9,7,2\n9,8,2\n9,4,1\n1,1,1\n13,1,1\n1,13,1\n7,7,2\nDONE\n",
    );
    assert_eq!(point(&block[1]), Point { x: 9, y: 9 }, "{block:?}");
}

#[test]
fn a_whole_game_of_the_brain_against_itself() {
    let mut black = Brain::start();
    let mut white = Brain::start();
    for brain in [&mut black, &mut white] {
        brain.send("START 15");
        assert_eq!(brain.answer(), "OK");
        brain.send("INFO timeout_turn 80");
        brain.send("INFO rule 1");
    }
    let mut game = Gomoku::new(15, Rule::Standard).unwrap();
    black.send("BEGIN");
    let mut answer = black.answer();
    let mut to_move_next = &mut white;
    let mut other = &mut black;
    while !game.is_over() {
        let mv = point(&answer);
        game.try_play(mv).unwrap_or_else(|error| panic!("illegal move {answer} after {:?}: {error}", game.history()));
        if game.is_over() {
            break;
        }
        to_move_next.send(&format!("TURN {},{}", mv.x, mv.y));
        answer = to_move_next.answer();
        std::mem::swap(&mut to_move_next, &mut other);
    }
    for brain in [&mut black, &mut white] {
        brain.send("END");
        assert!(brain.child.wait().expect("the brain ends").success());
    }
    assert!(game.winner().is_some() || game.is_full(), "{:?}", game.history());
    assert!(game.history().len() >= 9, "a game between equals lasts: {:?}", game.history());
    let _ = game.side_to_move();
}

#[test]
fn switches_on_the_command_line_are_checked_before_the_brain_starts() {
    // A known switch plays; an unknown one or a bad value is refused at once.
    let out = common::abprune_with_stdin(
        &["gomocup", "--threads", "1", "--set", "lmr=off,vct=off,razor=300,forcingred=8,attackrelief=8"],
        "START 9\nBEGIN\n",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().any(|line| line == "4,4"), "{stdout}");
    for bad in [
        "lmr=maybe",
        "warp=on",
        "lmr",
        "razor=0",
        "razor=wide",
        "forcingred=17",
        "forcingred=half",
        "attackrelief=33",
        "attackrelief=-1",
    ] {
        let out = common::abprune_with_stdin(&["gomocup", "--set", bad], "START 9\nEND\n");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(bad), "{bad}");
        assert!(out.stdout.is_empty(), "{bad}");
    }
}

#[test]
fn renju_the_brain_blocks_and_refuses_a_forbidden_turn() {
    // The opponent (black, one stone more) has a four in column 0 with its
    // five point at 0,9, and 7,7 is a double three for it (5,7 6,7 and 7,8
    // 7,9): the brain blocks, and black's 7,7 is refused.
    let input = "START 15\nINFO timeout_turn 300\nINFO rule 4\nBOARD\n5,7,2\n0,4,1\n6,7,2\n14,0,1\n7,8,2\n14,2,1\n\
7,9,2\n14,4,1\n0,5,2\n14,6,1\n0,6,2\n14,8,1\n0,7,2\n14,10,1\n0,8,2\nDONE\nTURN 7,7\n";
    let replies = answers(input);
    assert_eq!(replies[0], "OK", "{replies:?}");
    assert_eq!(point(&replies[1]), Point { x: 0, y: 9 }, "{replies:?}");
    assert!(replies[2].starts_with("ERROR TURN 7,7") && replies[2].contains("forbidden for black"), "{replies:?}");
}
