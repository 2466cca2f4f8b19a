//! The game checker (`abprune::check`) on Dots and Boxes written three
//! ways: right, with a key that leaves out the boxes already won, and with
//! a side to move that forgets the extra turn a completed box gives (the
//! two mistakes a new user made, which every search then answered wrongly,
//! marked exact). The checker finds both and passes the right game, and
//! every correct game of the crate, whatever the seed. And a pile game
//! whose evaluation reads the last move, as a two-ply average does, with
//! and without that move in its evaluation key.

use crate::common;
use common::take::Take;

use abprune::check::{check_game, CheckOptions, DefectKind};
use abprune::{Ending, Engine, Game, Outcome, Player, Score, SearchLimits, SolveMode};
use abprune_games::{Connect4, Kalah, Nim, TicTacToe};

/// The mistakes the Dots and Boxes below can be written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mistake {
    /// None: the game as it should be.
    None,
    /// `hash_key` has the lines drawn and whose turn it is, not the boxes won.
    KeyOmitsScore,
    /// `side_to_move` alternates by the number of lines drawn, forgetting
    /// that a completed box gives the same side another move (the rules'
    /// own turn, which the scores follow, is kept right).
    SideForgotten,
    /// `undo` gives the turn back only when the move passed it... and also
    /// when it did not.
    UndoFlipsAlways,
}

/// Boxes a side: 2 x 2.
const BOXES: usize = 4;
/// Lines: 3 rows of 2 across, 2 rows of 3 down.
const LINES: u8 = 12;
/// The four lines of each box: top, bottom, left, right.
const BOX_LINES: [[u8; 4]; BOXES] = [[0, 2, 6, 7], [1, 3, 7, 8], [2, 4, 9, 10], [3, 5, 10, 11]];

/// Dots and Boxes on 2 x 2 boxes: a move draws a line; completing a box
/// wins it and moves again. The margin of boxes decides.
#[derive(Clone, Debug)]
struct DotsAndBoxes {
    drawn: u16,
    /// Boxes won by the first and the second player.
    won: [i32; 2],
    to_move: Player,
    /// For undo: boxes completed by each move, and who moved.
    history: Vec<(i32, Player)>,
    mistake: Mistake,
}

impl DotsAndBoxes {
    fn new(mistake: Mistake) -> Self {
        DotsAndBoxes { drawn: 0, won: [0, 0], to_move: Player::First, history: Vec::new(), mistake }
    }

    fn index(player: Player) -> usize {
        usize::from(player == Player::Second)
    }

    fn margin(&self) -> i32 {
        let me = Self::index(self.to_move);
        self.won[me] - self.won[1 - me]
    }

    fn completed_by(&self, line: u8) -> i32 {
        let full = |lines: &[u8; 4]| lines.iter().all(|&l| self.drawn & (1 << l) != 0);
        BOX_LINES.iter().filter(|lines| lines.contains(&line) && full(lines)).count() as i32
    }
}

impl Game for DotsAndBoxes {
    type Move = u8;

    fn side_to_move(&self) -> Player {
        if self.mistake == Mistake::SideForgotten {
            return if self.drawn.count_ones() % 2 == 0 { Player::First } else { Player::Second };
        }
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend((0..LINES).filter(|&line| self.drawn & (1 << line) == 0));
    }

    fn play(&mut self, line: u8) {
        self.drawn |= 1 << line;
        let completed = self.completed_by(line);
        self.won[Self::index(self.to_move)] += completed;
        self.history.push((completed, self.to_move));
        if completed == 0 {
            self.to_move = self.to_move.opponent();
        }
    }

    fn undo(&mut self, line: u8) {
        let (completed, mover) = self.history.pop().expect("undo of a move played");
        self.drawn &= !(1 << line);
        self.won[Self::index(mover)] -= completed;
        self.to_move = if self.mistake == Mistake::UndoFlipsAlways { self.to_move.opponent() } else { mover };
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.drawn.count_ones() == u32::from(LINES)).then(|| match self.margin() {
            0 => Outcome::Draw,
            margin => Outcome::Score(margin),
        })
    }

    /// The boxes won so far, for the side to move.
    fn evaluate(&self) -> Score {
        Score::new(self.margin())
    }

    fn hash_key(&self) -> Option<u64> {
        let turn = u64::from(self.to_move == Player::Second) << 20;
        let lines = u64::from(self.drawn);
        if self.mistake == Mistake::KeyOmitsScore {
            return Some(lines | turn);
        }
        let won = (self.won[0] as u64) << 12 | (self.won[1] as u64) << 16;
        Some(lines | won | turn)
    }

    fn ending(&self) -> Ending {
        Ending::Margin { lowest: -(BOXES as i32), highest: BOXES as i32 }
    }
}

