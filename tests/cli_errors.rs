//! Bad input on the command line: a one-line error naming the problem and where, a
//! non-zero exit, never a panic.

use crate::common;

use common::sudolink;

const OCEAN1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

fn assert_clean_error(args: &[&str], expected: &str) {
    let (code, stdout, stderr) = sudolink(args);
    assert_ne!(code, 0, "expected failure for {args:?}");
    assert_ne!(code, 101, "panicked for {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stdout.is_empty(), "printed output on error: {stdout}");
    assert_eq!(stderr.trim().lines().count(), 1, "not one line: {stderr}");
    assert!(
        stderr.contains(expected),
        "expected {expected:?} in {stderr:?}"
    );
}

#[test]
fn wrong_length() {
    assert_clean_error(&["solve", &OCEAN1[..80]], "needs 81 cells, found 80");
}

#[test]
fn bad_character_names_line_and_column() {
    let bad = format!("{}x{}", &OCEAN1[..10], &OCEAN1[11..]);
    assert_clean_error(&["solve", &bad], "line 1, column 11: bad character 'x'");
}

#[test]
fn two_equal_digits_in_a_unit() {
    let bad = format!("1{}", &OCEAN1[1..]);
    assert_clean_error(&["solve", &bad], "digit 1 is placed twice in r1");
}

#[test]
fn no_solution() {
    // r1c1 can hold nothing: 1..8 in its row and 9 in its column
    let mut g = String::from(".12345678");
    g.push_str(&".".repeat(9));
    g.push('9');
    g.push_str(&".".repeat(62));
    assert_clean_error(
        &["solve", &g],
        "no solution: cell r1c1 has no candidate left",
    );
}

#[test]
fn no_solution_found_by_search() {
    // Ocean #1 with a wrong candidate given in r1c1: locally consistent, yet the exact
    // solver finds no solution.
    let state = sudolink_engine::grid::format::parse_line(OCEAN1, 1)
        .unwrap()
        .start_state()
        .unwrap();
    let solution = sudolink_engine::solver::count_solutions(&state, 2)
        .solution
        .unwrap();
    let cell = 0;
    let wrong = (1..=9u8)
        .find(|&d| {
            d != solution[cell]
                && state.cell_mask(sudolink_engine::grid::Cell::new(cell)) >> (d - 1) & 1 == 1
        })
        .unwrap();
    let g = format!("{wrong}{}", &OCEAN1[1..]);
    assert_clean_error(&["solve", &g], "the puzzle has no solution");
}

#[test]
fn several_solutions() {
    let g = format!("1{}", ".".repeat(80));
    assert_clean_error(&["solve", &g], "several solutions");
}

#[test]
fn several_solutions_allowed_on_request() {
    let g = format!("1{}", ".".repeat(80));
    let (code, stdout, _) = sudolink(&["solve", &g, "--allow-nonunique"]);
    // a path that does not solve its puzzle exits 2; no rule set is escalated to
    assert_eq!(code, common::NOT_SOLVED);
    assert!(stdout.contains("NOT SOLVED"));
    assert!(
        stdout.contains("the puzzle has several solutions: no rule set solves it"),
        "{stdout}"
    );
}

#[test]
fn pencil_mark_file_contradicting_its_givens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.pm");
    let state = sudolink_engine::grid::format::parse_line(OCEAN1, 1)
        .unwrap()
        .start_state()
        .unwrap();
    let text = sudolink_engine::grid::format::to_pencil_mark_grid(&state).replacen("56789", "1", 1);
    std::fs::write(&path, text).unwrap();
    assert_clean_error(
        &["solve", path.to_str().unwrap()],
        "digit 1 is placed twice in r1",
    );
}

#[test]
fn a_collection_file_is_not_one_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.txt");
    std::fs::write(&path, format!("{OCEAN1}\n{OCEAN1}\n")).unwrap();
    assert_clean_error(&["solve", path.to_str().unwrap()], "holds 2 puzzles");
}

#[test]
fn unknown_subcommand_fails_without_panic() {
    let (code, _, stderr) = sudolink(&["frobnicate"]);
    assert_ne!(code, 0);
    assert!(!stderr.contains("panicked"));
}
