//! `abprune lab` as a user runs it: random-tree tables against the formulas,
//! their formats, thread independence, plots, real games and refusals.

use crate::common;
use serde_json::Value;
use std::process::{Command, Output};

fn abprune(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_abprune")).args(args).output().expect("the binary runs")
}

fn lab(args: &[&str]) -> Output {
    abprune(&[&["lab"], args].concat())
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The rows of a successful `--json` run.
fn rows(args: &[&str]) -> Vec<Value> {
    let output = lab(&[args, &["--json"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let json: Value = serde_json::from_slice(&output.stdout).expect("stdout is JSON");
    json.as_array().expect("an array of rows").clone()
}

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("abprune-lab-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// A bad input: exit status 2, an `error:` line naming the problem, no panic.
fn assert_refused(args: &[&str], expected: &str) {
    let output = lab(args);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(expected), "{args:?}: expected {expected:?} in {err:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(output.stdout.is_empty(), "{args:?}: nothing on stdout: {}", stdout(&output));
}

#[test]
fn json_rows_carry_the_measures_and_the_formulas() {
    let rows = rows(&[
        "--branching",
        "3",
        "--depth",
        "4",
        "--trials",
        "3",
        "--ordering",
        "best,random,worst",
        "--algos",
        "minimax,alphabeta",
    ]);
    assert_eq!(rows.len(), 6, "3 orderings x 2 algorithms");
    let keys = [
        "branching",
        "depth",
        "ordering",
        "algo",
        "trials",
        "leaves_mean",
        "leaves_min",
        "leaves_max",
        "nodes_mean",
        "nodes_min",
        "nodes_max",
        "full_tree",
        "minimal_tree",
        "b_3d4",
        "pearl",
    ];
    for row in &rows {
        for key in keys {
            assert!(row.get(key).is_some(), "missing {key} in {row}");
        }
        assert_eq!(row["branching"], 3);
        assert_eq!(row["depth"], 4);
        assert_eq!(row["trials"], 3);
        assert_eq!(row["full_tree"], 81);
        assert_eq!(row["minimal_tree"], 17);
        assert!((row["b_3d4"].as_f64().unwrap() - 27.0).abs() < 1e-9, "{row}");
        // Pearl's R_3 = x / (1 - x) with x^3 + x = 1: x = 0.6823278..., R = 2.1478990...
        let pearl = row["pearl"].as_f64().unwrap();
        assert!((pearl - 2.147_899_035_704_787_f64.powi(4)).abs() < 1e-6, "{pearl}");
        if row["algo"] == "minimax" {
            assert_eq!(row["leaves_mean"].as_f64(), Some(81.0), "{row}");
            assert_eq!(row["leaves_min"], 81);
            assert_eq!(row["nodes_mean"].as_f64(), Some(121.0), "1 + 3 + 9 + 27 + 81 nodes: {row}");
        }
        if row["algo"] == "alphabeta" && row["ordering"] == "best" {
            assert_eq!(row["leaves_mean"].as_f64(), row["minimal_tree"].as_f64(), "{row}");
        }
    }
}

#[test]
fn alphabeta_meets_the_minimal_tree_and_minimax_the_full_tree_everywhere() {
    for values in ["distinct", "uniform:0,3"] {
        let rows = rows(&[
            "--branching",
            "2..4",
            "--depth",
            "1..5",
            "--trials",
            "2",
            "--ordering",
            "best",
            "--algos",
            "minimax,alphabeta",
            "--values",
            values,
        ]);
        assert_eq!(rows.len(), 3 * 5 * 2);
        for row in &rows {
            let formula = if row["algo"] == "minimax" { "full_tree" } else { "minimal_tree" };
            assert_eq!(row["leaves_min"], row[formula], "{values}: {row}");
            assert_eq!(row["leaves_max"], row[formula], "{values}: {row}");
        }
    }
}

#[test]
fn worst_ordering_with_distinct_values_cuts_nothing() {
    let rows = rows(&[
        "--branching",
        "2..3",
        "--depth",
        "1..5",
        "--trials",
        "2",
        "--ordering",
        "worst",
        "--values",
        "distinct",
    ]);
    for row in &rows {
        if row["algo"] != "pvs" && row["algo"] != "mtdf" {
            assert_eq!(row["leaves_min"], row["full_tree"], "{row}");
        }
    }
}

#[test]
fn csv_has_a_header_and_one_line_per_row() {
    let output = lab(&["--branching", "2", "--depth", "1..3", "--trials", "2", "--algos", "alphabeta,pvs", "--csv"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("branching,depth,ordering,"), "{}", lines[0]);
    for key in ["leaves_mean", "nodes_mean", "full_tree", "minimal_tree", "b_3d4", "pearl"] {
        assert!(lines[0].split(',').any(|field| field == key), "{key} in {}", lines[0]);
    }
    assert_eq!(lines.len(), 1 + 3 * 2);
    // The values spec has a comma, so it is quoted.
    assert!(lines[1].starts_with("2,1,random,\"uniform:-50,50\",alphabeta,2,"), "{}", lines[1]);
}

#[test]
fn text_table_is_aligned_with_the_formulas() {
    let output = lab(&["--branching", "2..3", "--depth", "2", "--trials", "2", "--algos", "minimax,alphabeta"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let header = text.lines().find(|line| line.starts_with("b  d")).expect("a header line");
    for column in ["leaves_mean", "nodes_mean", "b^d", "minimal", "b^(3d/4)", "pearl"] {
        assert!(header.contains(column), "{column} in {header}");
    }
    let minimax = text.lines().find(|line| line.starts_with("3  2  random    minimax")).expect("a b=3 minimax row");
    assert!(minimax.contains(" 9.0 "), "{minimax}");
    assert_eq!(minimax.len(), header.len(), "aligned: {minimax:?} vs {header:?}");
}

#[test]
fn the_number_of_threads_does_not_change_the_results() {
    let args = [
        "--branching",
        "2..4",
        "--depth",
        "1..6",
        "--trials",
        "7",
        "--ordering",
        "best,random,worst",
        "--algos",
        "minimax,f1,alphabeta,failsoft,pvs,mtdf",
        "--seed",
        "42",
        "--json",
    ];
    let one = lab(&[&args[..], &["--threads", "1"]].concat());
    let two = lab(&[&args[..], &["--threads", "2"]].concat());
    assert!(one.status.success() && two.status.success(), "{} {}", stderr(&one), stderr(&two));
    assert_eq!(stdout(&one), stdout(&two));
    // Another seed gives other trees.
    let other = lab(&[&args[..11], &["--seed", "43", "--json"]].concat());
    assert_ne!(stdout(&one), stdout(&other));
}

#[test]
fn bad_options_are_refused_in_one_line() {
    assert_refused(&["--branching", "0"], "branching must be at least 1");
    assert_refused(&["--branching", "0..3"], "branching must be at least 1");
    assert_refused(&["--branching", "6..2"], "the range is empty");
    assert_refused(&["--branching", "x..3"], "invalid --branching 'x..3'");
    assert_refused(&["--depth", "3..x"], "invalid --depth '3..x'");
    assert_refused(&["--depth", "31"], "beyond the limit of 30");
    assert_refused(&["--trials", "0"], "--trials must be at least 1");
    assert_refused(&["--trials", "-3"], "error:");
    assert_refused(&["--threads", "0"], "the range is 1 to 1024");
    assert_refused(&["--algos", "alphabeta,quantum"], "invalid value 'quantum'");
    assert_refused(&["--ordering", "sideways"], "unknown ordering 'sideways'");
    assert_refused(&["--values", "uniform:5,1"], "the range is empty");
    assert_refused(&["--values", "normal"], "expected uniform:LO,HI or distinct");
    assert_refused(&["--branching", "10", "--depth", "12"], "nodes; the limit is 20000000");
    assert_refused(&["--branching", "6", "--depth", "9", "--trials", "1000"], "would visit about");
    assert_refused(&["--plot", "chart.txt"], "must end in .svg or .png");
    assert_refused(&["--game", "tictactoe", "--position", "44"], "the cell is taken");
    assert_refused(&["--game", "tictactoe", "--position", "4x"], "is not a cell");
    assert_refused(&["--game", "tictactoe", "--position", "03142"], "the game is already over");
    assert_refused(&["--game", "connect4", "--position", "48"], "columns are 1 to 7");
    assert_refused(&["--game", "connect4", "--depth", "30"], "would take about");
    assert_refused(&["--game", "chess"], "invalid value 'chess'");
    assert_refused(&["--game", "tictactoe", "--trials", "3"], "cannot be used with");
    assert_refused(&["--position", "40"], "--game");
}

/// Whether a font the plot can use is on this machine (the plot needs one to
/// size its text; the fonts come from Debian's fonts-dejavu-core, which
/// .ci/run installs).
fn a_font_is_installed() -> bool {
    std::env::var_os("ABPRUNE_FONT").is_some()
        || [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        ]
        .iter()
        .any(|path| std::path::Path::new(path).exists())
}

#[test]
fn plot_writes_svg_and_png() {
    if !a_font_is_installed() {
        println!("skipped: no font for the plot (apt-get install fonts-dejavu-core)");
        return;
    }
    let args = ["--branching", "2..3", "--depth", "1..4", "--trials", "2", "--ordering", "best,random", "--algos"];
    let svg = temp_path("leaves.svg");
    let png = temp_path("leaves.PNG");
    for path in [&svg, &png] {
        let output = lab(&[&args[..], &["minimax,alphabeta,pvs", "--plot", path.to_str().unwrap()]].concat());
        assert!(output.status.success(), "{}", stderr(&output));
    }
    let svg = std::fs::read_to_string(&svg).expect("the SVG is written");
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(100)]);
    for text in ["depth", "leaves evaluated (log scale)", "b = 2", "b = 3", "alphabeta, best order", "b^d (full tree)"]
    {
        assert!(svg.contains(text), "{text:?} in the SVG");
    }
    let png = std::fs::read(&png).expect("the PNG is written");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "PNG magic bytes");
    assert!(png.len() > 10_000, "a real picture: {} bytes", png.len());
}

#[test]
fn tictactoe_rows_for_each_algorithm() {
    let rows = rows(&["--game", "tictactoe", "--position", "40", "--algos", "minimax,alphabeta,pvs,mtdf"]);
    let algos: Vec<&str> = rows.iter().map(|row| row["algo"].as_str().unwrap()).collect();
    assert_eq!(algos, ["minimax", "alphabeta", "pvs", "mtdf"]);
    for row in &rows {
        assert_eq!(row["game"], "tictactoe");
        assert_eq!(row["depth"], 9, "the whole game by default");
        assert_eq!(row["value"], 0, "a draw: {row}");
        assert!(row["nodes"].as_u64().unwrap() > row["leaves"].as_u64().unwrap());
        assert!(row["microseconds"].is_u64());
    }
    assert!(rows[1]["leaves"].as_u64() < rows[0]["leaves"].as_u64(), "alpha-beta prunes");
    let table = stdout(&lab(&["--game", "tictactoe", "--position", "4 0"]));
    for algo in ["minimax", "f1", "alphabeta", "failsoft", "pvs", "mtdf"] {
        assert!(table.lines().any(|line| line.starts_with(&format!("9      {algo} "))), "{algo} in {table}");
    }
}

#[test]
fn connect4_rows_for_each_algorithm_and_depth() {
    let rows = rows(&["--game", "connect4", "--position", "4453", "--depth", "3..4", "--algos", "minimax,alphabeta"]);
    let seen: Vec<(u64, &str)> =
        rows.iter().map(|row| (row["depth"].as_u64().unwrap(), row["algo"].as_str().unwrap())).collect();
    assert_eq!(seen, [(3, "minimax"), (3, "alphabeta"), (4, "minimax"), (4, "alphabeta")]);
    assert_eq!(rows[0]["value"], rows[1]["value"], "same value with and without pruning");
    assert!(rows[3]["leaves"].as_u64() < rows[2]["leaves"].as_u64(), "alpha-beta prunes");
    let table = stdout(&lab(&["--game", "connect4", "--depth", "4"]));
    for algo in ["minimax", "f1", "alphabeta", "failsoft", "pvs", "mtdf"] {
        assert!(table.contains(&format!("4      {algo} ")), "{algo} in {table}");
    }
}

/// The rows of a successful `--chance-fanout` run, as JSON.
fn chance_rows(args: &[&str]) -> Vec<Value> {
    rows(&[&["--chance-fanout"], args].concat())
}

#[test]
fn chance_lab_measures_star1_and_star2_against_expectiminimax() {
    let rows = chance_rows(&[
        "3",
        "--branching",
        "2..3",
        "--depth",
        "2..5",
        "--ordering",
        "best,random,worst",
        "--trials",
        "4",
        "--probabilities",
        "random",
    ]);
    // 2 branchings x 4 depths x 3 orderings x 3 algorithms.
    assert_eq!(rows.len(), 72);
    for group in rows.chunks(3) {
        let names: Vec<&str> = group.iter().map(|row| row["algo"].as_str().unwrap()).collect();
        assert_eq!(names, ["expectiminimax", "star1", "star2"]);
        let (b, d) = (group[0]["branching"].as_u64().unwrap(), group[0]["depth"].as_u64().unwrap());
        // Regular trees: expectiminimax evaluates every leaf, b^ceil(d/2) x 3^floor(d/2).
        let full = b.pow(d.div_ceil(2) as u32) * 3u64.pow(d as u32 / 2);
        assert_eq!(group[0]["leaves_mean"].as_f64(), Some(full as f64), "{group:?}");
        assert_eq!(group[0]["savings_max"].as_f64(), Some(0.0));
        // Star1 never evaluates more leaves than expectiminimax, on any tree.
        assert!(group[1]["leaves_max"].as_f64().unwrap() <= full as f64, "{group:?}");
        assert!(group[1]["savings_min"].as_f64().unwrap() >= 0.0, "{group:?}");
        for row in group {
            let (low, mean, high) = (
                row["savings_low"].as_f64().unwrap(),
                row["savings_mean"].as_f64().unwrap(),
                row["savings_high"].as_f64().unwrap(),
            );
            assert!(low <= mean && mean <= high, "{row}");
            assert_eq!(row["chance_fanout"], 3);
            assert_eq!(row["bounds"], "values");
        }
        // Only Star2 probes.
        assert_eq!(group[1]["probes_mean"].as_f64(), Some(0.0));
    }
}

#[test]
fn chance_lab_star2_saves_most_under_best_ordering() {
    let rows = chance_rows(&["3", "--branching", "3", "--depth", "5", "--ordering", "best,random", "--trials", "10"]);
    let savings = |ordering: &str, algo: &str| {
        let row = rows.iter().find(|row| row["ordering"] == ordering && row["algo"] == algo).expect("row");
        row["savings_mean"].as_f64().unwrap()
    };
    assert!(savings("best", "star2") > savings("best", "star1"));
    assert!(savings("best", "star2") > savings("random", "star2"));
    assert!(savings("random", "star1") > 0.0);
}

#[test]
fn chance_lab_bounds_from_the_tree_and_the_table() {
    let rows = chance_rows(&["2", "--branching", "2", "--depth", "4", "--trials", "3", "--bounds", "tree"]);
    assert!(rows.iter().all(|row| row["bounds"] == "tree"));
    let rows = chance_rows(&["2", "--branching", "2", "--depth", "4", "--trials", "3", "--bounds", "-500,500"]);
    assert!(rows.iter().all(|row| row["bounds"] == "-500,500"));
    let output = lab(&["--chance-fanout", "2", "--branching", "2", "--depth", "3", "--trials", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let table = stdout(&output);
    assert!(table.contains("L = -50, U = 50") && table.contains("star2") && table.contains("savings"), "{table}");
}

#[test]
fn chance_lab_results_do_not_depend_on_the_threads() {
    let args = ["3", "--branching", "2..3", "--depth", "2..5", "--ordering", "best,random", "--trials", "6"];
    let one = chance_rows(&[&args[..], &["--threads", "1"]].concat());
    let two = chance_rows(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
}

#[test]
fn chance_lab_plots_the_savings() {
    let path = temp_path("chance.svg");
    let output = lab(&[
        "--chance-fanout",
        "2",
        "--branching",
        "2..3",
        "--depth",
        "2..4",
        "--trials",
        "2",
        "--ordering",
        "best,worst",
        "--plot",
        path.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&path).expect("the plot is written");
    assert!(svg.starts_with("<svg") && svg.contains("star2, worst order") && svg.contains("b = 3"));
}

#[test]
fn chance_lab_refuses_bad_options() {
    assert_refused(&["--chance-fanout", "0"], "a chance node needs at least 1 outcome");
    assert_refused(&["--chance-fanout", "x"], "invalid value 'x'");
    assert_refused(&["--chance-fanout", "2", "--branching", "0"], "branching must be at least 1");
    assert_refused(&["--chance-fanout", "2", "--trials", "0"], "--trials must be at least 1");
    assert_refused(&["--chance-fanout", "2", "--depth", "31"], "beyond the limit of 30");
    assert_refused(&["--chance-fanout", "10", "--branching", "10", "--depth", "12"], "the limit is 20000000 nodes");
    assert_refused(
        &["--chance-fanout", "6", "--branching", "6", "--depth", "8", "--trials", "1000"],
        "would visit about",
    );
    assert_refused(&["--chance-fanout", "2", "--algos", "alphabeta"], "cannot be used with");
    assert_refused(&["--chance-fanout", "2", "--game", "tictactoe"], "cannot be used with");
    assert_refused(&["--chance-fanout", "2", "--probabilities", "loaded"], "unknown probabilities 'loaded'");
    assert_refused(&["--chance-fanout", "2", "--bounds", "loose"], "invalid --bounds 'loose'");
    assert_refused(&["--chance-fanout", "2", "--bounds", "-10,10"], "must contain the leaf values -50..50");
    assert_refused(&["--chance-fanout", "2", "--bounds", "-90,90", "--values", "distinct"], "need --values uniform");
    assert_refused(&["--chance-fanout", "2", "--values", "uniform:5,1"], "the range is empty");
    assert_refused(&["--chance-fanout", "2", "--plot", "chart.txt"], "must end in .svg or .png");
    assert_refused(
        &["--chance-fanout", "4", "--branching", "1", "--depth", "20", "--probabilities", "random", "--trials", "1"],
        "use a smaller depth or uniform probabilities",
    );
    assert_refused(&["--probabilities", "random"], "--chance-fanout");
    assert_refused(&["--bounds", "tree"], "--chance-fanout");
    for args in [&["--chance-fanout", "0"][..], &["--bounds", "tree"]] {
        common::assert_one_line_error(&lab(args), "");
    }
}
