//! `abprune tree` with chance nodes, as a user runs it: chance trees read
//! and printed, random *-minimax trees made with `--chance-fanout`, and a
//! chance tree refused by the deterministic algorithms with a one-line error.

use crate::common;

use common::{abprune_with_stdin, assert_one_line_error};
use std::process::{Command, Output};

fn abprune(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_abprune")).args(args).output().expect("the binary runs")
}

fn printed(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

const DICE: &str = "( 2  c:{ 1/2 3  1/3 (4 5)  0.125 -2  1/24 7 } )\n";

#[test]
fn a_chance_tree_prints_back_exactly() {
    let text = printed(&abprune_with_stdin(&["tree", "-", "--print-tree"], DICE));
    assert_eq!(text, "(2 c:{1/2 3 1/3 (4 5) 1/8 -2 1/24 7})\n");
    let again = printed(&abprune_with_stdin(&["tree", "-", "--print-tree"], &text));
    assert_eq!(again, text);
}

#[test]
fn deterministic_algorithms_refuse_chance_trees() {
    for algo in ["alphabeta", "minimax", "pvs", "mtdf", "f1"] {
        let output = abprune_with_stdin(&["tree", "-", "--algo", algo, "--json"], DICE);
        assert_one_line_error(&output, "the tree has chance nodes");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(&format!("which {algo} cannot")), "{stderr}");
        assert!(stderr.contains("expectiminimax, star1 or star2"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn bad_probabilities_are_refused_with_line_and_column() {
    let output = abprune_with_stdin(&["tree", "-"], "(1\n {1/2 2 1/3 3})");
    assert_one_line_error(&output, "stdin: line 2, column 2: the probabilities of this chance node sum to 5/6, not 1");
    let output = abprune_with_stdin(&["tree", "-"], "{1/2 2 3}");
    assert_one_line_error(&output, "line 1, column 8: missing probability before '3'");
    let output = abprune_with_stdin(&["tree", "-"], "{0/2 2 1 3}");
    assert_one_line_error(&output, "zero probability '0/2'");
    let output = abprune_with_stdin(&["tree", "-"], "{1//2 2}");
    assert_one_line_error(&output, "malformed fraction '1//2'");
}

#[test]
fn random_star_minimax_trees_are_regular_and_seeded() {
    let args = ["tree", "--random", "3,4", "--chance-fanout", "2", "--seed", "5", "--print-tree"];
    let text = printed(&abprune(&args));
    assert_eq!(text, printed(&abprune(&args)), "the same seed gives the same tree");
    // MAX (3 children), 3 chance nodes (2 outcomes), 6 MIN nodes, 18 chance nodes.
    assert_eq!(text.matches('{').count(), 3 + 18);
    assert_eq!(text.matches('(').count(), 1 + 6);
    assert_eq!(text.matches("1/2 ").count(), 2 * 21);
    // What it prints is a tree the command reads back.
    assert_eq!(printed(&abprune_with_stdin(&["tree", "-", "--print-tree"], &text)), text);
    let other = printed(&abprune(&["tree", "--random", "3,4", "--chance-fanout", "2", "--seed", "6", "--print-tree"]));
    assert_ne!(text, other);
    let random = ["tree", "--random", "2,3", "--chance-fanout", "3", "--probabilities", "random", "--print-tree"];
    let text = printed(&abprune(&random));
    assert!(!text.contains("1/3 ") || text.matches("1/3 ").count() < 6, "random probabilities: {text}");
    assert_eq!(printed(&abprune_with_stdin(&["tree", "-", "--print-tree"], &text)), text);
}

#[test]
fn random_star_minimax_options_are_checked() {
    let output = abprune(&["tree", "--random", "2,4", "--chance-fanout", "2", "--algo", "pvs"]);
    assert_one_line_error(&output, "the tree has chance nodes");
    assert_one_line_error(&abprune(&["tree", "--random", "2,4", "--chance-fanout", "0"]), "at least 1");
    assert_one_line_error(&abprune(&["tree", "--chance-fanout", "2"]), "--random");
    assert_one_line_error(&abprune(&["tree", "--random", "2,2", "--probabilities", "random"]), "--chance-fanout");
    let output = abprune(&["tree", "--random", "2,2", "--chance-fanout", "2", "--probabilities", "dice"]);
    assert_one_line_error(&output, "dice");
    let output = abprune(&["tree", "--random", "10,14", "--chance-fanout", "10", "--print-tree"]);
    assert_one_line_error(&output, "the limit is");
}

/// The exact value of a tree from MAX's view, as `(numerator,
/// denominator)` in lowest terms: expectiminimax computed directly on the
/// nested form in fractions of its own, sharing no code with the searches.
fn oracle(text: &str) -> (i128, i128) {
    use abprune_games::tree::{Nested, Tree};
    fn reduce((n, d): (i128, i128)) -> (i128, i128) {
        let (mut a, mut b) = (n.abs(), d);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        (n / a, d / a)
    }
    fn value(node: &Nested, max_to_move: bool) -> (i128, i128) {
        match node {
            Nested::Leaf(v) => (i128::from(*v), 1),
            Nested::Node(children) => {
                let values = children.iter().map(|child| value(child, !max_to_move));
                // Compare a/b with c/d (b, d > 0) by cross-multiplying.
                let better = |x: &(i128, i128), y: &(i128, i128)| (x.0 * y.1).cmp(&(y.0 * x.1));
                let best = if max_to_move { values.max_by(better) } else { values.min_by(better) };
                best.expect("a decision node has children")
            }
            Nested::Chance(outcomes) => outcomes.iter().fold((0, 1), |(n, d), (p, child)| {
                let (cn, cd) = value(child, max_to_move);
                let (pn, pd) = (i128::from(p.numerator()), i128::from(p.denominator()));
                reduce((n * cd * pd + pn * cn * d, d * cd * pd))
            }),
        }
    }
    let tree = Tree::parse(text).expect("a valid tree");
    reduce(value(&tree.to_nested(), true))
}

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_str(&printed(output)).expect("JSON output")
}

fn fraction_text((n, d): (i128, i128)) -> String {
    if d == 1 {
        n.to_string()
    } else {
        format!("{n}/{d}")
    }
}

/// Hand trees: the issue's example under a MAX node, chance at the root,
/// chance under MIN, chance nodes in a row, and a tree without chance.
const HAND_TREES: [&str; 5] = [
    DICE,
    "{ 1/2 3  1/3 (4 5)  1/6 -2 }",
    "(( {1/2 (1 9) 1/2 (3 4)} {1/4 10 3/4 {1/3 -6 2/3 (8 2)}} ) (7 {0.5 6 0.5 12}))",
    "( {1/3 {1/2 1 1/2 2} 2/3 {1/5 (3 0) 4/5 7}} (4 {1/7 100 6/7 -100}) )",
    "((3 12 8) (2 4 6) (14 5 2))",
];

#[test]
fn chance_algorithms_give_the_oracle_value_on_hand_trees() {
    for tree in HAND_TREES {
        let expected = oracle(tree);
        for algo in ["expectiminimax", "star1", "star2"] {
            let report = json(&abprune_with_stdin(&["tree", "-", "--algo", algo, "--json"], tree));
            assert_eq!(report["value_exact"], fraction_text(expected), "{algo} on {tree}");
            let number = report["value"].as_f64().expect("a number");
            assert!((number - expected.0 as f64 / expected.1 as f64).abs() < 1e-12, "{algo} on {tree}");
            assert_eq!(report["algorithm"], algo);
        }
    }
}

#[test]
fn the_issues_example_reports_its_value_best_move_and_statistics() {
    let text = printed(&abprune_with_stdin(&["tree", "-", "--algo", "star2"], DICE));
    for expected in [
        "value           23/8 = 2.875\n",
        "best move       c\n",
        "leaf bounds     L = -2, U = 7 (the tree's lowest and highest leaf)\n",
        "chance cut-offs 0 (at chance nodes)\n",
        "probes          1 (",
    ] {
        assert!(text.contains(expected), "{expected:?} in {text}");
    }
    // A window above the value: Star1 cuts at the chance node and says what it knows.
    let text = printed(&abprune_with_stdin(&["tree", "-", "--algo", "star1", "--window", "3,7/2"], DICE));
    assert!(text.contains("chance cut-offs 1 (at chance nodes)"), "{text}");
    assert!(text.contains("failed low, the true value is <= 23/8"), "{text}");
    let expectiminimax = printed(&abprune_with_stdin(&["tree", "-", "--algo", "expectiminimax"], DICE));
    assert!(!expectiminimax.contains("leaf bounds") && !expectiminimax.contains("probes"), "{expectiminimax}");
}

#[test]
fn random_star_minimax_trees_are_searched_exactly_and_star1_saves_leaves() {
    for seed in ["1", "2", "3", "4"] {
        for probabilities in ["uniform", "random"] {
            let spec = ["--random", "3,4", "--chance-fanout", "3", "--seed", seed, "--probabilities", probabilities];
            let text = printed(&abprune(&[&["tree", "--print-tree"], &spec[..]].concat()));
            let expected = fraction_text(oracle(&text));
            let mut leaves = Vec::new();
            for algo in ["expectiminimax", "star1", "star2"] {
                let report = json(&abprune(&[&["tree", "--json", "--algo", algo], &spec[..]].concat()));
                assert_eq!(report["value_exact"], expected, "{algo} seed {seed} {probabilities}");
                leaves.push(report["leaves"].as_u64().expect("a count"));
            }
            assert_eq!(leaves[0], 81, "expectiminimax evaluates every leaf");
            assert!(leaves[1] <= leaves[0], "Star1 never evaluates more leaves: {leaves:?}");
        }
    }
}

#[test]
fn given_bounds_are_used_and_checked() {
    let report = json(&abprune_with_stdin(&["tree", "-", "--algo", "star1", "--bounds", "-10,10", "--json"], DICE));
    assert_eq!(report["bounds"], serde_json::json!([-10, 10]));
    assert_eq!(report["value_exact"], "23/8");
    let output = abprune_with_stdin(&["tree", "-", "--algo", "star1", "--bounds", "-1,5"], DICE);
    assert_one_line_error(&output, "--bounds '-1,5': the leaf at c 2 has value -2, outside [-1, 5]");
    let output = abprune_with_stdin(&["tree", "-", "--algo", "star2", "--bounds", "5,5"], DICE);
    assert_one_line_error(&output, "L must be below U");
    let output = abprune_with_stdin(&["tree", "-", "--algo", "star2", "--bounds", "5"], DICE);
    assert_one_line_error(&output, "expected L,U");
    let output = abprune_with_stdin(&["tree", "-", "--algo", "expectiminimax", "--bounds", "-5,9"], DICE);
    assert_one_line_error(&output, "--bounds applies to star1 and star2 only");
    let output = abprune_with_stdin(&["tree", "-", "--algo", "alphabeta", "--bounds", "-5,9"], "(1 2)");
    assert_one_line_error(&output, "--bounds applies to star1 and star2 only, not alphabeta");
}

#[test]
fn bad_windows_for_chance_algorithms_are_refused() {
    for (window, expected) in [
        ("3,2", "alpha must be below beta"),
        ("1/0,2", "'1/0' is not an integer, a fraction a/b"),
        ("x,2", "'x' is not"),
        ("3", "expected A,B"),
        ("99999999999999999999,inf", "is beyond 64 bits"),
    ] {
        let output = abprune_with_stdin(&["tree", "-", "--algo", "star2", "--window", window], DICE);
        assert_one_line_error(&output, expected);
    }
    let output = abprune_with_stdin(&["tree", "-", "--algo", "expectiminimax", "--window", "1,2"], DICE);
    assert_one_line_error(&output, "--window applies to alphabeta, failsoft, pvs, star1 and star2");
    let output = abprune_with_stdin(&["tree", "-", "--algo", "star1", "--bound", "2"], DICE);
    assert_one_line_error(&output, "--bound applies to f1 only");
}

#[test]
fn a_single_leaf_and_equal_leaves_are_searched() {
    // All leaves equal: the tree's bounds would be empty (L = U); a search still runs.
    for tree in ["5", "{1/2 5 1/2 5}", "(4 {1/3 4 2/3 4})"] {
        for algo in ["star1", "star2"] {
            let report = json(&abprune_with_stdin(&["tree", "-", "--algo", algo, "--json"], tree));
            assert_eq!(report["value_exact"], fraction_text(oracle(tree)), "{algo} on {tree}");
        }
    }
}

#[test]
fn a_chance_search_is_drawn_and_animated() {
    let dir = std::env::temp_dir().join(format!("abprune-chance-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (path, page_path) = (dir.join("star1.svg"), dir.join("star1.html"));
    let (path_text, page_text) = (path.to_str().expect("a UTF-8 path"), page_path.to_str().expect("a UTF-8 path"));
    let args = ["tree", "-", "--algo", "star1", "--window", "3,7/2", "--svg", path_text, "--animate", page_text];
    let text = printed(&abprune_with_stdin(&args, DICE));
    assert!(text.contains(&format!("svg             {path_text}")), "{text}");
    assert!(text.contains(&format!("animation       {page_text}")), "{text}");
    let svg = std::fs::read_to_string(&path).expect("the figure is written");
    assert!(svg.contains(r#"class="node chance pv cut""#) && svg.contains(">≤ 23/8</text>"), "{svg}");
    assert!(svg.contains("star1: Ballard's Star1") && svg.contains("value 23/8"));
    let page = std::fs::read_to_string(&page_path).expect("the page is written");
    // One step per event: enter, leaf and exit for 8 nodes (6 with a leaf event), one cut-off at c.
    assert!(page.contains(r#"data-steps="22""#), "steps");
    assert!(page.contains(r#"<g id="n2" class="node chance">"#), "c is a chance node");
    assert_eq!(page.matches(r#"<circle class="shape""#).count(), 1, "drawn as a circle");
    let cut =
        "chance cut-off at c: even at their worst for MIN (L each, or a probe's bound) the outcomes left keep it at \
               or above beta; 1 outcome not searched in full, the expectation is ≤ 23/8";
    assert!(page.contains(cut), "the cut-off told in MAX's view");
    assert!(page.contains(r#""value":"≤ 23/8""#) && page.contains(r#""window":"(-1, 7)""#), "fractions in MAX's view");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn long_lines_of_chance_nodes_are_exact_or_refused_on_one_line() {
    // Denominators multiply down a line of chance nodes: 3 x 5 x ... x 97 still fits in 128 bits,
    // and its decimal rounds to 2 without a dangling point.
    let primes = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97];
    let nest =
        |primes: &[u32]| primes.iter().fold("1".to_string(), |inner, p| format!("{{1/{p} {inner} {}/{p} 2}}", p - 1));
    let text = printed(&abprune_with_stdin(&["tree", "-", "--algo", "star1"], &nest(&primes)));
    assert!(text.contains("/1152783981972759212376551073665878035 ≈ 2\n"), "{text}");
    let more: Vec<u32> = primes.iter().copied().chain([101, 103, 107, 109, 113, 127, 131, 137]).collect();
    for algo in ["expectiminimax", "star1", "star2"] {
        let output = abprune_with_stdin(&["tree", "-", "--algo", algo], &nest(&more));
        assert_one_line_error(&output, "the exact value does not fit in 128 bits");
    }
}
