//! A random game with extra turns and transpositions, and its oracles
//! written out with MAX and MIN nodes by whose turn it is (no negamax,
//! no window: nothing shared with the searches under test).

use abprune::{Ending, Game, Horizon, Outcome, Player, Score};
use proptest::prelude::*;

/// How a finished [`Bonus`] game is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// By the points' margin ([`Outcome::Score`]).
    Margin,
    /// By the margin's sign: won, lost or drawn.
    WinLossDraw,
}

/// A counting game where a side may move several times in a row: `left`
/// counters; a move takes 1 to 3 of them, scores `gains[left][taken - 1]`
/// points for the mover (negative: for the opponent), and where
/// `extra[left][taken - 1]` the mover moves again. When none are left the
/// game ends, valued by the points' difference for the side to move. Many
/// paths reach the same (counters, difference, side): the table is used.
#[derive(Clone, Debug)]
pub struct Bonus {
    pub gains: Vec<[i8; 3]>,
    pub extra: Vec<[bool; 3]>,
    pub left: usize,
    /// Points of the first player less the second's.
    pub difference: i32,
    pub to_move: Player,
    pub scoring: Scoring,
    /// Added to every finished game's margin, for its side to move: with
    /// it, the margins' range is asymmetric (1 to 7, say).
    pub bias: i32,
    /// What [`Game::ending`] declares, when it is not the honest range
    /// (the broken cases of the margin tests).
    pub claimed: Option<Ending>,
}

impl Bonus {
    fn sign(&self) -> i32 {
        if self.to_move == Player::First {
            1
        } else {
            -1
        }
    }

    fn index(&self, taken: u8) -> usize {
        usize::from(taken) - 1
    }

    /// The most points the game can still move the difference by.
    pub fn swing(&self) -> i32 {
        4 * i32::try_from(self.gains.len()).unwrap_or(i32::MAX / 8)
    }

    /// The points so far, for the side to move.
    pub fn margin(&self) -> i32 {
        self.sign() * self.difference
    }

    /// The honest declaration: every margin the game can end in, for the
    /// finished position's side to move.
    pub fn honest_range(&self) -> (i32, i32) {
        (-self.swing() + self.bias, self.swing() + self.bias)
    }
}

impl Game for Bonus {
    type Move = u8;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend((1..=3u8).filter(|&n| usize::from(n) <= self.left));
    }

    fn play(&mut self, n: u8) {
        let (gain, again) = (self.gains[self.left][self.index(n)], self.extra[self.left][self.index(n)]);
        self.difference += self.sign() * i32::from(gain);
        self.left -= usize::from(n);
        if !again {
            self.to_move = self.to_move.opponent();
        }
    }

    fn undo(&mut self, n: u8) {
        self.left += usize::from(n);
        if !self.extra[self.left][self.index(n)] {
            self.to_move = self.to_move.opponent();
        }
        self.difference -= self.sign() * i32::from(self.gains[self.left][self.index(n)]);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.left > 0 {
            return None;
        }
        let margin = self.margin() + self.bias;
        Some(match self.scoring {
            Scoring::Margin => Outcome::Score(margin),
            Scoring::WinLossDraw if margin > 0 => Outcome::Win,
            Scoring::WinLossDraw if margin < 0 => Outcome::Loss,
            Scoring::WinLossDraw => Outcome::Draw,
        })
    }

    /// The points so far, for the side to move: a poor guess, so that
    /// depth-limited searches differ from the solve.
    fn evaluate(&self) -> Score {
        Score::new(self.margin())
    }

    fn hash_key(&self) -> Option<u64> {
        let side = u64::from(self.to_move == Player::First);
        Some((self.left as u64) << 40 | ((self.difference + (1 << 20)) as u64) << 1 | side)
    }

    fn rules_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (&self.gains, &self.extra, self.scoring == Scoring::Margin, self.bias, self.claimed).hash(&mut hasher);
        hasher.finish()
    }

    fn move_id(&self, n: u8) -> Option<usize> {
        Some(usize::from(n))
    }

    /// The moves that give an extra turn are the forcing ones: the
    /// quiescence search follows them past the horizon.
    fn horizon(&self, moves: &mut Vec<u8>) -> Horizon {
        moves.extend((1..=3u8).filter(|&n| usize::from(n) <= self.left && self.extra[self.left][self.index(n)]));
        Horizon::Quiet
    }

    fn ending(&self) -> Ending {
        match (self.claimed, self.scoring) {
            (Some(claimed), _) => claimed,
            (None, Scoring::WinLossDraw) => Ending::WinLossDraw,
            (None, Scoring::Margin) => {
                let (lowest, highest) = self.honest_range();
                Ending::Margin { lowest, highest }
            }
        }
    }

    fn max_plies_left(&self) -> Option<u32> {
        Some(self.left as u32)
    }
}

