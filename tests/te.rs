//! Berthier's T&E depth, BxB and BxBB (`study::te`) against the published classes of
//! `denis-berthier/Sudoku-classif` and of the controlled-bias collection, on samples copied
//! into `tests/fixtures/te/` (each file names its source); T&E proofs replayed by the
//! checker and checked against the solution, tampered proofs refused.
//!
//! The `#[ignore]` tests at the end time whole collections (read from `SUDOLINK_DATA`, else
//! the repository's `data/`; `data/README.md` names where each collection comes from) and
//! print their figures: `cargo test --release --test te -- --ignored
//! --nocapture`.

use rayon::prelude::*;
use std::time::Instant;
use sudolink_engine::grid::State;
use sudolink_engine::proof::te::{Dead, TrialPattern, TrialStep};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_engine::solver::count_solutions;
use sudolink_search::limits::Limits;
use sudolink_search::te::Theory;
use sudolink_study::te::{bxb, bxbb, closure, eliminations, te_depth, BClass, TeDepth, TeError};

fn puzzle(line: &str) -> State {
    let grid: String = line.chars().take(81).collect();
    let mut values = [0u8; 81];
    for (i, ch) in grid.chars().enumerate() {
        values[i] = ch.to_digit(10).unwrap_or(0) as u8;
    }
    State::from_givens(&values).expect("a valid puzzle")
}

/// Data lines of a collection: not empty, not `#` comments.
fn lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect()
}

fn data_dir() -> std::path::PathBuf {
    std::env::var_os("SUDOLINK_DATA")
        .map(Into::into)
        .unwrap_or_else(|| std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data")))
}

fn collection(name: &str) -> Option<String> {
    let path = data_dir().join(name);
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("skipped: {} ({e})", path.display());
            None
        }
    }
}

/// A fixture's data lines as columns.
fn fixture(text: &str) -> Vec<Vec<&str>> {
    lines(text)
        .into_iter()
        .map(|l| l.split('\t').collect())
        .collect()
}

const CB000: &str = include_str!("fixtures/te/cb000_sample.txt");
const ELEVEN: &str = include_str!("fixtures/te/eleven_te2_sample.txt");
const MONHARD_TE3: &str = include_str!("fixtures/te/monhard_te3_sample.txt");
const MONHARD_HIGH: &str = include_str!("fixtures/te/monhard_te2_high_bxb_sample.txt");
const LOKI: &str = include_str!("fixtures/te/loki.txt");

fn depth(line: &str) -> TeDepth {
    te_depth(&puzzle(line), 3, Limits::unlimited()).expect("a unique solution")
}

