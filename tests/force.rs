//! [GNPX Force]: GNPX's force chains on the net-of-inferences engine. The seed's puzzle
//! `1526.7.893...5...4...9.3..75.8...2.6.6.....9.9.3...4.14..5.6...6...3...573.4.1962`
//! after the basic rules (the state GNPX shows: r2c4 {1 2 8}, r2c8 {1 2}…) is the fixture;
//! the seed's result lines (tests/fixtures/gnpx_seed_003_results.txt) are what we compare
//! with, conclusion by conclusion and line by line.

use crate::common;

use common::{collection, ok, start_and_solution, sudolink};
use std::collections::{BTreeMap, BTreeSet};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::{parse_line, parse_pencil_mark_grid};
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House, State};
use sudolink_engine::proof::net::{
    ForceMode, LinkLevel, NetChoice, NetConclusion, NetForm, NetLink, NetNode, NetPattern,
};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_notation::gnpx::gnpx_text;
use sudolink_search::force::{
    find, prove_choice, search_target, ForceAnalysis, ForceSpec, StateChoices,
};
use sudolink_search::net::{NetGraph, Propagation, PropagationPool, StateGraphs, SWEEP_WIDTH};
use sudolink_search::registry::{basic_rules, rules_with_basic};
use sudolink_search::{registry, Meter};
use sudolink_study::resolution::{is_solution, solve, solve_all_at_once};

const SEED_PUZZLE: &str =
    "1526.7.893...5...4...9.3..75.8...2.6.6.....9.9.3...4.14..5.6...6...3...573.4.1962";

fn seed_state() -> (State, [u8; 81]) {
    let (_, solution) = start_and_solution(&parse_line(SEED_PUZZLE, 1).unwrap());
    let state = parse_pencil_mark_grid(include_str!("fixtures/gnpx_force_state.txt"), 1).unwrap();
    (state, solution)
}

const GNPX: NetForm = NetForm::Chain;

fn spec(mode: ForceMode) -> ForceSpec {
    ForceSpec::new(mode, LinkLevel::Als, GNPX)
}

/// The seed's results: heading → its `✿` lines.
fn seed_results() -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut heading = String::new();
    for line in include_str!("fixtures/gnpx_seed_003_results.txt").lines() {
        if line.starts_with("ForceChain_") {
            heading = line.trim().to_string();
            out.entry(heading.clone()).or_default();
        } else if line.starts_with('✿') {
            out.get_mut(&heading).unwrap().push(line.trim().to_string());
        }
    }
    out
}

fn net(p: &Proof) -> &NetPattern {
    match &p.pattern {
        Pattern::Net(n) => n,
        other => panic!("not a net: {other:?}"),
    }
}

/// Printed lines of a proof (after its heading).
fn lines(p: &Proof) -> Vec<String> {
    gnpx_text(net(p), p)
        .lines()
        .skip(1)
        .map(String::from)
        .collect()
}

fn brackets(line: &str) -> usize {
    line.matches('[').count()
}

/// Ours no longer than the seed's: no line longer than the seed's longest, and no more
/// brackets in all (the contradiction we find first may be another node than the seed's).
fn assert_no_longer(ours: &[String], seed: &[String], what: &str) {
    let a: Vec<usize> = ours.iter().map(|l| brackets(l)).collect();
    let b: Vec<usize> = seed.iter().map(|l| brackets(l)).collect();
    let ok = a.iter().max() <= b.iter().max() && a.iter().sum::<usize>() <= b.iter().sum();
    assert!(
        ok,
        "{what}: lines of {a:?} brackets, the seed's {b:?}\n{ours:#?}"
    );
}

fn sound(state: &State, solution: &[u8; 81], p: &Proof) {
    check(state, p).unwrap_or_else(|e| panic!("{}: {e}\n{}", p.rule, gnpx_text(net(p), p)));
    for &c in &p.eliminations {
        assert!(!is_solution(solution, c), "{} eliminates {c}", p.rule);
    }
    for &c in &p.assertions {
        assert!(is_solution(solution, c), "{} asserts {c}", p.rule);
    }
}

fn cand(text: &str) -> Candidate {
    // r2c4#2
    let b = text.as_bytes();
    let cell = Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize);
    Candidate::new(cell, Digit::new(b[5] - b'0').unwrap())
}

