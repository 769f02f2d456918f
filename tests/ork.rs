//! SudoRules' chains on a tridagon's OR-k relation — ORk-whips, ORk-forcing-whips,
//! ORk-contrad-whips and ORk-g-whips — replayed along the resolution paths SudoRules 20.1 publishes
//! (denis-berthier/CSP-Rules-Examples, `Sudoku-a/Tridagons/`): at each of its OR-k steps
//! our search finds a chain of the same rule and length eliminating the same candidate,
//! checked by `proof::check` and against the solution; the other steps' conclusions are
//! applied as published. Then tampered chains are refused.

use crate::common;

use common::assert_sound_against_solution;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, State};
use sudolink_engine::proof::ork::{OrkCell, OrkChain, OrkKind};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_engine::solver::count_solutions;
use sudolink_notation::sudorules::sudorules_text;
use sudolink_search::limits::Meter;
use sudolink_search::{ork, TechniqueId};

/// A fixture: its state, the solution and SudoRules' path from it (one step per entry,
/// its lines joined).
fn fixture(name: &str) -> (State, [u8; 81], Vec<String>) {
    let text =
        std::fs::read_to_string(common::fixture_path(&format!("ork/{name}"))).expect("fixture");
    let (grid, path) = text.split_once("PATH:\n").expect("a PATH: line");
    let state = common::pencil_mark_state(grid);
    let r = count_solutions(&state, 2);
    assert_eq!(r.count, 1, "{name} has one solution");
    let mut steps = Vec::new();
    let mut step = String::new();
    for line in path.lines() {
        step.push_str(line);
        step.push('\n');
        if line.contains("==>") {
            steps.push(std::mem::take(&mut step));
        }
    }
    assert!(step.is_empty(), "{name}: a step without conclusion: {step}");
    (state, r.solution.unwrap(), steps)
}

/// `r5c3≠8` or `r6c8=2` as (candidate, placement).
fn conclusion(text: &str) -> (Candidate, bool) {
    let (cell, digit, placed) = match text.split_once('≠') {
        Some((c, d)) => (c, d, false),
        None => {
            let (c, d) = text.split_once('=').expect("≠ or =");
            (c, d, true)
        }
    };
    let cell: Cell = cell.trim().parse().expect("a cell");
    let digit = Digit::new(digit.trim().parse().expect("a digit")).expect("1-9");
    (Candidate::new(cell, digit), placed)
}

/// The conclusions of a step.
fn conclusions(step: &str) -> Vec<(Candidate, bool)> {
    let (_, after) = step.split_once("==>").expect("==>");
    after.trim().split(", ").map(conclusion).collect()
}

/// An OR-k step's rule: `Trid-OR3-forcing-whip-elim[3]` → (forcing, 3, 3).
fn ork_rule(step: &str) -> Option<(OrkKind, usize, usize)> {
    // SudoRules prints a forcing g-whip without the relation's name
    let head = step
        .strip_prefix("Trid-OR")
        .or_else(|| step.strip_prefix("OR"))?;
    let (k, rest) = head.split_once('-')?;
    let (rule, rest) = rest.split_once('[')?;
    let (n, _) = rest.split_once(']')?;
    let kind = match rule {
        "whip" => OrkKind::Whip,
        "ctr-whip" => OrkKind::ContradWhip,
        "forcing-whip-elim" => OrkKind::ForcingWhip,
        "gwhip" => OrkKind::GWhip,
        "ctr-gwhip" => OrkKind::ContradGWhip,
        "forcing-gwhip-elim" => OrkKind::ForcingGWhip,
        other => panic!("not an OR-k rule: {other}"),
    };
    Some((kind, k.parse().ok()?, n.parse().ok()?))
}

fn technique(kind: OrkKind) -> TechniqueId {
    TechniqueId::from_name(kind.family()).expect("registered")
}

