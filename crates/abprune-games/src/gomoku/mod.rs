//! Gomoku (five in a row) on boards from 5x5 to 22x22, freestyle, standard
//! or renju rules, with the incremental threat bookkeeping a search engine needs.
//!
//! The position keeps, updated stone by stone on [`Game::play`] and
//! [`Game::undo`] (never recomputed from scratch):
//!
//! - the stones on a padded board (module `board`: one array index per point, a
//!   frame of wall cells so that no line scan needs a bounds check);
//! - a Zobrist key (fixed-seed splitmix64 keys, the side to move included);
//! - for every point, each of the four directions and each colour, the
//!   *line key* of the ten cells around it (five each way, base 3: empty,
//!   own, blocked) and the [`Shape`] a stone of that colour placed there
//!   would make in that line, read from a table built once per rule
//!   ([`patterns`]);
//! - per empty point and colour, the [`Threat`] the four shapes make
//!   together (a five, an open four or double four, a four-three, ...) and a
//!   heuristic value ([`threats`]); the sets of points of each threat kind
//!   and the sum of the values are kept per colour;
//! - the candidate points: empty points with a stone within two rows and
//!   columns, as reference counts and a bit set in board order.
//!
//! On top of that state the [`Game`] hooks are cheap: `candidate_moves`
//! answers a five, a four and an open three exactly (module `search_hooks`),
//! `horizon` turns the engine's quiescence into a search of fours, and
//! [`Gomoku::find_vcf`] looks for a victory by continuous fours (module `vcf`).
//!
//! # Example
//! ```
//! use abprune::{Game, Player, Score};
//! use abprune_games::{Gomoku, Rule};
//!
//! // Black has an open three h8 i8 j8 with room on both sides; white to move.
//! let mut game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 a1 i8 a15 j8").unwrap();
//! let mut moves = Vec::new();
//! assert_eq!(game.candidate_moves(&mut moves), None);
//! // White must stop the open four (or make a four of its own).
//! assert!(moves.contains(&game.parse_point("g8").unwrap()));
//! assert!(!moves.contains(&game.parse_point("h9").unwrap()));
//! game.play(game.parse_point("a2").unwrap()); // white ignores it
//! assert_eq!(game.candidate_moves(&mut Vec::new()), Some(Score::win_in(3)));
//! assert_eq!(game.side_to_move(), Player::First);
//! ```

mod board;
pub mod cells;
pub mod eval;
mod eval_tables;
mod incremental;
mod notation;
mod order;
pub mod patterns;
pub mod player;
mod position;
mod renju;
mod rule;
mod search_hooks;
mod selectivity;
pub mod threats;
mod vcf;
mod vct;
mod weights;

pub use cells::EvalTables;
pub use order::{OrderWeights, ORDER_FEATURES, ORDER_WEIGHTS};
pub use patterns::{Direction, Pattern, Shape};
pub use renju::Forbidden;
pub use rule::Rule;
pub use selectivity::{FUTILITY_MARGIN, HISTORY_WEIGHT, RAZOR_MARGIN, SELECTIVITY};
pub use threats::Threat;
pub use weights::{EvalWeights, EVAL_FEATURES, EVAL_WEIGHTS};

use std::fmt;

#[cfg(doc)]
use abprune::Game;

/// A point of the board, 0-based: `x` is the column (left to right), `y` the
/// row (top to bottom, as the Gomocup/Piskvork protocol counts).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Point {
    /// The column, 0 = `a`.
    pub x: u8,
    /// The row, 0 = row `1` of the notation.
    pub y: u8,
}

impl Point {
    /// The point in column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    /// The notation of [`Gomoku::format_point`], e.g. `h8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Gomoku::format_point(*self))
    }
}

/// How [`Game::generate_moves`] orders the candidate points, and what
/// [`Game::move_hint`] says about them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum MoveOrder {
    /// The seed text's ordering (default): candidate points near stones,
    /// the forced answers first (the candidate moves answer a five, a four
    /// and an open three exactly), then ranked by the move hint learned from
    /// the player's own choices (module `order`: what a stone there makes
    /// for each side, nearness to the last moves). The VCF and VCT searches
    /// rank their attacks by the seed's threat tiers (win now, block the
    /// opponent's four, make an open four, ...), then by line value.
    #[default]
    Seed,
    /// The same candidate points generated in plain board order (row-major),
    /// every move hint 0: the baseline for measuring the seed's ordering.
    Board,
}

impl MoveOrder {
    /// `"seed"` or `"board"`.
    pub fn name(self) -> &'static str {
        match self {
            MoveOrder::Seed => "seed",
            MoveOrder::Board => "board",
        }
    }
}

/// What went wrong with a Gomoku request: one line that names it, e.g.
/// `h8 is already occupied`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GomokuError(pub String);

impl fmt::Display for GomokuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GomokuError {}

/// Builds a [`GomokuError`] from `format!` arguments.
macro_rules! gomoku_error {
    ($($arg:tt)*) => {
        $crate::gomoku::GomokuError(format!($($arg)*))
    };
}
pub(crate) use gomoku_error;

pub use position::Gomoku;
