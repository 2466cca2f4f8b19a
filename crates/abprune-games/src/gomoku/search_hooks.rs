//! The [`Game`] implementation: moves, the forced-reply shortcuts of
//! `candidate_moves`, the quiescence of `horizon`, and the score bounds.
//!
//! Two facts make the shortcuts exact. A *five point* of a colour is an
//! empty point where its stone completes a winning run; whether a point is
//! one depends only on that colour's stones and on the point being empty, so
//! a stone of the other colour removes at most one five point (the one it
//! covers) and never creates any. And every five point, and every point
//! where a stone makes a four, lies within two rows and columns of a stone
//! of its colour, so the candidate points (the moves generated) contain all
//! of them: the blocks and wins below are moves of the searched tree.

use super::board::{index_of, point_of, stone_of, CellSet, DIRECTIONS, EMPTY, MAX_POINTS, WALL, WHITE, ZOBRIST};
use super::cells::ORDERED_WEIGHT;
use super::eval::SEED_SCORE_LIMIT;
use super::patterns::{digit_after, digit_before, Pattern, Shape, BLOCKED, OWN, POW3};
use super::threats::Threat;
use super::{Gomoku, MoveOrder, Point};
use abprune::{Game, Horizon, Outcome, Player, Score};

/// The earliest ply at which the side to move can lose when it has no five
/// point and the opponent at most one (see [`Game::score_bounds`]).
const EARLIEST_LOSS: u32 = 4;
/// The earliest win when the side to move must block a four first.
const EARLIEST_WIN_AFTER_BLOCK: u32 = 3;
/// The earliest win with no five point and no open-four move.
const EARLIEST_WIN_QUIET: u32 = 5;
/// The loss when every move leaves the opponent a static mate rule.
const LOSS_TO_A_MATE_RULE: u32 = 6;
/// A four threatens five within this many points of the stone that makes it.
const FOUR_REACH: usize = 4;

impl Game for Gomoku {
    type Move = Point;

    /// Every stone hands the turn over (and so does the search's pass).
    const PLAYERS_ALTERNATE: bool = true;