/// Replays SudoRules' path of `name`: every OR-k step found by our search at its length,
/// sound; returns how many OR-k steps there were and the proofs found.
fn replay(name: &str) -> Vec<(State, Proof, String)> {
    let (mut state, solution, steps) = fixture(name);
    let mut found = Vec::new();
    for step in &steps {
        let concl = conclusions(step);
        if let Some((kind, k, n)) = ork_rule(step) {
            assert_eq!(concl.len(), 1, "{step}");
            let (target, _) = concl[0];
            let links = LinkIndex::new(&state);
            let proof = ork::search_target(&links, kind, target, n, &mut Meter::unlimited())
                .expect("within the default budget")
                .unwrap_or_else(|| panic!("{name}: ours finds no chain for {step}"));
            let Pattern::OrkChain(c) = &proof.pattern else {
                panic!("not an OR-k chain")
            };
            // a chain on a relation split by a bivalue chain of n links is at level n too
            // (SudoRules' split-ORk-ch[n]), so it may be shorter than SudoRules' chain there
            assert_eq!(
                c.level(),
                n,
                "{name}: the shortest is at level {}: {step}",
                c.level()
            );
            // a split relation has fewer guardians, and the chain its own heading
            let split = !c.relation.split().is_empty();
            assert!(split || c.k() == k, "{step}");
            assert_eq!(c.kind, kind);
            assert_sound_against_solution(&state, &solution, &proof);
            // the registry's rule at that length finds it too, among its instances
            let by_rule = technique(kind).rule(n).find(&links);
            assert!(
                by_rule.iter().any(|p| p.eliminations == [target]),
                "{name}: {} at length {n} misses {target}",
                kind.family()
            );
            for p in &by_rule {
                assert_sound_against_solution(&state, &solution, p);
            }
            // SudoRules' heading and conclusion
            let ours = sudorules_text(&state, &proof);
            // SudoRules names a relation by the form it had when found and keeps the name;
            // ours is re-derived from the state, so a relation found as `Trid` may read
            // `Degen-Cycl-Trid` here once its cells lost digits
            let head = |s: &str| {
                s.split_once(':')
                    .map(|(h, _)| h.replace("Degen-Cycl-Trid", "Trid"))
            };
            if !split {
                assert_eq!(head(&ours), head(step), "{ours}\n{step}");
            }
            let tail = |s: &str| s.rsplit_once("==>").map(|(_, t)| t.trim().to_string());
            assert_eq!(tail(&ours), tail(step));
            found.push((state.clone(), proof, step.clone()));
        }
        for (c, placed) in concl {
            if placed {
                state.place(c).expect("a published placement");
            } else {
                state.eliminate(c).expect("a published elimination");
            }
        }
    }
    found
}

/// The kind of each OR-k step a replay found.
fn kinds_of(found: &[(State, Proof, String)]) -> Vec<OrkKind> {
    found
        .iter()
        .map(|(_, p, _)| match &p.pattern {
            Pattern::OrkChain(c) => c.kind,
            _ => unreachable!("replay returns OR-k chains"),
        })
        .collect()
}

#[test]
fn the_or3_whips_of_4986() {
    let found = replay("4986_or3w2.txt");
    assert_eq!(found.len(), 3);
    // SudoRules: Trid-OR3-whip[2]: OR3{{n6r5c3 n1r5c3 | n6r4c4}} - b4n6{r4c2 .} ==> r5c3≠8
    let (state, proof, _) = &found[0];
    assert_eq!(
        sudorules_text(state, proof),
        "Trid-OR3-whip[2]: OR3{{n1r5c3 n6r5c3 | n6r4c4}} - b4n6{r4c2 .} ==> r5c3≠8"
    );
}

#[test]
fn the_or2_forcing_whips_of_20958() {
    let found = replay("20958_or2fw.txt");
    assert_eq!(found.len(), 6);
    let (state, proof, _) = &found[0];
    assert_eq!(
        sudorules_text(state, proof),
        "Trid-OR2-forcing-whip-elim[3]:\n   || n4r2c6 - partial-whip[1]: r2c3{n4 n7} -\n   || n2r9c8 - partial-whip[1]: r8n2{c9 c3} -\n ==> r8c3≠7"
    );
}

#[test]
fn the_or2_whips_and_contrad_whip_of_20958() {
    let found = replay("20958_or2w.txt");
    let kinds = kinds_of(&found);
    assert_eq!(kinds.len(), 6);
    assert_eq!(kinds[5], OrkKind::ContradWhip);
}

#[test]
fn the_or3_chains_of_26529_on_two_tridagons() {
    assert_eq!(replay("26529_or3fw.txt").len(), 2);
    assert_eq!(replay("26529_or3w.txt").len(), 2);
    assert_eq!(replay("26529_or3cw.txt").len(), 4);
}

