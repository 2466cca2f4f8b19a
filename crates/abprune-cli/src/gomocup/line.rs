//! One protocol line from the manager: read as bytes, bounded, and told
//! apart from a line that is not a command.
//!
//! Its own module so that the brain and the command's input thread both
//! use [`Input`] without importing each other.

use std::io::BufRead;

/// The longest protocol line read whole: a command is a few dozen bytes;
/// a longer line is answered `ERROR` without being kept in memory.
pub const MAX_LINE_BYTES: usize = 4096;

/// One line from the manager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A line of text (without its end of line and byte-order mark).
    Line(String),
    /// A line that is not a command: why, for the `ERROR` reply.
    Unreadable(String),
}

/// Reads one line into `line`, keeping at most [`MAX_LINE_BYTES`] of it:
/// the line's whole length, or `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<usize>> {
    line.clear();
    let mut length = 0usize;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok((length > 0).then_some(length));
        }
        let newline = buffer.iter().position(|&b| b == b'\n');
        let chunk = &buffer[..newline.unwrap_or(buffer.len())];
        let room = MAX_LINE_BYTES.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length = length.saturating_add(chunk.len());
        let used = newline.map_or(buffer.len(), |at| at + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(Some(length));
        }
    }
}

/// What a line of `length` bytes, of which `kept` were kept, is to the brain.
pub fn classify(kept: &[u8], length: usize) -> Input {
    let kept = kept.strip_suffix(b"\r").unwrap_or(kept);
    if length > MAX_LINE_BYTES {
        return Input::Unreadable(format!(
            "a line of {length} bytes, beyond the limit of {MAX_LINE_BYTES}: '{}...'",
            crate::quote::excerpt_bytes(&kept[..kept.len().min(crate::quote::MAX_QUOTE_CHARS)])
        ));
    }
    match std::str::from_utf8(kept) {
        Ok(text) => Input::Line(crate::quote::strip_bom(text).to_string()),
        Err(_) => Input::Unreadable(format!("the line is not UTF-8 text: '{}'", crate::quote::excerpt_bytes(kept))),
    }
}

#[cfg(test)]
mod tests {
    use super::{classify, read_line, Input, MAX_LINE_BYTES};

    #[test]
    fn lines_are_read_as_bytes_and_bounded() {
        let mut input: &[u8] = b"\xef\xbb\xbfSTART 15\r\n\xff\nEND";
        let mut line = Vec::new();
        let mut read = Vec::new();
        while let Some(length) = read_line(&mut input, &mut line).unwrap() {
            read.push(classify(&line, length));
        }
        assert_eq!(read[0], Input::Line("START 15".into()));
        assert!(matches!(&read[1], Input::Unreadable(why) if why.contains("not UTF-8")), "{read:?}");
        assert_eq!(read[2], Input::Line("END".into()));
        let long = vec![b'x'; 3 * MAX_LINE_BYTES];
        let mut input: &[u8] = &long;
        let length = read_line(&mut input, &mut line).unwrap().unwrap();
        assert_eq!((length, line.len()), (3 * MAX_LINE_BYTES, MAX_LINE_BYTES));
        assert!(matches!(classify(&line, length), Input::Unreadable(why) if why.contains("12288 bytes")));
    }
}
