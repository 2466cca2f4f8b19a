//! MTD(f): the exact value as a sequence of null-window searches.

use super::SearchResult;
use crate::engine::{Engine, EngineOptions, Variant};
use crate::game::Game;
use crate::score::Score;
use crate::trace::Observer;

/// Plaat's MTD(f) to `depth`, starting from the guess `first_guess`: each
/// pass is a null-window alpha-beta search with memory that moves one bound
/// (the lower bound up on a fail-high, the upper bound down on a fail-low)
/// until they meet at the exact value. The memory (the transposition table)
/// is what makes the passes cheap; a game without a hash key still gets the
/// exact value, but every pass searches again from scratch.
///
/// Statistics are summed over the passes.
pub fn mtdf<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    depth: u32,
    first_guess: Score,
    observer: &mut O,
) -> SearchResult<G::Move> {
    // The whole line: the passes keep none below a node that failed low.
    let options = EngineOptions { variant: Variant::Mtdf, whole_pv: true, ..EngineOptions::textbook() };
    let mut engine = Engine::with_checked_options(options);
    engine.search_depth(game, depth, first_guess, observer)
}
