//! `abprune solve gomoku`: the engine's move for a position.

use super::{format_line, BoardArgs, Player};
use abprune::SearchLimits;
use abprune_games::Gomoku;
use anyhow::{bail, Result};
use clap::Args;
use serde_json::json;
use std::time::Duration;

/// Thinking time when neither `--depth` nor `--time` is given.
pub const DEFAULT_TIME: Duration = Duration::from_secs(2);

/// Options of `abprune solve gomoku`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Search to this depth in plies, however long it takes.
    #[arg(long, conflicts_with = "time", value_parser = clap::value_parser!(u32).range(1..))]
    depth: Option<u32>,
    /// Think this long (e.g. `2s`, `500ms`); 2 s when no `--depth` is given.
    #[arg(long, value_parser = crate::limits::parse_duration)]
    time: Option<Duration>,
    /// Print one JSON object: move, score, depth, nodes, time_ms, pv.
    #[arg(long)]
    json: bool,
    /// Engine switches, e.g. `order=board,vcf=off` (see `abprune match gomoku --help`).
    #[arg(long, default_value = "")]
    set: String,
    /// Search threads (default: the number of cores; 1 is the
    /// deterministic single-threaded search).
    #[arg(long, value_parser = crate::limits::parse_threads)]
    threads: Option<usize>,
    /// The moves from the empty board, black first (e.g. `h8 h9 i8`).
    moves: Vec<String>,
}

/// Runs `abprune solve gomoku`.
pub fn run(args: &SolveArgs) -> Result<()> {
    let game = args.board.position(&args.moves.join(" "))?;
    if game.is_over() {
        bail!("the game is already over: there is no move to find");
    }
    let threads = args.threads.unwrap_or_else(super::available_cores);
    let settings = super::settings_with(|settings| settings.engine.parallel.threads = threads, &args.set, "--set", 1)?;
    let mut player = Player::new(settings)?;
    let limits = match args.depth {
        Some(depth) => SearchLimits::none().with_depth(depth),
        None => SearchLimits::none().with_time(args.time.unwrap_or(DEFAULT_TIME)),
    };
    let json = args.json;
    let Some(decision) = player.decide(&game, &limits, |info| {
        if !json {
            eprintln!(
                "depth {:>2}  score {:>10}  nodes {:>10}  {:>8} nodes/s  {:>6} ms  pv {}",
                info.depth,
                info.value.to_string(),
                info.nodes,
                info.nodes_per_second,
                info.elapsed.as_millis(),
                format_line(&info.pv)
            );
        }
    }) else {
        bail!("the game is already over: there is no move to find");
    };
    let mv = Gomoku::format_point(decision.mv);
    if json {
        let outcome = (!decision.score.is_heuristic()).then(|| decision.score.to_string());
        let object = json!({
            "move": mv,
            "score": decision.score.get(),
            "outcome": outcome,
            "depth": decision.depth,
            "nodes": decision.nodes,
            "time_ms": decision.elapsed.as_secs_f64() * 1e3,
            "pv": decision.pv.iter().map(|&p| Gomoku::format_point(p)).collect::<Vec<_>>(),
            "found_by": format!("{:?}", decision.reason).to_lowercase(),
        });
        crate::output::outln!("{object}")?;
    } else {
        crate::output::out!("{game}")?;
        crate::output::outln!(
            "move {mv}  score {}\ndepth {}  nodes {}  time {:.0} ms  ({:?})\npv {}",
            super::score_text(decision.score, "the side to move"),
            decision.depth,
            decision.nodes,
            decision.elapsed.as_secs_f64() * 1e3,
            decision.reason,
            format_line(&decision.pv)
        )?;
    }
    Ok(())
}
