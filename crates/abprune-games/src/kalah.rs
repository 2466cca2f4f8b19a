//! Kalah, scored by the seed margin: a game with extra turns.
//!
//! Kalah(pits, seeds): each player owns `pits` houses, each holding `seeds`
//! seeds at the start, and a store at their right end:
//!
//! ```text
//!         Second's houses (sown right to left)
//!          [s3] [s2] [s1] [s0]
//!  store S                       store F
//!          [f0] [f1] [f2] [f3]
//!         First's houses (sown left to right)
//! ```
//!
//! A move takes every seed of one of the mover's non-empty houses and sows
//! them one by one into the following houses, counterclockwise, the mover's
//! own store included and the opponent's skipped. The last seed decides:
//!
//! - in the mover's own store, the mover **moves again** (`play` leaves the
//!   same side to move: the extra turn the searches must value by whose
//!   turn it is, see [who moves next](abprune::Game#who-moves-next));
//! - in an empty house of the mover's, opposite a house that holds seeds,
//!   it captures: that seed and the opposite ones go to the mover's store;
//! - else the other side is to move.
//!
//! The game ends when the side to move has no seeds in its houses; the
//! other side then puts its remaining seeds into its own store. The value
//! is the margin, the side to move's store less the other's
//! ([`Outcome::Score`], [`Ending::Margin`]). From the start of Kalah(4,3)
//! the first player wins by 6 seeds.

use abprune::{Ending, Game, Outcome, Player, Score};
use std::fmt;

/// The most houses a side may have.
pub const MAX_PITS: usize = 8;

/// Why a Kalah board cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KalahError(String);

impl fmt::Display for KalahError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for KalahError {}

/// A Kalah position: the houses and stores, whose turn it is.
///
/// The board is one ring of `2 * pits + 2` places: First's houses
/// `0..pits`, First's store `pits`, Second's houses `pits + 1..2 * pits + 1`,
/// Second's store `2 * pits + 1`. A move is the index of a house among
/// the mover's own, `0..pits`, counted in sowing order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kalah {
    pits: usize,
    ring: [u8; 2 * MAX_PITS + 2],
    to_move: Player,
    /// What each move changed, to take it back.
    history: Vec<Played>,
}

/// What one move did, enough to undo it exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Played {
    /// The ring before the move (small: a copy is simpler than replaying).
    ring: [u8; 2 * MAX_PITS + 2],
    to_move: Player,
}

impl Kalah {
    /// The starting position of Kalah(`pits`, `seeds`).
    ///
    /// # Errors
    /// When `pits` is not 1 to [`MAX_PITS`], or the seeds do not fit a
    /// byte per place (`2 * pits * seeds` above 255).
    pub fn new(pits: usize, seeds: u8) -> Result<Self, KalahError> {
        if !(1..=MAX_PITS).contains(&pits) {
            return Err(KalahError(format!("{pits} houses a side: give 1 to {MAX_PITS}")));
        }
        if 2 * pits * usize::from(seeds) > usize::from(u8::MAX) {
            return Err(KalahError(format!("{} seeds in all: at most {}", 2 * pits * usize::from(seeds), u8::MAX)));
        }
        let mut ring = [0; 2 * MAX_PITS + 2];
        for house in (0..pits).chain(pits + 1..2 * pits + 1) {
            ring[house] = seeds;
        }
        Ok(Kalah { pits, ring, to_move: Player::First, history: Vec::new() })
    }

    /// Houses a side.
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// All seeds on the board.
    pub fn total_seeds(&self) -> i32 {
        self.ring[..self.places()].iter().map(|&seeds| i32::from(seeds)).sum()
    }

    /// The seeds in `player`'s house `house` (`0..pits`, in sowing order).
    pub fn house(&self, player: Player, house: usize) -> u8 {
        self.ring[self.first_house(player) + house]
    }

    /// The seeds in `player`'s store.
    pub fn store(&self, player: Player) -> u8 {
        self.ring[self.store_of(player)]
    }

    /// A position reached by `moves` random legal moves from the start of
    /// Kalah(`pits`, `seeds`), drawn by `next(n)` (a number below `n`); it
    /// stops early if the game ends.
    ///
    /// # Errors
    /// As [`Kalah::new`].
    pub fn random(
        pits: usize,
        seeds: u8,
        moves: usize,
        mut next: impl FnMut(usize) -> usize,
    ) -> Result<Self, KalahError> {
        let mut game = Kalah::new(pits, seeds)?;
        let mut legal = Vec::new();
        for _ in 0..moves {
            legal.clear();
            if game.outcome().is_some() {
                break;
            }
            game.generate_moves(&mut legal);
            game.play(legal[next(legal.len()) % legal.len()]);
        }
        game.history.clear();
        Ok(game)
    }

    /// The ring of houses and stores, as laid out in [`Kalah`]'s
    /// documentation: with [`Game::side_to_move`], the whole position.
    pub fn ring(&self) -> &[u8] {
        &self.ring[..self.places()]
    }

    fn places(&self) -> usize {
        2 * self.pits + 2
    }

    fn first_house(&self, player: Player) -> usize {
        match player {
            Player::First => 0,
            Player::Second => self.pits + 1,
        }
    }

    fn store_of(&self, player: Player) -> usize {
        self.first_house(player) + self.pits
    }

