//! The linear evaluation's weights: how much each line shape and each
//! threat a colour could make is worth, for the side to move and for the
//! other side, as fitted by `abprune tune gomoku`; the cell tables every
//! position reads are written from them ([`super::cells::current_tables`]).
//! Kept apart from the evaluation's code (module `eval`, which reads the
//! position) so that the position and the tables below it can use the
//! weights without importing the code above them.

use super::patterns::SHAPES;
use super::threats::THREAT_KINDS;

/// The static evaluation's weights: a linear function of how many lines
/// each colour could give each [`Shape`](super::patterns::Shape) with one more stone,
/// and how many points make each [`Threat`](super::threats::Threat), with separate
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

/// The number of evaluation features ([`Gomoku::eval_features`](super::Gomoku::eval_features)): the
/// weights of [`EvalWeights`] in order, tempo last.
pub const EVAL_FEATURES: usize = 2 * SHAPES + 2 * THREAT_KINDS + 1;

impl EvalWeights {
    /// The weights as one vector, in the order of [`Gomoku::eval_features`](super::Gomoku::eval_features)
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
/// search (97b1161, 2026-11-26): 3,466 games of 15x15 freestyle (the
/// self-play and the games against Pela, Rapfi 2018 and Rapfi 0.43 played
/// since 22dbeff; every fifth game held out), 83,610 quiet positions from
/// move 6, each with the target `0.3 x result + 0.7 x` the predicted
/// score of the player's engine's value 8 plies deep (`--search-depth 8
/// --lambda 0.3`). Mean squared error on the held-out games: 0.05268 with
/// the weights before (fitted to results alone, 335 games), 0.04804 with
/// these. Results alone had been
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
