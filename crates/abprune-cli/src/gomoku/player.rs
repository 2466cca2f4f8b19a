//! The Gomoku player the Gomoku commands share: the engine plus the
//! decisions taken at the root before and after it searches.
//!
//! At the root the player first looks for a victory by continuous fours
//! with a budget far larger than the engine's quiescence search can afford
//! at every leaf, so that a win in a few fours is never missed; then the
//! engine searches (its quiescence follows fours at the horizon, and the
//! game's candidate moves answer fours and open threes), and the answer is
//! checked for legality before it leaves, whatever happened.

use abprune::engine::{MAX_ATTACK_RELIEF, PLY_FRACTIONS};
use abprune::{Engine, EngineOptions, Game, Score, SearchInfo, SearchLimits, Selectivity};
use abprune_games::gomoku::Threat;
pub use abprune_games::gomoku::{HISTORY_WEIGHT, SELECTIVITY};
use abprune_games::{Gomoku, MoveOrder, Point};
use anyhow::{bail, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most threats the root's VCT search plays for the attacker.
pub const ROOT_VCT_THREATS: u32 = 8;
/// The largest single-reply extension `extension=N` takes: four plies, in sixteenths.
const MAX_EXTENSION_SIXTEENTHS: u32 = 64;
/// Node budget of the root's VCT search.
pub const ROOT_VCT_NODES: u64 = 100_000;
/// The most fours the root's VCF search plays for the attacker.
pub const ROOT_VCF_FOURS: u32 = 12;
/// Node budget of the root's VCF search: a few milliseconds.
pub const ROOT_VCF_NODES: u64 = 200_000;
/// Past this fraction of the soft time budget a stable search starts no new
/// iteration: the next one would take about as long as all before it.
pub const SOFT_NEW_ITERATION: f64 = 0.5;
/// A fall of the value between two iterations by more than this (in
/// evaluation units) makes the move critical: the search may use its hard
/// budget.
pub const CRITICAL_DROP: i32 = 300;
/// The default transposition table budget of a Gomoku player.
pub const DEFAULT_TABLE_MIB: usize = 64;

/// What a player may switch off, to measure what each part is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSettings {
    /// Move ordering of the game's candidate moves.
    pub order: MoveOrder,
    /// Look for a VCF at the root before searching.
    pub root_vcf: bool,
    /// Look for a VCT (fours and open threes) at the root before searching.
    pub root_vct: bool,
    /// When the opponent threatens a VCF or a VCT, search only the moves that stop it.
    pub vcf_defence: bool,
    /// A node budget for every move instead of the clock's soft budget (the
    /// clock's hard limit still holds): a match at a fixed number of nodes
    /// measures judgement whatever the machine's load.
    pub nodes: Option<u64>,
    /// The engine's options.
    pub engine: EngineOptions,
}

impl Default for PlayerSettings {
    /// The strongest single-threaded player (searches stay reproducible
    /// unless a command asks for threads).
    fn default() -> Self {
        PlayerSettings {
            order: MoveOrder::Seed,
            root_vcf: true,
            root_vct: true,
            vcf_defence: true,
            nodes: None,
            engine: EngineOptions::default()
                .with_table_mib(DEFAULT_TABLE_MIB)
                .with_selectivity(SELECTIVITY)
                .with_history_weight(HISTORY_WEIGHT),
        }
    }
}

/// The number of cores, the default thread count of the commands that
/// think on their own time.
pub fn available_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

