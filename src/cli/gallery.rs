//! `sudolink gallery DIR`: regenerate the gallery of exported proofs for Berthier's worked
//! examples — for each, its path is replayed (as check-path does) and its showcase chain
//! steps (the first and the longest, and the steps the seed points at) are exported as SVG,
//! PNG, DOT, graphviz SVG and text, with an index.md linking them.

use anyhow::{Context, Result};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::proof::Pattern;
use sudolink_engine::solver::count_solutions;
use sudolink_export::files::{write_atomically, write_proof};
use sudolink_study::examples::{Example, EXAMPLES};
use sudolink_study::path::{replay, ReplayedStep};

#[derive(clap::Args, Debug)]
pub struct GalleryArgs {
    /// Folder to write (the repository keeps its gallery in exports/)
    pub dir: PathBuf,
}

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
        let written = write_proof(dir, &name, &step.state_before, proof, None)?;
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
        "# Gallery of exported proofs\n\nThe worked examples of [Berthier NRC], each path replayed and verified step by step; the \
first and the longest chain of each (and the steps the work points at) are exported as a grid \
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
