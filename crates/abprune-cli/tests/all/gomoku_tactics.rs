//! The Gomoku tactics suite (`suites/gomoku-tactics.txt`) checked by an
//! exhaustive search that shares no code with the engine or the game's
//! threat logic: fives are found by counting stones along lines, and wins
//! by trying every four (victory by continuous fours).
//!
//! A `win:` position's solutions must be exactly the first moves of the
//! shortest VCF; a `defend:` position's exactly the moves after which the
//! opponent has no VCF (the side to move having no four to interpose).
//!
//! `generate` (ignored) turns games into new candidate suite lines:
//! `abprune match gomoku --verbose ... > games.txt`, then
//! `GAMES=games.txt cargo test --release -p abprune-cli --test all -- --ignored gomoku_tactics::generate`.

// The oracle's helpers stop the test on any surprise, as a test should.
#![allow(clippy::unwrap_used)]

use abprune::{Game, Player};
use abprune_games::{Gomoku, Point, Rule};
use std::collections::BTreeSet;

/// The longest VCF the oracle looks for, in fours.
const MAX_FOURS: u32 = 8;

const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Would `player`'s stone on the empty point `p` complete a winning line?
fn makes_five(game: &Gomoku, p: Point, player: Player) -> bool {
    let mine = |x: i64, y: i64| game.contains(x, y) && game.stone(Point { x: x as u8, y: y as u8 }) == Some(player);
    DIRECTIONS.iter().any(|&(dx, dy)| {
        let run = |sign: i64| {
            (1..).take_while(|&k| mine(i64::from(p.x) + sign * k * dx, i64::from(p.y) + sign * k * dy)).count()
        };
        let length = 1 + run(1) + run(-1);
        match game.rule() {
            Rule::Freestyle => length >= 5,
            Rule::Standard => length == 5,
            // Renju: black wins with exactly five, white with five or more.
            Rule::Renju => length == 5 || (length > 5 && player == Player::Second),
        }
    })
}

/// Empty points with a stone of `player` within four steps along a line:
/// the only points where that player can make a five or a four.
fn line_points(game: &Gomoku, player: Player) -> Vec<Point> {
    let mut points = BTreeSet::new();
    for y in 0..game.height() as i64 {
        for x in 0..game.width() as i64 {
            let p = Point { x: x as u8, y: y as u8 };
            if game.stone(p) != Some(player) {
                continue;
            }
            for (dx, dy) in DIRECTIONS {
                for k in -4..=4 {
                    let (qx, qy) = (x + k * dx, y + k * dy);
                    if game.contains(qx, qy) {
                        let q = Point { x: qx as u8, y: qy as u8 };
                        if game.stone(q).is_none() {
                            points.insert(q);
                        }
                    }
                }
            }
        }
    }
    points.into_iter().collect()
}

fn fives(game: &Gomoku, player: Player) -> Vec<Point> {
    line_points(game, player).into_iter().filter(|&p| makes_five(game, p, player)).collect()
}

thread_local! {
    /// Answers already found: (position key, fours) -> wins. Keys are the
    /// game's Zobrist keys, the one piece of the game the oracle trusts
    /// (two positions colliding in 64 bits would have to meet here).
    static KNOWN: std::cell::RefCell<std::collections::HashMap<(u64, u32), bool>> = Default::default();
}

/// Does the side to move win by continuous fours within `fours` fours?
fn vcf(game: &mut Gomoku, fours: u32) -> bool {
    let key = (game.hash_key().unwrap(), fours);
    if let Some(known) = KNOWN.with(|known| known.borrow().get(&key).copied()) {
        return known;
    }
    let wins = vcf_search(game, fours);
    KNOWN.with(|known| known.borrow_mut().insert(key, wins));
    wins
}

