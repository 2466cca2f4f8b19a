//! `abprune tune gomoku-label`: values positions by abprune's own search,
//! for `abprune tune gomoku-eval` to fit the evaluation to.
//!
//! The input is positions in the text format of Rapfi's self-play
//! (module `tune_eval`, docs/gomoku-data.md). Of the positions the fit
//! would use (quiet, not over, at least `--min-stones` stones), every
//! `--every`-th (from the `--offset`-th on, so that runs with the same
//! `--every` and other offsets label disjoint positions) is searched by the player's engine `--depth` plies deep,
//! its table cleared for each, and written out in the same format: the
//! input's moves and result, then the best move with the search's value
//! in the labels' usual scale (win rate `sigmoid(value / 200)`, forced
//! results beyond 20,000), so the labels of both searches mix in one fit.
//!
//! Labelling is slow (depth 8 takes tens of milliseconds a position), so
//! it is resumable: the positions already in `--out` are counted and
//! skipped, and the output is appended and flushed batch by batch. The
//! result depends only on the input, the options and the build, not on the
//! threads or on where it was resumed.

use crate::status::AtRunTime as _;
use crate::tune::{labelling_engine, MAX_LABEL_DEPTH};
use crate::tune_eval::{open_positions, parse_line, Replayer};
use abprune::{Engine, Game, Horizon, SearchLimits};
use abprune_games::{Gomoku, Point};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Positions searched between two writes of the output.
const BATCH: usize = 512;
/// The value written for a forced win (Rapfi's mate values start at
/// 29,992; `tune gomoku-eval` reads beyond 20,000 as forced).
const FORCED_LABEL: i32 = 30_000;
/// The largest heuristic value written, inside the forced threshold.
const HEURISTIC_LABEL_LIMIT: i32 = 19_000;
/// The labels' scale: a value `v` written means win rate `sigmoid(v / 200)`.
const LABEL_SCALE: f64 = 200.0;

/// Value positions by abprune's own search (for `tune gomoku-eval`).
#[derive(Args, Debug)]
pub struct LabelArgs {
    /// Files of positions in Rapfi's self-play text format (`-` for
    /// standard input); their values, if any, are ignored.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Where the labelled positions go (appended; positions already in it
    /// are skipped, so an interrupted run resumes).
    #[arg(long)]
    out: PathBuf,
    /// Plies of each search.
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// Search every this many-th position the fit would use.
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// ... starting with this one (0-based, below `--every`): runs with
    /// other offsets label other positions, each into its own `--out`.
    #[arg(long, default_value_t = 0)]
    offset: usize,
    /// Positions with fewer stones are left out (as in `tune gomoku-eval`).
    #[arg(long, default_value_t = 4)]
    min_stones: usize,
    /// The evaluation's units per unit of logit (what `tune gomoku-eval`
    /// prints as its scale): search values are divided by it to write them
    /// in the labels' scale.
    #[arg(long, default_value_t = 2333.0)]
    eval_scale: f64,
    /// Stop after this many positions are in `--out`.
    #[arg(long)]
    limit: Option<usize>,
    /// Searching threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// A position to search: its line's fields but the label, and its moves.
struct Job {
    head: String,
    moves: Vec<Point>,
    size: usize,
    rule: abprune_games::Rule,
}

/// Runs the labelling.
pub fn run(args: &LabelArgs) -> Result<()> {
    if args.depth == 0 || args.depth > MAX_LABEL_DEPTH {
        bail!("--depth {} is not between 1 and {MAX_LABEL_DEPTH}", args.depth);
    }
    if args.every == 0 {
        bail!("--every must be at least 1");
    }
    if args.offset >= args.every {
        bail!("--offset {} is not below --every {}", args.offset, args.every);
    }
    if !(args.eval_scale.is_finite() && args.eval_scale > 0.0) {
        bail!("--eval-scale {} is not a positive number", args.eval_scale);
    }
    let threads = args.threads.clamp(1, crate::gomoku::available_cores().max(1) * 4);
    crate::status::check_output(&args.out, "--out")?;
    let done = count_labelled(&args.out)?;
    if args.limit.is_some_and(|limit| done >= limit) {
        eprintln!("# {} already holds {done} positions", args.out.display());
        return Ok(());
    }
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("cannot open {} to append", args.out.display()))?;
    let mut candidates = 0usize;
    let mut written = done;
    let mut batch = Vec::with_capacity(BATCH);
    let started = std::time::Instant::now();
    let mut reader = Replayer::default();
    'files: for path in &args.files {
        for (number, line) in open_positions(path)?.enumerate() {
            let at = || format!("{} line {}", path.display(), number + 1);
            let line = line.with_context(at)?;
            let Some(labelled) = parse_line(&line).with_context(at)? else { continue };
            let (game, _) = reader.advance(&labelled).with_context(at)?;
            if labelled.moves.len() < args.min_stones || !is_quiet(game) {
                continue;
            }
            candidates += 1;
            if (candidates - 1) % args.every != args.offset {
                continue;
            }
            let selected = (candidates - 1) / args.every;
            if selected < done {
                continue;
            }
            let head = line.trim().splitn(5, ',').take(4).collect::<Vec<_>>().join(",");
            batch.push(Job { head, moves: labelled.moves, size: labelled.size, rule: labelled.rule });
            let room = args.limit.map_or(usize::MAX, |limit| limit - written);
            if batch.len() == BATCH.min(room) {
                written += write_batch(&mut out, &label_batch(&batch, args, threads)?)?;
                batch.clear();
                let rate = (written - done) as f64 / started.elapsed().as_secs_f64().max(1e-3);
                eprintln!("# {written} positions labelled ({rate:.1} a second)");
                if args.limit.is_some_and(|limit| written >= limit) {
                    break 'files;
                }
            }
        }
    }
    if !batch.is_empty() {
        written += write_batch(&mut out, &label_batch(&batch, args, threads)?)?;
    }
    eprintln!("# {written} positions in {} ({} new)", args.out.display(), written - done);
    Ok(())
}

