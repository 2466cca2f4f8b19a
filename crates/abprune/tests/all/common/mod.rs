//! What several test files share: random trees for proptest, random
//! graphs with transpositions (`dag`), extra-turn scoring (`turns`), the
//! subtraction game of the crate documentation (`take`), and
//! from `abprune_games::testing` (shared with the games' suites) random
//! Connect Four and Gomoku end games and the engines' check against brute
//! force. (Not every test module uses all of this module, hence the
//! allowance below.)
#![allow(dead_code)]
// These helpers are the tests' own assertions: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

pub mod dag;
pub mod star_tree;
pub mod take;
pub mod turns;

pub use abprune_games::testing::{cases, engines_agree_with_brute_force, random_gomoku, random_unfinished};
use abprune_games::Nested;
use proptest::prelude::*;

/// Random nested trees, up to 7 levels and 5 children a node, leaf values
/// -4..=4 so that ties are common.
pub fn nested_tree() -> impl Strategy<Value = Nested> {
    let leaf = (-4i32..=4).prop_map(Nested::Leaf);
    leaf.prop_recursive(7, 300, 5, |inner| prop::collection::vec(inner, 1..=5).prop_map(Nested::Node))
}
