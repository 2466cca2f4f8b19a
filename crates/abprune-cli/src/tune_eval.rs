//! `abprune tune gomoku-eval`: fits the Gomoku pattern evaluation's tables
//! (module `gomoku::cells` of abprune-games) to positions labelled by a
//! search.
//!
//! The input is one position a line, in the text format Rapfi's self-play
//! writes and `scripts/gomoku-data` produces (docs/gomoku-data.md):
//!
//! ```text
//! 15,Freestyle,C10D12G14F10D10A13C13,0,C11(106)|F11(48)
//! size, rule, the moves, the result for the side to move (0 loss, 1 draw,
//! 2 win), the best moves with their search values (win rate
//! sigmoid(value / 200); beyond +-20000 a forced result)
//! ```
//!
//! Every quiet position (no five to make or stop, no open four to make:
//! where the engine trusts the static evaluation) becomes a sample: the
//! counts of each cell code of either side, the threat mask and the target
//! `lambda x result + (1 - lambda) x sigmoid(value / value-scale)`. The fit
//! minimises the cross-entropy between the targets and
//! `sigmoid(evaluation / scale)`, where `scale` is first fitted to the
//! current tables and then held, so that the fitted evaluation keeps the
//! units the search's margins are written in. Adam on shuffled mini-batches
//! (seeded), with weight decay towards the current tables so that a code
//! the data seldom shows keeps its value. Every tenth game is held out; the
//! command prints, before and after, the held-out cross-entropy, the mean
//! squared error, and the correlation of the evaluation with the labels'
//! search values, then writes the tables as Rust source.
//!
//! A sample keeps only its sparse counts (about 80 four-byte entries), not
//! the position: a million positions take about 400 MB.

use crate::output::outln;
use crate::status::AtRunTime as _;
use crate::tune::Adam;
use abprune::{Game, Horizon};
use abprune_games::gomoku::cells::{CODES, MASKS};
use abprune_games::gomoku::EvalTables;
use abprune_games::{Gomoku, Point, Rule};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Features: the mover's codes, the waiter's codes, the masks, the tempo.
const FEATURES: usize = 2 * CODES + MASKS + 1;
/// The first feature of the waiter's codes.
const WAITER: usize = CODES;
/// The first feature of the masks.
const MASK: usize = 2 * CODES;
/// The tempo's feature.
const TEMPO: usize = 2 * CODES + MASKS;
/// Every this many-th game is held out of the fit.
const HOLD_OUT_EVERY: usize = 10;
/// A value at least this large is a forced result (Rapfi's mate values
/// start at 29,992; its evaluations stay far below).
const FORCED_VALUE: i32 = 20_000;
/// The step size of the last epoch, as a share of the first's.
const FINAL_RATE_SHARE: f64 = 0.1;
/// Adam's guard against dividing by a vanishing gradient.
const ADAM_EPSILON: f64 = 1e-8;
/// The longest input line accepted (a 22x22 game is under 2 KB).
const MAX_LINE: usize = 16 * 1024;
/// The most positions kept (about 4.4 GB of samples): a larger input is
/// refused rather than filling the machine's memory.
const MAX_SAMPLES: usize = 10_000_000;
/// Positions between two progress lines while reading.
const PROGRESS_EVERY: usize = 100_000;

/// Fit the Gomoku pattern evaluation to positions labelled by a search.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// Files of labelled positions (Rapfi's self-play text format; `-` for
    /// standard input, e.g. `xz -dc data.txt.xz | abprune tune gomoku-eval -`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The result's share of a target (the rest is the search's value).
    #[arg(long, default_value_t = 0.3)]
    lambda: f64,
    /// The labels' value scale: win rate = sigmoid(value / this).
    #[arg(long, default_value_t = 200.0)]
    value_scale: f64,
    /// Positions with fewer stones are left out (the openings).
    #[arg(long, default_value_t = 4)]
    min_stones: usize,
    /// Passes over the fitted samples.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Samples per gradient step.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    /// Adam's step size, in evaluation units.
    #[arg(long, default_value_t = 2.0)]
    rate: f64,
    /// Weight decay towards the current tables, per step.
    #[arg(long, default_value_t = 1e-4)]
    decay: f64,
    /// A table entry (cell code or threat mask) met in fewer fitted
    /// samples than this keeps its current value: Adam moves a rare
    /// entry as far as a common one, by the noise of its few samples.
    #[arg(long, default_value_t = 1)]
    min_count: u32,
    /// Seed of the shuffling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads computing the gradient.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Fit the two-ply evaluation (`EvalTables::two_ply`): a sample's
    /// features are half its own minus half those of the position before
    /// the last move (for that position's side to move).
    #[arg(long)]
    two_ply: bool,
    /// With `--two-ply`, fit the threat mask as the position's own
    /// (`EvalTables::whole_mask`): only the cells are averaged.
    #[arg(long, requires = "two_ply")]
    whole_mask: bool,
    /// Where to write the fitted tables (Rust source for
    /// `crates/abprune-games/src/gomoku/eval_tables.rs`).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The samples in sparse form: entry `features[offsets[i]..offsets[i+1]]`
