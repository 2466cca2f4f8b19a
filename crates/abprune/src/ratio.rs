//! Exact values for games with chance: the expectation at a chance node is
//! a weighted mean of its children's values, which is a fraction whenever
//! the probabilities are; [`Ratio`] keeps it exact.
//!
//! A [`Ratio`] is `numerator / denominator` with `i128` parts in lowest
//! terms and a positive denominator, so equal values are equal structs.
//! Every operation is checked: a result that does not fit is an
//! [`RatioError::Overflow`], never a wrapped or rounded value. The two
//! infinities close a search window, as [`Score::INFINITY`] does for the
//! deterministic searches; arithmetic that would mean `inf - inf` or
//! `0 * inf` is [`RatioError::Undefined`].

use crate::chance::Probability;
use crate::score::Score;
use std::cmp::Ordering;
use std::fmt;

/// An exact rational value (an expectation, a window end), or `±inf`.
///
/// # Examples
/// ```
/// use abprune::{Probability, Ratio, Score};
/// let third = Ratio::from(Probability::new(1, 3).unwrap());
/// let value = third.checked_mul(Ratio::from(Score::new(7)))?;
/// assert_eq!(value.to_string(), "7/3");
/// assert!(value > Ratio::from_integer(2) && value < Ratio::from_integer(3));
/// assert_eq!(Ratio::new(4, -6), Some(Ratio::new(-2, 3).unwrap()));
/// assert!(Ratio::from_integer(i128::MAX).checked_add(Ratio::from_integer(1)).is_err());
/// # Ok::<(), abprune::RatioError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    /// In lowest terms, never `i128::MIN` (so that negation cannot
    /// overflow); `±1` for the infinities.
    numerator: i128,
    /// Positive for a finite value, 0 for the infinities.
    denominator: i128,
}

/// Why an operation on [`Ratio`]s has no exact result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatioError {
    /// A numerator or denominator would not fit in an `i128`.
    Overflow,
    /// `inf - inf`, `0 * inf` or a division by zero: no value at all.
    Undefined,
}

impl fmt::Display for RatioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatioError::Overflow => f.write_str("exact arithmetic overflowed 128 bits"),
            RatioError::Undefined => f.write_str("undefined arithmetic (inf - inf, 0 * inf or x / 0)"),
        }
    }
}

