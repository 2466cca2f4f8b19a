//! `abprune tune gomoku-order`: fits the Gomoku move hint to the moves a
//! player chose in its games.
//!
//! Every position in which a named player moved (past the opening's
//! stones, with more than one candidate move, the move among them) becomes
//! a *choice*: the order features of every candidate
//! ([`Gomoku::order_features`]) and which one was played. The fit maximises
//! the likelihood of the choices under a conditional-logit model (each
//! candidate chosen with probability proportional to `e^score`, the score
//! linear in the features: Bradley-Terry's model of competitions, as
//! Coulom fitted move patterns in Go), by Adam's gradient ascent from the
//! current weights with a small pull towards them. It prints how well the
//! hint ranked the played move on held-out games before and after, and the
//! new `ORDER_WEIGHTS` constant to commit.

use crate::tune::{read_games, Adam, GameRecord, HOLD_OUT_EVERY};
use abprune::Game;
use abprune_games::gomoku::{OrderWeights, ORDER_FEATURES, ORDER_WEIGHTS};
use abprune_games::Gomoku;
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

/// The hint's units: thousandths of a logit.
const UNITS_PER_LOGIT: f64 = 1000.0;
/// Gradient steps of the fit.
const DEFAULT_STEPS: usize = 400;
/// Adam's step size, in logits.
const LEARNING_RATE: f64 = 0.05;
/// Adam's guard against dividing by a vanishing gradient, for this fit.
const ADAM_EPSILON: f64 = 1e-8;
/// The pull towards the starting weights, so that a feature the games
/// seldom show keeps its value.
const REGULARISATION: f64 = 1e-4;
/// The default limit of fitted choices (taken evenly from all of them):
/// enough for 40 weights, and a fit of a minute or two.
const DEFAULT_MAX_CHOICES: usize = 60_000;

/// Fit the Gomoku move hint to a player's moves in finished games.
#[derive(Args, Debug)]
pub struct OrderArgs {
    /// SGF files of finished games (as c-gomoku-cli writes them: players
    /// `PB[..]` `PW[..]`, opening stones marked `C[opening move]`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The player whose moves are learned (repeat for several names, e.g.
    /// both builds of a self-play match).
    #[arg(long = "player", default_value = "abprune")]
    players: Vec<String>,
    /// Gradient steps.
    #[arg(long, default_value_t = DEFAULT_STEPS)]
    steps: usize,
    /// At most this many choices are fitted, taken evenly from the games.
    #[arg(long, default_value_t = DEFAULT_MAX_CHOICES)]
    max_choices: usize,
}

/// One position: the features of each candidate and the one played.
struct Choice {
    candidates: Vec<[i8; ORDER_FEATURES]>,
    played: usize,
}

/// Runs the fit and prints the result.
pub fn run(args: &OrderArgs) -> Result<()> {
    if args.max_choices == 0 {
        bail!("--max-choices 0 leaves nothing to fit");
    }
    let games = read_games(&args.files)?;
    let (mut fitted, mut held_out) = (Vec::new(), Vec::new());
    for (i, game) in games.iter().enumerate() {
        let choices = choices_of(game, &args.players);
        if i % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            held_out.extend(choices);
        } else {
            fitted.extend(choices);
        }
    }
    if fitted.is_empty() || held_out.is_empty() {
        bail!(
            "no moves of {} past the openings in {} games: name the player with --player",
            args.players.join(", "),
            games.len()
        );
    }
    let all = fitted.len();
    let step = all.div_ceil(args.max_choices);
    let fitted: Vec<Choice> = fitted.into_iter().step_by(step).collect();
    eprintln!("# {} choices fitted (of {all}), {} held out", fitted.len(), held_out.len());
    let start: Vec<f64> = ORDER_WEIGHTS.to_vector().iter().map(|&w| f64::from(w) / UNITS_PER_LOGIT).collect();
    crate::output::outln!("// held out, the weights before: {}", ranking_report(&held_out, &start))?;
    let weights = fit(&fitted, &start, args.steps);
    crate::output::outln!("// held out, the fitted weights:  {}", ranking_report(&held_out, &weights))?;
    let mut vector = [0; ORDER_FEATURES];
    for (slot, w) in vector.iter_mut().zip(&weights) {
        *slot = (w * UNITS_PER_LOGIT).round() as i32;
    }
    let w = OrderWeights::from_vector(&vector);
    crate::output::outln!("pub const ORDER_WEIGHTS: OrderWeights = OrderWeights {{")?;
    crate::output::outln!("    mine_threat: {:?},", w.mine_threat)?;
    crate::output::outln!("    their_threat: {:?},", w.their_threat)?;
    crate::output::outln!("    my_shape: {:?},", w.my_shape)?;
    crate::output::outln!("    their_shape: {:?},", w.their_shape)?;
    crate::output::outln!("    near: {:?},", w.near)?;
    crate::output::outln!("    adjacent: {:?},", w.adjacent)?;
    crate::output::outln!("}};")?;
    Ok(())
}

