//! The exact solve's driver ([`super::engine::Engine::solve`]): the
//! game's possible values as a ladder of rungs, and the bisection on them
//! by null-window searches of unlimited depth.

use super::deepen::legal_root_move;
use super::error::EngineError;
use super::report::{EngineResult, SolveMode};
use super::searcher::Searcher;
use crate::game::Game;
use crate::limits::StopReason;
use crate::score::{Outcome, Score};
use crate::stats::SearchStats;
use crate::textbook::UNLIMITED_DEPTH;
use crate::trace::Observer;
use std::time::Duration;

/// The solve's bisection on `searcher` (see [`super::engine::Engine::solve`]).
pub(crate) fn bisect<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    ladder: &ValueLadder,
    mode: SolveMode,
) -> Result<EngineResult<G::Move>, EngineError> {
    let (mut low, mut high) = match mode {
        SolveMode::Strong => (ladder.lowest(), ladder.highest()),
        SolveMode::Weak => (-1, 1),
    };
    let mut best: Option<(G::Move, Vec<G::Move>)> = None;
    let clamp = |rung: i64| if mode == SolveMode::Weak { rung.clamp(-1, 1) } else { rung };
    while low < high && searcher.stopped.is_none() {
        let middle = probe_point(low, high);
        let threshold = ladder.score(middle + 1);
        let value = searcher.root(UNLIMITED_DEPTH, threshold.pred(), threshold);
        if searcher.stopped.is_some() {
            break;
        }
        if value >= threshold {
            // The value is at least `value` (fail-soft), so at least its rung.
            low = (middle + 1).max(clamp(ladder.rung_at_least(value)));
            best = searcher.context.root_pv().first().map(|&mv| (mv, searcher.context.root_pv()));
        } else {
            high = middle.min(clamp(ladder.rung_at_most(value)));
        }
    }
    if let Some(outcome) = searcher.undeclared {
        return Err(EngineError::UndeclaredEnding { outcome, declared: searcher.ending });
    }
    if searcher.evaluations > 0 {
        return Err(EngineError::StaticEvaluation);
    }
    let solved = searcher.stopped.is_none();
    if solved && best.is_none() {
        // No probe failed high: every move is worth the lowest rung; one
        // more probe at it finds a move that reaches it.
        let threshold = ladder.score(low);
        searcher.root(UNLIMITED_DEPTH, threshold.pred(), threshold);
        best = searcher.context.root_pv().first().map(|&mv| (mv, searcher.context.root_pv()));
    }
    let elapsed = searcher.clock().elapsed();
    let value = ladder.score(low);
    let fallback = if best.is_none() { legal_root_move(searcher) } else { None };
    let (best_move, pv) = match best {
        Some((mv, pv)) => (Some(mv), pv),
        None => (fallback, fallback.into_iter().collect()),
    };
    let stopped = searcher.stopped;
    let stats = std::mem::take(&mut searcher.context.stats);
    Ok(EngineResult {
        value,
        exact: solved,
        plies_to_end: if solved && mode == SolveMode::Strong { value.plies_to_end() } else { None },
        best_move,
        pv,
        depth: 0,
        stop_reason: stopped.unwrap_or(StopReason::Solved),
        stats,
        elapsed,
        weak: mode == SolveMode::Weak,
        line_nodes: 0,
    })
}

/// The result of a solve whose root is a finished game: the rules' own
/// value, no move, no line.
pub(crate) fn finished_root<M>(outcome: Outcome, mode: SolveMode) -> EngineResult<M> {
    let value = outcome.score(0);
    EngineResult {
        value,
        exact: true,
        plies_to_end: if mode == SolveMode::Strong { value.plies_to_end() } else { None },
        best_move: None,
        pv: Vec::new(),
        depth: 0,
        stop_reason: StopReason::Solved,
        stats: SearchStats::default(),
        elapsed: Duration::ZERO,
        weak: mode == SolveMode::Weak,
        line_nodes: 0,
    }
}

