//! Whole principal variations, completed after the search.
//!
//! The node search's line is cut short wherever a node is answered from the
//! table (the line below it was found by an earlier search and not kept),
//! and a null-window search (MTD(f), a solve's bisection) keeps no line
//! below a node that failed low. Rather than carry lines through the table
//! (every entry would grow, and the node search is tuned to its cache
//! lines), the line is completed here, after the search, outside the node
//! search, in two steps:
//!
//! 1. [`table::extend_from_table`]: walk on from the end of the reported
//!    line while the table says how: at each position a move whose child's
//!    stored value is consistent with the line's value. Probes only, no
//!    search: cheap enough for every iteration's line. It stops where the
//!    table has nothing consistent, so the line may stop short, and after a
//!    depth-limited search its end need not be worth the value (an entry
//!    found deeper than needed answers for a longer line).
//! 2. [`walk::walk_by_search`]: the whole line, move by move from the
//!    root, each move kept only once a search shows that it keeps the
//!    line's value, the position valued as the node search values it there
//!    (the same depth left, the rules' candidates and known values, the
//!    quiescence search past the horizon). The first step's line is tried
//!    first, so the searches mostly meet the table's entries and answer at
//!    once. It ends at the horizon or a finished game (see [`walk`] for
//!    exactly where), and only once the end's own value is checked to be
//!    the line's; otherwise the first step's line stands.
//!
//! [`complete`] runs both after a search; the engine gives it a searcher of
//! its own, single-threaded and out of the observer's sight, so that no
//! count of the search changes.

mod position;
mod table;
mod walk;

pub(crate) use table::extend_from_table;

use super::searcher::Searcher;
use crate::game::Game;
use crate::score::Score;
use crate::trace::Observer;
use walk::walk_by_search;

/// Completes `line`, the line of a search to `depth` (a solve:
/// [`super::UNLIMITED_DEPTH`]) from the position on the board, worth
/// `value` (`proven`: exact to the end of the game): first from the table,
/// then by searches (see the [module documentation](self)). Returns whether
/// the line is whole: it then reaches the horizon or the end of the game,
/// where the position's outcome or evaluation is `value`; otherwise it is
/// the table's line, legal move by move.
pub(crate) fn complete<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    line: &mut Vec<G::Move>,
    depth: u32,
    value: Score,
    proven: bool,
) -> bool {
    extend_from_table(searcher, line, depth, value, proven);
    walk_by_search(searcher, line, depth, value)
}
