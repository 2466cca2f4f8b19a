//! `abprune solve gomoku`, `play gomoku`, `bench gomoku-tactics`, `bench gomoku-wins` and
//! `match gomoku` as a user runs them.

use crate::common;

use std::process::Output;

fn abprune(args: &[&str], stdin: &str) -> Output {
    common::abprune_with_stdin(args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn solve_prints_the_move_as_json_with_every_key() {
    let out = abprune(&["solve", "gomoku", "--depth", "3", "--json", "h8", "h9", "i8", "i9", "j8", "j9"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    for key in ["move", "score", "depth", "nodes", "time_ms", "pv"] {
        assert!(json.get(key).is_some(), "{key} missing: {json}");
    }
    // Black has an open three h8-j8 and white one too (h9-j9): black makes the open four.
    let mv = json["move"].as_str().unwrap_or("");
    assert!(["g8", "k8"].contains(&mv), "{json}");
    assert!(json["outcome"].as_str().unwrap_or("").starts_with("win in"), "{json}");
    assert_eq!(json["pv"][0], json["move"]);
}

#[test]
fn solve_respects_the_standard_rule() {
    // Black d8 e8 f8 g8 and i8: h8 makes six, only c8 makes exactly five.
    let moves = ["d8", "a1", "e8", "o1", "f8", "a15", "g8", "o15", "i8", "h12"];
    let run = |rule: &str| {
        let mut args = vec!["solve", "gomoku", "--rule", rule, "--depth", "2", "--json"];
        args.extend(moves);
        let out = abprune(&args, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        json["move"].as_str().unwrap_or("").to_string()
    };
    assert_eq!(run("standard"), "c8");
    assert!(["c8", "h8"].contains(&run("freestyle").as_str()));
}

#[test]
fn bad_solve_input_is_one_error_line() {
    for (args, needle) in [
        (&["solve", "gomoku", "h8", "h8"][..], "occupied"),
        (&["solve", "gomoku", "z99"][..], "z99"),
        (&["solve", "gomoku", "--size", "40", "h8"][..], "40"),
        (&["solve", "gomoku", "--rule", "caro", "h8"][..], "caro"),
        (&["solve", "gomoku", "--time", "soon", "h8"][..], "soon"),
        (&["solve", "gomoku", "--depth", "0", "h8"][..], "depth"),
    ] {
        let out = abprune(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    let five = abprune(&["solve", "gomoku", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5"], "");
    assert_eq!(five.status.code(), Some(2));
    assert!(text(&five.stderr).contains("over"), "{}", text(&five.stderr));
}

#[test]
fn play_refuses_illegal_input_with_a_reason_and_asks_again() {
    let input = "z99\nh8\nh8\nbanana\nundo\nquit\n";
    let out = abprune(&["play", "gomoku", "--size", "9", "--time", "50ms"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("    a  b  c  d  e  f  g  h  i"), "the board has column letters: {stdout}");
    assert!(stdout.contains("illegal move 'z99'"), "{stdout}");
    assert!(stdout.contains("illegal move 'h8'") && stdout.contains("occupied"), "{stdout}");
    assert!(stdout.contains("illegal move 'banana'"), "{stdout}");
    assert!(stdout.contains("abprune plays"), "{stdout}");
    assert!(stdout.matches("your move").count() >= 5, "asked again after each refusal: {stdout}");
}

#[test]
fn play_ends_when_someone_wins_and_the_engine_can_move_first() {
    // The engine plays first and wins against a person who plays along the edge.
    let input = "a1\na2\na3\na4\na6\na8\na10\na12\na14\nb1\nb3\nb5\nb7\nb9\n";
    let out = abprune(&["play", "gomoku", "--engine-first", "--time", "50ms"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("abprune wins."), "{stdout}");
}

#[test]
fn the_tactics_bench_reports_bad_lines_and_carries_on() {
    let suite = "\
# a tiny suite
h8 a1 i8 a2 j8 a3 k8 ; g8 l8 ; win: five in one
h8 h8 ; g8 ; a bad position
@rule standard
d8 a1 e8 o1 f8 a15 g8 o15 i8 h12 ; c8 ; win: five in one, not six
@speed 11
";
    let file = common::temp_file("tactics", "suite.txt", suite);
    let out = abprune(&["bench", "gomoku-tactics", file.to_str().expect("utf-8 path"), "--time", "200ms"], "");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "bad lines make the exit non-zero: {stdout} {stderr}");
    assert!(stderr.contains("line 3") && stderr.contains("occupied"), "{stderr}");
    assert!(stderr.contains("line 6") && stderr.contains("@speed"), "{stderr}");
    assert!(stdout.contains("solved 2/2"), "{stdout}");
    std::fs::remove_dir_all(file.parent().expect("a folder")).ok();
}

#[test]
fn the_wins_bench_measures_each_setting_and_reports_bad_lines() {
    let positions = "\
# an open four to make, and a VCF of two fours
h8 a1 i8 a2 j8 a3 ; open four
h8 h9 i8 i9 j8 ; white to move against an open three: no win
h8 a1 h9 a2 i10 a3 j10 a4 ; two fours
h8 h8 ; occupied
";
    let file = common::temp_file("wins", "wins.txt", positions);
    let path = file.to_str().expect("utf-8 path");
    let out =
        abprune(&["bench", "gomoku-wins", path, "--time", "500ms", "--config", "", "--config", "vcf=off,vct=off"], "");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "a bad line makes the exit non-zero: {stdout} {stderr}");
    assert!(stderr.contains("line 5") && stderr.contains("occupied"), "{stderr}");
    // The white position has no win: each setting proves two of three.
    assert!(stdout.contains("(as it plays)") && stdout.contains("vcf=off,vct=off"), "{stdout}");
    assert_eq!(stdout.matches("proven 2/3").count(), 2, "{stdout}");
    assert!(stdout.contains("none: "), "{stdout}");
    std::fs::remove_dir_all(file.parent().expect("a folder")).ok();
}

#[test]
fn a_small_match_reports_its_score() {
    let out =
        abprune(&["match", "gomoku", "--games", "2", "--nodes", "500", "--size", "9", "--baseline", "order=board"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("in 2 games"), "{stdout}");
    let bad = abprune(&["match", "gomoku", "--baseline", "speed=fast"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("speed"), "{}", text(&bad.stderr));
}

/// Issue 35: `solve gomoku` printed "score -1202" with no word of what the
/// number measures.
#[test]
fn gomoku_score_says_what_it_measures() {
    let out = abprune(&["solve", "gomoku", "--depth", "2", "--threads", "1", "h8", "i9"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let line = stdout.lines().find(|line| line.starts_with("move ")).expect("the move line");
    assert!(line.contains("evaluation points for the side to move: about ") && line.contains("% to win"), "{line}");
    // A proven result says so instead.
    let out = abprune(&["solve", "gomoku", "--depth", "3", "h8", "h9", "i8", "i9", "j8", "j9"], "");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("score win in"), "{stdout}");
}

#[test]
fn renju_refuses_a_forbidden_black_move_where_the_user_plays_it() {
    let out = abprune(&["solve", "gomoku", "--rule", "renju", "--depth", "2", "f8 a1 g8 a3 h9 a5 h10 a7 h8"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("move 9 (h8): h8 is forbidden for black under renju: it makes a double three"), "{stderr}");
    // `play gomoku` takes the rule (its prompt refuses a forbidden point
    // with the same message, through the same check).
    let out = abprune(&["play", "gomoku", "--rule", "renju", "--time", "50ms"], "h8\nh7\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let ok = abprune(&["solve", "gomoku", "--rule", "renju", "--depth", "2", "f8 a1 g8 a3 h9 a5 h10 a7"], "");
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    assert!(!text(&ok.stdout).contains("best h8"), "{}", text(&ok.stdout));
}
