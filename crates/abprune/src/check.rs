//! A checker for a [`Game`] written by hand: random lines through it,
//! looking for the mistakes that make a search answer wrong in silence.
//!
//! The searches trust the game's contract (see [`Game`]): a wrong key, an
//! `undo` that forgets something, or a side to move that does not follow
//! the rules all give values that look like any other, marked exact.
//! [`check_game`] plays random lines from the position it is given and, at
//! every position on them, looks for:
//!
//! - **`undo` that does not restore**: every move is played and taken back,
//!   and the position's key, moves, outcome, side to move and evaluation
//!   must be what they were ([`DefectKind::UndoDoesNotRestore`]);
//! - **a key that does not decide the future**: two positions met with the
//!   same [`Game::hash_key`] must have the same moves and outcome
//!   ([`DefectKind::KeyDoesNotDecide`]), and the same exact value, as
//!   plain alpha-beta finds it without a table, when the game ends within
//!   [`CheckOptions::solve_depth`] plies ([`DefectKind::KeyChangesValue`]);
//!   the engine, whose table trusts the key, must find that value too
//!   ([`DefectKind::TableChangesValue`]). A key that leaves out part of the
//!   position (the boxes already won, whose turn it is) shows here;
//! - **an evaluation key that does not decide the evaluation**: two
//!   positions met with the same [`Game::evaluation_key`] must have the
//!   same [`Game::hash_key`] and the same evaluation, since the quiescence
//!   search's table entries, stood on the evaluation, are kept under it
//!   ([`DefectKind::EvaluationKeyChangesEvaluation`]). An evaluation that
//!   reads the last move (a two-ply average) under the default key, the
//!   position's alone, shows here;
//! - **a side to move that does not match the values**: when the game's
//!   own evaluation keeps the mover's view after moves that
//!   [`Game::side_to_move`] says handed the turn over (or the reverse), as
//!   a game with extra turns whose `side_to_move` forgets them does
//!   ([`DefectKind::SideDoesNotMatchValues`]). This one rests on the
//!   evaluation being the points won so far, so it is asked for
//!   ([`CheckOptions::side_check`]): no checker can tell a wrong side to
//!   move from a strange game by the rules alone.
//!
//! Each defect names the line of moves from the starting position that
//! shows it. The checker needs no dependency: its random lines come from a
//! small seeded generator, so a seed always plays the same lines.
//!
//! ```
//! use abprune::check::{check_game, CheckOptions};
//! use abprune::{Game, Outcome, Player, Score};
//!
//! // Take 1 to 3 counters; whoever takes the last one wins.
//! struct Take { left: u32, to_move: Player }
//! impl Game for Take {
//!     type Move = u32;
//!     fn side_to_move(&self) -> Player { self.to_move }
//!     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=3).filter(|&n| n <= self.left)) }
//!     fn play(&mut self, n: u32) { self.left -= n; self.to_move = self.to_move.opponent(); }
//!     fn undo(&mut self, n: u32) { self.left += n; self.to_move = self.to_move.opponent(); }
//!     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
//!     fn evaluate(&self) -> Score { Score::DRAW }
//!     // The counters left decide the rest of the game; whose turn it is
//!     // follows from them here only because a game starts with one side.
//!     fn hash_key(&self) -> Option<u64> { Some(u64::from(self.left) * 2 + (self.to_move == Player::First) as u64) }
//! }
//!
//! let mut game = Take { left: 10, to_move: Player::First };
//! let report = check_game(&mut game, &CheckOptions::default()).expect("a correct game");
//! assert!(report.positions > 0);
//! assert_eq!(game.left, 10); // the game is left where it was
//! ```

use crate::chance::Probability;
use crate::engine::{Engine, EngineOptions};
use crate::game::{Game, Player};
use crate::ratio::Ratio;
use crate::score::{Outcome, Score};
use crate::textbook::{alphabeta, expectiminimax, SearchResult};
use crate::trace::NoTrace;
use std::collections::HashMap;
use std::fmt;

