//! # abprune
//!
//! Game-tree search built around alpha-beta pruning, generic over any
//! two-player zero-sum game, with every algorithm of the classic sources
//! written as the papers print it and verified against plain minimax.
//!
//! - [`Game`]: the rules of your game (six methods and optional hooks).
//! - [`Score`]: negamax values with win/loss distances and window infinities.
//! - [`textbook`]: the papers' algorithms, one file each: [`minimax`],
//!   [`negamax`] (Knuth & Moore's `F`), [`branch_and_bound`] (`F1`),
//!   [`alphabeta`] (`F2`, fail-hard), [`alphabeta_failsoft`], [`pvs`] and
//!   [`mtdf`], each returning the value, Bratko's "good enough" successor,
//!   the principal variation and [`SearchStats`].
//! - [`trace`]: an [`Observer`] sees every node entered, leaf evaluated,
//!   cut-off and value returned; [`NoTrace`] compiles away.
//! - [`engine`]: the [`Engine`], built on the textbook half: iterative
//!   deepening, a transposition table, move ordering, PVS, aspiration
//!   windows, MTD(f), a null-window test and an exact solve mode, under
//!   [`SearchLimits`]; on as many threads as asked ([`ParallelScheme`]).
//!   Its parts are private to the crate but for what a user sets, reads
//!   or names.
//! - [`check`]: [`check::check_game`] plays random lines through a game
//!   you wrote and finds the mistakes that make searches wrong in silence:
//!   a key that leaves out part of the position, an `undo` that does not
//!   restore, a side to move that does not match the values.
//! - [`Strategy`]: one call, a position in and a move with its value out,
//!   for every plain algorithm ([`FixedDepth`]) and the engine
//!   ([`Limited`]), so that a program swaps algorithms without changing its
//!   calls; [`best_move`] is the one-line "best move under these limits".
//! - [`Algorithm`]: the plain algorithms by the names users type (`f1`,
//!   `alphabeta`, ...), parsed, with the [`Window`] each takes, run on any
//!   game with an observer: what a command line or a binding needs.
//! - Games with chance (dice, cards): [`expectiminimax`], Ballard's
//!   [`star1`] and [`star2`] with exact values ([`Ratio`]), refusing a game
//!   that breaks the contract with a [`ChanceError`] naming the node
//!   (see [`textbook#games-with-chance`](textbook#games-with-chance) for a
//!   dice game's value); [`ChanceAlgorithm`] names them.
//!
//! The library has no dependencies and never prints.
//!
//! Two names to keep apart: the function [`alphabeta`] is Knuth and
//! Moore's fail-hard `F2` (its value is clamped to the window, as printed
//! in the paper); the engine's [`Variant::FailSoftAlphaBeta`] is fail-soft,
//! as [`alphabeta_failsoft`], because the table and MTD(f) need the bounds
//! a fail-soft search returns beyond the window.
//!
//! # Where the examples are
//!
//! - below: a game defined from scratch and searched by the plain
//!   algorithms;
//! - [`Engine::search`]: limits, the callback after each iteration, and a
//!   stop flag raised by another thread;
//! - [`Engine::solve`]: a strong and a weak solve;
//! - [`Engine::test`]: the null-window test;
//! - [`strategy`]: the plain algorithms and the engine behind one trait,
//!   and the one-line best move;
//! - `crates/abprune-games/examples/othello_endgame.rs` in the repository:
//!   an Othello endgame solved exactly for its disc margin (a game that
//!   ends in margins, [`Ending::Margin`]), checked against brute force by
//!   `tests/all/othello.rs`.
//!
//! # Example
//!
//! A subtraction game: players take 1 to 3 counters; whoever takes the last
//! one wins. Positions with a multiple of 4 counters are lost.
//!
//! ```
//! use abprune::{alphabeta, negamax, Game, NoTrace, Outcome, Player, Score, UNLIMITED_DEPTH};
//!
//! struct Take { left: u32, to_move: Player }
//!
//! impl Game for Take {
//!     type Move = u32;
//!     fn side_to_move(&self) -> Player { self.to_move }
//!     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=3).filter(|&n| n <= self.left)) }
//!     fn play(&mut self, n: u32) { self.left -= n; self.to_move = self.to_move.opponent(); }
//!     fn undo(&mut self, n: u32) { self.left += n; self.to_move = self.to_move.opponent(); }
//!     // The previous player took the last counter.
//!     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
//!     fn evaluate(&self) -> Score { Score::DRAW }
//! }
//!
//! let mut game = Take { left: 10, to_move: Player::First };
//! let result = alphabeta(&mut game, UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
//! assert_eq!(result.best_move, Some(2)); // leave 8, a multiple of 4
//! assert!(result.value.is_win());
//! assert_eq!(result.value, negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value);
//! assert!(result.stats.leaves < negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).stats.leaves);
//! ```

#![deny(missing_docs)]

pub mod algorithm;
pub mod chance;
pub mod chance_algorithm;
pub mod check;
pub mod engine;
pub mod game;
pub mod limits;
pub mod ratio;
pub mod score;
pub mod stats;
pub mod strategy;
pub mod textbook;
pub mod trace;

pub use algorithm::{Algorithm, ParseAlgorithmError, Window};
pub use chance::Probability;
pub use chance_algorithm::{ChanceAlgorithm, ParseChanceAlgorithmError};
pub use engine::{
    Engine, EngineError, EngineOptions, EngineResult, OrderingOptions, ParallelOptions, ParallelScheme,
    ReportingOptions, SearchInfo, Selectivity, ShapeOptions, SolveMode, TableOptions, Variant, DEFAULT_NEAR_PLIES,
    DEFAULT_TABLE_MIB,
};
pub use game::{Ending, Game, Horizon, Player};
pub use limits::{SearchLimits, StopReason};
pub use ratio::{Ratio, RatioError};
pub use score::{Outcome, Score};
pub use stats::SearchStats;
pub use strategy::{best_move, Choice, FixedDepth, Limited, Strategy};
pub use textbook::{
    alphabeta, alphabeta_failsoft, branch_and_bound, expectiminimax, minimax, mtdf, negamax, pvs, star1, star2,
    ChanceError, ChanceResult, SearchResult, UNLIMITED_DEPTH,
};
pub use trace::{ChanceEvent, ChanceObserver, ChanceTrace, Fail, NoTrace, NodeKind, Observer, Trace, TraceEvent};

/// The crate README's example, compiled and run with the doctests so that
/// the page a registry shows cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
