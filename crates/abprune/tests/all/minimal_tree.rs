//! Knuth & Moore's two exact counts on uniform trees, for every branching
//! 2..=6 and depth 1..=8 that `abprune lab` tabulates: with perfect ordering
//! alpha-beta evaluates exactly the minimal tree `b^ceil(d/2) + b^floor(d/2) - 1`,
//! ties or not; with the worst ordering and distinct leaves it evaluates all
//! `b^d` leaves, cutting nothing.

use abprune::{alphabeta, alphabeta_failsoft, NoTrace, Score, SearchResult, UNLIMITED_DEPTH};
use abprune_games::random_tree::minimal_tree_leaves;
use abprune_games::{LeafValues, MoveOrdering, NodeId, RandomTreeSpec, Tree, TreeGame};

/// The branching factors of the claim.
const BRANCHINGS: std::ops::RangeInclusive<u32> = 2..=6;
/// The depths of the claim (b = 6, d = 8 is 1.68 million leaves).
const DEPTHS: std::ops::RangeInclusive<u32> = 1..=8;
/// Seeds per tree shape: each draws other values, so other ties and other
/// places for the best move before ordering.
const SEEDS: std::ops::Range<u64> = 0..3;
/// A small range, so that ties are everywhere.
const TIED_VALUES: LeafValues = LeafValues::Uniform { min: -3, max: 3 };

fn tree(branching: u32, depth: u32, seed: u64, ordering: MoveOrdering, values: LeafValues) -> Tree {
    RandomTreeSpec::new(branching, depth, seed)
        .with_ordering(ordering)
        .with_values(values)
        .generate()
        .expect("every tree of the claim fits the generator")
}

fn full_window(tree: &Tree, failsoft: bool) -> SearchResult<NodeId> {
    let search = if failsoft { alphabeta_failsoft::<TreeGame, NoTrace> } else { alphabeta::<TreeGame, NoTrace> };
    search(&mut TreeGame::new(tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace)
}

fn best_ordering_gives_the_minimal_tree(values: LeafValues) {
    for b in BRANCHINGS {
        for d in DEPTHS {
            let expected = minimal_tree_leaves(b, d);
            for seed in SEEDS {
                let tree = tree(b, d, seed, MoveOrdering::Best, values);
                for failsoft in [false, true] {
                    let leaves = full_window(&tree, failsoft).stats.leaves;
                    assert_eq!(leaves, expected, "b={b} d={d} seed={seed} {values:?} failsoft={failsoft}");
                }
            }
        }
    }
}

#[test]
fn best_ordering_with_ties_gives_exactly_the_minimal_tree() {
    best_ordering_gives_the_minimal_tree(TIED_VALUES);
}

#[test]
fn best_ordering_with_distinct_values_gives_exactly_the_minimal_tree() {
    best_ordering_gives_the_minimal_tree(LeafValues::Distinct);
}

#[test]
fn worst_ordering_with_distinct_values_gives_the_full_tree() {
    for b in BRANCHINGS {
        for d in DEPTHS {
            let tree = tree(b, d, 1, MoveOrdering::Worst, LeafValues::Distinct);
            for failsoft in [false, true] {
                let result = full_window(&tree, failsoft);
                assert_eq!(result.stats.leaves, u64::from(b).pow(d), "b={b} d={d} failsoft={failsoft}");
                assert_eq!(result.stats.cutoffs(), 0, "b={b} d={d} failsoft={failsoft}");
            }
        }
    }
}

/// The two formulas meet where they must: one level has no cut to make.
#[test]
fn the_counts_agree_at_depth_one() {
    for b in BRANCHINGS {
        assert_eq!(minimal_tree_leaves(b, 1), u64::from(b));
    }
}
