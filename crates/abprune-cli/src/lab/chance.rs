//! `abprune lab --chance-fanout F`: Ballard's experiment. Random regular
//! *-minimax trees (MAX, chance, MIN, chance, ...) searched by
//! expectiminimax, Star1 and Star2 on the same trees; the leaves, nodes,
//! cut-offs at chance nodes and probes of each, and the savings
//! `1 - leaves / expectiminimax's leaves` with their spread.
//!
//! Every value is checked against expectiminimax's on every tree, exactly
//! (the values are [`Ratio`]s): a difference is a bug in a search, and the
//! run stops with it (exit status 1) rather than average it away.

use super::plan::{trial_seed, MAX_WORK};
use crate::status::AtRunTime as _;
use abprune::{ChanceAlgorithm, Game, NoTrace, Outcome, Player, Probability, Ratio, Score};
use abprune_games::random_tree::MAX_RANDOM_TREE_NODES;
use abprune_games::{ChanceProbabilities, LeafValues, MoveOrdering, NodeId, RandomChanceTreeSpec, TreeGame};
use anyhow::{anyhow, bail, Result};
use rayon::prelude::*;
use std::ops::RangeInclusive;

/// The normal quantile of a two-sided 95% interval: the spread printed
/// is the mean's, `mean ± 1.96 s / sqrt(n)`.
const Z_95: f64 = 1.96;

/// Where Star1 and Star2 take Ballard's bounds `L` and `U` on the leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounds {
    /// The range the leaves are drawn from (`--values uniform:LO,HI`), what
    /// a game declares of its evaluation: wider than any one tree's leaves.
    Values,
    /// Each tree's own lowest and highest leaf: the tightest true bounds.
    Tree,
    /// Bounds given outright, containing the values' range: an evaluation
    /// that declares more than its leaves ever reach.
    Given {
        /// `L`.
        low: i32,
        /// `U`.
        high: i32,
    },
}

impl std::fmt::Display for Bounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bounds::Values => f.write_str("values"),
            Bounds::Tree => f.write_str("tree"),
            Bounds::Given { low, high } => write!(f, "{low},{high}"),
        }
    }
}

impl Bounds {
    /// `values`, `tree` or `LO,HI` (integers, `LO < HI`, containing the
    /// `values` range, which must then be `uniform:LO,HI`).
    pub fn parse(text: &str, values: LeafValues) -> Result<Bounds> {
        match text.trim() {
            "values" => return Ok(Bounds::Values),
            "tree" => return Ok(Bounds::Tree),
            _ => {}
        }
        let malformed = || anyhow!("invalid --bounds '{text}': expected values, tree or LO,HI");
        let (low, high) = text.split_once(',').ok_or_else(malformed)?;
        let number = |part: &str| crate::limits::whole_number::<i32>(part).map_err(|_| malformed());
        let (low, high) = (number(low)?, number(high)?);
        let band = Score::MAX_EVAL.unsigned_abs();
        if low.unsigned_abs() > band || high.unsigned_abs() > band {
            bail!("invalid --bounds '{text}': a bound is outside the evaluation band ±{band}");
        }
        let LeafValues::Uniform { min, max } = values else {
            bail!("invalid --bounds '{text}': bounds LO,HI need --values uniform:LO,HI to contain");
        };
        if low > min || high < max || low >= high {
            bail!("invalid --bounds '{text}': L < U must contain the leaf values {min}..{max}");
        }
        Ok(Bounds::Given { low, high })
    }
}

/// A checked *-minimax experiment.
pub struct ChancePlan {
    pub(super) branchings: RangeInclusive<u32>,
    pub(super) fanout: u32,
    /// Levels of the trees, chance levels included.
    pub(super) depths: RangeInclusive<u32>,
    pub(super) orderings: Vec<MoveOrdering>,
    pub(super) values: LeafValues,
    pub(super) probabilities: ChanceProbabilities,
    pub(super) bounds: Bounds,
    pub(super) trials: u32,
    pub(super) seed: u64,
}

/// What one search of one tree counted.
#[derive(Clone, Copy, Debug, Default)]
struct Count {
    leaves: u64,
    nodes: u64,
    chance_cutoffs: u64,
    probes: u64,
}

