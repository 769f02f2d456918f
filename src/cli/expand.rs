//! `sudolink expand`: the BRT expansion of each puzzle, or its BRT+k expansions
//! ([`sudolink_study::workbench::expand`]: Berthier's definitions).

use super::workbench::{read_puzzles, run_step, solutions, Made};
use anyhow::Result;
use std::path::PathBuf;
use sudolink_engine::grid::format::values_line;
use sudolink_study::workbench::expand::brt_plus_k;

#[derive(clap::Args, Debug)]
pub struct ExpandArgs {
    /// The puzzles: a file (one a line), `-` for standard input, or a grid
    pub puzzles: String,
    /// k of BRT+k: the BRT expansion with k more values of the solution, in every way (0:
    /// the BRT expansion alone)
    #[arg(long, default_value_t = 0)]
    pub k: usize,
    /// Most expansions of one puzzle (more is a cut, stated)
    #[arg(long, default_value_t = 1_000_000)]
    pub budget: u64,
    /// Follow each expansion with `orig#N`, N its puzzle's number in the input (the form
    /// of Berthier's published `BRT+1-expands.txt`)
    #[arg(long)]
    pub origin: bool,
    /// Write to this file (atomically) instead of stdout
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(args: &ExpandArgs) -> Result<()> {
    let puzzles = read_puzzles(&args.puzzles)?;
    solutions(&puzzles)?;
    run_step(
        &puzzles,
        |p| &p.place,
        |p| {
            let found = brt_plus_k(&p.givens, args.k, args.budget).expect("checked unique");
            let tag = |line: String| {
                if args.origin {
                    format!("{line} orig#{}", p.number)
                } else {
                    line
                }
            };
            Made {
                lines: found.puzzles.iter().map(|e| tag(values_line(e))).collect(),
                cut: found.cut,
            }
        },
        args.out.as_deref(),
        "expand",
        "puzzles",
    )
}