/// How far on a game without a key is compared before and after an undo
/// (every position within this many moves): a part of the position the
/// key would show may show only later (a turn's total, when it is banked).
pub const KEYLESS_UNDO_PLIES: u32 = 2;
/// The lines the checker plays by default.
pub const DEFAULT_CHECK_LINES: u32 = 200;
/// The longest line by default, in plies.
pub const DEFAULT_CHECK_PLIES: u32 = 200;
/// How deep the exact values are searched by default: positions whose game
/// ends within this many plies are solved with and without the table.
pub const DEFAULT_SOLVE_DEPTH: u32 = 6;
/// The most positions remembered by key by default (memory: a few hundred
/// bytes each).
pub const DEFAULT_CHECK_POSITIONS: usize = 100_000;
/// The fewest contradicting moves that make a side-to-move defect: one
/// move whose evaluation swings proves nothing.
pub const SIDE_EVIDENCE_MOVES: u64 = 3;
/// Only moves that change the value's size by at most this much say
/// anything about the side to move: a move that wins or loses much may
/// turn the value around for either side.
pub const SIDE_SMALL_CHANGE: i32 = 1;
/// The side-to-move defect needs contradicting moves to be at least this
/// share (1 in N) of the moves whose evaluation says anything.
pub const SIDE_EVIDENCE_SHARE: u64 = 4;

/// What the checker does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The seed of the random lines: the same seed plays the same lines.
    pub seed: u64,
    /// How many random lines are played from the starting position.
    pub lines: u32,
    /// The longest line, in plies (a game that can go on forever is cut here).
    pub max_plies: u32,
    /// Positions whose game ends within this many plies get their exact
    /// value from plain alpha-beta (no table) and from the engine (with its
    /// table), compared with each other and with every position of the
    /// same key. 0 turns the value checks off. Each costs a search of this
    /// depth, so keep it small for a game with many moves.
    pub solve_depth: u32,
    /// The most positions remembered by key (later ones are checked for
    /// `undo` and the side to move, but not remembered).
    pub max_positions: usize,
    /// Whether to look for a side to move that does not match the values
    /// ([`DefectKind::SideDoesNotMatchValues`]); off by default. It reads
    /// the game's [`Game::evaluate`] (and the margins of finished games)
    /// as the score so far, and assumes that a move that changes the
    /// value's size by at most [`SIDE_SMALL_CHANGE`] keeps its sign when
    /// the same side moves again and turns it when the turn passes; it
    /// reports a defect when at least one in [`SIDE_EVIDENCE_SHARE`] of
    /// such moves (and at least [`SIDE_EVIDENCE_MOVES`]) disagree. Turn it
    /// on for a game with extra turns whose evaluation is the points won so
    /// far (Dots and Boxes: 2% of such moves disagree in the right game,
    /// 40% when `side_to_move` forgets the extra turn; Kalah). An
    /// evaluation that swings with most moves (Othello's disc count, a
    /// count of open lines) disagrees as often in a right game.
    pub side_check: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            seed: 1,
            lines: DEFAULT_CHECK_LINES,
            max_plies: DEFAULT_CHECK_PLIES,
            solve_depth: DEFAULT_SOLVE_DEPTH,
            max_positions: DEFAULT_CHECK_POSITIONS,
            side_check: false,
        }
    }
}

/// What the checker looked at, when it found nothing wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Lines played.
    pub lines: u32,
    /// Positions visited on them (every one checked for `undo`).
    pub positions: u64,
    /// Moves played and taken back to check `undo`.
    pub moves_undone: u64,
    /// Positions met again by key (another line, or the same one) and compared.
    pub keys_compared: u64,
    /// Positions met again by evaluation key and compared.
    pub evaluation_keys_compared: u64,
    /// Positions solved exactly with and without the table.
    pub values_compared: u64,
    /// Chance nodes met, whose outcomes were checked (probabilities that
    /// sum to one) and played by their probabilities.
    pub chance_nodes: u64,
    /// What could not be checked, and why (a game without a key, say), in
    /// words: the checks are weaker there, and a user should know it.
    pub not_checked: Vec<String>,
}

