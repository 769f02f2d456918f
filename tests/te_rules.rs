//! Trial and error as techniques of the registry: `te` (T&E(BRT, n), its length the depth
//! n), `bxb` (T&E(B_p, 1)) and `bxbb` (T&E(B_p, 2)) in `solve --rules` (with `name:n`
//! caps such as `te:2`), in `explain --techniques` and in one target's search; every step
//! replayed by `proof::check` and compared with the solution by the resolution itself.
//!
//! Classes from Berthier's `Sudoku-classif` (see `tests/fixtures/te/`): mith's Loki is in
//! T&E(3), eleven's first T&E(2) puzzle has BxB 5.

use crate::common;

use common::{assert_sound_against_solution, ok, sudolink};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, Digit, State};
use sudolink_engine::proof::{check, Pattern};
use sudolink_engine::solver::count_solutions;
use sudolink_search::limits::{Limits, Meter};
use sudolink_search::registry::{Rule, Searcher, TechniqueId};
use sudolink_search::te::Theory;
use sudolink_study::resolution::solve_within;
use sudolink_study::rules::{list_rules, RuleOrder};
use sudolink_study::te::closure;

/// mith's Loki (2022): T&E(3).
const LOKI: &str =
    "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";
/// eleven's first T&E(2) puzzle: BxB 5 (`eleven-26370-TE2/BxB.txt`).
const ELEVEN_1: &str =
    "..3....8..5.1....66....74....8.9..4.7....5....1.6..8.....9...2.....2...8..2...3.4";

fn state(line: &str) -> State {
    let mut values = [0u8; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        values[i] = ch.to_digit(10).unwrap_or(0) as u8;
    }
    State::from_givens(&values).expect("a valid puzzle")
}

fn solution(s: &State) -> [u8; 81] {
    count_solutions(s, 2).solution.expect("one solution")
}

/// The deepest T&E depth a path's steps use (0: none).
fn deepest(steps: &[sudolink_study::resolution::Step]) -> usize {
    steps
        .iter()
        .filter_map(|s| match &s.proof.pattern {
            Pattern::Trial(t) => Some(t.depth),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn loki_is_solved_by_te_at_depth_3_and_not_by_te_2() {
    let s = state(LOKI);
    let sol = solution(&s);
    let rules = list_rules("te", 10, RuleOrder::Length).unwrap();
    // the default cap of te is its depth 3: no te[4] is ever asked
    assert!(rules
        .iter()
        .all(|r| r.technique.name() != "te" || r.length <= 3));
    let r = solve_within(&s, &rules, Some(&sol), Limits::unlimited()).unwrap();
    assert!(r.solved && r.stopped.is_none());
    assert_eq!(deepest(&r.steps), 3, "Loki needs T&E(3)");
    let capped = list_rules("te:2", 10, RuleOrder::Length).unwrap();
    let r2 = solve_within(&s, &capped, Some(&sol), Limits::unlimited()).unwrap();
    assert!(!r2.solved && r2.stopped.is_none());
    assert_eq!(deepest(&r2.steps), 2);
}

#[test]
fn eleven_1_is_solved_by_te_at_depth_2() {
    let s = state(ELEVEN_1);
    let sol = solution(&s);
    let rules = list_rules("te", 10, RuleOrder::Length).unwrap();
    let r = solve_within(&s, &rules, Some(&sol), Limits::unlimited()).unwrap();
    assert!(r.solved);
    assert_eq!(deepest(&r.steps), 2);
}

#[test]
fn one_targets_search_gives_the_least_depth_and_proves_none_for_a_true_candidate() {
    let s = state(ELEVEN_1);
    let sol = solution(&s);
    let links = LinkIndex::new(&s);
    let te = TechniqueId::from_name("te").unwrap();
    let target = Candidate::new(Cell::at(0, 0), Digit::new(2).unwrap());
    assert_ne!(sol[0], 2);
    let a = Searcher::new().search_target(te, &links, target, 3, &mut Meter::unlimited());
    let proof = a.proof.expect("T&E(2) eliminates r1c1=2");
    assert_eq!((proof.rule.as_str(), proof.length), ("T&E(2)", 2));
    // T&E(1) does not: the least depth is given
    let a1 = Searcher::new().search_target(te, &links, target, 1, &mut Meter::unlimited());
    assert!(a1.proof.is_none() && a1.proven_none);
    check(&s, &proof).unwrap();
    assert_sound_against_solution(&s, &sol, &proof);
    let truth = Candidate::new(Cell::at(0, 0), Digit::new(sol[0]).unwrap());
    let none = Searcher::new().search_target(te, &links, truth, 3, &mut Meter::unlimited());
    assert!(none.proof.is_none() && none.proven_none);
}

/// A bxb step (T&E(B_p, 1)) in the state T&E(1) leaves: a T&E(B2,1) proof (a trial whose
/// BRT steps are helped by braids of length ≤ 2), replayed and true to the solution.
#[test]
fn a_bxb_step_is_a_checked_trial_with_braids() {
    let start = state(ELEVEN_1);
    let sol = solution(&start);
    let s = closure(&start, Theory::te(1), Limits::unlimited())
        .unwrap()
        .unwrap();
    let links = LinkIndex::new(&s);
    let bxb = TechniqueId::from_name("bxb").unwrap();
    let mut searcher = Searcher::new();
    let found: Vec<_> = (1..=5)
        .find_map(|p| {
            let proofs = searcher.find(
                Rule {
                    technique: bxb,
                    length: p,
                },
                &links,
                1,
            );
            (!proofs.is_empty()).then_some(proofs)
        })
        .expect("BxB 5: some T&E(B_p, 1) with p <= 5 eliminates");
    let proof = &found[0];
    assert_eq!(proof.family, "bxb");
    assert!(proof.rule.starts_with("T&E(B") && proof.rule.ends_with(",1)"));
    check(&s, proof).unwrap();
    assert_sound_against_solution(&s, &sol, proof);
}

#[test]
fn solve_prints_the_trial_level_and_refuses_a_bad_cap() {
    let out = ok(&["solve", LOKI, "--rules", "te:3"]);
    assert!(
        out.contains("LEVEL = te3, MOST COMPLEX RULE = T&E(3)"),
        "{}",
        out.lines().last().unwrap_or("")
    );
    let (code, out, _) = sudolink(&["solve", LOKI, "--rules", "te:2"]);
    assert_eq!(code, 2, "a path that does not solve its puzzle exits 2");
    assert!(
        out.contains(
            "NOT RATED: the rules te:2 do not solve it; hardest step used: T&E(2); \
             Trid-OR5W solves it (try --rules Trid-OR5W, or no --rules)"
        ),
        "{}",
        out.lines().last().unwrap_or("")
    );
    for bad in ["te:x", "te:0", "te:"] {
        let (code, _, err) = sudolink(&["solve", LOKI, "--rules", bad]);
        assert_ne!(code, 0);
        assert!(
            err.contains(&format!(
                "{bad:?}: the length after ':' must be a whole number"
            )),
            "{err}"
        );
    }
}

#[test]
fn explain_asks_trial_techniques_by_name_only() {
    let by_name = ok(&[
        "explain",
        ELEVEN_1,
        "--target",
        "r1c1<>2",
        "--techniques",
        "te",
    ]);
    assert!(
        by_name.contains("simplest (te, length 2): T&E(2): n2r1c1 ⇒ contradiction"),
        "{by_name}"
    );
    let default = ok(&[
        "explain",
        ELEVEN_1,
        "--target",
        "r1c1<>2",
        "--techniques",
        "basic",
    ]);
    assert!(!default.contains("T&E("), "{default}");
}
