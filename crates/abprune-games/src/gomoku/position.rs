//! The position: its state, constructors, queries and checked moves.

use super::board::{index_of, point_of, CellSet, CELLS, DIRECTIONS, EMPTY, MAX_SIDE, WALL};
use super::cells::{code_tables, CodeTables, OrderedValues};
use super::patterns::{line_table, Direction, LineTable, Pattern, Shape};
use super::threats::{threat_of, Threat, THREAT_KINDS};
use super::{gomoku_error, Forbidden, GomokuError, MoveOrder, Point, Rule};
use abprune::Player;
use std::fmt;

/// A Gomoku position with its incremental threat bookkeeping (see the
/// [module documentation](super)). Black ([`Player::First`]) moves first.
pub struct Gomoku {
    /// Columns of the board.
    pub(super) width: u8,
    /// Rows of the board.
    pub(super) height: u8,
    /// The winning rule.
    pub(super) rule: Rule,
    /// How moves are generated and hinted.
    pub(super) order: MoveOrder,
    /// The rule's line shapes.
    pub(super) table: &'static LineTable,
    /// The cell codes of patterns.
    pub(super) codes: &'static CodeTables,
    /// The pattern evaluation's values, by ordered code.
    pub(super) eval: &'static OrderedValues,
    /// `EMPTY`, `BLACK`, `WHITE` or `WALL` per cell of the padded grid.
    pub(super) cells: [u8; CELLS],
    /// Stones within two rows and columns of each cell (itself included).
    pub(super) near: [u8; CELLS],
    /// The line keys, shapes and threats of each cell.
    pub(super) lines: [CellLines; CELLS],
    /// The empty playing cells.
    pub(super) empties: CellSet,
    /// Empty cells with a stone within two rows and columns.
    pub(super) candidates: CellSet,
    /// Under renju, the empty cells where black may not play (module
    /// `renju`); their black threat is [`Threat::None`] in the threat sets,
    /// so no threat rule sees them. Empty under the other rules.
    pub(super) forbidden: CellSet,
    /// `threats[colour][kind]`: the empty cells where that colour's stone
    /// makes that threat (the set of `Threat::None` stays empty).
    pub(super) threats: [[CellSet; THREAT_KINDS]; 2],
    /// `threat_counts[colour][kind]`: the sizes of the threat sets.
    pub(super) threat_counts: [[i32; THREAT_KINDS]; 2],
    /// `cell_sums[role][colour]`: over the empty cells, the pattern
    /// evaluation's value of the colour's code there, read from the table
    /// of the side to move (role 0) or of the other side (role 1).
    pub(super) cell_sums: [[i32; 2]; 2],
    /// With a two-ply evaluation ([`EvalTables::two_ply`]), before each
    /// move played since the position was built: the averaged part of the
    /// value of the position it was played in, for its side to move (its
    /// whole one-ply value, or with [`EvalTables::whole_mask`] the tempo
    /// and the cell sums only).
    pub(super) values_before: Vec<i32>,
    /// The cells' line records as they were before each stone placed since
    /// the position was built or copied changed them (module
    /// `incremental`): its removal copies them back instead of reading
    /// every line around it again.
    pub(super) undo_lines: Vec<(u16, CellLines)>,
    /// Each move of a cell between threat sets made by a stone placed
    /// since the position was built or copied: `(cell, colour, from, to)`.
    pub(super) undo_threats: Vec<(u16, u8, Threat, Threat)>,
    /// The cells that entered or left [`Gomoku::forbidden`] because of a
    /// stone placed since the position was built or copied (its removal
    /// toggles them back).
    pub(super) undo_forbidden: Vec<u16>,
    /// Per stone placed since the position was built or copied and still
    /// on the board, what its removal copies back besides.
    pub(super) undo_frames: Vec<UndoFrame>,
    /// Zobrist key of the stones and the side to move.
    pub(super) hash: u64,
    /// The moves played, in order.
    pub(super) history: Vec<Point>,
    /// The number of moves played when a winning line was completed.
    pub(super) won_at: Option<usize>,
    /// The only moves [`abprune::Game::generate_moves`] gives in the
    /// position after this many moves (a restriction of the root's moves,
    /// [`Gomoku::restrict_moves`]).
    pub(super) root_moves: Option<(usize, CellSet)>,
    /// Passes played by the search ([`abprune::Game::play_null`]) and not
    /// yet taken back: each one flips the side to move.
    pub(super) passes: u8,
}

