//! `abprune play gomoku`: a person against the engine in the terminal.

use super::{format_line, BoardArgs, Player};
use abprune::{Game, Player as Side, SearchLimits};
use abprune_games::Gomoku;
use anyhow::{Context as _, Result};
use clap::Args;
use std::time::Duration;

/// Options of `abprune play gomoku`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// The engine plays black and moves first.
    #[arg(long)]
    engine_first: bool,
    /// The engine's thinking time per move (e.g. `2s`, `500ms`).
    #[arg(long, default_value = "2s", value_parser = crate::limits::parse_duration)]
    time: Duration,
    /// Engine switches, e.g. `order=board` (see `abprune match gomoku --help`).
    #[arg(long, default_value = "")]
    set: String,
}

const HELP: &str = "moves are a column letter and a row number, e.g. h8; 'undo' takes back your last move, 'quit' ends";

/// Runs `abprune play gomoku`, reading the person's moves from stdin.
pub fn run(args: &PlayArgs) -> Result<()> {
    let mut game = args.board.board()?;
    let settings = super::settings_with(|_| {}, &args.set, "--set", 1)?;
    let mut player = Player::new(settings)?;
    let engine_side = if args.engine_first { Side::First } else { Side::Second };
    let limits = SearchLimits::none().with_time(args.time);
    let mut input = std::io::stdin().lock();
    crate::output::outln!("{HELP}")?;
    loop {
        crate::output::out!("{game}")?;
        if let Some(result) = result_text(&game, engine_side) {
            crate::output::outln!("{result}")?;
            return Ok(());
        }
        if game.side_to_move() == engine_side {
            let Some(decision) = player.decide(&game, &limits, |_| {}) else { continue };
            game.try_play(decision.mv).map_err(anyhow::Error::msg)?;
            crate::output::outln!(
                "abprune plays {}  (score {}; depth {}, {} nodes, {} ms; expects {})",
                Gomoku::format_point(decision.mv),
                super::score_text(decision.score, "abprune"),
                decision.depth,
                decision.nodes,
                decision.elapsed.as_millis(),
                format_line(&decision.pv)
            )?;
            continue;
        }
        loop {
            crate::output::out!("your move: ")?;
            crate::output::flush()?;
            let Some(line) = crate::input::read_line_skipping(&mut input, crate::input::MAX_LINE_BYTES)
                .context("cannot read standard input")?
            else {
                crate::output::outln!("\nbye")?;
                return Ok(());
            };
            if line.is_cut() {
                crate::output::outln!("a line of {} bytes is not a move; try again", line.length)?;
                continue;
            }
            let bytes = line.kept;
            // A line that is not text is a typo like any other: the game goes on.
            let Ok(line) = std::str::from_utf8(&bytes) else {
                crate::output::outln!("'{}' is not text; try again", crate::quote::excerpt_bytes(bytes.trim_ascii()))?;
                continue;
            };
            match crate::quote::strip_bom(line).trim().to_ascii_lowercase().as_str() {
                "" => continue,
                "quit" | "exit" => return Ok(()),
                "help" | "?" => crate::output::outln!("{HELP}")?,
                "undo" => match take_back(&mut game, engine_side) {
                    Ok(()) => break,
                    Err(reason) => crate::output::outln!("cannot undo: {reason}")?,
                },
                text => match game.parse_point(text).and_then(|point| game.try_play(point)) {
                    Ok(()) => break,
                    Err(reason) => crate::output::outln!(
                        "{}",
                        crate::quote::one_line(&format!(
                            "illegal move '{}': {reason}; try again",
                            crate::quote::excerpt(text)
                        ))
                    )?,
                },
            }
        }
    }
}

/// Takes back the person's last move and the engine's reply to it.
fn take_back(game: &mut Gomoku, engine_side: Side) -> Result<(), String> {
    let mut taken = 0;
    while let Some(&last) = game.history().last() {
        let engine_moved_last = game.side_to_move() != engine_side;
        game.try_undo(last).map_err(|error| error.to_string())?;
        taken += 1;
        if !engine_moved_last {
            return Ok(());
        }
    }
    if taken == 0 {
        Err("no move of yours to take back".into())
    } else {
        Ok(())
    }
}

/// The end of the game in words, once it is over.
fn result_text(game: &Gomoku, engine_side: Side) -> Option<String> {
    match game.winner() {
        Some(side) if side == engine_side => Some("abprune wins.".into()),
        Some(_) => Some("you win!".into()),
        None if game.is_over() => Some("the board is full: a draw.".into()),
        None => None,
    }
}
