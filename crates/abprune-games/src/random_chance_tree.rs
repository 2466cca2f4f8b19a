//! Random regular *-minimax trees, Ballard's test trees: levels alternate
//! decision and chance (MAX, chance, MIN, chance, MAX, ...), every
//! decision node with `branching` children, every chance node with
//! `chance_fanout` outcomes, every leaf at `depth`.
//!
//! The same [`RandomChanceTreeSpec`] always gives the same tree, on every
//! platform (a ChaCha generator seeded from `seed`). Ordering sorts the
//! decision nodes' children by their exact expectiminimax values; a chance
//! node's outcomes keep the order they were drawn in, as a game's dice do.

use crate::random_tree::{LeafValues, MoveOrdering, MAX_RANDOM_TREE_NODES};
use crate::tree::{NodeId, Tree, MAX_TREE_DEPTH};
use abprune::{Probability, Score};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The largest weight of one outcome under [`ChanceProbabilities::Random`]:
/// probabilities are `w / (sum of w)` with `w` in `1..=` this, small enough
/// that exact values stay small fractions (a die's 1/36 and 2/36 are of
/// this kind).
pub const MAX_OUTCOME_WEIGHT: u64 = 6;

/// How the probabilities of a chance node's outcomes are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ChanceProbabilities {
    /// Every outcome equally likely, `1/fanout` (a fair die).
    #[default]
    Uniform,
    /// Random rationals: each outcome a random weight `1..=`
    /// [`MAX_OUTCOME_WEIGHT`] over the node's total.
    Random,
}

impl FromStr for ChanceProbabilities {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "uniform" => Ok(ChanceProbabilities::Uniform),
            "random" => Ok(ChanceProbabilities::Random),
            other => Err(format!("unknown probabilities '{other}' (expected uniform or random)")),
        }
    }
}

impl fmt::Display for ChanceProbabilities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChanceProbabilities::Uniform => "uniform",
            ChanceProbabilities::Random => "random",
        })
    }
}

/// Everything that determines a random regular *-minimax tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomChanceTreeSpec {
    /// Children per decision node (at least 1).
    pub branching: u32,
    /// Outcomes per chance node (at least 1).
    pub chance_fanout: u32,
    /// Levels from the root to every leaf, chance levels included: depth 4
    /// is MAX, chance, MIN, chance, then the leaves; an odd depth ends with
    /// a decision level above the leaves.
    pub depth: u32,
    /// How leaves get their values (MAX's view).
    pub values: LeafValues,
    /// Order of the decision nodes' children.
    pub ordering: MoveOrdering,
    /// How the outcomes' probabilities are drawn.
    pub probabilities: ChanceProbabilities,
    /// Seed of the generator.
    pub seed: u64,
}

