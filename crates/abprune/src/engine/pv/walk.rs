//! The whole line, proven move by move by searches.
//!
//! The walk starts at the root with the search's value and goes down one
//! move at a time. At each position it looks for a move whose child is
//! worth the line's value (seen from the child: negated where the side to
//! move changed, as it is where the same side moves again; one ply on),
//! valued exactly as the node search values a node at that ply: the same
//! depth left, the same table, the same rules' shortcuts. Each position's
//! value is the best of its children's, so every child is bounded on one
//! side by the wanted value, and one null-window test on the other side
//! proves the child worth exactly that; the move the reported line (or the
//! table) suggests is
//! tested first, and is as a rule the one. Which children count, and where
//! the line ends, follow what made the position's value in the search
//! ([`Stage`]):
//!
//! - a node of the main search with depth left: the moves it searches (the
//!   root's legal moves; below it, with the rules' shortcuts, the game's
//!   candidates). A node without moves ends the line at its evaluation; a
//!   node whose value the rules know ([`Game::candidate_moves`], or score
//!   bounds that meet) is proven to the end of the game, as below;
//! - at the horizon, with quiescence off: the line ends, at the position's
//!   evaluation;
//! - at the horizon and past it, with quiescence on, the quiescence search's
//!   position: the line ends where the side to move stands pat (its static
//!   evaluation is the value), or goes on through the forcing move that
//!   makes the value; a value the rules know at the horizon
//!   ([`crate::game::Horizon::Known`]) is proven to the end of the game;
//! - a position whose value the rules know: the value is the game's, and
//!   each move is proven by a test of unlimited depth, to a finished game.
//!
//! So a whole line reaches the horizon, a finished game, or a position
//! without moves, and the position it reaches is worth the value by its
//! outcome or its static evaluation: a search whose value is a win or a
//! loss thus ends its line in the finished game at the stated distance.
//!
//! Why this always succeeds where every position on the line has one value
//! at its depth whichever search asks (a game whose positions recur only at
//! the same distance from the root, as in Connect Four and Gomoku, searched
//! with a table that holds no deeper result than the search needed): each
//! test then asks what the search itself found. Where a position recurs at
//! different distances (a table entry found deeper answered for a shallower
//! node), the search's value may rest on a deeper search that no table
//! entry records any more; the walk follows such an entry's depth where it
//! still holds the line's value, and gives up where nothing does: the
//! caller keeps the table's line. The walk also checks the end it reaches,
//! so a line it reports as whole always ends where its value is.

use super::position::{keeping_window, keeps, legal_moves, play, probe, table_move, take_back, MAX_LINE_PLIES};
use crate::engine::quiescence::MAX_QUIESCENCE_PLIES;
use crate::engine::searcher::Searcher;
use crate::engine::tt::{Bound, MAX_LIMITED_DRAFT, PROVEN_DRAFT};
use crate::game::{Game, Horizon};
use crate::score::Score;
use crate::textbook::{Turn, UNLIMITED_DEPTH};
use crate::trace::Observer;

/// How the node search valued a position on the line, which says which
/// of its children count and where the line may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// A node of the main search with this depth left (a solve's depth is
    /// [`UNLIMITED_DEPTH`] less the ply, as in the node search).
    Search(u32),
    /// A node of the quiescence search, this many plies past the horizon.
    Quiescence(u32),
    /// A position whose value the rules know: the game's value.
    Known,
}

/// What the walk does at a position.
enum Step<M> {
    /// Plays the move; the child is at the stage given.
    Play(M, Stage),
    /// The line ends here: the position's outcome or evaluation should be
    /// the line's value.
    End,
    /// The rules know the position's value: this one.
    Known(Score),
    /// No move keeps the value (the table no longer holds what the search
    /// rested on), or a limit stopped a test.
    Stuck,
}

/// Replaces `line`, the line of a search to `depth` from the position on
/// the board worth `value`, by the whole line the walk proves (see the
/// [module documentation](self)), the moves of `line` tried first; the
/// first move is kept (it is the search's best move). Returns whether it
/// did; `line` is left as it was when the walk gives up.
pub(crate) fn walk_by_search<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    line: &mut Vec<G::Move>,
    depth: u32,
    value: Score,
) -> bool {
    let mut walked = Vec::new();
    let mut value = value;
    let mut stage = Stage::Search(depth);
    let whole = loop {
        if walked.len() >= MAX_LINE_PLIES || searcher.stopped.is_some() {
            break false;
        }
        let suggested = line.get(walked.len()).copied();
        match step(searcher, stage, walked.len() as u32, value, suggested) {
            Step::Play(mv, next) => {
                value = play(searcher, mv).child_view(value);
                walked.push(mv);
                stage = next;
            }
            Step::End => break is_worth(searcher, value),
            Step::Known(known) if known == value && stage != Stage::Known => stage = Stage::Known,
            Step::Known(_) | Step::Stuck => break false,
        }
    };
    take_back(searcher, &walked, walked.len());
    if whole {
        *line = walked;
    }
    whole
}

