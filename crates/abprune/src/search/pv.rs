//! Whole principal variations, completed after the search.
//!
//! The node search's line is cut short wherever a node is answered from the
//! table (the line below it was found by an earlier search and not kept),
//! and a null-window search (MTD(f), a solve's bisection) keeps no line
//! below a node that failed low. Rather than carry lines through the table
//! (every entry would grow, and the node search is tuned to its cache
//! lines), the line is completed here, after the search, outside the node
//! search:
//!
//! - [`extend_from_table`]: walk on from the end of the reported line while
//!   the table says how: at each position a move whose child's stored value
//!   is consistent with the line's value (an exact entry equal to it, or an
//!   upper bound at most it, found at least as deep as the search needed).
//!   Probes only, no search: cheap after any search. It stops at the
//!   horizon, at a finished game, or where the table has nothing
//!   consistent, so the line is legal but may stop short, and after a
//!   depth-limited search its end's evaluation need not be the value (a
//!   table entry found deeper than needed answers for a deeper line).
//! - [`complete_exact`]: after a strong solve, whose value is proven, walk
//!   to the end of the game: at each position a move whose child's value is
//!   the line's value, one ply on. Every child's value is at least that
//!   (the position's value is their best), so only "at most" needs proof: a
//!   proven upper bound in the table, else a null-window test of unlimited
//!   depth (warm from the solve, as a rule cheap). The line then ends in a
//!   finished game whose outcome is the reported value.

use super::searcher::Searcher;
use super::UNLIMITED_DEPTH;
use crate::trace::Observer;
use crate::tt::{Bound, TableEntry, PROVEN_DRAFT};
use crate::{Game, Score};

/// A line never grows beyond this many plies (a game whose moves do not
/// end it would otherwise be walked for ever).
const MAX_LINE_PLIES: usize = Score::MAX_PLY as usize;

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

/// The value, node-relative, that the child reached by the line's next move
/// has when the position's value is `value`.
fn child_value(value: Score) -> Score {
    -value.to_node_relative(1)
}

/// The legal moves of the position on the board.
fn legal_moves<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>) -> Vec<G::Move> {
    let mut moves = Vec::new();
    if searcher.context.game.outcome().is_none() {
        searcher.context.game.generate_moves(&mut moves);
    }
    moves
}

/// Plays `line` from the position on the board as long as each move is
/// legal, returning how many were played and the value of the position
/// reached (node-relative), `value` being the root's.
fn replay<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    line: &[G::Move],
    mut value: Score,
) -> (usize, Score) {
    for (played, &mv) in line.iter().enumerate() {
        if !legal_moves(searcher).contains(&mv) {
            return (played, value);
        }
        searcher.context.game.play(mv);
        value = child_value(value);
    }
    (line.len(), value)
}

/// Takes back the last `count` moves of `line`.
fn take_back<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<'_, G, O>, line: &[G::Move], count: usize) {
    for &mv in line[..count].iter().rev() {
        searcher.context.game.undo(mv);
    }
}

/// Extends `line`, the line a search to `depth` reported with `value`, by
/// the table's moves (see the [module documentation](self)). With `proven`,
/// only proven entries are followed (after an exact result, whose line
/// then runs to the end of the game where the table allows). The line's
/// moves that are not legal, if any, are cut off first.
pub(crate) fn extend_from_table<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    line: &mut Vec<G::Move>,
    depth: u32,
    value: Score,
    proven: bool,
) {
    let (played, mut value) = replay(searcher, line, value);
    line.truncate(played);
    let mut remaining = if proven { UNLIMITED_DEPTH } else { depth.saturating_sub(played as u32) };
    while remaining > 0 && line.len() < MAX_LINE_PLIES {
        let wanted = child_value(value);
        let needed_draft = if proven { PROVEN_DRAFT } else { (remaining - 1).min(u32::from(PROVEN_DRAFT)) as u8 };
        let consistent = |entry: TableEntry| {
            entry.draft >= needed_draft
                && match entry.bound {
                    Bound::Exact => entry.value == wanted,
                    Bound::Upper => entry.value <= wanted,
                    Bound::Lower => false,
                }
        };
        // The move the table holds for this position first (as a rule the
        // one that agrees); every legal move only if it does not, so that a
        // game with many moves and costly ones pays for the scan seldom.
        let moves = legal_moves(searcher);
        let first = table_move(searcher, line.len() as u32).filter(|mv| moves.contains(mv));
        let next = first.into_iter().chain(moves.iter().copied().filter(|&mv| Some(mv) != first)).find(|&mv| {
            searcher.context.game.play(mv);
            let found = child_agrees(searcher, wanted, proven, remaining == 1, &consistent);
            searcher.context.game.undo(mv);
            found
        });
        let Some(mv) = next else { break };
        searcher.context.game.play(mv);
        line.push(mv);
        value = wanted;
        if !proven {
            remaining -= 1;
        }
    }
    take_back(searcher, line, line.len());
}

