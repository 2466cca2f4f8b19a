//! Michie's expectimax, as Russell and Norvig name it for two players:
//! expectiminimax, the exhaustive search of a *-minimax tree.

use super::chance_context::{At, ChanceContext, ChanceNode, Step};
use super::chance_result::{ChanceError, ChanceResult};
use crate::game::Game;
use crate::ratio::Ratio;
use crate::trace::ChanceObserver;

/// The exact value of the position in a game with chance, searching every
/// node to `depth` (the players' moves; chance uses none, so a node
/// reached with `depth` 0 is a leaf, chance's or not).
///
/// `E(p) = f(p)` at a leaf; at a decision node `E(p) = max(-E(p_1), ...,
/// -E(p_d))` (a child where the same side moves again counts `E(p_i)`);
/// at a chance node `E(p) = P_1 E(p_1) + ... + P_n E(p_n)`, the children
/// seen from the chance node's side (`-E(p_i)` for an outcome that passes
/// the turn, as Pig's roll of 1). No pruning at
/// all: Ballard's "exhaustive search", the count Star1 and Star2 are
/// measured against. The value is exact ([`Ratio`]), never rounded.
///
/// # Errors
/// A [`ChanceError`] naming the node: probabilities that do not sum to
/// one, a leaf outside [`Game::value_bounds`] or scored as a decided game
/// by distance, bounds with `low >= high`, or an exact value beyond 128
/// bits. The game is left as
/// it was given.
///
/// # Examples
/// See the [module documentation](crate::textbook#games-with-chance).
pub fn expectiminimax<G: Game, O: ChanceObserver<G::Move>>(
    game: &mut G,
    depth: u32,
    observer: &mut O,
) -> Result<ChanceResult<G::Move>, ChanceError<G::Move>> {
    let mut context = ChanceContext::new(game, observer)?;
    let value = e(&mut context, At::root(depth))?;
    Ok(context.finish(value, (Ratio::NEG_INFINITY, Ratio::INFINITY)))
}

/// `E(p)` for the node `at`.
fn e<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
) -> Step<Ratio, G::Move> {
    let node = context.enter(at, Ratio::NEG_INFINITY, Ratio::INFINITY, false)?;
    let value = match &node {
        ChanceNode::Leaf(value) => Ok(*value),
        ChanceNode::Decision(moves) => decision(context, at, moves),
        ChanceNode::Chance(outcomes) => {
            // The expectation, exact: sum of P_i * E(p_i).
            let mut sum = Ratio::ZERO;
            for &(outcome, probability) in outcomes {
                let (alpha, beta) = (Ratio::NEG_INFINITY, Ratio::INFINITY);
                let value = context.move_child(outcome, alpha, beta, |context, _, _| {
                    e(context, at.after_outcome(outcome, probability))
                })?;
                sum = context
                    .exact(Ratio::from(probability).checked_mul(value).and_then(|term| sum.checked_add(term)))?;
            }
            Ok(sum)
        }
    };
    context.give_back(at.ply, node);
    context.exit(at.ply, value?)
}

/// The best of the moves' values, every move searched in full.
fn decision<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
    moves: &[G::Move],
) -> Step<Ratio, G::Move> {
    let mut best = Ratio::NEG_INFINITY;
    for &mv in moves {
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        let value = context.move_child(mv, full.0, full.1, |context, _, _| e(context, at.after_move(mv)))?;
        if value > best {
            best = value;
            context.note_best(at.ply, mv);
        }
    }
    Ok(best)
}
