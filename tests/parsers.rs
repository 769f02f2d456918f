//! Parser round trips (property tests) and robustness: random bytes never panic a parser.

use proptest::prelude::*;
use sudolink_engine::grid::format::{
    parse_grid, parse_hodoku, parse_line, parse_nine_lines, parse_pencil_mark_grid,
    parse_pencil_mark_string, to_hodoku, to_line, to_pencil_mark_grid, to_pencil_mark_string,
};
use sudolink_engine::grid::{Candidate, ParseErrorKind, State};

const OCEAN1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

/// A state reached from Ocean #1 by removing candidates while every cell keeps two or more
/// (so single-candidate cells are exactly the placed ones, as the printed forms assume).
fn state_after(removals: &[usize]) -> State {
    let mut s = parse_line(OCEAN1, 1).unwrap().start_state().unwrap();
    for &i in removals {
        let c = Candidate::from_index(i % 729);
        if s.has(c) && s.cell_mask(c.cell()).count_ones() > 2 {
            let mut t = s.clone();
            if t.eliminate(c).is_ok() {
                s = t;
            }
        }
    }
    s
}

proptest! {
    #[test]
    fn pencil_mark_grid_round_trips(removals in proptest::collection::vec(0usize..729, 0..200)) {
        let s = state_after(&removals);
        let back = parse_pencil_mark_grid(&to_pencil_mark_grid(&s), 1).unwrap();
        prop_assert_eq!(back.candidates(), s.candidates());
        prop_assert_eq!(back.values(), s.values());
    }

    #[test]
    fn pencil_mark_string_round_trips(removals in proptest::collection::vec(0usize..729, 0..200)) {
        let s = state_after(&removals);
        let text = to_pencil_mark_string(&s);
        prop_assert_eq!(text.len(), 729);
        let back = parse_pencil_mark_string(&text, 1).unwrap();
        prop_assert_eq!(back.candidates(), s.candidates());
    }

    #[test]
    fn hodoku_line_round_trips(removals in proptest::collection::vec(0usize..729, 0..200)) {
        let s = state_after(&removals);
        let back = parse_hodoku(&to_hodoku(&s), 1).unwrap();
        prop_assert_eq!(back, s);
    }

    #[test]
    fn line_round_trips(cells in proptest::collection::vec(0u8..10, 81)) {
        let text: String = cells.iter().map(|&v| if v == 0 { '.' } else { (b'0' + v) as char }).collect();
        let p = parse_line(&text, 1).unwrap();
        prop_assert_eq!(p.line(), text);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..1200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_grid(&text);
        let _ = parse_line(&text, 1);
        let _ = parse_nine_lines(&text, 1);
        let _ = parse_pencil_mark_string(&text, 1);
        let _ = parse_pencil_mark_grid(&text, 1);
        let _ = parse_hodoku(&text, 1);
    }

    #[test]
    fn grid_like_noise_never_panics(text in "[0-9.+|:\\- \n]{0,900}") {
        let _ = parse_grid(&text);
        let _ = parse_pencil_mark_grid(&text, 1);
        let _ = parse_hodoku(&text, 1);
    }
}

#[test]
fn nine_lines_with_borders() {
    let rows: Vec<String> = OCEAN1
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = String::from_utf8_lossy(r);
            format!("{} | {} | {}", &r[0..3], &r[3..6], &r[6..9])
        })
        .collect();
    let text = format!(
        "{}\n{}\n{}\n------+-------+------\n{}\n{}\n{}\n------+-------+------\n{}\n{}\n{}\n",
        rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], rows[8]
    );
    match parse_grid(&text).unwrap() {
        sudolink_engine::grid::ParsedGrid::Puzzle(p) => assert_eq!(p.line(), OCEAN1),
        other => panic!("not a puzzle: {other:?}"),
    }
}

#[test]
fn pencil_mark_grid_contradicting_its_givens_is_reported() {
    let s = parse_line(OCEAN1, 1).unwrap().start_state().unwrap();
    // r1c5 holds the given 1; claim r1c1 is also 1
    let text = to_pencil_mark_grid(&s).replacen("56789", "1", 1);
    let e = parse_pencil_mark_grid(&text, 1).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::Contradiction(_)), "{e}");
    assert!(
        e.to_string().contains("digit 1 is placed twice in r1"),
        "{e}"
    );
}

#[test]
fn sudorules_style_grid_with_bangs_parses() {
    let s = parse_line(OCEAN1, 1).unwrap().start_state().unwrap();
    let text = to_pencil_mark_grid(&s).replace('|', "!");
    assert_eq!(
        parse_pencil_mark_grid(&text, 1).unwrap().candidates(),
        s.candidates()
    );
    assert_eq!(to_line(&s), OCEAN1);
}
