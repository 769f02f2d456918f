//! The one simplest-first scale (issues 72 and 77: one technique list, one difficulty scale a
//! Berthier reader recognises): `explain`'s simplest proof of the conclusion `solve` draws
//! next is at that step's place (the same technique at the same length); a tagging proof
//! never stands before a shorter whip or braid; a rule's proofs stand at the rule's place;
//! every scheme lists its rules in the scale's order; and the front ends name no technique
//! or system (the registry answers what they need).

use crate::common;

use common::{collection, seed_puzzle, start_and_solution};
use proptest::prelude::*;
use std::path::Path;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Conclusion, State};
use sudolink_engine::proof::Proof;
use sudolink_search::registry::{self, place, Place, Searcher};
use sudolink_search::{Limits, Rule, TechniqueId};
use sudolink_study::explain::{default_techniques, explain_target, Options};
use sudolink_study::rating::{rules_for, Scheme};
use sudolink_study::resolution::{apply, solve};

const LOKI: &str =
    "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";

/// The explanation options of a rule set: its techniques, up to `max_len`, unbounded.
fn options_of(rules: &[Rule], max_len: usize) -> Options {
    let mut techniques: Vec<TechniqueId> = rules.iter().map(|r| r.technique).collect();
    techniques.sort();
    techniques.dedup();
    Options {
        techniques,
        max_len,
        g_max_len: None,
        limits: Limits::unlimited(),
        threads: 1,
    }
}

/// The simplest proof `explain` gives of `z` eliminated on `state`.
fn simplest(state: &State, z: Conclusion, solution: &[u8; 81], options: &Options) -> Proof {
    let report = explain_target(state, z, Some(solution), options).unwrap();
    report
        .simplest_proof()
        .unwrap_or_else(|| panic!("no proof of {z}"))
        .1
        .clone()
}

/// Along `rules`' path of a puzzle, at every step that eliminates (the first `steps` of them):
/// explain's simplest proof of the step's first elimination, asked of the same rules, stands
/// at the step's place; asked of every default technique, never after it.
fn explain_agrees_with_solve(line: &str, rules: &[Rule], max_len: usize, steps: usize) -> usize {
    let p = sudolink_engine::grid::format::parse_line(line, 1).unwrap();
    let (start, solution) = start_and_solution(&p);
    let path = solve(&start, rules, Some(&solution)).unwrap();
    let same = options_of(rules, max_len);
    let every = Options {
        techniques: default_techniques(),
        ..options_of(rules, max_len)
    };
    let mut state = start.clone();
    let mut compared = 0;
    for (k, step) in path.steps.iter().enumerate() {
        if compared < steps && !step.proof.eliminations.is_empty() {
            let z = Conclusion {
                candidate: step.proof.eliminations[0],
                placement: false,
            };
            let at = place(&step.proof);
            let ours = simplest(&state, z, &solution, &same);
            assert_eq!(
                place(&ours),
                at,
                "step {} ({}): explain's simplest is {} ({}), solve took {}",
                k + 1,
                z,
                ours.rule,
                TechniqueId::of_proof(&ours),
                step.proof.rule
            );
            let any = simplest(&state, z, &solution, &every);
            assert!(
                place(&any) <= at,
                "step {}: {} after {}",
                k + 1,
                any.rule,
                step.proof.rule
            );
            compared += 1;
        }
        apply(&mut state, &step.proof).unwrap();
    }
    compared
}

#[test]
fn explain_s_simplest_proof_is_solve_s_next_step_on_ocean_1() {
    // Ocean #1 with the default rules (N): step 7 is the nrc4 chain that eliminates r1c2<>8,
    // and explain headlines that nrc4, not the HoDoKu chain or a tagging proof
    let ocean = seed_puzzle("ocean-1").line();
    let n = explain_agrees_with_solve(&ocean, &rules_for(Scheme::N, 10), 10, 12);
    assert!(n >= 10, "{n} steps compared");
    // and with whips (W)
    let n = explain_agrees_with_solve(&ocean, &rules_for(Scheme::W, 10), 10, 6);
    assert!(n >= 6, "{n} steps compared");
}

#[test]
fn explain_s_simplest_proof_is_solve_s_next_step_on_top1465() {
    for p in collection("top1465.txt", 4) {
        explain_agrees_with_solve(&p.line(), &rules_for(Scheme::N, 8), 8, 3);
        explain_agrees_with_solve(&p.line(), &rules_for(Scheme::B, 8), 8, 3);
    }
}

