//! `abprune book connect4`: the opening book, built by the engine.
//!
//! `build` solves every position of up to `--plies` stones (a position and
//! its mirror image once) with the engine's exact solve, depth first: each
//! position right after the one it came from, whose solve has just filled
//! the table with what its own needs (after the empty board, the seven
//! positions of two stones "4x" took 24 s together, where one such
//! position alone takes about a minute). Then it checks every position of
//! fewer plies against its moves: its score must be the best of the
//! scores its moves lead to (from the rules and the book one ply deeper),
//! and its move must reach it. Two derivations of every score agree, or
//! the build fails.
//!
//! Each position's best move goes with its score: the move the engine's
//! bisection proved to keep the score (the quickest win, the slowest loss).
//!
//! Every solve is written to a journal beside the output (`FILE.journal`,
//! one line `KEY SCORE MOVE` per position) as it finishes, so a build that
//! is stopped goes on where it was when started again with the same output
//! (and the same or more `--plies`).

use super::options::read_book;
use abprune::{Engine, EngineOptions, Game, ParallelScheme, SearchLimits, SolveMode};
use abprune_games::connect4::book::{self, Book};
use abprune_games::connect4::{benchmark_score, Connect4, CELLS, WIDTH};
use anyhow::{bail, Context as _, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::{HashMap, HashSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The first line of a journal, before the plies.
/// The first line of a journal: its entries hold for a build of any plies.
const JOURNAL_HEADER: &str = "abprune connect4 book journal v1";
/// The benchmark score of a win: this minus the winner's stones.
const SCORE_BASE: i32 = 22;
/// Columns in the order the depth-first build visits them: the centre
/// first, the lines a solve searches first.
const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// What `abprune book connect4` does.
#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Solve every position of up to PLIES stones and write the book.
    Build(BuildArgs),
    /// Check a book file and say what it holds.
    Info(InfoArgs),
}

/// Options of `abprune book connect4 build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Every position with at most this many stones goes into the book.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=8))]
    plies: u32,
    /// The book file to write (its journal is FILE.journal).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Transposition table budget in MiB, kept from one solve to the next
    /// (positions of one layer share much of their trees).
    #[arg(long, value_name = "MiB", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    table_mib: u64,
    /// Threads searching each solve.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: u64,
}

/// Options of `abprune book connect4 info`.
#[derive(Args, Debug)]
pub struct InfoArgs {
    /// The book file (default: the book shipped with abprune).
    file: Option<PathBuf>,
}

/// Runs `abprune book connect4 ...`.
pub fn run(command: &BookCommand) -> Result<()> {
    match command {
        BookCommand::Build(args) => build(args),
        BookCommand::Info(args) => info(args),
    }
}

fn info(args: &InfoArgs) -> Result<()> {
    let (book, name) = match &args.file {
        Some(path) => (Arc::new(read_book(path)?), path.display().to_string()),
        None => (book::shipped().context("this abprune ships no book")?, "shipped with abprune".to_string()),
    };
    let bytes = book.to_bytes().len();
    crate::output::outln!("book        {name}")?;
    crate::output::outln!("plies       {} (every position of up to {} stones)", book.plies(), book.plies())?;
    crate::output::outln!("positions   {} (a position and its mirror image once)", book.len())?;
    crate::output::outln!("bytes       {bytes}")?;
    crate::output::outln!("checksum    ok")?;
    if let Some(score) = book.score(&Connect4::new()) {
        crate::output::outln!("empty board {score}")?;
    }
    Ok(())
}

/// Every position of `plies` stones that no one has won, one per mirror
/// pair, by symmetric key; each layer from the one before it.
pub fn layers(plies: u32) -> Vec<HashMap<u64, Connect4>> {
    let empty = Connect4::new();
    let mut layers = vec![HashMap::from([(empty.symmetric_key(), empty)])];
    for _ in 0..plies {
        let mut next = HashMap::new();
        for position in layers.last().into_iter().flat_map(|layer| layer.values()) {
            for col in (0..WIDTH as u8).filter(|&col| position.can_play(col) && !position.is_winning_move(col)) {
                let mut child = *position;
                child.play(col);
                next.entry(child.symmetric_key()).or_insert(child);
            }
        }
        layers.push(next);
    }
    layers
}

fn build(args: &BuildArgs) -> Result<()> {
    let layers = layers(args.plies);
    let all: HashMap<u64, Connect4> = layers.iter().flat_map(|layer| layer.iter().map(|(&k, &p)| (k, p))).collect();
    eprintln!("{} positions of up to {} plies to solve", all.len(), args.plies);
    let journal_path = journal_path(&args.out);
    let mut solved = read_journal(&journal_path, &all)?;
    let mut build = Build::start(args, &journal_path, &solved, all.len())?;
    build.depth_first(Connect4::new(), args.plies, &mut solved, &mut HashSet::new())?;
    build.progress.finish_and_clear();
    check_layers(&layers, &solved)?;
    let entries = solved.into_iter().map(|(key, (score, col))| (key, score, col)).collect();
    let book = Book::from_entries(args.plies, entries).map_err(anyhow::Error::msg)?;
    let temporary = args.out.with_extension("partial");
    std::fs::write(&temporary, book.to_bytes()).with_context(|| format!("cannot write '{}'", temporary.display()))?;
    std::fs::rename(&temporary, &args.out).with_context(|| format!("cannot write '{}'", args.out.display()))?;
    // The book is whole: its journal has served.
    let _ = std::fs::remove_file(&journal_path);
    crate::output::outln!("wrote {} ({} positions, {} bytes)", args.out.display(), book.len(), book.to_bytes().len())?;
    Ok(())
}

