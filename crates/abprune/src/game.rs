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
//! - after `play`, either side may be to move: the other side as a rule,
//!   the same side when the rules give it another turn (Kalah's last seed
//!   in one's own store, a completed box in dots-and-boxes); every search
//!   asks [`Game::side_to_move`] after each move and values the child from
//!   the mover's view by whether the side changed;
//! - `undo(mv)` restores exactly the position before `play(mv)`;
//! - [`Game::outcome`] says whether the game is over *before* any move is
//!   generated; a position that is not over but has no moves is a leaf the
//!   search evaluates with [`Game::evaluate`] (this is what an explicit tree's
//!   leaves are).

use crate::score::{Outcome, Score};

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
use std::fmt::{self, Debug};

/// How a game's finished positions are valued, which says what an exact
/// solve bisects on (see [`Game::ending`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Finished games are won, lost or drawn ([`Outcome::Win`],
    /// [`Outcome::Loss`], [`Outcome::Draw`]); the solve finds the distance
    /// to the end too. An [`Outcome::Score`] makes
    /// [`crate::Engine::solve`] fail with
    /// [`crate::EngineError::UndeclaredEnding`].
    WinLossDraw,
    /// Finished games end with a margin ([`Outcome::Score`], or
    /// [`Outcome::Draw`] for 0) between `lowest` and `highest`, from the
    /// view of the side to move *in the finished position* (as every
    /// [`Game::outcome`] is); the solve finds the margin under best play.
    /// So the root's value, whichever side is to move at the end of each
    /// line, lies in `[min(lowest, -highest), max(highest, -lowest)]`: a
    /// game whose finished positions are worth 1 to 7 to their side to
    /// move may be worth -7 to -1 to the root's. A finished position whose
    /// outcome the range does not allow (another margin, or a win or loss)
    /// makes [`crate::Engine::solve`] fail with
    /// [`crate::EngineError::UndeclaredEnding`], never a value.
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

impl Ending {
    /// Whether a finished position may end in `outcome` (from its side to
    /// move's view) under this declaration: a win, loss or draw for
    /// [`Ending::WinLossDraw`]; a margin within the range (a draw being 0)
    /// for [`Ending::Margin`]; anything for [`Ending::Heuristic`].
    #[inline]
    pub fn allows(self, outcome: Outcome) -> bool {
        match (self, outcome) {
            (Ending::Heuristic, _) => true,
            (Ending::WinLossDraw, Outcome::Score(_)) => false,
            (Ending::WinLossDraw, _) => true,
            (Ending::Margin { lowest, highest }, Outcome::Score(margin)) => (lowest..=highest).contains(&margin),
            (Ending::Margin { lowest, highest }, Outcome::Draw) => (lowest..=highest).contains(&0),
            (Ending::Margin { .. }, Outcome::Win | Outcome::Loss) => false,
        }
    }

    /// The values the root of a game with this ending can have, for a
    /// margin game: a finished position is worth `lowest` to `highest` to
    /// its own side to move, which may be the root's side or the other, so
    /// `[min(lowest, -highest), max(highest, -lowest)]`. `None` for the
    /// other endings.
    pub fn root_margins(self) -> Option<(i32, i32)> {
        match self {
            Ending::Margin { lowest, highest } => Some((lowest.min(-highest), highest.max(-lowest))),
            Ending::WinLossDraw | Ending::Heuristic => None,
        }
    }
}

impl fmt::Display for Ending {
    /// The declaration in words, as an error names it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::WinLossDraw => f.write_str("wins, losses and draws (Ending::WinLossDraw)"),
            Ending::Margin { lowest, highest } => write!(
                f,
                "margins from {lowest} to {highest} for the side to move in the finished position (Ending::Margin)"
            ),
            Ending::Heuristic => f.write_str("static evaluations (Ending::Heuristic)"),
        }
    }
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
///
/// # Who moves next
///
/// The players need not alternate. After [`Game::play`], the side to move
/// may be the same one again: a game with extra turns (Kalah, where the
/// last seed sown into one's own store gives another move; dots-and-boxes,
/// where completing a box does) is written the obvious way, `play` leaving
/// [`Game::side_to_move`] unchanged. Every search of the library, the
/// plain ones and the engine's (solve, test, parallel search, quiescence,
/// the line's completion), compares the side to move before and after each
/// move: a child whose side changed is worth the negation of its value, a
/// child where the same side moves again is worth its own value, and the
/// window is passed on to match (negated and swapped, or unchanged). So
/// values stay in the negamax convention (from the side to move at each
/// node), and a win's distance counts plies, not turns.
///
/// What the rest of the contract then asks: [`Game::hash_key`] must tell
/// the side to move apart (a position with the same board and another
/// side to move is another position); [`Game::winner_moves_last`] must stay
/// `false` (its odd/even reasoning needs alternating players); and a pass
/// for null-move pruning ([`Game::play_null`]) always hands the turn over.
///
/// # Checking a game
///
/// A game that breaks the contract is not refused: its values come out
/// wrong, marked exact. [`crate::check::check_game`] plays random lines
/// through a game and reports a key that does not decide the position, an
/// `undo` that does not restore it, and (asked for) a side to move that
/// does not match the values, each with the line of moves that shows it.
pub trait Game {
    /// A move: small and `Copy`, so move lists are plain arrays.
    type Move: Copy + PartialEq + Debug;

