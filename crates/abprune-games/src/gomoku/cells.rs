//! The pattern evaluation's vocabulary: what a stone on an empty cell would
//! make in its four lines together, as one *cell code*, and the tables that
//! value it.
//!
//! A cell's four line [`Pattern`]s, taken as an unordered set (the
//! direction does not matter, only what the lines hold), form one of
//! [`CODES`] codes: `C(14 + 3, 4)` multisets of four out of the 14
//! patterns. Each empty cell has a code per colour, kept up to date by the
//! incremental update (`super::incremental`) whenever one of its line
//! patterns changes. The code also decides the cell's [`Threat`]
//! ([`threat_of_code`]), so the threat rules and the evaluation read the
//! same state.
//!
//! The evaluation ([`EvalTables`]) is a sum over the empty cells of a value
//! per code, one table for the side to move's codes and one for the other
//! side's, plus a value per *threat mask* (which threat kinds each side has
//! somewhere on the board: the non-linear "who attacks first" term a sum
//! over cells cannot express) and a tempo; a two-ply evaluation averages
//! the cells over the last two plies, with or without the mask. Its
//! tables are fitted by
//! `abprune tune gomoku-eval`; [`EvalTables::linear`] writes the older
//! linear evaluation in the same form.

use super::patterns::{Pattern, PATTERNS};
use super::threats::{threat_of, Threat, THREAT_KINDS};
use super::weights::EvalWeights;
use std::sync::LazyLock;

/// The number of cell codes: multisets of four patterns.
pub const CODES: usize = 2380;

/// The number of ordered quadruples of patterns (`14^4`): a cell keeps
/// its *ordered code* `p0 + 14 p1 + 14^2 p2 + 14^3 p3` (`p_d` the pattern
/// of direction `d`), which one changed pattern updates by an addition;
/// the tables the search reads are indexed by it.
pub const ORDERED: usize = PATTERNS * PATTERNS * PATTERNS * PATTERNS;

/// The weight of direction `d`'s pattern in an ordered code.
pub(crate) const ORDERED_WEIGHT: [u16; 4] = [1, 14, 196, 2744];

/// The threat kinds that have a bit in a threat mask (all but none).
const MASK_KINDS: usize = THREAT_KINDS - 1;

/// The number of threat masks: a bit per threat kind per side.
pub const MASKS: usize = 1 << (2 * MASK_KINDS);

/// The codes as tables: the canonical code of every ordered quadruple, and
/// the patterns (sorted) and threat of every code.
pub(crate) struct CodeTables {
    code_of_ordered: Box<[u16; ORDERED]>,
    patterns: Box<[[Pattern; 4]; CODES]>,
    threats: Box<[Threat; CODES]>,
    threats_of_ordered: Box<[Threat; ORDERED]>,
    /// Per ordered code, whether black's stone there may be forbidden
    /// under renju (`super::renju::suspect`).
    suspects_of_ordered: Box<[bool; ORDERED]>,
}

impl CodeTables {
    /// Codes numbered in the order of their sorted quadruples.
    fn build() -> CodeTables {
        let mut patterns = Vec::with_capacity(CODES);
        let mut first_code = vec![0u16; ORDERED];
        let index = |q: [usize; 4]| q[0] + PATTERNS * (q[1] + PATTERNS * (q[2] + PATTERNS * q[3]));
        for a in 0..PATTERNS {
            for b in a..PATTERNS {
                for c in b..PATTERNS {
                    for d in c..PATTERNS {
                        first_code[index([a, b, c, d])] = patterns.len() as u16;
                        patterns.push([a, b, c, d].map(|i| Pattern::ALL[i]));
                    }
                }
            }
        }
        debug_assert_eq!(patterns.len(), CODES);
        let code_of_ordered: Vec<u16> = (0..ORDERED)
            .map(|ordered| {
                let mut q = [
                    ordered % PATTERNS,
                    ordered / PATTERNS % PATTERNS,
                    ordered / (PATTERNS * PATTERNS) % PATTERNS,
                    ordered / (PATTERNS * PATTERNS * PATTERNS),
                ];
                q.sort_unstable();
                first_code[index(q)]
            })
            .collect();
        let threats: Vec<Threat> = patterns.iter().map(|quadruple| threat_of(&quadruple.map(Pattern::shape))).collect();
        let threats_of_ordered: Vec<Threat> = code_of_ordered.iter().map(|&code| threats[usize::from(code)]).collect();
        let suspects_of_ordered: Vec<bool> =
            code_of_ordered.iter().map(|&code| super::renju::suspect(&patterns[usize::from(code)])).collect();
        CodeTables {
            suspects_of_ordered: suspects_of_ordered.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!()),
            threats_of_ordered: threats_of_ordered.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!()),
            code_of_ordered: code_of_ordered.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!()),
            patterns: patterns.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!()),
            threats: threats.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!()),
        }
    }

    /// The code of a cell whose four lines hold `patterns` (in any order).
    #[inline(always)]
    pub(crate) fn code_of(&self, patterns: &[Pattern; 4]) -> u16 {
        self.canonical(ordered_code(patterns))
    }

    /// The code of the ordered code `ordered`.
    #[inline(always)]
    pub(crate) fn canonical(&self, ordered: u16) -> u16 {
        self.code_of_ordered[usize::from(ordered)]
    }

    /// The threat a stone makes on a cell of `code`.
    #[inline(always)]
    pub(crate) fn threat_of(&self, code: u16) -> Threat {
        self.threats[usize::from(code)]
    }

    /// The strongest of the four patterns of ordered code `ordered`.
    #[inline(always)]
    pub(crate) fn strongest(&self, ordered: u16) -> Pattern {
        self.patterns[usize::from(self.canonical(ordered))][3]
    }

    /// The threat a stone makes on a cell of ordered code `ordered`.
    #[inline(always)]
    pub(crate) fn threat_of_ordered(&self, ordered: u16) -> Threat {
        self.threats_of_ordered[usize::from(ordered)]
    }

    /// Whether black's stone on a cell of ordered code `ordered` may be
    /// forbidden under renju (the cheap test before the judgement).
    #[inline(always)]
    pub(crate) fn suspect_of_ordered(&self, ordered: u16) -> bool {
        self.suspects_of_ordered[usize::from(ordered)]
    }
}