#[test]
fn force_chain_contradiction_refutes_the_seeds_twenty_candidates() {
    let (state, solution) = seed_state();
    let links = LinkIndex::new(&state);
    let proofs = find(
        &links,
        spec(ForceMode::Contradiction),
        None,
        &mut Meter::unlimited(),
    )
    .proofs;
    let seed = seed_results();
    let mut ours: BTreeMap<String, &Proof> = BTreeMap::new();
    for p in &proofs {
        sound(&state, &solution, p);
        let heading = gnpx_text(net(p), p).lines().next().unwrap().to_string();
        ours.insert(heading, p);
    }
    let seed_false: Vec<&String> = seed
        .keys()
        .filter(|h| h.starts_with("ForceChain_Contradiction"))
        .collect();
    assert_eq!(seed_false.len(), 20);
    for h in &seed_false {
        let p = ours.get(*h).unwrap_or_else(|| panic!("{h} not found"));
        assert_no_longer(&lines(p), &seed[*h], h);
    }
    // what we find beyond the seed's list, each checked against the solution above
    let extra: Vec<&str> = ours
        .keys()
        .filter(|h| !seed.contains_key(*h))
        .map(|h| h.as_str())
        .collect();
    assert_eq!(
        extra,
        [
            "ForceChain_Contradiction r2c4#8 is false",
            "ForceChain_Contradiction r5c4#3 is false"
        ]
    );
}

#[test]
fn force_chain_cell_r2c8_and_house_row2_1_prove_the_seeds_three_verities() {
    let (state, solution) = seed_state();
    let links = LinkIndex::new(&state);
    let seed = seed_results();
    let choices = [
        (
            ForceMode::Cell,
            NetChoice::Cell {
                cell: Cell::at(1, 7),
            },
            "ForceChain_Cell",
        ),
        (
            ForceMode::House,
            NetChoice::House {
                house: House::Row(1),
                digit: Digit::new(1).unwrap(),
            },
            "ForceChain_House(row2#1)",
        ),
    ];
    for (mode, choice, name) in choices {
        let proofs = prove_choice(&links, spec(mode), &choice);
        let mut trues = BTreeSet::new();
        for p in &proofs {
            sound(&state, &solution, p);
            let text = gnpx_text(net(p), p);
            let heading = text.lines().next().unwrap();
            if let Some(seed_lines) = seed.get(heading) {
                assert_no_longer(&lines(p), seed_lines, heading);
            }
            trues.extend(
                p.assertions
                    .iter()
                    .map(|c| format!("{}#{}", c.cell(), c.digit())),
            );
        }
        for t in ["r6c6#2", "r2c6#8", "r6c4#8"] {
            assert!(
                trues.contains(t),
                "{name} does not prove {t} true: {trues:?}"
            );
            assert!(seed.contains_key(&format!("{name} {t} is true")));
        }
    }
}

#[test]
fn printed_exactly_as_gnpx_prints() {
    // the seed's shorter branch of ForceChain_Cell r6c6#2, and its heading
    let (state, _) = seed_state();
    let links = LinkIndex::new(&state);
    let proofs = prove_choice(
        &links,
        spec(ForceMode::Cell),
        &NetChoice::Cell {
            cell: Cell::at(1, 7),
        },
    );
    let p = proofs
        .iter()
        .find(|p| p.assertions == [cand("r6c6#2")])
        .expect("r6c6#2");
    let text = gnpx_text(net(p), p);
    assert!(
        text.starts_with("ForceChain_Cell r6c6#2 is true\n✿[W r2c8/+1 -> "),
        "{text}"
    );
    assert!(
        text.ends_with("\n✿[W r2c8/+2 -> r2c6/-2] => [S r2c6/-2 -> r6c6/+2]"),
        "{text}"
    );
    // an ALS super link as GNPX prints it, from a contradiction
    let r = search_target(
        &links,
        spec(ForceMode::Contradiction),
        cand("r2c4#2"),
        81,
        &mut Meter::unlimited(),
    );
    let p = &r.proofs[0];
    let text = gnpx_text(net(p), p);
    assert!(text.starts_with("ForceChain_Contradiction r2c4#2 is false\n✿[W r2c4/+2 -> "));
    assert!(
        text.contains("[W (ALS:r268c4) r2c4/-1 -> r8c7/-7]"),
        "{text}"
    );
    // in-cell links between two brackets stay implicit, as in the seed's lines
    for line in text.lines().skip(1) {
        for pair in line.split(" => ").collect::<Vec<_>>().windows(2) {
            let end = pair[0].rsplit("-> ").next().unwrap().trim_end_matches(']');
            let start = pair[1].split(' ').find(|t| t.contains('/')).unwrap();
            assert_eq!(end[..4], start[..4], "{line}");
        }
    }
}

fn tampered(p: &Proof, edit: impl Fn(&mut NetPattern)) -> Proof {
    let mut q = p.clone();
    if let Pattern::Net(n) = &mut q.pattern {
        edit(n);
    }
    q
}

