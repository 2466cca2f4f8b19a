//! The selective search that plays Gomoku best: which of the library's
//! selective techniques pay in Gomoku, and the futility margin in its
//! evaluation's units. The CLI's player and the Python package's
//! `Gomoku.search()` both search with it, so the two agree node for node.

use abprune::Selectivity;

/// The futility margin per ply of the engine's selective search, in the
/// units of Gomoku's evaluation (an open three's point is worth a few
/// hundred of them). On the fitted evaluation (2,333 units a logit), 700
/// scored Elo -42 [-80, -6] and 350 Elo -10 [-43, +22] against it in
/// self-play at 50,000 nodes a move.
pub const FUTILITY_MARGIN: i32 = 500;

/// The razoring margin per ply, in the same units: a node within three
/// plies of the horizon whose evaluation lies this much a ply below alpha
/// asks the quiescence search (the fours) whether anything forcing helps.
/// 500 a ply against 1,000 (twice the futility margin, the library's
/// default ratio) scored Elo +74 [+32, +118] in self-play at 50,000 nodes
/// a move (257 games), and 250 against 500 Elo -37 (300 games); Rapfi
/// razors at about 0.17 logit a ply (400 of these units).
pub const RAZOR_MARGIN: i32 = 500;

/// How much deeper the search looks after a single reply (the block of a
/// four), in sixteenths of a ply: Rapfi's 1.3 plies.
pub const SINGLE_REPLY_EXTENSION: u32 = 21;

/// A forcing move's share of a late move's reduction, in sixteenths
/// (`Selectivity::forcing_reduction`): the whole, as Rapfi reduces its
/// threes and fours. With the forcing moves also pruned by count
/// (`Selectivity::forcing_pruning`), self-play at 50,000 nodes a move
/// scored Elo +50 [+16, +84] over 400 distinct games (the reduction alone
/// +26 [-7, +60], half of it +22 [-12, +55]); the forced-wins suite at a
/// million nodes is proven 109/137 against 73/137.
pub const FORCING_REDUCTION: u32 = 16;

/// How much less a forcing move is reduced when the same side's move
/// two plies up was forcing too, in sixteenths of a ply
/// (`Selectivity::attack_relief`, Rapfi's continuous attack): none. Half
/// a ply (8) proved 112/137 of the forced wins at a million nodes against
/// 109/137, but scored +180 -202 =18 (Elo -19 [-53, +14]) in self-play
/// at 50,000 nodes a move over 400 distinct games; `attackrelief=N`
/// sets it.
pub const ATTACK_RELIEF: u32 = 0;

/// How many hint units the history may move a move's key by
/// ([`abprune::OrderingOptions::history_weight`]): the learned hint is in
/// thousandths of a logit, so 1.5 logits. Self-play at 50,000 nodes a
/// move against the history as a tie-breaker only, 800 distinct games:
/// +401 -348 =51, Elo +23 [-1, +47]; 3,000 against 1,500 +3 [-30, +37].
/// The history's reductions (`histred`) on top: +10 [-23, +44], left off;
/// the counter-move history (`counterw=1000`) on top: -7 [-30, +17] over
/// 800 distinct games, left off.
pub const HISTORY_WEIGHT: i32 = 1500;

