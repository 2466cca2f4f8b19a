//! The per-cell evaluation: what each empty cell is worth to each colour,
//! read from the four line shapes *together*.
//!
//! A stone on an empty cell would give each of its four lines a
//! [`Shape`]; the four shapes of one colour, as an unordered set, are the
//! cell's *combination* for that colour (715 of them: four shapes out of
//! ten, repeats allowed). A linear count of shapes cannot see a cell where a
//! three and a two meet (one stone there makes a four-three threat next
//! move); a table indexed by the combination can. The evaluation is
//!
//! ```text
//! tempo + Σ mover[combination of the mover's cell]
//!       − Σ waiter[combination of the waiter's cell]
//!       + threat_mask[which threat kinds each side has anywhere]
//! ```
//!
//! over the empty cells, from the side to move's point of view (the *mover*,
//! who can carry out a threat now; the *waiter*, whose threats the mover can
//! still answer). The two sums are kept per colour and role, updated by the
//! difference whenever a cell's shape changes (module `incremental`), so the
//! evaluation reads two numbers and a mask. The threat mask adds what the
//! sums cannot: how both sides' threats combine over the whole board (a
//! mover with a four to spare against a waiter's three, say).
//!
//! The tables start as the linear evaluation ([`CellTables::from_linear`]
//! of [`super::EVAL_WEIGHTS`]: the same value on every position, which a
//! test checks) and are fitted to games by `abprune tune gomoku`.

use super::eval::{EvalWeights, EVAL_WEIGHTS};
use super::patterns::{Shape, SHAPES};
use super::threats::{threat_from_fields, Threat, PACKED};
use super::Gomoku;

/// The number of combinations of four shapes (unordered, repeats allowed):
/// `C(SHAPES + 3, 4)`.
pub const COMBINATIONS: usize = 715;

/// [`COMBINATIONS`] rounded up to a power of two: the tables indexed by a
/// combination are this long, so that an index is masked, not divided.
const COMBINATION_SLOTS: usize = 1024;

/// [`SHAPES`] to the fourth, rounded up to a power of two likewise.
const ORDERED_SLOTS: usize = 1 << 14;

/// The number of threat masks ([`Gomoku::threat_mask`]): ten bits.
pub const THREAT_MASKS: usize = 1 << 10;

/// The threat kinds of the mover that set a bit of the mask, in bit order
/// (an open four or a five of the mover never reaches the evaluation: the
/// rules decide those positions).
const MOVER_MASK_THREATS: [Threat; 4] = [Threat::Four, Threat::FourThree, Threat::DoubleThree, Threat::Three];
/// ... and the waiter's, in the bits after them.
const WAITER_MASK_THREATS: [Threat; 6] =
    [Threat::Five, Threat::OpenFour, Threat::FourThree, Threat::Four, Threat::DoubleThree, Threat::Three];

/// Four shape numbers as one index into [`COMBINATION_OF`].
#[inline(always)]
const fn ordered_index(a: usize, b: usize, c: usize, d: usize) -> usize {
    ((a * SHAPES + b) * SHAPES + c) * SHAPES + d
}

