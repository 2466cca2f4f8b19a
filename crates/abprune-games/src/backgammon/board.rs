//! The checkers: where each side's fifteen are, counted from its own side.
//!
//! ```text
//!  Second's view:  1  2  3 ...                          ... 24   bar
//!   13 14 15 16 17 18   19 20 21 22 23 24      <- First's points
//!   12 11 10  9  8  7    6  5  4  3  2  1      First's home board (bears off to the right)
//! ```
//!
//! Each side counts the points from its own ace point (1, its last before
//! bearing off) to its 24 point (where two of its checkers start), as
//! gnubg's boards do: a side's point `p` is the other side's point
//! `25 - p`. Index `p - 1` holds point `p`; index [`BAR`] the side's
//! checkers on the bar (they move from "point 25"). Checkers borne off are
//! the rest of the fifteen.

/// The checkers each side has.
pub const CHECKERS: u8 = 15;
/// The points of the board.
pub const POINTS: usize = 24;
/// The index of the bar in a side's counts: a checker there moves as if
/// from point 25.
pub const BAR: usize = 24;
/// Slots in a side's counts: the 24 points and the bar.
pub const SLOTS: usize = 25;
/// The points of a home board (a side bears off once all its checkers are
/// on its points 1 to 6).
pub const HOME: usize = 6;

/// Both sides' checkers; side 0 is [`abprune::Player::First`], side 1 the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// `counts[side][index]`: the side's checkers on its point `index + 1`,
    /// or on the bar at [`BAR`].
    pub counts: [[u8; SLOTS]; 2],
}

/// Where a step lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// On the mover's point with this index.
    Point(usize),
    /// Off the board.
    Off,
}

impl Board {
    /// The starting position: for each side two checkers on its 24 point,
    /// five on its 13, three on its 8 and five on its 6.
    pub const fn start() -> Board {
        let mut side = [0u8; SLOTS];
        side[23] = 2;
        side[12] = 5;
        side[7] = 3;
        side[5] = 5;
        Board { counts: [side, side] }
    }

    /// The side's checkers borne off.
    pub fn off(&self, side: usize) -> u8 {
        CHECKERS - self.counts[side].iter().sum::<u8>()
    }

    /// The side's pip count: how far its checkers have still to travel.
    pub fn pips(&self, side: usize) -> u32 {
        self.counts[side].iter().enumerate().map(|(index, &n)| (index as u32 + 1) * u32::from(n)).sum()
    }

    /// The opponent's checkers on the point the mover calls `index`.
    pub fn opponent_on(&self, side: usize, index: usize) -> u8 {
        self.counts[1 - side][POINTS - 1 - index]
    }

    /// Whether all the side's checkers are in its home board (or off).
    pub fn all_home(&self, side: usize) -> bool {
        self.counts[side][HOME..].iter().all(|&n| n == 0)
    }

    /// Where a checker of `side` on `from` lands with `die`, if the rules
    /// allow the step (not counting the duty to enter from the bar first,
    /// which the move generator keeps): a point the opponent holds with two
    /// or more is closed; bearing off needs every checker home, and a die
    /// larger than the distance only from the highest occupied point.
    pub fn landing(&self, side: usize, from: usize, die: u8) -> Option<Landing> {
        if self.counts[side][from] == 0 {
            return None;
        }
        let die = usize::from(die);
        if from >= die {
            let to = from - die;
            return (self.opponent_on(side, to) < 2).then_some(Landing::Point(to));
        }
        if !self.all_home(side) {
            return None;
        }
        let exact = from + 1 == die;
        let highest = self.counts[side][from + 1..HOME].iter().all(|&n| n == 0);
        (exact || highest).then_some(Landing::Off)
    }

    /// Moves one checker of `side` from `from` to `landing`; returns whether
    /// it hit a blot (sent to the opponent's bar).
    pub fn step(&mut self, side: usize, from: usize, landing: Landing) -> bool {
        self.counts[side][from] -= 1;
        let Landing::Point(to) = landing else { return false };
        self.counts[side][to] += 1;
        let theirs = POINTS - 1 - to;
        if self.counts[1 - side][theirs] == 1 {
            self.counts[1 - side][theirs] = 0;
            self.counts[1 - side][BAR] += 1;
            return true;
        }
        false
    }

    /// Takes back [`Board::step`], which returned `hit`.
    pub fn unstep(&mut self, side: usize, from: usize, landing: Landing, hit: bool) {
        self.counts[side][from] += 1;
        let Landing::Point(to) = landing else { return };
        self.counts[side][to] -= 1;
        if hit {
            self.counts[1 - side][BAR] -= 1;
            self.counts[1 - side][POINTS - 1 - to] = 1;
        }
    }

    /// The board seen from the other side (each side's counts swap places).
    pub fn mirrored(&self) -> Board {
        Board { counts: [self.counts[1], self.counts[0]] }
    }

    /// Why the board is impossible, if it is: more than fifteen checkers a
    /// side, or both sides on one point.
    pub fn defect(&self) -> Option<String> {
        for side in 0..2 {
            let total: u32 = self.counts[side].iter().map(|&n| u32::from(n)).sum();
            if total > u32::from(CHECKERS) {
                return Some(format!("side {} has {total} checkers (at most {CHECKERS})", side + 1));
            }
        }
        (0..POINTS)
            .find(|&index| self.counts[0][index] > 0 && self.opponent_on(0, index) > 0)
            .map(|index| format!("both sides have checkers on point {} (first side's count)", index + 1))
    }
}

/// The landing index of a step from `from` with `die`, as the notation
/// writes it: `None` for off.
pub fn landing_index(from: usize, die: u8) -> Option<usize> {
    from.checked_sub(usize::from(die))
}