/// Whether the position on the board, where the line ends, is worth
/// `value` by its outcome or, unfinished, by its static evaluation.
fn is_worth<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>, value: Score) -> bool {
    let game = &searcher.context.game;
    match game.outcome() {
        Some(outcome) => outcome.score(0) == value,
        None => game.evaluate() == value,
    }
}

/// The walk's step at the position on the board, `ply` plies from the
/// root, worth `value` (node-relative) at `stage`.
fn step<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    stage: Stage,
    ply: u32,
    value: Score,
    suggested: Option<G::Move>,
) -> Step<G::Move> {
    if searcher.context.game.outcome().is_some() {
        return Step::End;
    }
    match stage {
        Stage::Search(0) if searcher.options.quiescence => quiescence_step(searcher, 0, ply, value, suggested),
        Stage::Search(0) => Step::End,
        Stage::Search(depth) => search_step(searcher, depth, ply, value, suggested),
        Stage::Quiescence(extra) => quiescence_step(searcher, extra, ply, value, suggested),
        Stage::Known => known_step(searcher, ply, value, suggested),
    }
}

/// The moves to try, in order: the suggested one, the table's, the rest
/// (each once, and only moves of `moves`). At the root, only the suggested
/// one if there is one: the line keeps the search's best move.
fn in_order<M: Copy + PartialEq>(moves: &[M], suggested: Option<M>, from_table: Option<M>, ply: u32) -> Vec<M> {
    let suggested = suggested.filter(|mv| moves.contains(mv));
    if ply == 0 && suggested.is_some() {
        return suggested.into_iter().collect();
    }
    let from_table = from_table.filter(|mv| moves.contains(mv) && Some(*mv) != suggested);
    let first = suggested.into_iter().chain(from_table);
    let rest = moves.iter().copied().filter(|&mv| Some(mv) != suggested && Some(mv) != from_table);
    first.chain(rest).collect()
}

/// The moves the node search searches at the position on the board, `ply`
/// plies from the root (every legal move at the root or without the rules'
/// shortcuts, the game's candidates otherwise), or the value the rules
/// know there (a known value, or score bounds that meet).
fn searched_moves<G: Game, O: Observer<G::Move>>(
    searcher: &Searcher<'_, G, O>,
    ply: u32,
) -> Result<Vec<G::Move>, Score> {
    let game = &searcher.context.game;
    let mut moves = Vec::new();
    if !searcher.options.rules_shortcuts || ply == 0 {
        game.generate_moves(&mut moves);
        return Ok(moves);
    }
    let known =
        if ply >= 2 { game.candidate_moves_after_candidate(&mut moves) } else { game.candidate_moves(&mut moves) };
    if let Some(known) = known {
        return Err(known);
    }
    if !moves.is_empty() {
        let (lowest, highest) = game.score_bounds();
        if lowest >= highest {
            return Err(lowest);
        }
    }
    Ok(moves)
}

/// A node of the main search with `depth` left: the move whose child,
/// searched to `depth - 1` as the node search would, is worth the line's
/// value.
fn search_step<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    depth: u32,
    ply: u32,
    value: Score,
    suggested: Option<G::Move>,
) -> Step<G::Move> {
    let moves = match searched_moves(searcher, ply) {
        Ok(moves) => moves,
        Err(known) => return Step::Known(known),
    };
    if moves.is_empty() {
        return Step::End;
    }
    let child_depth = depth - 1;
    for mv in in_order(&moves, suggested, table_move(searcher, ply), ply) {
        let turn = play(searcher, mv);
        let wanted = turn.child_view(value);
        let bound = wanted.to_root_relative(ply + 1);
        let (alpha, beta) = keeping_window(turn, bound);
        let found = searcher.node(child_depth, ply + 1, Some(mv), alpha, beta);
        let next = child_stage(searcher, child_depth, wanted);
        searcher.context.game.undo(mv);
        if searcher.stopped.is_some() {
            return Step::Stuck;
        }
        if keeps(turn, found, bound) {
            return Step::Play(mv, next);
        }
    }
    Step::Stuck
}

