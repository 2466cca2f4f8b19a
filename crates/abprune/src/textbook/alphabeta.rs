//! Knuth & Moore's `F2(p, alpha, beta)`: fail-hard alpha-beta.

use super::{Context, Expansion, SearchResult};
use crate::game::Game;
use crate::score::Score;
use crate::trace::Observer;

/// Knuth & Moore's `F2(p, alpha, beta)`, exactly as printed: `m` starts at
/// `alpha`, each child is searched with `(-beta, -m)`, and the loop stops as
/// soon as `m >= beta`. It satisfies conditions (9):
///
/// ```text
/// F2(p, alpha, beta) <= alpha  if F(p) <= alpha,
/// F2(p, alpha, beta) =  F(p)   if alpha < F(p) < beta,
/// F2(p, alpha, beta) >= beta   if F(p) >= beta,
/// ```
///
/// and so `F2(p, -inf, +inf) = F(p)` (10). A child where the same side
/// moves again (an extra turn) is searched with `(m, beta)` itself, and its
/// value counts as it is. Interior nodes return a value in
/// `[alpha, beta]` ("fail-hard"); leaves return `f(p)` unchanged, as in the
/// paper.
///
/// The window is Bratko's: `alpha` is the value MAX is already sure of,
/// `beta` the most MAX can still hope for. The returned move is the "good
/// enough" successor of Bratko's `alphabeta/5`: the one that achieved the
/// value, or the first move if none rose above `alpha`.
///
/// # Panics
/// In debug builds, if `alpha >= beta`.
pub fn alphabeta<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    depth: u32,
    alpha: Score,
    beta: Score,
    observer: &mut O,
) -> SearchResult<G::Move> {
    let mut context = Context::new(game, observer, "alphabeta");
    let value = f2(&mut context, depth, 0, None, alpha, beta);
    context.finish(value, (alpha, beta))
}

/// `F2(p, alpha, beta)` for the node `ply` plies below the root.
fn f2<G: Game, O: Observer<G::Move>>(
    context: &mut Context<'_, G, O>,
    depth: u32,
    ply: u32,
    via: Option<G::Move>,
    alpha: Score,
    beta: Score,
) -> Score {
    debug_assert!(alpha < beta, "F2 needs an open window: alpha {alpha} >= beta {beta}");
    context.enter(ply, via, alpha, beta);
    let moves = match context.expand(depth, ply) {
        Expansion::Leaf(value) => return context.exit(ply, value),
        Expansion::Moves(moves) => moves,
    };
    // Invariant: m = max(alpha, -F(p_1), ..., -F(p_{i-1})) wherever that
    // maximum is below beta; the window passed down never widens.
    let mut m = alpha;
    for (i, &mv) in moves.iter().enumerate() {
        let t = context.child(mv, |context, turn| {
            turn.value(m, beta, |alpha, beta| f2(context, depth - 1, ply + 1, Some(mv), alpha, beta))
        });
        if t > m {
            m = t;
            context.update_pv(ply, mv);
        }
        if m >= beta {
            // The opponent already has a line holding us below beta elsewhere:
            // they will never let the game reach this node.
            context.cutoff(ply, moves.len() - i - 1);
            break;
        }
    }
    context.give_back(ply, moves);
    context.exit(ply, m)
}