    /// True when every move hands the turn to the other side (no extra
    /// turns, ever; a pass counts as a move that does): the searches then
    /// skip the check of who is to move after each move, which costs a
    /// game as cheap per node as Connect Four about 0.7% of a solve's
    /// instructions. A promise, checked in debug builds. Default: `false`,
    /// always right (see [who moves next](Game#who-moves-next)).
    const PLAYERS_ALTERNATE: bool = false;

    /// Whose turn it is. Read after every move the searches play: it may
    /// be the side that just moved (an extra turn, see [who moves
    /// next](Game#who-moves-next)), so it must be cheap and always true.
    /// It must follow the rules the values are computed by: the side whose
    /// view [`Game::outcome`] and [`Game::evaluate`] take. A game that gives
    /// extra turns but reports the sides as alternating is searched as
    /// another game, silently (90 of some 200 Dots and Boxes positions came
    /// out wrong); [`crate::check::check_game`] with
    /// [`crate::check::CheckOptions::side_check`] looks for it.
    fn side_to_move(&self) -> Player;

    /// Appends every legal move to `moves` (the caller clears the buffer; the
    /// search reuses one buffer per ply, so generating allocates nothing once
    /// the buffers have grown). The order is the order the plain searches try
    /// them in, so put the likely best moves first.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move for the side to move. Afterwards the other side
    /// is to move, or the same side again when the rules give it another
    /// turn ([`Game::side_to_move`] says which).
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
    ///
    /// The key must cover **everything that decides the rest of the
    /// game**, not only what is on the board: the score so far (the boxes
    /// already won in Dots and Boxes, the seeds in Kalah's stores), whose
    /// turn it is when the two sides' positions differ in value, move
    /// counters that end the game. Two positions with one key are one
    /// entry of the table, and the engine answers one from the other's
    /// value, marked exact: a Dots and Boxes whose key left out the boxes
    /// won was solved as +4 where the truth was +2. [`crate::check::check_game`]
    /// finds such a key (and an `undo` that does not restore) by playing
    /// random lines through the game: run it on a new game before trusting
    /// its values.
    fn hash_key(&self) -> Option<u64> {
        None
    }

