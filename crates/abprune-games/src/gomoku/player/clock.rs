//! How long the player may think about one move under a match clock.
//!
//! A match manager (Gomocup's protocol) gives a limit per turn (`timeout_turn`), a limit for the
//! whole match (`timeout_match`) and the match time left (`time_left`), all
//! in milliseconds. The player answers within both, keeping a margin for the
//! answer to travel and for the engine to notice its limit (it looks at the
//! clock every thousand nodes or so).

use std::time::Duration;

/// The time per turn when the manager sends no `timeout_turn`: Gomocup's
/// usual tournament setting.
pub const DEFAULT_TURN: Duration = Duration::from_secs(5);
/// `timeout_turn 0` asks for play "as fast as possible": this long.
pub const FASTEST_TURN: Duration = Duration::from_millis(20);
/// The fraction of each limit kept in reserve.
pub const MARGIN_FRACTION: f64 = 0.1;
/// The smallest reserve, whatever the limit.
pub const MIN_MARGIN: Duration = Duration::from_millis(30);
/// How many more moves the match time is shared among, at most: the
/// share is the *soft* budget, which a stable search keeps to.
pub const MOVES_TO_GO: u32 = 14;
/// The *hard* budget is at most this fraction of the match time left: what
/// a critical move (the best move changing, the value falling) may take.
pub const HARD_SHARE_DIVISOR: u32 = 4;
/// The shortest thinking time ever given: enough to search a ply or two.
pub const MIN_THINK: Duration = Duration::from_millis(5);

/// The time limits the manager announced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `timeout_turn`, if sent.
    pub turn: Option<Duration>,
    /// `timeout_match`, if sent (zero: no match limit).
    pub match_total: Option<Duration>,
    /// `time_left`, if sent.
    pub left: Option<Duration>,
}

/// How long one move may take: the search stops at `hard` whatever
/// happens, and starts no new iteration past about half of `soft` unless
/// the move is critical (see [`super::Player::decide_timed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The time a stable search keeps to.
    pub soft: Duration,
    /// The time no search exceeds.
    pub hard: Duration,
}

impl TimeControl {
    /// How long to think about the next move, `moves_left` being an
    /// estimate of the moves this side still has to play. Both budgets
    /// stay within the turn limit and the match time left, with a margin.
    pub fn budget(&self, moves_left: u32) -> Budget {
        let turn = match self.turn {
            None => DEFAULT_TURN,
            Some(Duration::ZERO) => FASTEST_TURN,
            Some(turn) => turn,
        };
        let mut hard = without_margin(turn);
        let mut soft = hard;
        let match_limited = self.match_total.is_some_and(|total| !total.is_zero());
        if let (true, Some(left)) = (match_limited, self.left) {
            let share = left / moves_left.clamp(1, MOVES_TO_GO);
            hard = hard.min(without_margin(left / HARD_SHARE_DIVISOR)).min(without_margin(left));
            soft = without_margin(share).min(hard);
        }
        Budget { soft: soft.max(MIN_THINK), hard: hard.max(MIN_THINK) }
    }
}

/// `limit` less the reserve.
fn without_margin(limit: Duration) -> Duration {
    let margin = limit.mul_f64(MARGIN_FRACTION).max(MIN_MARGIN);
    limit.saturating_sub(margin)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn the_budget_respects_every_limit_with_a_margin() {
        let both = |soft, hard| Budget { soft: MS(soft), hard: MS(hard) };
        assert_eq!(TimeControl::default().budget(50), both(4500, 4500));
        let turn = TimeControl { turn: Some(MS(1000)), ..Default::default() };
        assert_eq!(turn.budget(50), both(900, 900));
        let fast = TimeControl { turn: Some(Duration::ZERO), ..Default::default() };
        assert_eq!(fast.budget(50), Budget { soft: MIN_THINK, hard: MIN_THINK });
        // 14 s left of a match: a fourteenth of it soft, a quarter hard, less the margins.
        let tight = TimeControl { turn: Some(MS(5000)), match_total: Some(MS(180_000)), left: Some(MS(14_000)) };
        assert_eq!(tight.budget(100), both(900, 3150));
        // The turn limit caps both.
        let turn_capped = TimeControl { turn: Some(MS(1000)), match_total: Some(MS(180_000)), left: Some(MS(100_000)) };
        assert_eq!(turn_capped.budget(100), both(900, 900));
        // No match limit: time_left means nothing.
        let free = TimeControl { turn: Some(MS(5000)), match_total: Some(Duration::ZERO), left: Some(MS(10)) };
        assert_eq!(free.budget(100), both(4500, 4500));
        // Almost out of time: still a few milliseconds, never a negative budget.
        let out = TimeControl { turn: Some(MS(5000)), match_total: Some(MS(1000)), left: Some(MS(20)) };
        assert_eq!(out.budget(1), Budget { soft: MIN_THINK, hard: MIN_THINK });
    }
}
