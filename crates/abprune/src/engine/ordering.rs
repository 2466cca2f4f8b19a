//! Move ordering: the order of moves decides how much alpha-beta prunes.
//!
//! Each move gets a sort key; larger keys are searched first:
//!
//! 1. the table's move (the best move found for this position before);
//! 2. the game's own hint ([`Game::move_hint`](crate::Game::move_hint)):
//!    knowledge of the game (threats made, captures) outranks statistics;
//! 3. killer moves: moves that caused a cut-off at the same ply elsewhere,
//!    which break ties between equal hints;
//! 4. the history heuristic: how often and how deep a move caused cut-offs
//!    anywhere.
//!
//! Measured on Connect Four (Test_L2_R2): with killers above the game's
//! threat hints, a solve needed about 20 times more nodes than with the
//! hints first.

/// Sort key of the table's move: above everything else.
pub const TABLE_MOVE_KEY: i64 = 1 << 60;
/// One unit of the game's hint: above any killer or history bonus.
pub const HINT_WEIGHT: i64 = 1 << 37;
/// Hints are clamped to this magnitude so that no sum overflows.
pub const MAX_HINT: i32 = 1 << 20;
/// Sort key bonus of the first killer move.
pub const FIRST_KILLER_KEY: i64 = 1 << 36;
/// Sort key bonus of the second killer move.
pub const SECOND_KILLER_KEY: i64 = FIRST_KILLER_KEY - 1;
/// History scores are halved when one reaches this, so old lessons fade and
/// history stays below the killers.
pub const HISTORY_CEILING: i64 = 1 << 34;

/// The largest move id ([`Game::move_id`](crate::Game::move_id)) the history table accepts.
pub const MAX_MOVE_ID: usize = 4096;

/// Killer moves, two per ply.
#[derive(Clone, Debug)]
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + PartialEq> Default for Killers<M> {
    fn default() -> Self {
        Killers { slots: Vec::new() }
    }
}

