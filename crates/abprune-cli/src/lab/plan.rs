//! A random-tree experiment: the checked plan, its trials in parallel, and
//! the rows they sum to.
//!
//! Its own module, below the command (`lab.rs`) that makes and runs a plan,
//! so that the report and the plot read the rows without importing the
//! command.

use super::formulas::Formulas;
use abprune::algorithm::{Algorithm, Window};
use abprune::NoTrace;
use abprune_games::random_tree::MAX_RANDOM_TREE_NODES;
use abprune_games::{LeafValues, MoveOrdering, RandomTreeSpec, TreeGame};
use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::ops::RangeInclusive;

/// The most node visits a run may plan (for random trees: trials x tree
/// nodes x (algorithms + the generation)): about two minutes on one core of
/// the machine this was measured on (4e7 visits a second).
pub const MAX_WORK: f64 = 5e9;

/// Runs planning less work than this finish in a moment: no progress bar.
const PROGRESS_MIN_WORK: f64 = 2e7;

/// A checked random-tree experiment.
pub struct Plan {
    pub(super) branchings: RangeInclusive<u32>,
    pub(super) depths: RangeInclusive<u32>,
    pub(super) orderings: Vec<MoveOrdering>,
    pub(super) algos: Vec<Algorithm>,
    pub(super) values: LeafValues,
    pub(super) trials: u32,
    pub(super) seed: u64,
    /// Planned node visits, for the limit and the progress bar.
    pub(super) work: f64,
}

/// One (branching, depth, ordering): the trees of a row group.
#[derive(Clone, Copy, Debug)]
struct Group {
    branching: u32,
    depth: u32,
    ordering: MoveOrdering,
}

/// Leaves or nodes over the trials of one row.
#[derive(Clone, Copy, Debug)]
pub struct Summary {
    sum: u64,
    /// Fewest in one trial.
    pub min: u64,
    /// Most in one trial.
    pub max: u64,
}

impl Summary {
    const EMPTY: Summary = Summary { sum: 0, min: u64::MAX, max: 0 };

    fn add(&mut self, count: u64) {
        self.sum += count;
        self.min = self.min.min(count);
        self.max = self.max.max(count);
    }

    /// The mean over `trials`.
    pub fn mean(&self, trials: u32) -> f64 {
        self.sum as f64 / f64::from(trials.max(1))
    }
}

/// One (branching, depth, ordering, algorithm): what was measured and predicted.
#[derive(Clone, Debug)]
pub struct Row {
    /// Children per interior node.
    pub branching: u32,
    /// Depth of the trees (and of the search).
    pub depth: u32,
    /// Child ordering of the trees.
    pub ordering: MoveOrdering,
    /// The algorithm.
    pub algo: Algorithm,
    /// Leaves evaluated.
    pub leaves: Summary,
    /// Nodes entered, the root included.
    pub nodes: Summary,
    /// The sources' predictions for this branching and depth.
    pub formulas: Formulas,
}

impl Plan {
    /// Refuses trees the generator would refuse and runs too long to wait
    /// for, before any work starts; returns the planned node visits.
    pub(super) fn check_size(&self) -> Result<f64> {
        let mut work = 0.0;
        for b in self.branchings.clone() {
            for d in self.depths.clone() {
                let nodes = RandomTreeSpec::new(b, d, 0).node_count().filter(|&n| n <= MAX_RANDOM_TREE_NODES);
                let Some(nodes) = nodes else {
                    let estimate = f64::from(b).powf(f64::from(d));
                    bail!(
                        "a uniform tree with branching {b} and depth {d} has about {estimate:.3e} nodes; \
                         the limit is {MAX_RANDOM_TREE_NODES}"
                    );
                };
                let searches = self.algos.len() as f64 + 1.0;
                work += nodes as f64 * searches * self.orderings.len() as f64 * f64::from(self.trials);
            }
        }
        if work > MAX_WORK {
            bail!(
                "this run would visit about {work:.2e} nodes (trials x tree nodes x (algorithms + generation)); \
                 the limit is {MAX_WORK:.0e}: use fewer trials, smaller trees or fewer algorithms"
            );
        }
        Ok(work)
    }

    fn groups(&self) -> Vec<Group> {
        let mut groups = Vec::new();
        for branching in self.branchings.clone() {
            for depth in self.depths.clone() {
                for &ordering in &self.orderings {
                    groups.push(Group { branching, depth, ordering });
                }
            }
        }
        groups
    }

