//! The padded board: cell indices, directions, cell sets and Zobrist keys.
//!
//! Cells are numbered row by row on a fixed 32 x 32 grid. The playing area
//! (at most 22 x 22) sits inside a frame of wall cells at least five wide,
//! so that the line window of a playing point (five cells each way along a
//! direction) and its 5 x 5 neighbourhood always stay inside the array:
//!
//! ```text
//!            column 0 .. 4 | 5 ......... 4+width | 5+width .. 31
//!   rows 0 .. 4       wall | wall                | wall
//!   rows 5 .. 4+h     wall | (x, y) at index     | wall
//!                          | (y+5)*32 + (x+5)    |
//!   rows 5+h .. 31    wall | wall                | wall
//! ```
//!
//! A step along a direction is a fixed index offset: 1 (horizontal), 32
//! (vertical), 33 (diagonal, down and right), 31 (anti-diagonal, down and
//! left). Leaving the playing area along a line, a scan meets a wall cell
//! before it could wrap into another row.

use super::Point;

/// Width of the wall frame: the reach of a line window.
pub(crate) const PAD: usize = 5;
/// Cells per row of the padded grid.
pub(crate) const STRIDE: usize = 32;
/// Cells of the padded grid.
pub(crate) const CELLS: usize = STRIDE * STRIDE;
/// The largest side a board may have.
pub(crate) const MAX_SIDE: usize = STRIDE - 2 * PAD;
/// The most points a board may have.
pub(crate) const MAX_POINTS: usize = MAX_SIDE * MAX_SIDE;

/// An empty point.
pub(crate) const EMPTY: u8 = 0;
/// A black stone (the first player's).
pub(crate) const BLACK: u8 = 1;
/// A white stone.
pub(crate) const WHITE: u8 = 2;
/// Outside the playing area.
pub(crate) const WALL: u8 = 3;

/// The cell value of colour `colour` (0 black, 1 white).
#[inline]
pub(crate) const fn stone_of(colour: usize) -> u8 {
    if colour == 0 {
        BLACK
    } else {
        WHITE
    }
}

/// The index steps of the four directions, in the order of
/// [`super::Direction::ALL`].
pub(crate) const DIRECTIONS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

/// Index offsets of the 5 x 5 neighbourhood (the point itself included):
/// the reach of the candidate points.
pub(crate) const NEIGHBOURHOOD: [isize; 25] = neighbourhood();

const fn neighbourhood() -> [isize; 25] {
    let mut offsets = [0; 25];
    let mut i = 0;
    while i < 25 {
        let dx = (i % 5) as isize - 2;
        let dy = (i / 5) as isize - 2;
        offsets[i] = dy * STRIDE as isize + dx;
        i += 1;
    }
    offsets
}

/// The index of `p` (which must lie on a board of at most 22 x 22).
#[inline]
pub(crate) const fn index_of(p: Point) -> usize {
    (p.y as usize + PAD) * STRIDE + p.x as usize + PAD
}

/// The point at `index` (a playing cell).
#[inline]
pub(crate) const fn point_of(index: usize) -> Point {
    Point { x: (index % STRIDE - PAD) as u8, y: (index / STRIDE - PAD) as u8 }
}

/// Words of a [`CellSet`].
const WORDS: usize = CELLS / 64;

/// A set of cells as a bit set with its size: iteration is in index order,
/// which is board order (row-major).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct CellSet {
    words: [u64; WORDS],
    len: u16,
}

impl CellSet {
    /// Adds `index` (no effect if present).
    #[inline]
    pub(crate) fn insert(&mut self, index: usize) {
        let bit = 1u64 << (index % 64);
        let word = &mut self.words[index / 64];
        if *word & bit == 0 {
            *word |= bit;
            self.len += 1;
        }
    }

    /// Removes `index` (no effect if absent).
    #[inline]
    pub(crate) fn remove(&mut self, index: usize) {
        let bit = 1u64 << (index % 64);
        let word = &mut self.words[index / 64];
        if *word & bit != 0 {
            *word &= !bit;
            self.len -= 1;
        }
    }

    /// True if `index` is in the set.
    #[inline]
    pub(crate) fn contains(&self, index: usize) -> bool {
        self.words[index / 64] & (1u64 << (index % 64)) != 0
    }

    /// The number of cells in the set.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True if the set is empty.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The smallest index in the set.
    #[inline]
    pub(crate) fn first(&self) -> Option<usize> {
        self.iter().next()
    }

    /// Adds the cells of `bits << (leftmost % 64)` in the word of
    /// `leftmost` (they must not straddle two words) that are in `allowed`.
    #[inline]
    pub(crate) fn insert_where_empty(&mut self, leftmost: usize, bits: u64, allowed: &CellSet) {
        let word = leftmost / 64;
        let added = (bits << (leftmost % 64)) & allowed.words[word] & !self.words[word];
        self.words[word] |= added;
        self.len += added.count_ones() as u16;
    }

