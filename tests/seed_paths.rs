//! The resolution paths of [Berthier NRC] and [Berthier 3D], copied verbatim into
//! tests/fixtures/seed_paths/*.path, verified by `sudolink check-path` step by step from each
//! puzzle's start (issue 3, "Acceptance from the seeds").
//!
//! Where the seed text is wrong, the fixture keeps the printed step as a `# as printed:`
//! comment, explains the correction in a `# FIX:` comment and gives the corrected step below.
//! For every such fix a test undoes it and checks that `check-path` fails on that very step.
//!
//! Step counts include the closing singles summaries the seeds print (`(NS+HS)`, `(45 NS)`,
//! `nakedsingles`, `naked and hidden singles`, `…(Naked Singles)…`), one step each, as for
//! Ocean #1's `(NS+HS)`.

use crate::common;

use common::{seed_puzzle, start_and_solution};
use std::path::{Path, PathBuf};
use std::process::Command;
use sudolink_engine::grid::Candidate;
use sudolink_engine::proof::chain::{ChainFamily, ChainPattern};
use sudolink_engine::proof::{check, Pattern};
use sudolink_notation::eureka::{eureka_text, proof_from_eureka};
use sudolink_notation::nrc::chain::proof_from_text;
use sudolink_study::path::{replay, ReplayedStep};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/seed_paths")
        .join(name)
}

/// Run `check-path` on a seed puzzle (by name) and a path file: (exit code, stdout, stderr).
fn check_path(puzzle: &str, path: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args([
            "check-path",
            &seed_puzzle(puzzle).line(),
            path.to_str().unwrap(),
        ])
        .output()
        .expect("run sudolink");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The fixture holds, every one of its `steps` steps.
fn assert_path_holds(puzzle: &str, name: &str, steps: usize) {
    let (code, out, err) = check_path(puzzle, &fixture(name));
    assert_eq!(code, 0, "{name}: check-path failed:\n{err}\n{out}");
    let want = format!("all {steps} steps hold");
    assert!(out.contains(&want), "{name}: expected '{want}':\n{out}");
}

/// One correction of the seed text: each pair of `replacements` is (text in the fixture, text
/// the seed printed), the fixture's text occurring exactly once in the file; the step holding
/// it starts on the line that begins with `step_start` (once the fix is undone).
struct Fix {
    puzzle: &'static str,
    fixture: &'static str,
    replacements: &'static [(&'static str, &'static str)],
    step_start: &'static str,
}

/// Undo the fix and check that `check-path` fails on the step that held the seed's text.
fn assert_points_at_seed_error(fix: &Fix) {
    let text = std::fs::read_to_string(fixture(fix.fixture)).unwrap();
    let mut raw = text.clone();
    for (fixed, printed) in fix.replacements {
        assert_eq!(
            raw.matches(fixed).count(),
            1,
            "{}: the corrected text {fixed:?} must occur exactly once",
            fix.fixture
        );
        raw = raw.replacen(fixed, printed, 1);
    }
    let line = raw
        .lines()
        .position(|l| l.starts_with(fix.step_start))
        .unwrap_or_else(|| panic!("{}: no line starts with {:?}", fix.fixture, fix.step_start))
        + 1;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(fix.fixture);
    std::fs::write(&path, raw).unwrap();
    let (code, out, err) = check_path(fix.puzzle, &path);
    assert_ne!(code, 0, "{}: the seed's text passed:\n{out}", fix.fixture);
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.contains(&format!("(line {line})")),
        "{}: expected the failure at the step on line {line}:\n{err}",
        fix.fixture
    );
}

// ---- the paths ---------------------------------------------------------------------------

#[test]
fn ocean3_path_holds() {
    assert_path_holds("ocean-3", "ocean-3.path", 45);
}

#[test]
fn ocean6_path_holds() {
    assert_path_holds("ocean-6", "ocean-6.path", 83);
}

