//! Zobrist keys: one random number per (side, point or bar, checker count),
//! per roll waiting to be played, and for the second player to move.
//!
//! The checkers borne off need no number of their own: they are what the
//! counts leave of fifteen. The numbers come from SplitMix64 at compile
//! time, so every build has the same keys.

use super::board::{Board, CHECKERS, SLOTS};
use super::moves::Dice;

/// The different rolls.
pub const ROLLS: usize = 21;

/// SplitMix64's step: the `n`th number of the sequence seeded with 0.
const fn splitmix(n: u64) -> u64 {
    let mut z = n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The counts 0 to 15 a slot can hold.
const COUNTS: usize = CHECKERS as usize + 1;

/// `CHECKER_KEYS[side][slot][count]`; count 0 is 0 so an empty board keys to 0.
const CHECKER_KEYS: [[[u64; COUNTS]; SLOTS]; 2] = {
    let mut keys = [[[0; COUNTS]; SLOTS]; 2];
    let mut side = 0;
    while side < 2 {
        let mut slot = 0;
        while slot < SLOTS {
            let mut count = 1;
            while count < COUNTS {
                keys[side][slot][count] = splitmix(((side * SLOTS + slot) * COUNTS + count) as u64);
                count += 1;
            }
            slot += 1;
        }
        side += 1;
    }
    keys
};

/// The number of each roll waiting to be played.
const ROLL_KEYS: [u64; ROLLS] = {
    let mut keys = [0; ROLLS];
    let mut roll = 0;
    while roll < ROLLS {
        keys[roll] = splitmix((2 * SLOTS * COUNTS + roll) as u64);
        roll += 1;
    }
    keys
};

/// The number of the second player to move.
const SECOND_TO_MOVE: u64 = splitmix((2 * SLOTS * COUNTS + ROLLS) as u64);

/// The key of a slot holding `count` checkers.
pub fn checkers(side: usize, slot: usize, count: u8) -> u64 {
    CHECKER_KEYS[side][slot][usize::from(count)]
}

/// The key of a roll waiting to be played (none: 0).
pub fn roll(dice: Option<Dice>) -> u64 {
    dice.map_or(0, |dice| ROLL_KEYS[dice.index()])
}

/// The key of the side to move (side 0, the first player: 0).
pub fn to_move(side: usize) -> u64 {
    if side == 1 {
        SECOND_TO_MOVE
    } else {
        0
    }
}

/// The key of a whole position, computed afresh.
pub fn full(board: &Board, side: usize, dice: Option<Dice>) -> u64 {
    let mut key = to_move(side) ^ roll(dice);
    for (s, counts) in board.counts.iter().enumerate() {
        for (slot, &count) in counts.iter().enumerate() {
            key ^= checkers(s, slot, count);
        }
    }
    key
}
