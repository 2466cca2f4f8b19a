//! Knuth & Moore's `F1(p, bound)`: one-sided branch-and-bound.

use super::{Context, Expansion, SearchResult};
use crate::game::Game;
use crate::score::Score;
use crate::trace::Observer;

/// Knuth & Moore's `F1(p, bound)`, which satisfies their condition (6):
///
/// ```text
/// F1(p, bound) = F(p)    if F(p) < bound,
/// F1(p, bound) >= bound  if F(p) >= bound,
/// ```
///
/// so `F1(p, +inf) = F(p)` (7). A move is abandoned as soon as one reply
/// refutes it, i.e. is at least as good for the opponent as their best reply
/// to an earlier move; only an upper bound is passed down, which is why deep
/// cut-offs, those alpha-beta adds, never happen here.
///
/// A child where the same side moves again (an extra turn) is searched with
/// the node's own `bound`: there is no opponent to bound, and condition (6)
/// of the child is then the node's (a child value at or above `bound`
/// refutes the node, one below it is exact).
///
/// The returned best move is exact when the value is below `bound`; the PV
/// below the root is not guaranteed (a child searched with a bound returns
/// its exact value only when that value beats the bound).
pub fn branch_and_bound<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    depth: u32,
    bound: Score,
    observer: &mut O,
) -> SearchResult<G::Move> {
    let mut context = Context::new(game, observer, "branch_and_bound");
    let value = f1(&mut context, depth, 0, None, bound);
    context.finish(value, (-Score::INFINITY, bound))
}

/// `F1(p, bound)` for the node `ply` plies below the root, entered through `via`.
fn f1<G: Game, O: Observer<G::Move>>(
    context: &mut Context<'_, G, O>,
    depth: u32,
    ply: u32,
    via: Option<G::Move>,
    bound: Score,
) -> Score {
    context.enter(ply, via, -Score::INFINITY, bound);
    let moves = match context.expand(depth, ply) {
        Expansion::Leaf(value) => return context.exit(ply, value),
        Expansion::Moves(moves) => moves,
    };
    // Invariant (8): m = max(v_1, ..., v_{i-1}) at the top of turn i (v_j the
    // child's value from here) below `bound`, because a child searched with
    // bound -m returns F exactly whenever its negation would raise m, and a
    // child of the same side, searched with `bound`, exactly whenever it
    // stays below it. (The window (m, bound) is put into the child's view,
    // and F1 takes only its upper end.)
    let mut m = -Score::INFINITY;
    for (i, &mv) in moves.iter().enumerate() {
        let t = context.child(mv, |context, turn| {
            turn.value(m, bound, |_, upper| f1(context, depth - 1, ply + 1, Some(mv), upper))
        });
        if t > m {
            m = t;
            context.update_pv(ply, mv);
        }
        if m >= bound {
            // F(p) >= m >= bound: the caller only needs to know it is refuted.
            context.cutoff(ply, moves.len() - i - 1);
            break;
        }
    }
    context.give_back(ply, moves);
    context.exit(ply, m)
}
