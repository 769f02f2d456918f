//! The sharded study driver (notebooks/shard.py) on a Dask LocalCluster of 2 workers: one
//! worker process is killed with SIGKILL while it runs a shard, Dask retries that shard on a
//! live worker, the shard's db resumes, and the merged db must hold the same results as one
//! `classify --db` process over the whole collection (shard.py compare). Runs in the Python
//! of `.venv/` (made by `.ci/test`) or of $SUDOLINK_PYTHON; skipped when it lacks
//! dask.distributed, unless SUDOLINK_REQUIRE_TOOLS=1 says it must run.

mod common;

use common::{data_path, ok};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The notebooks' Python when it has dask.distributed.
fn python_with_dask() -> Option<PathBuf> {
    let python = match std::env::var("SUDOLINK_PYTHON") {
        Ok(p) => PathBuf::from(p),
        Err(_) => root().join(".venv/bin/python"),
    };
    let has = Command::new(&python)
        .args(["-c", "import dask.distributed"])
        .output()
        .is_ok_and(|o| o.status.success());
    if has {
        return Some(python);
    }
    if std::env::var("SUDOLINK_REQUIRE_TOOLS").as_deref() == Ok("1") {
        panic!(
            "{} with dask.distributed is required (SUDOLINK_REQUIRE_TOOLS=1) but missing: \
             run .ci/test to make .venv",
            python.display()
        );
    }
    eprintln!(
        "skipped: no dask.distributed in {} (run .ci/test to make .venv)",
        python.display()
    );
    None
}

/// The header line and the first `n` puzzle lines (TAB columns kept) of cb_controlled_bias.
fn small_collection(path: &Path, n: usize) {
    let text = std::fs::read_to_string(data_path("cb_controlled_bias.txt")).unwrap();
    let lines: Vec<&str> = text.lines().take(n + 1).collect();
    assert!(lines[0].starts_with('#'));
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

fn shard_py(python: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(python)
        .arg(root().join("notebooks/shard.py"))
        .args(args)
        .output()
        .expect("run shard.py");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[test]
fn a_sharded_run_survives_a_killed_worker_and_equals_one_process() {
    let Some(python) = python_with_dask() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("cb.txt");
    small_collection(&puzzles, 360);
    let single = dir.path().join("single.db");
    let merged = dir.path().join("merged.db");
    let work = dir.path().join("work");
    let errors = dir.path().join("stderr.txt");
    let p = puzzles.to_str().unwrap();
    let (scheme, max_len) = ("L,W", "5");
    let table = ok(&[
        "classify",
        p,
        "--scheme",
        scheme,
        "--max-len",
        max_len,
        "--db",
        single.to_str().unwrap(),
    ]);

    // the sharded run: kill the other worker when the first shard is done
    let mut child = Command::new(&python)
        .arg(root().join("notebooks/shard.py"))
        .args(["run", "classify", p, "--workers", "2", "--shards", "6"])
        .args(["--scheme", scheme, "--max-len", max_len])
        .arg("--db")
        .arg(&merged)
        .arg("--work")
        .arg(&work)
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_sudolink"))
        .stdout(Stdio::piped())
        // a file, not a pipe nobody reads while the run goes on (Dask's warnings)
        .stderr(std::fs::File::create(&errors).unwrap())
        .spawn()
        .expect("start shard.py");
    let mut log = String::new();
    let mut pids: Vec<String> = Vec::new();
    let mut killed = None;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        log.push_str(&line);
        log.push('\n');
        if let Some(rest) = line.split_once(" pids ").map(|(_, r)| r.to_string()) {
            pids = rest.split_whitespace().map(str::to_string).collect();
        }
        if killed.is_none() && line.contains(" done in ") {
            // the worker that just finished took another shard; the other is mid-shard
            let after = line.split("worker pid ").nth(1).unwrap_or("");
            let finisher: String = after.chars().take_while(char::is_ascii_digit).collect();
            let victim = pids
                .iter()
                .find(|p| **p != finisher)
                .expect("two worker pids")
                .clone();
            let status = Command::new("kill").args(["-9", &victim]).status().unwrap();
            assert!(status.success(), "kill -9 {victim}");
            killed = Some(victim);
        }
    }
    let status = child.wait().unwrap();
    let stderr = std::fs::read_to_string(&errors).unwrap_or_default();
    assert!(status.success(), "shard.py failed:\n{log}\n{stderr}");
    let victim = killed.unwrap_or_else(|| panic!("no shard finished:\n{log}"));
    eprintln!("killed worker {victim}\n{log}");
    assert_eq!(log.matches(" done in ").count(), 6, "{log}");
    // a LocalCluster's shards share the cores: each sudolink gets its share, not all of them
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = (cores / 2).max(1);
    let per_shard = format!(
        "{share} thread{} per shard",
        if share > 1 { "s" } else { "" }
    );
    assert!(log.contains(&per_shard), "{per_shard}?\n{log}");
    assert!(log.contains("merged into"), "{log}");

    let (same, text) = shard_py(
        &python,
        &[
            "compare",
            single.to_str().unwrap(),
            merged.to_str().unwrap(),
        ],
    );
    assert!(same, "merged db differs from one process:\n{text}");
    assert!(text.contains("360 puzzles, 720 ratings"), "{text}");

    // the merged run has the single run's parameters: classify reads it back, same table
    let again = ok(&[
        "classify",
        p,
        "--scheme",
        scheme,
        "--max-len",
        max_len,
        "--db",
        merged.to_str().unwrap(),
    ]);
    let untimed = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.contains("ms/puzzle"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(untimed(&again), untimed(&table));

    // shard.py's `rate` is classify --scheme W: the W column equals `sudolink rate`'s
    let rated = ok(&["rate", p, "--max-len", max_len, "--json", "--keep-going"]);
    let rate: Vec<Option<i64>> = rated
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["rating"].as_i64())
        .collect();
    let conn = rusqlite::Connection::open(&merged).unwrap();
    let stored: Vec<Option<i64>> = conn
        .prepare("SELECT rating FROM rating WHERE scheme = 'W' ORDER BY position")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rate.len(), 360);
    assert_eq!(stored, rate, "classify's W differs from rate's");
    drop(conn);

    // run again: every shard and the merge are already done
    let (done, text) = shard_py(
        &python,
        &[
            "run",
            "classify",
            p,
            "--workers",
            "2",
            "--shards",
            "6",
            "--scheme",
            scheme,
            "--max-len",
            max_len,
            "--db",
            merged.to_str().unwrap(),
            "--work",
            work.to_str().unwrap(),
            "--bin",
            env!("CARGO_BIN_EXE_sudolink"),
        ],
    );
    assert!(done && text.contains("already holds this run"), "{text}");

    // a shard needs at least one thread
    let (refused, text) = shard_py(
        &python,
        &[
            "run",
            "rate",
            p,
            "--db",
            "never.db",
            "--threads-per-shard",
            "0",
        ],
    );
    assert!(!refused, "{text}");
    assert!(
        text.contains("--threads-per-shard must be at least 1"),
        "{text}"
    );
    assert!(!Path::new("never.db").exists());
}
