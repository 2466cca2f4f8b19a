//! Renju's forbidden points: where black may not play.
//!
//! Black's stone on an empty point is forbidden when it makes no five
//! (exactly five black stones in a row) and makes an overline (six or more),
//! two or more fours, or two or more threes. The definitions, from the
//! Renju International Federation's rules (articles 9.2 to 9.4 of the RIF
//! rules of renju) and read as Rapfi reads them:
//!
//! - a *five point* of a line through the stone is an empty point of that
//!   line where one more black stone makes exactly five through the stone;
//! - the stone's *fours* in a line are its five points there, except that
//!   the two ends of a straight four (`.XXXX.`) are one four; two five
//!   points that are not one straight four (`X.XXX.X`) are two fours, so
//!   one line can hold a double four;
//! - a *straight four* is four stones in a row whose both ends are five
//!   points;
//! - a line without a four is a *three* when one more black stone on it
//!   makes a straight four through the stone, on a point that is itself
//!   not forbidden (judged with the stone on the board): so a three whose
//!   every straight-four point is forbidden is a false three, and the
//!   judgement recurses.
//!
//! [`forbidden`] decides it on the padded cells, cheapest test first (a
//! five, then an overline, the fours, and only with two or more candidate
//! threes the recursion). The position asks only at the points the line
//! patterns say may be forbidden ([`suspect`]: two threes or fours, an open
//! four, or an overline, by the line shapes alone), and keeps the answer as
//! a set.

use super::board::{BLACK, CELLS, DIRECTIONS, EMPTY};
use super::patterns::{Pattern, Shape};

/// Why black may not play a point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Forbidden {
    /// Two or more threes (and no four or fewer than two).
    DoubleThree,
    /// Two or more fours.
    DoubleFour,
    /// Six or more black stones in a row.
    Overline,
}

impl Forbidden {
    /// `"a double three"`, `"a double four"` or `"an overline"`.
    pub fn describe(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "a double three",
            Forbidden::DoubleFour => "a double four",
            Forbidden::Overline => "an overline",
        }
    }
}

/// The farthest a three's straight-four point lies from the stone: the four
/// stones of a straight four are within three points of each other.
const THREE_REACH: usize = 3;
/// The farthest a five point lies from the stone.
const FOUR_REACH: usize = 4;

/// Whether black's stone on the empty cell `p` is forbidden, and why
/// (`None`: black may play it). `cells` is the padded board (module
/// `board`); it is changed while the judgement runs and left as it was.
pub(crate) fn forbidden(cells: &mut [u8; CELLS], p: usize) -> Option<Forbidden> {
    debug_assert_eq!(cells[p], EMPTY, "a forbidden point is judged on an empty point");
    cells[p] = BLACK;
    let verdict = judge(cells, p);
    cells[p] = EMPTY;
    verdict
}

