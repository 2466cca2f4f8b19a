//! Selective search: the engine's variable depth beyond the rules' own
//! shortcuts, and every margin and reduction it uses, gathered here.
//!
//! A full-width search spends almost all of its nodes proving that bad
//! moves are bad. The techniques below, each a switch of [`Selectivity`],
//! spend less on them: they search some moves less deep (reductions), skip
//! some (pruning) or deeper (extensions). None of them can make the engine
//! call a position won or lost that is not: a node that pruned anything is
//! counted as *unproven*, so its value is never stored as proven, and an
//! iteration that met one is never taken as exact. They are heuristics for
//! play under a clock; [`crate::Engine::solve`] and [`crate::Engine::test`]
//! switch them all off, so exact answers never depend on them.
//!
//! What each does (the chess programming literature's names):
//!
//! - **late move reductions**: moves late in the ordering are first
//!   searched with a null window at a reduced depth; only one that beats
//!   alpha there is searched again at full depth. A forcing move
//!   ([`crate::Game::is_forcing`]) gets the share
//!   [`Selectivity::forcing_reduction`] of the reduction a quiet move
//!   would: none by default, as in chess, where checks are few; Rapfi
//!   reduces Gomoku's threes and fours too, since a position offers many
//!   and an attack that is not the one that wins should not get the full
//!   depth.
//!   [`Selectivity::attack_relief`] takes a fraction of a ply off that
//!   reduction where the same side's move two plies up was forcing too
//!   (Rapfi's continuous attack): a line of threats is how games are won,
//!   so its next threat keeps more of the depth than the first.
//! - **null-move pruning**: where the static evaluation is already at least
//!   beta, the side to move passes ([`crate::Game::play_null`]) and the
//!   opponent searches less deep; if even then the result stays at least
//!   beta, the node is cut off. Only for games that offer a pass.
//! - **reverse futility pruning** (static null-move pruning): near the
//!   horizon, a node whose evaluation is far above beta returns it, unless
//!   the side to move must answer a threat ([`crate::Game::must_answer`]),
//!   which the evaluation does not weigh.
//! - **futility pruning and razoring**: near the horizon, a node whose
//!   evaluation is far below alpha asks the quiescence search and returns
//!   if that agrees (razoring); and quiet moves that cannot lift a hopeless
//!   evaluation to alpha are skipped.
//! - **late-move pruning** (move-count pruning): near the horizon, once a
//!   node has searched enough moves and has one that does not lose, the
//!   remaining quiet moves are skipped. Forcing moves are kept from it
//!   unless [`Selectivity::forcing_pruning`] is on (Rapfi prunes every
//!   move alike by count): the count then takes the forcing moves too,
//!   which come first in the order, so a node with many threats searches
//!   its first few only.
//! - **improving** (Stockfish's and Rapfi's): move-count pruning keeps
//!   half as many moves at a node whose static evaluation is no better
//!   than at the node two plies up (the same side to move): a side whose
//!   position is not getting better is less likely to find its saving
//!   move late in the ordering. Where either evaluation is unknown (a
//!   node of the principal variation, the root) the node counts as
//!   improving.
//! - **extensions**: a node with a single candidate move (a forced reply)
//!   searches it one ply deeper ([`Selectivity::single_reply_extension`]),
//!   so forced sequences do not eat the depth.
//! - **fractional depth**: the depth is counted in sixteenths of a ply
//!   ([`PLY_FRACTIONS`]), as Rapfi and the older Stockfish count it, so
//!   that a late move's reduction keeps its fraction (`ln d ln m / 1.8`
//!   plies, not its whole part) and an extension may be 1.3 plies: the
//!   fractions left over add up along a line until they make a ply. A
//!   node's depth for every other rule is its whole plies. Off, every
//!   reduction and extension is rounded to whole plies, as before.
//! - **fail-high reductions** (Rapfi's): at a null-window node whose
//!   evaluation lies a margin above beta (it will likely fail high), the
//!   quiet moves are searched a ply shallower: the one that cuts needs
//!   little depth to show it, the others are not worth it.
//! - **reductions once alpha is raised** (Stockfish's, Rapfi's): at a
//!   node whose best so far has raised alpha, the quiet moves after it
//!   are searched a ply shallower, between [`RAISED_MIN_DEPTH`] and
//!   [`RAISED_MAX_DEPTH`] plies and while the best is not a proven
//!   result: a move that means to beat an established best has to show
//!   it at less depth, as a late move does under reductions.
//! - **trivial-move pruning** (Rapfi's): within
//!   [`TRIVIAL_MAX_FRACTIONS`] sixteenths of a ply of the horizon (4.3
//!   plies), a move the game calls trivial ([`crate::Game::is_trivial`]:
//!   it builds nothing for either side) is skipped once a move that does
//!   not lose is known.
//! - **history reductions** (Stockfish's, Rapfi's): a late move's
//!   reduction is shortened by up to [`HISTORY_REDUCTION_FRACTIONS`]
//!   sixteenths of a ply when its blended history (module `ordering`) is
//!   good, lengthened as much when it is bad: what the search learnt about
//!   a move elsewhere says how much depth it deserves here.
//! - **deeper re-searches** (Stockfish's and Rapfi's LMR extension): a
//!   late move reduced by at least [`DEEPER_MIN_REDUCTION`] sixteenths
//!   whose reduced search beats alpha by more than a margin
//!   ([`Selectivity::deeper_margin`]) is searched again a ply deeper than
//!   it would have been: a move that surprises by that much is likely the
//!   line that matters.
//! - **internal iterative reductions**: a node the table knows no move for
//!   is searched one ply shallower; the next iteration, with a move from
//!   this one, searches it properly.
//! - **stale principal-variation reductions** (Rapfi's reduction "for a
//!   PV table move that has not been chosen for a few iterations"): a
//!   principal-variation node below the root whose table entry (with a
//!   move) was searched shallower than the node is now is searched 4.5
//!   sixteenths of a ply shallower for each ply of the difference
//!   ([`Selectivity::stale_pv_reduction`]), at most
//!   [`STALE_PV_MAX_FRACTIONS`], keeping a ply: the line left the
//!   principal variation iterations ago, and if it matters it comes back
//!   deeper at the next iteration.
//! - **threat defences**: where the game knows the few replies that
//!   answer a threat ([`crate::Game::threat_defences`]: in Gomoku, an
//!   opponent's four-three point), only those are searched.
//! - **singular extensions** (with multi-cut): where the table's move once
//!   failed high, the node is first searched without it, shallower and
//!   with a null window a margin below the table's value. If every other
//!   move fails low there, the table's move is *singular* (the only good
//!   one) and is searched a ply deeper: the line the position hangs on
//!   gets the depth. If even without it the search fails high above beta,
//!   several moves cut and the node returns that bound unsearched
//!   (multi-cut).

