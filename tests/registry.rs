//! The technique registry and explicit limits: one table of techniques that every command
//! reads, a new technique added through it (fish of size 5 to 7: squirmbag, whale,
//! leviathan), `explain --all` bounded and honest about what it did not explore, and
//! explaining on any state of a resolution path (`--at-step`, `solve --save-state`).

use crate::common;

use common::{collection, ok, seed_puzzle, start_and_solution, sudolink};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::Conclusion;
use sudolink_engine::grid::{Candidate, House};
use sudolink_engine::proof::{check, Pattern};
use sudolink_search::registry;
use sudolink_search::{Limits, Rule, Stop, TechniqueId};
use sudolink_study::explain::{explain_all, explain_target, NoProof, Options};
use sudolink_study::resolution::is_solution;

fn house_index(h: &House) -> usize {
    match *h {
        House::Row(i) | House::Column(i) | House::Block(i) => i as usize,
    }
}

fn techniques(list: &str) -> Vec<TechniqueId> {
    registry::parse_list(list).unwrap()
}

#[test]
fn every_proof_names_its_registry_entry() {
    // the path of Ocean #1 with the N rules: each step's technique is the registry entry
    // whose search found it, and only chains and whips grade the puzzle
    let p = seed_puzzle("ocean-1");
    let (start, solution) = start_and_solution(&p);
    let rules = sudolink_study::rating::rules_for(sudolink_study::rating::Scheme::N, 4);
    let r = sudolink_study::resolution::solve(&start, &rules, Some(&solution)).unwrap();
    assert!(r.solved);
    let mut graded = 0;
    for s in &r.steps {
        let t = TechniqueId::of_proof(&s.proof);
        assert!(rules.iter().any(|r| r.technique == t), "{} not in N", t);
        if t.get().graded {
            graded += 1;
            assert!(s.proof.rule.starts_with(t.name()), "{}", s.proof.rule);
        }
    }
    assert!(graded > 0);
}

#[test]
fn every_way_of_asking_records_the_technique_in_the_proof() {
    // the searcher stamps each proof with its technique when it returns it, whichever
    // entry point asked: every instance, one target's shortest proof, one placement; the
    // name travels in the proof's JSON
    let (state, _) = common::basic_stuck_states(1).remove(0);
    let links = LinkIndex::new(&state);
    let mut searcher = registry::Searcher::new();
    let mut seen = 0;
    for name in [
        "x-wing",
        "aic",
        "als-xz",
        "nrc",
        "whip",
        "hodoku-finned-fish",
    ] {
        let t = TechniqueId::from_name(name).unwrap();
        for n in 1..=6 {
            for proof in searcher.find(t.rule(n), &links, usize::MAX) {
                assert_eq!(proof.technique.as_deref(), Some(t.name()), "{}", proof.rule);
                assert_eq!(TechniqueId::of_proof(&proof), t);
                let target = proof.eliminations[0];
                let mut meter = sudolink_search::limits::Meter::unlimited();
                let answer = searcher.search_target(t, &links, target, n, &mut meter);
                let shortest = answer.proof.expect("the proof just found proves it");
                assert_eq!(shortest.technique.as_deref(), Some(t.name()));
                let json = serde_json::to_value(&shortest).unwrap();
                assert_eq!(json["technique"], t.name());
                seen += 1;
            }
        }
    }
    assert!(seen > 3, "{seen}");
}

