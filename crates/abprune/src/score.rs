//! Scores in the negamax convention.
//!
//! Every score is seen from the side to move at the node it belongs to, as in
//! Knuth & Moore's `F(p)`: a parent's value is the maximum of its children's
//! negated values. Three bands share one `i32`:
//!
//! ```text
//!  -INFINITY  < -WIN .. -WIN+MAX_PLY  <  -MAX_EVAL .. +MAX_EVAL  <  WIN-MAX_PLY .. WIN  < INFINITY
//!   window      lost games, shortest      heuristic values and      won games, shortest     window
//!   bound       loss the lowest           drawn games (0)           win the highest         bound
//! ```
//!
//! A decided game is scored by its distance from the root of the search in
//! plies, so that a shorter win is worth more and a longer loss hurts less:
//! `Score::win_in(3) > Score::win_in(5)` and `Score::loss_in(6) > Score::loss_in(2)`.
//! Negation maps each band onto its mirror image, which is what negamax needs.

use std::fmt;
use std::ops::Neg;

/// A game value from the point of view of the side to move.
///
/// # Examples
/// ```
/// use abprune::Score;
/// assert!(Score::win_in(1) > Score::win_in(3));
/// assert_eq!(-Score::win_in(4), Score::loss_in(4));
/// assert_eq!(Score::win_in(7).plies_to_end(), Some(7));
/// assert!(Score::new(12).is_heuristic());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(i32);

impl Score {
    /// Larger than every score a search returns: the open end of a window.
    pub const INFINITY: Score = Score(i32::MAX);
    /// The value of a game won on the spot (distance 0).
    pub const WIN: Score = Score(1_000_000_000);
    /// The value of a drawn game.
    pub const DRAW: Score = Score(0);
    /// The longest distance to the end a win or loss can carry.
    pub const MAX_PLY: i32 = 100_000;
    /// The largest magnitude a heuristic (static) evaluation may have; anything
    /// beyond it would be confused with a decided game.
    pub const MAX_EVAL: i32 = Self::WIN.0 - Self::MAX_PLY - 1;

    /// A heuristic or leaf value.
    ///
    /// # Panics
    /// In debug builds, if `value` lies outside `-MAX_EVAL..=MAX_EVAL`; use
    /// [`Score::try_new`] for values that come from a user.
    #[inline]
    pub const fn new(value: i32) -> Score {
        debug_assert!(
            value >= -Self::MAX_EVAL && value <= Self::MAX_EVAL,
            "heuristic score outside the evaluation band"
        );
        Score(value)
    }

    /// A heuristic value, or `None` if it would collide with a decided game.
    pub const fn try_new(value: i64) -> Option<Score> {
        if value >= -(Self::MAX_EVAL as i64) && value <= Self::MAX_EVAL as i64 {
            Some(Score(value as i32))
        } else {
            None
        }
    }

    /// The score of a game the side to move wins `plies` plies from the root.
    #[inline]
    pub const fn win_in(plies: u32) -> Score {
        let plies = if plies > Self::MAX_PLY as u32 { Self::MAX_PLY } else { plies as i32 };
        Score(Self::WIN.0 - plies)
    }

