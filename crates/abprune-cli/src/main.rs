//! The `abprune` command: a thin dispatcher to one module per subcommand.

mod algo;
mod animate;
mod connect4;
mod lab;
mod solve;
mod svg;
mod tree;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// abprune: alpha-beta game-tree search, verified and measured.
#[derive(Parser, Debug)]
#[command(name = "abprune", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Search an explicit game tree (or the built-in textbook tree) and show
    /// the value, the principal variation, leaves, nodes and cut-offs.
    Tree(tree::TreeArgs),
    /// Solve a position of a real game exactly.
    #[command(subcommand)]
    Solve(solve::SolveCommand),
    /// Measure alpha-beta against the formulas on random trees and real games.
    Lab(lab::LabArgs),
}

/// Exit status for bad input of any kind (the same as clap's usage errors).
const EXIT_BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match &cli.command {
        Command::Tree(args) => tree::run(args),
        Command::Solve(command) => solve::run(command),
        Command::Lab(args) => lab::run(args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}