/// Random [`Bonus`] games of 1 to `most` counters, with the first or the
/// second player to move and extra turns on about a third of the moves.
pub fn bonus(most: usize, scoring: Scoring) -> impl Strategy<Value = Bonus> {
    (1usize..=most, any::<bool>()).prop_flat_map(move |(left, second)| {
        (
            prop::collection::vec(prop::array::uniform3(-4i8..=4), left + 1),
            prop::collection::vec(prop::array::uniform3(prop::bool::weighted(0.35)), left + 1),
        )
            .prop_map(move |(gains, extra)| Bonus {
                gains,
                extra,
                left,
                difference: 0,
                to_move: if second { Player::Second } else { Player::First },
                scoring,
                bias: 0,
                claimed: None,
            })
    })
}

/// `score` of a node where `side` is to move, seen from the first player.
fn for_first(side: Player, score: Score) -> Score {
    if side == Player::First {
        score
    } else {
        -score
    }
}

/// The minimax value to `depth` (evaluations at the horizon), from the
/// first player's view, with MAX and MIN nodes by whose turn it is; `ply`
/// counts from the root for the win and loss distances.
pub fn value_for_first<G: Game>(game: &mut G, depth: u32, ply: u32) -> Score {
    let side = game.side_to_move();
    if let Some(outcome) = game.outcome() {
        return for_first(side, outcome.score(ply));
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    if depth == 0 || moves.is_empty() {
        return for_first(side, game.evaluate());
    }
    let values: Vec<Score> = moves
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let value = value_for_first(game, depth.saturating_sub(1), ply + 1);
            game.undo(mv);
            value
        })
        .collect();
    best_for(side, values)
}

/// The quiescence value from the first player's view: the side to move
/// takes the better of its evaluation and the forcing moves' values (the
/// engine's cap of forcing plies included).
pub fn quiescence_for_first<G: Game>(game: &mut G, extra: u32, ply: u32) -> Score {
    let side = game.side_to_move();
    if let Some(outcome) = game.outcome() {
        return for_first(side, outcome.score(ply));
    }
    let stand = for_first(side, game.evaluate());
    let mut moves = Vec::new();
    if extra < abprune::engine::MAX_QUIESCENCE_PLIES {
        game.horizon(&mut moves);
    }
    let mut values: Vec<Score> = moves
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let value = quiescence_for_first(game, extra + 1, ply + 1);
            game.undo(mv);
            value
        })
        .collect();
    values.push(stand);
    best_for(side, values)
}

/// The value to `depth` with the quiescence search at the horizon, from
/// the first player's view.
pub fn quiet_value_for_first<G: Game>(game: &mut G, depth: u32, ply: u32) -> Score {
    let side = game.side_to_move();
    if let Some(outcome) = game.outcome() {
        return for_first(side, outcome.score(ply));
    }
    if depth == 0 {
        return quiescence_for_first(game, 0, ply);
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return for_first(side, game.evaluate());
    }
    let values: Vec<Score> = moves
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let value = quiet_value_for_first(game, depth - 1, ply + 1);
            game.undo(mv);
            value
        })
        .collect();
    best_for(side, values)
}

fn best_for(side: Player, values: Vec<Score>) -> Score {
    let best = if side == Player::First { values.iter().max() } else { values.iter().min() };
    *best.unwrap_or(&Score::DRAW)
}

/// A value from the first player's view, seen from the side to move of `game`.
pub fn for_side_to_move<G: Game>(game: &G, value: Score) -> Score {
    for_first(game.side_to_move(), value)
}