#[test]
fn squirmbags_whales_and_leviathans_are_sound_and_complement_smaller_fish() {
    // Fish of size 5 to 7, added through one registry line each. A fish of size n in rows
    // over k open rows of its digit is the complement of a fish of size k - n in columns:
    // the same eliminations. Checked on top1465's start states.
    let mut found = 0;
    for p in collection("top1465.txt", 200) {
        let (start, solution) = start_and_solution(&p);
        let links = LinkIndex::new(&start);
        for name in ["squirmbag", "whale", "leviathan"] {
            let t = TechniqueId::from_name(name).unwrap();
            for proof in Rule::find(t.rule(0), &links) {
                found += 1;
                check(&start, &proof).unwrap_or_else(|e| panic!("{}: {e}", proof.rule));
                assert!(proof.rule.starts_with(name), "{}", proof.rule);
                for &e in &proof.eliminations {
                    assert!(!is_solution(&solution, e), "{} eliminates {e}", proof.rule);
                }
                let Pattern::Fish { digit, base, cover } = &proof.pattern else {
                    panic!("not a fish: {:?}", proof.pattern);
                };
                // the complement: a smaller fish of the other orientation eliminates the same
                let smaller: Vec<_> = (2..=7)
                    .filter(|&n| n != base.len())
                    .flat_map(|n| {
                        sudolink_search::basic::find(sudolink_search::BasicRule::Fish(n), &links)
                    })
                    .filter(|q| matches!(&q.pattern, Pattern::Fish { digit: d, base: b, .. } if d == digit && b[0].kind_name() != base[0].kind_name()))
                    .collect();
                // lines of the other orientation holding the digit outside the cover: the
                // complement's base; with one such line the complement is a hidden single
                let by_rows = matches!(base[0], House::Row(_));
                let line_of = |c: Candidate| {
                    if by_rows {
                        c.cell().col()
                    } else {
                        c.cell().row()
                    }
                };
                let cross_of = |c: Candidate| {
                    if by_rows {
                        c.cell().row()
                    } else {
                        c.cell().col()
                    }
                };
                let cover_lines: Vec<usize> = cover.iter().map(house_index).collect();
                let outside: Vec<Candidate> = start
                    .candidates()
                    .iter()
                    .filter(|c| c.digit() == *digit && !cover_lines.contains(&line_of(*c)))
                    .collect();
                let single_line = outside
                    .iter()
                    .map(|&c| line_of(c))
                    .all(|l| l == line_of(outside[0]));
                for &e in &proof.eliminations {
                    if single_line && outside.len() == 1 {
                        // hidden single: placing it removes the digit from its crossing line
                        assert_eq!(cross_of(e), cross_of(outside[0]), "{}: {e}", proof.rule);
                        continue;
                    }
                    assert!(
                        smaller.iter().any(|q| q.eliminations.contains(&e)),
                        "{}: no complementary fish eliminates {e}",
                        proof.rule
                    );
                }
            }
        }
    }
    assert!(
        found > 0,
        "no fish of size 5 to 7 on 200 top1465 start states"
    );
}