/// Which selective techniques the engine uses in [`crate::Engine::search`]
/// (described at the top of `engine/selective.rs`). All off is a full-width search to
/// the nominal depth (plus quiescence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Selectivity {
    /// Late move reductions.
    pub late_move_reductions: bool,
    /// Null-move pruning (games with [`crate::Game::play_null`]).
    pub null_move: bool,
    /// Razoring and futility pruning of quiet moves.
    pub futility: bool,
    /// Reverse futility pruning: a node far above beta returns its evaluation.
    pub reverse_futility: bool,
    /// Move-count pruning of late quiet moves near the horizon.
    pub late_move_pruning: bool,
    /// Move-count pruning also skips forcing moves beyond the count.
    pub forcing_pruning: bool,
    /// Move-count pruning keeps half its moves where the static
    /// evaluation is not improving on two plies before.
    pub improving: bool,
    /// One more ply for a node with a single candidate move.
    pub extensions: bool,
    /// One ply less for a node without a table move.
    pub internal_reductions: bool,
    /// One ply more for a singular table move; multi-cut.
    pub singular_extensions: bool,
    /// Only the game's defences where it says a threat narrows the
    /// replies ([`crate::Game::threat_defences`]).
    pub threat_defences: bool,
    /// Quiet moves a ply shallower at a node likely to fail high.
    pub fail_high_reduction: bool,
    /// Quiet moves a ply shallower once a move has raised alpha.
    pub raised_alpha_reduction: bool,
    /// Moves that build nothing skipped near the horizon.
    pub trivial_pruning: bool,
    /// Depth counted in fractions of a ply ([`PLY_FRACTIONS`]): late move
    /// reductions and [`Selectivity::single_reply_extension`] keep their
    /// fractions instead of being rounded to whole plies.
    pub fractional_depth: bool,
    /// Late move reductions shortened for a move with a good blended
    /// history and lengthened for one with a bad (Stockfish's and Rapfi's
    /// statistics reduction; module `ordering`'s
    /// `History::blended`, kept whenever this is on).
    pub history_reductions: bool,
    /// A late move that beats alpha by a margin at reduced depth searched
    /// again a ply deeper than unreduced.
    pub deeper_research: bool,
    /// A principal-variation node whose table entry is much shallower
    /// than the node searched shallower ([`Selectivity::stale_pv_reduction`]).
    pub stale_pv_reductions: bool,
    /// How much deeper a single candidate move is searched (with
    /// [`Selectivity::extensions`]), in sixteenths of a ply: 16 is one
    /// ply; Rapfi extends the block of a four 1.3 plies (21). Without
    /// [`Selectivity::fractional_depth`] it is rounded to whole plies.
    pub single_reply_extension: u32,
    /// The share of a late move's reduction that a forcing move
    /// ([`crate::Game::is_forcing`]) gets, in sixteenths: 0 (the
    /// default) never reduces one, [`PLY_FRACTIONS`] reduces it like a
    /// quiet move. With [`Selectivity::late_move_reductions`].
    pub forcing_reduction: u32,
    /// How much less a late forcing move is reduced, in sixteenths of a
    /// ply, when the same side's move two plies up was forcing too: an
    /// attack that goes on (Rapfi's continuous attack, 0.53 ply). 0 (the
    /// default) takes nothing off. With [`Selectivity::late_move_reductions`]
    /// and a nonzero [`Selectivity::forcing_reduction`].
    pub attack_relief: u32,
    /// The futility margin per ply of depth, in the game's evaluation
    /// units ([`crate::Game::evaluate`]): about what a quiet move and the
    /// reply can change the evaluation by.
    pub futility_margin: i32,
    /// The razoring margin per ply of depth, in the same units: how far
    /// below alpha the evaluation must lie before the quiescence search
    /// is asked whether only forcing play could help. A smaller margin
    /// asks it more often: each ask costs a quiescence search, and a node
    /// it confirms is not searched.
    pub razor_margin: i32,
}

