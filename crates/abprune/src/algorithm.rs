//! The plain algorithms by name: what a front end (a command line, a
//! Python module) needs to let a user pick one, give it a window and run it.
//!
//! Each plain search of [`crate::textbook`] takes its own parameters: a
//! window `(alpha, beta)`, a bound, a first guess. [`Algorithm`] names them
//! the way users type them (`f1`, `alphabeta`, ...; [`Algorithm::name`],
//! parsed by [`str::parse`]), says which take a window and which a bound,
//! and runs any of them in a [`Window`] with an [`Observer`]
//! ([`Algorithm::run`]).
//!
//! ```
//! use abprune::{Algorithm, Game, NoTrace, Outcome, Player, Score, Window, UNLIMITED_DEPTH};
//! # struct Take { left: u32, to_move: Player }
//! # impl Game for Take {
//! #     type Move = u32;
//! #     fn side_to_move(&self) -> Player { self.to_move }
//! #     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=3).filter(|&n| n <= self.left)) }
//! #     fn play(&mut self, n: u32) { self.left -= n; self.to_move = self.to_move.opponent(); }
//! #     fn undo(&mut self, n: u32) { self.left += n; self.to_move = self.to_move.opponent(); }
//! #     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
//! #     fn evaluate(&self) -> Score { Score::DRAW }
//! # }
//! let algorithm: Algorithm = "f1".parse()?;
//! assert_eq!(algorithm, Algorithm::BranchAndBound);
//! assert!(algorithm.takes_bound() && !algorithm.takes_window());
//! let mut game = Take { left: 10, to_move: Player::First };
//! let result = algorithm.run(&mut game, UNLIMITED_DEPTH, algorithm.default_window(), &mut NoTrace);
//! assert_eq!(result.best_move, Some(2)); // leave a multiple of 4
//!
//! let error = "f2".parse::<Algorithm>().unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "unknown algorithm 'f2': expected one of minimax, negamax, f1, alphabeta, failsoft, pvs, mtdf"
//! );
//! # Ok::<(), abprune::ParseAlgorithmError>(())
//! ```

use crate::textbook::{alphabeta, alphabeta_failsoft, branch_and_bound, minimax, mtdf, negamax, pvs, SearchResult};
use crate::trace::Observer;
use crate::{Game, Score};
use std::fmt;
use std::str::FromStr;

/// The plain algorithms of [`crate::textbook`], to be named, parsed and run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// [`minimax`]: MAX and MIN nodes written out.
    Minimax,
    /// [`negamax`]: Knuth & Moore's `F`.
    Negamax,
    /// [`branch_and_bound`]: Knuth & Moore's `F1`, exact with the bound `+inf`.
    BranchAndBound,
    /// [`alphabeta`]: fail-hard `F2`.
    AlphaBeta,
    /// [`alphabeta_failsoft`].
    FailSoftAlphaBeta,
    /// [`pvs`]: NegaScout, fail-soft.
    Pvs,
    /// [`mtdf`] from the first guess 0 (a draw).
    Mtdf,
}

