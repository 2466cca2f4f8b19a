//! Table budgets against the machine's memory, as the CLI checks them
//! ([`abprune_front::memory`]), said the Python way: a budget beyond the
//! memory the system says is available is refused with a `ValueError`
//! before anything is allocated; a refusal by the allocator is a
//! `MemoryError`.

use abprune::EngineError;
use abprune_front::memory;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

/// Refuses a table of `table_mib` MiB (and a near-leaf table of
/// `near_table_kib` KiB) that the memory available cannot hold; `what`
/// names the setting, e.g. "Engine(table_mib=30000)".
pub fn check_table(what: &str, table_mib: usize, near_table_kib: usize) -> PyResult<()> {
    memory::check_bytes(memory::table_bytes(table_mib, near_table_kib))
        .map_err(|shortfall| PyValueError::new_err(format!("{what}: {shortfall}; give a smaller table_mib")))
}

/// The exception of a table the allocator refused.
pub fn refused(what: &str, error: &EngineError) -> PyErr {
    PyMemoryError::new_err(format!("{what}: {error}; give a smaller table_mib"))
}
