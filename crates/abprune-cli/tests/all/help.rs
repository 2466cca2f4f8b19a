//! `abprune --help` describes every subcommand: `tune` once showed no
//! description and `match`'s doc line sat on it, and `solve` said "exactly"
//! of Gomoku, which it does not solve.

use crate::common::abprune_with_stdin;

/// The `(name, description)` rows of a help text's `Commands:` section.
fn commands(args: &[&str]) -> Vec<(String, String)> {
    let output = abprune_with_stdin(args, "");
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    let help = String::from_utf8_lossy(&output.stdout).into_owned();
    let section = help.lines().skip_while(|line| *line != "Commands:").skip(1);
    section
        .take_while(|line| line.starts_with("  "))
        .map(|line| {
            let (name, description) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
            (name.to_string(), description.trim().to_string())
        })
        .filter(|(name, _)| name != "help")
        .collect()
}

#[test]
fn every_subcommand_has_its_own_description() {
    let top = commands(&["--help"]);
    assert!(top.len() >= 10, "{top:?}");
    let mut seen = std::collections::HashSet::new();
    for (name, description) in &top {
        assert!(!description.is_empty(), "{name} has no description");
        assert!(seen.insert(description.clone()), "{name} repeats another's description: {description}");
        for (sub, text) in commands(&[name.as_str(), "--help"]) {
            assert!(!text.is_empty(), "{name} {sub} has no description");
        }
    }
    let solve = &top.iter().find(|(name, _)| name == "solve").expect("solve is listed").1;
    assert!(solve.contains("Gomoku"), "solve says what it does for Gomoku: {solve}");
}