/// Which rule of the contract a defect breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefectKind {
    /// `play` then `undo` left a different position (key, moves, outcome,
    /// side to move or evaluation).
    UndoDoesNotRestore,
    /// Two positions with the same key differ in their moves or outcome:
    /// the key leaves out part of the position.
    KeyDoesNotDecide,
    /// Two positions with the same key have different exact values: the
    /// key leaves out something that decides the rest of the game (the
    /// score so far, whose turn it is).
    KeyChangesValue,
    /// The engine, with its table, finds another exact value than plain
    /// alpha-beta without one: the table mixes positions its key does not
    /// tell apart.
    TableChangesValue,
    /// The game's values keep the mover's view after moves that
    /// `side_to_move` says handed the turn over (or the reverse): the side
    /// to move does not follow the rules the values are computed by.
    SideDoesNotMatchValues,
    /// Two positions with the same evaluation key have different keys or
    /// different evaluations: the evaluation reads something its key
    /// leaves out (the last move, for an average over two plies), and the
    /// quiescence search's table would answer one position with the
    /// other's value.
    EvaluationKeyChangesEvaluation,
    /// A chance node's outcomes ([`Game::chance_outcomes`]) are none, or
    /// their probabilities do not sum to one.
    ProbabilitiesDoNotSumToOne,
    /// A finished position's outcome or an evaluation lies outside
    /// [`Game::value_bounds`] (first player's view), or the bounds are no
    /// range: Star1 and Star2 would cut off on bounds that do not hold.
    LeafOutsideBounds,
}

/// A mistake found, with the line of moves (from the starting position)
/// that shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameDefect<M> {
    /// Which rule it breaks.
    pub kind: DefectKind,
    /// The moves from the starting position to the position that shows it
    /// (for `undo`: ending with the move that was not taken back).
    pub line: Vec<M>,
    /// The other line, where two positions are compared (same key).
    pub other_line: Option<Vec<M>>,
    /// What differs, in words.
    pub detail: String,
}

impl<M: fmt::Debug> fmt::Display for GameDefect<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            DefectKind::UndoDoesNotRestore => "undo does not restore the position",
            DefectKind::KeyDoesNotDecide => "the key does not decide the position",
            DefectKind::KeyChangesValue => "the key leaves out part of the position (same key, other value)",
            DefectKind::TableChangesValue => "the table changes the value (the key leaves out part of the position)",
            DefectKind::SideDoesNotMatchValues => "the side to move does not match the values",
            DefectKind::EvaluationKeyChangesEvaluation => {
                "the evaluation key leaves out what the evaluation reads (same evaluation key, other position or \
                 evaluation)"
            }
            DefectKind::ProbabilitiesDoNotSumToOne => "the chance node's probabilities do not sum to one",
            DefectKind::LeafOutsideBounds => "a leaf lies outside value_bounds()",
        };
        if self.line.is_empty() {
            write!(f, "{kind}: {} at the starting position", self.detail)?;
        } else {
            write!(f, "{kind}: {} after the moves {:?}", self.detail, self.line)?;
        }
        if let Some(other) = &self.other_line {
            write!(f, " and after {other:?}")?;
        }
        Ok(())
    }
}

impl<M: fmt::Debug> std::error::Error for GameDefect<M> {}

/// Plays random lines through `game` and looks for the mistakes of the
/// module's list; returns what it looked at, or the first defect found.
/// `game` is left as it was (each line is taken back), unless its `undo`
/// is what is broken.
///
/// A correct game passes whatever the seed; a defect found is a real one,
/// except [`DefectKind::SideDoesNotMatchValues`], which assumes an
/// evaluation that is the score so far (see [`CheckOptions::side_check`]).
///
/// # Errors
/// The first [`GameDefect`] found.
pub fn check_game<G: Game>(game: &mut G, options: &CheckOptions) -> Result<CheckReport, GameDefect<G::Move>> {
    let mut checker = Checker {
        options: options.clone(),
        random: SplitMix64(options.seed),
        seen: HashMap::new(),
        seen_evaluations: HashMap::new(),
        engine: Engine::new(EngineOptions::textbook()).ok(),
        report: CheckReport::default(),
        side: SideEvidence { informative: 0, contradicting: 0, first: None },
        line: Vec::new(),
        chance_game: false,
        bounds: game.value_bounds(),
    };
    if game.hash_key().is_none() {
        checker.report.not_checked.push(
            "keys: the game has no hash_key(), so positions reached by two lines were not compared (the engine \
             searches it without a table); undo was checked by the moves, outcome, side to move and evaluation \
             of the position and of every position two moves on (KEYLESS_UNDO_PLIES)"
                .to_string(),
        );
    }
    if let Some((low, high)) = checker.bounds {
        if !(low.is_heuristic() && high.is_heuristic() && low < high) {
            return Err(GameDefect {
                kind: DefectKind::LeafOutsideBounds,
                line: Vec::new(),
                other_line: None,
                detail: format!("value_bounds() ({low}, {high}) is no range of heuristic values (low < high)"),
            });
        }
    }
    for _ in 0..options.lines {
        let found = checker.play_line(game);
        while let Some(mv) = checker.line.pop() {
            game.undo(mv);
        }
        found?;
        checker.report.lines += 1;
    }
    checker.side_verdict()?;
    Ok(checker.report)
}