impl<M: Copy + PartialEq> Killers<M> {
    /// Remembers `mv` as the newest killer of `ply`.
    pub fn record(&mut self, ply: usize, mv: M) {
        if self.slots.len() <= ply {
            self.slots.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.slots[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// The sort key bonus of `mv` at `ply` (0 when it is no killer).
    #[inline]
    pub fn key(&self, ply: usize, mv: M) -> i64 {
        match self.slots.get(ply) {
            Some([Some(first), _]) if *first == mv => FIRST_KILLER_KEY,
            Some([_, Some(second)]) if *second == mv => SECOND_KILLER_KEY,
            _ => 0,
        }
    }

    /// Forgets all killers.
    pub fn clear(&mut self) {
        self.slots.clear();
    }
}

/// The bound of a blended history score ([`History::blended`]): scores
/// stay within `±BLENDED_HISTORY_MAX`.
pub const BLENDED_HISTORY_MAX: i32 = 1 << 14;

/// The most one cut-off moves a blended history score (`depth² × 16`,
/// reached from 12 plies above the horizon on).
const BLENDED_BONUS_MAX: i32 = 2048;

/// See [`BLENDED_BONUS_MAX`].
const BLENDED_BONUS_PER_DEPTH_SQUARED: i32 = 16;

/// The history heuristic: a score per move id, raised by `depth²` at every
/// cut-off the move causes (the tie-breaker below the game's hints); and,
/// for [`OrderingOptions::history_weight`](super::OrderingOptions::history_weight),
/// Stockfish's bounded "butterfly" history by side to move and move id,
/// which the cut-off move raises and the moves searched before it at the
/// same node lower, each update pulled towards zero by the score's own
/// size ("gravity"), so that old lessons fade and the score stays within
/// `±`[`BLENDED_HISTORY_MAX`], comparable with a hint.
///
/// Beside it, for [`OrderingOptions::counter_weight`](super::OrderingOptions::counter_weight),
/// the counter-move history (Stockfish's continuation history one ply
/// back; Rapfi keeps its single best reply): the same bounded score, by
/// side to move, the opponent's move just played and the reply, for the
/// replies that refute a move wherever it is played.
#[derive(Clone, Debug, Default)]
pub struct History {
    scores: Vec<i64>,
    blended: Vec<i32>,
    /// By side, previous move id and move id, both below [`MAX_COUNTER_ID`].
    counter: Vec<i16>,
}

/// The largest move id, plus one, of the counter-move history (a square
/// table of them per side: 1 MiB): enough for a 22 x 22 board.
pub const MAX_COUNTER_ID: usize = 512;

/// The place of (`side`, `previous`, `id`) in the counter-move history.
#[inline]
fn counter_index(side: usize, previous: usize, id: usize) -> Option<usize> {
    (previous < MAX_COUNTER_ID && id < MAX_COUNTER_ID).then(|| (side * MAX_COUNTER_ID + previous) * MAX_COUNTER_ID + id)
}

impl History {
    /// Credits `id` with a cut-off `depth` plies above the horizon.
    pub fn record(&mut self, id: usize, depth: u32) {
        if id >= MAX_MOVE_ID {
            return;
        }
        if self.scores.len() <= id {
            self.scores.resize(id + 1, 0);
        }
        let bonus = i64::from(depth.min(64)).pow(2);
        self.scores[id] += bonus;
        if self.scores[id] >= HISTORY_CEILING {
            self.scores.iter_mut().for_each(|score| *score /= 2);
        }
    }

    /// The history score of `id`.
    #[inline]
    pub fn key(&self, id: usize) -> i64 {
        self.scores.get(id).copied().unwrap_or(0)
    }

    /// The blended score of `id` for the side `side` (0 or 1) to move,
    /// within `±`[`BLENDED_HISTORY_MAX`].
    #[inline]
    pub fn blended(&self, side: usize, id: usize) -> i32 {
        if id >= MAX_MOVE_ID {
            return 0;
        }
        self.blended.get(side * MAX_MOVE_ID + id).copied().unwrap_or(0)
    }

    /// The counter-move score of `id` for the side `side` (0 or 1) to move
    /// in reply to the move `previous`, within `±`[`BLENDED_HISTORY_MAX`].
    #[inline]
    pub fn counter(&self, side: usize, previous: usize, id: usize) -> i32 {
        counter_index(side, previous, id).and_then(|index| self.counter.get(index)).map_or(0, |&score| i32::from(score))
    }

    /// The blended history's lesson of a cut-off `depth` plies above the
    /// horizon: `side`'s move `cut` caused it, after `tried` failed to;
    /// and, with `previous` (the opponent's move just played), the
    /// counter-move history's alike.
    pub fn record_blended(
        &mut self,
        side: usize,
        depth: u32,
        cut: usize,
        tried: impl IntoIterator<Item = usize>,
        previous: Option<usize>,
    ) {
        if self.blended.is_empty() {
            self.blended.resize(2 * MAX_MOVE_ID, 0);
        }
        let previous = previous.filter(|&previous| previous < MAX_COUNTER_ID);
        if previous.is_some() && self.counter.is_empty() {
            self.counter.resize(2 * MAX_COUNTER_ID * MAX_COUNTER_ID, 0);
        }
        let depth = depth.min(64) as i32;
        let bonus = (depth * depth * BLENDED_BONUS_PER_DEPTH_SQUARED).min(BLENDED_BONUS_MAX);
        let lessons = std::iter::once((cut, bonus)).chain(tried.into_iter().map(|id| (id, -bonus)));
        for (id, bonus) in lessons {
            if id < MAX_MOVE_ID {
                let score = &mut self.blended[side * MAX_MOVE_ID + id];
                *score = gravity(*score, bonus);
            }
            let index = previous.and_then(|previous| counter_index(side, previous, id));
            if let Some(score) = index.and_then(|index| self.counter.get_mut(index)) {
                // Within ±BLENDED_HISTORY_MAX, which fits an i16.
                *score = gravity(i32::from(*score), bonus) as i16;
            }
        }
    }

    /// Forgets all history.
    pub fn clear(&mut self) {
        self.scores.clear();
        self.blended.clear();
        self.counter.clear();
    }
}

/// `score` moved by `bonus` and pulled towards zero by its own size, so
/// that it stays within `±`[`BLENDED_HISTORY_MAX`] for a bonus within it.
#[inline]
fn gravity(score: i32, bonus: i32) -> i32 {
    score + bonus - score * bonus.abs() / BLENDED_HISTORY_MAX
}

/// Sorts `order` (pairs of sort key and move index) by key, largest first,
/// keeping generation order among equal keys. Insertion sort: move lists
/// are short and often nearly sorted already.
pub fn sort_by_key_descending(order: &mut [(i64, u16)]) {
    for i in 1..order.len() {
        let item = order[i];
        let mut j = i;
        while j > 0 && order[j - 1].0 < item.0 {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = item;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_sort_is_stable_and_descending() {
        let mut order = vec![(1, 0), (5, 1), (1, 2), (9, 3), (5, 4)];
        sort_by_key_descending(&mut order);
        assert_eq!(order, [(9, 3), (5, 1), (5, 4), (1, 0), (1, 2)]);
    }

    #[test]
    fn killers_keep_the_two_newest() {
        let mut killers = Killers::default();
        killers.record(3, 'a');
        killers.record(3, 'b');
        killers.record(3, 'b');
        assert_eq!(killers.key(3, 'b'), FIRST_KILLER_KEY);
        assert_eq!(killers.key(3, 'a'), SECOND_KILLER_KEY);
        killers.record(3, 'c');
        assert_eq!(killers.key(3, 'a'), 0);
        assert_eq!(killers.key(9, 'c'), 0);
    }

    #[test]
    fn blended_history_stays_bounded_and_tells_sides_apart() {
        let mut history = History::default();
        for _ in 0..1000 {
            history.record_blended(0, 30, 7, [3, 4], None);
        }
        assert!(history.blended(0, 7) > BLENDED_HISTORY_MAX * 9 / 10);
        assert!(history.blended(0, 7) <= BLENDED_HISTORY_MAX);
        assert!(history.blended(0, 3) < -BLENDED_HISTORY_MAX * 9 / 10);
        assert!(history.blended(0, 3) >= -BLENDED_HISTORY_MAX);
        assert_eq!(history.blended(1, 7), 0, "the other side learnt nothing");
        // A move that starts failing loses its credit.
        for _ in 0..1000 {
            history.record_blended(0, 30, 3, [7], None);
        }
        assert!(history.blended(0, 7) < 0 && history.blended(0, 3) > 0);
        history.record_blended(1, 2, MAX_MOVE_ID, [MAX_MOVE_ID + 5], None);
        assert_eq!(history.blended(1, MAX_MOVE_ID), 0, "wild ids are ignored");
        history.clear();
        assert_eq!(history.blended(0, 7), 0);
    }

    #[test]
    fn counter_history_learns_replies_to_a_move_by_side() {
        let mut history = History::default();
        for _ in 0..1000 {
            history.record_blended(0, 30, 7, [3, 4], Some(20));
        }
        let high = history.counter(0, 20, 7);
        assert!(high > BLENDED_HISTORY_MAX * 9 / 10 && high <= BLENDED_HISTORY_MAX);
        assert!(history.counter(0, 20, 3) < -BLENDED_HISTORY_MAX * 9 / 10);
        assert_eq!(history.counter(0, 21, 7), 0, "another previous move learnt nothing");
        assert_eq!(history.counter(1, 20, 7), 0, "the other side learnt nothing");
        // The reply that stops working loses its credit.
        for _ in 0..1000 {
            history.record_blended(0, 30, 3, [7], Some(20));
        }
        assert!(history.counter(0, 20, 7) < 0 && history.counter(0, 20, 3) > 0);
        history.record_blended(1, 2, 9, [MAX_COUNTER_ID], Some(MAX_COUNTER_ID));
        assert_eq!(history.counter(1, MAX_COUNTER_ID, 9), 0, "wild previous moves are ignored");
        history.record_blended(1, 2, MAX_COUNTER_ID, [9], Some(5));
        assert_eq!(history.counter(1, 5, MAX_COUNTER_ID), 0, "wild replies are ignored");
        assert!(history.counter(1, 5, 9) < 0);
        history.clear();
        assert_eq!(history.counter(0, 20, 3), 0);
    }

    #[test]
    fn history_grows_with_depth_and_ignores_wild_ids() {
        let mut history = History::default();
        history.record(2, 3);
        history.record(2, 1);
        assert_eq!(history.key(2), 10);
        history.record(MAX_MOVE_ID, 5);
        assert_eq!(history.key(MAX_MOVE_ID), 0);
    }
}
