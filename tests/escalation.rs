//! `solve` always finishes (issue 77): with no `--rules` it escalates up the ladder
//! (`sudolink_study::escalation::LADDER`: N, W, B, Trid-OR5W, te) and says where; a named
//! rule set that does not solve the puzzle names the first of the ladder above it that
//! does and exits 2; every step line is numbered as `explain --at-step` and `--save-state`
//! count. Loki is mith's ([Berthier tridagon]), the first puzzle beyond T&E(2).

use crate::common;

use common::{ok, seed_puzzle, start_and_solution, sudolink, NOT_SOLVED};
use std::time::{Duration, Instant};
use sudolink_engine::proof::{check, Proof};
use sudolink_study::resolution::apply;

#[test]
fn loki_is_solved_with_no_options_escalating_to_trid_or5w() {
    let t0 = Instant::now();
    let (code, out, err) = sudolink(&["solve", "loki"]);
    let took = t0.elapsed();
    assert_eq!(code, 0, "{err}");
    assert!(
        took < Duration::from_secs(10),
        "solve loki took {took:?} (the whole process must finish within 10 s)"
    );
    assert!(out.contains("\nSOLVED\n"), "{out}");
    // N's lasso takes r7c9<>3, then N, W and B are stuck and Trid-OR5W's tridagon opens it
    for line in [
        "-- N (lengths up to 20) stops after step 5; escalating to W",
        "-- B (lengths up to 20) stops after step 5; escalating to Trid-OR5W",
    ] {
        assert!(out.lines().any(|l| l == line), "no line {line:?}:\n{out}");
    }
    assert!(out.contains("\n6. tridagon[12] {357}"), "{out}");
    assert!(
        out.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("ESCALATED: N, W, B, Trid-OR5W "),
        "{out}"
    );
}

#[test]
fn every_step_of_loki_s_escalated_path_is_checked_against_the_solution() {
    let (mut state, solution) = start_and_solution(&seed_puzzle("loki"));
    let v: serde_json::Value = serde_json::from_str(&ok(&["solve", "loki", "--json"])).unwrap();
    assert_eq!(v["solved"], true);
    let steps = v["steps"].as_array().unwrap();
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(step["step"], i + 1);
        let proof: Proof = serde_json::from_value(step["proof"]["proof"].clone()).unwrap();
        check(&state, &proof).unwrap_or_else(|e| panic!("step {}: {e}", i + 1));
        common::assert_sound_against_solution(&state, &solution, &proof);
        apply(&mut state, &proof).unwrap();
    }
    assert!(state.is_solved());
    // the escalations as data: after step 5, N to W, W to B, B to Trid-OR5W
    let escalations: Vec<(u64, &str, &str)> = v["escalations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["after_step"].as_u64().unwrap(),
                e["from"].as_str().unwrap(),
                e["to"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        escalations,
        [(5, "N", "W"), (5, "W", "B"), (5, "B", "Trid-OR5W")]
    );
}

#[test]
fn rules_n_on_loki_exits_2_naming_the_rule_set_that_solves_it() {
    let (code, out, _) = sudolink(&["solve", "loki", "--rules", "N"]);
    assert_eq!(code, NOT_SOLVED, "{out}");
    assert_eq!(
        out.lines().last().unwrap(),
        "NOT RATED: the rules N (lengths up to 20) do not solve it; hardest step used: LASSO9; \
         Trid-OR5W solves it (try --rules Trid-OR5W, or no --rules)"
    );
    // and in JSON: the rule sets tried from the start, the first that solves it
    let (code, json, _) = sudolink(&["solve", "loki", "--rules", "N", "--json"]);
    assert_eq!(code, NOT_SOLVED);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["solved"], false);
    assert_eq!(v["suggestion"]["solves"], "Trid-OR5W");
    let tried: Vec<&str> = v["suggestion"]["tried"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["rules"].as_str().unwrap())
        .collect();
    assert_eq!(tried, ["W", "B", "Trid-OR5W"]);
    // the rule set named does solve it
    let out = ok(&["solve", "loki", "--rules", "Trid-OR5W"]);
    assert!(out.contains("\nSOLVED\n"), "{out}");
}

/// Ocean #1's N path: step n as `solve` numbers it is the step found in the state
/// `explain --at-step n` and `solve --save-state n` give.
#[test]
fn ocean1_s_step_numbers_are_those_of_at_step_and_save_state() {
    let out = ok(&["solve"]);
    let steps = common::step_texts(&out);
    assert!(steps.len() > 20, "{out}");
    let dir = tempfile::tempdir().unwrap();
    for n in [1, 7, 12, steps.len()] {
        let text = steps[n - 1];
        let at = n.to_string();
        // the next step on explain's state at step n is step n (no --rules: solve's path)
        let next = ok(&["explain", "--at-step", &at, "--next"]);
        assert!(next.contains(text), "step {n} {text:?}:\n{next}");
        let named = ok(&["explain", "--path-rules", "N", "--at-step", &at, "--next"]);
        assert_eq!(named, next, "step {n}");
        // and on the state solve saves for step n
        let file = dir.path().join(format!("step{n}.pm"));
        let file = file.to_str().unwrap();
        ok(&["solve", "--save-state", &at, file]);
        let saved = ok(&["explain", file, "--next"]);
        assert!(saved.contains(text), "step {n} {text:?}:\n{saved}");
    }
}

/// Loki's escalated path: `explain --at-step` with neither `--rules` nor `--path-rules`
/// walks it too, so step 6 (Trid-OR5W's tridagon) is explained on the state N, W and B
/// left, the state `solve --save-state 6` writes.
#[test]
fn explain_at_a_step_after_an_escalation_walks_solve_s_path() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("loki6.pm");
    let file = file.to_str().unwrap();
    ok(&["solve", "loki", "--save-state", "6", file]);
    let state_of = |args: &[&str]| -> serde_json::Value {
        let ask = ["--target", "r8c8<>3", "--json", "--timeout", "0.2"];
        let v: serde_json::Value = serde_json::from_str(&ok(&[args, &ask[..]].concat())).unwrap();
        v["state"].clone()
    };
    let saved = state_of(&["explain", file]);
    assert!(saved.is_string(), "{saved}");
    assert_eq!(state_of(&["explain", "loki", "--at-step", "6"]), saved);
    // and the tridagon of step 6 is there
    let out = ok(&[
        "explain", file, "--target", "r8c8<>3", "--rules", "tridagon",
    ]);
    assert!(out.contains("tridagon[12]"), "{out}");
}

#[test]
fn every_line_that_starts_with_a_number_and_a_dot_is_a_step_in_every_notation() {
    let v: serde_json::Value = serde_json::from_str(&ok(&["solve", "loki", "--json"])).unwrap();
    let json_steps = v["steps"].as_array().unwrap().len();
    for notation in ["nrc", "sudorules", "hodoku"] {
        let out = ok(&["solve", "loki", "--notation", notation]);
        // numbered 1, 2, … (step_texts checks), as many as the JSON's steps
        let steps = common::step_texts(&out);
        assert_eq!(steps.len(), json_steps, "{notation}: {out}");
        // the escalation lines are not numbered
        assert!(out.lines().any(|l| l.starts_with("-- N ")), "{notation}");
    }
}
