//! The engine's move hint: a score per candidate point learned from the
//! moves the player itself chose in its games.
//!
//! The hint is linear in a point's *order features* (what a stone there
//! would make for each side, and how near it is to the last moves): the
//! weights of a conditional-logit model (Bradley-Terry for moves: the
//! probability of choosing a point is proportional to `e^score` among the
//! candidates) fitted by `abprune tune gomoku-order` to the player's own
//! choices. What a search of half a second chose is a better guide to the
//! moves worth searching first than the hand-set tiers of
//! [`super::eval`], which the VCF and VCT searches keep.

use super::board::point_of;
use super::Gomoku;

/// The number of order features ([`Gomoku::order_features`]).
pub const ORDER_FEATURES: usize = 40;

/// How many recent moves count for nearness, and how many of them for
/// adjacency.
const RECENT: usize = 4;
const ADJACENT: usize = 2;

/// The weights of the move hint, in thousandths of a logit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderWeights {
    /// By the [`super::Threat`] a stone of the side to move would make
    /// there (none, three, double three, four, four-three, open four, five).
    pub mine_threat: [i32; 7],
    /// By the threat the opponent would make there (taking it away).
    pub their_threat: [i32; 7],
    /// Per [`super::Shape`] number, summed over the four lines: the side to
    /// move's shapes through the point.
    pub my_shape: [i32; 10],
    /// The same for the opponent's shapes.
    pub their_shape: [i32; 10],
    /// Within two rows and columns of the last move, the move before it,
    /// and so on.
    pub near: [i32; RECENT],
    /// Next to (within one row and column of) the last move, the move
    /// before it.
    pub adjacent: [i32; ADJACENT],
}

/// The fitted weights: the conditional-logit model fitted to 60,000
/// positions drawn from the 220,368 in which abprune moved in the games
/// played from 22dbeff (2026-11-25) to 162bfa2 (2026-11-26) (self-play at
/// 5 s + 0.05 s and matches against Pela, Rapfi 2018 and Rapfi 0.43 at
/// 10 s + 0.1 s; 15x15 freestyle, past the openings' stones). On held-out positions the point abprune played was ranked first
/// 33.7% of the time (27.0% by the seed's tiers), among the first ten 87.6%
/// (76.6%), mean rank 4.8 (8.2). `abprune tune gomoku-order` on the same
/// games (every fifth game held out) ranks as well with these weights as
/// with its own refit (first 34.1% both). Self-play against the tiers,
/// 5 s + 0.05 s: +124 -82 =4, Elo +70 [+24, +120] (docs/strength.md). The
/// side to move's open four and five, and the opponent's five, never reach
/// the hint (the candidate moves decide those positions first) and keep
/// values above every fitted one.
pub const ORDER_WEIGHTS: OrderWeights = OrderWeights {
    mine_threat: [-108, 1119, 1995, 890, 4813, 6000, 9000],
    their_threat: [-1166, 848, 2244, 1068, 3383, 2516, 6000],
    my_shape: [524, 0, 751, 852, 1816, 2059, 2296, 2860, 3500, 5000],
    their_shape: [1382, 0, 1442, 1385, 1873, 2204, 1807, 2014, 2331, 3000],
    near: [697, 411, 204, 298],
    adjacent: [197, 207],
};

/// Lifts every hint above zero (the lowest possible sum is above minus
/// this).
const HINT_OFFSET: i32 = 20_000;

impl OrderWeights {
    /// The weights as one vector, in the order of
    /// [`Gomoku::order_features`].
    pub fn to_vector(&self) -> [i32; ORDER_FEATURES] {
        let mut vector = [0; ORDER_FEATURES];
        let parts = self.mine_threat.iter().chain(&self.their_threat).chain(&self.my_shape);
        let parts = parts.chain(&self.their_shape).chain(&self.near).chain(&self.adjacent);
        for (slot, &weight) in vector.iter_mut().zip(parts) {
            *slot = weight;
        }
        vector
    }

