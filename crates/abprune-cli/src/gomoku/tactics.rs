//! `abprune bench gomoku-tactics FILE`: a suite of positions, each with the
//! move or moves that solve it, searched under a time limit.
//!
//! The file holds one position per line, `MOVES ; SOLUTIONS ; THEME`:
//! the moves from the empty board (black first), the moves accepted as
//! solving it, and a description. `@size N` and `@rule R` lines set the
//! board for the lines after them; `#` starts a comment.

use super::{format_line, Player};
use abprune::SearchLimits;
use abprune_games::{Gomoku, Point, Rule};
use anyhow::{bail, Context as _, Result};
use clap::Args;
use std::time::{Duration, Instant};

/// Options of `abprune bench gomoku-tactics`.
#[derive(Args, Debug)]
pub struct TacticsArgs {
    /// The suite (`suites/gomoku-tactics.txt` in the repository: the format is at its top).
    file: String,
    /// Thinking time per position.
    #[arg(long, default_value = "1s", value_parser = crate::limits::parse_duration)]
    time: Duration,
    /// Engine switches, e.g. `vcf=off` (see `abprune match gomoku --help`).
    #[arg(long, default_value = "")]
    set: String,
    /// Print only the failures and the summary.
    #[arg(long)]
    quiet: bool,
}

/// One position of the suite.
#[derive(Debug, Clone)]
pub struct TacticsPosition {
    /// The line it came from (1-based).
    pub line: usize,
    /// The position.
    pub game: Gomoku,
    /// The moves that solve it.
    pub solutions: Vec<Point>,
    /// What it tests.
    pub theme: String,
}

/// Reads a suite; the errors name the line.
pub fn parse_suite(text: &str) -> (Vec<TacticsPosition>, Vec<String>) {
    parse_lines(text, |line, content, size, rule| {
        let (game, solutions, theme) = parse_position(content, size, rule)?;
        Ok(TacticsPosition { line, game, solutions, theme })
    })
}

/// Reads a file of Gomoku positions, one a line, as `parse` makes them
/// (given the line number, the line without its comment, and the board
/// set by the `@size` and `@rule` lines above it); `#` starts a comment.
/// The errors name the line.
pub fn parse_lines<T>(
    text: &str,
    mut parse: impl FnMut(usize, &str, usize, Rule) -> Result<T>,
) -> (Vec<T>, Vec<String>) {
    let (mut size, mut rule) = (15, Rule::Freestyle);
    let (mut positions, mut errors) = (Vec::new(), Vec::new());
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        if let Some(directive) = content.strip_prefix('@') {
            match parse_directive(directive, &mut size, &mut rule) {
                Ok(()) => {}
                Err(error) => errors.push(format!("line {line}: {error}")),
            }
            continue;
        }
        match parse(line, content, size, rule) {
            Ok(position) => positions.push(position),
            Err(error) => errors.push(format!("line {line}: {error}")),
        }
    }
    (positions, errors)
}

fn parse_directive(directive: &str, size: &mut usize, rule: &mut Rule) -> Result<()> {
    match directive.split_whitespace().collect::<Vec<_>>()[..] {
        ["size", value] => *size = value.parse().with_context(|| format!("'{value}' is not a board size"))?,
        ["rule", value] => *rule = Rule::parse(value).map_err(anyhow::Error::msg)?,
        _ => bail!("unknown directive '@{directive}' (known: @size N, @rule freestyle|standard)"),
    }
    Ok(())
}

fn parse_position(content: &str, size: usize, rule: Rule) -> Result<(Gomoku, Vec<Point>, String)> {
    let fields: Vec<&str> = content.split(';').map(str::trim).collect();
    let [moves, solutions, theme] = fields[..] else { bail!("expected 'MOVES ; SOLUTIONS ; THEME'") };
    let game = Gomoku::from_moves(size, size, rule, moves).map_err(anyhow::Error::msg)?;
    if game.is_over() {
        bail!("the game is already over");
    }
    let mut accepted = Vec::new();
    for text in solutions.split([' ', ',']).filter(|s| !s.is_empty()) {
        let point = game.parse_point(text).map_err(anyhow::Error::msg)?;
        game.check_move(point).map_err(|error| anyhow::anyhow!("solution {text}: {error}"))?;
        accepted.push(point);
    }
    if accepted.is_empty() {
        bail!("no solution given");
    }
    Ok((game, accepted, theme.to_string()))
}

