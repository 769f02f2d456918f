//! `sudolink check-path`: seed resolution paths verified step by step from the start.

use crate::common;

use common::seed_puzzle;
use std::path::PathBuf;
use std::process::Command;
use sudolink_engine::proof::{check, Pattern};
use sudolink_notation::eureka::proof_from_eureka;
use sudolink_study::path::apply_singles;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/seed_paths")
        .join(name)
}

fn check_path(puzzle: &str, path: &std::path::Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(["check-path", puzzle, path.to_str().unwrap()])
        .output()
        .expect("run sudolink");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn ocean1_path_as_printed_in_the_seed_holds() {
    let (code, out, err) = check_path(&seed_puzzle("ocean-1").line(), &fixture("ocean-1.path"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("all 29 steps hold"), "{out}");
    // the chains are read despite the lost dashes
    assert!(out.contains("ok   step 4 (line 12): nrc3-chain "), "{out}");
}

#[test]
fn a_broken_step_is_named_with_its_line() {
    let text = std::fs::read_to_string(fixture("ocean-1.path")).unwrap();
    // make the first nrc chain's second cell wrong: {n5 n8}r2c7 becomes {n5 n9}r2c7
    let broken = text.replacen("{n5 n8}r2c7", "{n5 n9}r2c7", 1);
    assert_ne!(broken, text);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.path");
    std::fs::write(&path, broken).unwrap();
    let (code, out, err) = check_path(&seed_puzzle("ocean-1").line(), &path);
    assert_ne!(code, 0);
    assert!(err.contains("step 4 (line 12)"), "{err}");
    assert!(out.contains("ok   step 3"), "{out}");
    assert!(!err.contains("panicked"));
}

#[test]
fn a_false_elimination_fails() {
    let text = std::fs::read_to_string(fixture("ocean-1.path")).unwrap();
    // the first step's fish (columns c2 c6 c7, rows r7 r1 r6) does not eliminate r4c9 <> 3
    let broken = text.replacen("==> r7c9", "==> r4c9 <> 3, r7c9", 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("false.path");
    std::fs::write(&path, broken).unwrap();
    let (code, _, err) = check_path(&seed_puzzle("ocean-1").line(), &path);
    assert_ne!(code, 0);
    assert!(err.contains("step 1 (line 3) fails"), "{err}");
}

// ---- chains pasted in Eureka (AIC) notation -----------------------------------------------

/// Ruud's diagonal #4 (a seed puzzle) after its singles, where its first resolution step is
/// `nrc4-chain n9{r4c6 r4c5} - {n9 n2}r9c5 - {n2 n3}r7c5 - {n3 n1}r7c6 ==> r4c6 <> 1`.
fn ruud_diagonal_4_after_singles() -> sudolink_engine::grid::State {
    let (mut state, solution) = common::start_and_solution(&seed_puzzle("ruud-diagonal-4"));
    apply_singles(&mut state, Some(&solution)).unwrap();
    state
}

const RUUD4_AIC: &str = "(9)r4c6=(9)r4c5-(9=2)r9c5-(2=3)r7c5-(3=1)r7c6 => r4c6<>1";
const RUUD4_NRC: &str =
    "nrc4-chain n9{r4c6 r4c5} - {n9 n2}r9c5 - {n2 n3}r7c5 - {n3 n1}r7c6 ==> r4c6 <> 1";

#[test]
fn a_forum_typed_aic_is_verified() {
    let state = ruud_diagonal_4_after_singles();
    // typed from the other end, with spaces, a label and the `-1 r4c6` conclusion
    let typed = "AIC: (1)r7c6 = (3)r7c6 - (3)r7c5 = (2)r7c5 - (2)r9c5 = (9)r9c5 - (9)r4c5 \
                 = (9)r4c6 ==> -1 r4c6";
    let proof = proof_from_eureka(&state, typed).unwrap();
    check(&state, &proof).unwrap();
    assert_eq!(proof.rule, "nrc4-chain");
    assert_eq!(
        proof
            .eliminations
            .iter()
            .map(|c| c.elimination())
            .collect::<Vec<_>>(),
        ["r4c6<>1"]
    );
    // our own printing of the same chain reads as the same candidates, reversed
    let ours = proof_from_eureka(&state, RUUD4_AIC).unwrap();
    let (Pattern::Chain(a), Pattern::Chain(b)) = (&proof.pattern, &ours.pattern) else {
        panic!("not chains")
    };
    let mut reversed = b.chain_candidates();
    reversed.reverse();
    assert_eq!(a.chain_candidates(), reversed);
}

#[test]
fn a_wrong_aic_is_rejected_naming_the_link_that_fails() {
    let state = ruud_diagonal_4_after_singles();
    let cases = [
        // column 6 holds three 3s: r7c6 = r5c6 is no strong link
        (
            "(9)r4c6=(9)r4c5-(9=2)r9c5-(2=3)r7c5-(3)r7c6=(3)r5c6 => r4c6<>1",
            "link 7 `(3)r7c6=(3)r5c6` (column 38) fails: not a strong link: c6n3 also holds n3r1c6 n3r2c6",
        ),
        // a 9 and a 2 in different cells are no weak link
        (
            "(9)r4c6=(9)r4c5-(2=9)r9c5-(2=3)r7c5-(3=1)r7c6 => r4c6<>1",
            "link 2 `(9)r4c5-(2)r9c5` (column 10) fails: not a weak link",
        ),
        // r4c6's 8 does not see the end (1)r7c6
        (
            "(9)r4c6=(9)r4c5-(9=2)r9c5-(2=3)r7c5-(3=1)r7c6 => r4c6<>1, r4c6<>8",
            "target r4c6<>8 fails: it does not see the chain's end (1)r7c6",
        ),
        // r8c5 is 8 here
        (
            "(9)r4c6=(9)r4c5-(9=2)r8c5-(2=3)r7c5-(3=1)r7c6 => r4c6<>1",
            "column 18: (9)r8c5 is not a candidate of the state: r8c5 holds 8",
        ),
    ];
    for (text, why) in cases {
        let e = proof_from_eureka(&state, text).unwrap_err();
        assert!(e.to_string().starts_with(why), "{text}:\n{e}");
    }
}

fn check_path_text(puzzle: &str, text: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forum.path");
    std::fs::write(&path, text).unwrap();
    check_path(&seed_puzzle(puzzle).line(), &path)
}

#[test]
fn check_path_reads_a_file_of_one_eureka_line() {
    let (code, out, err) = check_path_text("ruud-diagonal-4", &format!("{RUUD4_AIC}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("ok   step 1 (line 1): {RUUD4_NRC}")),
        "{out}"
    );
    assert!(out.contains("all 1 steps hold"), "{out}");
    // a chain running over two lines, the second going on with a link
    let (code, out, err) = check_path_text(
        "ruud-diagonal-4",
        "# pasted from a forum post\n(9)r4c6=(9)r4c5-(9=2)r9c5\n-(2=3)r7c5-(3=1)r7c6 ==> r4c6 <> 1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("ok   step 1 (line 2): {RUUD4_NRC}")),
        "{out}"
    );
}

#[test]
fn check_path_names_the_failing_link_of_a_eureka_line() {
    let (code, _, err) = check_path_text(
        "ruud-diagonal-4",
        "(9)r4c6=(9)r4c5-(9=2)r9c5-(2=3)r7c5-(3)r7c6=(3)r5c6 => r4c6<>1\n",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("step 1 (line 1) fails: link 7 `(3)r7c6=(3)r5c6`"),
        "{err}"
    );
    let (code, _, err) = check_path_text(
        "ruud-diagonal-4",
        "(9)r4c6=(9)r4c5-(9)r9c56=(2)r9c5 => r4c6<>1\n",
    );
    assert_ne!(code, 0);
    // a group node is read (as a grouped chain) and checked: here the group does not hold
    assert!(
        err.contains("step 1 (line 1) fails: the grouped chain does not hold: (9)r9c56"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

// ---- bounds -----------------------------------------------------------------------------

#[test]
fn a_replay_stops_at_its_budget_and_says_before_which_step() {
    let out = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(["check-path", &seed_puzzle("ocean-1").line()])
        .arg(fixture("ocean-1.path"))
        .args(["--budget", "3"])
        .output()
        .expect("run sudolink");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_ne!(out.status.code(), Some(0), "a cut replay is not a pass");
    assert!(stdout.contains("ok   step 3"), "{stdout}");
    assert!(!stdout.contains("ok   step 4"), "{stdout}");
    assert!(!stdout.contains("all 29 steps hold"), "{stdout}");
    assert!(
        stderr.contains("stopped before step 4 (line 12): budget of 3 step(s) spent; the 3 step(s) before it hold"),
        "{stderr}"
    );
}

// ---- round trips: what `solve` prints, `check-path` reads back --------------------------

const TOP95: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/top95.txt");

/// `solve PUZZLE ARGS > p.txt; check-path PUZZLE p.txt`: every step holds and the puzzle is
/// solved, header, grids, step numbers and verdicts skipped as printed.
fn round_trip(puzzle: &str, args: &[&str]) -> String {
    let mut solve = vec!["solve", puzzle];
    solve.extend_from_slice(args);
    let printed = common::ok(&solve);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("solve.txt");
    std::fs::write(&path, &printed).unwrap();
    let (code, out, err) = check_path(puzzle, &path);
    assert_eq!(
        code, 0,
        "solve {args:?} does not read back: {err}\n{printed}"
    );
    assert!(
        out.contains("the puzzle is solved after them"),
        "{args:?}: {out}"
    );
    out
}

#[test]
fn solve_reads_back_in_every_notation() {
    // Loki: escalation notices, a tridagon and the ESCALATED verdict
    let out = round_trip("loki", &[]);
    assert!(out.contains("tridagon"), "{out}");
    for notation in ["nrc", "sudorules", "hodoku"] {
        round_trip("ocean-1", &["--notation", notation]);
        // top95 #12: z-chains and t-whips of several targets in SudoRules' notation
        round_trip(&format!("{}:12", TOP95), &["--notation", notation]);
    }
}

/// HoDoKu's step lines, its forcing chains' traces and its uniqueness tests included: each
/// conclusion proved by the technique the line names.
#[test]
fn hodoku_step_lines_read_back() {
    let out = round_trip(
        &format!("{}:12", TOP95),
        &["--rules", "hodoku", "--notation", "hodoku"],
    );
    assert!(out.contains("ForceChain_"), "{out}");
    round_trip(
        &format!("{}:40", TOP95),
        &["--rules", "hodoku", "--notation", "hodoku"],
    );
    // Sudoku Explainer's path: its subsets and the single they leave on one line
    round_trip(
        &format!("{}:12", TOP95),
        &["--rules", "ser", "--notation", "hodoku"],
    );
}

#[test]
fn a_hodoku_line_that_does_not_hold_fails_on_its_line() {
    // Ocean #1's first swordfish, with an elimination it does not make
    let text = "Swordfish: 3 r348 c349 => r1c3<>3, r1c4<>3, r6c9<>3, r7c9<>3\n\
                Swordfish: 4 r159 c367 => r2c6<>4, r2c5<>4\n";
    let (code, out, err) = check_path_text("ocean-1", text);
    assert_ne!(code, 0);
    assert!(out.contains("ok   step 1 (line 1)"), "{out}");
    assert!(err.contains("step 2 (line 2) fails"), "{err}");
    assert!(err.contains("r2c5<>4"), "{err}");
}

/// A line that is not a step, after a good step, is blamed on itself.
#[test]
fn a_bad_line_is_blamed_on_itself_not_on_the_step_before() {
    let printed = common::ok(&["solve", "ocean-1"]);
    let mut lines: Vec<String> = printed.lines().map(str::to_string).collect();
    let steps: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains("==>"))
        .collect();
    let third = steps[2];
    lines.insert(third + 1, "this is no step".to_string());
    let (code, out, err) = check_path_text("ocean-1", &lines.join("\n"));
    assert_ne!(code, 0);
    assert!(out.contains("ok   step 3"), "{out}");
    assert!(
        err.contains(&format!("step 4 (line {})", third + 2)),
        "{err}"
    );
}
