//! Every search algorithm against the oracle: plain minimax computed directly
//! on the nested tree, sharing no code with the library.
//!
//! `PROPTEST_CASES` overrides the number of random trees (10,000 by default).

use abprune::{
    alphabeta, alphabeta_failsoft, branch_and_bound, minimax, mtdf, negamax, pvs, NoTrace, Score, SearchResult,
    UNLIMITED_DEPTH,
};
use abprune_games::random_tree::minimal_tree_leaves;
use abprune_games::{LeafValues, MoveOrdering, Nested, NodeId, RandomTreeSpec, Tree, TreeGame};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Small leaf values so that ties are common.
const LEAF_VALUES: std::ops::RangeInclusive<i32> = -4..=4;

/// Random trees of two kinds: small irregular ones that shrink well when a
/// property fails, and seeded ones that reach every depth 0..=6 with every
/// branching bound 1..=5 (each node has 1..=b children; some branches end
/// early in a leaf).
fn nested_tree() -> impl Strategy<Value = Nested> {
    let leaf = LEAF_VALUES.prop_map(Nested::Leaf);
    let shrinkable = leaf.prop_recursive(6, 400, 5, |inner| prop::collection::vec(inner, 1..=5).prop_map(Nested::Node));
    let deep = (0u32..=6, 1usize..=5, any::<u64>()).prop_map(|(depth, branching, seed)| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        grow(&mut rng, depth, branching)
    });
    prop_oneof![shrinkable, deep]
}

fn grow(rng: &mut ChaCha8Rng, depth: u32, branching: usize) -> Nested {
    /// Chance that a node above the last level is a leaf anyway.
    const EARLY_LEAF: f64 = 0.1;
    if depth == 0 || rng.random_bool(EARLY_LEAF) {
        return Nested::Leaf(rng.random_range(LEAF_VALUES));
    }
    let children = rng.random_range(1..=branching);
    Nested::Node((0..children).map(|_| grow(rng, depth - 1, branching)).collect())
}

/// A window bound: mostly small integers near the leaf values, sometimes infinite.
fn bound() -> impl Strategy<Value = Score> {
    prop_oneof![
        8 => (-6i32..=6).prop_map(Score::new),
        1 => Just(-Score::INFINITY),
        1 => Just(Score::INFINITY),
    ]
}

/// An open window `alpha < beta`.
fn window() -> impl Strategy<Value = (Score, Score)> {
    (bound(), bound()).prop_filter_map("alpha < beta", |(a, b)| match a.cmp(&b) {
        std::cmp::Ordering::Less => Some((a, b)),
        std::cmp::Ordering::Greater => Some((b, a)),
        std::cmp::Ordering::Equal => None,
    })
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(10_000)
}

fn full<'t>(tree: &'t Tree) -> TreeGame<'t> {
    TreeGame::new(tree)
}

/// The MAX-view minimax value of the root's child `child`.
fn oracle_of_child(tree: &Tree, nested: &Nested, child: NodeId) -> i32 {
    let Nested::Node(children) = nested else { panic!("a leaf has no children") };
    let index = tree.children(Tree::ROOT).iter().position(|&c| c == child).expect("best move is a root child");
    children[index].minimax(false)
}

fn assert_pv_reaches_a_leaf_worth(tree: &Tree, result: &SearchResult<NodeId>, value: i32) {
    let mut node = Tree::ROOT;
    for &step in &result.pv {
        assert!(tree.children(node).contains(&step), "PV step {step} is not a child of {node}");
        node = step;
    }
    assert_eq!(tree.value(node), Some(value), "the PV must end at a leaf with the root's value");
    assert_eq!(result.best_move, result.pv.first().copied());
}

