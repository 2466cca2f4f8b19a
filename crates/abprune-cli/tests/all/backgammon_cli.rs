//! `abprune backgammon` as a user (and scripts/backgammon-gnubg-check) runs it.

use crate::common;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_opening_31_lists_gnubgs_sixteen_positions() {
    let out = common::abprune_with_stdin(&["backgammon", "moves", "4HPwATDgc/ABMA", "31"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 16, "{stdout}");
    // gnubg's ID after 8/5 6/5, the other side on roll.
    assert!(stdout.lines().any(|line| line == "sGfwATDgc/ABMA 8/5 6/5"), "{stdout}");
}

#[test]
fn batch_prints_one_sorted_line_per_position() {
    let out =
        common::abprune_with_stdin(&["backgammon", "moves", "--batch"], "4HPwATDgc/ABMA 3-1\n4HPwATDgc/ABMA 66\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    let first: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(first.len(), 16);
    assert!(first.windows(2).all(|pair| pair[0] < pair[1]));
}

#[test]
fn bad_positions_rolls_and_lines_are_one_line_errors() {
    for (args, stdin, expected) in [
        (&["backgammon", "moves", "4HPwATDgc/ABM", "31"][..], "", "13 characters"),
        (&["backgammon", "moves", "4HPwATDgc/ABMA", "71"][..], "", "invalid roll"),
        (&["backgammon", "moves", "4HPwATDgc/ABMA", "3"][..], "", "invalid roll"),
        (&["backgammon", "choose", "//////////////", "31"][..], "", "invalid position"),
        (&["backgammon", "moves", "--batch"][..], "4HPwATDgc/ABMA 31\nnonsense\n", "line 2"),
    ] {
        let out = common::abprune_with_stdin(args, stdin);
        common::assert_one_line_error(&out, expected);
    }
}
