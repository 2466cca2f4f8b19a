//! Ballard's Star1: alpha-beta at chance nodes, from bounds on the leaves.

use super::chance_context::{outcome_window, weighted, At, ChanceContext, ChanceNode, Moves, Step};
use super::chance_result::{ChanceError, ChanceResult};
use crate::chance::Probability;
use crate::game::Game;
use crate::ratio::{Ratio, RatioError};
use crate::trace::{ChanceObserver, Fail};

/// Ballard's Star1 (1983): the value of a position in a game with chance,
/// searched in the window `(alpha, beta)`, **fail-soft**. With `v` the
/// true value (as [`expectiminimax`](fn@super::expectiminimax) finds it)
/// and `r` the result:
///
/// ```text
/// r <= alpha          =>  v <= r
/// alpha < r < beta    =>  v == r
/// r >= beta           =>  v >= r
/// ```
///
/// so `star1(p, -inf, +inf) = v`. Decision nodes are fail-soft alpha-beta
/// ([`alphabeta_failsoft`](fn@super::alphabeta_failsoft) in exact
/// values). At a chance node with outcomes `1..n` of probabilities
/// `P_i`, Ballard's `L` and `U` (every leaf's value lies in `[L, U]`,
/// [`Game::value_bounds`], turned to the side to move's view) bound what
/// the outcomes not yet searched can add. Before outcome `i`, with `S` the
/// sum of `P_j v_j` over the outcomes searched and `R = P_i + ... + P_n`:
///
/// - if `S + R U <= alpha`, even the best case stays at or below `alpha`:
///   cut off, returning that upper bound;
/// - if `S + R L >= beta`, even the worst case reaches `beta`: cut off,
///   returning that lower bound;
/// - else outcome `i` is searched in `(max(A_i, L), min(B_i, U))`, where
///   `A_i = (alpha - S - (R - P_i) U) / P_i` is the value at or below
///   which the test above cuts at the next outcome, and
///   `B_i = (beta - S - (R - P_i) L) / P_i` the value at or above which
///   it does.
///
/// Ballard tests after each outcome; testing before each one is the same
/// test, and also refuses at once a window that excludes `[L, U]`. A
/// child that fails low against `L` (or high against `U`) is exact, as no
/// value lies beyond the bounds; one that fails against `A_i` or `B_i`
/// triggers the cut-off. Without declared bounds (`L = -inf`, `U = +inf`)
/// only the last outcome gets a finite window and no other cut-off
/// happens. `depth` counts the players' moves as in
/// [`expectiminimax`](fn@super::expectiminimax).
///
/// # Errors
/// As [`expectiminimax`](fn@super::expectiminimax) (each node Star1
/// visits is checked; a node it cuts off is not). A window whose ends'
/// denominators make the window arithmetic overflow 128 bits is not an
/// error: the search is run again with the full window, whose exact value
/// meets the conditions above in any window (the observer then sees both
/// searches, and the counts are the second's).
///
/// # Panics
/// In debug builds, if `alpha >= beta`.
pub fn star1<G: Game, O: ChanceObserver<G::Move>>(
    game: &mut G,
    depth: u32,
    alpha: Ratio,
    beta: Ratio,
    observer: &mut O,
) -> Result<ChanceResult<G::Move>, ChanceError<G::Move>> {
    debug_assert!(alpha < beta, "Star1 needs an open window: alpha {alpha} >= beta {beta}");
    let search = |game: &mut G, observer: &mut O, (alpha, beta)| {
        let mut context = ChanceContext::new(game, observer)?;
        let value = star1_node(&mut context, At::root(depth), alpha, beta)?;
        Ok(context.finish(value, (alpha, beta)))
    };
    super::chance_context::with_window_fallback(game, observer, (alpha, beta), search)
}

/// Star1's search of the node `at` in `(alpha, beta)`.
fn star1_node<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
    alpha: Ratio,
    beta: Ratio,
) -> Step<Ratio, G::Move> {
    let node = context.enter(at, alpha, beta, false)?;
    let value = match &node {
        ChanceNode::Leaf(value) => return context.exit(at.ply, *value),
        ChanceNode::Decision(moves) => context.alphabeta(at, moves, (alpha, beta), Moves::All, star1_node),
        ChanceNode::Chance(outcomes) => {
            let value = star1_chance(context, at, outcomes, (alpha, beta));
            context.give_back(at.ply, node);
            return value;
        }
    };
    context.give_back(at.ply, node);
    context.exit(at.ply, value?)
}

/// Star1 at the chance node `at` (it announces its own exit).
fn star1_chance<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
    outcomes: &[(G::Move, Probability)],
    (alpha, beta): (Ratio, Ratio),
) -> Step<Ratio, G::Move> {
    let (low, high) = context.bounds_here();
    // Invariant: sum = P_1 v_1 + ... + P_{i-1} v_{i-1}, every v_j exact;
    // rest = P_i + ... + P_n.
    let mut sum = Ratio::ZERO;
    let mut rest = Ratio::ONE;
    for (i, &(outcome, probability)) in outcomes.iter().enumerate() {
        // Step 1. The cut-offs: the expectation's best and worst cases.
        let best = context.exact(weighted(rest, high).and_then(|best_rest| sum.checked_add(best_rest)))?;
        if best <= alpha {
            return context.chance_cutoff(at.ply, outcomes.len() - i, Fail::Low, best);
        }
        let worst = context.exact(weighted(rest, low).and_then(|worst_rest| sum.checked_add(worst_rest)))?;
        if worst >= beta {
            return context.chance_cutoff(at.ply, outcomes.len() - i, Fail::High, worst);
        }
        // Step 2. The outcome's window, from the bounds on the others.
        let p = Ratio::from(probability);
        let after = context.exact(rest.checked_sub(p))?;
        let others = context.exact(others(sum, after, (low, high)))?;
        let window = context.exact(outcome_window((alpha, beta), p, others, (low, high)))?;
        debug_assert!(window.0 < window.1, "Star1's outcome window is open: {} < {}", window.0, window.1);
        // Step 3. Search it, and add its exact share.
        let child = at.after_outcome(outcome, probability);
        let value = context
            .move_child(outcome, window.0, window.1, |context, alpha, beta| star1_node(context, child, alpha, beta))?;
        debug_assert!(low <= value && value <= high, "Star1's values stay within the bounds: {value}");
        sum = context.exact(p.checked_mul(value).and_then(|term| sum.checked_add(term)))?;
        rest = after;
    }
    context.exit(at.ply, sum)
}

/// What the other outcomes add to the expectation at worst and at best:
/// `sum` from those searched, `L` and `U` times `rest` for those to come.
fn others(sum: Ratio, rest: Ratio, (low, high): (Ratio, Ratio)) -> Result<(Ratio, Ratio), RatioError> {
    Ok((sum.checked_add(weighted(rest, low)?)?, sum.checked_add(weighted(rest, high)?)?))
}
