//! The evaluation nets: a contact net and a race net, each a perceptron
//! with one hidden layer of sigmoid units (TD-Gammon's shape) over the
//! [`features`](super::features) of the side on roll, giving five
//! probabilities for that side: it wins, wins a gammon, wins a
//! backgammon, loses a gammon, loses a backgammon. Their cubeless money
//! equity is [`Outputs::equity`], from -3 to +3 points.
//!
//! The first layer's weights are stored input by input, so that an
//! evaluation adds only the columns of the inputs a position sets (about
//! fifty of two hundred): a 128-unit net costs some six thousand
//! multiply-adds.

use super::bearoff::Bearoff;
use super::board::Board;
use super::features::{Inputs, INPUTS};
use super::pubeval;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The outputs of a net.
pub const OUTPUTS: usize = 5;
/// The index of each output.
pub const WIN: usize = 0;
/// P(the side on roll wins a gammon or backgammon).
pub const WIN_GAMMON: usize = 1;
/// P(it wins a backgammon).
pub const WIN_BACKGAMMON: usize = 2;
/// P(it loses a gammon or backgammon).
pub const LOSE_GAMMON: usize = 3;
/// P(it loses a backgammon).
pub const LOSE_BACKGAMMON: usize = 4;
/// The spread of the first weights: uniform in `±INIT_SPREAD`.
const INIT_SPREAD: f32 = 0.1;

/// The five probabilities of one position, for the side on roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outputs(pub [f32; OUTPUTS]);

impl Outputs {
    /// The outputs made consistent: a gammon no likelier than the win it
    /// is part of, a backgammon no likelier than the gammon, and no
    /// gammon for a side once the other has borne a checker off.
    pub fn consistent(self, board: &Board, side: usize) -> Outputs {
        let mut p = self.0.map(|x| x.clamp(0.0, 1.0));
        p[WIN_GAMMON] = p[WIN_GAMMON].min(p[WIN]);
        p[WIN_BACKGAMMON] = p[WIN_BACKGAMMON].min(p[WIN_GAMMON]);
        p[LOSE_GAMMON] = p[LOSE_GAMMON].min(1.0 - p[WIN]);
        p[LOSE_BACKGAMMON] = p[LOSE_BACKGAMMON].min(p[LOSE_GAMMON]);
        if board.off(1 - side) > 0 {
            p[WIN_GAMMON] = 0.0;
            p[WIN_BACKGAMMON] = 0.0;
        }
        if board.off(side) > 0 {
            p[LOSE_GAMMON] = 0.0;
            p[LOSE_BACKGAMMON] = 0.0;
        }
        Outputs(p)
    }

    /// Cubeless money equity in points: `2 P(win) - 1` plus the gammons and
    /// backgammons won, minus those lost; within ±3 for any outputs in
    /// [0, 1], within ±1 once [`Outputs::consistent`] has removed gammons.
    pub fn equity(&self) -> f32 {
        let p = &self.0;
        2.0 * p[WIN] - 1.0 + p[WIN_GAMMON] + p[WIN_BACKGAMMON] - p[LOSE_GAMMON] - p[LOSE_BACKGAMMON]
    }

    /// The same chances seen by the other side.
    pub fn flipped(&self) -> Outputs {
        let p = &self.0;
        Outputs([1.0 - p[WIN], p[LOSE_GAMMON], p[LOSE_BACKGAMMON], p[WIN_GAMMON], p[WIN_BACKGAMMON]])
    }

    /// The outputs of a finished game for the side that won `points` (1,
    /// 2 or 3), or lost them when `points` is negative.
    pub fn finished(points: i32) -> Outputs {
        let won = Outputs([1.0, f32::from(points >= 2), f32::from(points >= 3), 0.0, 0.0]);
        if points > 0 {
            won
        } else {
            Outputs::finished(-points).flipped()
        }
    }
}

/// One net: `INPUTS` inputs, `hidden` sigmoid units, [`OUTPUTS`] sigmoid outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// The hidden units.
    pub hidden: usize,
    /// First-layer weights, input-major: `first[input * hidden + unit]`.
    pub first: Vec<f32>,
    /// The hidden units' biases.
    pub hidden_bias: Vec<f32>,
    /// Second-layer weights, output-major: `second[output * hidden + unit]`.
    pub second: Vec<f32>,
    /// The outputs' biases.
    pub output_bias: [f32; OUTPUTS],
}

/// What a forward pass keeps for the gradient: the hidden activations.
#[derive(Clone, Debug)]
pub struct Activations {
    /// Each hidden unit's sigmoid.
    pub hidden: Vec<f32>,
    /// The outputs.
    pub outputs: Outputs,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A net of `hidden` units with small random weights from `seed`.
    pub fn random(hidden: usize, seed: u64) -> Net {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut weights = |n: usize| (0..n).map(|_| rng.random_range(-INIT_SPREAD..INIT_SPREAD)).collect::<Vec<f32>>();
        let first = weights(INPUTS * hidden);
        let second = weights(OUTPUTS * hidden);
        Net { hidden, first, hidden_bias: vec![0.0; hidden], second, output_bias: [0.0; OUTPUTS] }
    }

