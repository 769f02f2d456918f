//! Hanson's +depth and ++depth ([Hanson SA], "Depth"): a hypothesis restarted at each dead
//! end with singles and locked candidates (+depth), and with subsets and fish (++depth), as
//! refutation nets. Easter Monster needs ++depth, as the seed says of "the hardest known
//! Sudoku"; every conclusion on basic-stuck top1465 states passes `proof::check` and agrees
//! with the solution; tampered proofs (an inference dropped, a literal flipped, a locked
//! set altered, a locked set beyond +depth) are refused; `solve --rules basic,depth2`
//! solves a sample of top1465 with every step checked.

use crate::common;

use common::{collection, seed_puzzle, start_and_solution};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::State;
use sudolink_engine::proof::net::{ForceMode, NetLink, NetPattern};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_search::hypothesis::depth_disproofs;
use sudolink_search::limits::{Limits, Meter};
use sudolink_search::registry::{parse_list, rules_with_basic, TechniqueId};
use sudolink_study::resolution::solve;

fn net(p: &Proof) -> &NetPattern {
    match &p.pattern {
        Pattern::Net(n) => n,
        other => panic!("not a net: {other:?}"),
    }
}

fn depth_proofs(mode: ForceMode, state: &State) -> Vec<Proof> {
    depth_disproofs(mode, &LinkIndex::new(state), None, &mut Meter::unlimited()).proofs
}

#[test]
fn depth_and_depth2_are_registry_entries() {
    let d = parse_list("depth").unwrap();
    let d2 = parse_list("depth2").unwrap();
    assert_eq!(parse_list("+depth").unwrap(), d);
    assert_eq!(parse_list("++depth").unwrap(), d2);
    assert_eq!(parse_list("depths").unwrap(), [d[0], d2[0]]);
    let bivalue = parse_list("bivalue-hypothesis").unwrap()[0];
    let tag = parse_list("tag1").unwrap()[0];
    assert!(bivalue < d[0] && d[0] < d2[0] && d2[0] < tag);
}

/// "This puzzle and also what I consider the hardest known Sudoku both require ++depth":
/// Easter Monster stalls with +depth and is solved with ++depth, every step checked and
/// agreeing with the solution (resolution::solve verifies each).
#[test]
fn easter_monster_needs_plus_plus_depth() {
    let (start, solution) = start_and_solution(&seed_puzzle("eastermonster-r4c8-7"));
    let with = |set: &str| {
        let rules = rules_with_basic(&parse_list(set).unwrap(), 999);
        solve(&start, &rules, Some(&solution)).expect("every step sound")
    };
    assert!(!with("depth").solved, "+depth is not enough");
    let r = with("depth2");
    assert!(r.solved);
    let nested = r
        .steps
        .iter()
        .filter(|s| TechniqueId::of_proof(&s.proof).name() == "depth2")
        .filter(|s| {
            net(&s.proof).branches[0]
                .steps
                .iter()
                .any(|x| matches!(&x.link, NetLink::Locked { base, .. } if base.len() > 1))
        })
        .count();
    assert!(nested > 0, "some step uses a subset or a fish");
}

fn all_sound(mode: ForceMode, states: &[(State, [u8; 81])]) -> usize {
    let mut n = 0;
    for (state, solution) in states {
        for proof in depth_proofs(mode, state) {
            common::assert_sound_against_solution(state, solution, &proof);
            n += 1;
        }
    }
    n
}

#[test]
fn every_depth_conclusion_on_basic_stuck_top1465_states_is_sound() {
    let states = common::basic_stuck_states(8);
    let (d, d2) = (
        all_sound(ForceMode::Depth, &states),
        all_sound(ForceMode::Depth2, &states),
    );
    eprintln!(
        "{d} +depth, {d2} ++depth disproofs on {} states",
        states.len()
    );
    assert!(d > 50 && d2 >= d, "{d} {d2}");
}

#[test]
fn depth_conclusions_along_depth2_paths_are_sound() {
    let states = common::path_states_where("depth2", 999, "depth", 4);
    assert!(states.len() > 4);
    assert!(all_sound(ForceMode::Depth2, &states) > 20);
}

