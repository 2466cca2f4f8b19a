//! Minimax with MAX and MIN nodes written out (Bratko; the Chinese text).

use super::{Context, Expansion, SearchResult};
use crate::game::{Game, Player};
use crate::score::Score;
use crate::trace::Observer;

/// The exact minimax value, searching every node to `depth`, in the explicit
/// MAX/MIN form of the textbooks: values are seen from MAX, the side to move
/// at the root; a MAX node takes the largest value of its successors and a
/// MIN node the smallest.
///
/// The returned value is MAX's, which is also the root's negamax value, so it
/// compares directly with every other search in this module.
pub fn minimax<G: Game, O: Observer<G::Move>>(game: &mut G, depth: u32, observer: &mut O) -> SearchResult<G::Move> {
    let max_player = game.side_to_move();
    let mut context = Context::new(game, observer, "minimax");
    let value = minimax_value(&mut context, max_player, depth, 0, None);
    context.finish(value, (-Score::INFINITY, Score::INFINITY))
}

/// The minimax value, from MAX's point of view, of the node `ply` plies below
/// the root. The observer still gets negamax values, like every search's.
fn minimax_value<G: Game, O: Observer<G::Move>>(
    context: &mut Context<'_, G, O>,
    max_player: Player,
    depth: u32,
    ply: u32,
    via: Option<G::Move>,
) -> Score {
    let is_max_node = context.game.side_to_move() == max_player;
    let for_max = |value: Score| if is_max_node { value } else { -value };
    context.enter(ply, via, -Score::INFINITY, Score::INFINITY);
    let moves = match context.expand(depth, ply) {
        Expansion::Leaf(value) => return for_max(context.exit(ply, value)),
        Expansion::Moves(moves) => moves,
    };
    let mut best = if is_max_node { -Score::INFINITY } else { Score::INFINITY };
    for &mv in &moves {
        let value = context.child(mv, |context, _| minimax_value(context, max_player, depth - 1, ply + 1, Some(mv)));
        let better = if is_max_node { value > best } else { value < best };
        if better {
            best = value;
            context.update_pv(ply, mv);
        }
    }
    context.give_back(ply, moves);
    for_max(context.exit(ply, for_max(best)))
}
