//! `abprune play connect4`: a person against perfect play in the terminal.
//!
//! The engine plays the move that keeps its exact score: the quickest win,
//! else a draw, else the slowest loss. Input is read a line at a time, so
//! the game can be piped in (`printf '2\n4\nscores\n...' | abprune play
//! connect4`); a line that is not a column or a command is answered and
//! changes nothing.

use super::analyze::table;
use super::options::{default_engine, BookArgs};
use abprune::{Game, Outcome, SearchLimits, SolveMode};
use abprune_games::connect4::solver::Solver;
use abprune_games::Connect4;
use anyhow::{Context as _, Result};
use clap::{Args, ValueEnum};
use std::io::BufRead;

/// Options of `abprune play connect4`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Your side: `first` (X, moves first) or `second` (O). Asked when not given.
    #[arg(long, value_enum)]
    side: Option<Side>,
    /// Start from this position (1-based columns played, e.g. `4453`)
    /// instead of the empty board.
    #[arg(long, value_name = "MOVES", default_value = "")]
    moves: String,
    /// Threads searching each solve (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    #[command(flatten)]
    book: BookArgs,
}

/// A player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Side {
    /// X, who moves first.
    First,
    /// O, who moves second.
    Second,
}

const HELP: &str = "type a column 1-7 to drop a stone; 'scores' shows every column's exact score, \
'undo' takes back your last move, 'quit' ends";

/// The game so far.
struct Board {
    position: Connect4,
    moves: Vec<u8>,
    /// Moves of the starting position, which undo does not take back.
    start: usize,
}

impl Board {
    fn play(&mut self, col: u8) {
        self.position.play(col);
        self.moves.push(col);
    }

    fn undo(&mut self) -> Option<u8> {
        let col = self.moves.pop()?;
        self.position.undo(col);
        Some(col)
    }

