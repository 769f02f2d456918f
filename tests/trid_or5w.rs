//! Berthier's "SFin + W + Trid-OR5W" and "SFin + gW + Trid-OR5gW" levels ([Berthier
//! classif], [CSP-Rules]): sudolink's `Trid-OR5W` and `Trid-OR5gW` schemes give mith's
//! T&E(3) puzzles the levels Berthier publishes, and solve Loki with every step checked.

use sudolink_engine::grid::format::parse_line;
use sudolink_engine::solver::count_solutions;
use sudolink_study::rating::{rate, Scheme};

/// Berthier's maximal length: a puzzle not solved with lengths ≤ 8 is published as 99.
const MAX_LEN: usize = 8;

fn level(grid: &str) -> usize {
    level_in(grid, Scheme::TridOr5W)
}

/// The level of `grid` in `scheme` (99 when not solved up to [`MAX_LEN`]), every step checked
/// by `rate` against the solution.
fn level_in(grid: &str, scheme: Scheme) -> usize {
    let puzzle = parse_line(grid, 1).expect("a puzzle");
    let start = puzzle.start_state().expect("a valid puzzle");
    let solution = count_solutions(&start, 2).solution.expect("one solution");
    let r = rate(&start, scheme, MAX_LEN, Some(&solution)).expect("rated");
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

#[test]
fn mith_sample_or5gw_levels_equal_berthiers() {
    use rayon::prelude::*;
    let text = include_str!("fixtures/trid_or5w/mith_te3_or5gw.txt");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 53);
    let ours: Vec<usize> = rows
        .par_iter()
        .map(|cols| level_in(cols[0], Scheme::TridOr5GW))
        .collect();
    for (cols, ours) in rows.iter().zip(ours) {
        let published: usize = cols[3].parse().unwrap();
        assert_eq!(ours, published, "#{} {}", cols[1], cols[0]);
    }
}

#[test]
fn the_g_forms_lower_1418_from_8_to_6() {
    // #1418 of mith's list (CSP-Rules-Examples, `#1418-W8+OR5W8-vs-gW6+OR5gW6`): Berthier
    // publishes Trid-OR5W 8 and Trid-OR5gW 6 (its three Trid-OR3-gwhip[6])
    let p = "1.3....8..56789...78..........59.67..6..728.5.7.6.8.2.......2..6..8.795....92..6.";
    assert_eq!(level_in(p, Scheme::TridOr5W), 8);
    assert_eq!(level_in(p, Scheme::TridOr5GW), 6);
}

#[test]
fn loki_is_trid_or5gw_3() {
    let loki = "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";
    assert_eq!(level_in(loki, Scheme::TridOr5GW), 3);
}

#[test]
fn trid_or5gw_parses_and_prints() {
    let s: Scheme = "Trid-OR5gW".parse().unwrap();
    assert_eq!(s, Scheme::TridOr5GW);
    assert_eq!(s.to_string(), "Trid-OR5gW");
}