/// Reads the positions file `path` (a `what`) with `parse` (one of
/// [`parse_suite`]'s kind), printing each bad line as an `error:` line:
/// the positions read and the errors, which the caller reports at the end
/// so that one bad line does not stop the others from running.
pub fn read_positions<T>(
    path: &str,
    what: &str,
    parse: impl FnOnce(&str) -> (Vec<T>, Vec<String>),
) -> Result<(Vec<T>, Vec<String>)> {
    let bytes = crate::input::read_file(path.as_ref(), crate::input::MAX_TEXT_BYTES, what)?;
    // Lines that are not text are reported with their numbers; the others are read.
    let mut unreadable = Vec::new();
    let text: Vec<&str> = crate::quote::text_lines(&bytes)
        .enumerate()
        .map(|(index, line)| {
            line.unwrap_or_else(|error| {
                unreadable.push(format!("line {}: {error}", index + 1));
                ""
            })
        })
        .collect();
    let (positions, mut errors) = parse(&text.join("\n"));
    errors.splice(0..0, unreadable);
    for error in &errors {
        eprintln!("error: {}", crate::quote::one_line(&format!("{path}: {error}")));
    }
    Ok((positions, errors))
}

/// Refuses `searches` searches of `time` each that could outlast the
/// longest run the CLI accepts.
pub fn check_total_time(time: Duration, searches: usize) -> Result<()> {
    let bound = time.as_secs_f64() * searches as f64;
    if bound > crate::limits::MAX_RUN_TIME.as_secs_f64() {
        bail!(
            "--time {}: {searches} searches would take up to {:.1e} hours; the limit is {} hours",
            humantime::format_duration(time),
            bound / 3600.0,
            crate::limits::MAX_RUN_TIME.as_secs() / 3600
        );
    }
    Ok(())
}

/// Runs the suite.
pub fn run(args: &TacticsArgs) -> Result<()> {
    let (positions, errors) = read_positions(&args.file, "tactics suite", parse_suite)?;
    check_total_time(args.time, positions.len())?;
    let settings = super::settings_with(|_| {}, &args.set, "--set", 1)?;
    let mut player = Player::new(settings)?;
    let limits = SearchLimits::none().with_time(args.time);
    let started = Instant::now();
    let (mut solved, mut depth_sum, mut searched, mut nodes, mut search_time) = (0, 0u64, 0u64, 0u64, Duration::ZERO);
    for position in &positions {
        player.clear();
        let Some(decision) = player.decide(&position.game, &limits, |_| {}) else { continue };
        let ok = position.solutions.contains(&decision.mv);
        solved += usize::from(ok);
        if decision.depth > 0 {
            depth_sum += u64::from(decision.depth);
            searched += 1;
            nodes += decision.nodes;
            search_time += decision.elapsed;
        }
        if !ok || !args.quiet {
            crate::output::outln!(
                "{:<4} line {:>3}  {:<40} played {:<4} expected {:<12} {:?} depth {:>2} nodes {:>9} {:>5} ms",
                if ok { "ok" } else { "FAIL" },
                position.line,
                position.theme,
                Gomoku::format_point(decision.mv),
                format_line(&position.solutions),
                decision.reason,
                decision.depth,
                decision.nodes,
                decision.elapsed.as_millis()
            )?;
        }
    }
    let total = positions.len();
    crate::output::outln!(
        "solved {solved}/{total} in {:.1} s at {} ms per position; searched {searched}: mean depth {:.1}, {:.0} nodes/s",
        started.elapsed().as_secs_f64(),
        args.time.as_millis(),
        depth_sum as f64 / searched.max(1) as f64,
        nodes as f64 / search_time.as_secs_f64().max(1e-9)
    )?;
    if !errors.is_empty() {
        bail!("{} bad line(s) in {}", errors.len(), args.file);
    }
    if solved < total {
        bail!("{} of {total} positions not solved", total - solved);
    }
    Ok(())
}
