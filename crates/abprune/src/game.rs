//! The rules of a two-player game, as the search sees them.
//!
//! A game is searched by **make/unmake**: the search owns one mutable
//! position, calls [`Game::play`] on the way down and [`Game::undo`] on the way
//! back. We chose this over copy-make because the games this engine is built
//! for keep large incremental state (a Gomoku board with per-line pattern
//! counts is kilobytes; copying it at every node would cost more than the
//! search itself), and because the search never needs two positions at once.
//! A game whose state is a few machine words (Connect Four's two bitboards)
//! loses nothing: its `undo` is as cheap as a copy.
//!
//! The contract the searches rely on:
//! - the players alternate: after `play`, the other side is to move;
//! - `undo(mv)` restores exactly the position before `play(mv)`;
//! - [`Game::outcome`] says whether the game is over *before* any move is
//!   generated; a position that is not over but has no moves is a leaf the
//!   search evaluates with [`Game::evaluate`] (this is what an explicit tree's
//!   leaves are).

use crate::score::Outcome;
use crate::Score;

/// What a game says about a position at the search horizon (see
/// [`Game::horizon`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// The rules know the exact value (distances counted from here, as in
    /// [`Game::candidate_moves`]).
    Known(Score),
    /// The static evaluation is a fair judge, but the side to move may also
    /// try the forcing moves given (none: a plain static evaluation). The
    /// search takes the better of the two ("standing pat").
    Quiet,
    /// The side to move must play one of the moves given (never empty):
    /// standing pat would ignore a threat the evaluation cannot see.
    Forced,
}
use std::fmt::Debug;

/// How a game's finished positions are valued, which says what an exact
/// solve bisects on (see [`Game::ending`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Finished games are won, lost or drawn ([`Outcome::Win`],
    /// [`Outcome::Loss`], [`Outcome::Draw`]); the solve finds the distance
    /// to the end too.
    WinLossDraw,
    /// Finished games end with a margin ([`Outcome::Score`], or
    /// [`Outcome::Draw`] for 0) between `lowest` and `highest`, from the
    /// side to move's view; the solve finds the margin under best play.
    Margin {
        /// The lowest margin a finished game can have.
        lowest: i32,
        /// The highest.
        highest: i32,
    },
    /// Some ends are valued by [`Game::evaluate`] (positions without moves
    /// that the rules do not finish, as an explicit tree's leaves): no
    /// exact solve, which [`crate::Engine::solve`] refuses before searching.
    Heuristic,
}

/// One of the two players.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Player {
    /// The player who moves first from the initial position.
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

/// The rules of a two-player, zero-sum, perfect-information game.
///
/// Implement the six required methods; the optional hooks make the iterative
/// deepening engine stronger but are never needed for correctness, and their
/// defaults are always safe (no hook panics or pretends).
pub trait Game {
    /// A move: small and `Copy`, so move lists are plain arrays.
    type Move: Copy + PartialEq + Debug;

    /// Whose turn it is.
    fn side_to_move(&self) -> Player;

    /// Appends every legal move to `moves` (the caller clears the buffer; the
    /// search reuses one buffer per ply, so generating allocates nothing once
    /// the buffers have grown). The order is the order the plain searches try
    /// them in, so put the likely best moves first.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move for the side to move.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// `Some` when the game is over, from the side to move's point of view;
    /// `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// The static (heuristic) value of the position for the side to move,
    /// within `±Score::MAX_EVAL`. Called on positions that are not over, at the
    /// depth limit or when there are no moves.
    fn evaluate(&self) -> Score;

    /// A 64-bit key identifying the position (Zobrist hashing or an exact
    /// encoding), for the transposition table. `None`, the default, means the
    /// game has no key: the engine then simply searches without a table.
    fn hash_key(&self) -> Option<u64> {
        None
    }

    /// Which rules the position is played under, for a type that plays
    /// several variants (misère Nim beside normal Nim, Othello scored by
    /// the disc margin or by win/draw/loss): the same position then has the
    /// same [`Game::hash_key`] but not the same value. An [`crate::Engine`]
    /// keeps what its table learnt only between searches of the same game
    /// type with the same rules key, and starts afresh otherwise. Default: 0
    /// (one set of rules).
    fn rules_key(&self) -> u64 {
        0
    }