/// The line `moves` played on a game with `mistake`.
fn after(mistake: Mistake, moves: &[u8]) -> DotsAndBoxes {
    let mut game = DotsAndBoxes::new(mistake);
    moves.iter().for_each(|&line| game.play(line));
    game
}

/// Lines for the checks below: fewer than the default, enough for the
/// mistakes (each found within the first few dozen lines).
/// The side check is asked for: the evaluation is the boxes won so far.
fn options(seed: u64) -> CheckOptions {
    CheckOptions { seed, lines: 60, side_check: true, ..CheckOptions::default() }
}

/// Why the checker is needed: both mistakes answer wrongly, marked exact.
#[test]
fn mistakes_give_wrong_exact_values_dots_and_boxes() {
    let (mut positions, mut wrong) = (0, [0; 2]);
    // Positions after four lines: two that complete the top-left box
    // (its two other sides drawn first), or not, then any two.
    for first in [[0u8, 2, 6, 7], [0, 2, 6, 11]] {
        for third in (0..LINES).filter(|line| !first.contains(line)).step_by(2) {
            let line: Vec<u8> = first.iter().copied().chain([third]).collect();
            let truth = Engine::default()
                .solve(&mut after(Mistake::None, &line), SolveMode::Strong, &SearchLimits::none())
                .expect("solves");
            positions += 1;
            for (count, mistake) in wrong.iter_mut().zip([Mistake::KeyOmitsScore, Mistake::SideForgotten]) {
                let answer = Engine::default()
                    .solve(&mut after(mistake, &line), SolveMode::Strong, &SearchLimits::none())
                    .expect("solves");
                assert!(answer.exact, "marked exact all the same");
                *count += usize::from(answer.value != truth.value);
            }
        }
    }
    assert!(wrong[0] > 0 && wrong[1] > 0, "wrong answers of {positions}: {wrong:?}");
}

#[test]
fn checker_passes_right_dots_and_boxes() {
    for seed in 0..20 {
        let mut game = DotsAndBoxes::new(Mistake::None);
        let report = check_game(&mut game, &options(seed)).unwrap_or_else(|defect| panic!("seed {seed}: {defect}"));
        assert!(report.keys_compared > 0 && report.values_compared > 0 && report.moves_undone > 0, "{report:?}");
        assert_eq!((game.drawn, game.history.len()), (0, 0), "the game is left as it was");
    }
}

#[test]
fn checker_finds_key_omitting_score_dots_and_boxes() {
    for seed in 0..5 {
        let mut game = DotsAndBoxes::new(Mistake::KeyOmitsScore);
        let defect = check_game(&mut game, &options(seed)).expect_err("the key leaves out the boxes won");
        assert!(
            matches!(defect.kind, DefectKind::KeyChangesValue | DefectKind::TableChangesValue),
            "seed {seed}: {defect}"
        );
        // The line shown reaches a position of the same key as the other line (or one the table misjudges).
        let shown = after(Mistake::None, &defect.line);
        if let Some(other) = &defect.other_line {
            let other = after(Mistake::None, other);
            assert_eq!(shown.drawn, other.drawn, "{defect}");
            assert_ne!(shown.won, other.won, "{defect}");
        }
        assert_eq!(game.drawn, 0, "the game is left as it was");
    }
}

#[test]
fn checker_finds_side_forgotten_dots_and_boxes() {
    for seed in 0..5 {
        let mut game = DotsAndBoxes::new(Mistake::SideForgotten);
        let defect = check_game(&mut game, &options(seed)).expect_err("the extra turn is forgotten");
        assert_eq!(defect.kind, DefectKind::SideDoesNotMatchValues, "seed {seed}: {defect}");
        // The line ends with a move that completed a box: the rules' turn stayed, the reported one passed.
        let (last, before) = defect.line.split_last().expect("a move");
        let mut game = after(Mistake::None, before);
        let mover = game.to_move;
        game.play(*last);
        assert_eq!(game.to_move, mover, "{defect}");
    }
}

#[test]
fn checker_finds_undo_that_does_not_restore_dots_and_boxes() {
    let mut game = DotsAndBoxes::new(Mistake::UndoFlipsAlways);
    let defect = check_game(&mut game, &options(1)).expect_err("undo gives the turn away");
    assert_eq!(defect.kind, DefectKind::UndoDoesNotRestore, "{defect}");
    assert!(defect.detail.contains("side to move"), "{defect}");
    let message = defect.to_string();
    assert!(message.starts_with("undo does not restore the position: "), "{message}");
}

/// The subtraction game ([`Take`]) from a pile of 14 with an evaluation
/// that reads the last move (ten a counter the mover's opponent just
/// took), as Gomoku's average over two plies reads the position before it.
struct Pile {
    take: Take,
    taken: Vec<u32>,
    /// Whether `evaluation_key` covers the last move (the right game) or is
    /// the default, the position's key alone.
    key_has_last_move: bool,
}

