//! What the benches share: how many puzzles to take, the collections they read, and the
//! percentile of sorted times. Each bench uses what it needs.
#![allow(dead_code)]

use std::time::Duration;

/// `SUDOLINK_BENCH_N` when set to a number, otherwise `default`.
pub fn bench_count(default: usize) -> usize {
    std::env::var("SUDOLINK_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The text of the collection file `NAME` in `$SUDOLINK_DATA`, by default the repository's
/// `data/` (which holds everything the benches read by default: data/README.md).
pub fn data(name: &str) -> String {
    let dir = std::env::var_os("SUDOLINK_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data"));
    let path = dir.join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of top1465 ([`data`]).
pub fn top1465() -> String {
    data("top1465.txt")
}

/// The `q` quantile (0 to 1) of `sorted` times.
pub fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}
