//! Principal variation search: Reinefeld's NegaScout.

use super::{Context, Expansion, SearchResult};
use crate::game::Game;
use crate::score::Score;
use crate::trace::Observer;

/// NegaScout / principal variation search, fail-soft: the first move is
/// searched with the full window; every later move is first only *tested*
/// with the null window `(alpha, alpha + 1)` ("can it beat what we have?"),
/// and searched again with `(t, beta)` only when the test says it does.
/// With good ordering the tests fail low and cost about as much as the
/// minimal tree. The result obeys the same theorem as
/// [`alphabeta_failsoft`](super::alphabeta_failsoft):
///
/// ```text
/// pvs <= alpha          =>  m <= pvs
/// alpha < pvs < beta    =>  m == pvs
/// pvs >= beta           =>  m >= pvs
/// ```
///
/// # Panics
/// In debug builds, if `alpha >= beta`.
pub fn pvs<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    depth: u32,
    alpha: Score,
    beta: Score,
    observer: &mut O,
) -> SearchResult<G::Move> {
    let mut context = Context::new(game, observer, "pvs");
    let value = negascout(&mut context, depth, 0, None, alpha, beta);
    context.finish(value, (alpha, beta))
}

/// NegaScout on the node `ply` plies below the root.
fn negascout<G: Game, O: Observer<G::Move>>(
    context: &mut Context<'_, G, O>,
    depth: u32,
    ply: u32,
    via: Option<G::Move>,
    alpha: Score,
    beta: Score,
) -> Score {
    debug_assert!(alpha < beta, "NegaScout needs an open window: alpha {alpha} >= beta {beta}");
    context.enter(ply, via, alpha, beta);
    let moves = match context.expand(depth, ply) {
        Expansion::Leaf(value) => return context.exit(ply, value),
        Expansion::Moves(moves) => moves,
    };
    let mut best = -Score::INFINITY;
    let mut alpha = alpha;
    for (i, &mv) in moves.iter().enumerate() {
        let score = context.child(mv, |context, turn| {
            // The child's value from here, searched with a window seen from
            // here (negated only when the side to move changed).
            let search = |context: &mut Context<'_, G, O>, alpha: Score, beta: Score| {
                turn.value(alpha, beta, |alpha, beta| negascout(context, depth - 1, ply + 1, Some(mv), alpha, beta))
            };
            if i == 0 {
                return search(context, alpha, beta);
            }
            // The scout: a null window only asks whether mv beats alpha.
            let scout = search(context, alpha, alpha.succ());
            if alpha < scout && scout < beta {
                // It does, by an unknown margin: scout is a lower bound, so
                // the exact value lies in (scout, beta) or equals scout.
                search(context, scout, beta)
            } else {
                scout
            }
        });
        if score > best {
            best = score;
            context.update_pv(ply, mv);
            alpha = alpha.max(score);
            if score >= beta {
                context.cutoff(ply, moves.len() - i - 1);
                break;
            }
        }
    }
    context.give_back(ply, moves);
    context.exit(ply, best)
}
