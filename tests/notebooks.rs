//! The notebooks execute headlessly against a small database written by `classify` (SER
//! among its schemes) and `subsume`, and sharded_ratings.ipynb (W against SER) against a
//! small db merged by notebooks/shard.py (a cell that raises fails the test). They run in the Python of `.venv/` (made
//! by `.ci/test` from notebooks/requirements.txt) or of $SUDOLINK_PYTHON; without one the
//! test is skipped, unless SUDOLINK_REQUIRE_TOOLS=1 says it must run.

use crate::common;

use common::{data_text, fixture_path, ok};
use std::path::PathBuf;
use std::process::Command;

fn python() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("SUDOLINK_PYTHON") {
        return Some(PathBuf::from(p));
    }
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
    venv.exists().then_some(venv)
}

/// The notebooks' Python, or None (the test is skipped, said on stderr) unless
/// SUDOLINK_REQUIRE_TOOLS=1 says it must run.
fn python_or_skip() -> Option<PathBuf> {
    let python = python();
    if python.is_none() {
        if std::env::var("SUDOLINK_REQUIRE_TOOLS").as_deref() == Ok("1") {
            panic!(
                "the notebooks' Python (.venv) is required (SUDOLINK_REQUIRE_TOOLS=1) but missing"
            );
        }
        eprintln!("skipped: no .venv/bin/python (run .ci/test to make it)");
    }
    python
}

#[test]
fn notebooks_execute_on_a_fresh_study_database() {
    let Some(python) = python_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles.txt");
    let db = dir.path().join("studies.db");
    let (p, d) = (puzzles.to_str().unwrap(), db.to_str().unwrap());
    ok(&["generate", "--count", "24", "--seed", "4", "--out", p]);
    // SER's rows may record errors (kept by --keep-going): the notebooks read them too
    ok(&[
        "classify",
        p,
        "--scheme",
        "L,M,N,W,SER",
        "--max-len",
        "7",
        "--db",
        d,
        "--keep-going",
    ]);
    ok(&[
        "subsume",
        p,
        "--families",
        "nrc,nrct,nrczt,lasso,whip,depth2,g-braid",
        "--max-len",
        "4",
        "--db",
        d,
    ]);
    let out = dir.path().join("executed");
    let run = Command::new(&python)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("notebooks/run_notebooks.py"))
        .arg(&db)
        .arg(&out)
        .args(["classification.ipynb", "subsumption.ipynb"])
        .output()
        .expect("run the notebooks");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "notebooks failed:\n{stdout}\n{stderr}"
    );
    for name in ["classification.ipynb", "subsumption.ipynb"] {
        assert!(
            stdout.contains(&format!("{name}: executed")) && out.join(name).exists(),
            "{name} not executed:\n{stdout}"
        );
    }
    // the level chart and SER's; the subsumption heat map
    assert!(
        stdout.contains("classification.ipynb: executed") && stdout.contains("2 figure(s)"),
        "{stdout}"
    );
    assert!(stdout.contains("1 figure(s)"), "{stdout}");
    let executed = std::fs::read_to_string(out.join("classification.ipynb")).unwrap();
    assert!(executed.contains("SER of "), "no SER distribution");
    // the Python package rates a sample as the run did, and draws the hardest step
    assert!(
        executed.contains("from Python: the same ratings as the run's"),
        "the package's ratings differ from the run's"
    );
    let classification = stdout
        .lines()
        .find(|l| l.starts_with("classification.ipynb: executed"))
        .unwrap_or_default();
    assert!(
        classification.contains("1 picture(s)"),
        "no proof picture: {classification}"
    );
    // the pairwise verdicts answer "is ++depth stronger than g-braids?" on the run's data
    // (depth2 finds nothing within length 4 here: a family without eliminations is a column)
    let executed = std::fs::read_to_string(out.join("subsumption.ipynb")).unwrap();
    assert!(
        executed.contains("depth2 vs g-braid: 0 only by depth2"),
        "no verdict for depth2 vs g-braid"
    );
}

