//! eleven's impossible patterns of Berthier's Select lists (CSP-Rules 2.1,
//! `SudoRules-V20.1/EXOTIC/Imp630`): found on the states SudoRules 20.1 prints them on,
//! with its relations; every conclusion checked by `proof::check` and against the
//! solution; the checker refusing tampered proofs and a state where a guardian was added;
//! the relations in the typed graph, the store and the named query `or-relations`; the
//! picture.

use crate::common;

use common::assert_sound_against_solution;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::imp630::Imp630Pattern;
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_engine::solver::count_solutions;
use sudolink_search::asserted::AssertedRelations;
use sudolink_search::imp630;
use sudolink_study::rating::{rate, Scheme};

/// A fixture's state (its `#` lines are comments) and the solution.
fn fixture(name: &str) -> (State, [u8; 81]) {
    let text =
        std::fs::read_to_string(common::fixture_path(&format!("imp630/{name}"))).expect("fixture");
    let state = common::pencil_mark_state(&text);
    let r = count_solutions(&state, 2);
    assert_eq!(r.count, 1, "{name} has one solution");
    (state, r.solution.unwrap())
}

fn cand(text: &str) -> Candidate {
    text.parse().expect("a candidate")
}

fn imp_of(p: &Proof) -> &Imp630Pattern {
    match &p.pattern {
        Pattern::Imp630(t) => t,
        other => panic!("not an Imp630 relation: {other:?}"),
    }
}

#[test]
fn mith_575_the_select1_relations_sudorules_prints() {
    let (state, _) = fixture("575_sel1.txt");
    let links = LinkIndex::new(&state);
    let rels = imp630::relations(&links, 1, 3, 8);
    let named: Vec<(String, Vec<Candidate>)> = rels
        .iter()
        .map(|r| (r.name.clone(), r.guardians.clone()))
        .collect();
    for (name, guardians) in [
        ("EL14c30s", vec![cand("n5r3c9"), cand("n1r6c3")]),
        ("EL14c13s", vec![cand("n1r4c3"), cand("n5r3c9")]),
    ] {
        let mut guardians = guardians;
        guardians.sort();
        assert!(
            named.contains(&(name.to_string(), guardians.clone())),
            "{name} {guardians:?} in {named:?}"
        );
    }
}

#[test]
fn mith_4982_the_select1_relation_with_one_guardian() {
    let (state, solution) = fixture("4982_sel1_or1.txt");
    let links = LinkIndex::new(&state);
    let found = imp630::find(&links, 1);
    let p = found
        .iter()
        .find(|p| imp_of(p).name == "EL14c30s")
        .expect("SudoRules' EL14c30s-OR1 relation");
    let imp = imp_of(p);
    assert_eq!(imp.guardians, [cand("n3r5c1")]);
    assert_eq!(imp.digits.map(|d| d.get()), [2, 4, 8]);
    let mut cells: Vec<String> = imp.cells.iter().map(|c| c.to_string()).collect();
    cells.sort();
    let mut published: Vec<&str> =
        "r5c9 r5c1 r8c9 r8c2 r9c8 r9c1 r7c8 r7c3 r3c9 r3c3 r1c8 r1c2 r2c7 r2c1"
            .split(' ')
            .collect();
    published.sort();
    assert_eq!(cells, published);
    // one guardian: its cell's other candidates and its digit's peers go (SudoRules
    // asserts r5c1=3)
    assert!(p.eliminations.contains(&cand("n2r5c1")));
    for p in &found {
        check(&state, p).expect("the relation holds");
        assert_sound_against_solution(&state, &solution, p);
    }
    // SudoRules' lines
    let text = sudolink_notation::impossible::imp630_relation_text(imp);
    assert!(
        text.starts_with("EL14c30s-OR1-relation for digits: 2, 4 and 8\n   in cells (marked #): ("),
        "{text}"
    );
    assert!(
        text.ends_with("with 1 guardians (in cells marked @) : n3r5c1"),
        "{text}"
    );
}

