//! The evaluation nets as the player uses them: the shipped weights, the
//! training, the leaves' bounds, and Star2's exactness over the nets.

use super::net::{Nets, Outputs};
use super::player::{self, leaf_within_bounds};
use super::selfplay::{self, Learning, PubevalPlayer};
use super::tests::random_positions;
use super::weights;
use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn the_shipped_weights_load_and_write_back_byte_for_byte() {
    let nets = player::shipped_nets().map_err(|e| e.to_string());
    let nets = nets.as_deref().map_err(String::clone);
    assert!(nets.is_ok(), "{nets:?}");
    if let Ok(nets) = nets {
        assert_eq!(weights::to_bytes(nets), player::shipped_weights());
        assert!(nets.games > 0, "trained nets are shipped");
    }
}

/// The squared error of the nets' outputs against the results of the
/// games the positions came from, over a fixed set: positions of ten
/// seeded pubeval games, each labelled with its game's result for its
/// side on roll.
fn error_on_fixed_games(nets: &Nets) -> f32 {
    let mut error = 0.0;
    for seed in 0..10 {
        let mut positions = Vec::new();
        let mut rng = selfplay::game_rng(99, seed);
        let points = selfplay::play_game([&PubevalPlayer, &PubevalPlayer], &mut rng, |board, side| {
            positions.push((*board, side));
        });
        let Some(points) = points else { continue };
        for (board, side) in positions {
            let target = Outputs::finished(if side == 0 { points } else { -points });
            let out = nets.net_outputs(&board, side);
            error += out.0.iter().zip(&target.0).map(|(o, t)| (o - t) * (o - t)).sum::<f32>();
        }
    }
    error
}

#[test]
fn a_small_net_trained_for_seconds_errs_less_on_a_fixed_set() {
    let mut nets = Nets::random(8, 21);
    let before = error_on_fixed_games(&nets);
    let learning = Learning { alpha: 0.1, lambda: 0.7 };
    for number in 0..300 {
        selfplay::train_game(&mut nets, number, learning);
    }
    let after = error_on_fixed_games(&nets);
    assert!(after < 0.8 * before, "error {before} before training, {after} after");
}

/// Nets whose outputs saturate: every sigmoid pushed to 0 or 1.
fn saturated_nets() -> Nets {
    let mut nets = Nets::random(8, 4);
    for net in [&mut nets.contact, &mut nets.race] {
        for w in net.first.iter_mut().chain(net.second.iter_mut()) {
            *w *= 1000.0;
        }
    }
    nets
}

#[test]
fn the_nets_values_stay_inside_the_declared_bounds() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let positions = random_positions(&mut rng, 20);
    let shipped = player::shipped_nets().ok();
    for nets in [shipped, Some(Arc::new(saturated_nets()))].into_iter().flatten() {
        for mut game in positions.iter().filter(|game| game.outcome().is_none()).cloned() {
            game.set_nets(Some(nets.clone()));
            game.set_search_horizon(Some(rng.random_range(1..4)));
            assert!(
                leaf_within_bounds(&game),
                "{:?} outside {:?} at {}",
                game.evaluate(),
                game.value_bounds(),
                game.position_id()
            );
        }
    }
}

#[test]
fn star2_over_the_nets_finds_expectiminimax_value() {
    use abprune::{expectiminimax, star2, NoTrace, Ratio};
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let positions = random_positions(&mut rng, 2);
    let nets = Arc::new(saturated_nets());
    let mut saved = 0;
    for mut game in positions.into_iter().step_by(11).filter(|game| game.dice.is_some()) {
        game.set_nets(Some(nets.clone()));
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        let exact = expectiminimax(&mut game, 2, &mut NoTrace).map_err(|e| format!("{e:?}")).unwrap();
        let two = star2(&mut game, 2, full.0, full.1, &mut NoTrace).map_err(|e| format!("{e:?}")).unwrap();
        assert_eq!(two.value, exact.value, "at {}", game.position_id());
        saved += usize::from(two.stats.leaves < exact.stats.leaves);
    }
    assert!(saved > 0, "Star2 prunes somewhere");
}
