//! Ballard's Star2: Star1 with a probing phase, for regular trees.

use super::chance_context::{outcome_window, weighted, At, ChanceContext, ChanceNode, Moves, Step};
use super::chance_memory::ChanceMemory;
use super::chance_memory::Known;
use super::chance_result::{ChanceError, ChanceResult};
use crate::chance::Probability;
use crate::game::Game;
use crate::limits::{Clock, StopReason};
use crate::ratio::{Ratio, RatioError};
use crate::trace::{ChanceObserver, Fail};

/// Ballard's Star2 (1983): the value of a position in a game with chance,
/// searched in the window `(alpha, beta)`, **fail-soft**, with the
/// conditions of [`star1`](fn@super::star1): with `v` the true value and
/// `r` the result, `r <= alpha => v <= r`, `alpha < r < beta => v == r`,
/// `r >= beta => v >= r`; so `star2(p, -inf, +inf) = v`.
///
/// Star2 is for *regular* trees, where a player's choice follows every
/// outcome (backgammon: the dice, then a move). At a chance node it first
/// **probes**: for each outcome in turn it searches only the first move
/// of the decision node below (the one the game lists first, its best
/// guess), whose value is a cheap lower bound `W_i` on the outcome's value
/// (the player can do at least that well). With `Q` the sum of `P_j W_j`
/// over the outcomes probed and `L` for the rest, if `Q >= beta` the node
/// fails high at once. The probe of outcome `i` is searched in
/// `(max(A_i, L), min(B_i, U))` with `A_i = (alpha - (1 - P_i) U) / P_i`
/// and `B_i` the value at or above which the test cuts; a probe that
/// fails low gives no lower bound (`W_i = L`). If the probes do not cut,
/// the node is searched as [`star1`](fn@super::star1) does, the probed
/// lower bounds standing in for `L` in the fail-high test and in `B_i`:
/// before outcome `i`, `S + R U <= alpha` cuts low, `S + W_i P_i + ... +
/// W_n P_n >= beta` cuts high.
///
/// Where the tree is not regular, Star2 still returns the value: an
/// outcome that leads to a leaf or to another chance node gets no probe
/// (`W_i = L`: a leaf's only bound is its evaluation, which the second
/// phase may not need). The second phase does not search a probed move
/// again where the probe's result decides it in the new window (its value,
/// or a bound beyond the window), as Ballard counts each leaf once and a
/// program with a transposition table finds it there; elsewhere it is
/// searched again. [`crate::SearchStats::probes`] counts the probes, and
/// `leaves` and `nodes` include what they searched. Probing is a bet: where
/// the probes' bounds do not reach `beta`, what they searched and the
/// second phase cannot reuse is extra work, so on some trees Star2
/// evaluates more leaves than Star1 (58 of 1,000 random regular trees in
/// `tests/all/chance.rs`, while over all of them it evaluates 8% fewer;
/// none more than expectiminimax).
///
/// # Errors
/// As [`star1`](fn@super::star1) (a window whose arithmetic overflows
/// is searched again as the full window).
///
/// # Panics
/// In debug builds, if `alpha >= beta`.
pub fn star2<G: Game, O: ChanceObserver<G::Move>>(
    game: &mut G,
    depth: u32,
    alpha: Ratio,
    beta: Ratio,
    observer: &mut O,
) -> Result<ChanceResult<G::Move>, ChanceError<G::Move>> {
    debug_assert!(alpha < beta, "Star2 needs an open window: alpha {alpha} >= beta {beta}");
    let search = |game: &mut G, observer: &mut O, (alpha, beta)| {
        let mut context = ChanceContext::new(game, observer)?;
        let value = star2_node(&mut context, At::root(depth), alpha, beta)?;
        Ok(context.finish(value, (alpha, beta)))
    };
    super::chance_context::with_window_fallback(game, observer, (alpha, beta), search)
}

/// One iteration of the engine's Star2 ([`star2_remembering`]).
pub(crate) struct Iteration<M> {
    /// The result, meaningless when `stopped`.
    pub(crate) result: ChanceResult<M>,
    /// Why the limits stopped it, if they did.
    pub(crate) stopped: Option<StopReason>,
    /// True when a line was cut by the depth limit.
    pub(crate) horizon: bool,
}

/// Star2 with the full window for the engine's iterative deepening: it
/// remembers into `memory` (chance nodes' bounds, decision nodes' best
/// moves, which it tries first) and stops when `clock` says
/// (`nodes_before` nodes already searched). Once stopped, every node is
/// answered at once without events, so an observer's events no longer
/// pair up; the engine observes nothing.
pub(crate) fn star2_remembering<G: Game, O: ChanceObserver<G::Move>>(
    game: &mut G,
    depth: u32,
    observer: &mut O,
    memory: &mut ChanceMemory<G::Move>,
    (clock, nodes_before): (&mut Clock, u64),
) -> Result<Iteration<G::Move>, ChanceError<G::Move>> {
    let window = (Ratio::NEG_INFINITY, Ratio::INFINITY);
    let mut context = ChanceContext::new(game, observer)?.with_memory(memory, clock, nodes_before);
    let value = star2_node(&mut context, At::root(depth), window.0, window.1)?;
    let (stopped, horizon) = (context.stopped(), context.horizon);
    Ok(Iteration { result: context.finish(value, window), stopped, horizon })
}

