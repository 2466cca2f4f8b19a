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

/// One `search` line's fields, with `extra` options.
fn search(algo: &str, depth: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["backgammon", "search", "4HPwATDgc/ABMA", "31", "--algo", algo, "--depth", depth];
    args.extend_from_slice(extra);
    let out = common::abprune_with_stdin(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).trim_end().split('\t').map(str::to_string).collect()
}

#[test]
fn the_searches_agree_on_the_value_and_star2_searches_less() {
    let rows: Vec<Vec<String>> =
        ["expectiminimax", "star1", "star2", "engine"].iter().map(|algo| search(algo, "2", &["--pubeval"])).collect();
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
        let out = common::abprune_with_stdin(
            &["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--depth", depth, "--pubeval"],
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_eq!(at("1"), "8/5 6/5\tsGfwATDgc/ABMA\n");
    let deeper = at("3");
    let (play, after) = deeper.trim_end().split_once('\t').unwrap_or_default();
    let moves = common::abprune_with_stdin(&["backgammon", "moves", "4HPwATDgc/ABMA", "31"], "");
    assert!(text(&moves.stdout).lines().any(|line| line == format!("{after} {play}")), "{deeper}");
}

#[test]
fn over_the_shipped_nets_the_searches_agree_and_star2_searches_less() {
    let rows: Vec<Vec<String>> =
        ["expectiminimax", "star2", "engine"].iter().map(|algo| search(algo, "2", &[])).collect();
    for row in &rows {
        assert_eq!((row[3].as_str(), row[4].as_str()), ("2", rows[0][4].as_str()), "{rows:?}");
    }
    let nodes = |row: &Vec<String>| row[5].parse::<u64>().unwrap_or(u64::MAX);
    assert!(nodes(&rows[1]) < nodes(&rows[0]), "{rows:?}");
}

#[test]
fn training_writes_weights_that_resume_play_a_match_and_are_checked_on_load() {
    let out_file = common::temp_file("bg-train", "nets.bin", "");
    std::fs::remove_file(&out_file).unwrap_or_default();
    let out = out_file.to_string_lossy().into_owned();
    let train = |extra: &[&str]| {
        let mut args =
            vec!["backgammon", "train", "--out", &out, "--hidden", "4", "--report", "5", "--eval-pairs", "2"];
        args.extend_from_slice(extra);
        common::abprune_with_stdin(&args, "")
    };
    let first = train(&["--games", "10"]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(text(&first.stderr).contains("games 10 rate"), "{}", text(&first.stderr));
    // A second run without --resume must not overwrite the training.
    common::assert_one_line_error(&train(&["--games", "20"]), "--resume");
    let resumed = train(&["--games", "20", "--resume"]);
    assert!(text(&resumed.stderr).contains("from game 10"), "{}", text(&resumed.stderr));
    let matched = common::abprune_with_stdin(&["backgammon", "match", "--weights", &out, "--pairs", "2"], "");
    assert!(text(&matched.stdout).starts_with("games 4\t"), "{}", text(&matched.stderr));
    let chosen = common::abprune_with_stdin(
        &["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--depth", "1", "--weights", &out],
        "",
    );
    assert!(chosen.status.success(), "{}", text(&chosen.stderr));
    // A damaged file is refused, naming the defect.
    let mut bytes = std::fs::read(&out_file).unwrap_or_default();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    let damaged = common::temp_file("bg-train", "damaged.bin", bytes);
    let damaged = damaged.to_string_lossy().into_owned();
    let refused =
        common::abprune_with_stdin(&["backgammon", "choose", "4HPwATDgc/ABMA", "31", "--weights", &damaged], "");
    common::assert_one_line_error(&refused, "checksum");
    common::assert_one_line_error(
        &common::abprune_with_stdin(&["backgammon", "train", "--out", &out, "--alpha", "0"], ""),
        "invalid --alpha",
    );
}