/// Where to probe between `low` and `high` (rungs, `low < high`): the
/// middle, unless half of the range's end on the middle's side lies further
/// out; then there. A null-window test far from the true value is cheap to
/// answer (a quick win or loss is quickly refuted), so the early probes cut
/// the range where it costs little, and the expensive probes near the true
/// value come last, with a warm table. Public for the games' own solvers
/// (Connect Four's bisection probes so too).
pub fn probe_point(low: i64, high: i64) -> i64 {
    let middle = low + (high - low).div_euclid(2);
    if middle <= 0 && low / 2 < middle {
        low / 2
    } else if middle >= 0 && high / 2 > middle {
        high / 2
    } else {
        middle
    }
}

/// The possible exact values of a finished game, as consecutive integers
/// ("rungs"): the quickest loss is the lowest, a draw is 0, the quickest win
/// the highest. With wins at distances `1, 1 + stride, ...` and losses at
/// `stride, 2 * stride, ...`, none beyond the plies left, a win in `k` plies
/// is rung `wins - (k - 1) / stride` and a loss in `k` rung
/// `-(losses - k / stride + 1)`. The stride is 2 when wins only come on the
/// winner's own moves (odd distances for the side to move, even ones for its
/// losses) and 1 otherwise. Leaving out the impossible values saves the
/// bisection about one null-window probe per solve, and with them out its
/// probes on Connect Four are the reference solver's, score for score.
///
/// A game that ends in margins ([`crate::game::Ending::Margin`]) has the root's
/// possible margins for rungs ([`crate::game::Ending::root_margins`]), the rung `n`
/// being `Score::new(n)`, with at least -1 and 1 among them so that a weak
/// solve (rungs -1, 0, 1) asks the sign, and one more at each end that
/// only an undeclared ending can reach.
pub(crate) struct ValueLadder {
    wins: i64,
    losses: i64,
    stride: i64,
    margins: bool,
}

impl ValueLadder {
    pub(crate) fn new(max_plies_left: Option<u32>, winner_moves_last: bool) -> Self {
        let plies = max_plies_left.map_or(Score::MAX_PLY, |plies| plies.min(Score::MAX_PLY as u32) as i32);
        let plies = i64::from(plies.max(1));
        let stride = if winner_moves_last { 2 } else { 1 };
        ValueLadder { wins: (plies + stride - 1) / stride, losses: plies / stride, stride, margins: false }
    }

    /// The ladder of a game whose finished positions are worth `lowest`
    /// to `highest` to their side to move: the root's values, which are
    /// that range or its mirror image by who is to move at the end
    /// ([`crate::game::Ending::root_margins`]).
    pub(crate) fn margins(lowest: i32, highest: i32) -> Result<Self, EngineError> {
        if lowest > highest || lowest < -Score::MAX_EVAL || highest > Score::MAX_EVAL {
            return Err(EngineError::InvalidMargins { lowest, highest });
        }
        let (lowest, highest) = (lowest.min(-highest), highest.max(-lowest));
        // One rung beyond each end: a root that fails high (low) there can
        // only rest on a finished position outside the declared range, and
        // the search that proves it meets one, which makes the solve fail
        // (without these rungs the bisection would stop at the end and call
        // it exact).
        let (lowest, highest) = (lowest.min(-1).saturating_sub(1), highest.max(1).saturating_add(1));
        let (lowest, highest) = (i64::from(lowest.max(-Score::MAX_EVAL)), i64::from(highest.min(Score::MAX_EVAL)));
        Ok(ValueLadder { wins: highest, losses: -lowest, stride: 1, margins: true })
    }

    fn lowest(&self) -> i64 {
        -self.losses
    }

    fn highest(&self) -> i64 {
        self.wins
    }