/// Star2's search of the node `at` in `(alpha, beta)`.
fn star2_node<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
    alpha: Ratio,
    beta: Ratio,
) -> Step<Ratio, G::Move> {
    star2_after_probe(context, at, (alpha, beta), None)
}

/// Star2's search of the node `at` in `(alpha, beta)`, where a probe may
/// already know its first move's result (`first`).
fn star2_after_probe<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
    (alpha, beta): (Ratio, Ratio),
    first: Option<Known>,
) -> Step<Ratio, G::Move> {
    let node = context.enter(at, alpha, beta, false)?;
    let value = match &node {
        ChanceNode::Leaf(value) => return context.exit(at.ply, *value),
        ChanceNode::Decision(moves) => {
            let which = first.map_or(Moves::All, Moves::FirstKnown);
            context.alphabeta(at, moves, (alpha, beta), which, star2_node)
        }
        ChanceNode::Chance(outcomes) => {
            let value = star2_chance(context, at, outcomes, (alpha, beta));
            context.give_back(at.ply, node);
            if let Ok(value) = value {
                context.remember(at, (alpha, beta), value);
            }
            return value;
        }
    };
    context.give_back(at.ply, node);
    context.exit(at.ply, value?)
}

/// What the probe of one outcome learnt.
#[derive(Clone, Copy, Debug)]
struct Probed {
    /// A lower bound on the outcome's value (`W_i`).
    lower: Ratio,
    /// True when it is the value itself (the outcome leads to a leaf).
    exact: bool,
    /// The probed first move's result, which the second phase does not
    /// search again where it decides (Ballard counts each leaf once; a
    /// program remembers it in its transposition table).
    first: Option<Known>,
}

/// Star2 at the chance node `at` (it announces its own exit).
fn star2_chance<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
    outcomes: &[(G::Move, Probability)],
    window: (Ratio, Ratio),
) -> Step<Ratio, G::Move> {
    let (low, high) = context.bounds_here();
    let (alpha, beta) = window;
    let n = outcomes.len();
    // Step 1. A window that excludes [L, U] is answered at once.
    if high <= alpha {
        return context.chance_cutoff(at.ply, n, Fail::Low, high);
    }
    if low >= beta {
        return context.chance_cutoff(at.ply, n, Fail::High, low);
    }
    // Step 2. The probing phase: a lower bound on every outcome.
    let probed = match probe_outcomes(context, at, outcomes, window)? {
        Ok(probed) => probed,
        Err(value) => return Ok(value),
    };
    // Step 3. The Star1 phase, the probed bounds standing in for L:
    // suffix[i] = P_i W_i + ... + P_n W_n (sums only: a bound may be -inf).
    let mut suffix = vec![Ratio::ZERO; n + 1];
    for i in (0..n).rev() {
        let term = Ratio::from(outcomes[i].1).checked_mul(probed[i].lower);
        suffix[i] = context.exact(term.and_then(|term| suffix[i + 1].checked_add(term)))?;
    }
    // Invariant: sum = P_1 v_1 + ... + P_{i-1} v_{i-1}, each v_j exact;
    // rest = P_i + ... + P_n.
    let mut sum = Ratio::ZERO;
    let mut rest = Ratio::ONE;
    for (i, &(outcome, probability)) in outcomes.iter().enumerate() {
        let unsearched = probed[i..].iter().filter(|probe| !probe.exact).count();
        let best = context.exact(weighted(rest, high).and_then(|best_rest| sum.checked_add(best_rest)))?;
        if best <= alpha {
            return context.chance_cutoff(at.ply, unsearched, Fail::Low, best);
        }
        let worst = context.exact(sum.checked_add(suffix[i]))?;
        if worst >= beta {
            return context.chance_cutoff(at.ply, unsearched, Fail::High, worst);
        }
        let p = Ratio::from(probability);
        let after = context.exact(rest.checked_sub(p))?;
        let value = if probed[i].exact {
            probed[i].lower
        } else {
            let others = context.exact(others(sum, suffix[i + 1], after, high))?;
            let window = context.exact(outcome_window(window, p, others, (low, high)))?;
            debug_assert!(window.0 < window.1, "Star2's outcome window is open: {} < {}", window.0, window.1);
            let child = at.after_outcome(outcome, probability);
            let first = probed[i].first;
            context.move_child(outcome, window.0, window.1, |context, alpha, beta| {
                // A probe's knowledge is of the child's first move from the
                // chance node's side: none where the outcome passed the turn.
                star2_after_probe(context, child, (alpha, beta), first)
            })?
        };
        sum = context.exact(p.checked_mul(value).and_then(|term| sum.checked_add(term)))?;
        rest = after;
    }
    context.exit(at.ply, sum)
}