impl PlayerSettings {
    /// Applies a comma-separated list of switches, e.g. `order=board,vcf=off`:
    /// `order=seed|board`, `vcf=on|off`, `quiescence=on|off`,
    /// `killers=on|off`, `history=on|off`, `partial=on|off` (a stopped
    /// iteration's better move, `ReportingOptions::stopped_iteration_move`),
    /// `table=MiB`, `threads=N`, the
    /// selective search as a whole (`selective=on|off`: the player's
    /// [`SELECTIVITY`] or none) or each technique
    /// (`lmr`, `null`, `futility`, `rfp`, `lmp`, `extensions`, `iir`, `singular`), and the
    /// futility and razoring margins a ply (`margin=N`, `razor=N`), the single-reply extension
    /// (`extension=N` sixteenths of a ply), a forcing move's share of the late move reduction
    /// (`forcingred=N` sixteenths, `Selectivity::forcing_reduction`), how much less a continued attack
    /// is reduced (`attackrelief=N` sixteenths, `Selectivity::attack_relief`), and a node budget for every move
    /// (`nodes=N`, [`PlayerSettings::nodes`]).
    ///
    /// Each switch is given once: a second `vcf=`, or an empty switch
    /// (`vcf=on,,table=2`, `,,,`), is refused rather than letting the last
    /// one win. An empty list sets nothing.
    pub fn apply(&mut self, switches: &str) -> Result<()> {
        if switches.trim().is_empty() {
            return self.engine.validate().map_err(anyhow::Error::msg);
        }
        let mut given: Vec<(&str, &str)> = Vec::new();
        for switch in switches.split(',').map(str::trim) {
            if switch.is_empty() {
                bail!(
                    "'{}' has an empty switch (two commas in a row, or one at an end): write name=value,name=value",
                    crate::quote::excerpt(switches)
                );
            }
            let Some((name, value)) = switch.split_once('=') else {
                bail!("'{switch}' is not a switch: write name=value, e.g. order=board");
            };
            if let Some((_, first)) = given.iter().find(|(known, _)| *known == name) {
                bail!("'{name}' is given twice ('{first}' and '{switch}'): give each switch once");
            }
            given.push((name, switch));
            let on = || match value {
                "on" | "true" | "yes" => Ok(true),
                "off" | "false" | "no" => Ok(false),
                _ => bail!("'{switch}': {name} is on or off"),
            };
            match name {
                "order" => {
                    self.order = match value {
                        "seed" => MoveOrder::Seed,
                        "board" => MoveOrder::Board,
                        _ => bail!("'{switch}': the order is seed or board"),
                    }
                }
                "vcf" => self.root_vcf = on()?,
                "vct" => self.root_vct = on()?,
                "defence" => self.vcf_defence = on()?,
                "quiescence" => self.engine.shape.quiescence = on()?,
                "killers" => self.engine.ordering.killers = on()?,
                "history" => self.engine.ordering.history = on()?,
                "partial" => self.engine.reporting.stopped_iteration_move = on()?,
                "threads" => {
                    self.engine.parallel.threads =
                        value.parse().map_err(|_| anyhow::anyhow!("'{switch}': threads is a number"))?
                }
                "nodes" => {
                    let nodes: u64 =
                        value.parse().map_err(|_| anyhow::anyhow!("'{switch}': nodes is a positive number"))?;
                    if nodes == 0 {
                        bail!("'{switch}': nodes is a positive number");
                    }
                    self.nodes = Some(nodes);
                }
                "extension" => {
                    let sixteenths: u32 = value.parse().ok().filter(|n| (1..=MAX_EXTENSION_SIXTEENTHS).contains(n)).ok_or_else(|| {
                        anyhow::anyhow!("'{switch}': the extension is a number of sixteenths of a ply, 1 to {MAX_EXTENSION_SIXTEENTHS}")
                    })?;
                    self.engine.shape.selectivity.single_reply_extension = sixteenths;
                }
                "forcingred" => {
                    let sixteenths: u32 = value.parse().ok().filter(|n| *n <= PLY_FRACTIONS).ok_or_else(|| {
                        anyhow::anyhow!("'{switch}': a forcing move's share of the late move reduction is a number of sixteenths, 0 to {PLY_FRACTIONS}")
                    })?;
                    self.engine.shape.selectivity.forcing_reduction = sixteenths;
                }
                "attackrelief" => {
                    let sixteenths: u32 = value.parse().ok().filter(|n| *n <= MAX_ATTACK_RELIEF).ok_or_else(|| {
                        anyhow::anyhow!("'{switch}': a continued attack's relief from the late move reduction is a number of sixteenths, 0 to {MAX_ATTACK_RELIEF}")
                    })?;
                    self.engine.shape.selectivity.attack_relief = sixteenths;
                }
                "margin" => {
                    self.engine.shape.selectivity.futility_margin =
                        value.parse().map_err(|_| anyhow::anyhow!("'{switch}': the margin is a number"))?
                }
                "razor" => {
                    self.engine.shape.selectivity.razor_margin = value
                        .parse()
                        .ok()
                        .filter(|&margin: &i32| margin > 0)
                        .ok_or_else(|| anyhow::anyhow!("'{switch}': the razoring margin is a positive number"))?
                }
                "selective" => {
                    let Selectivity { futility_margin, razor_margin, .. } = self.engine.shape.selectivity;
                    self.engine.shape.selectivity = if on()? { SELECTIVITY } else { Selectivity::NONE };
                    self.engine.shape.selectivity.futility_margin = futility_margin;
                    self.engine.shape.selectivity.razor_margin = razor_margin;
                }
                "histw" => {
                    self.engine.ordering.history_weight = value.parse().map_err(|_| {
                        anyhow::anyhow!("'{switch}': the history weight is a number of hint units (0: ties only)")
                    })?
                }
                "counterw" => {
                    self.engine.ordering.counter_weight = value.parse().map_err(|_| {
                        anyhow::anyhow!("'{switch}': the counter-move weight is a number of hint units (0: off)")
                    })?
                }
                "table" => {
                    self.engine.table.mib =
                        value.parse().map_err(|_| anyhow::anyhow!("'{switch}': the table size is a number of MiB"))?
                }
                _ => match self.engine.shape.selectivity.switch_mut(name) {
                    Some(switch) => *switch = on()?,
                    None => bail!(
                        "unknown switch '{name}' (known: order, vcf, vct, defence, quiescence, killers, history, histw, counterw, partial, table, \
                         threads, nodes, \
                         selective, margin, razor, extension, forcingred, attackrelief, {})",
                        Selectivity::NAMES.join(", ")
                    ),
                },
            }
        }
        self.engine.validate().map_err(anyhow::Error::msg)
    }
}

