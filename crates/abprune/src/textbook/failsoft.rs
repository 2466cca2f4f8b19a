//! The fail-soft variant of alpha-beta (the Polish slides).

use super::{Context, Expansion, SearchResult};
use crate::game::Game;
use crate::score::Score;
use crate::trace::Observer;

/// Fail-soft alpha-beta: the best value found so far (`current`) is kept
/// apart from the window's lower end, starts at `-inf` rather than at
/// `alpha`, and is returned even when it lies outside `(alpha, beta)`. With
/// `m` the true value, the result `ab` obeys the slides' theorem:
///
/// ```text
/// ab <= alpha          =>  m <= ab
/// alpha < ab < beta    =>  m == ab
/// ab >= beta           =>  m >= ab
/// ```
///
/// The bounds are tighter than fail-hard's (which only says `m <= alpha` or
/// `m >= beta`), which is what window-manipulating searches (aspiration,
/// PVS, MTD(f)) feed on. Children are searched with the same windows as in
/// [`alphabeta`](fn@super::alphabeta), so both evaluate the same leaves
/// (a child where the same side moves again with the node's own window).
///
/// # Panics
/// In debug builds, if `alpha >= beta`.
pub fn alphabeta_failsoft<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    depth: u32,
    alpha: Score,
    beta: Score,
    observer: &mut O,
) -> SearchResult<G::Move> {
    let mut context = Context::new(game, observer, "alphabeta_failsoft");
    let value = failsoft(&mut context, depth, 0, None, alpha, beta);
    context.finish(value, (alpha, beta))
}

/// The fail-soft search of the node `ply` plies below the root.
fn failsoft<G: Game, O: Observer<G::Move>>(
    context: &mut Context<'_, G, O>,
    depth: u32,
    ply: u32,
    via: Option<G::Move>,
    alpha: Score,
    beta: Score,
) -> Score {
    debug_assert!(alpha < beta, "fail-soft needs an open window: alpha {alpha} >= beta {beta}");
    context.enter(ply, via, alpha, beta);
    let moves = match context.expand(depth, ply) {
        Expansion::Leaf(value) => return context.exit(ply, value),
        Expansion::Moves(moves) => moves,
    };
    let mut current = -Score::INFINITY;
    let mut alpha = alpha;
    for (i, &mv) in moves.iter().enumerate() {
        let score = context.child(mv, |context, turn| {
            turn.value(alpha, beta, |alpha, beta| failsoft(context, depth - 1, ply + 1, Some(mv), alpha, beta))
        });
        if score > current {
            current = score;
            context.update_pv(ply, mv);
            alpha = alpha.max(score);
            if score >= beta {
                // As in F2; the difference is only in what is returned.
                context.cutoff(ply, moves.len() - i - 1);
                break;
            }
        }
    }
    context.give_back(ply, moves);
    context.exit(ply, current)
}
