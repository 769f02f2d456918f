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
    let mut start = 0;
    while start < args.count {
        let end = (start + BLOCK).min(args.count);
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