#[test]
fn eastermonster_r4c8_7_partial_path_holds() {
    // hidden single, nrczt4 chain, nrczt25 chain ==> r3c9 <> 8
    assert_path_holds("eastermonster-r4c8-7", "eastermonster-r4c8-7.path", 3);
}

#[test]
fn sudogen0_707_path_holds() {
    assert_path_holds("sudogen0-707", "sudogen0-707.path", 58);
}

/// Steps 37 and 38 of the Sudogen0 #707 path are chains written as candidate lists
/// (`nrczt6chain n3r9c5, n2r9c5, ..., n3r7c9 and n3r8c9 ==> r8c6 <> 3`): each reads as the
/// same proof as the braces form we print for it.
#[test]
fn sudogen0_707_candidate_lists_read_as_the_braces_form() {
    let puzzle = seed_puzzle("sudogen0-707");
    let (start, solution) = start_and_solution(&puzzle);
    let text = std::fs::read_to_string(fixture("sudogen0-707.path")).unwrap();
    let replay = replay(&start, &text, Some(&solution)).expect("the path holds");
    for (k, want) in [
        (37, "nrczt6-chain {n3 n2}r9c5 - {n2 n5}r9c8 - {n5 n6}r8c9 - {n6 n4}r7c8 - {n4 n3}r7c2 - n3{r7c9 r8c9} ==> r8c6 <> 3"),
        (38, "nrczt5-chain n3{r8c9 r7c9} - n1{r7c9 r9c7} - n7{r9c7 r8c7} - {n7 n8}r8c6 - {n8 n5}r8c1 ==> r8c9 <> 5"),
    ] {
        let step = &replay.steps[k - 1];
        assert!(step.written.contains(", "), "step {k}: {}", step.written);
        assert_eq!(step.text, want, "step {k}");
        let braces = proof_from_text(&step.state_before, want).unwrap();
        assert_eq!(step.proof.as_ref(), Some(&braces), "step {k}");
        check(&step.state_before, &braces).unwrap();
    }
}

