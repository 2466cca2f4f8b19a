//! The staged move picker: a node's moves in the order the node search
//! tries them, kept apart from the search as Stockfish keeps
//! `movepick.cpp` apart from `search.cpp`.
//!
//! The stages, in the order the moves come out:
//!
//! 1. the table's move alone (the best move an earlier search found for the
//!    position): it often cuts the node off, and then no other move is
//!    ever keyed;
//! 2. the rest, keyed by the search ([`MoveKeys`]: the game's hints, the
//!    killers, the history) and sorted best first, only once the table's
//!    move has been handed out (a node without a table move starts here);
//! 3. the moves the parallel search put off ([`MovePicker::defer`]: ABDADA
//!    met another thread searching them), in the order they were put off,
//!    each handed out once more and never put off again.
//!
//! The picker deals in indices into the node's move list. The table names
//! a move by the game's code for it instead ([`move_code_at`],
//! [`index_of_move_code`]), so that a transposition reached with its moves
//! generated in another order finds the same move.

use super::ordering::{sort_by_key_descending, TABLE_MOVE_KEY};
use crate::game::Game;

/// The sort key that marks a move put off: it is handed out again at the
/// end, and not put off twice.
const DEFERRED: i64 = i64::MIN;

/// [`MovePicker::rest_at`] when no move is left to key.
const NOTHING_PENDING: usize = usize::MAX;

/// The most moves a node's list may hold for the picker to name each by
/// its own index (a `u16`).
pub(crate) const MAX_PICKED_MOVES: usize = u16::MAX as usize + 1;

/// What the picker asks of the search to order the moves after the
/// table's: a key per move, larger first.
pub(crate) trait MoveKeys {
    /// Called once before the keys of every move but `skip` are asked (the
    /// engine starts loading the children's table entries here).
    fn prepare(&mut self, skip: Option<u16>);
    /// The sort key of the move at `index` in the node's list.
    fn key(&mut self, index: u16) -> i64;
}

impl<K: MoveKeys> MoveKeys for &mut K {
    #[inline(always)]
    fn prepare(&mut self, skip: Option<u16>) {
        (**self).prepare(skip);
    }
    #[inline(always)]
    fn key(&mut self, index: u16) -> i64 {
        (**self).key(index)
    }
}

/// A move handed out by the picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Picked {
    /// Its index in the node's move list.
    pub(crate) index: u16,
    /// True when it was put off once already ([`MovePicker::defer`]): it
    /// is not put off again.
    pub(crate) deferred: bool,
}

/// A node's moves, handed out stage by stage (see the [module
/// documentation](self)).
#[derive(Debug)]
pub(crate) struct MovePicker<'o> {
    /// Sort key and index of every move keyed so far, in the order they
    /// are handed out; the moves put off are appended with [`DEFERRED`].
    /// Borrowed (the node's reused buffer), so that the picker's other
    /// fields stay in registers while the keying reads this one.
    order: &'o mut Vec<(i64, u16)>,
    /// The next entry of `order` to hand out.
    next: usize,
    /// When `next` reaches this, the rest is keyed: 1 with a table move
    /// (once it was handed out), 0 without; [`NOTHING_PENDING`] once keyed,
    /// or when the table's move is the only one.
    rest_at: usize,
    /// The table move's index, left out of the rest.
    table_index: Option<u16>,
    /// How many moves the node has (at most [`MAX_PICKED_MOVES`]).
    move_count: usize,
}

impl<'o> MovePicker<'o> {
    /// A picker over a node's `move_count` moves, the one at `table_index`
    /// first when the table names one; `order` is a reused buffer (its
    /// contents are dropped).
    #[inline(always)]
    pub(crate) fn new(order: &'o mut Vec<(i64, u16)>, table_index: Option<u16>, move_count: usize) -> Self {
        debug_assert!(
            move_count <= MAX_PICKED_MOVES,
            "a node of {move_count} moves: the picker names at most {MAX_PICKED_MOVES}"
        );
        debug_assert!(
            table_index.map_or(true, |index| usize::from(index) < move_count),
            "the table move is in the list"
        );
        order.clear();
        if let Some(index) = table_index {
            order.push((TABLE_MOVE_KEY, index));
        }
        MovePicker {
            order,
            next: 0,
            rest_at: match table_index {
                None => 0,
                Some(_) if move_count > 1 => 1,
                // A table move alone leaves no rest to key.
                Some(_) => NOTHING_PENDING,
            },
            table_index,
            move_count: move_count.min(MAX_PICKED_MOVES),
        }
    }