impl Pile {
    fn new(key_has_last_move: bool) -> Self {
        Pile { take: Take::new(14), taken: Vec::new(), key_has_last_move }
    }
}

impl Game for Pile {
    type Move = u32;

    fn side_to_move(&self) -> Player {
        self.take.side_to_move()
    }

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        self.take.generate_moves(moves);
    }

    fn play(&mut self, n: u32) {
        self.take.play(n);
        self.taken.push(n);
    }

    fn undo(&mut self, n: u32) {
        self.take.undo(n);
        self.taken.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.take.outcome()
    }

    fn evaluate(&self) -> Score {
        Score::new(-10 * self.taken.last().map_or(0, |&n| n as i32))
    }

    fn hash_key(&self) -> Option<u64> {
        Some(u64::from(self.take.left) * 2 + u64::from(self.take.to_move == Player::Second))
    }

    fn evaluation_key(&self) -> Option<u64> {
        let last = u64::from(self.taken.last().copied().unwrap_or(0));
        self.hash_key().map(|key| if self.key_has_last_move { key | last << 40 } else { key })
    }
}

/// The pile's evaluation is not the score so far: no side check.
fn pile_options(seed: u64) -> CheckOptions {
    CheckOptions { side_check: false, ..options(seed) }
}

#[test]
fn checker_finds_evaluation_key_omitting_last_move_pile() {
    for seed in 0..5 {
        let mut game = Pile::new(false);
        let defect =
            check_game(&mut game, &pile_options(seed)).expect_err("the evaluation key leaves out the last move");
        assert_eq!(defect.kind, DefectKind::EvaluationKeyChangesEvaluation, "seed {seed}: {defect}");
        // Both lines reach the same pile, the side to move the same, by different last moves.
        let other = defect.other_line.as_ref().expect("two lines");
        let sum = |line: &[u32]| line.iter().sum::<u32>();
        assert_eq!(sum(&defect.line), sum(other), "{defect}");
        assert_eq!(defect.line.len() % 2, other.len() % 2, "{defect}");
        assert_ne!(defect.line.last(), other.last(), "{defect}");
        assert!(defect.to_string().starts_with("the evaluation key leaves out what the evaluation reads"), "{defect}");
        assert_eq!((game.take.left, game.taken.len()), (14, 0), "the game is left as it was");
    }
}

#[test]
fn checker_passes_evaluation_key_with_last_move_pile() {
    for seed in 0..20 {
        let report =
            check_game(&mut Pile::new(true), &pile_options(seed)).unwrap_or_else(|d| panic!("seed {seed}: {d}"));
        assert!(report.evaluation_keys_compared > 0, "{report:?}");
    }
}

/// Soundness: the games of the crate, all correct, pass whatever the seed.
#[test]
fn checker_passes_correct_games_whatever_the_seed() {
    let cases = common::cases(12);
    for seed in 0..u64::from(cases) {
        let few = CheckOptions { seed, lines: 20, solve_depth: 4, ..CheckOptions::default() };
        let fail = |name: &str, defect: String| panic!("{name}, seed {seed}: {defect}");
        check_game(&mut TicTacToe::new(), &few).unwrap_or_else(|d| fail("tic-tac-toe", d.to_string()));
        check_game(&mut Nim::new(&[1, 2, 3]).expect("heaps"), &few).unwrap_or_else(|d| fail("nim", d.to_string()));
        let scored = CheckOptions { side_check: true, ..few.clone() };
        check_game(&mut Kalah::new(3, 3).expect("a board"), &scored).unwrap_or_else(|d| fail("kalah", d.to_string()));
        let quick = CheckOptions { solve_depth: 2, ..few.clone() };
        check_game(&mut Connect4::new(), &quick).unwrap_or_else(|d| fail("connect four", d.to_string()));
        let othello = CheckOptions { solve_depth: 0, ..few.clone() };
        check_game(&mut abprune_games::Othello::new(), &othello).unwrap_or_else(|d| fail("othello", d.to_string()));
        check_game(&mut DotsAndBoxes::new(Mistake::None), &scored)
            .unwrap_or_else(|d| fail("dots and boxes", d.to_string()));
        // The evaluation averaged over two plies, keyed with the last move.
        let gomoku = CheckOptions { lines: 3, solve_depth: 0, max_plies: 40, ..few.clone() };
        let mut board = abprune_games::Gomoku::new(9, abprune_games::Rule::Freestyle).expect("a board");
        let report = check_game(&mut board, &gomoku).unwrap_or_else(|d| fail("gomoku", d.to_string()));
        assert!(report.positions > 0, "{report:?}");
    }
}
