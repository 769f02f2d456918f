//! Hanson's hypothesis and disproof, and Gail Nelson's two-way hypothesis from a bivalue
//! cell ([Hanson SA], "Hypothesis and (Dis)Proof"), as nets of the net engine. The seed's
//! XYZ-wing is disproved as the seed tells it; every conclusion on the states of top1465
//! resolution paths passes `proof::check` and agrees with the solution; tampered proofs
//! (an inference dropped, a literal flipped, a branch dropped, a richer link level) are
//! refused.

use crate::common;

use common::collection;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, State};
use sudolink_engine::proof::net::{ForceMode, LinkLevel, NetConclusion, NetPattern};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_notation::hypothesis::{letter, letters};
use sudolink_notation::nrc;
use sudolink_search::hypothesis::{bivalue_hypotheses, hypotheses};
use sudolink_search::limits::Meter;
use sudolink_search::registry::parse_list;

fn cand(text: &str) -> Candidate {
    text.parse().unwrap()
}

fn net(p: &Proof) -> &NetPattern {
    match &p.pattern {
        Pattern::Net(n) => n,
        other => panic!("not a net: {other:?}"),
    }
}

/// A state from pencil marks: every cell open with all nine digits, except the cells
/// restricted to the digits given.
fn marks(keep: &[(&str, &str)]) -> State {
    let mut cells = vec![vec![String::from("123456789"); 9]; 9];
    for &(cell, digits) in keep {
        let c: Cell = cell.parse().unwrap();
        cells[c.row()][c.col()] = digits.to_string();
    }
    let text: String = cells.iter().map(|r| r.join(" ") + "\n").collect();
    sudolink_engine::grid::format::parse_pencil_mark_grid(&text, 1).unwrap()
}

/// The seed's XYZ-wing: pivot XYZ = {1 2 3} in r1c3, pincers XZ = {1 3} in r3c1 and
/// YZ = {2 3} in r1c7; `*` = r1c2, which sees the three Z (3).
fn xyz_wing() -> State {
    marks(&[("r1c3", "123"), ("r3c1", "13"), ("r1c7", "23")])
}

#[test]
fn letters_alternate_as_the_seed_marks_them() {
    // a = false, A = true, B = false by association, then b true, c false, C true…
    let got: Vec<String> = [(1, false), (2, true), (3, false), (4, true), (5, false)]
        .iter()
        .map(|&(d, v)| letter(d, v))
        .collect();
    assert_eq!(got, ["a", "A", "B", "b", "c"]);
    assert_eq!(letter(53, false), "a2");
}

#[test]
fn the_seeds_xyz_wing_is_disproved() {
    let state = xyz_wing();
    let links = LinkIndex::new(&state);
    let star = cand("n3r1c2");
    let targets = sudolink_engine::grid::CandidateSet::from_candidates([star]);
    let answer = hypotheses(&links, Some(&targets), &mut Meter::unlimited());
    let [proof] = &answer.proofs[..] else {
        panic!("one disproof expected: {:?}", answer.proofs);
    };
    check(&state, proof).unwrap();
    assert_eq!(proof.eliminations, [star]);
    assert_eq!(proof.rule, "hypothesis");
    let n = net(proof);
    assert_eq!(n.mode, ForceMode::Hypothesis);
    // "That leaves nothing at that position": the pivot r1c3 has no candidate left
    assert_eq!(
        n.conclusion,
        NetConclusion::Empty {
            house: None,
            cell: Some("r1c3".parse().unwrap()),
            digit: None
        }
    );
    // the three Z false (a), the pincers' X and Y true (A), the pivot's X and Y false (B)
    assert_eq!(proof.length, 7);
    let l = letters(&n.branches[0]);
    let mark = |c: &str, v: bool| {
        l[&sudolink_engine::proof::net::NetLiteral::candidate(cand(c), v)].clone()
    };
    assert_eq!(mark("n3r1c2", true), "*");
    assert_eq!(mark("n3r1c3", false), "a");
    assert_eq!(mark("n3r3c1", false), "a");
    assert_eq!(mark("n3r1c7", false), "a");
    assert_eq!(mark("n1r3c1", true), "A");
    assert_eq!(mark("n2r1c7", true), "A");
    assert_eq!(mark("n1r1c3", false), "B");
    assert_eq!(mark("n2r1c3", false), "B");
    insta::assert_snapshot!("xyz_wing_lettered", nrc::nrc_text(&state, proof));
}

#[test]
fn two_way_hypothesis_from_the_xy_wing_pivot() {
    // pivot {1 2} in r1c1, pincers {1 3} in r1c5 and {2 3} in r3c2: both ways the
    // candidate 3 of r1c2 is false (it sees r1c5 and r3c2)
    let state = marks(&[("r1c1", "12"), ("r1c5", "13"), ("r3c2", "23")]);
    let links = LinkIndex::new(&state);
    let answer = bivalue_hypotheses(&links, None, &mut Meter::unlimited());
    let proof = answer
        .proofs
        .iter()
        .find(|p| p.eliminations == [cand("n3r1c2")])
        .expect("r1c2 <> 3");
    check(&state, proof).unwrap();
    assert_eq!(proof.length, 6);
    for p in &answer.proofs {
        check(&state, p).unwrap();
    }
    let text = nrc::nrc_text(&state, proof);
    assert!(
        text.contains("circle (r") && text.contains("square (r"),
        "{text}"
    );
}

/// The states of the simplest-first path with the basic rules and both hypotheses of the
/// first `n` top1465 puzzles (every state where a hypothesis applied, and the last), with
/// the solution.
fn path_states(n: usize) -> Vec<(State, [u8; 81])> {
    common::path_states_where("hypotheses", 40, "hypothesis", n)
}