fn journal_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".journal");
    PathBuf::from(name)
}

/// A position's score and best move (in the orientation of its symmetric key).
type Scored = (i8, u8);

/// The scores a journal holds, checked against the positions they must belong to.
fn read_journal(path: &Path, positions: &HashMap<u64, Connect4>) -> Result<HashMap<u64, Scored>> {
    let mut solved = HashMap::new();
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(solved),
        Err(error) => return Err(error).with_context(|| format!("cannot read journal '{}'", path.display())),
    };
    let name = path.display();
    let Ok(text) = std::str::from_utf8(&text) else { bail!("journal '{name}' is not text") };
    let mut lines = text.split_inclusive('\n').enumerate();
    let header = format!("{JOURNAL_HEADER}\n");
    if lines.next().map(|(_, line)| line) != Some(header.as_str()) {
        bail!("journal '{name}': line 1 is not '{}' (another build's journal?)", header.trim_end());
    }
    for (index, line) in lines {
        // A line cut short by a stopped build is dropped, and solved again.
        if !line.ends_with('\n') {
            break;
        }
        match parse_journal_line(line) {
            // A deeper build's position: not needed here.
            Some((key, _, _)) if !positions.contains_key(&key) => {}
            Some((key, score, col)) => {
                solved.insert(key, (score, col));
            }
            None => bail!("journal '{name}': line {} is not a position's key, score and move", index + 1),
        }
    }
    Ok(solved)
}

/// A journal line `KEY SCORE MOVE` (hexadecimal key, move a 0-based column).
fn parse_journal_line(line: &str) -> Option<(u64, i8, u8)> {
    let mut fields = line.split_whitespace();
    let key = u64::from_str_radix(fields.next()?, 16).ok()?;
    let score = fields.next()?.parse::<i8>().ok()?;
    let col = fields.next()?.parse::<u8>().ok().filter(|&col| u32::from(col) < WIDTH)?;
    fields.next().is_none().then_some((key, score, col))
}

/// A build under way: the engine, the journal and the progress bar.
struct Build {
    engine: Engine<u8>,
    journal: std::fs::File,
    progress: ProgressBar,
}

impl Build {
    fn start(args: &BuildArgs, journal_path: &Path, solved: &HashMap<u64, Scored>, total: usize) -> Result<Build> {
        let fresh = !journal_path.exists();
        let mut journal = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(journal_path)
            .with_context(|| format!("cannot open journal '{}'", journal_path.display()))?;
        if fresh {
            writeln!(journal, "{JOURNAL_HEADER}")?;
        }
        let progress = ProgressBar::new(total as u64).with_position(solved.len() as u64);
        progress.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} positions solved, {elapsed} elapsed, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Ok(Build { engine: build_engine(args)?, journal, progress })
    }

    /// Solves `position` unless the journal has it, then the positions its
    /// moves lead to (centre first, each once), `plies` more deep.
    fn depth_first(
        &mut self,
        position: Connect4,
        plies: u32,
        solved: &mut HashMap<u64, Scored>,
        visited: &mut HashSet<u64>,
    ) -> Result<()> {
        let key = position.symmetric_key();
        if let std::collections::hash_map::Entry::Vacant(entry) = solved.entry(key) {
            let scored = self.solve(&position)?;
            writeln!(self.journal, "{key:x} {} {}", scored.0, scored.1)?;
            self.journal.flush()?;
            entry.insert(scored);
            self.progress.inc(1);
        }
        if plies == 0 {
            return Ok(());
        }
        for col in CENTRE_FIRST.into_iter().filter(|&col| position.can_play(col) && !position.is_winning_move(col)) {
            let mut child = position;
            child.play(col);
            if visited.insert(child.symmetric_key()) {
                self.depth_first(child, plies - 1, solved, visited)?;
            }
        }
        Ok(())
    }

    /// The engine's exact score of `position` and its best move (stored orientation).
    fn solve(&mut self, position: &Connect4) -> Result<Scored> {
        let mut game = *position;
        let result =
            self.engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).map_err(anyhow::Error::msg)?;
        let key = position.symmetric_key();
        let score = benchmark_score(result.value, position.moves_played())
            .filter(|_| result.exact)
            .and_then(|score| i8::try_from(score).ok())
            .with_context(|| format!("the engine left position {key:x} unsolved"))?;
        // The root's shortcut answers a win in one without naming the move.
        let best = (0..WIDTH as u8).find(|&col| position.is_winning_move(col)).or(result.best_move);
        let col = best.with_context(|| format!("no move for position {key:x}"))?;
        Ok((score, Book::canonical_move(position, col)))
    }
}

