//! `abprune backgammon`: backgammon positions by their gnubg position IDs:
//! the legal plays of a roll (checked against GNU Backgammon by
//! `scripts/backgammon-gnubg-check`), the engine's choice of play (for
//! `scripts/backgammon-match`), the searches compared (for
//! `scripts/backgammon-depth`), and the board.

mod search;
mod train;

use abprune::{ChanceAlgorithm, Game};
use abprune_games::backgammon::{Backgammon, Dice, Move, Play};
use anyhow::{anyhow, bail, Context as _, Result};
use clap::{Args, Subcommand};

/// The longest line `--batch` reads: a position ID and a roll take 17.
const MAX_BATCH_LINE: usize = 1000;

/// What `abprune backgammon` does.
#[derive(Subcommand, Debug)]
pub enum BackgammonCommand {
    /// The legal plays of a roll, one per resulting position: each line the
    /// resulting position's ID (the opponent then on roll) and the play
    /// (points counted from the player on roll's side, `pass` if none); with
    /// `--batch`, a line for each input line: the resulting positions' IDs,
    /// sorted, separated by spaces.
    Moves(MovesArgs),
    /// The play the engine chooses (Star2 under iterative deepening, the
    /// evaluation nets' equity at the leaves) at a depth in checker plays, or
    /// within a time or node limit: the play and the resulting position's
    /// ID, tab-separated.
    Choose(ChooseArgs),
    /// Searches positions with one algorithm and prints what it counted:
    /// `ID DICE ALGORITHM DEPTH VALUE NODES LEAVES CHANCE_CUTOFFS PROBES
    /// MICROSECONDS PLAY`, tab-separated, a line per position.
    Search(SearchArgs),
    /// The board of a position with the shipped nets' chances for the side
    /// on roll, and the plays of a roll if given, each with the equity the
    /// nets give the position it leads to (for the player on roll).
    Show(ShowArgs),
    /// Trains the evaluation nets by TD(lambda) self-play, checkpointing to
    /// --out, with a progress line on standard error (games, rate, score
    /// against pubeval on fixed paired seeds).
    Train(train::TrainArgs),
    /// The nets' greedy player against pubeval, each seed dealt twice with
    /// the colours swapped: games, points a game, the 95% interval.
    Match(train::MatchArgs),
    /// The evaluation nets' speed: evaluations a second over fixed positions.
    Bench(train::BenchArgs),
}

/// A position and a roll.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// gnubg's position ID, as gnubg shows it with the player on roll (e.g.
    /// `4HPwATDgc/ABMA`, the start, which `start` also names).
    position_id: String,
    /// The roll: two dice 1-6 (`31` or `3-1`).
    dice: String,
}

/// How deep or how long to search.
#[derive(Args, Debug)]
pub struct LimitArgs {
    /// Checker plays searched, the root's included (1 = the evaluation
    /// after each play; default 3, or 8 as the deepest iteration with
    /// --time or --nodes).
    #[arg(long)]
    depth: Option<u32>,
    /// Time for the iterative deepening (the first iteration always
    /// completes): `1s`, `500ms`, or seconds as a number (`1.5`).
    #[arg(long, value_parser = crate::limits::parse_duration)]
    time: Option<std::time::Duration>,
    /// Nodes for the iterative deepening (the first iteration always completes).
    #[arg(long)]
    nodes: Option<u64>,
    /// The evaluation nets' weights file (default: the nets the project ships).
    #[arg(long)]
    weights: Option<std::path::PathBuf>,
    /// Value the leaves by Tesauro's pubeval instead of the nets (best at --depth 3).
    #[arg(long)]
    pubeval: bool,
}

/// Options of `abprune backgammon choose`.
#[derive(Args, Debug)]
pub struct ChooseArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Options of `abprune backgammon search`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    #[command(flatten)]
    input: PositionOrBatch,
    /// `engine` (Star2 under iterative deepening with its table and
    /// ordering), or a textbook algorithm with the full window:
    /// `expectiminimax`, `star1`, `star2` (with a time or node limit,
    /// iterations 1, 2, ... each started while within the limit).
    #[arg(long, default_value = "engine")]
    algo: String,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Options of `abprune backgammon moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    input: PositionOrBatch,
}

/// A position and a roll, or `--batch`: the input of `moves` and `search`.
#[derive(Args, Debug)]
pub struct PositionOrBatch {
    /// gnubg's position ID, as gnubg shows it with the player on roll (e.g.
    /// `4HPwATDgc/ABMA`, the start, which `start` also names).
    #[arg(required_unless_present = "batch")]
    position_id: Option<String>,
    /// The roll: two dice 1-6 (`31` or `3-1`).
    #[arg(required_unless_present = "batch")]
    dice: Option<String>,
    /// Read lines `POSITION_ID DICE` from standard input instead, and
    /// answer each with a line.
    #[arg(long, conflicts_with_all = ["position_id", "dice"])]
    batch: bool,
}

impl PositionOrBatch {
    /// Hands the one position given to `each`, or every line of standard
    /// input under `--batch`.
    fn for_each(&self, mut each: impl FnMut(&str, &str) -> Result<()>) -> Result<()> {
        if self.batch {
            return for_each_batch_line(each);
        }
        let (Some(id), Some(dice)) = (&self.position_id, &self.dice) else {
            bail!("give a position ID and a roll, or --batch");
        };
        each(id, dice)
    }
}

/// Options of `abprune backgammon show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// gnubg's position ID, as gnubg shows it with the player on roll
    /// (`start`: the opening position).
    position_id: String,
    /// The roll, if any: its plays are listed under the board.
    dice: Option<String>,
}

