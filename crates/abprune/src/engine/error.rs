//! Why the engine refused to start or could not answer ([`EngineError`]).
//! At the bottom of the engine's files, beside the options.

use crate::game::Ending;
use crate::score::{Outcome, Score};
use std::fmt;

/// Why the engine refused to start, or could not answer: one kind per
/// cause, so that a caller can match on what went wrong (and print it: the
/// `Display` text says what and why).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineError {
    /// The options are out of range or do not combine
    /// ([`super::options::EngineOptions::validate`]); the text names the option.
    InvalidOptions(String),
    /// The allocator refused a table's memory; the engine searches without
    /// tables.
    OutOfMemory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// A solve was asked of an engine with aspiration windows, which apply
    /// to iterative deepening only.
    AspirationInSolve,
    /// A solve was asked of a game whose ends are static evaluations
    /// ([`Ending::Heuristic`]): refused before searching.
    HeuristicGame,
    /// A solve met positions valued by static evaluation (positions without
    /// moves that the rules do not finish): its value would not be proven.
    StaticEvaluation,
    /// The game's margins ([`Ending::Margin`]) are no range within
    /// `±Score::MAX_EVAL`.
    InvalidMargins {
        /// The lowest margin the game gave.
        lowest: i32,
        /// The highest.
        highest: i32,
    },
    /// A solve met a finished position whose outcome the game's declared
    /// ending ([`crate::Game::ending`]) does not allow: a margin outside
    /// [`Ending::Margin`]'s range (from the finished position's side to
    /// move), a win or loss in a margin game, a margin in a
    /// [`Ending::WinLossDraw`] game. The solve's value would rest on it (a
    /// margin beyond the range cannot be bisected on), so there is none.
    UndeclaredEnding {
        /// The finished position's outcome, from its side to move.
        outcome: Outcome,
        /// What the game declared.
        declared: Ending,
    },
    /// The search reached a chance node ([`crate::Game::chance_to_move`]),
    /// which the engine's deterministic searches cannot value (they would
    /// take chance's outcomes for a player's choice): a game with chance is
    /// searched by [`crate::expectiminimax`], [`crate::star1`],
    /// [`crate::star2`] or [`crate::engine::star2_deepening`].
    ChanceNode,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::InvalidOptions(reason) => f.write_str(reason),
            EngineError::OutOfMemory { bytes } => {
                write!(f, "{}", super::tt::TableAllocError { bytes: *bytes })
            }
            EngineError::AspirationInSolve => {
                f.write_str("aspiration windows apply to iterative deepening, not to solving")
            }
            EngineError::HeuristicGame => f.write_str(
                "solving needs a game that ends in wins, losses and draws or in margins, but this game says its ends are static evaluations (Game::ending is Heuristic)",
            ),
            EngineError::StaticEvaluation => f.write_str(
                "solving needs a game that ends in wins, losses and draws, but the search met positions with a static evaluation",
            ),
            EngineError::InvalidMargins { lowest, highest } => write!(
                f,
                "the game's margins {lowest} to {highest} are not a range within ±{}",
                Score::MAX_EVAL
            ),
            EngineError::UndeclaredEnding { outcome, declared } => write!(
                f,
                "a finished position ended in {outcome}, which the game's declared ending does not allow: {declared} (Game::ending); no value can rest on it"
            ),
            EngineError::ChanceNode => f.write_str(CHANCE_REFUSED),
        }
    }
}

impl std::error::Error for EngineError {}

/// Why a deterministic search refuses a game with chance, and what takes
/// one: the text of [`EngineError::ChanceNode`] and of the textbook
/// functions' panics.
pub(crate) const CHANCE_REFUSED: &str = "the search reached a chance node (Game::chance_to_move() is true there), \
     which a deterministic search cannot value: search a game with chance with expectiminimax, star1, star2 or \
     engine::star2_deepening";
