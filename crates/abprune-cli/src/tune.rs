//! `abprune tune gomoku`: fits the Gomoku evaluation's weights to games
//! (Texel's method).
//!
//! Every quiet position of the games (no five to make or to stop, no open
//! four to make; the positions where the search trusts the static
//! evaluation) becomes a sample: its features ([`Gomoku::eval_features`])
//! and the game's result for the side to move (1, 1/2, 0). The fit
//! minimises the mean squared difference between the results and the
//! predicted score `1 / (1 + 10^(-eval / scale))`: first the scale alone
//! for the current weights, then the weights, by Adam's gradient descent
//! with a small pull towards the current ones. It prints the new weights as
//! the Rust constant to commit, with the error before and after.
//!
//! With `--search-depth D` each sample's target mixes the game's result
//! with what the player's engine finds searching the position `D` plies
//! deep (its value through the same predicted-score curve; `--lambda` is
//! the result's share): the evaluation then learns to foresee its own
//! search rather than only a distant result that most positions do not
//! decide.

use crate::status::AtRunTime as _;
use abprune::{Engine, Game, Horizon, SearchLimits};
use abprune_games::gomoku::{EvalWeights, EVAL_FEATURES, EVAL_WEIGHTS};
use abprune_games::{Gomoku, Point, Rule};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::PathBuf;

/// Positions before this move number are the openings' (chosen by the
/// match, not played): they are left out.
const DEFAULT_FIRST_MOVE: usize = 6;
/// Every this many-th game is held out of the fit and used to check it
/// (here and in `abprune tune gomoku-order`).
pub(crate) const HOLD_OUT_EVERY: usize = 5;
/// The table of each labelling search, in MiB (cleared for every position).
pub(crate) const LABEL_TABLE_MIB: usize = 4;
/// The deepest labelling search accepted: depth 8 takes about 20 ms a
/// position on one thread, and every further ply multiplies that.
pub(crate) const MAX_LABEL_DEPTH: u32 = 14;
/// Gradient steps of the fit.
const DEFAULT_STEPS: usize = 3000;
/// Adam's step size, in evaluation units.
const LEARNING_RATE: f64 = 2.0;
/// Adam's guard against dividing by a vanishing gradient, for this fit.
const ADAM_EPSILON: f64 = 1e-12;
/// Adam's decay rates of the mean and of the square of the gradient.
const ADAM_BETA1: f64 = 0.9;
const ADAM_BETA2: f64 = 0.999;
/// The pull towards the starting weights (per unit of squared difference),
/// so that a feature the data seldom shows keeps its value.
const REGULARISATION: f64 = 1e-9;

/// Fit the Gomoku evaluation's weights to finished games (SGF files).
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// SGF files of finished games (as c-gomoku-cli writes them:
    /// `SZ[15]`, `RE[B+1]`, moves `;B[hh]`), any board size.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The first move number whose position is a sample.
    #[arg(long, default_value_t = DEFAULT_FIRST_MOVE)]
    first_move: usize,
    /// Gradient steps.
    #[arg(long, default_value_t = DEFAULT_STEPS)]
    steps: usize,
    /// Label each position also by a search this many plies deep (0: by
    /// the game's result alone).
    #[arg(long, default_value_t = 0)]
    search_depth: u32,
    /// The game result's share of a target when positions are searched.
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    /// Threads labelling positions.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Keep the searches' values in this file (one per line, fitted
    /// samples then held-out ones) and read them from it when it exists
    /// (the same files, first move and depth), so that several fits share
    /// one labelling.
    #[arg(long)]
    labels: Option<PathBuf>,
}

/// A quiet position's features and the result for its side to move (the
/// target, once searches have labelled it). It keeps where the position
/// is, not the position (tens of kilobytes of tables): a labelling search
/// plays the game to it again.
struct Sample {
    features: [i32; EVAL_FEATURES],
    result: f64,
    /// The game in its list.
    game: u32,
    /// The moves of the game played before the position.
    moves: u16,
}

/// A game read from an SGF record.
pub(crate) struct GameRecord {
    pub(crate) size: usize,
    pub(crate) rule: Rule,
    pub(crate) moves: Vec<Point>,
    /// 1 black won, 0 white won, 1/2 a draw.
    pub(crate) black_result: f64,
    /// The players' names (`PB`, `PW`), empty when not given.
    pub(crate) players: [String; 2],
    /// How many of the first moves came from the opening (c-gomoku-cli marks
    /// them `C[opening move]`): chosen by the match, not by a player.
    pub(crate) opening_moves: usize,
}

