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
//!
//! A checksum proves the bytes, not the values: a book read is also
//! checked against itself and the rules ([`Book::verify`]), every position
//! of up to its plies present, each score the best its moves reach, so
//! that a book built wrong or edited with its checksum recomputed is
//! refused before it answers.

mod check;

use super::{Connect4, CELLS, HEIGHT, WIDTH};
use std::fmt;
use std::io::Read;
use std::sync::{Arc, OnceLock};

/// The first bytes of a book file.
pub const MAGIC: &[u8; 8] = b"ABPC4BK\n";
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
/// The most entries a book file may announce (151 MB of entries): every
/// position of up to 12 plies is about 9.7 million; a header beyond this is
/// refused before anything is allocated or read.
pub const MAX_ENTRIES: usize = 1 << 24;

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
    /// The header announces more entries than [`MAX_ENTRIES`].
    TooManyEntries(usize),
    /// More bytes follow the length the header implies.
    Padded {
        /// The length the header implies.
        expected: usize,
    },
    /// The file could not be read (what the system said).
    Io(String),
    /// A position of up to the book's plies is not in it (its moves, 1-based columns).
    Missing(String),
    /// An entry is no position of up to the book's plies (entry index).
    Stray(usize),
    /// An entry disagrees with the rules or with its moves' entries.
    Contradiction {
        /// The moves (1-based columns) to the position.
        moves: String,
        /// What disagrees.
        why: String,
    },
}

/// A position's moves as a message names them.
fn position_name(moves: &str) -> String {
    if moves.is_empty() {
        "the empty board".to_string()
    } else {
        format!("position {moves}")
    }
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
            BookError::TooManyEntries(count) => {
                write!(f, "its header announces {count} entries, beyond the limit of {MAX_ENTRIES}")
            }
            BookError::Padded { expected } => write!(f, "padded: more than the {expected} bytes its header says"),
            BookError::Io(error) => write!(f, "{error}"),
            BookError::Missing(moves) => {
                write!(f, "{} is missing (a book holds every position of up to its plies)", position_name(moves))
            }
            BookError::Stray(index) => write!(f, "entry {index} is no position of up to the book's plies"),
            BookError::Contradiction { moves, why } => {
                write!(f, "{}: {why} (the book contradicts itself)", position_name(moves))
            }
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

    /// Reads a book from `reader`: the header first, then exactly the bytes
    /// it announces (never more than [`MAX_ENTRIES`] entries' worth), so
    /// that an endless or padded input is refused without being read whole.
    ///
    /// # Errors
    /// As [`Book::from_bytes`], [`BookError::Padded`] when more bytes
    /// follow, [`BookError::Io`] when the reader fails.
    pub fn read_from(mut reader: impl Read) -> Result<Book, BookError> {
        let mut bytes = Vec::with_capacity(HEADER_BYTES);
        read_up_to(&mut reader, &mut bytes, HEADER_BYTES)?;
        if bytes.len() < HEADER_BYTES {
            return Err(BookError::NotABook);
        }
        let expected = Book::expected_len(&bytes)?;
        bytes.reserve_exact(expected - HEADER_BYTES);
        // One byte more than announced tells a padded file from a whole one.
        read_up_to(&mut reader, &mut bytes, expected + 1)?;
        if bytes.len() > expected {
            return Err(BookError::Padded { expected });
        }
        Book::from_bytes(&bytes)
    }

    /// The length of the file whose first [`HEADER_BYTES`] are `header`.
    ///
    /// # Errors
    /// A header that is not a book's, of another version or board, or
    /// announcing more than [`MAX_ENTRIES`] entries.
    fn expected_len(header: &[u8]) -> Result<usize, BookError> {
        if header.len() < HEADER_BYTES || &header[..MAGIC.len()] != MAGIC {
            return Err(BookError::NotABook);
        }
        let version = u16::from_le_bytes([header[8], header[9]]);
        if version != FORMAT_VERSION {
            return Err(BookError::Version(version));
        }
        let (width, height, plies) = (header[10], header[11], header[12]);
        if u32::from(width) != WIDTH || u32::from(height) != HEIGHT {
            return Err(BookError::Board { width, height });
        }
        if u32::from(plies) > CELLS {
            return Err(BookError::Plies(plies));
        }
        let count = u32::from_le_bytes([header[16], header[17], header[18], header[19]]) as usize;
        if count > MAX_ENTRIES {
            return Err(BookError::TooManyEntries(count));
        }
        Ok(HEADER_BYTES + count * ENTRY_BYTES + CHECKSUM_BYTES)
    }

    /// Reads a book file's bytes, checking everything the format promises
    /// and the values against each other ([`Book::verify`]).
    ///
    /// # Errors
    /// The first thing found wrong ([`BookError`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER_BYTES + CHECKSUM_BYTES {
            return Err(BookError::NotABook);
        }
        let plies = bytes[12];
        let expected = Book::expected_len(&bytes[..HEADER_BYTES])?;
        if expected != bytes.len() {
            return Err(BookError::Length { expected, actual: bytes.len() });
        }
        let count = (expected - HEADER_BYTES - CHECKSUM_BYTES) / ENTRY_BYTES;
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
        book.verify()?;
        Ok(book)
    }

    /// Checks the values against each other and the rules, as the build
    /// does (the module `check` says what): every position of up to the
    /// book's plies present and nothing else, every score the best its
    /// moves reach, every move legal and reaching its score. Returns the
    /// number of positions of each ply, 0 to [`Book::plies`].
    ///
    /// # Errors
    /// The first position found wrong, named by its moves.
    pub fn verify(&self) -> Result<Vec<usize>, BookError> {
        check::check(self)
    }

    /// The index of `position`'s entry.
    fn index(&self, position: &Connect4) -> Option<usize> {
        if position.moves_played() > self.plies {
            return None;
        }
        self.keys.binary_search(&position.symmetric_key()).ok()
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
        let index = self.index(position)?;
        let best_move = Book::canonical_move(position, self.moves[index]);
        Some(BookEntry { score: i32::from(self.scores[index]), best_move })
    }

    /// Every entry, `(symmetric key, score, best move)`, keys increasing.
    pub fn entries(&self) -> impl Iterator<Item = (u64, i8, u8)> + '_ {
        self.keys.iter().zip(&self.scores).zip(&self.moves).map(|((&key, &score), &col)| (key, score, col))
    }
}

