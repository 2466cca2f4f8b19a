//! `abprune bench gomoku-wins FILE`: how soon the engine proves a forced
//! win, for several engine settings side by side.
//!
//! Each position of the file is one where the side to move wins by force
//! (in the repository's `suites/gomoku-forced-wins.txt`, positions of
//! abprune's games that a stronger engine's search called won, most of
//! them by threes as well as fours, beyond a VCF). Each setting searches
//! each position, by turns, under the time limit; the measure is the
//! nodes of the first iteration that proves the win (nodes count
//! identically on any machine, unlike time). A position not proven within
//! the limit counts at the nodes it searched, and is marked.
//!
//! The file holds one position per line, `MOVES ; NOTE`: the moves from
//! the empty board (black first) and a note on where it came from. `@size
//! N` and `@rule R` lines set the board for the lines after them, as in
//! the tactics suite; `#` starts a comment.

use super::tactics::{check_total_time, parse_lines, read_positions};
use super::Player;
use abprune::SearchLimits;
use abprune_games::{Gomoku, Rule};
use anyhow::{bail, Result};
use clap::Args;
use std::time::Duration;

/// Options of `abprune bench gomoku-wins`.
#[derive(Args, Debug)]
pub struct WinsArgs {
    /// The positions (`suites/gomoku-forced-wins.txt` in the repository).
    file: String,
    /// Thinking time per position and setting.
    #[arg(long, default_value = "5s", value_parser = crate::limits::parse_duration)]
    time: Duration,
    /// Also stop each search after this many nodes: with a time limit
    /// long enough, the counts are then the same on any machine, however
    /// busy.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Engine settings to compare (switches as in `abprune match gomoku`,
    /// e.g. `razor=1000000`), one per `--config`; the first is the
    /// reference of the ratios. Default: the engine as it plays.
    #[arg(long = "config", default_values = [""])]
    configs: Vec<String>,
}

/// One position of the file.
struct WinPosition {
    line: usize,
    game: Gomoku,
}

/// What one setting's search of one position found.
struct Found {
    /// The first iteration proving the win: its depth and the length of the win in plies.
    proof: Option<(u32, u32)>,
    /// Nodes to the proof, or all the nodes searched when none came.
    nodes: u64,
}

fn parse_position(line: usize, content: &str, size: usize, rule: Rule) -> Result<WinPosition> {
    let moves = content.split(';').next().unwrap_or("").trim();
    let game = Gomoku::from_moves(size, size, rule, moves).map_err(anyhow::Error::msg)?;
    if game.is_over() {
        bail!("the game is already over");
    }
    Ok(WinPosition { line, game })
}

/// Searches `game` with `player` until a win is proven or the time is up.
fn search(player: &mut Player, game: &Gomoku, limits: &SearchLimits) -> Found {
    player.clear();
    let mut proof = None;
    let mut nodes_at_proof = 0;
    let decision = player.decide(game, limits, |info| {
        if proof.is_none() && info.value.is_win() {
            proof = Some((info.depth, info.value.plies_to_end().unwrap_or(0)));
            nodes_at_proof = info.nodes;
        }
    });
    match decision {
        // A root analysis (the VCF or VCT search) proved it before any iteration.
        Some(decision) if proof.is_none() && decision.score.is_win() => {
            Found { proof: Some((decision.depth, decision.score.plies_to_end().unwrap_or(0))), nodes: decision.nodes }
        }
        Some(_) if proof.is_some() => Found { proof, nodes: nodes_at_proof },
        Some(decision) => Found { proof: None, nodes: decision.nodes },
        None => Found { proof: None, nodes: 0 },
    }
}

/// Runs the benchmark.
pub fn run(args: &WinsArgs) -> Result<()> {
    let (positions, errors) = read_positions(&args.file, "positions file", |text| parse_lines(text, parse_position))?;
    check_total_time(args.time, positions.len() * args.configs.len())?;
    let mut players = Vec::new();
    for config in &args.configs {
        let settings = super::settings_with(|_| {}, config, "--config", 1)?;
        players.push(Player::new(settings)?);
    }
    let mut limits = SearchLimits::none().with_time(args.time);
    if let Some(nodes) = args.nodes {
        limits = limits.with_nodes(nodes);
    }
    // Per setting: proven count and the sum of ln(nodes) for the geometric mean.
    let mut proven = vec![0usize; players.len()];
    let mut log_nodes = vec![0f64; players.len()];
    let names: Vec<&str> =
        args.configs.iter().map(|c| if c.is_empty() { "(as it plays)" } else { c.as_str() }).collect();
    crate::output::outln!("{:<8} {}", "line", names.iter().map(|n| format!("{n:>28}")).collect::<String>())?;
    for position in &positions {
        let mut row = format!("line {:<3}", position.line);
        for (index, player) in players.iter_mut().enumerate() {
            let found = search(player, &position.game, &limits);
            log_nodes[index] += (found.nodes.max(1) as f64).ln();
            let cell = match found.proof {
                Some((depth, plies)) => {
                    proven[index] += 1;
                    format!("d{depth} win in {plies}: {}", found.nodes)
                }
                None => format!("none: {}", found.nodes),
            };
            row.push_str(&format!(" {cell:>28}"));
        }
        crate::output::outln!("{row}")?;
    }
    let count = positions.len().max(1) as f64;
    let reference = (log_nodes.first().copied().unwrap_or(0.0) / count).exp();
    for (index, name) in names.iter().enumerate() {
        let mean = (log_nodes[index] / count).exp();
        crate::output::outln!(
            "{name:<28} proven {}/{} within {} ms{}; nodes to the proof, geometric mean {mean:.0} (x{:.2}; unproven counted at the nodes searched)",
            proven[index],
            positions.len(),
            args.time.as_millis(),
            args.nodes.map_or(String::new(), |nodes| format!(" or {nodes} nodes")),
            mean / reference
        )?;
    }
    if !errors.is_empty() {
        bail!("{} bad line(s) in {}", errors.len(), args.file);
    }
    Ok(())
}