/// What a position shows of itself, compared before and after a move
/// taken back, and between positions of one key.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot<M> {
    key: Option<u64>,
    evaluation_key: Option<u64>,
    moves: Vec<M>,
    outcome: Option<Outcome>,
    side: Player,
    evaluation: Option<Score>,
    /// At a chance node, the outcomes' probabilities (`moves` are the
    /// outcomes); empty at a player's node.
    probabilities: Vec<Probability>,
}

impl<M: Copy + PartialEq + fmt::Debug> Snapshot<M> {
    fn of<G: Game<Move = M>>(game: &G) -> Self {
        let outcome = game.outcome();
        let mut moves = Vec::new();
        let mut probabilities = Vec::new();
        if outcome.is_none() {
            if game.chance_to_move() {
                let mut outcomes = Vec::new();
                game.chance_outcomes(&mut outcomes);
                (moves, probabilities) = outcomes.into_iter().unzip();
            } else {
                game.generate_moves(&mut moves);
            }
        }
        Snapshot {
            key: game.hash_key(),
            evaluation_key: game.evaluation_key(),
            moves,
            outcome,
            side: game.side_to_move(),
            evaluation: outcome.is_none().then(|| game.evaluate()),
            probabilities,
        }
    }

    /// Whether chance moves here.
    fn chance(&self) -> bool {
        !self.probabilities.is_empty()
    }

    /// The value a position shows for the side check: its evaluation, or
    /// a finished game's margin; `None` when it says nothing (zero, a
    /// win or loss, which carry no amount).
    fn signed_value(&self) -> Option<i32> {
        let value = match (self.outcome, self.evaluation) {
            (Some(Outcome::Score(margin)), _) => margin,
            (None, Some(evaluation)) if evaluation.is_heuristic() => evaluation.get(),
            _ => return None,
        };
        (value != 0).then_some(value)
    }

    /// How `other`, a position of the same key, differs (None: it does
    /// not, as the table sees it: the moves as a set).
    ///
    /// The side to move is not compared: values are the side to move's,
    /// so a game whose two sides play alike (Nim) may give both sides'
    /// positions one key. A key that leaves out a side that matters shows
    /// in the values instead ([`DefectKind::KeyChangesValue`]).
    fn key_difference(&self, other: &Self) -> Option<String> {
        if self.outcome != other.outcome {
            return Some(format!("outcome {:?} and {:?}", self.outcome, other.outcome));
        }
        let same_moves = self.moves.len() == other.moves.len()
            && self.moves.iter().all(|mv| other.moves.contains(mv))
            && other.moves.iter().all(|mv| self.moves.contains(mv));
        (!same_moves).then(|| format!("moves {:?} and {:?}", self.moves, other.moves))
    }

