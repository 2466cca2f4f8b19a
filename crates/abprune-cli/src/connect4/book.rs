//! `abprune book connect4`: the opening book, built by the engine.
//!
//! `build` solves every position of up to `--plies` stones (a position and
//! its mirror image once) with the engine's exact solve, depth first: each
//! position right after the one it came from, whose solve has just filled
//! the table with what its own needs (after the empty board, the seven
//! positions of two stones "4x" took 24 s together, where one such
//! position alone takes about a minute).
//! Then it checks the book as every reader of a book does
//! ([`Book::verify`]): every position of fewer plies against its moves (its
//! score must be the best of the scores its moves lead to, from the rules
//! and the book one ply deeper, and its move must reach it), and every
//! position of the deepest layer against the rules (a win in one, a full
//! column, a score its stones allow). Two derivations of every score above
//! the deepest layer agree, or the build fails.
//!
//! Each position's best move goes with its score: the move the engine's
//! bisection proved to keep the score (the quickest win, the slowest loss).
//!
//! Every solve is written to a journal beside the output (`FILE.journal`,
//! one line `KEY SCORE MOVE CRC` per position, the CRC-32 of the rest of
//! the line, each line in one write) as it finishes, so a build that is
//! stopped goes on where it was when started again with the same output
//! (and the same or more `--plies`). A line cut by a stop is cut off the
//! journal before the next line is appended (said on stderr); a line whose
//! checksum does not match is refused: the deepest layer's scores have no
//! second derivation, so the journal must prove its own bytes.
//!
//! The book is written to `FILE.partial` and renamed to `FILE`; an
//! existing `FILE` or `FILE.partial` that is not a book is refused before
//! anything is solved, never overwritten.

use super::options::read_book;
use crate::status::AtRunTime as _;
use abprune::{Engine, Game, SearchLimits, SolveMode};
use abprune_games::connect4::book::{self, Book};
use abprune_games::connect4::{benchmark_score, Connect4, WIDTH};
use anyhow::{bail, Context as _, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::{HashMap, HashSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The first line of a journal: its entries hold for a build of any plies.
const JOURNAL_HEADER: &str = "abprune connect4 book journal v2";
/// The first line of the journals of builds before the lines had checksums.
const JOURNAL_HEADER_V1: &str = "abprune connect4 book journal v1";
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
    // Checked on reading; counted again here to say what was checked.
    let per_ply = book.verify().map_err(anyhow::Error::msg).with_context(|| format!("book '{name}' refused"))?;
    let counts: Vec<String> = per_ply.iter().map(usize::to_string).collect();
    crate::output::outln!("book        {name}")?;
    crate::output::outln!(
        "plies       {} (every position of up to {} stones, checked: {} by plies)",
        book.plies(),
        book.plies(),
        counts.join(", ")
    )?;
    crate::output::outln!("positions   {} (a position and its mirror image once)", book.len())?;
    crate::output::outln!("bytes       {bytes}")?;
    crate::output::outln!("checksum    ok")?;
    crate::output::outln!("values      ok (every score the best its moves reach, every move legal and reaching it)")?;
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
    let temporary = with_suffix(&args.out, ".partial");
    crate::status::check_output(&args.out, "--out")?;
    refuse_foreign(&args.out)?;
    refuse_foreign(&temporary)?;
    let layers = layers(args.plies);
    let all: HashMap<u64, Connect4> = layers.iter().flat_map(|layer| layer.iter().map(|(&k, &p)| (k, p))).collect();
    let journal_path = with_suffix(&args.out, ".journal");
    let journal = read_journal(&journal_path, &all)?;
    eprintln!(
        "{} positions of up to {} plies, {} to solve (the others in the journal)",
        all.len(),
        args.plies,
        all.len() - journal.solved.len()
    );
    let mut solved = journal.solved;
    let mut build = Build::start(args, &journal_path, journal.whole_bytes, &solved, all.len())?;
    build.depth_first(Connect4::new(), args.plies, &mut solved, &mut HashSet::new())?;
    build.progress.finish_and_clear();
    let entries =
        solved.into_iter().filter(|(key, _)| all.contains_key(key)).map(|(key, (score, col))| (key, score, col));
    let book = Book::from_entries(args.plies, entries.collect()).map_err(anyhow::Error::msg)?;
    book.verify()
        .map_err(anyhow::Error::msg)
        .context("the solved book does not check (a damaged journal, or a bug: please report it)")?;
    crate::status::write_file(&temporary, book.to_bytes())?;
    std::fs::rename(&temporary, &args.out)
        .with_context(|| format!("cannot write '{}'", args.out.display()))
        .at_run_time()?;
    // The book is whole: its journal has served.
    let _ = std::fs::remove_file(&journal_path);
    crate::output::outln!("wrote {} ({} positions, {} bytes)", args.out.display(), book.len(), book.to_bytes().len())?;
    Ok(())
}

/// `out` with `suffix` appended to its name (`notes.book.journal`): a name
/// that is the build's own, where replacing the extension would take
/// another file's (`notes.partial`).
fn with_suffix(out: &Path, suffix: &str) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Refuses a `path` the build would overwrite that holds something other
/// than a book: the user's file is never replaced by the build's.
fn refuse_foreign(path: &Path) -> Result<()> {
    let metadata = match std::fs::symlink_metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(error).with_context(|| format!("cannot check '{}'", path.display())),
    };
    let mut start = [0u8; book::MAGIC.len()];
    let is_book = metadata.is_file()
        && std::fs::File::open(path).and_then(|mut file| std::io::Read::read_exact(&mut file, &mut start)).is_ok()
        && &start == book::MAGIC;
    if !is_book {
        bail!("'{}' exists and is not a Connect Four book: the build would overwrite it; move it away or choose another --out", path.display());
    }
    Ok(())
}

