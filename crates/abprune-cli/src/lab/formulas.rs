//! The leaf counts the sources predict for a uniform tree, to print beside
//! the measured ones.

use abprune_games::random_tree::minimal_tree_leaves;

/// Bisection steps for Pearl's root: each halves the interval, so 64 steps
/// take `[0, 1]` below the spacing of `f64` near the root.
const BISECTION_STEPS: u32 = 64;

/// The predictions for one branching factor and depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Formulas {
    /// `b^d`: every leaf, what minimax evaluates.
    pub full_tree: u64,
    /// Knuth & Moore's minimal tree `b^ceil(d/2) + b^floor(d/2) - 1`: what
    /// alpha-beta evaluates with perfect ordering (and distinct values).
    pub minimal_tree: u64,
    /// `b^(3d/4)`: the slides' "average case".
    pub b_3d4: f64,
    /// Pearl's asymptotic count for random ordering and continuous values,
    /// `R_b^d` with `R_b` from [`pearl_branching_factor`].
    pub pearl: f64,
}

impl Formulas {
    /// The predictions for a tree the caller has already checked is small
    /// enough to build (so `b^d` fits in `u64`).
    pub fn new(branching: u32, depth: u32) -> Formulas {
        let b = f64::from(branching);
        let d = f64::from(depth);
        Formulas {
            full_tree: u64::from(branching).pow(depth),
            minimal_tree: minimal_tree_leaves(branching, depth),
            b_3d4: b.powf(0.75 * d),
            pearl: pearl_branching_factor(branching).powf(d),
        }
    }
}

/// Pearl's asymptotic branching factor of alpha-beta on random uniform trees
/// with continuous (distinct) leaf values: `ξ_b / (1 - ξ_b)`, where `ξ_b` is
/// the root in `(0, 1)` of `x^b + x - 1 = 0`.
///
/// The polynomial is increasing on `[0, 1]` (from -1 to 1), so bisection
/// always finds the one root; it needs no derivative and cannot overshoot.
pub fn pearl_branching_factor(branching: u32) -> f64 {
    let b = i32::try_from(branching).unwrap_or(i32::MAX);
    let f = |x: f64| x.powi(b) + x - 1.0;
    let (mut low, mut high) = (0.0_f64, 1.0_f64);
    for _ in 0..BISECTION_STEPS {
        let middle = 0.5 * (low + high);
        if f(middle) < 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let xi = 0.5 * (low + high);
    xi / (1.0 - xi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn pearl_root_for_two_is_the_golden_ratio() {
        // x^2 + x - 1 = 0 gives ξ = (√5 - 1) / 2 and ξ / (1 - ξ) = φ.
        assert!(close(pearl_branching_factor(2), (1.0 + 5f64.sqrt()) / 2.0));
        // b = 1: ξ = 1/2, one leaf per level.
        assert!(close(pearl_branching_factor(1), 1.0));
    }

    #[test]
    fn pearl_root_solves_the_polynomial_and_stays_below_b() {
        for b in 2..=20u32 {
            let r = pearl_branching_factor(b);
            let xi = r / (1.0 + r);
            assert!((xi.powi(b as i32) + xi - 1.0).abs() < 1e-12, "b = {b}");
            assert!(r < f64::from(b), "b = {b}: {r}");
            assert!(r > f64::from(b).sqrt(), "b = {b}: {r}");
        }
    }

    #[test]
    fn formulas_of_a_small_tree() {
        let f = Formulas::new(3, 4);
        assert_eq!(f.full_tree, 81);
        assert_eq!(f.minimal_tree, 17);
        assert!(close(f.b_3d4, 27.0));
        assert!(close(f.pearl, pearl_branching_factor(3).powi(4)));
    }
}
