//! The Gomoku player that the command line's Gomoku commands, its Gomocup
//! brain and the Python package share: the engine plus the decisions taken
//! at the root before and after it searches, its settings and switches, and
//! its time management under a match clock.
//!
//! At the root the player first looks for a victory by continuous fours
//! with a budget far larger than the engine's quiescence search can afford
//! at every leaf, so that a win in a few fours is never missed; then the
//! engine searches (its quiescence follows fours at the horizon, and the
//! game's candidate moves answer fours and open threes), and the answer is
//! checked for legality before it leaves, whatever happened.

mod clock;
mod root;
mod settings;

pub use clock::{
    Budget, TimeControl, DEFAULT_TURN, FASTEST_TURN, HARD_SHARE_DIVISOR, MARGIN_FRACTION, MIN_MARGIN, MIN_THINK,
    MOVES_TO_GO,
};
pub use root::{
    ANALYSIS_SHARE_DIVISOR, DEFENCE_SEARCHES, MIN_SEARCH_TIME, THREAT_NODES_PER_MS, THREAT_VCF_FOURS, THREAT_VCF_NODES,
    THREAT_VCT_THREATS, VCT_DEFENCE_CANDIDATES,
};
pub use settings::{PlayerError, PlayerSettings, DEFAULT_TABLE_MIB};

use crate::gomoku::{Gomoku, Point};
use abprune::{Engine, Score, SearchInfo, SearchLimits, StopReason};
use root::{any_legal_move, nodes_within, threat_defences};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most threats the root's VCT search plays for the attacker.
pub const ROOT_VCT_THREATS: u32 = 8;
/// Node budget of the root's VCT search.
pub const ROOT_VCT_NODES: u64 = 100_000;
/// The most fours the root's VCF search plays for the attacker.
pub const ROOT_VCF_FOURS: u32 = 12;
/// Node budget of the root's VCF search: a few milliseconds.
pub const ROOT_VCF_NODES: u64 = 200_000;
/// Past this fraction of the soft time budget a stable search starts no new
/// iteration: the next one would take about as long as all before it.
pub const SOFT_NEW_ITERATION: f64 = 0.5;
/// A fall of the value between two iterations by more than this (in
/// evaluation units) makes the move critical: the search may use its hard
/// budget.
pub const CRITICAL_DROP: i32 = 300;

/// Why the player chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first move of the game: the centre.
    Opening,
    /// The root's VCF search found a win by continuous fours.
    Vcf,
    /// The root's VCT search found a win by continuous threats (the value
    /// is a bound: the line's length is not worked out).
    Vct,
    /// The engine's search.
    Search,
}

/// A move chosen, with what the search knew about it.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The move to play: always legal.
    pub mv: Point,
    /// The value for the side to move.
    pub score: Score,
    /// The deepest completed iteration (0 when no search ran).
    pub depth: u32,
    /// Nodes searched (VCF nodes not counted).
    pub nodes: u64,
    /// Wall time of the whole decision.
    pub elapsed: Duration,
    /// The expected line, starting with `mv`.
    pub pv: Vec<Point>,
    /// How the move was found.
    pub reason: Reason,
    /// True when `score` is proven: a win by continuous fours, or an exact
    /// value of the search (a VCT's value is a bound, the opening move's a guess).
    pub exact: bool,
    /// Plies to the end under best play, when `exact` and a side wins.
    pub plies_to_end: Option<u32>,
    /// Why the search stopped; `None` when no search ran.
    pub stop_reason: Option<StopReason>,
}

/// An engine with the root decisions around it.
pub struct Player {
    engine: Engine<Point>,
    settings: PlayerSettings,
}

impl Player {
    /// A player with `settings`.
    pub fn new(settings: PlayerSettings) -> Result<Player, PlayerError> {
        let engine = Engine::new(settings.engine.clone())?;
        Ok(Player { engine, settings })
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.engine.clear();
    }

    /// The move to play in `game` under `limits`; `None` when the game is
    /// over. `on_iteration` sees each completed iteration of the search.
    pub fn decide(
        &mut self,
        game: &Gomoku,
        limits: &SearchLimits,
        on_iteration: impl FnMut(&SearchInfo<Point>),
    ) -> Option<Decision> {
        self.decide_timed(game, limits, None, on_iteration)
    }

    /// [`Player::decide_timed`] under a match clock: the soft and hard
    /// budgets of `clock` for this position (the moves left estimated as
    /// half the empty points), less what the turn spent since `started`
    /// (making the table counts), stopped early by `stop`.
    pub fn decide_on_clock(
        &mut self,
        game: &Gomoku,
        clock: &TimeControl,
        started: Instant,
        stop: Arc<AtomicBool>,
        on_iteration: impl FnMut(&SearchInfo<Point>),
    ) -> Option<Decision> {
        let empties = game.width() * game.height() - game.history().len();
        let budget = clock.budget(u32::try_from((empties / 2).max(1)).unwrap_or(u32::MAX));
        let spent = started.elapsed();
        let hard = budget.hard.saturating_sub(spent).max(clock::MIN_THINK);
        let soft = budget.soft.saturating_sub(spent).max(clock::MIN_THINK).min(hard);
        let limits = SearchLimits::none().with_time(hard).with_stop_flag(stop);
        self.decide_timed(game, &limits, Some(soft), on_iteration)
    }

