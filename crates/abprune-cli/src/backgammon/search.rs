//! The searches of `abprune backgammon choose` and `search`: Star2 under
//! iterative deepening (the engine), or one textbook algorithm for the
//! comparison of `scripts/backgammon-depth`.
//!
//! Depth counts checker plays on a line from the root, the root's own
//! play included; the dice between them cost nothing. Depth 1 values each
//! play by the evaluation of the position it leads to (gnubg's "0-ply");
//! depth 3 is the play, each of the 21 rolls with the opponent's every
//! reply, then each of our 21 rolls with our every play, evaluated.

use abprune::Game;
use abprune::{ChanceAlgorithm, Ratio, SearchStats};
use abprune_games::backgammon::net::{Outputs, LOSE_BACKGAMMON, LOSE_GAMMON, WIN, WIN_BACKGAMMON, WIN_GAMMON};
use abprune_games::backgammon::player::{self, Player, PlayerLimits};
use abprune_games::backgammon::{Backgammon, Move, Play};
use anyhow::{anyhow, bail, Result};
use std::time::{Duration, Instant};

/// The depth `choose` searches when given none: the nets' player's
/// ([`player::DEFAULT_DEPTH_NETS`]; pubeval's player plays better at 3,
/// docs/backgammon.md).
pub const DEFAULT_DEPTH: u32 = player::DEFAULT_DEPTH_NETS;
/// The deepest search allowed: depth 4 already takes minutes without
/// pruning, and the search horizon bounds the leaves by this depth when
/// only a time or node limit is given.
pub const MAX_DEPTH: u32 = player::MAX_DEPTH;
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

pub use player::Found;

/// The player of `--weights FILE` or `--pubeval` (the shipped nets by default).
pub fn player(weights: Option<&std::path::Path>, pubeval: bool) -> Result<Player> {
    match (weights, pubeval) {
        (Some(_), true) => bail!("give --weights or --pubeval, not both"),
        (Some(path), false) => Player::from_weights_file(path).map_err(|error| anyhow!("invalid --weights: {error}")),
        (None, true) => Ok(Player::pubeval()),
        (None, false) => Player::shipped().map_err(|error| anyhow!("the shipped weights: {error}")),
    }
}

/// Star2 under iterative deepening (the engine: a table at chance nodes,
/// the last iteration's best moves first) within `limits`: the games
/// crate's player, which the Python package uses too.
pub fn engine(game: &mut Backgammon, limits: &Limits, player: &Player) -> Result<Found> {
    let limits = PlayerLimits { depth: limits.depth, time: limits.time, nodes: limits.nodes };
    player.choose(game, &limits).map_err(|error| anyhow!(error))
}

/// A textbook algorithm with the full window: at `limits.depth`, or with
/// a time or node limit iterations 1, 2, ... up to it, each started only
/// while the counts so far are within the limits, the deepest whose
/// counts stayed within them reported (the textbook functions cannot be
/// stopped inside an iteration).
pub fn textbook(game: &mut Backgammon, algorithm: ChanceAlgorithm, limits: &Limits, player: &Player) -> Result<Found> {
    player.prepare(game, limits.depth);
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

/// `show`'s lines under the board: the shipped nets' chances for the side
/// on roll (the bear-off database's in a bear-off), then each play of the
/// roll with the resulting position's ID and its equity for the player
/// on roll (depth 1, the play's value at `choose --depth 1`).
pub fn show_evaluation(game: &Backgammon, plays: &[(Play, String)]) -> Result<()> {
    let nets = player::shipped_nets().map_err(|error| anyhow!("the shipped weights: {error}"))?;
    let side = usize::from(game.side_to_move() == abprune::Player::Second);
    if game.outcome().is_none() {
        let p = nets.outputs(game.board(), side).0;
        crate::output::outln!(
            "nets: win {:.3}  gammon {:.3}  backgammon {:.3}  lose gammon {:.3}  lose backgammon {:.3}  equity {:+.3}",
            p[WIN],
            p[WIN_GAMMON],
            p[WIN_BACKGAMMON],
            p[LOSE_GAMMON],
            p[LOSE_BACKGAMMON],
            Outputs(p).equity()
        )?;
    }
    for (play, after) in plays {
        let mut next = game.clone();
        next.play(Move::Play(*play));
        let equity = match next.outcome() {
            Some(outcome) => -(outcome.score(0).get() as f32) / 1000.0,
            None => -nets.equity(next.board(), 1 - side),
        };
        crate::output::outln!("  {:<24} {after}  {equity:+.3}", play.to_string())?;
    }
    Ok(())
}