    /// The inverse of [`OrderWeights::to_vector`].
    pub fn from_vector(vector: &[i32; ORDER_FEATURES]) -> OrderWeights {
        let mut weights = ORDER_WEIGHTS;
        let mut values = vector.iter().copied();
        let parts: [&mut [i32]; 6] = [
            &mut weights.mine_threat,
            &mut weights.their_threat,
            &mut weights.my_shape,
            &mut weights.their_shape,
            &mut weights.near,
            &mut weights.adjacent,
        ];
        for part in parts {
            for (slot, value) in part.iter_mut().zip(&mut values) {
                *slot = value;
            }
        }
        weights
    }
}

impl Gomoku {
    /// The order features of the empty point `p` for the side to move:
    /// one-hot its threat kind and the opponent's there, the counts of each
    /// side's line shapes through it, then nearness to the last four moves
    /// and adjacency to the last two (1 or 0 each). The hint is their dot
    /// product with [`OrderWeights::to_vector`], plus a constant.
    pub fn order_features(&self, p: super::Point) -> [i32; ORDER_FEATURES] {
        let me = self.colour_to_move();
        let mut features = [0; ORDER_FEATURES];
        let lines = &self.lines[super::board::index_of(p)];
        features[lines.threats[me] as usize] = 1;
        features[7 + lines.threats[1 - me] as usize] = 1;
        for (mine, theirs) in lines.shapes(me).into_iter().zip(lines.shapes(1 - me)) {
            features[14 + mine as usize] += 1;
            features[24 + theirs as usize] += 1;
        }
        for (k, recent) in self.history.iter().rev().take(RECENT).enumerate() {
            let (dx, dy) = (recent.x.abs_diff(p.x), recent.y.abs_diff(p.y));
            features[34 + k] = i32::from(dx <= 2 && dy <= 2);
            if k < ADJACENT {
                features[38 + k] = i32::from(dx <= 1 && dy <= 1);
            }
        }
        features
    }

    /// The move hint of the empty cell `index` for the side to move:
    /// [`ORDER_WEIGHTS`] applied to its order features, above zero and
    /// below the seed tiers' limit.
    pub(super) fn move_score(&self, index: usize) -> i32 {
        let w = &ORDER_WEIGHTS;
        let me = self.colour_to_move();
        let lines = &self.lines[index];
        let mut score = HINT_OFFSET + w.mine_threat[lines.threats[me] as usize];
        score += w.their_threat[lines.threats[1 - me] as usize];
        for (mine, theirs) in lines.patterns[me].into_iter().zip(lines.patterns[1 - me]) {
            score += w.my_shape[mine.shape() as usize] + w.their_shape[theirs.shape() as usize];
        }
        let p = point_of(index);
        for (k, recent) in self.history.iter().rev().take(RECENT).enumerate() {
            let (dx, dy) = (recent.x.abs_diff(p.x), recent.y.abs_diff(p.y));
            if dx <= 2 && dy <= 2 {
                score += w.near[k];
                if k < ADJACENT && dx <= 1 && dy <= 1 {
                    score += w.adjacent[k];
                }
            }
        }
        score.clamp(0, super::eval::SEED_SCORE_LIMIT - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::board::index_of;
    use crate::gomoku::Rule;
    use abprune::Game;

    #[test]
    fn the_hint_is_the_features_dot_the_weights() {
        let weights = ORDER_WEIGHTS.to_vector();
        assert_eq!(OrderWeights::from_vector(&weights), ORDER_WEIGHTS);
        let game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 i9 i8 g8 j7 h9 g9 j9 k9 i7").unwrap();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        assert!(moves.len() > 20);
        for p in moves {
            let dot: i32 = game.order_features(p).iter().zip(weights).map(|(f, w)| f * w).sum();
            assert_eq!(game.move_score(index_of(p)), HINT_OFFSET + dot, "{p}");
        }
    }

    #[test]
    fn a_threat_outranks_open_space() {
        // Black h8 i8 j8 (an open three); white to move must look at its ends first.
        let game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 a1 i8 a15 j8").unwrap();
        let end = index_of(game.parse_point("g8").unwrap());
        let far = index_of(game.parse_point("c3").unwrap());
        assert!(game.move_score(end) > game.move_score(far));
    }
}