    /// The next move to search, `None` once every move (and every move put
    /// off) has been handed out. The first call after the table's move
    /// (the first call, without one) keys and sorts the rest with the
    /// keys `keys` makes (made only then: most calls need none).
    #[inline(always)]
    pub(crate) fn next<K: MoveKeys>(&mut self, keys: impl FnOnce() -> K) -> Option<Picked> {
        if self.next >= self.rest_at {
            self.rest_at = NOTHING_PENDING;
            key_rest(self.order, self.table_index, self.move_count, self.next, &mut keys());
        }
        let &(key, index) = self.order.get(self.next)?;
        self.next += 1;
        Some(Picked { index, deferred: key == DEFERRED })
    }

    /// Puts the move at `index`, just handed out, off: it comes out again
    /// after every move not yet handed out.
    #[inline(always)]
    pub(crate) fn defer(&mut self, index: u16) {
        self.order.push((DEFERRED, index));
    }
}

/// Appends a node's `move_count` moves other than the table's (`skip`)
/// to `order` with their keys, and sorts them best first (stable: equal
/// keys keep the generation order). A single move needs no key. Entries
/// from `next` on, moves put off before the rest was keyed, stay behind
/// it. Not inlined: the picker's other steps are a few instructions, this
/// one a loop over the moves, and often never needed; handed the pieces
/// it reads rather than the picker, so that the picker's fields need not
/// live in memory for it.
#[inline(never)]
fn key_rest(order: &mut Vec<(i64, u16)>, skip: Option<u16>, move_count: usize, next: usize, keys: &mut impl MoveKeys) {
    keys.prepare(skip);
    let start = order.len();
    let worth_keys = move_count - usize::from(skip.is_some()) > 1;
    for index in 0..move_count {
        let index = index as u16;
        if Some(index) == skip {
            continue;
        }
        let key = if worth_keys { keys.key(index) } else { 0 };
        order.push((key, index));
    }
    sort_by_key_descending(&mut order[start..]);
    if start > next {
        order[next..].rotate_left(start - next);
    }
}

/// The code the table stores for the move at `index` of `moves`: the
/// game's [`Game::move_code`], or else the index.
#[inline]
pub(crate) fn move_code_at<G: Game>(game: &G, moves: &[G::Move], index: u16) -> u16 {
    game.move_code(moves[usize::from(index)]).unwrap_or(index)
}

