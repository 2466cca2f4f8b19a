//! The search algorithms, one file each, named after the papers.
//!
//! | function | source | returns |
//! |---|---|---|
//! | [`minimax`](fn@minimax) | Bratko; the Chinese text | exact value, MAX and MIN nodes written out |
//! | [`negamax`](fn@negamax) | Knuth & Moore's `F(p)` | exact value, one rule for both sides |
//! | [`branch_and_bound`](fn@branch_and_bound) | Knuth & Moore's `F1(p, bound)` | condition (6) |
//! | [`alphabeta`](fn@alphabeta) | Knuth & Moore's `F2(p, alpha, beta)`, fail-hard | conditions (9) |
//! | [`alphabeta_failsoft`] | the Polish slides' fail-soft variant | the theorem on results in a window |
//! | [`pvs`](fn@pvs) | Reinefeld's NegaScout (principal variation search) | the fail-soft theorem |
//! | [`mtdf`](fn@mtdf) | Plaat's MTD(f): null-window searches with memory | the exact value |
//!
//! The [`engine`](crate::engine) combines them with the extensions the
//! sources list: transposition table, window manipulation, move ordering,
//! iterative deepening, and an exact solve mode, on every core. It builds
//! on this module (the `Context` below, [`SearchResult`]); nothing here
//! knows the engine.
//!
//! Each returns a [`SearchResult`]: the value, the "good enough" successor of
//! Bratko's `alphabeta/5`, the principal variation and the [`SearchStats`].
//! Ties go to the earlier move: a move replaces the best one only when it is
//! strictly better, in every algorithm.
//!
//! The shared machinery (node entry, leaf detection, move buffers, PV
//! bookkeeping) lives in `Context` so that each algorithm file holds only
//! the recursion the paper prints.
//!
//! # Games with chance
//!
//! | function | source | returns |
//! |---|---|---|
//! | [`expectiminimax`](fn@expectiminimax) | Michie's expectimax for two players | exact value, no pruning |
//! | [`star1`](fn@star1) | Ballard's Star1 (1983), fail-soft | the fail-soft conditions |
//! | [`star2`](fn@star2) | Ballard's Star2: Star1 after a probing phase, fail-soft | the fail-soft conditions |
//!
//! A game with dice says where chance moves ([`Game::chance_to_move`]) and
//! lists the outcomes with exact probabilities ([`Game::chance_outcomes`]);
//! a chance node's value is the expectation of its outcomes' values, seen
//! from its side to move (an outcome after which the other side moves, as
//! Pig's roll of 1 that ends the turn, counts its child's value negated,
//! as a move does). These three search
//! such games, and games without chance too (where Star1 and Star2 are
//! fail-soft alpha-beta). Values are exact fractions ([`crate::Ratio`]):
//! with rational probabilities nothing is rounded, and an expectation too
//! large for 128 bits is an error, never a wrong value. Each returns a
//! [`ChanceResult`] (the value, the root's best move, [`SearchStats`] with
//! chance nodes, their cut-offs and Star2's probes counted apart) or a
//! [`ChanceError`] naming the node by the moves that lead to it:
//! probabilities that do not sum to one, a leaf outside the bounds the
//! game declares ([`Game::value_bounds`], Ballard's `L` and `U`, which
//! Star1 and Star2 cut off with), or a leaf scored as a won or lost game
//! by distance (a game with chance ends in margins, [`crate::Outcome::Score`]:
//! averaging distances would mean nothing, so it is refused, not mapped).
//! Their steps go to a [`crate::ChanceObserver`] ([`crate::ChanceTrace`]
//! records them), with the exact window each node was searched in.
//!
//! `depth` counts the players' moves; chance uses none.
//!
//! ```
//! use abprune::{expectiminimax, star1, star2, Game, NoTrace, Outcome, Player, Probability, Ratio, Score};
//!
//! /// Throw a die; keep it, or throw again and keep the second. Worth its pips.
//! #[derive(Default)]
//! struct Reroll { throws: Vec<u32>, kept: bool, again: bool }
//!
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Step { Throw(u32), Keep, Again }
//!
//! impl Game for Reroll {
//!     type Move = Step;
//!     fn side_to_move(&self) -> Player { Player::First }
//!     fn chance_to_move(&self) -> bool { self.throws.is_empty() || self.again }
//!     fn chance_outcomes(&self, outcomes: &mut Vec<(Step, Probability)>) {
//!         let sixth = Probability::new(1, 6).unwrap();
//!         outcomes.extend((1..=6).map(|pips| (Step::Throw(pips), sixth)));
//!     }
//!     fn generate_moves(&self, moves: &mut Vec<Step>) { moves.extend([Step::Keep, Step::Again]) }
//!     fn play(&mut self, step: Step) {
//!         match step {
//!             Step::Throw(pips) => { self.throws.push(pips); self.again = false }
//!             Step::Keep => self.kept = true,
//!             Step::Again => self.again = true,
//!         }
//!     }
//!     fn undo(&mut self, step: Step) {
//!         match step {
//!             Step::Throw(_) => { self.throws.pop(); self.again = self.throws.len() == 1 }
//!             Step::Keep => self.kept = false,
//!             Step::Again => self.again = false,
//!         }
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         let last = *self.throws.last()? as i32;
//!         (self.kept || self.throws.len() == 2).then_some(Outcome::Score(last))
//!     }
//!     fn evaluate(&self) -> Score { Score::DRAW }
//!     fn value_bounds(&self) -> Option<(Score, Score)> { Some((Score::new(1), Score::new(6))) }
//! }
//!
//! // Keep 4, 5 or 6, throw again on the rest: (4 + 5 + 6) / 6 + 1/2 * 7/2.
//! let exact = expectiminimax(&mut Reroll::default(), 4, &mut NoTrace)?;
//! assert_eq!(exact.value.to_string(), "17/4");
//! let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
//! assert_eq!(star1(&mut Reroll::default(), 4, full.0, full.1, &mut NoTrace)?.value, exact.value);
//! let pruned = star2(&mut Reroll::default(), 4, full.0, full.1, &mut NoTrace)?;
//! assert_eq!(pruned.value, exact.value);
//! assert!(pruned.stats.leaves < exact.stats.leaves);
//!
//! // After a 3, throwing again is worth 7/2.
//! let mut three = Reroll { throws: vec![3], ..Reroll::default() };
//! let choice = expectiminimax(&mut three, 4, &mut NoTrace)?;
//! assert_eq!((choice.value, choice.best_move), (Ratio::new(7, 2).unwrap(), Some(Step::Again)));
//! # Ok::<(), abprune::ChanceError<Step>>(())
//! ```