impl Default for Selectivity {
    /// [`Selectivity::NONE`].
    fn default() -> Self {
        Selectivity::NONE
    }
}

impl Selectivity {
    /// Every technique off: the search the property tests compare with minimax.
    pub const NONE: Selectivity = Selectivity {
        late_move_reductions: false,
        null_move: false,
        futility: false,
        reverse_futility: false,
        late_move_pruning: false,
        forcing_pruning: false,
        improving: false,
        extensions: false,
        internal_reductions: false,
        singular_extensions: false,
        threat_defences: false,
        fail_high_reduction: false,
        raised_alpha_reduction: false,
        trivial_pruning: false,
        fractional_depth: false,
        history_reductions: false,
        deeper_research: false,
        stale_pv_reductions: false,
        single_reply_extension: PLY_FRACTIONS,
        forcing_reduction: 0,
        attack_relief: 0,
        futility_margin: DEFAULT_FUTILITY_MARGIN,
        razor_margin: DEFAULT_RAZOR_MARGIN,
    };

    /// Every technique on.
    pub const ALL: Selectivity = Selectivity {
        late_move_reductions: true,
        null_move: true,
        futility: true,
        reverse_futility: true,
        late_move_pruning: true,
        forcing_pruning: true,
        improving: true,
        extensions: true,
        internal_reductions: true,
        singular_extensions: true,
        threat_defences: true,
        fail_high_reduction: true,
        raised_alpha_reduction: true,
        trivial_pruning: true,
        fractional_depth: true,
        history_reductions: true,
        deeper_research: true,
        stale_pv_reductions: true,
        single_reply_extension: PLY_FRACTIONS,
        forcing_reduction: PLY_FRACTIONS / 2,
        attack_relief: PLY_FRACTIONS / 2,
        futility_margin: DEFAULT_FUTILITY_MARGIN,
        razor_margin: DEFAULT_RAZOR_MARGIN,
    };

    /// True when any technique is on.
    pub const fn any(self) -> bool {
        self.late_move_reductions
            || self.null_move
            || self.futility
            || self.reverse_futility
            || self.late_move_pruning
            || self.forcing_pruning
            || self.improving
            || self.extensions
            || self.internal_reductions
            || self.singular_extensions
            || self.threat_defences
            || self.fail_high_reduction
            || self.raised_alpha_reduction
            || self.trivial_pruning
            || self.fractional_depth
            || self.history_reductions
            || self.deeper_research
            || self.stale_pv_reductions
    }

