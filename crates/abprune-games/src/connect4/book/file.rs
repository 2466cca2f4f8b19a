//! A book's file: read and checked whole before it answers, written, and
//! the book shipped with abprune.

use super::check;
use super::error::BookError;
use super::format::{CHECKSUM_BYTES, ENTRY_BYTES, FORMAT_VERSION, HEADER_BYTES, KEY_BYTES, MAGIC, MAX_ENTRIES};
use super::table::Book;
use crate::connect4::{CELLS, HEIGHT, WIDTH};
use std::io::Read;
use std::sync::{Arc, OnceLock};

impl Book {
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
const SHIPPED_BYTES: &[u8] = include_bytes!("../../../books/connect4.book");

/// The book shipped with abprune, read and checked once; `None` only if
/// the bytes compiled in are not a whole book (a test makes sure they are).
pub fn shipped() -> Option<Arc<Book>> {
    static SHIPPED: OnceLock<Option<Arc<Book>>> = OnceLock::new();
    SHIPPED.get_or_init(|| Book::from_bytes(SHIPPED_BYTES).ok().map(Arc::new)).clone()
}
