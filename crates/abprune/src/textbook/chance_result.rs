//! What the searches for games with chance return: the result, or the
//! error that names the node where the game broke the contract.

use crate::ratio::{Ratio, RatioError};
use crate::score::Score;
use crate::stats::SearchStats;
use std::fmt::{self, Debug};

/// What a search for games with chance found.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceResult<M> {
    /// The root's value for its side to move, exact (a fraction where the
    /// probabilities are), in the sense of the algorithm's condition:
    /// the value itself inside the window, a bound outside it.
    pub value: Ratio,
    /// The move that achieves `value` when the root is a decision node
    /// (the first of equals); `None` at a leaf or a chance node.
    pub best_move: Option<M>,
    /// What the search did; chance nodes, their cut-offs and Star2's
    /// probes are counted apart.
    pub stats: SearchStats,
    /// True when `value` is the game's own value: every line the search
    /// needed ended in a finished game (none at the depth limit, none at
    /// a position without moves valued by [`crate::Game::evaluate`]) and
    /// the value lies inside the window (outside it, it is a bound).
    pub exact: bool,
}

/// Why a search for games with chance refused the game: each names the
/// node by the moves (and outcomes) that lead to it from the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceError<M> {
    /// A chance node whose probabilities do not sum to exactly one (no
    /// outcomes at all sum to zero).
    ProbabilitySum {
        /// The moves from the root to the chance node.
        line: Vec<M>,
        /// What they sum to.
        sum: Ratio,
    },
    /// A leaf whose value lies outside the game's
    /// [`crate::Game::value_bounds`]: Star1 and Star2 would cut off on bounds
    /// that do not hold.
    OutOfBounds {
        /// The moves from the root to the leaf.
        line: Vec<M>,
        /// The leaf's value from the first player's view.
        value: Score,
        /// The declared lowest value (first player's view).
        low: Score,
        /// The declared highest value.
        high: Score,
    },
    /// A leaf scored as a decided game ([`crate::Outcome::Win`] or
    /// [`crate::Outcome::Loss`], or an evaluation beyond
    /// `±Score::MAX_EVAL`): its score is a distance band, and averaging
    /// distances means nothing. A game with chance ends in margins
    /// ([`crate::Outcome::Score`], e.g. `+1` for a win, or a backgammon's
    /// points) or draws.
    DecidedLeaf {
        /// The moves from the root to the leaf.
        line: Vec<M>,
        /// The score it had, side to move's view.
        value: Score,
    },
    /// [`crate::Game::value_bounds`] that are no bounds: both must be heuristic
    /// values and `low < high`.
    InvalidBounds {
        /// The declared lowest value.
        low: Score,
        /// The declared highest value.
        high: Score,
    },
    /// An exact value did not fit in 128 bits (denominators multiply
    /// along a line of chance nodes).
    Overflow {
        /// The moves from the root to the node where it happened.
        line: Vec<M>,
    },
}

impl<M: Debug> fmt::Display for ChanceError<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChanceError::ProbabilitySum { line, sum } => {
                write!(f, "the chance node {}: its probabilities sum to {sum}, not 1", Line(line))
            }
            ChanceError::OutOfBounds { line, value, low, high } => write!(
                f,
                "the leaf {}: value {value} (first player's view) outside the declared bounds [{low}, {high}]",
                Line(line)
            ),
            ChanceError::DecidedLeaf { line, value } => write!(
                f,
                "the leaf {}: scored {value}, a won or lost game by distance, which a game with chance cannot \
                 average (end it with Outcome::Score)",
                Line(line)
            ),
            ChanceError::InvalidBounds { low, high } => {
                write!(f, "the value bounds [{low}, {high}] need heuristic values with low < high")
            }
            ChanceError::Overflow { line } => write!(f, "the node {}: {}", Line(line), RatioError::Overflow),
        }
    }
}

impl<M: Debug> std::error::Error for ChanceError<M> {}

/// A node named by the moves that reach it.
struct Line<'a, M>(&'a [M]);

impl<M: Debug> fmt::Display for Line<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("at the root");
        }
        f.write_str("after")?;
        for mv in self.0 {
            write!(f, " {mv:?}")?;
        }
        Ok(())
    }
}
