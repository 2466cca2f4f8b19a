//! The heuristics: tuning constants in one place, the static evaluation and
//! the seed move ordering.
//!
//! Both read the incremental state only. The evaluation is the pattern
//! evaluation of module `cells` (its fitted tables in `eval_tables.rs`):
//! for the side to move, the tempo, plus the value of each empty cell's
//! pattern code for the mover less the opponent's, plus the value of both
//! sides' threat mask. When the tables say so, the tempo and the cell sums
//! are averaged over the last two plies, and the threat mask's value with
//! them or (`EvalTables::whole_mask`) taken whole from this position.
//! The linear evaluation (module `weights`, shape and threat counts)
//! remains for tuning and for the tables it seeds. The seed move ordering
//! ranks a point by the threat it makes or takes away, then by its line
//! shapes (`value_of`) and its nearness to the last moves.

use super::board::point_of;
use super::cells::threat_mask;
use super::patterns::{Shape, SHAPES};
use super::threats::{Threat, THREAT_KINDS};
use super::weights::{EvalWeights, EVAL_FEATURES};
use super::Gomoku;
use abprune::Score;

/// Value of the shape a stone would make in one line, by [`super::Shape`]
/// number: none, overline, one, two, open two, three, open three, four,
/// open four, five.
pub(crate) const SHAPE_VALUE: [i32; 10] = [0, 0, 1, 6, 20, 24, 100, 130, 600, 3000];

/// Bonus of the combined threat a stone would make, by [`Threat`] number:
/// none, three, double three, four, four-three, open four, five.
pub(crate) const THREAT_BONUS: [i32; 7] = [0, 0, 300, 0, 800, 1500, 3000];

/// The heuristic value of a stone that makes `shapes` and `threat`: the
/// shape values of the four lines plus the threat's bonus.
#[inline]
pub(crate) fn value_of(shapes: &[Shape; 4], threat: Threat) -> i32 {
    shapes.iter().map(|&shape| SHAPE_VALUE[shape as usize]).sum::<i32>() + THREAT_BONUS[threat as usize]
}

/// The fitted evaluation's units a logit: `sigmoid(evaluation / this)` is
/// about the side to move's chance to win. `tune gomoku-eval` prints it as
/// its scale: the tables of d88439e (the threat mask whole) measure 2,303
/// on the 55,657 held-out positions of their first fit's Rapfi-valued
/// data, where ef1936d's measured 1,971 (bd16a06's 1,930 on their own
/// labels). For reading a value, not for search.
pub const UNITS_PER_LOGIT: f64 = 2300.0;

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

impl Gomoku {
    /// The pattern evaluation (module `cells`) from the incremental sums,
    /// clamped to `±EVAL_LIMIT`.
    #[inline]
    pub(super) fn static_value(&self) -> Score {
        let value = match self.values_before.last() {
            Some(&before) if self.eval.two_ply && self.passes == 0 => {
                if self.eval.whole_mask {
                    (self.cells_value() - before) / 2 + self.mask_value()
                } else {
                    (self.one_ply_value() - before) / 2
                }
            }
            _ => self.one_ply_value(),
        };
        Score::new(value.clamp(-EVAL_LIMIT, EVAL_LIMIT))
    }

    /// The evaluation of this position alone, for the side to move,
    /// unclamped: the tempo, the cell sums and the threat mask's value.
    #[inline]
    pub(super) fn one_ply_value(&self) -> i32 {
        self.cells_value() + self.mask_value()
    }

    /// The tempo and the cell sums for the side to move.
    #[inline]
    fn cells_value(&self) -> i32 {
        let me = self.colour_to_move();
        self.eval.tempo + self.cell_sums[0][me] - self.cell_sums[1][1 - me]
    }

    /// The threat mask's value for the side to move.
    #[inline]
    fn mask_value(&self) -> i32 {
        let me = self.colour_to_move();
        self.eval.mask[threat_mask(&self.threat_counts[me], &self.threat_counts[1 - me])]
    }

    /// The part of this position's value that the next position's two-ply
    /// average reads: all of it, or with a whole mask the cells only.
    #[inline]
    pub(super) fn averaged_value(&self) -> i32 {
        if self.eval.whole_mask {
            self.cells_value()
        } else {
            self.one_ply_value()
        }
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
    use crate::gomoku::cells::{current_tables, EvalTables, OrderedValues};
    use crate::gomoku::weights::EVAL_WEIGHTS;
    use crate::gomoku::Rule;
    use crate::gomoku::Threat;

    #[test]
    fn a_five_is_worth_more_than_an_open_four() {
        use crate::gomoku::threats::threat_of;
        use Shape::*;
        let five = [Five, None, None, None];
        let open_four = [OpenFour, None, None, None];
        assert!(value_of(&five, threat_of(&five)) > value_of(&open_four, threat_of(&open_four)));
    }

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
        let (cells, mask) = parts_with(game, tables);
        cells + mask
    }

    /// The tempo with the cell sums, and the threat mask's value, of
    /// `game` under `tables`, from the evaluation's inputs.
    fn parts_with(game: &Gomoku, tables: &EvalTables) -> (i32, i32) {
        let mut value = tables.tempo;
        let mask = game.eval_codes(|mover, waiter| {
            value += tables.mover[usize::from(mover)] - tables.waiter[usize::from(waiter)];
        });
        (value, tables.mask[mask])
    }