/// The ordered code of a cell whose lines hold `patterns`, by direction.
#[inline(always)]
pub(crate) fn ordered_code(patterns: &[Pattern; 4]) -> u16 {
    patterns.iter().zip(ORDERED_WEIGHT).map(|(&p, weight)| p as u16 * weight).sum()
}

/// The code tables, built on first use.
pub(crate) fn code_tables() -> &'static CodeTables {
    static TABLES: LazyLock<CodeTables> = LazyLock::new(CodeTables::build);
    &TABLES
}

/// The code of a cell whose four lines hold `patterns` (in any order).
pub fn code_of(patterns: &[Pattern; 4]) -> u16 {
    code_tables().code_of(patterns)
}

/// The threat a stone makes on a cell of `code`.
pub fn threat_of_code(code: u16) -> Threat {
    code_tables().threat_of(code)
}

/// The four patterns of `code`, weakest first.
pub fn patterns_of_code(code: u16) -> [Pattern; 4] {
    code_tables().patterns[usize::from(code)]
}

/// The threat mask of a position: bit `t - 1` if the side to move has a
/// cell of threat kind `t` (three to five), bit `6 + t - 1` if the other
/// side has one. `counts[side][t]` are the sizes of the threat sets.
#[inline]
pub fn threat_mask(mover: &[i32; THREAT_KINDS], waiter: &[i32; THREAT_KINDS]) -> usize {
    let mut mask = 0;
    for kind in 1..THREAT_KINDS {
        mask |= usize::from(mover[kind] > 0) << (kind - 1);
        mask |= usize::from(waiter[kind] > 0) << (MASK_KINDS + kind - 1);
    }
    mask
}

/// The pattern evaluation's values (module documentation): the value of
/// `position` for its side to move is
/// `tempo + sum(mover[code of the mover's stone on each empty cell])
///  - sum(waiter[code of the other side's stone there]) + mask[threat mask]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EvalTables {
    /// Per code, its value as a cell of the side to move.
    pub mover: Box<[i32; CODES]>,
    /// Per code, its value as a cell of the other side (subtracted).
    pub waiter: Box<[i32; CODES]>,
    /// Per threat mask, its value.
    pub mask: Box<[i32; MASKS]>,
    /// The side to move's bonus for having the move.
    pub tempo: i32,
    /// Whether the evaluation is the average of the last two plies' (this
    /// position's, and minus the one before the last move's): the value
    /// then moves by half as much from one ply to the next, which keeps an
    /// attacker's evaluation from swinging with the side to move.
    pub two_ply: bool,
    /// With `two_ply`, whether the threat mask's value is this position's
    /// alone rather than averaged with the position before: only the cell
    /// sums are averaged (Rapfi's form), so the "who attacks first" term
    /// speaks for the side to move at full strength.
    pub whole_mask: bool,
}

/// [`EvalTables`] as the incremental update reads them: the cell values
/// indexed by ordered code (one lookup where the code would take two).
pub(crate) struct OrderedValues {
    /// Per ordered code, the value as a cell of the side to move.
    pub(crate) mover: Box<[i32; ORDERED]>,
    /// Per ordered code, the value as a cell of the other side.
    pub(crate) waiter: Box<[i32; ORDERED]>,
    /// Per threat mask, its value.
    pub(crate) mask: Box<[i32; MASKS]>,
    /// The side to move's bonus for having the move.
    pub(crate) tempo: i32,
    /// [`EvalTables::two_ply`].
    pub(crate) two_ply: bool,
    /// [`EvalTables::whole_mask`].
    pub(crate) whole_mask: bool,
}

