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

use anyhow::Result;
use brain::{Brain, Control};
use clap::Args;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

/// Options of `abprune gomocup`.
#[derive(Args, Debug)]
pub struct GomocupArgs {
    /// Also send `DEBUG` lines (the engine's iterations) to the manager.
    #[arg(long)]
    debug: bool,
    /// Search threads until the manager sends `INFO thread_num` (default:
    /// the number of cores).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs the brain until `END` or the end of input.
pub fn run(args: &GomocupArgs) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel::<String>();
    let reader_stop = Arc::clone(&stop);
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().eq_ignore_ascii_case("END") {
                reader_stop.store(true, Ordering::Relaxed);
            }
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let threads = args.threads.unwrap_or_else(crate::gomoku::available_cores);
    let mut brain = Brain::new(Arc::clone(&stop), args.debug, threads)?;
    let stdout = std::io::stdout();
    for line in receiver {
        let mut out = stdout.lock();
        let control = brain.handle(&line, &mut out)?;
        out.flush()?;
        if control == Control::End {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::brain::{Brain, Control};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// Feeds `lines` to a fresh brain and returns everything it wrote.
    fn talk(lines: &[&str]) -> Vec<String> {
        let mut brain = Brain::new(Arc::new(AtomicBool::new(false)), false, 1).unwrap();
        let mut out = Vec::new();
        for line in lines {
            if brain.handle(line, &mut out).unwrap() == Control::End {
                break;
            }
        }
        String::from_utf8(out).unwrap().lines().filter(|l| !l.starts_with("MESSAGE")).map(String::from).collect()
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
