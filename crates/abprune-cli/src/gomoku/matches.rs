//! `abprune match gomoku`: the engine against a variant of itself, so that
//! a change is judged by results.
//!
//! Each opening (a few random stones near the centre, from a seed) is
//! played twice with the colours swapped, so that neither side profits from
//! a lopsided opening. With a node limit (the default) every game is
//! reproducible and games run in parallel; with `--time` they run one by one.

use super::{BoardArgs, Player, PlayerSettings};
use crate::status::AtRunTime as _;
use abprune::{Game, Player as Side, SearchLimits};
use abprune_games::{Gomoku, Point};
use anyhow::{bail, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::time::Duration;

/// Nodes per move when neither `--nodes` nor `--time` is given.
pub const DEFAULT_NODES: u64 = 20_000;
/// Half-width of the square around the centre the opening stones fall in.
const OPENING_RADIUS: i64 = 2;

/// Options of `abprune match gomoku`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Number of games (rounded up to an even number: each opening twice).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Nodes per move for both sides (reproducible; the default, 20000).
    #[arg(long, conflicts_with = "time", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Time per move for both sides instead of nodes.
    #[arg(long, value_parser = crate::limits::parse_duration)]
    time: Option<Duration>,
    /// Switches of the challenger, comma-separated: order=seed|board,
    /// vcf=on|off, quiescence=on|off, killers=on|off, history=on|off, table=MiB.
    #[arg(long, default_value = "")]
    challenger: String,
    /// Switches of the baseline (same syntax; empty: the default engine).
    #[arg(long, default_value = "")]
    baseline: String,
    /// Stones in each random opening.
    #[arg(long, default_value_t = 3)]
    opening_stones: usize,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print every game's moves.
    #[arg(long)]
    verbose: bool,
}

/// The moves of a typical game, for the estimate of a match's cost: the
/// self-play games of the default settings last 30 to 80 plies.
const TYPICAL_GAME_PLIES: u64 = 60;
/// The most nodes a match may be expected to search: about a day on one
/// core at the engine's usual 1 to 2 million nodes a second. Beyond it a
/// typo (`--games 1000000000`), not a plan.
const MAX_MATCH_NODES: f64 = 1e11;

/// Refuses a match expected to run for longer than a day of nodes or
/// [`crate::limits::MAX_RUN_TIME`], with the estimate.
fn check_size(args: &MatchArgs, limits: &SearchLimits) -> Result<()> {
    let games = u64::from(args.games.div_ceil(2)) * 2;
    let moves = games * TYPICAL_GAME_PLIES;
    if let Some(time) = limits.time {
        let estimate = time.as_secs_f64() * moves as f64;
        if estimate > crate::limits::MAX_RUN_TIME.as_secs_f64() {
            bail!(
                "a match of {games} games at {} a move takes about {:.1e} hours (about {TYPICAL_GAME_PLIES} moves a game); \
                 the limit is {} hours: play fewer games or think less",
                humantime::format_duration(time),
                estimate / 3600.0,
                crate::limits::MAX_RUN_TIME.as_secs() / 3600
            );
        }
    }
    if let Some(nodes) = limits.nodes {
        let estimate = nodes as f64 * moves as f64;
        if estimate > MAX_MATCH_NODES {
            bail!(
                "a match of {games} games at {nodes} nodes a move searches about {estimate:.1e} nodes \
                 (about {TYPICAL_GAME_PLIES} moves a game); the limit is {MAX_MATCH_NODES:.0e}: play fewer games or search less"
            );
        }
    }
    Ok(())
}

/// How one game ended, for the challenger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Loss,
    Draw,
}