/// of sample `i` is `feature << 16 | halves`, the feature's count in
/// halves as a signed 16-bit number (a two-ply sample counts each cell of
/// its position as +1/2 and each of the position before as -1/2).
#[derive(Default)]
struct Samples {
    features: Vec<u32>,
    offsets: Vec<u32>,
    targets: Vec<f32>,
    /// The label's search value where it was not a forced result.
    values: Vec<Option<i16>>,
    /// The build's own evaluation of the position (`Game::evaluate`),
    /// to report the fitted tables beside it.
    today: Vec<f32>,
}

impl Samples {
    fn len(&self) -> usize {
        self.targets.len()
    }

    fn entries(&self, i: usize) -> &[u32] {
        &self.features[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    fn bytes(&self) -> usize {
        self.features.capacity() * 4
            + self.offsets.capacity() * 4
            + self.targets.capacity() * 4
            + self.values.capacity() * 4
            + self.today.capacity() * 4
    }

    /// The evaluation of sample `i` under `weights`.
    fn eval(&self, i: usize, weights: &[f64]) -> f64 {
        self.entries(i).iter().map(|&e| weights[(e >> 16) as usize] * count_of(e)).sum()
    }
}

/// The count an entry holds.
#[inline]
fn count_of(entry: u32) -> f64 {
    f64::from(entry as u16 as i16) * 0.5
}

/// One labelled position of the input.
pub(crate) struct Labelled {
    pub(crate) size: usize,
    pub(crate) rule: Rule,
    pub(crate) moves: Vec<Point>,
    /// The best moves of the label, each to be an empty point.
    best: Vec<Point>,
    /// 0 loss, 1/2 draw, 1 win, for the side to move.
    result: f64,
    pub(crate) value: i32,
}

/// Runs the fit and prints the figures.
pub fn run(args: &EvalArgs) -> Result<()> {
    check(args)?;
    let start_tables = abprune_games::gomoku::cells::current_tables();
    let (fitted, held_out) = read_samples(args)?;
    if fitted.len() < FEATURES {
        bail!("only {} quiet positions to fit {FEATURES} values: give more positions", fitted.len());
    }
    eprintln!(
        "# {} positions fitted, {} held out ({} MB of samples)",
        fitted.len(),
        held_out.len(),
        (fitted.bytes() + held_out.bytes()) >> 20
    );
    let start = to_vector(start_tables);
    let scale = best_scale(&fitted, &start);
    outln!("# scale {scale:.1}: the evaluation's units per unit of logit")?;
    report_today(&held_out, scale, args.value_scale)?;
    report("current tables", &held_out, &start, scale, args.value_scale)?;
    let weights = fit(&fitted, &start, scale, args);
    let rounded: Vec<f64> = weights.iter().map(|w| w.round()).collect();
    report("fitted tables", &held_out, &rounded, scale, args.value_scale)?;
    if let Some(path) = &args.out {
        write_tables(path, &rounded, args, fitted.len())?;
        outln!("# tables written to {}", path.display())?;
    }
    Ok(())
}

/// The options are checked before any input is read.
fn check(args: &EvalArgs) -> Result<()> {
    if !(0.0..=1.0).contains(&args.lambda) {
        bail!("--lambda {} is not a share between 0 and 1", args.lambda);
    }
    if !(args.value_scale > 0.0 && args.value_scale.is_finite()) {
        bail!("--value-scale {} is not a positive number", args.value_scale);
    }
    if args.batch == 0 || args.epochs == 0 {
        bail!("--batch and --epochs must be at least 1");
    }
    if !(args.rate > 0.0 && args.rate.is_finite() && args.decay >= 0.0 && args.decay.is_finite()) {
        bail!("--rate must be positive and --decay at least 0");
    }
    if args.threads == 0 || args.threads > 256 {
        bail!("--threads {} is not between 1 and 256", args.threads);
    }
    if let Some(path) = &args.out {
        crate::status::check_output(path, "--out")?;
    }
    Ok(())
}

/// The tables as one weight vector in feature order (the waiter's codes
/// with their sign: the evaluation subtracts them).
fn to_vector(tables: &EvalTables) -> Vec<f64> {
    let mut vector = vec![0.0; FEATURES];
    for code in 0..CODES {
        vector[code] = f64::from(tables.mover[code]);
        vector[WAITER + code] = -f64::from(tables.waiter[code]);
    }
    for mask in 0..MASKS {
        vector[MASK + mask] = f64::from(tables.mask[mask]);
    }
    vector[TEMPO] = f64::from(tables.tempo);
    vector
}

/// Reads every input, returning the fitted and the held-out samples.
fn read_samples(args: &EvalArgs) -> Result<(Samples, Samples)> {
    let (mut fitted, mut held_out) = (Samples::default(), Samples::default());
    fitted.offsets.push(0);
    held_out.offsets.push(0);
    let mut reader = Replayer::default();
    let mut read = 0usize;
    for path in &args.files {
        for (number, line) in open_positions(path)?.enumerate() {
            let line = line.with_context(|| format!("{} line {}", path.display(), number + 1))?;
            let Some(labelled) =
                parse_line(&line).with_context(|| format!("{} line {}", path.display(), number + 1))?
            else {
                continue;
            };
            let (game, game_number) =
                reader.advance(&labelled).with_context(|| format!("{} line {}", path.display(), number + 1))?;
            if labelled.moves.len() < args.min_stones {
                continue;
            }
            let target = if labelled.value >= FORCED_VALUE {
                1.0
            } else if labelled.value <= -FORCED_VALUE {
                0.0
            } else {
                args.lambda * labelled.result
                    + (1.0 - args.lambda) * sigmoid(f64::from(labelled.value) / args.value_scale)
            };
            let value = (labelled.value.abs() < FORCED_VALUE).then(|| labelled.value.clamp(-32000, 32000) as i16);
            let samples = if game_number % HOLD_OUT_EVERY == 0 { &mut held_out } else { &mut fitted };
            if add_sample(samples, game, target, value, args.two_ply, args.whole_mask) {
                read += 1;
                if read > MAX_SAMPLES {
                    bail!(
                        "{} line {}: more than {MAX_SAMPLES} quiet positions; fit on a part of them",
                        path.display(),
                        number + 1
                    );
                }
                if read % PROGRESS_EVERY == 0 {
                    eprintln!("# read {read} quiet positions");
                }
            }
        }
    }
    Ok((fitted, held_out))
}

/// The lines of the positions file at `path` (`-`: standard input), each
/// at most [`MAX_LINE`] bytes.
pub(crate) fn open_positions(path: &Path) -> Result<impl Iterator<Item = Result<String>>> {
    let input: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = crate::input::open_file(path, crate::input::MAX_POSITIONS_BYTES, "positions")?;
        Box::new(std::io::BufReader::new(file))
    };
    Ok(capped_lines(input))
}

/// The lines of `input`, each at most [`MAX_LINE`] bytes (a longer one is
/// an error, not read whole).
pub(crate) fn capped_lines<'a>(mut input: Box<dyn BufRead + 'a>) -> impl Iterator<Item = Result<String>> + 'a {
    let mut buffer = Vec::new();
    std::iter::from_fn(move || {
        buffer.clear();
        let mut limited = std::io::Read::take(input.as_mut(), MAX_LINE as u64 + 1);
        match limited.read_until(b'\n', &mut buffer) {
            Ok(0) => None,
            Ok(_) if buffer.len() > MAX_LINE && !buffer.ends_with(b"\n") => {
                Some(Err(anyhow::anyhow!("a line is longer than {MAX_LINE} bytes")))
            }
            Ok(_) => Some(String::from_utf8(std::mem::take(&mut buffer)).context("the line is not UTF-8")),
            Err(error) => Some(Err(error.into())),
        }
    })
}