/// The counts and sums a placed stone changes, as they were before it
/// ([`Gomoku::undo_frames`]), with where its records start in
/// [`Gomoku::undo_lines`] and [`Gomoku::undo_threats`].
#[derive(Clone, Copy, Debug)]
pub(super) struct UndoFrame {
    /// The length of `undo_lines` before the stone.
    pub(super) lines_from: u32,
    /// The length of `undo_threats` before the stone.
    pub(super) threats_from: u32,
    /// The length of `undo_forbidden` before the stone.
    pub(super) forbidden_from: u32,
    /// [`Gomoku::threat_counts`] before the stone.
    pub(super) threat_counts: [[i32; THREAT_KINDS]; 2],
    /// [`Gomoku::cell_sums`] before the stone.
    pub(super) cell_sums: [[i32; 2]; 2],
}

/// What the position keeps about the four lines through one cell, in 32
/// bytes so that an update touches one cache line.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(align(32))]
pub(super) struct CellLines {
    /// Per direction, the line keys (see [`super::patterns`]) of both
    /// colours: black's in the low 16 bits, white's in the high 16 bits.
    /// Kept for every playing cell, occupied or not.
    pub(super) keys: [u32; 4],
    /// `patterns[colour][direction]`: the pattern of the key. The fields
    /// below are kept for empty cells only (stale under a stone, refreshed
    /// when it leaves).
    pub(super) patterns: [[Pattern; 4]; 2],
    /// Per colour, the ordered code of the four patterns (module `cells`).
    pub(super) codes: [u16; 2],
    /// Per colour, the threat of the shapes.
    pub(super) threats: [Threat; 2],
}

const _: () = assert!(std::mem::size_of::<CellLines>() == 32);

impl CellLines {
    /// The line key of `colour` along `direction`.
    #[inline]
    pub(super) fn key(&self, colour: usize, direction: usize) -> u16 {
        (self.keys[direction] >> (16 * colour)) as u16
    }

    /// The shapes of `colour`'s four lines.
    #[inline]
    pub(super) fn shapes(&self, colour: usize) -> [Shape; 4] {
        self.patterns[colour].map(Pattern::shape)
    }
}

