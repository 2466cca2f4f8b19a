//! `abprune backgammon`: backgammon positions by their gnubg position IDs:
//! the legal plays of a roll (checked against GNU Backgammon by
//! `scripts/backgammon-gnubg-check`), the engine's choice of play (for
//! `scripts/backgammon-match`), and the board.

use abprune::{Game, Player};
use abprune_games::backgammon::{eval, pubeval, Backgammon, Dice, Move, Play};
use anyhow::{anyhow, bail, Context as _, Result};
use clap::{Args, Subcommand};
use std::io::BufRead;

/// The longest line `--batch` reads: a position ID and a roll take 17.
const MAX_BATCH_LINE: usize = 1000;

/// What `abprune backgammon` does.
#[derive(Subcommand, Debug)]
pub enum BackgammonCommand {
    /// The legal plays of a roll, one per resulting position: each line the
    /// resulting position's ID (the opponent then on roll) and the play
    /// (points counted from the player on roll's side, `pass` if none).
    Moves(MovesArgs),
    /// The play the engine chooses (for now Tesauro's pubeval one ply
    /// ahead): the play and the resulting position's ID, tab-separated.
    Choose(PositionArgs),
    /// The board of a position, and the plays of a roll if given.
    Show(ShowArgs),
}

/// A position and a roll.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// gnubg's position ID, as gnubg shows it with the player on roll (e.g. `4HPwATDgc/ABMA`, the start).
    position_id: String,
    /// The roll: two dice 1-6 (`31` or `3-1`).
    dice: String,
}

/// Options of `abprune backgammon moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// gnubg's position ID, as gnubg shows it with the player on roll (e.g. `4HPwATDgc/ABMA`, the start).
    #[arg(required_unless_present = "batch")]
    position_id: Option<String>,
    /// The roll: two dice 1-6 (`31` or `3-1`).
    #[arg(required_unless_present = "batch")]
    dice: Option<String>,
    /// Read lines `POSITION_ID DICE` from standard input instead; print for
    /// each one line: the resulting positions' IDs, sorted, separated by spaces.
    #[arg(long, conflicts_with_all = ["position_id", "dice"])]
    batch: bool,
}

/// Options of `abprune backgammon show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// gnubg's position ID, as gnubg shows it with the player on roll.
    position_id: String,
    /// The roll, if any: its plays are listed under the board.
    dice: Option<String>,
}

/// Runs `abprune backgammon`.
pub fn run(command: &BackgammonCommand) -> Result<()> {
    match command {
        BackgammonCommand::Moves(args) if args.batch => run_batch(),
        BackgammonCommand::Moves(args) => {
            let (Some(id), Some(dice)) = (&args.position_id, &args.dice) else {
                bail!("give a position ID and a roll, or --batch");
            };
            let game = position(id, Some(dice))?;
            for (play, after) in plays(&game) {
                crate::output::outln!("{after} {play}")?;
            }
            Ok(())
        }
        BackgammonCommand::Choose(args) => {
            let game = position(&args.position_id, Some(&args.dice))?;
            let (play, after) = choose(&game).ok_or_else(|| anyhow!("the game is over in {}", args.position_id))?;
            crate::output::outln!("{play}\t{after}")?;
            Ok(())
        }
        BackgammonCommand::Show(args) => {
            let game = position(&args.position_id, args.dice.as_deref())?;
            crate::output::outln!("{game}")?;
            for (play, after) in plays(&game) {
                crate::output::outln!("  {:<24} {after}", play.to_string())?;
            }
            Ok(())
        }
    }
}

/// The position of an ID with the roll (if given) thrown.
fn position(id: &str, dice: Option<&str>) -> Result<Backgammon> {
    let dice = dice.map(parse_dice).transpose()?;
    Backgammon::from_position_id(id.trim(), dice).map_err(|error| anyhow!("invalid position: {error}"))
}

/// A roll typed as `31` or `3-1`.
fn parse_dice(text: &str) -> Result<Dice> {
    let digits: Vec<char> = text.trim().chars().filter(|&c| c != '-').collect();
    let die = |c: char| c.to_digit(10).and_then(|d| u8::try_from(d).ok());
    match digits[..] {
        [a, b] => die(a).zip(die(b)).and_then(|(a, b)| Dice::new(a, b)),
        _ => None,
    }
    .ok_or_else(|| anyhow!("invalid roll {text:?}: give two dice 1-6, as 31 or 3-1"))
}

/// Each legal play with the ID of the position it leads to (the opponent
/// on roll).
fn plays(game: &Backgammon) -> Vec<(Play, String)> {
    let mut after = game.clone();
    game.legal_plays()
        .into_iter()
        .map(|play| {
            after.play(Move::Play(play));
            let id = after.position_id();
            after.undo(Move::Play(play));
            (play, id)
        })
        .collect()
}

/// The play whose resulting position the evaluation likes best for the
/// player on roll (pubeval, with the weights the position before the play
/// calls for; a finished game by its result), with the resulting
/// position's ID.
fn choose(game: &Backgammon) -> Option<(Play, String)> {
    let mut after = game.clone();
    let mover = usize::from(game.side_to_move() == Player::Second);
    let race = pubeval::is_race(game.board());
    let mut best: Option<(i32, Play, String)> = None;
    for play in game.legal_plays() {
        after.play(Move::Play(play));
        let value = match after.outcome() {
            Some(outcome) => -outcome.score(0).get(),
            None => eval::after_play(after.board(), mover, race),
        };
        if best.as_ref().map_or(true, |(top, _, _)| value > *top) {
            best = Some((value, play, after.position_id()));
        }
        after.undo(Move::Play(play));
    }
    best.map(|(_, play, id)| (play, id))
}

/// `moves --batch`: a line of resulting IDs for each input line.
fn run_batch() -> Result<()> {
    let stdin = std::io::stdin();
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = line.context("cannot read standard input")?;
        if line.len() > MAX_BATCH_LINE {
            bail!("line {}: longer than {MAX_BATCH_LINE} characters", number + 1);
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [id, dice] = fields[..] else {
            bail!("line {}: expected `POSITION_ID DICE`, found {:?}", number + 1, crate::quote::one_line(&line));
        };
        let game = position(id, Some(dice)).with_context(|| format!("line {}", number + 1))?;
        let mut ids: Vec<String> = plays(&game).into_iter().map(|(_, after)| after).collect();
        ids.sort();
        crate::output::outln!("{}", ids.join(" "))?;
    }
    Ok(())
}
