//! `abprune lab`: measure alpha-beta and its relatives against the formulas
//! of the sources, on random uniform trees and on real game positions.
//!
//! On random trees every (branching, depth, ordering) is searched `trials`
//! times by every algorithm chosen, on the same trees, and the leaves and
//! nodes are summarised beside `b^d`, the minimal tree, `b^(3d/4)` and
//! Pearl's prediction. Trials run in parallel; each tree's seed comes from
//! (seed, b, d, trial) alone and the results are summed in a fixed order, so
//! the output does not depend on the number of threads.

mod formulas;
mod game;
pub(crate) mod plot;
mod report;

use crate::status::AtRunTime as _;
use abprune::algorithm::{Algorithm, Window};
use abprune::NoTrace;
use abprune_games::random_tree::MAX_RANDOM_TREE_NODES;
use abprune_games::{LeafValues, MoveOrdering, RandomTreeSpec, TreeGame};
use anyhow::{bail, Context as _, Result};
use clap::{Args, ValueEnum};
use formulas::Formulas;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::ops::RangeInclusive;
use std::path::PathBuf;

/// The deepest search `abprune lab` accepts: well past anything that can
/// finish, and small enough that no count overflows on the way to refusing it.
pub const MAX_LAB_DEPTH: u32 = 30;

/// The most node visits a run may plan (for random trees: trials x tree
/// nodes x (algorithms + the generation)): about two minutes on one core of
/// the machine this was measured on (4e7 visits a second).
const MAX_WORK: f64 = 5e9;

/// Runs planning less work than this finish in a moment: no progress bar.
const PROGRESS_MIN_WORK: f64 = 2e7;

/// The algorithms measured when `--algos` is not given: one of each kind
/// (negamax counts exactly as minimax does).
const DEFAULT_ALGOS: [Algorithm; 6] = [
    Algorithm::Minimax,
    Algorithm::BranchAndBound,
    Algorithm::AlphaBeta,
    Algorithm::FailSoftAlphaBeta,
    Algorithm::Pvs,
    Algorithm::Mtdf,
];

/// Options of `abprune lab`.
#[derive(Args, Debug)]
pub struct LabArgs {
    /// Branching factors of the random trees: `B` or an inclusive range `LO..HI`.
    #[arg(long, value_name = "B|LO..HI", default_value = "2..4", conflicts_with = "game")]
    branching: String,
    /// Search depths: `D` or an inclusive range `LO..HI` (at most 30). Default
    /// 1..6 for random trees, 9 for tic-tac-toe, 8 for Connect Four.
    #[arg(long, value_name = "D|LO..HI")]
    depth: Option<String>,
    /// Random trees per (branching, depth, ordering).
    #[arg(long, value_name = "N", default_value_t = 10, conflicts_with = "game")]
    trials: u32,
    /// Child orderings of the random trees, comma-separated.
    #[arg(
        long,
        value_name = "best|random|worst",
        value_delimiter = ',',
        default_value = "random",
        conflicts_with = "game"
    )]
    ordering: Vec<MoveOrdering>,
    /// The algorithms to measure, comma-separated.
    #[arg(long, value_parser = crate::tree::algorithm_parser(), value_delimiter = ',', default_values_t = DEFAULT_ALGOS)]
    algos: Vec<Algorithm>,
    /// Leaf values: `uniform:LO,HI` (integers, ties likely in small ranges) or
    /// `distinct` (a permutation: the continuous case of the analyses).
    #[arg(long, value_name = "uniform:LO,HI|distinct", default_value = "uniform:-50,50", conflicts_with = "game")]
    values: String,
    /// Seed of the experiment; every tree's seed derives from it.
    #[arg(long, default_value_t = 1, conflicts_with = "game")]
    seed: u64,
    /// Worker threads (default: one per processor). The results are the same for any number.
    #[arg(long, value_name = "N", conflicts_with = "game", value_parser = crate::limits::parse_threads)]
    threads: Option<usize>,
    /// Print comma-separated values instead of a table.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Print a JSON array of rows instead of a table.
    #[arg(long)]
    json: bool,
    /// Draw leaves against depth (log scale) to OUT.svg or OUT.png.
    #[arg(long, value_name = "OUT.svg|OUT.png", conflicts_with = "game")]
    plot: Option<PathBuf>,
    /// Measure on a real game position instead of random trees.
    #[arg(long, value_enum)]
    game: Option<LabGame>,
    /// The position for --game: tic-tac-toe cells 0-8 (e.g. `40`), Connect
    /// Four 1-based columns (e.g. `4453`); empty for the start.
    #[arg(long, value_name = "MOVES", default_value = "", requires = "game")]
    position: String,
}

/// The real games `abprune lab --game` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LabGame {
    /// Tic-tac-toe; moves are cells 0-8, row by row.
    Tictactoe,
    /// Connect Four (7x6); moves are 1-based columns.
    Connect4,
}

/// How the rows are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An aligned text table.
    Table,
    /// Comma-separated values with a header.
    Csv,
    /// A JSON array of objects.
    Json,
}

impl LabArgs {
    fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else if self.csv {
            Format::Csv
        } else {
            Format::Table
        }
    }
}

/// Runs `abprune lab`.
pub fn run(args: &LabArgs) -> Result<()> {
    if let Some(which) = args.game {
        let depths = match &args.depth {
            Some(text) => parse_depths(text)?,
            None => game::default_depth(which)..=game::default_depth(which),
        };
        return game::run(which, &args.position, depths, &args.algos, args.format());
    }
    let plan = Plan::from_args(args)?;
    let plot_target = args.plot.as_deref().map(plot::Target::from_path).transpose()?;
    let rows = match args.threads {
        None => plan.run()?,
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .context("cannot start the worker threads")
            .at_run_time()?
            .install(|| plan.run())?,
    };
    if let Some(target) = &plot_target {
        plot::draw(target, &plan, &rows)?;
    }
    report::print_trees(&plan, &rows, args.format())?;
    Ok(())
}