/// The proof of the Select1 relation `name` found on `state` (`imp630::find`).
fn select1_proof(state: &State, name: &str) -> Proof {
    imp630::find(&LinkIndex::new(state), 1)
        .into_iter()
        .find(|p| imp_of(p).name == name)
        .unwrap_or_else(|| panic!("the {name} relation"))
}

/// `proof` checked on `state` with its relation changed by `tamper`: refused.
fn refused(state: &State, proof: &Proof, what: &str, tamper: impl Fn(&mut Imp630Pattern)) {
    let mut bad = proof.clone();
    let Pattern::Imp630(p) = &mut bad.pattern else {
        unreachable!()
    };
    tamper(p);
    assert!(check(state, &bad).is_err(), "{what}: refused");
}

#[test]
fn the_checker_refuses_tampered_relations() {
    let text =
        std::fs::read_to_string(common::fixture_path("imp630/4982_sel1_or1.txt")).expect("fixture");
    let state = common::pencil_mark_state(&text);
    let proof = select1_proof(&state, "EL14c30s");
    check(&state, &proof).expect("holds");
    // (a guardian added to the state: in this near-solved state every pattern cell but
    // r5c1 can hold only 2, 4 and 8, and r5c1 nothing more; #3730's test adds one)
    refused(&state, &proof, "a guardian dropped", |p| {
        p.guardians.clear();
    });
    refused(&state, &proof, "another guardian", |p| {
        p.guardians = vec![cand("n4r5c2")];
    });
    refused(&state, &proof, "other digits", |p| {
        p.digits[0] = sudolink_engine::grid::Digit::new(3).unwrap();
    });
    refused(&state, &proof, "another pattern's name", |p| {
        p.name = "EL14c30".to_string();
    });
    refused(&state, &proof, "not a pattern of the list", |p| {
        p.name = "EL99c1".to_string();
    });
    refused(&state, &proof, "two cells swapped", |p| {
        p.cells.swap(0, 5);
    });
    refused(&state, &proof, "a cell moved", |p| {
        p.cells[0] = "r6c1".parse().unwrap();
    });
    // an elimination not linked to the guardian
    let mut other = proof.clone();
    other.eliminations = vec![cand("n2r1c2")];
    assert!(check(&state, &other).is_err(), "an unlinked elimination");
}

/// `state` with `extra` open as well (a candidate no placed peer rules out).
fn with_candidate(state: &State, extra: Candidate) -> Option<State> {
    let mut open = *state.candidates();
    open.insert(extra);
    let s = State::from_parts(state.values(), state.givens_mask(), &open).ok()?;
    s.has(extra).then_some(s)
}

/// #3730's state after the basic rules: the `EL13c290s-OR2` relation's proof (guardians
/// n5r1c7 n7r1c7, r1c7≠1) holds; checked again on the state with n6r5c7 put back (r5c7 is a
/// cell of the pattern, 6 not one of its digits: a third guardian the proof does not list)
/// it is refused, the guardians being re-derived from the state.
#[test]
fn mith_3730_a_guardian_added_to_the_state_is_refused() {
    let (state, solution) = fixture("3730_sel1_or2.txt");
    let proof = select1_proof(&state, "EL13c290s");
    let imp = imp_of(&proof);
    assert_eq!(imp.guardians, [cand("n5r1c7"), cand("n7r1c7")]);
    assert_eq!(imp.digits.map(|d| d.get()), [1, 2, 3]);
    assert!(proof.eliminations.contains(&cand("n1r1c7")));
    check(&state, &proof).expect("the relation holds");
    assert_sound_against_solution(&state, &solution, &proof);
    let extra = cand("n6r5c7");
    assert!(imp.cells.contains(&extra.cell()) && !state.has(extra));
    let wider = with_candidate(&state, extra).expect("no placed peer rules n6r5c7 out");
    let err = check(&wider, &proof).expect_err("a guardian the proof does not list");
    assert!(
        err.to_string().contains("guardians are") && err.to_string().contains("n6r5c7"),
        "{err}"
    );
    // on that state the relation found has the three guardians
    let found = imp630::relations(&LinkIndex::new(&wider), 1, 1, 8);
    let mut three = vec![cand("n5r1c7"), cand("n7r1c7"), extra];
    three.sort();
    assert!(found
        .iter()
        .any(|r| r.name == "EL13c290s" && r.guardians == three));
}

