//! `sudolink check-path`: seed resolution paths verified step by step from the start.

mod common;

use common::seed_puzzle;
use std::path::PathBuf;
use std::process::Command;

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