/// A position's score and best move (in the orientation of its symmetric key).
type Scored = (i8, u8);

/// What a journal holds.
#[derive(Debug)]
struct Journal {
    /// The scores of the positions of this build.
    solved: HashMap<u64, Scored>,
    /// The bytes up to the end of its last whole line; `None` when there is
    /// no journal. Past them, a line cut by a stopped build.
    whole_bytes: Option<u64>,
}

/// The scores a journal holds, checked line by line (each line's checksum)
/// and against the positions they must belong to.
fn read_journal(path: &Path, positions: &HashMap<u64, Connect4>) -> Result<Journal> {
    let mut solved = HashMap::new();
    if let Err(error) = std::fs::symlink_metadata(path) {
        if error.kind() == std::io::ErrorKind::NotFound {
            return Ok(Journal { solved, whole_bytes: None });
        }
    }
    let text = crate::input::read_file(path, crate::input::MAX_JOURNAL_BYTES, "journal")?;
    let name = path.display();
    let header = format!("{JOURNAL_HEADER}\n");
    // A stop right after the journal was made, before its first line was whole.
    if header.as_bytes().starts_with(&text) && text.len() < header.len() {
        return Ok(Journal { solved, whole_bytes: Some(0) });
    }
    let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
    let Ok(text) = std::str::from_utf8(&text[..whole]) else { bail!("journal '{name}' is not text") };
    let mut lines = text.split_inclusive('\n').enumerate();
    match lines.next().map(|(_, line)| line.trim_end()) {
        Some(JOURNAL_HEADER) => {}
        Some(JOURNAL_HEADER_V1) => {
            bail!("journal '{name}' is of an older abprune, without line checksums: remove it to build from scratch")
        }
        _ => bail!("journal '{name}': line 1 is not '{JOURNAL_HEADER}' (another program's file?)"),
    }
    for (index, line) in lines {
        match parse_journal_line(line) {
            // A deeper build's position: not needed here.
            Some((key, _, _)) if !positions.contains_key(&key) => {}
            Some((key, score, col)) => {
                solved.insert(key, (score, col));
            }
            None => {
                bail!("journal '{name}': line {} is damaged (not a key, score, move and their checksum)", index + 1)
            }
        }
    }
    Ok(Journal { solved, whole_bytes: Some(whole as u64) })
}

/// A journal line for `key`'s score and move: `KEY SCORE MOVE CRC\n`.
fn journal_line(key: u64, (score, col): Scored) -> String {
    let fields = format!("{key:x} {score} {col}");
    format!("{fields} {:08x}\n", crc32fast::hash(fields.as_bytes()))
}

/// A journal line `KEY SCORE MOVE CRC` (hexadecimal key, move a 0-based
/// column, the CRC-32 of what precedes it in 8 hexadecimal digits);
/// `None` when it is not one or its checksum does not match.
fn parse_journal_line(line: &str) -> Option<(u64, i8, u8)> {
    let line = line.strip_suffix('\n')?;
    let (fields, checksum) = line.rsplit_once(' ')?;
    if checksum.len() != 8 || u32::from_str_radix(checksum, 16).ok()? != crc32fast::hash(fields.as_bytes()) {
        return None;
    }
    let mut fields = fields.split(' ');
    let key = u64::from_str_radix(fields.next()?, 16).ok()?;
    let score = fields.next()?.parse::<i8>().ok()?;
    let col = fields.next()?.parse::<u8>().ok().filter(|&col| u32::from(col) < WIDTH)?;
    fields.next().is_none().then_some((key, score, col))
}

/// `path`'s journal opened to append: made with its header when there is
/// none (`whole_bytes` `None`, or a header cut short), else cut to
/// `whole_bytes`, its whole lines, saying so on stderr.
fn open_journal(path: &Path, whole_bytes: Option<u64>) -> Result<std::fs::File> {
    let name = path.display();
    let mut journal = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open journal '{name}'"))?;
    let length = journal.metadata().with_context(|| format!("cannot open journal '{name}'"))?.len();
    let whole = whole_bytes.unwrap_or(0);
    if whole < length {
        journal.set_len(whole).with_context(|| format!("cannot cut journal '{name}'"))?;
        eprintln!("journal '{name}': cut its last {} bytes, a line left incomplete by a stopped build", length - whole);
    }
    if whole == 0 {
        journal.write_all(format!("{JOURNAL_HEADER}\n").as_bytes())?;
    }
    Ok(journal)
}