/// What the outcomes other than the next add at worst (`sum` and the
/// probed bounds `probed_rest` of those to come) and at best (`sum` and
/// `U` for each of those to come, of probability `rest` in all).
fn others(sum: Ratio, probed_rest: Ratio, rest: Ratio, high: Ratio) -> Result<(Ratio, Ratio), RatioError> {
    Ok((sum.checked_add(probed_rest)?, sum.checked_add(weighted(rest, high)?)?))
}

/// Star2's probing phase at the chance node `at`: the lower bound each
/// outcome's probe gives, or (`Err`) the node's value when the bounds
/// already reach `beta` (the cut-off announced).
fn probe_outcomes<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
    outcomes: &[(G::Move, Probability)],
    (alpha, beta): (Ratio, Ratio),
) -> Step<Result<Vec<Probed>, Ratio>, G::Move> {
    let (low, high) = context.bounds_here();
    let n = outcomes.len();
    let mut probed = Vec::with_capacity(n);
    // Invariant: lower = P_1 W_1 + ... + P_{i-1} W_{i-1}; rest = P_i + ... + P_n.
    let mut lower = Ratio::ZERO;
    let mut rest = Ratio::ONE;
    for i in 0..=n {
        let worst = context.exact(weighted(rest, low).and_then(|worst_rest| lower.checked_add(worst_rest)))?;
        if worst >= beta {
            let unsearched = n - probed.iter().filter(|probe: &&Probed| probe.exact).count();
            return context.chance_cutoff(at.ply, unsearched, Fail::High, worst).map(Err);
        }
        let Some(&(outcome, probability)) = outcomes.get(i) else { break };
        // The probe's window: nothing is known yet of the others' upper
        // bounds (U for each), the probes so far bound them from below.
        let p = Ratio::from(probability);
        let after = context.exact(rest.checked_sub(p))?;
        let worst_others = context.exact(weighted(after, low).and_then(|worst_rest| lower.checked_add(worst_rest)))?;
        let best_others = context.exact(Ratio::ONE.checked_sub(p).and_then(|others| weighted(others, high)))?;
        let window = context.exact(outcome_window((alpha, beta), p, (worst_others, best_others), (low, high)))?;
        debug_assert!(window.0 < window.1, "Star2's probe window is open: {} < {}", window.0, window.1);
        let child = at.after_outcome(outcome, probability);
        // An outcome that passes the turn gets no probe: the first move's
        // value would bound the outcome from above, not from below.
        let (value, exact, first) = context.outcome_child(outcome, |context, passed| {
            if passed {
                Ok((low, false, None))
            } else {
                probe(context, child, window)
            }
        })?;
        // A probe that failed low bounds the first move from above only.
        let bound = if exact || value > window.0 { value } else { low };
        probed.push(Probed { lower: bound, exact, first });
        lower = context.exact(p.checked_mul(bound).and_then(|term| lower.checked_add(term)))?;
        rest = after;
    }
    Ok(Ok(probed))
}

/// The probe of the node `at` in `(alpha, beta)`: a decision node's first
/// move only (fail-soft, a lower bound on the node's value unless it
/// fails low). A leaf (the depth limit, a finished game) or a chance node
/// below has no cheap bound to give: it is not entered, and bounded by
/// `L`; a decision node that turns out to have no moves is a leaf valued
/// exactly (`true`). With the value, the first move's result as a
/// [`Known`] for the second phase.
fn probe<G: Game, O: ChanceObserver<G::Move>>(
    context: &mut ChanceContext<'_, G, O>,
    at: At<G::Move>,
    (alpha, beta): (Ratio, Ratio),
) -> Step<(Ratio, bool, Option<Known>), G::Move> {
    let game = &*context.game;
    if at.depth == 0 || game.outcome().is_some() || game.chance_to_move() {
        return Ok((context.bounds_here().0, false, None));
    }
    let node = context.enter(at, alpha, beta, true)?;
    let (value, exact, first) = match &node {
        ChanceNode::Leaf(value) => (*value, true, None),
        ChanceNode::Decision(moves) => {
            context.stats.probes += 1;
            let value = context.alphabeta(at, moves, (alpha, beta), Moves::FirstOnly, star2_node)?;
            (value, false, Some(Known::new(value, (alpha, beta))))
        }
        ChanceNode::Chance(_) => (context.bounds_here().0, false, None),
    };
    context.give_back(at.ply, node);
    Ok((context.exit(at.ply, value)?, exact, first))
}
