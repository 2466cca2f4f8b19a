//! `abprune bench ...`: measurements with fixed inputs.

use crate::gomoku::{self, DepthArgs, TacticsArgs, WinsArgs};
use anyhow::Result;
use clap::Subcommand;

/// The benchmarks.
#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Gomoku tactics: positions with their solving moves, each searched
    /// under a time limit; prints solved / total and the time.
    GomokuTactics(TacticsArgs),
    /// Gomoku forced wins: positions the side to move wins by force, each
    /// searched until the win is proven or the time is up; prints the
    /// nodes to the proof for several engine settings side by side.
    GomokuWins(WinsArgs),
    /// Gomoku: nodes and time to reach a depth on middle-game positions,
    /// for several engine settings side by side (move ordering).
    GomokuDepth(DepthArgs),
    /// Connect Four: the plot of a solve's time and nodes by moves played,
    /// from the table of `scripts/connect4-cost-curve.sh`.
    Connect4Curve(crate::connect4::curve::CurveArgs),
}

/// Runs `abprune bench ...`.
pub fn run(command: &BenchCommand) -> Result<()> {
    match command {
        BenchCommand::GomokuTactics(args) => gomoku::run_tactics(args),
        BenchCommand::GomokuWins(args) => gomoku::run_wins(args),
        BenchCommand::GomokuDepth(args) => gomoku::run_depth(args),
        BenchCommand::Connect4Curve(args) => crate::connect4::curve::run(args),
    }
}