/// The colour index (0 black, 1 white) of `player`.
#[inline]
pub(super) const fn colour_of(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// The player of colour index `colour`.
#[inline]
pub(super) const fn player_of(colour: usize) -> Player {
    if colour == 0 {
        Player::First
    } else {
        Player::Second
    }
}

impl Gomoku {
    /// The smallest side a board may have.
    pub const MIN_SIZE: usize = 5;
    /// The largest side a board may have.
    pub const MAX_SIZE: usize = MAX_SIDE;
    /// The side of the default board.
    pub const DEFAULT_SIZE: usize = 15;

    /// The empty `size` x `size` board, black to move.
    ///
    /// # Errors
    /// If `size` is outside `5..=22`.
    pub fn new(size: usize, rule: Rule) -> Result<Gomoku, GomokuError> {
        Gomoku::with_dimensions(size, size, rule)
    }

    /// The empty `width` x `height` board, black to move.
    ///
    /// # Errors
    /// If a side is outside `5..=22`.
    pub fn with_dimensions(width: usize, height: usize, rule: Rule) -> Result<Gomoku, GomokuError> {
        let sides = Gomoku::MIN_SIZE..=Gomoku::MAX_SIZE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(gomoku_error!(
                "a board is {} to {} points wide and high, not {width}x{height}",
                Gomoku::MIN_SIZE,
                Gomoku::MAX_SIZE
            ));
        }
        let mut game = Gomoku::blank(width as u8, height as u8, rule, Vec::with_capacity(width * height));
        game.rebuild();
        Ok(game)
    }

    /// A board with its stones and walls but no derived state yet.
    pub(super) fn blank(width: u8, height: u8, rule: Rule, history: Vec<Point>) -> Gomoku {
        let mut cells = [WALL; CELLS];
        for y in 0..height {
            for x in 0..width {
                cells[index_of(Point { x, y })] = EMPTY;
            }
        }
        Gomoku {
            width,
            height,
            rule,
            order: MoveOrder::Seed,
            table: line_table(rule),
            codes: code_tables(),
            eval: super::cells::current_values(),
            cells,
            near: [0; CELLS],
            lines: [CellLines::default(); CELLS],
            empties: CellSet::default(),
            candidates: CellSet::default(),
            forbidden: CellSet::default(),
            threats: [[CellSet::default(); THREAT_KINDS]; 2],
            threat_counts: [[0; THREAT_KINDS]; 2],
            cell_sums: [[0; 2]; 2],
            values_before: Vec::new(),
            undo_lines: Vec::new(),
            undo_threats: Vec::new(),
            undo_forbidden: Vec::new(),
            undo_frames: Vec::new(),
            hash: 0,
            history,
            won_at: None,
            passes: 0,
            root_moves: None,
        }
    }

    /// Columns of the board.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Rows of the board.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The winning rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Chooses how moves are generated and hinted.
    pub fn set_move_order(&mut self, order: MoveOrder) {
        self.order = order;
    }

    /// How moves are generated and hinted.
    pub fn move_order(&self) -> MoveOrder {
        self.order
    }

    /// The stone on `p`: `Some(Player::First)` for black; `None` for an
    /// empty point or one off the board.
    pub fn stone(&self, p: Point) -> Option<Player> {
        if !self.contains(i64::from(p.x), i64::from(p.y)) {
            return None;
        }
        match self.cells[index_of(p)] {
            super::board::BLACK => Some(Player::First),
            super::board::WHITE => Some(Player::Second),
            _ => None,
        }
    }

    /// The moves played, in order.
    pub fn history(&self) -> &[Point] {
        &self.history
    }

    /// The player who completed a winning line (per the rule), if any.
    pub fn winner(&self) -> Option<Player> {
        self.won_at.map(|moves| player_of((moves - 1) % 2))
    }

    /// The stones of the winning line, from one end to the other (all of
    /// them: six under the freestyle rule if the winner made six).
    pub fn winning_line(&self) -> Option<Vec<Point>> {
        let moves = self.won_at?;
        let colour = (moves - 1) % 2;
        let last = index_of(*self.history.get(moves - 1)?);
        let stone = self.cells[last];
        DIRECTIONS.iter().find_map(|&step| {
            let mut start = last;
            while self.cells[start - step] == stone {
                start -= step;
            }
            let mut end = last;
            while self.cells[end + step] == stone {
                end += step;
            }
            let length = (end - start) / step + 1;
            self.rule
                .wins_with_run(player_of(colour), length)
                .then(|| (0..length).map(|i| point_of(start + i * step)).collect())
        })
    }

    /// True when every point holds a stone.
    pub fn is_full(&self) -> bool {
        self.history.len() == self.width() * self.height()
    }

    /// True when a player has won or the board is full.
    pub fn is_over(&self) -> bool {
        self.won_at.is_some() || self.is_full()
    }

    /// True if column `x`, row `y` (0-based) is on the board.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..i64::from(self.width)).contains(&x) && (0..i64::from(self.height)).contains(&y)
    }

    /// Whether `p` is a legal move for the side to move: on the board,
    /// empty, the game not over, and under renju not a point forbidden for
    /// black.
    ///
    /// # Errors
    /// Says which of these fails, e.g. `h8 is already occupied`.
    pub fn check_move(&self, p: Point) -> Result<(), GomokuError> {
        if self.is_over() {
            return Err(gomoku_error!("the game is over"));
        }
        if !self.contains(i64::from(p.x), i64::from(p.y)) {
            return Err(gomoku_error!("{p} is off the {}x{} board", self.width, self.height));
        }
        let index = index_of(p);
        if self.cells[index] != EMPTY {
            return Err(gomoku_error!("{p} is already occupied"));
        }
        if self.colour_to_move() == 0 && self.forbidden.contains(index) {
            let why = self.forbidden_reason(p).map_or("a forbidden shape", Forbidden::describe);
            return Err(gomoku_error!("{p} is forbidden for black under renju: it makes {why}"));
        }
        Ok(())
    }

    /// Whether black may not play the empty point `p` (renju's double
    /// three, double four or overline), and why; `None` under the other
    /// rules, for an occupied point and for a point off the board.
    pub fn forbidden_reason(&self, p: Point) -> Option<Forbidden> {
        if !self.rule.has_forbidden_points() || !self.contains(i64::from(p.x), i64::from(p.y)) {
            return None;
        }
        let index = index_of(p);
        if self.cells[index] != EMPTY {
            return None;
        }
        super::renju::forbidden(&mut self.cells.clone(), index)
    }

    /// The empty points where black may not play (renju), in board order;
    /// none under the other rules.
    pub fn forbidden_points(&self) -> Vec<Point> {
        self.forbidden.iter().map(point_of).collect()
    }

    /// Plays `p` for the side to move after [`Gomoku::check_move`].
    ///
    /// # Errors
    /// As [`Gomoku::check_move`]; the position is then unchanged.
    pub fn try_play(&mut self, p: Point) -> Result<(), GomokuError> {
        self.check_move(p)?;
        self.place(index_of(p), self.colour_to_move());
        Ok(())
    }

    /// Takes back the last move if it is `p` (the protocol's TAKEBACK).
    ///
    /// # Errors
    /// If no move was played or the last one is not `p`.
    pub fn try_undo(&mut self, p: Point) -> Result<(), GomokuError> {
        match self.history.last() {
            None => Err(gomoku_error!("there is no move to take back")),
            Some(&last) if last != p => Err(gomoku_error!("{p} is not the last move ({last} is)")),
            Some(_) => {
                self.remove(index_of(p), (self.history.len() - 1) % 2);
                Ok(())
            }
        }
    }

    /// The empty points where `player` would complete a winning line now.
    pub fn five_points(&self, player: Player) -> Vec<Point> {
        self.threat_points(player, Threat::Five)
    }

    /// The empty points where a stone of `player` would make `threat`
    /// (exactly that kind), in board order.
    pub fn threat_points(&self, player: Player, threat: Threat) -> Vec<Point> {
        if threat == Threat::None {
            return Vec::new();
        }
        self.threats[colour_of(player)][threat as usize].iter().map(point_of).collect()
    }

    /// The shape a stone of `player` on `p` would make along `direction`
    /// (for an occupied point: as if its stone were `player`'s);
    /// [`Shape::None`] off the board.
    pub fn shape(&self, p: Point, direction: Direction, player: Player) -> Shape {
        if !self.contains(i64::from(p.x), i64::from(p.y)) {
            return Shape::None;
        }
        let colour = colour_of(player);
        self.table.shape(colour, self.lines[index_of(p)].key(colour, direction.index()))
    }

    /// What a stone of `player` on `p` would make in its four lines together
    /// (for an occupied point: as if its stone were `player`'s).
    pub fn threat(&self, p: Point, player: Player) -> Threat {
        let shapes = Direction::ALL.map(|direction| self.shape(p, direction, player));
        threat_of(&shapes)
    }

    /// The colour index of the side to move.
    #[inline]
    pub(super) fn colour_to_move(&self) -> usize {
        (self.history.len() + usize::from(self.passes)) % 2
    }
}