    /// The score of a game the side to move loses `plies` plies from the root.
    #[inline]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Self::win_in(plies).0)
    }

    /// The raw integer, for arithmetic, storage and display.
    #[inline]
    pub const fn get(self) -> i32 {
        self.0
    }

    /// Rebuilds a score from [`Score::get`]'s integer (tables store scores raw).
    #[inline]
    pub const fn from_raw(raw: i32) -> Score {
        Score(raw)
    }

    /// The next score above this one: `(x, x.succ())` is the null window
    /// that tests "is the value above x?".
    #[inline]
    pub const fn succ(self) -> Score {
        Score(self.0 + 1)
    }

    /// The next score below this one.
    #[inline]
    pub const fn pred(self) -> Score {
        Score(self.0 - 1)
    }

    /// True for a won game (any distance).
    #[inline]
    pub const fn is_win(self) -> bool {
        self.0 >= Self::WIN.0 - Self::MAX_PLY && self.0 <= Self::WIN.0
    }

    /// True for a lost game (any distance).
    #[inline]
    pub const fn is_loss(self) -> bool {
        self.0 <= -(Self::WIN.0 - Self::MAX_PLY) && self.0 >= -Self::WIN.0
    }

    /// True for a heuristic value or a draw: neither decided nor infinite.
    #[inline]
    pub const fn is_heuristic(self) -> bool {
        self.0 >= -Self::MAX_EVAL && self.0 <= Self::MAX_EVAL
    }

    /// True for the window bounds `±INFINITY`.
    #[inline]
    pub const fn is_infinite(self) -> bool {
        self.0 == i32::MAX || self.0 == -i32::MAX
    }

    /// For a decided game, the number of plies from the root to its end.
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_win() {
            Some((Self::WIN.0 - self.0) as u32)
        } else if self.is_loss() {
            Some((Self::WIN.0 + self.0) as u32)
        } else {
            None
        }
    }

    /// The same game value seen from `plies` plies deeper: a win that is `n`
    /// plies from the root is `n - plies` from there. Transposition tables
    /// store scores relative to the node so that they stay true wherever the
    /// position is met again; heuristic values are unchanged.
    #[inline]
    pub const fn to_node_relative(self, plies: u32) -> Score {
        if self.is_win() {
            Score(self.0 + plies as i32)
        } else if self.is_loss() {
            Score(self.0 - plies as i32)
        } else {
            self
        }
    }

    /// Undoes [`Score::to_node_relative`] for a node `plies` from the root.
    #[inline]
    pub const fn to_root_relative(self, plies: u32) -> Score {
        if self.is_win() {
            Score(self.0 - plies as i32)
        } else if self.is_loss() {
            Score(self.0 + plies as i32)
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;
    /// The value seen from the other side. Never overflows: the smallest score
    /// is `-INFINITY = -i32::MAX`.
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `+inf`/`-inf` for window bounds, `win in N`/`loss in N` for decided games,
    /// the plain integer otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Score::INFINITY {
            f.write_str("+inf")
        } else if *self == -Score::INFINITY {
            f.write_str("-inf")
        } else if self.is_win() {
            write!(f, "win in {}", Score::WIN.0 - self.0)
        } else if self.is_loss() {
            write!(f, "loss in {}", Score::WIN.0 + self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// How a finished game ended, from the point of view of the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Outcome {
    /// The side to move has won (rare: most games end on the winner's move).
    Win,
    /// The side to move has lost.
    Loss,
    /// Nobody won.
    Draw,
    /// The game ended with this score for the side to move: a margin (disc
    /// difference in Othello, seeds in Kalah, boxes in dots-and-boxes),
    /// positive when the side to move is ahead, within
    /// `±`[`Score::MAX_EVAL`]. Its value is `Score::new(margin)`, exact: the
    /// engine proves it, and [`crate::Engine::solve`] bisects on it when the
    /// game says it ends in margins ([`crate::game::Ending::Margin`]).
    Score(i32),
}

impl fmt::Display for Outcome {
    /// The ending in words, from the side to move's view.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win => f.write_str("a win (Outcome::Win)"),
            Outcome::Loss => f.write_str("a loss (Outcome::Loss)"),
            Outcome::Draw => f.write_str("a draw (Outcome::Draw)"),
            Outcome::Score(margin) => write!(f, "a margin of {margin} (Outcome::Score)"),
        }
    }
}

impl Outcome {
    /// The score of this ending reached `ply` plies from the root (a margin
    /// does not depend on `ply`; one beyond `±MAX_EVAL` is clamped to it).
    #[inline]
    pub const fn score(self, ply: u32) -> Score {
        match self {
            Outcome::Win => Score::win_in(ply),
            Outcome::Loss => Score::loss_in(ply),
            Outcome::Draw => Score::DRAW,
            Outcome::Score(margin) => Score(if margin < -Score::MAX_EVAL {
                -Score::MAX_EVAL
            } else if margin > Score::MAX_EVAL {
                Score::MAX_EVAL
            } else {
                margin
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_are_ordered_and_mirror_under_negation() {
        let ladder = [
            -Score::INFINITY,
            Score::loss_in(0),
            Score::loss_in(9),
            Score::new(-Score::MAX_EVAL),
            Score::DRAW,
            Score::new(Score::MAX_EVAL),
            Score::win_in(9),
            Score::win_in(0),
            Score::INFINITY,
        ];
        for pair in ladder.windows(2) {
            assert!(pair[0] < pair[1], "{:?} < {:?}", pair[0], pair[1]);
            assert!(-pair[1] < -pair[0]);
        }
    }

    #[test]
    fn classification_is_exclusive() {
        for s in [Score::win_in(3), Score::loss_in(3), Score::new(5), Score::INFINITY] {
            let kinds = [s.is_win(), s.is_loss(), s.is_heuristic(), s.is_infinite()];
            assert_eq!(kinds.iter().filter(|&&k| k).count(), 1, "{s:?}");
        }
    }

    #[test]
    fn relative_conversion_round_trips() {
        let s = Score::win_in(10);
        assert_eq!(s.to_node_relative(4), Score::win_in(6));
        assert_eq!(s.to_node_relative(4).to_root_relative(4), s);
        let l = Score::loss_in(7);
        assert_eq!(l.to_node_relative(3), Score::loss_in(4));
        assert_eq!(Score::new(42).to_node_relative(9), Score::new(42));
    }

    #[test]
    fn try_new_rejects_the_decided_band() {
        assert_eq!(Score::try_new(5), Some(Score::new(5)));
        assert_eq!(Score::try_new(i64::from(Score::MAX_EVAL) + 1), None);
        assert_eq!(Score::try_new(i64::MIN), None);
    }

    #[test]
    fn display_names_the_band() {
        assert_eq!(Score::win_in(3).to_string(), "win in 3");
        assert_eq!(Score::loss_in(2).to_string(), "loss in 2");
        assert_eq!((-Score::INFINITY).to_string(), "-inf");
        assert_eq!(Score::new(-7).to_string(), "-7");
    }
}
