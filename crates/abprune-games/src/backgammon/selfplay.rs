//! Games between players that look one play ahead, for training the nets
//! by TD(lambda) self-play and for measuring them against pubeval.
//!
//! Training (Tesauro's TD-Gammon, the offline λ-return form): the net
//! chooses each play greedily (the play whose resulting position it
//! values best for the mover); at the end of the game each position
//! before a roll learns toward its λ-return, built backward from the
//! result: `G_t = (1 - λ) V(s_{t+1}) + λ G_{t+1}`, the next position's
//! outputs seen from this side, the last position's target the result.
//! With λ = 0 this is TD(0): each position learns toward the next one.
//! Positions the bear-off database knows are its, not learned; their
//! chances are the targets of the positions before them.
//!
//! Every game's dice come from its own generator, seeded by the training
//! seed and the game's number, so a training resumed from a checkpoint
//! plays exactly the games it would have played.

use super::bearoff::Bearoff;
use super::board::{Board, CHECKERS};
use super::features::Inputs;
use super::moves::{self, Dice, Play};
use super::net::{Nets, Outputs};
use super::{points_won, pubeval};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The most checker plays of one game before it is abandoned: a game of
/// random play may in principle hit back and forth forever.
const MAX_PLAYS: usize = 10_000;

/// How the nets learn.
#[derive(Clone, Copy, Debug)]
pub struct Learning {
    /// The step size of the gradient step.
    pub alpha: f32,
    /// TD's λ: 0 learns from the next position only, 1 from the result only.
    pub lambda: f32,
}

/// A player: the play it chooses for `side` with `dice` on `board`.
pub trait Chooser {
    /// The play chosen (the pass when nothing moves).
    fn choose(&self, board: &Board, side: usize, dice: Dice) -> Play;
}

/// The value of a finished board for the side that just moved, or `None`
/// when the game goes on.
fn finished_value(board: &Board, mover: usize) -> Option<i32> {
    (board.off(mover) == CHECKERS).then(|| points_won(board, 1 - mover))
}

/// The play of `dice` with the best `value` of the board it leads to
/// (`value` of the board after the play, for the mover).
fn best_play(board: &Board, side: usize, dice: Dice, mut value: impl FnMut(&Board) -> f32) -> Play {
    let mut best = (f32::NEG_INFINITY, Play::PASS);
    moves::for_each_legal_play(board, side, dice, |play| {
        let after = moves::apply(board, side, &play);
        let v = match finished_value(&after, side) {
            Some(points) => points as f32,
            None => value(&after),
        };
        if v > best.0 {
            best = (v, play);
        }
    });
    best.1
}

/// The nets' greedy player (gnubg's 0-ply): the play whose resulting
/// position the nets value best for the mover.
pub struct NetPlayer<'a>(pub &'a Nets);

impl Chooser for NetPlayer<'_> {
    fn choose(&self, board: &Board, side: usize, dice: Dice) -> Play {
        best_play(board, side, dice, |after| -self.0.equity(after, 1 - side))
    }
}

/// Tesauro's pubeval as a player: the play it scores best.
pub struct PubevalPlayer;

impl Chooser for PubevalPlayer {
    fn choose(&self, board: &Board, side: usize, dice: Dice) -> Play {
        let race = pubeval::is_race(board);
        best_play(board, side, dice, |after| pubeval::score(after, side, race))
    }
}

/// A roll of two dice.
fn roll(rng: &mut ChaCha8Rng) -> Dice {
    let (a, b) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
    Dice::new(a, b).unwrap_or_else(|| unreachable!("dice 1 to 6"))
}

/// The generator of game `number` of the series seeded `seed`.
pub fn game_rng(seed: u64, number: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(number);
    rng
}

/// Plays a game from the start, `players[0]` first, and returns the
/// points side 0 won (negative when it lost), `None` if abandoned after
/// 10,000 plays; `visit` sees each position before a roll (the board
/// and the side on roll).
pub fn play_game(
    players: [&dyn Chooser; 2],
    rng: &mut ChaCha8Rng,
    mut visit: impl FnMut(&Board, usize),
) -> Option<i32> {
    let mut board = Board::start();
    let mut side = 0;
    for _ in 0..MAX_PLAYS {
        visit(&board, side);
        let dice = roll(rng);
        let play = players[side].choose(&board, side, dice);
        board = moves::apply(&board, side, &play);
        if let Some(points) = finished_value(&board, side) {
            return Some(if side == 0 { points } else { -points });
        }
        side = 1 - side;
    }
    None
}

