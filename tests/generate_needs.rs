//! `generate --needs TECHNIQUE`: every puzzle it writes has one solution and its
//! simplest-first path (the rules plus the technique), re-solved here, takes a step of the
//! technique; a common technique from random puzzles, an exotic one from a seed fixture
//! under the grid's symmetries; fewer than asked is said.

use crate::common;

use common::{fixture_path, sudolink};
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::grid::State;
use sudolink_engine::solver::count_solutions_of_values;
use sudolink_search::registry::TechniqueId;
use sudolink_study::resolution::solve;
use sudolink_study::{needs, rules};

/// The puzzles a run wrote, each re-solved with `rules` plus `technique`: unique, and
/// its path takes a step of the technique.
fn assert_each_needs(out: &str, rules_spec: &str, technique: &str) -> usize {
    let t = TechniqueId::from_name(technique).unwrap();
    let rule_list = needs::with_technique(&rules::parse(rules_spec, 10).unwrap().rules, t, 10);
    let puzzles: Vec<[u8; 81]> = parse_collection(out)
        .map(|(_, p)| p.expect("a puzzle line").givens)
        .collect();
    for p in &puzzles {
        let count = count_solutions_of_values(p, 2);
        assert_eq!(count.count, 1, "not unique: {p:?}");
        let start = State::from_givens(p).unwrap();
        let r = solve(&start, &rule_list, count.solution.as_ref()).expect("sound path");
        assert!(
            r.steps.iter().any(|s| TechniqueId::of_proof(&s.proof) == t),
            "the path takes no {technique} step"
        );
    }
    puzzles.len()
}

#[test]
fn x_wing_puzzles_from_random_generation() {
    let (code, out, err) = sudolink(&[
        "generate",
        "--needs",
        "x-wing",
        "--rules",
        "basic",
        "--count",
        "3",
        "--seed",
        "7",
        "--attempts",
        "2000",
        "--timeout",
        "5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(assert_each_needs(&out, "basic", "x-wing"), 3);
    assert!(
        err.contains("3 of 3 puzzle(s) needing x-wing found in"),
        "{err}"
    );
    assert!(!err.contains("FEWER THAN ASKED"), "{err}");
}

/// `generate --needs junior-exocet --rules basic` from the seed fixture: `count` puzzles
/// asked, within `attempts` candidates.
fn junior_exocets_from_seeds(count: &str, attempts: &str) -> (i32, String, String) {
    let seeds = fixture_path("junior_exocet_seeds.txt");
    sudolink(&[
        "generate",
        "--needs",
        "junior-exocet",
        "--rules",
        "basic",
        "--count",
        count,
        "--from",
        seeds.to_str().unwrap(),
        "--attempts",
        attempts,
        "--timeout",
        "10",
    ])
}

#[test]
fn junior_exocet_puzzles_from_a_seed_fixture_and_its_symmetries() {
    let (code, out, err) = junior_exocets_from_seeds("6", "200");
    assert_eq!(code, 0, "{err}");
    // three seeds need it as they are: the other three are their symmetric images
    assert_eq!(assert_each_needs(&out, "basic", "junior-exocet"), 6);
    let lines: Vec<&str> = out.lines().collect();
    let unique: std::collections::HashSet<&&str> = lines.iter().collect();
    assert_eq!(unique.len(), 6, "six distinct puzzles");
}

#[test]
fn fewer_than_asked_is_said() {
    let (code, out, err) = junior_exocets_from_seeds("5", "4");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3);
    assert!(
        err.contains(
            "3 of 5 puzzle(s) needing junior-exocet found in 4 candidate(s) (1 without it"
        ),
        "{err}"
    );
    assert!(
        err.contains("FEWER THAN ASKED: 3 of 5 found; the attempts (4, --attempts) ran out"),
        "{err}"
    );
}

#[test]
fn an_unknown_technique_is_refused() {
    let (code, _, err) = sudolink(&["generate", "--needs", "no-such-thing", "--count", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown technique"), "{err}");
}
