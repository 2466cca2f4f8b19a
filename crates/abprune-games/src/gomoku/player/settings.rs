//! The player's settings: what the engine and the root's analyses do, and
//! the switches (`order=board,vcf=off`) that change them to measure what
//! each part is worth.

use crate::gomoku::selectivity::{HISTORY_WEIGHT, SELECTIVITY};
use crate::gomoku::MoveOrder;
use abprune::engine::{MAX_ATTACK_RELIEF, PLY_FRACTIONS};
use abprune::{EngineError, EngineOptions, Selectivity};
use std::fmt;

/// The largest single-reply extension `extension=N` takes: four plies, in sixteenths.
const MAX_EXTENSION_SIXTEENTHS: u32 = 64;
/// The default transposition table budget of a Gomoku player.
pub const DEFAULT_TABLE_MIB: usize = 64;

/// Why settings or a player cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayerError {
    /// A switch list with an empty switch (two commas in a row, or one at an end).
    EmptySwitch,
    /// A switch that is unknown, given twice or out of range; the text names it.
    Switch(String),
    /// The engine refused the settings, or could not start.
    Engine(EngineError),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::EmptySwitch => f.write_str(
                "the switch list has an empty switch (two commas in a row, or one at an end): write name=value,name=value",
            ),
            PlayerError::Switch(message) => f.write_str(message),
            PlayerError::Engine(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for PlayerError {}

impl From<EngineError> for PlayerError {
    fn from(error: EngineError) -> Self {
        PlayerError::Engine(error)
    }
}

/// A [`PlayerError::Switch`] with a formatted message.
macro_rules! switch_error {
    ($($message:tt)*) => { PlayerError::Switch(format!($($message)*)) };
}

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
    pub fn apply(&mut self, switches: &str) -> Result<(), PlayerError> {
        if switches.trim().is_empty() {
            return self.engine.validate().map_err(PlayerError::Engine);
        }
        let mut given: Vec<(&str, &str)> = Vec::new();
        for switch in switches.split(',').map(str::trim) {
            if switch.is_empty() {
                return Err(PlayerError::EmptySwitch);
            }
            let Some((name, value)) = switch.split_once('=') else {
                return Err(PlayerError::Switch(format!(
                    "'{switch}' is not a switch: write name=value, e.g. order=board"
                )));
            };
            if let Some((_, first)) = given.iter().find(|(known, _)| *known == name) {
                return Err(PlayerError::Switch(format!(
                    "'{name}' is given twice ('{first}' and '{switch}'): give each switch once"
                )));
            }
            given.push((name, switch));
            let on = || match value {
                "on" | "true" | "yes" => Ok(true),
                "off" | "false" | "no" => Ok(false),
                _ => Err(PlayerError::Switch(format!("'{switch}': {name} is on or off"))),
            };
            match name {
                "order" => {
                    self.order = match value {
                        "seed" => MoveOrder::Seed,
                        "board" => MoveOrder::Board,
                        _ => return Err(PlayerError::Switch(format!("'{switch}': the order is seed or board"))),
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
                        value.parse().map_err(|_| switch_error!("'{switch}': threads is a number"))?
                }
                "nodes" => {
                    let nodes: u64 =
                        value.parse().map_err(|_| switch_error!("'{switch}': nodes is a positive number"))?;
                    if nodes == 0 {
                        return Err(PlayerError::Switch(format!("'{switch}': nodes is a positive number")));
                    }
                    self.nodes = Some(nodes);
                }
                "extension" => {
                    let sixteenths: u32 = value.parse().ok().filter(|n| (1..=MAX_EXTENSION_SIXTEENTHS).contains(n)).ok_or_else(|| {
                        switch_error!("'{switch}': the extension is a number of sixteenths of a ply, 1 to {MAX_EXTENSION_SIXTEENTHS}")
                    })?;
                    self.engine.shape.selectivity.single_reply_extension = sixteenths;
                }
                "forcingred" => {
                    let sixteenths: u32 = value.parse().ok().filter(|n| *n <= PLY_FRACTIONS).ok_or_else(|| {
                        switch_error!("'{switch}': a forcing move's share of the late move reduction is a number of sixteenths, 0 to {PLY_FRACTIONS}")
                    })?;
                    self.engine.shape.selectivity.forcing_reduction = sixteenths;
                }
                "attackrelief" => {
                    let sixteenths: u32 = value.parse().ok().filter(|n| *n <= MAX_ATTACK_RELIEF).ok_or_else(|| {
                        switch_error!("'{switch}': a continued attack's relief from the late move reduction is a number of sixteenths, 0 to {MAX_ATTACK_RELIEF}")
                    })?;
                    self.engine.shape.selectivity.attack_relief = sixteenths;
                }
                "margin" => {
                    self.engine.shape.selectivity.futility_margin =
                        value.parse().map_err(|_| switch_error!("'{switch}': the margin is a number"))?
                }
                "razor" => {
                    self.engine.shape.selectivity.razor_margin = value
                        .parse()
                        .ok()
                        .filter(|&margin: &i32| margin > 0)
                        .ok_or_else(|| switch_error!("'{switch}': the razoring margin is a positive number"))?
                }
                "selective" => {
                    let Selectivity { futility_margin, razor_margin, .. } = self.engine.shape.selectivity;
                    self.engine.shape.selectivity = if on()? { SELECTIVITY } else { Selectivity::NONE };
                    self.engine.shape.selectivity.futility_margin = futility_margin;
                    self.engine.shape.selectivity.razor_margin = razor_margin;
                }
                "histw" => {
                    self.engine.ordering.history_weight = value.parse().map_err(|_| {
                        switch_error!("'{switch}': the history weight is a number of hint units (0: ties only)")
                    })?
                }
                "counterw" => {
                    self.engine.ordering.counter_weight = value.parse().map_err(|_| {
                        switch_error!("'{switch}': the counter-move weight is a number of hint units (0: off)")
                    })?
                }
                "table" => {
                    self.engine.table.mib =
                        value.parse().map_err(|_| switch_error!("'{switch}': the table size is a number of MiB"))?
                }
                _ => match self.engine.shape.selectivity.switch_mut(name) {
                    Some(switch) => *switch = on()?,
                    None => return Err(PlayerError::Switch(format!(
                        "unknown switch '{name}' (known: order, vcf, vct, defence, quiescence, killers, history, histw, counterw, partial, table, \
                         threads, nodes, \
                         selective, margin, razor, extension, forcingred, attackrelief, {})",
                        Selectivity::NAMES.join(", ")
                    ))),
                },
            }
        }
        self.engine.validate().map_err(PlayerError::Engine)
    }
}
