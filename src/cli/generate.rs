//! `sudolink generate`: random minimal puzzles, reproducible from a seed, on both cores.

use super::output::{progress_bar, Sink};
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::path::PathBuf;
use sudolink::grid::format::values_line;
use sudolink::study::generate;

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles
    #[arg(long, default_value_t = 10)]
    pub count: u64,
    /// Random seed: the same seed gives the same puzzles
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Index of the first puzzle (puzzle i of a seed depends only on the seed and i, so
    /// `--first 1000 --count 1000` is the second thousand of a longer run)
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Write the puzzles to this file (atomically) instead of stdout
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Puzzles are made in blocks (in parallel) and written in order.
const BLOCK: u64 = 256;

pub fn run(args: &GenerateArgs) -> Result<()> {
    if args.count == 0 {
        bail!("--count must be at least 1");
    }
    let mut sink = Sink::open(args.out.as_deref())?;
    let bar = progress_bar(args.count, "puzzles");
    let last = args
        .first
        .checked_add(args.count)
        .ok_or_else(|| anyhow::anyhow!("--first + --count overflows"))?;
    let mut start = args.first;
    while start < last {
        let end = (start + BLOCK).min(last);
        let block: Vec<String> = (start..end)
            .into_par_iter()
            .map(|i| {
                let line = values_line(&generate::puzzle(args.seed, i));
                bar.inc(1);
                line
            })
            .collect();
        for line in &block {
            sink.line(line)?;
        }
        start = end;
    }
    bar.finish_and_clear();
    sink.finish()
}
