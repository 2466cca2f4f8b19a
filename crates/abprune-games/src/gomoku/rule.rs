//! The winning rule: which runs of stones win, for which player.
//!
//! The line tables of [`super::patterns`] are built from
//! [`Rule::wins_with_run`], per rule and per colour. Renju's forbidden points
//! for black (a double three, a double four or an overline) are not a
//! property of one line: module `renju` decides them, and the position keeps
//! them as a set ([`Rule::has_forbidden_points`] says when).

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
    /// The rule of the world championships and of Gomocup's renju league:
    /// black wins with exactly five, and may not make a double three, a
    /// double four or an overline (a five wins even if it makes one of
    /// those too); white wins with five or more and may play anywhere.
    Renju,
}

impl Rule {
    /// Every rule, in the order of the Gomocup protocol's rule numbers.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// `"freestyle"`, `"standard"` or `"renju"`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
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
            .ok_or_else(|| gomoku_error!("unknown rule '{wanted}' (the rules are freestyle, standard and renju)"))
    }

    /// True if a run of `length` stones of `player` in one line wins.
    #[inline]
    pub const fn wins_with_run(self, player: Player, length: usize) -> bool {
        match (self, player) {
            (Rule::Freestyle, _) | (Rule::Renju, Player::Second) => length >= 5,
            (Rule::Standard, _) | (Rule::Renju, Player::First) => length == 5,
        }
    }

    /// True when [`Rule::wins_with_run`] does not depend on the player (one
    /// line table serves both colours).
    #[inline]
    pub const fn treats_colours_alike(self) -> bool {
        match self {
            Rule::Freestyle | Rule::Standard => true,
            Rule::Renju => false,
        }
    }

    /// True when black has forbidden points (renju): the position then keeps
    /// them and never generates them.
    #[inline]
    pub const fn has_forbidden_points(self) -> bool {
        matches!(self, Rule::Renju)
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
        assert_eq!(Rule::parse("RENJU"), Ok(Rule::Renju));
        let error = Rule::parse("caro").unwrap_err();
        assert!(error.0.contains("unknown rule 'caro'") && error.0.contains("renju"), "{error}");
    }

    #[test]
    fn overlines_win_in_freestyle_and_for_white_in_renju() {
        for player in [Player::First, Player::Second] {
            assert!(!Rule::Freestyle.wins_with_run(player, 4));
            assert!(Rule::Freestyle.wins_with_run(player, 5));
            assert!(Rule::Freestyle.wins_with_run(player, 6));
            assert!(Rule::Standard.wins_with_run(player, 5));
            assert!(!Rule::Standard.wins_with_run(player, 6));
            assert!(!Rule::Standard.wins_with_run(player, 4));
        }
        assert!(Rule::Renju.wins_with_run(Player::First, 5) && !Rule::Renju.wins_with_run(Player::First, 6));
        assert!(Rule::Renju.wins_with_run(Player::Second, 5) && Rule::Renju.wins_with_run(Player::Second, 6));
        assert!(!Rule::Renju.treats_colours_alike() && Rule::Renju.has_forbidden_points());
        assert!(!Rule::Standard.has_forbidden_points());
    }
}