#[test]
fn the_checker_rejects_tampered_nets() {
    let (state, _) = seed_state();
    let links = LinkIndex::new(&state);
    let all: Vec<Proof> = [ForceMode::Contradiction, ForceMode::Cell, ForceMode::House]
        .into_iter()
        .flat_map(|m| find(&links, spec(m), None, &mut Meter::unlimited()).proofs)
        .collect();
    assert!(all.len() > 50);
    let mut tried = 0;
    for p in &all {
        check(&state, p).unwrap();
        let n = net(p);
        for (b, branch) in n.branches.iter().enumerate() {
            for s in 0..branch.steps.len() {
                // drop an inference: a later premise or the conclusion loses its derivation
                let dropped = tampered(p, |n| {
                    n.branches[b].steps.remove(s);
                });
                assert!(
                    check(&state, &dropped).is_err(),
                    "dropping step {s} of {}",
                    p.rule
                );
                // change a link's kind
                let relinked = tampered(p, |n| {
                    let step = &mut n.branches[b].steps[s];
                    step.link = match step.link {
                        NetLink::Weak => NetLink::Strong { house: None },
                        _ => NetLink::Weak,
                    };
                });
                assert!(
                    check(&state, &relinked).is_err(),
                    "relinking step {s} of {}",
                    p.rule
                );
                tried += 1;
            }
            // swap a premise for another literal of the branch
            if branch.steps.len() >= 2 {
                let swapped = tampered(p, |n| {
                    let first = n.branches[b].steps[0].conclusion.clone();
                    let last = n.branches[b].steps.len() - 1;
                    n.branches[b].steps[last].premises[0] = first.negated();
                });
                assert!(
                    check(&state, &swapped).is_err(),
                    "swapping a premise of {}",
                    p.rule
                );
            }
        }
        // a verity claimed for the wrong candidate
        let wrong = Proof {
            eliminations: vec![cand("r7c2#2")],
            assertions: vec![],
            ..p.clone()
        };
        if p.eliminations != wrong.eliminations {
            assert!(check(&state, &wrong).is_err());
        }
    }
    assert!(tried > 200);
}

#[test]
fn levels_and_forms_nest_and_every_conclusion_is_sound() {
    // more links never lose a conclusion; nets never lose one of the chains'
    let (state, solution) = seed_state();
    let links = LinkIndex::new(&state);
    let mut by_spec = BTreeMap::new();
    for mode in [ForceMode::Cell, ForceMode::House, ForceMode::Contradiction] {
        for level in [LinkLevel::Links, LinkLevel::Groups, LinkLevel::Als] {
            for form in [NetForm::Chain, NetForm::Net] {
                let s = ForceSpec::new(mode, level, form);
                let proofs = find(&links, s, None, &mut Meter::unlimited()).proofs;
                let concluded: BTreeSet<(Vec<Candidate>, Vec<Candidate>)> = proofs
                    .iter()
                    .inspect(|p| sound(&state, &solution, p))
                    .inspect(|p| {
                        assert_eq!(net(p).level, level);
                        if form == NetForm::Chain {
                            assert!(net(p)
                                .branches
                                .iter()
                                .flat_map(|b| &b.steps)
                                .all(|s| s.premises.len() == 1));
                        }
                        if level == LinkLevel::Links {
                            assert!(net(p).branches.iter().flat_map(|b| &b.steps).all(
                                |s| !matches!(s.link, NetLink::Als { .. })
                                    && s.premises
                                        .iter()
                                        .all(|l| matches!(l.node, NetNode::Candidate(_)))
                            ));
                        }
                    })
                    .map(|p| (p.eliminations.clone(), p.assertions.clone()))
                    .collect();
                by_spec.insert(s, concluded);
            }
        }
    }
    for (s, concluded) in &by_spec {
        for (t, more) in &by_spec {
            if s.mode == t.mode && s.level <= t.level && s.form <= t.form {
                assert!(concluded.is_subset(more), "{s:?} finds what {t:?} does not");
            }
        }
    }
    let count = |mode, level, form| by_spec[&ForceSpec::new(mode, level, form)].len();
    for mode in [ForceMode::Cell, ForceMode::House, ForceMode::Contradiction] {
        assert!(
            count(mode, LinkLevel::Links, NetForm::Chain)
                <= count(mode, LinkLevel::Als, NetForm::Net)
        );
    }
}

/// The seed's state, then for each of top1465's first `puzzles` its start state and the
/// state after `steps` steps of the force-chain resolution.
fn seed_and_path_states(puzzles: usize, steps: usize) -> Vec<State> {
    let (seed, _) = seed_state();
    let mut states = vec![seed];
    for p in collection("top1465.txt", puzzles) {
        let (start, solution) = start_and_solution(&p);
        let path = solve(&start, &force_rules(), Some(&solution))
            .unwrap()
            .steps;
        let mut s = start.clone();
        for step in path.iter().take(steps) {
            sudolink_study::resolution::apply(&mut s, &step.proof).unwrap();
        }
        states.extend([start, s]);
    }
    states
}

