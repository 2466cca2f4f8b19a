//! Echoing what a user typed back to them, safely: a short excerpt with its
//! control characters escaped, so that an error line stays one readable
//! line whatever the input was (a 10 MB token, an escape sequence that
//! would colour the terminal, a newline inside a protocol field).

/// The most characters of a user's token quoted in a message.
pub const MAX_QUOTE_CHARS: usize = 40;
/// The most characters of a whole error line (messages from the games'
/// parsers quote their input themselves; this bounds them all).
pub const MAX_LINE_CHARS: usize = 400;
/// The byte-order mark some editors put at the start of a UTF-8 file.
pub const BOM: char = '\u{feff}';

/// `text` as it may be quoted: control and invisible characters escaped
/// (`\u{1b}`, `\n`), cut to [`MAX_QUOTE_CHARS`] with the full length said.
pub fn excerpt(text: &str) -> String {
    let total = text.chars().count();
    let mut quoted = escape(text.chars().take(MAX_QUOTE_CHARS));
    if total > MAX_QUOTE_CHARS {
        quoted.push_str(&format!("... ({} characters in all)", total));
    }
    quoted
}

/// [`excerpt`] of bytes that may not be UTF-8 (invalid bytes show as `\xNN`).
pub fn excerpt_bytes(bytes: &[u8]) -> String {
    let head = &bytes[..bytes.len().min(MAX_QUOTE_CHARS)];
    let mut quoted = String::new();
    for chunk in head.utf8_chunks() {
        quoted.push_str(&escape(chunk.valid().chars()));
        for byte in chunk.invalid() {
            quoted.push_str(&format!("\\x{byte:02x}"));
        }
    }
    if bytes.len() > head.len() {
        quoted.push_str(&format!("... ({} bytes in all)", bytes.len()));
    }
    quoted
}

/// A whole message made one line: control characters escaped and, past
/// [`MAX_LINE_CHARS`], the middle left out (the start says what and where,
/// the end why).
pub fn one_line(message: &str) -> String {
    let total = message.chars().count();
    if total <= MAX_LINE_CHARS {
        return escape(message.chars());
    }
    let tail = MAX_LINE_CHARS / 4;
    let head = MAX_LINE_CHARS - tail;
    format!(
        "{} ... ({} characters left out) ... {}",
        escape(message.chars().take(head)),
        total - head - tail,
        escape(message.chars().skip(total - tail))
    )
}

/// `text` without a leading byte-order mark.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The lines of a file read as bytes: each line's text, or for a line that
/// is not UTF-8 an error saying so with an excerpt; a leading byte-order
/// mark and `\r\n` endings are accepted. One bad line spoils only itself.
pub fn text_lines(bytes: &[u8]) -> impl Iterator<Item = Result<&str, String>> {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let lines = (!bytes.is_empty()).then(|| bytes.split(|&b| b == b'\n'));
    lines.into_iter().flatten().map(|line| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        std::str::from_utf8(line).map_err(|_| format!("the line is not UTF-8 text: '{}'", excerpt_bytes(line)))
    })
}

/// Escapes what a terminal would act on or not show: control characters,
/// the byte-order mark and other format characters.
fn escape(chars: impl Iterator<Item = char>) -> String {
    let mut escaped = String::new();
    for c in chars {
        if c.is_control() || c == BOM || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}') {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_escaped_and_say_the_length() {
        assert_eq!(excerpt("h8"), "h8");
        assert_eq!(excerpt("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(excerpt("\u{feff}x"), "\\u{feff}x");
        let long = "x".repeat(10_000_000);
        let quoted = excerpt(&long);
        assert!(quoted.len() < 100 && quoted.ends_with("(10000000 characters in all)"), "{quoted}");
        assert_eq!(excerpt_bytes(b"a\xffb"), "a\\xffb");
        assert_eq!(excerpt_bytes(&[b'y'; 100]), format!("{}... (100 bytes in all)", "y".repeat(40)));
    }

    #[test]
    fn a_message_becomes_one_bounded_line() {
        assert_eq!(one_line("line 3: bad\nnext"), "line 3: bad\\nnext");
        let long = format!("file:1: '{}' is not a move", "z".repeat(1_000_000));
        let line = one_line(&long);
        assert!(line.chars().count() < MAX_LINE_CHARS + 60, "{}", line.len());
        assert!(line.starts_with("file:1: 'zzz") && line.ends_with("' is not a move"));
        assert_eq!(strip_bom("\u{feff}4453"), "4453");
    }

    #[test]
    fn lines_are_read_one_by_one() {
        let lines: Vec<_> = text_lines(b"\xef\xbb\xbf44\r\n\xff\n\n5").collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], Ok("44"));
        assert!(lines[1].as_ref().unwrap_err().contains("not UTF-8 text: '\\xff'"));
        assert_eq!((lines[2].clone(), lines[3].clone()), (Ok(""), Ok("5")));
        assert_eq!(text_lines(b"").count(), 0);
    }
}
