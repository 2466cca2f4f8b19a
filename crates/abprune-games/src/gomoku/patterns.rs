//! Line shapes: what one stone makes in one line, from a precomputed table.
//!
//! Seen from a colour, the ten cells around a point along a direction (five
//! each way) are each *empty*, *own* or *blocked* (the opponent's stone or
//! the edge of the board). Written as base-3 digits they form the point's
//! *line key* (below 3^10 = 59049):
//!
//! ```text
//!   offset   -5 -4 -3 -2 -1  [point]  +1 +2 +3 +4 +5
//!   digit     0  1  2  3  4            5  6  7  8  9      key = sum of value(cell) * 3^digit
//!   value: empty 0, own 1, blocked 2
//! ```
//!
//! A stone placed or removed changes one digit in the keys of the ten points
//! around it in each direction (an addition), and the [`Shape`] of each key is
//! read from a table built once per rule and colour. The table is exact for
//! lines through the point: a winning run that contains the point lies
//! within four cells of it, and the cells just past its ends within five, so
//! the window sees whether a run is exactly five (standard) or longer.

use super::Rule;
use abprune::Player;
use std::sync::LazyLock;

/// A direction of a line through a point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Along a row (x grows).
    Horizontal,
    /// Along a column (y grows).
    Vertical,
    /// Down and right (x and y grow).
    Diagonal,
    /// Down and left (y grows, x shrinks).
    AntiDiagonal,
}

impl Direction {
    /// The four directions, in the order of the position's per-direction arrays.
    pub const ALL: [Direction; 4] =
        [Direction::Horizontal, Direction::Vertical, Direction::Diagonal, Direction::AntiDiagonal];

    /// The position in [`Direction::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// What a stone of one colour placed on a point makes in one line through
/// it, strongest last. "Five points" are the empty points where one more
/// stone would complete a winning run through the placed stone.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[repr(u8)]
pub enum Shape {
    /// No winning run through the point can ever be completed in this line.
    #[default]
    None,
    /// A run of six or more that does not win (standard rule).
    Overline,
    /// Room for five, but no shape yet (a lone stone).
    One,
    /// One stone away from a [`Shape::Three`].
    Two,
    /// One stone away from an [`Shape::OpenThree`].
    OpenTwo,
    /// One stone away from a [`Shape::Four`] (but not from an open four).
    Three,
    /// One stone away from an [`Shape::OpenFour`] (`.XXX.`, `.X.XX.`).
    OpenThree,
    /// Exactly one five point (`XXXX.` against a stone, `XX.XX`).
    Four,
    /// Two or more five points (`.XXXX.`, or `X.XXX.X` in one line).
    OpenFour,
    /// A winning run (five; or more, under the freestyle rule).
    Five,
}

/// The number of shapes.
pub const SHAPES: usize = 10;

/// A [`Shape`] told apart by what one more stone makes of it: the
/// evaluation's vocabulary (module `cells`), finer than the shapes the
/// threat rules need. Strongest last within each shape.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[repr(u8)]
pub enum Pattern {
    /// [`Shape::None`]: no five can ever be made through the point here.
    #[default]
    Dead,
    /// [`Shape::Overline`].
    Overline,
    /// [`Shape::One`] that one more stone can make a two but never an open
    /// two.
    One,
    /// [`Shape::One`] that one more stone can make an open two.
    FlexOne,
    /// [`Shape::Two`].
    Two,
    /// [`Shape::OpenTwo`] with one empty cell (at most) that makes it an
    /// open three.
    FlexTwo,
    /// [`Shape::OpenTwo`] with two such cells.
    FlexTwoDouble,
    /// [`Shape::OpenTwo`] with three or more such cells.
    FlexTwoTriple,
    /// [`Shape::Three`].
    Three,
    /// [`Shape::OpenThree`] with one open-four point (`.X.XX.`).
    FlexThree,
    /// [`Shape::OpenThree`] with two or more (`..XXX..`): one block beside
    /// it leaves a four.
    FlexThreeDouble,
    /// [`Shape::Four`].
    Four,
    /// [`Shape::OpenFour`].
    OpenFour,
    /// [`Shape::Five`].
    Five,
}

/// The number of patterns.
pub const PATTERNS: usize = 14;

impl Pattern {
    /// Every pattern, by its number.
    pub const ALL: [Pattern; PATTERNS] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::One,
        Pattern::FlexOne,
        Pattern::Two,
        Pattern::FlexTwo,
        Pattern::FlexTwoDouble,
        Pattern::FlexTwoTriple,
        Pattern::Three,
        Pattern::FlexThree,
        Pattern::FlexThreeDouble,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::Five,
    ];