/// "black" or "white".
pub(super) fn colour_name(colour: usize) -> &'static str {
    if colour == 0 {
        "black"
    } else {
        "white"
    }
}

impl Clone for Gomoku {
    /// A copy whose move list has room for every point, so that playing on
    /// it never allocates either.
    fn clone(&self) -> Self {
        let mut history = Vec::with_capacity(self.points());
        history.extend_from_slice(&self.history);
        let mut values_before = Vec::with_capacity(if self.eval.two_ply { self.points() } else { 0 });
        values_before.extend_from_slice(&self.values_before);
        // The copy starts without undo records, as a rebuilt position does:
        // a stone placed before it is taken back by reading the lines.
        let (undo_lines, undo_threats, undo_forbidden, undo_frames) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        Gomoku { history, values_before, undo_lines, undo_threats, undo_forbidden, undo_frames, ..*self }
    }
}

impl fmt::Debug for Gomoku {
    /// The dimensions, rule, move order and moves (the derived state is
    /// kilobytes of tables; [`Gomoku::check_incremental`] checks it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.history.iter().map(|&p| Gomoku::format_point(p)).collect();
        f.debug_struct("Gomoku")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("rule", &self.rule)
            .field("order", &self.order)
            .field("moves", &moves.join(" "))
            .finish()
    }
}

impl Gomoku {
    /// Restricts the moves generated in this position (not after any
    /// further move) to `moves`, e.g. the defences a root analysis found;
    /// `None` lifts the restriction. Empty or occupied points are ignored;
    /// if none is left, every candidate is generated as usual.
    pub fn restrict_moves(&mut self, moves: Option<&[Point]>) {
        self.root_moves = moves.map(|moves| {
            let mut allowed = CellSet::default();
            for &p in moves {
                if self.check_move(p).is_ok() {
                    allowed.insert(index_of(p));
                }
            }
            (self.history.len(), allowed)
        });
    }
}