fn build_engine(args: &BuildArgs) -> Result<Engine<u8>> {
    let options = EngineOptions {
        table_mib: usize::try_from(args.table_mib)?,
        near_table_kib: 1024,
        killers: false,
        history: false,
        prefetch: true,
        threads: usize::try_from(args.threads)?,
        parallel: ParallelScheme::Abdada,
        whole_pv: false,
        ..EngineOptions::default()
    };
    Engine::new(options).map_err(anyhow::Error::msg).context("--table-mib and --threads")
}

/// Every position of fewer plies than the deepest layer against its
/// moves: its score is the best its moves reach (by the rules, and by the
/// scores one ply deeper), and its move reaches it.
fn check_layers(layers: &[HashMap<u64, Connect4>], solved: &HashMap<u64, Scored>) -> Result<()> {
    for layer in layers.iter().rev().skip(1) {
        for (&key, position) in layer {
            let (best, _) = negamax_from_book(position, solved)?;
            let (score, col) = solved.get(&key).with_context(|| format!("position {key:x} was not solved"))?;
            let reached = move_score(position, Book::canonical_move(position, *col), solved)?;
            if best != *score || reached != i32::from(*score) {
                bail!("position {key:x}: the engine's score {score} and move disagree with its moves' scores (best {best}, its move {reached}): a bug, please report it");
            }
        }
    }
    Ok(())
}

/// The score of playing `col` in `position`, from the rules or the scores one ply deeper.
fn move_score(position: &Connect4, col: u8, known: &HashMap<u64, Scored>) -> Result<i32> {
    if position.is_winning_move(col) {
        return Ok(SCORE_BASE - i32::try_from(position.moves_played() / 2 + 1)?);
    }
    let mut child = *position;
    child.play(col);
    if child.moves_played() == CELLS {
        return Ok(0);
    }
    let key = child.symmetric_key();
    let (child_score, _) = known.get(&key).with_context(|| format!("position {key:x} missing from the layer below"))?;
    Ok(-i32::from(*child_score))
}

/// The exact score of `position` and its best move (stored orientation)
/// from the exact scores of the positions its moves lead to.
fn negamax_from_book(position: &Connect4, known: &HashMap<u64, Scored>) -> Result<Scored> {
    let mut best: Option<(i32, u8)> = None;
    for col in CENTRE_FIRST.into_iter().filter(|&col| position.can_play(col)) {
        let score = move_score(position, col, known)?;
        if best.map_or(true, |(top, _)| score > top) {
            best = Some((score, col));
        }
    }
    let (score, col) = best.context("a position without moves in the book")?;
    Ok((i8::try_from(score)?, Book::canonical_move(position, col)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("abprune-journal-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("a scratch file");
        path
    }

    #[test]
    fn layers_count_the_positions_once_per_mirror_pair() {
        let sizes: Vec<usize> = layers(3).iter().map(HashMap::len).collect();
        // 1, 7, 49 and 238 positions; a position and its mirror image once
        // (1, 1, 1 and 4 of them are their own mirror image).
        assert_eq!(sizes, [1, 4, 25, 121]);
    }

    #[test]
    fn a_journal_is_read_back_and_a_cut_line_is_dropped() {
        let positions: HashMap<u64, Connect4> = layers(1).into_iter().flatten().collect();
        let empty = Connect4::new().symmetric_key();
        let four = Connect4::from_moves("4").unwrap().symmetric_key();
        let deeper = Connect4::from_moves("44").unwrap().symmetric_key();
        let text = format!("{JOURNAL_HEADER}\n{empty:x} 1 3\n{deeper:x} -1 3\n{four:x} -1 3");
        let solved = read_journal(&scratch("cut", &text), &positions).unwrap();
        assert_eq!(solved, HashMap::from([(empty, (1, 3))]), "the cut line and the deeper position are left out");
        let error = read_journal(&scratch("foreign", "MOVES SCORE\n"), &positions).unwrap_err();
        assert!(error.to_string().contains("line 1 is not"), "{error}");
        let error =
            read_journal(&scratch("bad", &format!("{JOURNAL_HEADER}\n{empty:x} 1 9\n")), &positions).unwrap_err();
        assert!(error.to_string().contains("line 2 is not a position's key, score and move"), "{error}");
        assert!(read_journal(Path::new("/nonexistent/journal"), &positions).unwrap().is_empty());
    }

    #[test]
    fn the_negamax_takes_the_best_move_and_the_rules_win() {
        // X to move can win at once in column 4: 22 - 4 stones.
        let position = Connect4::from_moves("414243").unwrap();
        assert_eq!(move_score(&position, 3, &HashMap::new()).ok(), Some(18));
        // Another move's position must be known, or the check fails.
        assert!(move_score(&position, 0, &HashMap::new()).is_err());
        assert!(negamax_from_book(&position, &HashMap::new()).is_err());
        let mut child = position;
        child.play(0);
        let known = HashMap::from([(child.symmetric_key(), (-18, 3))]);
        assert_eq!(move_score(&position, 0, &known).ok(), Some(18));
    }
}
