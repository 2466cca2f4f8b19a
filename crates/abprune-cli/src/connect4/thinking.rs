//! Showing that the solver is thinking: a hard position takes seconds
//! (`analyze connect4 4453`: about 15 s on 2 cores before the bounds were
//! shared), and silence for that long looks like a hang.
//!
//! A line on standard error, redrawn in place, says which column is being
//! proven and the bounds proven so far. It appears only after
//! [`QUIET_FOR`] (a quick answer prints nothing but itself) and only when
//! standard error is a terminal (indicatif draws nothing otherwise), and it
//! is cleared before the answer is printed.

use abprune_front::outcome_word;
use abprune_games::connect4::solver::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::{Duration, Instant};

/// How long a question runs before the line appears.
pub const QUIET_FOR: Duration = Duration::from_millis(500);

/// How often the spinner turns while the line is shown.
const TICK: Duration = Duration::from_millis(120);

/// The line on standard error while the solver thinks.
pub struct Thinking {
    bar: ProgressBar,
    started: Instant,
    shown: bool,
    weak: bool,
}

impl Thinking {
    /// A line for a question starting now (`weak`: scores are -1 to 1).
    pub fn start(weak: bool) -> Self {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg}").unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        Thinking { bar, started: Instant::now(), shown: false, weak }
    }

    /// What the solver reports; drawn once the question has run [`QUIET_FOR`].
    pub fn update(&mut self, progress: &Progress) {
        if !self.shown && self.started.elapsed() < QUIET_FOR {
            return;
        }
        if !self.shown {
            self.shown = true;
            self.bar.enable_steady_tick(TICK);
        }
        self.bar.set_message(describe(progress, self.weak));
    }

    /// Clears the line (before the answer is printed).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The line's text: what is being proven and what is known of it.
pub fn describe(progress: &Progress, weak: bool) -> String {
    let what = match progress.column {
        Some(col) => format!("column {}", col + 1),
        None => "the position".to_string(),
    };
    let bound = |score: i32| if weak { outcome_word(score.signum()).to_string() } else { score.to_string() };
    let known = if progress.low == progress.high {
        format!("score {}", bound(progress.low))
    } else {
        format!("score between {} and {} so far", bound(progress.low), bound(progress.high))
    };
    format!("thinking: {what}: {known} ({} nodes)", progress.nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_column_and_the_bounds() {
        let progress = Progress { column: Some(2), low: -5, high: -2, nodes: 1234 };
        assert_eq!(describe(&progress, false), "thinking: column 3: score between -5 and -2 so far (1234 nodes)");
        let progress = Progress { column: None, low: -1, high: 1, nodes: 0 };
        assert_eq!(describe(&progress, true), "thinking: the position: score between loss and win so far (0 nodes)");
    }
}
