//! What a Connect Four player asks of a solver: the exact score of a
//! position, of every move at once, and the perfect move, answered from an
//! opening book ([`Book`]) where it reaches and by the engine's exact solve
//! beyond it.
//!
//! This is the one module of the crate that searches: the command line and
//! the Python package both answer these questions, and an exact answer
//! must not be written twice. The rules ([`Connect4`]) still know nothing
//! of it.
//!
//! Every score is proven: the book's by the solves that built it, a move's
//! by a solve of the position it leads to (an immediate win or a full board
//! by the rules), the best move's by the engine's bisection or by the
//! book's build. Nothing is inferred from another move's value.

use super::book::Book;
use super::{benchmark_score, score_from_benchmark, Connect4, CELLS, CENTRE_FIRST, WIDTH};
use abprune::{Engine, EngineError, Game, SearchLimits, SolveMode};
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The benchmark score of a win: this minus the winner's stones.
const SCORE_BASE: i32 = 22;

/// Why a question went unanswered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverError {
    /// The engine refused (its options, or memory).
    Engine(EngineError),
    /// A limit (a stop flag, a time) stopped a solve before it was exact.
    Stopped,
    /// The book's move of a position is illegal, or its score disagrees
    /// with the book's score of the position it leads to: the book is
    /// wrong (or of other rules), and nothing it says can be trusted.
    BookContradicted,
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverError::Engine(error) => write!(f, "{error}"),
            SolverError::Stopped => write!(f, "stopped before the score was proven"),
            SolverError::BookContradicted => {
                write!(f, "the book's score of the position is reached by no move: the book is wrong")
            }
        }
    }
}

impl std::error::Error for SolverError {}

impl From<EngineError> for SolverError {
    fn from(error: EngineError) -> Self {
        SolverError::Engine(error)
    }
}

/// A position's score ([`Solver::solve`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The benchmark score (0 a draw, `22 - s` a win with the winner's
    /// `s`-th stone, negative a loss); after a weak solve 1, 0 or -1.
    pub score: i32,
    /// A move (0-based column) that keeps the score; `None` when the
    /// position has no move.
    pub best_move: Option<u8>,
    /// Plies to the end under best play, when a side wins (strong only).
    pub plies_to_end: Option<u32>,
    /// True when the score came from the book.
    pub from_book: bool,
    /// Nodes the engine searched (0 for a book answer).
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Every move's score ([`Solver::analyze`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// By 0-based column: the score of the position for its side to move if
    /// it plays there (the benchmark convention; weak: 1, 0, -1), `None`
    /// for a full column.
    pub scores: [Option<i32>; WIDTH as usize],
    /// Moves answered by the book (or the rules) without a search.
    pub from_book: u32,
    /// Nodes the engine searched.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl Analysis {
    /// The best column: the highest score, the centre first among equals
    /// (the quickest win, the slowest loss). `None` when no column is free.
    pub fn best_move(&self) -> Option<u8> {
        CENTRE_FIRST
            .iter()
            .filter_map(|&col| self.scores[usize::from(col)].map(|score| (score, col)))
            .fold(None, |best: Option<(i32, u8)>, (score, col)| match best {
                Some((top, _)) if top >= score => best,
                _ => Some((score, col)),
            })
            .map(|(_, col)| col)
    }
}

/// The engine and an optional book, answering exactly.
#[derive(Debug)]
pub struct Solver {
    engine: Engine<u8>,
    book: Option<Arc<Book>>,
}

impl Solver {
    /// A solver searching with `engine` (whose table is kept from one
    /// question to the next: its entries are proven bounds, never stale)
    /// and answering from `book` where it reaches.
    pub fn new(engine: Engine<u8>, book: Option<Arc<Book>>) -> Self {
        Solver { engine, book }
    }

    /// The engine (its options, to clear its table).
    pub fn engine_mut(&mut self) -> &mut Engine<u8> {
        &mut self.engine
    }

    /// The book, if any.
    pub fn book(&self) -> Option<&Book> {
        self.book.as_deref()
    }