#[test]
fn squirmbag_is_named_on_the_command_line() {
    // one registry line makes it usable by name everywhere
    let (code, _, err) = sudolink(&["solve", "--rules", "squirmbag,zebra"]);
    assert_ne!(code, 0);
    // squirmbag is read; the first name refused is zebra
    assert!(
        err.contains("unknown technique \"zebra\"") && !err.contains("\"squirmbag\""),
        "{err}"
    );
    // (they do not solve Ocean #1: the path ends not solved, exit 2)
    let (code, out, err) = sudolink(&["solve", "--rules", "squirmbag,fish-6", "--max-len", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        out.contains("NOT RATED: the rules squirmbag,fish-6 "),
        "{out}"
    );
    let out = ok(&[
        "explain",
        "--target",
        "r7c9<>3",
        "--families",
        "squirmbag,x-wing",
        "--verbose",
    ]);
    assert!(out.contains("squirmbag    none\n"), "{out}");
}

#[test]
fn a_budget_stops_explain_all_and_says_how_far_it_got() {
    let p = seed_puzzle("ocean-1");
    let (start, solution) = start_and_solution(&p);
    let options = Options {
        techniques: techniques("basic,nrc,nrczt,whip"),
        max_len: 20,
        g_max_len: None,
        limits: Limits::new(Some(20_000), None, None),
        threads: 1,
    };
    let report = explain_all(&start, Some(&solution), &options, &mut |_| {}).unwrap();
    let (stop, length, _) = report
        .stopped
        .expect("20,000 partial chains do not reach 20");
    assert_eq!(stop, Stop::Budget { budget: 20_000 });
    assert_eq!(report.complete_to, length - 1);
    // what it found is sound and simplest-first on the scale
    assert!(!report.eliminations.is_empty());
    let mut last = report.eliminations[0].place;
    for e in &report.eliminations {
        assert!(!is_solution(&solution, e.candidate));
        check(&start, &e.proof).unwrap();
        assert!(e.length <= report.complete_to.max(length));
        assert!(e.place >= last);
        last = e.place;
    }
}

#[test]
fn explain_all_agrees_with_each_targets_shortest_proof() {
    // unbounded on a small family set: every elimination listed at length n has, in its
    // technique, a shortest proof of length n for that target, and no earlier technique
    // proves it shorter
    let p = seed_puzzle("ocean-1");
    let (start, solution) = start_and_solution(&p);
    let options = Options {
        techniques: techniques("basic,nrc,nrct"),
        max_len: 5,
        g_max_len: None,
        limits: Limits::unlimited(),
        threads: 1,
    };
    let report = explain_all(&start, Some(&solution), &options, &mut |_| {}).unwrap();
    assert!(report.stopped.is_none());
    assert_eq!(report.complete_to, 5);
    for e in report.eliminations.iter().filter(|e| e.length > 0) {
        let conclusion = Conclusion {
            candidate: e.candidate,
            placement: false,
        };
        let one = explain_target(&start, conclusion, Some(&solution), &options).unwrap();
        let Some(sudolink_study::explain::Simplest::Row(i)) = one.simplest else {
            panic!("no simplest row for {}", e.candidate)
        };
        let simplest = &one.rows[i];
        assert_eq!(simplest.label, e.technique.name(), "{}", e.candidate);
        assert_eq!(simplest.proof.as_ref().unwrap().length, e.length);
    }
}

#[test]
fn explain_all_on_the_default_puzzle_and_a_mid_solve_state_is_bounded() {
    // the README's default puzzle and a HoDoKu library line of a mid-solve state (49
    // unsolved cells) with the default limits: an answer, with what was not explored
    for args in [
        vec!["explain", "--all"],
        vec!["explain", "tests/fixtures/mid_solve_49.hodoku", "--all"],
    ] {
        let out = ok(&args);
        assert!(out.lines().any(|l| l.ends_with("elimination(s)")), "{out}");
        let last = out.lines().last().unwrap();
        assert!(
            last.contains("raise --budget")
                || last.contains("elimination(s)")
                || last.starts_with("  "),
            "{last}"
        );
    }
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "explain",
        "--all",
        "--json",
        "--budget",
        "5000",
        "--timeout",
        "0",
    ]))
    .unwrap();
    assert!(json["stopped"]
        .as_str()
        .unwrap()
        .contains("budget of 5,000 partial chains/whips spent"));
}

#[test]
fn a_family_searched_short_of_max_len_says_so() {
    // g-braids are capped at 10 by default: "none up to length 10" must not read as 30
    let out = ok(&[
        "explain",
        "--target",
        "r7c9<>3",
        "--families",
        "g-braid,xy",
        "--max-len",
        "30",
        "--verbose",
    ]);
    let line = out.lines().find(|l| l.starts_with("xy ")).unwrap();
    assert!(line.ends_with("none up to length 30"), "{line}");
    let last = out.lines().last().unwrap();
    assert!(!last.contains("none up to length 30"), "{last}");
}

