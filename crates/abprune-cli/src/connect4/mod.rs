//! `abprune solve connect4`: exact Connect Four values, one position or a
//! batch; its neighbours: `analyze` (every move's score), `play` (a perfect
//! opponent), `book` (the opening book, built with the engine) and the
//! cost curve's plot.

pub mod analyze;
pub mod book;
pub mod curve;
pub mod options;
pub mod play;
pub mod thinking;

use abprune::{Engine, EngineOptions, ParallelScheme, SearchLimits, SolveMode, Variant};
use abprune_front::outcome_word;
use abprune_games::connect4::solver::{Answer, Solver};
use abprune_games::connect4::{self, Connect4};
use abprune_games::Connect4 as Position;
use anyhow::{bail, Context as _, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use options::BookArgs;
use std::io::Write;
use std::time::Duration;

/// Options of `abprune solve connect4`.
#[derive(Args, Debug)]
pub struct Connect4Args {
    /// The position: the columns played from the empty board, 1-based, the
    /// first player first (e.g. `4453`; empty for the empty board).
    #[arg(required_unless_present = "batch")]
    moves: Option<String>,
    /// Only win, draw or loss (faster than the exact score).
    #[arg(long)]
    weak: bool,
    /// Solve every line `MOVES [EXPECTED]` of FILE (`-` for stdin) and check EXPECTED.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    batch: Option<String>,
    /// In a batch, keep the table from one position to the next instead of
    /// starting each from an empty table.
    #[arg(long, requires = "batch")]
    keep_table: bool,
    /// Transposition table budget in MiB. Beside the near-leaf table it
    /// holds only the nodes far from the end. Default: 16 with one thread
    /// (never filled on the public sets), 1 with more: a table grows into
    /// its budget only under pressure, and all at once when the threads
    /// start (growing is not safe once they share it), which costs a 16 MiB
    /// table hundreds of microseconds per solve (Test_L1_R1 with 2 threads:
    /// 854 us a position against 685 us with 1 MiB).
    #[arg(long, value_name = "MiB")]
    table_mib: Option<usize>,
    /// Budget in KiB of the near-leaf table, which holds the nodes within
    /// `--near-plies` of the end of the game in a table the size of a
    /// processor cache, shared by the threads (0: one table for every
    /// node). Measured: Test_L1_R3 1.27 times faster with one thread, the
    /// other sets alike.
    #[arg(long, value_name = "KiB", default_value_t = connect4::NEAR_TABLE_KIB)]
    near_table_kib: usize,
    /// A node with at most this many plies left goes to the near-leaf table.
    #[arg(long, value_name = "PLIES", default_value_t = abprune::DEFAULT_NEAR_PLIES)]
    near_plies: u32,
    /// Search variant of the null-window probes.
    #[arg(long, value_parser = ["pvs", "alphabeta", "mtdf"], default_value = "pvs")]
    variant: String,
    /// Turn on the killer and history heuristics. Off by default for Connect
    /// Four: measured on Test_L2_R2 they triple the nodes, because the
    /// game's threat counts and centre-first order already rank moves better.
    #[arg(long)]
    killers_history: bool,
    /// Turn off the game's move hints (to measure what they buy).
    #[arg(long)]
    no_hints: bool,
    /// Enhanced transposition cutoffs (probe every child in the table first).
    #[arg(long)]
    etc: bool,
    /// Do not start loading the children's table entries before searching
    /// them (to measure what the prefetch buys).
    #[arg(long)]
    no_prefetch: bool,
    /// Print one JSON object per position instead of text.
    #[arg(long)]
    json: bool,
    /// Threads searching each position (default: one per core). 1 is the
    /// single-threaded search, node for node; more share the table. A
    /// position solved in a few tenths of a millisecond is searched by one
    /// thread anyway: starting the others would cost more than it saves.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// How threads beyond the first share the work: `lazy-smp` (only through
    /// the table) or `abdada` (a move another thread is searching is put off).
    #[arg(long, value_parser = ["lazy-smp", "abdada"], default_value = "abdada")]
    parallel: String,
    /// With threads, the nodes the first thread searches alone before it
    /// starts the others (the default is the library's).
    #[arg(long, value_name = "NODES", hide = true)]
    helpers_after: Option<u64>,
    #[command(flatten)]
    book: BookArgs,
}

impl Connect4Args {
    /// The engine these options ask for.
    pub fn engine(&self) -> Result<Engine<u8>> {
        let variant = match self.variant.as_str() {
            "alphabeta" => Variant::FailSoftAlphaBeta,
            "mtdf" => Variant::Mtdf,
            _ => Variant::Pvs,
        };
        // The game's tuned settings, then what the options change.
        let tuned = connect4::engine_options(self.threads());
        let options = EngineOptions {
            variant,
            table_mib: self.table_mib.unwrap_or(tuned.table_mib),
            near_table_kib: self.near_table_kib,
            near_plies: self.near_plies,
            killers: self.killers_history,
            history: self.killers_history,
            hints: !self.no_hints,
            enhanced_cutoffs: self.etc,
            prefetch: !self.no_prefetch,
            parallel: if self.parallel == "abdada" { ParallelScheme::Abdada } else { ParallelScheme::LazySmp },
            helpers_after_nodes: self.helpers_after.unwrap_or(tuned.helpers_after_nodes),
            ..tuned
        };
        if options.table_mib == 0 && options.near_table_kib > 0 {
            bail!("--table-mib 0 turns the tables off, and the near-leaf table needs the main one: add --near-table-kib 0");
        }
        crate::limits::check_tables(&options, 1, "--table-mib and --near-table-kib")?;
        let mut engine =
            Engine::new(options).map_err(anyhow::Error::msg).context("--table-mib and --near-table-kib")?;
        // Made now, so that the first position's time does not include them.
        engine.allocate_tables().map_err(anyhow::Error::msg).context("--table-mib and --near-table-kib")?;
        Ok(engine)
    }

    /// The threads asked for, or one per core.
    fn threads(&self) -> usize {
        match self.threads {
            Some(threads) => threads as usize,
            None => std::thread::available_parallelism().map_or(1, |cores| cores.get()),
        }
    }

    fn mode(&self) -> SolveMode {
        if self.weak {
            SolveMode::Weak
        } else {
            SolveMode::Strong
        }
    }
}

/// Runs `abprune solve connect4`.
pub fn run(args: &Connect4Args) -> Result<()> {
    let book = args.book.load()?;
    let mut solver = Solver::new(args.engine()?, book);
    match &args.batch {
        Some(path) => batch(args, &mut solver, path),
        None => single(args, &mut solver, args.moves.as_deref().unwrap_or("")),
    }
}

fn solve(solver: &mut Solver, position: &Connect4, mode: SolveMode) -> Result<Answer> {
    solver.solve(position, mode, &SearchLimits::none()).map_err(anyhow::Error::msg)
}

/// The value in the benchmark's convention, or W/D/L for a weak solve.
fn describe(answer: &Answer, weak: bool) -> String {
    if weak {
        outcome_word(answer.score.signum()).to_string()
    } else {
        answer.score.to_string()
    }
}

fn single(args: &Connect4Args, solver: &mut Solver, moves: &str) -> Result<()> {
    let position = Position::from_moves(moves.trim()).map_err(anyhow::Error::msg).context("invalid position")?;
    // The best move by the one rule (the centre-most of equals), as
    // `analyze`, `play` and Python's `best_move()` name it.
    let mut thinking = thinking::Thinking::start(args.weak);
    let result = solver
        .best_move_with(&position, args.mode(), &SearchLimits::none(), &mut |progress| thinking.update(progress))
        .map_err(anyhow::Error::msg)?;
    thinking.finish();
    let value = describe(&result, args.weak);
    let best = result.best_move.map(|col| col + 1);
    let threads = solver.engine_mut().options().threads;
    if args.json {
        let json = serde_json::json!({
            "moves": moves.trim(),
            "score": if args.weak { serde_json::Value::from(value) } else { serde_json::Value::from(result.score) },
            "best_move": best,
            "plies_to_end": result.plies_to_end,
            "nodes": result.nodes,
            "from_book": result.from_book,
            "threads": threads,
            "microseconds": result.elapsed.as_micros() as u64,
        });
        crate::output::outln!("{json}")?;
        return Ok(());
    }
    crate::output::out!("{position}")?;
    crate::output::outln!(
        "score       {value}{}",
        if args.weak { "" } else { "  (positive: the side to move wins; 22 - stones of the winner)" }
    )?;
    match result.plies_to_end {
        Some(plies) => crate::output::outln!("outcome     {} in {plies} plies", outcome_word(result.score.signum()))?,
        None if !args.weak => crate::output::outln!("outcome     draw")?,
        None => {}
    }
    if let Some(col) = best {
        crate::output::outln!("best move   {col}")?;
    }
    if result.from_book {
        crate::output::outln!(
            "source      the book (every position of up to {} plies)",
            solver.book().map_or(0, |book| book.plies())
        )?;
    } else {
        crate::output::outln!("nodes       {}  (all threads)", result.nodes)?;
        crate::output::outln!("threads     {threads}")?;
    }
    crate::output::outln!("time        {:.3} ms", result.elapsed.as_secs_f64() * 1e3)?;
    Ok(())
}

/// Running totals of a batch.
#[derive(Default)]
struct Tally {
    positions: u64,
    checked: u64,
    correct: u64,
    wrong: u64,
    bad_lines: u64,
    nodes: u64,
    time: Duration,
}

fn batch(args: &Connect4Args, solver: &mut Solver, path: &str) -> Result<()> {
    let bytes = crate::input::read_file_or_stdin(path, crate::input::MAX_BATCH_BYTES, "batch")?;
    let lines: Vec<Result<&str, String>> = crate::quote::text_lines(&bytes).collect();
    let progress = ProgressBar::new(lines.len() as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} elapsed, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut tally = Tally::default();
    let mut out = crate::output::Stdout;
    for (number, line) in lines.into_iter().enumerate() {
        progress.inc(1);
        let place = format!("{}:{}", crate::quote::excerpt(path), number + 1);
        let outcome = match line {
            Ok(line) if line.trim().is_empty() || line.trim().starts_with('#') => continue,
            Ok(line) => batch_line(args, solver, line.trim(), &mut tally, &mut out),
            Err(error) => Err(anyhow::anyhow!(error)),
        };
        match outcome {
            Ok(Checked::Right | Checked::Unchecked) => {}
            Ok(Checked::Wrong(message)) => progress.suspend(|| eprintln!("error: {place}: {message}")),
            Err(error) if crate::output::is_output_error(&error) => return Err(error),
            Err(error) => {
                tally.bad_lines += 1;
                progress.suspend(|| eprintln!("error: {}", crate::quote::one_line(&format!("{place}: {error:#}"))));
            }
        }
    }
    progress.finish_and_clear();
    summary(&tally, solver.engine_mut().options().threads, &mut out)?;
    if tally.wrong > 0 {
        bail!("{} of {} checked positions got a wrong answer", tally.wrong, tally.checked);
    }
    if tally.bad_lines > 0 {
        bail!("{} line(s) of '{path}' could not be read as positions", tally.bad_lines);
    }
    Ok(())
}

/// What a batch line's check found.
enum Checked {
    /// No expected score given.
    Unchecked,
    /// The expected score.
    Right,
    /// Another score: what was expected and what was solved.
    Wrong(String),
}

/// The expected score of a batch line.
fn parse_expected(text: &str) -> Result<i32> {
    match text.parse::<i32>() {
        Ok(score) => Ok(score),
        Err(_) if text.trim_start_matches(['-', '+']).bytes().all(|b| b.is_ascii_digit()) && text.len() > 1 => {
            bail!("expected score '{}' is out of range (scores lie within -21..=21)", crate::quote::excerpt(text))
        }
        Err(_) => bail!("expected score '{}' is not an integer", crate::quote::excerpt(text)),
    }
}

fn batch_line(
    args: &Connect4Args,
    solver: &mut Solver,
    line: &str,
    tally: &mut Tally,
    out: &mut impl Write,
) -> Result<Checked> {
    let mut fields = line.split_whitespace();
    let moves = fields.next().unwrap_or("");
    let expected = fields.next().map(parse_expected).transpose()?;
    if let Some(extra) = fields.next() {
        bail!("unexpected '{}' after the expected score", crate::quote::excerpt(extra));
    }
    let position = Position::from_moves(moves).map_err(anyhow::Error::msg)?;
    if !args.keep_table {
        solver.engine_mut().clear();
    }
    let result = solve(solver, &position, args.mode())?;
    let value = describe(&result, args.weak);
    let micros = result.elapsed.as_micros();
    tally.positions += 1;
    tally.nodes += result.nodes;
    tally.time += result.elapsed;
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::json!({"moves": moves, "score": value, "nodes": result.nodes, "microseconds": micros as u64})
        )?;
    } else {
        writeln!(out, "{moves} {value} {} {micros}", result.nodes)?;
    }
    let Some(expected) = expected else { return Ok(Checked::Unchecked) };
    tally.checked += 1;
    let right = if args.weak { value == outcome_word(expected.signum()) } else { value == expected.to_string() };
    if right {
        tally.correct += 1;
        Ok(Checked::Right)
    } else {
        tally.wrong += 1;
        Ok(Checked::Wrong(format!("{moves}: expected {expected}, solved {value}")))
    }
}

fn summary(tally: &Tally, threads: usize, out: &mut impl Write) -> Result<()> {
    let positions = tally.positions.max(1);
    let mean_micros = tally.time.as_secs_f64() * 1e6 / positions as f64;
    let nodes_per_second = tally.nodes as f64 / tally.time.as_secs_f64().max(1e-9);
    writeln!(out, "# positions {}", tally.positions)?;
    writeln!(out, "# threads {threads}")?;
    writeln!(out, "# correct {} of {} checked", tally.correct, tally.checked)?;
    writeln!(out, "# mean time {mean_micros:.1} us")?;
    writeln!(out, "# mean nodes {:.1}", tally.nodes as f64 / positions as f64)?;
    writeln!(out, "# nodes/s {nodes_per_second:.0}")?;
    Ok(())
}
