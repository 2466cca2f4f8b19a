//! How `abprune` ends: its exit statuses, and which failure gets which.
//!
//! A script that runs abprune over many inputs must tell "this input is
//! wrong, fix or skip it" from "the run failed, the input may be fine":
//! so bad input (status 2, as clap's usage errors) and a failure at run
//! time (status 1) differ. An error is bad input unless it is marked as a
//! run-time failure: by [`AtRunTime::at_run_time`] where it happens (a file
//! that cannot be written, a thread that cannot start, an engine that broke
//! its contract), a failed write of standard output ([`crate::output`]), or
//! the engine's refusal of memory the machine said it had
//! ([`abprune::EngineError::OutOfMemory`], after the limits' check).

use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Status of a run that failed after its input was accepted: a write of
/// the output failed, memory or a thread was refused, an engine broke.
pub const EXIT_RUN_FAILED: u8 = 1;

/// Status of bad input of any kind: an argument, an option, a file or a
/// line that abprune cannot use (the same as clap's usage errors); also a
/// file's expected answers not met (a batch's wrong answer, a tactic not
/// solved), since the file's claim is what the run checks.
pub const EXIT_BAD_INPUT: u8 = 2;

/// The statuses as `abprune --help` lists them (the README's CLI section
/// repeats them).
pub const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  done; also when the reader of the output has gone (`abprune ... | head -1`)
  1  the run failed after its input was accepted: the output could not be
     written (standard output or a file such as --svg, --plot, --out), the
     memory or threads it needs were refused, an engine broke
  2  bad input: an argument, option, file or line abprune cannot use
     (one `error:` line names what and where), or answers a file expects
     and did not get (solve connect4 --batch, bench gomoku-tactics)";

/// A failure at run time: the error it carries, shown as it is.
#[derive(Debug)]
struct RunFailed(anyhow::Error);

impl std::fmt::Display for RunFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

impl std::error::Error for RunFailed {}

/// Marks a result's error as a failure at run time ([`EXIT_RUN_FAILED`]).
pub trait AtRunTime<T> {
    /// The same result, its error marked as a run-time failure.
    fn at_run_time(self) -> Result<T>;
}

impl<T, E: Into<anyhow::Error>> AtRunTime<T> for std::result::Result<T, E> {
    fn at_run_time(self) -> Result<T> {
        self.map_err(|error| anyhow::Error::new(RunFailed(error.into())))
    }
}

/// Writes `bytes` to the file at `path` (an output the user named): its
/// failure is one at run time.
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("cannot write '{}'", path.display())).at_run_time()
}

/// Refuses an output path (`--out`) that exists and is not a regular file:
/// a device is read whole by a resume (`/dev/full`, `/dev/zero`), a FIFO
/// blocks, a directory cannot be written; `what` names the option.
pub fn check_output(path: &Path, what: &str) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => anyhow::bail!(
            "{what} '{}': not a regular file (a FIFO, a device or a directory is not written)",
            crate::quote::excerpt(&path.display().to_string())
        ),
        _ => Ok(()),
    }
}

/// Whether `error` is a failure at run time rather than bad input.
pub(crate) fn failed_at_run_time(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.is::<RunFailed>())
        || crate::output::is_output_error(error)
        || matches!(error.downcast_ref::<abprune::EngineError>(), Some(abprune::EngineError::OutOfMemory { .. }))
}

/// The status a run ends with when `error` stopped it: quietly with
/// [`crate::output::EXIT_CLOSED_PIPE`] when the output's reader has gone,
/// else with one `error:` line and [`EXIT_RUN_FAILED`] or
/// [`EXIT_BAD_INPUT`].
pub fn exit_code(error: &anyhow::Error) -> ExitCode {
    if crate::output::is_closed_pipe(error) {
        return ExitCode::from(crate::output::EXIT_CLOSED_PIPE);
    }
    // Nothing more can be done if standard error is gone too.
    let _ = writeln!(std::io::stderr(), "error: {}", crate::quote::one_line(&format!("{error:#}")));
    ExitCode::from(if failed_at_run_time(error) { EXIT_RUN_FAILED } else { EXIT_BAD_INPUT })
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::anyhow;

    #[test]
    fn an_error_is_bad_input_unless_marked() {
        let plain: Result<()> = Err(anyhow!("line 3: no such column"));
        assert!(!failed_at_run_time(&plain.context("positions.txt").unwrap_err()));
        let marked: Result<()> = Err(anyhow!("no space left")).at_run_time();
        let marked = marked.context("cannot write 'tree.svg'").unwrap_err();
        assert!(failed_at_run_time(&marked), "a context on top keeps the mark");
        assert_eq!(format!("{marked:#}"), "cannot write 'tree.svg': no space left", "the mark says nothing");
    }

    #[test]
    fn the_engines_refused_memory_is_a_run_time_failure_through_contexts() {
        let refused: Result<(), _> = Err(abprune::EngineError::OutOfMemory { bytes: 1 << 30 });
        let refused = refused.map_err(anyhow::Error::msg).context("--table-mib").unwrap_err();
        assert!(failed_at_run_time(&refused));
        let invalid: Result<(), _> = Err(abprune::EngineError::InvalidOptions("threads 0".into()));
        assert!(!failed_at_run_time(&invalid.map_err(anyhow::Error::msg).unwrap_err()));
    }
}
