//! Table budgets against the machine's memory, checked the same way by the
//! command line and the Python package before an engine is made.
//!
//! The library allocates its tables fallibly, but a system that overcommits
//! grants address space it cannot back: a table larger than the machine
//! would be met by the out-of-memory killer halfway through filling it, or,
//! refused, leave a search without one (slower by orders of magnitude,
//! silently). The memory the system says is available (`MemAvailable` of
//! `/proc/meminfo`) is the honest limit; a budget beyond it is refused
//! before anything is allocated, and each front end says so its own way
//! (an `error:` line, a `ValueError`).

use std::fmt;

/// Bytes in a MiB.
pub const MIB: u64 = 1 << 20;
/// Bytes in a KiB.
const KIB: u64 = 1 << 10;

/// The memory the system can give without swapping, in bytes; `None` where
/// it does not say (not Linux).
pub fn available_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    available_in(&meminfo)
}

/// `MemAvailable` of a `/proc/meminfo` text, in bytes.
fn available_in(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|line| line.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(KIB))
}

/// The bytes an engine's tables take with a main table of `table_mib` MiB
/// and a near-leaf table of `near_table_kib` KiB: none when `table_mib` is
/// 0, which turns both off.
pub fn table_bytes(table_mib: usize, near_table_kib: usize) -> u64 {
    if table_mib == 0 {
        return 0;
    }
    (table_mib as u64).saturating_mul(MIB).saturating_add((near_table_kib as u64).saturating_mul(KIB))
}

/// Refuses `needed` bytes when the system says it has fewer available
/// (where it does not say, nothing is refused).
///
/// # Errors
/// The [`Shortfall`], which says both sizes.
pub fn check_bytes(needed: u64) -> Result<(), Shortfall> {
    match available_bytes() {
        Some(available) => fits(needed, available),
        None => Ok(()),
    }
}

/// `needed` bytes against `available`.
fn fits(needed: u64, available: u64) -> Result<(), Shortfall> {
    if needed > available {
        return Err(Shortfall { needed, available });
    }
    Ok(())
}

/// Tables larger than the memory available.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// The bytes the tables need.
    pub needed: u64,
    /// The bytes the system has available.
    pub available: u64,
}

/// `the tables need N MiB and this machine has M MiB available` (the need
/// rounded up, the memory down).
impl fmt::Display for Shortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the tables need {} MiB and this machine has {} MiB available",
            self.needed.div_ceil(MIB),
            self.available / MIB
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mem_available_is_read_in_kib() {
        let meminfo = "MemTotal:       16000000 kB\nMemFree:  100 kB\nMemAvailable:    2048 kB\n";
        assert_eq!(available_in(meminfo), Some(2 * MIB));
        assert_eq!(available_in("MemTotal: 5 kB\n"), None);
        assert_eq!(available_in("MemAvailable: lots kB\n"), None);
    }

    #[test]
    fn no_main_table_means_no_tables() {
        assert_eq!(table_bytes(0, 1024), 0);
        assert_eq!(table_bytes(16, 1024), 17 * MIB);
        assert_eq!(table_bytes(usize::MAX, usize::MAX), u64::MAX);
    }

    #[test]
    fn a_shortfall_says_both_sizes_in_mib() {
        assert_eq!(fits(MIB, MIB), Ok(()));
        let shortfall = fits(MIB + 1, 3 * MIB - 1).and_then(|()| fits(3 * MIB + 1, 3 * MIB - 1));
        assert_eq!(shortfall, Err(Shortfall { needed: 3 * MIB + 1, available: 3 * MIB - 1 }));
        let text = shortfall.map_err(|shortfall| shortfall.to_string());
        assert_eq!(text, Err("the tables need 4 MiB and this machine has 2 MiB available".to_string()));
    }

    /// Where the machine says what it has, no machine has `u64::MAX`
    /// bytes; nothing is refused where it does not say.
    #[test]
    fn check_bytes_holds_to_the_memory_available() {
        assert_eq!(check_bytes(0), Ok(()));
        let refused = check_bytes(u64::MAX).map_err(|shortfall| shortfall.needed);
        assert_eq!(refused, if available_bytes().is_some() { Err(u64::MAX) } else { Ok(()) });
    }
}