impl RandomChanceTreeSpec {
    /// A tree with leaves uniform in `-99..=99`, random ordering and
    /// equally likely outcomes.
    pub fn new(branching: u32, chance_fanout: u32, depth: u32, seed: u64) -> Self {
        RandomChanceTreeSpec {
            branching,
            chance_fanout,
            depth,
            values: LeafValues::Uniform { min: -99, max: 99 },
            ordering: MoveOrdering::Random,
            probabilities: ChanceProbabilities::Uniform,
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

    /// The same tree shape with other probabilities.
    pub fn with_probabilities(mut self, probabilities: ChanceProbabilities) -> Self {
        self.probabilities = probabilities;
        self
    }

    /// The fan-out of level `level` (0 is the root's): decision levels are
    /// the even ones.
    fn fanout(&self, level: u32) -> u32 {
        if level % 2 == 0 {
            self.branching
        } else {
            self.chance_fanout
        }
    }

    /// The number of nodes, or `None` past `u64`.
    pub fn node_count(&self) -> Option<u64> {
        let (mut total, mut width) = (1u64, 1u64);
        for level in 0..self.depth {
            width = width.checked_mul(u64::from(self.fanout(level)))?;
            total = total.checked_add(width)?;
        }
        Some(total)
    }

    /// Generates the tree.
    ///
    /// # Errors
    /// If the branching or the fan-out is 0, the value range is empty or
    /// does not fit the evaluation band, or the tree would exceed
    /// [`MAX_RANDOM_TREE_NODES`] nodes (the message gives the size it would
    /// have had).
    pub fn generate(&self) -> Result<Tree, String> {
        if self.branching == 0 || self.chance_fanout == 0 {
            return Err("branching and chance fan-out must each be at least 1".into());
        }
        if self.depth as usize > MAX_TREE_DEPTH {
            return Err(format!("depth {} is beyond the limit of {MAX_TREE_DEPTH}", self.depth));
        }
        self.node_count().filter(|&n| n <= MAX_RANDOM_TREE_NODES).ok_or_else(|| {
            let estimate = (0..self.depth).map(|level| f64::from(self.fanout(level))).product::<f64>();
            format!(
                "a *-minimax tree with branching {}, chance fan-out {} and depth {} has about {estimate:.3e} leaves; the limit is {MAX_RANDOM_TREE_NODES} nodes",
                self.branching, self.chance_fanout, self.depth
            )
        })?;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut tree = Tree::empty();
        tree.add_node(None);
        let mut level_nodes: Vec<NodeId> = vec![Tree::ROOT];
        for level in 0..self.depth {
            level_nodes = self.grow_level(&mut tree, &level_nodes, level, &mut rng);
        }
        let values = draw_values(self.values, level_nodes.len(), &mut rng)?;
        for (&leaf, &value) in level_nodes.iter().zip(&values) {
            tree.set_leaf(leaf, value);
        }
        if self.ordering != MoveOrdering::Random {
            order_decisions(&mut tree, self.ordering);
        }
        Ok(tree)
    }

    /// Gives every node of `parents` (all at `level`) its children, with
    /// probabilities at a chance level; returns the new level's nodes.
    fn grow_level(&self, tree: &mut Tree, parents: &[NodeId], level: u32, rng: &mut ChaCha8Rng) -> Vec<NodeId> {
        let fanout = self.fanout(level);
        let mut next = Vec::with_capacity(parents.len() * fanout as usize);
        for &parent in parents {
            let ids: Vec<NodeId> = (0..fanout).map(|_| tree.add_node(None)).collect();
            if level % 2 == 0 {
                tree.attach_children(parent, &ids);
            } else {
                tree.attach_outcomes(parent, &ids, &self.draw_probabilities(rng));
            }
            next.extend_from_slice(&ids);
        }
        next
    }

    /// One chance node's probabilities, summing to exactly one.
    fn draw_probabilities(&self, rng: &mut ChaCha8Rng) -> Vec<Probability> {
        let fanout = u64::from(self.chance_fanout);
        let weights: Vec<u64> = match self.probabilities {
            ChanceProbabilities::Uniform => vec![1; fanout as usize],
            ChanceProbabilities::Random => (0..fanout).map(|_| rng.random_range(1..=MAX_OUTCOME_WEIGHT)).collect(),
        };
        let total: u64 = weights.iter().sum();
        weights.iter().map(|&w| Probability::new(w, total).unwrap_or(Probability::ONE)).collect()
    }
}

/// The leaves' values, as [`crate::RandomTreeSpec`] draws them.
fn draw_values(values: LeafValues, leaves: usize, rng: &mut ChaCha8Rng) -> Result<Vec<i32>, String> {
    match values {
        LeafValues::Uniform { min, max } => {
            if min > max {
                return Err(format!("empty leaf value range {min}..={max}"));
            }
            for bound in [min, max] {
                if Score::try_new(i64::from(bound)).is_none() {
                    return Err(format!("leaf value {bound} is outside the evaluation band"));
                }
            }
            Ok((0..leaves).map(|_| rng.random_range(min..=max)).collect())
        }
        LeafValues::Distinct => {
            let mut values: Vec<i32> = (0..leaves as i32).collect();
            values.shuffle(rng);
            Ok(values)
        }
    }
}

/// An exact expectiminimax value, `numerator / denominator` (denominator
/// positive), for ordering only. The denominators are products of the
/// chance nodes' totals along one path, small with weights at most
/// [`MAX_OUTCOME_WEIGHT`]; should a deep tree of wide leaves overflow
/// `i128`, the expectation and the comparison fall back to `f64`, which
/// can only misorder children whose values differ by less than its
/// rounding (never a panic).
#[derive(Clone, Copy, Debug)]
struct Exact {
    numerator: i128,
    denominator: i128,
}

impl Exact {
    fn leaf(value: i32) -> Exact {
        Exact { numerator: i128::from(value), denominator: 1 }
    }

    fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// `self + other * p`, reduced; `None` on overflow.
    fn add_weighted(self, other: Exact, p: Probability) -> Option<Exact> {
        let (p_numerator, p_denominator) = (i128::from(p.numerator()), i128::from(p.denominator()));
        let denominator = self.denominator.checked_mul(other.denominator)?.checked_mul(p_denominator)?;
        let left = self.numerator.checked_mul(other.denominator)?.checked_mul(p_denominator)?;
        let right = other.numerator.checked_mul(p_numerator)?.checked_mul(self.denominator)?;
        let numerator = left.checked_add(right)?;
        let divisor = gcd(numerator.unsigned_abs(), denominator.unsigned_abs()).max(1) as i128;
        Some(Exact { numerator: numerator / divisor, denominator: denominator / divisor })
    }

    fn compare(self, other: Exact) -> Ordering {
        match (self.numerator.checked_mul(other.denominator), other.numerator.checked_mul(self.denominator)) {
            (Some(left), Some(right)) => left.cmp(&right),
            _ => self.as_f64().total_cmp(&other.as_f64()),
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The expectation of a chance node's children, exact where it fits;
/// where it does not, the `f64` expectation as a fraction over 2^40.
fn expectation(children: &[NodeId], probabilities: &[Probability], value: &[Exact]) -> Exact {
    let zero = Exact { numerator: 0, denominator: 1 };
    let exact = children
        .iter()
        .zip(probabilities)
        .try_fold(zero, |sum, (&child, &p)| sum.add_weighted(value[child as usize], p));
    exact.unwrap_or_else(|| {
        const SCALE: f64 = (1u64 << 40) as f64;
        let mean: f64 = children.iter().zip(probabilities).map(|(&c, p)| value[c as usize].as_f64() * p.as_f64()).sum();
        Exact { numerator: (mean * SCALE).round() as i128, denominator: SCALE as i128 }
    })
}

/// Sorts every decision node's children best first (or worst first) for
/// the side to move there, by their exact expectiminimax values (MAX's view).
fn order_decisions(tree: &mut Tree, ordering: MoveOrdering) {
    let max_to_move = tree.max_to_move();
    let mut value = vec![Exact::leaf(0); tree.len()];
    // Children have larger ids than their parent: a reverse sweep is bottom-up.
    for id in (0..tree.len() as NodeId).rev() {
        let children = tree.children(id);
        value[id as usize] = if let Some(leaf) = tree.value(id) {
            Exact::leaf(leaf)
        } else if let Some(probabilities) = tree.probabilities(id) {
            expectation(children, probabilities, &value)
        } else {
            let values = children.iter().map(|&c| value[c as usize]);
            let best = if max_to_move[id as usize] {
                values.max_by(|a, b| a.compare(*b))
            } else {
                values.min_by(|a, b| a.compare(*b))
            };
            best.unwrap_or(Exact::leaf(0))
        };
        if tree.is_leaf(id) || tree.is_chance(id) {
            continue;
        }
        // Best first for MAX means descending values; for MIN ascending.
        let descending = max_to_move[id as usize] == (ordering == MoveOrdering::Best);
        let children = tree.children_mut(id);
        if descending {
            children.sort_by(|&a, &b| value[b as usize].compare(value[a as usize]));
        } else {
            children.sort_by(|&a, &b| value[a as usize].compare(value[b as usize]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_alternate_decision_and_chance() {
        let tree = RandomChanceTreeSpec::new(3, 2, 4, 5).generate().unwrap();
        assert_eq!(tree.len() as u64, RandomChanceTreeSpec::new(3, 2, 4, 5).node_count().unwrap());
        assert_eq!(tree.leaf_count(), 3 * 2 * 3 * 2);
        assert_eq!(tree.height(), 4);
        let root = Tree::ROOT;
        assert!(!tree.is_chance(root) && tree.children(root).len() == 3);
        let chance = tree.children(root)[0];
        assert!(tree.is_chance(chance) && tree.children(chance).len() == 2);
        assert_eq!(tree.probabilities(chance).unwrap(), [Probability::new(1, 2).unwrap(); 2]);
        let min = tree.children(chance)[1];
        assert!(!tree.is_chance(min) && !tree.max_to_move()[min as usize]);
    }

    #[test]
    fn random_probabilities_sum_to_one_and_round_trip() {
        let spec = RandomChanceTreeSpec::new(2, 3, 5, 9).with_probabilities(ChanceProbabilities::Random);
        let tree = spec.generate().unwrap();
        assert!(tree == spec.generate().unwrap());
        assert!(tree != spec.with_probabilities(ChanceProbabilities::Uniform).generate().unwrap());
        // Level-order ids here, preorder ids in a parsed tree: the same tree by its text and shape.
        let parsed = Tree::parse(&tree.to_string()).unwrap();
        assert!(parsed.to_string() == tree.to_string() && parsed.to_nested() == tree.to_nested());
    }

    #[test]
    fn impossible_specs_are_refused() {
        assert!(RandomChanceTreeSpec::new(0, 2, 3, 1).generate().is_err());
        assert!(RandomChanceTreeSpec::new(2, 0, 3, 1).generate().is_err());
        let error = RandomChanceTreeSpec::new(10, 10, 12, 1).generate().unwrap_err();
        assert!(error.contains("1.000e12"), "{error}");
    }
}