impl Algorithm {
    /// Every algorithm, in the order of the table in [`crate::textbook`].
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::BranchAndBound,
        Algorithm::AlphaBeta,
        Algorithm::FailSoftAlphaBeta,
        Algorithm::Pvs,
        Algorithm::Mtdf,
    ];

    /// The name users type (`abprune tree --algo`, Python's
    /// `abprune.ALGORITHMS`): the papers' short names, `f1` for
    /// branch-and-bound. [`str::parse`] takes exactly these.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::BranchAndBound => "f1",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::FailSoftAlphaBeta => "failsoft",
            Algorithm::Pvs => "pvs",
            Algorithm::Mtdf => "mtdf",
        }
    }

    /// What the algorithm is, in a few words after its name.
    pub fn summary(self) -> &'static str {
        match self {
            Algorithm::Minimax => "MAX and MIN nodes, no pruning",
            Algorithm::Negamax => "Knuth & Moore's F, no pruning",
            Algorithm::BranchAndBound => "Knuth & Moore's F1(p, bound), branch-and-bound",
            Algorithm::AlphaBeta => "Knuth & Moore's F2(p, alpha, beta), fail-hard",
            Algorithm::FailSoftAlphaBeta => "fail-soft alpha-beta",
            Algorithm::Pvs => "principal variation search (NegaScout), fail-soft",
            Algorithm::Mtdf => "MTD(f), null-window passes with memory",
        }
    }

    /// The name and the summary in one line, e.g. `f1: Knuth & Moore's
    /// F1(p, bound), branch-and-bound`: a report's or a picture's title.
    pub fn describe(self) -> String {
        format!("{}: {}", self.name(), self.summary())
    }

    /// Whether the algorithm takes a window `(alpha, beta)` ([`Window::Open`]).
    pub fn takes_window(self) -> bool {
        matches!(self, Algorithm::AlphaBeta | Algorithm::FailSoftAlphaBeta | Algorithm::Pvs)
    }

    /// Whether the algorithm takes a bound ([`Window::Bound`]): `f1` only.
    pub fn takes_bound(self) -> bool {
        self == Algorithm::BranchAndBound
    }

    /// The window of a search given none: the bound `+inf` for `f1`, the
    /// full window for the rest. Either way the result is the exact value.
    pub fn default_window(self) -> Window {
        if self.takes_bound() {
            Window::Bound(Score::INFINITY)
        } else {
            Window::Full
        }
    }

    /// Runs the algorithm on `game` to `depth` plies in `window`, reporting
    /// to `observer`; returns what the algorithm returns (its condition on
    /// the window is in its own doc). A window the algorithm does not take
    /// is ignored: `f1` runs with the bound `+inf` unless given a
    /// [`Window::Bound`], the windowed algorithms with the full window
    /// unless given a [`Window::Open`], and `mtdf` always from the guess 0.
    pub fn run<G: Game, O: Observer<G::Move>>(
        self,
        game: &mut G,
        depth: u32,
        window: Window,
        observer: &mut O,
    ) -> SearchResult<G::Move> {
        let (alpha, beta) = match window {
            Window::Open(alpha, beta) => (alpha, beta),
            Window::Full | Window::Bound(_) => (-Score::INFINITY, Score::INFINITY),
        };
        match self {
            Algorithm::Minimax => minimax(game, depth, observer),
            Algorithm::Negamax => negamax(game, depth, observer),
            Algorithm::BranchAndBound => {
                let bound = if let Window::Bound(bound) = window { bound } else { Score::INFINITY };
                branch_and_bound(game, depth, bound, observer)
            }
            Algorithm::AlphaBeta => alphabeta(game, depth, alpha, beta, observer),
            Algorithm::FailSoftAlphaBeta => alphabeta_failsoft(game, depth, alpha, beta, observer),
            Algorithm::Pvs => pvs(game, depth, alpha, beta, observer),
            Algorithm::Mtdf => mtdf(game, depth, Score::DRAW, observer),
        }
    }
}

/// The name ([`Algorithm::name`]).
impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The algorithm named exactly `text` ([`Algorithm::name`]).
impl FromStr for Algorithm {
    type Err = ParseAlgorithmError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|algorithm| algorithm.name() == text)
            .ok_or_else(|| ParseAlgorithmError { name: text.to_string() })
    }
}

/// A name that is no algorithm's; it prints the names there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseAlgorithmError {
    /// The name given.
    pub name: String,
}

