//! Backgammon without the doubling cube: a game with chance, for the
//! *-minimax searches.
//!
//! The standard rules: 24 points, the bar, bearing off, hitting a blot
//! (a lone checker) sends it to the bar; the dice must be used as fully
//! as the position allows ([`moves`] states the rules of a play). A game
//! is a single win (1 point), a gammon (2: the loser has borne off no
//! checker) or a backgammon (3: and has one on the bar or in the winner's
//! home board); values are counted in thousandths of a point
//! ([`eval::POINT`]), so a result and the evaluation share one scale.
//!
//! Each turn is two moves of the game: chance throws the dice
//! ([`Move::Roll`], 21 outcomes, 1/36 for a double, 2/36 for the others),
//! then the same side plays them ([`Move::Play`], the pass when nothing can
//! move). Chance never passes the turn; the checker play does.
//!
//! Positions are read and written as gnubg's position IDs
//! ([`position_id`]), so they can be checked against GNU Backgammon.

pub mod bearoff;
pub mod board;
mod display;
pub mod eval;
pub mod features;
pub mod moves;
pub mod net;
pub mod player;
pub mod position_id;
pub mod pubeval;
pub mod selfplay;
pub mod weights;
mod zobrist;

use abprune::{Ending, Game, Outcome, Player, Probability, Score};
use board::{Board, Landing, BAR, CHECKERS, HOME, POINTS};
pub use moves::{Dice, Move, Play, Step};
use net::Nets;
use std::sync::Arc;

/// The rolls a die has: a roll's chance is counted out of `FACES * FACES`.
const FACES: u64 = 6;
/// The most pips one checker play moves: double sixes, four times six
/// (a checker borne off with a larger die uses no more pips than the die).
pub const MAX_PIPS_A_PLAY: u32 = 24;

/// A backgammon position: the checkers, the side to move, the dice it
/// has thrown (none: chance is to move), and what each checker play hit,
/// to take it back.
#[derive(Clone, Debug)]
pub struct Backgammon {
    board: Board,
    /// 0 for [`Player::First`], 1 for the second.
    to_move: usize,
    dice: Option<Dice>,
    key: u64,
    history: Vec<Undo>,
    /// The most checker plays a search looks ahead from this position
    /// (`None`: no limit), which [`Game::value_bounds`] may count on.
    horizon: Option<u32>,
    /// The evaluation nets, if the leaves are valued by them (else pubeval).
    nets: Option<Arc<Nets>>,
}

/// What a checker play changed beyond its steps.
#[derive(Clone, Copy, Debug)]
struct Undo {
    dice: Dice,
    /// Bit `i` set when step `i` hit a blot.
    hits: u8,
}

impl Default for Backgammon {
    fn default() -> Self {
        Backgammon::new()
    }
}

impl Backgammon {
    /// The starting position, the first player to roll.
    pub fn new() -> Backgammon {
        Backgammon::from_board(Board::start(), Player::First, None)
    }

    /// A position from its board, the side to move (side 0 of the board is
    /// the first player) and the dice it has thrown, if any. The board must
    /// be a possible one ([`Board::defect`] finds none), as
    /// [`Backgammon::from_position_id`] makes sure.
    pub fn from_board(board: Board, to_move: Player, dice: Option<Dice>) -> Backgammon {
        let to_move = side_index(to_move);
        Backgammon {
            board,
            to_move,
            dice,
            key: zobrist::full(&board, to_move, dice),
            history: Vec::new(),
            horizon: None,
            nets: None,
        }
    }

    /// Values the leaves of searches by the nets' cubeless equity
    /// ([`Nets::outputs`], the bear-off database where it applies)
    /// instead of pubeval: a leaf is then worth anything a finished game
    /// can be, and [`Game::value_bounds`] widen to match.
    pub fn set_nets(&mut self, nets: Option<Arc<Nets>>) {
        self.nets = nets;
    }

    /// The most points `side` can win from here by the nets' values: 1
    /// once the other side has borne off a checker (its gammon is gone,
    /// and [`Outputs::consistent`](net::Outputs::consistent) clears it),
    /// else 3.
    fn net_reach(&self, side: usize) -> i32 {
        if self.board.off(1 - side) > 0 {
            1
        } else {
            3
        }
    }

