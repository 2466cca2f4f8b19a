//! The searches of `abprune backgammon choose` and `search`: Star2 under
//! iterative deepening (the engine), or one textbook algorithm for the
//! comparison of `scripts/backgammon-depth`.
//!
//! Depth counts checker plays on a line from the root, the root's own
//! play included; the dice between them cost nothing. Depth 1 values each
//! play by the evaluation of the position it leads to (gnubg's "0-ply");
//! depth 3 is the play, each of the 21 rolls with the opponent's every
//! reply, then each of our 21 rolls with our every play, evaluated.

use abprune::engine::star2_deepening;
use abprune::{ChanceAlgorithm, Ratio, SearchLimits, SearchStats};
use abprune_games::backgammon::{Backgammon, Move};
use anyhow::{anyhow, bail, Result};
use std::time::{Duration, Instant};

/// The depth `choose` searches when given none: Star2 answers in under a
/// second on most positions at 3 plays, and an odd depth ends on the
/// player's own play, which pubeval ranks (at an even depth it would
/// judge the opponent's plays, and plays far worse: docs/backgammon.md).
pub const DEFAULT_DEPTH: u32 = 3;
/// The deepest search allowed: depth 4 already takes minutes without
/// pruning, and the search horizon bounds the leaves by this depth when
/// only a time or node limit is given.
pub const MAX_DEPTH: u32 = 8;
/// The longest `--time`: a day, far beyond any depth the search reaches.
const MAX_TIME: Duration = Duration::from_secs(86_400);

/// How a search is limited: a depth (checker plays), a time, nodes.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The depth searched, or the deepest iteration with a time or node limit.
    pub depth: u32,
    /// Wall time for the iterations (the first always completes).
    pub time: Option<Duration>,
    /// Nodes for the iterations (the first always completes).
    pub nodes: Option<u64>,
}

impl Limits {
    /// The limits of the command line: a depth, a time, nodes.
    pub fn new(depth: Option<u32>, time: Option<Duration>, nodes: Option<u64>) -> Result<Limits> {
        if let Some(time) = time.filter(|&time| time.is_zero() || time > MAX_TIME) {
            bail!("invalid --time {}: give a time above 0, at most a day", humantime::format_duration(time));
        }
        let unbounded = time.is_some() || nodes.is_some();
        let depth = depth.unwrap_or(if unbounded { MAX_DEPTH } else { DEFAULT_DEPTH });
        if !(1..=MAX_DEPTH).contains(&depth) {
            bail!("invalid --depth {depth}: give 1 to {MAX_DEPTH} checker plays");
        }
        if nodes == Some(0) {
            bail!("invalid --nodes 0: give at least 1");
        }
        Ok(Limits { depth, time, nodes })
    }
}

/// What one search found at a position with the dice thrown.
#[derive(Clone, Debug)]
pub struct Found {
    /// The play chosen (`None`: the game is over).
    pub play: Option<Move>,
    /// Its value for the player on roll, in thousandths of a point.
    pub value: Ratio,
    /// The deepest completed iteration (the depth searched, for a fixed depth).
    pub depth: u32,
    /// Counts over all the iterations.
    pub stats: SearchStats,
    /// Wall time of the iterations counted.
    pub elapsed: Duration,
}

/// Star2 under iterative deepening (the engine: a table at chance nodes,
/// the last iteration's best moves first) within `limits`.
pub fn engine(game: &mut Backgammon, limits: &Limits) -> Result<Found> {
    game.set_search_horizon(Some(limits.depth));
    let mut search = SearchLimits::none().with_depth(limits.depth);
    if let Some(time) = limits.time {
        search = search.with_time(time);
    }
    if let Some(nodes) = limits.nodes {
        search = search.with_nodes(nodes);
    }
    let result = star2_deepening(game, &search).map_err(|error| anyhow!("the search refused the game: {error:?}"))?;
    Ok(Found {
        play: result.best_move,
        value: result.value,
        depth: result.depth,
        stats: result.stats,
        elapsed: result.elapsed,
    })
}

/// A textbook algorithm with the full window: at `limits.depth`, or with
/// a time or node limit iterations 1, 2, ... up to it, each started only
/// while the counts so far are within the limits, the deepest whose
/// counts stayed within them reported (the textbook functions cannot be
/// stopped inside an iteration).
pub fn textbook(game: &mut Backgammon, algorithm: ChanceAlgorithm, limits: &Limits) -> Result<Found> {
    game.set_search_horizon(Some(limits.depth));
    let window = (Ratio::NEG_INFINITY, Ratio::INFINITY);
    let start = Instant::now();
    let (mut total, mut found) = (SearchStats::default(), None);
    let first = if limits.time.is_some() || limits.nodes.is_some() { 1 } else { limits.depth };
    for depth in first..=limits.depth {
        let result = algorithm
            .run(game, depth, window, &mut abprune::NoTrace)
            .map_err(|error| anyhow!("{algorithm} refused the game: {error:?}"))?;
        total.accumulate(&result.stats);
        let (elapsed, nodes) = (start.elapsed(), total.nodes);
        let within =
            limits.time.map_or(true, |time| elapsed <= time) && limits.nodes.map_or(true, |most| nodes <= most);
        if found.is_none() || within {
            let play = result.best_move;
            found = Some(Found { play, value: result.value, depth, stats: total.clone(), elapsed });
        }
        if !within {
            break;
        }
    }
    found.ok_or_else(|| anyhow!("no iteration searched"))
}