/// Mean and spread of one quantity over the trials.
#[derive(Clone, Copy, Debug)]
pub struct Spread {
    /// Mean over the trials.
    pub mean: f64,
    /// Lowest in one trial.
    pub min: f64,
    /// Highest in one trial.
    pub max: f64,
    /// Half the width of the mean's 95% interval (0 for one trial).
    pub half_width: f64,
}

impl Spread {
    fn of(samples: &[f64]) -> Spread {
        let n = samples.len().max(1) as f64;
        let mean = samples.iter().sum::<f64>() / n;
        let min = samples.iter().copied().fold(f64::INFINITY, f64::min);
        let max = samples.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let half_width = if samples.len() < 2 {
            0.0
        } else {
            let variance = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            Z_95 * (variance / n).sqrt()
        };
        Spread { mean, min, max, half_width }
    }
}

/// One (branching, depth, ordering, algorithm) over the trials.
#[derive(Clone, Debug)]
pub struct ChanceRow {
    /// Children per decision node.
    pub branching: u32,
    /// Levels of the trees, chance levels included.
    pub depth: u32,
    /// Order of the decision nodes' children.
    pub ordering: MoveOrdering,
    /// The algorithm.
    pub algo: ChanceAlgorithm,
    /// Leaves evaluated (Star2's probes included).
    pub leaves: Spread,
    /// Nodes entered, the root included.
    pub nodes: Spread,
    /// `1 - leaves / expectiminimax's leaves` on each tree.
    pub savings: Spread,
    /// Cut-offs at chance nodes, mean.
    pub chance_cutoffs: f64,
    /// Star2's probes, mean.
    pub probes: f64,
}

impl ChancePlan {
    /// Refuses trees too large to build and runs too long to wait for.
    pub(super) fn check_size(&self) -> Result<()> {
        let mut work = 0.0;
        for b in self.branchings.clone() {
            for d in self.depths.clone() {
                let spec = RandomChanceTreeSpec::new(b, self.fanout, d, 0);
                let Some(nodes) = spec.node_count().filter(|&n| n <= MAX_RANDOM_TREE_NODES) else {
                    bail!(
                        "a *-minimax tree with branching {b}, chance fan-out {} and depth {d} is too large: \
                         the limit is {MAX_RANDOM_TREE_NODES} nodes",
                        self.fanout
                    );
                };
                let searches = ChanceAlgorithm::ALL.len() as f64 + 1.0;
                work += nodes as f64 * searches * self.orderings.len() as f64 * f64::from(self.trials);
            }
        }
        if work > MAX_WORK {
            bail!(
                "this run would visit about {work:.2e} nodes (trials x tree nodes x (algorithms + generation)); \
                 the limit is {MAX_WORK:.0e}: use fewer trials or smaller trees"
            );
        }
        Ok(())
    }

    fn groups(&self) -> Vec<(u32, u32, MoveOrdering)> {
        let mut groups = Vec::new();
        for b in self.branchings.clone() {
            for d in self.depths.clone() {
                for &ordering in &self.orderings {
                    groups.push((b, d, ordering));
                }
            }
        }
        groups
    }

    /// Runs every trial (in parallel, in the current rayon pool) and
    /// summarises them in a fixed order: rows by branching, depth,
    /// ordering, algorithm.
    pub(super) fn run(&self) -> Result<Vec<ChanceRow>> {
        let groups = self.groups();
        let jobs: Vec<(usize, u32)> =
            (0..groups.len()).flat_map(|g| (0..self.trials).map(move |trial| (g, trial))).collect();
        let counts: Vec<Vec<Count>> =
            jobs.par_iter().map(|&(g, trial)| self.trial(groups[g], trial)).collect::<Result<_>>()?;
        let trials = self.trials as usize;
        let mut rows = Vec::with_capacity(groups.len() * ChanceAlgorithm::ALL.len());
        for (g, &(branching, depth, ordering)) in groups.iter().enumerate() {
            let group = &counts[g * trials..(g + 1) * trials];
            for (a, algo) in ChanceAlgorithm::ALL.into_iter().enumerate() {
                let column = |f: fn(&Count) -> u64| group.iter().map(|t| f(&t[a]) as f64).collect::<Vec<f64>>();
                let savings: Vec<f64> =
                    group.iter().map(|t| 1.0 - t[a].leaves as f64 / t[0].leaves.max(1) as f64).collect();
                rows.push(ChanceRow {
                    branching,
                    depth,
                    ordering,
                    algo,
                    leaves: Spread::of(&column(|c| c.leaves)),
                    nodes: Spread::of(&column(|c| c.nodes)),
                    savings: Spread::of(&savings),
                    chance_cutoffs: Spread::of(&column(|c| c.chance_cutoffs)).mean,
                    probes: Spread::of(&column(|c| c.probes)).mean,
                });
            }
        }
        Ok(rows)
    }

