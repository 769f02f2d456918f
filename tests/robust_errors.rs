//! Issue 19, point 3: every error names the real problem, once, on one line: no such file,
//! a directory, a pencil-mark string of the wrong length, which field of a HoDoKu line;
//! long inputs quoted only in part; `rate` reports invalid puzzles on stderr and fails
//! unless `--keep-going`; `--allow-nonunique` still refuses a puzzle with no solution.

use crate::common;

use common::sudolink;

const OCEAN1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

/// A failure with one error line holding every `expected` text, and no repeated prefix.
fn one_error(args: &[&str], expected: &[&str]) -> String {
    let (code, stdout, stderr) = sudolink(args);
    assert_ne!(code, 0, "{args:?} succeeded: {stdout}");
    assert_ne!(code, 101, "{args:?} panicked: {stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "not one line: {stderr}");
    for e in expected {
        assert!(stderr.contains(e), "{args:?}: expected {e:?} in {stderr}");
    }
    assert!(!stderr.contains("line 1: line 1"), "repeated: {stderr}");
    assert!(stderr.len() < 400, "too long: {} bytes", stderr.len());
    stderr
}

#[test]
fn a_missing_file_is_no_such_file() {
    for cmd in ["solve", "show", "rate", "graph"] {
        let err = one_error(
            &[cmd, "missing-puzzle.txt"],
            &["no such file", "missing-puzzle.txt"],
        );
        assert!(!err.contains("bad character"), "{err}");
    }
    one_error(&["explain", "missing.pm", "--next"], &["no such file"]);
    for cmd in ["classify", "subsume", "bench"] {
        one_error(&[cmd, "missing-puzzle.txt"], &["no such file"]);
    }
    one_error(
        &["query", "--db", "missing.db", "--sql", "SELECT 1"],
        &["no such file"],
    );
}

#[test]
fn a_directory_is_named_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for cmd in ["solve", "rate", "classify", "bench"] {
        one_error(&[cmd, d], &["is a directory"]);
    }
    one_error(
        &["query", "--db", d, "--sql", "SELECT 1"],
        &["is a directory"],
    );
}

#[test]
fn a_short_pencil_mark_string_says_729() {
    let state = sudolink_engine::grid::format::parse_line(OCEAN1, 1)
        .unwrap()
        .start_state()
        .unwrap();
    let pm = sudolink_engine::grid::format::to_pencil_mark_string(&state);
    let short = &pm[..728];
    let err = one_error(
        &["solve", short],
        &["pencil-mark string needs 729", "found 728"],
    );
    assert!(!err.contains("81 cells"), "{err}");
}

#[test]
fn hodoku_errors_name_the_field() {
    one_error(
        &["show", &format!(":0000:x:{}::", &OCEAN1[..80])],
        &["HoDoKu line, field 3 (grid)", "needs 81 cells, found 80"],
    );
    one_error(
        &["show", &format!(":0000:x:{OCEAN1}:712 9z9::")],
        &["field 4 (deleted candidates)", "\"9z9\""],
    );
    one_error(&["show", ":0000:x"], &["found 2 field(s)", "no grid"]);
}

#[test]
fn long_inputs_are_quoted_in_part() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("{}.txt", "n".repeat(5000));
    let err = one_error(&["solve", &name], &["no such file", "…"]);
    assert!(err.len() < 200, "{err}");
    let query = "q".repeat(10_000);
    one_error(&["query", OCEAN1, &query], &["unknown query", "…"]);
    let junk = dir.path().join("junk.txt");
    std::fs::write(&junk, "z".repeat(1_000_000)).unwrap();
    one_error(&["solve", junk.to_str().unwrap()], &["bad character 'z'"]);
}

#[test]
fn sqlite_and_os_reasons_are_said_once() {
    let err = one_error(
        &["graph", OCEAN1, "--sqlite", "/nonexistent/dir/x.db"],
        &["unable to open database file"],
    );
    assert_eq!(
        err.to_lowercase().matches("unable to open").count(),
        1,
        "{err}"
    );
}