impl std::error::Error for RatioError {}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio { numerator: 0, denominator: 1 };
    /// One.
    pub const ONE: Ratio = Ratio { numerator: 1, denominator: 1 };
    /// Above every finite value: the open upper end of a window.
    pub const INFINITY: Ratio = Ratio { numerator: 1, denominator: 0 };
    /// Below every finite value: the open lower end of a window.
    pub const NEG_INFINITY: Ratio = Ratio { numerator: -1, denominator: 0 };

    /// `numerator / denominator` in lowest terms, or `None` for a zero
    /// denominator or a part that is `i128::MIN`.
    pub fn new(numerator: i128, denominator: i128) -> Option<Ratio> {
        if denominator == 0 || numerator == i128::MIN || denominator == i128::MIN {
            return None;
        }
        let sign = if denominator < 0 { -1 } else { 1 };
        let divisor = gcd(numerator, denominator);
        Some(Ratio { numerator: sign * numerator / divisor, denominator: sign * denominator / divisor })
    }

    /// The integer `value` (`i128::MIN` is taken as `-i128::MAX`'s
    /// neighbour and refused by [`Ratio::new`]; here it saturates to
    /// `-i128::MAX`, which no search reaches).
    pub const fn from_integer(value: i128) -> Ratio {
        let numerator = if value == i128::MIN { -i128::MAX } else { value };
        Ratio { numerator, denominator: 1 }
    }

    /// The numerator in lowest terms (`±1` for the infinities).
    pub const fn numerator(self) -> i128 {
        self.numerator
    }

    /// The denominator in lowest terms, positive (0 for the infinities).
    pub const fn denominator(self) -> i128 {
        self.denominator
    }

    /// True for `±inf`.
    pub const fn is_infinite(self) -> bool {
        self.denominator == 0
    }

    /// True for a whole number.
    pub const fn is_integer(self) -> bool {
        self.denominator == 1
    }

    /// The nearest `f64` (`±inf` for the infinities), for display and
    /// plots; comparisons and sums stay exact on the `Ratio` itself.
    pub fn as_f64(self) -> f64 {
        if self.is_infinite() {
            return if self.numerator > 0 { f64::INFINITY } else { f64::NEG_INFINITY };
        }
        self.numerator as f64 / self.denominator as f64
    }

    /// The value as a [`Score`] when it is a whole heuristic value (an
    /// expectation that happens to be an integer within `±MAX_EVAL`), or
    /// the window ends for `±inf`; `None` otherwise.
    pub fn to_score(self) -> Option<Score> {
        match (self.is_infinite(), self.numerator > 0) {
            (true, true) => Some(Score::INFINITY),
            (true, false) => Some(-Score::INFINITY),
            (false, _) if self.is_integer() => Score::try_new(i64::try_from(self.numerator).ok()?),
            (false, _) => None,
        }
    }

    /// `self + other`.
    ///
    /// # Errors
    /// [`RatioError::Overflow`] when the exact sum does not fit;
    /// [`RatioError::Undefined`] for `inf + -inf`.
    pub fn checked_add(self, other: Ratio) -> Result<Ratio, RatioError> {
        match (self.is_infinite(), other.is_infinite()) {
            (true, true) if self != other => Err(RatioError::Undefined),
            (true, _) => Ok(self),
            (false, true) => Ok(other),
            (false, false) => {
                // a/b + c/d = (a(d/g) + c(b/g)) / (b/g * d), g = gcd(b, d):
                // the smallest common denominator keeps the parts small.
                let g = gcd(self.denominator, other.denominator);
                let left = self.numerator.checked_mul(other.denominator / g).ok_or(RatioError::Overflow)?;
                let right = other.numerator.checked_mul(self.denominator / g).ok_or(RatioError::Overflow)?;
                let numerator = left.checked_add(right).ok_or(RatioError::Overflow)?;
                let denominator = (self.denominator / g).checked_mul(other.denominator).ok_or(RatioError::Overflow)?;
                Ratio::new(numerator, denominator).ok_or(RatioError::Overflow)
            }
        }
    }

    /// `self - other`.
    ///
    /// # Errors
    /// As [`Ratio::checked_add`] (`inf - inf` is undefined).
    pub fn checked_sub(self, other: Ratio) -> Result<Ratio, RatioError> {
        self.checked_add(-other)
    }

    /// `self * other`.
    ///
    /// # Errors
    /// [`RatioError::Overflow`] when the exact product does not fit;
    /// [`RatioError::Undefined`] for `0 * inf`.
    pub fn checked_mul(self, other: Ratio) -> Result<Ratio, RatioError> {
        if self.is_infinite() || other.is_infinite() {
            let sign = self.numerator.signum() * other.numerator.signum();
            return match sign {
                0 => Err(RatioError::Undefined),
                1 => Ok(Ratio::INFINITY),
                _ => Ok(Ratio::NEG_INFINITY),
            };
        }
        // Cross-reduce first: (a/b)(c/d) = ((a/g1)(c/g2)) / ((b/g2)(d/g1)).
        let g1 = gcd(self.numerator, other.denominator);
        let g2 = gcd(other.numerator, self.denominator);
        let numerator = (self.numerator / g1).checked_mul(other.numerator / g2).ok_or(RatioError::Overflow)?;
        let denominator = (self.denominator / g2).checked_mul(other.denominator / g1).ok_or(RatioError::Overflow)?;
        Ratio::new(numerator, denominator).ok_or(RatioError::Overflow)
    }

    /// `self / other`.
    ///
    /// # Errors
    /// [`RatioError::Undefined`] for a zero or infinite divisor (the
    /// searches never divide by either); overflow as
    /// [`Ratio::checked_mul`].
    pub fn checked_div(self, other: Ratio) -> Result<Ratio, RatioError> {
        if other.numerator == 0 || other.is_infinite() {
            return Err(RatioError::Undefined);
        }
        let reciprocal = Ratio::new(other.denominator, other.numerator).ok_or(RatioError::Overflow)?;
        self.checked_mul(reciprocal)
    }
}

