//! The VCT search (`Gomoku::find_vct`) against exact solves: every win it
//! claims on small boards is a win.

use abprune::{Engine, EngineOptions, Game, SearchLimits, SolveMode};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use abprune_games::testing::random_gomoku_under;
use abprune_games::Rule;

/// A solve that needs more nodes than this is skipped (a few positions
/// with many empty points).
const SOLVE_NODES: u64 = 2_000_000;

/// On random 6 x 6 and 7 x 7 positions (freestyle and renju by turns),
/// every first threat `find_vct` names wins
/// against every defence: after it, the exact solve says the side that
/// played it wins. Enough positions have a VCT for the check to bite.
#[test]
fn every_vct_found_is_a_win_by_the_exact_solve() {
    let mut rng = ChaCha8Rng::seed_from_u64(24_2026);
    let mut engine = Engine::new(EngineOptions::default().with_threads(1)).unwrap();
    let limits = SearchLimits::none().with_nodes(SOLVE_NODES);
    let (mut checked, mut found, mut unsolved) = (0, 0, 0);
    while found < 400 {
        let size = rng.random_range(6..=7);
        let stones = rng.random_range(14..=size * size * 2 / 3);
        let rule = if found % 2 == 0 { Rule::Freestyle } else { Rule::Renju };
        let Some(mut game) = random_gomoku_under(&mut rng, size, stones, rule) else { continue };
        checked += 1;
        assert!(checked < 20_000, "too few VCTs among {checked} positions");
        let Some(first) = game.find_vct(8, 200_000) else { continue };
        assert!(game.check_move(first).is_ok(), "{first} is not legal in\n{game}");
        game.play(first);
        let solved = engine.solve(&mut game, SolveMode::Weak, &limits).unwrap();
        if !solved.exact {
            unsolved += 1;
            continue;
        }
        found += 1;
        assert!(solved.value.is_loss(), "the VCT starting {first} does not win:\n{game}");
    }
    assert!(unsolved < found, "{unsolved} positions too big to solve against {found} checked");
}