    /// Searches one tree with expectiminimax, Star1 and Star2 (in the
    /// order of [`ChanceAlgorithm::ALL`]) and checks their values agree.
    fn trial(&self, (branching, depth, ordering): (u32, u32, MoveOrdering), trial: u32) -> Result<Vec<Count>> {
        let seed = trial_seed(self.seed, branching, depth, trial);
        let spec = RandomChanceTreeSpec::new(branching, self.fanout, depth, seed)
            .with_ordering(ordering)
            .with_values(self.values)
            .with_probabilities(self.probabilities);
        let tree = spec.generate().map_err(anyhow::Error::msg)?;
        let bounds = match (self.bounds, self.values) {
            (Bounds::Values, LeafValues::Uniform { min, max }) => Some((Score::new(min), Score::new(max))),
            (Bounds::Given { low, high }, _) => Some((Score::new(low), Score::new(high))),
            (Bounds::Values | Bounds::Tree, _) => None,
        };
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        let mut counts = Vec::with_capacity(ChanceAlgorithm::ALL.len());
        let mut exact = None;
        for algo in ChanceAlgorithm::ALL {
            let mut game = DeclaredBounds { game: TreeGame::new(&tree), bounds };
            // Chance levels use no depth: `depth` reaches every leaf.
            // A refusal here is the experiment's, not a bug: the only one a
            // generated tree can meet is exact arithmetic past 128 bits
            // (deep trees of random probabilities), so it names the options.
            let result = algo.run(&mut game, depth, full, &mut NoTrace).map_err(|error| {
                anyhow!(
                    "{} cannot search the trees of branching {branching}, chance fan-out {}, depth {depth}, \
                     {} probabilities exactly ({error}): use a smaller depth or uniform probabilities",
                    algo.name(),
                    self.fanout,
                    self.probabilities
                )
            })?;
            match exact {
                None => exact = Some(result.value),
                Some(value) => check_agreement(algo, result.value, value, &spec)?,
            }
            let stats = result.stats;
            counts.push(Count {
                leaves: stats.leaves,
                nodes: stats.nodes,
                chance_cutoffs: stats.chance_cutoffs,
                probes: stats.probes,
            });
        }
        Ok(counts)
    }
}

/// Stops the run if `algo` found `found` where expectiminimax found
/// `exact`: a bug in a search (exit status 1), reported with the tree's
/// spec so that it can be made again.
fn check_agreement(algo: ChanceAlgorithm, found: Ratio, exact: Ratio, spec: &RandomChanceTreeSpec) -> Result<()> {
    if found == exact {
        return Ok(());
    }
    Err(anyhow!("{} found {found} where expectiminimax found {exact} on {spec:?}: a bug", algo.name())).at_run_time()
}

/// A tree game whose leaf bounds are declared rather than found in the
/// tree: Ballard's `L` and `U` are what the evaluation can return, which a
/// program knows before it searches (`None` keeps the tree's own).
struct DeclaredBounds<'t> {
    game: TreeGame<'t>,
    bounds: Option<(Score, Score)>,
}

