//! `abprune analyze connect4`: the exact score of every move of a position.

use super::options::{default_engine, BookArgs};
use abprune::{SearchLimits, SolveMode};
use abprune_front::outcome_word;
use abprune_games::connect4::solver::{Analysis, Solver};
use abprune_games::Connect4;
use anyhow::{Context as _, Result};
use clap::Args;

/// Options of `abprune analyze connect4`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The position: the columns played from the empty board, 1-based, the
    /// first player first (e.g. `4453`; empty for the empty board).
    #[arg(default_value = "")]
    moves: String,
    /// Only win, draw or loss for each move (faster than exact scores).
    #[arg(long)]
    weak: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Threads searching each solve (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    #[command(flatten)]
    book: BookArgs,
}

/// Runs `abprune analyze connect4`.
pub fn run(args: &AnalyzeArgs) -> Result<()> {
    let moves = args.moves.trim();
    let position = Connect4::from_moves(moves).map_err(anyhow::Error::msg).context("invalid position")?;
    let mut solver = Solver::new(default_engine(args.threads)?, args.book.load()?);
    let mode = if args.weak { SolveMode::Weak } else { SolveMode::Strong };
    let mut thinking = super::thinking::Thinking::start(args.weak);
    let analysis = solver
        .analyze_with(&position, mode, &SearchLimits::none(), &mut |progress| thinking.update(progress))
        .map_err(anyhow::Error::msg)?;
    thinking.finish();
    if args.json {
        crate::output::outln!("{}", json(moves, &analysis, args.weak))?;
    } else {
        crate::output::out!("{position}")?;
        crate::output::out!("{}", table(&analysis, args.weak))?;
        crate::output::outln!(
            "{} of {} moves from the book or the rules, {} nodes, {:.3} ms",
            analysis.from_book,
            analysis.scores.iter().flatten().count(),
            analysis.nodes,
            analysis.elapsed.as_secs_f64() * 1e3
        )?;
    }
    Ok(())
}

/// One move's score as printed: the number, or win/draw/loss when weak,
/// `-` for a full column.
pub fn cell(score: Option<i32>, weak: bool) -> String {
    match score {
        None => "-".to_string(),
        Some(score) if weak => outcome_word(score.signum()).to_string(),
        Some(score) => score.to_string(),
    }
}

/// The scores under the board's column numbers, and the best move.
pub fn table(analysis: &Analysis, weak: bool) -> String {
    let cells: Vec<String> = analysis.scores.iter().map(|&score| format!("{:>5}", cell(score, weak))).collect();
    let columns: Vec<String> = (1..=analysis.scores.len()).map(|col| format!("{col:>5}")).collect();
    let mut text = format!("column {}\nscore  {}\n", columns.join(""), cells.join(""));
    if let Some(best) = analysis.best_move() {
        let score = analysis.scores[usize::from(best)];
        text += &format!("best   {}  (score {}", best + 1, cell(score, weak));
        text += if weak { ")\n" } else { "; positive: the side to move wins, 22 - stones of the winner)\n" };
    }
    text
}

fn json(moves: &str, analysis: &Analysis, weak: bool) -> serde_json::Value {
    let scores: Vec<serde_json::Value> = analysis
        .scores
        .iter()
        .map(|score| match score {
            None => serde_json::Value::Null,
            Some(score) if weak => serde_json::Value::from(outcome_word(score.signum())),
            Some(score) => serde_json::Value::from(*score),
        })
        .collect();
    serde_json::json!({
        "moves": moves,
        "weak": weak,
        "scores": scores,
        "best_move": analysis.best_move().map(|col| col + 1),
        "from_book": analysis.from_book,
        "nodes": analysis.nodes,
        "microseconds": analysis.elapsed.as_micros() as u64,
    })
}