/// Plays one self-play game of the nets (game `number` of the series of
/// `nets.seed`) and trains them on it; returns the number of positions
/// learned from (0 for an abandoned game) and their summed squared error.
pub fn train_game(nets: &mut Nets, number: u64, learning: Learning) -> (usize, f32) {
    let mut rng = game_rng(nets.seed, number);
    let mut positions: Vec<(Board, usize)> = Vec::new();
    let player = NetPlayer(nets);
    let Some(points) = play_game([&player, &player], &mut rng, |board, side| positions.push((*board, side))) else {
        return (0, 0.0);
    };
    // Backward: the λ-return of each position, for its side on roll.
    let Some(&(_, last_side)) = positions.last() else { return (0, 0.0) };
    let mut target = Outputs::finished(if last_side == 0 { points } else { -points });
    let mut targets = vec![target; positions.len()];
    for t in (0..positions.len() - 1).rev() {
        let (board, side) = positions[t + 1];
        let next = nets.outputs(&board, side).flipped();
        let later = target.flipped();
        target = Outputs(std::array::from_fn(|k| (1.0 - learning.lambda) * next.0[k] + learning.lambda * later.0[k]));
        targets[t] = target;
    }
    let mut error = 0.0;
    for ((board, side), target) in positions.iter().zip(&targets) {
        if Bearoff::get().race(board, *side).is_some() {
            // The database knows it: nothing for a net to learn.
            continue;
        }
        let inputs = Inputs::of(board, *side);
        error += nets.net_for_mut(board).learn(&inputs, target, learning.alpha);
    }
    nets.games += 1;
    (positions.len(), error)
}

/// A series of paired games: each seed dealt twice, the colours swapped.
#[derive(Clone, Copy, Debug, Default)]
pub struct MatchScore {
    /// Games finished.
    pub games: u64,
    /// Points won by the first player of the match, less points lost.
    pub points: i64,
    /// The sum over seeds of the squared points of the pair (for the interval).
    pub pair_squares: f64,
    /// Pairs finished.
    pub pairs: u64,
}

impl MatchScore {
    /// Points a game for the player.
    pub fn per_game(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.points as f64 / self.games as f64
        }
    }

    /// Half the width of the 95% interval of [`MatchScore::per_game`],
    /// from the spread of the pairs' results (each pair one sample: the
    /// two games of a seed are not independent).
    pub fn interval(&self) -> f64 {
        if self.pairs < 2 {
            return f64::INFINITY;
        }
        let n = self.pairs as f64;
        let mean = self.points as f64 / n;
        let variance = (self.pair_squares - n * mean * mean) / (n - 1.0);
        1.96 * (variance / n).sqrt() / 2.0
    }
}

/// `player` against `other` over the seeds `seeds` (each seed's dice
/// dealt twice, `player` first in one game and second in the other).
pub fn paired_match(player: &dyn Chooser, other: &dyn Chooser, seeds: std::ops::Range<u64>) -> MatchScore {
    let mut score = MatchScore::default();
    for seed in seeds {
        let first = play_game([player, other], &mut game_rng(seed, u64::MAX), |_, _| {});
        let second = play_game([other, player], &mut game_rng(seed, u64::MAX), |_, _| {});
        let (Some(first), Some(second)) = (first, second) else { continue };
        let pair = i64::from(first - second);
        score.games += 2;
        score.pairs += 1;
        score.points += pair;
        score.pair_squares += (pair * pair) as f64;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_between_pubevals_ends_with_one_to_three_points() {
        let points = play_game([&PubevalPlayer, &PubevalPlayer], &mut game_rng(1, 0), |_, _| {});
        let points = points.map(i32::abs);
        assert!(matches!(points, Some(1..=3)), "{points:?}");
    }

    #[test]
    fn pubeval_against_itself_scores_zero_on_paired_seeds() {
        let score = paired_match(&PubevalPlayer, &PubevalPlayer, 0..5);
        assert_eq!((score.games, score.points), (10, 0));
    }

    #[test]
    fn the_same_game_number_trains_the_same_nets() {
        let learning = Learning { alpha: 0.1, lambda: 0.5 };
        let (mut a, mut b) = (Nets::random(8, 5), Nets::random(8, 5));
        train_game(&mut a, 3, learning);
        train_game(&mut b, 3, learning);
        assert_eq!(a, b);
        assert_eq!(a.games, 1);
    }
}
