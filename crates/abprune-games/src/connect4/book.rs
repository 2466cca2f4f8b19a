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
//!
//! [`Connect4::symmetric_key`]: super::Connect4::symmetric_key

// This file only declares and re-exports, so that each part imports only
// those below it: the file's numbers (`format`), the refusals (`error`),
// the book in memory (`table`), the check of its values (`check`), and the
// file read, written and shipped (`file`).
mod check;
mod error;
mod file;
mod format;
mod table;

pub use error::BookError;
pub use file::shipped;
pub use format::{FORMAT_VERSION, MAGIC, MAX_ENTRIES};
pub use table::{Book, BookEntry};

#[cfg(test)]
mod tests {
    use super::format::{CHECKSUM_BYTES, ENTRY_BYTES, HEADER_BYTES};
    use super::*;
    use crate::connect4::{Connect4, WIDTH};
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
