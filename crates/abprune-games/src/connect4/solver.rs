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
//! by null-window tests of the position it leads to (an immediate win or a
//! full board by the rules), the position's by the engine's bisection or
//! by the book's build. What one proof finds bounds the next: every move
//! scores at most the position's score, so a move is bisected only below
//! it, and a move that ties with the best needs one test.
//!
//! # The best move among equals
//!
//! One rule everywhere ([`Solver::best_move`], [`Analysis::best_move`], the
//! command line's `solve`, `analyze` and `play`, Python's `best_move()` and
//! `analyze()`): of the moves with the best exact score, the centre-most
//! column, the left one of two at the same distance (the game's own move
//! order, `CENTRE_FIRST`: 4, 3, 5, 2, 6, 1, 7 in 1-based columns). The
//! centre is the strongest column of Connect Four and the one people look
//! at first; and the rule is cheap: the columns before the engine's (or the
//! book's) move in that order are each checked by one null-window test.

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

/// What a question has proven so far, for a caller that shows progress
/// (a solve of a hard position takes seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The column (0-based) whose score is being proven; `None` for the
    /// position's own score.
    pub column: Option<u8>,
    /// The score (for the side to move of the position asked about; weak:
    /// -1 to 1) lies in `low..=high`.
    pub low: i32,
    /// See [`Progress::low`].
    pub high: i32,
    /// Nodes searched so far for the whole question.
    pub nodes: u64,
}