/// A build under way: the engine, the journal and the progress bar.
struct Build {
    engine: Engine<u8>,
    journal: std::fs::File,
    progress: ProgressBar,
}

impl Build {
    /// The build, its journal opened to append ([`open_journal`]).
    fn start(
        args: &BuildArgs,
        journal_path: &Path,
        whole_bytes: Option<u64>,
        solved: &HashMap<u64, Scored>,
        total: usize,
    ) -> Result<Build> {
        let journal = open_journal(journal_path, whole_bytes).at_run_time()?;
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
            // One write of the whole line: a stop leaves a line whole or cut
            // at its end, never lines mixed.
            self.journal
                .write_all(journal_line(key, scored).as_bytes())
                .context("cannot write the journal")
                .at_run_time()?;
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
    let options = abprune_games::connect4::engine_options(usize::try_from(args.threads)?)
        .with_table_mib(usize::try_from(args.table_mib)?);
    Engine::new(options).map_err(anyhow::Error::msg).context("--table-mib and --threads")
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
    fn a_journal_is_read_back_and_a_cut_line_is_left_to_cut() {
        let positions: HashMap<u64, Connect4> = layers(1).into_iter().flatten().collect();
        let empty = Connect4::new().symmetric_key();
        let four = Connect4::from_moves("4").unwrap().symmetric_key();
        let deeper = Connect4::from_moves("44").unwrap().symmetric_key();
        let whole = format!("{JOURNAL_HEADER}\n{}{}", journal_line(empty, (1, 3)), journal_line(deeper, (-1, 3)));
        let cut = &journal_line(four, (-1, 3))[..5];
        let journal = read_journal(&scratch("cut", &format!("{whole}{cut}")), &positions).unwrap();
        assert_eq!(
            journal.solved,
            HashMap::from([(empty, (1, 3))]),
            "the cut line and the deeper position are left out"
        );
        assert_eq!(journal.whole_bytes, Some(whole.len() as u64), "the cut line is past the whole ones");
        // The resume cuts it before appending: the next line reads back whole.
        let path = scratch("resumed", &format!("{whole}{cut}"));
        let mut file = open_journal(&path, journal.whole_bytes).unwrap();
        file.write_all(journal_line(four, (-1, 3)).as_bytes()).unwrap();
        let resumed = read_journal(&path, &positions).unwrap();
        assert_eq!(resumed.solved.len(), 2, "the empty board and 4");
        assert_eq!(resumed.whole_bytes, Some(std::fs::metadata(&path).unwrap().len()));
        let error = read_journal(&scratch("foreign", "MOVES SCORE\n"), &positions).unwrap_err();
        assert!(error.to_string().contains("line 1 is not"), "{error}");
        let old = format!("{JOURNAL_HEADER_V1}\n{empty:x} 1 3\n");
        let error = read_journal(&scratch("v1", &old), &positions).unwrap_err();
        assert!(error.to_string().contains("without line checksums"), "{error}");
        let none = read_journal(Path::new("/nonexistent/journal"), &positions).unwrap();
        assert!(none.solved.is_empty() && none.whole_bytes.is_none());
        let journal = read_journal(&scratch("header-cut", &JOURNAL_HEADER[..10]), &positions).unwrap();
        assert_eq!(journal.whole_bytes, Some(0), "a header cut short is made again");
    }

    #[test]
    fn a_journal_line_whose_checksum_fails_is_refused() {
        let positions: HashMap<u64, Connect4> = layers(1).into_iter().flatten().collect();
        let empty = Connect4::new().symmetric_key();
        let line = journal_line(empty, (1, 3));
        assert_eq!(parse_journal_line(&line), Some((empty, 1, 3)));
        // The score edited, the checksum left: a damaged journal once scored
        // 4441 2 for 4.
        let edited = line.replacen(" 1 3 ", " 2 3 ", 1);
        assert_eq!(parse_journal_line(&edited), None);
        let error = read_journal(&scratch("edited", &format!("{JOURNAL_HEADER}\n{edited}")), &positions).unwrap_err();
        assert!(error.to_string().contains("line 2 is damaged"), "{error}");
        assert_eq!(parse_journal_line(&format!("{empty:x} 1 9 00000000\n")), None, "move 9 is no column");
    }

    #[test]
    fn a_file_that_is_not_a_book_is_not_overwritten() {
        let notes = scratch("notes.partial", "my notes\n");
        let error = refuse_foreign(&notes).unwrap_err();
        assert!(error.to_string().contains("exists and is not a Connect Four book"), "{error}");
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
        let book = std::env::temp_dir().join(format!("abprune-journal-{}-old.book", std::process::id()));
        std::fs::write(&book, book::shipped().unwrap().to_bytes()).unwrap();
        assert!(refuse_foreign(&book).is_ok(), "an older book is replaced");
        assert!(refuse_foreign(Path::new("/nonexistent/x.book")).is_ok());
        assert_eq!(with_suffix(Path::new("notes.book"), ".partial"), Path::new("notes.book.partial"));
    }
}