// The algorithms of the papers, one file each.
mod alphabeta;
mod branch_and_bound;
mod chance_context;
mod chance_memory;
mod chance_result;
mod expectiminimax;
mod failsoft;
mod minimax;
mod mtdf;
mod negamax;
mod pvs;
mod star1;
mod star2;

pub use alphabeta::alphabeta;
pub use branch_and_bound::branch_and_bound;
pub(crate) use chance_memory::ChanceMemory;
pub use chance_result::{ChanceError, ChanceResult};
pub use expectiminimax::expectiminimax;
pub use failsoft::alphabeta_failsoft;
pub use minimax::minimax;
pub use mtdf::mtdf;
pub use negamax::negamax;
pub use pvs::pvs;
pub use star1::star1;
pub use star2::star2;
pub(crate) use star2::star2_remembering;

use crate::game::{Game, Player};
use crate::score::Score;
use crate::stats::SearchStats;
use crate::trace::Observer;

/// Search as deep as the game goes: the depth for exact solving of finite
/// trees and games (every game must end long before `u32::MAX` plies).
pub const UNLIMITED_DEPTH: u32 = u32::MAX;

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The value of the root for the side to move there, in the sense of the
    /// algorithm's condition (exact, or a bound when outside the window).
    pub value: Score,
    /// The successor that achieves `value`: Bratko's "good enough" position.
    /// `None` only when the root is a leaf.
    pub best_move: Option<M>,
    /// The principal variation from the root, starting with `best_move`. It is
    /// the exact best line when `value` is exact; after a fail-high it is the
    /// line that refuted the window.
    pub pv: Vec<M>,
    /// What the search did.
    pub stats: SearchStats,
    /// True when `value` is the game's own value, as the engine's
    /// [`crate::EngineResult::exact`]: every line the search needed ended
    /// in a finished game ([`Game::outcome`]), none at the depth limit and
    /// none at a position without moves valued by [`Game::evaluate`] (an
    /// explicit tree's leaves, which prove nothing), and the value lies
    /// inside the window the search was given (outside it, the algorithm's
    /// condition makes it a bound). So a search to a depth the game never
    /// reaches is exact, whatever depth was asked.
    pub exact: bool,
}

