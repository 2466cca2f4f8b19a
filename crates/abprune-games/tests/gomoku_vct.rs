//! The VCT search (`Gomoku::find_vct`) against exact solves: every win it
//! claims on small boards is a win, and it sees through the defender's
//! counter-fours, which delay a standing open three without stopping it.

use abprune::{Engine, EngineOptions, Game, SearchLimits, SolveMode};
use abprune_games::{Gomoku, Point, Rule};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A solve that needs more nodes than this is skipped (a few positions
/// with many empty points).
const SOLVE_NODES: u64 = 2_000_000;

/// A random unfinished position of `stones` stones on a `size` x `size`
/// board in which neither side has a five point (no win in one for either).
fn random_position(rng: &mut ChaCha8Rng, size: usize, stones: usize) -> Option<Gomoku> {
    let mut game = Gomoku::new(size, Rule::Freestyle).expect("a board size");
    for _ in 0..stones {
        let empty: Vec<Point> = (0..size as u8)
            .flat_map(|y| (0..size as u8).map(move |x| Point::new(x, y)))
            .filter(|&p| game.check_move(p).is_ok())
            .collect();
        let &point = empty.get(rng.random_range(0..empty.len()))?;
        game.try_play(point).ok()?;
        if game.is_over() {
            return None;
        }
    }
    Some(game)
}

/// On random 6 x 6 and 7 x 7 positions, every first threat `find_vct` names wins
/// against every defence: after it, the exact solve says the side that
/// played it wins. Enough positions have a VCT for the check to bite.
#[test]
fn every_vct_found_is_a_win_by_the_exact_solve() {
    let mut rng = ChaCha8Rng::seed_from_u64(24_2026);
    let mut engine = Engine::new(EngineOptions { threads: 1, ..EngineOptions::default() }).unwrap();
    let limits = SearchLimits::none().with_nodes(SOLVE_NODES);
    let (mut checked, mut found, mut unsolved) = (0, 0, 0);
    while found < 400 {
        let size = rng.random_range(6..=7);
        let stones = rng.random_range(14..=size * size * 2 / 3);
        let Some(mut game) = random_position(&mut rng, size, stones) else { continue };
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

/// White to move, black has just made a four (j11) against white's
/// standing attack: white must cover j10, which makes no new threat, and
/// still wins by continuous threats (Rapfi 0.43 announced mate in 7 here
/// in a match game). The search once gave up at every such cover.
#[test]
fn a_vct_goes_on_after_covering_a_counter_four() {
    let moves = "h8 h7 j7 g9 f10 g7 g8 i8 j9 e7 f7 f8 d6 e9 d10 g6 e10 g10 e6 h9 b10 c10 f9 g5 j5 h4 d5 c4 \
                 j8 j6 c12 d11 j11";
    let mut game = Gomoku::from_moves(15, 15, Rule::Freestyle, moves).unwrap();
    let first = game.find_vct(8, 100_000).map(|p| p.to_string());
    assert_eq!(first.as_deref(), Some("j10"));
    // Earlier in the same attack, two counter-fours away from the end.
    let earlier = "h8 h7 j7 g9 f10 g7 g8 i8 j9 e7 f7 f8 d6 e9 d10 g6 e10 g10 e6 h9 b10 c10 f9 g5 j5 h4 d5 c4 j8";
    let mut game = Gomoku::from_moves(15, 15, Rule::Freestyle, earlier).unwrap();
    assert!(game.find_vct(8, 100_000).is_some(), "\n{game}");
}