/// Why the player chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first move of the game: the centre.
    Opening,
    /// The root's VCF search found a win by continuous fours.
    Vcf,
    /// The root's VCT search found a win by continuous threats (the value
    /// is a bound: the line's length is not worked out).
    Vct,
    /// The engine's search.
    Search,
}

/// A move chosen, with what the search knew about it.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The move to play: always legal.
    pub mv: Point,
    /// The value for the side to move.
    pub score: Score,
    /// The deepest completed iteration (0 when no search ran).
    pub depth: u32,
    /// Nodes searched (VCF nodes not counted).
    pub nodes: u64,
    /// Wall time of the whole decision.
    pub elapsed: Duration,
    /// The expected line, starting with `mv`.
    pub pv: Vec<Point>,
    /// How the move was found.
    pub reason: Reason,
}

/// An engine with the root decisions around it.
pub struct Player {
    engine: Engine<Point>,
    settings: PlayerSettings,
}

impl Player {
    /// A player with `settings`.
    pub fn new(settings: PlayerSettings) -> Result<Player> {
        let engine = Engine::new(settings.engine.clone()).map_err(anyhow::Error::msg)?;
        Ok(Player { engine, settings })
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.engine.clear();
    }

    /// The move to play in `game` under `limits`; `None` when the game is
    /// over. `on_iteration` sees each completed iteration of the search.
    pub fn decide(
        &mut self,
        game: &Gomoku,
        limits: &SearchLimits,
        on_iteration: impl FnMut(&SearchInfo<Point>),
    ) -> Option<Decision> {
        self.decide_timed(game, limits, None, on_iteration)
    }

