//! Chance nodes: positions where neither player but chance moves (dice
//! thrown, a card drawn), as in Ballard's *-minimax trees.
//!
//! A game says that chance is to move with [`crate::Game::chance_to_move`]
//! and lists the outcomes with their probabilities with
//! [`crate::Game::chance_outcomes`]; each outcome is a move that
//! [`crate::Game::play`] and [`crate::Game::undo`] accept like any other.
//! The value of a chance node, seen from its side to move, is the
//! expectation of its children's values from that side: an outcome that
//! passes the turn (Pig's roll of 1) counts its child's value negated. The
//! deterministic searches (`alphabeta` and the rest, the engine) refuse a
//! chance node; the searches for games with chance are in
//! [`crate::textbook`] (expectiminimax, Star1, Star2) and
//! [`crate::engine::star2_deepening`].

use std::fmt;

/// The probability of one outcome of a chance node, an exact fraction
/// `numerator / denominator` in `(0, 1]`, kept in lowest terms: exact
/// probabilities keep the expectations exact (a decimal such as `0.25` is
/// the fraction `25/100 = 1/4`).
///
/// # Examples
/// ```
/// use abprune::Probability;
/// let p = Probability::new(2, 36).unwrap();
/// assert_eq!((p.numerator(), p.denominator()), (1, 18));
/// assert!(Probability::new(0, 6).is_none() && Probability::new(7, 6).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probability {
    numerator: u64,
    denominator: u64,
}

impl Probability {
    /// Certainty: the only outcome.
    pub const ONE: Probability = Probability { numerator: 1, denominator: 1 };

    /// `numerator / denominator` in lowest terms, or `None` unless
    /// `0 < numerator <= denominator` (an outcome that cannot happen is not
    /// listed; none can be likelier than certain).
    pub fn new(numerator: u64, denominator: u64) -> Option<Probability> {
        if numerator == 0 || numerator > denominator {
            return None;
        }
        let divisor = gcd(numerator, denominator);
        Some(Probability { numerator: numerator / divisor, denominator: denominator / divisor })
    }

    /// The numerator in lowest terms.
    pub const fn numerator(self) -> u64 {
        self.numerator
    }

    /// The denominator in lowest terms.
    pub const fn denominator(self) -> u64 {
        self.denominator
    }

    /// The nearest `f64`, for display and for searches that state their
    /// precision.
    pub fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl fmt::Display for Probability {
    /// `a/b`, or `1` for certainty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

/// Euclid's greatest common divisor.
pub(crate) const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_are_kept_in_lowest_terms() {
        let p = Probability::new(25, 100).unwrap();
        assert_eq!((p.numerator(), p.denominator()), (1, 4));
        assert_eq!(p.to_string(), "1/4");
        assert_eq!(Probability::new(3, 3), Some(Probability::ONE));
        assert_eq!(Probability::ONE.to_string(), "1");
    }

    #[test]
    fn impossible_probabilities_are_refused() {
        assert_eq!(Probability::new(0, 1), None);
        assert_eq!(Probability::new(5, 4), None);
        assert_eq!(Probability::new(1, 0), None);
    }
}