#[test]
fn a_tagging_proof_never_stands_before_a_shorter_whip_or_braid() {
    // Loki's r7c9<>3: tag2's proof has 48 inferences; within the default --max-len (20) it
    // is not the simplest proof, and when it is searched for it stands after every whip and
    // braid up to length 47
    let p = sudolink_engine::grid::format::parse_line(LOKI, 1).unwrap();
    let (start, solution) = start_and_solution(&p);
    let z: Conclusion = "r7c9<>3".parse().unwrap();
    let options = Options {
        techniques: default_techniques(),
        max_len: 20,
        g_max_len: None,
        limits: Limits::unlimited(),
        threads: 2,
    };
    let report = explain_target(&start, z, Some(&solution), &options).unwrap();
    if let Some((_, p)) = report.simplest_proof() {
        assert!(
            registry::length_on_scale(p) <= 20,
            "{}: {}",
            p.rule,
            registry::length_on_scale(p)
        );
    }
    let tag2 = TechniqueId::from_name("tag2").unwrap();
    let long = tag2
        .shortest_for_target(&LinkIndex::new(&start), z.candidate, 60)
        .expect("tag2 clears r7c9<>3");
    let at = registry::length_on_scale(&long);
    assert!(at > 20, "tag2's proof at {at}");
    for name in ["whip", "g-whip", "braid", "g-braid"] {
        let shorter = TechniqueId::from_name(name).unwrap().rule(at - 1).place();
        assert!(shorter < place(&long), "{name}[{}] after tag2", at - 1);
    }
}

#[test]
fn the_tridagon_stands_at_sudorules_level_3() {
    // `solve --rules basic,tridagon,whip` on Loki: the tridagon step is at level 3 (the
    // level line), and the most complex rule is the hardest step on the scale
    let p = sudolink_engine::grid::format::parse_line(LOKI, 1).unwrap();
    let (start, solution) = start_and_solution(&p);
    let list = registry::parse_list("basic,tridagon,whip").unwrap();
    let rules = registry::rules_with_basic(&list, 10);
    let tridagon = TechniqueId::from_name("tridagon").unwrap();
    let at = rules.iter().position(|r| r.technique == tridagon).unwrap();
    assert_eq!(
        rules[at - 1],
        Rule::whip(sudolink_search::WhipKind::Whip, 2)
    );
    assert_eq!(
        rules[at + 1],
        Rule::whip(sudolink_search::WhipKind::Whip, 3)
    );
    let path = solve(&start, &rules, Some(&solution)).unwrap();
    assert!(path.solved);
    let step = path
        .steps
        .iter()
        .find(|s| TechniqueId::of_proof(&s.proof) == tridagon)
        .expect("a tridagon step");
    assert_eq!(registry::length_on_scale(&step.proof), 3);
}

#[test]
fn every_scheme_s_own_order_is_the_scale_s() {
    // each scheme's definition (SudoRules' saliences for Trid-OR5W: Subsets[n], finned fish,
    // the tridagon rules at 3, whip[n], the OR5 chains; Berthier's L, M, N: the basic rules,
    // then the chains length by length) already lists its rules in the scale's order
    for scheme in Scheme::ALL {
        for max_len in [1, 3, 8, 20] {
            let own = sudolink_study::rating::scheme_rules(scheme, max_len);
            assert!(
                own.windows(2).all(|w| w[0].place() < w[1].place()),
                "{scheme} up to {max_len}"
            );
            assert_eq!(rules_for(scheme, max_len), own);
        }
    }
}

