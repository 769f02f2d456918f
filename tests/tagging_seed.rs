//! [gpenet tagging]'s own puzzle: the grid it prints "after basic tagging" (seed lines 303–324),
//! read back with our reader of the tagged grid, rebuilt as a state, and its three merging
//! cases (seed lines 360–380) replayed on it.
//!
//! The seed prints candidates and tags only, not the placed digits, and its forum lines drop
//! the solved cells at the end of rows 2, 3, 6, 8 and 9 (each of those rows' listed cells
//! holds exactly as many digits as cells, so the dropped cells are solved). The placed
//! digits are recovered from the print alone: a solved cell's digit is none of its listed
//! peers' candidates, every other cell's is one of its candidates, and exactly one grid
//! satisfies that ([`SOLUTION`]; the test below counts). The puzzle itself (its givens)
//! is in none of our collections, in any presentation (an isomorphism search over
//! the public collections of data/README.md found no grid with this solution), so the state is the
//! seed's printed state, not a path from givens.

use crate::common;

use std::collections::HashMap;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, Digit, State};
use sudolink_engine::proof::check;
use sudolink_engine::solver::count_solutions;
use sudolink_notation::tags::{
    read_tagged_grid, read_tagged_row, tagged_grid_text, TaggedCell, TaggedGrid,
};
use sudolink_search::tagging::{level1, Tagging};
use sudolink_search::tagging2::{level2_merged, Level2};

/// The seed's grid, as printed (its first line opens the forum's code block).
const SEED_GRID: &str = "\
`1||23a8b _____ 24t8B_ |3A46j 2p46_ ______ |______ ______ 2c6C`
2||_____ 24u6c 247d__ |_____ 23H6C 2O34t_ |23A7D
3||23A7D 2c6C_ ______ |_____ _____ ______ |236w7d 23S6
4||_____ _____ 2e5f9g |5F7f_ 7g9G_ ______ |______ ______ 2E7e
5||2b8B_ 28b9K 25F9__ |45f7e _____ 3H49g_ |234___ 234V6C 23l6c7E
6||_____ _____ ______ |_____ 3h4H_ ______ |3H4h
7||_____ 248B_ 247G8b |3r47g _____ ______ |______ 234___ 2l3L
8||25i7d _____ 2479K_ |346J_ 7G9g_ 2q3A49 |45I6__ 23r46w
9||2i5I_ 249k_ ______ |_____ 2O46j 249K__ |245i6J";

/// The one grid the seed's print allows (see the module doc).
const SOLUTION: &str =
    "358647192964123785721985364432596817895714236176238459687451923519372648243869571";

fn seed_grid() -> TaggedGrid {
    read_tagged_grid(SEED_GRID).expect("the seed's grid reads")
}

fn solution() -> [u8; 81] {
    let mut s = [0u8; 81];
    for (k, b) in SOLUTION.bytes().enumerate() {
        s[k] = b - b'0';
    }
    s
}

/// The seed's state: its listed candidates, and the solution's digit in every solved cell.
fn seed_state() -> State {
    let grid = seed_grid();
    let sol = solution();
    let mut values = [0u8; 81];
    for (k, c) in grid.cells.iter().enumerate() {
        if *c == TaggedCell::Solved {
            values[k] = sol[k];
        }
    }
    let open = CandidateSet::from_candidates(grid.candidates().map(|(c, _)| c));
    State::from_parts(&values, 0, &open).expect("a consistent state")
}

fn cand(text: &str) -> Candidate {
    // `2r2c7`
    let d = Digit::new(text[..1].parse().unwrap()).unwrap();
    Candidate::new(text[1..].parse::<Cell>().unwrap(), d)
}

fn cells(list: &[&str]) -> Vec<Cell> {
    let mut v: Vec<Cell> = list.iter().map(|c| c.parse().unwrap()).collect();
    v.sort();
    v
}