/// Whether the child on the board is worth `wanted` as the walk needs it:
/// a finished game by its outcome, an entry by `consistent`, and (when the
/// walk is not after proof) a position at the horizon or without moves by
/// its evaluation, as the search valued it (leaves have no entries).
fn child_agrees<G: Game, O: Observer<G::Move>>(
    searcher: &Searcher<'_, G, O>,
    wanted: Score,
    proven: bool,
    at_horizon: bool,
    consistent: &impl Fn(TableEntry) -> bool,
) -> bool {
    if let Some(outcome) = searcher.context.game.outcome() {
        return outcome.score(0) == wanted;
    }
    if probe(searcher).is_some_and(consistent) {
        return true;
    }
    !proven && (at_horizon || legal_moves(searcher).is_empty()) && searcher.context.game.evaluate() == wanted
}

/// Completes `line`, the line of a search to `depth` (a strong solve:
/// [`UNLIMITED_DEPTH`]) whose value is `value`, to the horizon or the end of
/// the game (see the [module documentation](self)): each move is kept only
/// if a test (or the table) shows it keeps the value, the line's own moves
/// tried first. Stops early only if a limit stops a test.
pub(crate) fn complete_by_tests<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    line: &mut Vec<G::Move>,
    depth: u32,
    value: Score,
) {
    let proposed = std::mem::take(line);
    let mut value = value;
    let mut remaining = depth;
    while remaining > 0 && line.len() < MAX_LINE_PLIES && searcher.stopped.is_none() {
        let moves = legal_moves(searcher);
        if moves.is_empty() {
            break;
        }
        let wanted = child_value(value);
        let child_depth = if depth == UNLIMITED_DEPTH { UNLIMITED_DEPTH } else { remaining - 1 };
        let first = proposed.get(line.len()).copied().filter(|mv| moves.contains(mv));
        let mut next = None;
        for mv in first.into_iter().chain(moves.iter().copied().filter(|&mv| Some(mv) != first)) {
            searcher.context.game.play(mv);
            let keeps = at_most(searcher, wanted, child_depth);
            searcher.context.game.undo(mv);
            if keeps == Some(true) {
                next = Some(mv);
                break;
            }
            if keeps.is_none() {
                break;
            }
        }
        let Some(mv) = next else { break };
        searcher.context.game.play(mv);
        line.push(mv);
        value = wanted;
        if depth != UNLIMITED_DEPTH {
            remaining -= 1;
        }
    }
    take_back(searcher, line, line.len());
}

/// Is the value of the position on the board, searched to `depth`, at most
/// `bound`? A finished game answers by its outcome, a table entry deep
/// enough by its upper bound; else a null-window test. `None` when a limit
/// stopped the test.
fn at_most<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<'_, G, O>, bound: Score, depth: u32) -> Option<bool> {
    if let Some(outcome) = searcher.context.game.outcome() {
        return Some(outcome.score(0) <= bound);
    }
    let needed_draft = if depth == UNLIMITED_DEPTH { PROVEN_DRAFT } else { depth.min(u32::from(PROVEN_DRAFT)) as u8 };
    if let Some(entry) = probe(searcher) {
        if entry.draft >= needed_draft && entry.bound != Bound::Lower && entry.value <= bound {
            return Some(true);
        }
    }
    let value = searcher.node(depth, 0, None, bound, bound.succ());
    searcher.stopped.is_none().then_some(value <= bound)
}
