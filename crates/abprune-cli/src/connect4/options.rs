//! What the Connect Four commands share: the book options, and the engine
//! of `solve connect4`'s defaults for the commands that do not tune it.

use abprune::Engine;
use abprune_games::connect4::book::{self, Book};
use abprune_games::connect4::engine_options;
use anyhow::{Context as _, Result};
use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;

/// Which opening book answers.
#[derive(Args, Debug, Clone)]
pub struct BookArgs {
    /// Answer from this opening book (made by `abprune book connect4
    /// build`) where it reaches, instead of the one shipped with abprune.
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    book: Option<PathBuf>,
    /// No book: the engine solves every position from scratch.
    #[arg(long)]
    no_book: bool,
}

impl BookArgs {
    /// The book to answer from: the file given, else the shipped one,
    /// none with `--no-book`.
    ///
    /// # Errors
    /// A file that cannot be read or is not a whole book of these rules,
    /// named.
    pub fn load(&self) -> Result<Option<Arc<Book>>> {
        if self.no_book {
            return Ok(None);
        }
        match &self.book {
            Some(path) => read_book(path).map(|book| Some(Arc::new(book))),
            None => Ok(book::shipped()),
        }
    }
}

/// The book in the file at `path` (a regular file), checked whole. Its
/// length is the header's business: [`Book::read_from`] reads the header
/// first and then only the bytes it announces, at most
/// [`book::MAX_ENTRIES`] entries' worth.
pub fn read_book(path: &std::path::Path) -> Result<Book> {
    let name = crate::quote::excerpt(&path.display().to_string());
    let file = crate::input::open_file(path, u64::MAX, "book")?;
    Book::read_from(std::io::BufReader::new(file)).with_context(|| format!("book '{name}' refused"))
}

/// An engine with `solve connect4`'s default options (the game's tuned
/// [`engine_options`]) and `threads` threads (default: one per core).
pub fn default_engine(threads: Option<u64>) -> Result<Engine<u8>> {
    let threads = match threads {
        Some(threads) => threads as usize,
        None => std::thread::available_parallelism().map_or(1, |cores| cores.get()),
    };
    let mut engine = Engine::new(engine_options(threads)).map_err(anyhow::Error::msg)?;
    engine.allocate_tables().map_err(anyhow::Error::msg).context("the engine's tables")?;
    Ok(engine)
}