    /// How `after`, the position after a move and its undo, differs.
    fn undo_difference(&self, after: &Self) -> Option<String> {
        let parts = [
            (self.key != after.key).then(|| format!("key {:?} became {:?}", self.key, after.key)),
            (self.evaluation_key != after.evaluation_key)
                .then(|| format!("evaluation key {:?} became {:?}", self.evaluation_key, after.evaluation_key)),
            (self.moves != after.moves).then(|| format!("moves {:?} became {:?}", self.moves, after.moves)),
            (self.outcome != after.outcome).then(|| format!("outcome {:?} became {:?}", self.outcome, after.outcome)),
            (self.side != after.side).then(|| format!("side to move {:?} became {:?}", self.side, after.side)),
            (self.evaluation != after.evaluation)
                .then(|| format!("evaluation {:?} became {:?}", self.evaluation, after.evaluation)),
            (self.probabilities != after.probabilities)
                .then(|| format!("outcome probabilities {:?} became {:?}", self.probabilities, after.probabilities)),
        ];
        let parts: Vec<String> = parts.into_iter().flatten().collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// A position remembered by key: what it showed, the line that reached it,
/// and its exact value once solved.
struct Seen<M> {
    snapshot: Snapshot<M>,
    line: Vec<M>,
    value: Option<Score>,
}

/// A position remembered by evaluation key.
struct SeenEvaluation<M> {
    key: Option<u64>,
    evaluation: Option<Score>,
    line: Vec<M>,
}

/// The moves that say whether the side to move follows the values: those
/// whose positions before and after both show a value.
struct SideEvidence<M> {
    /// Moves where both values said something.
    informative: u64,
    /// Moves where the values kept the mover's view while the side changed,
    /// or the reverse; with the first such line.
    contradicting: u64,
    first: Option<(Vec<M>, String)>,
}

struct Checker<G: Game> {
    options: CheckOptions,
    random: SplitMix64,
    seen: HashMap<u64, Seen<G::Move>>,
    /// Positions remembered by evaluation key: their key, evaluation and
    /// the line that reached them.
    seen_evaluations: HashMap<u64, SeenEvaluation<G::Move>>,
    engine: Option<Engine<G::Move>>,
    report: CheckReport,
    side: SideEvidence<G::Move>,
    /// The moves played from the starting position.
    line: Vec<G::Move>,
    /// True once a chance node was met (or found ahead): exact values come
    /// from expectiminimax, not alpha-beta, which refuses chance.
    chance_game: bool,
    /// The game's [`Game::value_bounds`], first player's view.
    bounds: Option<(Score, Score)>,
}

impl<G: Game> Checker<G> {
    /// One random line, checking each position on it; the moves stay
    /// played (the caller takes them back).
    fn play_line(&mut self, game: &mut G) -> Result<(), GameDefect<G::Move>> {
        for _ in 0..=self.options.max_plies {
            let snapshot = Snapshot::of(game);
            self.report.positions += 1;
            self.check_chance(&snapshot)?;
            self.check_bounds(&snapshot)?;
            self.check_undo(game, &snapshot)?;
            self.check_key(game, &snapshot)?;
            self.check_evaluation_key(&snapshot)?;
            if snapshot.moves.is_empty() || self.line.len() as u32 >= self.options.max_plies {
                return Ok(());
            }
            let mv = if snapshot.chance() {
                self.random_outcome(&snapshot)
            } else {
                snapshot.moves[self.random.below(snapshot.moves.len())]
            };
            game.play(mv);
            self.line.push(mv);
        }
        Ok(())
    }

    /// A chance node's outcomes: some, with probabilities summing to one.
    fn check_chance(&mut self, snapshot: &Snapshot<G::Move>) -> Result<(), GameDefect<G::Move>> {
        if !snapshot.chance() {
            return Ok(());
        }
        self.chance_game = true;
        self.report.chance_nodes += 1;
        let sum = snapshot.probabilities.iter().try_fold(Ratio::ZERO, |sum, &p| sum.checked_add(Ratio::from(p)));
        if sum == Ok(Ratio::ONE) {
            return Ok(());
        }
        let sum = sum.map_or_else(|_| "more than 128 bits hold".to_string(), |sum| sum.to_string());
        Err(GameDefect {
            kind: DefectKind::ProbabilitiesDoNotSumToOne,
            line: self.line.clone(),
            other_line: None,
            detail: format!("chance_outcomes() {:?} with probabilities summing to {sum}", snapshot.moves),
        })
    }

    /// A finished position's outcome and every evaluation within the
    /// declared [`Game::value_bounds`] (first player's view): each may be
    /// a leaf of a search.
    fn check_bounds(&mut self, snapshot: &Snapshot<G::Move>) -> Result<(), GameDefect<G::Move>> {
        let Some((low, high)) = self.bounds else { return Ok(()) };
        let value = match (snapshot.outcome, snapshot.evaluation) {
            (Some(outcome), _) => outcome.score(0),
            (None, Some(evaluation)) => evaluation,
            (None, None) => return Ok(()),
        };
        let first_view = if snapshot.side == Player::First { value } else { -value };
        if value.is_heuristic() && low <= first_view && first_view <= high {
            return Ok(());
        }
        let what = if snapshot.outcome.is_some() { "outcome()" } else { "evaluate()" };
        Err(GameDefect {
            kind: DefectKind::LeafOutsideBounds,
            line: self.line.clone(),
            other_line: None,
            detail: format!("{what} is {first_view} (first player's view), outside value_bounds() ({low}, {high})"),
        })
    }

    /// An outcome of the chance node `snapshot`, drawn by its probability.
    fn random_outcome(&mut self, snapshot: &Snapshot<G::Move>) -> G::Move {
        let draw = self.random.next() as f64 / 2f64.powi(64);
        let mut cumulative = 0.0;
        for (&mv, p) in snapshot.moves.iter().zip(&snapshot.probabilities) {
            cumulative += p.as_f64();
            if draw < cumulative {
                return mv;
            }
        }
        snapshot.moves[snapshot.moves.len() - 1]
    }

    /// Plays and takes back every move of the position, comparing it with
    /// `before` (and, for a game without a key, every position one move
    /// on, where a part of the position the key would show may first
    /// show: a turn's total that only a hold banks); notes each move's
    /// evidence on the side to move.
    fn check_undo(&mut self, game: &mut G, before: &Snapshot<G::Move>) -> Result<(), GameDefect<G::Move>> {
        let deep = before.key.is_none();
        let children_before = if deep { subtree(game, KEYLESS_UNDO_PLIES) } else { Vec::new() };
        for &mv in &before.moves {
            game.play(mv);
            let child = Snapshot::of(game);
            game.undo(mv);
            self.report.moves_undone += 1;
            let after = Snapshot::of(game);
            let mut difference = before.undo_difference(&after);
            if difference.is_none() && deep {
                let children_after = subtree(game, KEYLESS_UNDO_PLIES);
                difference = children_before.iter().zip(&children_after).find_map(|((path, was), (_, now))| {
                    was.undo_difference(now).map(|detail| format!("after {path:?} from it, {detail}"))
                });
                if difference.is_none() && children_before.len() != children_after.len() {
                    difference = Some(format!("the positions {KEYLESS_UNDO_PLIES} plies on changed"));
                }
            }
            if let Some(detail) = difference {
                let mut line = self.line.clone();
                line.push(mv);
                let detail = format!("taking back {mv:?}: {detail}");
                return Err(GameDefect { kind: DefectKind::UndoDoesNotRestore, line, other_line: None, detail });
            }
            self.note_side(before, mv, &child);
        }
        Ok(())
    }

    /// The move `mv` from `before` to `child`: do the values follow the
    /// side to move? (Evidence only: see [`CheckOptions::side_check`].)
    fn note_side(&mut self, before: &Snapshot<G::Move>, mv: G::Move, child: &Snapshot<G::Move>) {
        if !self.options.side_check {
            return;
        }
        let (Some(value), Some(child_value)) = (before.signed_value(), child.signed_value()) else {
            return;
        };
        if (value.abs() - child_value.abs()).abs() > SIDE_SMALL_CHANGE {
            return;
        }
        self.side.informative += 1;
        let same_side = child.side == before.side;
        let kept_view = (value > 0) == (child_value > 0);
        if same_side == kept_view {
            return;
        }
        self.side.contradicting += 1;
        if self.side.first.is_none() {
            let mut line = self.line.clone();
            line.push(mv);
            let turn = if same_side { "the same side to move again" } else { "the other side to move" };
            let view = if kept_view { "kept the mover's view" } else { "changed sign" };
            let detail = format!(
                "side_to_move() says {turn} after the last move, but the value ({value} before, {child_value} after) {view}"
            );
            self.side.first = Some((line, detail));
        }
    }

    /// The defect when the side evidence is strong enough.
    fn side_verdict(&mut self) -> Result<(), GameDefect<G::Move>> {
        let SideEvidence { informative, contradicting, .. } = self.side;
        if contradicting < SIDE_EVIDENCE_MOVES || contradicting * SIDE_EVIDENCE_SHARE < informative {
            return Ok(());
        }
        let Some((line, detail)) = self.side.first.take() else { return Ok(()) };
        let detail = format!(
            "{detail}; {contradicting} of {informative} moves disagree so (an extra turn that side_to_move() does \
             not report, or one it reports that the rules do not give)"
        );
        Err(GameDefect { kind: DefectKind::SideDoesNotMatchValues, line, other_line: None, detail })
    }

    /// Compares the position with those met before under its key, and
    /// remembers it.
    fn check_key(&mut self, game: &mut G, snapshot: &Snapshot<G::Move>) -> Result<(), GameDefect<G::Move>> {
        let Some(key) = snapshot.key else { return Ok(()) };
        let value = self.exact_value(game, snapshot)?;
        let Some(seen) = self.seen.get_mut(&key) else {
            if self.seen.len() < self.options.max_positions {
                let line = self.line.clone();
                self.seen.insert(key, Seen { snapshot: snapshot.clone(), line, value });
            }
            return Ok(());
        };
        self.report.keys_compared += 1;
        let defect = |kind, detail| GameDefect {
            kind,
            line: self.line.clone(),
            other_line: Some(seen.line.clone()),
            detail: format!("key {key:#x}: {detail}"),
        };
        if let Some(detail) = seen.snapshot.key_difference(snapshot) {
            return Err(defect(DefectKind::KeyDoesNotDecide, detail));
        }
        match (seen.value, value) {
            (Some(first), Some(second)) if first != second => Err(defect(
                DefectKind::KeyChangesValue,
                format!("exact values {first} and {second} (plain alpha-beta, no table)"),
            )),
            (None, Some(_)) => {
                seen.value = value;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Compares the position with the one met before under its evaluation
    /// key (same key, same evaluation), and remembers it. Finished
    /// positions are left out: nothing is evaluated there.
    fn check_evaluation_key(&mut self, snapshot: &Snapshot<G::Move>) -> Result<(), GameDefect<G::Move>> {
        let Some(evaluation_key) = snapshot.evaluation_key.filter(|_| snapshot.outcome.is_none()) else {
            return Ok(());
        };
        let Some(seen) = self.seen_evaluations.get(&evaluation_key) else {
            if self.seen_evaluations.len() < self.options.max_positions {
                let (key, evaluation, line) = (snapshot.key, snapshot.evaluation, self.line.clone());
                self.seen_evaluations.insert(evaluation_key, SeenEvaluation { key, evaluation, line });
            }
            return Ok(());
        };
        self.report.evaluation_keys_compared += 1;
        let detail = if seen.key != snapshot.key {
            format!("keys {:?} and {:?}", seen.key, snapshot.key)
        } else if seen.evaluation != snapshot.evaluation {
            format!("evaluations {:?} and {:?}", seen.evaluation, snapshot.evaluation)
        } else {
            return Ok(());
        };
        Err(GameDefect {
            kind: DefectKind::EvaluationKeyChangesEvaluation,
            line: self.line.clone(),
            other_line: Some(seen.line.clone()),
            detail: format!("evaluation key {evaluation_key:#x}: {detail}"),
        })
    }

    /// The position's exact value when the game ends within
    /// [`CheckOptions::solve_depth`] plies (plain alpha-beta, no table),
    /// checked against the engine with its table.
    fn exact_value(
        &mut self,
        game: &mut G,
        snapshot: &Snapshot<G::Move>,
    ) -> Result<Option<Score>, GameDefect<G::Move>> {
        let depth = self.options.solve_depth;
        if depth == 0 || snapshot.outcome.is_some() {
            return Ok(None);
        }
        let plain = if self.chance_game {
            None
        } else {
            let mut watched = ChanceWatch { game: &mut *game, met: false };
            let plain: SearchResult<G::Move> =
                alphabeta(&mut watched, depth, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
            self.chance_game = watched.met;
            (!watched.met).then_some(plain)
        };
        let Some(plain) = plain else {
            // Alpha-beta refuses chance: expectiminimax plays and undoes
            // the lines (its value is not compared by key here).
            let _ = expectiminimax(game, depth, &mut NoTrace);
            return self.restored_after_search(game, snapshot).map(|()| None);
        };
        self.restored_after_search(game, snapshot)?;
        if !plain.exact {
            return Ok(None);
        }
        self.report.values_compared += 1;
        if let Some(engine) = self.engine.as_mut() {
            let tabled = engine.search_depth(game, depth, Score::DRAW, &mut NoTrace);
            if tabled.exact && tabled.value != plain.value {
                return Err(GameDefect {
                    kind: DefectKind::TableChangesValue,
                    line: self.line.clone(),
                    other_line: None,
                    detail: format!(
                        "exact value {} with the table, {} without it (the table took another position of the same \
                         key for this one)",
                        tabled.value, plain.value
                    ),
                });
            }
        }
        Ok(Some(plain.value))
    }
}

impl<G: Game> Checker<G> {
    /// The defect when a search from here (playing and undoing moves
    /// deeper than the line has gone) left another position than
    /// `snapshot`: it names the line whose last move's undo broke it.
    fn restored_after_search(&self, game: &mut G, snapshot: &Snapshot<G::Move>) -> Result<(), GameDefect<G::Move>> {
        let Some(detail) = snapshot.undo_difference(&Snapshot::of(game)) else { return Ok(()) };
        let mut line = self.line.clone();
        let culprit = broken_undo(game, self.options.solve_depth).unwrap_or_default();
        line.extend(&culprit);
        let detail = match culprit.last() {
            Some(mv) => {
                format!("taking back {mv:?} (found by a search of {} plies): {detail}", self.options.solve_depth)
            }
            None => format!("searching {} plies from here changed it: {detail}", self.options.solve_depth),
        };
        Err(GameDefect { kind: DefectKind::UndoDoesNotRestore, line, other_line: None, detail })
    }
}

/// A line of moves from a position and what the game shows at its end.
type Reached<M> = (Vec<M>, Snapshot<M>);

/// Every position within `plies` moves (or outcomes) of the current one,
/// with the path to it, depth first: what a game without a key shows of
/// itself, compared before and after an undo.
fn subtree<G: Game>(game: &mut G, plies: u32) -> Vec<Reached<G::Move>> {
    let mut found = Vec::new();
    let mut path = Vec::new();
    collect_subtree(game, plies, &mut path, &mut found);
    found
}

fn collect_subtree<G: Game>(game: &mut G, plies: u32, path: &mut Vec<G::Move>, found: &mut Vec<Reached<G::Move>>) {
    if plies == 0 {
        return;
    }
    for mv in Snapshot::of(game).moves {
        game.play(mv);
        path.push(mv);
        found.push((path.clone(), Snapshot::of(game)));
        collect_subtree(game, plies - 1, path, found);
        path.pop();
        game.undo(mv);
    }
}

/// The game as alpha-beta sees it in the checker: a chance node is a leaf
/// without moves, noted (`met`), so that the checker learns that the game
/// has chance from the search it runs anyway, and then takes
/// expectiminimax instead, where alpha-beta would refuse the node.
struct ChanceWatch<'a, G> {
    game: &'a mut G,
    met: bool,
}

impl<G: Game> Game for ChanceWatch<'_, G> {
    type Move = G::Move;
    const PLAYERS_ALTERNATE: bool = G::PLAYERS_ALTERNATE;
    fn side_to_move(&self) -> Player {
        self.game.side_to_move()
    }
    fn generate_moves(&self, moves: &mut Vec<G::Move>) {
        if !self.game.chance_to_move() {
            self.game.generate_moves(moves);
        }
    }
    fn play(&mut self, mv: G::Move) {
        self.game.play(mv);
        self.met |= self.game.chance_to_move() && self.game.outcome().is_none();
    }
    fn undo(&mut self, mv: G::Move) {
        self.game.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn evaluate(&self) -> Score {
        self.game.evaluate()
    }
}

/// The line from the position, at most `depth` moves, whose last move's
/// undo does not restore the position before it (searched depth first,
/// deepest first: a broken undo below breaks the positions above it).
fn broken_undo<G: Game>(game: &mut G, depth: u32) -> Option<Vec<G::Move>> {
    if depth == 0 {
        return None;
    }
    let before = Snapshot::of(game);
    if before.outcome.is_some() {
        return None;
    }
    for &mv in &before.moves {
        game.play(mv);
        let below = broken_undo(game, depth - 1);
        game.undo(mv);
        if let Some(mut line) = below {
            line.insert(0, mv);
            return Some(line);
        }
        if before.undo_difference(&Snapshot::of(game)).is_some() {
            return Some(vec![mv]);
        }
    }
    None
}

/// The checker's random numbers: SplitMix64 (Steele, Lea and Flood), small,
/// seeded, and the same on every platform, so that a seed replays its lines.
struct SplitMix64(u64);

impl SplitMix64 {
    /// The golden-ratio increment of SplitMix64.
    const INCREMENT: u64 = 0x9E37_79B9_7F4A_7C15;

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(Self::INCREMENT);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`), by Lemire's multiply-shift (a bias of
    /// at most n / 2^64, nothing for a move list).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_seeded_and_spread() {
        let mut a = SplitMix64(7);
        let mut b = SplitMix64(7);
        let draws: Vec<usize> = (0..1000).map(|_| a.below(6)).collect();
        assert_eq!(draws, (0..1000).map(|_| b.below(6)).collect::<Vec<_>>());
        for face in 0..6 {
            let count = draws.iter().filter(|&&d| d == face).count();
            assert!((120..220).contains(&count), "face {face}: {count} of 1000");
        }
    }
}