    /// The key of a table entry whose value stands on this position's own
    /// static evaluation (the quiescence search's, which stands pat on
    /// it): [`Game::hash_key`], the default, when [`Game::evaluate`] reads
    /// nothing but the position. An evaluation that reads more must have
    /// it covered here: one averaged over the last two plies reads the
    /// last move, and under the position's key alone a value stood on one
    /// path's evaluation would be answered on another path, where the
    /// same position evaluates differently (its line would not end where
    /// its value says). Entries of searches to a depth keep
    /// [`Game::hash_key`]: their values rest on the children's
    /// evaluations, which read their own last moves.
    /// [`crate::check::check_game`] finds an evaluation key that leaves
    /// out what the evaluation reads.
    fn evaluation_key(&self) -> Option<u64> {
        self.hash_key()
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
    /// engine's move ordering ([`crate::engine`]) puts the table's move
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
    /// [`crate::OrderingOptions::hints`] on and off.
    fn move_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A small dense number for `mv` (below 4096), so that the history
    /// heuristic can keep a score per move. `None`, the default, turns the
    /// history heuristic off for this game.
    fn move_id(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// A number naming `mv` in this position whatever order the moves are
    /// generated in (at most [`crate::engine::MAX_MOVE_CODE`]), under which the
    /// transposition table remembers a best move. `None`, the default, for
    /// every move: the table names a move by its index in the generated
    /// list, which is right when a position's list always comes in the same
    /// order. A game whose order depends on how the position was reached
    /// (Gomoku sorts by the last moves) returns `Some` for every move, or a
    /// transposition reads back another move.
    fn move_code(&self, _mv: Self::Move) -> Option<u16> {
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
    /// [`Game::outcome`]; the plain searches of [`crate::textbook`] never do.
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
    /// `Win`) and the players alternate: the side to move can then only
    /// win an odd number of plies ahead and lose an even number, and a
    /// solver skips the other values. Never for a game with extra turns
    /// (see [who moves next](Game#who-moves-next)), whose wins come at any
    /// distance. Default: `false`, which is always safe.
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

    /// True for a move the engine's selective search spares
    /// ([`crate::Selectivity`]): a capture or a check in chess, a four, an
    /// open three or the block of one in Gomoku. It is never pruned by
    /// futility, and reduced and pruned by count only as far as
    /// [`crate::Selectivity::forcing_reduction`] and
    /// [`crate::Selectivity::forcing_pruning`] say; a forcing move after
    /// the same side's forcing move two plies up (an attack that goes on)
    /// is reduced [`crate::Selectivity::attack_relief`] less. Asked
    /// before the move is played, only when a selective technique is on.
    /// Default: `false` (every move may be reduced or pruned late in the
    /// ordering).
    fn is_forcing(&self, _mv: Self::Move) -> bool {
        false
    }

    /// True for a move that builds nothing for either side, which the
    /// selective search may skip near the horizon
    /// ([`crate::Selectivity::trivial_pruning`]): in Gomoku, a stone that
    /// would give neither colour an open two, a three or more on any of
    /// its lines (Rapfi's "trivial move"). Asked before the move is
    /// played, only when that technique is on. Default: `false`.
    fn is_trivial(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Narrows `moves` (the candidates [`Game::candidate_moves`] gave, in
    /// its order) to the replies worth searching against a threat the
    /// game knows well but cannot prove lost for every other move (in
    /// Gomoku, the defences against a four-three point and the side to
    /// move's own fours, as Rapfi searches). Returns `true` if it removed
    /// any. Only the engine's selective search asks
    /// ([`crate::Selectivity::threat_defences`]); a node narrowed is
    /// counted unproven, so no exact value ever rests on it. Default:
    /// leaves the moves and returns `false`.
    fn threat_defences(&self, _moves: &mut Vec<Self::Move>) -> bool {
        false
    }

    /// True when the side to move faces a threat it must answer at once
    /// (a check in chess; in Gomoku the opponent's four or open three),
    /// which [`Game::evaluate`] does not weigh: the selective search then
    /// does not settle the node by its evaluation alone (reverse futility
    /// pruning, [`crate::Selectivity`]). Only the engine's selective search
    /// asks. Default: `false`.
    fn must_answer(&self) -> bool {
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

    /// True when chance is to move here (dice to throw, a card to draw):
    /// the moves are then the outcomes that [`Game::chance_outcomes`]
    /// lists, and the position's value is their expectation (see
    /// [`crate::chance`]), seen from [`Game::side_to_move`] here. An
    /// outcome may pass the turn (Pig's roll of 1 ends it): the searches
    /// compare the side to move before and after each outcome as after a
    /// move, and negate the child's value when it changed. Only the
    /// searches for games with chance take such nodes; every deterministic
    /// one (the textbook functions, the engine, [`crate::Strategy`],
    /// [`crate::best_move`]) refuses a game whose `chance_to_move` is true
    /// at a node it reaches (a panic, or [`crate::EngineError::ChanceNode`]),
    /// never answering. Default: `false`.
    fn chance_to_move(&self) -> bool {
        false
    }

    /// The outcomes of the chance node, each a move [`Game::play`]
    /// accepts with its exact probability, appended to `outcomes` (the
    /// caller clears it). The probabilities must sum to exactly one; the
    /// searches refuse a node where they do not, naming it. Called only
    /// where [`Game::chance_to_move`] is true. Default: none.
    fn chance_outcomes(&self, _outcomes: &mut Vec<(Self::Move, crate::chance::Probability)>) {}

    /// The lowest and highest value any leaf of the game can have (a
    /// finished position's outcome or an evaluation), **from the first
    /// player's view**: Ballard's `L` and `U`, which let Star1 and Star2
    /// cut off at chance nodes. `None`, the default, when the game knows
    /// none: those searches then cut off nothing at chance nodes. A leaf
    /// found outside the bounds is an error naming it, never a silent
    /// wrong value.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        None
    }

    /// At most how many more plies the game can last (`None`: no bound
    /// known). A solver bisecting on the game's value uses it to know which
    /// win and loss distances exist at all.
    fn max_plies_left(&self) -> Option<u32> {
        None
    }
}