/// The choices of `players` in one game: positions past the opening, not
/// decided by the candidate moves, with more than one candidate and the
/// move played among them.
fn choices_of(game: &GameRecord, players: &[String]) -> Vec<Choice> {
    let mut choices = Vec::new();
    let Ok(mut position) = Gomoku::new(game.size, game.rule) else { return choices };
    let mover_learned = |colour: usize| players.contains(&game.players[colour]);
    for (ply, &mv) in game.moves.iter().enumerate() {
        if ply >= game.opening_moves && mover_learned(ply % 2) && position.outcome().is_none() {
            let mut candidates = Vec::new();
            let decided = position.candidate_moves(&mut candidates).is_some();
            if let Some(played) = candidates.iter().position(|&c| c == mv).filter(|_| !decided && candidates.len() > 1)
            {
                let features = candidates.iter().map(|&c| position.order_features(c).map(|f| f as i8)).collect();
                choices.push(Choice { candidates: features, played });
            }
        }
        if position.try_play(mv).is_err() {
            break;
        }
    }
    choices
}

/// The candidates' scores under `weights`.
fn scores(choice: &Choice, weights: &[f64]) -> Vec<f64> {
    let score = |features: &[i8; ORDER_FEATURES]| features.iter().zip(weights).map(|(&f, w)| f64::from(f) * w).sum();
    choice.candidates.iter().map(score).collect()
}

/// Adam's ascent of the mean log-likelihood of the played moves, less the
/// pull towards `start`.
fn fit(choices: &[Choice], start: &[f64], steps: usize) -> Vec<f64> {
    let n = start.len();
    let mut weights = start.to_vec();
    let mut adam = Adam::new(n, LEARNING_RATE, ADAM_EPSILON);
    for step in 1..=steps {
        let mut gradient = vec![0.0; n];
        for choice in choices {
            let scores = scores(choice, &weights);
            let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let exps: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
            let total: f64 = exps.iter().sum();
            for (k, (features, e)) in choice.candidates.iter().zip(&exps).enumerate() {
                let weight = f64::from(u8::from(k == choice.played)) - e / total;
                for (g, &f) in gradient.iter_mut().zip(features) {
                    *g += weight * f64::from(f);
                }
            }
        }
        // Ascent: descend the negated gradient of the log-likelihood.
        for i in 0..n {
            gradient[i] = REGULARISATION * (weights[i] - start[i]) - gradient[i] / choices.len() as f64;
        }
        adam.descend(&mut weights, &gradient, step);
    }
    weights
}

/// How the played move ranked among the candidates (ties count half):
/// first, among the first ten, and the mean rank (1 the best).
fn ranking_report(choices: &[Choice], weights: &[f64]) -> String {
    let ranks: Vec<f64> = choices
        .iter()
        .map(|choice| {
            let scores = scores(choice, weights);
            let played = scores[choice.played];
            let above = scores.iter().filter(|&&s| s > played).count();
            let level = scores.iter().filter(|&&s| s == played).count() - 1;
            above as f64 + level as f64 / 2.0
        })
        .collect();
    let share = |limit: f64| 100.0 * ranks.iter().filter(|&&r| r < limit).count() as f64 / ranks.len() as f64;
    let mean = 1.0 + ranks.iter().sum::<f64>() / ranks.len() as f64;
    format!(
        "first {:.1}%, in the first ten {:.1}%, mean rank {mean:.2} ({} choices)",
        share(0.5),
        share(9.5),
        ranks.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::parse_sgf;

    #[test]
    fn choices_are_the_named_players_moves_past_the_opening() {
        let text = "(;FF[4]SZ[15]PB[abprune]PW[other]RE[B+1];B[hh]C[opening move];W[gi]C[opening move];\
                    B[jf]C[opening move];W[gj]C[12ms];B[gk]C[30ms];W[hj]C[9ms];B[ik]C[8ms];W[hk]C[5ms];B[ij]C[7ms])";
        let games = parse_sgf(text).unwrap();
        assert_eq!(games[0].opening_moves, 3);
        assert_eq!(games[0].players, ["abprune".to_string(), "other".to_string()]);
        let mine = choices_of(&games[0], &["abprune".to_string()]);
        // Black's moves 5, 7 and 9 (ply 4, 6, 8), unless the candidate moves decide one.
        assert!(!mine.is_empty() && mine.len() <= 3);
        assert!(mine.iter().all(|c| c.played < c.candidates.len() && c.candidates.len() > 1));
        let theirs = choices_of(&games[0], &["other".to_string()]);
        assert!(!theirs.is_empty() && theirs.len() <= 3, "white's moves 4, 6, 8");
        assert!(choices_of(&games[0], &["nobody".to_string()]).is_empty());
    }

    #[test]
    fn the_fit_learns_which_feature_the_player_prefers() {
        // Two candidates: the played one always has feature 3, the other feature 5.
        let choice = |played_feature: usize, other: usize| {
            let (mut a, mut b) = ([0i8; ORDER_FEATURES], [0i8; ORDER_FEATURES]);
            a[played_feature] = 1;
            b[other] = 1;
            Choice { candidates: vec![b, a], played: 1 }
        };
        let choices: Vec<Choice> = (0..50).map(|_| choice(3, 5)).collect();
        let start = vec![0.0; ORDER_FEATURES];
        let before = ranking_report(&choices, &start);
        let weights = fit(&choices, &start, 200);
        assert!(weights[3] > weights[5] + 1.0, "{weights:?}");
        assert!(before.starts_with("first 0.0%"), "{before}");
        assert!(ranking_report(&choices, &weights).starts_with("first 100.0%"));
    }
}