#[test]
fn sudogen0_707_wrong_candidate_lists_are_rejected() {
    let cases = [
        // L and R of cell 4 swapped: R3 n6r8c9 is no longer linked to L4
        (
            "n6r7c8, n4r7c8",
            "n4r7c8, n6r7c8",
            "fails: R_3 n6r8c9 is not linked to L_4 n4r7c8",
        ),
        // a candidate of another cell: the pair shares no CSP variable
        (
            "n5r8c9, n6r8c9",
            "n5r8c9, n6r8c8",
            "n5r8c9 and n6r8c8 share no CSP variable",
        ),
        // one candidate left out
        ("n4r7c2, n3r7c2, ", "n4r7c2, ", "even number of candidates"),
        // a candidate of a given cell (r1c1 holds the given 4)
        (
            "n5r8c9, n6r8c9",
            "n5r8c9, n4r1c1",
            "n4r1c1 is not a candidate: r1c1 is a given 4",
        ),
    ];
    let text = std::fs::read_to_string(fixture("sudogen0-707.path")).unwrap();
    for (right, wrong, why) in cases {
        assert_eq!(text.matches(right).count(), 1, "{right}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("wrong.path");
        std::fs::write(&path, text.replacen(right, wrong, 1)).unwrap();
        let (code, out, err) = check_path("sudogen0-707", &path);
        assert_ne!(code, 0, "{wrong}: passed\n{out}");
        assert!(err.contains("step 37 (line 125)"), "{wrong}: {err}");
        assert!(err.contains(why), "{wrong}: expected {why:?} in\n{err}");
        assert!(out.contains("ok   step 36 (line 122)"), "{out}");
    }
}

#[test]
fn ruud_diagonal_7_path_holds() {
    assert_path_holds("ruud-diagonal-7", "ruud-diagonal-7.path", 67);
}

#[test]
fn caravail_path_holds() {
    assert_path_holds("sudocue-top10000-25", "caravail.path", 64);
}

#[test]
fn top1465_3_path_to_the_nrczt28_lasso_holds() {
    assert_path_holds("top1465-3", "top1465-3.path", 11);
}

#[test]
fn hagglund_hinge_path_holds() {
    // [Berthier 3D]'s 2007 forum notation: `number 8 : column C4 interaction with block B8`,
    // `==> 8 eliminated from the candidates for R9C6`, upper-case chains, `numbers 5 and 8 :
    // naked-pairs-in-block B9: R7C7-R8C9`, `xy-wing on cells R1C2*, R3C3 and R3C8* ...`
    assert_path_holds("hagglund-hinge", "hagglund-hinge.path", 14);
    let (_, out, _) = check_path("hagglund-hinge", &fixture("hagglund-hinge.path"));
    for want in [
        "ok   step 1 (line 5): column c4 interaction-with-block b8 ==> r9c6 <> 8",
        "ok   step 4 (line 17): nrc3-chain n1{r9c8 r9c9} - {n1 n8}r1c9 - {n8 n5}r8c9 ==> r9c8 <> 5",
        "ok   step 12 (line 46): naked-pairs-in-a-block {n5 n8}{r7c7 r8c9} ==> r9c9 <> 5",
        "ok   step 13 (line 50): xy-wing {n1 n8}r1c2 - {n8 n5}r3c3 - {n5 n1}r3c8 ==> r1c9 <> 1",
    ] {
        assert!(out.contains(want), "expected {want:?} in\n{out}");
    }
}

/// A step whose conclusions the singles before it already drew is accepted only when they
/// agree with the placed digits: a wrong digit for a placed cell fails at that step.
#[test]
fn hagglund_hinge_conclusion_against_a_placed_digit_fails() {
    let text = std::fs::read_to_string(fixture("hagglund-hinge.path")).unwrap();
    for (wrong, why) in [
        (
            "number 7 : hidden-single-in-row R8 ==> R8C4 = 7",
            "r8c4=7 contradicts r8c4=9",
        ),
        (
            "number 9 : hidden-single-in-row R8 ==> R8C4 = 9, R8C4 <> 9",
            "r8c4<>9 contradicts r8c4=9",
        ),
    ] {
        let raw = text.replacen("number 9 : hidden-single-in-row R8 ==> R8C4 = 9", wrong, 1);
        assert_ne!(raw, text);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("wrong.path");
        std::fs::write(&path, raw).unwrap();
        let (code, out, err) = check_path("hagglund-hinge", &path);
        assert_ne!(code, 0, "{wrong}: passed\n{out}");
        assert!(err.contains("step 7 (line 29) fails"), "{err}");
        assert!(err.contains(why), "{err}");
    }
}

// ---- Eureka (AIC) notation -----------------------------------------------------------------

/// Every chain step of a path that has a Eureka form (no t- or z-candidate, no lasso):
/// (step number, Eureka text, the step).
fn eureka_steps(puzzle: &str, name: &str) -> Vec<(usize, String, ReplayedStep)> {
    let (start, solution) = start_and_solution(&seed_puzzle(puzzle));
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let replay = replay(&start, &text, Some(&solution)).expect("the path holds");
    let mut out = Vec::new();
    for (k, step) in replay.steps.into_iter().enumerate() {
        let Some(Pattern::Chain(c)) = step.proof.as_ref().map(|p| &p.pattern) else {
            continue;
        };
        if let Some(e) = eureka_text(c) {
            out.push((k + 1, e, step));
        }
    }
    out
}

/// Print → read → check: every chain step of the Ocean #1, #3 and #6 paths printed in
/// Eureka notation reads back, on the state it applies to, as the same chain with the same
/// eliminations, which `proof::check` accepts and which prints the same Eureka text.
#[test]
fn eureka_round_trip_on_the_ocean_paths() {
    for (puzzle, name, count) in [
        ("ocean-1", "ocean-1.path", 24),
        ("ocean-3", "ocean-3.path", 14),
        ("ocean-6", "ocean-6.path", 41),
    ] {
        let steps = eureka_steps(puzzle, name);
        for (k, text, step) in &steps {
            let original = step.proof.as_ref().unwrap();
            let Pattern::Chain(c) = &original.pattern else {
                unreachable!()
            };
            let back = proof_from_eureka(&step.state_before, text)
                .unwrap_or_else(|e| panic!("{name} step {k}: {text}: {e}"));
            check(&step.state_before, &back).unwrap();
            let Pattern::Chain(b) = &back.pattern else {
                panic!("{name} step {k}: not a chain")
            };
            assert_eq!(
                b.chain_candidates(),
                c.chain_candidates(),
                "{name} step {k}"
            );
            assert_eq!(back.eliminations, original.eliminations, "{name} step {k}");
            assert_eq!(
                eureka_text(b).as_deref(),
                Some(text.as_str()),
                "{name} step {k}"
            );
        }
        eprintln!("{name}: {} chain steps round-tripped", steps.len());
        assert_eq!(steps.len(), count, "{name}: chain steps with a Eureka form");
    }
}

/// A chain's left- and right-linking candidates written as an AIC (its t- and z-candidates
/// left out, as a forum post would): `(7)r5c5=(7)r5c4-(7)r2c4=(7)r2c1 => r8c5<>7`.
fn aic_of(c: &ChainPattern) -> String {
    let node = |x: Candidate| format!("({}){}", x.digit(), x.cell());
    let links: Vec<String> = c
        .cells
        .iter()
        .map(|k| format!("{}={}", node(k.left_linking), node(k.right_linking)))
        .collect();
    let targets: Vec<String> = c.targets.iter().map(|t| t.elimination()).collect();
    format!("{} => {}", links.join("-"), targets.join(", "))
}

/// The t- and z-chains of the Ocean #3 and #6 paths typed as plain AICs (extra candidates
/// left out) read as the least family that checks — never nrc, since their "strong" links
/// hold only modulo earlier right-linking candidates or the target.
#[test]
fn eureka_reads_t_and_z_chains_as_the_least_family_that_checks() {
    let mut read = 0;
    for (puzzle, name) in [("ocean-3", "ocean-3.path"), ("ocean-6", "ocean-6.path")] {
        let (start, solution) = start_and_solution(&seed_puzzle(puzzle));
        let text = std::fs::read_to_string(fixture(name)).unwrap();
        let replay = replay(&start, &text, Some(&solution)).expect("the path holds");
        for (k, step) in replay.steps.iter().enumerate() {
            let Some(original) = &step.proof else {
                continue;
            };
            let Pattern::Chain(c) = &original.pattern else {
                continue;
            };
            if !c.has_extras() || c.lasso.is_some() {
                continue;
            }
            let aic = aic_of(c);
            let back = proof_from_eureka(&step.state_before, &aic)
                .unwrap_or_else(|e| panic!("{name} step {}: {aic}: {e}", k + 1));
            check(&step.state_before, &back).unwrap();
            let Pattern::Chain(b) = &back.pattern else {
                unreachable!()
            };
            assert_ne!(b.family, ChainFamily::Nrc, "{name} step {}", k + 1);
            assert!(
                b.family <= c.family || c.family.is_2d(),
                "{name} step {}",
                k + 1
            );
            assert_eq!(b.chain_candidates(), c.chain_candidates());
            assert_eq!(back.eliminations, original.eliminations);
            read += 1;
        }
    }
    assert_eq!(
        read, 17,
        "t/z chain steps (without lassos) of the two paths"
    );
}

// ---- check-path points at the seed's errors ------------------------------------------------

#[test]
fn sudogen0_707_chain_with_a_target_it_does_not_prove() {
    assert_points_at_seed_error(&Fix {
        puzzle: "sudogen0-707",
        fixture: "sudogen0-707.path",
        replacements: &[(
            "==> r8c5 <> n7, r9c5 <> n7\n\
             nrczt3chain n7{r5c4 r5c5}  n7{r2c5 r2c1}  n7{r7c1 r7c6}\n\
             ==> r9c4 <> n7",
            "==> r8c5 <> n7, r9c4 <> n7, r9c5 <> n7",
        )],
        step_start: "nrczt3chain n7{r5c5 r5c4}",
    });
}

#[test]
fn sudogen0_707_digit_repeated_in_braces() {
    assert_points_at_seed_error(&Fix {
        puzzle: "sudogen0-707",
        fixture: "sudogen0-707.path",
        replacements: &[(
            "r3c4}  n8{r3c4 r9c4}  n6{r9c4",
            "r3c4}  n8{r3c4 n8r9c4}  n6{r9c4",
        )],
        step_start: "nrczt13chain n6{r4c9 r4c1}",
    });
}

#[test]
fn sudogen0_707_same_candidate_twice() {
    assert_points_at_seed_error(&Fix {
        puzzle: "sudogen0-707",
        fixture: "sudogen0-707.path",
        replacements: &[("{n7 n9}r1c3  {n9 n5}r1c6", "{n7 n9}r1c3  {n9 n9}r1c6")],
        step_start: "nrczt9chain {n2 n3}r9c5",
    });
}

#[test]
fn sudogen0_707_digit_inside_the_braces() {
    assert_points_at_seed_error(&Fix {
        puzzle: "sudogen0-707",
        fixture: "sudogen0-707.path",
        replacements: &[("nrczt9chain n6{r2c5 r2c4}", "nrczt9chain {n6r2c5 r2c4}")],
        step_start: "nrczt9chain {n6r2c5 r2c4}",
    });
}

#[test]
fn ruud_diagonal_7_garbled_interaction_line() {
    assert_points_at_seed_error(&Fix {
        puzzle: "ruud-diagonal-7",
        fixture: "ruud-diagonal-7.path",
        replacements: &[(
            "interaction row r5 with block b6 for number 8 ==> r4c9 <> 8, r4c8 <> 8\n\
             naked and hidden singles ==> r4c8 = 7, r7c8 = 8, r7c9 = 7",
            "interaction row r5 with block , r7c8 = 8, r7c9 = 7",
        )],
        step_start: "interaction row r5 with block ,",
    });
}

#[test]
fn caravail_lasso_with_wrong_extra_candidates() {
    assert_points_at_seed_error(&Fix {
        puzzle: "sudocue-top10000-25",
        fixture: "caravail.path",
        replacements: &[
            ("n5{r5c4 r6c4 r9c4*}", "n5{r5c4 r6c4 r5c6#n4r5c6}"),
            (
                "n2{r6c4 r4c4 r5c4#n7r5c4 r9c4*}",
                "n2{r6c4 r4c4 r5c4#n7r5c4}",
            ),
        ],
        step_start: "nrczt7lrlasso n6{r9 r1 r8*}c6",
    });
}

#[test]
fn top1465_3_chain_with_an_inner_loop() {
    assert_points_at_seed_error(&Fix {
        puzzle: "top1465-3",
        fixture: "top1465-3.path",
        replacements: &[("r5c2}  n7{r6c3 r9c3}", "r5c2}  n7{r9c2 r9c3}")],
        step_start: "nrczt11chain n6{r9c1 r6c1}",
    });
}

#[test]
fn top1465_3_two_cells_run_together() {
    assert_points_at_seed_error(&Fix {
        puzzle: "top1465-3",
        fixture: "top1465-3.path",
        replacements: &[("r1c4  n5{r9c4 r9c2}", "r1c4n5{r9c4 r9c2}")],
        step_start: "nrczt28lrlasso",
    });
}

#[test]
fn hagglund_hinge_cell_that_is_a_given() {
    assert_points_at_seed_error(&Fix {
        puzzle: "hagglund-hinge",
        fixture: "hagglund-hinge.path",
        replacements: &[("- N8{R8C9 R7C7}", "- N8{R8 R7}C9")],
        step_start: "nrc2-chain N8R1{C2 C9}",
    });
}