/// The stage of a child (on the board) found worth `wanted` by a search to
/// `depth`: that depth, unless its table entry holds exactly `wanted` from
/// a deeper search to a depth limit, which then answered for it (a
/// position met nearer the root elsewhere): the line follows that search.
fn child_stage<G: Game, O: Observer<G::Move>>(searcher: &Searcher<'_, G, O>, depth: u32, wanted: Score) -> Stage {
    let deeper = probe(searcher)
        .filter(|entry| entry.bound == Bound::Exact && entry.value == wanted)
        .map(|entry| u32::from(entry.draft))
        .filter(|&draft| draft > depth && draft <= u32::from(MAX_LIMITED_DRAFT));
    Stage::Search(deeper.unwrap_or(depth))
}

/// A node of the quiescence search, `extra` plies past the horizon: the
/// line ends where standing pat is worth its value, else it goes on
/// through the forcing move that is.
fn quiescence_step<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    extra: u32,
    ply: u32,
    value: Score,
    suggested: Option<G::Move>,
) -> Step<G::Move> {
    let game = &searcher.context.game;
    let mut moves = Vec::new();
    // Past the cap every position counts as quiet, as in the search.
    let horizon = if extra < MAX_QUIESCENCE_PLIES { game.horizon(&mut moves) } else { Horizon::Quiet };
    if extra >= MAX_QUIESCENCE_PLIES {
        moves.clear();
    }
    match horizon {
        Horizon::Known(known) => return Step::Known(known),
        _ if moves.is_empty() => return Step::End,
        Horizon::Quiet if game.evaluate() == value => return Step::End,
        Horizon::Quiet | Horizon::Forced => {}
    }
    for mv in in_order(&moves, suggested, None, ply) {
        let turn = play(searcher, mv);
        let bound = turn.child_view(value).to_root_relative(ply + 1);
        let (alpha, beta) = keeping_window(turn, bound);
        let found = searcher.quiescence_child(ply + 1, extra + 1, mv, alpha, beta);
        searcher.context.game.undo(mv);
        if searcher.stopped.is_some() {
            return Step::Stuck;
        }
        if keeps(turn, found, bound) {
            return Step::Play(mv, Stage::Quiescence(extra + 1));
        }
    }
    Step::Stuck
}

/// A position whose value the rules know, the game's value: the move whose
/// child a test of unlimited depth, rooted at the child, proves worth at
/// most the wanted value (every legal move counts: the rules' candidates
/// belong to the positions the node search reaches through candidates).
fn known_step<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    ply: u32,
    value: Score,
    suggested: Option<G::Move>,
) -> Step<G::Move> {
    let moves = legal_moves(searcher);
    if moves.is_empty() {
        return Step::End;
    }
    for mv in in_order(&moves, suggested, None, ply) {
        let turn = play(searcher, mv);
        let keeps = proven_to_keep(searcher, ply + 1, turn, turn.child_view(value));
        searcher.context.game.undo(mv);
        match keeps {
            Some(true) => return Step::Play(mv, Stage::Known),
            Some(false) => {}
            None => return Step::Stuck,
        }
    }
    Step::Stuck
}

/// Does the game's value of the position on the board, `ply` plies from
/// the root and reached with `turn`, keep its parent's value, `wanted` in
/// its own view (node-relative; see [`keeping_window`])? A finished game
/// answers by its outcome, a proven table entry by its bound; else a
/// null-window test of unlimited depth rooted here. `None` when a limit
/// stopped the test.
fn proven_to_keep<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    ply: u32,
    turn: Turn,
    wanted: Score,
) -> Option<bool> {
    if let Some(outcome) = searcher.context.game.outcome() {
        return Some(keeps(turn, outcome.score(0), wanted));
    }
    if let Some(entry) = probe(searcher) {
        let one_sided = if turn.same_side { Bound::Lower } else { Bound::Upper };
        let bounds = entry.bound == Bound::Exact || entry.bound == one_sided;
        if entry.draft == PROVEN_DRAFT && bounds && keeps(turn, entry.value, wanted) {
            return Some(true);
        }
    }
    let (alpha, beta) = keeping_window(turn, wanted);
    let value = searcher.rooted_below(ply, |searcher| searcher.node(UNLIMITED_DEPTH, 0, None, alpha, beta));
    searcher.stopped.is_none().then_some(keeps(turn, value, wanted))
}