impl OrderedValues {
    /// The values of `tables` by ordered code.
    pub(crate) fn of(tables: &EvalTables) -> OrderedValues {
        let codes = code_tables();
        let expand = |values: &[i32; CODES]| -> Box<[i32; ORDERED]> {
            let all: Vec<i32> = codes.code_of_ordered.iter().map(|&code| values[usize::from(code)]).collect();
            all.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
        };
        OrderedValues {
            mover: expand(&tables.mover),
            waiter: expand(&tables.waiter),
            mask: tables.mask.clone(),
            tempo: tables.tempo,
            two_ply: tables.two_ply,
            whole_mask: tables.whole_mask,
        }
    }
}

impl EvalTables {
    /// Tables that give exactly the linear evaluation of `weights`: a
    /// cell's value is the weights of the shapes of its four lines plus
    /// the weight of its threat, and no mask term.
    pub fn linear(weights: &EvalWeights) -> EvalTables {
        let tables = code_tables();
        let cell = |shape_weights: &[i32], threat_weights: &[i32], code: usize| {
            let patterns = tables.patterns[code];
            let threat = tables.threats[code];
            let shapes: i32 = patterns.iter().map(|p| shape_weights[p.shape() as usize]).sum();
            shapes + if threat == Threat::None { 0 } else { threat_weights[threat as usize] }
        };
        EvalTables {
            mover: Box::new(std::array::from_fn(|code| cell(&weights.mover_shape, &weights.mover_threat, code))),
            waiter: Box::new(std::array::from_fn(|code| cell(&weights.waiter_shape, &weights.waiter_threat, code))),
            mask: Box::new([0; MASKS]),
            tempo: weights.tempo,
            two_ply: false,
            whole_mask: false,
        }
    }
}

/// The pattern evaluation's tables every position uses, built on first
/// use: the two-ply tables of `eval_tables.rs`, fitted by `abprune tune
/// gomoku-eval --two-ply` to 1,003,201 positions labelled by Rapfi's
/// search, which beat the linear weights ([`EvalTables::linear`] of
/// `EVAL_WEIGHTS`) in self-play at equal nodes, then refitted to 196,497
/// positions valued by abprune's own search 7 plies deep, which beat
/// those by +79 Elo; since 2026-11-29 refitted the same two ways with the
/// threat mask whole (`--whole-mask`, Rapfi's form: only the cells are
/// averaged), level in self-play, 43.9% against Rapfi 0.43 over 400 games
/// where the tables before scored about 38% (docs/gomoku-data.md,
/// docs/strength.md).
pub fn current_tables() -> &'static EvalTables {
    use super::eval_tables::{MASK, MOVER, TEMPO, TWO_PLY, WAITER, WHOLE_MASK};
    static TABLES: LazyLock<EvalTables> = LazyLock::new(|| EvalTables {
        mover: Box::new(MOVER),
        waiter: Box::new(WAITER),
        mask: Box::new(MASK),
        tempo: TEMPO,
        two_ply: TWO_PLY,
        whole_mask: WHOLE_MASK,
    });
    &TABLES
}

/// [`current_tables`] by ordered code, as the positions read them.
pub(crate) fn current_values() -> &'static OrderedValues {
    static VALUES: LazyLock<OrderedValues> = LazyLock::new(|| OrderedValues::of(current_tables()));
    &VALUES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_ignore_the_order_of_the_lines() {
        use Pattern::*;
        let a = code_of(&[Four, Dead, FlexThree, One]);
        assert_eq!(a, code_of(&[Dead, One, Four, FlexThree]));
        assert_eq!(patterns_of_code(a), [Dead, One, FlexThree, Four]);
        assert_eq!(threat_of_code(a), Threat::FourThree);
        assert_eq!(threat_of_code(code_of(&[FlexThree, FlexThreeDouble, Two, Dead])), Threat::DoubleThree);
        assert_eq!(threat_of_code(code_of(&[Dead; 4])), Threat::None);
        // Every code is reached, and each from its own patterns.
        let mut seen = vec![false; CODES];
        for code in 0..CODES as u16 {
            let patterns = patterns_of_code(code);
            assert_eq!(code_of(&patterns), code);
            assert!(patterns.windows(2).all(|w| w[0] <= w[1]));
            seen[usize::from(code)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn masks_have_a_bit_per_side_and_kind() {
        let mut mover = [0; THREAT_KINDS];
        let mut waiter = [0; THREAT_KINDS];
        assert_eq!(threat_mask(&mover, &waiter), 0);
        mover[Threat::Three as usize] = 2;
        waiter[Threat::Five as usize] = 1;
        assert_eq!(threat_mask(&mover, &waiter), 1 | (1 << 11));
        mover[Threat::None as usize] = 100;
        assert_eq!(threat_mask(&mover, &waiter), 1 | (1 << 11), "points without a threat have no bit");
        assert!(threat_mask(&[1; THREAT_KINDS], &[1; THREAT_KINDS]) < MASKS);
    }
}
