//! An opening book: the exact score of every Connect Four position of up to
//! a number of plies, one entry for a position and its mirror image, in a
//! compact file that says what it is and proves it is whole.
//!
//! This module only reads, writes and looks up books; `abprune book
//! connect4` builds them with the engine ([`super::solver`] answers from
//! them).
//!
//! # The file (version 1)
//!
//! All integers little-endian:
//!
//! ```text
//!   offset  size       what
//!   0       8          magic "ABPC4BK\n"
//!   8       2          format version (1)
//!   10      1          board width (7)
//!   11      1          board height (6)
//!   12      1          plies: every position with at most this many stones is in the book
//!   13      3          zero
//!   16      4          entries: n
//!   20      9 * n      entries, keys strictly increasing: key (7 bytes), score (1 byte,
//!                      signed), best move (1 byte, 0-based column)
//!   20+9n   4          CRC-32 (IEEE) of every byte before it
//! ```
//!
//! The key is [`Connect4::symmetric_key`] (49 bits); the score is in the
//! public benchmark sets' convention ([`super::benchmark_score`]) for the
//! side to move; the best move keeps that score (the quickest win, the
//! slowest loss) in the position whose key is the symmetric key, and is
//! mirrored for its mirror image. A file that is short, long, of another
//! version or board, with keys out of order, a score or move out of range
//! or a wrong checksum is refused: a book answers exactly or not at all.

use super::{Connect4, CELLS, HEIGHT, WIDTH};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The first bytes of a book file.
const MAGIC: &[u8; 8] = b"ABPC4BK\n";
/// The format version this code reads and writes.
pub const FORMAT_VERSION: u16 = 1;
/// Bytes before the entries.
const HEADER_BYTES: usize = 20;
/// Bytes of one entry: a 7-byte key, a score and a move.
const ENTRY_BYTES: usize = 9;
/// Bytes of a key in an entry (a symmetric key has 49 bits).
const KEY_BYTES: usize = 7;
/// Bytes of the checksum at the end.
const CHECKSUM_BYTES: usize = 4;
/// The largest score magnitude: a win with the winner's fourth stone.
const MAX_SCORE: i32 = 18;

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// Not a book: the first bytes are not the magic.
    NotABook,
    /// A book of another format version.
    Version(u16),
    /// A book of another board.
    Board {
        /// Its width.
        width: u8,
        /// Its height.
        height: u8,
    },
    /// Its plies cannot be a book's (more than the board holds).
    Plies(u8),
    /// The length does not match the entry count.
    Length {
        /// The length the header implies.
        expected: usize,
        /// The file's length.
        actual: usize,
    },
    /// The checksum does not match: the file is damaged.
    Checksum,
    /// An entry's key is not above the one before (entry index, 0-based).
    Order(usize),
    /// An entry's score is out of range (entry index, score).
    Score(usize, i8),
    /// An entry's move is not a column (entry index, move).
    Move(usize, u8),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::NotABook => write!(f, "not an abprune Connect Four book (wrong magic bytes)"),
            BookError::Version(version) => {
                write!(f, "book format version {version}, this abprune reads version {FORMAT_VERSION}")
            }
            BookError::Board { width, height } => {
                write!(f, "a book of a {width}x{height} board, not {WIDTH}x{HEIGHT}")
            }
            BookError::Plies(plies) => write!(f, "a book of {plies} plies, more than a board holds"),
            BookError::Length { expected, actual } => {
                write!(f, "truncated or padded: {actual} bytes where its header says {expected}")
            }
            BookError::Checksum => write!(f, "checksum mismatch: the file is damaged"),
            BookError::Order(index) => write!(f, "entry {index} is out of order"),
            BookError::Score(index, score) => write!(f, "entry {index} has an impossible score {score}"),
            BookError::Move(index, col) => write!(f, "entry {index} has an impossible move {col}"),
        }
    }
}

impl std::error::Error for BookError {}

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
    plies: u32,
    /// Symmetric keys, strictly increasing.
    keys: Vec<u64>,
    /// The score of the position of the same index.
    scores: Vec<i8>,
    /// Its best move, in the orientation of the symmetric key.
    moves: Vec<u8>,
}

