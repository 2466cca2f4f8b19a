//! Trees with chance nodes: the text format (`{ 1/2 3  1/2 (4 5) }`), its
//! errors with line and column, and the side to move across chance nodes.
#![allow(clippy::unwrap_used)]

use abprune::{Game, Player, Probability, Score};
use abprune_games::tree::{Nested, ParseError, Tree, TreeGame};
use abprune_games::{ChanceProbabilities, MoveOrdering, RandomChanceTreeSpec};
use proptest::prelude::*;

fn p(numerator: u64, denominator: u64) -> Probability {
    Probability::new(numerator, denominator).unwrap()
}

fn fails(text: &str) -> ParseError {
    match Tree::parse(text) {
        Ok(tree) => panic!("{text:?} parsed as {tree}"),
        Err(error) => error,
    }
}

#[test]
fn the_issue_example_reads_exactly() {
    let tree = Tree::parse("c:{ 1/2 3  1/3 (4 5)  1/6 -2 }").unwrap();
    assert!(tree.has_chance_nodes() && tree.is_chance(0));
    assert_eq!(tree.label(0), Some("c"));
    assert_eq!(tree.probabilities(0), Some(&[p(1, 2), p(1, 3), p(1, 6)][..]));
    let middle = tree.children(0)[1];
    assert!(!tree.is_chance(middle) && tree.probabilities(middle).is_none());
    assert_eq!(tree.to_string(), "c:{1/2 3 1/3 (4 5) 1/6 -2}");
    assert_eq!(tree.leaf_bounds(), (-2, 5));
}

#[test]
fn decimals_are_exact_fractions() {
    let tree = Tree::parse("{0.125 1 0.375 2 .5 3}").unwrap();
    assert_eq!(tree.probabilities(0), Some(&[p(1, 8), p(3, 8), p(1, 2)][..]));
    assert_eq!(tree.to_string(), "{1/8 1 3/8 2 1/2 3}");
    // 0.1 + 0.2 + 0.7 is exactly one here, as it is not in floating point.
    assert!(Tree::parse("{0.1 1 0.2 2 0.7 3}").is_ok());
    assert_eq!(Tree::parse("{1 7}").unwrap().probabilities(0), Some(&[Probability::ONE][..]));
}

#[test]
fn deterministic_trees_carry_no_probabilities() {
    let tree = Tree::parse("(1 (2 3))").unwrap();
    assert!(!tree.has_chance_nodes());
    assert!((0..tree.len() as u32).all(|id| tree.probabilities(id).is_none()));
}

#[test]
fn probabilities_that_do_not_sum_to_one_are_refused_at_the_brace() {
    let e = fails("(1\n  c:{ 1/2 3  1/3 4 })");
    assert_eq!((e.line, e.column), (2, 5));
    assert!(e.message.contains("sum to 5/6, not 1"), "{e}");
    let e = fails("{0.5 1 0.5 2 0.5 3}");
    assert!(e.message.contains("sum to 3/2, not 1"), "{e}");
    let e = fails("{0.33 1 0.33 2 0.33 3}");
    assert!(e.message.contains("sum to 99/100"), "{e}");
}

#[test]
fn bad_probabilities_are_named_where_they_are() {
    let e = fails("{1/2 1\n 0/2 2 1/2 3}");
    assert_eq!((e.line, e.column), (2, 2));
    assert!(e.message.contains("zero probability '0/2'"), "{e}");
    let e = fails("{1/2 1 1/x 2}");
    assert_eq!((e.line, e.column), (1, 8));
    assert!(e.message.contains("malformed fraction '1/x'"), "{e}");
    let e = fails("{1/0 1}");
    assert!(e.message.contains("divides by zero"), "{e}");
    let e = fails("{3/2 1}");
    assert!(e.message.contains("more than 1"), "{e}");
}

#[test]
fn a_missing_probability_is_named() {
    let e = fails("{1/2 3 4}");
    assert_eq!((e.line, e.column), (1, 8));
    assert!(e.message.contains("missing probability before '4'"), "{e}");
    let e = fails("{1/2 3 (4 5)}");
    assert_eq!((e.line, e.column), (1, 8));
    assert!(e.message.contains("missing probability before '('"), "{e}");
    let e = fails("{1/2 3 x:4}");
    assert!(e.message.contains("missing probability before label 'x:'"), "{e}");
    let e = fails("{1/2 3 1/2}");
    assert_eq!((e.line, e.column), (1, 11));
    assert!(e.message.contains("no outcome after it"), "{e}");
}