    fn houses_of(&self, player: Player) -> &[u8] {
        let first = self.first_house(player);
        &self.ring[first..first + self.pits]
    }
}

impl Game for Kalah {
    type Move = u8;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let houses = self.houses_of(self.to_move);
        moves.extend((0..self.pits as u8).filter(|&house| houses[usize::from(house)] > 0));
    }

    fn play(&mut self, mv: u8) {
        self.history.push(Played { ring: self.ring, to_move: self.to_move });
        let mover = self.to_move;
        let (places, own_store, their_store) = (self.places(), self.store_of(mover), self.store_of(mover.opponent()));
        let mut place = self.first_house(mover) + usize::from(mv);
        let mut seeds = std::mem::take(&mut self.ring[place]);
        while seeds > 0 {
            place = (place + 1) % places;
            if place != their_store {
                self.ring[place] += 1;
                seeds -= 1;
            }
        }
        if place == own_store {
            return; // the extra turn: the same side moves again
        }
        let own_houses = self.first_house(mover)..own_store;
        let opposite = 2 * self.pits - place;
        if own_houses.contains(&place) && self.ring[place] == 1 && self.ring[opposite] > 0 {
            let captured = self.ring[place] + std::mem::take(&mut self.ring[opposite]);
            self.ring[place] = 0;
            self.ring[own_store] += captured;
        }
        self.to_move = mover.opponent();
    }

    fn undo(&mut self, _mv: u8) {
        if let Some(played) = self.history.pop() {
            self.ring = played.ring;
            self.to_move = played.to_move;
        }
    }

    /// Over when the side to move has no seeds left: the other side's
    /// houses go to its store, and the margin is the side to move's store
    /// less the other's.
    fn outcome(&self) -> Option<Outcome> {
        if self.houses_of(self.to_move).iter().any(|&seeds| seeds > 0) {
            return None;
        }
        let other = self.to_move.opponent();
        let theirs: i32 = self.houses_of(other).iter().map(|&seeds| i32::from(seeds)).sum();
        let margin = i32::from(self.store(self.to_move)) - i32::from(self.store(other)) - theirs;
        Some(Outcome::Score(margin))
    }

    /// The store difference so far, for the side to move.
    fn evaluate(&self) -> Score {
        Score::new(i32::from(self.store(self.to_move)) - i32::from(self.store(self.to_move.opponent())))
    }

    /// The ring and the side to move, mixed into 64 bits (splitmix64 per
    /// place, as Zobrist keys are random per square and content).
    fn hash_key(&self) -> Option<u64> {
        let mut key = u64::from(self.to_move == Player::Second);
        for (place, &seeds) in self.ring[..self.places()].iter().enumerate() {
            key = mix(key ^ (place as u64) << 56 ^ u64::from(seeds));
        }
        Some(key)
    }

    /// The board's size: two Kalah variants share no positions' values.
    fn rules_key(&self) -> u64 {
        self.pits as u64
    }

    /// The house, which no other move of the position shares.
    fn move_id(&self, mv: u8) -> Option<usize> {
        Some(usize::from(mv))
    }

    /// Every seed can end in either store: a margin of at most all of them.
    fn ending(&self) -> Ending {
        let total = self.total_seeds();
        Ending::Margin { lowest: -total, highest: total }
    }
}

/// splitmix64's finaliser: every input bit moves every output bit.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl fmt::Display for Kalah {
    /// The board as in the module documentation, Second's houses on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |player: Player, reversed: bool| {
            let mut houses: Vec<String> = self.houses_of(player).iter().map(|s| format!("{s:>3}")).collect();
            if reversed {
                houses.reverse();
            }
            houses.join(" ")
        };
        writeln!(f, "     {}", row(Player::Second, true))?;
        writeln!(
            f,
            "{:>3}  {}  {:<3}",
            self.store(Player::Second),
            " ".repeat(4 * self.pits - 1),
            self.store(Player::First)
        )?;
        writeln!(f, "     {}", row(Player::First, false))?;
        writeln!(f, "{:?} to move", self.to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sowing_extra_turns_and_captures() {
        let mut game = Kalah::new(4, 3).unwrap();
        // House 1 (3 seeds): 2, 3, store: the last seed in the store.
        game.play(1);
        assert_eq!((game.side_to_move(), game.store(Player::First)), (Player::First, 1));
        // House 3 (4 seeds): store, then Second's houses 0, 1, 2.
        game.play(3);
        assert_eq!((game.side_to_move(), game.store(Player::First)), (Player::Second, 2));
        assert_eq!(game.total_seeds(), 24);
        game.undo(3);
        game.undo(1);
        assert_eq!(game, Kalah::new(4, 3).unwrap());
    }

    #[test]
    fn the_margin_at_the_end_counts_the_houses_left() {
        let mut game = Kalah::new(2, 1).unwrap();
        game.ring[..6].copy_from_slice(&[0, 0, 3, 1, 2, 4]);
        assert_eq!(game.outcome(), Some(Outcome::Score(3 - 4 - 3)));
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert!(Kalah::new(0, 3).is_err());
        assert!(Kalah::new(9, 3).is_err());
        assert!(Kalah::new(6, 22).is_err());
        assert!(Kalah::new(6, 4).is_ok());
    }
}
