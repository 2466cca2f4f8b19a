//! The subtraction game of the crate documentation: take 1 to 3 counters;
//! whoever takes the last one wins. No hash key and no evaluation of its
//! own (a draw everywhere): a test game wraps it to add either.

use abprune::{Game, Outcome, Player, Score};

/// `left` counters, `to_move` to take some.
#[derive(Clone, Debug)]
pub struct Take {
    pub left: u32,
    pub to_move: Player,
}

impl Take {
    /// `left` counters, the first player to move.
    pub fn new(left: u32) -> Self {
        Take { left, to_move: Player::First }
    }
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
