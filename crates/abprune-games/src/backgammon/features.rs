//! The inputs of the evaluation nets: a board seen by the side on roll.
//!
//! For each side, the side on roll first ([`PER_SIDE`] inputs each):
//! - Tesauro's four units for each of its 24 points (counted from its own
//!   side): one checker or more, two or more, three or more, and
//!   `(n - 3) / 2` beyond three (TD-Gammon's encoding, 96 inputs);
//! - its checkers on the bar over 2 and borne off over 15 (Tesauro's);
//! - the features that helped the nets after TD-Gammon (gnubg's input
//!   documentation, Higgins's 2012 experiments): its pip count over
//!   200; its checkers back (in the other side's home board or
//!   on the bar) over 5; its longest prime (consecutive made points) over
//!   6; the other side's shots at its blots (rolls of 36 that hit one,
//!   over 36); and the escapes of its rearmost checker (rolls of 36 that
//!   carry it past every point the other side holds within twelve pips).
//!
//! The side on roll is implicit (it is always the first block), so no
//! turn input is needed. The inputs are kept sparse as well as dense: a
//! position sets about fifty of the [`INPUTS`], and the first layer adds
//! only their columns.

use super::board::{Board, BAR, HOME, POINTS};

/// Tesauro's units for one point.
const UNITS_PER_POINT: usize = 4;
/// Inputs for one side.
pub const PER_SIDE: usize = POINTS * UNITS_PER_POINT + 7;
/// All the inputs.
pub const INPUTS: usize = 2 * PER_SIDE;
/// Pips per unit of the pip-count input (the start's 167 is 0.835).
const PIP_SCALE: f32 = 200.0;
/// How far ahead the escapes look for blocking points.
const ESCAPE_REACH: usize = 12;

/// The inputs of one board: dense values and the indices set.
#[derive(Clone, Debug)]
pub struct Inputs {
    /// Every input's value.
    pub values: [f32; INPUTS],
    /// The indices whose value is not zero, ascending.
    pub nonzero: Vec<u16>,
}

impl Inputs {
    /// The inputs of `board` seen by `side`, who is on roll.
    pub fn of(board: &Board, side: usize) -> Inputs {
        let mut values = [0.0; INPUTS];
        side_inputs(board, side, &mut values[..PER_SIDE]);
        side_inputs(board, 1 - side, &mut values[PER_SIDE..]);
        let nonzero = (0..INPUTS).filter(|&i| values[i] != 0.0).map(|i| i as u16).collect();
        Inputs { values, nonzero }
    }
}

/// The [`PER_SIDE`] inputs of `side`'s checkers.
fn side_inputs(board: &Board, side: usize, out: &mut [f32]) {
    let counts = &board.counts[side];
    for index in 0..POINTS {
        let n = counts[index];
        let block = &mut out[UNITS_PER_POINT * index..UNITS_PER_POINT * (index + 1)];
        block[0] = f32::from(u8::from(n >= 1));
        block[1] = f32::from(u8::from(n >= 2));
        block[2] = f32::from(u8::from(n >= 3));
        block[3] = if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 };
    }
    let extra = &mut out[POINTS * UNITS_PER_POINT..];
    extra[0] = f32::from(counts[BAR]) / 2.0;
    extra[1] = f32::from(board.off(side)) / 15.0;
    extra[2] = board.pips(side) as f32 / PIP_SCALE;
    extra[3] = f32::from(counts[POINTS - HOME..].iter().sum::<u8>()) / 5.0;
    extra[4] = longest_prime(board, side) as f32 / 6.0;
    extra[5] = f32::from(shots(board, side)) / 36.0;
    extra[6] = f32::from(escapes(board, side)) / 36.0;
}