    /// The outputs of the net for `inputs`, with the hidden activations.
    pub fn forward(&self, inputs: &Inputs) -> Activations {
        let mut sums = self.hidden_bias.clone();
        for &i in &inputs.nonzero {
            let x = inputs.values[usize::from(i)];
            let column = &self.first[usize::from(i) * self.hidden..(usize::from(i) + 1) * self.hidden];
            for (sum, w) in sums.iter_mut().zip(column) {
                *sum += x * w;
            }
        }
        for sum in &mut sums {
            *sum = sigmoid(*sum);
        }
        let mut outputs = [0.0; OUTPUTS];
        for (k, out) in outputs.iter_mut().enumerate() {
            let row = &self.second[k * self.hidden..(k + 1) * self.hidden];
            let dot: f32 = row.iter().zip(&sums).map(|(w, h)| w * h).sum();
            *out = sigmoid(dot + self.output_bias[k]);
        }
        Activations { hidden: sums, outputs: Outputs(outputs) }
    }

    /// One step of gradient descent on the squared error of the outputs
    /// against `target` (TD(0)'s update when the target is the next
    /// position's outputs): each weight moves by `alpha` times the
    /// output errors back-propagated to it. Only the first-layer columns
    /// of the inputs set change. Returns the squared error before the step.
    pub fn learn(&mut self, inputs: &Inputs, target: &Outputs, alpha: f32) -> f32 {
        let active = self.forward(inputs);
        let hidden = self.hidden;
        // Output deltas: error times the sigmoid's slope.
        let mut deltas = [0.0; OUTPUTS];
        let mut error = 0.0;
        for (k, delta) in deltas.iter_mut().enumerate() {
            let out = active.outputs.0[k];
            let diff = target.0[k] - out;
            error += diff * diff;
            *delta = diff * out * (1.0 - out);
        }
        // Hidden deltas, from the second layer before it changes.
        let mut hidden_deltas = vec![0.0; hidden];
        for (unit, hidden_delta) in hidden_deltas.iter_mut().enumerate() {
            let back: f32 = (0..OUTPUTS).map(|k| deltas[k] * self.second[k * hidden + unit]).sum();
            let h = active.hidden[unit];
            *hidden_delta = back * h * (1.0 - h);
        }
        for (k, delta) in deltas.iter().enumerate() {
            let step = alpha * delta;
            for (w, h) in self.second[k * hidden..(k + 1) * hidden].iter_mut().zip(&active.hidden) {
                *w += step * h;
            }
            self.output_bias[k] += step;
        }
        for &i in &inputs.nonzero {
            let x = alpha * inputs.values[usize::from(i)];
            let column = &mut self.first[usize::from(i) * hidden..(usize::from(i) + 1) * hidden];
            for (w, d) in column.iter_mut().zip(&hidden_deltas) {
                *w += x * d;
            }
        }
        for (b, d) in self.hidden_bias.iter_mut().zip(&hidden_deltas) {
            *b += alpha * d;
        }
        error
    }
}

/// The two nets of the evaluation, and how many self-play games trained them.
#[derive(Clone, Debug, PartialEq)]
pub struct Nets {
    /// For positions where the sides can still hit each other.
    pub contact: Net,
    /// For races ([`pubeval::is_race`]).
    pub race: Net,
    /// The self-play games that trained them.
    pub games: u64,
    /// The seed of the training (its games' dice follow from it).
    pub seed: u64,
}

impl Nets {
    /// Untrained nets of `hidden` units each.
    pub fn random(hidden: usize, seed: u64) -> Nets {
        Nets { contact: Net::random(hidden, seed), race: Net::random(hidden, seed ^ 1), games: 0, seed }
    }

    /// The net that judges `board`.
    pub fn net_for(&self, board: &Board) -> &Net {
        if pubeval::is_race(board) {
            &self.race
        } else {
            &self.contact
        }
    }

    /// The net that judges `board`, to train.
    pub fn net_for_mut(&mut self, board: &Board) -> &mut Net {
        if pubeval::is_race(board) {
            &mut self.race
        } else {
            &mut self.contact
        }
    }

    /// The net's consistent outputs for `side`, on roll, at `board` (a game not over).
    pub fn net_outputs(&self, board: &Board, side: usize) -> Outputs {
        self.net_for(board).forward(&Inputs::of(board, side)).outputs.consistent(board, side)
    }

    /// The chances of `side`, on roll, at `board` (a game not over): the
    /// bear-off database's where both sides have all their checkers home,
    /// the net's elsewhere.
    pub fn outputs(&self, board: &Board, side: usize) -> Outputs {
        if !(board.all_home(0) && board.all_home(1)) {
            // Not a bear-off: the database is not needed (nor built).
            return self.net_outputs(board, side);
        }
        match Bearoff::get().race(board, side) {
            Some(race) => race.consistent(board, side),
            None => self.net_outputs(board, side),
        }
    }

    /// The cubeless equity of `board` for `side`, on roll.
    pub fn equity(&self, board: &Board, side: usize) -> f32 {
        self.outputs(board, side).equity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flipping_twice_is_the_identity_and_equity_changes_sign() {
        let outputs = Outputs([0.6, 0.2, 0.05, 0.1, 0.01]);
        assert_eq!(outputs.flipped().flipped(), outputs);
        assert!((outputs.equity() + outputs.flipped().equity()).abs() < 1e-6);
        assert_eq!(Outputs::finished(2).equity(), 2.0);
        assert_eq!(Outputs::finished(-3).equity(), -3.0);
    }

    #[test]
    fn learning_moves_the_outputs_toward_the_target() {
        let mut net = Net::random(16, 3);
        let inputs = Inputs::of(&Board::start(), 0);
        let target = Outputs([0.9, 0.3, 0.0, 0.1, 0.0]);
        let first = net.learn(&inputs, &target, 0.5);
        for _ in 0..50 {
            net.learn(&inputs, &target, 0.5);
        }
        assert!(net.learn(&inputs, &target, 0.5) < first / 10.0);
    }
}