    fn side_to_move(&self) -> Player {
        if self.colour_to_move() == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The candidate points (empty points within two rows and columns of a
    /// stone) in the move order's order; the centre on an empty board.
    /// Never a point forbidden for black (renju).
    fn generate_moves(&self, moves: &mut Vec<Point>) {
        if self.history.is_empty() {
            moves.push(Point { x: self.width / 2, y: self.height / 2 });
            return;
        }
        if let Some((moves_played, allowed)) = &self.root_moves {
            if *moves_played == self.history.len() && self.passes == 0 {
                self.push_playable(&allowed.intersection(&self.empties), moves);
                if !moves.is_empty() {
                    return;
                }
            }
        }
        self.push_playable(&self.candidates, moves);
        if moves.is_empty() {
            // No empty point near a stone: only on a full board, but be total.
            let playable = |&index: &usize| self.cells[index] == EMPTY && !self.is_forbidden_for_mover(index);
            moves.extend(self.board_cells().filter(playable).map(point_of));
        }
    }

    #[inline]
    fn play(&mut self, mv: Point) {
        self.place(index_of(mv), self.colour_to_move());
    }

    #[inline]
    fn undo(&mut self, mv: Point) {
        debug_assert!(!self.history.is_empty(), "undo with no move played");
        self.remove(index_of(mv), 1 - self.colour_to_move());
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.won_at.is_some() {
            Some(Outcome::Loss)
        } else if self.is_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The pattern evaluation for the side to move: the cell codes' values,
    /// the threat mask's and the tempo (module `cells` has the tables,
    /// module `eval` the sums).
    #[inline]
    fn evaluate(&self) -> Score {
        self.static_value()
    }

    #[inline]
    fn hash_key(&self) -> Option<u64> {
        Some(self.hash)
    }

    /// The position's key with the last move's, when the evaluation is the
    /// two-ply average (it reads the position before the last move).
    #[inline]
    fn evaluation_key(&self) -> Option<u64> {
        match self.history.last() {
            Some(&last) if self.eval.two_ply && self.passes == 0 => {
                Some(self.hash ^ crate::gomoku::board::ZOBRIST.last_move[index_of(last)])
            }
            _ => Some(self.hash),
        }
    }

    /// The learned move hint (module `order`, see [`MoveOrder::Seed`]); 0 for
    /// every move under [`MoveOrder::Board`].
    #[inline]
    fn move_hint(&self, mv: Point) -> i32 {
        match self.order {
            MoveOrder::Seed => self.move_score(index_of(mv)),
            MoveOrder::Board => 0,
        }
    }

    /// `y * width + x`: below 22 * 22.
    #[inline]
    fn move_id(&self, mv: Point) -> Option<usize> {
        Some(usize::from(mv.y) * self.width() + usize::from(mv.x))
    }

    /// The square, `y * width + x` (below 22 * 22): the table remembers the
    /// square, as the list's order depends on the last moves played.
    #[inline]
    fn move_code(&self, mv: Point) -> Option<u16> {
        u16::try_from(usize::from(mv.y) * self.width() + usize::from(mv.x)).ok()
    }

    /// In this order, each step assuming the earlier ones did not apply
    /// (`me` is the side to move, `they` the opponent):
    ///
    /// 1. I have a five point: `win_in(1)`.
    /// 2. They have two or more five points: I cannot win now (1) and one
    ///    stone covers one of them: `loss_in(2)`.
    /// 3. They have exactly one: any other move loses at ply 2, the worst
    ///    value there is, so the block alone contains an optimal move. Under
    ///    renju, when I am black and the block is forbidden for me, every
    ///    move loses at ply 2: `loss_in(2)`.
    /// 4. I have an open-four move (a stone after which I have two or more
    ///    five points): they have no five point (2, 3) and my stone gives
    ///    them none, so they cannot win at ply 2 nor cover both: `win_in(3)`,
    ///    and no win in 1 exists (1). Under renju, so does white's four whose
    ///    one five point is forbidden for black (`Gomoku::wins_in_three`).
    /// 5. The static mate rules (`Gomoku::wins_in_five`): I have a
    ///    four-three or a double-three point and they cannot make a four:
    ///    `win_in(5)`, and no win in 1 or 3 exists (1, 4).
    /// 6. They have an open-four move (an open three, or a double-four
    ///    point): a move of mine that neither stops every such move nor
    ///    makes a four lets them play one, after which I have no five point
    ///    and they have two: I lose at ply 4. No move of mine loses sooner
    ///    (they have no five point and I give them none), so the moves that
    ///    stop them (computed exactly, see `Gomoku::open_four_defences`)
    ///    plus my fours contain an optimal move; with none of either, every
    ///    move loses at ply 4: `loss_in(4)`.
    /// 7. They have a four-three or a double-three point and I cannot make
    ///    a four: a move of mine that leaves them that point and gives me no
    ///    four point lets their static mate rule win at their ply 5, my ply
    ///    6, and no move of mine loses sooner (as in 6, they have no five
    ///    point and no open-four move, and my stones give them none). So the
    ///    moves that may change it (see `Gomoku::mate_defences`) contain an
    ///    optimal move; with none, every move loses at ply 6: `loss_in(6)`.
    ///    Not under renju (a black stone can make a point forbidden for
    ///    itself, a white one make it legal again or forbidden, and a black
    ///    three may be false): there step 8 follows.
    /// 8. Otherwise every candidate point.
    fn candidate_moves(&self, moves: &mut Vec<Point>) -> Option<Score> {
        let me = self.colour_to_move();
        let they = 1 - me;
        // Step 1. A five now.
        if !self.threats[me][Threat::Five as usize].is_empty() {
            return Some(Score::win_in(1));
        }
        // Steps 2 and 3. Their fours.
        let their_fives = &self.threats[they][Threat::Five as usize];
        match their_fives.first() {
            Some(_) if their_fives.len() >= 2 => return Some(Score::loss_in(2)),
            Some(block) if self.is_forbidden_for_mover(block) => return Some(Score::loss_in(2)),
            Some(block) => {
                moves.push(point_of(block));
                return None;
            }
            None => {}
        }
        // Step 4. My open four.
        if self.wins_in_three() {
            return Some(Score::win_in(3));
        }
        // Step 5. The static mate rules.
        if self.wins_in_five() {
            return Some(Score::win_in(EARLIEST_WIN_QUIET));
        }
        // Step 6. Their open-four moves.
        if !self.threats[they][Threat::OpenFour as usize].is_empty() {
            if self.open_fours_may_be_forbidden(they) {
                self.generate_moves(moves);
                return None;
            }
            let mut answers = self.open_four_defences(they).union(&self.fours(me));
            if me == 0 {
                answers = answers.difference(&self.forbidden);
            }
            if answers.is_empty() {
                return Some(Score::loss_in(EARLIEST_LOSS));
            }
            self.push_ordered(&answers, moves);
            return None;
        }
        // Step 7. Their static mate rules.
        if let Some(defences) = self.mate_defences() {
            if defences.is_empty() {
                return Some(Score::loss_in(LOSS_TO_A_MATE_RULE));
            }
            let near = defences.intersection(&self.candidates);
            self.push_ordered(if near.is_empty() { &defences } else { &near }, moves);
            return None;
        }
        // Step 8. Nothing forced.
        self.generate_moves(moves);
        None
    }

    /// When `candidate_moves` knows no value, the side to move has no five
    /// point, the opponent at most one, and nobody an open-four move on the
    /// side to move: it loses no sooner than ply 4 (the opponent has no
    /// second five point to win with at ply 2) and wins no sooner than ply 5
    /// (a win at ply 3 needs two five points after its move: an open-four
    /// move), or ply 3 when it must block first (the block may make an open
    /// four). Where too few points are left for that, the bound is a draw.
    /// Positions with a known value get that value as both bounds.
    fn score_bounds(&self) -> (Score, Score) {
        let me = self.colour_to_move();
        let they = 1 - me;
        let their_fives = self.threats[they][Threat::Five as usize].len();
        if !self.threats[me][Threat::Five as usize].is_empty() {
            return (Score::win_in(1), Score::win_in(1));
        }
        let forced_loss = match self.threats[they][Threat::Five as usize].first() {
            Some(block) => their_fives >= 2 || self.is_forbidden_for_mover(block),
            None => false,
        };
        if forced_loss {
            return (Score::loss_in(2), Score::loss_in(2));
        }
        if their_fives == 0 && self.wins_in_three() {
            return (Score::win_in(3), Score::win_in(3));
        }
        if their_fives == 0 && self.wins_in_five() {
            let win = Score::win_in(EARLIEST_WIN_QUIET);
            return (win, win);
        }
        let left = (self.points() - self.history.len()) as u32;
        let earliest_win = if their_fives == 1 { EARLIEST_WIN_AFTER_BLOCK } else { EARLIEST_WIN_QUIET };
        let lowest = if left >= EARLIEST_LOSS { Score::loss_in(EARLIEST_LOSS) } else { Score::DRAW };
        let highest = if left >= earliest_win { Score::win_in(earliest_win) } else { Score::DRAW };
        (lowest, highest)
    }

    fn winner_moves_last(&self) -> bool {
        true
    }

    /// Steps 1 to 5 of [`Gomoku::candidate_moves`] (a five now, their
    /// double five, the forced block, my open four, the static mate rules);
    /// otherwise the position is quiet and my fours are the forcing moves: each leaves exactly one
    /// five point, which the opponent must block. Followed at every leaf,
    /// this makes the engine's quiescence a search for a VCF.
    ///
    /// Only the fours near my own last stone are offered (within two rows
    /// and columns of it, or on one of its lines within
    /// `QUIESCENCE_LINE_REACH` points), as Rapfi's quick VCF does: a VCF
    /// grows from the stones just played, and a four elsewhere on the board
    /// at every leaf mostly throws away a threat. The whole board's fours
    /// went on for up to 24 plies past the horizon and took more than half
    /// of the nodes of a depth-12 search (the built-in middle games:
    /// 2,342,557 nodes, 1,117,103 with this); the quiescence stays a bound
    /// on what forcing play can do, and a VCF it finds is still a forced
    /// win. The root's own VCF search (module `vcf`) looks at every four.
    fn horizon(&self, moves: &mut Vec<Point>) -> Horizon {
        if let Some(outcome) = self.outcome() {
            return Horizon::Known(outcome.score(0));
        }
        let me = self.colour_to_move();
        let they = 1 - me;
        if !self.threats[me][Threat::Five as usize].is_empty() {
            return Horizon::Known(Score::win_in(1));
        }
        let their_fives = &self.threats[they][Threat::Five as usize];
        match their_fives.first() {
            Some(_) if their_fives.len() >= 2 => return Horizon::Known(Score::loss_in(2)),
            Some(block) if self.is_forbidden_for_mover(block) => return Horizon::Known(Score::loss_in(2)),
            Some(block) => {
                moves.push(point_of(block));
                return Horizon::Forced;
            }
            None => {}
        }
        if self.wins_in_three() {
            return Horizon::Known(Score::win_in(3));
        }
        if self.wins_in_five() {
            return Horizon::Known(Score::win_in(EARLIEST_WIN_QUIET));
        }
        let fours = self.fours(me);
        match self.own_last_stone() {
            Some(last) => {
                let mut near = CellSet::default();
                for four in fours.iter().filter(|&four| near_in_a_fight(last, four)) {
                    near.insert(four);
                }
                self.push_ordered(&near, moves);
            }
            None => self.push_ordered(&fours, moves),
        }
        Horizon::Quiet
    }

    /// A move that makes a four or an open three, or takes a point where
    /// the opponent would make a double threat (two threes, a four-three,
    /// an open four or a five): the moves the search spares (never
    /// pruned by futility; the player reduces them and prunes them by
    /// count like other moves, `super::selectivity`). Except
    /// a counter-four far from the fight: when the opponent has an open
    /// three, a four of mine more than `DISTRACTION_DISTANCE` points from
    /// both last stones only delays the defence (the opponent blocks it and
    /// the three still stands), so it is searched like a quiet move
    /// (Rapfi reduces such "distracting" defences more).
    #[inline]
    fn is_forcing(&self, mv: Point) -> bool {
        let me = self.colour_to_move();
        let index = index_of(mv);
        let threats = &self.lines[index].threats;
        (threats[me] >= Threat::Three || threats[1 - me] >= Threat::DoubleThree) && !self.distracts(index)
    }

    /// A stone here would give neither colour an open two, a three or
    /// more on any line (Rapfi's trivial move): every line pattern of the
    /// cell, for both colours, is at most a closed two.
    #[inline]
    fn is_trivial(&self, mv: Point) -> bool {
        let codes = self.lines[index_of(mv)].codes;
        codes.iter().all(|&ordered| self.codes.strongest(ordered) <= Pattern::Two)
    }

    /// Against the opponent's four-three points, only their defences and my
    /// fours (`Gomoku::four_three_defences`). Never empties the list.
    fn threat_defences(&self, moves: &mut Vec<Point>) -> bool {
        let Some(kept) = self.four_three_defences() else { return false };
        let before = moves.len();
        if !moves.iter().any(|&m| kept.contains(index_of(m))) {
            return false;
        }
        moves.retain(|&m| kept.contains(index_of(m)));
        moves.len() < before
    }

    /// The opponent has a five point (a four to block) or an open-four
    /// move (an open three, or a double-four point): one stone of theirs
    /// away from a win the static evaluation does not see.
    #[inline]
    fn must_answer(&self) -> bool {
        let theirs = &self.threats[1 - self.colour_to_move()];
        !theirs[Threat::Five as usize].is_empty() || !theirs[Threat::OpenFour as usize].is_empty()
    }

    /// A pass, refused when the side to move faces a five point or an
    /// open-four move of the opponent (passing would simply lose) or has
    /// a five point itself (the position is decided).
    fn play_null(&mut self) -> bool {
        if !self.threats[self.colour_to_move()][Threat::Five as usize].is_empty()
            || self.must_answer()
            || self.passes == u8::MAX
        {
            return false;
        }
        self.passes += 1;
        self.hash ^= ZOBRIST.white_to_move;
        true
    }

    fn undo_null(&mut self) {
        debug_assert!(self.passes > 0, "undo_null without a pass");
        self.passes -= 1;
        self.hash ^= ZOBRIST.white_to_move;
    }

    fn max_plies_left(&self) -> Option<u32> {
        Some((self.points() - self.history.len()) as u32)
    }
}

impl Gomoku {
    /// The static mate rules, for a side to move with no five point and no
    /// open-four move, facing no five point: it wins at ply 5 if it has a
    /// four-three point or a double-three point and the opponent has no
    /// point where a stone makes a four (or more).
    ///
    /// Why exactly ply 5. The opponent cannot make five at ply 2 nor two
    /// five points (an open four) at ply 4, for that needs a four-making
    /// point now, and my stones never give the opponent one. A four-three:
    /// my four leaves one five point, which they must cover at ply 2 (they
    /// have no five of their own); their stone lies on the four's line,
    /// which meets the three's line only at my stone, so the three still
    /// makes an open four at ply 3, and one stone cannot cover its two five
    /// points at ply 4. A double three: their stone at ply 2 lies on at most
    /// one of the two threes' lines (they meet only at my stone) and makes
    /// no four, so the other three makes an open four at ply 3, as before.
    /// No win comes sooner: a win at ply 1 needs a five point and at ply 3
    /// an open-four move, both excluded by the precondition. The tests
    /// check the rules against an exhaustive search on small boards.
    pub(super) fn wins_in_five(&self) -> bool {
        let me = self.colour_to_move();
        let mine = &self.threats[me];
        let theirs = &self.threats[1 - me];
        debug_assert!(mine[Threat::Five as usize].is_empty() && mine[Threat::OpenFour as usize].is_empty());
        debug_assert!(theirs[Threat::Five as usize].is_empty(), "the side to move faces a five point");
        let attack = !mine[Threat::FourThree as usize].is_empty() || !mine[Threat::DoubleThree as usize].is_empty();
        attack
            && [Threat::Four, Threat::FourThree, Threat::OpenFour, Threat::Five]
                .iter()
                .all(|&kind| theirs[kind as usize].is_empty())
            && (!self.rule.has_forbidden_points() || (me == 1 && !self.forbidden_fours()))
    }

    /// Under renju, whether black has a forbidden point where its stone
    /// would make a four by the line shapes: a white stone may make it
    /// legal (by blocking one of its threes), so white's static mate rule
    /// asks that black have no four point, forbidden or not. (Black's own
    /// rule is off under renju: its three may be false, or become false
    /// when white blocks the four.)
    fn forbidden_fours(&self) -> bool {
        self.forbidden.iter().any(|cell| self.codes.threat_of_ordered(self.lines[cell].codes[0]) >= Threat::Four)
    }

    /// For a side to move facing no five point: whether it wins at ply 3.
    /// With an open-four move (two five points after it, which one stone
    /// cannot cover); and under renju, for white, with a four whose one five
    /// point is forbidden for black once the four stands (black cannot
    /// cover it: a four against a forbidden point wins). No other move wins
    /// at ply 3: the opponent covers a lone five point, and white always
    /// may.
    #[inline]
    pub(super) fn wins_in_three(&self) -> bool {
        let me = self.colour_to_move();
        !self.threats[me][Threat::OpenFour as usize].is_empty()
            || (self.rule.has_forbidden_points() && me == 1 && self.four_against_forbidden().is_some())
    }

    /// Under renju, white to move: a point where white's stone makes a four
    /// whose one five point is then forbidden for black. Judged with the
    /// four on the board (the white stone changes black's line through the
    /// five point); the cheap pattern test first.
    pub(super) fn four_against_forbidden(&self) -> Option<usize> {
        let white = &self.threats[1];
        let fours = white[Threat::Four as usize].union(&white[Threat::FourThree as usize]);
        let mut scratch = None;
        fours.iter().find(|&four| {
            let Some((five, direction, digit)) = self.lone_five_point(four) else { return false };
            // Black's code at the five point with the white stone on `four`.
            let lines = &self.lines[five];
            let key = lines.key(0, direction) + BLOCKED * POW3[digit];
            let weight = ORDERED_WEIGHT[direction];
            let old = lines.patterns[0][direction] as u16;
            let code = lines.codes[0] - old * weight + self.table.pattern(0, key) as u16 * weight;
            if !self.codes.suspect_of_ordered(code) {
                return false;
            }
            // Lazy on purpose: the copy of the cells is made only when a point needs it.
            #[allow(clippy::unnecessary_lazy_evaluations)]
            let cells = scratch.get_or_insert_with(|| self.cells);
            cells[four] = WHITE;
            let forbidden = super::renju::forbidden(cells, five).is_some();
            cells[four] = EMPTY;
            forbidden
        })
    }

    /// White's one five point after a white stone on the four point
    /// `four`, with the direction of its line and the digit under which the
    /// five point sees `four`; `None` if the stone leaves two or more.
    fn lone_five_point(&self, four: usize) -> Option<(usize, usize, usize)> {
        let mut found = None;
        for (direction, &step) in DIRECTIONS.iter().enumerate() {
            for forward in [true, false] {
                for k in 1..=FOUR_REACH {
                    // `four` is k steps before a point after it, after one before it.
                    let (e, digit) =
                        if forward { (four + k * step, digit_before(k)) } else { (four - k * step, digit_after(k)) };
                    if self.cells[e] == WALL {
                        break;
                    }
                    let key = self.lines[e].key(1, direction) + OWN * POW3[digit];
                    if self.cells[e] == EMPTY && self.table.shape(1, key) == Shape::Five {
                        if found.is_some() {
                            return None;
                        }
                        found = Some((e, direction, digit));
                    }
                }
            }
        }
        found
    }

    /// Under renju, when black (`attacker`) has an open-four move with two
    /// or more open threes in its other lines: a white stone could make
    /// that point forbidden (a four-three-three, by making one of those
    /// threes a true three), which the defences of
    /// `Gomoku::open_four_defences` do not see.
    pub(super) fn open_fours_may_be_forbidden(&self, attacker: usize) -> bool {
        self.rule.has_forbidden_points()
            && attacker == 0
            && self.threats[0][Threat::OpenFour as usize].iter().any(|m| {
                self.lines[m].patterns[0].iter().filter(|pattern| pattern.shape() == Shape::OpenThree).count() >= 2
            })
    }

    /// Whether the side to move is black and may not play `cell` (renju).
    #[inline]
    pub(super) fn is_forbidden_for_mover(&self, cell: usize) -> bool {
        self.colour_to_move() == 0 && self.forbidden.contains(cell)
    }

    /// [`Gomoku::push_ordered`] of the cells of `set` the side to move may
    /// play.
    #[inline]
    fn push_playable(&self, set: &CellSet, moves: &mut Vec<Point>) {
        if self.colour_to_move() == 0 && !self.forbidden.is_empty() {
            self.push_ordered(&set.difference(&self.forbidden), moves);
        } else {
            self.push_ordered(set, moves);
        }
    }

    /// For a side to move facing no five point and no open-four move, when
    /// the opponent has a four-three or double-three point and the side to
    /// move has no point where a stone makes a four: every empty point
    /// after which the opponent's static mate rule (`wins_in_five`) may no
    /// longer hold. `None` when the rule does not threaten.
    ///
    /// My stone `m` changes the opponent's threat on a point `p` only if `m`
    /// lies on one of `p`'s four lines within the line table's reach, so the
    /// points within that reach of each of their four-three and
    /// double-three points (those points included) are kept. Elsewhere the
    /// opponent keeps every such point, and the rule still holds unless `m`
    /// gives me a four point: a line where my stone makes a three or more.
    /// The rest lose at ply 6 (step 7 of `candidate_moves`).
    fn mate_defences(&self) -> Option<CellSet> {
        if self.rule.has_forbidden_points() {
            return None;
        }
        let me = self.colour_to_move();
        let they = 1 - me;
        let (fourthrees, doublethrees) =
            (&self.threats[they][Threat::FourThree as usize], &self.threats[they][Threat::DoubleThree as usize]);
        if fourthrees.is_empty() && doublethrees.is_empty() {
            return None;
        }
        let mine = &self.threats[me];
        if [Threat::Four, Threat::FourThree, Threat::OpenFour, Threat::Five]
            .iter()
            .any(|&k| !mine[k as usize].is_empty())
        {
            return None;
        }
        let reach = self.table.reach;
        let mut kept = CellSet::default();
        for p in fourthrees.iter().chain(doublethrees.iter()) {
            kept.insert(p);
            for &step in &DIRECTIONS {
                for forward in [true, false] {
                    for k in 1..=reach {
                        let e = if forward { p + k * step } else { p - k * step };
                        if self.cells[e] == WALL {
                            break;
                        }
                        if self.cells[e] == EMPTY {
                            kept.insert(e);
                        }
                    }
                }
            }
        }
        for e in self.empties.iter() {
            if self.lines[e].patterns[me].iter().any(|pattern| pattern.shape() >= Shape::Three) {
                kept.insert(e);
            }
        }
        Some(kept)
    }

    /// The moves worth searching against the opponent's four-three points,
    /// for the selective search (Rapfi's defence set against a "block four
    /// plus flex three"): `None` when the opponent has no four-three point,
    /// faces a five point or an open-four move of its own to answer first
    /// (steps 2 to 6 of `candidate_moves` decide those), or when a point
    /// that completes one of their fours is a four point of mine (my four
    /// there answers everything, so nothing is narrowed).
    ///
    /// For each of their four-three points `p`: `p` itself; the empty
    /// points within four of `p` on the line where their stone would make
    /// the open three (my stone there can stop the open four); the points
    /// that complete their four on the four's line (`b`: my stone there
    /// takes the five point away first); and around each `b`, along every
    /// line, the points where my stone would make a three (so that my
    /// forced block at `b` makes a four and gains the tempo back). Then
    /// every point where my stone makes a four. Any other move lets them
    /// play `p`, I must block at `b` without a four, and their three
    /// becomes an open four: the test `four_three_defences_keep_every_move_that_holds`
    /// checks that on small boards by exhaustive search. Not exact (a
    /// move elsewhere that makes my own three may still hold for longer),
    /// hence for the selective search only.
    pub(super) fn four_three_defences(&self) -> Option<CellSet> {
        let me = self.colour_to_move();
        let they = 1 - me;
        let theirs = &self.threats[they];
        // Under renju black's four-three may hold a false three: no set.
        if (self.rule.has_forbidden_points() && they == 0)
            || theirs[Threat::FourThree as usize].is_empty()
            || !theirs[Threat::Five as usize].is_empty()
            || !theirs[Threat::OpenFour as usize].is_empty()
            || !self.threats[me][Threat::Five as usize].is_empty()
            || !self.threats[me][Threat::OpenFour as usize].is_empty()
        {
            return None;
        }
        let mut kept = self.fours(me);
        for p in theirs[Threat::FourThree as usize].iter() {
            kept.insert(p);
            for (direction, &step) in DIRECTIONS.iter().enumerate() {
                match self.lines[p].patterns[they][direction].shape() {
                    Shape::OpenThree => self.for_line(p, step, they, |e| {
                        kept.insert(e);
                        true
                    }),
                    Shape::Four => {
                        let mut completions = CellSet::default();
                        self.for_line(p, step, they, |e| {
                            if self.lines[e].patterns[they][direction].shape() >= Shape::Four {
                                completions.insert(e);
                            }
                            true
                        });
                        for b in completions.iter() {
                            if self.lines[b].threats[me] >= Threat::Four {
                                return None;
                            }
                            kept.insert(b);
                            for (around, &step) in DIRECTIONS.iter().enumerate() {
                                self.for_line(b, step, me, |e| {
                                    let counter = self.lines[e].patterns[me][around] >= Pattern::Three;
                                    if counter {
                                        kept.insert(e);
                                    }
                                    counter
                                });
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        Some(kept)
    }

    /// `Gomoku::four_three_defences` as points (for tests and tools).
    pub fn four_three_defence_points(&self) -> Option<Vec<Point>> {
        self.four_three_defences().map(|set| set.iter().map(point_of).collect())
    }

    /// Calls `visit(e)` for the empty points `e` within four points of `p`
    /// along `step`, both ways, passing over the stones of `colour` and
    /// stopping a way at any other stone, a wall, or when `visit` returns
    /// false.
    fn for_line(&self, p: usize, step: usize, colour: usize, mut visit: impl FnMut(usize) -> bool) {
        for forward in [true, false] {
            for k in 1..=4 {
                let e = if forward { p + k * step } else { p - k * step };
                match self.cells[e] {
                    EMPTY if visit(e) => {}
                    EMPTY => break,
                    cell if cell == stone_of(colour) => {}
                    _ => break,
                }
            }
        }
    }

    /// Whether a stone at `index` is far from the fight while the
    /// opponent has an open three: more than `DISTRACTION_DISTANCE`
    /// points (in rows or columns) from both last stones.
    fn distracts(&self, index: usize) -> bool {
        let they = 1 - self.colour_to_move();
        if self.threats[they][Threat::OpenFour as usize].is_empty() || self.passes != 0 {
            return false;
        }
        let n = self.history.len();
        let far = |back: usize| {
            n.checked_sub(back).is_some_and(|i| {
                let (a, b) = (point_of(index), self.history[i]);
                (i32::from(a.x) - i32::from(b.x)).abs().max((i32::from(a.y) - i32::from(b.y)).abs())
                    > DISTRACTION_DISTANCE
            })
        };
        far(1) && far(2)
    }

    /// The side to move's last stone: two plies back, when no pass came
    /// since (a pass shifts who played what).
    fn own_last_stone(&self) -> Option<usize> {
        if self.passes != 0 {
            return None;
        }
        let n = self.history.len();
        n.checked_sub(2).map(|i| index_of(self.history[i]))
    }

    /// The points where `colour`'s stone makes at least one five point
    /// without winning at once.
    pub(super) fn fours(&self, colour: usize) -> CellSet {
        let sets = &self.threats[colour];
        sets[Threat::Four as usize].union(&sets[Threat::FourThree as usize]).union(&sets[Threat::OpenFour as usize])
    }

    /// The points where a stone of the other colour leaves `attacker` no
    /// open-four move, assuming `attacker` has no five point.
    ///
    /// After `attacker` plays `m` its five points are `F(m)`, all on lines
    /// through `m` within four points. A stone `x` of the defender, played
    /// first, changes only whether `x` itself is a five point, so it stops
    /// `m` exactly when `x == m`, or `x` is in `F(m)` and `F(m)` has just two
    /// points. The defences are the points that stop every open-four move.
    pub(super) fn open_four_defences(&self, attacker: usize) -> CellSet {
        let mut defences: Option<CellSet> = None;
        for m in self.threats[attacker][Threat::OpenFour as usize].iter() {
            let stoppers = self.stoppers(m, attacker);
            let common = match defences {
                None => stoppers,
                Some(so_far) => so_far.intersection(&stoppers),
            };
            if common.is_empty() {
                return common;
            }
            defences = Some(common);
        }
        defences.unwrap_or_default()
    }

    /// The points where a defender's stone stops `colour`'s open-four move `m`.
    fn stoppers(&self, m: usize, colour: usize) -> CellSet {
        let mut stoppers = CellSet::default();
        stoppers.insert(m);
        let mut fives = [0; 2];
        let mut count = 0;
        for (direction, &step) in DIRECTIONS.iter().enumerate() {
            for forward in [true, false] {
                for k in 1..=FOUR_REACH {
                    // `m` is k steps before a point after it, after one before it.
                    let (e, digit) =
                        if forward { (m + k * step, digit_before(k)) } else { (m - k * step, digit_after(k)) };
                    if self.cells[e] == WALL {
                        break;
                    }
                    let key = self.lines[e].key(colour, direction) + OWN * POW3[digit];
                    if self.cells[e] == EMPTY && self.table.shape(colour, key) == Shape::Five {
                        if count < fives.len() {
                            fives[count] = e;
                        }
                        count += 1;
                    }
                }
            }
        }
        debug_assert!(count >= 2, "{} is not an open-four move", point_of(m));
        if count == 2 {
            stoppers.insert(fives[0]);
            stoppers.insert(fives[1]);
        }
        stoppers
    }

    /// Appends the cells of `set` in the move order's order: board order, or
    /// by descending move hint (ties in board order).
    pub(super) fn push_ordered(&self, set: &CellSet, moves: &mut Vec<Point>) {
        /// Sets this small (the fours of a quiescence node) sort on a small buffer.
        const FEW: usize = 32;
        match self.order {
            MoveOrder::Board => moves.extend(set.iter().map(point_of)),
            MoveOrder::Seed if set.len() <= FEW => self.push_by_move_score(set, &mut [0; FEW], moves),
            MoveOrder::Seed => self.push_by_move_score(set, &mut [0; MAX_POINTS], moves),
        }
    }

    /// Sorts `set` by descending move hint on `keys` (room for every cell
    /// of the set), then appends it.
    fn push_by_move_score(&self, set: &CellSet, keys: &mut [u64], moves: &mut Vec<Point>) {
        // One integer per cell: the score, inverted so that the best sorts
        // first, above the cell index, which breaks ties in board order.
        let mut len = 0;
        for (key, index) in keys.iter_mut().zip(set.iter()) {
            let inverted = i64::from(SEED_SCORE_LIMIT) - i64::from(self.move_score(index));
            *key = (inverted.max(0) as u64) << 16 | index as u64;
            len += 1;
        }
        let keys = &mut keys[..len];
        keys.sort_unstable();
        moves.extend(keys.iter().map(|&key| point_of((key & 0xFFFF) as usize)));
    }
}

/// Whether `b` is within two rows and columns of `a`, or on one of its four
/// lines within four points: where a follow-up threat of a stone on `a` lies.
fn near_in_a_fight(a: usize, b: usize) -> bool {
    let (pa, pb) = (point_of(a), point_of(b));
    let dx = (i32::from(pa.x) - i32::from(pb.x)).abs();
    let dy = (i32::from(pa.y) - i32::from(pb.y)).abs();
    (dx <= 2 && dy <= 2) || ((dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= QUIESCENCE_LINE_REACH)
}

/// How far along a line from the attacker's last stone the quiescence
/// search looks for its next four: a four through that stone has its
/// other stones within four points.
pub const QUIESCENCE_LINE_REACH: i32 = 4;

/// A four farther than this from both last stones, against an open three,
/// distracts rather than defends ([`Gomoku::is_forcing`]).
pub const DISTRACTION_DISTANCE: i32 = 4;
