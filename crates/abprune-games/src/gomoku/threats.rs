//! Threats: what a stone on an empty point makes in its four lines together.
//!
//! The position keeps, per empty point and colour, the four [`Shape`]s, the
//! sum of their counters (fives, five points, open threes) and
//! the [`Threat`] they make, updated by the difference when one shape
//! changes; per colour it keeps the set of points of each threat kind and
//! the sum of the points' values. The search hooks read those sets instead
//! of scanning the board.

use super::Shape;

/// What a stone of one colour placed on an empty point would make, all four
/// lines together, strongest last.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[repr(u8)]
pub enum Threat {
    /// Nothing forcing.
    #[default]
    None,
    /// One open three (the next stone could make an open four).
    Three,
    /// Two or more open threes, no four.
    DoubleThree,
    /// Exactly one five point afterwards, no open three.
    Four,
    /// Exactly one five point afterwards, and an open three in another line.
    FourThree,
    /// Two or more five points afterwards (an open four, or fours in two
    /// lines): the opponent cannot block both.
    OpenFour,
    /// A winning run: the game ends with this stone.
    Five,
}

/// The number of threat kinds.
pub(crate) const THREAT_KINDS: usize = 7;

impl Threat {
    /// Every threat kind, weakest first.
    pub const ALL: [Threat; THREAT_KINDS] = [
        Threat::None,
        Threat::Three,
        Threat::DoubleThree,
        Threat::Four,
        Threat::FourThree,
        Threat::OpenFour,
        Threat::Five,
    ];

    /// True for the threats that leave at least one five point: the moves of
    /// a VCF and of the engine's quiescence.
    #[inline]
    pub const fn makes_four(self) -> bool {
        matches!(self, Threat::Four | Threat::FourThree | Threat::OpenFour)
    }
}

/// Field widths of [`pack`]: each counts at most 2 per line, 8 in all.
const FIELD_BITS: u32 = 4;

/// A shape as counters to add up over the four lines: fives, five points
/// (an open four counts two) and open threes, one field each.
const fn pack(shape: Shape) -> u16 {
    match shape {
        Shape::Five => 1,
        Shape::OpenFour => 2 << FIELD_BITS,
        Shape::Four => 1 << FIELD_BITS,
        Shape::OpenThree => 1 << (2 * FIELD_BITS),
        _ => 0,
    }
}

/// [`pack`] of every shape, by its number.
pub(crate) const PACKED: [u16; 10] = {
    let shapes = [
        Shape::None,
        Shape::Overline,
        Shape::One,
        Shape::Two,
        Shape::OpenTwo,
        Shape::Three,
        Shape::OpenThree,
        Shape::Four,
        Shape::OpenFour,
        Shape::Five,
    ];
    let mut packed = [0; 10];
    let mut i = 0;
    while i < 10 {
        packed[i] = pack(shapes[i]);
        i += 1;
    }
    packed
};

/// The sum of [`PACKED`] over four shapes: the counters a cell keeps up to
/// date as its shapes change.
#[inline]
pub(crate) fn counts_of(shapes: &[Shape; 4]) -> u16 {
    shapes.iter().map(|&shape| PACKED[shape as usize]).sum()
}

/// The number of distinct counter sums: three fields.
const COUNT_SUMS: usize = 1 << (3 * FIELD_BITS);

/// [`threat_from_fields`] of every counter sum, so that the incremental
/// update reads the threat instead of working it out.
static THREAT_OF_COUNTS: [Threat; COUNT_SUMS] = {
    let mut threats = [Threat::None; COUNT_SUMS];
    let mut counts = 0;
    while counts < COUNT_SUMS {
        threats[counts] = threat_from_fields(counts as u16);
        counts += 1;
    }
    threats
};

/// The threat of the summed counters of four shapes.
#[inline(always)]
pub(crate) fn threat_of_counts(counts: u16) -> Threat {
    THREAT_OF_COUNTS[usize::from(counts) % COUNT_SUMS]
}

/// The threat of the summed counters of four shapes, worked out.
const fn threat_from_fields(counts: u16) -> Threat {
    let field = (1 << FIELD_BITS) - 1;
    let fives = counts & field;
    let five_points = (counts >> FIELD_BITS) & field;
    let open_threes = counts >> (2 * FIELD_BITS);
    match (fives, five_points, open_threes) {
        (1.., _, _) => Threat::Five,
        (0, 2.., _) => Threat::OpenFour,
        (0, 1, 1..) => Threat::FourThree,
        (0, 1, 0) => Threat::Four,
        (0, 0, 2..) => Threat::DoubleThree,
        (0, 0, 1) => Threat::Three,
        (0, 0, 0) => Threat::None,
    }
}

/// The threat the four `shapes` make together.
#[inline]
pub(crate) fn threat_of(shapes: &[Shape; 4]) -> Threat {
    threat_of_counts(counts_of(shapes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_combine_into_threats() {
        use Shape::*;
        let cases = [
            ([None, One, Two, OpenTwo], Threat::None),
            ([OpenThree, One, Two, OpenTwo], Threat::Three),
            ([OpenThree, OpenThree, Three, None], Threat::DoubleThree),
            ([Four, Three, One, None], Threat::Four),
            ([Four, OpenThree, One, None], Threat::FourThree),
            ([Four, Four, None, None], Threat::OpenFour),
            ([OpenFour, None, None, None], Threat::OpenFour),
            ([OpenFour, Five, None, None], Threat::Five),
            ([Overline, Four, None, None], Threat::Four),
        ];
        for (shapes, threat) in cases {
            assert_eq!(threat_of(&shapes), threat, "{shapes:?}");
        }
        assert!(Threat::OpenFour.makes_four() && !Threat::Five.makes_four() && !Threat::DoubleThree.makes_four());
    }
}
