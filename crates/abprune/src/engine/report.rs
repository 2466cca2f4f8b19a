//! What the engine reports: after each iteration ([`SearchInfo`]) and at
//! the end of a search or solve ([`EngineResult`]), and what a solve is
//! asked to find ([`SolveMode`]). At the bottom of the engine's files: the
//! drivers fill them in.

use crate::limits::StopReason;
use crate::score::Score;
use crate::stats::SearchStats;
use std::time::Duration;

/// What the engine reports after each completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// Its value.
    pub value: Score,
    /// Nodes so far, over all iterations.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// Nodes per second so far.
    pub nodes_per_second: u64,
    /// Its principal variation, walked on through the table (probes only:
    /// cheap at every iteration); the result's line ([`EngineResult::pv`])
    /// is completed further.
    pub pv: Vec<M>,
    /// True when the value is exact to the end of the game.
    pub exact: bool,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineResult<M> {
    /// The value for the side to move at the root. Exact when `exact`;
    /// otherwise the value of the deepest completed iteration.
    pub value: Score,
    /// True when `value` is the game-theoretic value.
    pub exact: bool,
    /// For a decided game, how many plies to its end under best play.
    pub plies_to_end: Option<u32>,
    /// The best move (from a completed iteration); `None` only when the root
    /// has no moves.
    pub best_move: Option<M>,
    /// The principal variation of the last completed iteration, completed
    /// after the search ([`super::options::EngineOptions::whole_pv`]): legal move by move,
    /// and as a rule whole: to the horizon or the end of the game, ending
    /// where the position's static evaluation or outcome is `value` (to
    /// the end of the game after a strong solve); the table's line where
    /// the completion cannot prove more (see [`super::options::EngineOptions::whole_pv`]).
    pub pv: Vec<M>,
    /// The deepest completed iteration (for a solve, the depth is unlimited
    /// and this is 0).
    pub depth: u32,
    /// Why the search ended.
    pub stop_reason: StopReason,
    /// Counts summed over all iterations and passes (and threads).
    pub stats: SearchStats,
    /// Wall time (until the last helper thread has returned).
    pub elapsed: Duration,
    /// True after a weak solve ([`SolveMode::Weak`]): only the sign of
    /// `value` is meaningful (a win's distance, or a margin's size, was
    /// not computed). [`EngineResult::value_text`] prints it so.
    pub weak: bool,
    /// Nodes searched after the search to complete `pv`
    /// ([`super::options::EngineOptions::whole_pv`]): not in `stats`, which count the
    /// search alone (so that a line's completion changes no count a
    /// measurement compares), but in `elapsed`.
    pub line_nodes: u64,
}

impl<M> EngineResult<M> {
    /// The value as a person reads it: `win`, `draw` or `loss` after a weak
    /// solve, whose distances and margins are not computed and so not
    /// printed (the `Display` of [`Score`] would print the placeholder
    /// distance, `win in N`, as if it were known); the value's own
    /// `Display` otherwise (`win in 7`, `loss in 4`, a margin or an
    /// evaluation).
    pub fn value_text(&self) -> String {
        if !self.weak {
            return self.value.to_string();
        }
        match self.value.get().signum() {
            1 => "win".to_string(),
            -1 => "loss".to_string(),
            _ => "draw".to_string(),
        }
    }
}

/// What a solve is asked to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolveMode {
    /// The exact value, distance to the end included.
    Strong,
    /// Only win, draw or loss: the value is `Score::win_in(n)`,
    /// `Score::DRAW` or `Score::loss_in(n)` for some `n` not computed.
    Weak,
}
