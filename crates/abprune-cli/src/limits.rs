//! The limits the commands share: memory, threads, whole numbers.
//!
//! Memory: a table larger than the machine is refused with an `error:`
//! line, not met by the system's out-of-memory killer halfway through
//! filling it (the check is [`abprune_front::memory`]'s, shared with the
//! Python package).

use abprune::EngineOptions;
use abprune_front::memory;
use anyhow::{anyhow, Result};
use std::str::FromStr;
use std::time::Duration;

/// The most threads any command starts for one search or one experiment:
/// the engine's limit ([`abprune::engine::MAX_THREADS`]).
pub const MAX_THREADS: usize = abprune::engine::MAX_THREADS;

/// The longest a whole run may be bounded by (a match, a benchmark
/// suite): beyond this a typo, not a plan.
pub const MAX_RUN_TIME: Duration = Duration::from_secs(7 * 24 * 3600);

/// Parses a whole number of type `T`, telling a number out of `T`'s range
/// from text that is not a number at all.
///
/// # Errors
/// `'TEXT' is not a whole number` or `'TEXT' is out of range`.
pub fn whole_number<T: FromStr>(text: &str) -> Result<T, String> {
    let text = text.trim();
    text.parse().map_err(|_| {
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        let quoted = crate::quote::excerpt(text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            format!("'{quoted}' is out of range")
        } else {
            format!("'{quoted}' is not a whole number")
        }
    })
}

/// Parses a duration for `--time`, one syntax in every command: a
/// duration as humantime reads it (`2s`, `500ms`, `1m30s`), or a bare
/// number of seconds (`1.5`, as the scripts pass).
///
/// # Errors
/// `'TEXT' is not a duration (...)`, saying both forms.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let trimmed = text.trim();
    let quoted = crate::quote::excerpt(text);
    if let Ok(seconds) = trimmed.parse::<f64>() {
        return Duration::try_from_secs_f64(seconds)
            .map_err(|_| format!("'{quoted}' is not a duration: seconds are a number from 0 up, such as 1.5"));
    }
    humantime::parse_duration(trimmed)
        .map_err(|error| format!("'{quoted}' is not a duration ({error}): give e.g. 2s, 500ms, 1m30s or 1.5 (seconds)"))
}

/// Parses a thread count for `--threads`: 1 to [`MAX_THREADS`].
///
/// # Errors
/// When the text is not a number in that range.
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match whole_number::<u64>(text) {
        Ok(threads) if (1..=MAX_THREADS as u64).contains(&threads) => Ok(threads as usize),
        Ok(_) => Err(format!("{} threads: the range is 1 to {MAX_THREADS}", text.trim())),
        Err(error) => Err(format!("{error}: threads are 1 to {MAX_THREADS}")),
    }
}

/// The bytes the tables of an engine with `options` take.
pub fn table_bytes(options: &EngineOptions) -> u64 {
    memory::table_bytes(options.table.mib, options.table.near_kib)
}

/// Refuses `copies` engines with `options` at once when their tables do
/// not fit in the memory available; `what` names the setting.
pub fn check_tables(options: &EngineOptions, copies: u64, what: &str) -> Result<()> {
    let needed = table_bytes(options).saturating_mul(copies.max(1));
    check_bytes(needed, what)
}

/// Refuses `needed` bytes when the system has fewer available.
pub fn check_bytes(needed: u64, what: &str) -> Result<()> {
    memory::check_bytes(needed).map_err(|shortfall| anyhow!("{what}: {shortfall}; give a smaller table"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_one_way_everywhere() {
        assert_eq!(parse_duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration(" 1.5 "), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("1"), Ok(Duration::from_secs(1)));
        for bad in ["soon", "-1", "NaN", "inf", "2 parsecs", ""] {
            let error = parse_duration(bad).unwrap_err();
            assert!(error.contains("is not a duration"), "{bad}: {error}");
        }
    }
}