fn vcf_search(game: &mut Gomoku, fours: u32) -> bool {
    let attacker = game.side_to_move();
    if !fives(game, attacker).is_empty() {
        return true;
    }
    let defender_fives = fives(game, attacker.opponent());
    if fours == 0 || defender_fives.len() >= 2 {
        return false;
    }
    // Under a four, the block is the only move, and it must be a four too.
    let candidates = if defender_fives.len() == 1 { defender_fives } else { line_points(game, attacker) };
    candidates.into_iter().any(|p| four_wins(game, p, fours))
}

/// Is `p` a four (for the side to move) after which the forced reply still
/// leaves a VCF of `fours - 1` more?
fn four_wins(game: &mut Gomoku, p: Point, fours: u32) -> bool {
    let attacker = game.side_to_move();
    game.try_play(p).unwrap();
    let threats = fives(game, attacker);
    let wins = match threats.len() {
        0 => false,
        _ if !fives(game, attacker.opponent()).is_empty() => false,
        1 => {
            game.try_play(threats[0]).unwrap();
            let wins = vcf(game, fours - 1);
            game.try_undo(threats[0]).unwrap();
            wins
        }
        _ => true,
    };
    game.try_undo(p).unwrap();
    wins
}

/// The length of the shortest VCF in fours, if any within `MAX_FOURS`.
fn shortest_vcf(game: &mut Gomoku) -> Option<u32> {
    (0..=MAX_FOURS).find(|&fours| vcf(game, fours))
}

/// The first moves of every shortest VCF.
fn winning_moves(game: &mut Gomoku) -> Option<(u32, Vec<Point>)> {
    let fours = shortest_vcf(game)?;
    let attacker = game.side_to_move();
    let moves = if fours == 0 {
        fives(game, attacker)
    } else {
        line_points(game, attacker).into_iter().filter(|&p| four_wins(game, p, fours)).collect()
    };
    Some((fours, moves))
}

/// Every empty point after which the opponent has no VCF.
fn defending_moves(game: &mut Gomoku) -> Vec<Point> {
    let mut moves = Vec::new();
    for y in 0..game.height() {
        for x in 0..game.width() {
            let p = Point { x: x as u8, y: y as u8 };
            if game.check_move(p).is_err() {
                continue;
            }
            game.try_play(p).unwrap();
            if shortest_vcf(game).is_none() {
                moves.push(p);
            }
            game.try_undo(p).unwrap();
        }
    }
    moves
}

/// Does the side to move have any four (a move that threatens five)?
fn has_a_four(game: &mut Gomoku) -> bool {
    let side = game.side_to_move();
    line_points(game, side).into_iter().any(|p| {
        game.try_play(p).unwrap();
        let four = !fives(game, side).is_empty();
        game.try_undo(p).unwrap();
        four
    })
}

struct Entry {
    line: usize,
    game: Gomoku,
    solutions: BTreeSet<Point>,
    theme: String,
}

fn suite() -> Vec<Entry> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../suites/gomoku-tactics.txt");
    let text = std::fs::read_to_string(path).expect("the suite is in the repository");
    let (mut size, mut rule) = (15, Rule::Freestyle);
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap().trim();
        if content.is_empty() {
            continue;
        }
        if let Some(directive) = content.strip_prefix('@') {
            let (key, value) = directive.split_once(' ').unwrap();
            match key {
                "size" => size = value.trim().parse().unwrap(),
                "rule" => rule = Rule::parse(value.trim()).unwrap(),
                _ => panic!("line {}: unknown directive", index + 1),
            }
            continue;
        }
        let fields: Vec<&str> = content.split(';').map(str::trim).collect();
        let game = Gomoku::from_moves(size, size, rule, fields[0]).unwrap();
        let solutions = fields[1].split_whitespace().map(|m| game.parse_point(m).unwrap()).collect();
        entries.push(Entry { line: index + 1, game, solutions, theme: fields[2].to_string() });
    }
    entries
}

