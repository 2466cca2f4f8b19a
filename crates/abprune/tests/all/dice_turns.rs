//! Issue 55, items 1 and 6: dice that end the turn (Pig's roll of 1) are
//! valued by every chance search as a brute force in exact fractions
//! values them, and every deterministic search refuses a game with
//! chance at the first chance node it reaches, however deep, with an
//! error or a panic naming the search, never a value or a stack overflow.

use abprune::engine::star2_deepening;
use abprune::{
    alphabeta, alphabeta_failsoft, best_move, branch_and_bound, expectiminimax, minimax, mtdf, negamax, pvs, star1,
    star2, Engine, EngineError, EngineOptions, Game, NoTrace, Outcome, Player, Probability, Ratio, Score, SearchLimits,
    SolveMode, UNLIMITED_DEPTH,
};
use proptest::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A move of Short Pig: the player's roll or hold, or the die's face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PigMove {
    Roll,
    Hold,
    Face(u8),
}

/// Short Pig: roll a die of `faces` faces as often as you like, adding
/// the face to the turn's total, or hold and bank the total; a 1 loses
/// the total and **ends the turn** (the die passes it). Banking `target`
/// wins (+1); after `moves_left` decisions the banked difference is the
/// margin.
#[derive(Clone, Debug)]
struct Pig {
    target: i32,
    faces: u8,
    banked: [i32; 2],
    total: i32,
    side: Player,
    rolling: bool,
    moves_left: u32,
    /// Before each move: what it changed.
    history: Vec<([i32; 2], i32, Player, bool, u32)>,
    /// A mistake planted for the checker to find.
    mistake: Mistake,
}

/// The mistakes of issue 55's items 2 to 5, planted one at a time.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mistake {
    None,
    /// The faces' probabilities sum to more than one.
    Probabilities,
    /// `value_bounds()` that the margins break.
    TightBounds,
    /// No `hash_key()`, and `undo` of a face forgets the turn's total.
    KeylessForgetfulUndo,
    /// No `hash_key()` at all (a correct game).
    Keyless,
}

impl Pig {
    fn new(target: i32, faces: u8, moves_left: u32) -> Pig {
        let (banked, total, side, rolling, history) = ([0, 0], 0, Player::First, false, Vec::new());
        Pig { target, faces, banked, total, side, rolling, moves_left, history, mistake: Mistake::None }
    }

    fn index(player: Player) -> usize {
        usize::from(player == Player::Second)
    }

    /// Every leaf lies within this, from either side's view.
    fn bound(&self) -> i32 {
        self.target + i32::from(self.faces) * self.moves_left as i32 + 1
    }
}