#[test]
fn rate_reports_invalid_puzzles_on_stderr_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.txt");
    let twice = format!("1{}", &OCEAN1[1..]);
    std::fs::write(&file, format!("{OCEAN1}\n{twice}\n..bad\n{OCEAN1}\n")).unwrap();
    let f = file.to_str().unwrap();
    let (code, stdout, stderr) = sudolink(&["rate", f, "--scheme", "L", "--max-len", "2"]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(!stdout.contains("error"), "{stdout}");
    assert!(
        stderr.contains("line 2: digit 1 is placed twice"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 3, column 3: bad character 'b'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("2 of 4 puzzle(s) could not be rated"),
        "{stderr}"
    );
    let (code, stdout, stderr) =
        sudolink(&["rate", f, "--scheme", "L", "--max-len", "2", "--keep-going"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 2);
    assert!(
        stderr.contains("2 of 4 puzzle(s) could not be rated"),
        "{stderr}"
    );
    // empty and comment-only files are errors
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# only a comment\n\n").unwrap();
    one_error(&["rate", empty.to_str().unwrap()], &["holds no puzzle"]);
}

#[test]
fn classify_and_subsume_fail_as_rate_does_on_puzzles_they_cannot_study() {
    // one rule for every study: each puzzle that cannot be studied is named with its line,
    // the result of the others is printed, and the command fails unless --keep-going; a
    // stored run read back fails the same way
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.txt");
    let twice = format!("1{}", &OCEAN1[1..]);
    std::fs::write(&file, format!("{OCEAN1}\n{twice}\n")).unwrap();
    let f = file.to_str().unwrap();
    let db = dir.path().join("runs.db");
    let db = db.to_str().unwrap();
    let classify = ["classify", f, "--scheme", "L", "--max-len", "2", "--db", db];
    for _ in 0..2 {
        let (code, stdout, stderr) = sudolink(&classify);
        assert_eq!(code, 1, "{stdout}{stderr}");
        assert!(
            stdout.starts_with("1 of 2 puzzles rated, 1 could not be"),
            "{stdout}"
        );
        assert!(
            stderr.contains("line 2: contradictory givens: digit 1 is placed twice"),
            "{stderr}"
        );
        assert!(
            stderr.contains("1 of 2 puzzle(s) could not be rated"),
            "{stderr}"
        );
    }
    let mut keep_going = classify.to_vec();
    keep_going.push("--keep-going");
    let (code, _, stderr) = sudolink(&keep_going);
    assert_eq!(code, 0, "{stderr}");
    let subsume = [
        "subsume",
        f,
        "--families",
        "xy,nrc",
        "--max-len",
        "3",
        "--start",
    ];
    let (code, stdout, stderr) = sudolink(&subsume);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.starts_with("1 states studied in 2 puzzles"),
        "{stdout}"
    );
    assert!(
        stderr.contains("1 of 2 puzzle(s) could not be studied"),
        "{stderr}"
    );
}

#[test]
fn allow_nonunique_still_refuses_no_solution() {
    // Ocean #1 with a wrong digit in r1c1: locally consistent, no solution
    let state = sudolink_engine::grid::format::parse_line(OCEAN1, 1)
        .unwrap()
        .start_state()
        .unwrap();
    let solution = sudolink_engine::solver::count_solutions(&state, 2)
        .solution
        .unwrap();
    let wrong = (1..=9u8)
        .find(|&d| {
            d != solution[0]
                && state.cell_mask(sudolink_engine::grid::Cell::new(0)) >> (d - 1) & 1 == 1
        })
        .unwrap();
    let g = format!("{wrong}{}", &OCEAN1[1..]);
    one_error(
        &["solve", &g, "--allow-nonunique"],
        &["no solution", "admits several solutions, not none"],
    );
    // several solutions are still let through (the path does not solve the puzzle: 2)
    let (code, _, _) = sudolink(&[
        "solve",
        &format!("1{}", ".".repeat(80)),
        "--allow-nonunique",
    ]);
    assert_eq!(code, common::NOT_SOLVED);
}

#[test]
fn bad_option_values_are_refused() {
    one_error(
        &["query", OCEAN1, "x-chain", "--param", "max_len=abc"],
        &["takes an integer"],
    );
    one_error(&["subsume", "x.txt", "--techniques", ""], &["--techniques"]);
    let (code, _, stderr) = sudolink(&["graph", OCEAN1, "--force"]);
    assert_eq!(code, 2, "--force without --sqlite: {stderr}");
}

/// `--max-len` means the same on every subcommand: a length from 1 to 999 (issue 12,
/// point 2), refused by the argument parser before any work starts.
#[test]
fn every_max_len_is_validated_alike() {
    for cmd in [
        vec!["solve", OCEAN1],
        vec!["rate", "x.txt"],
        vec!["classify", "x.txt"],
        vec!["subsume", "x.txt"],
        vec!["explain", OCEAN1, "--target", "r1c2<>8"],
        vec!["explain", OCEAN1, "--target", "r1c2<>8", "--g-max-len"],
    ] {
        for bad in ["0", "1000", "seven", "2.5"] {
            let mut args = cmd.clone();
            if args.last() != Some(&"--g-max-len") {
                args.push("--max-len");
            }
            args.push(bad);
            let (code, stdout, stderr) = sudolink(&args);
            assert_eq!(code, 2, "{args:?}: {stdout} {stderr}");
            assert!(
                stderr.contains("expected a length from 1 to 999"),
                "{args:?}: {stderr}"
            );
        }
    }
    let (code, stdout, stderr) = sudolink(&["solve", OCEAN1, "--max-len", "999"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("\nSOLVED\n"), "{stdout}");
}

#[test]
fn check_path_on_a_junk_file_quotes_it_briefly() {
    // issue 19: a 10 MB junk path printed a 57 KB error line
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk-path.txt");
    let text: String = (0..200_000)
        .map(|i| format!("r{}c{} ", i % 9 + 1, i % 7 + 1))
        .collect();
    std::fs::write(&junk, &text).unwrap();
    let (code, _, stderr) = sudolink(&[
        "check-path",
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
        junk.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert_ne!(code, 101, "panicked: {stderr}");
    assert!(stderr.len() < 2_000, "{} bytes of error", stderr.len());
    assert!(stderr.contains("more characters"), "{stderr}");
}

#[test]
fn a_result_says_how_far_it_searched() {
    // issue 19: g-braids searched to 10 only were reported as "none up to length 30"
    let easter_monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let (code, out, err) = sudolink(&[
        "explain",
        easter_monster,
        "--families",
        "g-braid",
        "--max-len",
        "30",
        "--g-max-len",
        "3",
        "--target",
        "r2c1<>3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("g-braid (none up to length 3 of 30: raise --g-max-len)"),
        "{out}"
    );
    assert!(!out.contains("none up to length 30"), "{out}");
    assert!(
        out.contains("not every family was searched to length 30"),
        "{out}"
    );
}

#[test]
fn conflicting_explain_options_are_refused() {
    let ocean1 =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";
    for args in [
        vec!["explain", ocean1, "--target", "r7c9<>3", "--all"],
        vec!["explain", ocean1, "--next", "--all"],
    ] {
        let (code, _, stderr) = sudolink(&args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains("cannot be used with"), "{stderr}");
    }
}
