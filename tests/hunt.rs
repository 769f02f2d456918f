//! Issue 74, point 5: the hunter's pipeline in one command (`sudolink hunt --stages`) on
//! Berthier's Sample40 slices (tests/fixtures/workbench/, [Berthier classif]): its stages
//! give the published BRT+1 expansions, minimals and T&E depths; with `--db` a run killed
//! (SIGKILL) mid-stage goes on where it stopped and ends with the rows of an uninterrupted
//! run, none twice; bad stages and bad input are refused before anything is written.

use crate::common::{fixture_path, ok, sudolink};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> String {
    fixture_path(&format!("workbench/{name}"))
        .to_str()
        .expect("a UTF-8 path")
        .to_string()
}

/// The first column of each line.
fn grids(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

/// The published minimals of the first six puzzles with their T&E depth (`TE1`, `TE2`).
fn published_minimals() -> Vec<(String, String)> {
    std::fs::read_to_string(fixture("sample40_first6_minimals_rated.txt"))
        .unwrap()
        .lines()
        .map(|l| {
            let mut f = l.split_whitespace();
            (f.next().unwrap().to_string(), f.next().unwrap().to_string())
        })
        .collect()
}

#[test]
fn hunt_stages_give_the_published_expansions_and_minimals() {
    let first6 = fixture("sample40_first6.txt");
    let expansions = ok(&["hunt", &first6, "--stages", "expand:brt+1"]);
    let published =
        grids(&std::fs::read_to_string(fixture("sample40_first6_brt1_expands.txt")).unwrap());
    assert_eq!(grids(&expansions), published);
    let minimals = ok(&["hunt", &first6, "--stages", "expand:brt+1,minimals:non-brt"]);
    let ours: BTreeSet<String> = grids(&minimals).into_iter().collect();
    let theirs: BTreeSet<String> = published_minimals().into_iter().map(|(g, _)| g).collect();
    assert_eq!(ours.len(), 91);
    assert_eq!(ours, theirs);
}

#[test]
fn hunt_keeps_the_minimals_of_the_published_te_depth() {
    let (code, out, err) = sudolink(&[
        "hunt",
        &fixture("sample40_first6.txt"),
        "--stages",
        "expand:brt+1,minimals:non-brt,keep:te>=2",
    ]);
    assert_eq!(code, 0, "{err}");
    let kept: BTreeSet<String> = grids(&out).into_iter().collect();
    let te2: BTreeSet<String> = published_minimals()
        .into_iter()
        .filter(|(_, te)| te == "TE2")
        .map(|(g, _)| g)
        .collect();
    assert!(!te2.is_empty());
    assert_eq!(kept, te2);
    assert!(out.lines().all(|l| l.ends_with(" TE2")), "{out}");
    // each stage's count, on stderr
    assert!(
        err.contains("stage 2/3 minimals:non-brt: 350 puzzles -> 91"),
        "{err}"
    );
}

/// Every stage's rows by grid: the stage, the input's position and grid, what it made (in
/// order) and its ratings (times aside); puzzle ids (which depend on when a batch was
/// written) are not compared.
fn stage_rows(db: &Path) -> Vec<String> {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT r.params, rp.position, p.grid,
               (SELECT group_concat(g, ' ') FROM (SELECT m.grid AS g FROM derivation AS d
                  JOIN puzzle AS m ON m.id = d.puzzle_id
                  WHERE d.run_id = r.id AND d.position = rp.position ORDER BY d.ordinal)),
               (SELECT group_concat(x, ' ') FROM (SELECT ra.scheme || '=' ||
                  coalesce(ra.rating, '-') || '/' || coalesce(ra.hardest, '') || '/' ||
                  coalesce(ra.cut, '') AS x FROM rating AS ra
                  WHERE ra.run_id = r.id AND ra.position = rp.position ORDER BY ra.scheme))
             FROM run AS r JOIN run_puzzle AS rp ON rp.run_id = r.id
             JOIN puzzle AS p ON p.id = rp.puzzle_id
             WHERE r.kind = 'hunt' ORDER BY r.params, rp.position",
        )
        .unwrap();
    let rows = stmt
        .query_map([], |row| {
            Ok(format!(
                "{} #{} {} -> {} [{}]",
                row.get::<_, String>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, Option<String>>(3)?.unwrap_or_default(),
                row.get::<_, Option<String>>(4)?.unwrap_or_default()
            ))
        })
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    // a stage holds each of its input puzzles once, as many as its run says
    let counts: Vec<(String, i64, i64)> = conn
        .prepare(
            "SELECT r.params, json_extract(r.params, '$.puzzles'),
                    (SELECT count(*) FROM run_puzzle WHERE run_id = r.id)
             FROM run AS r WHERE r.kind = 'hunt'",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for (params, expected, stored) in counts {
        assert_eq!(expected, stored, "{params}");
    }
    rows
}

/// The puzzles stored by the hunt runs of `db` (0 while it is being created).
fn stored(db: &Path, stage: usize) -> i64 {
    let Ok(conn) =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
    else {
        return 0;
    };
    conn.query_row(
        "SELECT count(*) FROM run_puzzle AS rp JOIN run AS r ON r.id = rp.run_id
         WHERE r.kind = 'hunt' AND json_array_length(r.params, '$.stages') = ?1",
        [stage as i64],
        |r| r.get(0),
    )
    .unwrap_or(0)
}

