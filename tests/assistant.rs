//! Hanson's Sudoku Assistant ([Hanson SA]), part 1: grid analysis (subsets and fish as one
//! routine, with complements) and bent naked subsets. Every instance on the states of real
//! resolution paths passes `proof::check`, agrees with the solution, and tampered copies
//! are rejected; the XY- and XYZ-wings of the basic rules are bent naked triplets.

use crate::common;

use common::{collection, start_and_solution};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, Digit, House, State};
use sudolink_engine::proof::assistant::{BentSubset, GridForm, GridLock};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_notation::nrc;
use sudolink_search::registry::{parse_list, TechniqueId};
use sudolink_search::{basic_rules, bent, grid_analysis};
use sudolink_study::resolution::solve;

/// The states of the basic-rules path of the first `n` top1465 puzzles (every fifth state
/// and the last, where the basic rules are stuck), with the solution.
fn path_states(n: usize) -> Vec<(State, [u8; 81])> {
    let mut out = Vec::new();
    for p in collection("top1465.txt", n) {
        let (start, solution) = start_and_solution(&p);
        let r = solve(&start, &basic_rules(), Some(&solution)).unwrap();
        let mut state = start.clone();
        for (k, step) in r.steps.iter().enumerate() {
            if k % 5 == 0 {
                out.push((state.clone(), solution));
            }
            sudolink_study::resolution::apply(&mut state, &step.proof).unwrap();
        }
        out.push((state, solution));
    }
    out
}

fn assert_sound(state: &State, solution: &[u8; 81], proof: &Proof) {
    common::assert_sound_against_solution(state, solution, proof);
}

fn bent_of(p: &Proof) -> &BentSubset {
    match &p.pattern {
        Pattern::BentSubset(b) => b,
        other => panic!("not a bent subset: {other:?}"),
    }
}

fn grid_of(p: &Proof) -> &GridLock {
    match &p.pattern {
        Pattern::GridLock(g) => g,
        other => panic!("not a grid lock: {other:?}"),
    }
}

#[test]
fn every_bent_naked_subset_on_top1465_paths_is_sound() {
    let mut by_size = [0usize; 10];
    let mut wings = std::collections::BTreeMap::<String, usize>::new();
    let mut rule2 = 0;
    for (state, solution) in path_states(40) {
        let links = LinkIndex::new(&state);
        for proof in common::technique_proofs("bent-naked-subsets", &links) {
            assert_sound(&state, &solution, &proof);
            let b = bent_of(&proof);
            by_size[b.cells.len()] += 1;
            *wings.entry(b.wing.clone().unwrap_or_default()).or_default() += 1;
            rule2 += usize::from(b.common.is_none());
        }
    }
    assert!(by_size[3] > 20, "bent triplets: {by_size:?}");
    assert!(
        by_size[4] > 10 && by_size[5] > 0,
        "larger bent subsets: {by_size:?}"
    );
    for w in ["xy-wing", "xyz-wing", "wxyz-wing"] {
        assert!(wings.get(w).is_some_and(|&n| n > 0), "no {w}: {wings:?}");
    }
    assert!(rule2 > 0, "rule 2 (no common digit) never applied");
}

#[test]
fn every_xy_and_xyz_wing_of_the_basic_rules_is_a_bent_naked_triplet() {
    let mut wings = 0;
    for (state, _) in path_states(60) {
        let links = LinkIndex::new(&state);
        let bent = bent::find(&links);
        for rule in basic_rules() {
            for proof in rule.find(&links) {
                let (pivot, pincers, name) = match proof.pattern {
                    Pattern::XyWing { pivot, pincers, .. } => (pivot, pincers, "xy-wing"),
                    Pattern::XyzWing { pivot, pincers, .. } => (pivot, pincers, "xyz-wing"),
                    _ => continue,
                };
                let mut cells = vec![pivot, pincers[0], pincers[1]];
                cells.sort();
                if House::all().any(|h| cells.iter().all(|&c| h.contains(c))) {
                    continue; // a wing inside one house is a plain naked triplet
                }
                let same = bent.iter().find(|p| {
                    let b = bent_of(p);
                    let mut bc = b.cells.clone();
                    bc.sort();
                    bc == cells
                        && b.wing.as_deref() == Some(name)
                        && proof
                            .eliminations
                            .iter()
                            .all(|e| p.eliminations.contains(e))
                });
                assert!(
                    same.is_some(),
                    "{} is not found as a bent naked triplet",
                    nrc::nrc_text(&state, &proof)
                );
                wings += 1;
            }
        }
    }
    assert!(wings > 10, "too few wings exercised: {wings}");
}