#[test]
fn the_seeds_print_determines_its_solution() {
    // a solved cell holds none of its listed peers' candidates; an open cell one of its own
    let grid = seed_grid();
    let mut state = State::empty();
    let listed: Vec<Option<Vec<Digit>>> = grid
        .cells
        .iter()
        .map(|c| match c {
            TaggedCell::Solved => None,
            TaggedCell::Open(l) => Some(l.iter().map(|&(d, _)| d).collect()),
        })
        .collect();
    for cell in Cell::all() {
        let allowed: Vec<Digit> = match &listed[cell.index()] {
            Some(ds) => ds.clone(),
            None => Digit::all()
                .filter(|d| {
                    !Cell::all().any(|p| {
                        p != cell
                            && p.houses().iter().any(|h| h.contains(cell))
                            && listed[p.index()].as_ref().is_some_and(|l| l.contains(d))
                    })
                })
                .collect(),
        };
        for d in Digit::all().filter(|d| !allowed.contains(d)) {
            state.eliminate(Candidate::new(cell, d)).unwrap();
        }
    }
    let r = count_solutions(&state, 2);
    assert_eq!(r.count, 1, "the print allows one grid");
    assert_eq!(r.solution.unwrap(), solution());
}

#[test]
fn our_basic_tagging_of_the_seeds_state_is_the_seeds_tag_for_tag() {
    // "Hereafter a puzzle after basic tagging": level 1 has nothing left to clear, and our
    // layers name the same classes of candidates as the seed's letters (up to the names:
    // each seed tag is one of ours, and its other case the other)
    let state = seed_state();
    let links = LinkIndex::new(&state);
    assert!(level1(&links).is_empty(), "level 1 is exhausted");
    let t = Tagging::new(&links);
    assert_eq!(t.conflicts, 0);
    let ours = read_tagged_grid(&tagged_grid_text(&links, |c| t.candidate_tag(c)))
        .expect("our grid reads back");
    let ours: HashMap<Candidate, Option<usize>> = ours.candidates().collect();
    let mut names: HashMap<usize, usize> = HashMap::new();
    for (c, seed_tag) in seed_grid().candidates() {
        let our_tag = ours[&c];
        assert_eq!(
            seed_tag.is_some(),
            our_tag.is_some(),
            "{c}: tagged in one only"
        );
        if let (Some(s), Some(o)) = (seed_tag, our_tag) {
            assert_eq!(
                *names.entry(s).or_insert(o),
                o,
                "{c}: seed tag {s} is two of ours"
            );
            if let Some(&flip) = names.get(&(s ^ 1)) {
                assert_eq!(flip, o ^ 1, "{c}: the seed's layer is one of ours");
            }
        }
    }
    // 21 layers show on candidates in the seed's print (a to w, m n v x never on one)
    let layers: std::collections::BTreeSet<usize> = names.keys().map(|t| t / 2).collect();
    assert_eq!(layers.len(), 21);
}

/// Our level-2 tag of a node (a candidate or a group), as the seed names nodes.
fn tag2(l: &Level2, digit: u8, at: &[&str]) -> String {
    let want = cells(at);
    let i = l
        .nodes
        .iter()
        .position(|n| n.digit.get() == digit && n.cells == want)
        .unwrap_or_else(|| panic!("no level-2 node {digit}{at:?}"));
    l.node_tag(i)
        .unwrap_or_else(|| panic!("{digit}{at:?} untagged"))
}

/// The level-2 clearings with merges first, each checked by `proof::check` and kept by the
/// solution; the candidates they clear.
fn level2_cleared(state: &State) -> Vec<Candidate> {
    let links = LinkIndex::new(state);
    let (proofs, _) = level2_merged(&links);
    let sol = solution();
    let mut out = Vec::new();
    for p in &proofs {
        check(state, p).unwrap_or_else(|e| panic!("{e}"));
        for c in &p.eliminations {
            assert_ne!(
                sol[c.cell().index()],
                c.digit().get(),
                "{c} is the solution"
            );
            out.push(*c);
        }
    }
    out
}