    /// The position of a gnubg position ID, the first player on roll, with
    /// `dice` thrown (or chance to move).
    ///
    /// # Errors
    /// The ID's defect, as [`position_id::decode`] names it.
    pub fn from_position_id(id: &str, dice: Option<Dice>) -> Result<Backgammon, String> {
        Ok(Backgammon::from_board(position_id::decode(id)?, Player::First, dice))
    }

    /// The gnubg position ID, the side to move on roll (gnubg writes its checkers second).
    pub fn position_id(&self) -> String {
        position_id::encode(&self.board, self.to_move)
    }

    /// Tells the position that a search will look at most `plays` checker
    /// plays ahead (`None`: any number), so that [`Game::value_bounds`]
    /// need only bound the leaves within them: a side whose pip count
    /// its plays within the horizon cannot cover (at most
    /// [`MAX_PIPS_A_PLAY`] each) cannot finish the game there, and the
    /// bounds shrink from a backgammon's three points to the
    /// evaluation's range, which lets Star1 and Star2 cut off far more. A
    /// search deeper than promised meets a leaf outside the bounds and is
    /// refused (an error naming it), never given a wrong value.
    pub fn set_search_horizon(&mut self, plays: Option<u32>) {
        self.horizon = plays;
    }

    /// The most points `side` can still win within the horizon: 0 when it
    /// cannot bear off its last checker there, 1 once the other side has
    /// borne off a checker (borne off checkers never come back), 3 before.
    fn points_within_reach(&self, side: usize) -> i32 {
        if let Some(horizon) = self.horizon {
            // The side on roll (or about to roll) plays first.
            let plays = if side == self.to_move { horizon.div_ceil(2) } else { horizon / 2 };
            if self.board.pips(side) > plays * MAX_PIPS_A_PLAY {
                return 0;
            }
        }
        if self.board.off(1 - side) > 0 {
            1
        } else {
            3
        }
    }

    /// The checkers.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The dice thrown and not yet played.
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The legal checker plays of the dice thrown, one per resulting
    /// position (empty while chance is to move or when the game is over).
    pub fn legal_plays(&self) -> Vec<Play> {
        let mut plays = Vec::new();
        if let (Some(dice), None) = (self.dice, self.outcome()) {
            moves::legal_plays(&self.board, self.to_move, dice, &mut plays);
        }
        plays
    }

    fn side_index(&self) -> usize {
        self.to_move
    }

    fn side_to_move_name(&self) -> &'static str {
        if self.to_move == 0 {
            "first player"
        } else {
            "second player"
        }
    }

    /// The key of the slots a step of the side to move from `from` to
    /// `landing` may change.
    fn slots_key(&self, from: usize, landing: Landing) -> u64 {
        let side = self.to_move;
        let counts = &self.board.counts;
        let mut key = zobrist::checkers(side, from, counts[side][from]);
        if let Landing::Point(to) = landing {
            let theirs = POINTS - 1 - to;
            key ^= zobrist::checkers(side, to, counts[side][to])
                ^ zobrist::checkers(1 - side, theirs, counts[1 - side][theirs])
                ^ zobrist::checkers(1 - side, BAR, counts[1 - side][BAR]);
        }
        key
    }

    fn play_checkers(&mut self, play: Play) {
        let Some(dice) = self.dice else {
            debug_assert!(false, "a checker play with no dice thrown");
            return;
        };
        let mut hits = 0;
        for (i, step) in play.steps().iter().enumerate() {
            let (from, landing) = (usize::from(step.from), step.landing());
            self.key ^= self.slots_key(from, landing);
            if self.board.step(self.to_move, from, landing) {
                hits |= 1 << i;
            }
            self.key ^= self.slots_key(from, landing);
        }
        self.history.push(Undo { dice, hits });
        self.key ^= zobrist::roll(Some(dice)) ^ zobrist::to_move(0) ^ zobrist::to_move(1);
        self.dice = None;
        self.to_move = 1 - self.to_move;
    }

    fn undo_checkers(&mut self, play: Play) {
        let Some(Undo { dice, hits }) = self.history.pop() else {
            debug_assert!(false, "undo of a checker play never played");
            return;
        };
        self.to_move = 1 - self.to_move;
        self.dice = Some(dice);
        self.key ^= zobrist::roll(Some(dice)) ^ zobrist::to_move(0) ^ zobrist::to_move(1);
        for (i, step) in play.steps().iter().enumerate().rev() {
            let (from, landing) = (usize::from(step.from), step.landing());
            self.key ^= self.slots_key(from, landing);
            self.board.unstep(self.to_move, from, landing, hits & (1 << i) != 0);
            self.key ^= self.slots_key(from, landing);
        }
    }
}