/// Runs the fit and prints the result.
pub fn run(args: &TuneArgs) -> Result<()> {
    // The options are checked before any game is read or searched.
    if args.search_depth > 0 {
        if !(0.0..=1.0).contains(&args.lambda) {
            bail!("--lambda {} is not a share between 0 and 1", args.lambda);
        }
        if args.search_depth > MAX_LABEL_DEPTH {
            bail!("--search-depth {} is deeper than {MAX_LABEL_DEPTH}: each of the thousands of searches would run for hours", args.search_depth);
        }
    }
    let games = read_games(&args.files)?;
    // Every fifth game is held out, to tell a better fit from overfitting.
    let (mut held_out, mut fitted) = (Vec::new(), Vec::new());
    for (i, game) in games.into_iter().enumerate() {
        if i % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            held_out.push(game);
        } else {
            fitted.push(game);
        }
    }
    let games = fitted;
    let mut validation = samples_of(&held_out, args.first_move);
    let mut samples = samples_of(&games, args.first_move);
    if samples.len() < EVAL_FEATURES * 10 {
        bail!(
            "only {} quiet positions in {} games: too few to fit {EVAL_FEATURES} weights",
            samples.len(),
            games.len()
        );
    }
    let start: Vec<f64> = EVAL_WEIGHTS.to_vector().iter().map(|&w| f64::from(w)).collect();
    let scale = best_scale(&samples, &start);
    if args.search_depth > 0 {
        if let Some(path) = &args.labels {
            crate::status::check_output(path, "--labels")?;
        }
        let values = match &args.labels {
            Some(path) if path.exists() => read_labels(path, samples.len() + validation.len())?,
            _ => {
                let mut values = search_values(&samples, &games, args)?;
                values.extend(search_values(&validation, &held_out, args)?);
                if let Some(path) = &args.labels {
                    let text: String = values.iter().map(|v| format!("{}\n", format_label(*v))).collect();
                    std::fs::write(path, text)
                        .with_context(|| format!("cannot write {}", path.display()))
                        .at_run_time()?;
                }
                values
            }
        };
        for (sample, searched) in samples.iter_mut().chain(validation.iter_mut()).zip(values) {
            let searched = match searched {
                Label::Win => 1.0,
                Label::Loss => 0.0,
                Label::Value(value) => predicted_score(f64::from(value), scale),
            };
            sample.result = args.lambda * sample.result + (1.0 - args.lambda) * searched;
        }
        crate::output::outln!(
            "# targets: {} x result + {} x search to depth {}",
            args.lambda,
            1.0 - args.lambda,
            args.search_depth
        )?;
    }
    let before = mean_error(&samples, &start, scale);
    let fitted = fit(&samples, &start, scale, args.steps);
    let after = mean_error(&samples, &fitted, scale);
    let mut rounded = [0; EVAL_FEATURES];
    for (slot, weight) in rounded.iter_mut().zip(&fitted) {
        *slot = weight.round() as i32;
    }
    let weights = EvalWeights::from_vector(&rounded);
    crate::output::outln!(
        "# {} games, {} quiet positions (from move {})",
        games.len(),
        samples.len(),
        args.first_move
    )?;
    crate::output::outln!(
        "# scale {scale:.0}: mean squared error {before:.5} with the current weights, {after:.5} fitted"
    )?;
    if !validation.is_empty() {
        let rounded_f64: Vec<f64> = rounded.iter().map(|&w| f64::from(w)).collect();
        crate::output::outln!(
            "# held out: {} games, {} positions: {:.5} with the current weights, {:.5} fitted",
            held_out.len(),
            validation.len(),
            mean_error(&validation, &start, scale),
            mean_error(&validation, &rounded_f64, scale)
        )?;
    }
    crate::output::outln!("pub const EVAL_WEIGHTS: EvalWeights = EvalWeights {{")?;
    crate::output::outln!("    mover_shape: {:?},", weights.mover_shape)?;
    crate::output::outln!("    waiter_shape: {:?},", weights.waiter_shape)?;
    crate::output::outln!("    mover_threat: {:?},", weights.mover_threat)?;
    crate::output::outln!("    waiter_threat: {:?},", weights.waiter_threat)?;
    crate::output::outln!("    tempo: {},", weights.tempo)?;
    crate::output::outln!("}};")?;
    Ok(())
}

