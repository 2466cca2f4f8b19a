//! The engine for games with chance (`star2_deepening`: Star2 under
//! iterative deepening with a table at chance nodes and the previous
//! iteration's best moves first) against expectiminimax at each depth, on
//! random *-minimax trees (with hash keys, so the table works) and on Hog.

// The tests' own assertions: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::common::star_tree::{random_tree, Shape};
use abprune::engine::star2_deepening;
use abprune::{expectiminimax, star2, NoTrace, Ratio, SearchLimits, StopReason, UNLIMITED_DEPTH};
use abprune_games::Hog;

/// At every depth limit the engine's value is expectiminimax's at that
/// depth, with the table on; so is the textbook Star2's (the depth limit
/// and evaluations at inner nodes); unlimited, the exact value.
#[test]
fn each_depth_gives_expectiminimaxs_value_at_that_depth() {
    for seed in 0..1_500 {
        let shape = [Shape::Regular, Shape::Irregular][(seed % 2) as usize];
        let mut tree = random_tree(seed, shape);
        tree.keyed = true;
        for depth in 1..=4 {
            let truth = expectiminimax(&mut tree, depth, &mut NoTrace).unwrap().value;
            let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
            let plain = star2(&mut tree, depth, full.0, full.1, &mut NoTrace).unwrap();
            assert_eq!(plain.value, truth, "seed {seed}: star2 to depth {depth}");
            let deep = star2_deepening(&mut tree, &SearchLimits::none().with_depth(depth)).unwrap();
            assert_eq!(deep.value, truth, "seed {seed}: deepening to depth {depth}");
            assert!(deep.depth <= depth, "seed {seed}");
            assert_eq!(tree.path, [0], "seed {seed}: the engine left the game moved");
        }
        let deep = star2_deepening(&mut tree, &SearchLimits::none()).unwrap();
        let exact = expectiminimax(&mut tree, UNLIMITED_DEPTH, &mut NoTrace).unwrap().value;
        assert_eq!(deep.value, exact, "seed {seed}: unlimited");
        // The tree's leaves have no moves and are valued by the evaluation.
        assert_eq!(deep.stop_reason, StopReason::Complete, "seed {seed}");
        assert!(!deep.exact, "seed {seed}");
    }
}

/// Hog is solved (every line ends in a finished game): the engine says so,
/// and a node limit stops it at a shallower depth whose value is
/// expectiminimax's there.
#[test]
fn hog_is_solved_and_a_node_limit_keeps_the_last_depth() {
    let mut game = Hog::new(2, 2).unwrap();
    let exact = expectiminimax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).unwrap();
    let deep = star2_deepening(&mut game, &SearchLimits::none()).unwrap();
    assert_eq!((deep.value, deep.exact, deep.stop_reason), (exact.value, true, StopReason::Solved));
    assert_eq!(deep.value.to_string(), "-25121/1679616");
    let one_shot = star2(&mut game, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace).unwrap();
    println!(
        "Hog(2, 2): leaves expectiminimax {}, Star2 {}, Star2 deepening to depth {} (all iterations) {}",
        exact.stats.leaves, one_shot.stats.leaves, deep.depth, deep.stats.leaves
    );
    let limited = star2_deepening(&mut game, &SearchLimits::none().with_nodes(3_000)).unwrap();
    assert_eq!(limited.stop_reason, StopReason::NodeLimit);
    assert!(limited.depth < deep.depth && !limited.exact);
    let at_that_depth = expectiminimax(&mut game, limited.depth, &mut NoTrace).unwrap();
    assert_eq!(limited.value, at_that_depth.value);
    assert_eq!(limited.best_move, at_that_depth.best_move);
}
