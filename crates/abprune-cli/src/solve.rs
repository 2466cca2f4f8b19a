//! `abprune solve GAME`: exact values of real games' positions.

use abprune::algorithm::{Algorithm, Window};
use abprune::{NoTrace, Score, UNLIMITED_DEPTH};
use abprune_games::TicTacToe;
use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use std::time::Instant;

/// The games `abprune solve` knows.
#[derive(Subcommand, Debug)]
pub enum SolveCommand {
    /// Solve a tic-tac-toe position with every algorithm (or those chosen) and
    /// compare their node counts.
    Tictactoe(TicTacToeArgs),
    /// Solve Connect Four positions exactly (7x6; moves as 1-based columns).
    Connect4(crate::connect4::Connect4Args),
    /// The engine's move in a Gomoku position (moves like `h8 h9 i8`).
    Gomoku(crate::gomoku::SolveArgs),
}

/// Options of `abprune solve tictactoe`.
#[derive(Args, Debug)]
pub struct TicTacToeArgs {
    /// Cells played from the empty board, X first, as digits 0-8 numbered row
    /// by row from the top left (e.g. `40` or `4 0`). Empty: the empty board.
    #[arg(default_value = "")]
    moves: Vec<String>,
    /// The algorithms to run, comma-separated.
    #[arg(long, value_parser = crate::tree::algorithm_parser(), value_delimiter = ',', default_values_t = Algorithm::ALL)]
    algo: Vec<Algorithm>,
}

/// Runs `abprune solve ...`.
pub fn run(command: &SolveCommand) -> Result<()> {
    match command {
        SolveCommand::Tictactoe(args) => tictactoe(args),
        SolveCommand::Connect4(args) => crate::connect4::run(args),
        SolveCommand::Gomoku(args) => crate::gomoku::run_solve(args),
    }
}

/// Names a value the way a player says it.
pub fn describe_value(value: Score) -> String {
    if value == Score::DRAW {
        "draw".into()
    } else {
        value.to_string()
    }
}

fn tictactoe(args: &TicTacToeArgs) -> Result<()> {
    let mut cells = Vec::new();
    for (index, c) in args.moves.concat().chars().filter(|c| !c.is_whitespace() && *c != ',').enumerate() {
        match c.to_digit(10) {
            Some(digit) if digit <= 8 => cells.push(digit as u8),
            _ => bail!("move {}: '{c}' is not a cell (cells are 0 to 8, row by row)", index + 1),
        }
    }
    let game = TicTacToe::from_moves(&cells).map_err(anyhow::Error::msg)?;
    crate::output::out!("{game}")?;
    crate::output::outln!(
        "{:<11}{:>10}{:>6}{:>10}{:>10}{:>9}{:>9}{:>10}",
        "algorithm",
        "value",
        "best",
        "nodes",
        "leaves",
        "alpha",
        "beta",
        "time"
    )?;
    for &algo in &args.algo {
        let mut position = game;
        let started = Instant::now();
        let result = algo.run(&mut position, UNLIMITED_DEPTH, Window::Full, &mut NoTrace);
        let elapsed = started.elapsed();
        let best = result.best_move.map_or("-".to_string(), |cell| cell.to_string());
        let stats = &result.stats;
        crate::output::outln!(
            "{:<11}{:>10}{:>6}{:>10}{:>10}{:>9}{:>9}{:>8.1}ms",
            algo.name(),
            describe_value(result.value),
            best,
            stats.nodes,
            stats.leaves,
            stats.alpha_cutoffs,
            stats.beta_cutoffs,
            elapsed.as_secs_f64() * 1e3
        )?;
    }
    Ok(())
}