/// The picture of #4982's `EL14c30s-OR1` step: the fourteen cells outlined block by block,
/// the pattern's digits marked in them, the guardian marked apart, the eliminations struck.
#[test]
fn mith_4982_the_picture_outlines_the_cells_and_marks_the_guardian() {
    use sudolink_export::diagram;
    use sudolink_export::svg::{Role, SetKind};
    let (state, _) = fixture("4982_sel1_or1.txt");
    let proof = select1_proof(&state, "EL14c30s");
    let imp = imp_of(&proof);
    let d = diagram::from_proof(&state, &proof);
    assert_eq!(d.title, "EL14c30s-OR1");
    // one outlined set per block the cells meet, named by its block, together the cells
    let sets: Vec<_> = d.sets.iter().filter(|s| s.kind == SetKind::Als).collect();
    let mut blocks: Vec<usize> = imp.cells.iter().map(|c| c.block()).collect();
    blocks.sort_unstable();
    blocks.dedup();
    assert_eq!(sets.len(), blocks.len());
    for (s, b) in sets.iter().zip(&blocks) {
        assert_eq!(s.name.as_deref(), Some(format!("b{}", b + 1).as_str()));
    }
    let mut outlined: Vec<_> = sets
        .iter()
        .flat_map(|s| s.candidates.iter().map(|c| c.cell()))
        .collect();
    outlined.sort();
    outlined.dedup();
    let mut cells = imp.cells.clone();
    cells.sort();
    assert_eq!(outlined, cells);
    let marked = |c: &str, role: Role| {
        d.marks
            .iter()
            .any(|m| m.candidate == cand(c) && m.role == role)
    };
    assert!(marked("n3r5c1", Role::Extra), "the guardian");
    assert!(marked("n2r5c1", Role::Target), "an elimination");
    assert!(marked("n4r1c2", Role::Pattern), "a pattern digit");
    let text = d.to_svg();
    assert!(
        text.contains(">guardian (one is true)</text>")
            && text.contains(">the pattern's digits in its cells</text>")
            && text.contains(">eliminated</text>"),
        "the legend"
    );
    // each elimination (and the legend's sample) struck by a cross of two strokes
    assert_eq!(
        text.matches(r##"stroke="#d62728" stroke-width="2"/>"##)
            .count(),
        (proof.eliminations.len() + 1) * 2
    );
    insta::assert_snapshot!("mith_4982_el14c30s_or1_svg", text);
}

/// #4982's state in the typed graph: its Imp630 relations (Select2, complete and reduced,
/// k ≤ 8) are `or_relation` nodes linked to their guardians, `EL14c30s-OR1{n3r5c1}{n2 n4
/// n8}` among them; at least one guardian of each is true; the DOT export colours them
/// apart from the tridagons'; the store writes them and the named query `or-relations`
/// lists them with their guardians and their pattern.
#[test]
fn mith_4982_the_graph_the_store_and_the_query_hold_the_imp630_relations() {
    use sudolink_engine::graph::or_relations::Relation;
    use sudolink_engine::graph::{imp630 as table, CandidateGraph};
    use sudolink_store::{self as store, query};
    let (state, solution) = fixture("4982_sel1_or1.txt");
    let links = LinkIndex::new(&state);
    let graph = CandidateGraph::build(&state);
    let imp: Vec<_> = graph
        .or_relations()
        .filter_map(|r| match r {
            Relation::Imp630(r) => Some(r.clone()),
            Relation::Tridagon(_) => None,
        })
        .collect();
    assert_eq!(
        imp,
        table::relations(&links, table::GRAPH_SELECT, 1, table::MAX_GUARDIANS)
    );
    let label = "EL14c30s-OR1{n3r5c1}{n2 n4 n8}";
    assert!(imp.iter().any(|r| r.to_string() == label), "{imp:?}");
    for r in &imp {
        assert!(
            r.guardians
                .iter()
                .any(|g| solution[g.cell().index()] == g.digit().get()),
            "no guardian of {r} is true"
        );
    }
    common::assert_or_members_are_guardians(&graph);
    let around: Vec<String> = graph
        .neighbourhood(cand("n3r5c1"))
        .into_iter()
        .filter(|n| n.via == "or_relation")
        .map(|n| n.node)
        .collect();
    assert!(around.iter().any(|n| n == label), "{around:?}");
    let dot = sudolink_export::dot::print(&sudolink_export::dot::candidate_graph(&graph, "4982"));
    let line = dot
        .lines()
        .find(|l| l.contains(label))
        .expect("the relation's DOT node");
    assert!(
        line.contains("doubleoctagon") && line.contains("gold"),
        "{line}"
    );
    // the store and the named query
    let puzzle =
        "1.3..6..9.57....3669.....1....8...5...5..1.......25.7.53.9..1.77.....3...6137...5";
    let db = store::materialise(puzzle, Some("#4982"), &state).unwrap();
    let q = query::named("or-relations").unwrap();
    let table = query::run(db.connection(), q.sql, &[]).unwrap();
    assert_eq!(table.columns[6], "guardians");
    assert_eq!(table.columns[7], "pattern");
    assert_eq!(table.rows.len(), graph.or_relations().count());
    let listed: Vec<(String, String)> = table
        .rows
        .iter()
        .map(|row| {
            (
                row[7].as_str().unwrap().to_string(),
                row[6].as_str().unwrap().to_string(),
            )
        })
        .collect();
    for r in graph.or_relations() {
        let guardians: Vec<String> = r.guardians().iter().map(|g| g.to_string()).collect();
        assert!(
            listed.contains(&(r.pattern().to_string(), guardians.join(" "))),
            "{r} in {listed:?}"
        );
    }
    let row = table
        .rows
        .iter()
        .find(|row| row[5].as_str() == Some(label))
        .expect("the EL14c30s-OR1 row");
    assert_eq!(row[1].as_i64(), Some(1));
    assert_eq!(row[2].as_str(), Some("248"));
    assert_eq!(row[4].as_str().unwrap().split(' ').count(), 14);
}

/// Over the 48 T&E(3) puzzles of `tests/fixtures/trid_or5w/mith_te3_sample.txt`, start state
/// and after the basic rules: every Imp630 relation of the graph (Select2, k ≤ 8, complete
/// and reduced) has a guardian in the solution, and `proof::check` accepts each with what
/// sees every guardian.
#[test]
fn over_mith_te3_sample_every_graph_imp630_relation_holds() {
    use sudolink_engine::graph::or_relations::Relation;
    use sudolink_engine::graph::CandidateGraph;
    let text = include_str!("fixtures/trid_or5w/mith_te3_sample.txt");
    let mut relations = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let grid = line.split('\t').next().unwrap();
        let start = parse_line(grid, 1).unwrap().start_state().unwrap();
        let solution = count_solutions(&start, 2).solution.expect("one solution");
        let basic = sudolink_study::resolution::solve(
            &start,
            &sudolink_search::basic_rules(),
            Some(&solution),
        )
        .unwrap()
        .final_state;
        for state in [start, basic] {
            let links = LinkIndex::new(&state);
            for r in CandidateGraph::build(&state).or_relations() {
                let Relation::Imp630(r) = r else { continue };
                relations += 1;
                assert!(
                    r.guardians
                        .iter()
                        .any(|g| solution[g.cell().index()] == g.digit().get()),
                    "{grid}: no guardian of {r} is true"
                );
                let mut seen = *links.open();
                for &g in &r.guardians {
                    seen.intersect_with(links.linked(g));
                }
                if seen.is_empty() {
                    continue;
                }
                let p = imp630::pattern(r.clone());
                let proof = Proof::new(Pattern::Imp630(Box::new(p)), seen.iter().collect(), vec![]);
                check(&state, &proof).unwrap_or_else(|e| panic!("{grid}: {r}: {e}"));
                assert_sound_against_solution(&state, &solution, &proof);
            }
        }
    }
    assert!(relations > 100, "{relations} relations");
}

