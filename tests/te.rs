//! Berthier's T&E depth, BxB and BxBB (`study::te`) against the published classes of
//! `denis-berthier/Sudoku-classif` and of the controlled-bias collection, on samples copied
//! into `tests/fixtures/te/` (each file names its source); T&E proofs replayed by the
//! checker and checked against the solution, tampered proofs refused.
//!
//! The `#[ignore]` tests at the end time whole collections (read from `SUDOLINK_DATA`, else
//! `../shared/data`) and print their figures: `cargo test --release --test te -- --ignored
//! --nocapture`.

use rayon::prelude::*;
use std::time::Instant;
use sudolink::grid::State;
use sudolink::search::limits::Limits;
use sudolink::study::te::{bxb, bxbb, te_depth, BClass, TeDepth};

fn puzzle(line: &str) -> State {
    let grid: String = line.chars().take(81).collect();
    let mut values = [0u8; 81];
    for (i, ch) in grid.chars().enumerate() {
        values[i] = ch.to_digit(10).unwrap_or(0) as u8;
    }
    State::from_givens(&values).expect("a valid puzzle")
}

/// Data lines of a collection: not empty, not `#` comments.
fn lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect()
}

fn data_dir() -> std::path::PathBuf {
    std::env::var_os("SUDOLINK_DATA")
        .map(Into::into)
        .unwrap_or_else(|| std::path::PathBuf::from("../shared/data"))
}

fn collection(name: &str) -> Option<String> {
    let path = data_dir().join(name);
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("skipped: {} ({e})", path.display());
            None
        }
    }
}

#[test]
#[ignore]
fn figures_te_depth_scratch() {
    let Some(text) = collection(&std::env::var("TE_FILE").unwrap_or("monhard_te3_9009.txt".into()))
    else {
        return;
    };
    let n: usize = std::env::var("TE_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let ls: Vec<&str> = lines(&text).into_iter().take(n).collect();
    let t = Instant::now();
    let depths: Vec<TeDepth> = ls
        .par_iter()
        .map(|l| te_depth(&puzzle(l), 3, Limits::unlimited()).unwrap())
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    for d in &depths {
        *counts.entry(format!("{d:?}")).or_insert(0) += 1;
    }
    println!("{} puzzles in {:?}: {counts:?}", ls.len(), t.elapsed());
}
