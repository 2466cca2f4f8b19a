//! The Gomoku commands: `solve gomoku`, `play gomoku`, `bench
//! gomoku-tactics`, `bench gomoku-wins`, `bench gomoku-depth` and `match
//! gomoku`, around one shared [`Player`] (`abprune gomocup` uses it too).

mod depth;
mod matches;
mod play;
mod solve;
mod tactics;
mod wins;

pub use abprune_games::gomoku::player::{Player, PlayerSettings, DEFAULT_TABLE_MIB};
pub use depth::{run as run_depth, DepthArgs};
pub use matches::{run as run_match, MatchArgs};
pub use play::{run as run_play, PlayArgs};
pub use solve::{run as run_solve, SolveArgs};
pub use tactics::{run as run_tactics, TacticsArgs};
pub use wins::{run as run_wins, WinsArgs};

use abprune_games::{Gomoku, Point, Rule};
use anyhow::Result;
use clap::Args;

/// Settings a Gomoku command takes on its command line.
#[derive(Args, Debug, Clone)]
pub struct BoardArgs {
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15)]
    pub size: usize,
    /// Winning rule: freestyle (five or more), standard (exactly five) or
    /// renju (black exactly five, and no double three, double four or
    /// overline; white five or more).
    #[arg(long, default_value = "freestyle", value_parser = parse_rule)]
    pub rule: Rule,
}

impl BoardArgs {
    /// The empty board these settings describe.
    pub fn board(&self) -> Result<Gomoku> {
        Gomoku::new(self.size, self.rule).map_err(anyhow::Error::msg)
    }

    /// The position after `moves` (the notation of [`Gomoku::from_moves`]).
    pub fn position(&self, moves: &str) -> Result<Gomoku> {
        Gomoku::from_moves(self.size, self.size, self.rule, moves).map_err(anyhow::Error::msg)
    }
}

/// The number of cores, the default thread count of the commands that
/// think on their own time.
pub fn available_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// Parses `freestyle`, `standard` or `renju`.
pub fn parse_rule(text: &str) -> Result<Rule, String> {
    Rule::parse(text).map_err(|error| error.to_string())
}

/// The settings of a player after the switches `switches` (given to
/// `option`), `base` being changed first; refused when `copies` players
/// with them at once would not fit in memory.
pub fn settings_with(
    base: impl FnOnce(&mut PlayerSettings),
    switches: &str,
    option: &str,
    copies: u64,
) -> Result<PlayerSettings> {
    let mut settings = PlayerSettings::default();
    base(&mut settings);
    settings.apply(switches).map_err(|error| anyhow::anyhow!("{option}: {error:#}"))?;
    crate::limits::check_tables(&settings.engine, copies, option)?;
    Ok(settings)
}

/// A move list in the game's notation.
pub fn format_line(line: &[Point]) -> String {
    line.iter().map(|&p| Gomoku::format_point(p)).collect::<Vec<_>>().join(" ")
}

/// A score as a player reads it, for `side` (who is to move where it was
/// searched): a proven result as such (`win in 7`), else the evaluation
/// with its scale, which the bare number (`-1202`) does not say.
pub fn score_text(score: abprune::Score, side: &str) -> String {
    if score.is_heuristic() {
        let units = f64::from(score.get()) / abprune_games::gomoku::eval::UNITS_PER_LOGIT;
        let percent = 100.0 / (1.0 + (-units).exp());
        format!("{score} evaluation points for {side}: about {percent:.0}% to win by the fitted evaluation")
    } else {
        format!("{score} for {side}")
    }
}