fn names(points: &BTreeSet<Point>) -> String {
    points.iter().map(|&p| Gomoku::format_point(p)).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_suite_is_large_and_varied() {
    let entries = suite();
    assert!(entries.len() >= 60, "{} positions", entries.len());
    for theme in ["five", "open four", "double four", "four-three", "block the four", "open three", "tempting", "VCF"] {
        assert!(entries.iter().any(|e| e.theme.contains(theme)), "no position on '{theme}'");
    }
    for fours in 3..=7 {
        let label = format!("VCF of {fours} fours");
        assert!(entries.iter().any(|e| e.theme.contains(&label)), "no '{label}'");
    }
}

/// Ignored by default: 24 s of one core in the test profile, the slowest
/// test of `cargo test --workspace` (issue 35, item 15); run it after
/// changing the suite or the Gomoku rules.
#[test]
#[ignore = "24 s in the test profile: cargo test --release -p abprune-cli --test all -- --ignored gomoku_tactics::every_solution_set"]
fn every_solution_set_is_what_the_exhaustive_search_finds() {
    for mut entry in suite() {
        let here = format!("line {} ({})", entry.line, entry.theme);
        let expected: BTreeSet<Point> = if entry.theme.starts_with("win:") {
            let (fours, moves) = winning_moves(&mut entry.game).unwrap_or_else(|| panic!("{here}: no VCF"));
            if let Some(n) = entry.theme.split("VCF of ").nth(1) {
                let n: u32 = n.split_whitespace().next().unwrap().parse().unwrap();
                assert_eq!(fours, n, "{here}: shortest VCF");
            }
            moves.into_iter().collect()
        } else {
            assert!(entry.theme.starts_with("defend:"), "{here}: a theme starts with win: or defend:");
            assert!(!has_a_four(&mut entry.game), "{here}: the defender may not have a four to interpose");
            let mut game = entry.game.clone();
            defending_moves(&mut game).into_iter().collect()
        };
        assert!(!expected.is_empty(), "{here}: nothing solves it");
        assert_eq!(names(&entry.solutions), names(&expected), "{here}");
    }
}

/// Reads the games of `abprune match gomoku --verbose` (file in `GAMES`) and
/// prints the positions along them that make good suite lines.
#[test]
#[ignore]
fn generate() {
    let path = std::env::var("GAMES").expect("GAMES names a file of match games");
    let rule = std::env::var("RULE").map_or(Rule::Freestyle, |r| Rule::parse(&r).unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let mut seen = BTreeSet::new();
    for line in text.lines() {
        let Some((_, moves)) = line.split_once(": ").and_then(|(_, rest)| rest.split_once("  ")) else { continue };
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for length in 4..moves.len() {
            let prefix = moves[..length].join(" ");
            let Ok(mut game) = Gomoku::from_moves(15, 15, rule, &prefix) else { break };
            if game.is_over() || !seen.insert(prefix.clone()) {
                continue;
            }
            if let Some((fours, solutions)) = winning_moves(&mut game) {
                let theme = win_theme(&mut game, fours, &solutions);
                let solutions: BTreeSet<Point> = solutions.into_iter().collect();
                println!("{prefix} ; {} ; {theme}", names(&solutions));
                continue;
            }
            if has_a_four(&mut game) || with_pass(&mut game, shortest_vcf).is_none() {
                continue;
            }
            let defences: BTreeSet<Point> = defending_moves(&mut game).into_iter().collect();
            let empties = game.width() * game.height() - game.history().len();
            if defences.is_empty() || defences.len() > 6 || defences.len() == empties {
                continue;
            }
            let side = game.side_to_move();
            let theme = if !fives(&game, side.opponent()).is_empty() {
                "defend: block the four".to_string()
            } else {
                let threat = with_pass(&mut game, shortest_vcf);
                let tempting = line_points(&game, side).into_iter().filter(|p| !defences.contains(p)).any(|p| {
                    game.try_play(p).unwrap();
                    let attack = with_pass(&mut game, shortest_vcf) == Some(1);
                    game.try_undo(p).unwrap();
                    attack
                });
                let tempting = if tempting { ", a tempting counter-three loses" } else { "" };
                match threat {
                    Some(1) => format!("defend: block the open three{tempting}"),
                    Some(n) => format!("defend: stop a VCF of {n} fours{tempting}"),
                    None => continue,
                }
            };
            println!("{prefix} ; {} ; {theme}", names(&defences));
        }
    }
}

/// Runs `f` as if the side to move passed: a move on the emptiest corner
/// point, far from the fight, stands in for the pass.
fn with_pass<R>(game: &mut Gomoku, f: impl FnOnce(&mut Gomoku) -> R) -> R {
    let corners = [(0, 0), (game.width() - 1, 0), (0, game.height() - 1), (game.width() - 1, game.height() - 1)];
    let far = corners
        .into_iter()
        .map(|(x, y)| Point { x: x as u8, y: y as u8 })
        .filter(|&p| game.check_move(p).is_ok())
        .max_by_key(|p| {
            game.history()
                .iter()
                .map(|q| (i32::from(p.x) - i32::from(q.x)).abs().max((i32::from(p.y) - i32::from(q.y)).abs()))
                .min()
        })
        .unwrap();
    game.try_play(far).unwrap();
    let result = f(game);
    game.try_undo(far).unwrap();
    result
}

/// The theme of a won position, from the shortest VCF's length and shape.
fn win_theme(game: &mut Gomoku, fours: u32, solutions: &[Point]) -> String {
    match fours {
        0 => "win: five in one".to_string(),
        1 => {
            // Two five points on one line through the move: a straight four.
            let side = game.side_to_move();
            let first = solutions[0];
            game.try_play(first).unwrap();
            let threats = fives(game, side);
            game.try_undo(first).unwrap();
            let on_one_line = threats.iter().all(|q| {
                let (dx, dy) = (i64::from(q.x) - i64::from(first.x), i64::from(q.y) - i64::from(first.y));
                let (ax, ay) =
                    (i64::from(threats[0].x) - i64::from(first.x), i64::from(threats[0].y) - i64::from(first.y));
                dx * ay == dy * ax
            });
            if on_one_line {
                "win: open four".to_string()
            } else {
                "win: double four".to_string()
            }
        }
        2 => "win: four-three (VCF of 2 fours)".to_string(),
        n => format!("win: VCF of {n} fours"),
    }
}

/// Random crowded positions (black and white stones strewn near the
/// centre) with a long VCF for the side to move: long VCFs are rare in
/// games. `SAMPLES` positions are tried (default 2000), seeded by `SEED`;
/// VCFs of at least `MIN_FOURS` fours (default 3) are printed.
#[test]
#[ignore]
fn generate_long_vcf() {
    use rand::{Rng, SeedableRng};
    let samples: u32 = std::env::var("SAMPLES").map_or(2000, |n| n.parse().unwrap());
    let seed: u64 = std::env::var("SEED").map_or(1, |n| n.parse().unwrap());
    let min_fours: u32 = std::env::var("MIN_FOURS").map_or(3, |n| n.parse().unwrap());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..samples {
        let stones = rng.random_range(14..34);
        let mut game = Gomoku::new(15, Rule::Freestyle).unwrap();
        let mut moves = Vec::new();
        while moves.len() < stones {
            let p = Point { x: rng.random_range(3..12), y: rng.random_range(3..12) };
            if game.try_play(p).is_err() {
                continue;
            }
            if game.is_over() || !fives(&game, game.side_to_move().opponent()).is_empty() {
                game.try_undo(p).unwrap();
                break;
            }
            moves.push(p);
        }
        if moves.len() < 10 || !fives(&game, game.side_to_move()).is_empty() {
            continue;
        }
        if let Some((fours, solutions)) = winning_moves(&mut game) {
            if fours >= min_fours {
                let prefix = moves.iter().map(|&p| Gomoku::format_point(p)).collect::<Vec<_>>().join(" ");
                let theme = win_theme(&mut game, fours, &solutions);
                let solutions: BTreeSet<Point> = solutions.into_iter().collect();
                println!("{prefix} ; {} ; {theme}", names(&solutions));
            }
        }
    }
}