/// Whether the fit would use `game`: not over, and quiet (its horizon
/// offers no forced reply and no known value).
fn is_quiet(game: &Gomoku) -> bool {
    let mut forcing = Vec::new();
    game.outcome().is_none() && game.horizon(&mut forcing) == Horizon::Quiet
}

/// The labelled positions already in `path` (0 if it does not exist),
/// each line checked as `tune gomoku-eval` reads it (a junk line is an
/// error naming it, not a position counted); a torn last line (a write
/// the interrupted run left without its end of line) is cut first, so
/// that what is appended starts a line of its own.
fn count_labelled(path: &std::path::Path) -> Result<usize> {
    let name = path.display();
    let length = match std::fs::metadata(path) {
        Ok(metadata) => metadata.len(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(error) => return Err(error).with_context(|| format!("cannot read --out '{name}'")),
    };
    let bytes = crate::input::read_file(path, crate::input::MAX_POSITIONS_BYTES, "--out")?;
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
    if (whole as u64) < length {
        let file =
            std::fs::OpenOptions::new().write(true).open(path).with_context(|| format!("cannot open '{name}'"))?;
        file.set_len(whole as u64).with_context(|| format!("cannot cut '{name}'")).at_run_time()?;
        eprintln!("# {name}: cut its last {} bytes, a line left incomplete by a stopped run", length - whole as u64);
    }
    let mut reader = Replayer::default();
    let mut count = 0;
    for (number, line) in crate::tune_eval::capped_lines(Box::new(&bytes[..whole])).enumerate() {
        let at = || format!("--out '{name}' line {}", number + 1);
        let line = line.with_context(at)?;
        match parse_line(&line).with_context(at)? {
            Some(labelled) => {
                reader.advance(&labelled).with_context(at)?;
            }
            None => bail!("{}: not a labelled position (no best move with its value)", at()),
        }
        count += 1;
    }
    Ok(count)
}

/// The labelled lines of `batch`, in its order, searched on `threads`.
fn label_batch(batch: &[Job], args: &LabelArgs, threads: usize) -> Result<Vec<String>> {
    let chunk = batch.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| -> Result<Vec<String>> {
        let workers: Vec<_> = batch
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || -> Result<Vec<String>> {
                    let mut engine = labelling_engine()?;
                    let limits = SearchLimits::none().with_depth(args.depth);
                    part.iter().map(|job| label_one(&mut engine, job, &limits, args.eval_scale)).collect()
                })
            })
            .collect();
        let mut lines = Vec::with_capacity(batch.len());
        for worker in workers {
            lines.extend(worker.join().map_err(|_| anyhow::anyhow!("a labelling thread panicked")).at_run_time()??);
        }
        Ok(lines)
    })
}

