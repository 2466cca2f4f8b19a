//! Reading what a user names, one way for every command: a regular file or
//! standard input read whole but never past a named cap, and lines of
//! bounded length.
//!
//! Why: `--book /dev/zero` read 4.2 GB in 10 s, `tree - </dev/urandom` 3 GB,
//! a FIFO given as a book blocked forever, and `play connect4` kept a whole
//! 100 MB line. Here a path that is not a regular file (a FIFO, a device, a
//! directory) is refused before it is opened (opening a FIFO blocks until a
//! writer comes), a file longer than its cap is refused by its length
//! before a byte is read, and standard input is read up to its cap and one
//! byte more, so that the error says which cap was passed.

use anyhow::{bail, Context as _, Result};
use std::fs::File;
use std::io::{BufRead, Read};
use std::path::Path;

/// Standard input's name where a command accepts it.
pub const STDIN: &str = "-";

/// The largest `solve connect4 --batch` input: a line is about 20 bytes,
/// so about 3 million positions, days of solving.
pub const MAX_BATCH_BYTES: u64 = 64 << 20;
/// The largest tree text (`tree FILE` or `tree -`): millions of leaves,
/// far more than a picture or a trace can show.
pub const MAX_TREE_BYTES: u64 = 64 << 20;
/// The largest book journal: a line is at most 30 bytes, and a book of 8
/// plies (the most `book connect4 build` makes) about 130,000 lines.
pub const MAX_JOURNAL_BYTES: u64 = 64 << 20;
/// The largest game record file (`tune gomoku`, `tune gomoku-order`): a
/// million positions of SGF are about 30 MB.
pub const MAX_GAMES_BYTES: u64 = 1 << 30;
/// The largest file of labelled positions (`tune gomoku-eval`): read a
/// line at a time; a million positions are about 130 MB.
pub const MAX_POSITIONS_BYTES: u64 = 8 << 30;
/// The largest labels file of `tune gomoku` (a number a line).
pub const MAX_LABELS_BYTES: u64 = 1 << 30;
/// The largest other text file a command reads whole (a tactics suite of
/// `bench gomoku-tactics`, the cost table of `bench connect4-curve`).
pub const MAX_TEXT_BYTES: u64 = 64 << 20;
/// The longest line kept from a person typing (`play connect4`): a
/// command is a few bytes; the rest of a longer line is read and dropped
/// (up to [`MAX_SKIPPED_BYTES`]).
pub const MAX_LINE_BYTES: usize = 4096;

/// `path` opened for reading after checking that it is a regular file no
/// longer than `cap` bytes; `what` names it in errors ("book", "journal").
///
/// # Errors
/// A path that does not exist or cannot be read, is not a regular file, or
/// is longer than `cap`, each in one line naming the path.
pub fn open_file(path: &Path, cap: u64, what: &str) -> Result<File> {
    let name = crate::quote::excerpt(&path.display().to_string());
    let metadata = std::fs::metadata(path).with_context(|| format!("cannot read {what} '{name}'"))?;
    if !metadata.is_file() {
        bail!("cannot read {what} '{name}': not a regular file (a FIFO, a device or a directory is not read)");
    }
    if metadata.len() > cap {
        bail!("{what} '{name}' is {} bytes, beyond the limit of {}", metadata.len(), limit(cap));
    }
    File::open(path).with_context(|| format!("cannot read {what} '{name}'"))
}

/// The bytes of the regular file at `path`, at most `cap` of them.
///
/// # Errors
/// As [`open_file`], and a file that grew past `cap` while read.
pub fn read_file(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>> {
    let file = open_file(path, cap, what)?;
    let name = format!("{what} '{}'", crate::quote::excerpt(&path.display().to_string()));
    read_capped(file, cap, &name)
}

/// The bytes of `name`: standard input for [`STDIN`], else the regular
/// file of that path, at most `cap` of them.
///
/// # Errors
/// As [`read_file`]; standard input longer than `cap`.
pub fn read_file_or_stdin(name: &str, cap: u64, what: &str) -> Result<Vec<u8>> {
    if name == STDIN {
        return read_capped(std::io::stdin().lock(), cap, &format!("{what} on standard input"));
    }
    read_file(Path::new(name), cap, what)
}

/// Everything `reader` holds, or an error once it passes `cap` bytes.
fn read_capped(reader: impl Read, cap: u64, name: &str) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(cap.saturating_add(1)).read_to_end(&mut bytes).with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > cap {
        bail!("{name} is longer than the limit of {}", limit(cap));
    }
    Ok(bytes)
}

/// A cap as a message says it: bytes, and MiB when it is that large.
fn limit(cap: u64) -> String {
    if cap >= 1 << 20 {
        format!("{cap} bytes ({} MiB)", cap >> 20)
    } else {
        format!("{cap} bytes")
    }
}

/// The most of one overlong line that [`read_line_skipping`] reads past
/// its cap and drops: a person or a protocol manager never sends that
/// much without an end of line, an endless stream (`< /dev/zero`) does,
/// and is refused once it passes this instead of read forever.
pub const MAX_SKIPPED_BYTES: usize = 64 << 20;