/// The games of the SGF files, in order.
pub(crate) fn read_games(files: &[PathBuf]) -> Result<Vec<GameRecord>> {
    let mut games = Vec::new();
    for path in files {
        let text = crate::input::read_file(path, crate::input::MAX_GAMES_BYTES, "game records")?;
        let text = String::from_utf8_lossy(&text);
        games.extend(parse_sgf(&text).with_context(|| format!("in {}", path.display()))?);
    }
    Ok(games)
}

/// The games of an SGF collection; records without a result are skipped.
pub(crate) fn parse_sgf(text: &str) -> Result<Vec<GameRecord>> {
    let mut games = Vec::new();
    for record in text.split("(;").skip(1) {
        let property = |name: &str| {
            let start = record.find(&format!("{name}["))? + name.len() + 1;
            let end = record[start..].find(']')? + start;
            Some(&record[start..end])
        };
        let size: usize = property("SZ").unwrap_or("15").parse().context("SZ is not a board size")?;
        let rule = match property("RU").unwrap_or("0") {
            "1" => Rule::Standard,
            _ => Rule::Freestyle,
        };
        let black_result = match property("RE") {
            Some(result) if result.starts_with("B+") => 1.0,
            Some(result) if result.starts_with("W+") => 0.0,
            Some(result) if result.starts_with('0') || result.eq_ignore_ascii_case("draw") => 0.5,
            _ => continue,
        };
        let players = [property("PB").unwrap_or("").to_string(), property("PW").unwrap_or("").to_string()];
        let mut moves = Vec::new();
        let mut opening_moves = 0;
        for node in record.split(';').skip(1) {
            let node = node.trim_start();
            if let Some(rest) = node.strip_prefix("B[").or_else(|| node.strip_prefix("W[")) {
                let coordinates = rest.as_bytes();
                if coordinates.len() < 2 || !coordinates[0].is_ascii_lowercase() || !coordinates[1].is_ascii_lowercase()
                {
                    bail!("a move '{}' is not two letters", rest.chars().take(8).collect::<String>());
                }
                if node.contains("C[opening move]") && opening_moves == moves.len() {
                    opening_moves += 1;
                }
                moves.push(Point::new(coordinates[0] - b'a', coordinates[1] - b'a'));
            }
        }
        games.push(GameRecord { size, rule, moves, black_result, players, opening_moves });
    }
    Ok(games)
}

/// The quiet positions of `games` from move `first_move` on.
fn samples_of(games: &[GameRecord], first_move: usize) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut forcing = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let Ok(mut position) = Gomoku::new(game.size, game.rule) else { continue };
        for (number, &mv) in game.moves.iter().enumerate() {
            if number >= first_move && position.outcome().is_none() {
                forcing.clear();
                if position.horizon(&mut forcing) == Horizon::Quiet {
                    let black_to_move = number % 2 == 0;
                    let result = if black_to_move { game.black_result } else { 1.0 - game.black_result };
                    let features = position.eval_features();
                    samples.push(Sample { features, result, game: index as u32, moves: number as u16 });
                }
            }
            if position.try_play(mv).is_err() {
                break;
            }
        }
    }
    samples
}

/// What a labelling search found: a win, a loss, or a heuristic value (for
/// the side to move).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Label {
    Win,
    Loss,
    Value(i32),
}

/// A label as a line of the labels file: `win`, `loss` or the value.
fn format_label(label: Label) -> String {
    match label {
        Label::Win => "win".into(),
        Label::Loss => "loss".into(),
        Label::Value(value) => value.to_string(),
    }
}

/// The labels kept in `path`, which must hold `expected` of them.
fn read_labels(path: &std::path::Path, expected: usize) -> Result<Vec<Label>> {
    let text = String::from_utf8(crate::input::read_file(path, crate::input::MAX_LABELS_BYTES, "labels")?)
        .with_context(|| format!("labels '{}' are not UTF-8 text", path.display()))?;
    let values = text
        .lines()
        .enumerate()
        .map(|(number, line)| {
            parse_label(line).with_context(|| format!("{} line {}: '{line}' is no value", path.display(), number + 1))
        })
        .collect::<Result<Vec<Label>>>()?;
    if values.len() != expected {
        bail!(
            "{} holds {} values for {expected} positions: other games, first move or depth",
            path.display(),
            values.len()
        );
    }
    Ok(values)
}

/// The inverse of [`format_label`].
fn parse_label(line: &str) -> Result<Label> {
    Ok(match line.trim() {
        "win" => Label::Win,
        "loss" => Label::Loss,
        value => Label::Value(value.parse()?),
    })
}