#[test]
fn the_analysis_measures_each_proof_before_building_it() {
    // lengths come from derivation depths (chains) or counted traces (nets), and the
    // resolution orders by them before any proof is built: they must be the built lengths
    let states = seed_and_path_states(2, 12);
    let modes = [ForceMode::Cell, ForceMode::House, ForceMode::Contradiction];
    let mut measured = 0;
    for state in &states {
        let links = LinkIndex::new(state);
        for level in [LinkLevel::Links, LinkLevel::Groups, LinkLevel::Als] {
            for form in [NetForm::Chain, NetForm::Net] {
                let a =
                    ForceAnalysis::new(&links, level, form, &modes, None, &mut Meter::unlimited());
                for mode in modes {
                    let proofs = a.proofs(mode, 0..a.len(mode));
                    assert_eq!(proofs.len(), a.len(mode));
                    for (p, (target, value, length)) in proofs.iter().zip(a.lengths(mode)) {
                        assert_eq!(p.length, length, "{mode:?} {level:?} {form:?}");
                        let concluded = if value {
                            &p.assertions
                        } else {
                            &p.eliminations
                        };
                        assert_eq!(concluded, &vec![target]);
                        measured += 1;
                    }
                    // built one at a time, as the resolution asks for them, the same proofs
                    for i in (0..a.len(mode)).step_by(17) {
                        assert_eq!(a.proof(mode, i).as_ref(), proofs.get(i));
                    }
                }
            }
        }
    }
    assert!(measured > 1000, "{measured} proofs measured");
}

#[test]
fn the_lazy_analysis_lists_bound_by_bound_what_the_full_one_lists() {
    // the resolution asks length by length: up to each bound, the lazy analysis (only the
    // propagation levels the bound needs) must list exactly the full analysis' conclusions
    // of those lengths, in its order, with the same proofs
    let (state, _) = seed_state();
    let mut states = vec![state];
    for p in collection("top1465.txt", 3) {
        let (start, solution) = start_and_solution(&p);
        let steps = solve(&start, &force_rules(), Some(&solution))
            .unwrap()
            .steps;
        let mut s = start.clone();
        for step in steps.iter().take(8) {
            sudolink_study::resolution::apply(&mut s, &step.proof).unwrap();
        }
        states.extend([start, s]);
    }
    let modes = [ForceMode::Cell, ForceMode::House, ForceMode::Contradiction];
    let mut compared = 0;
    for state in &states {
        let links = LinkIndex::new(state);
        for level in [LinkLevel::Links, LinkLevel::Groups, LinkLevel::Als] {
            for form in [NetForm::Chain, NetForm::Net] {
                let full =
                    ForceAnalysis::new(&links, level, form, &modes, None, &mut Meter::unlimited());
                let mut lazy = ForceAnalysis::lazy(&links, level, form);
                for bound in 1..=30 {
                    lazy.up_to(bound);
                    for mode in modes {
                        let want: Vec<_> = full.lengths(mode).filter(|c| c.2 <= bound).collect();
                        let have: Vec<_> = lazy.lengths(mode).collect();
                        assert_eq!(have, want, "{mode:?} {level:?} {form:?} up to {bound}");
                        compared += have.len();
                    }
                }
                lazy.up_to(usize::MAX);
                for mode in modes {
                    let all = 0..full.len(mode);
                    assert_eq!(lazy.proofs(mode, all.clone()), full.proofs(mode, all));
                }
            }
        }
    }
    assert!(compared > 1000, "{compared} conclusions compared");
}

#[test]
fn a_path_with_recycled_propagations_takes_the_steps_fresh_searches_take() {
    // the resolution's searcher reuses one state's propagations and links for the next
    // state's analyses: each state's first step must be the one a fresh search finds
    let rules = force_rules();
    for p in collection("top1465.txt", 2) {
        let (start, solution) = start_and_solution(&p);
        let path = solve(&start, &rules, Some(&solution)).unwrap();
        assert!(path.steps.iter().any(|s| s.proof.family.contains("force")));
        let mut state = start.clone();
        for step in &path.steps {
            let fresh = registry::first_step(&rules, &LinkIndex::new(&state)).unwrap();
            assert_eq!(fresh, step.proof);
            sudolink_study::resolution::apply(&mut state, &step.proof).unwrap();
        }
    }
}

#[test]
fn all_at_once_solves_with_every_step_checked() {
    // `solve --all-at-once`: every conclusion of the least length in a state applied at
    // once, each verified on the state it was found in and against the solution (an
    // unsound one would be an error)
    let rules = force_rules();
    for p in collection("top1465.txt", 3) {
        let (start, solution) = start_and_solution(&p);
        let one = solve(&start, &rules, Some(&solution)).unwrap();
        let all = solve_all_at_once(&start, &rules, Some(&solution)).unwrap();
        assert!(one.solved && all.solved);
        for step in &all.steps {
            assert!(step
                .proof
                .eliminations
                .iter()
                .all(|&c| !is_solution(&solution, c)));
            assert!(step
                .proof
                .assertions
                .iter()
                .all(|&c| is_solution(&solution, c)));
        }
    }
    let out = ok(&["solve", SEED_PUZZLE, "--rules", "force", "--all-at-once"]);
    assert!(
        out.contains("ForceChain_") && !out.contains("NOT SOLVED"),
        "{out}"
    );
}

