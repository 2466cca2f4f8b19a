//! The one-sided bear-off database: for every position of up to fifteen
//! checkers on a side's six home points (54,264 of them, the empty one
//! included), the distribution of the number of rolls it needs to bear
//! them all off when it plays to need the fewest on average; and for the
//! 15,504 positions of all fifteen, the rolls to bear off the first one
//! (playing to do so soonest), for the gammons.
//!
//! Built at first use by dynamic programming from the empty position up
//! (a play only lowers the pip count): a position's distribution is the
//! average over the 21 rolls of its best play's distribution, one roll
//! later. Two positions in the database give a race's chances ([`Bearoff::race`]):
//! the side on roll, finishing on its `n`-th roll, wins when the other
//! needs `n` rolls or more.
//!
//! One-sided: each side minimises its own expected rolls, not its
//! chance to win against this opponent, so the chances are those of
//! gnubg's one-sided database, not of perfect two-sided play (within a
//! fraction of a percent in practice).

use super::board::{Board, HOME, SLOTS};
use super::moves::{self, Dice};
use super::net::{Outputs, LOSE_GAMMON, WIN, WIN_GAMMON};
use std::sync::OnceLock;

/// The most checkers of a side.
const CHECKERS: usize = 15;
/// The positions of up to fifteen checkers on six points: C(21, 6).
pub const POSITIONS: usize = 54_264;
/// The rolls a distribution counts: fifteen checkers on the six point
/// need at most 30 rolls (90 pips, at least 3 a roll) before the last
/// is off; 32 leaves room.
pub const MAX_ROLLS: usize = 32;

/// A distribution of rolls: `p[n]` the chance of needing exactly `n`.
pub type Rolls = [f32; MAX_ROLLS];

/// The database.
pub struct Bearoff {
    /// Rolls to bear off every checker, by position index.
    all_off: Vec<Rolls>,
    /// Rolls to bear off the first checker, by position index (fifteen checkers only; others empty).
    first_off: Vec<Rolls>,
    /// Expected rolls to bear all off, by position index.
    mean: Vec<f32>,
}

/// `ways[points][checkers]`: the positions of at most `checkers` checkers on `points` points, C(checkers + points, points).
fn ways(points: usize, checkers: usize) -> usize {
    (1..=points).fold(1, |acc, k| acc * (checkers + k) / k)
}

/// The index of a home board `points` (checkers on points 1 to 6) among
/// all positions of at most fifteen: the lexicographic rank.
pub fn index(points: &[u8; HOME]) -> usize {
    let mut rank = 0;
    let mut left = CHECKERS;
    for (p, &n) in points.iter().enumerate() {
        for v in 0..usize::from(n) {
            rank += ways(HOME - 1 - p, left - v);
        }
        left -= usize::from(n);
    }
    rank
}

/// Every position, in index order.
fn all_positions() -> Vec<[u8; HOME]> {
    let mut out = Vec::with_capacity(POSITIONS);
    let mut current = [0u8; HOME];
    fn fill(p: usize, left: u8, current: &mut [u8; HOME], out: &mut Vec<[u8; HOME]>) {
        if p == HOME {
            out.push(*current);
            return;
        }
        for n in 0..=left {
            current[p] = n;
            fill(p + 1, left - n, current, out);
        }
        current[p] = 0;
    }
    fill(0, CHECKERS as u8, &mut current, &mut out);
    out
}

/// The home board of `side` if all its checkers are home (none on the bar or outside).
pub fn home_points(board: &Board, side: usize) -> Option<[u8; HOME]> {
    board.all_home(side).then(|| std::array::from_fn(|p| board.counts[side][p]))
}

/// A board with `points` for side 0 and nobody else.
fn alone(points: &[u8; HOME]) -> Board {
    let mut counts = [[0u8; SLOTS]; 2];
    counts[0][..HOME].copy_from_slice(points);
    Board { counts }
}

fn mean_of(rolls: &Rolls) -> f32 {
    rolls.iter().enumerate().map(|(n, p)| n as f32 * p).sum()
}

