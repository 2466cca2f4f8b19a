//! Random uniform trees: the trees of Knuth & Moore's and Pearl's analyses.
//!
//! Every interior node has `branching` children and every leaf is at `depth`.
//! The same [`RandomTreeSpec`] always gives the same tree, on every platform
//! (a ChaCha generator seeded from `seed`).

use crate::tree::{NodeId, Tree, MAX_TREE_DEPTH};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

/// The most nodes a generated tree may have (about 0.5 GiB of tree).
pub const MAX_RANDOM_TREE_NODES: u64 = 20_000_000;

/// In what order a node's children come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveOrdering {
    /// As drawn: no information about which child is best.
    #[default]
    Random,
    /// Perfect ordering: at every node the best child for the side to move
    /// comes first (children are sorted best first, stably).
    Best,
    /// Alpha-beta's worst case: at every node the worst child for the side to
    /// move comes first and each later child is better than all before it,
    /// all the way down, so that no window ever excludes a value and nothing
    /// can be cut (with distinct leaves; ties may still allow a cut). The
    /// leaf values drawn are kept and rearranged to make it so.
    Worst,
}

impl FromStr for MoveOrdering {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "random" => Ok(MoveOrdering::Random),
            "best" | "perfect" => Ok(MoveOrdering::Best),
            "worst" => Ok(MoveOrdering::Worst),
            other => Err(format!("unknown ordering '{other}' (expected best, random or worst)")),
        }
    }
}

impl fmt::Display for MoveOrdering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveOrdering::Random => "random",
            MoveOrdering::Best => "best",
            MoveOrdering::Worst => "worst",
        })
    }
}

/// How leaf values are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafValues {
    /// Uniform integers in `min..=max` (small ranges make ties common).
    Uniform {
        /// Smallest value.
        min: i32,
        /// Largest value.
        max: i32,
    },
    /// All leaves distinct: a random permutation of `0..leaves`, the
    /// "continuous" case of the analyses, where ties never happen.
    Distinct,
}

/// Everything that determines a random uniform tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomTreeSpec {
    /// Children per interior node (at least 1).
    pub branching: u32,
    /// Plies from the root to every leaf.
    pub depth: u32,
    /// How leaves get their values.
    pub values: LeafValues,
    /// Order of children.
    pub ordering: MoveOrdering,
    /// Seed of the generator.
    pub seed: u64,
}

impl RandomTreeSpec {
    /// A tree with leaves uniform in `-99..=99` and random ordering.
    pub fn new(branching: u32, depth: u32, seed: u64) -> Self {
        RandomTreeSpec {
            branching,
            depth,
            values: LeafValues::Uniform { min: -99, max: 99 },
            ordering: MoveOrdering::Random,
            seed,
        }
    }

    /// The same tree with another child ordering.
    pub fn with_ordering(mut self, ordering: MoveOrdering) -> Self {
        self.ordering = ordering;
        self
    }

    /// The same tree shape with other leaf values.
    pub fn with_values(mut self, values: LeafValues) -> Self {
        self.values = values;
        self
    }

    /// The number of nodes, `1 + b + ... + b^d`, or `None` past `u64`.
    pub fn node_count(&self) -> Option<u64> {
        let b = u64::from(self.branching);
        (0..=self.depth).try_fold(0u64, |total, level| b.checked_pow(level).and_then(|n| total.checked_add(n)))
    }

    /// Generates the tree.
    ///
    /// # Errors
    /// If the branching is 0, the value range is empty or does not fit the
    /// evaluation band, or the tree would exceed [`MAX_RANDOM_TREE_NODES`]
    /// (the message gives the size it would have had).
    pub fn generate(&self) -> Result<Tree, String> {
        if self.branching == 0 {
            return Err("branching must be at least 1".into());
        }
        if self.depth as usize > MAX_TREE_DEPTH {
            return Err(format!("depth {} is beyond the limit of {MAX_TREE_DEPTH}", self.depth));
        }
        let nodes = self.node_count().filter(|&n| n <= MAX_RANDOM_TREE_NODES).ok_or_else(|| {
            let estimate = (f64::from(self.branching)).powi(self.depth as i32);
            format!(
                "a uniform tree with branching {} and depth {} has about {estimate:.3e} nodes; the limit is {MAX_RANDOM_TREE_NODES}",
                self.branching, self.depth
            )
        })?;
        let leaves = u64::from(self.branching).pow(self.depth) as usize;
        debug_assert!(leaves as u64 <= nodes);
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let values = match self.values {
            LeafValues::Uniform { min, max } => {
                if min > max {
                    return Err(format!("empty leaf value range {min}..={max}"));
                }
                for bound in [min, max] {
                    if abprune::Score::try_new(i64::from(bound)).is_none() {
                        return Err(format!("leaf value {bound} is outside the evaluation band"));
                    }
                }
                (0..leaves).map(|_| rng.random_range(min..=max)).collect::<Vec<i32>>()
            }
            LeafValues::Distinct => {
                let mut values: Vec<i32> = (0..leaves as i32).collect();
                values.shuffle(&mut rng);
                values
            }
        };
        let values = match self.ordering {
            MoveOrdering::Worst => arrange_worst_first(values, self.branching, self.depth),
            _ => values,
        };
        let mut tree = Tree::uniform(self.branching, self.depth, &values);
        if self.ordering == MoveOrdering::Best {
            order_children(&mut tree, MoveOrdering::Best);
        }
        Ok(tree)
    }
}