    /// How promising `mv` looks before it is searched: larger first. The
    /// engine's move ordering ([`crate::ordering`]) puts the table's move
    /// first, then sorts the rest by this hint, and only among equal hints
    /// by the killer moves and then the history heuristic: a hint outranks
    /// every statistic (on Connect Four, killers above the threat hints
    /// cost a solve about 20 times the nodes). The default (0 for every
    /// move) leaves the order to the killers, the history and the
    /// generation order.
    ///
    /// A hint has a cost, and a static one can cost twice: it is called
    /// for every move of every node whose moves are sorted (most interior
    /// nodes), so a slow hint slows the whole search; and because it ranks
    /// above the killers and history, a hint that is merely plausible
    /// (say, "central squares first") overrides what the search has
    /// learnt about this very tree. Give hints only for what is known to be
    /// better (a threat made, a capture), and measure nodes and time with
    /// [`crate::EngineOptions::hints`] on and off.
    fn move_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A small dense number for `mv` (below 4096), so that the history
    /// heuristic can keep a score per move. `None`, the default, turns the
    /// history heuristic off for this game.
    fn move_id(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// The engine's view of a position that is not over: either its value,
    /// when the rules know it without searching (`Some(Score::win_in(1))`
    /// when the side to move wins with its next move, `Some(Score::loss_in(2))`
    /// when every move lets the opponent win at once; distances counted from
    /// here, and it must be the exact value), or else `None` with `moves`
    /// filled with the moves worth searching: a subset of the legal moves
    /// that still contains an optimal one (Connect Four leaves out moves that
    /// let the opponent win at once). One hook for both, so that a game
    /// computes the threats it needs for them once. The engine calls it after
    /// [`Game::outcome`]; the plain searches of [`crate::search`] never do.
    /// Default: every legal move, no known value.
    fn candidate_moves(&self, moves: &mut Vec<Self::Move>) -> Option<Score> {
        self.generate_moves(moves);
        None
    }

    /// [`Game::outcome`] in a position reached by one of the moves that
    /// [`Game::candidate_moves`] returned (the engine knows when). A game
    /// whose candidates never win at once (a win would have been the known
    /// value instead) need not look for the line that just won: Connect
    /// Four checks only for a full board here. Default: [`Game::outcome`].
    fn outcome_after_candidate(&self) -> Option<Outcome> {
        self.outcome()
    }

    /// [`Game::candidate_moves`] in such a position. A game whose candidates
    /// leave the opponent no win on its next move (Connect Four's do) need
    /// not look for one. Default: [`Game::candidate_moves`].
    fn candidate_moves_after_candidate(&self, moves: &mut Vec<Self::Move>) -> Option<Score> {
        self.candidate_moves(moves)
    }

    /// The lowest and highest score the side to move can still reach, seen
    /// from this position (distances counted from here, as `Score::win_in(n)`
    /// means a win `n` plies ahead). A solver narrows its window to it, as a
    /// mate-distance bound does. The engine asks only when
    /// [`Game::outcome`] and [`Game::candidate_moves`] found no value, so the
    /// bounds may take that for granted (no win on the next move, say). The default
    /// is the whole range of scores.
    fn score_bounds(&self) -> (Score, Score) {
        (Score::loss_in(0), Score::win_in(0))
    }

    /// True when every decided game ends on the winner's own move (as in
    /// Connect Four, Gomoku, tic-tac-toe: [`Game::outcome`] never says
    /// `Win`): the side to move can then only win an odd number of plies
    /// ahead and lose an even number, and a solver skips the other values.
    /// Default: `false`, which is always safe.
    fn winner_moves_last(&self) -> bool {
        false
    }

    /// Quiescence: what the engine should do at its depth limit, instead of
    /// trusting [`Game::evaluate`] in the middle of a tactical sequence. Fill
    /// `moves` with the forcing moves worth following past the horizon
    /// (captures in chess; in Gomoku the fours that threaten five, or the
    /// block a four forces) and say whether the side to move may stand pat.
    /// The engine follows these moves only while each position keeps giving
    /// some (a forcing line must run out: every move should shrink what is
    /// left to force), with a cap on the extra plies. Only the engine calls it. The default,
    /// [`Horizon::Quiet`] with no moves, makes the horizon a plain static
    /// evaluation.
    fn horizon(&self, _moves: &mut Vec<Self::Move>) -> Horizon {
        Horizon::Quiet
    }

    /// True for a move the engine's selective search must search at full
    /// depth and never prune ([`crate::Selectivity`]): a capture or a check
    /// in chess, a four, an open three or the block of one in Gomoku. Asked
    /// before the move is played, only when a selective technique is on.
    /// Default: `false` (every move may be reduced or pruned late in the
    /// ordering).
    fn is_forcing(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Passes the turn, for the search only (null-move pruning): the other
    /// side moves next, and the hash key says so. Returns `false`, having
    /// changed nothing, when the game offers no pass or passing here would
    /// be meaningless (the side to move must answer a threat). A `true` is
    /// undone by [`Game::undo_null`]. Default: no pass.
    fn play_null(&mut self) -> bool {
        false
    }

    /// Takes back the pass of a [`Game::play_null`] that returned `true`.
    fn undo_null(&mut self) {}

    /// How finished positions are valued: won, lost or drawn (the
    /// default), by a margin in a known range, or not by the rules at all.
    /// [`crate::Engine::solve`] reads it before it searches: it bisects on
    /// the margins of a margin game, and refuses a heuristic one at once.
    fn ending(&self) -> Ending {
        Ending::WinLossDraw
    }

    /// At most how many more plies the game can last (`None`: no bound
    /// known). A solver bisecting on the game's value uses it to know which
    /// win and loss distances exist at all.
    fn max_plies_left(&self) -> Option<u32> {
        None
    }
}