/// A line of the input, or `None` for a line without a search value (a
/// game's last move found without a search) or an empty one.
pub(crate) fn parse_line(line: &str) -> Result<Option<Labelled>> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split(',').collect();
    if !(4..=5).contains(&fields.len()) {
        bail!(
            "'{}' has {} fields, not the four or five size,rule,moves,result[,best moves]",
            crate::quote::one_line(line),
            fields.len()
        );
    }
    let size: usize = fields[0].parse().with_context(|| format!("'{}' is not a board size", fields[0]))?;
    let rule = match fields[1].to_ascii_lowercase().as_str() {
        "freestyle" => Rule::Freestyle,
        "standard" => Rule::Standard,
        other => bail!("rule '{other}' is not freestyle or standard"),
    };
    let moves = parse_moves(fields[2])?;
    let result = match fields[3] {
        "0" => 0.0,
        "1" => 0.5,
        "2" => 1.0,
        other => bail!("result '{other}' is not 0, 1 or 2"),
    };
    let Some(labels) = fields.get(4).filter(|f| !f.is_empty()) else { return Ok(None) };
    // Each entry `MOVE(VALUE)`, or a bare `MOVE` (found without a search).
    let mut best = Vec::new();
    let mut values = Vec::new();
    for entry in labels.split('|') {
        let (text, value) = match entry.split_once('(') {
            Some((text, rest)) => {
                let value = rest.strip_suffix(')').with_context(|| format!("'{entry}' does not end with ')'"))?;
                (text, Some(value.parse::<i32>().with_context(|| format!("'{entry}': '{value}' is not a value"))?))
            }
            None => (entry, None),
        };
        let [mv] = parse_moves(text).with_context(|| format!("best move '{entry}'"))?[..] else {
            bail!("'{entry}' is not one best move with its value, such as C11(106)");
        };
        best.push(mv);
        values.push(value);
    }
    let Some(value) = values[0] else { return Ok(None) };
    Ok(Some(Labelled { size, rule, moves, best, result, value }))
}