/// One DP step: the distribution of a position from its best play of
/// each roll, the best the one whose successor `score` is lowest.
fn step(points: &[u8; HOME], table: &[Rolls], mut score: impl FnMut(usize) -> f32) -> Rolls {
    let board = alone(points);
    let mut rolls = [0.0; MAX_ROLLS];
    for (dice, chances) in Dice::all() {
        let mut best = (f32::INFINITY, 0);
        moves::for_each_legal_play(&board, 0, dice, |play| {
            let after = moves::apply(&board, 0, &play);
            let next = index(&std::array::from_fn(|p| after.counts[0][p]));
            let value = score(next);
            if value < best.0 {
                best = (value, next);
            }
        });
        let weight = chances as f32 / 36.0;
        for n in 1..MAX_ROLLS {
            rolls[n] += weight * table[best.1][n - 1];
        }
    }
    rolls
}

impl Bearoff {
    /// Builds the database (a few seconds, optimised).
    pub fn build() -> Bearoff {
        let positions = all_positions();
        let mut order: Vec<usize> = (0..POSITIONS).collect();
        let pips = |p: &[u8; HOME]| p.iter().enumerate().map(|(i, &n)| (i + 1) * usize::from(n)).sum::<usize>();
        order.sort_by_key(|&i| pips(&positions[i]));
        let mut all_off = vec![[0.0; MAX_ROLLS]; POSITIONS];
        let mut mean = vec![0.0; POSITIONS];
        all_off[0][0] = 1.0;
        for &i in &order[1..] {
            all_off[i] = step(&positions[i], &all_off, |next| mean[next]);
            mean[i] = mean_of(&all_off[i]);
        }
        // First off: zero rolls once one is off; else as above, for fifteen checkers.
        let mut first_off = vec![[0.0; MAX_ROLLS]; POSITIONS];
        let mut first_mean = vec![0.0; POSITIONS];
        for (i, p) in positions.iter().enumerate() {
            if p.iter().map(|&n| usize::from(n)).sum::<usize>() < CHECKERS {
                first_off[i][0] = 1.0;
            }
        }
        for &i in &order {
            if positions[i].iter().map(|&n| usize::from(n)).sum::<usize>() == CHECKERS {
                first_off[i] = step(&positions[i], &first_off, |next| first_mean[next]);
                first_mean[i] = mean_of(&first_off[i]);
            }
        }
        Bearoff { all_off, first_off, mean }
    }

