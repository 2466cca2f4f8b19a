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

mod table;
mod walk;

pub(crate) use table::extend_from_table;

use super::searcher::Searcher;
use super::Turn;
use crate::trace::Observer;
use crate::tt::TableEntry;
use crate::{Game, Score};

/// A line never grows beyond this many plies (a game whose moves do not
/// end it would otherwise be walked for ever).
const MAX_LINE_PLIES: usize = Score::MAX_PLY as usize;

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
    walk::walk_by_search(searcher, line, depth, value)
}

/// The table entry of the position on the board, from either table.
fn probe<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>) -> Option<TableEntry> {
    let key = searcher.context.game.hash_key()?;
    let main = searcher.table_at(0);
    let near = searcher.table_at(u32::MAX);
    main.and_then(|table| table.probe(key)).or_else(|| near.and_then(|table| table.probe(key)))
}

/// The move the table's entry for the position on the board, `ply` plies
/// from the root, names: its index is into the list the node search made
/// there (the game's candidates below the root when the rules' shortcuts
/// are on, every legal move otherwise), so the same list is made again.
fn table_move<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>, ply: u32) -> Option<G::Move> {
    let index = usize::from(probe(searcher)?.move_index?);
    let game = &searcher.context.game;
    let mut moves = Vec::new();
    let known = match (searcher.options.rules_shortcuts, ply) {
        (false, _) | (true, 0) => {
            game.generate_moves(&mut moves);
            None
        }
        (true, 1) => game.candidate_moves(&mut moves),
        (true, _) => game.candidate_moves_after_candidate(&mut moves),
    };
    known.is_none().then(|| moves.get(index).copied()).flatten()
}

/// Plays `mv` on the board and says whose turn it is now, from the side
/// that moved: what puts the position's value into the child's view
/// ([`Turn::child_view`]).
fn play<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<'_, G, O>, mv: G::Move) -> Turn {
    let mover = searcher.context.game.side_to_move();
    searcher.context.game.play(mv);
    Turn::after(mover, &*searcher.context.game)
}

/// The null window that asks of a child reached with `turn` whether it
/// keeps its parent's value, `wanted` being that value in the child's view
/// (root-relative at the child). Every child is worth at most its parent's
/// value from the parent's view, so a child whose side changed is worth at
/// least `wanted` and one where the same side moves again at most: one
/// bound the other way proves the child worth exactly `wanted`.
fn keeping_window(turn: Turn, wanted: Score) -> (Score, Score) {
    if turn.same_side {
        (wanted.pred(), wanted)
    } else {
        (wanted, wanted.succ())
    }
}

/// Whether `found`, a fail-soft result of the window
/// [`keeping_window`]`(turn, wanted)`, proves the child worth `wanted`.
fn keeps(turn: Turn, found: Score, wanted: Score) -> bool {
    if turn.same_side {
        found >= wanted
    } else {
        found <= wanted
    }
}

/// The legal moves of the position on the board.
fn legal_moves<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>) -> Vec<G::Move> {
    let mut moves = Vec::new();
    if searcher.context.game.outcome().is_none() {
        searcher.context.game.generate_moves(&mut moves);
    }
    moves
}

/// Takes back the first `count` moves of `line`, which were played from
/// the position the line starts at, the last one first.
fn take_back<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<'_, G, O>, line: &[G::Move], count: usize) {
    for &mv in line[..count].iter().rev() {
        searcher.context.game.undo(mv);
    }
}