    #[test]
    fn the_evaluation_favours_the_side_with_more_shape() {
        // Black h8 i8 (an open two) against white's a1 a15 in the corners,
        // black to move, is worth more to black than the same with the
        // colours swapped (white's two in the middle, black's corners).
        let game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 a1 i8 a15").unwrap();
        let swapped = Gomoku::from_moves(15, 15, Rule::Freestyle, "a1 h8 a15 i8").unwrap();
        assert!(game.one_ply_value() > swapped.one_ply_value(), "black to move in both");
        // The incremental sums give the value the inputs give.
        assert_eq!(evaluation_with(&game, current_tables()), game.one_ply_value());
        let near = game.parse_point("j8").unwrap();
        let far = game.parse_point("c3").unwrap();
        assert!(game.seed_score(index_of(near)) > game.seed_score(index_of(far)));
    }

    /// Tables of seeded random values, none of them the linear ones: a
    /// mover's code and a waiter's, and every threat mask, valued apart.
    fn random_tables(seed: u64, two_ply: bool, whole_mask: bool) -> EvalTables {
        let mut state = seed;
        let mut next = |range: i32| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 33) % (2 * range as u64 + 1)) as i32 - range
        };
        EvalTables {
            mover: Box::new(std::array::from_fn(|_| next(500))),
            waiter: Box::new(std::array::from_fn(|_| next(500))),
            mask: Box::new(std::array::from_fn(|_| next(300))),
            tempo: next(100),
            two_ply,
            whole_mask,
        }
    }

    #[test]
    fn any_tables_are_kept_incrementally_through_play_and_undo() {
        // The fitted tables differ from the linear ones in every entry the
        // incremental sums read (mover against waiter, the mask term), so
        // the search's value must equal the tables' sum over the cells at
        // every step of seeded random play with take-backs, on both rules
        // and several board sizes, one ply and two.
        let mut state = 11u64;
        let mut random = |n: usize| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        for case in 0..24u64 {
            let two_ply = case % 2 == 1;
            let whole_mask = case % 4 == 3;
            let tables = random_tables(case + 1, two_ply, whole_mask);
            let values: &'static OrderedValues = Box::leak(Box::new(OrderedValues::of(&tables)));
            let (size, rule) = [(15, Rule::Freestyle), (9, Rule::Standard), (20, Rule::Freestyle)][case as usize % 3];
            let mut game = Gomoku::new(size, rule).unwrap();
            game.eval = values;
            game.rebuild();
            for _ in 0..120 {
                if (game.is_over() || random(4) == 0) && !game.history().is_empty() {
                    let last = *game.history().last().unwrap();
                    abprune::Game::undo(&mut game, last);
                } else if !game.is_over() {
                    let mut moves = Vec::new();
                    abprune::Game::generate_moves(&game, &mut moves);
                    let mv = moves[random(moves.len())];
                    game.try_play(mv).unwrap();
                }
                let now = evaluation_with(&game, &tables);
                assert_eq!(game.one_ply_value(), now, "case {case}, after {:?}", game.history());
                let expected = match game.history().last() {
                    Some(&last) if two_ply => {
                        let mut before = game.clone();
                        abprune::Game::undo(&mut before, last);
                        if whole_mask {
                            let (cells, mask) = parts_with(&game, &tables);
                            (cells - parts_with(&before, &tables).0) / 2 + mask
                        } else {
                            (now - evaluation_with(&before, &tables)) / 2
                        }
                    }
                    _ => now,
                };
                assert_eq!(game.static_value(), Score::new(expected), "case {case}, after {:?}", game.history());
                game.check_incremental().unwrap_or_else(|error| panic!("case {case}: {error}"));
            }
        }
    }

    #[test]
    fn transpositions_share_the_position_key_and_the_evaluation_key_reads_the_last_move() {
        // The same stones in two orders: one position, one key. The two-ply
        // evaluation reads the position before the last move, so with
        // different last moves the evaluations may differ, and the
        // evaluation's key must tell them apart; one ply, it must not.
        use abprune::Game as _;
        for two_ply in [false, true] {
            let tables = random_tables(5, two_ply, false);
            let values: &'static OrderedValues = Box::leak(Box::new(OrderedValues::of(&tables)));
            let with_tables = |moves: &str| {
                let mut game = Gomoku::new(15, Rule::Freestyle).unwrap();
                game.eval = values;
                game.rebuild();
                for mv in moves.split_whitespace() {
                    game.try_play(game.parse_point(mv).unwrap()).unwrap();
                }
                game
            };
            let (a, b) = (with_tables("h8 i9 j10 g8 k7"), with_tables("k7 i9 j10 g8 h8"));
            assert_eq!(a.hash_key(), b.hash_key());
            assert_eq!(a.evaluation_key() == b.evaluation_key(), !two_ply, "two-ply {two_ply}");
            if two_ply {
                assert_ne!(a.evaluate(), b.evaluate(), "the case must tell the evaluations apart");
            } else {
                assert_eq!(a.evaluate(), b.evaluate());
            }
            // The same last move: the same evaluation, the same key.
            let c = with_tables("j10 i9 h8 g8 k7");
            assert_eq!((c.evaluation_key(), c.evaluate()), (a.evaluation_key(), a.evaluate()));
        }
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