#[test]
fn merging_case_1_cells_r2c7_and_r3c1() {
    // "1). 3r2c7-A 7r2c7-D 2r2c7 cell r2c7 / . 3r3c1-A 7r3c1-D 2r3c1 cell r3c1 / 2r2c7
    // and 2r3c1 must have the same tag."
    let state = seed_state();
    let links = LinkIndex::new(&state);
    let l = Level2::new(&links);
    // the two choices {3A 7D 2r2c7} {3A 7D 2r3c1}: the same tags but one, in ours too
    assert_eq!(tag2(&l, 3, &["r2c7"]), tag2(&l, 3, &["r3c1"]));
    assert_eq!(tag2(&l, 7, &["r2c7"]), tag2(&l, 7, &["r3c1"]));
    assert_eq!(state.cell_mask(cell("r2c7")), state.cell_mask(cell("r3c1")));
    // The seed merges 2r2c7 and 2r3c1 while tagging. Ours does not: a merge is two
    // propagations (c => d and d => c) and ours from 2r2c7, and from 2r3c1, end in a
    // contradiction first (both are false: r2c7 and r3c1 hold 7), so level 2 clears both
    // candidates instead, each refutation checked: the two tags are proven "simultaneously
    // out of the solution", which is the seed's merge read as a clearing.
    let cleared = level2_cleared(&state);
    assert!(cleared.contains(&cand("2r2c7")), "{cleared:?}");
    assert!(cleared.contains(&cand("2r3c1")), "{cleared:?}");
}

fn cell(text: &str) -> Cell {
    text.parse().unwrap()
}

#[test]
fn merging_case_2_groups_of_2_in_box_3_and_row_3() {
    // "2). 2r2c9-c 2(r2c7 r3c7) 2r3c8 / . 2r3c2-c 2(r3c1 r3c7) 2r3c8 / 2(r2c7 r3c7) and
    // 2(r3c1 r3c7) must have the same tag."  (2r2c9 is a slip for 2r1c9: box 3's 2s are
    // r1c9 r2c7 r3c7 r3c8 in the seed's own grid, where r1c9 is `2c6C`.)
    let state = seed_state();
    let links = LinkIndex::new(&state);
    let l = Level2::new(&links);
    // the two choices: box 3's 2s and row 3's 2s, covering every place of 2 there
    let places = |cells_of: &[&str]| -> Vec<Cell> { cells(cells_of) };
    let box3: Vec<Cell> = Cell::all()
        .filter(|c| c.block() == 2 && state.has(Candidate::new(*c, Digit::new(2).unwrap())))
        .collect();
    assert_eq!(box3, places(&["r1c9", "r2c7", "r3c7", "r3c8"]));
    let row3: Vec<Cell> = Cell::all()
        .filter(|c| c.row() == 2 && state.has(Candidate::new(*c, Digit::new(2).unwrap())))
        .collect();
    assert_eq!(row3, places(&["r3c1", "r3c2", "r3c7", "r3c8"]));
    // the shared tag 'c' of 2r1c9 and 2r3c2 is one tag of ours too; the seed's groups are
    // our nodes (2(r3c1 r3c7) is the almost cell of row 3's ALS r3c2 r3c8 {236})
    assert_eq!(tag2(&l, 2, &["r1c9"]), tag2(&l, 2, &["r3c2"]));
    let (a, b) = (
        tag2(&l, 2, &["r2c7", "r3c7"]),
        tag2(&l, 2, &["r3c1", "r3c7"]),
    );
    // As in case 1, both groups are false (r2c7 = 7, r3c7 = 3, r3c1 = 7) and our level 2
    // refutes every candidate of both rather than merging their tags.
    assert_ne!(a, b, "tagged apart before any merge");
    let cleared = level2_cleared(&state);
    for c in ["2r2c7", "2r3c7", "2r3c1"] {
        assert!(cleared.contains(&cand(c)), "{c} not cleared: {cleared:?}");
    }
}

