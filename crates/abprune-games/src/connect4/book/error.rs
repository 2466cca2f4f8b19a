//! Why a book file was refused.

use super::format::{FORMAT_VERSION, MAX_ENTRIES};
use crate::connect4::{HEIGHT, WIDTH};
use std::fmt;

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