impl<M> SearchResult<M> {
    /// How many plies to the end of the game the value promises, if decided.
    pub fn plies_to_end(&self) -> Option<u32> {
        self.value.plies_to_end()
    }
}

/// Who is to move after a move, seen from the node the move was played
/// at: the other side (the rule), or the same side again (an extra turn,
/// see [who moves next](crate::Game#who-moves-next)). It says how a
/// child's value and window are put into the node's view, which is the
/// one place every search needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    /// The side that moved is to move again.
    pub(crate) same_side: bool,
}

impl Turn {
    /// The turn after a move played by `mover`, `game` being the position
    /// after it (not asked when the game promises that the players
    /// alternate, [`Game::PLAYERS_ALTERNATE`]).
    #[inline(always)]
    pub(crate) fn after<G: Game>(mover: Player, game: &G) -> Turn {
        if G::PLAYERS_ALTERNATE {
            debug_assert!(game.side_to_move() != mover, "a game that says its players alternate gave an extra turn");
            return Turn { same_side: false };
        }
        Turn { same_side: game.side_to_move() == mover }
    }

    /// The child's value from the node's view, the child searched by
    /// `search` with the node's window (`alpha`, `beta`) put into the
    /// child's view: negated and swapped when the side changed (negamax),
    /// passed on as it is when the same side moves again. A bound
    /// `search` returns beyond its window stays a bound of the same kind
    /// from the node's view, so every fail-soft and fail-hard condition
    /// carries over unchanged.
    #[inline(always)]
    pub(crate) fn value(self, alpha: Score, beta: Score, search: impl FnOnce(Score, Score) -> Score) -> Score {
        if self.same_side {
            search(alpha, beta)
        } else {
            -search(-beta, -alpha)
        }
    }

    /// A value of the node's, `value`, seen from the child (one ply
    /// further from the root, so a win or loss is one ply nearer).
    #[inline]
    pub(crate) fn child_view(self, value: Score) -> Score {
        let value = value.to_node_relative(1);
        if self.same_side {
            value
        } else {
            -value
        }
    }
}

/// A node seen from inside: a leaf with its value, or its legal moves.
pub(crate) enum Expansion<M> {
    Leaf(Score),
    Moves(Vec<M>),
}

/// Per-ply buffers a search reuses: move lists, PV lines and move orders.
/// An engine keeps them between searches, so that even a search of a few
/// dozen nodes allocates nothing.
#[derive(Debug)]
pub(crate) struct Buffers<M> {
    pub(crate) move_lists: Vec<Vec<M>>,
    pub(crate) pv: Vec<Vec<M>>,
    pub(crate) orders: Vec<Vec<(i64, u16)>>,
}

impl<M> Default for Buffers<M> {
    fn default() -> Self {
        Buffers { move_lists: Vec::new(), pv: Vec::new(), orders: Vec::new() }
    }
}