    /// The names of the switches, in the order of the fields, for command lines.
    pub const NAMES: [&'static str; 18] = [
        "lmr",
        "null",
        "futility",
        "rfp",
        "lmp",
        "forcingprune",
        "improving",
        "extensions",
        "iir",
        "singular",
        "defences",
        "failhigh",
        "raised",
        "trivial",
        "fractional",
        "histred",
        "deeper",
        "stalepv",
    ];

    /// The switch called `name` (one of [`Selectivity::NAMES`]).
    pub fn switch_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "lmr" => &mut self.late_move_reductions,
            "null" => &mut self.null_move,
            "futility" => &mut self.futility,
            "rfp" => &mut self.reverse_futility,
            "lmp" => &mut self.late_move_pruning,
            "forcingprune" => &mut self.forcing_pruning,
            "improving" => &mut self.improving,
            "extensions" => &mut self.extensions,
            "iir" => &mut self.internal_reductions,
            "singular" => &mut self.singular_extensions,
            "defences" => &mut self.threat_defences,
            "failhigh" => &mut self.fail_high_reduction,
            "raised" => &mut self.raised_alpha_reduction,
            "trivial" => &mut self.trivial_pruning,
            "fractional" => &mut self.fractional_depth,
            "histred" => &mut self.history_reductions,
            "deeper" => &mut self.deeper_research,
            "stalepv" => &mut self.stale_pv_reductions,
            _ => return None,
        })
    }
}

/// The parts a ply is divided into where the depth is fractional
/// ([`Selectivity::fractional_depth`]): sixteenths, fine enough for the
/// field's 1.3-ply extensions (21/16) and cheap to split (a shift).
pub const PLY_FRACTIONS: u32 = 16;

/// Reductions once alpha is raised apply from this remaining depth on...
pub const RAISED_MIN_DEPTH: u32 = 3;
/// ... and below this one, where a ply is a large share of what is left
/// and a wrong cut-off is cheap to find again at the next iteration
/// (Rapfi and Stockfish keep them to such a band).
pub const RAISED_MAX_DEPTH: u32 = 12;

/// Trivial moves are skipped where less than this is left, in sixteenths
/// of a ply: Rapfi's 4.3 plies.
pub const TRIVIAL_MAX_FRACTIONS: u32 = 69;

/// Late move reductions start at this remaining depth.
pub const LMR_MIN_DEPTH: u32 = 3;
/// ... and never touch the first this many moves of a node (the table's
/// move and the best-ordered ones).
pub const LMR_FULL_MOVES: usize = 2;
/// The reduction is `ln(depth) * ln(move number) / LMR_DIVISOR` plies
/// (plus one at null-window nodes): about one ply at depth 4 for the
/// fourth move, three at depth 12 for the twentieth.
pub const LMR_DIVISOR: f64 = 1.8;

/// The reduction of the `searched`-th move (0-based) at `depth`, before
/// the node kind's adjustment, in sixteenths of a ply ([`PLY_FRACTIONS`]:
/// [`Selectivity::reduction_fractions`] rounds it down to whole plies
/// unless the depth is fractional); the caller keeps at least one ply.
/// Never inlined: the compiler would otherwise compute the logarithms
/// ahead of the test that late move reductions are on (measured: 2% more
/// instructions in every Connect Four solve, which never reduces).
#[inline(never)]
pub fn late_move_reduction(depth: u32, searched: usize, pv_node: bool) -> u32 {
    if depth < LMR_MIN_DEPTH || searched < LMR_FULL_MOVES {
        return 0;
    }
    let base = (f64::from(depth)).ln() * ((searched + 1) as f64).ln() / LMR_DIVISOR;
    (base * f64::from(PLY_FRACTIONS)) as u32 + PLY_FRACTIONS * u32::from(!pv_node)
}

/// The most [`Selectivity::attack_relief`] may take off a reduction, in
/// sixteenths: two plies, more than any reduction of a forcing move at
/// the depths a search reaches (a larger value is a mistake of units).
pub const MAX_ATTACK_RELIEF: u32 = 2 * PLY_FRACTIONS;