/// One line read by [`read_line`] or [`read_line_skipping`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Its first bytes (at most the cap), without the end of line.
    pub kept: Vec<u8>,
    /// Its length in bytes as far as it was read, without the end of
    /// line: past the cap, [`read_line`] stops at the cap and one byte.
    pub length: usize,
}

impl Line {
    /// True when the line was longer than what was kept.
    pub fn is_cut(&self) -> bool {
        self.length > self.kept.len()
    }
}

/// Reads one line, keeping at most `cap` bytes of it; `None` at the end of
/// the input. The limit applies while reading: a longer line comes back
/// cut ([`Line::is_cut`]) as soon as its `cap + 1`-th byte is read, the
/// rest left unread, so that an endless line (`/dev/zero`) is refused at
/// once rather than when it ends.
///
/// # Errors
/// The reader's.
pub fn read_line(input: &mut impl BufRead, cap: usize) -> std::io::Result<Option<Line>> {
    let mut line = Line { kept: Vec::new(), length: 0 };
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok((line.length > 0).then_some(line));
        }
        let newline = buffer.iter().position(|&b| b == b'\n');
        let chunk = &buffer[..newline.unwrap_or(buffer.len())];
        let room = cap - line.kept.len();
        if chunk.len() > room {
            line.kept.extend_from_slice(&chunk[..room]);
            line.length = cap + 1;
            input.consume(room + 1);
            return Ok(Some(line));
        }
        line.kept.extend_from_slice(chunk);
        line.length = line.kept.len();
        let used = newline.map_or(buffer.len(), |at| at + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(Some(line));
        }
    }
}

/// Reads one line as [`read_line`] does, and when it is cut, reads the
/// rest of it to its end and drops it, for the readers that answer a long
/// line and go on (a terminal, the `gomocup` manager): [`Line::length`] is
/// then the whole line's.
///
/// # Errors
/// The reader's, and a line that runs past [`MAX_SKIPPED_BYTES`] without
/// ending ([`std::io::ErrorKind::InvalidData`]).
pub fn read_line_skipping(input: &mut impl BufRead, cap: usize) -> std::io::Result<Option<Line>> {
    let Some(mut line) = read_line(input, cap)? else { return Ok(None) };
    while line.is_cut() {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        let newline = buffer.iter().position(|&b| b == b'\n');
        let (skipped, used) = newline.map_or((buffer.len(), buffer.len()), |at| (at, at + 1));
        line.length = line.length.saturating_add(skipped);
        input.consume(used);
        if newline.is_some() {
            break;
        }
        if line.length > MAX_SKIPPED_BYTES {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("a line runs past {} without an end of line", limit(MAX_SKIPPED_BYTES as u64)),
            ));
        }
    }
    Ok(Some(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_and_the_next_read_whole() {
        let text = format!("{}\nshort\nlast", "x".repeat(10_000));
        let mut input = std::io::BufReader::with_capacity(64, text.as_bytes());
        let long = read_line_skipping(&mut input, 100).unwrap().unwrap();
        assert_eq!((long.kept.len(), long.length, long.is_cut()), (100, 10_000, true));
        assert_eq!(read_line_skipping(&mut input, 100).unwrap().unwrap().kept, b"short");
        assert_eq!(read_line(&mut input, 100).unwrap().unwrap().kept, b"last");
        assert_eq!(read_line(&mut input, 100).unwrap(), None);
    }

    #[test]
    fn the_line_limit_applies_while_reading() {
        // An endless line: read_line stops one byte past its cap...
        let mut endless = std::io::BufReader::with_capacity(64, std::io::repeat(b'0'));
        let line = read_line(&mut endless, 100).unwrap().unwrap();
        assert_eq!((line.kept.len(), line.length), (100, 101));
        // ... and the skipping reader at its own bound, with an error.
        let error = read_line_skipping(&mut endless, 100).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
        assert!(error.to_string().contains("without an end of line"), "{error}");
        // A line of exactly the cap is whole.
        let mut input = &b"abc\nabcd\n"[..];
        assert!(!read_line(&mut input, 3).unwrap().unwrap().is_cut());
        assert!(read_line(&mut input, 3).unwrap().unwrap().is_cut());
    }

    #[test]
    fn endless_input_stops_at_the_cap_and_names_it() {
        let error = read_capped(std::io::repeat(0), 1000, "stdin").unwrap_err();
        assert_eq!(error.to_string(), "stdin is longer than the limit of 1000 bytes");
        assert_eq!(read_capped(&b"abc"[..], 3, "stdin").unwrap(), b"abc");
    }

    #[test]
    fn what_is_not_a_regular_file_is_refused_unopened() {
        let error = read_file(Path::new("/dev/zero"), 1000, "book").unwrap_err();
        assert!(error.to_string().contains("'/dev/zero': not a regular file"), "{error}");
        let error = read_file(Path::new("/"), 1000, "book").unwrap_err();
        assert!(error.to_string().contains("not a regular file"), "{error}");
    }
}
