//! `abprune bench ...`: measurements with fixed inputs.

use crate::gomoku::{self, DepthArgs, TacticsArgs};
use anyhow::Result;
use clap::Subcommand;

/// The benchmarks.
#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Gomoku tactics: positions with their solving moves, each searched
    /// under a time limit; prints solved / total and the time.
    GomokuTactics(TacticsArgs),
    /// Gomoku: nodes and time to reach a depth on middle-game positions,
    /// for several engine settings side by side (move ordering).
    GomokuDepth(DepthArgs),
}

/// Runs `abprune bench ...`.
pub fn run(command: &BenchCommand) -> Result<()> {
    match command {
        BenchCommand::GomokuTactics(args) => gomoku::run_tactics(args),
        BenchCommand::GomokuDepth(args) => gomoku::run_depth(args),
    }
}
