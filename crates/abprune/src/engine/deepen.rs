//! Iterative deepening ([`super::engine::Engine::search`]): one root
//! search per depth, each by the engine's variant: the full window, an
//! aspiration window around the last value, or MTD(f)'s null-window
//! passes. A driver: it runs the node searcher and knows nothing of the
//! engine that calls it.

use super::options::Variant;
use super::pv;
use super::report::{EngineResult, SearchInfo};
use super::searcher::Searcher;
use crate::game::Game;
use crate::limits::{SearchLimits, StopReason};
use crate::score::Score;
use crate::textbook::UNLIMITED_DEPTH;
use crate::trace::Observer;
use std::time::Duration;

/// Iterative deepening on `searcher` (see [`super::engine::Engine::search`]).
pub(crate) fn deepen<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    limits: &SearchLimits,
    mut on_iteration: impl FnMut(&SearchInfo<G::Move>),
) -> EngineResult<G::Move> {
    let max_depth = limits.depth.unwrap_or(UNLIMITED_DEPTH);
    let mut last: Option<(u32, Score, Vec<G::Move>, bool)> = None;
    let mut reason = StopReason::DepthLimit;
    let mut depth = 1;
    while depth <= max_depth {
        let (unproven_before, horizons_before) = (searcher.unproven, searcher.horizons);
        let guess = last.as_ref().map_or(Score::DRAW, |(_, value, _, _)| *value);
        let value = iteration(searcher, depth, guess);
        if let Some(stopped) = searcher.stopped {
            reason = stopped;
            if let (true, Some(mv), Some(completed)) =
                (searcher.options.stopped_iteration_move, searcher.root_improvement, last.as_mut())
            {
                // Proven better, one ply deeper, than the move the completed
                // iteration chose, when this one searched that move first.
                if searcher.root_first.is_some() && searcher.root_first == completed.2.first().copied() {
                    let line = searcher.context.root_pv();
                    completed.2 = if line.first() == Some(&mv) { line } else { vec![mv] };
                }
            }
            break;
        }
        // An ending the game did not declare proves nothing.
        let exact = searcher.unproven == unproven_before && searcher.undeclared.is_none();
        let mut pv = searcher.context.root_pv();
        if searcher.options.whole_pv {
            pv::extend_from_table(searcher, &mut pv, depth, value, exact);
        }
        let elapsed = searcher.clock().elapsed();
        let nodes = searcher.total_nodes();
        on_iteration(&SearchInfo {
            depth,
            value,
            nodes,
            elapsed,
            nodes_per_second: per_second(nodes, elapsed),
            pv: pv.clone(),
            exact,
        });
        last = Some((depth, value, pv, exact));
        if exact {
            reason = StopReason::Solved;
            break;
        }
        if searcher.horizons == horizons_before {
            // No line met the horizon: deeper iterations would repeat this one.
            reason = StopReason::Complete;
            break;
        }
        depth += 1;
    }
    let elapsed = searcher.clock().elapsed();
    let fallback_move = if last.is_none() { legal_root_move(searcher) } else { None };
    let stats = std::mem::take(&mut searcher.context.stats);
    let (depth, value, pv, exact) = last.unwrap_or((0, Score::DRAW, fallback_move.into_iter().collect(), false));
    EngineResult {
        value,
        exact,
        plies_to_end: value.plies_to_end().filter(|_| exact),
        best_move: pv.first().copied().or(fallback_move),
        pv,
        depth,
        stop_reason: reason,
        stats,
        elapsed,
        weak: false,
        line_nodes: 0,
    }
}

/// A legal move of the root (the first generated), for a search stopped
/// before it completed an iteration; `None` when the game is over or has
/// no moves. Generated afresh: a search stopped at its root's entry has
/// not expanded it, and the buffers may hold another position's moves.
pub(crate) fn legal_root_move<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<'_, G, O>) -> Option<G::Move> {
    if searcher.context.game.outcome().is_some() {
        return None;
    }
    let mut moves = Vec::new();
    searcher.context.game.generate_moves(&mut moves);
    moves.first().copied()
}

/// One iteration of iterative deepening at `depth`, by the engine's variant.
pub(crate) fn iteration<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    depth: u32,
    guess: Score,
) -> Score {
    match searcher.options.variant {
        Variant::Mtdf => {
            // The move to report comes from a pass that failed high: it is
            // proven to reach the lower bound, which the final value equals.
            let mut proven_line = Vec::new();
            let value = mtdf_passes(guess, |alpha, beta| {
                let value = searcher.root(depth, alpha, beta);
                if value >= beta {
                    proven_line = searcher.context.root_pv();
                }
                searcher.stopped.is_none().then_some(value)
            })
            .unwrap_or(Score::DRAW);
            searcher.context.set_root_pv(proven_line);
            value
        }
        Variant::FailSoftAlphaBeta | Variant::Pvs => match searcher.options.aspiration {
            Some(width) if depth > 1 && guess.is_heuristic() => aspiration(searcher, depth, guess, width),
            _ => searcher.root(depth, -Score::INFINITY, Score::INFINITY),
        },
    }
}

/// Searches a window of `±width` around `guess` first; on a fail, opens
/// the failing side completely and searches again.
fn aspiration<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    depth: u32,
    guess: Score,
    width: i32,
) -> Score {
    let clamp = |raw: i64| Score::try_new(raw).unwrap_or(if raw < 0 { -Score::INFINITY } else { Score::INFINITY });
    let mut alpha = clamp(i64::from(guess.get()) - i64::from(width));
    let mut beta = clamp(i64::from(guess.get()) + i64::from(width));
    loop {
        let value = searcher.root(depth, alpha, beta);
        if searcher.stopped.is_some() || (alpha < value && value < beta) {
            return value;
        }
        if value <= alpha {
            alpha = -Score::INFINITY;
        } else {
            beta = Score::INFINITY;
        }
        if alpha == -Score::INFINITY && beta == Score::INFINITY {
            return searcher.root(depth, alpha, beta);
        }
    }
}

/// The MTD(f) loop over any null-window search `test(alpha, beta)` (fail-soft,
/// `beta == alpha.succ()`). `None` when a test was stopped.
pub(crate) fn mtdf_passes(first_guess: Score, mut test: impl FnMut(Score, Score) -> Option<Score>) -> Option<Score> {
    let (mut lower, mut upper) = (-Score::INFINITY, Score::INFINITY);
    let mut g = first_guess;
    while lower < upper {
        // Test just above the lower bound after a fail-high, at g otherwise.
        let beta = if g == lower { g.succ() } else { g };
        g = test(beta.pred(), beta)?;
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
    }
    Some(g)
}

fn per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}
