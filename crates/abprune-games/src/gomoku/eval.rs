//! The heuristics: tuning constants in one place, the static evaluation and
//! the seed move ordering.
//!
//! Both read the incremental state only. A colour's *potential* is the sum,
//! over the empty points, of what its stone there would make (line shapes
//! plus a bonus for a combined threat): points where it could make a five,
//! an open four or a three count a lot, open space a little.

use super::board::point_of;
use super::cells::{threat_mask, EvalTables, OrderedValues};
use super::patterns::SHAPES;
use super::threats::{value_of, Threat, THREAT_KINDS};
use super::Gomoku;
use abprune::Score;
use std::sync::LazyLock;

/// Value of the shape a stone would make in one line, by [`super::Shape`]
/// number: none, overline, one, two, open two, three, open three, four,
/// open four, five.
pub(crate) const SHAPE_VALUE: [i32; 10] = [0, 0, 1, 6, 20, 24, 100, 130, 600, 3000];

/// Bonus of the combined threat a stone would make, by [`Threat`] number:
/// none, three, double three, four, four-three, open four, five.
pub(crate) const THREAT_BONUS: [i32; 7] = [0, 0, 300, 0, 800, 1500, 3000];

/// The static evaluation's weights: a linear function of how many lines
/// each colour could give each [`Shape`](super::Shape) with one more stone,
/// and how many points make each [`Threat`], with separate
/// weights for the side to move (the *mover*, who can carry out a threat
/// now) and the other side (the *waiter*, whose threats the mover can still
/// answer). That asymmetry is what keeps the value from swinging between
/// odd and even depths: a fresh open three is worth little to the side
/// that just made it, since the mover will block it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Per shape number: none, overline, one, two, open two, three, open
    /// three, four, open four, five.
    pub mover_shape: [i32; SHAPES],
    /// The same for the waiter (subtracted).
    pub waiter_shape: [i32; SHAPES],
    /// Per threat number: none, three, double three, four, four-three,
    /// open four, five.
    pub mover_threat: [i32; THREAT_KINDS],
    /// The same for the waiter (subtracted).
    pub waiter_threat: [i32; THREAT_KINDS],
    /// The side to move's bonus for having the move.
    pub tempo: i32,
}

/// The number of evaluation features ([`Gomoku::eval_features`]): the
/// weights of [`EvalWeights`] in order, tempo last.
pub const EVAL_FEATURES: usize = 2 * SHAPES + 2 * THREAT_KINDS + 1;

impl EvalWeights {
    /// The weights as one vector, in the order of [`Gomoku::eval_features`]
    /// (the waiter's with their sign: negative).
    pub fn to_vector(&self) -> [i32; EVAL_FEATURES] {
        let mut vector = [0; EVAL_FEATURES];
        let parts = self.mover_shape.iter().copied().chain(self.waiter_shape.iter().map(|w| -w));
        let parts = parts.chain(self.mover_threat.iter().copied()).chain(self.waiter_threat.iter().map(|w| -w));
        for (slot, weight) in vector.iter_mut().zip(parts.chain([self.tempo])) {
            *slot = weight;
        }
        vector
    }

    /// The inverse of [`EvalWeights::to_vector`].
    pub fn from_vector(vector: &[i32; EVAL_FEATURES]) -> EvalWeights {
        let mut weights = EvalWeights {
            mover_shape: [0; SHAPES],
            waiter_shape: [0; SHAPES],
            mover_threat: [0; THREAT_KINDS],
            waiter_threat: [0; THREAT_KINDS],
            tempo: vector[EVAL_FEATURES - 1],
        };
        let (shapes, threats) = vector.split_at(2 * SHAPES);
        for s in 0..SHAPES {
            weights.mover_shape[s] = shapes[s];
            weights.waiter_shape[s] = -shapes[SHAPES + s];
        }
        for t in 0..THREAT_KINDS {
            weights.mover_threat[t] = threats[t];
            weights.waiter_threat[t] = -threats[THREAT_KINDS + t];
        }
        weights
    }
}