/// Null-move pruning needs at least this remaining depth.
pub const NULL_MOVE_MIN_DEPTH: u32 = 3;
/// The null move's search is this many plies shallower ...
pub const NULL_MOVE_BASE_REDUCTION: u32 = 3;
/// ... plus one more for every this many plies of depth.
pub const NULL_MOVE_DEPTH_DIVISOR: u32 = 6;

/// How much shallower the opponent searches after a pass at `depth`.
pub fn null_move_reduction(depth: u32) -> u32 {
    NULL_MOVE_BASE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR
}

/// Futility pruning and razoring work this close to the horizon.
pub const FUTILITY_MAX_DEPTH: u32 = 3;
/// The least reduction, in sixteenths of a ply, after which a late move
/// may be searched again deeper ([`Selectivity::deeper_research`]): two
/// plies, so that the deeper re-search still looks no deeper than the
/// node itself.
pub const DEEPER_MIN_REDUCTION: u32 = 2 * PLY_FRACTIONS;
/// The most a move's history shortens or lengthens its late move
/// reduction ([`Selectivity::history_reductions`]), in sixteenths of a
/// ply: 1.33 plies, Rapfi's `statScore / 12267` at its history's bound.
pub const HISTORY_REDUCTION_FRACTIONS: i32 = 21;

/// Reverse futility pruning works this close to the horizon (its margin,
/// the futility margin per ply, grows with the depth).
pub const REVERSE_FUTILITY_MAX_DEPTH: u32 = 5;
/// The default of [`Selectivity::futility_margin`]: a hundred units a
/// ply (a game sets its own scale).
pub const DEFAULT_FUTILITY_MARGIN: i32 = 100;
/// The fail-high reduction's margin is the futility margin divided by this.
pub const FAIL_HIGH_MARGIN_DIVISOR: i32 = 4;
/// The default of [`Selectivity::razor_margin`]: twice the default
/// futility margin.
pub const DEFAULT_RAZOR_MARGIN: i32 = 2 * DEFAULT_FUTILITY_MARGIN;

impl Selectivity {
    /// The extension of a single candidate move in sixteenths of a ply:
    /// [`Selectivity::single_reply_extension`], rounded to whole plies
    /// unless the depth is fractional.
    pub(crate) fn single_reply_fractions(&self) -> u32 {
        if self.fractional_depth {
            self.single_reply_extension
        } else {
            (self.single_reply_extension + PLY_FRACTIONS / 2) / PLY_FRACTIONS * PLY_FRACTIONS
        }
    }

    /// A late move's reduction in sixteenths of a ply (for a forcing move,
    /// its share [`Selectivity::forcing_reduction`]), whole plies unless
    /// the depth is fractional.
    ///
    /// `attacking`: the move is forcing and so was the same side's move
    /// two plies up, which takes [`Selectivity::attack_relief`] off.
    pub(crate) fn reduction_fractions(
        &self,
        depth: u32,
        searched: usize,
        pv_node: bool,
        forcing: bool,
        attacking: bool,
    ) -> u32 {
        let fractions = late_move_reduction(depth, searched, pv_node);
        let fractions = if forcing { fractions * self.forcing_reduction / PLY_FRACTIONS } else { fractions };
        let fractions = if attacking { fractions.saturating_sub(self.attack_relief) } else { fractions };
        if self.fractional_depth {
            fractions
        } else {
            fractions / PLY_FRACTIONS * PLY_FRACTIONS
        }
    }

    /// What a move's blended history (`±`[`super::ordering::BLENDED_HISTORY_MAX`]) takes
    /// off its late move reduction, in sixteenths of a ply (negative: adds),
    /// for [`Selectivity::history_reductions`]: at most
    /// [`HISTORY_REDUCTION_FRACTIONS`] either way.
    pub(crate) fn history_reduction_bonus(&self, blended: i32) -> i32 {
        blended * HISTORY_REDUCTION_FRACTIONS / super::ordering::BLENDED_HISTORY_MAX
    }

    /// How far above alpha the reduced search of a late move, reduced by
    /// `reduction` sixteenths of a ply, must land for the deeper
    /// re-search ([`Selectivity::deeper_research`]): half a futility
    /// margin and a quarter more for each ply of the reduction (Rapfi's
    /// 34 + 11 a ply, in its units, against its futility margin of 63 a
    /// ply).
    pub(crate) fn deeper_margin(&self, reduction: u32) -> i64 {
        let margin = i64::from(self.futility_margin);
        margin / 2 + margin * i64::from(reduction) / i64::from(4 * PLY_FRACTIONS)
    }