    /// The score of a rung.
    fn score(&self, rung: i64) -> Score {
        let rung = rung.clamp(self.lowest(), self.highest());
        if self.margins {
            return Score::new(rung as i32);
        }
        match rung.signum() {
            1 => Score::win_in((self.stride * (self.wins - rung) + 1) as u32),
            -1 => Score::loss_in((self.stride * (self.losses + rung + 1)) as u32),
            _ => Score::DRAW,
        }
    }

    /// The highest rung whose score is at most `score` (the lowest rung if none).
    fn rung_at_most(&self, score: Score) -> i64 {
        let (mut low, mut high) = (self.lowest(), self.highest());
        while low < high {
            let middle = low + (high - low + 1) / 2;
            if self.score(middle) <= score {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        low
    }

    /// The lowest rung whose score is at least `score` (the highest rung if none).
    fn rung_at_least(&self, score: Score) -> i64 {
        let (mut low, mut high) = (self.lowest(), self.highest());
        while low < high {
            let middle = low + (high - low) / 2;
            if self.score(middle) >= score {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        low
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_round_trips_and_orders() {
        for (plies, winner_moves_last) in [(10, false), (10, true), (9, true), (1, true)] {
            let ladder = ValueLadder::new(Some(plies), winner_moves_last);
            let mut previous = -Score::INFINITY;
            for rung in ladder.lowest()..=ladder.highest() {
                let score = ladder.score(rung);
                assert!(score > previous, "rung {rung}");
                assert_eq!(ladder.rung_at_most(score), rung);
                assert_eq!(ladder.rung_at_least(score), rung);
                previous = score;
            }
            assert_eq!(ladder.score(ladder.highest()), Score::win_in(1));
        }
        let plain = ValueLadder::new(Some(10), false);
        assert_eq!((plain.lowest(), plain.highest()), (-10, 10));
        assert_eq!(
            (plain.score(-1), plain.score(-10), plain.score(1)),
            (Score::loss_in(10), Score::loss_in(1), Score::win_in(10))
        );
        // With 9 plies left and the winner moving last, a loss takes 8 plies at most.
        let odd = ValueLadder::new(Some(9), true);
        assert_eq!((odd.lowest(), odd.highest()), (-4, 5));
        assert_eq!(
            (odd.score(-1), odd.score(-4), odd.score(1)),
            (Score::loss_in(8), Score::loss_in(2), Score::win_in(9))
        );
        let strided = ValueLadder::new(Some(10), true);
        assert_eq!(
            (strided.score(1), strided.score(-1), strided.score(-5)),
            (Score::win_in(9), Score::loss_in(10), Score::loss_in(2))
        );
        // An impossible value (a win in 4) rounds to its possible neighbours.
        assert_eq!(strided.rung_at_least(Score::win_in(4)), strided.rung_at_most(Score::win_in(3)));
        assert_eq!(strided.rung_at_most(Score::win_in(4)), strided.rung_at_least(Score::win_in(5)));
    }

    #[test]
    fn margin_ladders_cover_both_views_and_one_rung_beyond() {
        // Ends worth 1 to 7 to their side to move: the root may be worth -7 to 7.
        let ladder = ValueLadder::margins(1, 7).unwrap();
        assert_eq!((ladder.lowest(), ladder.highest()), (-8, 8));
        let ladder = ValueLadder::margins(-64, 64).unwrap();
        assert_eq!((ladder.lowest(), ladder.highest()), (-65, 65));
        let ladder = ValueLadder::margins(0, 0).unwrap();
        assert_eq!((ladder.lowest(), ladder.highest()), (-2, 2));
        assert_eq!(ValueLadder::margins(3, 2).err(), Some(EngineError::InvalidMargins { lowest: 3, highest: 2 }));
    }

    #[test]
    fn probes_stay_inside_the_range() {
        for low in -20..20 {
            for high in low + 1..=20 {
                let point = probe_point(low, high);
                assert!(low <= point && point < high, "{low} {high} -> {point}");
            }
        }
        assert_eq!(probe_point(-18, 18), -9);
        assert_eq!(probe_point(-1, 1), 0);
        assert_eq!(probe_point(0, 18), 9);
    }
}