/// The evaluation's weights, fitted by `abprune tune gomoku` to its own
/// search: 3,466 games of 15x15 freestyle (round 3's self-play and its
/// games against Pela, Rapfi 2018 and Rapfi 0.43; every fifth game held
/// out), 83,610 quiet positions from move 6, each with the target
/// `0.3 x result + 0.7 x` the predicted score of the player's engine's
/// value 8 plies deep (`--search-depth 8 --lambda 0.3`). Mean squared
/// error on the held-out games: 0.05268 with the weights before (fitted to
/// results alone, 335 games), 0.04804 with these. Results alone had been
/// fitted three times with more features and games: each fit predicted
/// results better and played worse; fitted to what the search finds, the
/// evaluation won its match (docs/strength.md). The mover's threats other
/// than a four-three (an open four, a five) never reach the evaluation
/// (the rules decide those positions) and keep their starting values.
pub const EVAL_WEIGHTS: EvalWeights = EvalWeights {
    mover_shape: [0, 0, -4, 10, 32, 100, -134, 421, 600, 3000],
    waiter_shape: [-1, 0, -5, 8, 25, 91, 131, 406, 581, 200],
    mover_threat: [0, 368, 883, 18, 3356, 3000, 3000],
    waiter_threat: [0, 58, 85, 44, 1119, 420, 0],
    tempo: 42,
};

/// The evaluation is clamped to this magnitude, well inside the heuristic band.
const EVAL_LIMIT: i32 = 900_000;

/// Move hint tier of what a move makes for the side to move, by [`Threat`]
/// number: a five first, then an open four, a four-three, a four or a
/// double three, a three.
const ATTACK_TIER: [i32; 7] = [0, 100_000, 300_000, 300_000, 500_000, 700_000, 900_000];

/// Move hint tier of what a move takes away from the opponent (the threat
/// the opponent would make there), by [`Threat`] number: blocking a four's
/// five point ranks just below winning, blocking an open three's open-four
/// point just below making an open four.
const DEFENCE_TIER: [i32; 7] = [0, 0, 200_000, 0, 400_000, 600_000, 800_000];

/// The line values of both colours add to at most this in a move hint, so
/// they never lift a move into the next tier.
const HINT_VALUE_CAP: i32 = 90_000;

/// Every seed score is below this.
pub(crate) const SEED_SCORE_LIMIT: i32 = 1_000_000;

/// Move hint bonus for a point within two rows and columns of the last
/// move, the move before it, and so on.
const RECENT_MOVE_BONUS: [i32; 4] = [400, 200, 100, 50];

/// How far (in rows and columns) a point counts as near a recent move.
const RECENT_MOVE_REACH: u8 = 2;

/// The pattern evaluation's tables every position uses, built on first
/// use: the linear weights [`EVAL_WEIGHTS`] written as cell tables (the
/// same values; a fitted set replaces them once a match has judged it).
pub fn current_tables() -> &'static EvalTables {
    static TABLES: LazyLock<EvalTables> = LazyLock::new(|| EvalTables::linear(&EVAL_WEIGHTS));
    &TABLES
}

/// [`current_tables`] by ordered code, as the positions read them.
pub(crate) fn current_values() -> &'static OrderedValues {
    static VALUES: LazyLock<OrderedValues> = LazyLock::new(|| OrderedValues::of(current_tables()));
    &VALUES
}

impl Gomoku {
    /// The pattern evaluation (module `cells`) from the incremental sums,
    /// clamped to `±EVAL_LIMIT`.
    #[inline]
    pub(super) fn static_value(&self) -> Score {
        let value = self.one_ply_value();
        let value = match self.values_before.last() {
            Some(&before) if self.eval.two_ply && self.passes == 0 => (value - before) / 2,
            _ => value,
        };
        Score::new(value.clamp(-EVAL_LIMIT, EVAL_LIMIT))
    }

