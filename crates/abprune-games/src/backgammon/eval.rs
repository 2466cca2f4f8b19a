//! The evaluation, in thousandths of a point (the units of the game's
//! results, where a single game is worth [`POINT`]): for now Tesauro's
//! pubeval ([`super::pubeval`]) from the view of the side that moved last,
//! scaled and clamped inside a single game's worth.
//!
//! Pubeval is no equity: it ranks the plays of one roll (its purpose), and
//! its scores run from about -60 (races) to +25 over self-play positions,
//! not symmetric between the sides. Scaled by [`PUBEVAL_SCALE`] they fit
//! the range; a calibrated equity is later work.

use super::board::Board;
use super::pubeval;

/// A single game's worth, in the evaluation's units (a gammon is two,
/// a backgammon three).
pub const POINT: i32 = 1000;
/// Evaluation units per unit of pubeval's score: its self-play scores
/// (-59 to +25 over 3,059 positions of 50 games) stay inside `CAP`.
pub const PUBEVAL_SCALE: f32 = 15.0;
/// The evaluation stays strictly inside a single game's worth, below any
/// finished game's value: `±CAP` bounds every evaluated leaf.
pub const CAP: i32 = POINT - 1;

/// Pubeval's score of the board after `mover`'s play, for `mover`, in
/// evaluation units; `race` says whether the position before the play was
/// a race (pubeval's choice of weights).
pub fn after_play(board: &Board, mover: usize, race: bool) -> i32 {
    let scaled = (pubeval::score(board, mover, race) * PUBEVAL_SCALE).round();
    (scaled as i32).clamp(-CAP, CAP)
}

/// The value of `board` for `side` (to move): the other side's pubeval
/// score, negated (it moved last), with the weights of the position as it
/// stands.
pub fn evaluate(board: &Board, side: usize) -> i32 {
    -after_play(board, 1 - side, pubeval::is_race(board))
}