#[test]
fn tampered_depth_proofs_are_rejected() {
    let (mut dropped, mut flipped, mut altered, mut beyond) = (0, 0, 0, 0);
    for (state, _) in common::basic_stuck_states(6) {
        let mut proofs = depth_proofs(ForceMode::Depth2, &state);
        // the longest first: they hold the locked sets
        proofs.reverse();
        proofs.truncate(10);
        for proof in proofs {
            let n = net(&proof).clone();
            let with = |f: &dyn Fn(&mut NetPattern)| {
                let mut m = n.clone();
                f(&mut m);
                let mut bad = proof.clone();
                bad.pattern = Pattern::Net(m);
                check(&state, &bad)
            };
            assert!(
                with(&|m| {
                    m.branches[0].steps.remove(0);
                })
                .is_err(),
                "accepted a dropped inference"
            );
            dropped += 1;
            assert!(
                with(&|m| {
                    let s = m.branches[0].steps.last_mut().unwrap();
                    s.conclusion = s.conclusion.negated();
                })
                .is_err(),
                "accepted a flipped literal"
            );
            flipped += 1;
            let Some(i) = n.branches[0]
                .steps
                .iter()
                .position(|s| matches!(s.link, NetLink::Locked { .. }))
            else {
                continue;
            };
            // a premise dropped from a locked set: its base is no longer covered
            assert!(
                with(&|m| {
                    m.branches[0].steps[i].premises.pop();
                })
                .is_err()
                    || n.branches[0].steps[i].premises.len() == 1,
                "accepted a locked set without one of its premises"
            );
            // the cover swapped for the base: the conclusion is not in the cover
            assert!(
                with(&|m| {
                    if let NetLink::Locked { base, cover } = &mut m.branches[0].steps[i].link {
                        std::mem::swap(base, cover);
                    }
                })
                .is_err(),
                "accepted a base and cover swapped"
            );
            altered += 1;
            let size = match &n.branches[0].steps[i].link {
                NetLink::Locked { base, .. } => base.len(),
                _ => unreachable!(),
            };
            if size > 1 {
                assert!(
                    with(&|m| m.mode = ForceMode::Depth).is_err(),
                    "+depth accepted a locked set of {size}"
                );
                assert!(with(&|m| m.mode = ForceMode::Hypothesis).is_err());
                beyond += 1;
            }
        }
    }
    assert!(
        dropped > 10 && flipped > 10 && altered > 5 && beyond > 0,
        "{dropped} {flipped} {altered} {beyond}"
    );
}

/// A spent budget stops the search and says so: nothing is claimed beyond it.
#[test]
fn a_spent_budget_stops_depth_and_says_so() {
    let (state, _) = common::basic_stuck_states(1).remove(0);
    let mut meter = Meter::new(Limits::new(Some(1), None, None));
    let a = depth_disproofs(ForceMode::Depth2, &LinkIndex::new(&state), None, &mut meter);
    assert!(a.stopped.is_some());
    assert!(a.proofs.len() <= 1);
}

/// `solve --rules basic,depth2` solves a sample of top1465 (every fifth of the first 100),
/// each step checked by `proof::check` and against the solution (the command refuses an
/// unsound step), and prints the proof tree.
#[test]
fn solve_with_depth2_solves_a_sample_of_top1465() {
    let sample: Vec<_> = collection("top1465.txt", 100)
        .into_iter()
        .step_by(5)
        .collect();
    let mut nested = 0;
    for p in &sample {
        let out = common::ok(&[
            "solve",
            &p.line(),
            "--rules",
            "basic,depth2",
            "--max-len",
            "999",
        ]);
        assert!(out.contains("SOLVED"), "{}\n{out}", p.line());
        nested += out.contains("(nesting 1)") as usize;
    }
    assert!(nested > 0, "some proof restarts the analysis");
}

