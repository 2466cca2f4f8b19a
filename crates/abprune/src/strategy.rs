//! One call for every algorithm: a position in, a move and its value out.
//!
//! A program that plays (a bot, a match runner, a test) wants to try one
//! algorithm against another without rewriting its calls: each plain search
//! of [`crate::textbook`] takes its own parameters (a window, a bound, a
//! first guess) and the [`Engine`] takes limits. [`Strategy`] hides those
//! behind one method, [`Strategy::choose`]; [`FixedDepth`] runs any plain
//! algorithm to a fixed depth, [`Limited`] runs the engine under
//! [`SearchLimits`], and [`best_move`] is the one-line answer with the
//! default engine.
//!
//! ```
//! use abprune::{Algorithm, Engine, FixedDepth, Game, Limited, Outcome, Player, Score, SearchLimits, Strategy};
//! # #[derive(Clone)]
//! # struct Take { left: u32, to_move: Player }
//! # impl Game for Take {
//! #     type Move = u32;
//! #     fn side_to_move(&self) -> Player { self.to_move }
//! #     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=3).filter(|&n| n <= self.left)) }
//! #     fn play(&mut self, n: u32) { self.left -= n; self.to_move = self.to_move.opponent(); }
//! #     fn undo(&mut self, n: u32) { self.left += n; self.to_move = self.to_move.opponent(); }
//! #     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
//! #     fn evaluate(&self) -> Score { Score::DRAW }
//! # }
//! // Take 1 to 3 counters; whoever takes the last one wins (the game of the
//! // crate's front page, hidden here).
//! let mut strategies: Vec<Box<dyn Strategy<Take>>> = vec![
//!     Box::new(FixedDepth::new(Algorithm::Minimax, 12)),
//!     Box::new(FixedDepth::new(Algorithm::AlphaBeta, 12)),
//!     Box::new(FixedDepth::new(Algorithm::Mtdf, 12)),
//!     Box::new(Limited::new(Engine::default(), SearchLimits::none().with_depth(12))),
//! ];
//! for strategy in &mut strategies {
//!     let choice = strategy.choose(&mut Take { left: 10, to_move: Player::First });
//!     assert_eq!(choice.best_move, Some(2)); // leave a multiple of 4
//!     assert_eq!(choice.value, Score::win_in(5)); // 10 -> 8 -> ... -> 0
//! }
//!
//! // The one-liner: the default engine under these limits.
//! let choice = abprune::best_move(&mut Take { left: 7, to_move: Player::First }, &SearchLimits::none());
//! assert_eq!(choice.best_move, Some(3));
//! assert!(choice.exact); // every line reached the end of the game
//! ```

use crate::algorithm::{Algorithm, Window};
use crate::engine::{Engine, EngineResult};
use crate::game::Game;
use crate::limits::SearchLimits;
use crate::score::Score;
use crate::textbook::{SearchResult, UNLIMITED_DEPTH};
use crate::trace::NoTrace;

/// What a strategy chose: a move and the value it found for the side to
/// move (exact to the strategy's depth or limits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move to play; `None` only when the position has no moves (the
    /// game is over, or a position without moves).
    pub best_move: Option<M>,
    /// The position's value for the side to move, as the strategy found it.
    pub value: Score,
    /// True when `value` is the game's own value, not a depth-limited
    /// estimate: every line searched ended in a finished game
    /// ([`SearchResult::exact`], [`EngineResult::exact`]). A search to a
    /// depth the game never reaches is exact.
    pub exact: bool,
}

impl<M: Copy> From<&SearchResult<M>> for Choice<M> {
    fn from(result: &SearchResult<M>) -> Self {
        Choice { best_move: result.best_move, value: result.value, exact: result.exact }
    }
}

impl<M: Copy> From<&EngineResult<M>> for Choice<M> {
    fn from(result: &EngineResult<M>) -> Self {
        Choice { best_move: result.best_move, value: result.value, exact: result.exact }
    }
}