    /// [`Player::decide`] under a match clock: `limits.time` is the hard
    /// limit, `soft` the time a stable search keeps to. After each
    /// iteration past [`SOFT_NEW_ITERATION`] of `soft` the search stops,
    /// unless the move is critical: the best move changed in that
    /// iteration, or its value fell by more than [`CRITICAL_DROP`]; then it
    /// goes on, up to the hard limit.
    pub fn decide_timed(
        &mut self,
        game: &Gomoku,
        limits: &SearchLimits,
        soft: Option<Duration>,
        mut on_iteration: impl FnMut(&SearchInfo<Point>),
    ) -> Option<Decision> {
        let started = Instant::now();
        if game.is_over() {
            return None;
        }
        let node_limits;
        let (limits, soft) = match self.settings.nodes {
            Some(nodes) => {
                node_limits = limits.clone().with_nodes(nodes);
                (&node_limits, None)
            }
            None => (limits, soft),
        };
        let mut position = game.clone();
        position.set_move_order(self.settings.order);
        let decision = |mv, score, reason, pv: Vec<Point>| Decision {
            mv,
            score,
            depth: 0,
            nodes: 0,
            elapsed: started.elapsed(),
            pv,
            reason,
        };
        if position.history().is_empty() {
            let centre = Point { x: (position.width() / 2) as u8, y: (position.height() / 2) as u8 };
            if position.check_move(centre).is_ok() {
                return Some(decision(centre, Score::DRAW, Reason::Opening, vec![centre]));
            }
        }
        if self.settings.root_vcf {
            if let Some(line) = position.find_vcf(ROOT_VCF_FOURS, nodes_within(ROOT_VCF_NODES, limits.time)) {
                if let Some(&first) = line.first() {
                    if position.check_move(first).is_ok() {
                        let score = Score::win_in(line.len() as u32);
                        return Some(decision(first, score, Reason::Vcf, line));
                    }
                }
            }
        }
        if self.settings.root_vct {
            if let Some(first) = position.find_vct(ROOT_VCT_THREATS, nodes_within(ROOT_VCT_NODES, limits.time)) {
                if position.check_move(first).is_ok() {
                    return Some(decision(first, Score::win_in(ROOT_VCT_THREATS * 2 + 1), Reason::Vct, vec![first]));
                }
            }
        }
        if self.settings.vcf_defence {
            let defences = threat_defences(&mut position, nodes_within(THREAT_VCF_NODES, limits.time));
            position.restrict_moves(defences.as_deref());
        }
        // The root's analyses took part of the time: the search gets the rest.
        let mut limits = limits.clone();
        limits.time = limits.time.map(|time| time.saturating_sub(started.elapsed()).max(MIN_SEARCH_TIME));
        let stop = match (&limits.stop, soft) {
            (Some(flag), _) => Some(Arc::clone(flag)),
            (None, Some(_)) => {
                let flag = Arc::new(AtomicBool::new(false));
                limits.stop = Some(Arc::clone(&flag));
                Some(flag)
            }
            (None, None) => None,
        };
        let mut previous: Option<(Point, Score)> = None;
        let result = self.engine.search(&mut position, &limits, |info| {
            on_iteration(info);
            let (Some(soft), Some(stop), Some(&best)) = (soft, &stop, info.pv.first()) else { return };
            let critical = previous.is_some_and(|(move_before, value_before)| {
                move_before != best
                    || i64::from(value_before.get()) - i64::from(info.value.get()) > i64::from(CRITICAL_DROP)
            });
            previous = Some((best, info.value));
            if info.elapsed >= soft.mul_f64(SOFT_NEW_ITERATION) && !critical {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let mv = result.best_move.filter(|&mv| game.check_move(mv).is_ok()).or_else(|| any_legal_move(game))?;
        let pv = if result.pv.first() == Some(&mv) { result.pv } else { vec![mv] };
        Some(Decision {
            mv,
            score: result.value,
            depth: result.depth,
            nodes: result.stats.nodes,
            elapsed: started.elapsed(),
            pv,
            reason: Reason::Search,
        })
    }
}

/// The opponent's VCF search, run as if the side to move passed: its
/// most fours and node budget.
pub const THREAT_VCF_FOURS: u32 = 10;
/// ... node budget of each such search.
pub const THREAT_VCF_NODES: u64 = 20_000;
/// The most threats of the opponent's VCT search.
pub const THREAT_VCT_THREATS: u32 = 6;
/// Against a VCT threat, this many of the best-ranked candidates are tried.
pub const VCT_DEFENCE_CANDIDATES: usize = 16;

/// The moves that stop a VCF, or failing that a VCT, that the opponent
/// threatens (what it would win with were it to move), if it threatens one
/// and some move stops it. Against a VCF the points of its line and the
/// side to move's fours are tried; against a VCT, the best-ranked
/// candidates and the fours. After each, the opponent's VCF and VCT are
/// searched again, and the moves after which neither is found are kept.
/// `None`: no threat found, or nothing tried stops it (then every move is
/// searched as usual).
fn threat_defences(position: &mut Gomoku, nodes: u64) -> Option<Vec<Point>> {
    if !position.play_null() {
        return None;
    }
    let vcf = position.find_vcf(THREAT_VCF_FOURS, nodes);
    let vct = if vcf.is_none() { position.find_vct(THREAT_VCT_THREATS, nodes) } else { None };
    position.undo_null();
    let mut tried: Vec<Point> = match (vcf, vct) {
        (Some(line), _) => line,
        (None, Some(_)) => {
            // Against threes the defences may be anywhere near the fight:
            // the best-ranked candidates.
            let mut candidates = Vec::new();
            if position.candidate_moves(&mut candidates).is_some() {
                return None;
            }
            candidates.truncate(VCT_DEFENCE_CANDIDATES);
            candidates
        }
        (None, None) => return None,
    };
    let me = position.side_to_move();
    tried.extend(position.threat_points(me, Threat::Four));
    tried.extend(position.threat_points(me, Threat::FourThree));
    tried.extend(position.threat_points(me, Threat::OpenFour));
    tried.sort_unstable();
    tried.dedup();
    // The defence as a whole gets DEFENCE_SEARCHES searches' worth of nodes.
    let nodes = nodes.saturating_mul(DEFENCE_SEARCHES) / (tried.len() as u64).max(1);
    let defences: Vec<Point> = tried
        .into_iter()
        .filter(|&mv| {
            if position.check_move(mv).is_err() {
                return false;
            }
            position.play(mv);
            let stopped = position.find_vcf(THREAT_VCF_FOURS, nodes).is_none()
                && position.find_vct(THREAT_VCT_THREATS, nodes).is_none();
            position.undo(mv);
            stopped
        })
        .collect();
    (!defences.is_empty()).then_some(defences)
}

/// Nodes a millisecond that the root's threat searches are budgeted at: a
/// third of what they search on this project's machines, so that the
/// analyses stay within their share of a short time limit.
pub const THREAT_NODES_PER_MS: u64 = 300;
/// Each root analysis (our VCF, our VCT, the defence against theirs, the
/// last counting each of its searches) may take this fraction of the time
/// limit, at most.
pub const ANALYSIS_SHARE_DIVISOR: u64 = 16;
/// The VCF defence may spend this many threat searches' budgets in all.
pub const DEFENCE_SEARCHES: u64 = 4;
/// The shortest search after the analyses, whatever the clock says.
pub const MIN_SEARCH_TIME: Duration = Duration::from_millis(2);

/// `cap` nodes, or fewer when `time` is short (see [`THREAT_NODES_PER_MS`]).
fn nodes_within(cap: u64, time: Option<Duration>) -> u64 {
    time.map_or(cap, |time| {
        let millis = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        cap.min(millis.saturating_mul(THREAT_NODES_PER_MS) / ANALYSIS_SHARE_DIVISOR)
    })
}

/// A legal move, for when everything else failed: a candidate, else any
/// empty point.
fn any_legal_move(game: &Gomoku) -> Option<Point> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.into_iter().find(|&mv| game.check_move(mv).is_ok()).or_else(|| {
        (0..game.height())
            .flat_map(|y| (0..game.width()).map(move |x| Point { x: x as u8, y: y as u8 }))
            .find(|&p| game.check_move(p).is_ok())
    })
}