impl Game for DeclaredBounds<'_> {
    type Move = NodeId;

    fn side_to_move(&self) -> Player {
        self.game.side_to_move()
    }
    fn generate_moves(&self, moves: &mut Vec<NodeId>) {
        self.game.generate_moves(moves)
    }
    fn play(&mut self, mv: NodeId) {
        self.game.play(mv)
    }
    fn undo(&mut self, mv: NodeId) {
        self.game.undo(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn evaluate(&self) -> Score {
        self.game.evaluate()
    }
    fn ending(&self) -> abprune::Ending {
        self.game.ending()
    }
    fn chance_to_move(&self) -> bool {
        self.game.chance_to_move()
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(NodeId, Probability)>) {
        self.game.chance_outcomes(outcomes)
    }
    fn value_bounds(&self) -> Option<(Score, Score)> {
        self.bounds.or_else(|| self.game.value_bounds())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_of_samples() {
        let spread = Spread::of(&[1.0, 2.0, 3.0]);
        assert_eq!((spread.mean, spread.min, spread.max), (2.0, 1.0, 3.0));
        // s = 1, n = 3: 1.96 / sqrt(3).
        assert!((spread.half_width - Z_95 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(Spread::of(&[5.0]).half_width, 0.0);
    }

    fn plan(bounds: Bounds) -> ChancePlan {
        ChancePlan {
            branchings: 2..=3,
            fanout: 3,
            depths: 2..=4,
            orderings: vec![MoveOrdering::Best, MoveOrdering::Random, MoveOrdering::Worst],
            values: LeafValues::Uniform { min: -50, max: 50 },
            probabilities: ChanceProbabilities::Random,
            bounds,
            trials: 5,
            seed: 7,
        }
    }

    #[test]
    fn star1_never_evaluates_more_leaves_than_expectiminimax() {
        for bounds in [Bounds::Values, Bounds::Tree] {
            let rows = plan(bounds).run().unwrap();
            assert_eq!(rows.len(), 2 * 3 * 3 * 3);
            for row in &rows {
                match row.algo {
                    ChanceAlgorithm::Expectiminimax => assert_eq!(row.savings.max, 0.0),
                    ChanceAlgorithm::Star1 => assert!(row.savings.min >= 0.0, "{row:?}"),
                    ChanceAlgorithm::Star2 => {}
                }
            }
        }
    }

    #[test]
    fn a_value_unlike_expectiminimax_is_a_run_time_failure() {
        let spec = RandomChanceTreeSpec::new(2, 2, 3, 1);
        let half = Ratio::new(1, 2).unwrap();
        assert!(check_agreement(ChanceAlgorithm::Star1, half, half, &spec).is_ok());
        let error = check_agreement(ChanceAlgorithm::Star2, half, Ratio::ZERO, &spec).unwrap_err();
        assert!(crate::status::failed_at_run_time(&error), "exit status 1");
        let message = format!("{error:#}");
        assert!(
            message.starts_with("star2 found 1/2 where expectiminimax found 0 on RandomChanceTreeSpec"),
            "{message}"
        );
    }

    #[test]
    fn bounds_parse_and_contain_the_values() {
        let values = LeafValues::Uniform { min: -50, max: 50 };
        assert_eq!(Bounds::parse("tree", values).unwrap(), Bounds::Tree);
        assert_eq!(Bounds::parse("-100,60", values).unwrap(), Bounds::Given { low: -100, high: 60 });
        assert_eq!(Bounds::parse("-100,60", values).unwrap().to_string(), "-100,60");
        for bad in ["-10,50", "-50,49", "5", "a,b", "loose", "-50,50000000000"] {
            assert!(Bounds::parse(bad, values).is_err(), "{bad}");
        }
        assert!(Bounds::parse("-100,100", LeafValues::Distinct).is_err());
    }

    #[test]
    fn wider_bounds_cut_less() {
        let mut wide = plan(Bounds::Given { low: -500, high: 500 });
        wide.probabilities = ChanceProbabilities::Uniform;
        let mut declared = plan(Bounds::Values);
        declared.probabilities = ChanceProbabilities::Uniform;
        let star1 = |rows: &[ChanceRow]| -> f64 {
            rows.iter().filter(|r| r.algo == ChanceAlgorithm::Star1).map(|r| r.leaves.mean).sum()
        };
        assert!(star1(&declared.run().unwrap()) < star1(&wide.run().unwrap()));
    }

    #[test]
    fn tighter_bounds_cut_at_least_as_much_on_average() {
        let declared = plan(Bounds::Values).run().unwrap();
        let tight = plan(Bounds::Tree).run().unwrap();
        let star1 = |rows: &[ChanceRow]| -> f64 {
            rows.iter().filter(|r| r.algo == ChanceAlgorithm::Star1).map(|r| r.leaves.mean).sum()
        };
        assert!(star1(&tight) <= star1(&declared));
    }
}