/// A callback that ignores progress.
fn no_progress(_: &Progress) {}

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
    /// The best column: the highest score, the centre-most among equals
    /// (the module's rule: the quickest win, the slowest loss; `None` when
    /// no column is free).
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

    /// Every legal move's exact score, with the engine's table shared.
    ///
    /// # Errors
    /// When the engine refuses or `limits` stop a solve first.
    pub fn analyze(
        &mut self,
        position: &Connect4,
        mode: SolveMode,
        limits: &SearchLimits,
    ) -> Result<Analysis, SolverError> {
        self.analyze_with(position, mode, limits, &mut no_progress)
    }

    /// [`Solver::analyze`], telling `on_progress` what each test proved.
    ///
    /// The position's own score first (the book's, or a bisection of
    /// null-window tests): no move scores more. Then each move, centre
    /// first, from the rules or the book where they answer, else bisected
    /// between the lowest score the move could have and the position's:
    /// a move that ties with the best costs one test.
    ///
    /// # Errors
    /// When the engine refuses or `limits` stop a solve first.
    pub fn analyze_with(
        &mut self,
        position: &Connect4,
        mode: SolveMode,
        limits: &SearchLimits,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Analysis, SolverError> {
        let started = Instant::now();
        let mut analysis = Analysis { scores: [None; WIDTH as usize], from_book: 0, nodes: 0, elapsed: Duration::ZERO };
        let mut known = [None; WIDTH as usize];
        for col in (0..WIDTH as u8).filter(|&col| position.can_play(col)) {
            known[usize::from(col)] = self.known_move_score(position, col, mode);
        }
        // The position's score bounds every move's; when a move is known to
        // reach the highest score it can have, that is the position's score.
        let (lowest, highest) = score_range(position, mode);
        let known_best = known.iter().flatten().max().copied();
        let best = match self.book_score(position, mode) {
            Some(score) => score,
            None if known_best == Some(highest) => highest,
            None => {
                let (low, high) = (known_best.unwrap_or(lowest).max(lowest), highest);
                self.bisect(position, None, (low, high), mode, limits, &mut analysis.nodes, on_progress)?
            }
        };
        for &col in CENTRE_FIRST.iter().filter(|&&col| position.can_play(col)) {
            let score = match known[usize::from(col)] {
                Some(score) => {
                    analysis.from_book += 1;
                    score
                }
                None => {
                    // A move scores its child's score negated, and at most the best.
                    let (child_low, child_high) = score_range(&child_of(position, col), mode);
                    let bounds = (-child_high, best.min(-child_low));
                    self.bisect(position, Some(col), bounds, mode, limits, &mut analysis.nodes, on_progress)?
                }
            };
            analysis.scores[usize::from(col)] = Some(score);
        }
        analysis.elapsed = started.elapsed();
        Ok(analysis)
    }

    /// The score of playing `col` (legal) in `position` when the rules or
    /// the book give it without a search.
    fn known_move_score(&self, position: &Connect4, col: u8, mode: SolveMode) -> Option<i32> {
        if position.is_winning_move(col) {
            return Some(if mode == SolveMode::Weak { 1 } else { immediate_win_score(position) });
        }
        let child = child_of(position, col);
        if child.moves_played() == CELLS {
            return Some(0);
        }
        self.book_score(&child, mode).map(|score| -score)
    }

    /// The book's score of `position` in `mode`, if the book has it.
    fn book_score(&self, position: &Connect4, mode: SolveMode) -> Option<i32> {
        let score = self.book.as_ref()?.score(position)?;
        Some(if mode == SolveMode::Weak { score.signum() } else { score })
    }

    /// The exact score, known to lie in `bounds` (inclusive), of `position`
    /// (`column`: `None`) or of its move `column`, for `position`'s side to
    /// move: bisected by null-window tests, each probe where its answer is
    /// cheap (the reference solver's choice, as the engine's own solve),
    /// each fail-soft answer narrowing the bounds as far as it proves.
    #[allow(clippy::too_many_arguments)] // one bisection's inputs, each needed
    fn bisect(
        &mut self,
        position: &Connect4,
        column: Option<u8>,
        bounds: (i32, i32),
        mode: SolveMode,
        limits: &SearchLimits,
        nodes: &mut u64,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<i32, SolverError> {
        let (mut low, mut high) = bounds;
        // A move's score is its child's, negated: tests are of the child.
        let (mut target, sign) = match column {
            Some(col) => (child_of(position, col), -1),
            None => (*position, 1),
        };
        let weak = mode == SolveMode::Weak;
        let narrow = |score: i32| if weak { score.signum() } else { score };
        while low < high {
            on_progress(&Progress { column, low, high, nodes: *nodes });
            let middle = probe_point(low, high);
            // Is the score (for `position`'s side) at least `middle + 1`?
            // For a move: is its child's score at most `-(middle + 1)`, that
            // is, not at least `-middle`.
            let child_threshold = if sign == 1 { middle + 1 } else { -middle };
            let threshold = score_from_benchmark(child_threshold, target.moves_played());
            let (value, stats) = self.engine.probe(&mut target, threshold, limits);
            *nodes += stats.nodes;
            let value = value.ok_or(SolverError::Stopped)?;
            let proven = benchmark_score(value, target.moves_played());
            let at_least = (value >= threshold) == (sign == 1);
            if at_least {
                low = (middle + 1).max(proven.map_or(low, |score| narrow(score * sign)));
            } else {
                high = middle.min(proven.map_or(high, |score| narrow(score * sign)));
            }
        }
        on_progress(&Progress { column, low, high, nodes: *nodes });
        Ok(low)
    }

    /// Whether playing `col` (legal) in `position` reaches `score`, the
    /// position's exact score: from the rules or the book, else by one
    /// null-window test of the position it leads to.
    fn reaches(
        &mut self,
        position: &Connect4,
        col: u8,
        score: i32,
        mode: SolveMode,
        limits: &SearchLimits,
        nodes: &mut u64,
    ) -> Result<bool, SolverError> {
        if let Some(known) = self.known_move_score(position, col, mode) {
            return Ok(known >= score);
        }
        let (lowest, _) = score_range(position, mode);
        if score <= lowest {
            return Ok(true);
        }
        // The move reaches `score` when its child's score is at most
        // `-score`: not at least `-score + 1`.
        let mut child = child_of(position, col);
        let threshold = score_from_benchmark(-score + 1, child.moves_played());
        let (value, stats) = self.engine.probe(&mut child, threshold, limits);
        *nodes += stats.nodes;
        Ok(value.ok_or(SolverError::Stopped)? < threshold)
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
    /// loss (0-based column), the centre-most of equals (the module's
    /// rule), with the position's score; `None` when the position has no
    /// move.
    ///
    /// # Errors
    /// When the engine refuses or `limits` stop a solve first.
    pub fn best_move(&mut self, position: &Connect4, limits: &SearchLimits) -> Result<Answer, SolverError> {
        self.best_move_with(position, SolveMode::Strong, limits, &mut no_progress)
    }

    /// [`Solver::best_move`] in `mode` (weak: a win, else a draw, else a
    /// loss, the centre-most of equals), telling `on_progress` what is
    /// being proven.
    ///
    /// # Errors
    /// When the engine refuses or `limits` stop a solve first.
    pub fn best_move_with(
        &mut self,
        position: &Connect4,
        mode: SolveMode,
        limits: &SearchLimits,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Answer, SolverError> {
        let started = Instant::now();
        let (lowest, highest) = score_range(position, mode);
        on_progress(&Progress { column: None, low: lowest, high: highest, nodes: 0 });
        let mut answer = self.solve(position, mode, limits)?;
        let Some(found) = answer.best_move else { return Ok(answer) };
        // The columns before the found one in the rule's order: the first
        // that reaches the score is the rule's move.
        for &col in CENTRE_FIRST.iter().take_while(|&&col| col != found).filter(|&&col| position.can_play(col)) {
            let progress = Progress { column: Some(col), low: answer.score, high: answer.score, nodes: answer.nodes };
            on_progress(&progress);
            if self.reaches(position, col, answer.score, mode, limits, &mut answer.nodes)? {
                answer.best_move = Some(col);
                break;
            }
        }
        answer.elapsed = started.elapsed();
        Ok(answer)
    }
}

/// `position` after `col` (legal).
fn child_of(position: &Connect4, col: u8) -> Connect4 {
    let mut child = *position;
    child.play(col);
    child
}

/// The lowest and highest scores `position` could have for its side to
/// move (weak: -1 and 1): a win with its next stone at best, a loss to the
/// opponent's next stone at worst (the benchmark counts the winner's
/// stones).
fn score_range(position: &Connect4, mode: SolveMode) -> (i32, i32) {
    if mode == SolveMode::Weak {
        return (-1, 1);
    }
    let played = i32::try_from(position.moves_played()).unwrap_or(SCORE_BASE);
    let mover_next = played / 2 + 1;
    let other_next = (played + 1) / 2 + 1;
    (-(SCORE_BASE - other_next), SCORE_BASE - mover_next)
}

/// Where to test between `low` and `high` (`low < high`): the engine's
/// solve's probe point ([`abprune::engine::probe_point`]), for scores.
fn probe_point(low: i32, high: i32) -> i32 {
    // Both ends are scores, so the point between them is one too.
    abprune::engine::probe_point(i64::from(low), i64::from(high)) as i32
}

/// The score of a win with the side to move's next stone.
fn immediate_win_score(position: &Connect4) -> i32 {
    let stones = position.moves_played() / 2 + 1;
    SCORE_BASE - i32::try_from(stones).unwrap_or(SCORE_BASE)
}