/// Euclid's greatest common divisor of the magnitudes, at least 1 (so
/// that `gcd(0, 0)` divides nothing by zero).
fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    // At most max(|a|, |b|) <= i128::MAX, as neither part is i128::MIN.
    i128::try_from(a.max(1)).unwrap_or(i128::MAX)
}

impl std::ops::Neg for Ratio {
    type Output = Ratio;
    /// Exact: a numerator is never `i128::MIN`.
    fn neg(self) -> Ratio {
        Ratio { numerator: -self.numerator, denominator: self.denominator }
    }
}

impl Ord for Ratio {
    /// Exact for every pair, without multiplying (which could overflow):
    /// the integer parts are compared, then the fractional parts by their
    /// reciprocals, the steps of Euclid's algorithm on both at once.
    fn cmp(&self, other: &Ratio) -> Ordering {
        match (self.is_infinite(), other.is_infinite()) {
            (true, true) => self.numerator.cmp(&other.numerator),
            (true, false) => self.numerator.cmp(&0),
            (false, true) => 0.cmp(&other.numerator),
            (false, false) => compare_fractions(self.numerator, self.denominator, other.numerator, other.denominator),
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `a/b` against `c/d` for positive `b`, `d`, by continued fractions.
fn compare_fractions(mut a: i128, mut b: i128, mut c: i128, mut d: i128) -> Ordering {
    let mut flipped = false;
    loop {
        let (q1, r1) = (a.div_euclid(b), a.rem_euclid(b));
        let (q2, r2) = (c.div_euclid(d), c.rem_euclid(d));
        let order = match (q1.cmp(&q2), r1 == 0, r2 == 0) {
            (Ordering::Equal, true, true) => Ordering::Equal,
            (Ordering::Equal, true, false) => Ordering::Less,
            (Ordering::Equal, false, true) => Ordering::Greater,
            (Ordering::Equal, false, false) => {
                // r1/b against r2/d, both in (0, 1): the larger has the
                // smaller reciprocal, so compare b/r1 against d/r2, the
                // order reversed.
                (a, b, c, d) = (b, r1, d, r2);
                flipped = !flipped;
                continue;
            }
            (order, _, _) => order,
        };
        return if flipped { order.reverse() } else { order };
    }
}

impl From<Score> for Ratio {
    /// The score's integer; the window ends `±Score::INFINITY` become
    /// `±inf`. (A decided game's score is a distance band, not a value to
    /// average: the chance searches refuse such leaves before converting.)
    fn from(score: Score) -> Ratio {
        if score == Score::INFINITY {
            Ratio::INFINITY
        } else if score == -Score::INFINITY {
            Ratio::NEG_INFINITY
        } else {
            Ratio::from_integer(i128::from(score.get()))
        }
    }
}

impl From<Probability> for Ratio {
    fn from(probability: Probability) -> Ratio {
        Ratio { numerator: i128::from(probability.numerator()), denominator: i128::from(probability.denominator()) }
    }
}

impl fmt::Display for Ratio {
    /// `7/3`, `-2`, `inf`, `-inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.denominator, self.numerator > 0) {
            (0, true) => f.write_str("inf"),
            (0, false) => f.write_str("-inf"),
            (1, _) => write!(f, "{}", self.numerator),
            _ => write!(f, "{}/{}", self.numerator, self.denominator),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(numerator: i128, denominator: i128) -> Ratio {
        Ratio::new(numerator, denominator).unwrap()
    }

    #[test]
    fn values_are_kept_in_lowest_terms_with_a_positive_denominator() {
        assert_eq!((r(4, -6).numerator(), r(4, -6).denominator()), (-2, 3));
        assert_eq!(r(0, -5), Ratio::ZERO);
        assert_eq!(r(7, 3).to_string(), "7/3");
        assert_eq!(r(-6, 3).to_string(), "-2");
        assert_eq!(Ratio::INFINITY.to_string(), "inf");
        assert_eq!((-Ratio::INFINITY).to_string(), "-inf");
        assert_eq!(Ratio::new(1, 0), None);
        assert_eq!(Ratio::new(i128::MIN, 1), None);
    }

    #[test]
    fn arithmetic_is_exact() {
        assert_eq!(r(1, 6).checked_add(r(1, 3)), Ok(r(1, 2)));
        assert_eq!(r(1, 6).checked_sub(r(1, 3)), Ok(r(-1, 6)));
        assert_eq!(r(2, 3).checked_mul(r(9, 4)), Ok(r(3, 2)));
        assert_eq!(r(2, 3).checked_div(r(-4, 9)), Ok(r(-3, 2)));
        assert_eq!(r(1, 3).as_f64(), 1.0 / 3.0);
    }

    #[test]
    fn infinities_close_windows_and_refuse_what_has_no_value() {
        assert_eq!(Ratio::INFINITY.checked_add(r(-5, 2)), Ok(Ratio::INFINITY));
        assert_eq!(r(3, 1).checked_sub(Ratio::INFINITY), Ok(Ratio::NEG_INFINITY));
        assert_eq!(Ratio::INFINITY.checked_mul(r(-1, 2)), Ok(Ratio::NEG_INFINITY));
        assert_eq!(Ratio::INFINITY.checked_add(Ratio::NEG_INFINITY), Err(RatioError::Undefined));
        assert_eq!(Ratio::ZERO.checked_mul(Ratio::INFINITY), Err(RatioError::Undefined));
        assert_eq!(r(1, 2).checked_div(Ratio::ZERO), Err(RatioError::Undefined));
        assert!(Ratio::NEG_INFINITY < r(-i128::MAX, 1) && r(i128::MAX, 1) < Ratio::INFINITY);
        assert_eq!(Ratio::from(Score::INFINITY), Ratio::INFINITY);
        assert_eq!(Ratio::from(-Score::INFINITY), Ratio::NEG_INFINITY);
    }

    #[test]
    fn overflow_is_an_error_never_a_wrong_value() {
        let big = Ratio::from_integer(i128::MAX);
        assert_eq!(big.checked_add(Ratio::ONE), Err(RatioError::Overflow));
        assert_eq!(big.checked_mul(Ratio::from_integer(2)), Err(RatioError::Overflow));
        let tiny = r(1, i128::MAX);
        assert_eq!(tiny.checked_mul(r(1, 3)), Err(RatioError::Overflow));
        assert_eq!(big.checked_sub(big), Ok(Ratio::ZERO));
    }

    /// The comparison needs no product: parts near `i128::MAX` compare
    /// exactly, as the cross products would not fit.
    #[test]
    fn comparisons_are_exact_for_huge_parts() {
        let a = r(i128::MAX - 1, i128::MAX - 2);
        let b = r(i128::MAX - 2, i128::MAX - 3);
        assert!(a < b, "(m-1)/(m-2) < (m-2)/(m-3)");
        assert!(r(-1, 3) < r(-1, 4) && r(1, 4) < r(1, 3) && r(5, 7) == r(10, 14));
        let mut values = vec![r(3, 2), r(-7, 3), Ratio::INFINITY, Ratio::ZERO, Ratio::NEG_INFINITY, r(5, 4)];
        values.sort();
        assert_eq!(values, [Ratio::NEG_INFINITY, r(-7, 3), Ratio::ZERO, r(5, 4), r(3, 2), Ratio::INFINITY]);
    }

    /// Every pair of small fractions orders as the cross products say.
    #[test]
    fn comparisons_agree_with_cross_products() {
        let parts: Vec<(i128, i128)> = (-9..=9).flat_map(|a| (1..=7).map(move |b| (a, b))).collect();
        for &(a, b) in &parts {
            for &(c, d) in &parts {
                assert_eq!(r(a, b).cmp(&r(c, d)), (a * d).cmp(&(c * b)), "{a}/{b} against {c}/{d}");
            }
        }
    }

    #[test]
    fn only_whole_heuristic_values_are_scores() {
        assert_eq!(r(6, 3).to_score(), Some(Score::new(2)));
        assert_eq!(r(7, 3).to_score(), None);
        assert_eq!(Ratio::INFINITY.to_score(), Some(Score::INFINITY));
        assert_eq!(Ratio::from_integer(i128::from(Score::MAX_EVAL) + 1).to_score(), None);
    }
}