#[test]
fn grid_analysis_finds_every_basic_subset_and_fish_with_its_complement() {
    let mut compared = 0;
    let mut complements = 0;
    for (state, solution) in path_states(40) {
        let links = LinkIndex::new(&state);
        let grid = common::technique_proofs("grid-analysis", &links);
        for proof in &grid {
            assert_sound(&state, &solution, proof);
            let g = grid_of(proof);
            if let Some(c) = &g.complement {
                complements += 1;
                // the smaller side is reported; the two sizes add up to the open lines
                assert!(g.form.size() <= c.size(), "{}", proof.rule);
            }
        }
        for rule in basic_rules() {
            for proof in rule.find(&links) {
                if !matches!(
                    proof.pattern,
                    Pattern::NakedSubset { .. }
                        | Pattern::HiddenSubset { .. }
                        | Pattern::Fish { .. }
                ) {
                    continue;
                }
                assert!(
                    grid.iter().any(|g| g.eliminations == proof.eliminations),
                    "grid analysis misses {}",
                    nrc::nrc_text(&state, &proof)
                );
                compared += 1;
            }
        }
    }
    assert!(
        compared > 50,
        "too few subsets and fish compared: {compared}"
    );
    assert!(complements > 50, "too few complements: {complements}");
}

/// A state from a pencil-mark grid given row by row as digit strings (`.` for none).
fn state_from_marks(rows: [[&str; 9]; 9]) -> State {
    let mut text = String::new();
    for row in rows {
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    sudolink_engine::grid::format::parse_pencil_mark_grid(&text, 1).unwrap()
}

#[test]
fn a_swordfish_in_rows_is_a_whale_in_columns() {
    // the seed's point: an n×n grid in rows is a (k−n)×(k−n) grid in columns. On Ocean #1,
    // the basic path's first fish ([Berthier NRC]: swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7})
    // is reported by grid analysis with its complement, a fish in rows of size 9 − 3
    // minus the lines where 3 is placed.
    let (start, _) = start_and_solution(&common::seed_puzzle("ocean-1"));
    let r = solve(&start, &basic_rules(), None).unwrap();
    let mut state = start.clone();
    for step in &r.steps {
        if step.proof.family == "fish" {
            break;
        }
        sudolink_study::resolution::apply(&mut state, &step.proof).unwrap();
    }
    let basic_fish = basic_rules()
        .into_iter()
        .flat_map(|r| r.find(&LinkIndex::new(&state)))
        .find(|p| p.rule == "swordfish-in-columns")
        .expect("the basic swordfish");
    let grid = grid_analysis::find(&LinkIndex::new(&state));
    let sword = grid
        .iter()
        .find(|p| p.eliminations == basic_fish.eliminations)
        .expect("the swordfish by grid analysis");
    let g = grid_of(sword);
    let Some(c) = g.complement.as_deref() else {
        panic!("no complement")
    };
    let sides = [&*g.form, c];
    let fish_in = |rows: bool| {
        sides
            .iter()
            .find_map(|p| match p {
                GridForm::Fish { base, digit, .. }
                    if matches!(base[0], House::Row(_)) == rows && digit.get() == 3 =>
                {
                    Some(base.len())
                }
                _ => None,
            })
            .expect("a fish on each side")
    };
    let placed_rows = (0..9)
        .filter(|&r| (0..9).any(|c| state.value(Cell::at(r, c)).map(|d| d.get()) == Some(3)))
        .count();
    assert_eq!(fish_in(false), 3);
    assert_eq!(fish_in(true), 9 - placed_rows - 3);
    let text = nrc::nrc_text(&state, sword);
    assert!(
        text.contains("swordfish-in-columns n3{r1 r6 r7}{c2 c6 c7}")
            && text.contains(" ≡ ")
            && text.contains("grid of 3s"),
        "{text}"
    );
}

#[test]
fn the_seeds_xy_wing_is_a_bent_naked_triplet() {
    // [Hanson SA], "Now consider what is referred to as an XY-Wing": three bivalue cells
    // {12} {23} {13} bent over a row and a column. Here {12} at r1c1 (the intersection),
    // {23} at r1c5 (row 1) and {13} at r5c1 (column 1); every other cell is open.
    let all = "123456789";
    let mut rows = [[all; 9]; 9];
    rows[0][0] = "12";
    rows[0][4] = "23";
    rows[4][0] = "13";
    let state = state_from_marks(rows);
    let proofs = bent::find(&LinkIndex::new(&state));
    let wing = proofs
        .iter()
        .find(|p| {
            let b = bent_of(p);
            b.wing.as_deref() == Some("xy-wing")
                && b.cells.contains(&Cell::at(0, 0))
                && b.cells.contains(&Cell::at(0, 4))
                && b.cells.contains(&Cell::at(4, 0))
        })
        .expect("the bent triplet r1c1 r1c5 r5c1");
    let b = bent_of(wing);
    // the common digit of the two ends outside the intersection r1c1: {23}r1c5 and {13}r5c1
    assert_eq!(b.common.map(|d| d.get()), Some(3));
    let mut elims = wing.elimination_texts();
    elims.sort();
    // the cells seeing both ends holding 3: r5c5 alone (r1c1 is in the subset)
    assert_eq!(elims, ["r5c5<>3"]);
    check(&state, wing).unwrap();
    assert!(sudolink_notation::hodoku::bent_text(wing, b)
        .unwrap()
        .starts_with("XY-Wing: "));
}

#[test]
fn tampered_bent_subsets_are_rejected() {
    let mut tried = 0;
    for (state, _) in path_states(20) {
        for proof in bent::find(&LinkIndex::new(&state)).into_iter().take(3) {
            let b = bent_of(&proof).clone();
            let with = |f: &dyn Fn(&mut BentSubset)| {
                let mut t = b.clone();
                f(&mut t);
                let mut p = proof.clone();
                p.pattern = Pattern::BentSubset(t);
                p
            };
            // a cell dropped, the common digit changed, two blocks as domains, a wrong name
            let dropped = with(&|t| {
                t.cells.pop();
                t.digits.pop();
            });
            let other_common = with(&|t| {
                t.common = match t.common {
                    Some(_) => None,
                    None => Some(t.digits[0]),
                }
            });
            let blocks = with(&|t| t.domains = [House::Block(0), House::Block(1)]);
            let renamed = with(&|t| {
                t.wing = Some(if t.wing.as_deref() == Some("xy-wing") {
                    "xyz-wing".into()
                } else {
                    "xy-wing".into()
                })
            });
            for bad in [dropped, other_common, blocks, renamed] {
                assert!(check(&state, &bad).is_err(), "accepted {bad:?}");
            }
            tried += 1;
        }
    }
    assert!(tried > 10);
}

#[test]
fn tampered_grid_locks_are_rejected() {
    let mut tried = 0;
    for (state, _) in path_states(20) {
        for proof in grid_analysis::find(&LinkIndex::new(&state))
            .into_iter()
            .take(3)
        {
            let g = grid_of(&proof).clone();
            let Some(c) = g.complement.clone() else {
                continue;
            };
            // the complement swapped in for a form of another grid, or a single-line fish
            let mut swapped = proof.clone();
            swapped.pattern = Pattern::GridLock(GridLock {
                form: g.form.clone(),
                complement: Some(g.form.clone()),
            });
            assert!(check(&state, &swapped).is_err());
            // one line fewer on one side than on the other
            let mut shrunk = (*c).clone();
            match &mut shrunk {
                GridForm::NakedSubset { cells, .. } | GridForm::HiddenSubset { cells, .. } => {
                    cells.pop();
                }
                GridForm::Fish { base, .. } => {
                    base.pop();
                }
            }
            let mut bad = proof.clone();
            bad.pattern = Pattern::GridLock(GridLock {
                form: g.form.clone(),
                complement: Some(Box::new(shrunk)),
            });
            assert!(check(&state, &bad).is_err(), "accepted a shrunk complement");
            tried += 1;
        }
    }
    assert!(tried > 5);
}

#[test]
fn the_assistant_techniques_are_registry_entries() {
    let list = parse_list("assistant").unwrap();
    let names: Vec<&str> = list.iter().map(|t| t.name()).collect();
    assert_eq!(
        names,
        [
            "grid-analysis",
            "bent-naked-subsets",
            "als-xz",
            "als-doubly-linked",
            "als-xy-wing",
            "death-blossom",
            "sue-de-coq",
            "grid-als",
            "finned-fish",
            "sashimi-fish",
            "almost-locked-ranges",
            "medusa",
            "aic",
            "nice-loop",
            "als-strong-chains"
        ]
    );
    assert_eq!(parse_list("als").unwrap().len(), 8);
    assert_eq!(
        parse_list("assistant-step-3,cnl").unwrap(),
        parse_list("als-xz,continuous-nice-loop").unwrap()
    );
    assert_eq!(
        parse_list("analyze-x,bent-subsets,als-singly-linked").unwrap(),
        list[..3]
    );
}

fn als_of(p: &Proof) -> &sudolink_engine::proof::als::AlsPattern {
    match &p.pattern {
        Pattern::Als(a) => a,
        other => panic!("not an ALS pattern: {other:?}"),
    }
}

#[test]
fn every_als_rule_instance_on_top1465_paths_is_sound() {
    let rules = [
        "als-xz",
        "als-doubly-linked",
        "als-xy-wing",
        "death-blossom",
        "sue-de-coq",
    ];
    let mut counts = [0usize; 5];
    for (state, solution) in path_states(25).into_iter().step_by(2) {
        let links = LinkIndex::new(&state);
        for (k, name) in rules.iter().enumerate() {
            for proof in common::technique_proofs(name, &links) {
                assert_sound(&state, &solution, &proof);
                let line = sudolink_notation::hodoku::hodoku_text(&state, &proof).unwrap();
                assert!(line.contains(" => r"), "{line}");
                counts[k] += 1;
            }
        }
    }
    for (k, name) in rules.iter().enumerate() {
        assert!(counts[k] > 0, "no {name} on the sample: {counts:?}");
    }
}

#[test]
fn an_als_xz_as_hodoku_prints_it() {
    // A = r1c4 {13} (a bivalue cell is an ALS of one cell), B = r2c5 {23} r2c8 {12} in
    // row 2. X = 3 is restricted (r1c4 sees r2c5 in block 2); 1 is not (r1c4 and r2c8 do
    // not see each other), so Z = 1 leaves the cells seeing both r1c4 and r2c8.
    let all = "123456789";
    let mut rows = [[all; 9]; 9];
    rows[0][3] = "13";
    rows[1][4] = "23";
    rows[1][7] = "12";
    let state = state_from_marks(rows);
    let proofs = sudolink_search::als::xz(
        &LinkIndex::new(&state),
        sudolink_search::als::Overlap::Disjoint,
    );
    let p = proofs
        .iter()
        .find(|p| {
            let a = als_of(p);
            a.sets[0].cells == [Cell::at(0, 3)]
                && a.sets[1].cells == [Cell::at(1, 4), Cell::at(1, 7)]
        })
        .expect("the ALS-XZ r1c4 / r2c58");
    let line = sudolink_notation::hodoku::als_text(p, als_of(p));
    assert_eq!(
        line,
        "Almost Locked Set XZ-Rule: A=r1c4 {13}, B=r2c58 {123}, X=3, Z=1 => r1c7<>1, r1c8<>1, r1c9<>1, r2c4<>1, r2c6<>1"
    );
    check(&state, p).unwrap();
}

#[test]
fn tampered_als_patterns_are_rejected() {
    use sudolink_search::als;
    let mut tried = 0;
    for (state, _) in path_states(15) {
        let links = LinkIndex::new(&state);
        let sample: Vec<Proof> = [
            als::xz(&links, als::Overlap::Disjoint),
            als::xy_wing(&links, als::Overlap::Disjoint),
            als::death_blossom(&links, als::Overlap::Disjoint),
        ]
        .into_iter()
        .flat_map(|v| v.into_iter().take(2))
        .collect();
        for proof in sample {
            let a = als_of(&proof).clone();
            let with = |f: &dyn Fn(&mut sudolink_engine::proof::als::AlsPattern)| {
                let mut t = a.clone();
                f(&mut t);
                let mut p = proof.clone();
                p.pattern = Pattern::Als(t);
                p
            };
            // a cell dropped from the first set, the first link's digit changed
            let dropped = with(&|t| {
                t.sets[0].cells.pop();
            });
            let relinked = with(&|t| {
                let d = t.rccs[0].digit;
                t.rccs[0].digit = *t.sets[0].digits.iter().find(|&&x| x != d).unwrap();
            });
            for bad in [dropped, relinked] {
                assert!(check(&state, &bad).is_err(), "accepted {bad:?}");
            }
            tried += 1;
        }
    }
    assert!(tried > 10, "{tried}");
}

fn grid_als_of(p: &Proof) -> &sudolink_engine::proof::assistant::GridAls {
    match &p.pattern {
        Pattern::GridAls(g) => g,
        other => panic!("not a grid ALS: {other:?}"),
    }
}

#[test]
fn every_grid_als_is_sound_and_has_its_complementary_sashimi() {
    use sudolink_engine::proof::assistant::FinKind;
    let (mut finned, mut sashimi, mut with_complement, mut without) = (0, 0, 0, 0);
    let mut skyscrapers = 0;
    for (state, solution) in path_states(40) {
        let links = LinkIndex::new(&state);
        for proof in grid_analysis::grid_als(&links, None) {
            assert_sound(&state, &solution, &proof);
            let g = grid_als_of(&proof);
            match g.kind {
                FinKind::Finned => finned += 1,
                FinKind::Sashimi => sashimi += 1,
                FinKind::Skyscraper => skyscrapers += 1,
            }
            // [Hanson SA]: "All Sashimi in rows(columns) have complementary Sashimi in
            // columns(rows) … and involve the same elimination" — whenever the open lines
            // outside leave a complement at all
            match &g.complement {
                Some((base, cover)) => {
                    with_complement += 1;
                    assert_ne!(
                        std::mem::discriminant(&base[0]),
                        std::mem::discriminant(&g.base[0])
                    );
                    assert!(base.len() <= cover.len());
                }
                None => {
                    assert_eq!(
                        g.kind,
                        FinKind::Skyscraper,
                        "{}",
                        nrc::nrc_text(&state, &proof)
                    );
                    without += 1;
                }
            }
            let line = sudolink_notation::hodoku::grid_als_text(&state, &proof, g);
            assert!(
                ["Finned ", "Sashimi ", "Skyscraper: "]
                    .iter()
                    .any(|k| line.starts_with(k)),
                "{line}"
            );
        }
    }
    assert!(
        finned > 5 && sashimi > 5 && skyscrapers > 0,
        "finned {finned}, sashimi {sashimi}, skyscrapers {skyscrapers}"
    );
    assert!(
        with_complement > 10,
        "complements {with_complement}, none {without}"
    );
}

#[test]
fn every_almost_locked_range_elimination_is_sound() {
    use sudolink_engine::proof::range::RangeStep;
    let (mut found, mut turning, mut parallel) = (0, 0, 0);
    for (state, solution) in path_states(40) {
        let links = LinkIndex::new(&state);
        for proof in common::technique_proofs("almost-locked-ranges", &links) {
            assert_sound(&state, &solution, &proof);
            let Pattern::AlmostLockedRange(r) = &proof.pattern else {
                unreachable!()
            };
            for step in [r.first, r.last] {
                if let RangeStep::Range(range) = step {
                    if range.turns() {
                        turning += 1;
                    } else {
                        parallel += 1;
                    }
                }
            }
            // tampered: the chain cut short, or the range's lines swapped for another pair
            let mut cut = proof.clone();
            if let Pattern::AlmostLockedRange(t) = &mut cut.pattern {
                t.chain.pop();
            }
            assert!(check(&state, &cut).is_err() || r.chain.len() == 1);
            found += 1;
        }
    }
    assert!(found > 10, "{found}");
    assert!(
        turning > 0 && parallel > 0,
        "turning {turning}, parallel {parallel}"
    );
}

#[test]
fn top1465_250_r1c3_1_by_an_almost_locked_range_and_the_15_pair() {
    // [Hanson SA]: "top1465 #250 … The 1 in r1c3 is a weak link to both the {15 15} pair and
    // the almost-locked range in block 2, which redirects the link back to the other
    // polarity of the {15 15} pair. r1c3#1 can be eliminated." The Assistant's own state
    // is not printed; we reach one on our basic-rules path: the first state where
    // r1c3#1 is open and the technique eliminates it.
    use sudolink_engine::proof::range::RangeStep;
    let p = &collection("top1465.txt", 250)[249];
    let (start, solution) = start_and_solution(p);
    let r = solve(&start, &basic_rules(), Some(&solution)).unwrap();
    let target = Candidate::new(Cell::at(0, 2), Digit::new(1).unwrap());
    let mut state = start.clone();
    let mut found = None;
    for step in std::iter::once(None).chain(r.steps.iter().map(Some)) {
        if let Some(s) = step {
            sudolink_study::resolution::apply(&mut state, &s.proof).unwrap();
        }
        if !state.has(target) {
            break;
        }
        let proofs = sudolink_search::ranges::find(&LinkIndex::new(&state));
        if let Some(p) = proofs.into_iter().find(|p| p.eliminations == [target]) {
            found = Some((state.clone(), p));
            break;
        }
    }
    let (state, proof) = found.expect("r1c3<>1 by an almost-locked range on the basic path");
    check(&state, &proof).unwrap();
    let Pattern::AlmostLockedRange(a) = &proof.pattern else {
        unreachable!()
    };
    // the chain is the pair's 1s, both cells {1 5}; the range is in block 2
    assert_eq!(a.chain.len(), 2);
    for c in &a.chain {
        assert_eq!(c.digit().get(), 1);
        let ds: Vec<u8> = Digit::all()
            .filter(|&d| state.has(Candidate::new(c.cell(), d)))
            .map(|d| d.get())
            .collect();
        assert_eq!(ds, [1, 5], "{} is not a {{15}} cell", c.cell());
    }
    let ranges: Vec<_> = [a.first, a.last]
        .into_iter()
        .filter_map(|s| match s {
            RangeStep::Range(r) => Some(r),
            _ => None,
        })
        .collect();
    assert_eq!(ranges.len(), 1);
    assert_eq!(ranges[0].block, House::Block(1));
    assert_eq!(a.shape.as_deref(), Some("empty-rectangle"));
}

#[test]
fn rate_by_a_list_of_techniques() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("five.txt");
    let lines: Vec<String> = collection("top1465.txt", 5)
        .iter()
        .map(|p| p.line())
        .collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let path = file.to_str().unwrap();
    let out = common::ok(&["rate", path, "--rules", "assistant"]);
    let levels: Vec<&str> = out.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
    assert_eq!(levels.len(), 5, "{out}");
    assert!(
        levels
            .iter()
            .all(|l| *l == "assistant:0" || l.starts_with("assistant:")),
        "{out}"
    );
    let (code, _, err) = common::sudolink(&["rate", path, "--rules", "assistant", "--scheme", "W"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--scheme") || err.contains("cannot be used"),
        "{err}"
    );
    let (code, _, err) = common::sudolink(&["rate", path, "--rules", "zebra"]);
    assert_ne!(code, 0);
    assert!(err.contains("zebra"), "{err}");
}

#[test]
fn aic_with_group_and_als_nodes_is_sound_and_printed_in_eureka() {
    let (mut with_als, mut with_groups, mut total) = (0, 0, 0);
    for (state, solution) in path_states(25).into_iter().step_by(3) {
        let links = LinkIndex::new(&state);
        for proof in common::technique_proofs("aic", &links) {
            assert_sound(&state, &solution, &proof);
            let Pattern::Aic(a) = &proof.pattern else {
                unreachable!()
            };
            let text = sudolink_notation::eureka::aic_eureka_text(&proof, a);
            assert!(text.starts_with("aic ("), "{text}");
            total += 1;
            with_groups += usize::from(a.nodes.iter().any(|n| n.cells.len() > 1));
            if let Some(k) = a.als_links.iter().position(Option::is_some) {
                with_als += 1;
                let cells = a.als_links[k].clone().unwrap();
                // Eureka's ALS node: (x=z) and the ALS cells
                let token = format!("({}={})", a.nodes[k].digit, a.nodes[k + 1].digit);
                assert!(text.contains(&token), "{text} lacks {token}");
                // tampered: the ALS without one of its cells is no ALS link between the
                // two digits' places — unless the smaller ALS forces the dropped cell (one
                // node was that cell alone), which HoDoKu's ALS nodes allow
                if cells.len() > 1 {
                    let mut bad = proof.clone();
                    if let Pattern::Aic(t) = &mut bad.pattern {
                        t.als_links[k].as_mut().unwrap().pop();
                    }
                    let rest = &cells[..cells.len() - 1];
                    let (x, y) = (&a.nodes[k], &a.nodes[k + 1]);
                    let forces = sudolink_engine::proof::aic::als_forces(&state, rest, x, y)
                        || sudolink_engine::proof::aic::als_forces(&state, rest, y, x);
                    assert!(
                        check(&state, &bad).is_err() || forces,
                        "accepted {text} with a cell dropped"
                    );
                }
            }
        }
    }
    assert!(total > 50, "{total}");
    assert!(
        with_groups > 5 && with_als > 5,
        "groups {with_groups}, als {with_als} of {total}"
    );
}

#[test]
fn grouped_and_als_chains_read_back_from_eureka() {
    use sudolink_notation::eureka::proof_from_eureka;
    let mut read = 0;
    for (state, _) in path_states(15).into_iter().step_by(3) {
        for proof in sudolink_search::aic::find(&LinkIndex::new(&state)) {
            let Pattern::Aic(a) = &proof.pattern else {
                unreachable!()
            };
            let grouped = a.nodes.iter().any(|n| n.cells.len() > 1);
            if !grouped && a.als_links.is_empty() {
                continue;
            }
            let text = sudolink_notation::eureka::aic_eureka_text(&proof, a);
            let chain = text.strip_prefix("aic ").unwrap();
            let back = proof_from_eureka(&state, chain).unwrap_or_else(|e| panic!("{chain}: {e}"));
            assert_eq!(back.eliminations, proof.eliminations, "{chain}");
            check(&state, &back).unwrap();
            read += 1;
        }
    }
    assert!(read > 10, "{read}");
}

#[test]
fn a_grouped_chain_that_does_not_hold_is_refused_naming_why() {
    use sudolink_notation::eureka::proof_from_eureka;
    let (state, _) = path_states(1).remove(0);
    // a group of two cells in different boxes and lines is no group
    let err = proof_from_eureka(&state, "(4)r1c1,r9c9=(4)r5c5 => r1c9<>4").unwrap_err();
    assert!(!err.to_string().is_empty());
}

#[test]
fn a_strong_chain_taking_two_digits_from_an_als_is_false() {
    // [Hanson SA], the Assistant's step 4: "If a chain … would force two of the N candidates
    // of the almost-locked set to be FALSE, that chain can be eliminated."
    let mut found = 0;
    for (state, solution) in path_states(30) {
        for proof in common::technique_proofs("als-strong-chains", &LinkIndex::new(&state)) {
            assert_sound(&state, &solution, &proof);
            let Pattern::Aic(a) = &proof.pattern else {
                unreachable!()
            };
            assert!(a.als_links.iter().any(Option::is_some));
            found += 1;
        }
    }
    eprintln!("step-4 eliminations: {found}");
    assert!(found > 0, "no step-4 elimination on the sample");
}

#[test]
fn fixed_size_techniques_are_reported_without_lengths() {
    // on the README's default puzzle (Ocean #1)
    let out = common::ok(&["explain", "--all", "--families", "sue-de-coq"]);
    assert!(out.contains("no elimination by these techniques"), "{out}");
    assert!(!out.contains("up to length 0"), "{out}");
    let out = common::ok(&["solve", "--rules", "basic,assistant"]);
    assert!(
        out.contains("LEVEL = basic,assistant: 0, MOST COMPLEX RULE = "),
        "{out}"
    );
}

#[test]
fn continuous_nice_loops_are_sound_read_back_and_printed_as_hodoku_does() {
    use sudolink_engine::proof::aic::AicConclusion;
    use sudolink_notation::eureka::{aic_eureka_text, proof_from_eureka};
    use sudolink_notation::hodoku::hodoku_text;
    let (mut total, mut grouped, mut via_als, mut read) = (0, 0, 0, 0);
    for (state, solution) in path_states(20).into_iter().step_by(2) {
        for proof in common::technique_proofs("nice-loop", &LinkIndex::new(&state)) {
            assert_sound(&state, &solution, &proof);
            let Pattern::Aic(a) = &proof.pattern else {
                unreachable!()
            };
            assert_eq!(a.conclusion, AicConclusion::Continuous);
            total += 1;
            grouped += usize::from(a.nodes.iter().any(|n| n.cells.len() > 1));
            via_als += usize::from(!a.als_links.is_empty());
            // Eureka: the loop written back to its first node, read back as the same loop
            let text = aic_eureka_text(&proof, a);
            let chain = text.strip_prefix("nice-loop ").unwrap();
            let first = a.nodes[0].eureka();
            let (body, _) = chain.split_once(" => ").unwrap();
            assert!(body.ends_with(&format!("-{first}")), "{chain}");
            let back = proof_from_eureka(&state, chain).unwrap_or_else(|e| panic!("{chain}: {e}"));
            assert_eq!(back.eliminations, proof.eliminations, "{chain}");
            let Pattern::Aic(b) = &back.pattern else {
                unreachable!()
            };
            assert_eq!(b.conclusion, AicConclusion::Continuous, "{chain}");
            read += 1;
            if a.als_links.is_empty() {
                let line = hodoku_text(&state, &proof).expect("a HoDoKu line");
                assert!(line.contains("Continuous Nice Loop: "), "{line}");
                let start = sudolink_engine::proof::aic::cells_compact(&a.nodes[0].cells);
                assert!(line.contains(&format!("{start} =")), "{line}");
            }
            // tampered: the closing link dropped (an odd loop) or a node moved are refused
            let mut bad = proof.clone();
            if let Pattern::Aic(t) = &mut bad.pattern {
                t.nodes.pop();
            }
            assert!(
                check(&state, &bad).is_err(),
                "accepted {chain} without its last node"
            );
            let mut bad = proof.clone();
            if let Pattern::Aic(t) = &mut bad.pattern {
                t.nodes.swap(1, 2);
            }
            assert!(
                check(&state, &bad).is_err(),
                "accepted {chain} with nodes 2, 3 swapped"
            );
        }
    }
    assert!(total > 30, "{total}");
    assert!(
        read == total && grouped > 3,
        "grouped {grouped}, ALS {via_als}, of {total}"
    );
}

#[test]
fn ocean_1_x_loop_in_fives_clears_five_cells() {
    // Ocean #1 at its start: the 5s of r1c3, r4c3, r4c4, r9c4, r9c8, r1c8 close a loop of
    // three strong links (column 3, column 4, column 8); its weak links in rows 1, 4 and 9
    // each become strong, so every other 5 of those rows outside the loop goes
    let (state, solution) = start_and_solution(&common::seed_puzzle("ocean-1"));
    let links = LinkIndex::new(&state);
    let loops = sudolink_search::aic::find_loops(&links);
    // the same loops on every call (no answer depends on hash order)
    for _ in 0..3 {
        assert_eq!(sudolink_search::aic::find_loops(&links), loops);
        assert_eq!(
            sudolink_search::aic::find(&links),
            sudolink_search::aic::find(&links)
        );
    }
    let proof = loops
        .iter()
        .find(|p| p.eliminations.iter().any(|c| c.to_string() == "n5r1c1"))
        .expect("the loop in 5s");
    assert_sound(&state, &solution, proof);
    let got: Vec<String> = proof.eliminations.iter().map(|c| c.elimination()).collect();
    assert_eq!(got, ["r1c1<>5", "r1c7<>5", "r4c1<>5", "r4c5<>5", "r9c7<>5"]);
    let line = sudolink_notation::hodoku::hodoku_text(&state, proof).unwrap();
    assert!(line.starts_with("Continuous Nice Loop: 5 r"), "{line}");
    // the picture draws the loop: six links, three strong, the last one closing it
    let d = sudolink_export::diagram::from_proof(&state, proof);
    assert_eq!(d.arrows.len(), 6);
    assert_eq!(d.arrows.iter().filter(|a| a.strong).count(), 3);
    assert_eq!(d.arrows[5].to, d.arrows[0].from);
}

#[test]
fn discontinuous_loops_read_from_eureka() {
    use sudolink_engine::proof::aic::AicConclusion;
    use sudolink_notation::eureka::proof_from_eureka;
    let (state, _) = start_and_solution(&common::seed_puzzle("ocean-1"));
    // the same loop read from r1c1: 5 there would take the 5 of r1c3, force r4c3's, …,
    // and r1c8's, which sees r1c1 — a discontinuous loop refuting r1c1's 5
    let text = "(5)r1c1-(5)r1c3=(5)r4c3-(5)r4c4=(5)r9c4-(5)r9c8=(5)r1c8-(5)r1c1 => r1c1<>5";
    let proof = proof_from_eureka(&state, text).unwrap_or_else(|e| panic!("{e}"));
    let Pattern::Aic(a) = &proof.pattern else {
        unreachable!()
    };
    assert_eq!(a.conclusion, AicConclusion::Loop);
    let line = sudolink_notation::hodoku::hodoku_text(&state, &proof).unwrap();
    assert_eq!(
        line,
        "Discontinuous Nice Loop: 5 r1c1 -5- r1c3 =5= r4c3 -5- r4c4 =5= r9c4 -5- r9c8 =5= r1c8 -5- r1c1 => r1c1<>5"
    );
    // a loop that does not alternate is refused, naming why
    let err = proof_from_eureka(
        &state,
        "(5)r1c1-(5)r1c3-(5)r4c3-(5)r4c4=(5)r9c4-(5)r9c8=(5)r1c8-(5)r1c1 => r1c1<>5",
    )
    .unwrap_err();
    assert!(err.to_string().contains("alternate"), "{err}");
}

#[test]
fn an_aic_from_a_cell_back_to_it_is_hodokus_discontinuous_nice_loop() {
    use sudolink_notation::hodoku::hodoku_text;
    let (state, solution) = start_and_solution(&common::seed_puzzle("ocean-1"));
    let proofs = sudolink_search::aic::find(&LinkIndex::new(&state));
    let line_for = |target: &str| {
        let p = proofs
            .iter()
            .find(|p| p.eliminations.iter().any(|c| c.elimination() == target))
            .unwrap_or_else(|| panic!("an AIC for {target}"));
        assert_sound(&state, &solution, p);
        hodoku_text(&state, p).unwrap()
    };
    // both ends in r4c4 (3 and 5): its other digits go
    let line = line_for("r4c4<>9");
    assert!(
        line.contains("Discontinuous Nice Loop: ")
            && line.contains(" r4c4 =")
            && line.ends_with("= r4c4 => r4c4<>9"),
        "{line}"
    );
    // one end in r1c2 (3), the other the 8s of a group seeing it: the loop leaves r1c2 by 8
    let line = line_for("r1c2<>8");
    assert!(
        line.contains("Discontinuous Nice Loop: 8 r1c2 -8- ")
            && line.ends_with("=3= r1c2 => r1c2<>8"),
        "{line}"
    );
    // two ends of one digit in different cells: an X-Chain
    let line = line_for("r1c1<>5");
    assert!(line.starts_with("X-Chain: 5 "), "{line}");
}

#[test]
fn rate_rules_names_the_hardest_technique_of_an_ungraded_path() {
    // the Assistant's techniques are not graded by length: the hardest rule rate --rules
    // reports is the path's hardest step on the scale (HoDoKu's comparison on top1465 found
    // "interaction" printed for paths that needed AICs)
    use sudolink_search::registry::{place as rank, rules_with_basic};
    use sudolink_study::rating::rate_rules;
    let rules = rules_with_basic(&parse_list("assistant").unwrap(), 20);
    let p = &collection("top1465.txt", 30)[29];
    let (start, solution) = start_and_solution(p);
    let r = rate_rules(&start, &rules, Some(&solution)).unwrap();
    let hardest_step = r.steps.iter().max_by_key(|s| rank(s)).unwrap();
    assert!(
        !TechniqueId::of_proof(hardest_step)
            .get()
            .sets
            .contains(&"basic"),
        "{}",
        hardest_step.rule
    );
    let hardest = r.hardest.unwrap();
    let names: Vec<String> = r
        .steps
        .iter()
        .filter(|s| rank(s) == rank(hardest_step))
        .map(|s| s.rule.clone())
        .collect();
    assert!(names.contains(&hardest), "{hardest} not among {names:?}");
}

/// The resolution strategy asks for one instance: AIC's first proof alone is the first of
/// all its proofs, and the sashimi fish kept from the finned search on a state are those a
/// search of sashimi fish alone finds there.
#[test]
fn the_first_aic_and_the_kept_sashimi_fish_are_those_of_the_full_searches() {
    use sudolink_engine::proof::assistant::FinKind;
    use sudolink_search::aic;
    let mut chains = 0;
    for (state, _) in path_states(25) {
        let links = LinkIndex::new(&state);
        let all = aic::find(&links);
        chains += all.len();
        let first = aic::first(&links);
        assert_eq!(
            format!("{:?}", first),
            format!("{:?}", all.first()),
            "{state:?}"
        );
        let with_als_nodes = aic::find_with_als_nodes(&links);
        assert_eq!(
            format!("{:?}", aic::first_with_als_nodes(&links)),
            format!("{:?}", with_als_nodes.first()),
            "{state:?}"
        );
        let alone = grid_analysis::grid_als(&links, Some(FinKind::Sashimi));
        grid_analysis::grid_als(&links, Some(FinKind::Finned));
        let kept = grid_analysis::grid_als(&links, Some(FinKind::Sashimi));
        assert_eq!(format!("{alone:?}"), format!("{kept:?}"));
    }
    assert!(chains > 0);
}