#[test]
fn brackets_must_match_and_chance_nodes_must_have_outcomes() {
    let e = fails("{1 (2 3}}");
    assert_eq!((e.line, e.column), (1, 8));
    assert!(e.message.contains("'}' closes the '(' opened at line 1, column 4"), "{e}");
    let e = fails("(1 {1 2))");
    assert!(e.message.contains("')' closes the '{'"), "{e}");
    let e = fails("(1 {})");
    assert_eq!((e.line, e.column), (1, 4));
    assert!(e.message.contains("empty node '{}'"), "{e}");
    let e = fails("(1 {1/2 2 ");
    assert!(e.message.contains("'{' opened here is never closed"), "{e}");
    assert!(fails("}").message.contains("unmatched '}'"));
}

/// Where MAX is to move, by walking [`TreeGame`] down the first child
/// each time: the game's and the tree's answers agree.
#[test]
fn chance_nodes_do_not_pass_the_move() {
    // MAX at the root; the chance node below it belongs to MIN, and so do
    // its outcomes' decision nodes; the next decision level is MAX again.
    let tree = Tree::parse("( c:{ 1/2 m:( {1 x:(7 8)} 2 ) 1/2 -3 } 9 )").unwrap();
    let mut game = TreeGame::new(&tree);
    let expected = [
        (Player::First, false),  // root
        (Player::Second, true),  // c
        (Player::Second, false), // m
        (Player::First, true),   // { 1 ... }
        (Player::First, false),  // x
        (Player::Second, false), // leaf 7
    ];
    let sides = tree.max_to_move();
    for (ply, &(player, chance)) in expected.iter().enumerate() {
        assert_eq!(game.side_to_move(), player, "ply {ply}");
        assert_eq!(game.chance_to_move(), chance, "ply {ply}");
        assert_eq!(sides[game.node() as usize], player == Player::First, "ply {ply}");
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        if let Some(&first) = moves.first() {
            game.play(first);
        }
    }
    assert_eq!(game.evaluate(), Score::new(-7), "the leaf under MIN is seen from MIN's side");
}

#[test]
fn the_game_lists_outcomes_and_bounds() {
    let tree = Tree::parse("{1/6 (1 -4) 5/6 {1/2 12 1/2 0}}").unwrap();
    let mut game = TreeGame::new(&tree);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes, [(1, p(1, 6)), (4, p(5, 6))]);
    assert_eq!(game.value_bounds(), Some((Score::new(-4), Score::new(12))));
    game.play(4);
    outcomes.clear();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes, [(5, p(1, 2)), (6, p(1, 2))]);
    game.play(6);
    assert_eq!(game.side_to_move(), Player::First);
    game.undo(6);
    game.undo(4);
    assert_eq!(game.node(), 0);
    outcomes.clear();
    let deterministic = Tree::parse("(1 2)").unwrap();
    TreeGame::new(&deterministic).chance_outcomes(&mut outcomes);
    assert!(outcomes.is_empty() && !TreeGame::new(&deterministic).chance_to_move());
}

/// Random nested trees with chance nodes whose probabilities sum to one
/// (a random split of a random denominator).
fn nested_with_chance() -> impl Strategy<Value = Nested> {
    let leaf = (-50i32..=50).prop_map(Nested::Leaf);
    leaf.prop_recursive(5, 200, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..=4).prop_map(Nested::Node),
            (prop::collection::vec((1u64..=5, inner), 1..=4), 0u64..3).prop_map(|(outcomes, scale)| {
                let weights: Vec<u64> = outcomes.iter().map(|&(w, _)| w * (scale + 1)).collect();
                let total: u64 = weights.iter().sum();
                let outcomes = weights.iter().zip(outcomes).map(|(&w, (_, child))| (p(w, total), child));
                Nested::Chance(outcomes.collect())
            }),
        ]
    })
}

proptest! {
    #[test]
    fn printing_and_parsing_round_trip(nested in nested_with_chance()) {
        let tree = Tree::from_nested(&nested);
        let text = tree.to_string();
        let parsed = Tree::parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&parsed, &tree);
        prop_assert_eq!(parsed.to_nested(), nested.clone());
        prop_assert_eq!(parsed.leaf_count(), nested.leaf_count());
    }
}