/// The state one search carries down the tree: the position, the observer,
/// the counters, and per-ply buffers that are allocated once and reused, so
/// the recursion allocates nothing per node.
pub(crate) struct Context<'a, G: Game, O: Observer<G::Move>> {
    pub(crate) game: &'a mut G,
    pub(crate) observer: &'a mut O,
    pub(crate) stats: SearchStats,
    /// True once a leaf was valued by [`Game::evaluate`] (the depth limit,
    /// or a position without moves that is not a finished game): until
    /// then every line the search needed ended in a finished game, and its
    /// value is exact ([`SearchResult::exact`]).
    evaluated: bool,
    /// The side to move at the root (MAX): a cut-off at a node where it
    /// moves is a beta cut-off, elsewhere an alpha cut-off.
    root_side: Player,
    move_lists: Vec<Vec<G::Move>>,
    pv: Vec<Vec<G::Move>>,
    /// Kept here only to hand back with the other buffers.
    pub(crate) orders: Vec<Vec<(i64, u16)>>,
    /// The function searching, named in its refusal of a chance node.
    searcher: &'static str,
}

impl<'a, G: Game, O: Observer<G::Move>> Context<'a, G, O> {
    /// The context of the textbook function `searcher` (named when it
    /// refuses a chance node).
    pub(crate) fn new(game: &'a mut G, observer: &'a mut O, searcher: &'static str) -> Self {
        Context { searcher, ..Context::with_buffers(game, observer, Buffers::default()) }
    }

    /// A context that reuses `buffers` (their contents are stale and are
    /// cleared as each ply is entered).
    pub(crate) fn with_buffers(game: &'a mut G, observer: &'a mut O, buffers: Buffers<G::Move>) -> Self {
        let Buffers { move_lists, mut pv, orders } = buffers;
        pv.iter_mut().for_each(Vec::clear);
        let root_side = game.side_to_move();
        let searcher = "the engine";
        Context {
            game,
            observer,
            stats: SearchStats::default(),
            evaluated: false,
            root_side,
            move_lists,
            pv,
            orders,
            searcher,
        }
    }

    /// The buffers, for the next search.
    pub(crate) fn into_buffers(self) -> Buffers<G::Move> {
        Buffers { move_lists: self.move_lists, pv: self.pv, orders: self.orders }
    }

    /// Counts and announces a node entered through `mv` with window (alpha, beta).
    #[inline]
    pub(crate) fn enter(&mut self, ply: u32, mv: Option<G::Move>, alpha: Score, beta: Score) {
        self.stats.count_node(ply as usize);
        self.observer.enter(ply, mv, alpha, beta);
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
    }

    /// Decides whether the node at `ply` is a leaf (game over, depth
    /// exhausted, or no moves), whose value `f(p)` is then counted and
    /// announced, or an interior node, whose moves are returned in the reused
    /// buffer of `ply` (hand it back with [`Context::give_back`]).
    ///
    /// # Panics
    /// At a chance node ([`Game::chance_to_move`]), naming the search and
    /// those that take chance: a deterministic search would value chance's
    /// outcomes as a player's choice.
    #[inline]
    pub(crate) fn expand(&mut self, depth: u32, ply: u32) -> Expansion<G::Move> {
        let value = match self.game.outcome() {
            Some(outcome) => outcome.score(ply),
            None if self.game.chance_to_move() => self.refuse_chance(),
            None if depth == 0 => self.evaluate(),
            None => {
                let moves = self.take_moves(ply);
                if !moves.is_empty() {
                    return Expansion::Moves(moves);
                }
                self.give_back(ply, moves);
                self.evaluate()
            }
        };
        Expansion::Leaf(self.leaf(ply, value))
    }

    /// The refusal of a chance node (see [`Context::expand`]).
    #[cold]
    #[inline(never)]
    fn refuse_chance(&self) -> ! {
        panic!("{}: {}", self.searcher, crate::engine::error::CHANCE_REFUSED)
    }

    /// The static evaluation of a leaf that is not a finished game: the
    /// depth limit cut the line here, or the position has no moves (an
    /// explicit tree's leaf). Either way the value rests on the evaluation,
    /// not on the rules, and is no longer exact.
    #[inline]
    fn evaluate(&mut self) -> Score {
        self.evaluated = true;
        self.game.evaluate()
    }

