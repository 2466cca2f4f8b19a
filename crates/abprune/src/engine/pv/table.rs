//! The line walked on through the table: probes only, no search (see the
//! [parent module](super)).

use super::position::{keeps, legal_moves, play, probe, table_move, take_back, MAX_LINE_PLIES};
use crate::engine::searcher::Searcher;
use crate::engine::tt::{Bound, TableEntry, PROVEN_DRAFT};
use crate::game::Game;
use crate::score::Score;
use crate::textbook::{Turn, UNLIMITED_DEPTH};
use crate::trace::Observer;

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
        value = play(searcher, mv).child_view(value);
    }
    (line.len(), value)
}

/// Extends `line`, the line a search to `depth` reported with `value`, by
/// the table's moves (see the [parent module](super)). With `proven`,
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
        let needed_draft = if proven { PROVEN_DRAFT } else { (remaining - 1).min(u32::from(PROVEN_DRAFT)) as u8 };
        // An entry that proves the child keeps the value (see `keeps`).
        let consistent = |entry: TableEntry, turn: Turn, wanted: Score| {
            let one_sided = if turn.same_side { Bound::Lower } else { Bound::Upper };
            entry.draft >= needed_draft
                && match entry.bound {
                    Bound::Exact => entry.value == wanted,
                    bound => bound == one_sided && keeps(turn, entry.value, wanted),
                }
        };
        // The move the table holds for this position first (as a rule the
        // one that agrees); every legal move only if it does not, so that a
        // game with many moves and costly ones pays for the scan seldom.
        let moves = legal_moves(searcher);
        let first = table_move(searcher, line.len() as u32).filter(|mv| moves.contains(mv));
        let next = first.into_iter().chain(moves.iter().copied().filter(|&mv| Some(mv) != first)).find(|&mv| {
            let turn = play(searcher, mv);
            let wanted = turn.child_view(value);
            let found = child_agrees(searcher, turn, wanted, proven, remaining == 1, &consistent);
            searcher.context.game.undo(mv);
            found
        });
        let Some(mv) = next else { break };
        value = play(searcher, mv).child_view(value);
        line.push(mv);
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
    turn: Turn,
    wanted: Score,
    proven: bool,
    at_horizon: bool,
    consistent: &impl Fn(TableEntry, Turn, Score) -> bool,
) -> bool {
    if let Some(outcome) = searcher.context.game.outcome() {
        return outcome.score(0) == wanted;
    }
    if probe(searcher).is_some_and(|entry| consistent(entry, turn, wanted)) {
        return true;
    }
    !proven && (at_horizon || legal_moves(searcher).is_empty()) && searcher.context.game.evaluate() == wanted
}