impl Book {
    /// A book of `plies` plies from `(symmetric key, score, best move)`
    /// entries in any order, the move in the orientation of the symmetric
    /// key ([`Book::canonical_move`]); the builder's side of
    /// [`Book::from_bytes`].
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

    fn empty(plies: u32, capacity: usize) -> Book {
        Book {
            plies,
            keys: Vec::with_capacity(capacity),
            scores: Vec::with_capacity(capacity),
            moves: Vec::with_capacity(capacity),
        }
    }

    fn push(&mut self, index: usize, key: u64, score: i8, col: u8) -> Result<(), BookError> {
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

    /// Reads a book file's bytes, checking everything the format promises.
    ///
    /// # Errors
    /// The first thing found wrong ([`BookError`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER_BYTES + CHECKSUM_BYTES || &bytes[..MAGIC.len()] != MAGIC {
            return Err(BookError::NotABook);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != FORMAT_VERSION {
            return Err(BookError::Version(version));
        }
        let (width, height, plies) = (bytes[10], bytes[11], bytes[12]);
        if u32::from(width) != WIDTH || u32::from(height) != HEIGHT {
            return Err(BookError::Board { width, height });
        }
        if u32::from(plies) > CELLS {
            return Err(BookError::Plies(plies));
        }
        let count = u32::from_le_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]) as usize;
        let expected = count.checked_mul(ENTRY_BYTES).and_then(|n| n.checked_add(HEADER_BYTES + CHECKSUM_BYTES));
        if expected != Some(bytes.len()) {
            return Err(BookError::Length { expected: expected.unwrap_or(usize::MAX), actual: bytes.len() });
        }
        let (body, checksum) = bytes.split_at(bytes.len() - CHECKSUM_BYTES);
        if crc32fast::hash(body).to_le_bytes() != checksum {
            return Err(BookError::Checksum);
        }
        let mut book = Book::empty(u32::from(plies), count);
        for (index, entry) in body[HEADER_BYTES..].chunks_exact(ENTRY_BYTES).enumerate() {
            let mut key = [0u8; 8];
            key[..KEY_BYTES].copy_from_slice(&entry[..KEY_BYTES]);
            book.push(index, u64::from_le_bytes(key), entry[KEY_BYTES] as i8, entry[KEY_BYTES + 1])?;
        }
        Ok(book)
    }

    /// The file's bytes ([`Book::from_bytes`] reads them back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_BYTES + ENTRY_BYTES * self.keys.len() + CHECKSUM_BYTES);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        // Both fit: the board is 7x6 and a book's plies at most 42.
        bytes.extend_from_slice(&[WIDTH as u8, HEIGHT as u8, self.plies as u8, 0, 0, 0]);
        bytes.extend_from_slice(&(self.keys.len() as u32).to_le_bytes());
        for ((key, score), col) in self.keys.iter().zip(&self.scores).zip(&self.moves) {
            bytes.extend_from_slice(&key.to_le_bytes()[..KEY_BYTES]);
            bytes.push(*score as u8);
            bytes.push(*col);
        }
        let checksum = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
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
        if position.moves_played() > self.plies {
            return None;
        }
        let index = self.keys.binary_search(&position.symmetric_key()).ok()?;
        let best_move = Book::canonical_move(position, self.moves[index]);
        Some(BookEntry { score: i32::from(self.scores[index]), best_move })
    }

    /// Every entry, `(symmetric key, score, best move)`, keys increasing.
    pub fn entries(&self) -> impl Iterator<Item = (u64, i8, u8)> + '_ {
        self.keys.iter().zip(&self.scores).zip(&self.moves).map(|((&key, &score), &col)| (key, score, col))
    }
}

/// The book shipped with abprune (`books/connect4.book`): every position
/// of up to 4 plies, 719 entries, built by `abprune book connect4 build
/// --plies 4` (docs/connect4.md tells how long it took and why 4).
const SHIPPED_BYTES: &[u8] = include_bytes!("../../books/connect4.book");