/// The most consecutive points `side` holds with two or more checkers.
fn longest_prime(board: &Board, side: usize) -> usize {
    let (mut longest, mut run) = (0, 0);
    for index in 0..POINTS {
        run = if board.counts[side][index] >= 2 { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// Whether `side` holds the point it calls `index` (two or more checkers):
/// closed to the other side.
fn holds(board: &Board, side: usize, index: usize) -> bool {
    board.counts[side][index] >= 2
}

/// Whether the other side's checker can travel from its index `from`
/// by the steps `die` (repeated `times`), each landing open (not held by
/// `side`), to its index `target`: the path of a hit.
fn path_open(board: &Board, side: usize, from: usize, die: usize, times: usize) -> bool {
    (1..=times).all(|k| {
        let to = from - die * k;
        k == times || !holds(board, side, POINTS - 1 - to)
    })
}

/// How many of the 36 rolls let the other side hit a blot of `side`: a
/// die, or both (either order), or a double's two to four steps, each
/// landing on a point `side` does not hold. A checker of the other side
/// on the bar may still hit (its entry is not checked): an estimate, as
/// gnubg's own shot counts are.
fn shots(board: &Board, side: usize) -> u8 {
    let other = 1 - side;
    // The other side's index of each of `side`'s blots.
    let blots: Vec<usize> = (0..POINTS).filter(|&i| board.counts[side][i] == 1).map(|i| POINTS - 1 - i).collect();
    if blots.is_empty() {
        return 0;
    }
    let shooters: Vec<usize> = (0..=BAR).filter(|&i| board.counts[other][i] > 0).collect();
    let hits = |dice: (usize, usize)| {
        blots.iter().any(|&target| {
            shooters.iter().any(|&from| {
                if from <= target {
                    return false;
                }
                let distance = from - target;
                let (a, b) = dice;
                if a == b {
                    distance % a == 0 && distance / a <= 4 && path_open(board, side, from, a, distance / a)
                } else {
                    distance == a
                        || distance == b
                        || (distance == a + b
                            && (!holds(board, side, POINTS - 1 - (from - a))
                                || !holds(board, side, POINTS - 1 - (from - b))))
                }
            })
        })
    };
    let mut count = 0;
    for a in 1..=6 {
        for b in a..=6 {
            if hits((a, b)) {
                count += if a == b { 1 } else { 2 };
            }
        }
    }
    count
}

/// How many of the 36 rolls carry `side`'s rearmost checker past every
/// point the other side holds within [`ESCAPE_REACH`] pips in front of
/// it (36 when none is there, or once it has passed the other side's
/// checkers): one die, both in turn, or a double's steps, each landing
/// open.
fn escapes(board: &Board, side: usize) -> u8 {
    let Some(rear) = (0..=BAR).rev().find(|&i| board.counts[side][i] > 0) else { return 36 };
    let blocked = |index: usize| board.opponent_on(side, index) >= 2;
    let reach = rear.saturating_sub(ESCAPE_REACH);
    let Some(last_block) = (reach..rear).find(|&i| blocked(i)) else { return 36 };
    let escapes_with = |steps: &[usize]| {
        let mut at = rear;
        for &die in steps {
            if at < die {
                return false;
            }
            at -= die;
            if blocked(at) {
                return false;
            }
            if at < last_block {
                return true;
            }
        }
        false
    };
    let mut count = 0;
    for a in 1..=6 {
        for b in a..=6 {
            let escaped = if a == b { escapes_with(&[a; 4]) } else { escapes_with(&[a, b]) || escapes_with(&[b, a]) };
            if escaped {
                count += if a == b { 1 } else { 2 };
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::board::SLOTS;

    fn empty() -> Board {
        Board { counts: [[0; SLOTS]; 2] }
    }

    #[test]
    fn the_start_has_no_blot_a_one_point_prime_and_its_pip_count() {
        let inputs = Inputs::of(&Board::start(), 0);
        let extra = POINTS * UNITS_PER_POINT;
        for side in 0..2 {
            let block = &inputs.values[side * PER_SIDE + extra..(side + 1) * PER_SIDE];
            assert_eq!(block[2], 167.0 / PIP_SCALE);
            assert_eq!(block[3], 2.0 / 5.0);
            assert_eq!(block[4], 1.0 / 6.0);
            assert_eq!(block[5], 0.0);
        }
        assert!(inputs.nonzero.iter().all(|&i| inputs.values[usize::from(i)] != 0.0));
    }

    #[test]
    fn a_blot_six_pips_from_a_checker_is_hit_by_the_rolls_of_direct_six() {
        // Side 0's blot on its 10 point (index 9) is side 1's index 14;
        // side 1's checker on its index 20 is six pips away.
        let mut board = empty();
        board.counts[0][9] = 1;
        board.counts[1][20] = 1;
        // A six on either die (11), 5-1, 4-2 (4), 3-3 and 2-2 (2): 17 of 36.
        assert_eq!(shots(&board, 0), 17);
        // Side 0 holding side 1's indices 15 and 16 (five and four pips
        // on) blocks 5-1 and 4-2 one way each (the other order hits) and
        // 2-2 (through 16): 16 of 36.
        board.counts[0][POINTS - 1 - 15] = 2;
        board.counts[0][POINTS - 1 - 16] = 2;
        assert_eq!(shots(&board, 0), 16);
    }

    #[test]
    fn a_checker_behind_a_full_prime_cannot_escape() {
        let mut board = empty();
        board.counts[0][23] = 1;
        // Side 1 holds side 0's points 17 to 22 (indices 16..22): a six-prime.
        for index in 16..22 {
            board.counts[1][POINTS - 1 - index] = 2;
        }
        assert_eq!(escapes(&board, 0), 0);
        assert_eq!(longest_prime(&board, 1), 6);
        let open = empty();
        assert_eq!(escapes(&open, 0), 36);
    }
}