/// Moves written as a letter (the column from `A`) and a number (the row
/// from 1), run together: `C10D12G14`.
fn parse_moves(text: &str) -> Result<Vec<Point>> {
    let mut moves = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let letter = bytes[i].to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            bail!("a move at '{}' does not start with a letter", &text[i..]);
        }
        let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let row: u8 =
            text[i + 1..i + 1 + digits].parse().with_context(|| format!("a move at '{}' has no row", &text[i..]))?;
        if row == 0 {
            bail!("a move at '{}' has row 0", &text[i..]);
        }
        moves.push(Point::new(letter - b'A', row - 1));
        i += 1 + digits;
    }
    Ok(moves)
}

/// Replays the input's positions, continuing the previous one when a line
/// extends its moves (the positions of one game come in order), and
/// counts the games.
#[derive(Default)]
pub(crate) struct Replayer {
    game: Option<Gomoku>,
    games: usize,
}

impl Replayer {
    /// The position of `labelled`, and the number of its game (from 1).
    pub(crate) fn advance(&mut self, labelled: &Labelled) -> Result<(&mut Gomoku, usize)> {
        let continues = self.game.as_ref().is_some_and(|game| {
            game.width() == labelled.size
                && game.rule() == labelled.rule
                && game.history().len() <= labelled.moves.len()
                && game.history() == &labelled.moves[..game.history().len()]
        });
        if !continues {
            self.game = Some(Gomoku::new(labelled.size, labelled.rule).map_err(anyhow::Error::msg)?);
            self.games += 1;
        }
        let game = self.game.as_mut().context("no position")?;
        for &mv in &labelled.moves[game.history().len()..] {
            game.try_play(mv).map_err(|error| anyhow::anyhow!("move {mv}: {error}"))?;
        }
        for &mv in &labelled.best {
            if !game.contains(i64::from(mv.x), i64::from(mv.y)) {
                bail!("the best move {mv} is off the {}x{} board", game.width(), game.height());
            }
            if game.stone(mv).is_some() {
                bail!("the best move {mv} is on an occupied point");
            }
        }
        Ok((game, self.games))
    }
}

/// Adds `game` as a sample if it is quiet and not over; true if added.
/// With `two_ply`, the position before the last move is visited (the
/// move taken back and played again) for its features.
fn add_sample(
    samples: &mut Samples,
    game: &mut Gomoku,
    target: f64,
    value: Option<i16>,
    two_ply: bool,
    whole_mask: bool,
) -> bool {
    if game.outcome().is_some() {
        return false;
    }
    let mut forcing = Vec::new();
    if game.horizon(&mut forcing) != Horizon::Quiet {
        return false;
    }
    let last = game.history().last().copied();
    // (feature, halves) pairs; summed per feature below.
    let mut counts: Vec<(u32, i32)> = Vec::with_capacity(4 * 64);
    let own = if two_ply && last.is_some() { 1 } else { 2 };
    push_counts(game, own, if whole_mask { 2 } else { own }, &mut counts);
    if let (true, Some(last)) = (two_ply, last) {
        game.undo(last);
        push_counts(game, -1, if whole_mask { 0 } else { -1 }, &mut counts);
        game.play(last);
    }
    counts.sort_unstable_by_key(|&(feature, _)| feature);
    for run in counts.chunk_by(|a, b| a.0 == b.0) {
        let halves: i32 = run.iter().map(|&(_, h)| h).sum();
        if halves != 0 {
            samples.features.push(run[0].0 << 16 | u32::from(halves.clamp(-32768, 32767) as i16 as u16));
        }
    }
    samples.offsets.push(samples.features.len() as u32);
    samples.targets.push(target as f32);
    samples.values.push(value);
    samples.today.push(game.evaluate().get() as f32);
    true
}

