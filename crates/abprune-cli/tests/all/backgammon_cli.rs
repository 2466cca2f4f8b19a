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
        (&["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--depth", "0"][..], "", "invalid --depth 0"),
        (&["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--depth", "9"][..], "", "invalid --depth 9"),
        (&["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--time=-1"][..], "", "for '--time"),
        (&["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--time", "NaN"][..], "", "for '--time"),
        (&["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--nodes", "0"][..], "", "invalid --nodes 0"),
        (&["backgammon", "search", "4HPwATDgc/ABMA", "31", "--algo", "minimax"][..], "", "invalid --algo"),
        (&["backgammon", "search", "--batch"][..], "4HPwATDgc/ABMA 31\nnonsense\n", "line 2"),
    ] {
        let out = common::abprune_with_stdin(args, stdin);
        common::assert_one_line_error(&out, expected);
    }
}

/// One `search` line's fields.
fn search(algo: &str, depth: &str) -> Vec<String> {
    let out = common::abprune_with_stdin(
        &["backgammon", "search", "4HPwATDgc/ABMA", "31", "--algo", algo, "--depth", depth],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).trim_end().split('\t').map(str::to_string).collect()
}

#[test]
fn the_searches_agree_on_the_value_and_star2_searches_less() {
    let rows: Vec<Vec<String>> =
        ["expectiminimax", "star1", "star2", "engine"].iter().map(|algo| search(algo, "2")).collect();
    for row in &rows {
        assert_eq!(row.len(), 11, "{row:?}");
        assert_eq!((row[3].as_str(), row[4].as_str()), ("2", "-1016/9"), "{row:?}");
    }
    let nodes = |row: &Vec<String>| row[5].parse::<u64>().unwrap_or(u64::MAX);
    assert!(nodes(&rows[2]) < nodes(&rows[0]) && nodes(&rows[3]) < nodes(&rows[0]), "{rows:?}");
}

#[test]
fn choose_at_depth_1_is_pubevals_play_and_deeper_lists_a_legal_play() {
    let at = |depth: &str| {
        let out = common::abprune_with_stdin(&["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--depth", depth], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_eq!(at("1"), "8/5 6/5\tsGfwATDgc/ABMA\n");
    let deeper = at("3");
    let (play, after) = deeper.trim_end().split_once('\t').unwrap_or_default();
    let moves = common::abprune_with_stdin(&["backgammon", "moves", "4HPwATDgc/ABMA", "31"], "");
    assert!(text(&moves.stdout).lines().any(|line| line == format!("{after} {play}")), "{deeper}");
}
