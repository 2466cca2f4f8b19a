//! An Othello endgame solved exactly with the engine: the final disc margin
//! under best play, not only who wins (Othello ends in margins,
//! `Ending::Margin`, so `Engine::solve` bisects on the margin).
//!
//! ```text
//! cargo run --release -p abprune-games --example othello_endgame [SEED] [EMPTIES]
//! ```
//!
//! The position comes from random play from the initial position (the seed,
//! 1 by default) until EMPTIES squares are left (14 by default). The same
//! solve is checked against a brute force by `tests/all/othello.rs`, on
//! endgames of 4 to 12 empties (a brute force of 14 takes minutes).

use abprune::{Engine, Game, SearchLimits, SolveMode};
use abprune_games::othello::{square_name, Othello};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u64| -> Result<u64, String> {
        args.get(index).map_or(Ok(default), |text| {
            text.parse().map_err(|_| format!("argument {}: '{text}' is not a number", index + 1))
        })
    };
    let (seed, empties) = match (number(0, 1), number(1, 14)) {
        (Ok(seed), Ok(empties)) if (1..=50).contains(&empties) => (seed, empties as u32),
        (Ok(_), Ok(empties)) => {
            eprintln!("othello_endgame: {empties} empties: give 1 to 50 (and beyond about 20 a solve takes long)");
            return ExitCode::FAILURE;
        }
        (Err(error), _) | (_, Err(error)) => {
            eprintln!("othello_endgame: {error}; usage: othello_endgame [SEED] [EMPTIES]");
            return ExitCode::FAILURE;
        }
    };
    let Some(position) = (seed..seed + 1000).find_map(|seed| Othello::random_endgame(seed, empties)) else {
        eprintln!("othello_endgame: random play from seeds {seed} on ended before {empties} empties");
        return ExitCode::FAILURE;
    };
    print!("{position}");

    let mut engine = Engine::default();
    let mut game = position.clone();
    let result = match engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()) {
        Ok(result) => result,
        Err(error) => {
            eprintln!("othello_endgame: {error}");
            return ExitCode::FAILURE;
        }
    };
    let line: Vec<String> = result.pv.iter().map(|&mv| square_name(mv)).collect();
    println!("margin      {:+} discs for the side to move (exact: {})", result.value.get(), result.exact);
    println!("best move   {}", result.best_move.map_or("none".to_string(), square_name));
    println!("line        {}", line.join(" "));
    // The line runs to the end of the game (ReportingOptions::whole_pv): its
    // final margin, seen from the root's side, is the solve's value.
    let mut end = position.clone();
    for &mv in &result.pv {
        end.play(mv);
    }
    let root_side = if result.pv.len() % 2 == 0 { 1 } else { -1 };
    match end.outcome() {
        Some(outcome) => {
            println!("line ends   {:+} discs for the side to move at the root", root_side * outcome.score(0).get())
        }
        None => println!("line ends   before the end of the game"),
    }
    println!("nodes       {}", result.stats.nodes);
    println!("time        {:.3} s", result.elapsed.as_secs_f64());
    ExitCode::SUCCESS
}
