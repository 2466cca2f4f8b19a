//! `abprune lab --game`: the algorithms side by side on a real position at
//! fixed depths: value, best move, nodes, leaves, cut-offs and time.

use super::report::{csv_field, Table};
use super::{Format, LabGame, MAX_WORK};
use abprune::algorithm::{Algorithm, Window};
use abprune::{Game, NoTrace};
use abprune_games::connect4::WIDTH;
use abprune_games::{Connect4, TicTacToe};
use anyhow::{bail, Context as _, Result};
use serde_json::json;
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::time::Instant;

/// Tic-tac-toe's default depth: the whole game (nine cells).
const TICTACTOE_FULL_DEPTH: u32 = 9;

/// Connect Four's default depth: a fraction of a second for every algorithm.
const CONNECT4_DEFAULT_DEPTH: u32 = 8;

/// The columns of the game table; the first two are labels.
const GAME_HEADERS: [&str; 9] = ["depth", "algo", "value", "best", "nodes", "leaves", "alpha", "beta", "time_ms"];

/// The depth searched when `--depth` is not given.
pub fn default_depth(game: LabGame) -> u32 {
    match game {
        LabGame::Tictactoe => TICTACTOE_FULL_DEPTH,
        LabGame::Connect4 => CONNECT4_DEFAULT_DEPTH,
    }
}

/// Runs `abprune lab --game`.
pub fn run(
    game: LabGame,
    position: &str,
    depths: RangeInclusive<u32>,
    algos: &[Algorithm],
    format: Format,
) -> Result<()> {
    match game {
        LabGame::Tictactoe => {
            let board = tictactoe_position(position)?;
            // At most 9 - stones moves at the root, one fewer each ply.
            let empty = 9 - position.chars().filter(char::is_ascii_digit).count() as u32;
            check_work(&depths, algos, |ply| empty.saturating_sub(ply))?;
            measure("tictactoe", position, board, depths, algos, format, u32::from)
        }
        LabGame::Connect4 => {
            let board = Connect4::from_moves(position.trim())
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("invalid --position '{position}'"))?;
            check_work(&depths, algos, |_| WIDTH)?;
            measure("connect4", position.trim(), board, depths, algos, format, |col| u32::from(col) + 1)
        }
    }
}

/// Tic-tac-toe cells 0-8 (spaces and commas between them are allowed).
fn tictactoe_position(text: &str) -> Result<TicTacToe> {
    let mut cells = Vec::new();
    for (index, c) in text.chars().filter(|c| !c.is_whitespace() && *c != ',').enumerate() {
        match c.to_digit(10) {
            Some(digit) if digit <= 8 => cells.push(digit as u8),
            _ => bail!("invalid --position '{text}': move {} '{c}' is not a cell (cells are 0 to 8)", index + 1),
        }
    }
    TicTacToe::from_moves(&cells).map_err(anyhow::Error::msg).with_context(|| format!("invalid --position '{text}'"))
}

/// Refuses searches too big to finish: the unpruned algorithms visit the
/// whole tree (bounded with `moves(ply)` moves at each ply); the pruned ones
/// are counted at the slides' `b^(3d/4)` (exponent 3/4 of the full tree's),
/// a rough guess but the right order for these games' own move orders.
fn check_work(depths: &RangeInclusive<u32>, algos: &[Algorithm], moves: impl Fn(u32) -> u32) -> Result<()> {
    let unpruned = algos.iter().filter(|a| matches!(a, Algorithm::Minimax | Algorithm::Negamax)).count() as f64;
    let pruned = algos.len() as f64 - unpruned;
    let (mut full, mut level, mut work) = (1.0_f64, 1.0_f64, 0.0_f64);
    for ply in 0..=*depths.end() {
        if ply > 0 {
            level *= f64::from(moves(ply - 1).max(1));
            full += level;
        }
        if depths.contains(&ply) {
            work += unpruned * full + pruned * full.powf(0.75);
        }
    }
    if work > MAX_WORK {
        bail!(
            "depth {} would take about {work:.2e} node visits (the full tree is about {full:.2e} nodes); \
             the limit is {MAX_WORK:.0e}: use a smaller --depth or leave out minimax and negamax",
            depths.end()
        );
    }
    Ok(())
}