impl fmt::Display for ParseAlgorithmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown algorithm '{}': expected one of ", self.name)?;
        for (index, algorithm) in Algorithm::ALL.iter().enumerate() {
            let separator = if index == 0 { "" } else { ", " };
            write!(f, "{separator}{}", algorithm.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseAlgorithmError {}

/// The window of a search, as a user gives it to [`Algorithm::run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// `(-inf, +inf)`; for `f1`, the bound `+inf`.
    Full,
    /// An open window `(alpha, beta)` for the algorithms that
    /// [take one](Algorithm::takes_window).
    Open(Score, Score),
    /// The bound of `f1` ([`Algorithm::takes_bound`]).
    Bound(Score),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NoTrace, Outcome, Player, UNLIMITED_DEPTH};

    /// Take 1 to 3 counters; whoever takes the last one wins.
    struct Take {
        left: u32,
        to_move: Player,
    }

    impl Game for Take {
        type Move = u32;
        fn side_to_move(&self) -> Player {
            self.to_move
        }
        fn generate_moves(&self, moves: &mut Vec<u32>) {
            moves.extend((1..=3).filter(|&n| n <= self.left));
        }
        fn play(&mut self, n: u32) {
            self.left -= n;
            self.to_move = self.to_move.opponent();
        }
        fn undo(&mut self, n: u32) {
            self.left += n;
            self.to_move = self.to_move.opponent();
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0).then_some(Outcome::Loss)
        }
        fn evaluate(&self) -> Score {
            Score::DRAW
        }
    }

    fn take(left: u32) -> Take {
        Take { left, to_move: Player::First }
    }

    #[test]
    fn every_name_parses_back_to_its_algorithm() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse(), Ok(algorithm));
            assert_eq!(algorithm.to_string(), algorithm.name());
            assert!(algorithm.describe().starts_with(&format!("{}: ", algorithm.name())));
        }
    }

    /// The front ends' names, exactly: nothing else is taken (not the
    /// variants' Rust names, not another case).
    #[test]
    fn only_the_front_ends_names_parse() {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|algorithm| algorithm.name()).collect();
        assert_eq!(names, ["minimax", "negamax", "f1", "alphabeta", "failsoft", "pvs", "mtdf"]);
        for text in ["F1", "branch_and_bound", "BranchAndBound", "alpha-beta", " pvs", ""] {
            let error = text.parse::<Algorithm>().expect_err(text);
            assert_eq!(error.name, text);
            assert!(error.to_string().ends_with("minimax, negamax, f1, alphabeta, failsoft, pvs, mtdf"), "{error}");
        }
    }

    #[test]
    fn only_f1_takes_a_bound_and_three_take_a_window() {
        let windowed: Vec<Algorithm> = Algorithm::ALL.into_iter().filter(|a| a.takes_window()).collect();
        assert_eq!(windowed, [Algorithm::AlphaBeta, Algorithm::FailSoftAlphaBeta, Algorithm::Pvs]);
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.takes_bound(), algorithm == Algorithm::BranchAndBound);
            let expected = if algorithm.takes_bound() { Window::Bound(Score::INFINITY) } else { Window::Full };
            assert_eq!(algorithm.default_window(), expected);
        }
    }

    /// `run` calls the algorithm's own function with the window given: the
    /// same value and the same node count as the direct call.
    #[test]
    fn run_is_the_direct_call() {
        let (low, high) = (Score::new(-1), Score::new(1));
        let mut game = take(9);
        let direct = [
            minimax(&mut game, UNLIMITED_DEPTH, &mut NoTrace),
            negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace),
            branch_and_bound(&mut game, UNLIMITED_DEPTH, high, &mut NoTrace),
            alphabeta(&mut game, UNLIMITED_DEPTH, low, high, &mut NoTrace),
            alphabeta_failsoft(&mut game, UNLIMITED_DEPTH, low, high, &mut NoTrace),
            pvs(&mut game, UNLIMITED_DEPTH, low, high, &mut NoTrace),
            mtdf(&mut game, UNLIMITED_DEPTH, Score::DRAW, &mut NoTrace),
        ];
        for (algorithm, direct) in Algorithm::ALL.into_iter().zip(direct) {
            let window = if algorithm.takes_bound() { Window::Bound(high) } else { Window::Open(low, high) };
            let run = algorithm.run(&mut game, UNLIMITED_DEPTH, window, &mut NoTrace);
            assert_eq!((run.value, run.stats.nodes), (direct.value, direct.stats.nodes), "{algorithm}");
        }
    }

    /// With its default window every algorithm finds the exact value.
    #[test]
    fn the_default_window_gives_the_exact_value() {
        let truth = negamax(&mut take(10), UNLIMITED_DEPTH, &mut NoTrace).value;
        for algorithm in Algorithm::ALL {
            let result = algorithm.run(&mut take(10), UNLIMITED_DEPTH, algorithm.default_window(), &mut NoTrace);
            assert_eq!((result.value, result.best_move), (truth, Some(2)), "{algorithm}");
        }
    }
}
