//! `abprune gomocup`: the engine as a Gomocup "pbrain" brain on stdin/stdout.
//!
//! The manager (Piskvork, the Gomocup manager, gomoku GUIs) sends one
//! command per line and the brain answers each command that needs an answer
//! with one line; coordinates are 0-based `x,y`. Everything the brain does
//! not understand gets `UNKNOWN`, everything malformed or illegal `ERROR`,
//! and the brain goes on: a bad line never ends a game.
//!
//! Input is read on its own thread so that `END` (which then ends the
//! brain without a move) and `STOP` or `YXSTOP` (which make it answer with
//! the best move found so far) stop a search in progress at once, through
//! the engine's stop flag.

mod brain;
mod line;

use crate::status::AtRunTime as _;
use anyhow::{bail, Context as _, Result};
use brain::{Brain, Control};
use clap::Args;
use line::{classify, urgent, Input, Interrupts, Urgent};
use std::io::Write;
use std::sync::{mpsc, Arc};

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

/// Runs the brain until `END` or the end of input.
pub fn run(args: &GomocupArgs) -> Result<()> {
    let interrupts = Arc::new(Interrupts::default());
    let (sender, receiver) = mpsc::channel::<Input>();
    let reader_interrupts = Arc::clone(&interrupts);
    let reader = std::thread::Builder::new()
        .name("gomocup input".into())
        .spawn(move || read_commands(&reader_interrupts, &sender))
        .context("cannot start the thread that reads the manager's commands")
        .at_run_time()?;
    let threads = args.threads.unwrap_or_else(crate::gomoku::available_cores);
    let mut brain = Brain::new(Arc::clone(&interrupts), args.debug, threads);
    brain.set_switches(args.set.clone().unwrap_or_default());
    for input in receiver {
        let mut out = crate::output::Stdout;
        let control = brain.handle_input(&input, &mut out)?;
        out.flush()?;
        if control == Control::End {
            return Ok(());
        }
    }
    // The input ended: by its end, or by a line that never ends.
    match reader.join() {
        Ok(read) => read.context("cannot read the manager's commands on standard input"),
        Err(_) => bail!("the thread that reads the manager's commands panicked"),
    }
}

/// The input thread: reads the manager's lines, bounded, and hands them
/// to the brain in order, telling the search at once of `END` and `STOP`
/// ([`Interrupts`]). Ends after `END`, at the end of the input, or at a
/// line that never ends (its error).
fn read_commands(interrupts: &Interrupts, sender: &mpsc::Sender<Input>) -> std::io::Result<()> {
    let mut stdin = std::io::stdin().lock();
    let mut number = 0u64;
    while let Some(line) = crate::input::read_line_skipping(&mut stdin, line::MAX_LINE_BYTES)? {
        number += 1;
        let input = classify(&line.kept, line.length);
        let urgent = urgent(&input);
        match urgent {
            Some(Urgent::End) => interrupts.end(),
            Some(Urgent::Stop) => interrupts.stop_at(number),
            None => {}
        }
        if sender.send(input).is_err() || urgent == Some(Urgent::End) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::brain::{Brain, Control};
    use std::sync::Arc;

    /// Feeds `lines` to a fresh brain and returns everything it wrote.
    fn talk(lines: &[&str]) -> Vec<String> {
        let mut brain = Brain::new(Arc::default(), false, 1);
        let mut out = Vec::new();
        for line in lines {
            if brain.handle(line, &mut out).unwrap() == Control::End {
                break;
            }
        }
        String::from_utf8(out).unwrap().lines().filter(|l| !l.starts_with("MESSAGE")).map(String::from).collect()
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
