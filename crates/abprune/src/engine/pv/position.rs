//! The position on the board, as the line's walks see it: its table entry
//! and move, its legal moves, a move played with whose turn it is after,
//! and the test that a child keeps its parent's value. Shared by both
//! walks ([`super::table`], [`super::walk`]), below them.

use crate::engine::movepick::index_of_move_code;
use crate::engine::searcher::Searcher;
use crate::engine::tt::TableEntry;
use crate::game::Game;
use crate::score::Score;
use crate::textbook::Turn;
use crate::trace::Observer;

/// A line never grows beyond this many plies (a game whose moves do not
/// end it would otherwise be walked for ever).
pub(super) const MAX_LINE_PLIES: usize = Score::MAX_PLY as usize;

/// The table entry of the position on the board, from either table: a
/// search's to a depth, else the quiescence search's (under
/// [`Game::evaluation_key`]).
pub(super) fn probe<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>) -> Option<TableEntry> {
    let game = &searcher.context.game;
    let main = searcher.table_at(0);
    let near = searcher.table_at(u32::MAX);
    let probe = |key: u64| main.and_then(|table| table.probe(key)).or_else(|| near.and_then(|table| table.probe(key)));
    let key = game.hash_key()?;
    probe(key).or_else(|| game.evaluation_key().filter(|&other| other != key).and_then(probe))
}

/// The move the table's entry for the position on the board, `ply` plies
/// from the root, names: by the game's code, or for a game without codes
/// by its index into the list the node search made there (the game's
/// candidates below the root when the rules' shortcuts are on, every
/// legal move otherwise), so the same list is made again.
pub(super) fn table_move<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>, ply: u32) -> Option<G::Move> {
    let code = probe(searcher)?.move_code?;
    let game = &searcher.context.game;
    let mut moves = Vec::new();
    let known = match (searcher.options.shape.rules_shortcuts, ply) {
        (false, _) | (true, 0) => {
            game.generate_moves(&mut moves);
            None
        }
        (true, 1) => game.candidate_moves(&mut moves),
        (true, _) => game.candidate_moves_after_candidate(&mut moves),
    };
    let index = known.is_none().then(|| index_of_move_code(&**game, &moves, code)).flatten()?;
    moves.get(usize::from(index)).copied()
}

/// Plays `mv` on the board and says whose turn it is now, from the side
/// that moved: what puts the position's value into the child's view
/// ([`Turn::child_view`]).
pub(super) fn play<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<'_, G, O>, mv: G::Move) -> Turn {
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
pub(super) fn keeping_window(turn: Turn, wanted: Score) -> (Score, Score) {
    if turn.same_side {
        (wanted.pred(), wanted)
    } else {
        (wanted, wanted.succ())
    }
}

/// Whether `found`, a fail-soft result of the window
/// [`keeping_window`]`(turn, wanted)`, proves the child worth `wanted`.
pub(super) fn keeps(turn: Turn, found: Score, wanted: Score) -> bool {
    if turn.same_side {
        found >= wanted
    } else {
        found <= wanted
    }
}

/// The legal moves of the position on the board.
pub(super) fn legal_moves<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>) -> Vec<G::Move> {
    let mut moves = Vec::new();
    if searcher.context.game.outcome().is_none() {
        searcher.context.game.generate_moves(&mut moves);
    }
    moves
}

/// Takes back the first `count` moves of `line`, which were played from
/// the position the line starts at, the last one first.
pub(super) fn take_back<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    line: &[G::Move],
    count: usize,
) {
    for &mv in line[..count].iter().rev() {
        searcher.context.game.undo(mv);
    }
}
