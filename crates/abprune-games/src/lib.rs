//! Games for the abprune search engine.
//!
//! Each module implements [`abprune::Game`] and knows nothing of search:
//!
//! - [`backgammon`], backgammon without the cube: a game with chance (dice);
//! - [`tree`], explicit trees in a text format, as textbooks draw them, chance nodes included;
//! - [`random_tree`], random uniform trees with best, random or worst ordering;
//! - [`random_chance_tree`], random regular *-minimax trees (MAX, chance, MIN, chance, ...);
//! - [`nim`], Nim under the normal and the misère rule;
//! - [`dice`], Hog: a dice game, for the searches of games with chance;
//! - [`tictactoe`], tic-tac-toe;
//! - [`connect4`], Connect Four on two bitboards, with the hooks an exact solver uses, an
//!   opening book and the player's questions answered exactly ([`connect4::solver`], the
//!   one module that searches: the command line and the Python package share it);
//! - [`kalah`], Kalah scored by the seed margin: a game with extra turns;
//! - [`othello`], Othello scored by the disc margin, for exact endgame solves;
//! - [`gomoku`], Gomoku (freestyle and standard rules, boards up to 22x22) with
//!   incremental line patterns, forced-reply shortcuts, quiescence and a VCF search.

#![deny(missing_docs)]

pub mod backgammon;
pub mod connect4;
pub mod dice;
pub mod gomoku;
pub mod kalah;
pub mod nim;
pub mod othello;
pub mod random_chance_tree;
pub mod random_tree;
#[cfg(feature = "testing")]
pub mod testing;
pub mod tictactoe;
pub mod tree;
mod tree_chance;
mod tree_game;
mod tree_lex;
mod tree_nested;
mod tree_parse;

pub use backgammon::Backgammon;
pub use connect4::Connect4;
pub use dice::{Hog, HogMove};
pub use gomoku::{Gomoku, GomokuError, MoveOrder, Point, Rule};
pub use kalah::Kalah;
pub use nim::Nim;
pub use othello::Othello;
pub use random_chance_tree::{ChanceProbabilities, RandomChanceTreeSpec};
pub use random_tree::{LeafValues, MoveOrdering, RandomTreeSpec};
pub use tictactoe::TicTacToe;
pub use tree::{Nested, NodeId, Tree, TreeGame};

/// The Rust code of docs/chance.md (a dice game searched by expectiminimax,
/// Star1 and Star2, checked against a brute force), run as a doctest so
/// that what a new user copies compiles and gives the value the page calls
/// exact.
#[doc = include_str!("../../../docs/chance.md")]
#[cfg(doctest)]
pub struct ChanceGuide;
