//! `abprune gomocup`: the engine as a Gomocup "pbrain" brain on stdin/stdout.
//!
//! The manager (Piskvork, the Gomocup manager, gomoku GUIs) sends one
//! command per line and the brain answers each command that needs an answer
//! with one line; coordinates are 0-based `x,y`. Everything the brain does
//! not understand gets `UNKNOWN`, everything malformed or illegal `ERROR`,
//! and the brain goes on: a bad line never ends a game.
//!
//! Input is read on its own thread so that `END` stops a search in progress
//! at once (through the engine's stop flag).

mod brain;
mod time;

use crate::status::AtRunTime as _;
use anyhow::{Context as _, Result};
use brain::{Brain, Control};
use clap::Args;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

/// The longest protocol line read whole: a command is a few dozen bytes;
/// a longer line is answered `ERROR` without being kept in memory.
pub const MAX_LINE_BYTES: usize = 4096;

/// Options of `abprune gomocup`.
#[derive(Args, Debug)]
pub struct GomocupArgs {
    /// Also send `DEBUG` lines (the engine's iterations) to the manager.
    #[arg(long)]
    debug: bool,
    /// Search threads until the manager sends `INFO thread_num` (default:
    /// the number of cores).
    #[arg(long, value_parser = crate::limits::parse_threads)]
    threads: Option<usize>,
    /// Player switches, as for `play gomoku --set` (e.g. `lmr=off,vct=off`):
    /// for measuring what each part is worth in matches.
    #[arg(long, value_name = "SWITCHES", value_parser = parse_switches)]
    set: Option<String>,
}

/// Checks the switches before the brain starts, so a bad one is an error
/// at once and not an `ERROR` at the first move.
fn parse_switches(text: &str) -> Result<String, String> {
    crate::gomoku::PlayerSettings::default().apply(text).map_err(|error| format!("{error:#}"))?;
    Ok(text.to_string())
}

/// One line from the manager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A line of text (without its end of line and byte-order mark).
    Line(String),
    /// A line that is not a command: why, for the `ERROR` reply.
    Unreadable(String),
}

/// Runs the brain until `END` or the end of input.
pub fn run(args: &GomocupArgs) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel::<Input>();
    let reader_stop = Arc::clone(&stop);
    let reader = std::thread::Builder::new().name("gomocup input".into());
    reader
        .spawn(move || {
            let mut stdin = std::io::stdin().lock();
            let mut bytes = Vec::new();
            // A read error is the end of the input, like the end of the file.
            while let Ok(Some(length)) = read_line(&mut stdin, &mut bytes) {
                let input = classify(&bytes, length);
                if matches!(&input, Input::Line(line) if line.trim().eq_ignore_ascii_case("END")) {
                    reader_stop.store(true, Ordering::Relaxed);
                }
                if sender.send(input).is_err() {
                    break;
                }
            }
        })
        .context("cannot start the thread that reads the manager's commands")
        .at_run_time()?;
    let threads = args.threads.unwrap_or_else(crate::gomoku::available_cores);
    let mut brain = Brain::new(Arc::clone(&stop), args.debug, threads);
    brain.set_switches(args.set.clone().unwrap_or_default());
    for input in receiver {
        let mut out = crate::output::Stdout;
        let control = brain.handle_input(&input, &mut out)?;
        out.flush()?;
        if control == Control::End {
            break;
        }
    }
    Ok(())
}

/// Reads one line into `line`, keeping at most [`MAX_LINE_BYTES`] of it:
/// the line's whole length, or `None` at the end of the input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<usize>> {
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
fn classify(kept: &[u8], length: usize) -> Input {
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
    use super::brain::{Brain, Control};
    use super::{classify, read_line, Input, MAX_LINE_BYTES};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// Feeds `lines` to a fresh brain and returns everything it wrote.
    fn talk(lines: &[&str]) -> Vec<String> {
        let mut brain = Brain::new(Arc::new(AtomicBool::new(false)), false, 1);
        let mut out = Vec::new();
        for line in lines {
            if brain.handle(line, &mut out).unwrap() == Control::End {
                break;
            }
        }
        String::from_utf8(out).unwrap().lines().filter(|l| !l.starts_with("MESSAGE")).map(String::from).collect()
    }

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

    #[test]
    fn end_inside_board_ends() {
        assert_eq!(talk(&["START 15", "BOARD", "7,7,1", "END", "ABOUT"]), ["OK"]);
    }

    #[test]
    fn start_sizes_are_checked() {
        assert_eq!(talk(&["START 15"]), ["OK"]);
        assert_eq!(talk(&["START 20"]), ["OK"]);
        assert!(talk(&["START 4"])[0].starts_with("ERROR"));
        assert!(talk(&["START 40"])[0].starts_with("ERROR"));
        assert!(talk(&["START x"])[0].starts_with("ERROR"));
        assert_eq!(talk(&["RECTSTART 15,10"]), ["OK"]);
        assert!(talk(&["RECTSTART 15"])[0].starts_with("ERROR"));
    }

    #[test]
    fn commands_before_start_and_unknown_ones_are_answered() {
        assert!(talk(&["TURN 7,7"])[0].starts_with("ERROR"));
        assert!(talk(&["FROB"])[0].starts_with("UNKNOWN"));
        assert!(talk(&[""]).is_empty());
        assert!(talk(&["ABOUT"])[0].starts_with("name=\"abprune\""));
    }

    #[test]
    fn a_turn_is_answered_with_a_legal_move() {
        let replies = talk(&["START 15", "INFO timeout_turn 200", "TURN 7,7"]);
        assert_eq!(replies[0], "OK");
        let (x, y) = replies[1].split_once(',').unwrap();
        let (x, y): (u32, u32) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(x < 15 && y < 15 && (x, y) != (7, 7));
        assert!(talk(&["START 15", "INFO timeout_turn 100", "TURN 7,7", "TURN 7,7"])
            .iter()
            .any(|r| r.starts_with("ERROR")));
        assert!(talk(&["START 15", "TURN 15,3"])[1].starts_with("ERROR"));
        assert!(talk(&["START 15", "TURN a,b"])[1].starts_with("ERROR"));
    }
}
