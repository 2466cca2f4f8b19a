//! `abprune backgammon train`: the evaluation nets trained by TD(λ)
//! self-play ([`abprune_games::backgammon::selfplay`]), checkpointed, and
//! measured against pubeval as they go; and `abprune backgammon match`,
//! the nets' greedy player against pubeval on paired seeds.

use abprune_games::backgammon::net::Nets;
use abprune_games::backgammon::player;
use abprune_games::backgammon::selfplay::{self, Learning, NetPlayer, PubevalPlayer};
use abprune_games::backgammon::weights::{self, MAX_HIDDEN};
use anyhow::{anyhow, bail, Result};
use clap::Args;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Options of `abprune backgammon train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// The weights file: the checkpoint, rewritten atomically as training goes.
    #[arg(long)]
    out: PathBuf,
    /// The seed of the self-play games' dice and of the first weights.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Go on from the checkpoint in --out (its seed and size; the games it
    /// played are not played again).
    #[arg(long)]
    resume: bool,
    /// Stop once the nets have trained on this many games in all (default: never).
    #[arg(long)]
    games: Option<u64>,
    /// Hidden units of each net (a new training only).
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// The gradient step.
    #[arg(long, default_value_t = 0.1)]
    alpha: f32,
    /// Games over which the step halves (default: a constant step): the
    /// step of game g is alpha × 0.5^(g / halflife), at least --alpha-min.
    /// Give it again on --resume (the file keeps the games, not the schedule).
    #[arg(long)]
    alpha_halflife: Option<u64>,
    /// The smallest step of the schedule.
    #[arg(long, default_value_t = 0.005)]
    alpha_min: f32,
    /// TD's λ (0: from the next position; 1: from the result).
    #[arg(long, default_value_t = 0.0)]
    lambda: f32,
    /// Games between progress lines (each with a match against pubeval).
    #[arg(long, default_value_t = 5000)]
    report: u64,
    /// Seeds of the progress line's match against pubeval (two games each).
    #[arg(long, default_value_t = 250)]
    eval_pairs: u64,
    /// Seconds between checkpoints.
    #[arg(long, default_value_t = 300)]
    checkpoint_seconds: u64,
}

/// Options of `abprune backgammon match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The weights file of the nets.
    #[arg(long)]
    weights: PathBuf,
    /// Seeds played, each twice with the colours swapped.
    #[arg(long, default_value_t = 5000)]
    pairs: u64,
    /// The first seed.
    #[arg(long, default_value_t = 0)]
    first_seed: u64,
}

/// Options of `abprune backgammon bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The weights file of the nets (default: the shipped nets).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Passes over the positions.
    #[arg(long, default_value_t = 20)]
    passes: u32,
}