/// The level of `grid` in `scheme` (99 when not solved up to 8), every step checked by `rate`
/// against the solution.
fn level_in(grid: &str, scheme: Scheme) -> usize {
    let puzzle = parse_line(grid, 1).expect("a puzzle");
    let start = puzzle.start_state().expect("a valid puzzle");
    let solution = count_solutions(&start, 2).solution.expect("one solution");
    let r = rate(&start, scheme, 8, Some(&solution)).expect("rated");
    assert!(r.cut.is_none(), "{grid}: cut by a bound");
    r.rating.unwrap_or(99)
}

#[test]
fn mith_select_levels_equal_berthiers() {
    use rayon::prelude::*;
    let text = include_str!("fixtures/imp630/mith_select_levels.txt");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    let ours: Vec<(usize, usize)> = rows
        .par_iter()
        .map(|cols| {
            (
                level_in(cols[0], Scheme::Select1Or5W),
                level_in(cols[0], Scheme::Select2Or5W),
            )
        })
        .collect();
    for (cols, (s1, s2)) in rows.iter().zip(ours) {
        let published: (usize, usize) = (cols[3].parse().unwrap(), cols[4].parse().unwrap());
        assert_eq!((s1, s2), published, "#{} {}", cols[1], cols[0]);
        // the Select levels are below the Trid-OR5W one here
        assert!(s1 < cols[2].parse::<usize>().unwrap());
    }
}

