//! Berthier's "SFin + W + Trid-OR5W" levels ([Berthier classif], [CSP-Rules]): sudolink's
//! `Trid-OR5W` scheme gives mith's T&E(3) puzzles the levels Berthier publishes, and solves
//! Loki with every step checked.

use sudolink::grid::format::parse_line;
use sudolink::solver::count_solutions;
use sudolink::study::rating::{rate, Scheme};

/// Berthier's maximal length: a puzzle not solved with lengths ≤ 8 is published as 99.
const MAX_LEN: usize = 8;

fn level(grid: &str) -> usize {
    let puzzle = parse_line(grid, 1).expect("a puzzle");
    let start = puzzle.start_state().expect("a valid puzzle");
    let solution = count_solutions(&start, 2).solution.expect("one solution");
    let r = rate(&start, Scheme::TridOr5W, MAX_LEN, Some(&solution)).expect("rated");
    assert!(r.cut.is_none(), "{grid}: cut by a bound");
    r.rating.unwrap_or(99)
}

#[test]
fn mith_sample_levels_equal_berthiers() {
    let text = include_str!("fixtures/trid_or5w/mith_te3_sample.txt");
    let mut seen = std::collections::BTreeSet::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let published: usize = cols[2].parse().unwrap();
        assert_eq!(level(cols[0]), published, "#{} {}", cols[1], cols[0]);
        seen.insert(published);
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), [3, 4, 5, 6, 7, 8, 99]);
}

#[test]
fn loki_is_trid_or5w_3() {
    // mith's Loki: one tridagon after the basic rules, whips of length ≤ 3 finish it
    let loki = "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";
    assert_eq!(level(loki), 3);
}

#[test]
fn trid_or5w_parses_and_prints() {
    let s: Scheme = "Trid-OR5W".parse().unwrap();
    assert_eq!(s, Scheme::TridOr5W);
    assert_eq!(s.to_string(), "Trid-OR5W");
}
