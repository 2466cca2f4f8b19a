//! `abprune tune gomoku-policy`: fits the Gomoku move hint's per-code
//! tables (module `gomoku::order` of abprune-games) to a stronger engine's
//! best moves.
//!
//! The input is labelled positions, one a line, in the format of
//! `tune gomoku-eval` (docs/gomoku-data.md): each names the best move of a
//! search. Every position whose best move is among the candidate moves
//! abprune would search there (`Game::candidate_moves`, with more than
//! one) becomes a *choice*: per candidate, the linear part of the hint
//! (`ORDER_WEIGHTS` applied to `Gomoku::order_features`) and the two cell
//! codes the tables index (`Gomoku::hint_codes`). The fit maximises the
//! likelihood of the best moves under the conditional-logit model of the
//! hint (a candidate chosen with probability proportional to
//! `e^(hint / 1000)`), changing only the tables: Adam on shuffled
//! mini-batches (seeded), with a pull towards the current tables so that a
//! code the data seldom shows keeps its value. Every tenth game is held
//! out; the command prints how often the hint ranks the best move first
//! and among the first ten, its mean rank, and the cross-entropy, before
//! and after, then writes the tables as Rust source.

use crate::output::outln;
use crate::status::AtRunTime as _;
use crate::tune::Adam;
use crate::tune_eval::{capped_lines, parse_line, Replayer};
use abprune::Game;
use abprune_games::gomoku::cells::CODES;
use abprune_games::gomoku::{code_hints, ORDER_WEIGHTS};
use abprune_games::Gomoku;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The hint's units: thousandths of a logit.
const UNITS_PER_LOGIT: f64 = 1000.0;
/// Every this many-th game is held out of the fit.
const HOLD_OUT_EVERY: usize = 10;
/// Adam's guard against dividing by a vanishing gradient.
const ADAM_EPSILON: f64 = 1e-8;
/// The step size of the last epoch, as a share of the first's.
const FINAL_RATE_SHARE: f64 = 0.1;
/// Positions between two progress lines while reading.
const PROGRESS_EVERY: usize = 100_000;
/// The tables hold 16-bit numbers.
const TABLE_LIMIT: f64 = i16::MAX as f64;

/// Fit the Gomoku move hint's per-code tables to a search's best moves.
#[derive(Args, Debug)]
pub struct PolicyArgs {
    /// Files of labelled positions (Rapfi's self-play text format; `-` for
    /// standard input, e.g. `xz -dc data.txt.xz | abprune tune gomoku-policy -`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Positions with fewer stones are left out (the openings).
    #[arg(long, default_value_t = 4)]
    min_stones: usize,
    /// At most this many choices are read (the rest of the input is left).
    #[arg(long, default_value_t = 2_000_000)]
    max_positions: usize,
    /// Passes over the fitted choices.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Choices per gradient step.
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// Adam's step size, in thousandths of a logit.
    #[arg(long, default_value_t = 40.0)]
    rate: f64,
    /// The pull towards the current tables, per step (the gradient of a
    /// code seen once in a thousand candidates is about 1e-6).
    #[arg(long, default_value_t = 1e-9)]
    decay: f64,
    /// Seed of the shuffling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where to write the fitted tables (Rust source for
    /// `crates/abprune-games/src/gomoku/order_tables.rs`).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The choices in flat form: candidate `j` of choice `i` lies at
/// `offsets[i] + j`, and `best[i]` is the index of the best move.
#[derive(Default)]
struct Choices {
    linear: Vec<f32>,
    mine: Vec<u16>,
    theirs: Vec<u16>,
    offsets: Vec<u32>,
    best: Vec<u16>,
}

impl Choices {
    fn len(&self) -> usize {
        self.best.len()
    }

    /// The candidates of choice `i`.
    fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.offsets[i] as usize..self.offsets[i + 1] as usize
    }

    /// The hint of candidate `c` under `weights` (mine, then theirs), in logits.
    fn logit(&self, c: usize, weights: &[f64]) -> f64 {
        let codes = weights[usize::from(self.mine[c])] + weights[CODES + usize::from(self.theirs[c])];
        (f64::from(self.linear[c]) + codes) / UNITS_PER_LOGIT
    }