/// The index in `moves` of the move a table entry names by `code` (see
/// [`move_code_at`]), if the list holds it.
#[inline]
pub(crate) fn index_of_move_code<G: Game>(game: &G, moves: &[G::Move], code: u16) -> Option<u16> {
    let first = *moves.first()?;
    if game.move_code(first).is_none() {
        return (usize::from(code) < moves.len()).then_some(code);
    }
    let index = moves.iter().position(|&mv| game.move_code(mv) == Some(code))?;
    u16::try_from(index).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys from a table, and a record of what the picker asked.
    struct FixedKeys {
        keys: Vec<i64>,
        asked: Vec<u16>,
        prepared: Vec<Option<u16>>,
    }

    impl FixedKeys {
        fn new(keys: &[i64]) -> Self {
            FixedKeys { keys: keys.to_vec(), asked: Vec::new(), prepared: Vec::new() }
        }
    }

    impl MoveKeys for FixedKeys {
        fn prepare(&mut self, skip: Option<u16>) {
            self.prepared.push(skip);
        }
        fn key(&mut self, index: u16) -> i64 {
            self.asked.push(index);
            self.keys[usize::from(index)]
        }
    }

    fn drain(picker: &mut MovePicker, keys: &mut FixedKeys) -> Vec<u16> {
        std::iter::from_fn(|| picker.next(|| &mut *keys)).map(|picked| picked.index).collect()
    }

    #[test]
    fn the_table_move_comes_first_then_the_rest_best_first_with_ties_in_generation_order() {
        let mut keys = FixedKeys::new(&[5, 9, 1, 5, 7]);
        let mut order = Vec::new();
        let mut picker = MovePicker::new(&mut order, Some(2), 5);
        assert_eq!(drain(&mut picker, &mut keys), [2, 1, 4, 0, 3]);
        assert_eq!(keys.prepared, [Some(2)]);
    }

    #[test]
    fn without_a_table_move_every_move_is_sorted() {
        let mut keys = FixedKeys::new(&[5, 9, 1, 5, 7]);
        let mut order = vec![(3, 3)];
        let mut picker = MovePicker::new(&mut order, None, 5);
        assert_eq!(drain(&mut picker, &mut keys), [1, 4, 0, 3, 2]);
        assert_eq!(keys.prepared, [None]);
    }

    #[test]
    fn the_table_move_is_never_emitted_twice_nor_keyed() {
        for table_index in 0..6 {
            let mut keys = FixedKeys::new(&[0, 10, 20, 30, 40, 50]);
            let mut order = Vec::new();
            let mut picker = MovePicker::new(&mut order, Some(table_index), 6);
            let order = drain(&mut picker, &mut keys);
            assert_eq!(order.iter().filter(|&&index| index == table_index).count(), 1, "{order:?}");
            assert_eq!(order.len(), 6);
            assert!(!keys.asked.contains(&table_index));
        }
    }

    #[test]
    fn the_rest_is_keyed_only_once_the_table_move_was_handed_out() {
        let mut keys = FixedKeys::new(&[1, 2, 3]);
        let mut order = Vec::new();
        let mut picker = MovePicker::new(&mut order, Some(0), 3);
        assert_eq!(picker.next(|| &mut keys), Some(Picked { index: 0, deferred: false }));
        assert!(keys.prepared.is_empty() && keys.asked.is_empty(), "a cut-off by the table move keys nothing");
        assert_eq!(picker.next(|| &mut keys).map(|picked| picked.index), Some(2));
        assert_eq!(keys.asked, [1, 2]);
    }

    #[test]
    fn a_single_move_or_a_single_rest_move_needs_no_key() {
        let mut keys = FixedKeys::new(&[7]);
        assert_eq!(drain(&mut MovePicker::new(&mut Vec::new(), Some(0), 1), &mut keys), [0]);
        assert_eq!(drain(&mut MovePicker::new(&mut Vec::new(), None, 1), &mut keys), [0]);
        let mut keys = FixedKeys::new(&[7, 8]);
        assert_eq!(drain(&mut MovePicker::new(&mut Vec::new(), Some(1), 2), &mut keys), [1, 0]);
        assert!(keys.asked.is_empty());
    }

    #[test]
    fn deferred_moves_come_back_after_the_others_in_the_order_put_off_and_only_once() {
        let mut keys = FixedKeys::new(&[0, 50, 40, 30, 20]);
        let mut order = Vec::new();
        let mut picker = MovePicker::new(&mut order, Some(0), 5);
        let mut seen = Vec::new();
        while let Some(picked) = picker.next(|| &mut keys) {
            seen.push((picked.index, picked.deferred));
            // Another thread is on moves 1 and 3 the first time they come up.
            if (picked.index == 1 || picked.index == 3) && !picked.deferred {
                picker.defer(picked.index);
            }
        }
        assert_eq!(seen, [(0, false), (1, false), (2, false), (3, false), (4, false), (1, true), (3, true)]);
    }

    #[test]
    fn a_move_put_off_before_the_rest_is_keyed_still_comes_after_the_rest() {
        let mut keys = FixedKeys::new(&[0, 2, 1]);
        let mut order = Vec::new();
        let mut picker = MovePicker::new(&mut order, Some(0), 3);
        let first = picker.next(|| &mut keys).unwrap();
        picker.defer(first.index);
        assert_eq!(drain(&mut picker, &mut keys), [1, 2, 0]);
    }

    #[test]
    fn lists_longer_than_the_tables_move_codes_hand_out_every_move_once() {
        // The table names at most 1,023 moves; the picker names them all.
        let keys: Vec<i64> = (0..1500).map(|index| index % 7).collect();
        let mut keys = FixedKeys::new(&keys);
        let mut order = drain(&mut MovePicker::new(&mut Vec::new(), Some(1400), 1500), &mut keys);
        assert_eq!(order[0], 1400);
        order.sort_unstable();
        assert_eq!(order, (0..1500).collect::<Vec<u16>>());
    }

    #[test]
    fn the_buffer_is_reused() {
        let mut keys = FixedKeys::new(&[1, 2]);
        let mut order = Vec::with_capacity(64);
        let buffer = order.as_ptr();
        drain(&mut MovePicker::new(&mut order, None, 2), &mut keys);
        assert!(order.capacity() >= 64 && order.as_ptr() == buffer, "the picker kept the buffer's allocation");
    }
}
