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
//! by the rules), the best move's by the engine's bisection or by
//! null-window tests that the move reaches the position's known score.
//! Nothing is inferred from another move's value.

use super::book::Book;
use super::{benchmark_score, score_from_benchmark, Connect4, CELLS, CENTRE_FIRST, WIDTH};
use abprune::{Engine, EngineError, Game, Score, SearchLimits, SolveMode};
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
    /// No move reaches the score the book gives the position: the book is
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
    /// Nodes the engine's solve searched (0 for a book answer: the
    /// null-window tests that prove its move report no count).
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
        if let Some(score) = self.book.as_ref().and_then(|book| book.score(position)) {
            let score = if mode == SolveMode::Weak { score.signum() } else { score };
            let best_move = self.move_keeping(position, score, mode, limits)?;
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

    /// A move of `position` that reaches `score`, its exact score (strong:
    /// benchmark; weak: the sign): each move in turn, centre first, until
    /// one is proven to reach it (by the rules, from the book, or by one
    /// null-window test of the engine).
    fn move_keeping(
        &mut self,
        position: &Connect4,
        score: i32,
        mode: SolveMode,
        limits: &SearchLimits,
    ) -> Result<Option<u8>, SolverError> {
        let mut legal = CENTRE_FIRST.iter().copied().filter(|&col| position.can_play(col));
        if mode == SolveMode::Weak && score < 0 {
            // Every move loses: any keeps the score.
            return Ok(legal.next());
        }
        for col in legal {
            if position.is_winning_move(col) {
                if mode == SolveMode::Weak || immediate_win_score(position) == score {
                    return Ok(Some(col));
                }
                continue;
            }
            let mut child = *position;
            child.play(col);
            let reaches = match self.book.as_ref().and_then(|book| book.score(&child)) {
                Some(child_score) if mode == SolveMode::Weak => -child_score.signum() == score,
                Some(child_score) => -child_score == score,
                None if child.moves_played() == CELLS => score == 0,
                None => {
                    // The move reaches `score` when the child's value is at
                    // most the value that means: not at least one above it.
                    let target = child_target(score, child.moves_played(), mode);
                    !self.engine.test(&mut child, target.succ(), limits).ok_or(SolverError::Stopped)?
                }
            };
            if reaches {
                return Ok(Some(col));
            }
        }
        // An exact score is reached by some move: only a wrong book gets here.
        Err(SolverError::BookContradicted)
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

/// The exact value, for its own side to move, that a child (of
/// `child_moves` stones) has when the move to it reaches `score`.
fn child_target(score: i32, child_moves: u32, mode: SolveMode) -> Score {
    match mode {
        SolveMode::Strong => score_from_benchmark(-score, child_moves),
        // Weak: a win needs the child lost (below a draw), a draw the
        // child at most a draw (a loss is handled before any test).
        SolveMode::Weak if score > 0 => Score::DRAW.pred(),
        SolveMode::Weak => Score::DRAW,
    }
}
