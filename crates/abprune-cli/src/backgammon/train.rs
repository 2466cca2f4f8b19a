//! `abprune backgammon train`: the evaluation nets trained by TD(λ)
//! self-play ([`abprune_games::backgammon::selfplay`]), checkpointed, and
//! measured against pubeval as they go; and `abprune backgammon match`,
//! the nets' greedy player against pubeval on paired seeds.

use abprune_games::backgammon::net::Nets;
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
    let learning = Learning { alpha: args.alpha, lambda: args.lambda };
    eprintln!(
        "training {} hidden units, seed {}, alpha {}, lambda {}, from game {}",
        nets.contact.hidden, nets.seed, learning.alpha, learning.lambda, nets.games
    );
    let checkpoint_every = Duration::from_secs(args.checkpoint_seconds.max(1));
    let (mut last_checkpoint, mut last_report) = (Instant::now(), Instant::now());
    let (mut positions, mut error, mut since_report) = (0usize, 0.0f64, 0u64);
    while args.games.map_or(true, |games| nets.games < games) {
        let number = nets.games;
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
                "games {} rate {rate:.1}/s td-error {:.5} vs pubeval {:+.3} ±{:.3} ({} games)",
                nets.games,
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