/// The Python of the notebooks, when it has dask.distributed (for shard.py).
pub(crate) fn python_with_dask() -> Option<PathBuf> {
    let has = |p: &PathBuf| {
        Command::new(p)
            .args(["-c", "import dask.distributed"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    match python() {
        Some(p) if has(&p) => Some(p),
        _ if std::env::var("SUDOLINK_REQUIRE_TOOLS").as_deref() == Ok("1") => {
            panic!("the notebooks' Python with dask.distributed is required (SUDOLINK_REQUIRE_TOOLS=1) but missing")
        }
        _ => {
            eprintln!("skipped: no .venv/bin/python with dask.distributed (run .ci/test)");
            None
        }
    }
}

#[test]
fn sharded_ratings_notebook_executes_on_a_sharded_db() {
    let Some(python) = python_with_dask() else {
        return;
    };
    // the first 40 puzzles of each controlled-bias sub-collection (000-003; the notebook
    // reads the same fixture, whose header gives the four sizes, as its data file)
    let text = std::fs::read_to_string(fixture_path("slices/cb_first40_each.txt")).unwrap();
    let sample: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(sample.len(), 160);
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("cb.txt");
    std::fs::write(&puzzles, sample.join("\n") + "\n").unwrap();
    let db = dir.path().join("sharded.db");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // W (as `rate`'s: max length 20) and SER, in one classify run
    let run = Command::new(&python)
        .arg(root.join("notebooks/shard.py"))
        .args(["run", "classify"])
        .arg(&puzzles)
        .args(["--scheme", "W,SER", "--max-len", "20", "--keep-going"])
        .args(["--workers", "2", "--shards", "4", "--quiet", "--db"])
        .arg(&db)
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_sudolink"))
        .output()
        .expect("run shard.py");
    assert!(
        run.status.success(),
        "shard.py failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let out = dir.path().join("executed");
    let run = Command::new(&python)
        .arg(root.join("notebooks/run_notebooks.py"))
        .arg(&db)
        .arg(&out)
        .arg("sharded_ratings.ipynb")
        .output()
        .expect("run the notebook");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "sharded_ratings.ipynb failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.contains("sharded_ratings.ipynb: executed") && stdout.contains("1 figure(s)"),
        "{stdout}"
    );
    // the four sub-collections and SudoRules' W for 000 and 001 reach the outputs
    let executed = std::fs::read_to_string(out.join("sharded_ratings.ipynb")).unwrap();
    // and W against SER: our SER where computed, the published one elsewhere
    for text in [
        "000",
        "001",
        "002",
        "003",
        "% equal",
        "correlation coefficient W-SER",
        "SER range",
        "'ours'",
    ] {
        assert!(executed.contains(text), "{text} missing from the outputs");
    }
}

/// bxb_vs_ser.ipynb executes on a `classify --scheme BxB,SER` run of twelve of eleven's
/// T&E(2) puzzles (three per published class B2B to B5B) and finds every class and every ER
/// equal to Berthier's published values ([Berthier classif]), read from the same fixture.
#[test]
fn bxb_vs_ser_notebook_agrees_with_the_published_classes_and_ratings() {
    let Some(python) = python_or_skip() else {
        return;
    };
    let published = fixture_path("te/eleven_bxb_ser.txt");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bxb.db");
    let (p, d) = (published.to_str().unwrap(), db.to_str().unwrap());
    ok(&["classify", p, "--scheme", "BxB,SER", "--db", d]);
    let out = dir.path().join("executed");
    let run = Command::new(&python)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("notebooks/run_notebooks.py"))
        .arg(&db)
        .arg(&out)
        .arg("bxb_vs_ser.ipynb")
        .env("SUDOLINK_PUBLISHED", &published)
        .output()
        .expect("run the notebook");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "notebook failed:\n{stdout}\n{stderr}");
    assert!(
        stdout.contains("bxb_vs_ser.ipynb: executed") && stdout.contains("1 figure(s)"),
        "{stdout}"
    );
    let executed = std::fs::read_to_string(out.join("bxb_vs_ser.ipynb")).unwrap();
    for line in [
        "BxB equal to the published class: 12 of 12",
        "SER equal to the published ER: 12 of 12",
    ] {
        assert!(executed.contains(line), "{line}");
    }
}

/// Issue 76, point 2: `compare --db` stores each list's ratings and each pair's differences,
/// and comparisons.ipynb draws them (the table per pair, a scatter per pair) on 45 puzzles
/// of cbg-000 rated in W and S+W here, beside SudoRules' published W.
#[test]
fn comparisons_notebook_draws_a_stored_comparison() {
    let Some(python) = python_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let text = data_text("cbg000.txt");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(45)
        .map(|l| l.split('\t').collect())
        .collect();
    let puzzles = dir.path().join("p.txt");
    let published = dir.path().join("w.txt");
    let column = |k: usize| {
        rows.iter()
            .map(|r| r[k].trim())
            .collect::<Vec<_>>()
            .join("\n")
    };
    std::fs::write(&puzzles, column(0)).unwrap();
    std::fs::write(&published, column(2)).unwrap();
    let db = dir.path().join("cmp.db");
    let printed = ok(&[
        "compare",
        puzzles.to_str().unwrap(),
        "--schemes",
        "W,S+W",
        "--ratings",
        &format!("SudoRules-W={}", published.display()),
        "--db",
        db.to_str().unwrap(),
    ]);
    // the stored differences are the printed ones: 3 lists of 45, one row per line `#k; ...`
    let conn = rusqlite::Connection::open(&db).unwrap();
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    assert_eq!(count("SELECT count(*) FROM compared_rating"), 3 * 45);
    let listed = printed.lines().filter(|l| l.starts_with('#')).count() as i64;
    assert_eq!(count("SELECT count(*) FROM rating_difference"), listed);
    assert!(printed.contains("#41; W5; S+W4"), "{printed}");
    assert_eq!(
        count("SELECT rating_b FROM rating_difference WHERE a = 'W' AND b = 'S+W' AND number = 41"),
        4
    );
    let out = dir.path().join("executed");
    let run = Command::new(&python)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("notebooks/run_notebooks.py"))
        .arg(&db)
        .arg(&out)
        .arg("comparisons.ipynb")
        .output()
        .expect("run the notebook");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "comparisons.ipynb failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(stdout.contains("comparisons.ipynb: executed") && stdout.contains("1 figure(s)"));
    let executed = std::fs::read_to_string(out.join("comparisons.ipynb")).unwrap();
    for text in [
        "3 rating lists (W, S+W, SudoRules-W) over 45 puzzles",
        "3 scatter(s) of ratings drawn",
        "W vs S+W: 1 puzzle(s) differ",
        "#41; W5; S+W4",
    ] {
        assert!(
            executed.contains(text),
            "{text} not in the executed notebook"
        );
    }
}
