//! The root's analyses around the engine's search: the opponent's threats
//! and the moves that stop them, the analyses' node budgets, and a legal
//! move when everything else failed.

use crate::gomoku::threats::Threat;
use crate::gomoku::{Gomoku, Point};
use abprune::Game;
use std::time::Duration;

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
pub(super) fn threat_defences(position: &mut Gomoku, nodes: u64) -> Option<Vec<Point>> {
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
pub(super) fn nodes_within(cap: u64, time: Option<Duration>) -> u64 {
    time.map_or(cap, |time| {
        let millis = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        cap.min(millis.saturating_mul(THREAT_NODES_PER_MS) / ANALYSIS_SHARE_DIVISOR)
    })
}

/// A legal move, for when everything else failed: a candidate, else any
/// empty point.
pub(super) fn any_legal_move(game: &Gomoku) -> Option<Point> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.into_iter().find(|&mv| game.check_move(mv).is_ok()).or_else(|| {
        (0..game.height())
            .flat_map(|y| (0..game.width()).map(move |x| Point { x: x as u8, y: y as u8 }))
            .find(|&p| game.check_move(p).is_ok())
    })
}
