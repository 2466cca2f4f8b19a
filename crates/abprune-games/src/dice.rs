//! Hog, a dice game small enough to solve exactly by brute force: the
//! game with chance the library's searches are checked on.
//!
//! Each player has the same number of turns. On a turn the player chooses
//! how many dice to throw (1 to the game's maximum); the throw scores the
//! sum of the dice, unless any die shows a one ("pig out"), when it scores
//! one point. More dice score more on average but pig out more often, so a
//! player ahead throws fewer. After the last turn the player with more points
//! wins: the value is `+1`, `-1` or `0` ([`Outcome::Score`], a margin,
//! because a game with chance ends in values that can be averaged), and
//! [`Game::value_bounds`] says so.
//!
//! Chance never passes the turn: choosing the dice hands the turn to the
//! opponent, and the throw, a chance node where the opponent is to move,
//! scores for the player who chose.

use abprune::{Ending, Game, Outcome, Player, Probability, Score};

/// At most this many dice a throw (the outcomes are found by listing the
/// `6^n` throws, 1,296 for four).
pub const MAX_DICE: u8 = 4;

/// A move: a player's choice of dice, or chance's throw of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HogMove {
    /// Throw this many dice.
    Throw(u8),
    /// The throw of `dice` dice scored `points` (chance's move).
    Scored {
        /// How many dice were thrown.
        dice: u8,
        /// What the throw scored.
        points: u8,
    },
}

/// A Hog position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hog {
    /// Points of the first and the second player.
    points: [i32; 2],
    /// Turns each player has left, first and second.
    turns_left: [u8; 2],
    /// The most dice a throw may have.
    max_dice: u8,
    to_move: Player,
    /// Dice chosen and not yet thrown (chance is to move).
    pending: Option<u8>,
}

impl Hog {
    /// A new game of `turns` turns each, throws of 1 to `max_dice` dice.
    ///
    /// # Errors
    /// When `max_dice` is not in `1..=MAX_DICE`.
    pub fn new(turns: u8, max_dice: u8) -> Result<Hog, String> {
        if !(1..=MAX_DICE).contains(&max_dice) {
            return Err(format!("{max_dice} dice: a throw has 1 to {MAX_DICE}"));
        }
        Ok(Hog { points: [0, 0], turns_left: [turns, turns], max_dice, to_move: Player::First, pending: None })
    }

    /// The points of `player`.
    pub fn points(&self, player: Player) -> i32 {
        self.points[index(player)]
    }

    /// The throws of `dice` dice by what they score, with their exact
    /// probabilities, in increasing points.
    pub fn throws(dice: u8) -> Vec<(u8, Probability)> {
        let all = 6u64.pow(u32::from(dice));
        let mut counts = [0u64; 6 * MAX_DICE as usize + 1];
        for throw in 0..all {
            let faces = (0..dice).map(|i| (throw / 6u64.pow(u32::from(i))) % 6 + 1);
            let (sum, pig_out) = faces.fold((0, false), |(sum, pig), face| (sum + face, pig || face == 1));
            counts[if pig_out { 1 } else { sum as usize }] += 1;
        }
        let outcomes = counts.iter().enumerate().filter(|&(_, &count)| count > 0);
        outcomes.filter_map(|(points, &count)| Some((points as u8, Probability::new(count, all)?))).collect()
    }
}

fn index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl Game for Hog {
    type Move = HogMove;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn chance_to_move(&self) -> bool {
        self.pending.is_some()
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(HogMove, Probability)>) {
        if let Some(dice) = self.pending {
            let scored = Hog::throws(dice).into_iter();
            outcomes.extend(scored.map(|(points, probability)| (HogMove::Scored { dice, points }, probability)));
        }
    }

    fn generate_moves(&self, moves: &mut Vec<HogMove>) {
        if self.pending.is_none() && self.turns_left[index(self.to_move)] > 0 {
            moves.extend((1..=self.max_dice).map(HogMove::Throw));
        }
    }

    fn play(&mut self, mv: HogMove) {
        match mv {
            HogMove::Throw(dice) => {
                self.turns_left[index(self.to_move)] -= 1;
                self.pending = Some(dice);
                self.to_move = self.to_move.opponent();
            }
            HogMove::Scored { points, .. } => {
                self.points[index(self.to_move.opponent())] += i32::from(points);
                self.pending = None;
            }
        }
    }

    fn undo(&mut self, mv: HogMove) {
        match mv {
            HogMove::Throw(_) => {
                self.to_move = self.to_move.opponent();
                self.pending = None;
                self.turns_left[index(self.to_move)] += 1;
            }
            HogMove::Scored { dice, points } => {
                self.points[index(self.to_move.opponent())] -= i32::from(points);
                self.pending = Some(dice);
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.pending.is_some() || self.turns_left != [0, 0] {
            return None;
        }
        let margin = self.points(self.to_move) - self.points(self.to_move.opponent());
        Some(if margin == 0 { Outcome::Draw } else { Outcome::Score(margin.signum()) })
    }

    /// Who leads, as the final value would say (crude, but within the
    /// bounds the searches check).
    fn evaluate(&self) -> Score {
        Score::new((self.points(self.to_move) - self.points(self.to_move.opponent())).signum())
    }

    fn ending(&self) -> Ending {
        Ending::Margin { lowest: -1, highest: 1 }
    }

    fn value_bounds(&self) -> Option<(Score, Score)> {
        Some((Score::new(-1), Score::new(1)))
    }

    fn hash_key(&self) -> Option<u64> {
        let pending = self.pending.map_or(0, |dice| u64::from(dice) + 1);
        let [first, second] = self.points.map(|points| points as u64 & 0xffff);
        let [turns_first, turns_second] = self.turns_left.map(u64::from);
        let side = u64::from(self.to_move == Player::Second);
        Some(first | second << 16 | turns_first << 32 | turns_second << 40 | pending << 48 | side << 56)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throws_sum_to_one_and_pig_out_on_a_one() {
        for dice in 1..=MAX_DICE {
            let throws = Hog::throws(dice);
            let sixes = 6u64.pow(u32::from(dice));
            let total: u64 = throws.iter().map(|(_, p)| p.numerator() * (sixes / p.denominator())).sum();
            assert_eq!(total, sixes, "{dice} dice");
        }
        // Two dice: 11 of the 36 throws show a one.
        assert_eq!(Hog::throws(2)[0], (1, Probability::new(11, 36).unwrap()));
        assert_eq!(Hog::throws(1).len(), 6);
    }

    #[test]
    fn play_and_undo_restore_the_position() {
        let mut game = Hog::new(2, 3).unwrap();
        let start = game.clone();
        let line = [
            HogMove::Throw(3),
            HogMove::Scored { dice: 3, points: 12 },
            HogMove::Throw(1),
            HogMove::Scored { dice: 1, points: 1 },
        ];
        for mv in line {
            game.play(mv);
        }
        assert_eq!((game.points(Player::First), game.points(Player::Second)), (12, 1));
        for mv in line.iter().rev() {
            game.undo(*mv);
        }
        assert_eq!(game, start);
        assert!(Hog::new(1, 0).is_err() && Hog::new(1, MAX_DICE + 1).is_err());
    }
}
