//! Parser round trips (property tests) and robustness: random bytes never panic a parser.

use proptest::prelude::*;
use sudolink_engine::grid::format::{
    parse_collection, parse_grid, parse_hodoku, parse_line, parse_list, parse_list_line,
    parse_nine_lines, parse_pencil_mark_grid, parse_pencil_mark_string, to_hodoku, to_line,
    to_pencil_mark_grid, to_pencil_mark_string, values_line, ParsedGrid,
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

    /// Random texts made of the list forms' pieces (`;`, TAB, `[code]` tags, borders, rows,
    /// 81-character runs): the list reader never panics, and every error names a line of
    /// the text.
    #[test]
    fn list_noise_never_panics(parts in proptest::collection::vec(prop_oneof![
        "[0-9.]{0,90}",
        "[0-9.]{9}",
        Just(";".to_string()),
        Just("\t".to_string()),
        Just("\n".to_string()),
        Just(" ".to_string()),
        Just("[code]".to_string()),
        Just("[/CODE]".to_string()),
        Just("+-----+".to_string()),
        Just("|".to_string()),
        Just(":".to_string()),
        Just("#".to_string()),
    ], 0..80)) {
        let text = parts.concat();
        let lines = text.lines().count().max(1);
        for read in parse_list(&text) {
            if let Err(e) = read {
                prop_assert!(e.line >= 1 && e.line <= lines, "{e} in {} lines", lines);
            }
        }
        let _ = parse_grid(&text);
        let _ = parse_list_line(&text, 1);
        for (_, p) in parse_collection(&text) {
            let _ = p.map(|p| p.start_state());
        }
    }

    /// A list of puzzles written in the forum's line forms (`grid;ER;EP;ED;name`,
    /// `grid<TAB>name`, `grid name`, nine groups, `name<TAB>grid`), alone or in a post's
    /// `[code]` block, reads back as the same puzzles with the same text, one item each.
    #[test]
    fn forum_list_round_trips(
        puzzles in proptest::collection::vec(
            (proptest::collection::vec(0u8..10, 81), 0usize..5, "[a-z]{0,8}"),
            1..8,
        ),
        in_post in any::<bool>(),
    ) {
        let mut lines = Vec::new();
        let mut expected = Vec::new();
        for (cells, form, name) in &puzzles {
            let grid = values_line(&cells.as_slice().try_into().unwrap());
            let groups: Vec<&str> = (0..9).map(|k| &grid[k * 9..k * 9 + 9]).collect();
            let (line, text) = match form {
                0 => (format!("{grid};1.5;1.2;1.2;{name}"), format!("1.5;1.2;1.2;{name}")),
                1 => (format!("{grid}\t{name}"), name.clone()),
                2 => (format!("{grid} {name}"), name.clone()),
                3 => (format!("{} {name}", groups.join(" ")), name.clone()),
                _ => (format!("{name}\t{grid}"), name.clone()),
            };
            lines.push(line);
            expected.push((grid, text));
        }
        let list = lines.join("\n");
        let text = if in_post {
            format!("Some prose [b]here[/b]:\n[code]\n{list}\n[/code]\nmore prose\n")
        } else {
            list
        };
        let items: Vec<_> = parse_list(&text).collect();
        prop_assert_eq!(items.len(), expected.len());
        for (read, (grid, want)) in items.iter().zip(&expected) {
            let item = read.as_ref().unwrap();
            match &item.grid {
                ParsedGrid::Puzzle(p) => prop_assert_eq!(&p.line(), grid),
                other => prop_assert!(false, "not a puzzle: {:?}", other),
            }
            prop_assert_eq!(&item.text, want);
        }
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

#[test]
fn each_new_form_names_what_line_and_column() {
    use sudolink_engine::grid::ParseErrorKind;
    // a short group of nine groups: its number, line and column
    let groups: Vec<&str> = (0..9).map(|k| &OCEAN1[k * 9..k * 9 + 9]).collect();
    let short = groups.join(" ").replacen("..1....3.", "..1..3.", 1);
    let e = parse_list_line(&short, 4).unwrap_err();
    assert_eq!((e.line, e.column), (4, Some(11)));
    assert_eq!(
        e.kind,
        ParseErrorKind::WrongGroupLength { group: 2, found: 7 }
    );
    // the forum's list line: the grid before the ';' is what is wrong, not the ';'
    let e = parse_list_line(&format!("{};11.9;11.9;11.3", &OCEAN1[..80]), 2).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: a grid line needs 81 cells, found 80"
    );
    let e = parse_list_line(&format!("{}x;11.9", &OCEAN1[..80]), 2).unwrap_err();
    assert_eq!(
        (e.column, e.kind),
        (Some(81), ParseErrorKind::BadCharacter('x'))
    );
    // eight rows of nine lines
    let rows: String = groups[..8].iter().map(|r| format!("{r}\n")).collect();
    let e = parse_grid(&format!("# a comment\n{rows}")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: a nine-line grid needs 9 rows, found 8"
    );
    // a sukaku where givens are expected
    let s = parse_line(OCEAN1, 1).unwrap().start_state().unwrap();
    let marks = to_pencil_mark_string(&s);
    let (line, read) = parse_collection(&format!("{OCEAN1}\n\n{marks}\n"))
        .nth(1)
        .unwrap();
    assert_eq!(line, 3);
    assert_eq!(read.unwrap_err().kind, ParseErrorKind::StateNotPuzzle);
    // two grids where one is expected: the second's line
    let e = parse_grid(&format!("{OCEAN1}\n{marks}\n")).unwrap_err();
    assert_eq!((e.line, e.kind), (2, ParseErrorKind::SeveralGrids(2)));
    // a sukaku on one line with a misplaced digit: its column in the line
    let bad = format!("{}9{}", &marks[..1], &marks[2..]);
    let e = parse_list_line(&format!("  {bad} name"), 5).unwrap_err();
    assert_eq!((e.line, e.column), (5, Some(4)));
}
