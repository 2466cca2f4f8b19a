//! Tesauro's pubeval: a published linear evaluation of backgammon
//! positions, for move selection ("makes lots of obvious mistakes, but
//! provides a decent level of play for benchmarking purposes").
//!
//! Source of the weights: Gerald Tesauro's `pubeval.c` (public domain,
//! posted to rec.games.backgammon in 1993; the copy in OpenBSD's
//! `games/backgammon`, `pubeval.c` revision 1.3, 2015). The encoding below
//! is written from its description there: a score for the board *after*
//! the mover's play, seen by the mover, with one weight vector for
//! contact positions and one for races, the race flag taken from the
//! position *before* the play.
//!
//! Inputs (122): for each of the mover's points 24 down to 1 (block
//! `24 - point`), five: an opponent blot there; exactly one own checker;
//! at least two; exactly three; and `(n - 3) / 2` for `n >= 4` own
//! checkers. Then the opponent's checkers on the bar over 2, and the
//! mover's checkers off over 15. The mover's own bar is not an input.

use super::board::{Board, BAR, POINTS};

/// The inputs of one point.
const PER_POINT: usize = 5;
/// All the inputs.
const INPUTS: usize = POINTS * PER_POINT + 2;

/// Contact weights (Tesauro's `wc`).
#[rustfmt::skip]
const CONTACT: [f32; INPUTS] = [
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654,
    -0.92830, -1.99558, -1.10388, -0.80802, 0.09856, -0.62086, -1.27999, -0.59220,
    -0.73667, 0.89032, -0.38933, -1.59847, -1.50197, -0.60966, 1.56166, -0.47389,
    -1.80390, -0.83425, -0.97741, -1.41371, 0.24500, 0.10970, -1.36476, -1.05572,
    1.15420, 0.11069, -0.38319, -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
    -0.73169, -0.56074, 1.09792, 0.15977, 0.13786, -1.18435, -0.43363, 1.06169,
    -0.21329, 0.04798, -0.94373, -0.22982, 1.22737, -0.13099, -0.06295, -0.75882,
    -0.13658, 1.78389, 0.30416, 0.36797, -0.69851, 0.13003, 1.23070, 0.40868,
    -0.21081, -0.64073, 0.31061, 1.59554, 0.65718, 0.25429, -0.80789, 0.08240,
    1.78964, 0.54304, 0.41174, -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
    -0.90750, 0.05941, 1.83120, 0.58722, 1.28777, -0.83711, -0.33248, 2.64983,
    0.52698, 0.82132, -0.58897, -1.18223, 3.35809, 0.62017, 0.57353, -0.07276,
    -0.36214, 4.37655, 0.45481, 0.21746, 0.10504, -0.61977, 3.54001, 0.04612,
    -0.18108, 0.63211, -0.87046, 2.47673, -0.48016, -1.27157, 0.86505, -1.11342,
    1.24612, -0.82385, -2.77082, 1.23606, -1.59529, 0.10438, -1.30206, -4.11520,
    5.62596, -2.75800,
];

