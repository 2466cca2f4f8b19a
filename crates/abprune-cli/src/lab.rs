//! `abprune lab`: measure alpha-beta and its relatives against the formulas
//! of the sources, on random uniform trees and on real game positions.
//!
//! On random trees every (branching, depth, ordering) is searched `trials`
//! times by every algorithm chosen, on the same trees, and the leaves and
//! nodes are summarised beside `b^d`, the minimal tree, `b^(3d/4)` and
//! Pearl's prediction. Trials run in parallel; each tree's seed comes from
//! (seed, b, d, trial) alone and the results are summed in a fixed order, so
//! the output does not depend on the number of threads.

mod chance;
mod chance_plot;
mod chance_report;
mod formulas;
mod game;
mod plan;
pub(crate) mod plot;
mod report;

use crate::status::AtRunTime as _;
use abprune::algorithm::Algorithm;
use abprune_games::{ChanceProbabilities, LeafValues, MoveOrdering};
use anyhow::{bail, Context as _, Result};
use chance::{Bounds, ChancePlan};
use clap::Args;
use game::LabGame;
use plan::Plan;
use report::Format;
use std::ops::RangeInclusive;
use std::path::PathBuf;

/// The deepest search `abprune lab` accepts: well past anything that can
/// finish, and small enough that no count overflows on the way to refusing it.
pub const MAX_LAB_DEPTH: u32 = 30;

/// The depths of `--chance-fanout` when `--depth` is not given: from the
/// first tree with a chance node (MAX, chance, leaves) to three moves.
const DEFAULT_CHANCE_DEPTHS: &str = "2..6";

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
    /// 1..6 for random trees, 2..6 with --chance-fanout (chance levels
    /// count), 9 for tic-tac-toe, 8 for Connect Four.
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
    /// Measure Ballard's Star1 and Star2 against expectiminimax on random
    /// regular *-minimax trees (MAX, chance, MIN, chance, ...) with N
    /// outcomes per chance node.
    #[arg(long, value_name = "N", conflicts_with_all = ["game", "algos"])]
    chance_fanout: Option<u32>,
    /// Probabilities of the chance outcomes: uniform (1/N each) or random fractions.
    #[arg(long, value_name = "uniform|random", default_value = "uniform", requires = "chance_fanout")]
    probabilities: ChanceProbabilities,
    /// Ballard's bounds L and U on the leaves for Star1 and Star2: `values`
    /// (the --values range, what an evaluation declares; with --values
    /// distinct, the tree's), `tree` (each tree's own lowest and highest
    /// leaf) or `LO,HI` (wider than the values: a loose declaration).
    #[arg(
        long,
        value_name = "values|tree|LO,HI",
        default_value = "values",
        requires = "chance_fanout",
        allow_hyphen_values = true
    )]
    bounds: String,
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
    if args.chance_fanout.is_some() {
        return run_chance(args);
    }
    let plan = plan_from_args(args)?;
    let plot_target = args.plot.as_deref().map(plot::Target::from_path).transpose()?;
    let rows = in_pool(args.threads, || plan.run())?;
    if let Some(target) = &plot_target {
        plot::draw(target, &plan, &rows)?;
    }
    report::print_trees(&plan, &rows, args.format())?;
    Ok(())
}

/// Runs `abprune lab --chance-fanout N`.
fn run_chance(args: &LabArgs) -> Result<()> {
    let plan = chance_plan_from_args(args)?;
    let plot_target = args.plot.as_deref().map(plot::Target::from_path).transpose()?;
    let rows = in_pool(args.threads, || plan.run())?;
    if let Some(target) = &plot_target {
        chance_plot::draw(target, &plan, &rows)?;
    }
    chance_report::print(&plan, &rows, args.format())?;
    Ok(())
}

/// Runs `work` in a pool of `threads` workers (default: rayon's own pool).
fn in_pool<T: Send>(threads: Option<usize>, work: impl FnOnce() -> Result<T> + Send) -> Result<T> {
    match threads {
        None => work(),
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .context("cannot start the worker threads")
            .at_run_time()?
            .install(work),
    }
}

/// The checked *-minimax experiment `args` ask for.
fn chance_plan_from_args(args: &LabArgs) -> Result<ChancePlan> {
    let fanout = args.chance_fanout.unwrap_or(1);
    if fanout == 0 {
        bail!("invalid --chance-fanout 0: a chance node needs at least 1 outcome");
    }
    let branchings = parse_range(&args.branching, "--branching")?;
    if *branchings.start() == 0 {
        bail!("invalid --branching '{}': branching must be at least 1", args.branching);
    }
    let depths = parse_depths(args.depth.as_deref().unwrap_or(DEFAULT_CHANCE_DEPTHS))?;
    if args.trials == 0 {
        bail!("--trials must be at least 1");
    }
    let mut orderings = Vec::new();
    for &ordering in &args.ordering {
        if !orderings.contains(&ordering) {
            orderings.push(ordering);
        }
    }
    let values = parse_values(&args.values)?;
    let plan = ChancePlan {
        branchings,
        fanout,
        depths,
        orderings,
        values,
        probabilities: args.probabilities,
        bounds: Bounds::parse(&args.bounds, values)?,
        trials: args.trials,
        seed: args.seed,
    };
    plan.check_size()?;
    Ok(plan)
}

/// The checked experiment `args` ask for.
fn plan_from_args(args: &LabArgs) -> Result<Plan> {
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
}