#[test]
fn the_select_schemes_parse_and_print() {
    for (name, s) in [
        ("Select1-OR5W", Scheme::Select1Or5W),
        ("Select2-OR5W", Scheme::Select2Or5W),
    ] {
        assert_eq!(name.parse::<Scheme>().unwrap(), s);
        assert_eq!(s.to_string(), name);
    }
}

/// The relations' identities (name, cells ascending).
fn names_and_cells(rels: &[Imp630Pattern]) -> Vec<(String, Vec<sudolink_engine::grid::Cell>)> {
    rels.iter()
        .map(|r| {
            let mut cells = r.cells.clone();
            cells.sort();
            (r.name.clone(), cells)
        })
        .collect()
}

#[test]
fn a_path_keeps_the_relations_it_asserted_and_only_those() {
    let (state, _) = fixture("575_sel1.txt");
    let links = LinkIndex::new(&state);
    let complete = imp630::relations(&links, 1, 3, 8);
    let el14c13s = complete
        .iter()
        .find(|r| r.name == "EL14c13s")
        .expect("SudoRules' EL14c13s relation")
        .clone();
    // a pattern cell that holds the three digits loses one of them
    let cell = el14c13s.cells[0];
    let lost = Candidate::new(cell, el14c13s.digits[0]);
    let mut reduced = state.clone();
    reduced.eliminate(lost).expect("still consistent");
    let reduced_links = LinkIndex::new(&reduced);
    let key = names_and_cells(std::slice::from_ref(&el14c13s));
    // re-derived from the reduced state alone, the relation is there (each cell holds a digit)
    let rederived = imp630::relations(&reduced_links, 1, imp630::MIN_DIGITS, 8);
    assert!(names_and_cells(&rederived).contains(&key[0]));

    // nothing asserted: no relation
    let mut path = AssertedRelations::default();
    assert!(path.relations(&links, 1).is_empty());
    // SudoRules' rules fire on the complete pattern: asserted, and kept once reduced
    path.assert_in(&links, 1);
    let held = names_and_cells(path.relations(&links, 1));
    assert!(held.contains(&key[0]), "{held:?}");
    assert!(path
        .relations(&links, 1)
        .iter()
        .all(|r| r.form == sudolink_engine::proof::imp630::ImpForm::Complete));
    let kept = names_and_cells(path.relations(&reduced_links, 1));
    assert!(kept.contains(&key[0]), "{kept:?}");

    // a path that first meets the pattern reduced never asserts it (SudoRules' rule asks
    // for the three digits in every cell)
    let mut late = AssertedRelations::default();
    late.assert_in(&reduced_links, 1);
    let late_held = names_and_cells(late.relations(&reduced_links, 1));
    assert!(!late_held.contains(&key[0]), "{late_held:?}");
}