/// Pushes the features of `game` for its side to move, each `halves`
/// halves, its threat mask `mask_halves`.
fn push_counts(game: &Gomoku, halves: i32, mask_halves: i32, counts: &mut Vec<(u32, i32)>) {
    let mask = game.eval_codes(|mover, waiter| {
        counts.push((u32::from(mover), halves));
        counts.push((WAITER as u32 + u32::from(waiter), halves));
    });
    if mask_halves != 0 {
        counts.push(((MASK + mask) as u32, mask_halves));
    }
    counts.push((TEMPO as u32, halves));
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of `samples` under `weights` at `scale`.
fn cross_entropy(samples: &Samples, weights: &[f64], scale: f64) -> f64 {
    cross_entropy_of(samples, |i| samples.eval(i, weights), scale)
}

/// The mean cross-entropy of `samples` whose evaluations are `eval(i)`.
fn cross_entropy_of(samples: &Samples, eval: impl Fn(usize) -> f64, scale: f64) -> f64 {
    let total: f64 = (0..samples.len())
        .map(|i| {
            let p = sigmoid(eval(i) / scale).clamp(1e-12, 1.0 - 1e-12);
            let t = f64::from(samples.targets[i]);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale that fits `weights` best.
fn best_scale(samples: &Samples, weights: &[f64]) -> f64 {
    crate::tune::minimise_scale(|scale| cross_entropy(samples, weights, scale))
}

/// Prints the held-out figures of `weights`.
fn report(name: &str, held_out: &Samples, weights: &[f64], scale: f64, value_scale: f64) -> Result<()> {
    report_values(name, held_out, |i| held_out.eval(i, weights), scale, value_scale)
}

/// Prints the held-out figures of the build's own evaluation (the
/// evaluation the engine plays with today, one ply, its own tables), at
/// the scale that fits it best.
fn report_today(held_out: &Samples, scale: f64, value_scale: f64) -> Result<()> {
    let today = |i: usize| f64::from(held_out.today[i]);
    let own_scale = crate::tune::minimise_scale(|s| cross_entropy_of(held_out, today, s));
    let scale = if own_scale.is_finite() && own_scale > 0.0 { own_scale } else { scale };
    report_values("the build's evaluation", held_out, today, scale, value_scale)
}

/// Prints the held-out figures of the evaluation `eval(i)` of each sample.
fn report_values(
    name: &str,
    held_out: &Samples,
    eval: impl Fn(usize) -> f64,
    scale: f64,
    value_scale: f64,
) -> Result<()> {
    if held_out.len() == 0 {
        return Ok(());
    }
    let squared: f64 =
        (0..held_out.len()).map(|i| (f64::from(held_out.targets[i]) - sigmoid(eval(i) / scale)).powi(2)).sum::<f64>()
            / held_out.len() as f64;
    // Correlation of the evaluation's win rate with the label's, where the
    // label is a value (not a forced result).
    let pairs: Vec<(f64, f64)> = (0..held_out.len())
        .filter_map(|i| {
            let value = held_out.values[i]?;
            Some((sigmoid(eval(i) / scale), sigmoid(f64::from(value) / value_scale)))
        })
        .collect();
    outln!(
        "# {name}: held out {} positions: cross-entropy {:.5}, mean squared error {:.5}, correlation with the search values {:.4} (scale {scale:.0})",
        held_out.len(),
        cross_entropy_of(held_out, eval, scale),
        squared,
        correlation(&pairs)
    )?;
    Ok(())
}

/// Pearson's correlation of the pairs.
fn correlation(pairs: &[(f64, f64)]) -> f64 {
    let n = pairs.len() as f64;
    if n < 2.0 {
        return 0.0;
    }
    let (mx, my) = pairs.iter().fold((0.0, 0.0), |(x, y), &(a, b)| (x + a / n, y + b / n));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for &(x, y) in pairs {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    sxy / (sxx * syy).sqrt().max(f64::MIN_POSITIVE)
}

/// Adam on shuffled mini-batches of the cross-entropy, with weight decay
/// towards `start`; the step size falls linearly from `--rate` to
/// [`FINAL_RATE_SHARE`] of it over the epochs, so that the last epochs
/// settle instead of wandering by the batches' noise.
fn fit(samples: &Samples, start: &[f64], scale: f64, args: &EvalArgs) -> Vec<f64> {
    let mut weights = start.to_vec();
    let mut met = vec![0u32; FEATURES];
    for i in 0..samples.len() {
        for &e in samples.entries(i) {
            met[(e >> 16) as usize] += 1;
        }
    }
    let fitted: Vec<bool> = met.iter().map(|&count| count >= args.min_count).collect();
    eprintln!(
        "# {} of {FEATURES} table entries fitted (met in at least {} samples)",
        fitted.iter().filter(|&&f| f).count(),
        args.min_count
    );
    let mut adam = Adam::new(FEATURES, args.rate, ADAM_EPSILON);
    let mut order: Vec<u32> = (0..samples.len() as u32).collect();
    let mut random = SplitMix(args.seed);
    let mut step = 0;
    for epoch in 1..=args.epochs {
        // Fisher-Yates with the seeded generator.
        for i in (1..order.len()).rev() {
            order.swap(i, (random.next() % (i as u64 + 1)) as usize);
        }
        let progress = (epoch - 1) as f64 / args.epochs as f64;
        adam.set_rate(args.rate * (1.0 - (1.0 - FINAL_RATE_SHARE) * progress));
        for batch in order.chunks(args.batch) {
            step += 1;
            let mut gradient = batch_gradient(samples, batch, &weights, scale, args.threads);
            for (((g, w), s), &fitted) in gradient.iter_mut().zip(&weights).zip(start).zip(&fitted) {
                *g = if fitted { *g / batch.len() as f64 + args.decay * (w - s) } else { 0.0 };
            }
            adam.descend(&mut weights, &gradient, step);
        }
        eprintln!("# epoch {epoch}: training cross-entropy {:.5}", cross_entropy(samples, &weights, scale));
    }
    weights
}

/// The summed gradient of the cross-entropy over `batch`, on `threads`.
fn batch_gradient(samples: &Samples, batch: &[u32], weights: &[f64], scale: f64, threads: usize) -> Vec<f64> {
    let part = batch.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = batch
            .chunks(part)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut gradient = vec![0.0; FEATURES];
                    for &i in chunk {
                        let i = i as usize;
                        let p = sigmoid(samples.eval(i, weights) / scale);
                        // d/dw of the cross-entropy: (p - t) x / scale.
                        let factor = (p - f64::from(samples.targets[i])) / scale;
                        for &e in samples.entries(i) {
                            gradient[(e >> 16) as usize] += factor * count_of(e);
                        }
                    }
                    gradient
                })
            })
            .collect();
        let mut total = vec![0.0; FEATURES];
        for worker in workers {
            // A worker only adds numbers: it cannot panic short of a bug.
            if let Ok(gradient) = worker.join() {
                for (t, g) in total.iter_mut().zip(gradient) {
                    *t += g;
                }
            }
        }
        total
    })
}