#[test]
fn a_stopped_target_search_is_not_reported_as_none() {
    let p = seed_puzzle("eastermonster-r4c8-7");
    let (start, solution) = start_and_solution(&p);
    let options = Options {
        techniques: techniques("whip"),
        max_len: 30,
        g_max_len: None,
        limits: Limits::new(Some(1_000), None, None),
        // a budget keeps the rows in order whatever the threads (Options::lanes)
        threads: 2,
    };
    let z = "r3c9<>8".parse::<Conclusion>().unwrap();
    let report = explain_target(&start, z, Some(&solution), &options).unwrap();
    let row = &report.rows[0];
    assert!(row.proof.is_none());
    match &row.none {
        NoProof::Stopped { stop, bound, .. } => {
            assert_eq!(*bound, 30);
            assert!(matches!(stop, Stop::Budget { .. } | Stop::SearchBudget));
            assert!(row
                .none
                .text("whip", 30)
                .contains("not searched beyond length"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn explain_at_a_step_of_a_w_path_and_save_that_state() {
    // top1465 #1: solve --rules W eliminates r2c6<>1 by a whip[5] later in its path; on
    // the start state there is none up to 20. --at-step reaches the state of that step.
    let p1 = collection("top1465.txt", 1).remove(0).line();
    let path: serde_json::Value = serde_json::from_str(&ok(&[
        "solve",
        &p1,
        "--rules",
        "W",
        "--max-len",
        "20",
        "--json",
    ]))
    .unwrap();
    let steps = path["steps"].as_array().unwrap();
    let n = 1 + steps
        .iter()
        .position(|s| {
            s["eliminations"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e == "r2c6<>1")
        })
        .expect("the W path eliminates r2c6<>1");
    assert!(steps[n - 1]["rule"].as_str().unwrap().starts_with("whip"));
    let at = n.to_string();
    let out = ok(&[
        "explain",
        &p1,
        "--path-rules",
        "W",
        "--max-len",
        "20",
        "--at-step",
        &at,
        "--target",
        "r2c6<>1",
        "--families",
        "whip",
    ]);
    assert!(out.contains("whip[5]:"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("state.hodoku");
    let file = file.to_str().unwrap();
    ok(&[
        "solve",
        &p1,
        "--rules",
        "W",
        "--max-len",
        "20",
        "--save-state",
        &at,
        file,
    ]);
    let again = ok(&["explain", file, "--target", "r2c6<>1", "--families", "whip"]);
    assert_eq!(again.lines().nth(1), out.lines().nth(1));
    // a step beyond the path is refused, naming how many there are
    let (code, _, err) = sudolink(&[
        "explain",
        &p1,
        "--rules",
        "W",
        "--at-step",
        "9999",
        "--target",
        "r2c6<>1",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("there is no step 9999"), "{err}");
}

/// `--rules` takes what it takes everywhere: a list of techniques, or a rule set (a scheme
/// asks its techniques); `--path-rules` names the path `--at-step` walks when it differs.
#[test]
fn explain_rules_is_the_technique_list_and_path_rules_the_path() {
    // Ocean #1 where step 7 of a path is found, with `extra` options
    let at_step_7 = |extra: &[&str]| {
        let mut args = vec!["explain", "--at-step", "7", "--target", "r1c2<>8"];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let whips = at_step_7(&["--path-rules", "N", "--rules", "W"]);
    assert!(whips.contains("simplest (whip, length 4"), "{whips}");
    assert!(!whips.contains("nrc4-chain"), "{whips}");
    // the older name of the list still works
    let nrc = at_step_7(&["--path-rules", "N", "--techniques", "nrc"]);
    assert!(nrc.contains("simplest (nrc, length 4"), "{nrc}");
    // without --path-rules the --rules list walks the path too
    let same = at_step_7(&["--rules", "N"]);
    assert!(same.contains("simplest (nrc, length 4"), "{same}");
    // a slip is answered with the nearest name, not a list of 160
    let (code, _, err) = sudolink(&["explain", "--target", "r1c2<>8", "--rules", "x-wign"]);
    assert_ne!(code, 0);
    assert!(err.contains("did you mean x-wing?"), "{err}");
    assert!(err.len() < 300, "{err}");
}

#[test]
fn numeric_and_conflicting_options_are_refused() {
    for args in [
        vec!["explain", "--all", "--max-len", "0"],
        vec!["explain", "--all", "--max-len", "1000"],
        vec!["explain", "--all", "--timeout", "-1"],
        vec!["explain", "--all", "--next"],
        vec!["explain", "--target", "r7c9<>3", "--all"],
        vec!["explain", "--target", "r7c9<>3", "--families", ""],
        vec!["explain", "--path-rules", "N", "--target", "r7c9<>3"],
    ] {
        let (code, out, err) = sudolink(&args);
        assert_ne!(code, 0, "{args:?} accepted: {out}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.trim().lines().count() > 0);
    }
}