impl Game for Pig {
    type Move = PigMove;
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn generate_moves(&self, moves: &mut Vec<PigMove>) {
        moves.extend([PigMove::Roll, PigMove::Hold]);
    }
    fn play(&mut self, mv: PigMove) {
        self.history.push((self.banked, self.total, self.side, self.rolling, self.moves_left));
        match mv {
            PigMove::Roll => {
                self.rolling = true;
                self.moves_left -= 1;
            }
            PigMove::Hold => {
                self.banked[Pig::index(self.side)] += self.total;
                self.total = 0;
                self.side = self.side.opponent();
                self.moves_left -= 1;
            }
            PigMove::Face(1) => {
                self.total = 0;
                self.side = self.side.opponent();
                self.rolling = false;
            }
            PigMove::Face(face) => {
                self.total += i32::from(face);
                self.rolling = false;
            }
        }
    }
    fn undo(&mut self, mv: PigMove) {
        let before = self.history.pop().expect("a move to undo");
        let total = self.total;
        (self.banked, self.total, self.side, self.rolling, self.moves_left) = before;
        if self.mistake == Mistake::KeylessForgetfulUndo && matches!(mv, PigMove::Face(face) if face > 1) {
            self.total = total;
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        let (mine, theirs) = (self.banked[Pig::index(self.side)], self.banked[Pig::index(self.side.opponent())]);
        if mine >= self.target {
            return Some(Outcome::Score(1));
        }
        if theirs >= self.target {
            return Some(Outcome::Score(-1));
        }
        if self.moves_left == 0 && !self.rolling {
            return Some(if mine == theirs { Outcome::Draw } else { Outcome::Score(mine - theirs) });
        }
        None
    }
    fn evaluate(&self) -> Score {
        Score::new(self.banked[Pig::index(self.side)] - self.banked[Pig::index(self.side.opponent())])
    }
    fn hash_key(&self) -> Option<u64> {
        if matches!(self.mistake, Mistake::Keyless | Mistake::KeylessForgetfulUndo) {
            return None;
        }
        let fields = [self.banked[0], self.banked[1], self.total, self.moves_left as i32];
        let mut key = u64::from(self.side == Player::Second) | u64::from(self.rolling) << 1;
        for field in fields {
            key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ field as u64;
        }
        Some(key)
    }
    fn chance_to_move(&self) -> bool {
        self.rolling
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(PigMove, Probability)>) {
        let faces = u64::from(self.faces) - u64::from(self.mistake == Mistake::Probabilities);
        let p = Probability::new(1, faces).expect("a die has faces");
        outcomes.extend((1..=self.faces).map(|face| (PigMove::Face(face), p)));
    }
    fn value_bounds(&self) -> Option<(Score, Score)> {
        let bound = if self.mistake == Mistake::TightBounds { 1 } else { self.bound() };
        Some((Score::new(-bound), Score::new(bound)))
    }
}

/// The oracle: the value for the side to move by plain recursion over a
/// copy, each child's value negated where the side changed (after a move
/// or a face), no pruning and nothing shared with the library's searches.
fn brute_force(game: &mut Pig) -> Ratio {
    if let Some(outcome) = game.outcome() {
        return Ratio::from(outcome.score(0));
    }
    let side = game.side;
    let child_value = |game: &mut Pig, mv: PigMove| {
        game.play(mv);
        let value = brute_force(game);
        let value = if game.side == side { value } else { -value };
        game.undo(mv);
        value
    };
    if game.rolling {
        let mut sum = Ratio::ZERO;
        let faces = Ratio::new(1, i128::from(game.faces)).expect("a die has faces");
        for face in 1..=game.faces {
            let value = child_value(game, PigMove::Face(face));
            sum = sum.checked_add(faces.checked_mul(value).expect("fits")).expect("fits");
        }
        return sum;
    }
    let roll = child_value(game, PigMove::Roll);
    let hold = child_value(game, PigMove::Hold);
    roll.max(hold)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Item 6: every chance search gives the brute force's value on Pigs
    /// whose 1 ends the turn, Star1 and Star2 in any window (fail-soft).
    #[test]
    fn chance_searches_value_a_roll_that_ends_the_turn(
        target in 2..7i32,
        faces in 2..5u8,
        moves_left in 1..7u32,
        low in -12..6i64,
        width in 1..12i64,
        halves in any::<bool>(),
    ) {
        let mut game = Pig::new(target, faces, moves_left);
        let truth = brute_force(&mut game);
        let exhaustive = expectiminimax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).expect("a correct game");
        prop_assert_eq!(exhaustive.value, truth);
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        prop_assert_eq!(star1(&mut game, UNLIMITED_DEPTH, full.0, full.1, &mut NoTrace).expect("star1").value, truth);
        prop_assert_eq!(star2(&mut game, UNLIMITED_DEPTH, full.0, full.1, &mut NoTrace).expect("star2").value, truth);
        prop_assert_eq!(star2_deepening(&mut game, &SearchLimits::none()).expect("deepening").value, truth);
        let denominator = if halves { 2 } else { 3 };
        let alpha = Ratio::new(i128::from(low), denominator).expect("a window");
        let beta = Ratio::new(i128::from(low + width), denominator).expect("a window");
        for (name, found) in [
            ("star1", star1(&mut game, UNLIMITED_DEPTH, alpha, beta, &mut NoTrace).expect("star1").value),
            ("star2", star2(&mut game, UNLIMITED_DEPTH, alpha, beta, &mut NoTrace).expect("star2").value),
        ] {
            if found <= alpha {
                prop_assert!(truth <= found, "{name} failed low to {found}, the value is {truth}");
            } else if found >= beta {
                prop_assert!(truth >= found, "{name} failed high to {found}, the value is {truth}");
            } else {
                prop_assert_eq!(found, truth, "{} inside ({}, {})", name, alpha, beta);
            }
        }
        prop_assert!(game.history.is_empty(), "every search leaves the game as it was");
    }
}