/// top1465 #64: after the basic rules its first force step (simplest first) is a force net
/// of length 3, shorter than any force chain there.
const NET_FIRST_PUZZLE: &str =
    "85.....7.....41...3..........1...4.6.7.5...........2..742.6.......8...3..........";

/// `sudolink COMMAND NET_FIRST_PUZZLE --rules force-chains,force-nets --max-len 60 EXTRA…`
fn on_net_first_puzzle(command: &str, extra: &[&str]) -> String {
    let mut args = vec![
        command,
        NET_FIRST_PUZZLE,
        "--rules",
        "force-chains,force-nets",
        "--max-len",
        "60",
    ];
    args.extend_from_slice(extra);
    ok(&args)
}

#[test]
fn the_listed_order_tries_force_chains_of_any_length_before_force_nets() {
    // simplest first: the net of length 3 comes before any chain (none is shorter than 4)
    let by_length = on_net_first_puzzle("solve", &[]);
    let first_force = |out: &str| {
        common::step_texts(out)
            .into_iter()
            .find(|l| l.starts_with("Force"))
            .map(str::to_string)
            .unwrap_or_default()
    };
    assert!(
        first_force(&by_length).starts_with("ForceNet_"),
        "{by_length}"
    );
    assert!(
        by_length.contains("MOST COMPLEX RULE = FORCE-NETS3"),
        "{by_length}"
    );
    // HoDoKu's order: force chains at every length first; this puzzle then needs no net
    let listed = on_net_first_puzzle("solve", &["--order", "listed"]);
    assert!(first_force(&listed).starts_with("ForceChain_"), "{listed}");
    assert!(
        !listed.contains("ForceNet_") && listed.contains("\nSOLVED"),
        "{listed}"
    );
    assert!(
        listed.contains("MOST COMPLEX RULE = FORCE-CHAINS4"),
        "{listed}"
    );
    // the library's path: every step checked against the solution, chains before nets
    let (start, solution) = start_and_solution(&parse_line(NET_FIRST_PUZZLE, 1).unwrap());
    let tiers = registry::parse_tiers("force-chains,force-nets").unwrap();
    let rules = registry::rules_in_tiers(&tiers, 60);
    let r = solve(&start, &rules, Some(&solution)).unwrap();
    assert!(r.solved);
    assert!(r.steps.iter().all(|s| s.proof.family != "force-nets"));
    let all = solve_all_at_once(&start, &rules, Some(&solution)).unwrap();
    assert!(all.solved);
    // rate orders the list the same way; a scheme's order is fixed
    let rated = on_net_first_puzzle("rate", &["--order", "listed", "--json"]);
    assert!(
        rated.contains("\"level\":\"force-chains,force-nets:4\""),
        "{rated}"
    );
    let (code, _, stderr) = sudolink(&[
        "solve",
        NET_FIRST_PUZZLE,
        "--rules",
        "N",
        "--order",
        "listed",
    ]);
    assert_ne!(code, 0);
    assert!(stderr.contains("\"N\" has a fixed order"), "{stderr}");
}

fn force_rules() -> Vec<registry::Rule> {
    rules_with_basic(
        &registry::parse_list("force-chains,force-nets").unwrap(),
        40,
    )
}

