//! Native searches with the GIL released that Ctrl-C still stops.
//!
//! Python runs signal handlers on the main thread only, and only when that
//! thread looks. So the search runs on a worker thread while the calling
//! thread waits for it and, between waits, asks Python whether a signal
//! came: on KeyboardInterrupt it raises the search's stop flag, waits for the
//! worker to return, and raises.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// How often the waiting thread looks for a signal: quick enough for a
/// person at the keyboard, rare enough to cost nothing.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a worker thread without the GIL; on a signal's exception
/// (KeyboardInterrupt) raises `stop`, waits for `work` and returns the exception.
pub fn run<T: Send>(py: Python<'_>, stop: &Arc<AtomicBool>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let (outcome, signal) = py.detach(|| {
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            let worker = scope.spawn(move || {
                let value = work();
                // The receiver outlives the worker (both live in this scope).
                let _ = sender.send(());
                value
            });
            let mut signal = None;
            loop {
                match receiver.recv_timeout(SIGNAL_POLL) {
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if signal.is_none() {
                            if let Err(error) = Python::attach(|py| py.check_signals()) {
                                stop.store(true, Ordering::Relaxed);
                                signal = Some(error);
                            }
                        }
                    }
                }
            }
            (worker.join(), signal)
        })
    });
    if let Some(error) = signal {
        return Err(error);
    }
    outcome.map_err(|_| PyRuntimeError::new_err("the search panicked (a bug in abprune: please report it)"))
}