/// Places the drawn values so that every subtree's leaves occupy a block of
/// consecutive ranks, with a MAX node's children in ascending blocks and a MIN
/// node's in descending ones. Each child is then strictly better for the
/// mover than every earlier sibling, and every value in it lies strictly
/// inside the window it is searched with, so alpha-beta cuts nothing.
fn arrange_worst_first(mut values: Vec<i32>, branching: u32, depth: u32) -> Vec<i32> {
    values.sort_unstable();
    let b = branching as usize;
    (0..values.len())
        .map(|position| {
            // The leaf's path from the root is `position` written in base b,
            // most significant digit first; MIN levels (odd plies) count down.
            let mut rank = 0;
            let mut rest = position;
            let mut block = values.len();
            for ply in 0..depth {
                block /= b;
                let digit = rest / block;
                rest %= block;
                let digit = if ply % 2 == 0 { digit } else { b - 1 - digit };
                rank += digit * block;
            }
            values[rank]
        })
        .collect()
}

/// Sorts every node's children best first (or worst first) for the side to
/// move there, using the exact minimax values (MAX's view).
fn order_children(tree: &mut Tree, ordering: MoveOrdering) {
    let mut value = vec![0i32; tree.len()];
    let mut max_to_move = vec![true; tree.len()];
    for id in 0..tree.len() as NodeId {
        for &child in tree.children(id) {
            max_to_move[child as usize] = !max_to_move[id as usize];
        }
    }
    // Children have larger ids than their parent: a reverse sweep is bottom-up.
    for id in (0..tree.len() as NodeId).rev() {
        let children = tree.children(id);
        value[id as usize] = match tree.value(id) {
            Some(leaf) => leaf,
            None if max_to_move[id as usize] => children.iter().map(|&c| value[c as usize]).max().unwrap_or(0),
            None => children.iter().map(|&c| value[c as usize]).min().unwrap_or(0),
        };
        // Best first for MAX means descending values; for MIN ascending.
        let descending = max_to_move[id as usize] == (ordering == MoveOrdering::Best);
        let children = tree.children_mut(id);
        if descending {
            children.sort_by_key(|&c| std::cmp::Reverse(value[c as usize]));
        } else {
            children.sort_by_key(|&c| value[c as usize]);
        }
    }
}

/// Knuth & Moore's minimal tree: the leaves alpha-beta evaluates on a
/// perfectly ordered uniform tree, `b^ceil(d/2) + b^floor(d/2) - 1`.
pub fn minimal_tree_leaves(branching: u32, depth: u32) -> u64 {
    let b = u64::from(branching);
    b.pow(depth.div_ceil(2)) + b.pow(depth / 2) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_spec_same_tree_other_seed_other_tree() {
        let spec = RandomTreeSpec::new(3, 4, 7);
        assert_eq!(spec.generate().unwrap(), spec.generate().unwrap());
        assert_ne!(spec.generate().unwrap(), RandomTreeSpec::new(3, 4, 8).generate().unwrap());
    }

    #[test]
    fn shape_is_uniform() {
        let tree = RandomTreeSpec::new(3, 4, 1).generate().unwrap();
        assert_eq!(tree.len() as u64, RandomTreeSpec::new(3, 4, 1).node_count().unwrap());
        assert_eq!(tree.leaf_count(), 81);
        assert_eq!(tree.height(), 4);
    }

    #[test]
    fn best_ordering_puts_the_minimax_child_first() {
        let spec = RandomTreeSpec::new(4, 3, 11).with_ordering(MoveOrdering::Best);
        let tree = spec.generate().unwrap();
        let nested = tree.to_nested();
        let crate::tree::Nested::Node(children) = &nested else { panic!("root is a leaf") };
        let values: Vec<i32> = children.iter().map(|c| c.minimax(false)).collect();
        assert_eq!(values[0], nested.minimax(true));
        assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    }

    #[test]
    fn distinct_values_are_a_permutation() {
        let spec = RandomTreeSpec::new(2, 5, 3).with_values(LeafValues::Distinct);
        let tree = spec.generate().unwrap();
        let mut leaves: Vec<i32> = (0..tree.len() as u32).filter_map(|id| tree.value(id)).collect();
        leaves.sort_unstable();
        assert_eq!(leaves, (0..32).collect::<Vec<_>>());
    }

    #[test]
    fn impossible_specs_are_refused_with_the_size() {
        assert!(RandomTreeSpec::new(0, 3, 1).generate().is_err());
        let error = RandomTreeSpec::new(10, 12, 1).generate().unwrap_err();
        assert!(error.contains("1.000e12"), "{error}");
        let empty = RandomTreeSpec::new(2, 2, 1).with_values(LeafValues::Uniform { min: 3, max: 1 });
        assert!(empty.generate().is_err());
    }

    #[test]
    fn minimal_tree_formula() {
        assert_eq!(minimal_tree_leaves(3, 2), 5);
        assert_eq!(minimal_tree_leaves(2, 3), 5);
        assert_eq!(minimal_tree_leaves(5, 0), 1);
        assert_eq!(minimal_tree_leaves(1, 6), 1);
    }
}