/// Every force technique on every state along the basic + force-chain resolution path of
/// `n` top1465 puzzles: proofs checked and agreeing with the solution. Returns (states,
/// conclusions).
fn soundness_over_paths(n: usize) -> (usize, usize) {
    let specs: Vec<ForceSpec> = registry::parse_list("force-chains,force-nets")
        .unwrap()
        .into_iter()
        .map(|t| match t.get().search {
            registry::Search::Force(s) => s,
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(specs.len(), 18);
    let (mut states, mut conclusions) = (0, 0);
    let rules = force_rules();
    for p in collection("top1465.txt", n) {
        let (start, solution) = start_and_solution(&p);
        let r = solve(&start, &rules, Some(&solution)).unwrap();
        let mut state = start.clone();
        for step in r
            .steps
            .iter()
            .filter(|s| !s.proof.family.starts_with("singles"))
        {
            let links = LinkIndex::new(&state);
            states += 1;
            for &s in &specs {
                for proof in find(&links, s, None, &mut Meter::unlimited()).proofs {
                    sound(&state, &solution, &proof);
                    conclusions += 1;
                }
            }
            sudolink_study::resolution::apply(&mut state, &step.proof).unwrap();
        }
    }
    (states, conclusions)
}

#[test]
fn sound_on_the_resolution_paths_of_a_top1465_sample() {
    let (states, conclusions) = soundness_over_paths(1);
    assert!(
        states > 5 && conclusions > 100,
        "{states} states, {conclusions} conclusions"
    );
}

#[test]
#[ignore = "whole run: top1465 #1-200, minutes; figures in the note"]
fn sound_on_the_resolution_paths_of_top1465_first_200() {
    let t = std::time::Instant::now();
    let (states, conclusions) = soundness_over_paths(200);
    eprintln!(
        "{states} states, {conclusions} conclusions checked in {:?}",
        t.elapsed()
    );
}

#[test]
fn force_chains_are_registry_families_in_explain_solve_and_rate() {
    let dir = tempdir();
    let state_file = dir.join("gnpx.txt");
    std::fs::write(&state_file, include_str!("fixtures/gnpx_force_state.txt")).unwrap();
    let f = state_file.to_str().unwrap();
    let out = ok(&[
        "explain",
        f,
        "--target",
        "r2c4<>2",
        "--families",
        "force-contradiction,force-cell-links,x-wing",
        "--verbose",
    ]);
    assert!(
        out.contains("ForceChain_Contradiction r2c4#2 is false"),
        "{out}"
    );
    // the rows' labels are padded to the longest: compare with single spaces
    let spaced = out
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        spaced.contains("force-cell-links ForceChain_Cell r2c4#2 is false"),
        "{out}"
    );
    assert!(spaced.contains("\nbasic none"), "{out}");
    let out = ok(&["solve", SEED_PUZZLE, "--rules", "force", "--max-len", "20"]);
    assert!(out.contains("ForceChain_"), "{out}");
    assert!(!out.contains("NOT SOLVED"), "{out}");
    // the library's own resolution with basic + force chains solves it too
    let (start, solution) = start_and_solution(&parse_line(SEED_PUZZLE, 1).unwrap());
    let r = solve(&start, &force_rules(), Some(&solution)).unwrap();
    assert!(r.solved);
    let _ = basic_rules();
}

fn tempdir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "sudolink-force-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

#[test]
fn force_command_prints_gnpx_lines_json_and_exports() {
    let out = ok(&["force", SEED_PUZZLE, "--mode", "contradiction"]);
    assert!(
        out.starts_with("After 26 steps of the basic rules:"),
        "{out}"
    );
    for h in seed_results()
        .keys()
        .filter(|h| h.contains("Contradiction"))
    {
        assert!(out.contains(h.as_str()), "{h} missing");
    }
    let json = ok(&[
        "force",
        SEED_PUZZLE,
        "--mode",
        "house",
        "--level",
        "links",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["technique"] == "force-house-links"));
    let dir = tempdir();
    let out = ok(&[
        "force",
        SEED_PUZZLE,
        "--mode",
        "cell",
        "--limit",
        "1",
        "--export",
        dir.to_str().unwrap(),
    ]);
    assert!(out.contains("ForceChain_Cell"));
    for ext in ["svg", "png", "dot", "txt", "json"] {
        assert!(dir.join(format!("force-1.{ext}")).is_file(), "{ext}");
    }
    let dot = std::fs::read_to_string(dir.join("force-1.dot")).unwrap();
    assert!(
        dot.contains("subgraph cluster_1") && dot.contains("subgraph cluster_2"),
        "{dot}"
    );
    if which_dot() {
        let svg = std::fs::read_to_string(dir.join("force-1.graph.svg")).unwrap();
        assert!(svg.contains("<svg"));
    }
    // the exported JSON is the proof's view (docs/views.md), its proof object re-checked
    let view: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("force-1.json")).unwrap()).unwrap();
    assert_eq!(view["version"], sudolink_notation::view::VERSION);
    let json: Proof = serde_json::from_value(view["proof"].clone()).unwrap();
    let (state, _) = seed_state();
    check(&state, &json).unwrap();
    let out = ok(&[
        "force",
        SEED_PUZZLE,
        "--mode",
        "contradiction",
        "--net",
        "--limit",
        "2",
    ]);
    assert!(out.contains("ForceNet_Contradiction"), "{out}");
}

fn which_dot() -> bool {
    std::process::Command::new("dot").arg("-V").output().is_ok()
}