fn all_sound(states: &[(State, [u8; 81])]) -> (usize, usize) {
    let (mut disproofs, mut two_way) = (0, 0);
    for (state, solution) in states {
        let links = LinkIndex::new(state);
        for proof in hypotheses(&links, None, &mut Meter::unlimited()).proofs {
            common::assert_sound_against_solution(state, solution, &proof);
            disproofs += 1;
        }
        for proof in bivalue_hypotheses(&links, None, &mut Meter::unlimited()).proofs {
            common::assert_sound_against_solution(state, solution, &proof);
            two_way += 1;
        }
    }
    (disproofs, two_way)
}

#[test]
fn every_hypothesis_conclusion_on_top1465_paths_is_sound() {
    let states = path_states(20);
    let (disproofs, two_way) = all_sound(&states);
    eprintln!(
        "{disproofs} disproofs, {two_way} two-way conclusions on {} states",
        states.len()
    );
    assert!(disproofs > 100 && two_way > 100, "{disproofs} {two_way}");
}

/// The whole collection (`cargo test --release --test hypothesis -- --ignored`).
#[test]
#[ignore]
fn every_hypothesis_conclusion_on_all_top1465_paths_is_sound() {
    let states = path_states(1465);
    let (disproofs, two_way) = all_sound(&states);
    eprintln!(
        "{disproofs} disproofs, {two_way} two-way conclusions on {} states, all sound",
        states.len()
    );
}

#[test]
fn tampered_hypotheses_are_rejected() {
    let (mut dropped, mut flipped, mut branches, mut levels) = (0, 0, 0, 0);
    for (state, _) in path_states(20) {
        let links = LinkIndex::new(&state);
        let mut proofs = hypotheses(&links, None, &mut Meter::unlimited()).proofs;
        proofs.truncate(8);
        let two_way = bivalue_hypotheses(&links, None, &mut Meter::unlimited()).proofs;
        proofs.extend(two_way.into_iter().take(8));
        for proof in proofs {
            let n = net(&proof).clone();
            let with = |f: &dyn Fn(&mut NetPattern)| {
                let mut m = n.clone();
                f(&mut m);
                let mut bad = proof.clone();
                bad.pattern = Pattern::Net(m);
                check(&state, &bad)
            };
            let b = n.branches.iter().position(|b| !b.steps.is_empty()).unwrap();
            // an inference dropped (the first: every later one may rest on it)
            assert!(
                with(&|m| {
                    m.branches[b].steps.remove(0);
                })
                .is_err(),
                "accepted a dropped inference"
            );
            dropped += 1;
            // a literal flipped (the last inference's conclusion: its letter changes case)
            assert!(
                with(&|m| {
                    let s = m.branches[b].steps.last_mut().unwrap();
                    s.conclusion = s.conclusion.negated();
                })
                .is_err(),
                "accepted a flipped literal"
            );
            flipped += 1;
            // a richer level than Hanson's marking
            assert!(with(&|m| m.level = LinkLevel::Groups).is_err());
            levels += 1;
            if n.mode == ForceMode::Bivalue {
                assert!(
                    with(&|m| {
                        m.branches.pop();
                    })
                    .is_err(),
                    "accepted a dropped branch"
                );
                branches += 1;
            }
        }
    }
    assert!(
        dropped > 10 && flipped > 10 && levels > 10 && branches > 5,
        "{dropped} {flipped} {levels} {branches}"
    );
}

#[test]
fn hypotheses_are_registry_entries() {
    let h = parse_list("hypothesis").unwrap();
    let b = parse_list("bivalue-hypothesis").unwrap();
    assert_eq!(parse_list("disproof").unwrap(), h);
    assert_eq!(parse_list("two-way-hypothesis").unwrap(), b);
    assert_eq!(parse_list("hypotheses").unwrap(), [h[0], b[0]]);
    // after Medusa, before the tagging
    let medusa = parse_list("medusa").unwrap()[0];
    let tag = parse_list("tag1").unwrap()[0];
    assert!(medusa < h[0] && b[0] < tag);
}

/// top1465 #1 after its basic steps: `solve --rules basic,hypothesis` prints the disproof
/// with its lettered grid (two 4 true in block 2: r3c4 is `A` and `B`), and `explain
/// --target` finds it through the registry.
#[test]
fn solve_and_explain_reach_the_hypotheses_through_the_registry() {
    let p = collection("top1465.txt", 1).remove(0).line();
    let out = common::path_output(&[
        "solve",
        &p,
        "--rules",
        "basic,hypothesis",
        "--max-len",
        "40",
    ]);
    assert!(out.contains("hypothesis[5]: r5c9=4 is false"), "{out}");
    assert!(out.contains("| 4A/B5789 "), "{out}");
    assert!(out.contains("contradiction: r3c4=4 (A) and r3c4<>4 (B) ==> r5c9 <> 4"));
    let dir = std::env::temp_dir().join(format!("sudolink-hyp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state.txt");
    let state = state.to_str().unwrap();
    let args = [
        "solve",
        &p,
        "--rules",
        "basic,hypothesis",
        "--max-len",
        "40",
    ];
    common::path_output(&[&args[..], &["--save-state", "21", state]].concat());
    let why = common::ok(&[
        "explain",
        state,
        "--target",
        "r5c9<>4",
        "--families",
        "hypothesis,bivalue-hypothesis",
        "--verbose",
    ]);
    // the rows' labels are padded to the longest: compare with single spaces
    let spaced = why
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        spaced.contains("hypothesis hypothesis[5]: r5c9=4 is false"),
        "{why}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