/// Appends from `reader` to `bytes` until it holds `limit` bytes or the
/// input ends.
fn read_up_to(reader: &mut impl Read, bytes: &mut Vec<u8>, limit: usize) -> Result<(), BookError> {
    let wanted = limit.saturating_sub(bytes.len()) as u64;
    reader.take(wanted).read_to_end(bytes).map_err(|error| BookError::Io(error.to_string()))?;
    Ok(())
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
    use abprune::Game;

    /// The shipped book cut to `plies`: a whole, consistent book.
    fn shallow(plies: u32) -> Book {
        let shipped = shipped().expect("the shipped book");
        let mut entries: Vec<(u64, i8, u8)> = Vec::new();
        let mut layer = vec![Connect4::new()];
        for ply in 0..=plies {
            let keys: Vec<u64> = layer.iter().map(Connect4::symmetric_key).collect();
            entries.extend(shipped.entries().filter(|entry| keys.contains(&entry.0)));
            if ply < plies {
                layer = layer
                    .iter()
                    .flat_map(|position| {
                        (0..WIDTH as u8).filter(|&c| !position.is_winning_move(c)).map(move |c| {
                            let mut child = *position;
                            child.play(c);
                            child
                        })
                    })
                    .collect();
            }
        }
        entries.sort_unstable();
        entries.dedup();
        Book::from_entries(plies, entries).unwrap()
    }

    /// The first layers of the shipped book: 5 entries.
    fn sample() -> Book {
        shallow(1)
    }

    /// The shipped book with `moves`'s entry replaced by `score` and
    /// `best` (0-based, in `moves`'s orientation), checksum recomputed.
    fn edited(moves: &str, score: i8, best: u8) -> Vec<u8> {
        let position = Connect4::from_moves(moves).unwrap();
        let key = position.symmetric_key();
        let entries = shipped()
            .unwrap()
            .entries()
            .map(|entry| if entry.0 == key { (key, score, Book::canonical_move(&position, best)) } else { entry })
            .collect();
        Book::from_entries(4, entries).unwrap().to_bytes()
    }

    #[test]
    fn round_trips_and_looks_up_mirror_images() {
        let book = shallow(2);
        let bytes = book.to_bytes();
        assert_eq!(bytes.len(), HEADER_BYTES + 30 * ENTRY_BYTES + CHECKSUM_BYTES);
        let read = Book::from_bytes(&bytes).unwrap();
        assert_eq!(read, book);
        assert_eq!(read.verify(), Ok(vec![1, 4, 25]));
        let full = shipped().unwrap();
        for moves in ["1", "7", "43", "45", "12"] {
            let position = Connect4::from_moves(moves).unwrap();
            assert_eq!(read.lookup(&position), full.lookup(&position), "{moves}");
        }
        assert_eq!(read.score(&Connect4::from_moves("1").unwrap()), read.score(&Connect4::from_moves("7").unwrap()));
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
    fn a_book_that_contradicts_itself_is_refused() {
        // Issue 35: 4444 set to 3 (true 1), 444 to 5 (true -1), checksums recomputed.
        let error = Book::from_bytes(&edited("4444", 3, 3)).unwrap_err();
        assert!(error.to_string().contains("position 444"), "{error}");
        let error = Book::from_bytes(&edited("444", 5, 3)).unwrap_err();
        assert!(error.to_string().contains("position 44"), "{error}");
        assert!(matches!(error, BookError::Contradiction { .. }));
        // A wrong best move with the right score: 4's best move is not column 1.
        let right = shipped().unwrap().lookup(&Connect4::from_moves("4").unwrap()).unwrap();
        let error = Book::from_bytes(&edited("4", right.score as i8, 0)).unwrap_err();
        assert!(error.to_string().starts_with("position 4: score"), "{error}");
        // A deepest entry is checked through its parent's score.
        let error = Book::from_bytes(&edited("1212", -3, 0)).unwrap_err();
        assert!(error.to_string().contains("position 121:"), "{error}");
    }

    #[test]
    fn a_book_missing_a_position_or_holding_another_is_refused() {
        let shipped = shipped().unwrap();
        let gone = Connect4::from_moves("4441").unwrap().symmetric_key();
        let entries = shipped.entries().filter(|entry| entry.0 != gone).collect();
        let bytes = Book::from_entries(4, entries).unwrap().to_bytes();
        let error = Book::from_bytes(&bytes).unwrap_err();
        assert!(matches!(error, BookError::Missing(_)), "{error}");
        let stray = Connect4::from_moves("44444").unwrap().symmetric_key();
        let entries = shipped.entries().chain([(stray, 0, 3)]).collect();
        let bytes = Book::from_entries(4, entries).unwrap().to_bytes();
        assert!(matches!(Book::from_bytes(&bytes), Err(BookError::Stray(_))));
    }

    #[test]
    fn endless_and_padded_inputs_are_refused_after_the_header() {
        let bytes = sample().to_bytes();
        assert_eq!(Book::read_from(&bytes[..]), Ok(sample()));
        // Endless: only the announced length and one byte more are read.
        let endless = std::io::Read::chain(&bytes[..], std::io::repeat(0));
        assert_eq!(Book::read_from(endless).err(), Some(BookError::Padded { expected: bytes.len() }));
        assert_eq!(Book::read_from(std::io::repeat(0)).err(), Some(BookError::NotABook));
        let mut huge = bytes.clone();
        huge[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
        let error = Book::read_from(std::io::Read::chain(&huge[..], std::io::repeat(0))).unwrap_err();
        assert_eq!(error, BookError::TooManyEntries(u32::MAX as usize));
        assert!(error.to_string().contains("limit of 16777216"), "{error}");
        assert!(matches!(Book::read_from(&bytes[..30]), Err(BookError::Length { .. })));
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