/// The selective search a Gomoku player uses: every technique whose match
/// showed a gain (docs/strength.md, "What each part is worth").
///
/// Futility pruning and razoring are on since the fitted evaluation:
/// self-play at 50,000 nodes a move against 6847bf8, 400 games, +213 -160
/// =27 (Elo +46 [+13, +80]), and with the razoring margin halved
/// ([`RAZOR_MARGIN`]) a further +74 [+32, +118] (257 games). With the
/// linear evaluation they had lost (off scored +35 Elo over 100 games);
/// `futility=off` turns them off.
///
/// Null-move pruning is off: with the linear evaluation off scored +14
/// Elo over 100 games, and on the fitted evaluation with futility pruning
/// on, turning it on scored Elo -120 [-189, -60] (123 games, SPRT H0).
/// Gomoku has no quiet pass (the side to move always improves by playing).
/// `null=on` turns it on.
///
/// Singular extensions are off too: self-play at 5 s + 0.05 s against the
/// build without them, 95 games, scored +43 -45 =7 (Elo -7 [-76, +61]),
/// and on the fitted evaluation with futility pruning, at 50,000 nodes a
/// move, Elo -42 [-79, -6] (333 games, SPRT H0); `singular=on` turns them
/// on.
///
/// Reverse futility pruning is on, kept apart from the rest of futility
/// pruning and never where the side to move must answer a four or an open
/// three (`Game::must_answer`): self-play at 5 s + 0.05 s against the build
/// without it, 157 games, +91 -58 =8 (Elo +74 [+21, +131], SPRT H1);
/// `rfp=off` turns it off.
///
/// The defences against a four-three point (`Game::threat_defences`,
/// Rapfi's defence set: the point, the open three's line, the four's
/// completion and the counter-threes around it, and my fours) are off:
/// depth 12 on the built-in positions in 749,526 nodes against 784,784,
/// but self-play at 50,000 nodes a move against 0dc30ff, 400 games,
/// scored +189 -189 =22 (50.0%, Elo 0 [-33, +33]): no gain shown; `defences=on` turns
/// them on.
///
/// Fractional depth is on, with the single reply (in Gomoku, the block of
/// a four) extended 21/16 of a ply, as Rapfi counts depth in fractions
/// and extends that block 1.3 plies: self-play at 50,000 nodes a move
/// against the whole-ply build, 400 games, +214 -176 =10 (54.8%, Elo +33
/// [-0, +67]); depth 12 on the built-in positions in 660,216 nodes
/// against 784,784. `fractional=off` turns it off.
///
/// The fail-high reduction (Rapfi's: at a null-window node whose
/// evaluation lies a margin above beta, the quiet moves a ply shallower)
/// is on: self-play at 50,000 nodes a move against the build with
/// fractional depth alone, 186 games, +115 -64 =7 (63.7%, Elo +98 [+49,
/// +151], SPRT H1); `failhigh=off` turns it off.
///
/// The reduction once alpha is raised (Stockfish's and Rapfi's: the
/// quiet moves after one that raised alpha a ply shallower) is off:
/// depth 12 on the built-in positions in 402,792 nodes against 528,530,
/// but self-play at 50,000 nodes a move against the build without it,
/// 275 games, scored +113 -154 =8 (42.5%, Elo -52 [-94, -12], SPRT H0);
/// `raised=on` turns it on.
///
/// Move-count pruning that keeps half its moves where the evaluation is
/// not improving on two plies before (`improving`, Rapfi's) is off:
/// self-play at 50,000 nodes a move against 9ca160e, 400 games, +179 -188
/// =33 (Elo -8 [-41, +25]); `improving=on` turns it on. On the fitted
/// evaluation the defences scored +16 [-17, +49] and reverse futility at
/// every depth +3 [-30, +37] in 400 games each: neither is on.
///
/// Deeper re-searches (Rapfi's LMR extension: a late move whose reduced
/// search beats alpha by a margin is searched again a ply deeper) are
/// off: self-play at 50,000 nodes a move against b82fd21, 400 distinct
/// games, +196 -188 =16 (Elo +7 [-26, +40]); `deeper=on` turns them on.
///
/// Stale principal-variation reductions (Rapfi's: a PV node whose table
/// entry is shallower than the node searched up to 3.6 plies shallower)
/// are off: self-play at 50,000 nodes a move, 400 distinct games, +184
/// -200 =16 (Elo -14 [-48, +19]); `stalepv=on` turns them on. The four
/// rules above that scored +7 to +10 alone (`defences`, `improving`,
/// `histred`, `deeper`) scored +1 [-33, +34] together.
///
/// Trivial-move pruning (Rapfi's: near the horizon, a move that builds
/// nothing for either side is skipped) is off: with move-count pruning
/// on, depth 12 on the built-in positions takes the same 528,530 nodes
/// with it (the moves it would skip are past the count already), so it
/// was not played; `trivial=on` turns it on.
pub const SELECTIVITY: Selectivity = Selectivity {
    futility_margin: FUTILITY_MARGIN,
    razor_margin: RAZOR_MARGIN,
    null_move: false,
    futility: true,
    reverse_futility: true,
    singular_extensions: false,
    threat_defences: false,
    fractional_depth: true,
    single_reply_extension: SINGLE_REPLY_EXTENSION,
    forcing_reduction: FORCING_REDUCTION,
    attack_relief: ATTACK_RELIEF,
    forcing_pruning: true,
    fail_high_reduction: true,
    raised_alpha_reduction: false,
    trivial_pruning: false,
    improving: false,
    history_reductions: false,
    deeper_research: false,
    stale_pv_reductions: false,
    ..Selectivity::ALL
};
