//! The winning rule: which runs of stones win, for which player.
//!
//! Everything rule-dependent goes through [`Rule::wins_with_run`] (the line
//! tables of [`super::patterns`] are built from it, per rule and per colour)
//! and [`Rule::forbids`] (move legality per player). Renju would add a
//! variant that answers them differently for black (an overline does not win
//! and is forbidden; so are double threes and double fours), plus its own
//! line tables; nothing else needs to change.

use super::{gomoku_error, GomokuError};
use abprune::Player;

/// The winning rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five in a row wins; an overline (six or more) does not, and
    /// it is not a five or a four for the threat logic either.
    Standard,
}

impl Rule {
    /// Every rule, in the order of the Gomocup protocol's rule numbers.
    pub const ALL: [Rule; 2] = [Rule::Freestyle, Rule::Standard];

    /// `"freestyle"` or `"standard"`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
        }
    }

    /// The rule named `text` (case-insensitive, whitespace trimmed).
    ///
    /// # Errors
    /// Names the text and the rules there are.
    pub fn parse(text: &str) -> Result<Rule, GomokuError> {
        let wanted = text.trim();
        Rule::ALL
            .into_iter()
            .find(|rule| rule.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| gomoku_error!("unknown rule '{wanted}' (the rules are freestyle and standard)"))
    }

    /// True if a run of `length` stones of `player` in one line wins.
    #[inline]
    pub const fn wins_with_run(self, player: Player, length: usize) -> bool {
        let _ = player; // both rules treat the colours alike
        match self {
            Rule::Freestyle => length >= 5,
            Rule::Standard => length == 5,
        }
    }

    /// True when [`Rule::wins_with_run`] and [`Rule::forbids`] do not depend
    /// on the player (one line table serves both colours).
    #[inline]
    pub const fn treats_colours_alike(self) -> bool {
        match self {
            Rule::Freestyle | Rule::Standard => true,
        }
    }

    /// Whether `player` may not play a point whose lines have the given
    /// shapes. Neither rule forbids anything; Renju's forbidden points for
    /// black (overline, double three, double four) would be decided here.
    #[inline]
    pub const fn forbids(self, player: Player, shapes: &[super::Shape; 4]) -> bool {
        let _ = (player, shapes);
        false
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Rule {
    type Err = GomokuError;
    fn from_str(text: &str) -> Result<Rule, GomokuError> {
        Rule::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for rule in Rule::ALL {
            assert_eq!(Rule::parse(rule.name()), Ok(rule));
        }
        assert_eq!(Rule::parse(" Standard "), Ok(Rule::Standard));
        let error = Rule::parse("renju").unwrap_err();
        assert!(error.0.contains("unknown rule 'renju'"), "{error}");
    }

    #[test]
    fn overlines_win_only_in_freestyle() {
        for player in [Player::First, Player::Second] {
            assert!(!Rule::Freestyle.wins_with_run(player, 4));
            assert!(Rule::Freestyle.wins_with_run(player, 5));
            assert!(Rule::Freestyle.wins_with_run(player, 6));
            assert!(Rule::Standard.wins_with_run(player, 5));
            assert!(!Rule::Standard.wins_with_run(player, 6));
            assert!(!Rule::Standard.wins_with_run(player, 4));
        }
    }
}