/// A checked random-tree experiment.
pub struct Plan {
    branchings: RangeInclusive<u32>,
    depths: RangeInclusive<u32>,
    orderings: Vec<MoveOrdering>,
    algos: Vec<Algorithm>,
    values: LeafValues,
    trials: u32,
    seed: u64,
    /// Planned node visits, for the limit and the progress bar.
    work: f64,
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
    fn from_args(args: &LabArgs) -> Result<Plan> {
        let branchings = parse_range(&args.branching, "--branching")?;
        if *branchings.start() == 0 {
            bail!("invalid --branching '{}': branching must be at least 1", args.branching);
        }
        let depths = parse_depths(args.depth.as_deref().unwrap_or("1..6"))?;
        if args.trials == 0 {
            bail!("--trials must be at least 1");
        }
        let values = parse_values(&args.values)?;
        let mut orderings = Vec::new();
        for &ordering in &args.ordering {
            if !orderings.contains(&ordering) {
                orderings.push(ordering);
            }
        }
        let mut plan = Plan {
            branchings,
            depths,
            orderings,
            algos: args.algos.clone(),
            values,
            trials: args.trials,
            seed: args.seed,
            work: 0.0,
        };
        plan.work = plan.check_size()?;
        Ok(plan)
    }

    /// Refuses trees the generator would refuse and runs too long to wait
    /// for, before any work starts; returns the planned node visits.
    fn check_size(&self) -> Result<f64> {
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
    fn run(&self) -> Result<Vec<Row>> {
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
fn trial_seed(seed: u64, branching: u32, depth: u32, trial: u32) -> u64 {
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

/// `N` or an inclusive range `LO..HI` (also `LO..=HI`) of integers.
fn parse_range(text: &str, option: &str) -> Result<RangeInclusive<u32>> {
    let malformed = || format!("invalid {option} '{text}': expected a number N or a range LO..HI of whole numbers");
    let (low, high) = match text.split_once("..") {
        Some((low, high)) => (low, high.strip_prefix('=').unwrap_or(high)),
        None => (text, text),
    };
    let number = |part: &str| match crate::limits::whole_number::<u32>(part) {
        Ok(value) => Ok(value),
        Err(error) if error.ends_with("out of range") => bail!("invalid {option} '{text}': {error}"),
        Err(_) => bail!(malformed()),
    };
    let (low, high) = (number(low)?, number(high)?);
    if low > high {
        bail!("invalid {option} '{text}': the range is empty ({low} is above {high})");
    }
    Ok(low..=high)
}

/// The `--depth` range, within [`MAX_LAB_DEPTH`].
fn parse_depths(text: &str) -> Result<RangeInclusive<u32>> {
    let depths = parse_range(text, "--depth")?;
    if *depths.end() > MAX_LAB_DEPTH {
        bail!("invalid --depth '{text}': depth {} is beyond the limit of {MAX_LAB_DEPTH}", depths.end());
    }
    Ok(depths)
}

/// `uniform:LO,HI` or `distinct`.
fn parse_values(text: &str) -> Result<LeafValues> {
    let malformed = || format!("invalid --values '{text}': expected uniform:LO,HI or distinct");
    if text.trim() == "distinct" {
        return Ok(LeafValues::Distinct);
    }
    let range = text.trim().strip_prefix("uniform:").with_context(malformed)?;
    let (min, max) = range.split_once(',').with_context(malformed)?;
    let number = |part: &str| match crate::limits::whole_number::<i32>(part) {
        Ok(value) => Ok(value),
        Err(_) if crate::limits::whole_number::<i128>(part).is_ok() => bail!(
            "invalid --values '{text}': {} is outside the evaluation band ±{}",
            part.trim(),
            abprune::Score::MAX_EVAL
        ),
        Err(_) => bail!(malformed()),
    };
    let (min, max) = (number(min)?, number(max)?);
    if min > max {
        bail!("invalid --values '{text}': the range is empty ({min} is above {max})");
    }
    for bound in [min, max] {
        if bound.unsigned_abs() > abprune::Score::MAX_EVAL.unsigned_abs() {
            bail!("invalid --values '{text}': {bound} is outside the evaluation band ±{}", abprune::Score::MAX_EVAL);
        }
    }
    Ok(LeafValues::Uniform { min, max })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("2..6", "--b").unwrap(), 2..=6);
        assert_eq!(parse_range("2..=6", "--b").unwrap(), 2..=6);
        assert_eq!(parse_range(" 4 ", "--b").unwrap(), 4..=4);
        assert!(parse_range("6..2", "--b").unwrap_err().to_string().contains("empty"));
        for bad in ["x..3", "", "..", "3..", "-1", "2...4", "1.5"] {
            assert!(parse_range(bad, "--b").is_err(), "{bad}");
        }
        assert!(parse_depths("1..31").is_err());
        assert_eq!(parse_depths("0..30").unwrap(), 0..=30);
    }

    #[test]
    fn values() {
        assert_eq!(parse_values("distinct").unwrap(), LeafValues::Distinct);
        assert_eq!(parse_values("uniform:-5,9").unwrap(), LeafValues::Uniform { min: -5, max: 9 });
        for bad in ["uniform:9,5", "uniform:1", "normal", "uniform:a,b", "uniform:0,2000000000"] {
            assert!(parse_values(bad).is_err(), "{bad}");
        }
    }

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