/// CPU seconds of the calling thread (not wall time: the machine may be shared).
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// The table of which level each top1465 puzzle needs (basic, then hypothesis,
/// bivalue-hypothesis, +depth, ++depth, each with the ones before), and the CPU time of
/// `basic,depth2` per puzzle (`cargo test --release --test depth -- --ignored --nocapture`;
/// SUDOLINK_DEPTH_N=k for the first k puzzles, SUDOLINK_DEPTH_STEP=s for every s-th).
#[test]
#[ignore]
fn top1465_levels_table() {
    use rayon::prelude::*;
    let n = std::env::var("SUDOLINK_DEPTH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1465);
    let step = std::env::var("SUDOLINK_DEPTH_STEP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let ladder = [
        "hypothesis",
        "hypothesis,bivalue-hypothesis",
        "hypothesis,bivalue-hypothesis,depth",
    ];
    let names = [
        "basic",
        "hypothesis",
        "bivalue-hypothesis",
        "depth",
        "depth2",
        "none",
    ];
    let puzzles: Vec<(usize, _)> = collection("top1465.txt", n)
        .into_iter()
        .enumerate()
        .step_by(step)
        .collect();
    let rows: Vec<(usize, usize, f64, bool)> = puzzles
        .par_iter()
        .map(|(i, p)| {
            let i = *i;
            let (start, solution) = start_and_solution(p);
            let run = |rules: &[sudolink_search::Rule]| {
                solve(&start, rules, Some(&solution))
                    .unwrap_or_else(|e| panic!("#{}: {e}", i + 1))
                    .solved
            };
            let t0 = thread_cpu_seconds();
            let d2 = run(&rules_with_basic(&parse_list("depth2").unwrap(), 999));
            let seconds = thread_cpu_seconds() - t0;
            // the last rung is the run just timed (basic,depth2 alone: it finds what hypothesis
            // and +depth find)
            let level = if run(&sudolink_search::basic_rules()) {
                0
            } else {
                ladder
                    .iter()
                    .position(|set| run(&rules_with_basic(&parse_list(set).unwrap(), 999)))
                    .map_or(if d2 { 4 } else { 5 }, |k| k + 1)
            };
            eprintln!("#{} {} {seconds:.2}s", i + 1, names[level]);
            (i + 1, level, seconds, d2)
        })
        .collect();
    let mut counts = [0usize; 6];
    for r in &rows {
        counts[r.1] += 1;
    }
    println!(
        "level needed (each with the ones before), {} puzzles:",
        rows.len()
    );
    for (name, c) in names.iter().zip(counts) {
        println!(
            "  {name:<20} {c:>5}  {:5.1}%",
            100.0 * c as f64 / rows.len() as f64
        );
    }
    let solved = rows.iter().filter(|r| r.3).count();
    let worst = rows.iter().max_by(|a, b| a.2.total_cmp(&b.2)).unwrap();
    let mut times: Vec<f64> = rows.iter().map(|r| r.2).collect();
    times.sort_by(f64::total_cmp);
    println!(
        "basic,depth2 solves {solved}/{}; CPU per puzzle: median {:.3} s, 99th percentile {:.2} s, worst {:.2} s (#{})",
        rows.len(),
        times[times.len() / 2],
        times[times.len() * 99 / 100],
        worst.2,
        worst.0
    );
}

/// A ++depth proof exports like every other: the grid picture (SVG, PNG), the net as DOT
/// with one cluster for the hypothesis and the locked sets as labelled dotted edges from
/// each premise, graphviz's rendering of it, and the proof tree in the text file.
#[test]
fn a_depth2_proof_exports_its_net_with_the_locked_sets_labelled() {
    let dir = tempfile::tempdir().unwrap();
    let top1 = collection("top1465.txt", 1).remove(0).line();
    // step 23 of top1465 #1's basic,depth2 path is the state of the README's example
    common::ok(&[
        "explain",
        &top1,
        "--target",
        "r8c7<>2",
        "--families",
        "depth2",
        "--at-step",
        "23",
        "--path-rules",
        "basic,depth2",
        "--max-len",
        "999",
        "--export",
        dir.path().to_str().unwrap(),
    ]);
    let at = |ext: &str| dir.path().join(format!("depth2-r8c7-not-2.{ext}"));
    let dot = std::fs::read_to_string(at("dot")).unwrap();
    graphviz_rust::parse(&dot).expect("DOT parses back");
    assert!(dot.contains("subgraph cluster_1"), "{dot}");
    assert!(
        dot.contains("\"b1:r4c4/-3\" -> \"b1:r1c4/-7\" [style=\"dotted\" label=\"naked pair {7 8} in r48c4\"]"),
        "{dot}"
    );
    // the last locked set rests on three premises: three edges into each of its conclusions
    let into_r1c7_not_5 = dot
        .lines()
        .filter(|l| l.contains("-> \"b1:r1c7/-5\"") && l.contains("naked pair {5 9} in r1c24"))
        .count();
    assert_eq!(into_r1c7_not_5, 3, "{dot}");
    let svg = std::fs::read_to_string(at("svg")).unwrap();
    resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).expect("valid SVG");
    resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(at("png")).unwrap()).expect("PNG");
    assert!(std::fs::read_to_string(at("graph.svg"))
        .expect("graphviz renders the net (the README's test command installs it)")
        .contains("<svg"));
    let txt = std::fs::read_to_string(at("txt")).unwrap();
    assert!(
        txt.contains(
            " | | 10  r1c7<>9  naked pair {5 9} in r1c24: r1c2<>6 (6), r1c4<>7 (7), r1c4<>8 (8)"
        ),
        "{txt}"
    );
    assert!(txt.contains("ForceNet_Depth2 r8c7#2 is false"), "{txt}");
}

/// `--scheme` takes a family (or a list) as well as the fixed schemes: the rating is the
/// longest step the basic rules plus the list need, and `hardest` names its family.
#[test]
fn rate_scheme_names_a_family_as_rules_does() {
    let top1 = collection("top1465.txt", 1).remove(0).line();
    let rated = |how: &str, list: &str| -> serde_json::Value {
        let out = common::ok(&["rate", &top1, how, list, "--max-len", "99", "--json"]);
        serde_json::from_str(out.trim()).unwrap()
    };
    let by_scheme = rated("--scheme", "depth2");
    let by_rules = rated("--rules", "depth2");
    assert_eq!(by_scheme["rating"], by_rules["rating"]);
    assert!(by_scheme["rating"].as_u64().unwrap() > 0);
    assert_eq!(
        by_scheme["level"],
        format!("depth2:{}", by_scheme["rating"])
    );
    assert!(
        by_scheme["hardest"]
            .as_str()
            .unwrap()
            .starts_with("depth2["),
        "{by_scheme}"
    );
    let listed = rated("--scheme", "hypothesis,depth2");
    assert!(listed["hardest"].as_str().is_some(), "{listed}");
    let (code, _, err) = common::sudolink(&["rate", &top1, "--scheme", "zebra"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("unknown rating scheme \"zebra\"") && err.contains("list of techniques"),
        "{err}"
    );
}