/// The combination number of every ordered four shapes: the position of the
/// sorted four in the enumeration of sorted fours.
static COMBINATION_OF: [u16; ORDERED_SLOTS] = {
    let mut sorted_id = [u16::MAX; SHAPES * SHAPES * SHAPES * SHAPES];
    let mut next = 0u16;
    let mut a = 0;
    while a < SHAPES {
        let mut b = a;
        while b < SHAPES {
            let mut c = b;
            while c < SHAPES {
                let mut d = c;
                while d < SHAPES {
                    sorted_id[ordered_index(a, b, c, d)] = next;
                    next += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    assert!(next as usize == COMBINATIONS);
    let mut ids = [0u16; ORDERED_SLOTS];
    let mut index = 0;
    while index < SHAPES * SHAPES * SHAPES * SHAPES {
        let mut s = [index / 1000 % 10, index / 100 % 10, index / 10 % 10, index % 10];
        // Sort the four (a bubble sort: three passes suffice).
        let mut pass = 0;
        while pass < 3 {
            let mut i = 0;
            while i < 3 {
                if s[i] > s[i + 1] {
                    let t = s[i];
                    s[i] = s[i + 1];
                    s[i + 1] = t;
                }
                i += 1;
            }
            pass += 1;
        }
        ids[index] = sorted_id[ordered_index(s[0], s[1], s[2], s[3])];
        index += 1;
    }
    ids
};

const _: () = assert!(SHAPES == 10, "ordered_index and COMBINATION_OF assume ten shapes");

/// The sorted shape numbers of every combination: the inverse of
/// [`combination_of`].
static SHAPES_OF_COMBINATION: [[u8; 4]; COMBINATIONS] = {
    let mut shapes = [[0u8; 4]; COMBINATIONS];
    let mut index = 0;
    while index < SHAPES * SHAPES * SHAPES * SHAPES {
        let s = [index / 1000 % 10, index / 100 % 10, index / 10 % 10, index % 10];
        if s[0] <= s[1] && s[1] <= s[2] && s[2] <= s[3] {
            shapes[COMBINATION_OF[index] as usize] = [s[0] as u8, s[1] as u8, s[2] as u8, s[3] as u8];
        }
        index += 1;
    }
    shapes
};

/// The threat of every combination (what [`super::threats::threat_of`]
/// makes of its shapes), so that the incremental update reads it.
static THREAT_OF_COMBINATION: [Threat; COMBINATION_SLOTS] = {
    let mut threats = [Threat::None; COMBINATION_SLOTS];
    let mut combination = 0;
    while combination < COMBINATIONS {
        let s = SHAPES_OF_COMBINATION[combination];
        let counts = PACKED[s[0] as usize] + PACKED[s[1] as usize] + PACKED[s[2] as usize] + PACKED[s[3] as usize];
        threats[combination] = threat_from_fields(counts);
        combination += 1;
    }
    threats
};

/// The threat of a combination.
#[inline(always)]
pub(crate) fn threat_of_combination(combination: u16) -> Threat {
    THREAT_OF_COMBINATION[usize::from(combination) & (COMBINATION_SLOTS - 1)]
}

/// The combination number of a cell's four shapes, in any order.
#[inline(always)]
pub(crate) fn combination_of(shapes: &[Shape; 4]) -> u16 {
    let [a, b, c, d] = shapes.map(|shape| shape as usize);
    COMBINATION_OF[ordered_index(a, b, c, d) & (ORDERED_SLOTS - 1)]
}

/// The four shapes of a combination, sorted.
pub fn shapes_of_combination(combination: usize) -> [Shape; 4] {
    SHAPES_OF_COMBINATION[combination % COMBINATIONS].map(|n| SHAPE_OF_NUMBER[usize::from(n)])
}

/// Every shape, by its number.
const SHAPE_OF_NUMBER: [Shape; SHAPES] = [
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

/// The evaluation's tables (see the [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellTables {
    /// Per combination, a mover's cell's value.
    pub mover: [i32; COMBINATIONS],
    /// Per combination, a waiter's cell's value (subtracted).
    pub waiter: [i32; COMBINATIONS],
    /// Per threat mask ([`Gomoku::threat_mask`]), a bonus for the mover.
    pub mask: [i32; THREAT_MASKS],
    /// The mover's bonus for having the move.
    pub tempo: i32,
}

/// The number of evaluation parameters: the tables in the order of
/// [`CellTables::to_vector`].
pub const CELL_PARAMETERS: usize = 2 * COMBINATIONS + THREAT_MASKS + 1;

impl CellTables {
    /// The tables that give exactly the linear evaluation with `weights`:
    /// a cell's value is the sum of its four shapes' weights plus its
    /// threat's, and the mask adds nothing.
    pub fn from_linear(weights: &EvalWeights) -> CellTables {
        let mut tables = CellTables {
            mover: [0; COMBINATIONS],
            waiter: [0; COMBINATIONS],
            mask: [0; THREAT_MASKS],
            tempo: weights.tempo,
        };
        for (combination, &threat) in THREAT_OF_COMBINATION.iter().enumerate().take(COMBINATIONS) {
            let shapes = shapes_of_combination(combination);
            let (mut mover, mut waiter) = (0, 0);
            for shape in shapes {
                mover += weights.mover_shape[shape as usize];
                waiter += weights.waiter_shape[shape as usize];
            }
            if threat != Threat::None {
                mover += weights.mover_threat[threat as usize];
                waiter += weights.waiter_threat[threat as usize];
            }
            tables.mover[combination] = mover;
            tables.waiter[combination] = waiter;
        }
        tables
    }

    /// The tables as one vector: the mover's, the waiter's (with their
    /// sign: negative), the mask, the tempo; the evaluation is its dot
    /// product with [`Gomoku::cell_features`].
    pub fn to_vector(&self) -> Vec<i32> {
        let mut vector = Vec::with_capacity(CELL_PARAMETERS);
        vector.extend_from_slice(&self.mover);
        vector.extend(self.waiter.iter().map(|w| -w));
        vector.extend_from_slice(&self.mask);
        vector.push(self.tempo);
        vector
    }

    /// The inverse of [`CellTables::to_vector`]; `None` if the length is not
    /// [`CELL_PARAMETERS`].
    pub fn from_vector(vector: &[i32]) -> Option<CellTables> {
        if vector.len() != CELL_PARAMETERS {
            return None;
        }
        let mut tables =
            CellTables { mover: [0; COMBINATIONS], waiter: [0; COMBINATIONS], mask: [0; THREAT_MASKS], tempo: 0 };
        tables.mover.copy_from_slice(&vector[..COMBINATIONS]);
        for (slot, w) in tables.waiter.iter_mut().zip(&vector[COMBINATIONS..2 * COMBINATIONS]) {
            *slot = -w;
        }
        tables.mask.copy_from_slice(&vector[2 * COMBINATIONS..2 * COMBINATIONS + THREAT_MASKS]);
        tables.tempo = vector[CELL_PARAMETERS - 1];
        Some(tables)
    }
}

/// The tables the evaluation uses.
static CELL_TABLES: std::sync::LazyLock<CellTables> =
    std::sync::LazyLock::new(|| super::cell_weights::tuned().unwrap_or_else(|| CellTables::from_linear(&EVAL_WEIGHTS)));

/// The tables the evaluation uses (for tools that print or tune them).
pub fn cell_tables() -> &'static CellTables {
    &CELL_TABLES
}

/// [`CellTables`] laid out for the incremental update: a combination's
/// mover and waiter values side by side.
pub(crate) struct CellEval {
    /// Per combination, `[mover, waiter]`; zero past the last combination
    /// (the slot of `u16::MAX`, no combination, among them).
    pub(crate) values: [[i32; 2]; COMBINATION_SLOTS],
    /// Per threat mask, the mover's bonus.
    pub(crate) mask: [i32; THREAT_MASKS],
    /// The mover's bonus for having the move.
    pub(crate) tempo: i32,
}

/// The evaluation's tables as the position reads them.
pub(crate) static CELL_EVAL: std::sync::LazyLock<CellEval> = std::sync::LazyLock::new(|| {
    let tables = cell_tables();
    let mut values = [[0; 2]; COMBINATION_SLOTS];
    for (combination, slot) in values.iter_mut().enumerate().take(COMBINATIONS) {
        *slot = [tables.mover[combination], tables.waiter[combination]];
    }
    CellEval { values, mask: tables.mask, tempo: tables.tempo }
});

impl Gomoku {
    /// Which threat kinds each side has somewhere on the board, as bits:
    /// the mover's four, four-three, double three, three, then the waiter's
    /// five, open four, four-three, four, double three, three.
    #[inline]
    pub fn threat_mask(&self) -> usize {
        let me = self.colour_to_move();
        let they = 1 - me;
        let mut mask = 0;
        for (bit, threat) in MOVER_MASK_THREATS.iter().enumerate() {
            mask |= usize::from(self.threat_counts[me][*threat as usize] > 0) << bit;
        }
        for (bit, threat) in WAITER_MASK_THREATS.iter().enumerate() {
            mask |= usize::from(self.threat_counts[they][*threat as usize] > 0) << (MOVER_MASK_THREATS.len() + bit);
        }
        mask
    }

    /// The per-cell evaluation's sum for `colour`, as mover (`role` 0) or as
    /// waiter (1), kept incrementally.
    #[inline]
    pub(super) fn cell_sum(&self, colour: usize, role: usize) -> i32 {
        self.cell_sums[colour][role]
    }

    /// Moves `colour`'s cell from combination `old` to `new` in the kept
    /// sums (`u16::MAX` for none: a cell leaving or joining the empties).
    #[inline(always)]
    pub(super) fn change_cell_values(&mut self, colour: usize, old: u16, new: u16) {
        let values = &self.cell_eval.values;
        let [old_mover, old_waiter] = values[usize::from(old) & (COMBINATION_SLOTS - 1)];
        let [new_mover, new_waiter] = values[usize::from(new) & (COMBINATION_SLOTS - 1)];
        let sums = &mut self.cell_sums[colour];
        sums[0] += new_mover - old_mover;
        sums[1] += new_waiter - old_waiter;
    }

    /// The evaluation's features as sparse counts (`(parameter, count)`,
    /// parameters in the order of [`CellTables::to_vector`]): per empty
    /// cell the mover's and the waiter's combination, the threat mask and
    /// the tempo. The unclamped evaluation is their dot product with the
    /// tables' vector.
    pub fn cell_features(&self) -> Vec<(u32, f32)> {
        let me = self.colour_to_move();
        let they = 1 - me;
        let mut counts = vec![0u16; 2 * COMBINATIONS];
        for index in self.empties.iter() {
            let lines = &self.lines[index];
            counts[usize::from(lines.combinations[me])] += 1;
            counts[COMBINATIONS + usize::from(lines.combinations[they])] += 1;
        }
        let mut features: Vec<(u32, f32)> = counts
            .iter()
            .enumerate()
            .filter(|(_, &count)| count > 0)
            .map(|(parameter, &count)| (parameter as u32, f32::from(count)))
            .collect();
        features.push(((2 * COMBINATIONS + self.threat_mask()) as u32, 1.0));
        features.push(((CELL_PARAMETERS - 1) as u32, 1.0));
        features
    }
}

const _: () = assert!(MOVER_MASK_THREATS.len() + WAITER_MASK_THREATS.len() == THREAT_MASKS.trailing_zeros() as usize);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;

    #[test]
    fn combinations_ignore_the_order_of_the_shapes_and_count_715() {
        use Shape::*;
        let a = combination_of(&[Two, Three, None, OpenTwo]);
        let b = combination_of(&[OpenTwo, None, Three, Two]);
        assert_eq!(threat_of_combination(combination_of(&[OpenThree, Four, None, None])), Threat::FourThree);
        assert_eq!(a, b);
        assert_ne!(a, combination_of(&[Two, Three, None, Two]));
        let mut seen = std::collections::HashSet::<u16>::new();
        seen.extend(COMBINATION_OF.iter().take(SHAPES * SHAPES * SHAPES * SHAPES));
        assert_eq!(seen.len(), COMBINATIONS);
        for combination in [0, 1, 100, 714] {
            let shapes = shapes_of_combination(combination);
            assert_eq!(usize::from(combination_of(&shapes)), combination);
            assert_eq!(threat_of_combination(combination as u16), super::super::threats::threat_of(&shapes));
            for (shape, number) in shapes.iter().zip(0..) {
                assert_eq!(SHAPE_OF_NUMBER[*shape as usize] as usize, *shape as usize, "{number}");
            }
        }
    }

    #[test]
    fn the_evaluation_is_the_features_dot_the_tables_after_every_move() {
        // The kept sums against the features counted afresh, move by move
        // through a game with threats of both colours.
        let vector = cell_tables().to_vector();
        let moves = "h8 i9 h9 h7 g8 j8 j7 i7 k7 i8 i6 g9 f9 k9 j9 l10 f7 e6";
        let mut game = Gomoku::new(15, Rule::Freestyle).unwrap();
        for mv in moves.split(' ') {
            game.try_play(game.parse_point(mv).unwrap()).unwrap();
            let dot: i64 = game
                .cell_features()
                .iter()
                .map(|&(p, count)| i64::from(count as i32) * i64::from(vector[p as usize]))
                .sum();
            assert_eq!(dot.clamp(-900_000, 900_000) as i32, game.static_value().get(), "after {mv}");
        }
    }

    #[test]
    fn the_linear_tables_give_the_linear_evaluation_and_the_vector_round_trips() {
        let tables = CellTables::from_linear(&EVAL_WEIGHTS);
        assert_eq!(CellTables::from_vector(&tables.to_vector()), Some(tables.clone()));
        let vector = tables.to_vector();
        for moves in ["h8 a1 i8 a15", "h8 h9 i8 i9 j8 g7", "h8 i9 h9 h7 g8 j8 j7 i7 k7"] {
            let game = Gomoku::from_moves(15, 15, Rule::Freestyle, moves).unwrap();
            let dot: f64 =
                game.cell_features().iter().map(|&(p, count)| f64::from(count) * f64::from(vector[p as usize])).sum();
            assert_eq!(dot as i32, game.value_with(&EVAL_WEIGHTS).get(), "{moves}");
        }
    }
}
