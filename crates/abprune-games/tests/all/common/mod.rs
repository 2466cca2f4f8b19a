//! What several test files share: Connect Four's benchmark positions
//! here, random positions and the engines' check against brute force from
//! `abprune_games::testing` (shared with the engine's suites in
//! `crates/abprune/tests`). (Not every test module uses all of this
//! module, hence the allowance below.)
#![allow(dead_code)]

pub use abprune_games::testing::{cases, engines_agree_with_brute_force, legal_moves, random_unfinished};

/// End-game positions from Pascal Pons' public benchmark set `Test_L3_R1`
/// (`MOVES SCORE`, 1-based columns, the score in the benchmark's convention),
/// chosen for a spread of lengths and scores.
pub const CONNECT4_BENCHMARK: &[(&str, i32)] = &[
    ("52677675164321472411331752454", 0),
    ("545712124632266433465225571147", 1),
    ("67152117737262713366376314254", 6),
    ("56166146423261152341216473547", 4),
    ("11617255152412223243461443755", 3),
    ("75671334317317336771215665546", -4),
    ("26512741647245111351472255277", -5),
    ("12156756715535615116237724723", -2),
    ("712571271166563567166743254272", 5),
    ("414321636734576356317437271722", -3),
    ("6627513412261243434662623435755", 3),
    ("1313327526554131647611374372646", -1),
    ("71165555742443273243763213427724", 0),
    ("12513736213523127714633572657256", -4),
    ("341236533542227571766567145126312", -2),
    ("7422341735647741166133573473242566", 1),
    ("233377345754465174223731671122611552", 1),
    ("2252576253462244111563365343671351441", -1),
    ("71255763773133525731261364622167124446454", 0),
];
