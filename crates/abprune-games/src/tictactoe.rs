//! Tic-tac-toe on a 3x3 board, as two 9-bit bitboards.
//!
//! ```text
//!  0 | 1 | 2        cells are numbered row by row; a move is a cell index
//! ---+---+---
//!  3 | 4 | 5        X (the first player) moves first
//! ---+---+---
//!  6 | 7 | 8
//! ```

use abprune::{Game, Outcome, Player, Score};
use std::fmt;

/// The eight lines of three.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// A tic-tac-toe position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// Cells of the player to move.
    to_move: u16,
    /// Cells of the player who just moved.
    moved: u16,
    /// Stones on the board.
    count: u8,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> Self {
        TicTacToe::default()
    }

    /// The position after playing `cells` (0..=8) from the empty board.
    ///
    /// # Errors
    /// Names the first cell that is out of range, taken, or played after the
    /// game ended.
    pub fn from_moves(cells: &[u8]) -> Result<Self, String> {
        let mut game = TicTacToe::new();
        for (i, &cell) in cells.iter().enumerate() {
            if game.outcome().is_some() {
                return Err(format!("move {} ({cell}): the game is already over", i + 1));
            }
            if cell > 8 {
                return Err(format!("move {} ({cell}): cells are 0 to 8", i + 1));
            }
            if (game.to_move | game.moved) & (1 << cell) != 0 {
                return Err(format!("move {} ({cell}): the cell is taken", i + 1));
            }
            game.play(cell);
        }
        Ok(game)
    }

    fn has_line(cells: u16) -> bool {
        LINES.iter().any(|&line| line & !cells == 0)
    }

    /// Lines still open to `mine` (no enemy stone) weighted by how many of
    /// my stones they hold: a small heuristic for depth-limited searches.
    fn potential(mine: u16, theirs: u16) -> i32 {
        LINES.iter().filter(|&&line| line & theirs == 0).map(|&line| 1 << (line & mine).count_ones()).sum()
    }
}

impl Game for TicTacToe {
    type Move = u8;

    /// Every move hands the turn over.
    const PLAYERS_ALTERNATE: bool = true;

    fn side_to_move(&self) -> Player {
        if self.count % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let empty = FULL & !(self.to_move | self.moved);
        moves.extend((0..9).filter(|&cell| empty & (1 << cell) != 0));
    }

    fn play(&mut self, cell: u8) {
        debug_assert!((self.to_move | self.moved) & (1 << cell) == 0, "cell {cell} is taken");
        let mover = self.to_move | (1 << cell);
        self.to_move = self.moved;
        self.moved = mover;
        self.count += 1;
    }

    fn undo(&mut self, cell: u8) {
        let mover = self.moved & !(1 << cell);
        self.moved = self.to_move;
        self.to_move = mover;
        self.count -= 1;
    }

    fn outcome(&self) -> Option<Outcome> {
        if Self::has_line(self.moved) {
            Some(Outcome::Loss)
        } else if self.count == 9 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn evaluate(&self) -> Score {
        Score::new(Self::potential(self.to_move, self.moved) - Self::potential(self.moved, self.to_move))
    }

    /// A game is won by completing a line on one's own move.
    fn winner_moves_last(&self) -> bool {
        true
    }

    /// At most the empty cells.
    fn max_plies_left(&self) -> Option<u32> {
        Some(9 - u32::from(self.count))
    }

    fn hash_key(&self) -> Option<u64> {
        // Exact: 18 bits of stones plus whose stones are whose.
        Some(u64::from(self.to_move) | u64::from(self.moved) << 9 | u64::from(self.count % 2) << 18)
    }
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, o) = if self.count % 2 == 0 { (self.to_move, self.moved) } else { (self.moved, self.to_move) };
        for row in 0..3 {
            for col in 0..3 {
                let bit = 1 << (row * 3 + col);
                let c = if x & bit != 0 {
                    'X'
                } else if o & bit != 0 {
                    'O'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_ends_the_game_for_the_side_to_move() {
        let game = TicTacToe::from_moves(&[0, 3, 1, 4, 2]).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Loss));
        assert!(TicTacToe::from_moves(&[0, 3, 1, 4, 2, 5]).unwrap_err().contains("already over"));
        assert!(TicTacToe::from_moves(&[4, 4]).unwrap_err().contains("taken"));
        assert!(TicTacToe::from_moves(&[9]).unwrap_err().contains("0 to 8"));
    }

    #[test]
    fn undo_restores_the_position() {
        let mut game = TicTacToe::from_moves(&[4, 0]).unwrap();
        let before = game;
        game.play(8);
        game.undo(8);
        assert_eq!(game, before);
    }

    #[test]
    fn display_draws_x_and_o() {
        let game = TicTacToe::from_moves(&[4, 0]).unwrap();
        assert_eq!(game.to_string(), "O..\n.X.\n...\n");
    }
}