#[test]
fn force_refuses_bad_input_without_panic_or_partial_output() {
    let dir = tempdir();
    let duplicate = format!("11{}", ".".repeat(79));
    let empty = ".".repeat(81);
    for (args, says) in [
        (vec!["force", "12345"], "not a puzzle grid"),
        (vec!["force", duplicate.as_str()], "contradict"),
        (vec!["force", empty.as_str()], "solution"),
        (vec!["force", SEED_PUZZLE, "--mode", "sideways"], "sideways"),
    ] {
        let (code, out, err) = sudolink(&args);
        assert_ne!(code, 0, "{args:?}: {out}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.to_lowercase().contains(says), "{args:?}: {err}");
    }
    let export = dir.join("never");
    let (code, _, _) = sudolink(&["force", "12345", "--export", export.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(!export.exists());
}

#[test]
fn an_emptied_variable_must_have_open_candidates() {
    // a digit already placed in a house, or a solved cell, has no open candidate: "every
    // candidate false" holds vacuously there and refutes nothing
    let (state, _) = seed_state();
    let links = LinkIndex::new(&state);
    let p = find(
        &links,
        ForceSpec::new(ForceMode::Contradiction, LinkLevel::Links, NetForm::Net),
        None,
        &mut Meter::unlimited(),
    )
    .proofs
    .into_iter()
    .next()
    .expect("a forcing net contradiction in the seed's state");
    check(&state, &p).unwrap();
    // r1c1 holds the given 1: row 1's 1 and the cell r1c1 are decided
    let r1c1 = Cell::at(0, 0);
    let placed = tampered(&p, |n| {
        n.branches[0].steps.clear();
        n.conclusion = NetConclusion::Empty {
            house: Some(House::Row(0)),
            cell: None,
            digit: Digit::new(1),
        };
    });
    let err = check(&state, &placed).unwrap_err().to_string();
    assert!(err.contains("no open candidate"), "{err}");
    let solved = tampered(&p, |n| {
        n.branches[0].steps.clear();
        n.conclusion = NetConclusion::Empty {
            house: None,
            cell: Some(r1c1),
            digit: None,
        };
    });
    let err = check(&state, &solved).unwrap_err().to_string();
    assert!(err.contains("no open candidate"), "{err}");
}

#[test]
fn analyses_on_one_states_shared_graph_parts_equal_analyses_on_their_own_graphs() {
    // the searcher's cache builds a state's six graphs on parts built once (the groups'
    // shared by the groups and ALS levels, the ALS sets by both forms): each analysis must
    // be the one on a graph of its own
    let states = seed_and_path_states(3, 5);
    let modes = [ForceMode::Cell, ForceMode::House, ForceMode::Contradiction];
    let mut pool = PropagationPool::default();
    let mut compared = 0;
    for state in &states {
        let links = LinkIndex::new(state);
        let mut graphs = StateGraphs::new(std::sync::Arc::new(links.clone()));
        let choices = StateChoices::new(&links);
        // the ALS level first, so the lower levels read parts it built
        for level in [LinkLevel::Als, LinkLevel::Links, LinkLevel::Groups] {
            for form in [NetForm::Net, NetForm::Chain] {
                let mut shared =
                    ForceAnalysis::lazy_shared(graphs.graph(level, form), &choices, &mut pool);
                shared.up_to(usize::MAX);
                let alone =
                    ForceAnalysis::new(&links, level, form, &modes, None, &mut Meter::unlimited());
                for mode in modes {
                    let have: Vec<_> = shared.lengths(mode).collect();
                    let want: Vec<_> = alone.lengths(mode).collect();
                    assert_eq!(have, want, "{mode:?} {level:?} {form:?}");
                    let first = 0..have.len().min(3);
                    assert_eq!(
                        shared.proofs(mode, first.clone()),
                        alone.proofs(mode, first)
                    );
                    compared += have.len();
                }
                shared.recycle(&mut pool);
            }
        }
    }
    assert!(compared > 500, "{compared} conclusions compared");
}

/// top1465 #1123, whose start state has 313 open candidates: more assumptions than one
/// sweep holds.
const WIDE_PUZZLE: &str =
    "2.3.8....8..7...........1...6.5.7...4......3....1............82.5....6...1.......";

/// The chain form's analysis of a state with more assumptions than one sweep holds (its
/// branches swept in two) gives, at every level, the conclusions and lengths that one
/// propagation per assumption gives: each contradiction with its trace, each cell verity
/// with the least sum of its branches' depths (refuted branches counting their
/// contradiction) over the cells whose unrefuted branches all derive it.
#[test]
fn a_state_swept_in_two_concludes_what_its_propagations_do() {
    let links = LinkIndex::new(&parse_line(WIDE_PUZZLE, 1).unwrap().start_state().unwrap());
    let assumptions: Vec<Candidate> = links
        .open()
        .iter()
        .filter(|c| !links.is_decided(CspVariable::Rc(c.cell())))
        .collect();
    assert!(assumptions.len() > SWEEP_WIDTH, "{}", assumptions.len());
    let modes = [ForceMode::Cell, ForceMode::Contradiction];
    for level in [LinkLevel::Links, LinkLevel::Groups, LinkLevel::Als] {
        let analysis = ForceAnalysis::new(
            &links,
            level,
            NetForm::Chain,
            &modes,
            None,
            &mut Meter::unlimited(),
        );
        let graph = NetGraph::new(&links, level, NetForm::Chain);
        let mut runs: BTreeMap<Candidate, Propagation> = assumptions
            .iter()
            .map(|&c| {
                let mut p = Propagation::new(&graph);
                p.run(&graph, c, true);
                (c, p)
            })
            .collect();
        let mut want_refuted = BTreeMap::new();
        for (&c, p) in runs.iter_mut() {
            if p.contradiction.is_some() {
                let ends = p.contradiction_ends(&graph);
                want_refuted.insert(c, p.trace_len(&ends));
            }
        }
        let have_refuted: BTreeMap<Candidate, usize> = analysis
            .lengths(ForceMode::Contradiction)
            .map(|(c, _, l)| (c, l))
            .collect();
        assert_eq!(have_refuted, want_refuted, "{level:?}");
        let mut want_cell: BTreeMap<(Candidate, bool), usize> = BTreeMap::new();
        for cell in Cell::all() {
            let members: Vec<Candidate> = assumptions
                .iter()
                .copied()
                .filter(|c| c.cell() == cell)
                .collect();
            if members.len() < 2 {
                continue;
            }
            let used: Vec<&Propagation> = members
                .iter()
                .map(|m| &runs[m])
                .filter(|p| p.contradiction.is_none())
                .collect();
            if used.is_empty() {
                continue;
            }
            for c in links.open().iter() {
                for value in [true, false] {
                    if value && links.is_decided(CspVariable::Rc(c.cell())) {
                        continue;
                    }
                    if !used.iter().all(|p| p.candidate_value(c) == Some(value)) {
                        continue;
                    }
                    let length: usize = (members.iter())
                        .map(|m| match want_refuted.get(m) {
                            Some(&l) => l,
                            None => runs[m].candidate_depth(c),
                        })
                        .sum();
                    let best = want_cell.entry((c, value)).or_insert(length);
                    *best = (*best).min(length);
                }
            }
        }
        let have_cell: BTreeMap<(Candidate, bool), usize> = analysis
            .lengths(ForceMode::Cell)
            .map(|(c, v, l)| ((c, v), l))
            .collect();
        assert_eq!(have_cell, want_cell, "{level:?}");
        assert!(
            !want_refuted.is_empty() && !want_cell.is_empty(),
            "{level:?}"
        );
    }
}

/// GNPX's per-choice lists from the command line: the seed's `ForceChain_Cell` list of
/// r2c8 and `ForceChain_House(row2#1)` list (each proving r6c6#2, r2c6#8 and r6c4#8) and its
/// `ForceChain_Contradiction` list, printed as GNPX prints them, every proof checked; every
/// choice's list with `--every-choice`; bad choices refused in one line.
#[test]
fn the_seeds_per_choice_lists_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let state_file = dir.path().join("gnpx_state.txt");
    std::fs::write(&state_file, include_str!("fixtures/gnpx_force_state.txt")).unwrap();
    let f = state_file.to_str().unwrap();
    let seed = seed_results();
    let headings = |out: &str| -> BTreeSet<String> {
        out.lines()
            .filter(|l| l.starts_with("ForceChain_"))
            .map(str::to_string)
            .collect()
    };
    for (choice, mode, name) in [
        ("r2c8", "cell", "ForceChain_Cell"),
        ("row2#1", "house", "ForceChain_House(row2#1)"),
    ] {
        let out = ok(&["force", f, "--no-basic", "--mode", mode, "--choice", choice]);
        assert!(
            out.starts_with(&format!("force-{mode} {choice}: ")),
            "{out}"
        );
        let listed = headings(&out);
        for t in ["r6c6#2", "r2c6#8", "r6c4#8"] {
            let heading = format!("{name} {t} is true");
            assert!(seed.contains_key(&heading), "{heading}");
            assert!(listed.contains(&heading), "{heading} not in {listed:?}");
        }
        // the mode follows from the choice when not given
        assert_eq!(ok(&["force", f, "--no-basic", "--choice", choice]), out);
        // JSON: every conclusion of the choice, with its choice named
        let v: serde_json::Value = serde_json::from_str(&ok(&[
            "force",
            f,
            "--no-basic",
            "--choice",
            choice,
            "--json",
        ]))
        .unwrap();
        assert_eq!(v.as_array().unwrap().len(), listed.len());
        assert!(v.as_array().unwrap().iter().all(|c| c["choice"] == choice));
    }
    // the contradiction list: every heading of the seed's is ours
    let out = ok(&["force", f, "--no-basic", "--mode", "contradiction"]);
    let listed = headings(&out);
    for heading in seed
        .keys()
        .filter(|h| h.starts_with("ForceChain_Contradiction"))
    {
        assert!(listed.contains(heading), "{heading} not in {listed:?}");
    }
    // every choice's list holds the two above
    let every = ok(&["force", f, "--no-basic", "--every-choice"]);
    assert!(every.contains("force-cell r2c8: "), "{every}");
    assert!(every.contains("force-house row2#1: "), "{every}");
    assert!(every.lines().last().unwrap().ends_with("with conclusions"));
    // bad choices: one line naming the problem, non-zero exit
    for (args, words) in [
        (vec!["--choice", "zz"], "--choice: column 1"),
        (vec!["--choice", "r1c1"], "r1c1 is already placed"),
        (
            vec!["--choice", "r2c8", "--mode", "contradiction"],
            "not contradiction",
        ),
        (
            vec!["--choice", "row2#1", "--mode", "cell"],
            "not a choice of ForceChain_Cell",
        ),
    ] {
        let mut all = vec!["force", f, "--no-basic"];
        all.extend(args);
        let (code, stdout, err) = common::sudolink(&all);
        assert_ne!(code, 0, "{all:?}");
        assert!(stdout.is_empty());
        assert!(err.contains(words), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}
