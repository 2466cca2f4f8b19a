//! Dice, checker plays, and the legal plays of a roll.
//!
//! The rules a play must keep, as the standard rules (and gnubg) state
//! them: a checker on the bar enters before any other moves; a play uses
//! as many of the dice as can be used (four steps for doubles); when only
//! one die of two different ones can be used, the larger, if it can be;
//! a checker bears off with the exact number, or with a larger one from
//! the highest occupied point, once every checker is home. Plays that lead
//! to the same position are one play ([`legal_plays`] lists each resulting
//! position once, as gnubg's move list does).

use super::board::{Board, Landing, BAR, SLOTS};
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The most steps of a play (doubles).
pub const MAX_STEPS: usize = 4;

/// A roll of the two dice, the larger first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice {
    high: u8,
    low: u8,
}

impl Dice {
    /// The roll of `a` and `b` (in either order), or `None` unless both are 1 to 6.
    pub fn new(a: u8, b: u8) -> Option<Dice> {
        ((1..=6).contains(&a) && (1..=6).contains(&b)).then(|| Dice { high: a.max(b), low: a.min(b) })
    }

    /// The larger die.
    pub const fn high(self) -> u8 {
        self.high
    }

    /// The smaller die.
    pub const fn low(self) -> u8 {
        self.low
    }

    /// Whether both dice show the same number (four steps to play).
    pub const fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The 21 different rolls, with their chances out of 36 (1 for a
    /// double, 2 for the others).
    pub fn all() -> impl Iterator<Item = (Dice, u64)> {
        (1..=6u8).flat_map(|high| (1..=high).map(move |low| (Dice { high, low }, if high == low { 1 } else { 2 })))
    }

    /// A dense index 0..21 of the roll.
    pub const fn index(self) -> usize {
        (self.high as usize - 1) * self.high as usize / 2 + self.low as usize - 1
    }
}

impl fmt::Display for Dice {
    /// `53`, as gnubg writes a roll.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high, self.low)
    }
}

/// One checker moved by one die: from the mover's point `from + 1` (or the
/// bar, [`BAR`]) `die` pips on, or off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Step {
    /// The index of the point (or the bar) the checker leaves.
    pub from: u8,
    /// The die used.
    pub die: u8,
}

impl Step {
    /// Where the checker lands: a bear-off when the die exceeds the
    /// distance to the edge.
    pub fn landing(self) -> Landing {
        match usize::from(self.from).checked_sub(usize::from(self.die)) {
            Some(to) => Landing::Point(to),
            None => Landing::Off,
        }
    }
}

/// A checker play: up to four steps, in order; none is the pass of a roll
/// that cannot be played at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Play {
    steps: [Step; MAX_STEPS],
    len: u8,
}

impl Play {
    /// The pass: no checker can move.
    pub const PASS: Play = Play { steps: [Step { from: 0, die: 0 }; MAX_STEPS], len: 0 };

    /// The steps, in the order they are played.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }

    fn push(&mut self, step: Step) {
        self.steps[usize::from(self.len)] = step;
        self.len += 1;
    }
}

impl fmt::Display for Play {
    /// Steps as `13/8 bar/22 6/off` (points counted from the mover's side),
    /// `pass` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("pass");
        }
        for (i, step) in self.steps().iter().enumerate() {
            let from = usize::from(step.from);
            let from = if from == BAR { "bar".to_string() } else { (from + 1).to_string() };
            let to = match step.landing() {
                Landing::Point(to) => (to + 1).to_string(),
                Landing::Off => "off".to_string(),
            };
            write!(f, "{}{from}/{to}", if i > 0 { " " } else { "" })?;
        }
        Ok(())
    }
}

/// A move of the game: chance's roll, or the roller's checker play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The dice thrown (a chance outcome).
    Roll(Dice),
    /// The checkers moved with the dice thrown.
    Play(Play),
}

/// Appends to `plays` every legal play of `side` with `dice` on `board`,
/// one per resulting position (the pass alone when nothing can move).
pub fn legal_plays(board: &Board, side: usize, dice: Dice, plays: &mut Vec<Play>) {
    for_each_legal_play(board, side, dice, |play| plays.push(play));
}

