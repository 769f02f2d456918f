//! `sudolink vicinity`: the {-p +q} neighbours of each puzzle: p clues removed, q added,
//! kept when unique (and minimal, with `--minimal`)
//! ([`sudolink_study::workbench::vicinity`]).

use super::workbench::{read_puzzles, run_step, solutions, Made};
use anyhow::Result;
use std::path::PathBuf;
use sudolink_engine::grid::format::values_line;
use sudolink_study::workbench::vicinity::{vicinity, Vicinity};

#[derive(clap::Args, Debug)]
pub struct VicinityArgs {
    /// The puzzles: a file (one a line), `-` for standard input, or a grid
    pub puzzles: String,
    /// p: clues removed
    #[arg(long, default_value_t = 1)]
    pub remove: usize,
    /// q: clues added (any digit not clashing, in any empty cell)
    #[arg(long, default_value_t = 1)]
    pub add: usize,
    /// Keep only the minimal neighbours
    #[arg(long)]
    pub minimal: bool,
    /// Most candidate puzzles checked per puzzle (more is a cut, stated)
    #[arg(long, default_value_t = 5_000_000)]
    pub budget: u64,
    /// Write to this file (atomically) instead of stdout
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(args: &VicinityArgs) -> Result<()> {
    let puzzles = read_puzzles(&args.puzzles)?;
    solutions(&puzzles)?;
    let ask = Vicinity {
        remove: args.remove,
        add: args.add,
        minimal: args.minimal,
        budget: args.budget,
    };
    run_step(
        &puzzles,
        |p| &p.place,
        |p| {
            let found = vicinity(&p.givens, &ask).expect("checked unique");
            Made {
                lines: found.puzzles.iter().map(values_line).collect(),
                cut: found.cut,
            }
        },
        args.out.as_deref(),
        "vicinity",
        "puzzles",
    )
}
