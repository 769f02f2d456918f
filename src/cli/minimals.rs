//! `sudolink minimals`: every minimal puzzle within each puzzle, each printed once
//! ([`sudolink_study::workbench::minimals`]). Puzzles with the same solution grid (a
//! puzzle's BRT+k expansions) share one search, so their common minimals are found once.

use super::workbench::{read_puzzles, run_step, solutions, Made};
use anyhow::Result;
use std::path::PathBuf;
use sudolink_engine::grid::format::values_line;
use sudolink_study::workbench::expand::solved_by_brt;
use sudolink_study::workbench::minimals::MinimalSearch;

#[derive(clap::Args, Debug)]
pub struct MinimalsArgs {
    /// The puzzles: a file (one a line), `-` for standard input, or a grid
    pub puzzles: String,
    /// Most sub-puzzles visited per solution grid (more is a cut, stated; the grid's
    /// minimals are then not written)
    #[arg(long, default_value_t = 2_000_000)]
    pub budget: u64,
    /// Keep only the minimals BRT does not solve (T&E depth at least 1), as Berthier's
    /// Sample40 pipeline keeps them
    #[arg(long)]
    pub non_brt: bool,
    /// Write to this file (atomically) instead of stdout
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// The input's puzzles grouped by solution grid, in order of first appearance.
struct Group {
    place: String,
    solution: [u8; 81],
    puzzles: Vec<[u8; 81]>,
}

pub fn run(args: &MinimalsArgs) -> Result<()> {
    let puzzles = read_puzzles(&args.puzzles)?;
    let solutions = solutions(&puzzles)?;
    let mut groups: Vec<Group> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for (p, s) in puzzles.iter().zip(&solutions) {
        let g = *index.entry(*s).or_insert_with(|| {
            groups.push(Group {
                place: p.place.clone(),
                solution: *s,
                puzzles: Vec::new(),
            });
            groups.len() - 1
        });
        groups[g].puzzles.push(p.givens);
    }
    run_step(
        &groups,
        |g| &g.place,
        |g| minimals_of_group(g, args),
        args.out.as_deref(),
        "minimals",
        "solution grids",
    )
}

fn minimals_of_group(group: &Group, args: &MinimalsArgs) -> Made {
    let mut search = MinimalSearch::new(group.solution, args.budget);
    let mut lines = Vec::new();
    for p in &group.puzzles {
        let found = search.within(p);
        if found.cut.is_some() {
            return Made {
                lines: Vec::new(),
                cut: found.cut,
            };
        }
        lines.extend(
            found
                .puzzles
                .iter()
                .filter(|m| !args.non_brt || !solved_by_brt(m))
                .map(values_line),
        );
    }
    Made { lines, cut: None }
}