#[test]
fn the_or3_gwhips_of_1418() {
    // SudoRules' gW+OR5gW+SFin+Trid path of #1418 (its OR5gW level 6, OR5W level 8): one
    // Trid-OR3-whip[6], then three Trid-OR3-gwhip[6] whose R r7n5{c1 c456} is a g-candidate
    let found = replay("1418_or3gw.txt");
    assert_eq!(found.len(), 4);
    let (state, proof, step) = &found[1];
    let Pattern::OrkChain(c) = &proof.pattern else {
        unreachable!()
    };
    assert_eq!(c.kind, OrkKind::GWhip);
    let group = c.cells.iter().any(|x| {
        matches!(x, OrkCell::Variable(w) if w.right_linking.as_ref().is_some_and(|r| r.len() > 1))
    });
    assert!(group, "a g-candidate R: {step}");
    // SudoRules: Trid-OR3-gwhip[6]: r3c8{n4 n9} - r5n9{c8 c3} - c1n9{r6 r7} - r7n5{c1 c456}
    //   - OR3{{n5r9c6 n9r5c8 | n7r9c7}} - r1n7{c7 .} ==> r1c9≠4; ours, of the same length,
    //   starts as SudoRules' next one (on r1c9≠2) does; our guardians in the relation's order
    assert_eq!(
        sudorules_text(state, proof),
        "Trid-OR3-gwhip[6]: c9n6{r1 r3} - c9n9{r3 r6} - c1n9{r6 r7} - r7n5{c1 c456} - \
         OR3{{n9r5c8 n5r9c6 | n7r9c7}} - r1n7{c7 .} ==> r1c9≠4"
    );
    // SudoRules' second one, exactly
    let (state, proof, _) = &found[2];
    assert_eq!(
        sudorules_text(state, proof),
        "Trid-OR3-gwhip[6]: c9n6{r1 r3} - c9n9{r3 r6} - c1n9{r6 r7} - r7n5{c1 c456} - \
         OR3{{n9r5c8 n5r9c6 | n7r9c7}} - r1n7{c7 .} ==> r1c9≠2"
    );
    let (state, _, _) = &found[1];
    // the plain ORk-whip search has none of length 6 for these targets: the group is needed
    let links = LinkIndex::new(state);
    let plain = ork::search_target(&links, OrkKind::Whip, c.target, 6, &mut Meter::unlimited())
        .expect("within the budget");
    assert!(plain.is_none(), "a plain ORk-whip[≤6] on {}", c.target);
}

#[test]
fn the_or2_forcing_gwhips_of_2423() {
    // SudoRules' gW+OR5FgW+SFin+Trid path of #2423: three Trid-OR3-forcing-whip-elim[5] on
    // the halves of a split OR4 relation, then two OR2-forcing-gwhip-elim[2] whose branch
    // ends on a g-candidate
    let found = replay("2423_or2fgw.txt");
    assert_eq!(found.len(), 5);
    let kinds = kinds_of(&found);
    assert_eq!(kinds[..3], [OrkKind::ForcingWhip; 3]);
    assert_eq!(kinds[3..], [OrkKind::ForcingGWhip; 2]);
    // exactly SudoRules' lines
    let (state, proof, _) = &found[3];
    assert_eq!(
        sudorules_text(state, proof),
        "OR2-forcing-gwhip-elim[2]:\n   || n6r6c8 -\n   || n5r7c9 - partial-gwhip[1]: c9n3{r7 r456} -\n ==> r6c8≠3"
    );
    let (state, proof, _) = &found[4];
    assert_eq!(
        sudorules_text(state, proof),
        "OR2-forcing-gwhip-elim[2]:\n   || n5r7c9 -\n   || n6r6c8 - partial-gwhip[1]: b6n2{r6c8 r456c9} -\n ==> r7c9≠2"
    );
    // the plain forcing whip has none of length 2 there: the g-candidate is needed
    let (state, proof, _) = &found[3];
    let links = LinkIndex::new(state);
    let target = proof.eliminations[0];
    let plain = ork::search_target(
        &links,
        OrkKind::ForcingWhip,
        target,
        2,
        &mut Meter::unlimited(),
    )
    .expect("within the budget");
    assert!(plain.is_none(), "a plain ORk-forcing-whip[2] on {target}");
    // tampering: a branch's g-candidate R cut to one member, or the target moved off the end
    let Pattern::OrkChain(c) = &proof.pattern else {
        unreachable!()
    };
    let mut cut = (**c).clone();
    let (_, branch) = cut
        .branches
        .iter_mut()
        .find(|(_, b)| !b.is_empty())
        .expect("a branch with a cell");
    branch[0].right_linking.as_mut().expect("an R").truncate(1);
    let tampered = Proof::new(Pattern::OrkChain(Box::new(cut)), vec![target], vec![]);
    assert!(check(state, &tampered).is_err());
    // the same chain as a plain forcing whip is refused: plain kinds take no g-candidate
    let mut plain_kind = (**c).clone();
    plain_kind.kind = OrkKind::ForcingWhip;
    let tampered = Proof::new(
        Pattern::OrkChain(Box::new(plain_kind)),
        vec![target],
        vec![],
    );
    assert!(check(state, &tampered).is_err());
}