/// A way to choose a move: every plain algorithm ([`FixedDepth`]) and the
/// engine ([`Limited`], or [`Engine`] itself with no limits), so that a
/// program swaps algorithms without changing its calls.
pub trait Strategy<G: Game> {
    /// The move this strategy plays in `game` and the value it found.
    /// `game` is searched by play and undo and is left as it was.
    fn choose(&mut self, game: &mut G) -> Choice<G::Move>;
}

/// A plain algorithm searching every position to the same depth: its
/// result with the full window is the exact value to that depth (the
/// algorithms' conditions with `alpha = -inf`, `beta = +inf`), so every
/// algorithm chooses a move of the same value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FixedDepth {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// How deep, in plies ([`UNLIMITED_DEPTH`]: to the end of the game).
    pub depth: u32,
}

impl FixedDepth {
    /// `algorithm` to `depth` plies.
    pub fn new(algorithm: Algorithm, depth: u32) -> Self {
        FixedDepth { algorithm, depth }
    }

    /// `algorithm` to the end of the game (finite games only).
    pub fn to_the_end(algorithm: Algorithm) -> Self {
        FixedDepth::new(algorithm, UNLIMITED_DEPTH)
    }
}

impl<G: Game> Strategy<G> for FixedDepth {
    fn choose(&mut self, game: &mut G) -> Choice<G::Move> {
        let result = self.algorithm.run(game, self.depth, Window::Full, &mut NoTrace);
        Choice::from(&result)
    }
}

/// The engine under limits: iterative deepening ([`Engine::search`]) until
/// a limit stops it or the value is exact. The engine keeps its table
/// between choices, as a player's engine does between moves.
#[derive(Debug)]
pub struct Limited<M> {
    /// The engine, with its options and what it has learnt.
    pub engine: Engine<M>,
    /// The limits of every search.
    pub limits: SearchLimits,
}

impl<M> Limited<M> {
    /// `engine` searching under `limits`.
    pub fn new(engine: Engine<M>, limits: SearchLimits) -> Self {
        Limited { engine, limits }
    }
}

impl<G> Strategy<G> for Limited<G::Move>
where
    G: Game + Clone + Send,
    G::Move: Send,
{
    fn choose(&mut self, game: &mut G) -> Choice<G::Move> {
        self.engine.best_move(game, &self.limits)
    }
}

/// The engine with no limits: it searches until the value is exact, which
/// only a small or finite game allows. Give it limits with [`Limited`].
impl<G> Strategy<G> for Engine<G::Move>
where
    G: Game + Clone + Send,
    G::Move: Send,
{
    fn choose(&mut self, game: &mut G) -> Choice<G::Move> {
        self.best_move(game, &SearchLimits::none())
    }
}

impl<M: Copy + PartialEq + Send> Engine<M> {
    /// The best move under `limits` and its value: [`Engine::search`]
    /// without the per-iteration callback, for a caller that wants only
    /// the answer.
    pub fn best_move<G>(&mut self, game: &mut G, limits: &SearchLimits) -> Choice<M>
    where
        G: Game<Move = M> + Clone + Send,
    {
        Choice::from(&self.search(game, limits, |_| {}))
    }
}

/// The best move under `limits` with the default engine, in one line:
/// `abprune::best_move(&mut game, &SearchLimits::none().with_time(second))`.
/// It makes a fresh engine, whose table is allocated at the first search of
/// a game with a hash key: 1 MiB at first, the rest of the budget (64 MiB,
/// [`crate::DEFAULT_TABLE_MIB`]) only if the search outgrows it, so a small
/// game's answer costs microseconds (Nim (1, 2): 20 us). A program that
/// chooses many moves keeps an [`Engine`] (or a [`Limited`]) instead, which
/// also remembers what it learnt.
pub fn best_move<G>(game: &mut G, limits: &SearchLimits) -> Choice<G::Move>
where
    G: Game + Clone + Send,
    G::Move: Send,
{
    Engine::default().best_move(game, limits)
}