    /// The evaluation of this position alone, for the side to move,
    /// unclamped: the tempo, the cell sums and the threat mask's value.
    #[inline]
    pub(super) fn one_ply_value(&self) -> i32 {
        let me = self.colour_to_move();
        let they = 1 - me;
        let mask = threat_mask(&self.threat_counts[me], &self.threat_counts[they]);
        self.eval.tempo + self.cell_sums[0][me] - self.cell_sums[1][they] + self.eval.mask[mask]
    }

    /// The pattern evaluation's inputs for the side to move (for fitting
    /// its tables): calls `cell(mover's code, other side's code)` for each
    /// empty cell, and returns the threat mask. The evaluation is
    /// `tempo + sum(mover[m]) - sum(waiter[w]) + mask[returned]`, clamped.
    pub fn eval_codes(&self, mut cell: impl FnMut(u16, u16)) -> usize {
        let me = self.colour_to_move();
        for index in self.empties.iter() {
            let codes = self.lines[index].codes;
            cell(self.codes.canonical(codes[me]), self.codes.canonical(codes[1 - me]));
        }
        threat_mask(&self.threat_counts[me], &self.threat_counts[1 - me])
    }

    /// `[colour][shape]`: over the empty cells and the four directions, how
    /// many lines a stone of that colour would give that shape (the linear
    /// evaluation's features; counted when asked, for tuning).
    fn shape_counts(&self) -> [[i32; SHAPES]; 2] {
        let mut counts = [[0; SHAPES]; 2];
        for index in self.empties.iter() {
            for (colour, counts) in counts.iter_mut().enumerate() {
                for shape in self.lines[index].shapes(colour) {
                    counts[shape as usize] += 1;
                }
            }
        }
        counts
    }

    /// The evaluation with other weights (for tuning them).
    pub fn value_with(&self, weights: &EvalWeights) -> Score {
        let me = self.colour_to_move();
        let they = 1 - me;
        let [mine, theirs] = {
            let counts = self.shape_counts();
            [counts[me], counts[they]]
        };
        let mut value = weights.tempo;
        for (s, (mover, waiter)) in mine.iter().zip(&theirs).enumerate() {
            value += weights.mover_shape[s] * mover - weights.waiter_shape[s] * waiter;
        }
        for t in 1..THREAT_KINDS {
            value += weights.mover_threat[t] * self.threat_counts[me][t]
                - weights.waiter_threat[t] * self.threat_counts[they][t];
        }
        Score::new(value.clamp(-EVAL_LIMIT, EVAL_LIMIT))
    }

    /// The features the evaluation weighs, for the side to move: the
    /// mover's shape counts, the waiter's, the mover's threat counts, the
    /// waiter's, and 1 (the tempo). The unclamped evaluation is their dot
    /// product with [`EvalWeights::to_vector`].
    pub fn eval_features(&self) -> [i32; EVAL_FEATURES] {
        let me = self.colour_to_move();
        let they = 1 - me;
        let mut features = [0; EVAL_FEATURES];
        let shape_counts = self.shape_counts();
        let parts = shape_counts[me].iter().chain(&shape_counts[they]);
        // The count of points without a threat is no feature: zero it.
        let mut threat_counts = self.threat_counts;
        for counts in &mut threat_counts {
            counts[Threat::None as usize] = 0;
        }
        let parts = parts.chain(&threat_counts[me]).chain(&threat_counts[they]);
        for (slot, &count) in features.iter_mut().zip(parts.chain(&[1])) {
            *slot = count;
        }
        features
    }

    /// The seed ordering's score of the empty cell `index` for the side to
    /// move: the higher of the attack and defence tiers, then the line values
    /// of both colours there, then nearness to the last few moves. Within
    /// `0..SEED_SCORE_LIMIT`.
    pub(super) fn seed_score(&self, index: usize) -> i32 {
        let me = self.colour_to_move();
        let lines = &self.lines[index];
        let (mine, theirs) = (lines.threats[me], lines.threats[1 - me]);
        let tier = ATTACK_TIER[mine as usize].max(DEFENCE_TIER[theirs as usize]);
        let value = value_of(&lines.shapes(me), mine) + value_of(&lines.shapes(1 - me), theirs);
        let value = value.min(HINT_VALUE_CAP);
        tier + value + self.recent_move_bonus(index)
    }

