//! `sudolink gallery DIR`: regenerate the gallery of exported proofs for the seeds' worked
//! examples — for each, its path is replayed (as check-path does) and its showcase chain
//! steps (the first and the longest, and the steps the seed points at) are exported as SVG,
//! PNG, DOT, graphviz SVG and text, with an index.md linking them.

use anyhow::{Context, Result};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use sudolink::export::files::{write_atomically, write_proof};
use sudolink::grid::format::parse_line;
use sudolink::proof::Pattern;
use sudolink::solver::count_solutions;
use sudolink::study::path::{replay, ReplayedStep};

#[derive(clap::Args, Debug)]
pub struct GalleryArgs {
    /// Folder to write (the repository keeps its gallery in exports/)
    pub dir: PathBuf,
}

/// A worked example of the seeds: its puzzle, its path as the seed prints it, and the
/// steps (1-based) the seed points at beside the first and the longest chain.
struct Example {
    name: &'static str,
    title: &'static str,
    puzzle: &'static str,
    path: &'static str,
    also: &'static [usize],
}

const EXAMPLES: [Example; 6] = [
    Example {
        name: "ocean-1",
        title: "Ocean #1 (seed 000, A4): nrc chains of length at most 4",
        puzzle: "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
        path: include_str!("../../tests/fixtures/seed_paths/ocean-1.path"),
        also: &[],
    },
    Example {
        name: "ocean-3",
        title: "Ocean #3 (seed 000, A4): nrct chains of length at most 4 and 2D chains",
        puzzle: "....1...2..1....3..4...56.......74..3.......6..89.......63...8..5....1..2...4....",
        path: include_str!("../../tests/fixtures/seed_paths/ocean-3.path"),
        also: &[],
    },
    Example {
        name: "ocean-6",
        title: "Ocean #6 (seed 000, A4): nrczt chains of length at most 4",
        puzzle: "....1...2..1....3..4...56.......78..1.......5..34.......63...9..5....4..2...8....",
        path: include_str!("../../tests/fixtures/seed_paths/ocean-6.path"),
        also: &[],
    },
    Example {
        name: "top1465-3",
        title: "top1465 #3 (seed 000, A7): up to the nrczt28 lr-lasso",
        puzzle: "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        path: include_str!("../../tests/fixtures/seed_paths/top1465-3.path"),
        also: &[],
    },
    Example {
        name: "eastermonster-r4c8-7",
        title: "EasterMonster with r4c8=7 (seed 000, A5): the nrczt25 chain",
        puzzle: "1.......2.9.4...5...6...7...5.9.3.7.....7.......85..4.7.....6...3...9.8...2.....1",
        path: include_str!("../../tests/fixtures/seed_paths/eastermonster-r4c8-7.path"),
        also: &[],
    },
    Example {
        name: "sudogen0-707",
        title: "Sudogen0 #707 (seed 000, A5): each step one nrc(z)(t) rule, chains up to length 14",
        puzzle: "4..3..6.8..5..1.3..16.4...7.7.....8......2....51..637...2.9.8.....1..........4..9",
        path: include_str!("../../tests/fixtures/seed_paths/sudogen0-707.path"),
        // step 12: the first nrczt13 chain (A7: "the longest nrczt-chain I had found in the
        // Sudogen0 collection had length 13 (in puzzle Sudogen0 #707)"); step 37: the chain
        // the seed writes as a list of candidates
        also: &[12, 37],
    },
];

/// The first chain step and the longest one (the last of the longest), without repeats.
fn showcase(steps: &[ReplayedStep]) -> Vec<usize> {
    let chains: Vec<usize> = steps
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            matches!(
                s.proof.as_ref().map(|p| &p.pattern),
                Some(Pattern::Chain(_))
            )
        })
        .map(|(i, _)| i)
        .collect();
    let length = |i: &usize| steps[*i].proof.as_ref().map_or(0, |p| p.length);
    let mut picks: Vec<usize> = chains.first().copied().into_iter().collect();
    if let Some(&longest) = chains.iter().rev().max_by_key(|i| length(i)) {
        if !picks.contains(&longest) {
            picks.push(longest);
        }
    }
    picks
}

fn export_example(dir: &Path, ex: &Example, index: &mut String) -> Result<()> {
    let puzzle = parse_line(ex.puzzle, 1)?;
    let start = puzzle.start_state()?;
    let solution = count_solutions(&start, 2).solution;
    let r = replay(&start, ex.path, solution.as_ref())
        .with_context(|| format!("replaying {}", ex.name))?;
    let mut picks = showcase(&r.steps);
    picks.extend(ex.also.iter().map(|k| k - 1));
    picks.sort_unstable();
    picks.dedup();
    let _ = writeln!(index, "## {}\n\nPuzzle: `{}`\n", ex.title, ex.puzzle);
    let _ = writeln!(index, "| step | proof | files |\n|---|---|---|");
    for i in picks {
        let step = r
            .steps
            .get(i)
            .with_context(|| format!("{} has no step {}", ex.name, i + 1))?;
        let proof = step
            .proof
            .as_ref()
            .with_context(|| format!("{} step {} has no proof to export", ex.name, i + 1))?;
        let name = format!("{}-step{}", ex.name, i + 1);
        let written = write_proof(dir, &name, &step.state_before, proof)?;
        let mut links = vec![
            format!("[picture]({name}.svg)"),
            format!("[png]({name}.png)"),
            format!("[dot]({name}.dot)"),
        ];
        if written.graph_rendered {
            links.push(format!("[graph]({name}.graph.svg)"));
        }
        links.push(format!("[text]({name}.txt)"));
        let _ = writeln!(
            index,
            "| {} | `{}` | {} |",
            i + 1,
            step.text,
            links.join(" · ")
        );
    }
    index.push('\n');
    Ok(())
}

pub fn run(args: &GalleryArgs) -> Result<()> {
    std::fs::create_dir_all(&args.dir)
        .with_context(|| format!("cannot create {}", args.dir.display()))?;
    let mut index = String::from(
        "# Gallery of exported proofs\n\nThe seeds' worked examples, each path replayed and verified step by step; the \
first and the longest chain of each (and the steps the seed points at) are exported as a grid \
picture (SVG, PNG), the chain as a graph (DOT, and SVG rendered by graphviz) and text (nrc, \
SudoRules and Eureka notations, and a forum block). Regenerate with `sudolink gallery exports/`.\n\n",
    );
    for ex in &EXAMPLES {
        export_example(&args.dir, ex, &mut index)?;
    }
    write_atomically(&args.dir.join("index.md"), index.as_bytes())?;
    println!("wrote the gallery to {}", args.dir.display());
    Ok(())
}
