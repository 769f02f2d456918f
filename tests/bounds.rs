//! Every command that searches is bounded per puzzle (`--timeout`, `--memory`, `--budget`):
//! the puzzles whose braid ratings grew past ten gigabytes before these bounds (top1465
//! #146, reported on 2026-11-26 with `rate --scheme B` on top1465's first 200) now finish
//! within the process's ceiling: #146 and #77 are in T&E(2), so they have no B rating (said
//! at once), #132 (B13, once cut: `B>11 (memory bound)`) is rated, the others are rated as
//! before.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_sudolink");

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/bounds/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Run sudolink; its exit code, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("sudolink runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The largest resident memory of any child process this test binary has waited for, in
/// bytes (`getrusage(RUSAGE_CHILDREN)`: Linux reports the largest child's peak).
fn children_peak_bytes() -> u64 {
    // SAFETY: rusage is a plain C struct of integers, for which all zeros is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes into the struct we hand it and reads nothing else.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(rc, 0, "getrusage");
    usage.ru_maxrss as u64 * 1024
}

/// The ceiling a batch of two puzzles at a time keeps under with the default 500 MB per
/// puzzle: two puzzles' memory, plus the tables every command holds, plus slack for the
/// allocator's pages in flight.
const TWO_PUZZLES_CEILING: u64 = 1_200_000_000;

#[test]
fn rate_b_on_top1465_first_200_finishes_under_its_ceiling_146_refused_132_rated() {
    let (code, out, err) = run(&[
        "rate",
        &fixture("top1465_first199.txt"),
        "--scheme",
        "B",
        "--max-len",
        "20",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 199, "every puzzle has its line");
    // #146 is in T&E(2) (Berthier's theorem: braids solve exactly the T&E(1) puzzles): told
    // at once, with no braid search, where its search once grew past ten gigabytes
    let p146 = &lines[145];
    assert_eq!(
        p146["puzzle"],
        ".2.....74.98.1.............7..3.5..6....2.9..1..............83....6.7......4....."
    );
    assert!(p146["rating"].is_null(), "{p146}");
    assert_eq!(p146["level"], "not in T&E(1): no B rating", "{p146}");
    // #132 is in T&E(1) and B13: once cut by the memory bound (its whip searches' partial
    // braids), now rated by B_p's closures, which keep none
    let p132 = &lines[131];
    assert_eq!(p132["level"], "B13", "{p132}");
    assert!(p132["cut"].is_null(), "{p132}");
    assert!(!err.contains("cut by a bound"), "{err}");
    for l in &lines {
        if l["cut"].is_null() {
            let level = l["level"].as_str().unwrap();
            assert!(
                l["rating"].is_u64() || level == "B>20" || level.starts_with("not in T&E(1)"),
                "{l}"
            );
        }
    }
    // a rating that fits within the bounds is the one an unbounded run gives: top1465 #1
    // is B10 with `--memory 0 --timeout 0`
    assert_eq!(lines[0]["level"], "B10", "{}", lines[0]);
    let peak = children_peak_bytes();
    assert!(
        peak < TWO_PUZZLES_CEILING,
        "peak resident memory {peak} bytes"
    );
}

#[test]
fn classify_b_and_gb_at_length_20_within_a_small_memory_bound() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bounds.db");
    let db = db.to_str().unwrap();
    let args = [
        "classify",
        &fixture("top1465_hard3.txt"),
        "--scheme",
        "B,gB",
        "--max-len",
        "20",
        "--memory",
        "150",
        "--db",
        db,
        "--json",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "cut puzzles are not failures: {err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cut_b = v["table"]["B"]["cut"].as_u64().unwrap();
    assert!(cut_b >= 1, "{v}");
    assert!(err.contains("cut by a bound"), "{err}");
    // the store keeps cut ratings apart: no rating, the bound and the level above it
    let conn = rusqlite::Connection::open(db).unwrap();
    let (cut_rows, rated_cut): (i64, i64) = conn
        .query_row(
            "SELECT count(*), count(rating) FROM rating WHERE cut IS NOT NULL",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(cut_rows >= 1);
    assert_eq!(rated_cut, 0, "a cut row has no rating");
    let bounds: String = conn
        .query_row(
            "SELECT bounds FROM rating WHERE cut IS NOT NULL LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(bounds.contains("150 MB"), "{bounds}");
    drop(conn);
    // 150 MB per puzzle, two at a time: well under 600 MB
    let peak = children_peak_bytes();
    assert!(
        peak < TWO_PUZZLES_CEILING,
        "peak resident memory {peak} bytes"
    );
}

#[test]
fn a_later_run_studies_again_only_the_cut_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.txt");
    // controlled-bias #2 (W5, SudoRules) and top1465 #1
    std::fs::write(
        &file,
        "..34......5...912.7...2.....1.5.7..86...9...7.......34..2.............9.9...61.75\n\
         4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
    )
    .unwrap();
    let db = dir.path().join("resume.db");
    let (file, db) = (file.to_str().unwrap(), db.to_str().unwrap());
    let classify = |extra: &[&str]| {
        let mut args = vec!["classify", file, "--scheme", "W", "--max-len", "10"];
        args.extend_from_slice(&["--db", db, "--json"]);
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        (
            serde_json::from_str::<serde_json::Value>(&out).unwrap(),
            err,
        )
    };
    // a budget of 1,000 partial whips cuts controlled-bias #2 (its whip[5] needs more)
    let (first, err) = classify(&["--budget", "1000"]);
    assert!(first["table"]["W"]["cut"].as_u64().unwrap() >= 1, "{first}");
    assert!(err.contains("line(s) 1"), "{err}");
    let conn = rusqlite::Connection::open(db).unwrap();
    let cut: Vec<(i64, String, i64)> = conn
        .prepare("SELECT position, cut, cut_above FROM rating WHERE cut IS NOT NULL")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        cut.first().map(|c| (c.0, c.1.as_str())),
        Some((0, "budget"))
    );
    assert!(cut[0].2 < 5, "W5 is above its cut level: {cut:?}");
    let seconds_before: f64 = conn
        .query_row("SELECT seconds FROM rating WHERE position = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    drop(conn);
    // the same study without the budget: the cut puzzle is rated W5, the other kept as is
    let (second, err) = classify(&[]);
    assert_eq!(second["table"]["W"]["cut"], 0, "{second} {err}");
    assert_eq!(second["table"]["W"]["exact"][5], 1, "{second}");
    let conn = rusqlite::Connection::open(db).unwrap();
    let (rating, seconds_after): (i64, f64) = conn
        .query_row(
            "SELECT (SELECT rating FROM rating WHERE position = 0),
                    (SELECT seconds FROM rating WHERE position = 1)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(rating, 5);
    assert_eq!(
        seconds_after, seconds_before,
        "the rated puzzle is not studied again"
    );
}

#[test]
fn subsume_with_braids_at_length_20_finishes_within_its_bounds() {
    let (code, out, err) = run(&[
        "subsume",
        &fixture("top1465_hard3.txt"),
        "--families",
        "braid,whip",
        "--max-len",
        "20",
        "--memory",
        "150",
        "--timeout",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("states studied in 3 puzzles"), "{out}");
    let peak = children_peak_bytes();
    assert!(
        peak < TWO_PUZZLES_CEILING,
        "peak resident memory {peak} bytes"
    );
}

#[test]
fn solve_that_a_bound_cuts_prints_no_level() {
    let p146 = ".2.....74.98.1.............7..3.5..6....2.9..1..............83....6.7......4.....";
    let (code, out, err) = run(&["solve", p146, "--rules", "B", "--max-len", "20"]);
    // a path that does not solve its puzzle exits 2 (`solve --help`)
    assert_eq!(code, 2, "{err}");
    assert!(out.contains("NOT SOLVED"), "{out}");
    assert!(
        !out.contains("LEVEL ="),
        "no level for a path that was cut: {out}"
    );
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("NOT RATED: cut by the ") && last.contains("while searching braid["),
        "{last}"
    );
    // without a bound reached: the rule set is named instead, and the first of the ladder
    // above it that solves the puzzle (Trid-OR5W's Subsets: the hidden triplets)
    let (code, out, _) = run(&["solve", p146, "--rules", "B", "--max-len", "5"]);
    assert_eq!(code, 2);
    let last = out.lines().last().unwrap();
    assert_eq!(
        last,
        "NOT RATED: the rules B (lengths up to 5) do not solve it; hardest step used: \
         BRAID[4]; Trid-OR5W solves it (try --rules Trid-OR5W, or no --rules)"
    );
}

#[test]
fn a_bad_bound_is_refused_with_its_flag_named() {
    let (code, _, err) = run(&["rate", "..3", "--timeout=-1"]);
    assert_ne!(code, 0);
    assert!(err.contains("--timeout"), "{err}");
    let (code, _, err) = run(&["rate", "..3", "--memory", "lots"]);
    assert_ne!(code, 0);
    assert!(err.contains("--memory"), "{err}");
}

#[test]
fn force_says_when_its_analyses_were_cut() {
    let (code, _, err) = run(&["force", "--timeout", "0.0001"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("note: cut by the time bound") && err.contains("lists are those found"),
        "{err}"
    );
    let (code, _, err) = run(&["force"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("cut by"), "{err}");
}

/// `bench` times a technique on every basic-stuck state, each search within the bounds of
/// one puzzle: T&E(2) on eleven's T&E(2) sample under a time bound it cannot meet is cut
/// on every state, and says so; unbounded, nothing is cut.
#[test]
fn bench_searches_within_its_bounds_and_counts_the_cut_ones() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/te/eleven_te2_sample.txt"
    );
    let (code, out, err) = run(&[
        "bench",
        sample,
        "--limit",
        "3",
        "--technique",
        "te",
        "--length",
        "2",
        "--timeout",
        "0.000001",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("te[2]: all instances"), "{out}");
    assert!(out.contains("3 of 3 searches cut by a bound"), "{out}");
    let (code, out, err) = run(&[
        "bench",
        sample,
        "--limit",
        "3",
        "--technique",
        "te",
        "--length",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("cut by a bound"), "{out}");
}

/// SER is bounded between SE's steps: Loki (SER 11.9, about 7 s here) under a 1 s bound is
/// a stated cut with the hardest step so far as a lower bound, never a rating.
#[test]
fn rate_ser_cut_by_its_time_bound_says_so() {
    let loki = "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";
    let (code, out, err) = run(&["rate", loki, "--scheme", "SER", "--timeout", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["rating"].is_null(), "{v}");
    assert_eq!(v["cut"]["bound"], "time", "{v}");
    assert_eq!(v["solved"], false, "{v}");
    let level = v["level"].as_str().unwrap();
    assert!(
        level.starts_with("SER>=") && level.ends_with("(time bound)"),
        "{level}"
    );
    assert!(err.contains("1 of 1 puzzle(s) cut by a bound"), "{err}");
}

/// `classify`'s SER column is bounded as `rate`'s is: Loki under a 1 s bound is stored as a
/// cut row (no ER, the bound named, ER so far as its lower bound in tenths), counted apart
/// from the rated ones; the same study without the bound rates it 11.9, its published SER.
#[test]
fn classify_ser_cut_by_its_time_bound_is_stored_cut_then_resumed() {
    let loki = "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("loki.txt");
    std::fs::write(&file, format!("{loki}\n")).unwrap();
    let db = dir.path().join("ser.db");
    let (file, db) = (file.to_str().unwrap(), db.to_str().unwrap());
    let classify = |extra: &[&str]| {
        let mut args = vec!["classify", file, "--scheme", "SER", "--db", db, "--json"];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let first = classify(&["--timeout", "1"]);
    assert_eq!(first["table"]["SER"]["cut"], 1, "{first}");
    assert_eq!(first["table"]["SER"]["errors"], 0, "{first}");
    let conn = rusqlite::Connection::open(db).unwrap();
    let (rating, cut, above): (Option<f64>, String, i64) = conn
        .query_row("SELECT rating, cut, cut_above FROM rating", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    assert_eq!((rating, cut.as_str()), (None, "time"));
    assert!(above < 119, "ER so far is below Loki's 11.9: {above}");
    drop(conn);
    let second = classify(&["--timeout", "0"]);
    assert_eq!(second["table"]["SER"]["cut"], 0, "{second}");
    assert_eq!(second["table"]["SER"]["er"]["11.9"], 1, "{second}");
}

/// SE's nested chaining producers run as one search of a minute on top1465's second puzzle
/// (Sudoku Explainer 1.2.1 itself takes as long): the limits reach inside them, in
/// `explain --all` and in a target's rows alike.
#[test]
fn explain_stops_ses_nested_chains_at_its_time_limit() {
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let technique = "se-nested-dynamic-forcing-chains-plus";
    let (code, out, err) = run(&[
        "explain",
        puzzle,
        "--all",
        "--techniques",
        technique,
        "--timeout",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("stopped at {technique}: time limit reached")),
        "{out}"
    );
    let (code, out, err) = run(&[
        "explain",
        puzzle,
        "--target",
        "r1c3<>7",
        "--techniques",
        technique,
        "--timeout",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("cut (time limit reached)"), "{out}");
    assert!(
        out.contains(&format!("{technique} (not searched)")),
        "{out}"
    );
}