#[test]
fn controlled_bias_000_depth_is_0_with_w0_and_1_otherwise() {
    let rows = fixture(CB000);
    assert_eq!(rows.len(), 40);
    let wrong: Vec<String> = rows
        .par_iter()
        .filter_map(|r| {
            let want = if r[2] == "0" { 0 } else { 1 };
            let got = depth(r[0]);
            (got != TeDepth::Depth(want)).then(|| format!("line {}: W{} but {got:?}", r[1], r[2]))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn elevens_sample_is_te2() {
    let rows = fixture(ELEVEN);
    assert_eq!(rows.len(), 31);
    let wrong: Vec<String> = rows
        .par_iter()
        .filter_map(|r| {
            let got = depth(r[0]);
            (got != TeDepth::Depth(2)).then(|| format!("line {}: {got:?}", r[1]))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn monhards_te3_sample_is_te3() {
    let rows = fixture(MONHARD_TE3);
    assert_eq!(rows.len(), 30);
    let wrong: Vec<String> = rows
        .par_iter()
        .filter_map(|r| {
            let got = depth(r[0]);
            (got != TeDepth::Depth(3)).then(|| format!("line {}: {got:?}", r[1]))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn loki_is_te3_and_beyond_te2() {
    let row = &fixture(LOKI)[0];
    assert_eq!(depth(row[0]), TeDepth::Depth(3));
    let state = puzzle(row[0]);
    assert_eq!(
        te_depth(&state, 2, Limits::unlimited()),
        Ok(TeDepth::Beyond(2))
    );
}

#[test]
fn bxb_of_elevens_sample_up_to_b3b_matches_published() {
    let rows: Vec<Vec<&str>> = fixture(ELEVEN)
        .into_iter()
        .filter(|r| r[2].parse::<usize>().unwrap() <= 3)
        .collect();
    let wrong: Vec<String> = rows
        .par_iter()
        .filter_map(|r| {
            let want: usize = r[2].parse().unwrap();
            let got = bxb(&puzzle(r[0]), 14, Limits::unlimited()).unwrap();
            (got != BClass::Class(want)).then(|| format!("line {}: B{want}B but {got:?}", r[1]))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
}

/// Monhard's T&E(2) puzzles of the highest published classes, B7B to B13B (the first of
/// each class, three B7B): each class equal to Berthier's ([Berthier classif]).
#[test]
fn bxb_of_monhards_highest_classes_matches_published() {
    let rows = fixture(MONHARD_HIGH);
    assert_eq!(rows.len(), 7);
    let wrong: Vec<String> = rows
        .par_iter()
        .filter_map(|r| {
            let want: usize = r[1].parse().unwrap();
            let got = bxb(&puzzle(r[0]), 14, Limits::unlimited()).unwrap();
            (got != BClass::Class(want)).then(|| format!("{}: B{want}B but {got:?}", r[0]))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn bxb_and_bxbb_refuse_the_wrong_depth() {
    let t_e1 = fixture(CB000).into_iter().find(|r| r[2] != "0").unwrap();
    assert_eq!(
        bxb(&puzzle(t_e1[0]), 14, Limits::unlimited()),
        Ok(BClass::WrongDepth(TeDepth::Depth(1)))
    );
    let t_e2 = &fixture(ELEVEN)[0];
    assert_eq!(
        bxbb(&puzzle(t_e2[0]), 5, Limits::unlimited()),
        Ok(BClass::WrongDepth(TeDepth::Depth(2)))
    );
    let loki = &fixture(LOKI)[0];
    assert_eq!(
        bxb(&puzzle(loki[0]), 14, Limits::unlimited()),
        Ok(BClass::WrongDepth(TeDepth::Beyond(2)))
    );
}

#[test]
fn several_solutions_are_refused_and_a_zero_deadline_cuts() {
    let mut values = [0u8; 81];
    values[0] = 1;
    let open = State::from_givens(&values).unwrap();
    assert_eq!(
        te_depth(&open, 3, Limits::unlimited()),
        Err(TeError::SeveralSolutions)
    );
    let loki = puzzle(fixture(LOKI)[0][0]);
    let cut = te_depth(
        &loki,
        3,
        Limits::new(None, Some(std::time::Duration::ZERO), None),
    );
    assert!(matches!(cut, Ok(TeDepth::Cut { .. })), "{cut:?}");
}

/// The proofs of `theory`'s eliminations on `state`: each checked, each target false in
/// the solution.
fn checked_proofs(state: &State, theory: Theory, max: usize) -> Vec<Proof> {
    let solution = count_solutions(state, 2).solution.unwrap();
    let step = eliminations(state, theory, max, Limits::unlimited()).unwrap();
    assert!(step.stopped.is_none());
    for p in &step.proofs {
        check(state, p).unwrap_or_else(|e| panic!("{}: {e}", p.rule));
        let z = p.eliminations[0];
        assert_ne!(solution[z.cell().index()], z.digit().get(), "{z} is true");
    }
    step.proofs
}

fn trial(p: &Proof) -> &TrialPattern {
    match &p.pattern {
        Pattern::Trial(t) => t,
        other => panic!("not a T&E proof: {other:?}"),
    }
}

fn nested_depth(steps: &[TrialStep]) -> usize {
    steps
        .iter()
        .map(|s| match s {
            TrialStep::Refuted(r) => 1 + nested_depth(&r.steps),
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn te2_and_te3_proofs_replay_and_refute_false_candidates() {
    // eleven's first sample puzzle after T&E(1): its T&E(2) eliminations
    let eleven = puzzle(fixture(ELEVEN)[0][0]);
    let after1 = closure(&eleven, Theory::te(1), Limits::unlimited())
        .unwrap()
        .unwrap();
    let proofs = checked_proofs(&after1, Theory::te(2), 4);
    assert!(!proofs.is_empty());
    assert!(proofs
        .iter()
        .any(|p| nested_depth(&trial(p).refutation.steps) == 1));
    let texts = sudolink_notation::texts(&after1, &proofs[0]);
    let all: String = texts.iter().map(|t| t.text.clone()).collect();
    assert!(
        all.contains("CREATING CONTEXT 1 AT DEPTH 1, SON OF CONTEXT 0"),
        "{all}"
    );
    assert!(all.contains("T&E(2): "), "{all}");
    // Loki after T&E(2): a T&E(3) elimination, with refutations nested two deep
    let loki = puzzle(fixture(LOKI)[0][0]);
    let after2 = closure(&loki, Theory::te(2), Limits::unlimited())
        .unwrap()
        .unwrap();
    let proofs = checked_proofs(&after2, Theory::te(3), 1);
    assert_eq!(proofs.len(), 1);
    assert_eq!(trial(&proofs[0]).depth, 3);
}

#[test]
fn bxb_proofs_hold_braids_checked_in_their_context() {
    let row = fixture(ELEVEN).into_iter().find(|r| r[2] == "2").unwrap();
    let state = puzzle(row[0]);
    let after1 = closure(&state, Theory::te(1), Limits::unlimited())
        .unwrap()
        .unwrap();
    let proofs = checked_proofs(
        &after1,
        Theory {
            depth: 1,
            braids: 2,
        },
        3,
    );
    assert!(!proofs.is_empty());
    for p in &proofs {
        assert_eq!(p.rule, "T&E(B2,1)");
    }
}

#[test]
fn tampered_te_proofs_are_refused() {
    let eleven = puzzle(fixture(ELEVEN)[0][0]);
    let state = closure(&eleven, Theory::te(1), Limits::unlimited())
        .unwrap()
        .unwrap();
    let proofs = checked_proofs(&state, Theory::te(2), 4);
    let good = proofs
        .iter()
        .find(|p| nested_depth(&trial(p).refutation.steps) == 1)
        .unwrap()
        .clone();
    let with = |f: &dyn Fn(&mut TrialPattern)| {
        let mut t = trial(&good).clone();
        f(&mut t);
        let target = t.refutation.assumption;
        Proof::new(Pattern::Trial(Box::new(t)), vec![target], vec![])
    };
    let refused = |p: &Proof, what: &str| {
        assert!(check(&state, p).is_err(), "{what} accepted");
    };
    refused(&with(&|t| t.depth = 1), "a nested refutation at depth 1");
    refused(
        &with(&|t| {
            t.refutation.steps.pop();
        }),
        "a missing step",
    );
    refused(
        &with(&|t| {
            t.refutation.steps.remove(0);
        }),
        "a missing first step",
    );
    refused(
        &with(&|t| {
            t.refutation.contradiction = match t.refutation.contradiction {
                Dead::Cell(c) => Dead::Cell(sudolink_engine::grid::Cell::new((c.index() + 1) % 81)),
                Dead::Place { house, digit } => Dead::Place {
                    house,
                    digit: sudolink_engine::grid::Digit::new(digit.get() % 9 + 1).unwrap(),
                },
            }
        }),
        "another contradiction",
    );
    refused(
        &with(&|t| {
            let (i, sub) = t
                .refutation
                .steps
                .iter_mut()
                .enumerate()
                .find_map(|(i, s)| match s {
                    TrialStep::Refuted(r) => Some((i, r)),
                    _ => None,
                })
                .unwrap();
            let _ = i;
            sub.steps.clear();
        }),
        "an emptied nested refutation",
    );
    // another candidate as the assumption, or another conclusion
    let solution = count_solutions(&state, 2).solution.unwrap();
    let truth = state
        .candidates()
        .iter()
        .find(|c| solution[c.cell().index()] == c.digit().get())
        .unwrap();
    refused(
        &with(&|t| t.refutation.assumption = truth),
        "a true assumption",
    );
    let mut other = good.clone();
    other.eliminations = vec![truth];
    refused(&other, "another elimination");
    // the untouched proof still holds
    check(&state, &good).unwrap();
}

/// The set-based braid search of T&E contexts gives every target the length the whip
/// module's braid search gives (both merge partial braids by their set of R's).
#[test]
fn context_braid_lengths_equal_the_whip_modules() {
    use sudolink_engine::graph::LinkIndex;
    use sudolink_search::te::braids::{shortest_braid, BraidAnswer, Quota};
    use sudolink_search::whips::{shortest_for_target_with, Merge, WhipKind};
    let mut compared = 0;
    for row in fixture(ELEVEN).iter().take(3) {
        let state = closure(&puzzle(row[0]), Theory::te(0), Limits::unlimited())
            .unwrap()
            .unwrap();
        let links = LinkIndex::new(&state);
        for z in state.candidates().iter() {
            let mut spent = 0;
            let ours = match shortest_braid(&links, z, 5, Quota::nodes(1_000_000), &mut spent) {
                BraidAnswer::Length(n) => Some(n),
                BraidAnswer::NoneUpTo => None,
                BraidAnswer::OverBudget | BraidAnswer::Interrupted => panic!("budget"),
            };
            let theirs = shortest_for_target_with(&links, WhipKind::Braid, z, 5, Merge::SudoRules)
                .map(|p| p.length);
            assert_eq!(ours, theirs, "{z} in {}", row[0]);
            compared += 1;
        }
    }
    assert!(compared > 300);
}

/// A trial of T&E(B_p, 1) is asked only whether B_p's closure of the state with its
/// candidate assumed is a contradiction, and may say "no" without braid searches (when even
/// eliminating every candidate whose waves meet a contradiction in time leaves none); its
/// verdict is always that of the exact closure, B_p applied to the state with the
/// candidate placed. On the SHC's first B10B example, in the state T&E(B_9, 1) leaves: at
/// p = 9, where no trial ends in a contradiction and many contexts need braid searches, the
/// trials run fewer searches than the closures; at p = 10, where some do.
#[test]
fn te_bp_trials_answer_as_the_exact_closure() {
    use sudolink_search::limits::Meter;
    use sudolink_search::te::{Engine, EngineError};
    const B10B: &str =
        "..3...78.4.7.8.2.6........4...6.5.....6.1.......2.8.476.....3..7.8...4.2.327...68";
    let start = puzzle(B10B);
    let solution = count_solutions(&start, 2).solution.unwrap();
    let mut meter = Meter::new(Limits::unlimited());
    let mut engine = Engine::new(&start, Some(&solution), &mut meter).unwrap();
    for p in 1..=9 {
        assert!(engine
            .apply(Theory {
                depth: 1,
                braids: p
            })
            .unwrap());
    }
    assert!(!engine.is_solved(), "B10B");
    let state = engine.grid().to_state().unwrap();
    for p in [9, 10] {
        let (mut refuted, mut searches) = ([0; 2], [0; 2]);
        for z in state.candidates().iter() {
            if state.value(z.cell()).is_some() {
                continue;
            }
            let mut meter = Meter::new(Limits::unlimited());
            let mut engine = Engine::new(&state, None, &mut meter).unwrap();
            let verdict = engine
                .refutes(
                    z,
                    Theory {
                        depth: 1,
                        braids: p,
                    },
                )
                .unwrap();
            searches[0] += engine.braid_searches;
            let mut placed = state.clone();
            let mut meter = Meter::new(Limits::unlimited());
            let exact = placed.place(z).is_err()
                || match Engine::new(&placed, None, &mut meter) {
                    Err(EngineError::Contradictory) => true,
                    Ok(mut e) => {
                        let contradiction = !e.apply_braids(p).unwrap();
                        searches[1] += e.braid_searches;
                        contradiction
                    }
                };
            assert_eq!(verdict, exact, "{z} at p = {p}");
            refuted[usize::from(verdict)] += 1;
        }
        // p = 9: no false candidate is refuted (the solution's are never refuted)
        match p {
            9 => assert!(
                refuted[1] == 0 && searches[0] < searches[1],
                "{refuted:?} {searches:?}"
            ),
            _ => assert!(refuted[1] > 0, "{refuted:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Figures (ignored): whole collections, timed
// ---------------------------------------------------------------------------------------

fn time_depths(name: &str, limit: Option<usize>) {
    let Some(text) = collection(name) else { return };
    let ls: Vec<&str> = lines(&text)
        .into_iter()
        .take(limit.unwrap_or(usize::MAX))
        .collect();
    let t = Instant::now();
    let depths: Vec<TeDepth> = ls
        .par_iter()
        .map(|l| te_depth(&puzzle(l), 3, Limits::unlimited()).unwrap())
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    for d in &depths {
        *counts.entry(format!("{d:?}")).or_insert(0) += 1;
    }
    println!(
        "{name}: {} puzzles, T&E depth in {:.2?} on {} threads: {counts:?}",
        ls.len(),
        t.elapsed(),
        rayon::current_num_threads()
    );
}

#[test]
#[ignore]
fn figures_te_depth_controlled_bias() {
    time_depths("cb_controlled_bias.txt", None);
}

#[test]
#[ignore]
fn figures_te_depth_monhard_te3() {
    time_depths("monhard_te3_9009.txt", None);
}

#[test]
#[ignore]
fn figures_te_depth_eleven() {
    time_depths("eleven_te2_26370.txt", None);
}

/// BxB of eleven's first N (`TE_N`, default 100) against the published classes, given in
/// `TE_BXB` (a copy of `eleven-26370-TE2/BxB.txt`), else only printed.
#[test]
#[ignore]
fn figures_bxb_eleven_first_100() {
    let Some(text) = collection("eleven_te2_26370.txt") else {
        return;
    };
    let n: usize = std::env::var("TE_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let published: Vec<String> = std::env::var("TE_BXB")
        .ok()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .map(|t| t.lines().map(|l| l.trim().to_string()).collect())
        .unwrap_or_default();
    let ls: Vec<&str> = lines(&text).into_iter().take(n).collect();
    let t = Instant::now();
    let classes: Vec<(BClass, f64)> = ls
        .par_iter()
        .map(|l| {
            let t = Instant::now();
            let c = bxb(&puzzle(l), 14, Limits::unlimited()).unwrap();
            (c, t.elapsed().as_secs_f64())
        })
        .collect();
    let mut agree = 0;
    for (i, (c, secs)) in classes.iter().enumerate() {
        let want = published.get(i).cloned().unwrap_or_default();
        let same = *c == BClass::Class(want.parse().unwrap_or(usize::MAX));
        agree += usize::from(same);
        println!(
            "#{} {c:?} published {want} {secs:.2}s{}",
            i + 1,
            if same { "" } else { "  <- differs" }
        );
    }
    println!(
        "eleven first {}: BxB in {:.2?} on {} threads; {agree} agree with the published classes",
        ls.len(),
        t.elapsed(),
        rayon::current_num_threads()
    );
}

/// BxBB of the first `TE_N` (default 5) of the T&E(3) sample, timed.
#[test]
#[ignore]
fn figures_bxbb() {
    let n: usize = std::env::var("TE_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    for r in fixture(MONHARD_TE3).into_iter().take(n) {
        let t = Instant::now();
        let c = bxbb(&puzzle(r[0]), 5, Limits::unlimited()).unwrap();
        println!(
            "line {} B{}BB published: {c:?} in {:.2?}",
            r[1],
            r[2],
            t.elapsed()
        );
    }
}