    /// The cells in both sets.
    #[inline]
    pub(crate) fn intersection(&self, other: &CellSet) -> CellSet {
        CellSet::from_words(std::array::from_fn(|i| self.words[i] & other.words[i]))
    }

    /// The cells in either set.
    #[inline]
    pub(crate) fn union(&self, other: &CellSet) -> CellSet {
        CellSet::from_words(std::array::from_fn(|i| self.words[i] | other.words[i]))
    }

    /// The cells of this set that are not in `other`.
    #[inline]
    pub(crate) fn difference(&self, other: &CellSet) -> CellSet {
        CellSet::from_words(std::array::from_fn(|i| self.words[i] & !other.words[i]))
    }

    fn from_words(words: [u64; WORDS]) -> CellSet {
        let len = words.iter().map(|word| word.count_ones() as u16).sum();
        CellSet { words, len }
    }

    /// The cells in index order.
    #[inline]
    pub(crate) fn iter(&self) -> CellIter<'_> {
        CellIter { words: &self.words, word: 0, bits: self.words[0] }
    }
}

/// Iterator over a [`CellSet`].
pub(crate) struct CellIter<'a> {
    words: &'a [u64; WORDS],
    word: usize,
    bits: u64,
}

impl Iterator for CellIter<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            if self.word + 1 >= WORDS {
                return None;
            }
            self.word += 1;
            self.bits = self.words[self.word];
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.word * 64 + bit)
    }
}

/// The seed of the Zobrist keys: any constant, so keys are the same in
/// every run (tables, logs and tests can quote them).
const ZOBRIST_SEED: u64 = 0x6A09_E667_F3BC_C908;

/// One step of splitmix64: the next state and its output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// The Zobrist key of a stone of each colour on each cell, and of white to
/// move, computed at compile time.
pub(crate) struct ZobristKeys {
    /// `stones[colour][index]`.
    pub(crate) stones: [[u64; CELLS]; 2],
    /// XOR-ed in while white is to move.
    pub(crate) white_to_move: u64,
    /// `last_move[index]`: XOR-ed into the evaluation's key (not the
    /// position's) when the last stone went on `index`.
    pub(crate) last_move: [u64; CELLS],
}

/// The Zobrist keys.
pub(crate) static ZOBRIST: ZobristKeys = zobrist_keys();

const fn zobrist_keys() -> ZobristKeys {
    let mut stones = [[0; CELLS]; 2];
    let mut state = ZOBRIST_SEED;
    let mut colour = 0;
    while colour < 2 {
        let mut index = 0;
        while index < CELLS {
            let (next, key) = splitmix64(state);
            state = next;
            stones[colour][index] = key;
            index += 1;
        }
        colour += 1;
    }
    let (mut state, white_to_move) = splitmix64(state);
    let mut last_move = [0; CELLS];
    let mut index = 0;
    while index < CELLS {
        let (next, key) = splitmix64(state);
        state = next;
        last_move[index] = key;
        index += 1;
    }
    ZobristKeys { stones, white_to_move, last_move }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip_and_the_frame_is_wide_enough() {
        for y in 0..MAX_SIDE as u8 {
            for x in 0..MAX_SIDE as u8 {
                let p = Point { x, y };
                let index = index_of(p);
                assert_eq!(point_of(index), p);
                for step in DIRECTIONS {
                    assert!(index >= PAD * step && index + PAD * step < CELLS);
                }
            }
        }
        assert_eq!(MAX_SIDE, 22);
    }

    #[test]
    fn cell_sets_count_and_iterate_in_order() {
        let mut set = CellSet::default();
        for index in [700, 3, 64, 63, 3] {
            set.insert(index);
        }
        assert_eq!(set.len(), 4);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 63, 64, 700]);
        set.remove(63);
        set.remove(63);
        assert_eq!(set.len(), 3);
        assert!(set.contains(700) && !set.contains(63));
        assert_eq!(set.first(), Some(3));
        assert_eq!(CellSet::default().first(), None);
        let mut other = CellSet::default();
        other.insert(700);
        other.insert(5);
        assert_eq!(set.intersection(&other).iter().collect::<Vec<_>>(), vec![700]);
        assert_eq!(set.union(&other).len(), 4);
        assert_eq!(set.difference(&other).iter().collect::<Vec<_>>(), vec![3, 64]);
    }

    #[test]
    fn zobrist_keys_are_distinct() {
        let mut keys: Vec<u64> = ZOBRIST.stones.iter().flatten().copied().collect();
        keys.push(ZOBRIST.white_to_move);
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 2 * CELLS + 1);
    }
}
