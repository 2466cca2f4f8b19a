//! The numbers of the book file (version 1, laid out in the module `book`'s
//! documentation) and the bounds its entries obey.

/// The first bytes of a book file.
pub const MAGIC: &[u8; 8] = b"ABPC4BK\n";
/// The format version this code reads and writes.
pub const FORMAT_VERSION: u16 = 1;
/// Bytes before the entries.
pub(super) const HEADER_BYTES: usize = 20;
/// Bytes of one entry: a 7-byte key, a score and a move.
pub(super) const ENTRY_BYTES: usize = 9;
/// Bytes of a key in an entry (a symmetric key has 49 bits).
pub(super) const KEY_BYTES: usize = 7;
/// Bytes of the checksum at the end.
pub(super) const CHECKSUM_BYTES: usize = 4;
/// The largest score magnitude: a win with the winner's fourth stone.
pub(super) const MAX_SCORE: i32 = 18;
/// The most entries a book file may announce (151 MB of entries): every
/// position of up to 12 plies is about 9.7 million; a header beyond this is
/// refused before anything is allocated or read.
pub const MAX_ENTRIES: usize = 1 << 24;