/// The expectiminimax value in `f64` from MAX's view, computed directly on
/// the nested form: enough to check an ordering (the generator's values are
/// exact and share no code with this).
fn expectiminimax(nested: &Nested, max_to_move: bool) -> f64 {
    match nested {
        Nested::Leaf(value) => f64::from(*value),
        Nested::Node(children) => {
            let values = children.iter().map(|child| expectiminimax(child, !max_to_move));
            if max_to_move {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
        Nested::Chance(outcomes) => {
            outcomes.iter().map(|(p, child)| p.as_f64() * expectiminimax(child, max_to_move)).sum()
        }
    }
}

/// True when every decision node's children come best first (`best`) or
/// worst first for the side to move there.
fn in_order(nested: &Nested, max_to_move: bool, best: bool) -> bool {
    const ROUNDING: f64 = 1e-9;
    match nested {
        Nested::Leaf(_) => true,
        Nested::Node(children) => {
            let values: Vec<f64> = children.iter().map(|child| expectiminimax(child, !max_to_move)).collect();
            let descending = max_to_move == best;
            let sorted = values.windows(2).all(|pair| {
                if descending {
                    pair[0] >= pair[1] - ROUNDING
                } else {
                    pair[0] <= pair[1] + ROUNDING
                }
            });
            sorted && children.iter().all(|child| in_order(child, !max_to_move, best))
        }
        Nested::Chance(outcomes) => outcomes.iter().all(|(_, child)| in_order(child, max_to_move, best)),
    }
}

#[test]
fn random_star_minimax_trees_are_ordered_as_asked() {
    for seed in 0..40 {
        for probabilities in [ChanceProbabilities::Uniform, ChanceProbabilities::Random] {
            let spec = RandomChanceTreeSpec::new(3, 3, 5, seed).with_probabilities(probabilities);
            let random = spec.generate().unwrap().to_nested();
            let best = spec.with_ordering(MoveOrdering::Best).generate().unwrap().to_nested();
            let worst = spec.with_ordering(MoveOrdering::Worst).generate().unwrap().to_nested();
            assert!(in_order(&best, true, true) && in_order(&worst, true, false), "seed {seed}");
            // The check can fail: a tree as drawn is in neither order.
            assert!(!in_order(&random, true, true) && !in_order(&random, true, false), "seed {seed}");
            // Reordering moves subtrees, never changes the value.
            let value = expectiminimax(&random, true);
            assert!(
                (expectiminimax(&best, true) - value).abs() < 1e-9
                    && (expectiminimax(&worst, true) - value).abs() < 1e-9
            );
            assert_eq!(best.leaf_count(), 3 * 3 * 3 * 3 * 3);
        }
    }
}

proptest! {
    /// Any text of the format's characters either parses to a tree that
    /// prints back to itself, or is refused with a line and column inside
    /// the text; never a panic.
    #[test]
    fn any_text_parses_or_is_refused_where_it_is(text in "[(){}: 0-9/.a#\n-]{0,40}") {
        match Tree::parse(&text) {
            Ok(tree) => prop_assert_eq!(Tree::parse(&tree.to_string()).map(|t| t.to_string()), Ok(tree.to_string())),
            Err(error) => {
                prop_assert!(error.line >= 1 && error.line <= text.lines().count().max(1) + 1, "{}", error);
                prop_assert!(error.column >= 1, "{}", error);
            }
        }
    }
}

#[test]
fn leaf_bounds_given_or_found_hold_every_leaf() {
    let tree = Tree::parse("(1 {1/2 5 1/2 (9 2)})").unwrap();
    let bounds = |game: &TreeGame| game.value_bounds().map(|(low, high)| (low.get(), high.get()));
    assert_eq!(bounds(&TreeGame::new(&tree)), Some((1, 9)));
    assert_eq!(bounds(&TreeGame::with_value_bounds(&tree, -100, 100)), Some((-100, 100)));
    // Every leaf equal: bounds need low < high, and (v, v + 1) still holds every leaf.
    assert_eq!(bounds(&TreeGame::new(&Tree::parse("{1/2 4 1/2 4}").unwrap())), Some((4, 5)));
    let top = Score::MAX_EVAL;
    assert_eq!(bounds(&TreeGame::new(&Tree::parse(&top.to_string()).unwrap())), Some((top - 1, top)));
    // The first leaf outside, in preorder, by the moves that reach it.
    assert_eq!(tree.first_leaf_outside(0, 5).map(|moves| tree.child_indices(&moves)), Some(vec![1, 1, 0]));
    assert_eq!(tree.first_leaf_outside(2, 9).map(|moves| tree.child_indices(&moves)), Some(vec![0]));
    assert_eq!(tree.first_leaf_outside(1, 9), None);
    assert_eq!(Tree::parse("7").unwrap().first_leaf_outside(0, 5), Some(vec![]), "the root itself");
}