fn assert_stats_consistent(result: &SearchResult<NodeId>) {
    let stats = &result.stats;
    assert_eq!(stats.nodes_per_ply.first(), Some(&1), "the root is entered once");
    assert_eq!(stats.nodes_per_ply.iter().sum::<u64>(), stats.nodes);
    assert!(stats.leaves <= stats.nodes);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn full_window_values_equal_minimax(nested in nested_tree()) {
        let tree = Tree::from_nested(&nested);
        let truth = Score::new(nested.minimax(true));
        let results = [
            minimax(&mut full(&tree), UNLIMITED_DEPTH, &mut NoTrace),
            negamax(&mut full(&tree), UNLIMITED_DEPTH, &mut NoTrace),
            branch_and_bound(&mut full(&tree), UNLIMITED_DEPTH, Score::INFINITY, &mut NoTrace),
            alphabeta(&mut full(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace),
            alphabeta_failsoft(&mut full(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace),
        ];
        let brute_force_leaves = nested.leaf_count() as u64;
        for (name, result) in ["minimax", "negamax", "f1", "alphabeta", "failsoft"].iter().zip(&results) {
            prop_assert_eq!(result.value, truth, "{}", name);
            assert_stats_consistent(result);
            if tree.is_leaf(Tree::ROOT) {
                prop_assert_eq!(result.best_move, None);
                continue;
            }
            // The good-enough successor really achieves the value.
            let best = result.best_move.unwrap();
            prop_assert_eq!(oracle_of_child(&tree, &nested, best), truth.get(), "{} best move", name);
            if *name != "f1" {
                assert_pv_reaches_a_leaf_worth(&tree, result, truth.get());
            }
        }
        prop_assert_eq!(results[0].stats.leaves, brute_force_leaves);
        prop_assert_eq!(results[1].stats.leaves, brute_force_leaves);
        prop_assert_eq!(results[0].stats.cutoffs() + results[1].stats.cutoffs(), 0);
        // Ties go to the earlier move: the first child with the best value.
        if let Nested::Node(children) = &nested {
            let first_best = children.iter().position(|c| c.minimax(false) == truth.get()).unwrap();
            let chosen = tree.children(Tree::ROOT).iter().position(|&c| Some(c) == results[1].best_move).unwrap();
            prop_assert_eq!(chosen, first_best);
            prop_assert_eq!(results[0].best_move, results[1].best_move);
        }
        for pruned in &results[2..] {
            prop_assert!(pruned.stats.leaves <= brute_force_leaves);
        }
    }

    #[test]
    fn windowed_searches_obey_their_conditions(nested in nested_tree(), (alpha, beta) in window()) {
        let tree = Tree::from_nested(&nested);
        let truth = Score::new(nested.minimax(true));
        let hard = alphabeta(&mut full(&tree), UNLIMITED_DEPTH, alpha, beta, &mut NoTrace);
        let soft = alphabeta_failsoft(&mut full(&tree), UNLIMITED_DEPTH, alpha, beta, &mut NoTrace);
        let f = hard.value;
        // Knuth & Moore's conditions (9) for F2.
        if truth <= alpha { prop_assert!(f <= alpha, "F={truth} <= alpha={alpha} but F2={f}"); }
        if alpha < truth && truth < beta { prop_assert_eq!(f, truth); }
        if truth >= beta { prop_assert!(f >= beta, "F={truth} >= beta={beta} but F2={f}"); }
        // The slides' theorem for fail-soft, and (9) too.
        let ab = soft.value;
        if ab <= alpha { prop_assert!(truth <= ab, "fail-soft {ab} <= alpha={alpha} but m={truth}"); }
        if alpha < ab && ab < beta { prop_assert_eq!(ab, truth); }
        if ab >= beta { prop_assert!(truth >= ab, "fail-soft {ab} >= beta={beta} but m={truth}"); }
        if truth <= alpha { prop_assert!(ab <= alpha); }
        if truth >= beta { prop_assert!(ab >= beta); }
        // Fail-soft is never looser than fail-hard, and searches the same tree.
        if f <= alpha { prop_assert!(ab <= f || ab <= alpha); }
        prop_assert_eq!(hard.stats.leaves, soft.stats.leaves);
        prop_assert_eq!(hard.stats.nodes, soft.stats.nodes);
        prop_assert_eq!(hard.stats.cutoffs(), soft.stats.cutoffs());
        let brute_force = nested.leaf_count() as u64;
        prop_assert!(hard.stats.leaves <= brute_force);
        assert_stats_consistent(&hard);
        assert_stats_consistent(&soft);
    }

    #[test]
    fn pvs_obeys_the_fail_soft_theorem_and_mtdf_is_exact(nested in nested_tree(), (alpha, beta) in window(), guess in -5i32..=5) {
        let tree = Tree::from_nested(&nested);
        let truth = Score::new(nested.minimax(true));
        let scout = pvs(&mut full(&tree), UNLIMITED_DEPTH, alpha, beta, &mut NoTrace);
        let v = scout.value;
        if v <= alpha { prop_assert!(truth <= v, "pvs {v} <= alpha={alpha} but m={truth}"); }
        if alpha < v && v < beta { prop_assert_eq!(v, truth); }
        if v >= beta { prop_assert!(truth >= v, "pvs {v} >= beta={beta} but m={truth}"); }
        let exact = pvs(&mut full(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
        prop_assert_eq!(exact.value, truth);
        if !tree.is_leaf(Tree::ROOT) {
            assert_pv_reaches_a_leaf_worth(&tree, &exact, truth.get());
        }
        let memory = mtdf(&mut full(&tree), UNLIMITED_DEPTH, Score::new(guess), &mut NoTrace);
        prop_assert_eq!(memory.value, truth);
        if let Some(best) = memory.best_move {
            prop_assert_eq!(oracle_of_child(&tree, &nested, best), truth.get());
        }
    }

    #[test]
    fn branch_and_bound_obeys_condition_6(nested in nested_tree(), bound in bound()) {
        let tree = Tree::from_nested(&nested);
        let truth = Score::new(nested.minimax(true));
        let f1 = branch_and_bound(&mut full(&tree), UNLIMITED_DEPTH, bound, &mut NoTrace).value;
        if truth < bound { prop_assert_eq!(f1, truth); } else { prop_assert!(f1 >= bound, "F={truth} >= bound={bound} but F1={f1}"); }
    }

    #[test]
    fn alphabeta_prunes_at_least_as_much_as_branch_and_bound(nested in nested_tree()) {
        let tree = Tree::from_nested(&nested);
        let f1 = branch_and_bound(&mut full(&tree), UNLIMITED_DEPTH, Score::INFINITY, &mut NoTrace);
        let f2 = alphabeta(&mut full(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
        prop_assert!(f2.stats.leaves <= f1.stats.leaves, "F2 {} > F1 {}", f2.stats.leaves, f1.stats.leaves);
    }

    #[test]
    fn depth_limited_searches_agree_with_each_other(nested in nested_tree(), depth in 0u32..4) {
        let tree = Tree::from_nested(&nested);
        let reference = negamax(&mut full(&tree), depth, &mut NoTrace);
        let others = [
            minimax(&mut full(&tree), depth, &mut NoTrace).value,
            branch_and_bound(&mut full(&tree), depth, Score::INFINITY, &mut NoTrace).value,
            alphabeta(&mut full(&tree), depth, -Score::INFINITY, Score::INFINITY, &mut NoTrace).value,
            alphabeta_failsoft(&mut full(&tree), depth, -Score::INFINITY, Score::INFINITY, &mut NoTrace).value,
        ];
        for value in others { prop_assert_eq!(value, reference.value); }
        prop_assert!(reference.stats.nodes_per_ply.len() as u32 <= depth + 1);
    }
}

/// Knuth & Moore: on a perfectly ordered uniform tree alpha-beta evaluates
/// exactly the minimal tree, b^ceil(d/2) + b^floor(d/2) - 1 leaves, ties or not.
#[test]
fn perfect_ordering_evaluates_exactly_the_minimal_tree() {
    for branching in 1..=5 {
        for depth in 0..=6 {
            for seed in 0..4 {
                for values in [LeafValues::Uniform { min: -3, max: 3 }, LeafValues::Distinct] {
                    let spec = RandomTreeSpec::new(branching, depth, seed)
                        .with_ordering(MoveOrdering::Best)
                        .with_values(values);
                    let tree = spec.generate().unwrap();
                    let expected = minimal_tree_leaves(branching, depth);
                    for result in [
                        alphabeta(&mut full(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace),
                        alphabeta_failsoft(
                            &mut full(&tree),
                            UNLIMITED_DEPTH,
                            -Score::INFINITY,
                            Score::INFINITY,
                            &mut NoTrace,
                        ),
                    ] {
                        assert_eq!(result.stats.leaves, expected, "b={branching} d={depth} seed={seed} {values:?}");
                    }
                }
            }
        }
    }
}

/// With distinct leaves arranged worst first, alpha-beta cannot cut.
#[test]
fn worst_ordering_with_distinct_leaves_evaluates_every_leaf() {
    for branching in 1..=4 {
        for depth in 0..=7 {
            let spec = RandomTreeSpec::new(branching, depth, 9)
                .with_ordering(MoveOrdering::Worst)
                .with_values(LeafValues::Distinct);
            let tree = spec.generate().unwrap();
            let result = alphabeta(&mut full(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
            assert_eq!(result.stats.leaves, u64::from(branching).pow(depth), "b={branching} d={depth}");
            assert_eq!(result.stats.cutoffs(), 0);
        }
    }
}

/// The tree of many textbook figures (Russell & Norvig's, among others).
#[test]
fn golden_three_min_nodes() {
    let tree = Tree::parse("a:( b:(3 12 8) c:(2 4 6) d:(14 5 2) )").unwrap();
    let plain = minimax(&mut full(&tree), UNLIMITED_DEPTH, &mut NoTrace);
    assert_eq!((plain.value, plain.stats.leaves, plain.stats.nodes), (Score::new(3), 9, 13));
    let ab = alphabeta(&mut full(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
    assert_eq!(ab.value, Score::new(3));
    assert_eq!(ab.stats.leaves, 7);
    assert_eq!(ab.stats.nodes, 11);
    assert_eq!((ab.stats.alpha_cutoffs, ab.stats.beta_cutoffs), (1, 0));
    assert_eq!(tree.describe_path(&ab.pv), ["b", "0"]);
    assert_eq!(ab.stats.nodes_per_ply, [1, 3, 7]);
    let f1 = branch_and_bound(&mut full(&tree), UNLIMITED_DEPTH, Score::INFINITY, &mut NoTrace);
    assert_eq!((f1.value, f1.stats.leaves), (Score::new(3), 7));
}

/// Deep cut-offs: the case F1 misses and F2 catches (Knuth & Moore, section 3).
#[test]
fn golden_deep_cutoff_only_alphabeta_sees() {
    // MAX root; after the first subtree MAX holds 5. In the second subtree the
    // MIN node's first reply is worth 8; its second reply is a MAX node whose
    // first child is the MIN node (3 1). After the leaf 3 that MIN node is
    // worth at most 3 < 5: only F2, which passes alpha = 5 down two levels,
    // knows the leaf 1 can be skipped.
    let tree = Tree::parse("((5) ((8) ((3 1) 9)))").unwrap();
    let f1 = branch_and_bound(&mut full(&tree), UNLIMITED_DEPTH, Score::INFINITY, &mut NoTrace);
    let f2 = alphabeta(&mut full(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
    assert_eq!(f1.value, Score::new(8));
    assert_eq!(f2.value, Score::new(8));
    assert_eq!((f1.stats.leaves, f2.stats.leaves), (5, 4));
    assert_eq!(f2.stats.alpha_cutoffs, 1, "the MIN node (3 1) is cut by the root's alpha");
}

/// The slides' first example: a window (3, 6) whose search fails high.
#[test]
fn golden_fail_soft_reports_a_tighter_bound_than_fail_hard() {
    let tree = Tree::parse("((9 10) (1 2))").unwrap();
    let beta = Score::new(6);
    let soft = alphabeta_failsoft(&mut full(&tree), UNLIMITED_DEPTH, Score::new(3), beta, &mut NoTrace);
    let hard = alphabeta(&mut full(&tree), UNLIMITED_DEPTH, Score::new(3), beta, &mut NoTrace);
    // Fail-soft returns 9 >= beta: the true value is at least 9 (it is 9).
    assert_eq!(soft.value, Score::new(9));
    // Fail-hard only says "at least beta".
    assert_eq!(hard.value, beta);
    assert_eq!(soft.stats.beta_cutoffs, 1);
    assert_eq!(soft.stats.leaves, 2);
}
