//! The figures' tests: searched trees (pruning, bounds, the PV, windows)
//! and chance trees drawn from their structure.
#![allow(clippy::unwrap_used)]

use super::*;
use abprune::Score;
use abprune_games::tree::TreeGame;
use abprune_games::{RandomChanceTreeSpec, RandomTreeSpec};

fn searched(tree: &Tree, alpha: Score, beta: Score) -> String {
    let mut trace = abprune::Trace::default();
    let result = abprune::alphabeta(&mut TreeGame::new(tree), abprune::UNLIMITED_DEPTH, alpha, beta, &mut trace);
    render_search(tree, &trace.events, &result.pv, "α-β <test> & co")
}

/// The `<g>` of the `n`th node drawn (preorder) with this class.
fn node<'s>(svg: &'s str, class: &str, n: usize) -> &'s str {
    let start = svg.match_indices(&format!(r#"<g class="{class}">"#)).nth(n).unwrap().0;
    &svg[start..start + svg[start..].find("</g>").unwrap()]
}

#[test]
fn textbook_tree_shows_pruning_bounds_and_pv() {
    let tree = Tree::parse("a:( b:(3 12 8) c:(2 4 6) d:(14 5 2) )").unwrap();
    let svg = searched(&tree, -Score::INFINITY, Score::INFINITY);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
    assert_eq!(svg.matches(r#"class="node "#).count(), tree.len());
    assert_eq!(svg.matches(r#"class="node leaf pruned""#).count(), 2);
    assert_eq!(svg.matches(r#"class="edge pruned""#).count(), 2);
    assert!(node(&svg, "node max pv", 0).contains(">3</text>"), "the root's exact value");
    let c = node(&svg, "node min", 0);
    assert!(c.contains(">≤ 2</text>") && c.contains(">(3, +inf)</text>") && c.contains(">c</text>"));
    assert!(node(&svg, "node min pv", 0).contains(">b</text>"));
    assert_eq!(svg.matches(r#"class="edge pv""#).count(), 2, "a-b and b-3");
    assert_eq!(svg.matches(r#"class="label""#).count(), 4);
    assert!(svg.contains(">α-β &lt;test&gt; &amp; co</text>"));
}

/// Issue 35: `r:( a:(5 b:(8 2)) c:(3 d:(9 1)) e:(4 7) )` was drawn 554
/// px wide, its title cut off at "fail-hard — valu".
#[test]
fn picture_of_a_small_tree_is_wide_enough_for_its_title() {
    let tree = Tree::parse("r:( a:(5 b:(8 2)) c:(3 d:(9 1)) e:(4 7) )").unwrap();
    let mut trace = abprune::Trace::default();
    let (alpha, beta) = (-Score::INFINITY, Score::INFINITY);
    let result = abprune::alphabeta(&mut TreeGame::new(&tree), abprune::UNLIMITED_DEPTH, alpha, beta, &mut trace);
    for title in ["alphabeta: Knuth & Moore's F2(p, alpha, beta), fail-hard — value 4", &"m".repeat(120)] {
        let svg = render_search(&tree, &trace.events, &result.pv, title);
        let width = svg.split(r#"width=""#).nth(1).and_then(|rest| rest.split('"').next()).unwrap();
        let width: f64 = width.parse().unwrap();
        // DejaVu Sans Bold's mean advance is about 0.65 em.
        let needed = title.chars().count() as f64 * TITLE_FONT * 0.65 + 2.0 * MARGIN;
        assert!(width >= needed, "{width} px for a title of {needed} px");
    }
}

#[test]
fn failing_low_at_the_root_shows_an_upper_bound() {
    let tree = Tree::parse("(3 1)").unwrap();
    let svg = searched(&tree, Score::new(5), Score::new(9));
    assert!(node(&svg, "node max pv", 0).contains(">≤ 5</text>"));
    assert!(svg.contains(r#"<g class="node leaf">"#) && !svg.contains("pruned\""));
}

#[test]
fn min_nodes_show_their_bounds_in_max_view() {
    // Both MIN nodes are entered with (4, +inf) in MAX's view and fall below 4: at most 1, at most 2.
    let tree = Tree::parse("(4 (1 9) (7 2))").unwrap();
    let svg = searched(&tree, -Score::INFINITY, Score::INFINITY);
    assert!(node(&svg, "node min", 0).contains(">≤ 1</text>"));
    assert!(node(&svg, "node min", 1).contains(">≤ 2</text>"));
    // Here the MIN node's window is (-inf, 3) and both leaves lie above it: at least 3.
    let lower = searched(&Tree::parse("((5 6) 1)").unwrap(), -Score::INFINITY, Score::new(3));
    assert!(node(&lower, "node min pv", 0).contains(">≥ 3</text>"), "{lower}");
}

#[test]
fn random_tree_is_complete_and_deterministic() {
    let tree = RandomTreeSpec::new(3, 4, 5).generate().unwrap();
    let svg = searched(&tree, -Score::INFINITY, Score::INFINITY);
    assert_eq!(svg, searched(&tree, -Score::INFINITY, Score::INFINITY));
    assert_eq!(svg.matches(r#"class="node "#).count(), tree.len());
    assert_eq!(svg.matches("<polygon").count() + svg.matches("<rect x").count(), tree.len() + shapes::LEGEND.len() - 1);
    let pruned = svg.matches(r#" pruned">"#).count();
    assert!(pruned > 0 && pruned < tree.len());
}

#[test]
fn chance_nodes_are_circles_with_probabilities_on_their_edges() {
    let tree = Tree::parse("( 2  c:{ 1/2 3  1/3 m:(4 5)  1/6 -2 } )").unwrap();
    let svg = render_tree(&tree, "a die");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
    assert_eq!(svg.matches(r#"class="node "#).count(), tree.len());
    assert_eq!(svg.matches(r#"class="node chance">"#).count(), 1);
    assert_eq!(svg.matches("<circle").count(), 1 + 1, "the chance node and the legend's sample");
    let probabilities: Vec<&str> = svg.match_indices(r#"class="probability""#).map(|(at, _)| &svg[at..]).collect();
    assert_eq!(probabilities.len(), 3);
    for (text, expected) in probabilities.iter().zip(["1/2", "1/3", "1/6"]) {
        assert!(text.contains(&format!(">{expected}</text>")), "{text}");
    }
    // One decision node (the root) lies above m, so it is MIN's, though it lies at depth 2,
    // where depth parity would say MAX.
    assert!(node(&svg, "node min", 0).contains(">m</text>"));
    assert_eq!(svg.matches(r#"class="node max">"#).count(), 1);
    assert!(!svg.contains("pruned") && !svg.contains(r#"class="window""#) && !svg.contains("PV"));
    assert!(svg.contains(">chance</text>"), "the legend names the circle");
    assert!(node(&svg, "node leaf", 4).contains(">-2</text>"), "leaves keep their values");
}

#[test]
fn the_structure_of_a_deterministic_tree_is_drawn_plain() {
    let tree = Tree::parse("a:( b:(3 12 8) c:(2 4 6) )").unwrap();
    let svg = render_tree(&tree, "plain");
    assert_eq!(svg.matches(r#"class="node max">"#).count(), 1);
    assert_eq!(svg.matches(r#"class="node min">"#).count(), 2);
    assert_eq!(svg.matches(r#"class="node leaf">"#).count(), 6);
    assert!(!svg.contains("<circle") && !svg.contains("probabilit") && !svg.contains(">chance<"));
}

#[test]
fn random_star_minimax_trees_draw_every_node() {
    let tree = abprune_games::RandomChanceTreeSpec::new(2, 3, 4, 7).generate().unwrap();
    let svg = render_tree(&tree, "random");
    assert_eq!(svg, render_tree(&tree, "random"));
    let chance_nodes = (0..tree.len() as NodeId).filter(|&id| tree.is_chance(id)).count();
    assert_eq!(svg.matches(r#"class="node chance">"#).count(), chance_nodes);
    assert_eq!(svg.matches(r#"class="probability""#).count(), chance_nodes * 3);
    assert_eq!(svg.matches(r#"class="node min">"#).count(), 2 * 3);
}

fn chance_searched(
    tree: &Tree,
    algorithm: abprune::ChanceAlgorithm,
    window: (abprune::Ratio, abprune::Ratio),
) -> String {
    let mut trace = abprune::ChanceTrace::default();
    let result = algorithm.run(&mut TreeGame::new(tree), abprune::UNLIMITED_DEPTH, window, &mut trace).unwrap();
    render_chance_search(tree, &trace.events, result.best_move, "chance")
}

fn ratio(numerator: i128, denominator: i128) -> abprune::Ratio {
    abprune::Ratio::new(numerator, denominator).unwrap()
}

#[test]
fn a_chance_cutoff_is_marked_with_fractions_and_ballards_windows() {
    // Star1 in (3, 7/2): after 3, 4 and -2 the last outcome (1/24, at most 7) cannot lift c above 3.
    let tree = Tree::parse("( 2  c:{ 1/2 3  1/3 (4 5)  0.125 -2  1/24 7 } )").unwrap();
    let svg = chance_searched(&tree, abprune::ChanceAlgorithm::Star1, (ratio(3, 1), ratio(7, 2)));
    assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
    assert_eq!(svg.matches(r#"class="node "#).count(), tree.len());
    let c = node(&svg, "node chance pv cut", 0);
    assert!(c.contains(">≤ 23/8</text>") && c.contains(">(3, 7/2)</text>") && c.contains(">cut</text>"), "{c}");
    assert!(c.contains(r##"stroke="#c0392b""##), "{c}");
    assert!(node(&svg, "node max pv", 0).contains(">≤ 23/8</text>"));
    assert_eq!(svg.matches(r#"class="node leaf pruned""#).count(), 1, "the outcome of 7 is never searched");
    // Each outcome's window, Ballard's (max(A, L), min(B, U)) in MAX's view: the first (-1, 7).
    assert!(node(&svg, "node leaf", 1).contains(">3</text>") && node(&svg, "node leaf", 1).contains(">(-1, 7)</text>"));
    assert!(svg.contains("cut-off at a chance node"));
    assert_eq!(svg.matches(r#"class="probability""#).count(), 4);
}

#[test]
fn star2s_probes_are_dotted_and_the_full_window_gives_exact_fractions() {
    // As `abprune tree --random 3,4 --chance-fanout 2 --seed 5` makes it.
    let values = abprune_games::LeafValues::Uniform { min: 0, max: 20 };
    let tree = RandomChanceTreeSpec::new(3, 2, 4, 5).with_values(values).generate().unwrap();
    let full = (abprune::Ratio::NEG_INFINITY, abprune::Ratio::INFINITY);
    let svg = chance_searched(&tree, abprune::ChanceAlgorithm::Star2, full);
    assert!(svg.contains(r#"class="node min probe""#), "a MIN node only probed");
    assert!(svg.contains(r#"stroke-dasharray="1.5 2""#));
    let mut game = TreeGame::new(&tree);
    let value =
        abprune::textbook::expectiminimax(&mut game, abprune::UNLIMITED_DEPTH, &mut abprune::NoTrace).unwrap().value;
    assert!(!value.is_integer(), "a fraction: {value}");
    assert!(node(&svg, "node max pv", 0).contains(&format!(">{value}</text>")), "the exact value at the root");
    let exhaustive = chance_searched(&tree, abprune::ChanceAlgorithm::Expectiminimax, full);
    assert!(!exhaustive.contains(" pruned\"") && !exhaustive.contains(" cut\"") && !exhaustive.contains(" probe\""));
    assert_eq!(svg, chance_searched(&tree, abprune::ChanceAlgorithm::Star2, full), "the same bytes each time");
}