/// splitmix64: the shuffle's generator (seeded, no dependency).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Writes the tables as the Rust source of `eval_tables.rs`.
fn write_tables(path: &Path, weights: &[f64], args: &EvalArgs, positions: usize) -> Result<()> {
    let list = |values: &mut dyn Iterator<Item = f64>| -> String {
        let numbers: Vec<String> = values.map(|v| format!("{}", v as i32)).collect();
        numbers.chunks(16).map(|row| format!("    {},\n", row.join(", "))).collect()
    };
    let mut text = String::new();
    text.push_str("//! The pattern evaluation's fitted tables (module `cells`), written by\n");
    text.push_str(&format!(
        "//! `abprune tune gomoku-eval` from {positions} positions (--lambda {} --value-scale {} --epochs {} --batch {} --rate {} --decay {} --min-count {} --seed {}).\n",
        args.lambda, args.value_scale, args.epochs, args.batch, args.rate, args.decay, args.min_count, args.seed
    ));
    text.push_str("//! docs/gomoku-data.md says how the positions are made again. Not edited by hand.\n\n");
    text.push_str("use super::cells::{CODES, MASKS};\n\n");
    text.push_str("/// Per code, its value as a cell of the side to move.\n#[rustfmt::skip]\npub(super) static MOVER: [i32; CODES] = [\n");
    text.push_str(&list(&mut weights[..CODES].iter().copied()));
    text.push_str("];\n\n/// Per code, its value as a cell of the other side (subtracted).\n#[rustfmt::skip]\npub(super) static WAITER: [i32; CODES] = [\n");
    text.push_str(&list(&mut weights[WAITER..MASK].iter().map(|w| -w)));
    text.push_str(
        "];\n\n/// Per threat mask, its value.\n#[rustfmt::skip]\npub(super) static MASK: [i32; MASKS] = [\n",
    );
    text.push_str(&list(&mut weights[MASK..TEMPO].iter().copied()));
    text.push_str(&format!(
        "];\n\n/// The side to move's bonus for having the move.\npub(super) const TEMPO: i32 = {};\n\n/// Whether the tables were fitted as the two-ply average.\npub(super) const TWO_PLY: bool = {};\n\n/// Whether the threat mask's value is the position's own (not averaged).\npub(super) const WHOLE_MASK: bool = {};\n",
        weights[TEMPO] as i32, args.two_ply, args.whole_mask
    ));
    let mut file =
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display())).at_run_time()?;
    file.write_all(text.as_bytes()).with_context(|| format!("cannot write {}", path.display())).at_run_time()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_the_self_play_format_are_read() {
        let labelled = parse_line("15,Freestyle,C10D12G14,0,C11(106)|F11(48)").unwrap().unwrap();
        assert_eq!(labelled.size, 15);
        assert_eq!(labelled.moves, vec![Point::new(2, 9), Point::new(3, 11), Point::new(6, 13)]);
        assert_eq!((labelled.result, labelled.value), (0.0, 106));
        assert!(parse_line("15,Freestyle,C10,2,").unwrap().is_none(), "no value");
        assert!(parse_line("15,Freestyle,C10,2,C11(-29994)").unwrap().is_some());
        for bad in [
            "15,Renju,C10,0,C11(1)",
            "x,Freestyle,C10,0,C11(1)",
            "15,Freestyle,10C,0,C11(1)",
            "15,Freestyle,C0,0,C1(1)",
            "15,Freestyle,C1,7,C2(1)",
            "15,Freestyle",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }

    /// The one-ply pattern evaluation of `game` under `tables`, from its
    /// inputs (whatever the tables' `two_ply`).
    fn one_ply(game: &Gomoku, tables: &EvalTables) -> i32 {
        let (cells, mask) = parts(game, tables);
        cells + mask
    }

    /// The tempo with the cell sums, and the threat mask's value, of
    /// `game` under `tables`.
    fn parts(game: &Gomoku, tables: &EvalTables) -> (i32, i32) {
        let mut value = tables.tempo;
        let mask = game.eval_codes(|mover, waiter| {
            value += tables.mover[usize::from(mover)] - tables.waiter[usize::from(waiter)];
        });
        (value, tables.mask[mask])
    }

    /// No samples yet, and a replayer at the start of a game.
    fn no_samples() -> (Samples, Replayer) {
        let mut samples = Samples::default();
        samples.offsets.push(0);
        (samples, Replayer::default())
    }

    #[test]
    fn samples_hold_the_evaluation_of_their_position() {
        let tables = abprune_games::gomoku::cells::current_tables();
        let weights = to_vector(tables);
        let (mut samples, mut replayer) = no_samples();
        let lines = [
            "15,Freestyle,H8,1,I9(10)",
            "15,Freestyle,H8I9,1,I8(10)",
            "15,Freestyle,H8I9J10,1,G7(10)",
            "15,Freestyle,A1,1,B2(10)",
        ];
        let mut added = 0;
        for line in lines {
            let labelled = parse_line(line).unwrap().unwrap();
            let (game, _) = replayer.advance(&labelled).unwrap();
            if add_sample(&mut samples, game, 0.5, Some(10), false, false) {
                assert_eq!(samples.eval(added, &weights) as i32, one_ply(game, tables), "{line}");
                added += 1;
            }
        }
        assert_eq!(replayer.games, 2, "the last line starts a new game");
        assert!(added >= 3);
    }

    #[test]
    fn two_ply_samples_hold_half_the_difference_of_two_plies() {
        let weights = to_vector(abprune_games::gomoku::cells::current_tables());
        let (mut samples, mut replayer) = no_samples();
        let lines = ["15,Freestyle,H8I9,1,I8(10)", "15,Freestyle,H8I9J10,1,G7(10)", "15,Freestyle,H8I9J10G7,1,K11(10)"];
        for (added, line) in lines.into_iter().enumerate() {
            let labelled = parse_line(line).unwrap().unwrap();
            let (game, _) = replayer.advance(&labelled).unwrap();
            let tables = abprune_games::gomoku::cells::current_tables();
            let now = one_ply(game, tables);
            let last = *game.history().last().unwrap();
            game.undo(last);
            let before = one_ply(game, tables);
            game.play(last);
            assert!(add_sample(&mut samples, game, 0.5, Some(10), true, false), "{line}");
            let expected = f64::from(now - before) / 2.0;
            assert!((samples.eval(added, &weights) - expected).abs() < 1e-9, "{line}: {expected}");
            assert_eq!(game.history(), &labelled.moves[..], "the position is left as it was");
        }
    }

    #[test]
    fn whole_mask_samples_average_the_cells_and_keep_the_mask_whole() {
        // With --whole-mask a sample is half the cells of its position
        // less half those of the position before, plus its own threat
        // mask's value at full weight (the mask of the position before is
        // not read). The positions have threats for both sides, so the
        // mask term is not zero and the two forms differ.
        let tables = abprune_games::gomoku::cells::current_tables();
        let weights = to_vector(tables);
        let (mut samples, mut replayer) = no_samples();
        let lines = ["15,Freestyle,H8I9I8J9,1,G8(10)", "15,Freestyle,H8I9I8J9G8,1,K9(10)"];
        for (added, line) in lines.into_iter().enumerate() {
            let labelled = parse_line(line).unwrap().unwrap();
            let (game, _) = replayer.advance(&labelled).unwrap();
            let (cells, mask) = parts(game, tables);
            let last = *game.history().last().unwrap();
            game.undo(last);
            let (cells_before, mask_before) = parts(game, tables);
            game.play(last);
            assert_ne!((mask, mask_before), (0, 0), "{line}: the case needs a mask term");
            assert!(add_sample(&mut samples, game, 0.5, Some(10), true, true), "{line}");
            let expected = f64::from(cells - cells_before) / 2.0 + f64::from(mask);
            assert!((samples.eval(added, &weights) - expected).abs() < 1e-9, "{line}: {expected}");
            let averaged = f64::from(cells + mask - cells_before - mask_before) / 2.0;
            assert!((expected - averaged).abs() > 1e-9, "{line}: the forms must differ here");
        }
    }

    #[test]
    fn a_fit_lowers_the_error_it_fits() {
        // Positions where the side with more stones in a row wins.
        let (mut samples, mut replayer) = no_samples();
        for (line, target) in [("15,Freestyle,H8A1I8,0,A2(-300)", 0.1), ("15,Freestyle,H8A1I8A15,0,A2(300)", 0.9)] {
            let labelled = parse_line(line).unwrap().unwrap();
            let (game, _) = replayer.advance(&labelled).unwrap();
            assert!(add_sample(&mut samples, game, target, Some(0), false, false));
        }
        let start = to_vector(abprune_games::gomoku::cells::current_tables());
        let args = EvalArgs {
            files: Vec::new(),
            lambda: 0.0,
            value_scale: 200.0,
            min_stones: 0,
            epochs: 200,
            batch: 2,
            rate: 2.0,
            decay: 0.0,
            min_count: 1,
            seed: 1,
            threads: 2,
            two_ply: false,
            whole_mask: false,
            out: None,
        };
        let scale = 300.0;
        let fitted = fit(&samples, &start, scale, &args);
        assert!(cross_entropy(&samples, &fitted, scale) < cross_entropy(&samples, &start, scale));
        // The entries met in one sample only (the second position's
        // corner stone at A15, say) keep their values with --min-count 2;
        // those of both are fitted.
        let met_in = |feature: usize| {
            (0..2).filter(|&i| samples.entries(i).iter().any(|&e| (e >> 16) as usize == feature)).count()
        };
        let changed = |weights: &[f64], feature: usize| (weights[feature] - start[feature]).abs() > 1e-9;
        let common = fit(&samples, &start, scale, &EvalArgs { min_count: 2, ..args });
        let (mut kept, mut moved) = (0, 0);
        for feature in 0..FEATURES {
            match met_in(feature) {
                1 => {
                    assert!(!changed(&common, feature), "feature {feature} met once");
                    kept += 1;
                }
                2 => moved += usize::from(changed(&common, feature)),
                _ => assert!(!changed(&common, feature)),
            }
        }
        assert!(kept > 0 && moved > 0, "{kept} kept, {moved} moved");
    }
}
