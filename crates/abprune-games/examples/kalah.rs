//! Kalah solved exactly with the engine: a game that ends in margins
//! (`Ending::Margin`, the seed difference) and gives extra turns (the last
//! seed in one's own store: `play` leaves the same side to move, which
//! every search of the library values by whose turn it is).
//!
//! ```text
//! cargo run --release -p abprune-games --example kalah [PITS] [SEEDS]
//! ```
//!
//! Kalah(4, 3) by default: the first player wins by 6 seeds. The same
//! solve is checked against a brute force by `crates/abprune/tests/all/extra_turns.rs`, from
//! the start and from random positions, for every search.

use abprune::{Engine, Game, Player, SearchLimits, SolveMode};
use abprune_games::Kalah;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u8| -> Result<u8, String> {
        args.get(index).map_or(Ok(default), |text| {
            text.parse().map_err(|_| format!("argument {}: '{text}' is not a number from 0 to 255", index + 1))
        })
    };
    let (pits, seeds) = match (number(0, 4), number(1, 3)) {
        (Ok(pits), Ok(seeds)) => (pits, seeds),
        (Err(error), _) | (_, Err(error)) => {
            eprintln!("kalah: {error}; usage: kalah [PITS] [SEEDS]");
            return ExitCode::FAILURE;
        }
    };
    let position = match Kalah::new(usize::from(pits), seeds) {
        Ok(position) => position,
        Err(error) => {
            eprintln!("kalah: {error}");
            return ExitCode::FAILURE;
        }
    };
    print!("{position}");

    let mut engine = Engine::default();
    let mut game = position.clone();
    let result = match engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()) {
        Ok(result) => result,
        Err(error) => {
            eprintln!("kalah: {error}");
            return ExitCode::FAILURE;
        }
    };
    println!("margin      {:+} seeds for the side to move (exact: {})", result.value.get(), result.exact);
    println!("best move   house {}", result.best_move.map_or("none".to_string(), |house| (house + 1).to_string()));
    // The line runs to the end of the game; who plays each move is told,
    // since a side may move several times in a row.
    let mut end = position.clone();
    let mut line = Vec::new();
    for &mv in &result.pv {
        let mover = if end.side_to_move() == Player::First { "F" } else { "S" };
        line.push(format!("{mover}{}", mv + 1));
        end.play(mv);
    }
    println!("line        {}", line.join(" "));
    println!("nodes       {} in {:.1} ms", result.stats.nodes, result.elapsed.as_secs_f64() * 1e3);
    ExitCode::SUCCESS
}