#[test]
fn merging_case_3_groups_of_2_in_row_2_and_box_1() {
    // "3). 2(r2c2 r2c5 r2c6) 2r2c7 2r2c3 / . 2(r1c1 r1c3 r2c2 r3c2) 2r3c1 2r2c3 /
    // 2(r2c2 r2c5 r2c6) and 2(r1c1 r1c3 r2c2 r3c2) must have the same tag. (don't forget
    // we have seen that 2r2c7 and 2r3c1 have the same tag)."
    let state = seed_state();
    let links = LinkIndex::new(&state);
    let l = Level2::new(&links);
    // both groups are ALS sides of ours (r2c2 r2c5 r2c6 {2346}, r1c1 r1c3 r2c2 r3c2
    // {23468}), tagged apart before any merge
    let row2 = ["r2c2", "r2c5", "r2c6"];
    let box1 = ["r1c1", "r1c3", "r2c2", "r3c2"];
    assert_ne!(tag2(&l, 2, &row2), tag2(&l, 2, &box1));
    // The seed's step rests on case 1 (2r2c7 and 2r3c1 one tag); ours clears both instead
    // (case 1). With those two clearings made, row 2's 2s are the seed's group and 2r2c3,
    // box 1's the other group and 2r2c3: each group is the strong partner of 2r2c3, so
    // both carry the tag opposite to 2r2c3's, with no merge needed. (Both groups are true:
    // r2c5 = 2, r3c2 = 2.)
    let mut after = state.clone();
    for c in ["2r2c7", "2r3c1"] {
        after.eliminate(cand(c)).unwrap();
    }
    let links = LinkIndex::new(&after);
    let l = Level2::new(&links);
    let (x, y, z) = (
        tag2(&l, 2, &row2),
        tag2(&l, 2, &box1),
        tag2(&l, 2, &["r2c3"]),
    );
    assert_eq!(x, y, "the seed's two groups share one tag");
    assert_ne!(x, z);
    // and the clearings the state allows keep the solution, each checked
    assert!(!level2_cleared(&after).is_empty());
}

#[test]
fn the_seeds_row_r6_reads_as_a_row_of_candidates() {
    // "r6||12467 125 4567 |_ _ 45 |4567 _ 12467"
    let (row, cells) = read_tagged_row("r6||12467 125 4567 |_ _ 45 |4567 _ 12467").unwrap();
    assert_eq!(row, 5);
    let digits = |k: usize| -> Vec<u8> {
        match &cells[k] {
            TaggedCell::Solved => vec![],
            TaggedCell::Open(l) => l.iter().map(|(d, _)| d.get()).collect(),
        }
    };
    assert_eq!(digits(0), [1, 2, 4, 6, 7]);
    assert_eq!(digits(3), Vec::<u8>::new());
    assert_eq!(digits(5), [4, 5]);
    assert_eq!(digits(8), [1, 2, 4, 6, 7]);
}

