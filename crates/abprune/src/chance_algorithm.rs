//! The searches for games with chance by name, as [`crate::Algorithm`]
//! names the plain ones: what a front end needs to let a user pick one
//! (`abprune tree --algo star2`), give it a window and run it.
//!
//! They are an enum of their own rather than more of
//! [`crate::Algorithm`]'s variants because they return another thing: an
//! exact [`Ratio`] or a [`ChanceError`] refusing the game, with events for
//! a [`ChanceObserver`], where the plain algorithms return a
//! [`crate::Score`] and cannot fail. A front end parses a name as either.
//!
//! ```
//! use abprune::{ChanceAlgorithm, Ratio};
//! let algorithm: ChanceAlgorithm = "star2".parse()?;
//! assert_eq!(algorithm, ChanceAlgorithm::Star2);
//! assert!(algorithm.takes_window() && !ChanceAlgorithm::Expectiminimax.takes_window());
//! let error = "star3".parse::<ChanceAlgorithm>().unwrap_err();
//! assert_eq!(error.to_string(), "unknown algorithm 'star3': expected one of expectiminimax, star1, star2");
//! # Ok::<(), abprune::ParseChanceAlgorithmError>(())
//! ```

use crate::game::Game;
use crate::ratio::Ratio;
use crate::textbook::{expectiminimax, star1, star2, ChanceError, ChanceResult};
use crate::trace::ChanceObserver;
use std::fmt;
use std::str::FromStr;

/// The searches for games with chance of [`crate::textbook`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceAlgorithm {
    /// [`expectiminimax`]: exhaustive, exact.
    Expectiminimax,
    /// [`star1`]: Ballard's cut-offs at chance nodes from the leaf bounds.
    Star1,
    /// [`star2`]: Star1 after a probing phase.
    Star2,
}

impl ChanceAlgorithm {
    /// Every one, in the order of the table in [`crate::textbook`].
    pub const ALL: [ChanceAlgorithm; 3] =
        [ChanceAlgorithm::Expectiminimax, ChanceAlgorithm::Star1, ChanceAlgorithm::Star2];

    /// The name users type; [`str::parse`] takes exactly these.
    pub fn name(self) -> &'static str {
        match self {
            ChanceAlgorithm::Expectiminimax => "expectiminimax",
            ChanceAlgorithm::Star1 => "star1",
            ChanceAlgorithm::Star2 => "star2",
        }
    }

    /// What the algorithm is, in a few words after its name.
    pub fn summary(self) -> &'static str {
        match self {
            ChanceAlgorithm::Expectiminimax => "exhaustive expectation over chance nodes, no pruning",
            ChanceAlgorithm::Star1 => "Ballard's Star1, cut-offs at chance nodes from the leaf bounds, fail-soft",
            ChanceAlgorithm::Star2 => "Ballard's Star2, Star1 after probing one move under each outcome, fail-soft",
        }
    }

    /// The name and the summary in one line, a report's or a picture's title.
    pub fn describe(self) -> String {
        format!("{}: {}", self.name(), self.summary())
    }

    /// Whether it takes a window (Star1 and Star2; expectiminimax has none).
    pub fn takes_window(self) -> bool {
        self != ChanceAlgorithm::Expectiminimax
    }

    /// Runs the algorithm on `game` to `depth` (the players' moves) in
    /// `window` (ignored by expectiminimax; `(-inf, +inf)` gives the
    /// exact value), reporting to `observer`.
    ///
    /// # Errors
    /// The algorithm's [`ChanceError`], naming the node.
    ///
    /// # Panics
    /// In debug builds, if the window is empty for Star1 or Star2.
    pub fn run<G: Game, O: ChanceObserver<G::Move>>(
        self,
        game: &mut G,
        depth: u32,
        (alpha, beta): (Ratio, Ratio),
        observer: &mut O,
    ) -> Result<ChanceResult<G::Move>, ChanceError<G::Move>> {
        match self {
            ChanceAlgorithm::Expectiminimax => expectiminimax(game, depth, observer),
            ChanceAlgorithm::Star1 => star1(game, depth, alpha, beta, observer),
            ChanceAlgorithm::Star2 => star2(game, depth, alpha, beta, observer),
        }
    }
}

/// The name ([`ChanceAlgorithm::name`]).
impl fmt::Display for ChanceAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The algorithm named exactly `text` ([`ChanceAlgorithm::name`]).
impl FromStr for ChanceAlgorithm {
    type Err = ParseChanceAlgorithmError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ChanceAlgorithm::ALL
            .into_iter()
            .find(|algorithm| algorithm.name() == text)
            .ok_or_else(|| ParseChanceAlgorithmError { name: text.to_string() })
    }
}

/// A name that is no search for games with chance; it prints the names
/// there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseChanceAlgorithmError {
    /// The name given.
    pub name: String,
}

impl fmt::Display for ParseChanceAlgorithmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = ChanceAlgorithm::ALL.iter().map(|algorithm| algorithm.name()).collect();
        write!(f, "unknown algorithm '{}': expected one of {}", self.name, names.join(", "))
    }
}

impl std::error::Error for ParseChanceAlgorithmError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NoTrace, Outcome, Player, Probability, Score};

    #[test]
    fn every_name_parses_back_and_nothing_else_does() {
        for algorithm in ChanceAlgorithm::ALL {
            assert_eq!(algorithm.name().parse(), Ok(algorithm));
            assert_eq!(algorithm.to_string(), algorithm.name());
            assert!(algorithm.describe().starts_with(&format!("{}: ", algorithm.name())));
        }
        for text in ["Star1", "expectimax", "alphabeta", " star2", ""] {
            assert_eq!(text.parse::<ChanceAlgorithm>().unwrap_err().name, text);
        }
    }

    /// A coin: heads is worth 3, tails 0.
    struct Coin(Option<bool>);

    impl Game for Coin {
        type Move = bool;
        fn side_to_move(&self) -> Player {
            Player::First
        }
        fn chance_to_move(&self) -> bool {
            self.0.is_none()
        }
        fn chance_outcomes(&self, outcomes: &mut Vec<(bool, Probability)>) {
            let half = Probability::new(1, 2).unwrap();
            outcomes.extend([(true, half), (false, half)]);
        }
        fn generate_moves(&self, _moves: &mut Vec<bool>) {}
        fn play(&mut self, heads: bool) {
            self.0 = Some(heads);
        }
        fn undo(&mut self, _heads: bool) {
            self.0 = None;
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.map(|heads| Outcome::Score(if heads { 3 } else { 0 }))
        }
        fn evaluate(&self) -> Score {
            Score::DRAW
        }
    }

    #[test]
    fn run_is_the_direct_call() {
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        for algorithm in ChanceAlgorithm::ALL {
            let result = algorithm.run(&mut Coin(None), 1, full, &mut NoTrace).unwrap();
            assert_eq!(result.value, Ratio::new(3, 2).unwrap(), "{algorithm}");
        }
    }
}
