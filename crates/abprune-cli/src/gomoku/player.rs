//! The Gomoku player the Gomoku commands share: the engine plus the
//! decisions taken at the root before and after it searches.
//!
//! At the root the player first looks for a victory by continuous fours
//! with a budget far larger than the engine's quiescence search can afford
//! at every leaf, so that a win in a few fours is never missed; then the
//! engine searches (its quiescence follows fours at the horizon, and the
//! game's candidate moves answer fours and open threes), and the answer is
//! checked for legality before it leaves, whatever happened.

use abprune::{Engine, EngineOptions, Game, Score, SearchInfo, SearchLimits, Selectivity};
use abprune_games::{Gomoku, MoveOrder, Point};
use anyhow::{bail, Result};
use std::time::{Duration, Instant};

/// The most fours the root's VCF search plays for the attacker.
pub const ROOT_VCF_FOURS: u32 = 12;
/// Node budget of the root's VCF search: a few milliseconds.
pub const ROOT_VCF_NODES: u64 = 200_000;
/// The default transposition table budget of a Gomoku player.
pub const DEFAULT_TABLE_MIB: usize = 64;
/// The futility margin per ply of the engine's selective search, in the
/// units of Gomoku's evaluation (an open three's point is worth a few
/// hundred of them).
pub const FUTILITY_MARGIN: i32 = 400;

/// The selective search a Gomoku player uses.
pub const SELECTIVITY: Selectivity = Selectivity { futility_margin: FUTILITY_MARGIN, ..Selectivity::ALL };

/// What a player may switch off, to measure what each part is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSettings {
    /// Move ordering of the game's candidate moves.
    pub order: MoveOrder,
    /// Look for a VCF at the root before searching.
    pub root_vcf: bool,
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
            engine: EngineOptions {
                table_mib: DEFAULT_TABLE_MIB,
                selectivity: SELECTIVITY,
                ..EngineOptions::default()
            },
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
    /// `killers=on|off`, `history=on|off`, `table=MiB`, `threads=N`, the
    /// selective search as a whole (`selective=on|off`) or each technique
    /// (`lmr`, `null`, `futility`, `lmp`, `extensions`, `iir`), and the
    /// futility margin (`margin=N`).
    pub fn apply(&mut self, switches: &str) -> Result<()> {
        for switch in switches.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((name, value)) = switch.split_once('=') else {
                bail!("'{switch}' is not a switch: write name=value, e.g. order=board");
            };
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
                "quiescence" => self.engine.quiescence = on()?,
                "killers" => self.engine.killers = on()?,
                "history" => self.engine.history = on()?,
                "threads" => {
                    self.engine.threads =
                        value.parse().map_err(|_| anyhow::anyhow!("'{switch}': threads is a number"))?
                }
                "margin" => {
                    self.engine.selectivity.futility_margin =
                        value.parse().map_err(|_| anyhow::anyhow!("'{switch}': the margin is a number"))?
                }
                "selective" => {
                    let margin = self.engine.selectivity.futility_margin;
                    self.engine.selectivity = if on()? { Selectivity::ALL } else { Selectivity::NONE };
                    self.engine.selectivity.futility_margin = margin;
                }
                "table" => {
                    self.engine.table_mib =
                        value.parse().map_err(|_| anyhow::anyhow!("'{switch}': the table size is a number of MiB"))?
                }
                _ => match self.engine.selectivity.switch_mut(name) {
                    Some(switch) => *switch = on()?,
                    None => bail!(
                        "unknown switch '{name}' (known: order, vcf, quiescence, killers, history, table, threads, \
                         selective, margin, {})",
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
        let started = Instant::now();
        if game.is_over() {
            return None;
        }
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
            if let Some(line) = position.find_vcf(ROOT_VCF_FOURS, ROOT_VCF_NODES) {
                if let Some(&first) = line.first() {
                    if position.check_move(first).is_ok() {
                        let score = Score::win_in(line.len() as u32);
                        return Some(decision(first, score, Reason::Vcf, line));
                    }
                }
            }
        }
        let result = self.engine.search(&mut position, limits, on_iteration);
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