#[test]
fn printed_tagged_grids_read_back_on_top1465() {
    // print -> read -> the same candidates with the same tags, at levels 1 and 2
    for (state, _) in common::basic_stuck_states(12) {
        let links = LinkIndex::new(&state);
        let t = Tagging::new(&links);
        let l2 = Level2::new(&links);
        for (text, tag_of) in [
            (
                tagged_grid_text(&links, |c| t.candidate_tag(c)),
                Box::new(|c: Candidate| t.candidate_tag(c))
                    as Box<dyn Fn(Candidate) -> Option<String>>,
            ),
            (
                tagged_grid_text(&links, |c| l2.candidate_tag(c)),
                Box::new(|c: Candidate| {
                    let want = vec![c.cell()];
                    l2.nodes
                        .iter()
                        .position(|n| n.digit == c.digit() && n.cells == want)
                        .and_then(|i| l2.node_tag(i))
                }),
            ),
        ] {
            let read = read_tagged_grid(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let listed: Vec<(Candidate, Option<usize>)> = read.candidates().collect();
            let open: Vec<Candidate> = links.open().iter().collect();
            assert_eq!(listed.iter().map(|x| x.0).collect::<Vec<_>>(), open);
            for (c, tag) in listed {
                assert_eq!(
                    tag.map(sudolink_notation::tags::literal_name),
                    tag_of(c),
                    "{c}"
                );
            }
            for cell in Cell::all() {
                assert_eq!(
                    read.cells[cell.index()] == TaggedCell::Solved,
                    state.value(cell).is_some()
                );
            }
        }
    }
}

#[test]
fn tag_names_are_all_distinct_and_read_back() {
    // "finally one letter with a prefix £ $ & …": past the prefixes, `#`, `##`, …
    use sudolink_notation::tags::{read_tag_chain, tag_chain_text, tag_name};
    let mut seen = std::collections::HashSet::new();
    for layer in 0..400 {
        for parity in 0..2 {
            assert!(seen.insert(tag_name(layer, parity)), "{layer} {parity}");
        }
    }
    assert_eq!(tag_name(156, 0), "#A");
    assert_eq!(tag_name(182, 1), "##a");
    let pairs = [(312, 365), (0, 799)];
    assert_eq!(read_tag_chain(&tag_chain_text(0, &pairs)).unwrap(), pairs);
}

#[test]
fn tagged_grid_errors_say_where() {
    use sudolink_notation::tags::TagGridError;
    let mut bad = SEED_GRID.replace("2O46j", "2O4?j");
    match read_tagged_grid(&bad) {
        Err(TagGridError::Syntax { line: 9, error }) => assert!(error.column > 20, "{error}"),
        other => panic!("{other:?}"),
    }
    bad = SEED_GRID.replace("9||", "8||");
    assert!(matches!(
        read_tagged_grid(&bad),
        Err(TagGridError::RepeatedRow { line: 9, row: 8 })
    ));
    let eight: String = SEED_GRID.lines().take(8).collect::<Vec<_>>().join("\n");
    assert_eq!(read_tagged_grid(&eight), Err(TagGridError::MissingRow(9)));
    assert!(
        read_tagged_row("1||1 2 3 4 5 6 7 8 9 1").is_err(),
        "ten cells"
    );
}

#[test]
fn the_seeds_level_3_lines_read() {
    use sudolink_notation::tags::{
        read_extended_link, read_extension_header, ExtendedLink, LinkSource,
    };
    let weak = |l: &ExtendedLink| -> (String, String) {
        match l {
            ExtendedLink::Weak(a, b) => (a.node.to_string(), b.node.to_string()),
            other => panic!("{other:?}"),
        }
    };
    // "#[] 1r5c4/8r4c7 followed by the list of chains"
    let h = read_extension_header("#[] 1r5c4/8r4c7").unwrap();
    assert_eq!(h.index, None);
    assert_eq!(weak(&h.link), ("1r5c4".into(), "8r4c7".into()));
    // "use is shown either 1r5c4/8r4c7|# or 8r4c7/1r5c4|#"
    let (l, s) = read_extended_link("8r4c7/1r5c4|#").unwrap();
    assert_eq!(weak(&l), ("8r4c7".into(), "1r5c4".into()));
    assert_eq!(
        s,
        Some(LinkSource::Lemma {
            index: None,
            contrapositive: false
        })
    );
    // "|*r4c3 r5c3 indicate a 'AC' effect from 'AC' r4c3 r5c3 … #[]1r5c4/8r4c7 |*r4c3 r5c3"
    let h = read_extension_header("#[]1r5c4/8r4c7 |*r4c3 r5c3").unwrap();
    assert_eq!(h.source, Some(LinkSource::Cells(cells(&["r4c3", "r5c3"]))));
    // ". a weak link eg : 2(r4c3 r5c3)/9(r4c3 r5c3)|*r4c3 r5c3 (in a chain)"
    let (l, s) = read_extended_link("2(r4c3 r5c3)/9(r4c3 r5c3)|*r4c3 r5c3").unwrap();
    assert_eq!(weak(&l), ("2(r4c3 r5c3)".into(), "9(r4c3 r5c3)".into()));
    assert_eq!(s, Some(LinkSource::Cells(cells(&["r4c3", "r5c3"]))));
    // "# [] 1(r5c4 r6c4 r7c4)/1r4c2 … []1(r6c4;r5c4 r7c4)/1r4c2|# (here 1r6c4 would be one
    // component of a 'choice')"
    let h = read_extension_header("# [] 1(r5c4 r6c4 r7c4)/1r4c2").unwrap();
    assert_eq!(weak(&h.link).0, "1(r5c4 r6c4 r7c4)");
    let (l, _) = read_extended_link("[]1(r6c4;r5c4 r7c4)/1r4c2|#").unwrap();
    match l {
        ExtendedLink::Weak(a, _) => {
            assert_eq!(a.node.to_string(), "1(r5c4 r6c4 r7c4)");
            assert_eq!(a.stressed, Some(cell("r6c4")));
        }
        other => panic!("{other:?}"),
    }
    // errors name the column
    let e = read_extension_header("#[] 1r5c4/8r4x7").unwrap_err();
    assert!(e.column >= 10, "{e}");
}

proptest::proptest! {
    #[test]
    fn tagging_readers_never_panic(s in "\\PC{0,60}") {
        let _ = read_tagged_grid(&s);
        let _ = read_tagged_row(&s);
        let _ = sudolink_notation::tags::read_extension_header(&s);
        let _ = sudolink_notation::tags::read_extended_link(&s);
    }
}

#[test]
fn level1_chains_print_and_read_back_in_the_classic_form() {
    // "reading is easier with the classic form. So tags are replaced by the relevant group
    // of candidates … 1r2c3==2r2c7/.._.."
    use sudolink_engine::proof::aic::AicConclusion;
    use sudolink_engine::proof::Pattern;
    use sudolink_notation::tags::{classic_chain_text, read_classic_chain};
    let mut read = 0;
    for (state, _) in common::basic_stuck_states(12) {
        for p in level1(&LinkIndex::new(&state)) {
            let Pattern::Aic(a) = &p.pattern else {
                panic!("a level-1 chain")
            };
            let text = classic_chain_text(a);
            let c = read_classic_chain(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
            let mut nodes: Vec<(Digit, Vec<Cell>)> =
                a.nodes.iter().map(|n| (n.digit, n.cells.clone())).collect();
            if a.conclusion != AicConclusion::Ends {
                nodes.push(nodes[0].clone()); // a loop closes on its first group
            }
            let back: Vec<(Digit, Vec<Cell>)> =
                c.nodes.iter().map(|n| (n.digit, n.cells.clone())).collect();
            assert_eq!(back, nodes, "{text}");
            // the links alternate as the conclusion says
            let strong_first = a.conclusion != AicConclusion::Loop;
            for (k, s) in c.strong.iter().enumerate() {
                assert_eq!(*s, (k % 2 == 0) == strong_first, "{text}");
            }
            read += 1;
        }
    }
    assert!(read > 0);
    // the seed's own example, its start point before '=='
    let c = read_classic_chain("1r2c3==2r2c7/2r3c7_2(r3c1 r3c2)").unwrap();
    assert_eq!(c.start.unwrap().to_string(), "1r2c3");
    assert_eq!(c.nodes[2].to_string(), "2(r3c1 r3c2)");
    assert_eq!(c.strong, [false, true]);
}