/// Runs the match and prints the score.
pub fn run(args: &MatchArgs) -> Result<()> {
    if args.opening_stones >= 9 {
        bail!("--opening-stones must be below 9 (they fall in the 5x5 centre)");
    }
    let limits = match (args.nodes, args.time) {
        (_, Some(time)) => SearchLimits::none().with_time(time),
        (nodes, None) => SearchLimits::none().with_nodes(nodes.unwrap_or(DEFAULT_NODES)),
    };
    check_size(args, &limits)?;
    // Games run side by side, each with its two players' tables.
    let side_by_side = if args.time.is_none() { rayon::current_num_threads() as u64 } else { 1 };
    let challenger = super::settings_with(|_| {}, &args.challenger, "--challenger", side_by_side)?;
    let baseline = super::settings_with(|_| {}, &args.baseline, "--baseline", side_by_side)?;
    crate::limits::check_bytes(
        (crate::limits::table_bytes(&challenger.engine) + crate::limits::table_bytes(&baseline.engine))
            .saturating_mul(side_by_side),
        "--challenger and --baseline",
    )?;
    let pairs = args.games.div_ceil(2);
    let openings: Vec<Vec<Point>> = {
        let empty = args.board.board()?;
        let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
        (0..pairs).map(|_| random_opening(&empty, args.opening_stones, &mut rng)).collect()
    };
    let games: Vec<(usize, bool)> = (0..openings.len()).flat_map(|i| [(i, true), (i, false)]).collect();
    let progress = ProgressBar::new(games.len() as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let play = |&(opening, challenger_black): &(usize, bool)| -> Result<(Result3, String)> {
        let outcome = play_game(&args.board, &openings[opening], &challenger, &baseline, challenger_black, &limits);
        progress.inc(1);
        outcome
    };
    let results: Vec<Result<(Result3, String)>> = if limits.is_deterministic() && args.time.is_none() {
        games.par_iter().map(play).collect()
    } else {
        games.iter().map(play).collect()
    };
    progress.finish_and_clear();
    let (mut wins, mut losses, mut draws) = (0u32, 0u32, 0u32);
    for ((opening, challenger_black), result) in games.iter().zip(results) {
        let (outcome, moves) = result?;
        match outcome {
            Result3::Win => wins += 1,
            Result3::Loss => losses += 1,
            Result3::Draw => draws += 1,
        }
        if args.verbose {
            let colour = if *challenger_black { "black" } else { "white" };
            crate::output::outln!("opening {opening:>3} challenger {colour}: {outcome:?}  {moves}")?;
        }
    }
    print_score(args, wins, losses, draws)?;
    Ok(())
}

/// `stones` random distinct points near the centre, alternating colours,
/// that decide nothing yet.
fn random_opening(empty: &Gomoku, stones: usize, rng: &mut ChaCha8Rng) -> Vec<Point> {
    let (cx, cy) = ((empty.width() / 2) as i64, (empty.height() / 2) as i64);
    let mut line = Vec::new();
    while line.len() < stones {
        let x = cx + rng.random_range(-OPENING_RADIUS..=OPENING_RADIUS);
        let y = cy + rng.random_range(-OPENING_RADIUS..=OPENING_RADIUS);
        if !empty.contains(x, y) {
            continue;
        }
        let point = Point { x: x as u8, y: y as u8 };
        if !line.contains(&point) {
            line.push(point);
        }
    }
    line
}

/// One game from `opening`; the result is the challenger's.
fn play_game(
    board: &BoardArgs,
    opening: &[Point],
    challenger: &PlayerSettings,
    baseline: &PlayerSettings,
    challenger_black: bool,
    limits: &SearchLimits,
) -> Result<(Result3, String)> {
    let mut game = board.board()?;
    for &point in opening {
        game.try_play(point).map_err(anyhow::Error::msg)?;
    }
    let mut first = Player::new(if challenger_black { challenger.clone() } else { baseline.clone() })?;
    let mut second = Player::new(if challenger_black { baseline.clone() } else { challenger.clone() })?;
    while !game.is_over() {
        let player = if game.side_to_move() == Side::First { &mut first } else { &mut second };
        let Some(decision) = player.decide(&game, limits, |_| {}) else { break };
        game.try_play(decision.mv)
            .map_err(|error| anyhow::anyhow!("an engine chose an illegal move: {error}"))
            .at_run_time()?;
    }
    let challenger_side = if challenger_black { Side::First } else { Side::Second };
    let outcome = match game.winner() {
        Some(side) if side == challenger_side => Result3::Win,
        Some(_) => Result3::Loss,
        None => Result3::Draw,
    };
    Ok((outcome, super::format_line(game.history())))
}

/// The score, the challenger's share of points and the Elo difference it
/// implies, with a 95% interval from the games' spread.
fn print_score(args: &MatchArgs, wins: u32, losses: u32, draws: u32) -> std::io::Result<()> {
    let games = f64::from(wins + losses + draws);
    let share = (f64::from(wins) + 0.5 * f64::from(draws)) / games;
    let variance = (f64::from(wins) * (1.0 - share).powi(2)
        + f64::from(losses) * share.powi(2)
        + f64::from(draws) * (0.5 - share).powi(2))
        / games;
    let margin = 1.96 * (variance / games).sqrt();
    let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    let name = |switches: &str| if switches.is_empty() { "default".to_string() } else { switches.to_string() };
    crate::output::outln!(
        "challenger ({}) vs baseline ({}): +{wins} -{losses} ={draws} in {} games: {:.1}% ± {:.1}%, Elo {:+.0} [{:+.0}, {:+.0}]",
        name(&args.challenger),
        name(&args.baseline),
        wins + losses + draws,
        share * 100.0,
        margin * 100.0,
        elo(share),
        elo(share - margin),
        elo(share + margin)
    )
}
