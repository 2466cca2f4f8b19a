//! `abprune bench gomoku-depth`: nodes and time to reach a depth on fixed
//! middle-game positions, for several engine settings side by side: how
//! the seed's move ordering is measured against plain board order.

use super::{format_line, BoardArgs, Player};
use abprune::SearchLimits;
use anyhow::{bail, Result};
use clap::Args;
use std::time::Duration;

/// Middle-game positions on 15x15 (freestyle), 10 to 12 stones from the
/// engine's self-play games: quiet (no side wins by force within the depth
/// searched) and busy enough that ordering matters.
pub const MIDDLE_GAMES: [&str; 8] = [
    "h8 i9 i8 g8 j7 h9 g9 j9 k9 i7",
    "h8 h9 i8 g8 i9 i7 j8 k8 g10 j10",
    "h8 i7 g7 i9 i8 j8 g9 g8 f8 h10 k7 e9",
    "f6 j10 h7 j6 f5 h8 f7 f8 g6 i8",
    "h7 h8 g6 i8 g8 i6 g7 g5 g10 g9 i7 j7",
    "g9 i6 j7 h6 j6 j5 i7 h8 h7 g7",
    "g10 g9 h9 h8 f10 i8 i10 h10 f7 g8 f8 f9",
    "h7 h10 h9 i8 f9 i9 g8 i6 e10 d11 i10 f7",
];

/// Options of `abprune bench gomoku-depth`.
#[derive(Args, Debug)]
pub struct DepthArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// The depth every search must complete.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// Engine settings to compare (switches as in `abprune match gomoku`),
    /// one per `--config`; the first is the reference of the ratios.
    #[arg(long = "config", default_values = ["order=seed,vcf=off", "order=board,vcf=off"])]
    configs: Vec<String>,
    /// Positions to use instead of the built-in ones, one move list each.
    #[arg(long = "position")]
    positions: Vec<String>,
}

/// Runs the comparison and prints a table: per position and setting, the
/// nodes and time to complete `--depth`, then the totals and ratios.
pub fn run(args: &DepthArgs) -> Result<()> {
    let positions: Vec<String> = if args.positions.is_empty() {
        MIDDLE_GAMES.iter().map(|s| s.to_string()).collect()
    } else {
        args.positions.clone()
    };
    let mut settings = Vec::new();
    for config in &args.configs {
        settings.push(super::settings_with(|_| {}, config, "--config", 1)?);
    }
    let limits = SearchLimits::none().with_depth(args.depth);
    let mut totals = vec![(0u64, Duration::ZERO); settings.len()];
    crate::output::outln!("depth {}; nodes and ms per setting: {}", args.depth, args.configs.join(" | "))?;
    for moves in &positions {
        let game = args.board.position(moves)?;
        let mut row = format!("{:<44}", moves);
        for (index, one) in settings.iter().enumerate() {
            let mut player = Player::new(one.clone())?;
            let Some(decision) = player.decide(&game, &limits, |_| {}) else { bail!("'{moves}': the game is over") };
            totals[index].0 += decision.nodes;
            totals[index].1 += decision.elapsed;
            row += &format!(
                " | {:>10} {:>7.0} {:<4}",
                decision.nodes,
                decision.elapsed.as_secs_f64() * 1e3,
                format_line(&decision.pv[..1])
            );
        }
        crate::output::outln!("{row}")?;
    }
    let (reference_nodes, reference_time) = totals[0];
    for (config, (nodes, time)) in args.configs.iter().zip(&totals) {
        crate::output::outln!(
            "{config:<32} total {nodes:>11} nodes {:>9.0} ms  nodes x{:.2}  time x{:.2}  ({:.0} nodes/s)",
            time.as_secs_f64() * 1e3,
            *nodes as f64 / reference_nodes.max(1) as f64,
            time.as_secs_f64() / reference_time.as_secs_f64().max(1e-9),
            *nodes as f64 / time.as_secs_f64().max(1e-9)
        )?;
    }
    Ok(())
}