#[test]
fn sudorules_finned_swordfish_comes_before_the_patterns_at_level_3() {
    use sudolink_search::registry::TechniqueId;
    let (state, solution) = fixture("7541_finned_swordfish.txt");
    let links = LinkIndex::new(&state);
    let finned = |name: &str| {
        TechniqueId::from_name(name)
            .expect("a technique")
            .rule(0)
            .find(&links)
    };
    // SudoRules' finned-swordfish-in-columns: n3{c5 c9 c3}{r7 r8 r2} ==> r2c1≠3
    let swordfish = finned("finned-swordfish");
    let p = swordfish
        .iter()
        .find(|p| p.eliminations.contains(&cand("n3r2c1")))
        .expect("SudoRules' finned swordfish");
    assert_eq!(p.length, 3);
    for p in &swordfish {
        assert_eq!(p.length, 3);
        check(&state, p).expect("the fish holds");
        assert_sound_against_solution(&state, &solution, p);
    }
    // no finned x-wing or jellyfish makes that elimination
    for name in ["finned-x-wing", "finned-jellyfish"] {
        assert!(finned(name)
            .iter()
            .all(|p| !p.eliminations.contains(&cand("n3r2c1"))));
    }
    // the Select1 rules take the swordfish first, where EL14c1's relation is complete
    let rels = imp630::relations(&links, 1, 3, 8);
    assert!(rels
        .iter()
        .any(|r| r.name == "EL14c1" && r.guardians == [cand("n9r9c4")]));
    let rules = sudolink_study::rating::rules_for(Scheme::Select1Or5W, 8);
    let step = sudolink_search::registry::first_step(&rules, &links).expect("a step");
    assert_eq!(step.technique.as_deref(), Some("finned-swordfish"));
    assert_eq!(step.eliminations, [cand("n3r2c1")]);
}

/// Whether `p` is an OR-k chain on one of eleven's relations.
fn on_imp630(p: &Proof) -> bool {
    matches!(&p.pattern, Pattern::OrkChain(c) if matches!(c.relation, sudolink_engine::proof::ork::Relation::Imp630(_)))
}

#[test]
fn every_ork_chain_kind_starts_from_eleven_relations_too() {
    use sudolink_search::limits::Meter;
    use sudolink_search::ork::{find_within_k, largest_k, Sources};
    use sudolink_search::registry::{OrkKind, TechniqueId};
    // #3730 after the basic rules: EL13c290s-OR2 (see the guardian test above)
    let (state, solution) = fixture("3730_sel1_or2.txt");
    let links = LinkIndex::new(&state);
    let mut on_relations = 0;
    for kind in [
        OrkKind::Whip,
        OrkKind::ContradWhip,
        OrkKind::ForcingWhip,
        OrkKind::GWhip,
        OrkKind::ContradGWhip,
        OrkKind::ForcingGWhip,
    ] {
        for n in 2..=3 {
            let spec = (kind, largest_k(kind), Sources::WithImp630(2));
            let found = find_within_k(&links, spec, n, usize::MAX, &mut Meter::unlimited())
                .expect("within the default node cap");
            for p in &found {
                check(&state, p).expect("the chain holds");
                assert_sound_against_solution(&state, &solution, p);
            }
            on_relations += found.iter().filter(|p| on_imp630(p)).count();
            if kind.is_forcing() && n == 2 {
                assert!(
                    found.iter().any(on_imp630),
                    "{kind:?}[2] on an Imp630 relation"
                );
            }
        }
    }
    assert!(on_relations > 0);
    // the registry's sel2-ork- techniques search them (a path asserts the complete relations
    // at level 3 first)
    for name in ["sel2-ork-forcing-whip", "sel2-ork-forcing-g-whip"] {
        let t = TechniqueId::from_name(name).expect("registered");
        let found = t.rule(3).find(&links);
        assert!(found.iter().all(|p| check(&state, p).is_ok()), "{name}");
    }
}