    /// Adds the position `game` with best move `best` if that move is
    /// among more than one candidate; true if added.
    fn add(&mut self, game: &Gomoku, best: abprune_games::Point) -> bool {
        if game.outcome().is_some() {
            return false;
        }
        let mut moves = Vec::new();
        if game.candidate_moves(&mut moves).is_some() || moves.len() < 2 {
            return false;
        }
        let Some(best_index) = moves.iter().position(|&mv| mv == best) else { return false };
        let weights = ORDER_WEIGHTS.to_vector();
        for &mv in &moves {
            let linear: i32 = game.order_features(mv).iter().zip(weights).map(|(f, w)| f * w).sum();
            let (mine, theirs) = game.hint_codes(mv);
            self.linear.push(linear as f32);
            self.mine.push(mine);
            self.theirs.push(theirs);
        }
        self.offsets.push(self.linear.len() as u32);
        self.best.push(best_index as u16);
        true
    }
}

/// Runs the fit and prints the figures.
pub fn run(args: &PolicyArgs) -> Result<()> {
    check(args)?;
    let (fitted, held_out) = read_choices(args)?;
    if fitted.len() == 0 || held_out.len() == 0 {
        bail!(
            "{} choices to fit and {} held out: give positions of at least {HOLD_OUT_EVERY} games",
            fitted.len(),
            held_out.len()
        );
    }
    eprintln!("# {} choices fitted, {} held out", fitted.len(), held_out.len());
    let (mine, theirs) = code_hints();
    let start: Vec<f64> = mine.iter().chain(theirs).map(|&v| f64::from(v)).collect();
    report("current tables", &held_out, &start)?;
    let weights = fit(&fitted, &start, args);
    let rounded: Vec<f64> = weights.iter().map(|w| w.round().clamp(-TABLE_LIMIT, TABLE_LIMIT)).collect();
    report("fitted tables", &held_out, &rounded)?;
    if let Some(path) = &args.out {
        write_tables(path, &rounded, args, fitted.len())?;
        outln!("# tables written to {}", path.display())?;
    }
    Ok(())
}

/// The options are checked before any input is read.
fn check(args: &PolicyArgs) -> Result<()> {
    if args.epochs == 0 || args.batch == 0 || args.max_positions == 0 {
        bail!("--epochs, --batch and --max-positions must be at least 1");
    }
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        bail!("--rate {} is not a positive number", args.rate);
    }
    if !(args.decay >= 0.0 && args.decay < 1.0) {
        bail!("--decay {} is not in [0, 1)", args.decay);
    }
    Ok(())
}

/// Reads every input file into fitted and held-out choices.
fn read_choices(args: &PolicyArgs) -> Result<(Choices, Choices)> {
    let (mut fitted, mut held_out) = (Choices::default(), Choices::default());
    fitted.offsets.push(0);
    held_out.offsets.push(0);
    let mut reader = Replayer::default();
    let mut read = 0usize;
    for path in &args.files {
        let input: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            let file = crate::input::open_file(path, crate::input::MAX_POSITIONS_BYTES, "positions")?;
            Box::new(std::io::BufReader::new(file))
        };
        for (number, line) in capped_lines(input).enumerate() {
            let at = || format!("{} line {}", path.display(), number + 1);
            let line = line.with_context(at)?;
            let Some(labelled) = parse_line(&line).with_context(at)? else { continue };
            let (game, game_number) = reader.advance(&labelled).with_context(at)?;
            if labelled.moves.len() < args.min_stones {
                continue;
            }
            let choices = if game_number % HOLD_OUT_EVERY == 0 { &mut held_out } else { &mut fitted };
            if choices.add(game, labelled.best) {
                read += 1;
                if read % PROGRESS_EVERY == 0 {
                    eprintln!("# read {read} choices");
                }
                if read >= args.max_positions {
                    return Ok((fitted, held_out));
                }
            }
        }
    }
    Ok((fitted, held_out))
}

/// How well `weights` rank the best moves of `choices`.
struct Ranking {
    first: f64,
    first_ten: f64,
    mean_rank: f64,
    cross_entropy: f64,
}