/// The pipeline of the kill test: eleven's puzzles to their 91 minimals (under a second),
/// then the {-1 +1} minimal neighbours of those (5,912 puzzles, several seconds: the stage
/// the kill lands in) and their T&E depths.
const KILL_STAGES: &str = "expand:brt+1,minimals:non-brt,vicinity:-1+1:minimal,keep:te>=2";

fn kill_input(dir: &Path) -> PathBuf {
    let input = dir.join("first6.txt");
    std::fs::copy(fixture("sample40_first6.txt"), &input).unwrap();
    input
}

#[test]
fn hunt_killed_mid_stage_resumes_to_the_rows_of_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let input = kill_input(dir.path());
    let input = input.to_str().unwrap();
    let db = dir.path().join("killed.db");
    let args = ["hunt", input, "--stages", KILL_STAGES];
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(args)
        .args(["--db", db.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // kill -9 once the vicinity stage has stored its first puzzles
    let t = Instant::now();
    let mut at_kill = 0;
    while t.elapsed() < Duration::from_secs(120) {
        at_kill = stored(&db, 3);
        if at_kill > 0 || child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        running && at_kill > 0,
        "the vicinity stage stored nothing while running"
    );
    let at_kill = stored(&db, 3);
    let resumed_out = ok(&[&args[..], &["--db", db.to_str().unwrap()]].concat());
    let fresh = dir.path().join("fresh.db");
    let fresh_out = ok(&[&args[..], &["--db", fresh.to_str().unwrap()]].concat());
    assert_eq!(resumed_out, fresh_out);
    let (resumed, uninterrupted) = (stage_rows(&db), stage_rows(&fresh));
    assert!(
        at_kill < stored(&fresh, 3),
        "the kill came after the vicinity stage was done ({at_kill} stored)"
    );
    assert_eq!(resumed.len(), uninterrupted.len());
    assert_eq!(resumed, uninterrupted);
    // run again, a finished pipeline is read back, not redone
    let t = Instant::now();
    assert_eq!(
        ok(&[&args[..], &["--db", fresh.to_str().unwrap()]].concat()),
        fresh_out
    );
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn hunt_refuses_bad_stages_and_input_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("never.db");
    let d = db.to_str().unwrap();
    let first6 = fixture("sample40_first6.txt");
    let (code, _, err) = sudolink(&[
        "hunt",
        &first6,
        "--stages",
        "expand,minimals:all",
        "--db",
        d,
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("stage `minimals:all`"), "{err}");
    // eleven's #518 with one clue fewer: several solutions
    let several = dir.path().join("several.txt");
    let p518 = "1.....7.9...1..2...6...7.1..3..45..1...9...2...8.....4..5..8...6..7...9..4..3....";
    std::fs::write(&several, format!("{p518}\n.{}\n", &p518[1..])).unwrap();
    let (code, out, err) = sudolink(&[
        "hunt",
        several.to_str().unwrap(),
        "--stages",
        "expand",
        "--db",
        d,
    ]);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(
        err.contains("line 2: the puzzle has several solutions"),
        "{err}"
    );
    assert!(!db.exists(), "a refused input wrote the database");
    // a budget cut stops the pipeline at that stage, says how far it got, and exits 1
    let (code, out, err) = sudolink(&[
        "hunt",
        &first6,
        "--stages",
        "expand:brt+2,minimals",
        "--step-budget",
        "100",
    ]);
    assert_ne!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("cut: stage 1 expand:brt+2: puzzle 1: cut after 100 expansions"),
        "{err}"
    );
}

/// The pipeline sharded on a Dask LocalCluster by notebooks/shard.py, its shards' dbs
/// merged: the rows of one `sudolink hunt --db` over the whole collection.
#[test]
fn hunt_sharded_on_dask_merges_into_the_rows_of_one_run() {
    let Some(python) = crate::notebooks::python_with_dask() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let input = kill_input(dir.path());
    let stages = "expand:brt+1,minimals:non-brt,keep:te>=2";
    let merged = dir.path().join("merged.db");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let run = Command::new(&python)
        .arg(root.join("notebooks/shard.py"))
        .args(["run", "hunt"])
        .arg(&input)
        .args([
            "--stages",
            stages,
            "--workers",
            "2",
            "--shards",
            "3",
            "--quiet",
        ])
        .arg("--db")
        .arg(&merged)
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_sudolink"))
        .output()
        .expect("run shard.py");
    assert!(
        run.status.success(),
        "shard.py failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let single = dir.path().join("single.db");
    let input = input.canonicalize().unwrap();
    ok(&[
        "hunt",
        input.to_str().unwrap(),
        "--stages",
        stages,
        "--db",
        single.to_str().unwrap(),
    ]);
    let (sharded, one) = (stage_rows(&merged), stage_rows(&single));
    assert_eq!(sharded.len(), 6 + 350 + 91);
    assert_eq!(sharded, one);
    // the merged db is a store sudolink reads back: the same command finds it finished
    let again = ok(&[
        "hunt",
        input.to_str().unwrap(),
        "--stages",
        stages,
        "--db",
        merged.to_str().unwrap(),
    ]);
    let te2 = published_minimals()
        .iter()
        .filter(|(_, te)| te == "TE2")
        .count();
    assert_eq!(again.lines().count(), te2);
}