    /// The shape this pattern refines.
    #[inline(always)]
    pub const fn shape(self) -> Shape {
        match self {
            Pattern::Dead => Shape::None,
            Pattern::Overline => Shape::Overline,
            Pattern::One | Pattern::FlexOne => Shape::One,
            Pattern::Two => Shape::Two,
            Pattern::FlexTwo | Pattern::FlexTwoDouble | Pattern::FlexTwoTriple => Shape::OpenTwo,
            Pattern::Three => Shape::Three,
            Pattern::FlexThree | Pattern::FlexThreeDouble => Shape::OpenThree,
            Pattern::Four => Shape::Four,
            Pattern::OpenFour => Shape::OpenFour,
            Pattern::Five => Shape::Five,
        }
    }
}

/// How far a line window reaches on each side of its point.
pub(crate) const REACH: usize = 5;
/// Cells of a line key.
const KEY_CELLS: usize = 2 * REACH;
/// The number of line keys (3^10).
pub(crate) const KEYS: usize = 59049;
/// The length of a shape table: every `u16`, so that a key indexes it
/// without a bounds check (the keys from 3^10 up are never used).
const TABLE_LEN: usize = 1 << 16;
/// Digit value of an own stone in a line key.
pub(crate) const OWN: u16 = 1;
/// Digit value of a blocked cell (opponent stone or wall) in a line key.
pub(crate) const BLOCKED: u16 = 2;

/// Powers of three: the weight of each digit of a line key.
pub(crate) const POW3: [u16; KEY_CELLS] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// The digit of the cell `k` steps (1..=5) before the point.
#[inline]
pub(crate) const fn digit_before(k: usize) -> usize {
    REACH - k
}

/// The digit of the cell `k` steps (1..=5) after the point.
#[inline]
pub(crate) const fn digit_after(k: usize) -> usize {
    REACH - 1 + k
}

/// The shape and pattern of every line key, per colour (one table shared
/// by both colours unless the rule treats them differently, as renju does:
/// black's five is exactly five, white's five or more).
pub(crate) struct LineTable {
    patterns: [&'static [Pattern; TABLE_LEN]; 2],
    /// How far from a point its shapes can depend on: 4 when no shape looks
    /// at the cells five away (freestyle: only the standard rule's "exactly
    /// five" needs them), else [`REACH`].
    pub(crate) reach: usize,
}

impl LineTable {
    /// The shape of `key` for `colour` (0 black, 1 white).
    #[inline(always)]
    pub(crate) fn shape(&self, colour: usize, key: u16) -> Shape {
        self.pattern(colour, key).shape()
    }

    /// The pattern of `key` for `colour` (0 black, 1 white).
    #[inline(always)]
    pub(crate) fn pattern(&self, colour: usize, key: u16) -> Pattern {
        self.patterns[colour][usize::from(key)]
    }

