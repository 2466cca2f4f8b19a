//! The backgammon player both front ends use: Star2 under iterative
//! deepening ([`star2_deepening`]) over the evaluation nets' equity (or
//! Tesauro's pubeval), within a depth, time or node limit.
//!
//! With connect4's solver, one of the crate's modules that search: the
//! command line and the Python package must choose the same play, so the
//! player is built here once. The rules ([`Backgammon`]) know nothing of
//! it beyond the evaluation they are given.
//!
//! Depth counts checker plays on a line from the root, the root's own
//! play included; the dice between them cost nothing. Depth 1 values each
//! play by the evaluation of the position it leads to (gnubg's 0-ply).
//! The search is exact for its leaves: no play is pruned by a filter, and
//! the leaves' bounds ([`Game::value_bounds`]) hold for every value the
//! nets give.

use super::bearoff::Bearoff;
use super::net::Nets;
use super::pubeval;
use super::weights;
use super::{Backgammon, Move};
use abprune::engine::star2_deepening;
use abprune::{Game, Ratio, SearchLimits, SearchStats};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The depth a search is given when none is: with the nets, two plays
/// (each play, each of the 21 rolls, the opponent's best reply: gnubg's
/// 1-ply), in well under a second on most positions; with pubeval three,
/// an odd depth ending on the player's own play, which pubeval ranks.
pub const DEFAULT_DEPTH_NETS: u32 = 2;
/// The depth of a pubeval search given none (docs/backgammon.md).
pub const DEFAULT_DEPTH_PUBEVAL: u32 = 3;
/// The deepest search allowed (the deepest iteration with a time or node limit).
pub const MAX_DEPTH: u32 = 8;

/// The weights the project trained and ships (docs/backgammon.md says how).
const SHIPPED_WEIGHTS: &[u8] = include_bytes!("../../data/backgammon.net");

/// The shipped nets, read once for the process.
///
/// # Errors
/// The shipped file is refused by [`weights::from_bytes`] (a broken build).
pub fn shipped_nets() -> Result<Arc<Nets>, String> {
    static SHIPPED: OnceLock<Result<Arc<Nets>, String>> = OnceLock::new();
    SHIPPED.get_or_init(|| weights::from_bytes(SHIPPED_WEIGHTS).map(Arc::new)).clone()
}

/// The bytes of the shipped weights file.
pub fn shipped_weights() -> &'static [u8] {
    SHIPPED_WEIGHTS
}

/// How a search is limited: a depth (checker plays), a time, nodes.
#[derive(Clone, Copy, Debug)]
pub struct PlayerLimits {
    /// The depth searched, or the deepest iteration with a time or node limit.
    pub depth: u32,
    /// Wall time for the iterations (the first always completes).
    pub time: Option<Duration>,
    /// Nodes for the iterations (the first always completes).
    pub nodes: Option<u64>,
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

/// The player: an evaluation and the search over it.
#[derive(Clone, Debug)]
pub struct Player {
    /// The nets valuing the leaves; `None` for pubeval.
    nets: Option<Arc<Nets>>,
}

impl Player {
    /// The player over the shipped nets.
    ///
    /// # Errors
    /// As [`shipped_nets`].
    pub fn shipped() -> Result<Player, String> {
        Ok(Player { nets: Some(shipped_nets()?) })
    }

    /// The player over pubeval, the evaluation before the nets.
    pub fn pubeval() -> Player {
        Player { nets: None }
    }

    /// The player over the nets of a weights file.
    ///
    /// # Errors
    /// As [`weights::load`]: the file named and what is wrong with it.
    pub fn from_weights_file(path: &std::path::Path) -> Result<Player, String> {
        Ok(Player { nets: Some(Arc::new(weights::load(path)?)) })
    }

    /// The nets, if the player has them.
    pub fn nets(&self) -> Option<&Arc<Nets>> {
        self.nets.as_ref()
    }

    /// The depth searched when no limit gives one.
    pub fn default_depth(&self) -> u32 {
        if self.nets.is_some() {
            DEFAULT_DEPTH_NETS
        } else {
            DEFAULT_DEPTH_PUBEVAL
        }
    }

    /// The limits of a depth, a time and nodes as typed: the depth
    /// defaults to [`Player::default_depth`], or [`MAX_DEPTH`] with a
    /// time or node limit.
    ///
    /// # Errors
    /// A depth outside 1 to [`MAX_DEPTH`], or a node limit of 0.
    pub fn limits(
        &self,
        depth: Option<u32>,
        time: Option<Duration>,
        nodes: Option<u64>,
    ) -> Result<PlayerLimits, String> {
        let unbounded = time.is_some() || nodes.is_some();
        let depth = depth.unwrap_or(if unbounded { MAX_DEPTH } else { self.default_depth() });
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(format!("invalid depth {depth}: give 1 to {MAX_DEPTH} checker plays"));
        }
        if nodes == Some(0) {
            return Err("invalid node limit 0: give at least 1".to_string());
        }
        Ok(PlayerLimits { depth, time, nodes })
    }

    /// Gives `game` this player's evaluation and the search horizon of `depth`.
    /// In a race the bear-off database is built here if it is not yet,
    /// outside the search's clock (a contact position needs it only once
    /// the game has become a race, and most processes never).
    pub fn prepare(&self, game: &mut Backgammon, depth: u32) {
        if self.nets.is_some() && pubeval::is_race(game.board()) {
            Bearoff::get();
        }
        game.set_nets(self.nets.clone());
        game.set_search_horizon(Some(depth));
    }

    /// Star2 under iterative deepening (a table at chance nodes, the last
    /// iteration's best moves first) within `limits`, from `game` with the
    /// dice thrown.
    ///
    /// # Errors
    /// The search refused the game (a leaf outside the bounds: a defect), naming it.
    pub fn choose(&self, game: &mut Backgammon, limits: &PlayerLimits) -> Result<Found, String> {
        self.prepare(game, limits.depth);
        let mut search = SearchLimits::none().with_depth(limits.depth);
        if let Some(time) = limits.time {
            search = search.with_time(time);
        }
        if let Some(nodes) = limits.nodes {
            search = search.with_nodes(nodes);
        }
        let result =
            star2_deepening(game, &search).map_err(|error| format!("the search refused the game: {error:?}"))?;
        Ok(Found {
            play: result.best_move,
            value: result.value,
            depth: result.depth,
            stats: result.stats,
            elapsed: result.elapsed,
        })
    }
}

/// Whether `game`'s leaves stay inside its bounds: the first player's
/// view of `evaluate` (side to move's) within [`Game::value_bounds`].
pub fn leaf_within_bounds(game: &Backgammon) -> bool {
    let Some((low, high)) = game.value_bounds() else { return false };
    let value = game.evaluate();
    let first = if game.side_to_move() == abprune::Player::First { value } else { -value };
    low <= first && first <= high
}