    /// The position's exact score and a move that keeps it.
    ///
    /// # Errors
    /// When the engine refuses or `limits` stop a solve first.
    pub fn solve(
        &mut self,
        position: &Connect4,
        mode: SolveMode,
        limits: &SearchLimits,
    ) -> Result<Answer, SolverError> {
        let started = Instant::now();
        if let Some(entry) = self.book.as_ref().and_then(|book| book.lookup(position)) {
            let best_move = Some(self.book_move(position, entry.score, entry.best_move)?);
            let score = if mode == SolveMode::Weak { entry.score.signum() } else { entry.score };
            let plies_to_end = (mode == SolveMode::Strong)
                .then(|| score_from_benchmark(score, position.moves_played()).plies_to_end())
                .flatten();
            return Ok(Answer {
                score,
                best_move,
                plies_to_end,
                from_book: true,
                nodes: 0,
                elapsed: started.elapsed(),
            });
        }
        let mut game = *position;
        let result = self.engine.solve(&mut game, mode, limits)?;
        if !result.exact {
            return Err(SolverError::Stopped);
        }
        // A solve's value is exact, so it has a benchmark score.
        let score = benchmark_score(result.value, position.moves_played()).ok_or(SolverError::Stopped)?;
        let score = if mode == SolveMode::Weak { score.signum() } else { score };
        // The root's shortcut answers a win in one without naming the move.
        let best_move = (0..WIDTH as u8).find(|&col| position.is_winning_move(col)).or(result.best_move);
        Ok(Answer {
            score,
            best_move,
            plies_to_end: result.plies_to_end,
            from_book: false,
            nodes: result.stats.nodes,
            elapsed: started.elapsed(),
        })
    }

    /// Every legal move's exact score: each move's position solved on its
    /// own (from the book where it reaches), with the engine's table shared.
    ///
    /// # Errors
    /// When the engine refuses or `limits` stop a solve first.
    pub fn analyze(
        &mut self,
        position: &Connect4,
        mode: SolveMode,
        limits: &SearchLimits,
    ) -> Result<Analysis, SolverError> {
        let started = Instant::now();
        let mut analysis = Analysis { scores: [None; WIDTH as usize], from_book: 0, nodes: 0, elapsed: Duration::ZERO };
        // Centre first: those solves fill the table with what the others reuse.
        for &col in CENTRE_FIRST.iter().filter(|&&col| position.can_play(col)) {
            let (score, nodes) = self.move_score(position, col, mode, limits)?;
            analysis.scores[usize::from(col)] = Some(score);
            match nodes {
                Some(nodes) => analysis.nodes += nodes,
                None => analysis.from_book += 1,
            }
        }
        analysis.elapsed = started.elapsed();
        Ok(analysis)
    }

    /// The score of playing `col` (legal) in `position`, and the nodes the
    /// engine searched for it (`None`: the rules or the book answered).
    fn move_score(
        &mut self,
        position: &Connect4,
        col: u8,
        mode: SolveMode,
        limits: &SearchLimits,
    ) -> Result<(i32, Option<u64>), SolverError> {
        if position.is_winning_move(col) {
            let score = immediate_win_score(position);
            return Ok((if mode == SolveMode::Weak { 1 } else { score }, None));
        }
        let mut child = *position;
        child.play(col);
        if child.moves_played() == CELLS {
            return Ok((0, None));
        }
        if let Some(score) = self.book.as_ref().and_then(|book| book.score(&child)) {
            return Ok((if mode == SolveMode::Weak { -score.signum() } else { -score }, None));
        }
        let answer = self.solve(&child, mode, limits)?;
        Ok((-answer.score, Some(answer.nodes)))
    }

    /// The book's best move of `position` (whose book score is `score`),
    /// checked as far as the book and the rules reach: it is legal, and a
    /// win at once or a move to a book position has the score it claims.
    fn book_move(&self, position: &Connect4, score: i32, col: u8) -> Result<u8, SolverError> {
        if !position.can_play(col) {
            return Err(SolverError::BookContradicted);
        }
        let claimed = if position.is_winning_move(col) {
            Some(immediate_win_score(position))
        } else {
            let mut child = *position;
            child.play(col);
            self.book.as_ref().and_then(|book| book.score(&child)).map(|child_score| -child_score)
        };
        match claimed {
            Some(claimed) if claimed != score => Err(SolverError::BookContradicted),
            _ => Ok(col),
        }
    }

    /// The perfect move: the quickest win, else a draw, else the slowest
    /// loss (0-based column), with the position's score; `None` when the
    /// position has no move.
    ///
    /// # Errors
    /// When the engine refuses or `limits` stop a solve first.
    pub fn best_move(&mut self, position: &Connect4, limits: &SearchLimits) -> Result<Answer, SolverError> {
        self.solve(position, SolveMode::Strong, limits)
    }
}

/// The score of a win with the side to move's next stone.
fn immediate_win_score(position: &Connect4) -> i32 {
    let stones = position.moves_played() / 2 + 1;
    SCORE_BASE - i32::try_from(stones).unwrap_or(SCORE_BASE)
}