fn ranking(choices: &Choices, weights: &[f64]) -> Ranking {
    let (mut first, mut first_ten, mut ranks, mut entropy) = (0usize, 0usize, 0usize, 0.0);
    for i in 0..choices.len() {
        let range = choices.range(i);
        let best = range.start + usize::from(choices.best[i]);
        let best_logit = choices.logit(best, weights);
        let above = range.clone().filter(|&c| choices.logit(c, weights) > best_logit).count();
        first += usize::from(above == 0);
        first_ten += usize::from(above < 10);
        ranks += above + 1;
        entropy += log_sum_exp(range.map(|c| choices.logit(c, weights))) - best_logit;
    }
    let n = choices.len() as f64;
    Ranking {
        first: first as f64 / n,
        first_ten: first_ten as f64 / n,
        mean_rank: ranks as f64 / n,
        cross_entropy: entropy / n,
    }
}

fn report(name: &str, held_out: &Choices, weights: &[f64]) -> Result<()> {
    let r = ranking(held_out, weights);
    outln!(
        "# {name}: held out {} choices: best move first {:.1}%, among the first ten {:.1}%, mean rank {:.2}, cross-entropy {:.4}",
        held_out.len(),
        100.0 * r.first,
        100.0 * r.first_ten,
        r.mean_rank,
        r.cross_entropy
    )?;
    Ok(())
}

/// `ln(sum(e^x))`, steadied by the largest `x`.
fn log_sum_exp(values: impl Iterator<Item = f64> + Clone) -> f64 {
    let top = values.clone().fold(f64::NEG_INFINITY, f64::max);
    top + values.map(|x| (x - top).exp()).sum::<f64>().ln()
}

/// Adam over shuffled mini-batches, the step size falling linearly to
/// [`FINAL_RATE_SHARE`] of itself.
fn fit(choices: &Choices, start: &[f64], args: &PolicyArgs) -> Vec<f64> {
    let mut weights = start.to_vec();
    let mut adam = Adam::new(weights.len(), args.rate, ADAM_EPSILON);
    let mut order: Vec<u32> = (0..choices.len() as u32).collect();
    let mut random = crate::tune_eval::SplitMix(args.seed);
    let mut gradient = vec![0.0; weights.len()];
    let mut step = 0;
    for epoch in 0..args.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (random.next() % (i as u64 + 1)) as usize);
        }
        let share = 1.0 - (1.0 - FINAL_RATE_SHARE) * epoch as f64 / args.epochs.max(2).saturating_sub(1) as f64;
        adam.set_rate(args.rate * share);
        for batch in order.chunks(args.batch) {
            gradient.iter_mut().for_each(|g| *g = 0.0);
            for &i in batch {
                add_gradient(choices, i as usize, &weights, &mut gradient);
            }
            for (g, (w, s)) in gradient.iter_mut().zip(weights.iter().zip(start)) {
                *g = *g / batch.len() as f64 + args.decay * (w - s);
            }
            step += 1;
            adam.descend(&mut weights, &gradient, step);
        }
        eprintln!("# epoch {}: held-in cross-entropy {:.4}", epoch + 1, ranking(choices, &weights).cross_entropy);
    }
    weights
}

/// Adds the gradient of choice `i`'s negative log-likelihood: per
/// candidate, its probability less 1 for the best move, over the units.
fn add_gradient(choices: &Choices, i: usize, weights: &[f64], gradient: &mut [f64]) {
    let range = choices.range(i);
    let best = range.start + usize::from(choices.best[i]);
    let total = log_sum_exp(range.clone().map(|c| choices.logit(c, weights)));
    for c in range {
        let probability = (choices.logit(c, weights) - total).exp();
        let g = (probability - f64::from(u8::from(c == best))) / UNITS_PER_LOGIT;
        gradient[usize::from(choices.mine[c])] += g;
        gradient[CODES + usize::from(choices.theirs[c])] += g;
    }
}