    /// [`Player::decide`] under a match clock: `limits.time` is the hard
    /// limit, `soft` the time a stable search keeps to. After each
    /// iteration past [`SOFT_NEW_ITERATION`] of `soft` the search stops,
    /// unless the move is critical: the best move changed in that
    /// iteration, or its value fell by more than [`CRITICAL_DROP`]; then it
    /// goes on, up to the hard limit.
    pub fn decide_timed(
        &mut self,
        game: &Gomoku,
        limits: &SearchLimits,
        soft: Option<Duration>,
        mut on_iteration: impl FnMut(&SearchInfo<Point>),
    ) -> Option<Decision> {
        let started = Instant::now();
        if game.is_over() {
            return None;
        }
        let node_limits;
        let (limits, soft) = match self.settings.nodes {
            Some(nodes) => {
                node_limits = limits.clone().with_nodes(nodes);
                (&node_limits, None)
            }
            None => (limits, soft),
        };
        let mut position = game.clone();
        position.set_move_order(self.settings.order);
        let decision = |mv, score: Score, reason, pv: Vec<Point>| Decision {
            mv,
            score,
            depth: 0,
            nodes: 0,
            elapsed: started.elapsed(),
            exact: reason == Reason::Vcf,
            plies_to_end: (reason == Reason::Vcf).then_some(pv.len() as u32),
            pv,
            reason,
            stop_reason: None,
        };
        if position.history().is_empty() {
            let centre = Point { x: (position.width() / 2) as u8, y: (position.height() / 2) as u8 };
            if position.check_move(centre).is_ok() {
                return Some(decision(centre, Score::DRAW, Reason::Opening, vec![centre]));
            }
        }
        if self.settings.root_vcf {
            if let Some(line) = position.find_vcf(ROOT_VCF_FOURS, nodes_within(ROOT_VCF_NODES, limits.time)) {
                if let Some(&first) = line.first() {
                    if position.check_move(first).is_ok() {
                        let score = Score::win_in(line.len() as u32);
                        return Some(decision(first, score, Reason::Vcf, line));
                    }
                }
            }
        }
        if self.settings.root_vct {
            if let Some(first) = position.find_vct(ROOT_VCT_THREATS, nodes_within(ROOT_VCT_NODES, limits.time)) {
                if position.check_move(first).is_ok() {
                    return Some(decision(first, Score::win_in(ROOT_VCT_THREATS * 2 + 1), Reason::Vct, vec![first]));
                }
            }
        }
        if self.settings.vcf_defence {
            let defences = threat_defences(&mut position, nodes_within(THREAT_VCF_NODES, limits.time));
            position.restrict_moves(defences.as_deref());
        }
        // The root's analyses took part of the time: the search gets the rest.
        let mut limits = limits.clone();
        limits.time = limits.time.map(|time| time.saturating_sub(started.elapsed()).max(MIN_SEARCH_TIME));
        let stop = match (&limits.stop, soft) {
            (Some(flag), _) => Some(Arc::clone(flag)),
            (None, Some(_)) => {
                let flag = Arc::new(AtomicBool::new(false));
                limits.stop = Some(Arc::clone(&flag));
                Some(flag)
            }
            (None, None) => None,
        };
        let mut previous: Option<(Point, Score)> = None;
        let result = self.engine.search(&mut position, &limits, |info| {
            on_iteration(info);
            let (Some(soft), Some(stop), Some(&best)) = (soft, &stop, info.pv.first()) else { return };
            let critical = previous.is_some_and(|(move_before, value_before)| {
                move_before != best
                    || i64::from(value_before.get()) - i64::from(info.value.get()) > i64::from(CRITICAL_DROP)
            });
            previous = Some((best, info.value));
            if info.elapsed >= soft.mul_f64(SOFT_NEW_ITERATION) && !critical {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let mv = result.best_move.filter(|&mv| game.check_move(mv).is_ok()).or_else(|| any_legal_move(game))?;
        let pv = if result.pv.first() == Some(&mv) { result.pv } else { vec![mv] };
        Some(Decision {
            mv,
            score: result.value,
            depth: result.depth,
            nodes: result.stats.nodes,
            elapsed: started.elapsed(),
            pv,
            reason: Reason::Search,
            exact: result.exact,
            plies_to_end: result.plies_to_end,
            stop_reason: Some(result.stop_reason),
        })
    }
}
