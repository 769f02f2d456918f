//! Issue 19, point 4: streaming and resumability. `rate` prints each result as soon as the
//! puzzles before it are done; `classify --db` stores puzzles while it runs (one
//! transaction about every second), so a kill loses only the last moments and the rerun
//! resumes to the same table; two writers on one db both finish; long commands print a
//! status line when stderr is not a terminal.

use crate::common;

use common::{data_text, ok, sudolink};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The first `n` puzzles of top1465: B ratings up to length 20 take about 0.2 s each.
fn top1465(dir: &Path, n: usize) -> String {
    let text = data_text("top1465.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .collect();
    let path = dir.join(format!("top{n}.txt"));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_str().unwrap().to_string()
}

fn stored_puzzles(db: &Path) -> i64 {
    let Ok(conn) =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
    else {
        return 0;
    };
    conn.query_row("SELECT count(*) FROM run_puzzle", [], |r| r.get(0))
        .unwrap_or(0)
}

#[test]
fn rate_prints_the_first_result_before_the_last_puzzle_is_done() {
    let dir = tempfile::tempdir().unwrap();
    // 200 puzzles: about 2.5 s of B rating (16 took 0.2 s, too short to see the first line
    // come while the run goes on, on a loaded machine)
    let f = top1465(dir.path(), 200);
    let first_puzzle = std::fs::read_to_string(&f).unwrap()[..81].to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(["rate", &f, "--scheme", "B", "--max-len", "20"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let still_running = child.try_wait().unwrap().is_none();
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    child.wait().unwrap();
    assert!(first.starts_with(&first_puzzle), "input order: {first}");
    assert!(
        still_running,
        "the first line came only when every puzzle was done"
    );
    assert_eq!(rest.len(), 199);
}

#[test]
fn classify_killed_mid_run_keeps_what_it_did_and_resumes_identically() {
    let dir = tempfile::tempdir().unwrap();
    // 100 puzzles: several seconds of B rating even on a quiet machine, so the run is
    // still going when its first puzzles are stored (20 could all finish within the first
    // second's commit)
    let f = top1465(dir.path(), 100);
    let args = ["classify", &f, "--scheme", "B", "--max-len", "20", "--json"];
    let db = dir.path().join("killed.db");
    let d = db.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(args)
        .args(["--db", d])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // puzzles are stored while the run goes on, not at its end
    let t = Instant::now();
    let mut stored = 0;
    while t.elapsed() < Duration::from_secs(60) {
        stored = stored_puzzles(&db);
        if stored > 0 || child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        running && stored > 0,
        "nothing stored while running ({stored})"
    );
    let after_kill = stored_puzzles(&db);
    assert!(
        after_kill < 100,
        "the kill came too late to test: {after_kill}"
    );
    // the rerun resumes and ends with the table of an uninterrupted run
    let resumed: serde_json::Value =
        serde_json::from_str(&ok(&[&args[..], &["--db", d]].concat())).unwrap();
    let fresh: serde_json::Value = serde_json::from_str(&ok(&args)).unwrap();
    assert_eq!(resumed["complete"], true);
    assert_eq!(resumed["rated"], 100);
    for key in ["at_most", "exact", "unsolved", "errors"] {
        assert_eq!(
            resumed["table"]["B"][key], fresh["table"]["B"][key],
            "{key}"
        );
    }
}

/// A copy of `db` as a writer killed mid-transaction leaves it: the file with some pages
/// already changed and the rollback journal holding their old contents (a hot journal: no
/// process holds its lock).
fn with_hot_journal(db: &Path, copy: &Path) {
    let conn = rusqlite::Connection::open(db).unwrap();
    // a one-page cache spills changed pages to the file before any commit
    conn.execute_batch(
        "PRAGMA journal_mode = DELETE; PRAGMA cache_size = 1; BEGIN IMMEDIATE; \
         DELETE FROM rating; DELETE FROM run_puzzle;",
    )
    .unwrap();
    let journal = |p: &Path| {
        let mut name = p.as_os_str().to_owned();
        name.push("-journal");
        std::path::PathBuf::from(name)
    };
    std::fs::copy(db, copy).unwrap();
    std::fs::copy(journal(db), journal(copy)).unwrap();
    conn.execute_batch("ROLLBACK").unwrap();
    assert!(journal(copy).exists());
}

#[test]
fn a_killed_writers_hot_journal_is_rolled_back_and_the_run_resumes() {
    // found by the sharded test: a retried shard reopened a db whose writer had been killed
    // mid-transaction, and the read-only check of the file failed ("attempt to write a
    // readonly database") instead of letting SQLite roll the journal back
    let dir = tempfile::tempdir().unwrap();
    let f = top1465(dir.path(), 6);
    let args = ["classify", &f, "--scheme", "W", "--max-len", "8", "--json"];
    let db = dir.path().join("done.db");
    let fresh: serde_json::Value =
        serde_json::from_str(&ok(&[&args[..], &["--db", db.to_str().unwrap()]].concat())).unwrap();
    let hot = dir.path().join("hot.db");
    with_hot_journal(&db, &hot);
    let (code, out, err) = sudolink(&[&args[..], &["--db", hot.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let resumed: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(resumed["rated"], 6);
    assert_eq!(resumed["table"], fresh["table"]);
    // the journal was rolled back: the run's committed puzzles are all there
    assert_eq!(stored_puzzles(&hot), 6);
}

#[test]
fn two_writers_on_one_db_both_finish() {
    let dir = tempfile::tempdir().unwrap();
    let f = top1465(dir.path(), 12);
    let db = dir.path().join("shared.db");
    let d = db.to_str().unwrap();
    let args = [
        "classify",
        &f,
        "--scheme",
        "gW",
        "--max-len",
        "12",
        "--json",
        "--db",
        d,
    ];
    // the run exists before both start, so both work on it
    ok(&[&args[..], &["--stop-after", "1"]].concat());
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_sudolink"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn(), spawn());
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(!stderr.contains("UNIQUE"), "{stderr}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["rated"], 12, "{v}");
    }
    assert_eq!(stored_puzzles(&db), 12);
}

#[test]
fn long_commands_print_status_lines_when_logged() {
    let dir = tempfile::tempdir().unwrap();
    let f = top1465(dir.path(), 8);
    for (cmd, extra) in [
        ("rate", vec!["--scheme", "gW", "--max-len", "12"]),
        ("classify", vec!["--scheme", "gW", "--max-len", "12"]),
        (
            "subsume",
            vec!["--families", "nrc,whip", "--max-len", "3", "--start"],
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sudolink"))
            .arg(cmd)
            .arg(&f)
            .args(&extra)
            .env("SUDOLINK_STATUS_SECONDS", "0")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{cmd}: {stderr}");
        assert!(
            stderr
                .lines()
                .any(|l| l.starts_with(&format!("{cmd}: ")) && l.contains("/8 puzzles")),
            "{cmd}: no status line in {stderr}"
        );
    }
    // on success without the override, a short run prints none
    let (_, _, stderr) = sudolink(&["rate", &f, "--scheme", "L", "--max-len", "2"]);
    assert!(stderr.is_empty(), "{stderr}");
}
