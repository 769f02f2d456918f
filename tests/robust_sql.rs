//! Issue 19, point 2: SQL is read-only by construction. A query never changes a file's
//! bytes; ATTACH, writing pragmas and file functions are refused; a statement has a time
//! limit and a row limit; writing commands refuse an SQLite file that is not a sudolink
//! store unless --force.

use crate::common;

use common::{ok, sudolink};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

const OCEAN1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

fn digest(path: &Path) -> (u64, usize) {
    let bytes = std::fs::read(path).unwrap();
    let mut h = DefaultHasher::new();
    bytes.hash(&mut h);
    (h.finish(), bytes.len())
}

/// An SQLite file of someone else's: one table, one row.
fn foreign_db(dir: &Path) -> PathBuf {
    let path = dir.join("theirs.db");
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me');")
        .unwrap();
    drop(conn);
    path
}

fn fails_with(args: &[&str], expected: &str) -> String {
    let (code, stdout, stderr) = sudolink(args);
    assert_ne!(code, 0, "{args:?} succeeded: {stdout}");
    assert_ne!(code, 101, "{args:?} panicked: {stderr}");
    assert!(
        stderr.contains(expected),
        "{args:?}: expected {expected:?} in {stderr}"
    );
    assert_eq!(stderr.trim().lines().count(), 1, "not one line: {stderr}");
    stderr
}

#[test]
fn queries_leave_a_foreign_file_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let db = foreign_db(dir.path());
    let d = db.to_str().unwrap();
    let before = digest(&db);
    assert!(ok(&["query", "--db", d, "--sql", "SELECT body FROM notes"]).contains("keep me"));
    ok(&["query", "--db", d, "--sql", "SELECT 1"]);
    // a named query over tables the file lacks fails, and adds nothing
    let (code, _, stderr) = sudolink(&["query", "--db", d, "edge-counts"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("no such table"), "{stderr}");
    assert_eq!(digest(&db), before, "a query changed the file");
}

#[test]
fn queries_leave_a_graph_db_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    let d = db.to_str().unwrap();
    ok(&["graph", OCEAN1, "--sqlite", d]);
    let before = digest(&db);
    ok(&["query", "--db", d, "--sql", "SELECT 1"]);
    ok(&["query", "--db", d, "edge-counts", "--format", "csv"]);
    ok(&["query", "--db", d, "bivalue-cells", "--format", "json"]);
    assert_eq!(digest(&db), before, "a query changed the file");
}

#[test]
fn attach_is_refused_everywhere_and_creates_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("created.db");
    let attach = format!("ATTACH DATABASE '{}' AS x", target.display());
    let graph = dir.path().join("graph.db");
    let g = graph.to_str().unwrap();
    ok(&["graph", OCEAN1, "--sqlite", g]);
    let sql_file = dir.path().join("attach.sql");
    std::fs::write(&sql_file, &attach).unwrap();
    fails_with(&["query", OCEAN1, "--sql", &attach], "ATTACH is refused");
    // a DROP is named as what it is, not as the DELETE from the schema table it implies
    for sql in ["DROP TABLE candidate", "CREATE TABLE t (x)"] {
        fails_with(
            &["query", OCEAN1, "--sql", sql],
            "changing the schema (CREATE, DROP, ALTER) is refused",
        );
    }
    fails_with(
        &["query", OCEAN1, "--sql", "ALTER TABLE candidate ADD y"],
        "ALTER TABLE is refused",
    );
    fails_with(&["query", "--db", g, "--sql", &attach], "ATTACH is refused");
    fails_with(
        &["query", OCEAN1, sql_file.to_str().unwrap()],
        "ATTACH is refused",
    );
    fails_with(
        &["query", OCEAN1, "--sql", "DETACH DATABASE main"],
        "DETACH is refused",
    );
    assert!(!target.exists(), "ATTACH created {}", target.display());
}

#[test]
fn writing_pragmas_and_file_functions_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("graph.db");
    let g = graph.to_str().unwrap();
    ok(&["graph", OCEAN1, "--sqlite", g]);
    let before = digest(&graph);
    for (sql, expected) in [
        (
            "PRAGMA writable_schema=1",
            "PRAGMA writable_schema = 1 is refused",
        ),
        (
            "PRAGMA user_version = 7",
            "PRAGMA user_version = 7 is refused",
        ),
        ("PRAGMA journal_mode=WAL", "is refused"),
        ("SELECT load_extension('x')", "load_extension() is refused"),
        ("SELECT readfile('/etc/passwd')", "readfile"),
        ("DELETE FROM edge", "only read"),
        ("CREATE TABLE t(x)", "only read"),
    ] {
        fails_with(&["query", "--db", g, "--sql", sql], expected);
        fails_with(&["query", OCEAN1, "--sql", sql], expected);
    }
    // reading pragmas still work
    let v = ok(&[
        "query",
        "--db",
        g,
        "--sql",
        "PRAGMA user_version",
        "--format",
        "csv",
    ]);
    assert_eq!(
        v,
        format!("user_version\n{}\n", sudolink_store::schema::SCHEMA_VERSION)
    );
    ok(&["query", "--db", g, "--sql", "PRAGMA table_info(edge)"]);
    assert_eq!(digest(&graph), before);
}