#[test]
fn the_checker_refuses_tampered_g_chains() {
    let found = replay("1418_or3gw.txt");
    let (state, proof, _) = &found[1];
    check(state, proof).expect("the ORk-g-whip holds");
    let group_cell = |c: &mut OrkChain| -> usize {
        c.cells
            .iter()
            .position(|x| {
                matches!(x, OrkCell::Variable(w) if w.right_linking.as_ref().is_some_and(|r| r.len() > 1))
            })
            .expect("a group R")
    };
    fn right(c: &mut OrkChain, i: usize) -> &mut Vec<Candidate> {
        match &mut c.cells[i] {
            OrkCell::Variable(w) => w.right_linking.as_mut().unwrap(),
            _ => unreachable!(),
        }
    }
    // a plain ORk-whip takes no g-candidate
    refused(state, proof, "relabelled plain", |c| c.kind = OrkKind::Whip);
    // a member of the group dropped: the candidate left is neither L, R nor covered
    refused(state, proof, "a group member dropped", |c| {
        let i = group_cell(c);
        right(c, i).pop();
    });
    // the cell's L added to its group R (another block: not one segment, and L repeated)
    refused(state, proof, "the L in the group", |c| {
        let i = group_cell(c);
        let OrkCell::Variable(w) = &c.cells[i] else {
            unreachable!()
        };
        let l = w.left_linking[0];
        right(c, i).push(l);
    });
    // the group given as the next cell's L (an L is always a plain candidate)
    refused(state, proof, "a group as an L", |c| {
        let i = group_cell(c);
        let g = right(c, i).clone();
        if let Some(OrkCell::Variable(w)) = c.cells.get_mut(i + 1) {
            w.left_linking = g;
        } else if let Some(OrkCell::Or { left_linking, .. }) = c.cells.get_mut(i + 1) {
            left_linking.extend(g);
        }
    });
    // a contrad relabelling and a wrong length
    refused(state, proof, "contrad", |c| c.kind = OrkKind::ContradGWhip);
    refused(state, proof, "the last cell dropped", |c| {
        c.cells.pop();
    });
    let mut longer = proof.clone();
    longer.length += 1;
    assert!(check(state, &longer).is_err(), "a wrong length");
}

/// Every ORk-g-whip, ORk-contrad-g-whip and ORk-forcing-g-whip our search finds on the
/// states of #1418's and #2423's paths is accepted by the checker and eliminates no
/// candidate of the solution.
#[test]
fn g_chains_found_are_sound() {
    let kinds = [OrkKind::GWhip, OrkKind::ContradGWhip, OrkKind::ForcingGWhip];
    let mut seen = [0; 3];
    // #2423's path is long: its chains up to length 3 (its forcing g-whips have length 2)
    for (name, longest) in [("1418_or3gw.txt", 6), ("2423_or2fgw.txt", 3)] {
        let (mut state, solution, steps) = fixture(name);
        for step in &steps {
            let links = LinkIndex::new(&state);
            for (i, kind) in kinds.into_iter().enumerate() {
                for n in 2..=longest {
                    for p in technique(kind).rule(n).find(&links) {
                        assert_sound_against_solution(&state, &solution, &p);
                        seen[i] += 1;
                    }
                }
            }
            for (c, placed) in conclusions(step) {
                if placed {
                    state.place(c).expect("a published placement");
                } else {
                    state.eliminate(c).expect("a published elimination");
                }
            }
        }
        eprintln!("after {name}: g-, contrad-g- and forcing-g-chains found: {seen:?}");
    }
    assert!(seen.iter().all(|&n| n > 0), "each kind found: {seen:?}");
}

/// Each way of breaking a chain, applied to `proof`, must be refused.
fn refused(state: &State, proof: &Proof, what: &str, tamper: impl Fn(&mut OrkChain)) {
    let mut bad = proof.clone();
    let Pattern::OrkChain(c) = &mut bad.pattern else {
        panic!("not an OR-k chain")
    };
    tamper(c);
    assert!(check(state, &bad).is_err(), "accepted: {what}");
}