/// The position of `sample` in `games`, played again.
fn position_of(sample: &Sample, games: &[GameRecord]) -> Result<Gomoku> {
    let game = games.get(sample.game as usize).context("a sample of no game")?;
    let mut position = Gomoku::new(game.size, game.rule).map_err(anyhow::Error::msg)?;
    for &mv in &game.moves[..usize::from(sample.moves)] {
        position.try_play(mv).map_err(anyhow::Error::msg)?;
    }
    Ok(position)
}

/// The engine of a labelling search: the player's, with a small table
/// (it is cleared for every position).
pub(crate) fn labelling_engine() -> Result<Engine<Point>> {
    let options = crate::gomoku::PlayerSettings::default().engine.with_table_mib(LABEL_TABLE_MIB);
    Engine::new(options).map_err(anyhow::Error::msg)
}

/// The player's engine's value of each sample of `games`, searched
/// `args.search_depth` plies deep on `args.threads` threads.
fn search_values(samples: &[Sample], games: &[GameRecord], args: &TuneArgs) -> Result<Vec<Label>> {
    let threads = args.threads.clamp(1, crate::gomoku::available_cores().max(1) * 4);
    let chunk = samples.len().div_ceil(threads).max(1);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = samples.len();
    std::thread::scope(|scope| -> Result<Vec<Label>> {
        let mut workers = Vec::new();
        for part in samples.chunks(chunk) {
            let done = &done;
            workers.push(scope.spawn(move || -> Result<Vec<Label>> {
                let mut engine = labelling_engine()?;
                let limits = SearchLimits::none().with_depth(args.search_depth);
                let mut values = Vec::with_capacity(part.len());
                for sample in part {
                    let mut position = position_of(sample, games)?;
                    engine.clear();
                    let value = engine.search(&mut position, &limits, |_| {}).value;
                    values.push(if value.is_win() {
                        Label::Win
                    } else if value.is_loss() {
                        Label::Loss
                    } else {
                        Label::Value(value.get())
                    });
                    let count = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if count % 5000 == 0 {
                        eprintln!("# labelled {count} of {total}");
                    }
                }
                Ok(values)
            }));
        }
        let mut values = Vec::with_capacity(total);
        for worker in workers {
            values.extend(worker.join().map_err(|_| anyhow::anyhow!("a labelling thread panicked")).at_run_time()??);
        }
        Ok(values)
    })
}

/// The score (1 a win, 0 a loss) an evaluation `eval` predicts at `scale`.
fn predicted_score(eval: f64, scale: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-eval / scale))
}

fn predicted(sample: &Sample, weights: &[f64], scale: f64) -> f64 {
    let eval: f64 = sample.features.iter().zip(weights).map(|(&f, w)| f64::from(f) * w).sum();
    predicted_score(eval, scale)
}

fn mean_error(samples: &[Sample], weights: &[f64], scale: f64) -> f64 {
    samples.iter().map(|s| (s.result - predicted(s, weights, scale)).powi(2)).sum::<f64>() / samples.len() as f64
}

/// The scale that fits the current weights best.
fn best_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    minimise_scale(|scale| mean_error(samples, weights, scale))
}