#[test]
fn grouped_aic_and_nrc_show_one_length_for_one_chain() {
    // Ocean #1 step 7: HoDoKu's grouped AIC and Berthier's nrc4 chain are the same chain of
    // four CSP variables; every table shows 4 for both
    let p = seed_puzzle("ocean-1");
    let (start, solution) = start_and_solution(&p);
    let rules = rules_for(Scheme::N, 10);
    let path = sudolink_study::resolution::solve_steps(&start, &rules, Some(&solution), 6).unwrap();
    let links = LinkIndex::new(&path.final_state);
    let z = "n8r1c2".parse().unwrap();
    for name in ["nrc", "grouped-aic", "aic", "whip"] {
        let t = TechniqueId::from_name(name).unwrap();
        let proof = t.shortest_for_target(&links, z, 20).unwrap();
        assert_eq!(
            registry::length_on_scale(&proof),
            4,
            "{name}: {}",
            proof.rule
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A rule's proofs stand at the rule's place: the scale of rules (solve's order) and
    /// the scale of proofs (explain's ranking) are one, for the techniques searched by length
    /// and those found whole and placed by their length alike.
    #[test]
    fn a_rule_s_proofs_stand_at_its_place(
        index in 0usize..6,
        name in proptest::sample::select(vec![
            "x-wing", "nrc", "nrczt-lasso", "whip", "braid", "aic", "medusa", "als-xz",
            "skyscraper", "grouped-aic", "aic-als-nodes", "tag1", "force-cell-links",
            "hodoku-finned-fish", "bent-naked-subsets",
        ]),
        n in 1usize..=8,
    ) {
        let (state, _) = common::basic_stuck_states(6).remove(index);
        let links = LinkIndex::new(&state);
        let rule = TechniqueId::from_name(name).unwrap().rule(n);
        for p in Searcher::new().find(rule, &links, usize::MAX) {
            prop_assert_eq!(place(&p), rule.place(), "{}", p.rule);
        }
    }
}

/// The files of the front ends (the command line and the explorer's server), without their
/// comments.
fn front_end_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["src/cli", "crates/serve/src"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                let code: String = std::fs::read_to_string(&path)
                    .unwrap()
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect::<Vec<_>>()
                    .join("\n");
                out.push((path.display().to_string(), code));
            }
        }
    }
    out
}

/// The front ends name no technique and no system, and match on none of the registry's
/// kinds: what they need (is it a trial? how does a level line name a step? which
/// techniques are asked by name only?) the registry or the study answers.
#[test]
fn the_front_ends_name_no_technique_or_system() {
    let kinds = [
        "System::",
        "Search::",
        "Class::",
        "Level::",
        "Stage::",
        "NameOnly::",
        "Producer::",
        "HodokuRule::",
        "TRIAL_SET",
        "EXPLAINER_SET",
        "IMP630_SET",
        "SFIN_SET",
        "SUBSETS_SET",
        "UNIQUENESS_SET",
        "BASIC_SET",
        ".system()",
        ".get().sets",
    ];
    let names: Vec<String> = TechniqueId::all()
        .map(|t| format!("\"{}\"", t.name()))
        .collect();
    let sets: Vec<String> = registry::set_names()
        .into_iter()
        // `force` is also a command's name (`sudolink force`)
        .filter(|s| s.len() > 3 && *s != "force")
        .map(|s| format!("\"{s}\""))
        .collect();
    for (file, code) in front_end_sources() {
        for k in &kinds {
            // a whole name: `LinkLevel::` is the engine's, not the registry's `Level::`
            let named = code.match_indices(k).any(|(at, _)| {
                !code[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            assert!(!named, "{file} names the registry's {k}");
        }
        for n in names.iter().chain(&sets) {
            assert!(
                !code.contains(n.as_str()),
                "{file} names the technique or set {n}"
            );
        }
    }
}

#[test]
fn solve_s_order_places_fixed_patterns_at_their_level() {
    // a list with a technique found whole (Medusa) tries each of its levels among the
    // chains' lengths: `medusa[5]` after `nrc[5]`, before `nrc[6]`
    let list = registry::parse_list("nrc,medusa,skyscraper").unwrap();
    let rules = registry::rules_with_basic(&list, 6);
    let at = |r: Rule| rules.iter().position(|x| *x == r).unwrap();
    let nrc = TechniqueId::from_name("nrc").unwrap();
    let medusa = TechniqueId::from_name("medusa").unwrap();
    let skyscraper = TechniqueId::from_name("skyscraper").unwrap();
    assert!(at(nrc.rule(5)) < at(medusa.rule(5)) && at(medusa.rule(5)) < at(nrc.rule(6)));
    assert!(at(nrc.rule(2)) < at(skyscraper.rule(0)) && at(skyscraper.rule(0)) < at(nrc.rule(3)));
    let places: Vec<Place> = rules.iter().map(|r| r.place()).collect();
    assert!(places.windows(2).all(|w| w[0] < w[1]));
}
