//! Sudoku Explainer's producers in the registry (issues 55 and 72, one technique list): each
//! of SE 1.2.1's 30 producers is one technique of the set `sudoku-explainer`, in SE's order
//! (the order SER's rating loop reads), after every other technique on the scale (SE's
//! difficulty of a step is SE's own); asked in SE's order on every state of SE's own path,
//! the registry gives the very step SE takes ([Juillerat SE]).

use crate::common;

use common::{collection, start_and_solution};
use sudolink_engine::graph::LinkIndex;
use sudolink_search::registry::{Searcher, System, TechniqueId};
use sudolink_study::resolution::solve;
use sudolink_study::rules::parse;
use sudolink_study::ser::rate;

fn explainer_techniques() -> Vec<TechniqueId> {
    TechniqueId::all()
        .filter(|t| t.system() == System::Explainer)
        .collect()
}

#[test]
fn each_producer_is_one_technique_in_se_s_order_by_name_only() {
    let ts = explainer_techniques();
    assert_eq!(ts.len(), 30);
    assert_eq!(sudolink_search::registry::explainer_order().len(), 30);
    let set = parse("sudoku-explainer", 10).unwrap().rules;
    // the basic rules first, then the set in SE's order
    let named: Vec<TechniqueId> = set
        .iter()
        .map(|r| r.technique)
        .filter(|t| t.system() == System::Explainer)
        .collect();
    assert_eq!(named, ts);
    for t in &ts {
        assert!(t.by_name_only(), "{}", t.name());
        assert!(t.name().starts_with("se-"), "{}", t.name());
    }
    // after every other technique on the scale, in SE's order
    let places: Vec<_> = ts.iter().map(|t| t.rule(0).place()).collect();
    assert!(places.windows(2).all(|w| w[0] < w[1]));
    let last_other = TechniqueId::all()
        .filter(|t| t.system() != System::Explainer)
        .flat_map(|t| t.rules_up_to(20, None))
        .map(|r| r.place())
        .max()
        .unwrap();
    assert!(last_other < places[0]);
    assert!(TechniqueId::from_name("se-bug")
        .unwrap()
        .assumes_uniqueness());
}

/// On every state of SE's path of top95's first 12 puzzles, the first registry technique
/// of the set that has a step (asked in SE's order) gives SE's step: the same conclusions
/// as the step's first proof.
#[test]
fn asked_in_se_s_order_the_registry_takes_se_s_steps() {
    let rules: Vec<_> = explainer_techniques().iter().map(|t| t.rule(0)).collect();
    let mut compared = 0;
    for p in collection("top95.txt", 12) {
        let (start, solution) = start_and_solution(&p);
        let rating = rate(&start, Some(&solution)).unwrap();
        let mut state = start.clone();
        for (k, step) in rating.steps.iter().enumerate() {
            let links = LinkIndex::new(&state);
            let ours = Searcher::new()
                .first_step(&rules, &links)
                .unwrap_or_else(|| panic!("{} step {}: none", p.line(), k + 1));
            let theirs = &step.proofs[0];
            assert_eq!(
                (&ours.eliminations, &ours.assertions),
                (&theirs.eliminations, &theirs.assertions),
                "{} step {} ({})",
                p.line(),
                k + 1,
                step.name
            );
            compared += 1;
            // SE's grid takes a step's own conclusions only (a direct hint's placement,
            // not the interaction or subset that leads to it)
            for &c in &step.eliminations {
                state.eliminate(c).unwrap();
            }
            if let Some(c) = step.placement {
                state.place(c).unwrap();
            }
        }
    }
    assert!(compared > 500, "{compared} steps compared");
}

/// A path with SE's producers alone (after the basic rules) solves mith's Loki, every step
/// checked by `proof::check` and against the solution (`solve` verifies both).
#[test]
fn se_s_producers_solve_loki_each_step_checked() {
    let loki = "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";
    let p = sudolink_engine::grid::format::parse_line(loki, 1).unwrap();
    let (start, solution) = start_and_solution(&p);
    let rules = parse("sudoku-explainer", 10).unwrap().rules;
    let r = solve(&start, &rules, Some(&solution)).unwrap();
    assert!(r.solved);
    let nested = r
        .steps
        .iter()
        .filter(|s| {
            TechniqueId::of_proof(&s.proof)
                .name()
                .starts_with("se-nested")
        })
        .count();
    assert!(
        nested > 0,
        "Loki (SER 11.9) needs SE's nested forcing chains"
    );
}