/// One position searched and written as a line.
fn label_one(engine: &mut Engine<Point>, job: &Job, limits: &SearchLimits, eval_scale: f64) -> Result<String> {
    let mut position = Gomoku::new(job.size, job.rule).map_err(anyhow::Error::msg)?;
    for &mv in &job.moves {
        position.try_play(mv).map_err(|error| anyhow::anyhow!("move {mv}: {error}"))?;
    }
    engine.clear();
    let result = engine.search(&mut position, limits, |_| {});
    let value = if result.value.is_win() {
        FORCED_LABEL
    } else if result.value.is_loss() {
        -FORCED_LABEL
    } else {
        let scaled = f64::from(result.value.get()) * LABEL_SCALE / eval_scale;
        (scaled.round() as i32).clamp(-HEURISTIC_LABEL_LIMIT, HEURISTIC_LABEL_LIMIT)
    };
    let best = result.best_move.map(move_text).context("the search found no move in a position not over")?;
    Ok(format!("{},{best}({value})", job.head))
}

/// A move in the format's notation: the column letter from `A`, the row
/// number from 1.
fn move_text(mv: Point) -> String {
    format!("{}{}", char::from(b'A' + mv.x), mv.y + 1)
}

/// Appends `lines` and flushes; the number written.
fn write_batch(out: &mut std::fs::File, lines: &[String]) -> Result<usize> {
    let mut text = String::with_capacity(lines.len() * 64);
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    out.write_all(text.as_bytes()).context("cannot write the labelled positions")?;
    out.flush().context("cannot write the labelled positions")?;
    Ok(lines.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh file name in the temporary folder.
    fn temporary(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("abprune-label-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    fn arguments(input: &std::path::Path, out: &std::path::Path, limit: Option<usize>) -> LabelArgs {
        LabelArgs {
            files: vec![input.to_path_buf()],
            out: out.to_path_buf(),
            depth: 2,
            every: 2,
            offset: 0,
            min_stones: 2,
            eval_scale: 2333.0,
            limit,
            threads: 2,
        }
    }

    /// Two games: a quiet opening, and one where black (to move) has an
    /// open three to make an open four of, and the game's last stone.
    const INPUT: &str = "\
15,Freestyle,H8,1,I9(10)
15,Freestyle,H8I9,1,I8(10)
15,Freestyle,H8I9J10,1,G7(10)
15,Freestyle,H8I9J10G7,1,I10(10)
15,Freestyle,H8I9J10G7I10,1,H10(10)
15,Freestyle,H8A1I8A2J8A15,2,K8(-3)
15,Freestyle,H8A1I8A2J8A15K8,0,
";

    #[test]
    fn every_other_quiet_position_is_searched_and_reads_back() {
        let input = temporary("input.txt");
        std::fs::write(&input, INPUT).unwrap();
        let out = temporary("out.txt");
        run(&arguments(&input, &out, None)).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // Quiet with at least two stones: the four positions of the first
        // game from two stones on (every other one kept: two); the second
        // game's position has an open-four move (not quiet), its last line
        // no value (skipped).
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].starts_with("15,Freestyle,H8I9,1,"), "{}", lines[0]);
        assert!(lines[1].starts_with("15,Freestyle,H8I9J10G7,1,"), "{}", lines[1]);
        for line in &lines {
            let labelled = parse_line(line).unwrap().expect("a labelled line");
            assert!(labelled.value.abs() <= HEURISTIC_LABEL_LIMIT, "{line}");
        }
        let _ = std::fs::remove_file(&input);
        let _ = std::fs::remove_file(&out);
    }

    #[test]
    fn the_offset_labels_the_other_positions() {
        let input = temporary("offset-input.txt");
        std::fs::write(&input, INPUT).unwrap();
        let out = temporary("offset-out.txt");
        let args = LabelArgs { offset: 1, ..arguments(&input, &out, None) };
        run(&args).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let heads: Vec<&str> = text.lines().map(|line| line.rsplit_once(',').map_or(line, |(head, _)| head)).collect();
        // The first game's quiet positions from two stones on but the two
        // the first test's offset 0 takes.
        assert_eq!(heads, ["15,Freestyle,H8I9J10,1", "15,Freestyle,H8I9J10G7I10,1"], "{text}");
        let _ = std::fs::remove_file(&input);
        let _ = std::fs::remove_file(&out);
    }

    #[test]
    fn a_run_resumed_writes_what_one_run_writes() {
        let input = temporary("resume-input.txt");
        std::fs::write(&input, INPUT.repeat(3)).unwrap();
        let (whole, parts) = (temporary("whole.txt"), temporary("parts.txt"));
        run(&arguments(&input, &whole, None)).unwrap();
        run(&arguments(&input, &parts, Some(1))).unwrap();
        assert_eq!(std::fs::read_to_string(&parts).unwrap().lines().count(), 1);
        run(&arguments(&input, &parts, Some(1))).unwrap();
        assert_eq!(std::fs::read_to_string(&parts).unwrap().lines().count(), 1, "the limit is reached");
        run(&arguments(&input, &parts, None)).unwrap();
        assert_eq!(std::fs::read_to_string(&parts).unwrap(), std::fs::read_to_string(&whole).unwrap());
        for path in [input, whole, parts] {
            let _ = std::fs::remove_file(path);
        }
    }

    #[test]
    fn a_forced_win_is_written_beyond_the_forced_threshold() {
        // Black to move with an open three on row 8 (not a quiet position,
        // which the run skips, but the labelling search values it too).
        let moves = parse_line("15,Freestyle,H8A1I8A3J8A15,2,K8(0)").unwrap().unwrap().moves;
        let job =
            Job { head: "15,Freestyle,H8A1I8A3J8A15,2".into(), moves, size: 15, rule: abprune_games::Rule::Freestyle };
        let mut engine = labelling_engine().unwrap();
        let line = label_one(&mut engine, &job, &SearchLimits::none().with_depth(2), 2333.0).unwrap();
        assert_eq!(parse_line(&line).unwrap().unwrap().value, FORCED_LABEL, "{line}");
        let job = Job { head: "15,Freestyle,H8I9,1".into(), moves: vec![Point::new(7, 7), Point::new(8, 8)], ..job };
        let line = label_one(&mut engine, &job, &SearchLimits::none().with_depth(2), 2333.0).unwrap();
        assert!(parse_line(&line).unwrap().unwrap().value.abs() < HEURISTIC_LABEL_LIMIT, "{line}");
    }

    #[test]
    fn impossible_options_are_refused() {
        let out = temporary("refused.txt");
        let input = temporary("refused-input.txt");
        for (depth, every, scale) in [(0, 1, 1.0), (MAX_LABEL_DEPTH + 1, 1, 1.0), (2, 0, 1.0), (2, 1, -1.0)] {
            let mut args = arguments(&input, &out, None);
            (args.depth, args.every, args.eval_scale) = (depth, every, scale);
            assert!(run(&args).is_err(), "depth {depth} every {every} scale {scale}");
        }
        let args = LabelArgs { offset: 2, ..arguments(&input, &out, None) };
        assert!(run(&args).unwrap_err().to_string().contains("--offset 2 is not below --every 2"));
        assert!(!out.exists(), "nothing written");
    }
}