#[test]
fn the_checker_refuses_tampered_chains() {
    for (fixture, kind) in [
        ("4986_or3w2.txt", OrkKind::Whip),
        ("20958_or2fw.txt", OrkKind::ForcingWhip),
        ("20958_or2w.txt", OrkKind::ContradWhip),
    ] {
        let found = replay(fixture);
        let (state, proof, _) = found
            .iter()
            .find(|(_, p, _)| matches!(&p.pattern, Pattern::OrkChain(c) if c.kind == kind))
            .expect("a chain of that kind");
        check(state, proof).expect("the chain holds");
        // another target
        let mut other = proof.clone();
        let t = state
            .candidates()
            .iter()
            .find(|c| !proof.eliminations.contains(c))
            .unwrap();
        other.eliminations = vec![t];
        assert!(check(state, &other).is_err(), "{fixture}: another target");
        // a guardian dropped from the relation
        refused(state, proof, "a guardian dropped", |c| {
            c.relation.guardians_mut().pop();
        });
        // the relation's digits changed
        refused(state, proof, "other digits", |c| {
            let other = if c.relation.digits().unwrap()[0].get() == 9 {
                8
            } else {
                9
            };
            c.relation.digits_mut().unwrap()[0] = Digit::new(other).unwrap();
        });
        match kind {
            OrkKind::ForcingWhip => {
                refused(state, proof, "a branch cut", |c| {
                    let i = c.branches.iter().position(|(_, b)| !b.is_empty()).unwrap();
                    c.branches[i].1.pop();
                });
                refused(state, proof, "a branch dropped", |c| {
                    c.branches.pop();
                });
                refused(state, proof, "the kind", |c| c.kind = OrkKind::Whip);
            }
            _ => {
                refused(state, proof, "the last cell dropped", |c| {
                    c.cells.pop();
                });
                refused(state, proof, "the kind", |c| {
                    c.kind = if c.kind == OrkKind::Whip {
                        OrkKind::ContradWhip
                    } else {
                        OrkKind::Whip
                    }
                });
                refused(state, proof, "a variable changed", |c| {
                    let cell = c
                        .cells
                        .iter_mut()
                        .find_map(|x| match x {
                            OrkCell::Variable(w) => Some(w),
                            _ => None,
                        })
                        .unwrap();
                    let l = cell.left_linking[0];
                    cell.variable = l
                        .variables()
                        .into_iter()
                        .find(|&v| v != cell.variable)
                        .unwrap_or(CspVariable::Rc(l.cell()));
                });
                refused(state, proof, "the OR cell's R moved to the left", |c| {
                    for x in c.cells.iter_mut() {
                        if let OrkCell::Or {
                            left_linking,
                            right_linking,
                        } = x
                        {
                            if let Some(r) = right_linking.take() {
                                left_linking.push(r);
                            } else {
                                *right_linking = left_linking.pop();
                            }
                        }
                    }
                });
            }
        }
    }
}

#[test]
fn a_search_cut_by_its_budget_says_so() {
    let (state, _, _) = fixture("26529_or3fw.txt");
    let links = LinkIndex::new(&state);
    let target: Candidate = "n2r6c7".parse().unwrap();
    let limits = sudolink_search::limits::Limits::new(Some(3), None, None);
    let answer = ork::search_target(
        &links,
        OrkKind::ForcingWhip,
        target,
        8,
        &mut Meter::new(limits),
    );
    assert!(
        answer.is_err(),
        "a budget of 3 partial whips cannot finish: {answer:?}"
    );
}

