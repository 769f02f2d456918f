//! `rate --scheme B` with its default options equals the published B ratings of T&E(1)
//! puzzles: the SHC's examples (B0 to B9) and Berthier's minimals of eleven's B6B+ puzzles
//! (B12 to B22; tests/fixtures/b_ratings/README.md cites them), each
//! rated, none cut by the default bounds (60 s, 500 MB a puzzle).

use std::process::Command;

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/b_ratings/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The published ratings of a fixture (`puzzle Bn` lines).
fn published(name: &str) -> Vec<(String, String)> {
    std::fs::read_to_string(fixture(name))
        .expect("fixture")
        .lines()
        .map(|l| {
            let (puzzle, b) = l.split_once(' ').expect("puzzle and rating");
            (puzzle.to_string(), b.trim().to_string())
        })
        .collect()
}

/// `rate FILE --scheme B --json` with the default options: one JSON object per puzzle.
fn rate_b(name: &str) -> Vec<serde_json::Value> {
    rate(&fixture(name), "B")
}

/// `rate TARGET --scheme SCHEME --json` (a puzzle or a file) with the default options.
fn rate(target: &str, scheme: &str) -> Vec<serde_json::Value> {
    crate::common::ok(&["rate", target, "--scheme", scheme, "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn assert_published(name: &str, lowest: usize) {
    let expected = published(name);
    let lines = rate_b(name);
    assert_eq!(lines.len(), expected.len(), "a line per puzzle");
    let mut highest = 0;
    for ((puzzle, b), line) in expected.iter().zip(&lines) {
        assert_eq!(line["puzzle"].as_str(), Some(puzzle.as_str()), "{line}");
        assert!(line.get("cut").is_none(), "cut by a default bound: {line}");
        assert_eq!(line["level"].as_str(), Some(b.as_str()), "{puzzle}");
        let n = line["rating"].as_u64().expect("rated") as usize;
        assert!(n >= lowest, "{line}");
        highest = highest.max(n);
        // above B_PATH_MAX the hardest step is named by the rating alone
        if n > sudolink_study::rating::B_PATH_MAX {
            assert_eq!(line["hardest"], format!("braid[{n}]"), "{line}");
        }
    }
    assert!(highest >= lowest, "the fixture reaches its range");
}

#[test]
fn b_equals_the_shc_examples_published_ratings() {
    assert_published("shc_b_examples.txt", 0);
}

#[test]
fn b_equals_berthiers_minimals_published_ratings_b12_to_b22_with_the_default_options() {
    assert_published("eleven_b6b_minimals_te1.txt", 12);
}

/// A braid search reads the clock, not only its node budget: `rate --scheme B --timeout 0.05`
/// on the hardest of the fixture's minimals (published B20, about 0.4 s of CPU to rate)
/// stops at the time bound and says so. Not timed strictly (the machine may be loaded): the
/// rating's own seconds stay well under a second, where the existence searches that ran to
/// their node budget took 0.6–0.9 s.
#[test]
fn b_stops_at_its_time_bound_and_says_so() {
    const HARD: &str =
        "1...5......7..9....8.3..4....5.1..6..6.8....4.....7...53.2...4.......3.89.......2";
    let out = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(["rate", HARD, "--scheme", "B", "--timeout", "0.05", "--json"])
        .output()
        .expect("sudolink runs");
    let line: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).expect("a JSON line");
    assert_eq!(line["cut"]["bound"], "time", "{line}");
    assert!(line["rating"].is_null(), "{line}");
    let level = line["level"].as_str().expect("a level");
    assert!(
        level.starts_with("B>") && level.ends_with("(time bound)"),
        "{line}"
    );
    let seconds = line["seconds"].as_f64().expect("seconds");
    assert!(seconds < 0.5, "stopped {seconds} s after its start: {line}");
}

/// Mauricio's puzzle, as SudoRules 20.1 rates it in CSP-Rules-Examples
/// (`Sudoku-a/Mauricio-W31-GW12-B19-gB11.clp`): B19 and gB11. gB11 lies above the
/// resolution path's reach (`rating::GB_PATH_MAX`), where gB_p's closures alone rate it.
#[test]
fn gb_and_b_of_mauricios_puzzle_equal_sudorules() {
    const MAURICIO: &str =
        ".....1..2....3..4...52..1....36...1..2..7...89....57....9..7....8.9....43...4..8.";
    const { assert!(11 > sudolink_study::rating::GB_PATH_MAX) };
    for (scheme, level) in [("gB", "gB11"), ("B", "B19")] {
        let [line] = &rate(MAURICIO, scheme)[..] else {
            panic!("one line");
        };
        assert!(line.get("cut").is_none(), "{line}");
        assert_eq!(line["level"].as_str(), Some(level), "{line}");
    }
}