    /// The futility margin at `depth`.
    pub(crate) fn futility_margin_at(&self, depth: u32) -> i32 {
        self.futility_margin.saturating_mul(depth as i32)
    }

    /// How far above beta a node's evaluation must lie at `depth` for the
    /// fail-high reduction: a quarter of the futility margin per ply,
    /// the ratio of Rapfi's fail-high margin (15 a ply) to its futility
    /// margin (63 a ply).
    pub(crate) fn fail_high_margin_at(&self, depth: u32) -> i32 {
        self.futility_margin.saturating_mul(depth as i32) / FAIL_HIGH_MARGIN_DIVISOR
    }

    /// The razoring margin at `depth`.
    pub(crate) fn razor_margin_at(&self, depth: u32) -> i32 {
        self.razor_margin.saturating_mul(depth as i32)
    }
}

/// Move-count pruning works this close to the horizon.
pub const LMP_MAX_DEPTH: u32 = 10;
/// The quiet moves searched before the rest is skipped: this many ...
pub const LMP_BASE_MOVES: usize = 3;
/// ... plus the square of the depth divided by this: 3, 4, 6, 8, 11, 15,
/// 19, 24, 30 and 36 moves at depths 1 to 10. Tuned by Gomoku matches of
/// 300 games each at 5 s a game and 0.05 s a move: `3 + d²/2` to depth 8
/// against the earlier `4 + d²` to depth 6 scored 156-130-14, Elo +30
/// [-8, +69]; this against `3 + d²/2` scored 152-131-17, Elo +24 [-14, +63].
/// Checked directly against the old setting: 102-95-3 in 200 games, Elo
/// +12 [-36, +61], so a small gain at best.
pub const LMP_DEPTH_DIVISOR: usize = 3;

/// Where the static evaluation is not improving
/// ([`Selectivity::improving`]), move-count pruning keeps this share of
/// its moves: Rapfi's `(3 + d^1.32) / (2 - improving)` halves them.
pub const LMP_NOT_IMPROVING_DIVISOR: usize = 2;

/// How many moves a node `depth` plies above the horizon searches before
/// move-count pruning skips its quiet moves; half as many (rounded up)
/// where the evaluation is not `improving`.
pub fn late_move_count(depth: u32, improving: bool) -> usize {
    let count = LMP_BASE_MOVES + (depth * depth) as usize / LMP_DEPTH_DIVISOR;
    if improving {
        count
    } else {
        count.div_ceil(LMP_NOT_IMPROVING_DIVISOR)
    }
}

/// Extensions stop once a line is this many times as long as the root's
/// depth, so that a chain of forced replies cannot run away.
pub const EXTENSION_PLY_FACTOR: u32 = 2;

/// Internal iterative reductions start at this remaining depth.
pub const IIR_MIN_DEPTH: u32 = 4;

/// A stale principal-variation node is searched this many sixteenths of a
/// ply shallower for each ply its table entry lacks: Rapfi's 0.28 ply.
pub const STALE_PV_FRACTIONS_PER_PLY: u32 = 9;
/// The divisor of [`STALE_PV_FRACTIONS_PER_PLY`] (9 / 2 = 4.5 sixteenths).
pub const STALE_PV_DIVISOR: u32 = 2;
/// ... and at most this many sixteenths in all: Rapfi's 3.6 plies.
pub const STALE_PV_MAX_FRACTIONS: u32 = 58;

impl Selectivity {
    /// How many sixteenths of a ply shallower a principal-variation node
    /// `fractional_depth` sixteenths deep is searched when its table entry
    /// was searched `draft` plies deep: 4.5 sixteenths for each ply the
    /// entry lacks, at most 58 (3.6 plies, Rapfi's cap), keeping at least a
    /// ply; rounded to whole plies without [`Selectivity::fractional_depth`].
    /// Zero when the entry is as deep as the node.
    pub fn stale_pv_reduction(&self, fractional_depth: u32, draft: u32) -> u32 {
        let depth = fractional_depth / PLY_FRACTIONS;
        if !self.stale_pv_reductions || draft >= depth {
            return 0;
        }
        let reduction = ((depth - draft) * STALE_PV_FRACTIONS_PER_PLY / STALE_PV_DIVISOR).min(STALE_PV_MAX_FRACTIONS);
        let reduction = reduction.min(fractional_depth.saturating_sub(PLY_FRACTIONS));
        if self.fractional_depth {
            reduction
        } else {
            (reduction + PLY_FRACTIONS / 2) / PLY_FRACTIONS * PLY_FRACTIONS
        }
    }
}