    /// The tables of `rule`, built once per process and kept for its life.
    fn build(rule: Rule) -> LineTable {
        let black: &'static [Pattern; TABLE_LEN] = Box::leak(build_patterns(rule, Player::First));
        let white = if rule.treats_colours_alike() { black } else { Box::leak(build_patterns(rule, Player::Second)) };
        let reach = if ignores_the_fifth_cells(black) && ignores_the_fifth_cells(white) { REACH - 1 } else { REACH };
        LineTable { patterns: [black, white], reach }
    }
}

/// True if no shape depends on the cells five away from the point.
fn ignores_the_fifth_cells(patterns: &[Pattern]) -> bool {
    let fifth = [usize::from(POW3[digit_before(REACH)]), usize::from(POW3[digit_after(REACH)])];
    (0..KEYS).all(|key| {
        let digit = |weight: usize| (key / weight) % 3;
        let near = key - digit(fifth[0]) * fifth[0] - digit(fifth[1]) * fifth[1];
        patterns[key] == patterns[near]
    })
}

/// The line table of `rule`, built on first use (a few milliseconds).
pub(crate) fn line_table(rule: Rule) -> &'static LineTable {
    static FREESTYLE: LazyLock<LineTable> = LazyLock::new(|| LineTable::build(Rule::Freestyle));
    static STANDARD: LazyLock<LineTable> = LazyLock::new(|| LineTable::build(Rule::Standard));
    static RENJU: LazyLock<LineTable> = LazyLock::new(|| LineTable::build(Rule::Renju));
    match rule {
        Rule::Freestyle => &FREESTYLE,
        Rule::Standard => &STANDARD,
        Rule::Renju => &RENJU,
    }
}

/// Every key's shape. A key with one more own stone is a larger number, so
/// filling the table from the top means every shape a key can grow into is
/// known when the key is classified.
fn build_shapes(rule: Rule, player: Player) -> Vec<Shape> {
    let mut table = vec![Shape::None; TABLE_LEN];
    for key in (0..KEYS).rev() {
        table[key] = classify(rule, player, key, &table[..]);
    }
    table
}

/// Every key's pattern: its shape, refined by what one more stone makes of
/// it ([`refine`]).
fn build_patterns(rule: Rule, player: Player) -> Box<[Pattern; TABLE_LEN]> {
    let shapes = build_shapes(rule, player);
    let mut table = Box::new([Pattern::Dead; TABLE_LEN]);
    for key in 0..KEYS {
        table[key] = refine(key, &shapes);
    }
    table
}

/// The pattern of `key`: its shape, told apart by how many empty cells of
/// the line turn it into the next shape up. A three with two open-four
/// points cannot be stopped by one block beside it; an open two with three
/// ways to an open three is harder to stop than one with one way; a lone
/// stone that can still become an open two is worth more than one that
/// can only become a two.
fn refine(key: usize, shapes: &[Shape]) -> Pattern {
    let grows_into = |target: Shape| {
        let mut count = 0;
        let mut rest = key;
        for weight in POW3 {
            if rest % 3 == 0 && shapes[key + usize::from(weight)] == target {
                count += 1;
            }
            rest /= 3;
        }
        count
    };
    match shapes[key] {
        Shape::None => Pattern::Dead,
        Shape::Overline => Pattern::Overline,
        Shape::One if grows_into(Shape::OpenTwo) > 0 => Pattern::FlexOne,
        Shape::One => Pattern::One,
        Shape::Two => Pattern::Two,
        Shape::OpenTwo => match grows_into(Shape::OpenThree) {
            0 | 1 => Pattern::FlexTwo,
            2 => Pattern::FlexTwoDouble,
            _ => Pattern::FlexTwoTriple,
        },
        Shape::Three => Pattern::Three,
        Shape::OpenThree if grows_into(Shape::OpenFour) >= 2 => Pattern::FlexThreeDouble,
        Shape::OpenThree => Pattern::FlexThree,
        Shape::Four => Pattern::Four,
        Shape::OpenFour => Pattern::OpenFour,
        Shape::Five => Pattern::Five,
    }
}

/// The digits of `key`, with the point itself (an own stone) in the middle.
fn decode(key: usize) -> [u16; KEY_CELLS + 1] {
    let mut cells = [0; KEY_CELLS + 1];
    let mut rest = key;
    for digit in 0..KEY_CELLS {
        let cell = if digit < REACH { digit } else { digit + 1 };
        cells[cell] = (rest % 3) as u16;
        rest /= 3;
    }
    cells[REACH] = OWN;
    cells
}

