//! Table budgets against the machine's memory, as the CLI checks them.
//!
//! The library allocates its tables fallibly, but a system that overcommits
//! grants address space it cannot back, and a table that cannot be had
//! leaves a search without one (slower by orders of magnitude, silently).
//! A budget beyond the memory the system says is available (`MemAvailable`
//! of `/proc/meminfo`) is refused with a `ValueError` before anything is
//! allocated; a refusal by the allocator is a `MemoryError`.

use abprune::EngineError;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

const MIB: u64 = 1 << 20;

/// The memory the system can give without swapping, in bytes; `None` where
/// it does not say (not Linux).
pub fn available_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|line| line.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// Refuses a table of `table_mib` MiB (and a near-leaf table of
/// `near_table_kib` KiB) that the memory available cannot hold; `what`
/// names the setting, e.g. "Engine(table_mib=30000)".
pub fn check_table(what: &str, table_mib: usize, near_table_kib: usize) -> PyResult<()> {
    if table_mib == 0 {
        return Ok(());
    }
    let needed = (table_mib as u64).saturating_mul(MIB).saturating_add((near_table_kib as u64).saturating_mul(1024));
    if let Some(available) = available_bytes() {
        if needed > available {
            return Err(PyValueError::new_err(format!(
                "{what}: the table needs {} MiB and this machine has {} MiB available; give a smaller table_mib",
                needed.div_ceil(MIB),
                available / MIB
            )));
        }
    }
    Ok(())
}

/// The exception of a table the allocator refused.
pub fn refused(what: &str, error: &EngineError) -> PyErr {
    PyMemoryError::new_err(format!("{what}: {error}; give a smaller table_mib"))
}