/// The OR relations are nodes of the typed graph, each linked to its guardians, listed by
/// the named query `or-relations`; at least one guardian of each is in the solution.
#[test]
fn the_graph_and_the_store_hold_the_or_relations() {
    use sudolink_engine::graph::CandidateGraph;
    use sudolink_store::{self as store, query};
    let (state, solution, _) = fixture("4986_or3w2.txt");
    let graph = CandidateGraph::build(&state);
    let relations: Vec<_> = graph.or_relations().cloned().collect();
    assert!(!relations.is_empty());
    // SudoRules' OR3-anti-tridagon[12] for digits 2, 4 and 8 in b1, b2, b4, b5, guardians
    // n6r4c4 n1r5c3 n6r5c3
    let mut published: Vec<Candidate> = ["n6r4c4", "n1r5c3", "n6r5c3"]
        .map(|c| c.parse().unwrap())
        .to_vec();
    published.sort();
    assert!(relations.iter().any(|r| r.guardians() == published));
    for r in &relations {
        assert!(
            r.guardians()
                .iter()
                .any(|g| solution[g.cell().index()] == g.digit().get()),
            "no guardian of {r} is true"
        );
    }
    common::assert_or_members_are_guardians(&graph);
    let via: Vec<&str> = graph
        .neighbourhood("n6r4c4".parse().unwrap())
        .iter()
        .map(|n| n.via)
        .collect();
    assert!(via.contains(&"or_relation"), "{via:?}");
    assert_eq!(graph.summary().nodes["or_relation"], relations.len());
    // the named query lists them with their guardians
    let puzzle =
        "1.3.56..9.571.9..669.73......9.71...53.......7..3.569..1....82....51.9...7....4..";
    let db = store::materialise(puzzle, Some("#4986"), &state).unwrap();
    let q = query::named("or-relations").unwrap();
    let table = query::run(db.connection(), q.sql, &[]).unwrap();
    let mut listed: Vec<String> = table
        .rows
        .iter()
        .map(|row| row[6].as_str().unwrap().to_string())
        .collect();
    let mut want: Vec<String> = relations
        .iter()
        .map(|r| {
            r.guardians()
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    listed.sort();
    want.sort();
    assert_eq!(listed, want);
    for row in &table.rows {
        let k = row[1].as_i64().unwrap() as usize;
        assert_eq!(row[6].as_str().unwrap().split(' ').count(), k);
    }
}

/// A version 3 store (before the OR relations) is upgraded by its next writer: its rows
/// kept, its `node` and `edge` tables admitting the new kinds.
#[test]
fn a_version_3_store_takes_or_relations_after_its_upgrade() {
    use sudolink_engine::graph::CandidateGraph;
    use sudolink_store::Store;
    let (state, _, _) = fixture("4986_or3w2.txt");
    let puzzle =
        "1.3.56..9.571.9..669.73......9.71...53.......7..3.569..1....82....51.9...7....4..";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v3.db");
    let before;
    {
        let mut store = Store::create(&path).unwrap();
        let p = store.write_puzzle(puzzle, Some("#4986")).unwrap();
        let id = store.write_state(p, None, 0, &state).unwrap();
        store
            .write_graph(id, &CandidateGraph::build(&state))
            .unwrap();
        // make it a version 3 store: its graph without OR relations, version 3's checks
        let conn = store.connection();
        conn.execute_batch(
            "PRAGMA foreign_keys = OFF;
             DELETE FROM edge WHERE kind = 'or_member';
             DELETE FROM node WHERE kind = 'or_relation';
             PRAGMA writable_schema = ON;
             UPDATE sqlite_schema SET sql = replace(replace(sql,
                 ' OR kind = ''or_relation''', ''), 'OR kind = ''or_member''', 'OR 0')
             WHERE name IN ('node', 'edge');
             PRAGMA writable_schema = OFF;
             PRAGMA user_version = 3;",
        )
        .unwrap();
        before = (
            conn.query_row("SELECT count(*) FROM node", [], |r| r.get::<_, i64>(0))
                .unwrap(),
            conn.query_row("SELECT count(*) FROM edge", [], |r| r.get::<_, i64>(0))
                .unwrap(),
        );
    }
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let sql: String = conn
            .query_row(
                "SELECT sql FROM sqlite_schema WHERE name = 'node'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert!(
            !sql.contains("or_relation"),
            "the test store is version 3's"
        );
        assert!(conn
            .execute(
                "INSERT INTO node (state_id, id, kind, label) VALUES (1, 999999, 'or_relation', 'x')",
                [],
            )
            .is_err());
    }
    let mut store = Store::create(&path).unwrap();
    let conn = store.connection();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, sudolink_store::schema::SCHEMA_VERSION);
    let after = (
        conn.query_row("SELECT count(*) FROM node", [], |r| r.get::<_, i64>(0))
            .unwrap(),
        conn.query_row("SELECT count(*) FROM edge", [], |r| r.get::<_, i64>(0))
            .unwrap(),
    );
    assert_eq!(after, before, "every row kept");
    let fk: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(fk, 0);
    let p = store.write_puzzle(puzzle, Some("#4986 again")).unwrap();
    let id = store.write_state(p, None, 0, &state).unwrap();
    store
        .write_graph(id, &CandidateGraph::build(&state))
        .unwrap();
    let relations: i64 = store
        .connection()
        .query_row(
            "SELECT count(*) FROM node WHERE kind = 'or_relation' AND state_id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap();
    assert!(relations > 0);
}

/// Along the paths of the basic rules, whips and the OR-k chains (up to length 5) on 30 of
/// Monhard's T&E(3) puzzles, every step is checked against the solution, and at every
/// state every OR-k chain of length 2 to 4 the registry finds is sound.
#[test]
fn along_the_te3_sample_paths_every_chain_is_sound() {
    use sudolink_engine::grid::format::parse_line;
    use sudolink_search::registry::{parse_list, rules_with_basic};
    use sudolink_study::resolution::{apply, solve};
    let text = std::fs::read_to_string(common::fixture_path("te/monhard_te3_sample.txt")).unwrap();
    let rules = rules_with_basic(&parse_list("whip,ork-chains").unwrap(), 5);
    let (mut steps, mut checked, mut solved) = (0usize, 0usize, 0usize);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let grid = line.split('\t').next().unwrap();
        let p = parse_line(grid, 1).unwrap();
        let (start, solution) = common::start_and_solution(&p);
        let r = solve(&start, &rules, Some(&solution)).expect("a sound path");
        solved += r.solved as usize;
        let mut state = start.clone();
        for step in &r.steps {
            let technique = step.proof.technique.as_deref().unwrap_or("");
            steps += technique.starts_with("ork-") as usize;
            apply(&mut state, &step.proof).unwrap();
            if state.is_solved() || !technique.starts_with("ork-") {
                continue;
            }
            let links = LinkIndex::new(&state);
            for kind in [OrkKind::Whip, OrkKind::ContradWhip, OrkKind::ForcingWhip] {
                for n in 2..=4 {
                    for proof in technique_rule(kind, n).find(&links) {
                        assert_sound_against_solution(&state, &solution, &proof);
                        checked += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "{steps} OR-k steps on the 30 paths, {solved} solved; {checked} other chains checked"
    );
    assert!(steps > 0, "no OR-k chain on the 30 paths");
}

fn technique_rule(kind: OrkKind, n: usize) -> sudolink_search::registry::Rule {
    technique(kind).rule(n)
}

/// SudoRules' ORk-splitting (`split-ORk-ch[2]`): on #46002's state after its `Trid-OR3-whip[3]`,
/// the guardians n2r3c3 and n2r9c2 of the OR3 relation have the same valence (c3n2 and b7n2
/// are bivalue: n2r3c3 - n2r8c3 - n2r9c2), so the relation without either holds; an
/// `OR2-whip[3]` on it eliminates r3c6≠2, which the OR3 relation needs four cells for.
#[test]
fn a_split_relation_gives_46002_an_or2_whip_3() {
    let text = std::fs::read_to_string(common::fixture_path("ork/46002_split.txt")).unwrap();
    let state = common::pencil_mark_state(&text);
    let solution = count_solutions(&state, 2).solution.expect("one solution");
    let links = LinkIndex::new(&state);
    let target: Candidate = "n2r3c6".parse().unwrap();
    let proof = ork::search_target(&links, OrkKind::Whip, target, 3, &mut Meter::unlimited())
        .expect("within the budget")
        .expect("an ORk-whip[3] on a split relation");
    assert_eq!(proof.length, 3);
    let Pattern::OrkChain(c) = &proof.pattern else {
        unreachable!()
    };
    assert_eq!(c.k(), 2);
    assert_eq!(c.relation.split().len(), 1);
    let n2r8c3: Candidate = "n2r8c3".parse().unwrap();
    assert_eq!(c.relation.split()[0].chain, vec![n2r8c3]);
    assert_sound_against_solution(&state, &solution, &proof);
    // without splitting, no ORk-whip of length 3
    let unsplit = ork::relations_up_to(&links, 6);
    assert!(unsplit.iter().all(|r| r.guardians().len() == 3));
    // tampered splits are refused
    refused(&state, &proof, "the split left out", |c| {
        c.relation.split_mut().clear()
    });
    refused(&state, &proof, "no chain", |c| {
        c.relation.split_mut()[0].chain.clear()
    });
    refused(&state, &proof, "an odd chain", |c| {
        let extra: Candidate = "n2r1c2".parse().unwrap();
        c.relation.split_mut()[0].chain.push(extra);
    });
    refused(&state, &proof, "the kept one dropped", |c| {
        let s = &mut c.relation.split_mut()[0];
        std::mem::swap(&mut s.dropped, &mut s.kept);
    });
    refused(&state, &proof, "kept is dropped", |c| {
        let s = &mut c.relation.split_mut()[0];
        s.kept = s.dropped;
    });
}

/// SudoRules' `ORk-forcing-whip[n]-value` rules: every branch ends on one candidate, which
/// is asserted (`Trid-OR2-forcing-whip-assert[5]`), found at its length, placed by
/// `explain`'s placement search, checked, and refused when tampered with.
#[test]
fn an_or2_forcing_whip_asserts_where_every_branch_ends() {
    let text =
        std::fs::read_to_string(common::fixture_path("ork/assert_state.txt")).expect("fixture");
    let state = common::pencil_mark_state(&text);
    let r = count_solutions(&state, 2);
    assert_eq!(r.count, 1);
    let solution = r.solution.unwrap();
    let links = LinkIndex::new(&state);
    let r1c2_2 = Candidate::new("r1c2".parse().unwrap(), Digit::new(2).unwrap());
    // none shorter; at length 5, the assertion comes first
    for n in 2..5 {
        let found = ork::find(&links, OrkKind::ForcingWhip, n);
        assert!(found.iter().all(|p| p.assertions.is_empty()), "length {n}");
    }
    let found = ork::find(&links, OrkKind::ForcingWhip, 5);
    let proof = found
        .iter()
        .find(|p| p.assertions == [r1c2_2])
        .expect("the assertion of r1c2=2");
    assert!(proof.eliminations.is_empty());
    assert_sound_against_solution(&state, &solution, proof);
    assert_eq!(
        sudorules_text(&state, proof),
        "Trid-OR2-forcing-whip-assert[5]:\n   || n2r9c3 - partial-whip[1]: r1n2{c3 c2} -\n   || n6r8c2 - partial-whip[3]: r5c2{n6 n3} - r4c2{n3 n1} - r1c2{n1 n2} -\n ==> r1c2=2"
    );
    for p in &found {
        assert_sound_against_solution(&state, &solution, p);
    }
    // the placement search (`explain --target r1c2=2`) finds it, and the technique places
    let placed = ork::search_placement_k(
        &links,
        (OrkKind::ForcingWhip, 8, ork::Sources::Tridagons),
        r1c2_2,
        12,
        &mut Meter::unlimited(),
    )
    .expect("within the budget")
    .expect("a placement");
    assert_eq!(placed.length, 5);
    assert!(technique(OrkKind::ForcingWhip).may_place());
    // the elimination search still answers eliminations only, shortest first
    let r1c3_2 = Candidate::new("r1c3".parse().unwrap(), Digit::new(2).unwrap());
    let elim = ork::search_target(
        &links,
        OrkKind::ForcingWhip,
        r1c3_2,
        12,
        &mut Meter::unlimited(),
    )
    .expect("within the budget")
    .expect("an elimination");
    assert_eq!((elim.length, elim.eliminations.clone()), (4, vec![r1c3_2]));
    // tampering
    refused(&state, proof, "another target", |c| c.target = r1c3_2);
    refused(&state, proof, "an elimination form", |c| c.asserts = false);
    refused(&state, proof, "a branch cut short", |c| {
        let (_, b) = c.branches.iter_mut().find(|(_, b)| b.len() > 1).unwrap();
        b.pop();
    });
    refused(&state, proof, "a whip asserting", |c| {
        c.kind = OrkKind::Whip
    });
    let mut as_elim = proof.clone();
    as_elim.eliminations = vec![r1c2_2];
    as_elim.assertions.clear();
    assert!(
        check(&state, &as_elim).is_err(),
        "an assertion read as an elimination"
    );
}

/// SudoRules 20.1 with `W+OR6FW+SFin+Trid` (run on this puzzle of mith's Sample1000,
/// 2026-11-27) splits a Trid-OR3 relation by a c-chain of 4 links, then, at that level,
/// prints the shorter forcing whip on one of its halves before any longer one: so does our
/// path with whips and ORk-forcing-whips, word for word.
#[test]
fn at_one_level_the_shorter_forcing_whip_comes_first_as_in_sudorules() {
    use sudolink_engine::grid::format::parse_line;
    use sudolink_search::registry::{parse_list, rules_with_basic};
    use sudolink_study::resolution::{apply, solve};
    let p = parse_line(
        "12....789.56......7.8...........4.17....9...28....294..81.4729..4...1.78...82....",
        1,
    )
    .unwrap();
    let (start, solution) = common::start_and_solution(&p);
    let rules = rules_with_basic(
        &parse_list("whip,tridagon,trid-ork,ork-forcing-whip").unwrap(),
        10,
    );
    let r = solve(&start, &rules, Some(&solution)).expect("a sound path");
    assert!(r.solved);
    let mut state = start.clone();
    let mut first = None;
    for step in &r.steps {
        if first.is_none() && step.proof.family == "ork-forcing-whip" {
            first = Some(sudorules_text(&state, &step.proof));
        }
        apply(&mut state, &step.proof).unwrap();
    }
    assert_eq!(
        first.expect("an ORk-forcing-whip step"),
        "Trid-OR2-forcing-whip-elim[2]:\n   || n9r9c6 -\n   || n8r5c6 - partial-whip[1]: r2c6{n8 n9} -\n ==> r3c6≠9"
    );
}
