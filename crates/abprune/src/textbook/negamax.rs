//! Knuth & Moore's `F(p)`: minimax by brute force in the negamax form.

use super::{Context, Expansion, SearchResult};
use crate::game::Game;
use crate::score::Score;
use crate::trace::Observer;

/// The exact negamax value of the position, searching every node to `depth`.
///
/// Knuth & Moore's procedure `F(p)`: `F(p) = f(p)` at a leaf, otherwise
/// `F(p) = max(-F(p_1), ..., -F(p_d))`, one rule for both players because a
/// position's value for the side to move is the negation of its value for the
/// opponent. This is the oracle every pruning algorithm is tested against.
///
/// A child where the same side moves again (an extra turn, see [who moves
/// next](crate::Game#who-moves-next)) counts with its own value, `F(p_i)`
/// rather than `-F(p_i)`: the value is always the side to move's.
///
/// # Examples
/// See the crate documentation.
pub fn negamax<G: Game, O: Observer<G::Move>>(game: &mut G, depth: u32, observer: &mut O) -> SearchResult<G::Move> {
    let mut context = Context::new(game, observer, "negamax");
    let value = f(&mut context, depth, 0, None);
    context.finish(value, (-Score::INFINITY, Score::INFINITY))
}

/// `F(p)` for the node `ply` plies below the root, entered through `via`.
fn f<G: Game, O: Observer<G::Move>>(
    context: &mut Context<'_, G, O>,
    depth: u32,
    ply: u32,
    via: Option<G::Move>,
) -> Score {
    context.enter(ply, via, -Score::INFINITY, Score::INFINITY);
    let moves = match context.expand(depth, ply) {
        Expansion::Leaf(value) => return context.exit(ply, value),
        Expansion::Moves(moves) => moves,
    };
    // Invariant (8): at the top of each turn, m = max(v_1, ..., v_{i-1}),
    // v_j = -F(p_j), or F(p_j) where the same side moves again.
    let mut m = -Score::INFINITY;
    for &mv in &moves {
        let t = context.child(mv, |context, turn| {
            turn.value(-Score::INFINITY, Score::INFINITY, |_, _| f(context, depth - 1, ply + 1, Some(mv)))
        });
        if t > m {
            m = t;
            context.update_pv(ply, mv);
        }
    }
    context.give_back(ply, moves);
    context.exit(ply, m)
}
