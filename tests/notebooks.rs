//! The notebooks execute headlessly against a small database written by `classify` and
//! `subsume` (a cell that raises fails the test). They run in the Python of `.venv/` (made
//! by `.ci/test` from notebooks/requirements.txt) or of $SUDOLINK_PYTHON; without one the
//! test is skipped, unless SUDOLINK_REQUIRE_TOOLS=1 says it must run.

mod common;

use common::ok;
use std::path::PathBuf;
use std::process::Command;

fn python() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("SUDOLINK_PYTHON") {
        return Some(PathBuf::from(p));
    }
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
    venv.exists().then_some(venv)
}

#[test]
fn notebooks_execute_on_a_fresh_study_database() {
    let Some(python) = python() else {
        if std::env::var("SUDOLINK_REQUIRE_TOOLS").as_deref() == Ok("1") {
            panic!(
                "the notebooks' Python (.venv) is required (SUDOLINK_REQUIRE_TOOLS=1) but missing"
            );
        }
        eprintln!("skipped: no .venv/bin/python (run .ci/test to make it)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles.txt");
    let db = dir.path().join("studies.db");
    let (p, d) = (puzzles.to_str().unwrap(), db.to_str().unwrap());
    ok(&["generate", "--count", "24", "--seed", "4", "--out", p]);
    ok(&[
        "classify",
        p,
        "--scheme",
        "L,M,N,W",
        "--max-len",
        "7",
        "--db",
        d,
    ]);
    ok(&[
        "subsume",
        p,
        "--families",
        "nrc,nrct,nrczt,lasso,whip",
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
    assert!(stdout.contains("1 figure(s)"), "{stdout}");
}
