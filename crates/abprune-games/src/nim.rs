//! Nim: heaps of counters; a move takes one or more counters from one heap.
//!
//! Under the normal rule whoever takes the last counter wins; under the
//! misère rule whoever takes it loses. Both are one type with the rule as a
//! field, which is exactly the case [`Game::rules_key`] is for: a position
//! of normal Nim and one of misère Nim with the same heaps have the same
//! hash key but different values, so the rule goes into the key the engine
//! checks before it trusts what its table learnt.

use abprune::{Game, Outcome, Player, Score};

/// At most this many heaps (each below 256 counters), so that the heaps and
/// their number pack into the 64-bit hash key.
pub const MAX_HEAPS: usize = 7;

/// A move: take `count` counters (at least one) from heap `heap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    /// The heap's index.
    pub heap: u8,
    /// How many counters.
    pub count: u8,
}

/// A Nim position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: Vec<u8>,
    misere: bool,
    to_move: Player,
}

impl Nim {
    /// Normal Nim (who takes the last counter wins) with these heaps.
    ///
    /// # Errors
    /// When there are more than [`MAX_HEAPS`] heaps.
    pub fn new(heaps: &[u8]) -> Result<Self, String> {
        if heaps.len() > MAX_HEAPS {
            return Err(format!("{} heaps: at most {MAX_HEAPS} fit the hash key", heaps.len()));
        }
        Ok(Nim { heaps: heaps.to_vec(), misere: false, to_move: Player::First })
    }

    /// The same heaps under the misère rule (who takes the last counter loses).
    pub fn misere(mut self) -> Self {
        self.misere = true;
        self
    }

    /// The heaps.
    pub fn heaps(&self) -> &[u8] {
        &self.heaps
    }

    fn counters(&self) -> u32 {
        self.heaps.iter().map(|&h| u32::from(h)).sum()
    }
}

impl Game for Nim {
    type Move = Take;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Take>) {
        for (heap, &size) in self.heaps.iter().enumerate() {
            moves.extend((1..=size).rev().map(|count| Take { heap: heap as u8, count }));
        }
    }

    fn play(&mut self, mv: Take) {
        self.heaps[usize::from(mv.heap)] -= mv.count;
        self.to_move = self.to_move.opponent();
    }

    fn undo(&mut self, mv: Take) {
        self.heaps[usize::from(mv.heap)] += mv.count;
        self.to_move = self.to_move.opponent();
    }

    /// With every heap empty the previous player took the last counter: the
    /// side to move has lost (normal) or won (misère).
    fn outcome(&self) -> Option<Outcome> {
        (self.counters() == 0).then_some(if self.misere { Outcome::Win } else { Outcome::Loss })
    }

    fn evaluate(&self) -> Score {
        Score::DRAW
    }

    /// The number of heaps in the top byte, then the heaps a byte each: an
    /// exact encoding. The side to move is left out: in Nim it does not
    /// change the value (the rules treat both sides alike).
    fn hash_key(&self) -> Option<u64> {
        let heaps = self.heaps.iter().fold(0u64, |key, &h| (key << 8) | u64::from(h));
        Some(((self.heaps.len() as u64) << 56) | heaps)
    }

    fn rules_key(&self) -> u64 {
        u64::from(self.misere)
    }

    fn max_plies_left(&self) -> Option<u32> {
        Some(self.counters())
    }

    fn winner_moves_last(&self) -> bool {
        !self.misere
    }
}
