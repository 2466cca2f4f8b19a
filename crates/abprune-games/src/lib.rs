//! Games for the abprune search engine.
//!
//! Each module implements [`abprune::Game`] and knows nothing of search:
//!
//! - [`tree`], explicit trees in a text format, as textbooks draw them;
//! - [`random_tree`], random uniform trees with best, random or worst ordering;
//! - [`tictactoe`], tic-tac-toe.

#![deny(missing_docs)]

pub mod random_tree;
pub mod tictactoe;
pub mod tree;
mod tree_parse;

pub use random_tree::{LeafValues, MoveOrdering, RandomTreeSpec};
pub use tictactoe::TicTacToe;
pub use tree::{Nested, NodeId, Tree, TreeGame};