/// The book shipped with abprune, read and checked once; `None` only if
/// the bytes compiled in are not a whole book (a test makes sure they are).
pub fn shipped() -> Option<Arc<Book>> {
    static SHIPPED: OnceLock<Option<Arc<Book>>> = OnceLock::new();
    SHIPPED.get_or_init(|| Book::from_bytes(SHIPPED_BYTES).ok().map(Arc::new)).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Book {
        let entries = ["", "4", "1", "44", "45"]
            .iter()
            .enumerate()
            .map(|(i, moves)| (Connect4::from_moves(moves).unwrap().symmetric_key(), i as i8 - 2, i as u8))
            .collect();
        Book::from_entries(2, entries).unwrap()
    }

    #[test]
    fn round_trips_and_looks_up_mirror_images() {
        let book = sample();
        let bytes = book.to_bytes();
        assert_eq!(bytes.len(), HEADER_BYTES + 5 * ENTRY_BYTES + CHECKSUM_BYTES);
        let read = Book::from_bytes(&bytes).unwrap();
        assert_eq!(read, book);
        assert_eq!(read.score(&Connect4::from_moves("1").unwrap()), Some(0));
        assert_eq!(read.score(&Connect4::from_moves("7").unwrap()), Some(0), "the mirror image of 1");
        assert_eq!(read.score(&Connect4::from_moves("43").unwrap()), Some(2), "the mirror image of 45");
        assert_eq!(read.score(&Connect4::from_moves("12").unwrap()), None, "not in the sample");
        assert_eq!(read.score(&Connect4::from_moves("444").unwrap()), None, "beyond its plies");
        // "1" is stored as its mirror image "7" (the smaller key) or as itself: its
        // move (1, 0-based) is read back for "1" and mirrored for "7".
        let one = Connect4::from_moves("1").unwrap();
        let seven = Connect4::from_moves("7").unwrap();
        let stored = Book::canonical_move(&one, 2);
        let book = Book::from_entries(1, vec![(one.symmetric_key(), 0, stored)]).unwrap();
        assert_eq!(book.lookup(&one).map(|entry| entry.best_move), Some(2));
        assert_eq!(book.lookup(&seven).map(|entry| entry.best_move), Some(4));
    }

    #[test]
    fn every_damaged_byte_is_refused() {
        let bytes = sample().to_bytes();
        for index in 0..bytes.len() {
            for flip in [1u8, 0x80] {
                let mut damaged = bytes.clone();
                damaged[index] ^= flip;
                assert!(Book::from_bytes(&damaged).is_err(), "byte {index} ^ {flip:#x} accepted");
            }
        }
        assert_eq!(
            Book::from_bytes(&bytes[..bytes.len() - 1]).err(),
            Some(BookError::Length { expected: 69, actual: 68 })
        );
        assert_eq!(Book::from_bytes(b"hello, world, this is text").err(), Some(BookError::NotABook));
        assert_eq!(Book::from_bytes(&[]).err(), Some(BookError::NotABook));
    }

    #[test]
    fn the_shipped_book_is_read() {
        let book = shipped().expect("the shipped book reads back");
        assert_eq!((book.plies(), book.len()), (4, 719));
    }

    #[test]
    fn foreign_versions_and_boards_are_named() {
        let mut bytes = sample().to_bytes();
        bytes[8] = 2;
        assert_eq!(Book::from_bytes(&bytes).err(), Some(BookError::Version(2)));
        let mut bytes = sample().to_bytes();
        bytes[10] = 8;
        assert_eq!(Book::from_bytes(&bytes).err(), Some(BookError::Board { width: 8, height: 6 }));
    }

    #[test]
    fn impossible_entries_are_refused_even_with_a_good_checksum() {
        let key = Connect4::new().symmetric_key();
        assert_eq!(Book::from_entries(0, vec![(key, 19, 3)]).err(), Some(BookError::Score(0, 19)));
        assert_eq!(Book::from_entries(0, vec![(key, 1, 7)]).err(), Some(BookError::Move(0, 7)));
        assert_eq!(Book::from_entries(0, vec![(key, 1, 3), (key, 1, 3)]).err(), Some(BookError::Order(1)));
        assert_eq!(Book::from_entries(43, vec![]).err(), Some(BookError::Plies(43)));
    }
}