#[test]
fn an_endless_query_is_stopped_by_the_time_limit() {
    let endless =
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n";
    let t = std::time::Instant::now();
    let stderr = fails_with(
        &["query", OCEAN1, "--sql", endless, "--timeout", "0.5"],
        "time limit of 0.5 s",
    );
    assert!(stderr.contains("--timeout"), "{stderr}");
    assert!(t.elapsed().as_secs() < 20, "took {:?}", t.elapsed());
    // a table that did not finish is not printed (no empty table before the error)
    let (_, stdout, _) = sudolink(&["query", OCEAN1, "--sql", endless, "--timeout", "0.5"]);
    assert_eq!(stdout, "", "{stdout}");
}

#[test]
fn endless_rows_stream_up_to_the_row_limit() {
    let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n";
    for (format, rows) in [("csv", 6), ("json", 7), ("table", 8)] {
        let (code, stdout, stderr) = sudolink(&[
            "query",
            OCEAN1,
            "--sql",
            endless,
            "--max-rows",
            "5",
            "--format",
            format,
        ]);
        assert_eq!(code, 0, "{format}: {stderr}");
        assert_eq!(stdout.lines().count(), rows, "{format}: {stdout}");
        assert!(
            stderr.contains("stopped after 5 rows (--max-rows 5)"),
            "{format}: {stderr}"
        );
    }
    let json = ok(&[
        "query",
        OCEAN1,
        "--sql",
        endless,
        "--max-rows",
        "3",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 3);
    // a query that fits prints no note
    let (_, _, stderr) = sudolink(&["query", OCEAN1, "--sql", "SELECT 1", "--max-rows", "1"]);
    assert!(!stderr.contains("stopped"), "{stderr}");
}

#[test]
fn writers_refuse_a_foreign_sqlite_file_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let db = foreign_db(dir.path());
    let d = db.to_str().unwrap();
    let before = digest(&db);
    fails_with(&["graph", OCEAN1, "--sqlite", d], "not a sudolink store");
    let puzzles = dir.path().join("p.txt");
    std::fs::write(&puzzles, format!("{OCEAN1}\n")).unwrap();
    let p = puzzles.to_str().unwrap();
    fails_with(
        &["classify", p, "--scheme", "L", "--max-len", "2", "--db", d],
        "not a sudolink store",
    );
    fails_with(
        &[
            "subsume",
            p,
            "--families",
            "nrc,whip",
            "--max-len",
            "2",
            "--db",
            d,
        ],
        "--force",
    );
    assert_eq!(digest(&db), before, "a refused writer changed the file");
    // a text file is not SQLite, forced or not
    let text = dir.path().join("notes.txt");
    std::fs::write(
        &text,
        "just text, long enough to not be an empty file\n".repeat(20),
    )
    .unwrap();
    fails_with(
        &[
            "graph",
            OCEAN1,
            "--sqlite",
            text.to_str().unwrap(),
            "--force",
        ],
        "not an SQLite database",
    );
    // --force adds our tables and keeps theirs
    ok(&["graph", OCEAN1, "--sqlite", d, "--force"]);
    let notes = ok(&[
        "query",
        "--db",
        d,
        "--sql",
        "SELECT body FROM notes",
        "--format",
        "csv",
    ]);
    assert_eq!(notes, "body\nkeep me\n");
    ok(&["query", "--db", d, "edge-counts"]);
}

#[test]
fn bad_parameter_values_are_refused() {
    fails_with(
        &["query", OCEAN1, "x-chain", "--param", "max_len=abc"],
        "parameter :max_len takes an integer, not \"abc\"",
    );
    fails_with(
        &["query", OCEAN1, "x-chain", "--param", "state=first"],
        "takes an integer or latest",
    );
    ok(&[
        "query",
        OCEAN1,
        "x-chain",
        "--param",
        "state=latest",
        "--param",
        "max_len=2",
    ]);
    let (code, _, stderr) = sudolink(&["query", OCEAN1, "edge-counts", "--timeout=-1"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("seconds above 0"), "{stderr}");
}