    /// The bonus for nearness to the last few moves.
    fn recent_move_bonus(&self, index: usize) -> i32 {
        let p = point_of(index);
        self.history
            .iter()
            .rev()
            .zip(RECENT_MOVE_BONUS)
            .filter(|(recent, _)| {
                recent.x.abs_diff(p.x) <= RECENT_MOVE_REACH && recent.y.abs_diff(p.y) <= RECENT_MOVE_REACH
            })
            .map(|(_, bonus)| bonus)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::board::index_of;
    use crate::gomoku::Rule;
    use crate::gomoku::Threat;

    #[test]
    fn tiers_follow_the_seed_order_and_stay_inside_the_hint_range() {
        // Win now > block a four > make an open four > block an open three.
        assert!(ATTACK_TIER[Threat::Five as usize] > DEFENCE_TIER[Threat::Five as usize]);
        assert!(DEFENCE_TIER[Threat::Five as usize] > ATTACK_TIER[Threat::OpenFour as usize]);
        assert!(ATTACK_TIER[Threat::OpenFour as usize] > DEFENCE_TIER[Threat::OpenFour as usize]);
        assert!(DEFENCE_TIER[Threat::OpenFour as usize] > ATTACK_TIER[Threat::FourThree as usize]);
        let largest =
            ATTACK_TIER.iter().max().copied().unwrap_or(0) + HINT_VALUE_CAP + RECENT_MOVE_BONUS.iter().sum::<i32>();
        assert!(largest < SEED_SCORE_LIMIT);
        assert!(THREAT_BONUS.len() == Threat::ALL.len());
    }

    /// The pattern evaluation of `game` under `tables`, from its inputs.
    fn evaluation_with(game: &Gomoku, tables: &EvalTables) -> i32 {
        let mut value = tables.tempo;
        let mask = game.eval_codes(|mover, waiter| {
            value += tables.mover[usize::from(mover)] - tables.waiter[usize::from(waiter)];
        });
        value + tables.mask[mask]
    }

    #[test]
    fn the_evaluation_favours_the_side_with_more_shape() {
        // Black h8 i8 (an open two) against a lone white a1; black to move.
        let game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 a1 i8 a15").unwrap();
        assert!(game.static_value() > Score::new(current_tables().tempo));
        // The incremental sums give the value the inputs give.
        assert_eq!(Score::new(evaluation_with(&game, current_tables())), game.static_value());
        let near = game.parse_point("j8").unwrap();
        let far = game.parse_point("c3").unwrap();
        assert!(game.seed_score(index_of(near)) > game.seed_score(index_of(far)));
    }

    #[test]
    fn linear_tables_give_the_linear_evaluation() {
        // Seeded random games: the linear weights written as cell tables
        // value every position as the weights do.
        let tables = EvalTables::linear(&EVAL_WEIGHTS);
        assert_eq!(EvalWeights::from_vector(&EVAL_WEIGHTS.to_vector()), EVAL_WEIGHTS);
        let mut state = 7u64;
        for _ in 0..20 {
            let mut game = Gomoku::new(15, Rule::Freestyle).unwrap();
            for _ in 0..60 {
                if game.is_over() {
                    break;
                }
                let features = game.eval_features();
                let dot: i32 = features.iter().zip(EVAL_WEIGHTS.to_vector()).map(|(f, w)| f * w).sum();
                assert_eq!(Score::new(dot), game.value_with(&EVAL_WEIGHTS));
                assert_eq!(evaluation_with(&game, &tables), dot, "after {:?}", game.history());
                let mut moves = Vec::new();
                abprune::Game::generate_moves(&game, &mut moves);
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let mv = moves[(state >> 33) as usize % moves.len()];
                game.try_play(mv).unwrap();
            }
        }
    }
}