/// The panic message of `search`, which must panic.
fn panic_text(search: impl FnOnce()) -> String {
    let panic = catch_unwind(AssertUnwindSafe(search)).expect_err("a deterministic search of a game with chance");
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// A Pig whose root is a decision (no chance there): the first chance
/// node is one ply down, and deeper ones follow without end of depth.
fn pig() -> Pig {
    Pig::new(5, 3, 6)
}

/// Item 1: each textbook function refuses the chance node it reaches,
/// at a depth limit and at `UNLIMITED_DEPTH` (no stack overflow), its
/// panic naming it and the searches that take chance.
#[test]
fn textbook_searches_refuse_a_chance_node_below_the_root() {
    type Search = fn(&mut Pig, u32) -> Option<PigMove>;
    let searches: [(&str, Search); 7] = [
        ("minimax", |game, depth| minimax(game, depth, &mut NoTrace).best_move),
        ("negamax", |game, depth| negamax(game, depth, &mut NoTrace).best_move),
        ("branch_and_bound", |game, depth| branch_and_bound(game, depth, Score::INFINITY, &mut NoTrace).best_move),
        ("alphabeta", |game, depth| alphabeta(game, depth, -Score::INFINITY, Score::INFINITY, &mut NoTrace).best_move),
        ("alphabeta_failsoft", |game, depth| {
            alphabeta_failsoft(game, depth, -Score::INFINITY, Score::INFINITY, &mut NoTrace).best_move
        }),
        ("pvs", |game, depth| pvs(game, depth, -Score::INFINITY, Score::INFINITY, &mut NoTrace).best_move),
        ("mtdf", |game, depth| mtdf(game, depth, Score::DRAW, &mut NoTrace).best_move),
    ];
    for (name, search) in searches {
        for depth in [2, 8, UNLIMITED_DEPTH] {
            let text = panic_text(|| {
                search(&mut pig(), depth);
            });
            assert!(text.starts_with(&format!("{name}: ")), "{name} at depth {depth}: {text}");
            assert!(text.contains("chance node") && text.contains("star2_deepening"), "{name}: {text}");
        }
    }
}

/// Item 1: the engine stops at the chance node and says why: an
/// `EngineError` where it returns a `Result`, a panic naming the call
/// elsewhere (`best_move` and the strategies are the engine's search).
#[test]
fn the_engine_refuses_a_chance_node_below_the_root() {
    for threads in [1, 2] {
        let options = EngineOptions::default().with_table_mib(1).with_threads(threads);
        let mut engine = Engine::new(options).expect("an engine");
        let mut game = pig();
        assert_eq!(engine.try_search(&mut game, &SearchLimits::none(), |_| {}).err(), Some(EngineError::ChanceNode));
        let limits = SearchLimits::none().with_depth(8);
        assert_eq!(engine.try_search(&mut game, &limits, |_| {}).err(), Some(EngineError::ChanceNode));
        let solved = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none());
        assert_eq!(solved.err(), Some(EngineError::ChanceNode));
        assert!(panic_text(|| {
            engine.search(&mut game, &limits, |_| {});
        })
        .starts_with("Engine::search: "));
        assert!(panic_text(|| {
            engine.test(&mut game, Score::DRAW, &SearchLimits::none());
        })
        .starts_with("Engine::probe: "));
        assert!(panic_text(|| {
            engine.search_depth(&mut game, 6, Score::DRAW, &mut NoTrace);
        })
        .starts_with("Engine::search_depth: "));
        assert!(game.history.is_empty(), "the engine leaves the game as it was");
    }
    assert!(panic_text(|| {
        best_move(&mut pig(), &SearchLimits::none().with_depth(4));
    })
    .contains("chance node"));
}

/// Items 2 to 5: the checker plays a dice game's outcomes by their
/// probabilities, passes the correct Pig (with and without a key, saying
/// what it could not check without one) and finds each planted mistake,
/// naming the move whose undo broke.
#[test]
fn the_checker_knows_dice() {
    use abprune::check::{check_game, CheckOptions, DefectKind};
    let options = CheckOptions { lines: 40, solve_depth: 3, ..CheckOptions::default() };
    let planted = |mistake| {
        let mut game = Pig::new(6, 3, 8);
        game.mistake = mistake;
        (check_game(&mut game, &options), game)
    };
    let (report, game) = planted(Mistake::None);
    let report = report.expect("a correct Pig");
    assert!(report.chance_nodes > 0 && report.not_checked.is_empty(), "{report:?}");
    assert!(game.history.is_empty());
    let report = planted(Mistake::Keyless).0.expect("a correct Pig without a key");
    assert!(report.not_checked.iter().any(|what| what.contains("hash_key")), "{report:?}");
    for (mistake, kind) in [
        (Mistake::Probabilities, DefectKind::ProbabilitiesDoNotSumToOne),
        (Mistake::TightBounds, DefectKind::LeafOutsideBounds),
        (Mistake::KeylessForgetfulUndo, DefectKind::UndoDoesNotRestore),
    ] {
        let defect = planted(mistake).0.expect_err("a planted mistake");
        assert_eq!(defect.kind, kind, "{mistake:?}: {defect}");
        if kind == DefectKind::UndoDoesNotRestore {
            assert!(matches!(defect.line.last(), Some(PigMove::Face(_))), "{defect}");
            assert!(defect.to_string().contains("taking back Face("), "{defect}");
        }
    }
}

/// Item 13: a window with 63-bit denominators overflows Star1's and
/// Star2's window arithmetic, not the value, which fits: they answer.
#[test]
fn windows_with_big_denominators_get_an_answer() {
    let mut game = Pig::new(5, 3, 6);
    let truth = brute_force(&mut game);
    let alpha = Ratio::new(-1, (1 << 62) + 1).expect("a window");
    let beta = Ratio::new(1, (1 << 62) - 1).expect("a window");
    for found in [
        star1(&mut game, UNLIMITED_DEPTH, alpha, beta, &mut NoTrace).expect("star1 answers").value,
        star2(&mut game, UNLIMITED_DEPTH, alpha, beta, &mut NoTrace).expect("star2 answers").value,
    ] {
        let holds = if found <= alpha {
            truth <= found
        } else if found >= beta {
            truth >= found
        } else {
            found == truth
        };
        assert!(holds, "{found} in ({alpha}, {beta}), the value is {truth}");
    }
}