/// The length of the run of own stones through the middle cell.
fn run_through_middle(cells: &[u16; KEY_CELLS + 1]) -> usize {
    let before = cells[..REACH].iter().rev().take_while(|&&cell| cell == OWN).count();
    let after = cells[REACH + 1..].iter().take_while(|&&cell| cell == OWN).count();
    before + 1 + after
}

/// The shape of `key`, given the shapes of all keys with more own stones.
fn classify(rule: Rule, player: Player, key: usize, table: &[Shape]) -> Shape {
    let cells = decode(key);
    let run = run_through_middle(&cells);
    if rule.wins_with_run(player, run) {
        return Shape::Five;
    }
    if run > 5 {
        return Shape::Overline;
    }
    // One more own stone on each empty cell: how many complete a winning run
    // through the point, and the best shape the others make.
    let mut fives = 0;
    let mut best = Shape::None;
    let mut rest = key;
    for weight in POW3 {
        if rest % 3 == 0 {
            match table[key + usize::from(weight)] {
                Shape::Five => fives += 1,
                next => best = best.max(next),
            }
        }
        rest /= 3;
    }
    match (fives, best) {
        (0, Shape::OpenFour) => Shape::OpenThree,
        (0, Shape::Four) => Shape::Three,
        (0, Shape::OpenThree) => Shape::OpenTwo,
        (0, Shape::Three) => Shape::Two,
        (0, Shape::OpenTwo | Shape::Two) => Shape::One,
        (0, _) => Shape::None,
        (1, _) => Shape::Four,
        _ => Shape::OpenFour,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape the stone `*` makes in `line` (`X` own, `O` opponent, `|`
    /// edge, `.` empty; cells not written are empty).
    fn shape_of(rule: Rule, line: &str) -> Shape {
        pattern_of(rule, line).shape()
    }

    /// The pattern the stone `*` makes in `line` (written as for [`shape_of`]).
    fn pattern_of(rule: Rule, line: &str) -> Pattern {
        let cells: Vec<char> = line.chars().collect();
        let centre = cells.iter().position(|&c| c == '*').unwrap();
        let value = |offset: isize| -> u16 {
            let at = centre as isize + offset;
            match usize::try_from(at).ok().and_then(|at| cells.get(at)) {
                Some('X') => OWN,
                Some('O' | '|') => BLOCKED,
                _ => 0,
            }
        };
        let mut key = 0;
        for k in 1..=REACH {
            key += value(-(k as isize)) * POW3[digit_before(k)];
            key += value(k as isize) * POW3[digit_after(k)];
        }
        line_table(rule).pattern(0, key)
    }

    #[test]
    fn patterns_refine_the_shapes() {
        let cases = [
            ("...X*X...", Pattern::FlexThreeDouble),
            ("O.X*X..", Pattern::FlexThree),
            ("..X.*X..", Pattern::FlexThree),
            ("|X*X..", Pattern::Three),
            ("....*X....", Pattern::FlexTwoTriple),
            ("O..*X...", Pattern::FlexTwoTriple),
            ("O*X...", Pattern::Two),
            ("....*....", Pattern::FlexOne),
            ("O.*...O", Pattern::One),
            ("O...*O", Pattern::Dead),
            ("..XXX*..", Pattern::OpenFour),
            ("|*XXX.", Pattern::Four),
            ("XX*XX", Pattern::Five),
        ];
        for (line, pattern) in cases {
            assert_eq!(pattern_of(Rule::Freestyle, line), pattern, "{line}");
        }
        // Every key's pattern refines its shape.
        for rule in Rule::ALL {
            let table = line_table(rule);
            let shapes = build_shapes(rule, Player::First);
            for (key, &shape) in shapes.iter().enumerate().take(KEYS) {
                assert_eq!(table.pattern(0, key as u16).shape(), shape, "{rule} key {key}");
            }
        }
    }

    #[test]
    fn hand_written_lines_in_both_rules() {
        for rule in Rule::ALL {
            let cases = [
                ("XX*XX", Shape::Five),
                ("|*XXX.", Shape::Four),
                ("O.XXX*O", Shape::Four),
                ("XX.*X", Shape::Four),
                ("X.X*X", Shape::Four),
                ("..XXX*..", Shape::OpenFour),
                ("X.X*X.X", Shape::OpenFour),
                ("..X*X...", Shape::OpenThree),
                ("..X.*X..", Shape::OpenThree),
                ("..*.XX..", Shape::OpenThree),
                ("OX*X..", Shape::Three),
                ("|X*X..", Shape::Three),
                (".X*..X.", Shape::Three),
                ("...*X...", Shape::OpenTwo),
                ("..*.X...", Shape::OpenTwo),
                ("O*X...", Shape::Two),
                ("....*....", Shape::One),
                ("O...*O", Shape::None),
                ("OXX*XO", Shape::None),
            ];
            for (line, shape) in cases {
                assert_eq!(shape_of(rule, line), shape, "{line} under {rule}");
            }
        }
    }

    /// The digits of `key`, outward from the point: `[before, after]`, each
    /// nearest first.
    fn sides(key: usize) -> [[u16; REACH]; 2] {
        let digit = |i: usize| ((key / usize::from(POW3[i])) % 3) as u16;
        [std::array::from_fn(|k| digit(digit_before(k + 1))), std::array::from_fn(|k| digit(digit_after(k + 1)))]
    }

    fn key_of(sides: [[u16; REACH]; 2]) -> u16 {
        (1..=REACH).map(|k| sides[0][k - 1] * POW3[digit_before(k)] + sides[1][k - 1] * POW3[digit_after(k)]).sum()
    }

    #[test]
    fn nothing_beyond_a_blocked_cell_matters() {
        // The incremental update skips the cells a blocked cell hides.
        for rule in Rule::ALL {
            let table = line_table(rule);
            for key in 0..KEYS {
                let mut hidden = sides(key);
                for side in &mut hidden {
                    if let Some(first) = side.iter().position(|&cell| cell == BLOCKED) {
                        side[first + 1..].fill(BLOCKED);
                    }
                }
                assert_eq!(table.shape(0, key as u16), table.shape(0, key_of(hidden)), "{rule} {:?}", sides(key));
            }
        }
    }

    #[test]
    fn the_fifth_cell_matters_only_under_the_standard_rule() {
        // Freestyle needs no cell five away: the update skips it.
        let table = line_table(Rule::Freestyle);
        assert_eq!((table.reach, line_table(Rule::Standard).reach), (REACH - 1, REACH));
        for key in 0..KEYS {
            let mut near = sides(key);
            near[0][REACH - 1] = 0;
            near[1][REACH - 1] = 0;
            assert_eq!(table.shape(0, key as u16), table.shape(0, key_of(near)), "{:?}", sides(key));
        }
        let standard = line_table(Rule::Standard);
        let five = key_of([[0; REACH], [OWN, OWN, OWN, 0, OWN]]);
        assert_eq!(standard.shape(0, five), Shape::Four, ". * X X X . X: the right end makes six");
        assert_eq!(table.shape(0, five), Shape::OpenFour);
    }

    #[test]
    fn overlines_differ_between_the_rules() {
        assert_eq!(shape_of(Rule::Freestyle, "XXX*XX"), Shape::Five);
        assert_eq!(shape_of(Rule::Standard, "XXX*XX"), Shape::Overline);
        assert_eq!(shape_of(Rule::Standard, "XXXXX*"), Shape::Overline);
        // X.XXX*.: the gap would make six, only the right end makes five.
        assert_eq!(shape_of(Rule::Freestyle, "X.XXX*."), Shape::OpenFour);
        assert_eq!(shape_of(Rule::Standard, "X.XXX*."), Shape::Four);
        // X.XXXX.: filling the left end makes six.
        assert_eq!(shape_of(Rule::Standard, "X.XX*X."), Shape::Four);
        assert_eq!(shape_of(Rule::Freestyle, "X.XX*X."), Shape::OpenFour);
        // A run of five with a stone two further on is still a five.
        assert_eq!(shape_of(Rule::Standard, "XX*XX.X"), Shape::Five);
    }
}
