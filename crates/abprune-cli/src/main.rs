//! The `abprune` command: a thin dispatcher to one module per subcommand.

mod animate;
mod backgammon;
mod bench;
mod connect4;
mod gomocup;
mod gomoku;
mod input;
mod lab;
mod limits;
mod output;
mod quote;
mod solve;
mod status;
mod tree;
mod tune;
mod tune_eval;
mod tune_label;
mod tune_order;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// abprune: alpha-beta game-tree search, verified and measured.
#[derive(Parser, Debug)]
#[command(name = "abprune", version, about, long_about = None, after_help = status::EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Search an explicit game tree (or the built-in textbook tree) and show
    /// the value, the principal variation, leaves, nodes and cut-offs.
    Tree(tree::TreeArgs),
    /// Solve a position of a real game: exactly (tic-tac-toe, Connect Four),
    /// or the engine's move (Gomoku).
    #[command(subcommand)]
    Solve(solve::SolveCommand),
    /// The exact score of every move of a position.
    #[command(subcommand)]
    Analyze(AnalyzeCommand),
    /// Opening books, built by the engine.
    #[command(subcommand)]
    Book(BookCommand),
    /// Measure alpha-beta against the formulas on random trees and real games.
    Lab(lab::LabArgs),
    /// Play a game against the engine in the terminal.
    #[command(subcommand)]
    Play(PlayCommand),
    /// Run the engine as a Gomocup (Piskvork "pbrain") brain on stdin/stdout.
    Gomocup(gomocup::GomocupArgs),
    /// Benchmarks on fixed inputs.
    #[command(subcommand)]
    Bench(bench::BenchCommand),
    /// A match of the engine against a variant of itself.
    #[command(subcommand)]
    Match(MatchCommand),
    /// Fit the Gomoku evaluation and move hint to games and labelled positions.
    #[command(subcommand)]
    Tune(TuneCommand),
    /// Backgammon positions by gnubg position ID: legal plays, the engine's play, the board.
    #[command(subcommand)]
    Backgammon(backgammon::BackgammonCommand),
}

/// The games `abprune play` knows.
#[derive(Subcommand, Debug)]
enum PlayCommand {
    /// Gomoku against the engine: moves typed like `h8`.
    Gomoku(gomoku::PlayArgs),
    /// Connect Four against perfect play: columns typed 1-7.
    Connect4(connect4::play::PlayArgs),
}

/// The games `abprune analyze` knows.
#[derive(Subcommand, Debug)]
enum AnalyzeCommand {
    /// Every column's exact score in a Connect Four position (the public sets' convention).
    Connect4(connect4::analyze::AnalyzeArgs),
}

/// The games `abprune book` knows.
#[derive(Subcommand, Debug)]
enum BookCommand {
    /// The Connect Four opening book.
    #[command(subcommand)]
    Connect4(connect4::book::BookCommand),
}

/// What `abprune tune` fits.
#[derive(Subcommand, Debug)]
enum TuneCommand {
    /// Fit the Gomoku evaluation's weights to finished games (Texel's method).
    Gomoku(tune::TuneArgs),
    /// Fit the Gomoku move hint to the moves a player chose in its games.
    GomokuOrder(tune_order::OrderArgs),
    /// Fit the Gomoku pattern evaluation to positions labelled by a search.
    GomokuEval(tune_eval::EvalArgs),
    /// Value Gomoku positions by abprune's own search (for `tune gomoku-eval`).
    GomokuLabel(tune_label::LabelArgs),
}

/// The games `abprune match` knows.
#[derive(Subcommand, Debug)]
enum MatchCommand {
    /// Gomoku self-play: challenger switches against baseline switches.
    Gomoku(gomoku::MatchArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    let outcome = match &cli.command {
        Command::Tree(args) => tree::run(args),
        Command::Solve(command) => solve::run(command),
        Command::Lab(args) => lab::run(args),
        Command::Play(PlayCommand::Gomoku(args)) => gomoku::run_play(args),
        Command::Play(PlayCommand::Connect4(args)) => connect4::play::run(args),
        Command::Analyze(AnalyzeCommand::Connect4(args)) => connect4::analyze::run(args),
        Command::Book(BookCommand::Connect4(command)) => connect4::book::run(command),
        Command::Gomocup(args) => gomocup::run(args),
        Command::Bench(command) => bench::run(command),
        Command::Match(MatchCommand::Gomoku(args)) => gomoku::run_match(args),
        Command::Tune(TuneCommand::Gomoku(args)) => tune::run(args),
        Command::Tune(TuneCommand::GomokuOrder(args)) => tune_order::run(args),
        Command::Tune(TuneCommand::GomokuEval(args)) => tune_eval::run(args),
        Command::Tune(TuneCommand::GomokuLabel(args)) => tune_label::run(args),
        Command::Backgammon(command) => backgammon::run(command),
    };
    // What is left of the output is written now, where its error can be told.
    match outcome.and_then(|()| Ok(output::flush()?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => status::exit_code(&error),
    }
}

/// What clap found wrong with the command line, as one `error:` line (the
/// house rule) instead of clap's block with the usage; `--help`,
/// `--version` and a command given without its subcommand still print
/// clap's full text.
fn usage_error(error: &clap::Error) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Nothing more can be done if the terminal is gone.
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { status::EXIT_BAD_INPUT } else { 0 });
        }
        _ => {}
    }
    // The first paragraph is the error (with, for missing arguments, their
    // names on the lines below it); tips and the usage follow a blank line.
    let rendered = error.render().to_string();
    let paragraph: Vec<&str> =
        rendered.lines().skip_while(|line| line.trim().is_empty()).take_while(|line| !line.trim().is_empty()).collect();
    let message = paragraph.iter().map(|line| line.trim()).collect::<Vec<_>>().join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    eprintln!("error: {} (see --help)", quote::one_line(message));
    ExitCode::from(status::EXIT_BAD_INPUT)
}
