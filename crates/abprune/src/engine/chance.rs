//! The engine for games with chance: Star2 under iterative deepening, as
//! Hauk, Buro and Schaeffer run it for backgammon ("*-Minimax performance
//! in backgammon", 2004): each iteration one ply deeper, a table of the
//! bounds found at chance nodes so that a node met again at the same depth
//! is answered without a search, and at each decision node the best move
//! of the previous iteration tried first (which is also the move Star2
//! probes: better ordering makes the probes' lower bounds tighter).
//!
//! It stays apart from [`crate::Engine`], whose table, ordering and
//! windows hold [`crate::Score`]s: here values are exact fractions
//! ([`Ratio`]) and the game may be refused ([`ChanceError`]).

use crate::game::Game;
use crate::limits::{Clock, SearchLimits, StopReason};
use crate::ratio::Ratio;
use crate::stats::SearchStats;
use crate::textbook::{star2_remembering, ChanceError, ChanceMemory};
use crate::trace::NoTrace;
use std::time::Duration;

/// The deepest iteration [`star2_deepening`] starts without a depth limit
/// (a game with chance may go on forever: the rolls can undo each other).
pub const MAX_CHANCE_DEPTH: u32 = 64;

/// What [`star2_deepening`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceSearchResult<M> {
    /// The root's value for its side to move, from the deepest completed
    /// iteration: exact as a fraction, and the game's own value when
    /// `exact`.
    pub value: Ratio,
    /// True when the value is the game's own: no line of the last
    /// iteration was cut by the depth, and none ended at a position valued
    /// by [`Game::evaluate`].
    pub exact: bool,
    /// The best move of the deepest completed iteration (`None` at a
    /// chance node or a leaf).
    pub best_move: Option<M>,
    /// The deepest completed iteration, in the players' moves.
    pub depth: u32,
    /// Why the search ended: [`StopReason::Solved`] (exact),
    /// [`StopReason::Complete`] (no line cut by the depth, some valued by
    /// the evaluation), or the limit that stopped it.
    pub stop_reason: StopReason,
    /// Counts summed over all iterations, the one cut short included.
    pub stats: SearchStats,
    /// Wall time.
    pub elapsed: Duration,
}

/// The value of a position in a game with chance by iterative deepening
/// with [`star2`](fn@crate::textbook::star2), a table at chance nodes and
/// the previous iteration's best moves first, under `limits` (depth in
/// the players' moves, nodes, time, stop flag; without a depth limit, up
/// to [`MAX_CHANCE_DEPTH`]). Each completed iteration's value is the
/// value at its depth, as [`expectiminimax`](fn@crate::textbook::expectiminimax)
/// finds it; an iteration stopped by a limit is discarded, except the
/// first, which always completes (so that there is a move to play).
///
/// The table needs [`Game::hash_key`] (a game without keys is searched
/// without it, and without the ordering), and it must decide the
/// position's value, as for the deterministic engine.
///
/// # Errors
/// As [`star2`](fn@crate::textbook::star2): the game refused, naming the
/// node.
///
/// # Examples
/// ```
/// use abprune::engine::star2_deepening;
/// use abprune::{expectiminimax, NoTrace, SearchLimits, StopReason, UNLIMITED_DEPTH};
/// use abprune_games::Hog; // a dice game: two turns each, one or two dice a throw
///
/// let mut game = Hog::new(2, 2).unwrap();
/// let deep = star2_deepening(&mut game, &SearchLimits::none())?;
/// assert!(deep.exact && deep.stop_reason == StopReason::Solved);
/// let exhaustive = expectiminimax(&mut game, UNLIMITED_DEPTH, &mut NoTrace)?;
/// assert_eq!(deep.value, exhaustive.value);
/// // The table answers the many transpositions (points add up in any order).
/// assert!(deep.stats.leaves < exhaustive.stats.leaves / 5);
/// # Ok::<(), abprune::ChanceError<abprune_games::HogMove>>(())
/// ```
pub fn star2_deepening<G: Game>(
    game: &mut G,
    limits: &SearchLimits,
) -> Result<ChanceSearchResult<G::Move>, ChanceError<G::Move>> {
    let mut clock = Clock::start(limits);
    let mut memory = ChanceMemory::default();
    // Step 1. The first iteration, whatever the limits.
    let mut unlimited = Clock::start(&SearchLimits::none());
    let mut last = star2_remembering(game, 1, &mut NoTrace, &mut memory, (&mut unlimited, 0))?;
    let mut stats = last.result.stats.clone();
    let mut depth = 1;
    let max_depth = limits.depth.unwrap_or(MAX_CHANCE_DEPTH);
    let stop_reason = loop {
        // Step 2. No line cut by the depth: deeper finds nothing new.
        if !last.horizon {
            break if last.result.exact { StopReason::Solved } else { StopReason::Complete };
        }
        if depth >= max_depth {
            break StopReason::DepthLimit;
        }
        if let Some(reason) = clock.check_now(stats.nodes) {
            break reason;
        }
        // Step 3. One ply deeper; a stopped iteration means nothing.
        let iteration = star2_remembering(game, depth + 1, &mut NoTrace, &mut memory, (&mut clock, stats.nodes))?;
        stats.accumulate(&iteration.result.stats);
        if let Some(reason) = iteration.stopped {
            break reason;
        }
        (last, depth) = (iteration, depth + 1);
    };
    let result = last.result;
    Ok(ChanceSearchResult {
        value: result.value,
        exact: result.exact,
        best_move: result.best_move,
        depth,
        stop_reason,
        stats,
        elapsed: clock.elapsed(),
    })
}