/// 0 for the first player, 1 for the second.
fn side_index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// How many points the side that bore off all its checkers wins: 1, 2
/// for a gammon, 3 for a backgammon.
fn points_won(board: &Board, loser: usize) -> i32 {
    if board.off(loser) > 0 {
        1
    } else if board.counts[loser][BAR] > 0 || board.counts[loser][POINTS - HOME..POINTS].iter().any(|&n| n > 0) {
        3
    } else {
        2
    }
}

impl Game for Backgammon {
    type Move = Move;

    fn side_to_move(&self) -> Player {
        if self.to_move == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        match self.dice {
            None => moves.extend(Dice::all().map(|(dice, _)| Move::Roll(dice))),
            Some(dice) => {
                moves::for_each_legal_play(&self.board, self.to_move, dice, |play| moves.push(Move::Play(play)));
            }
        }
    }

    fn play(&mut self, mv: Move) {
        match mv {
            Move::Roll(dice) => {
                debug_assert!(self.dice.is_none(), "dice thrown twice");
                self.dice = Some(dice);
                self.key ^= zobrist::roll(Some(dice));
            }
            Move::Play(play) => self.play_checkers(play),
        }
    }

    fn undo(&mut self, mv: Move) {
        match mv {
            Move::Roll(dice) => {
                self.key ^= zobrist::roll(Some(dice));
                self.dice = None;
            }
            Move::Play(play) => self.undo_checkers(play),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let (mine, theirs) = (self.to_move, 1 - self.to_move);
        if self.board.off(theirs) == CHECKERS {
            Some(Outcome::Score(-eval::POINT * points_won(&self.board, mine)))
        } else if self.board.off(mine) == CHECKERS {
            Some(Outcome::Score(eval::POINT * points_won(&self.board, theirs)))
        } else {
            None
        }
    }

    fn evaluate(&self) -> Score {
        match &self.nets {
            None => Score::new(eval::evaluate(&self.board, self.to_move)),
            Some(nets) => {
                let side = self.to_move;
                let value = (nets.equity(&self.board, side) * eval::POINT as f32).round() as i32;
                let (high, low) = (eval::POINT * self.net_reach(side), eval::POINT * self.net_reach(1 - side));
                Score::new(value.clamp(-low, high))
            }
        }
    }

    fn hash_key(&self) -> Option<u64> {
        Some(self.key)
    }

    fn ending(&self) -> Ending {
        Ending::Margin { lowest: -3 * eval::POINT, highest: 3 * eval::POINT }
    }

    fn chance_to_move(&self) -> bool {
        self.dice.is_none() && self.outcome().is_none()
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(Move, Probability)>) {
        for (dice, chances) in Dice::all() {
            if let Some(probability) = Probability::new(chances, FACES * FACES) {
                outcomes.push((Move::Roll(dice), probability));
            }
        }
    }

    /// The evaluation's range ([`eval::CAP`]) widened to the most each
    /// side can still win within the search horizon
    /// ([`Backgammon::set_search_horizon`]): `±3` points with no horizon
    /// and neither side's checkers borne off; `±`[`eval::CAP`] when no side
    /// can finish within the horizon (most positions at a small depth).
    /// Over the nets ([`Backgammon::set_nets`]) a leaf may hold a gammon
    /// at any depth: `±3` points, `1` for a side once the other has borne
    /// a checker off.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        if self.nets.is_some() {
            // A net's leaf may hold a gammon at any depth: the horizon bounds nothing.
            let (high, low) = (eval::POINT * self.net_reach(0), eval::POINT * self.net_reach(1));
            return Some((Score::new(-low), Score::new(high)));
        }
        // Side 0 is the first player, whose view the bounds take.
        let high = (eval::POINT * self.points_within_reach(0)).max(eval::CAP);
        let low = (eval::POINT * self.points_within_reach(1)).max(eval::CAP);
        Some((Score::new(-low), Score::new(high)))
    }
}

#[cfg(test)]
mod net_tests;
#[cfg(test)]
mod tests;
