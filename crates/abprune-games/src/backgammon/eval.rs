//! A placeholder evaluation, until the real one: the race and a few
//! plain terms, in thousandths of a point (the units of the game's
//! results, where a single game is worth [`POINT`]).
//!
//! Not pubeval: its published weights are not reproduced here from memory.

use super::board::{Board, BAR, HOME, POINTS};

/// A single game's worth, in the evaluation's units (a gammon is two,
/// a backgammon three).
pub const POINT: i32 = 1000;
/// What one pip of the race is worth.
const PIP: i32 = 8;
/// What a checker on the bar costs its side.
const ON_BAR: i32 = 40;
/// What a blot (a lone checker) outside the home board stretch costs.
const BLOT: i32 = 15;
/// What a made point (two or more checkers) in the home board is worth.
const HOME_POINT: i32 = 20;
/// The evaluation stays strictly inside a single game's worth, below any
/// finished game's value.
const CAP: i32 = POINT - 1;

/// The side's terms, from its own view.
fn terms(board: &Board, side: usize) -> i32 {
    let counts = &board.counts[side];
    let bar = ON_BAR * i32::from(counts[BAR]);
    let blots = BLOT * counts[..POINTS].iter().filter(|&&n| n == 1).count() as i32;
    let home = HOME_POINT * counts[..HOME].iter().filter(|&&n| n >= 2).count() as i32;
    home - blots - bar
}

/// The value of `board` for `side` (to move), in thousandths of a point.
pub fn evaluate(board: &Board, side: usize) -> i32 {
    let race = PIP * (board.pips(1 - side) as i32 - board.pips(side) as i32);
    let value = race + terms(board, side) - terms(board, 1 - side);
    value.clamp(-CAP, CAP)
}