    /// Counts and announces a leaf with its static value.
    #[inline]
    pub(crate) fn leaf(&mut self, ply: u32, value: Score) -> Score {
        self.stats.leaves += 1;
        self.observer.leaf(ply, value);
        value
    }

    /// Takes the (reused) move buffer of `ply`, filled with the legal moves.
    /// Hand it back with [`Context::give_back`].
    #[inline]
    pub(crate) fn take_moves(&mut self, ply: u32) -> Vec<G::Move> {
        let mut moves = self.empty_moves(ply);
        self.game.generate_moves(&mut moves);
        moves
    }

    /// Takes the (reused) move buffer of `ply`, emptied.
    #[inline(always)]
    pub(crate) fn empty_moves(&mut self, ply: u32) -> Vec<G::Move> {
        let ply = ply as usize;
        if self.move_lists.len() <= ply {
            self.move_lists.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        moves
    }

    /// Returns a buffer from [`Context::take_moves`] for reuse.
    #[inline(always)]
    pub(crate) fn give_back(&mut self, ply: u32, moves: Vec<G::Move>) {
        self.move_lists[ply as usize] = moves;
    }

    /// Records a cut-off at `ply` with `skipped` children left unsearched
    /// (nothing is recorded when the cut came at the last child).
    #[inline]
    pub(crate) fn cutoff(&mut self, ply: u32, skipped: usize) {
        if skipped == 0 {
            return;
        }
        let at_max = if G::PLAYERS_ALTERNATE { ply % 2 == 0 } else { self.game.side_to_move() == self.root_side };
        if at_max {
            self.stats.beta_cutoffs += 1;
        } else {
            self.stats.alpha_cutoffs += 1;
        }
        self.observer.cutoff(ply, skipped);
    }

    /// Announces the value a node returns.
    #[inline]
    pub(crate) fn exit(&mut self, ply: u32, value: Score) -> Score {
        self.observer.exit(ply, value);
        value
    }

    /// Makes `mv` followed by the child's line the principal variation of `ply`.
    pub(crate) fn update_pv(&mut self, ply: u32, mv: G::Move) {
        let ply = ply as usize;
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
        }
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// Plays `mv`, runs `search` on the child with the [`Turn`] the move
    /// made, undoes `mv`: the one place the position changes, so play and
    /// undo always pair up.
    #[inline]
    pub(crate) fn child<R>(&mut self, mv: G::Move, search: impl FnOnce(&mut Self, Turn) -> R) -> R {
        let mover = self.game.side_to_move();
        self.game.play(mv);
        let turn = Turn::after(mover, &*self.game);
        let result = search(self, turn);
        self.game.undo(mv);
        result
    }

    /// The root's principal variation as it stands.
    pub(crate) fn root_pv(&self) -> Vec<G::Move> {
        self.pv.first().cloned().unwrap_or_default()
    }

    /// Replaces the root's principal variation (drivers that run several
    /// passes report the line of the pass that proved the value).
    pub(crate) fn set_root_pv(&mut self, line: Vec<G::Move>) {
        if self.pv.is_empty() {
            self.pv.push(Vec::new());
        }
        self.pv[0] = line;
    }

    /// Packs the root's value with its best move, PV and the counters.
    ///
    /// The best move is the head of the root's PV; when no move raised the
    /// root's value above its starting point (a fail-hard search failing low)
    /// every move is equally "good enough" in Bratko's sense and the first one
    /// is reported.
    ///
    /// `window` is the window the root was searched with (`(-inf, bound)`
    /// for branch-and-bound): the value is exact when it lies strictly
    /// inside it and no leaf rested on the static evaluation.
    pub(crate) fn finish(mut self, value: Score, window: (Score, Score)) -> SearchResult<G::Move> {
        let exact = !self.evaluated && window.0 < value && value < window.1;
        let mut pv = self.pv.first_mut().map(std::mem::take).unwrap_or_default();
        if pv.is_empty() {
            let first_root_move = self.move_lists.first().and_then(|moves| moves.first());
            pv.extend(first_root_move.copied());
        }
        SearchResult { value, best_move: pv.first().copied(), pv, stats: self.stats, exact }
    }
}