/// Writes the tables as the Rust source of `order_tables.rs`.
fn write_tables(path: &Path, weights: &[f64], args: &PolicyArgs, choices: usize) -> Result<()> {
    let list = |values: &[f64]| -> String {
        let numbers: Vec<String> = values.iter().map(|v| format!("{}", *v as i16)).collect();
        numbers.chunks(16).map(|row| format!("    {},\n", row.join(", "))).collect()
    };
    let mut text = String::new();
    text.push_str("//! The move hint's per-code tables (module `order`), written by `abprune\n");
    text.push_str(&format!(
        "//! tune gomoku-policy` from {choices} positions' best moves (--epochs {} --batch {} --rate {} --decay {} --seed {}).\n",
        args.epochs, args.batch, args.rate, args.decay, args.seed
    ));
    text.push_str("//! docs/gomoku-data.md says how the positions are made again. Not edited by hand.\n\n");
    text.push_str("use super::cells::CODES;\n\n");
    text.push_str("/// Per code, what a stone of the side to move there adds to the hint.\n#[rustfmt::skip]\npub(super) static MINE: [i16; CODES] = [\n");
    text.push_str(&list(&weights[..CODES]));
    text.push_str("];\n\n/// Per code, what the cell's code for the other side adds to the hint.\n#[rustfmt::skip]\npub(super) static THEIRS: [i16; CODES] = [\n");
    text.push_str(&list(&weights[CODES..]));
    text.push_str("];\n");
    let mut file =
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display())).at_run_time()?;
    file.write_all(text.as_bytes()).with_context(|| format!("cannot write {}", path.display())).at_run_time()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use abprune_games::{Point, Rule};

    /// A position with its best move among the candidates becomes a
    /// choice whose candidates carry the hint's codes and linear part.
    #[test]
    fn a_position_becomes_a_choice_of_its_candidates() {
        let game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 i9 i8 g8 j7 h9").unwrap();
        let mut choices = Choices { offsets: vec![0], ..Choices::default() };
        let best = game.parse_point("g9").unwrap();
        assert!(choices.add(&game, best));
        assert!(!choices.add(&game, Point::new(0, 0)), "a best move that is no candidate");
        assert_eq!(choices.len(), 1);
        let range = choices.range(0);
        let best_at = range.start + usize::from(choices.best[0]);
        assert_eq!(game.hint_codes(best), (choices.mine[best_at], choices.theirs[best_at]));
        // With all-zero tables the logit is the linear hint.
        let zero = vec![0.0; 2 * CODES];
        let weights = ORDER_WEIGHTS.to_vector();
        let linear: i32 = game.order_features(best).iter().zip(weights).map(|(f, w)| f * w).sum();
        assert_eq!(choices.logit(best_at, &zero), f64::from(linear) / UNITS_PER_LOGIT);
    }

    /// The fit raises the best move's rank on the choices it learns from.
    #[test]
    fn the_fit_ranks_the_chosen_moves_higher() {
        let mut choices = Choices { offsets: vec![0], ..Choices::default() };
        let games = ["h8 i9 i8 g8 j7 h9", "h8 h9 i8 g8 j8", "h8 i8 h9 h10 g10 i7 j6"];
        for moves in games {
            let mut game = Gomoku::from_moves(15, 15, Rule::Freestyle, moves).unwrap();
            // The best move: the candidate the current hint likes least.
            for _ in 0..4 {
                let mut candidates = Vec::new();
                if game.candidate_moves(&mut candidates).is_some() {
                    break;
                }
                let worst = *candidates.iter().min_by_key(|&&mv| game.move_hint(mv)).unwrap();
                assert!(choices.add(&game, worst));
                game.play(worst);
            }
        }
        let args = PolicyArgs {
            files: Vec::new(),
            min_stones: 0,
            max_positions: 1,
            epochs: 30,
            batch: 4,
            rate: 200.0,
            decay: 0.0,
            seed: 1,
            out: None,
        };
        let start = vec![0.0; 2 * CODES];
        let before = ranking(&choices, &start);
        let after = ranking(&choices, &fit(&choices, &start, &args));
        assert!(
            after.cross_entropy < before.cross_entropy - 0.5,
            "{} -> {}",
            before.cross_entropy,
            after.cross_entropy
        );
        assert!(after.mean_rank < before.mean_rank, "{} -> {}", before.mean_rank, after.mean_rank);
    }
}