    /// The database, built on first use and kept for the process.
    pub fn get() -> &'static Bearoff {
        static DATABASE: OnceLock<Bearoff> = OnceLock::new();
        DATABASE.get_or_init(Bearoff::build)
    }

    /// The rolls to bear off every checker of `points`.
    pub fn all_off(&self, points: &[u8; HOME]) -> &Rolls {
        &self.all_off[index(points)]
    }

    /// The expected rolls to bear off every checker of `points`.
    pub fn mean_rolls(&self, points: &[u8; HOME]) -> f32 {
        self.mean[index(points)]
    }

    /// The rolls to bear off the first checker of fifteen on `points`
    /// (zero rolls when fewer than fifteen are left).
    pub fn first_off(&self, points: &[u8; HOME]) -> &Rolls {
        &self.first_off[index(points)]
    }

    /// The chances of the side on roll, `side`, when both sides have all
    /// their checkers home (`None` otherwise): it wins if it finishes on
    /// its `n`-th roll while the other needs `n` or more; a gammon when
    /// the other, with fifteen checkers left, bears none off in its
    /// `n - 1` rolls. No backgammon is possible once both are home.
    pub fn race(&self, board: &Board, side: usize) -> Option<Outputs> {
        let mine = home_points(board, side)?;
        let theirs = home_points(board, 1 - side)?;
        let (me, them) = (self.all_off(&mine), self.all_off(&theirs));
        // tail[n]: the chance of needing n rolls or more.
        let tail = |rolls: &Rolls| {
            let mut tail = [0.0; MAX_ROLLS + 1];
            for n in (0..MAX_ROLLS).rev() {
                tail[n] = tail[n + 1] + rolls[n];
            }
            tail
        };
        let (them_tail, their_first, my_first) =
            (tail(them), tail(self.first_off(&theirs)), tail(self.first_off(&mine)));
        let mut p = [0.0; 5];
        for n in 1..MAX_ROLLS {
            p[WIN] += me[n] * them_tail[n];
            if board.off(1 - side) == 0 {
                p[WIN_GAMMON] += me[n] * their_first[n];
            }
            if board.off(side) == 0 {
                p[LOSE_GAMMON] += them[n] * my_first[n + 1];
            }
        }
        Some(Outputs(p.map(|x| x.clamp(0.0, 1.0))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(p: [u8; HOME]) -> [u8; HOME] {
        p
    }

    #[test]
    fn the_index_is_a_bijection_onto_the_54264_positions() {
        let all = all_positions();
        assert_eq!(all.len(), POSITIONS);
        assert_eq!(ways(6, 15), POSITIONS);
        for (i, p) in all.iter().enumerate() {
            assert_eq!(index(p), i, "{p:?}");
        }
    }

    #[test]
    fn the_database_keeps_its_invariants() {
        let db = Bearoff::get();
        for (i, rolls) in db.all_off.iter().enumerate() {
            // A distribution; none but the empty position is off in no roll.
            let total: f32 = rolls.iter().sum();
            assert!((total - 1.0).abs() < 1e-4, "position {i}: total {total}");
            assert_eq!(rolls[0] > 0.0, i == 0, "position {i}");
        }
        // One checker on the ace point: one roll. Two on the ace point: one roll.
        assert!((db.all_off(&points([1, 0, 0, 0, 0, 0]))[1] - 1.0).abs() < 1e-6);
        assert!((db.all_off(&points([2, 0, 0, 0, 0, 0]))[1] - 1.0).abs() < 1e-6);
        // Three on the ace: one roll with a double (6/36), else two.
        assert!((db.all_off(&points([3, 0, 0, 0, 0, 0]))[1] - 6.0 / 36.0).abs() < 1e-6);
        // A checker on the six point is off in one roll unless the roll
        // moves it under six pips: 21, 31, 41, 32 (8 of 36) and 11.
        let six = db.all_off(&points([0, 0, 0, 0, 0, 1]));
        assert!((six[1] - 27.0 / 36.0).abs() < 1e-6, "{}", six[1]);
        // More checkers never need fewer rolls on average.
        for p in all_positions() {
            for point in 0..HOME {
                if p.iter().sum::<u8>() < 15 {
                    let mut more = p;
                    more[point] += 1;
                    assert!(db.mean_rolls(&more) >= db.mean_rolls(&p) - 1e-4, "{p:?} then one on {}", point + 1);
                }
            }
        }
        // The start of a bear-off, fifteen on the six point: the most rolls of any position.
        let worst = db.mean_rolls(&points([0, 0, 0, 0, 0, 15]));
        assert!(db.mean.iter().all(|&m| m <= worst + 1e-4));
    }

    #[test]
    fn race_chances_are_probabilities_and_symmetric() {
        let db = Bearoff::get();
        let mut board = Board { counts: [[0; SLOTS]; 2] };
        board.counts[0][..HOME].copy_from_slice(&[2, 2, 2, 0, 0, 0]);
        board.counts[1][..HOME].copy_from_slice(&[2, 2, 2, 0, 0, 0]);
        let on_roll = db.race(&board, 0).map(|o| o.0);
        // Equal positions: the side on roll is the favourite.
        assert!(on_roll.is_some_and(|p| p[WIN] > 0.5 && p[WIN] <= 1.0 && p[WIN_GAMMON] == 0.0));
        // Fifteen on the ace against one checker on the ace: the one checker wins at once.
        board.counts[0][..HOME].copy_from_slice(&[1, 0, 0, 0, 0, 0]);
        board.counts[1][..HOME].copy_from_slice(&[15, 0, 0, 0, 0, 0]);
        let p = db.race(&board, 0).map(|o| o.0);
        assert!(p.is_some_and(|p| p[WIN] > 0.99999 && p[WIN_GAMMON] > 0.99999), "{p:?}");
    }
}
