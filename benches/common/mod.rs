//! What the hand-written benches share: how many puzzles to take, the collection they read,
//! and the percentile of sorted times. Each bench uses what it needs.
#![allow(dead_code)]

use std::time::Duration;

/// `SUDOLINK_BENCH_N` when set to a number, otherwise `default`.
pub fn bench_count(default: usize) -> usize {
    std::env::var("SUDOLINK_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The text of `../shared/data/top1465.txt`.
pub fn top1465() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/top1465.txt");
    std::fs::read_to_string(path).expect("../shared/data/top1465.txt")
}

/// The `q` quantile (0 to 1) of `sorted` times.
pub fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}