/// Runs `bench`: the nets' evaluations a second over the positions (before
/// each roll) of 100 seeded pubeval games, contact and race (the bear-off
/// database aside), with the sum of the equities as a check that the
/// same work was done.
pub fn bench(args: &BenchArgs) -> Result<()> {
    if args.passes == 0 {
        bail!("invalid --passes 0: give at least 1");
    }
    let nets = match &args.weights {
        Some(path) => weights::load(path).map_err(|error| anyhow!(error))?,
        None => (*player::shipped_nets().map_err(|error| anyhow!(error))?).clone(),
    };
    let mut positions = Vec::new();
    for number in 0..100 {
        let mut rng = selfplay::game_rng(12_345, number);
        selfplay::play_game([&PubevalPlayer, &PubevalPlayer], &mut rng, |board, side| positions.push((*board, side)));
    }
    let start = Instant::now();
    let mut total = 0.0f64;
    for _ in 0..args.passes {
        for (board, side) in &positions {
            total += f64::from(nets.net_outputs(board, *side).equity());
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    let evaluations = positions.len() as f64 * f64::from(args.passes);
    crate::output::outln!(
        "{evaluations} evaluations ({} positions x {}) of {} hidden units in {elapsed:.3} s: {:.0} a second, {:.2} us each; equity sum {total:.3}",
        positions.len(),
        args.passes,
        nets.contact.hidden,
        evaluations / elapsed,
        1e6 * elapsed / evaluations
    )?;
    Ok(())
}

/// Runs `train`.
pub fn train(args: &TrainArgs) -> Result<()> {
    if !(args.alpha.is_finite() && args.alpha > 0.0 && args.alpha <= 10.0) {
        bail!("invalid --alpha {}: give a step above 0, at most 10", args.alpha);
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        bail!("invalid --lambda {}: give 0 to 1", args.lambda);
    }
    if !(1..=MAX_HIDDEN).contains(&args.hidden) {
        bail!("invalid --hidden {}: give 1 to {MAX_HIDDEN}", args.hidden);
    }
    if args.report == 0 {
        bail!("invalid --report 0: give at least 1 game");
    }
    let mut nets = if args.resume {
        weights::load(&args.out).map_err(|error| anyhow!("cannot resume: {error}"))?
    } else {
        if args.out.exists() {
            bail!("{} exists: give --resume to go on with it, or another --out", args.out.display());
        }
        Nets::random(args.hidden, args.seed)
    };
    if args.alpha_halflife == Some(0) || !(args.alpha_min.is_finite() && args.alpha_min > 0.0) {
        bail!("invalid --alpha-halflife 0 or --alpha-min {}: give games above 0 and a step above 0", args.alpha_min);
    }
    let step = |games: u64| match args.alpha_halflife {
        None => args.alpha,
        Some(halflife) => (args.alpha * 0.5f32.powf(games as f32 / halflife as f32)).max(args.alpha_min),
    };
    let mut learning = Learning { alpha: step(nets.games), lambda: args.lambda };
    eprintln!(
        "training {} hidden units, seed {}, alpha {} (halflife {:?} games), lambda {}, from game {}",
        nets.contact.hidden, nets.seed, learning.alpha, args.alpha_halflife, learning.lambda, nets.games
    );
    let checkpoint_every = Duration::from_secs(args.checkpoint_seconds.max(1));
    let (mut last_checkpoint, mut last_report) = (Instant::now(), Instant::now());
    let (mut positions, mut error, mut since_report) = (0usize, 0.0f64, 0u64);
    while args.games.map_or(true, |games| nets.games < games) {
        let number = nets.games;
        learning.alpha = step(number);
        let (learned, squared) = selfplay::train_game(&mut nets, number, learning);
        if learned == 0 {
            // Abandoned: skip its number so a resumed run does not meet it again.
            nets.games += 1;
        }
        positions += learned;
        error += f64::from(squared);
        since_report += 1;
        if since_report == args.report {
            let rate = since_report as f64 / last_report.elapsed().as_secs_f64();
            let score = selfplay::paired_match(&NetPlayer(&nets), &PubevalPlayer, 0..args.eval_pairs);
            eprintln!(
                "games {} rate {rate:.1}/s alpha {:.4} td-error {:.5} vs pubeval {:+.3} ±{:.3} ({} games)",
                nets.games,
                learning.alpha,
                error / positions.max(1) as f64,
                score.per_game(),
                score.interval(),
                score.games
            );
            (positions, error, since_report, last_report) = (0, 0.0, 0, Instant::now());
        }
        if last_checkpoint.elapsed() >= checkpoint_every {
            weights::save(&nets, &args.out).map_err(|error| anyhow!(error))?;
            last_checkpoint = Instant::now();
        }
    }
    weights::save(&nets, &args.out).map_err(|error| anyhow!(error))?;
    eprintln!("saved {} after {} games", args.out.display(), nets.games);
    Ok(())
}

/// Runs `match`: the nets' greedy play against pubeval's, a line of
/// `GAMES POINTS_A_GAME INTERVAL`.
pub fn run_match(args: &MatchArgs) -> Result<()> {
    if args.pairs == 0 {
        bail!("invalid --pairs 0: give at least 1");
    }
    let nets = weights::load(&args.weights).map_err(|error| anyhow!(error))?;
    let seeds = args.first_seed..args.first_seed.saturating_add(args.pairs);
    let score = selfplay::paired_match(&NetPlayer(&nets), &PubevalPlayer, seeds);
    crate::output::outln!(
        "games {}\tpoints a game {:+.4}\t95% interval ±{:.4}\t(nets of {} games, seeds {}..{})",
        score.games,
        score.per_game(),
        score.interval(),
        nets.games,
        args.first_seed,
        args.first_seed.saturating_add(args.pairs)
    )?;
    Ok(())
}