/// Race weights (Tesauro's `wr`).
#[rustfmt::skip]
const RACE: [f32; INPUTS] = [
    0.00000, -0.17160, 0.27010, 0.29906, -0.08471, 0.00000, -1.40375, -1.05121,
    0.07217, -0.01351, 0.00000, -1.29506, -2.16183, 0.13246, -1.03508, 0.00000,
    -2.29847, -2.34631, 0.17253, 0.08302, 0.00000, -1.27266, -2.87401, -0.07456,
    -0.34240, 0.00000, -1.34640, -2.46556, -0.13022, -0.01591, 0.00000, 0.27448,
    0.60015, 0.48302, 0.25236, 0.00000, 0.39521, 0.68178, 0.05281, 0.09266,
    0.00000, 0.24855, -0.06844, -0.37646, 0.05685, 0.00000, 0.17405, 0.00430,
    0.74427, 0.00576, 0.00000, 0.12392, 0.31202, -0.91035, -0.16270, 0.00000,
    0.01418, -0.10839, -0.02781, -0.88035, 0.00000, 1.07274, 2.00366, 1.16242,
    0.22520, 0.00000, 0.85631, 1.06349, 1.49549, 0.18966, 0.00000, 0.37183,
    -0.50352, -0.14818, 0.12039, 0.00000, 0.13681, 0.13978, 1.11245, -0.12707,
    0.00000, -0.22082, 0.20178, -0.06285, -0.52728, 0.00000, -0.13597, -0.19412,
    -0.09308, -1.26062, 0.00000, 3.05454, 5.16874, 1.50680, 5.35000, 0.00000,
    2.19605, 3.85390, 0.88296, 2.30052, 0.00000, 0.92321, 1.08744, -0.11696,
    -0.78560, 0.00000, -0.09795, -0.83050, -1.09167, -4.94251, 0.00000, -1.00316,
    -3.66465, -2.56906, -9.67677, 0.00000, -2.77982, -7.26713, -3.40177, -12.32252,
    0.00000, 3.42040,
];

/// Whether no checker of either side has still to pass one of the other's
/// (a race): the two rearmost checkers, each counted on its own side's
/// points (the bar as 25), add up to less than 25.
pub fn is_race(board: &Board) -> bool {
    let rearmost = |side: usize| board.counts[side].iter().rposition(|&n| n > 0).map_or(0, |index| index + 1);
    rearmost(0) + rearmost(1) < POINTS + 1
}

/// The 122 inputs of `board` seen by `mover`.
fn inputs(board: &Board, mover: usize) -> [f32; INPUTS] {
    let mut x = [0.0; INPUTS];
    for index in 0..POINTS {
        let block = PER_POINT * (POINTS - 1 - index);
        let mine = board.counts[mover][index];
        if mine == 0 && board.opponent_on(mover, index) == 1 {
            x[block] = 1.0;
        }
        match mine {
            1 => x[block + 1] = 1.0,
            3 => x[block + 3] = 1.0,
            _ => {}
        }
        if mine >= 2 {
            x[block + 2] = 1.0;
        }
        if mine >= 4 {
            x[block + 4] = f32::from(mine - 3) / 2.0;
        }
    }
    x[INPUTS - 2] = f32::from(board.counts[1 - mover][BAR]) / 2.0;
    x[INPUTS - 1] = f32::from(board.off(mover)) / 15.0;
    x
}

/// Pubeval's score of `board` for `mover`, who has just played (larger is
/// better for it), with the race weights when `race` (the position before
/// the play was a race). Not an equity: only differences between the
/// plays of one roll mean something.
pub fn score(board: &Board, mover: usize, race: bool) -> f32 {
    let weights = if race { &RACE } else { &CONTACT };
    inputs(board, mover).iter().zip(weights).map(|(x, w)| x * w).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_position_is_contact_and_a_bare_race_is_a_race() {
        assert!(!is_race(&Board::start()));
        let mut race = Board { counts: [[0; super::super::board::SLOTS]; 2] };
        // All on the mover's 12 point and on the other's 12 (the mover's 13):
        // they have passed each other.
        race.counts[0][11] = 15;
        race.counts[1][11] = 15;
        assert!(is_race(&race));
        race.counts[1][11] = 14;
        race.counts[1][BAR] = 1;
        assert!(!is_race(&race));
    }

    #[test]
    fn the_start_scores_as_a_line_by_line_reading_of_tesauros_code_gives() {
        // Computed by hand from Tesauro's setx(): blocks of the mover's 24
        // (2 checkers), 13 (5), 8 (3), 6 (5) points; no opponent blot.
        let expected = CONTACT[2]
            + CONTACT[5 * 11 + 2]
            + CONTACT[5 * 11 + 4]
            + CONTACT[5 * 16 + 2]
            + CONTACT[5 * 16 + 3]
            + CONTACT[5 * 18 + 2]
            + CONTACT[5 * 18 + 4];
        assert!((score(&Board::start(), 0, false) - expected).abs() < 1e-5);
    }
}