/// Singular extensions start at this remaining depth: below it the test
/// search costs more than the extension brings.
pub const SINGULAR_MIN_DEPTH: u32 = 7;
/// ... and trust a table entry at most this many plies shallower than the node.
pub const SINGULAR_DRAFT_SLACK: u32 = 3;
/// The test search's window lies `futility_margin * depth / SINGULAR_MARGIN_DIVISOR`
/// below the table's value: for Gomoku's player (a margin of 500) about 31
/// units a ply of depth, 250 at depth 8, less than an open three is worth: a
/// move is singular when every other is clearly worse, not merely worse.
pub const SINGULAR_MARGIN_DIVISOR: i32 = 16;

impl Selectivity {
    /// How far below the table's value the singular test search looks at `depth`.
    pub(crate) fn singular_margin_at(&self, depth: u32) -> i32 {
        self.futility_margin.saturating_mul(depth as i32) / SINGULAR_MARGIN_DIVISOR
    }
}

/// The depth of the singular test search of a node `depth` plies deep:
/// half of what is left below it.
pub fn singular_test_depth(depth: u32) -> u32 {
    (depth - 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number_and_spare_the_first_moves() {
        assert_eq!(late_move_reduction(10, 0, true), 0);
        assert_eq!(late_move_reduction(10, 1, false), 0);
        assert_eq!(late_move_reduction(2, 20, false), 0);
        assert_eq!(late_move_reduction(4, 3, true), 17, "1.07 plies at depth 4 for the fourth move");
        assert!(late_move_reduction(12, 20, true) > late_move_reduction(4, 3, true));
        assert!(late_move_reduction(8, 8, false) > late_move_reduction(8, 8, true));
        assert!(late_move_count(5, true) > late_move_count(1, true));
        for depth in 1..=LMP_MAX_DEPTH {
            let (improving, not) = (late_move_count(depth, true), late_move_count(depth, false));
            assert!(not >= 1 && not < improving && 2 * not >= improving, "depth {depth}: {improving} {not}");
        }
        assert!(null_move_reduction(12) > null_move_reduction(3));
        let mut switches = Selectivity::NONE;
        for name in Selectivity::NAMES {
            *switches.switch_mut(name).unwrap() = true;
        }
        // The forcing moves' share of a reduction and a continued attack's
        // relief are numbers, not switches.
        let numbers =
            Selectivity { forcing_reduction: PLY_FRACTIONS / 2, attack_relief: PLY_FRACTIONS / 2, ..switches };
        assert_eq!(numbers, Selectivity::ALL);
        assert!(Selectivity::ALL.razor_margin_at(2) > Selectivity::ALL.futility_margin_at(2));
        assert!(!Selectivity::NONE.any() && Selectivity::ALL.any());
    }

    #[test]
    fn stale_pv_reductions_grow_with_the_missing_plies_and_keep_a_ply() {
        let on = Selectivity { stale_pv_reductions: true, fractional_depth: true, ..Selectivity::NONE };
        let ply = PLY_FRACTIONS;
        assert_eq!(Selectivity::NONE.stale_pv_reduction(10 * ply, 2), 0, "off");
        assert_eq!(on.stale_pv_reduction(10 * ply, 10), 0, "an entry as deep as the node");
        assert_eq!(on.stale_pv_reduction(10 * ply, 12), 0, "deeper");
        assert_eq!(on.stale_pv_reduction(10 * ply + 7, 9), 4, "4.5 sixteenths a ply, rounded down");
        assert_eq!(on.stale_pv_reduction(10 * ply, 6), 18);
        assert_eq!(on.stale_pv_reduction(30 * ply, 2), STALE_PV_MAX_FRACTIONS, "3.6 plies at most");
        assert_eq!(on.stale_pv_reduction(2 * ply + 3, 0), 9, "keeps a ply: 2 plies less draft 0 is 9");
        assert_eq!(on.stale_pv_reduction(ply + 3, 0), 3, "keeps a ply");
        assert_eq!(on.stale_pv_reduction(ply, 0), 0, "a ply is kept");
        let whole = Selectivity { fractional_depth: false, ..on };
        assert_eq!(whole.stale_pv_reduction(10 * ply, 6), ply, "18 sixteenths round to a ply");
        assert_eq!(whole.stale_pv_reduction(10 * ply, 8), ply, "9 sixteenths round to a ply");
        assert_eq!(whole.stale_pv_reduction(10 * ply, 9), 0, "4 sixteenths round to none");
        assert_eq!(whole.stale_pv_reduction(30 * ply, 2), 4 * ply, "58 sixteenths round to 4 plies");
        assert_eq!(whole.stale_pv_reduction(3 * ply, 0), ply, "13 sixteenths round to a ply");
        assert_eq!(whole.stale_pv_reduction(ply, 0), 0, "keeps a ply");
    }

    #[test]
    fn fractional_reductions_keep_the_fraction_and_whole_ones_round_down() {
        // The plies the reduction had before the depth was fractional.
        let plies = |depth: u32, searched: usize, pv_node: bool| {
            let base = (f64::from(depth)).ln() * ((searched + 1) as f64).ln() / LMR_DIVISOR;
            base as u32 + u32::from(!pv_node)
        };
        let whole = Selectivity { fractional_depth: false, ..Selectivity::ALL };
        for depth in LMR_MIN_DEPTH..40 {
            for searched in LMR_FULL_MOVES..60 {
                for pv_node in [false, true] {
                    let fractions = whole.reduction_fractions(depth, searched, pv_node, false, false);
                    assert_eq!(fractions, plies(depth, searched, pv_node) * PLY_FRACTIONS, "{depth} {searched}");
                }
            }
        }
        // ln 8 x ln 9 / 1.8 = 2.54 plies: 2 whole, 40 sixteenths kept.
        assert_eq!(late_move_reduction(8, 8, true), 40);
        let whole = Selectivity { fractional_depth: false, single_reply_extension: 21, ..Selectivity::ALL };
        let fractional = Selectivity { fractional_depth: true, ..whole };
        assert_eq!((whole.single_reply_fractions(), fractional.single_reply_fractions()), (16, 21));
        assert_eq!(
            (
                whole.reduction_fractions(8, 8, true, false, false),
                fractional.reduction_fractions(8, 8, true, false, false)
            ),
            (32, 40)
        );
    }

    #[test]
    fn a_forcing_move_gets_its_share_of_the_reduction() {
        // 40 sixteenths for a quiet move (above); a forcing move's share of it.
        for (share, fractional, whole) in [(0, 0, 0), (4, 10, 0), (8, 20, 16), (16, 40, 32)] {
            let selectivity = Selectivity { forcing_reduction: share, fractional_depth: true, ..Selectivity::ALL };
            let selectivity = Selectivity { attack_relief: 0, ..selectivity };
            assert_eq!(selectivity.reduction_fractions(8, 8, true, true, false), fractional, "share {share}");
            assert_eq!(selectivity.reduction_fractions(8, 8, true, false, false), 40, "share {share}");
            let selectivity = Selectivity { fractional_depth: false, ..selectivity };
            assert_eq!(selectivity.reduction_fractions(8, 8, true, true, false), whole, "share {share}, whole plies");
        }
    }

    #[test]
    fn a_continued_attack_is_reduced_less() {
        // A forcing move's whole reduction (40 sixteenths, above), less the
        // relief when the same side's move before it was forcing too; never
        // below nothing, and rounded down to whole plies afterwards.
        let selectivity =
            Selectivity { forcing_reduction: 16, attack_relief: 8, fractional_depth: true, ..Selectivity::ALL };
        assert_eq!(selectivity.reduction_fractions(8, 8, true, true, true), 32);
        assert_eq!(selectivity.reduction_fractions(8, 8, true, true, false), 40);
        let generous = Selectivity { attack_relief: 48, ..selectivity };
        assert_eq!(generous.reduction_fractions(8, 8, true, true, true), 0);
        let whole = Selectivity { attack_relief: 10, fractional_depth: false, ..selectivity };
        assert_eq!(whole.reduction_fractions(8, 8, true, true, true), 16, "30 sixteenths round down to a ply");
    }
}