/// One algorithm at one depth on the position.
struct Measured {
    depth: u32,
    algo: Algorithm,
    value: abprune::Score,
    best: Option<u32>,
    nodes: u64,
    leaves: u64,
    alpha_cutoffs: u64,
    beta_cutoffs: u64,
    micros: u128,
}

fn measure<G: Game + Copy + Display>(
    game_name: &str,
    moves: &str,
    position: G,
    depths: RangeInclusive<u32>,
    algos: &[Algorithm],
    format: Format,
    show_move: impl Fn(G::Move) -> u32,
) -> Result<()> {
    if position.outcome().is_some() {
        bail!("invalid --position '{moves}': the game is already over; there is nothing to search");
    }
    let mut rows = Vec::new();
    for depth in depths {
        for &algo in algos {
            let mut game = position;
            let started = Instant::now();
            let result = algo.run(&mut game, depth, Window::Full, &mut NoTrace);
            let micros = started.elapsed().as_micros();
            rows.push(Measured {
                depth,
                algo,
                value: result.value,
                best: result.best_move.map(&show_move),
                nodes: result.stats.nodes,
                leaves: result.stats.leaves,
                alpha_cutoffs: result.stats.alpha_cutoffs,
                beta_cutoffs: result.stats.beta_cutoffs,
                micros,
            });
        }
    }
    match format {
        Format::Json => {
            let array: Vec<serde_json::Value> = rows.iter().map(|row| row_json(game_name, moves, row)).collect();
            crate::output::outln!("{}", serde_json::to_string_pretty(&array).unwrap_or_default())?;
        }
        Format::Csv => {
            let keys = ["game", "position", "depth", "algo", "value", "value_text", "best_move", "nodes", "leaves"];
            let keys = [&keys[..], &["alpha_cutoffs", "beta_cutoffs", "microseconds"]].concat();
            crate::output::outln!("{}", keys.join(","))?;
            for row in &rows {
                let values = row_json(game_name, moves, row);
                let fields: Vec<String> = keys.iter().map(|&key| csv_field(&values[key])).collect();
                crate::output::outln!("{}", fields.join(","))?;
            }
        }
        Format::Table => {
            crate::output::out!("{position}")?;
            crate::output::outln!("{game_name} position '{moves}': fixed-depth searches (value from the side to move; heuristic unless a win or loss)\n")?;
            let mut table = Table::new(&GAME_HEADERS, 2);
            for (i, row) in rows.iter().enumerate() {
                if i > 0 && rows[i - 1].depth != row.depth {
                    table.separator();
                }
                table.push(vec![
                    row.depth.to_string(),
                    row.algo.name().to_string(),
                    row.value.to_string(),
                    row.best.map_or_else(|| "-".to_string(), |m| m.to_string()),
                    row.nodes.to_string(),
                    row.leaves.to_string(),
                    row.alpha_cutoffs.to_string(),
                    row.beta_cutoffs.to_string(),
                    format!("{:.3}", row.micros as f64 / 1e3),
                ]);
            }
            crate::output::out!("{}", table.render())?;
        }
    }
    Ok(())
}

fn row_json(game_name: &str, moves: &str, row: &Measured) -> serde_json::Value {
    json!({
        "game": game_name,
        "position": moves,
        "depth": row.depth,
        "algo": row.algo.name(),
        "value": row.value.get(),
        "value_text": row.value.to_string(),
        "best_move": row.best,
        "nodes": row.nodes,
        "leaves": row.leaves,
        "alpha_cutoffs": row.alpha_cutoffs,
        "beta_cutoffs": row.beta_cutoffs,
        "microseconds": row.micros as u64,
    })
}