/// The buffers [`for_each_legal_play`] reuses on its thread: the plays
/// found with their boards, and the boards already listed. A search
/// generates plays at every decision node; reusing them keeps the
/// generation free of allocation once they have grown.
#[derive(Default)]
struct Scratch {
    found: Vec<(Play, Board)>,
    reached: HashSet<Board, BuildHasherDefault<BoardHasher>>,
}

/// A fast hash of the boards of one roll's plays (no adversary chooses
/// them, so the standard library's DoS-proof SipHash, a quarter of a
/// search's time, is not needed): eight bytes at a time, multiplied and
/// rotated as rustc's FxHasher does.
#[derive(Default)]
struct BoardHasher {
    hash: u64,
}

impl BoardHasher {
    /// FxHasher's multiplier (from the golden ratio).
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for BoardHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let mut rest = [0; 8];
        rest[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.add(u64::from_le_bytes(rest));
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Calls `each` with every legal play of `side` with `dice` on `board`,
/// one per resulting position (the pass alone when nothing can move), in
/// the order [`legal_plays`] lists them. Allocates nothing once the
/// thread's buffers have grown to the largest roll seen.
pub fn for_each_legal_play(board: &Board, side: usize, dice: Dice, mut each: impl FnMut(Play)) {
    SCRATCH.with(|scratch| {
        // A nested call (none today) gets fresh buffers instead of a panic.
        let mut fresh = Scratch::default();
        let mut borrowed = scratch.try_borrow_mut();
        let Scratch { found, reached } = match borrowed.as_deref_mut() {
            Ok(scratch) => scratch,
            Err(_) => &mut fresh,
        };
        found.clear();
        reached.clear();
        let mut board = *board;
        if dice.is_double() {
            extend(&mut board, side, &[dice.high; MAX_STEPS], BAR, Play::PASS, found);
        } else {
            extend(&mut board, side, &[dice.high, dice.low], BAR, Play::PASS, found);
            extend(&mut board, side, &[dice.low, dice.high], BAR, Play::PASS, found);
        }
        let most = found.iter().map(|(play, _)| play.len).max().unwrap_or(0);
        found.retain(|(play, _)| play.len == most);
        // One die of two usable alone: the larger, when it can be.
        if most == 1 && found.iter().any(|(play, _)| play.steps[0].die == dice.high) {
            found.retain(|(play, _)| play.steps[0].die == dice.high);
        }
        for (play, after) in found.iter() {
            if reached.insert(*after) {
                each(*play);
            }
        }
    });
}

/// The board after `side` plays `play`.
pub fn apply(board: &Board, side: usize, play: &Play) -> Board {
    let mut after = *board;
    for step in play.steps() {
        after.step(side, usize::from(step.from), step.landing());
    }
    after
}

/// Extends `play` by every legal step with `dice[0]` from a point (or the
/// bar) no higher than `highest`, then the rest; records a play where no
/// step is possible (or no die is left).
///
/// Doubles: the steps of a play can always be taken from the highest
/// point down (a checker that must come home, or in from the bar, to let
/// another bear off or move comes first that way; no step of ours closes
/// a point to another), so each step starts no higher than the one before,
/// as gnubg's generator does. That lists each set of steps once instead of
/// in up to 24 orders: 207,428 calls of this function became 60,699 over
/// the gnubg fixture's 1,268 positions and rolls, with the same plays.
fn extend(board: &mut Board, side: usize, dice: &[u8], highest: usize, play: Play, found: &mut Vec<(Play, Board)>) {
    let Some((&die, rest)) = dice.split_first() else {
        found.push((play, *board));
        return;
    };
    let mut moved = false;
    let sources = if board.counts[side][BAR] > 0 { BAR..SLOTS } else { 0..BAR };
    for from in sources.filter(|&from| from <= highest) {
        let Some(landing) = board.landing(side, from, die) else { continue };
        moved = true;
        let hit = board.step(side, from, landing);
        let mut longer = play;
        longer.push(Step { from: from as u8, die });
        let next = if rest.first() == Some(&die) { from } else { BAR };
        extend(board, side, rest, next, longer, found);
        board.unstep(side, from, landing, hit);
    }
    if !moved {
        found.push((play, *board));
    }
}