/// The evaluation scale (between 10 and 100,000 units a unit of the
/// predicted score's argument) where `error` is least, by golden-section
/// search (the errors the tuners fit are unimodal in the scale). Shared by
/// both evaluation tuners.
pub(crate) fn minimise_scale(error: impl Fn(f64) -> f64) -> f64 {
    let (mut low, mut high) = (10.0f64, 100_000.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(a) < error(b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Adam on the mean squared error plus the pull towards `start`.
fn fit(samples: &[Sample], start: &[f64], scale: f64, steps: usize) -> Vec<f64> {
    let mut weights = start.to_vec();
    let mut adam = Adam::new(weights.len(), LEARNING_RATE, ADAM_EPSILON);
    let slope = std::f64::consts::LN_10 / scale;
    for step in 1..=steps {
        let mut gradient = vec![0.0; weights.len()];
        for sample in samples {
            let p = predicted(sample, &weights, scale);
            // d/dw (r - p)^2 = -2 (r - p) p (1 - p) ln10/scale * f
            let factor = -2.0 * (sample.result - p) * p * (1.0 - p) * slope;
            for (g, &f) in gradient.iter_mut().zip(&sample.features) {
                *g += factor * f64::from(f);
            }
        }
        for (i, g) in gradient.iter_mut().enumerate() {
            *g = *g / samples.len() as f64 + 2.0 * REGULARISATION * (weights[i] - start[i]);
        }
        adam.descend(&mut weights, &gradient, step);
    }
    weights
}

/// Adam's gradient descent (Kingma and Ba): each weight moves by its
/// gradient's running mean over the root of its running square, both
/// corrected for their start at zero. Shared by both tuners.
pub(crate) struct Adam {
    mean: Vec<f64>,
    square: Vec<f64>,
    rate: f64,
    epsilon: f64,
}

impl Adam {
    /// For `n` weights, step size `rate`, and `epsilon` added to the root.
    pub(crate) fn new(n: usize, rate: f64, epsilon: f64) -> Adam {
        Adam { mean: vec![0.0; n], square: vec![0.0; n], rate, epsilon }
    }

    /// Changes the step size (for a schedule that shrinks it).
    pub(crate) fn set_rate(&mut self, rate: f64) {
        self.rate = rate;
    }

    /// Step `step` (from 1) down `gradient`.
    pub(crate) fn descend(&mut self, weights: &mut [f64], gradient: &[f64], step: usize) {
        for i in 0..weights.len() {
            self.mean[i] = ADAM_BETA1 * self.mean[i] + (1.0 - ADAM_BETA1) * gradient[i];
            self.square[i] = ADAM_BETA2 * self.square[i] + (1.0 - ADAM_BETA2) * gradient[i] * gradient[i];
            let mean_hat = self.mean[i] / (1.0 - ADAM_BETA1.powi(step as i32));
            let square_hat = self.square[i] / (1.0 - ADAM_BETA2.powi(step as i32));
            weights[i] -= self.rate * mean_hat / (square_hat.sqrt() + self.epsilon);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_records_become_games_and_quiet_samples() {
        let text = "(;FF[4]GM[4]SZ[15]RE[B+1];B[hh];W[gi];B[jf];W[gj];B[gk];W[hj];B[ik];W[hk];B[ij])\n\
                    (;FF[4]SZ[15]RE[W+1];B[hh];W[hi])(;FF[4]SZ[15];B[hh])";
        let games = parse_sgf(text).unwrap();
        assert_eq!(games.len(), 2, "the record without a result is skipped");
        assert_eq!(games[0].moves.len(), 9);
        assert_eq!(games[0].moves[0], Point::new(7, 7));
        let samples = samples_of(&games, 2);
        assert!(!samples.is_empty());
        assert!(samples.iter().all(|s| s.result == 0.0 || s.result == 1.0));
        assert!(parse_sgf("(;SZ[15]RE[B+1];B[h])").is_err());
    }

    /// The tuner's arguments as a command line gives them.
    #[derive(clap::Parser)]
    struct Command {
        #[command(flatten)]
        args: TuneArgs,
    }

    fn arguments(line: &[&str]) -> TuneArgs {
        <Command as clap::Parser>::try_parse_from(line).unwrap().args
    }

    #[test]
    fn searches_label_every_sample_and_labels_read_back() {
        let text = "(;FF[4]SZ[15]RE[B+1];B[hh];W[gi];B[jf];W[gj];B[gk];W[hj];B[ik];W[hk];B[ij];W[hl])";
        let games = parse_sgf(text).unwrap();
        let samples = samples_of(&games, 2);
        let args = arguments(&["tune", "games.sgf", "--search-depth", "3", "--threads", "2"]);
        let values = search_values(&samples, &games, &args).unwrap();
        assert_eq!(values.len(), samples.len());
        // The same searches give the same values, whatever the threads.
        let one = arguments(&["tune", "games.sgf", "--search-depth", "3"]);
        assert_eq!(search_values(&samples, &games, &one).unwrap(), values);
        for label in values.iter().copied().chain([Label::Win, Label::Loss, Label::Value(-17)]) {
            assert_eq!(parse_label(&format_label(label)).unwrap(), label);
        }
        assert!(parse_label("0.5").is_err());
        // A sample keeps where its position is, not the position (the
        // tables of a position are tens of kilobytes: keeping positions took
        // 1.44 GB for 0.8 MB of games).
        assert!(std::mem::size_of::<Sample>() <= 160, "{} bytes", std::mem::size_of::<Sample>());
        for sample in &samples {
            let position = position_of(sample, &games).unwrap();
            assert_eq!(position.eval_features(), sample.features);
        }
    }
}
