//! One protocol line from the manager: read as bytes, bounded, and told
//! apart from a line that is not a command.
//!
//! Its own module so that the brain and the command's input thread both
//! use [`Input`] and [`Interrupts`] without importing each other.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The longest protocol line read whole: a command is a few dozen bytes;
/// a longer line is answered `ERROR` without being kept in memory (and
/// one that never ends ends the brain, [`crate::input::read_line_skipping`]).
pub const MAX_LINE_BYTES: usize = crate::input::MAX_LINE_BYTES;

/// One line from the manager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A line of text (without its end of line and byte-order mark).
    Line(String),
    /// A line that is not a command: why, for the `ERROR` reply.
    Unreadable(String),
}

/// What the input thread tells the search in progress, which it cannot
/// wait to answer: `END` ends the brain, `STOP` and `YXSTOP` (Yixin's
/// extension) end the search with the best move so far.
///
/// A search answers one line; a `STOP` read after that line stops it,
/// one read before it does not (it was for an earlier search). So the
/// input thread numbers the lines as the brain does, and a search's stop
/// flag is armed from the last `STOP`'s number ([`Interrupts::arm`]).
#[derive(Debug, Default)]
pub struct Interrupts {
    /// The engine's stop flag.
    stop: Arc<AtomicBool>,
    /// `END` has been read.
    ended: AtomicBool,
    /// The number of the last `STOP` or `YXSTOP` line read (from 1; 0: none).
    last_stop: AtomicU64,
}

impl Interrupts {
    /// `END` was read: the search stops, and nothing more is done.
    pub fn end(&self) {
        self.ended.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// `STOP` or `YXSTOP` was read as line `number`.
    pub fn stop_at(&self, number: u64) {
        self.last_stop.store(number, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether `END` has been read.
    pub fn has_ended(&self) -> bool {
        self.ended.load(Ordering::SeqCst)
    }

    /// The stop flag for a search that answers line `number`: clear,
    /// unless `END` or a later `STOP` was read already. (Cleared first and
    /// checked after, so that a `STOP` read meanwhile still sets it.)
    pub fn arm(&self, number: u64) -> Arc<AtomicBool> {
        self.stop.store(false, Ordering::SeqCst);
        if self.has_ended() || self.last_stop.load(Ordering::SeqCst) > number {
            self.stop.store(true, Ordering::SeqCst);
        }
        Arc::clone(&self.stop)
    }
}

/// What a line is to the input thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgent {
    /// `END`.
    End,
    /// `STOP` or `YXSTOP`.
    Stop,
}

/// Whether `input` must reach the search at once.
pub fn urgent(input: &Input) -> Option<Urgent> {
    let Input::Line(line) = input else { return None };
    let line = line.trim();
    if line.eq_ignore_ascii_case("END") {
        Some(Urgent::End)
    } else if line.eq_ignore_ascii_case("STOP") || line.eq_ignore_ascii_case("YXSTOP") {
        Some(Urgent::Stop)
    } else {
        None
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
    use super::{classify, urgent, Input, Interrupts, Urgent, MAX_LINE_BYTES};
    use crate::input::read_line_skipping;
    use std::sync::atomic::Ordering;

    #[test]
    fn lines_are_read_as_bytes_and_bounded() {
        let mut input: &[u8] = b"\xef\xbb\xbfSTART 15\r\n\xff\nEND";
        let mut read = Vec::new();
        while let Some(line) = read_line_skipping(&mut input, MAX_LINE_BYTES).unwrap() {
            read.push(classify(&line.kept, line.length));
        }
        assert_eq!(read[0], Input::Line("START 15".into()));
        assert!(matches!(&read[1], Input::Unreadable(why) if why.contains("not UTF-8")), "{read:?}");
        assert_eq!(read[2], Input::Line("END".into()));
        let long = vec![b'x'; 3 * MAX_LINE_BYTES];
        let mut input: &[u8] = &long;
        let line = read_line_skipping(&mut input, MAX_LINE_BYTES).unwrap().unwrap();
        assert_eq!((line.length, line.kept.len()), (3 * MAX_LINE_BYTES, MAX_LINE_BYTES));
        assert!(matches!(classify(&line.kept, line.length), Input::Unreadable(why) if why.contains("12288 bytes")));
    }

    #[test]
    fn a_stop_stops_the_searches_of_the_lines_before_it_only() {
        assert_eq!(urgent(&Input::Line(" yxstop ".into())), Some(Urgent::Stop));
        assert_eq!(urgent(&Input::Line("END".into())), Some(Urgent::End));
        assert_eq!(urgent(&Input::Line("TURN 7,7".into())), None);
        let interrupts = Interrupts::default();
        interrupts.stop_at(5);
        assert!(interrupts.arm(4).load(Ordering::SeqCst), "TURN on line 4, STOP on line 5 read first");
        assert!(!interrupts.arm(6).load(Ordering::SeqCst), "that STOP was for an earlier search");
        interrupts.end();
        assert!(interrupts.arm(7).load(Ordering::SeqCst) && interrupts.has_ended());
    }
}