/// [`forbidden`] with black's stone already on `p`.
fn judge(cells: &mut [u8; CELLS], p: usize) -> Option<Forbidden> {
    // Step 1. A five wins whatever else the stone makes; an overline and
    // the fours are read off the lines.
    let mut overline = false;
    let mut fours = 0;
    let mut lines_without_four = [false; 4];
    for (direction, &step) in DIRECTIONS.iter().enumerate() {
        match run(cells, p, step) {
            5 => return None,
            6.. => overline = true,
            _ => {
                let line_fours = fours_in_line(cells, p, step);
                fours += line_fours;
                lines_without_four[direction] = line_fours == 0;
            }
        }
    }
    if overline {
        return Some(Forbidden::Overline);
    }
    if fours >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    // Step 2. The threes: first the lines where one more stone makes a
    // straight four at all; only with two of them the recursion on their
    // straight-four points.
    let mut candidates = [[0usize; 2 * THREE_REACH]; 4];
    let mut counts = [0usize; 4];
    for (direction, &step) in DIRECTIONS.iter().enumerate() {
        if lines_without_four[direction] {
            counts[direction] = straight_four_points(cells, p, step, &mut candidates[direction]);
        }
    }
    let mut left = counts.iter().filter(|&&count| count > 0).count();
    let mut threes = 0;
    for direction in 0..4 {
        if counts[direction] == 0 {
            continue;
        }
        if threes + left < 2 {
            return None;
        }
        left -= 1;
        if candidates[direction][..counts[direction]].iter().any(|&q| forbidden(cells, q).is_none()) {
            threes += 1;
            if threes == 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

/// The length of the run of black stones through the black stone `p`
/// along `step`.
fn run(cells: &[u8; CELLS], p: usize, step: usize) -> usize {
    let mut length = 1;
    let mut cell = p + step;
    while cells[cell] == BLACK {
        length += 1;
        cell += step;
    }
    cell = p - step;
    while cells[cell] == BLACK {
        length += 1;
        cell -= step;
    }
    length
}

/// The fours of the black stone `p` in its line along `step` (see the
/// module documentation): its five points, the two ends of a straight four
/// counted once.
fn fours_in_line(cells: &mut [u8; CELLS], p: usize, step: usize) -> usize {
    let mut fives = [0usize; 2 * FOUR_REACH];
    let mut count = 0;
    for e in line_points(p, step, FOUR_REACH) {
        if cells[e] == EMPTY {
            cells[e] = BLACK;
            if run(cells, p, step) == 5 {
                fives[count] = e;
                count += 1;
            }
            cells[e] = EMPTY;
        }
    }
    let straight = count == 2 && fives[0].abs_diff(fives[1]) == 5 * step;
    count - usize::from(straight)
}

/// Writes into `points` the empty points of the line through the black
/// stone `p` along `step` where one more black stone makes a straight four
/// through `p`; returns how many.
fn straight_four_points(cells: &mut [u8; CELLS], p: usize, step: usize, points: &mut [usize]) -> usize {
    let mut count = 0;
    for q in line_points(p, step, THREE_REACH) {
        if cells[q] == EMPTY {
            cells[q] = BLACK;
            if is_straight_four(cells, p, step) {
                points[count] = q;
                count += 1;
            }
            cells[q] = EMPTY;
        }
    }
    count
}

/// Whether the run through the black stone `p` along `step` is a straight
/// four: four stones, an empty point at each end, and no black stone just
/// past either (so that each end makes exactly five).
fn is_straight_four(cells: &[u8; CELLS], p: usize, step: usize) -> bool {
    let mut first = p;
    while cells[first - step] == BLACK {
        first -= step;
    }
    let mut last = p;
    while cells[last + step] == BLACK {
        last += step;
    }
    let (before, after) = (first - step, last + step);
    last - first == 3 * step
        && cells[before] == EMPTY
        && cells[after] == EMPTY
        && cells[before - step] != BLACK
        && cells[after + step] != BLACK
}

/// The cells within `reach` of `p` along `step`, both ways, nearest first
/// on each side (walls included: the caller tests for empty).
fn line_points(p: usize, step: usize, reach: usize) -> impl Iterator<Item = usize> {
    (1..=reach).flat_map(move |k| [p - k * step, p + k * step])
}

/// Whether black's stone on a cell whose four line patterns are `patterns`
/// may be forbidden: no five, and an overline, two lines with a four, an
/// open four (a straight four, or two fours in one line), or two open
/// threes. Every forbidden point passes (its fours have five points, its
/// threes make open fours, its overline is an overline, in the line
/// tables); most points with a single threat do not, so the recursive
/// judgement runs at few points.
pub(crate) fn suspect(patterns: &[Pattern; 4]) -> bool {
    let shapes = patterns.map(Pattern::shape);
    let count = |wanted: &[Shape]| shapes.iter().filter(|shape| wanted.contains(shape)).count();
    count(&[Shape::Five]) == 0
        && (count(&[Shape::Overline]) > 0
            || count(&[Shape::Four, Shape::OpenFour]) >= 2
            || count(&[Shape::OpenFour]) > 0
            || count(&[Shape::OpenThree]) >= 2)
}