    /// Runs every trial (in parallel, in the current rayon pool) and
    /// summarises them in a fixed order: rows by branching, depth, ordering,
    /// algorithm.
    pub(super) fn run(&self) -> Result<Vec<Row>> {
        let groups = self.groups();
        let jobs: Vec<(usize, u32)> =
            (0..groups.len()).flat_map(|g| (0..self.trials).map(move |trial| (g, trial))).collect();
        let progress = self.progress_bar();
        let searches = self.algos.len() as u64 + 1;
        let counts: Vec<Vec<(u64, u64)>> = jobs
            .par_iter()
            .map(|&(g, trial)| {
                let group = groups[g];
                let counts = self.trial(group, trial);
                let nodes = RandomTreeSpec::new(group.branching, group.depth, 0).node_count().unwrap_or(0);
                progress.inc(nodes * searches);
                counts
            })
            .collect::<Result<_>>()?;
        progress.finish_and_clear();
        let mut rows = Vec::with_capacity(groups.len() * self.algos.len());
        for (g, group) in groups.iter().enumerate() {
            let trials = &counts[g * self.trials as usize..(g + 1) * self.trials as usize];
            for (a, &algo) in self.algos.iter().enumerate() {
                let (mut leaves, mut nodes) = (Summary::EMPTY, Summary::EMPTY);
                for trial in trials {
                    leaves.add(trial[a].0);
                    nodes.add(trial[a].1);
                }
                rows.push(Row {
                    branching: group.branching,
                    depth: group.depth,
                    ordering: group.ordering,
                    algo,
                    leaves,
                    nodes,
                    formulas: Formulas::new(group.branching, group.depth),
                });
            }
        }
        Ok(rows)
    }

    /// Searches one tree with every algorithm: (leaves, nodes) per algorithm.
    /// All algorithms must agree on the value; a disagreement is a bug worth
    /// stopping for rather than a number to average.
    fn trial(&self, group: Group, trial: u32) -> Result<Vec<(u64, u64)>> {
        let seed = trial_seed(self.seed, group.branching, group.depth, trial);
        let spec = RandomTreeSpec::new(group.branching, group.depth, seed)
            .with_ordering(group.ordering)
            .with_values(self.values);
        let tree = spec.generate().map_err(anyhow::Error::msg)?;
        let mut counts = Vec::with_capacity(self.algos.len());
        let mut value = None;
        for &algo in &self.algos {
            let result = algo.run(&mut TreeGame::new(&tree), group.depth, Window::Full, &mut NoTrace);
            if value.is_some_and(|v| v != result.value) {
                bail!(
                    "the algorithms disagree on the value of {spec:?} ({} found {}): a bug",
                    algo.name(),
                    result.value
                );
            }
            value = Some(result.value);
            counts.push((result.stats.leaves, result.stats.nodes));
        }
        Ok(counts)
    }

    fn progress_bar(&self) -> ProgressBar {
        if self.work < PROGRESS_MIN_WORK {
            return ProgressBar::hidden();
        }
        let progress = ProgressBar::with_draw_target(Some(self.work as u64), ProgressDrawTarget::stderr());
        progress.set_style(
            ProgressStyle::with_template(
                "{bar:40} {percent}% of ~{human_len} node visits, {elapsed} elapsed, eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        progress
    }
}

/// The seed of one trial's tree, from the experiment's seed and the tree's
/// coordinates only (not the ordering: best, random and worst rearrange the
/// same drawn values). SplitMix64's finaliser spreads nearby inputs apart.
pub(super) fn trial_seed(seed: u64, branching: u32, depth: u32, trial: u32) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    [u64::from(branching), u64::from(depth), u64::from(trial)]
        .into_iter()
        .fold(mix(seed), |hash, part| mix(hash ^ part))
}

#[cfg(test)]
mod tests {
    use super::trial_seed;

    #[test]
    fn trial_seeds_differ_by_every_coordinate() {
        let base = trial_seed(1, 3, 4, 0);
        assert_eq!(base, trial_seed(1, 3, 4, 0));
        for other in [trial_seed(2, 3, 4, 0), trial_seed(1, 4, 4, 0), trial_seed(1, 3, 5, 0), trial_seed(1, 3, 4, 1)] {
            assert_ne!(base, other);
        }
        // Swapping coordinates gives another tree too.
        assert_ne!(trial_seed(1, 3, 4, 0), trial_seed(1, 4, 3, 0));
    }
}