/// Runs `abprune backgammon`.
pub fn run(command: &BackgammonCommand) -> Result<()> {
    match command {
        BackgammonCommand::Moves(args) => {
            let print: fn(&str, &str) -> Result<()> = if args.input.batch { print_resulting_ids } else { print_plays };
            args.input.for_each(print)
        }
        BackgammonCommand::Choose(args) => {
            let id = &args.position.position_id;
            let limits = limits(&args.limits)?;
            let mut game = position_in_play(id, &args.position.dice)?;
            let player = search::player(args.limits.weights.as_deref(), args.limits.pubeval)?;
            let found = search::engine(&mut game, &limits, &player)?;
            let Some(Move::Play(play)) = found.play else { bail!("the game is over in {id}") };
            crate::output::outln!("{play}\t{}", after(&game, play))?;
            Ok(())
        }
        BackgammonCommand::Search(args) => run_search(args),
        BackgammonCommand::Train(args) => train::train(args),
        BackgammonCommand::Match(args) => train::run_match(args),
        BackgammonCommand::Bench(args) => train::bench(args),
        BackgammonCommand::Show(args) => {
            let game = position(&args.position_id, args.dice.as_deref())?;
            crate::output::outln!("{game}")?;
            search::show_evaluation(&game, &plays(&game))
        }
    }
}

/// The word that stands for the opening position's ID wherever an ID is
/// read: nobody knows `4HPwATDgc/ABMA` by heart.
const START: &str = "start";

/// The position of an ID (or [`START`]) with the roll (if given) thrown.
fn position(id: &str, dice: Option<&str>) -> Result<Backgammon> {
    let dice = dice.map(parse_dice).transpose()?;
    let id = id.trim();
    let id = if id.eq_ignore_ascii_case(START) { Backgammon::new().position_id() } else { id.to_string() };
    Backgammon::from_position_id(&id, dice).map_err(|error| anyhow!("invalid position: {error}"))
}

/// The position of an ID with the roll thrown, refused when the game is
/// over there (it has no play to list or choose).
fn position_in_play(id: &str, dice: &str) -> Result<Backgammon> {
    let game = position(id, Some(dice))?;
    if game.outcome().is_some() {
        bail!("the game is over in {}: a side has borne off all its checkers, there is no play", id.trim());
    }
    Ok(game)
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

/// The ID of the position `play` leads to (the opponent on roll).
fn after(game: &Backgammon, play: Play) -> String {
    let mut after = game.clone();
    after.play(Move::Play(play));
    after.position_id()
}

/// The limits of the command line, checked.
fn limits(args: &LimitArgs) -> Result<search::Limits> {
    search::Limits::new(args.depth, args.time, args.nodes)
}

/// `search`: one position, or a line of counts for each input line.
fn run_search(args: &SearchArgs) -> Result<()> {
    let algorithm = match args.algo.as_str() {
        "engine" => None,
        name => Some(
            name.parse::<ChanceAlgorithm>()
                .map_err(|_| anyhow!("invalid --algo {name:?}: give engine, expectiminimax, star1 or star2"))?,
        ),
    };
    let limits = limits(&args.limits)?;
    let player = search::player(args.limits.weights.as_deref(), args.limits.pubeval)?;
    let search_one = |id: &str, dice: &str| -> Result<()> {
        let mut game = position(id, Some(dice))?;
        let found = match algorithm {
            None => search::engine(&mut game, &limits, &player)?,
            Some(algorithm) => search::textbook(&mut game, algorithm, &limits, &player)?,
        };
        let play = match found.play {
            Some(Move::Play(play)) => play.to_string(),
            _ => "-".to_string(),
        };
        let stats = &found.stats;
        crate::output::outln!(
            "{id}\t{dice}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{play}",
            algorithm.map_or("engine", ChanceAlgorithm::name),
            found.depth,
            found.value,
            stats.nodes,
            stats.leaves,
            stats.chance_cutoffs,
            stats.probes,
            found.elapsed.as_micros()
        )?;
        Ok(())
    };
    args.input.for_each(search_one)
}

/// Reads `POSITION_ID DICE` lines from standard input and hands each to
/// `each`, whose error is reported with the line's number: the one reader
/// of both `--batch` commands. A line is refused as soon as it passes
/// `MAX_BATCH_LINE` bytes, not when it ends (`/dev/zero` never does).
fn for_each_batch_line(mut each: impl FnMut(&str, &str) -> Result<()>) -> Result<()> {
    let mut input = std::io::stdin().lock();
    let mut number = 0;
    while let Some(line) = crate::input::read_line(&mut input, MAX_BATCH_LINE).context("cannot read standard input")? {
        number += 1;
        if line.is_cut() {
            bail!("standard input line {number}: longer than the limit of {MAX_BATCH_LINE} bytes");
        }
        let line = std::str::from_utf8(&line.kept)
            .map_err(|_| anyhow::anyhow!("cannot read standard input: line {number} is not UTF-8 text"))?;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [id, dice] = fields[..] else {
            bail!("line {number}: expected `POSITION_ID DICE`, found {:?}", crate::quote::one_line(line));
        };
        each(id, dice).with_context(|| format!("line {number}"))?;
    }
    Ok(())
}

/// `moves`: a line for each play of the roll, the resulting ID and the play.
fn print_plays(id: &str, dice: &str) -> Result<()> {
    let game = position_in_play(id, dice)?;
    for (play, after) in plays(&game) {
        crate::output::outln!("{after} {play}")?;
    }
    Ok(())
}

/// `moves --batch`: a line of resulting IDs for each input line.
fn print_resulting_ids(id: &str, dice: &str) -> Result<()> {
    let game = position_in_play(id, dice)?;
    let mut ids: Vec<String> = plays(&game).into_iter().map(|(_, after)| after).collect();
    ids.sort();
    crate::output::outln!("{}", ids.join(" "))?;
    Ok(())
}