    /// The side to move.
    fn to_move(&self) -> Side {
        if self.moves.len() % 2 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
}

/// Runs `abprune play connect4`, reading the person's moves from stdin.
pub fn run(args: &PlayArgs) -> Result<()> {
    let start = args.moves.trim();
    let position = Connect4::from_moves(start).map_err(anyhow::Error::msg).context("invalid --moves")?;
    // Checked above: every character is a column 1-7.
    let moves: Vec<u8> = start.bytes().map(|c| c - b'1').collect();
    let mut board = Board { position, start: moves.len(), moves };
    let mut solver = Solver::new(default_engine(args.threads)?, args.book.load()?);
    let mut input = std::io::stdin().lock();
    let human = match args.side {
        Some(side) => side,
        None => match ask_side(&mut input)? {
            Some(side) => side,
            None => return Ok(()),
        },
    };
    crate::output::outln!("{HELP}")?;
    loop {
        crate::output::out!("{}", board.position)?;
        if let Some(end) = ending(&board, human) {
            crate::output::outln!("{end}")?;
            return Ok(());
        }
        if board.to_move() != human {
            engine_move(&mut solver, &mut board)?;
            continue;
        }
        if !human_turn(&mut input, &mut solver, &mut board)? {
            return Ok(());
        }
    }
}

/// Asks which side the person takes; `None` at the end of the input.
fn ask_side(input: &mut impl BufRead) -> Result<Option<Side>> {
    loop {
        crate::output::out!("play first (X) or second (O)? [1/2]: ")?;
        crate::output::flush()?;
        let Some(line) = read_line(input)? else { return Ok(None) };
        match line.as_str() {
            "1" | "first" | "x" => return Ok(Some(Side::First)),
            "2" | "second" | "o" => return Ok(Some(Side::Second)),
            "quit" | "exit" | "q" => return Ok(None),
            _ => crate::output::outln!("'{}': answer 1 (first) or 2 (second)", crate::quote::excerpt(&line))?,
        }
    }
}

/// One line of input, trimmed and lower-cased; `None` at the end of the
/// input. A line that is not text comes back as a line that is no command,
/// and so does a line longer than [`crate::input::MAX_LINE_BYTES`] (only
/// its start is kept, the rest skipped).
fn read_line(input: &mut impl BufRead) -> Result<Option<String>> {
    let Some(line) =
        crate::input::read_line_skipping(input, crate::input::MAX_LINE_BYTES).context("reading the terminal")?
    else {
        return Ok(None);
    };
    if line.is_cut() {
        return Ok(Some(format!("a line of {} bytes", line.length)));
    }
    let text = String::from_utf8_lossy(&line.kept);
    Ok(Some(crate::quote::strip_bom(&text).trim().to_ascii_lowercase()))
}

/// The engine's move, printed with what it knows.
fn engine_move(solver: &mut Solver, board: &mut Board) -> Result<()> {
    let mut thinking = super::thinking::Thinking::start(false);
    let answer = solver
        .best_move_with(&board.position, SolveMode::Strong, &SearchLimits::none(), &mut |progress| {
            thinking.update(progress)
        })
        .map_err(anyhow::Error::msg)?;
    thinking.finish();
    let col = answer.best_move.context("the engine found no move in an unfinished game")?;
    board.play(col);
    let source = if answer.from_book { "from the book".to_string() } else { format!("{} nodes", answer.nodes) };
    crate::output::outln!(
        "abprune plays {}  (score {}: {}; {source}, {:.0} ms)",
        col + 1,
        answer.score,
        meaning(answer.score, "abprune", "you"),
        answer.elapsed.as_secs_f64() * 1e3
    )?;
    Ok(())
}

/// What a score means for `mover` against `other` under perfect play.
fn meaning(score: i32, mover: &str, other: &str) -> String {
    let stones = 22 - score.abs();
    match score.signum() {
        1 => format!("{mover} wins with its stone number {stones}"),
        -1 => format!("{other} can win with stone number {stones}"),
        _ => "a draw with best play".to_string(),
    }
}

/// The person's turn: reads lines until a move is played (true) or the
/// person leaves (false).
fn human_turn(input: &mut impl BufRead, solver: &mut Solver, board: &mut Board) -> Result<bool> {
    loop {
        crate::output::out!("your move: ")?;
        crate::output::flush()?;
        let Some(line) = read_line(input)? else {
            crate::output::outln!("\nbye")?;
            return Ok(false);
        };
        match line.as_str() {
            "" => {}
            "quit" | "exit" | "q" => return Ok(false),
            "help" | "?" | "h" => crate::output::outln!("{HELP}")?,
            "scores" | "score" | "s" | "hint" => {
                let mut thinking = super::thinking::Thinking::start(false);
                let analysis = solver
                    .analyze_with(&board.position, SolveMode::Strong, &SearchLimits::none(), &mut |progress| {
                        thinking.update(progress)
                    })
                    .map_err(anyhow::Error::msg)?;
                thinking.finish();
                crate::output::out!("{}", table(&analysis, false))?;
            }
            "undo" | "u" => {
                // Back to the person's previous turn: the engine's reply and the person's move.
                if board.moves.len() < board.start + 2 {
                    crate::output::outln!("nothing to undo")?;
                    continue;
                }
                board.undo();
                board.undo();
                return Ok(true);
            }
            text => match text.parse::<u8>() {
                Ok(col @ 1..=7) if board.position.can_play(col - 1) => {
                    board.play(col - 1);
                    return Ok(true);
                }
                Ok(col @ 1..=7) => crate::output::outln!("column {col} is full")?,
                _ => crate::output::outln!(
                    "'{}' is not a column (1-7) or a command; type 'help'",
                    crate::quote::excerpt(text)
                )?,
            },
        }
    }
}

/// The result once the game is over.
fn ending(board: &Board, human: Side) -> Option<&'static str> {
    match board.position.outcome()? {
        // The side to move has lost: the other side made four.
        Outcome::Loss if board.to_move() == human => Some("abprune wins"),
        Outcome::Loss => Some("you win"),
        _ => Some("a draw"),
    }
}
