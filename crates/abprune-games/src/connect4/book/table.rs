//! A book in memory: its entries, keys increasing, and the lookups.
//!
//! Below the file's reading and the check, which both use it.

use super::error::BookError;
use super::format::{KEY_BYTES, MAX_SCORE};
use crate::connect4::{Connect4, CELLS, WIDTH};

/// What the book knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The exact score in the benchmark convention.
    pub score: i32,
    /// A move (0-based column) that keeps it: the quickest win, the slowest loss.
    pub best_move: u8,
}

/// The scores of every position of up to [`Book::plies`] stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    pub(super) plies: u32,
    /// Symmetric keys, strictly increasing.
    pub(super) keys: Vec<u64>,
    /// The score of the position of the same index.
    pub(super) scores: Vec<i8>,
    /// Its best move, in the orientation of the symmetric key.
    pub(super) moves: Vec<u8>,
}

impl Book {
    /// A book of `plies` plies from `(symmetric key, score, best move)`
    /// entries in any order, the move in the orientation of the symmetric
    /// key ([`Book::canonical_move`]); the builder's side of
    /// [`Book::from_bytes`]. The values are not checked against each other
    /// here (a builder's entries may be partial): [`Book::verify`] does.
    ///
    /// # Errors
    /// When `plies` exceeds the board, a key repeats or a score or move is
    /// out of range.
    pub fn from_entries(plies: u32, mut entries: Vec<(u64, i8, u8)>) -> Result<Book, BookError> {
        if plies > CELLS {
            return Err(BookError::Plies(u8::try_from(plies).unwrap_or(u8::MAX)));
        }
        entries.sort_unstable();
        let mut book = Book::empty(plies, entries.len());
        for (index, (key, score, col)) in entries.into_iter().enumerate() {
            book.push(index, key, score, col)?;
        }
        Ok(book)
    }

    pub(super) fn empty(plies: u32, capacity: usize) -> Book {
        Book {
            plies,
            keys: Vec::with_capacity(capacity),
            scores: Vec::with_capacity(capacity),
            moves: Vec::with_capacity(capacity),
        }
    }

    pub(super) fn push(&mut self, index: usize, key: u64, score: i8, col: u8) -> Result<(), BookError> {
        if self.keys.last().is_some_and(|&last| last >= key) || key >> (8 * KEY_BYTES) != 0 {
            return Err(BookError::Order(index));
        }
        if i32::from(score).abs() > MAX_SCORE {
            return Err(BookError::Score(index, score));
        }
        if u32::from(col) >= WIDTH {
            return Err(BookError::Move(index, col));
        }
        self.keys.push(key);
        self.scores.push(score);
        self.moves.push(col);
        Ok(())
    }

    /// `col` (0-based) of `position` as the book stores it: in the
    /// orientation of the position whose key is the symmetric key (and
    /// back: mirroring twice is the identity).
    pub fn canonical_move(position: &Connect4, col: u8) -> u8 {
        if position.is_mirrored() {
            WIDTH as u8 - 1 - col
        } else {
            col
        }
    }

    /// The index of `position`'s entry.
    pub(super) fn index(&self, position: &Connect4) -> Option<usize> {
        if position.moves_played() > self.plies {
            return None;
        }
        self.keys.binary_search(&position.symmetric_key()).ok()
    }

    /// Every position with at most this many stones is in the book.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Positions in the book (a position and its mirror image count once).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True for a book without positions.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The exact score of `position` in the benchmark convention, if the
    /// book has it (a position of more than [`Book::plies`] stones never is).
    pub fn score(&self, position: &Connect4) -> Option<i32> {
        self.lookup(position).map(|entry| entry.score)
    }

    /// The score of `position` and its best move (in `position`'s own
    /// orientation), if the book has it.
    pub fn lookup(&self, position: &Connect4) -> Option<BookEntry> {
        let index = self.index(position)?;
        let best_move = Book::canonical_move(position, self.moves[index]);
        Some(BookEntry { score: i32::from(self.scores[index]), best_move })
    }

    /// Every entry, `(symmetric key, score, best move)`, keys increasing.
    pub fn entries(&self) -> impl Iterator<Item = (u64, i8, u8)> + '_ {
        self.keys.iter().zip(&self.scores).zip(&self.moves).map(|((&key, &score), &col)| (key, score, col))
    }
}
