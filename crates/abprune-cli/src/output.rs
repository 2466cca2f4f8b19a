//! Standard output for every subcommand: [`out!`] and [`outln!`] write as
//! `print!` and `println!` do, but return the write's error instead of
//! panicking on it, and [`crate::status::exit_code`] turns that error into
//! the ending a command-line tool owes its pipeline.
//!
//! `println!` panics when a write fails: `abprune analyze connect4 44 |
//! head -1` closes the pipe after one line and the next `println!` ends
//! the program with a panic message and status 101; `> /dev/full` does the
//! same on the first line. The shells' convention for a closed pipe is a
//! quiet end (the reader asked for no more), and a full disk is an error
//! like any other: one `error:` line. So every line of standard output
//! goes through these macros with `?`, the error travels up like any other
//! to `main`, and `main` asks [`crate::status::exit_code`] how to end.

use std::io::{ErrorKind, Write};

/// `print!` to standard output, returning the write's `std::io::Result`
/// (its error marked as the output's, see [`is_output_error`]).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        $crate::output::marked(write!(std::io::stdout().lock(), $($arg)*))
    }};
}

/// `println!` to standard output, returning the write's `std::io::Result`
/// (its error marked as the output's, see [`is_output_error`]).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        $crate::output::marked(writeln!(std::io::stdout().lock(), $($arg)*))
    }};
}

pub(crate) use {out, outln};

/// Status of a run whose reader closed the pipe before the end: 0, as
/// `head`, `grep -q` and the other tools of a pipeline end quietly when
/// their output is no longer wanted (the `gomocup` brain and `solve
/// connect4 --batch` already ended so).
pub const EXIT_CLOSED_PIPE: u8 = 0;

/// A failed write of standard output: the error inside the `io::Error`
/// that [`marked`] returns, so that `main` tells it from a file that
/// could not be read.
#[derive(Debug)]
struct OutputFailed(std::io::Error);

impl std::fmt::Display for OutputFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write the output: {}", self.0)
    }
}

impl std::error::Error for OutputFailed {}

/// `written` with its error marked as a failed write of standard output
/// (the same kind, so a closed pipe is still [`ErrorKind::BrokenPipe`]).
pub fn marked(written: std::io::Result<()>) -> std::io::Result<()> {
    written.map_err(|error| std::io::Error::new(error.kind(), OutputFailed(error)))
}

/// Standard output as a writer for the commands that pass one down (the
/// batch, the `gomocup` brain): every error [`marked`].
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let mut written = 0;
        marked(std::io::stdout().lock().write(bytes).map(|count| written = count))?;
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        marked(std::io::stdout().lock().flush())
    }
}

/// Flushes what is left of standard output (a last line without its end
/// of line, a prompt): its error would otherwise be lost at exit.
pub fn flush() -> std::io::Result<()> {
    marked(std::io::stdout().lock().flush())
}

/// The failed write of standard output behind `error`, if that is what
/// ended the run.
fn output_error(error: &anyhow::Error) -> Option<&std::io::Error> {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<std::io::Error>())
        .find(|io| io.get_ref().is_some_and(|inner| inner.is::<OutputFailed>()))
}

/// Whether `error` is a failed write of standard output, which ends a run
/// that would go on past a bad line of its input.
pub fn is_output_error(error: &anyhow::Error) -> bool {
    output_error(error).is_some()
}

/// Whether `error` is standard output's reader gone (a closed pipe), which
/// ends a run quietly with [`EXIT_CLOSED_PIPE`]; any other failed write is
/// a failure at run time ([`crate::status::EXIT_RUN_FAILED`]).
pub fn is_closed_pipe(error: &anyhow::Error) -> bool {
    output_error(error).is_some_and(|io| io.kind() == ErrorKind::BrokenPipe)
}
