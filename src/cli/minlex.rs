//! `sudolink minlex`: the minlex form of each puzzle or solution grid
//! ([`sudolink_engine::grid::canon`]); a collection up to isomorphism (`--dedup`); two
//! collections compared up to isomorphism (`--compare`).

use super::output::Sink;
use super::workbench::read_puzzles;
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::PathBuf;
use sudolink_engine::grid::canon::minlex;
use sudolink_engine::grid::format::values_line;

#[derive(clap::Args, Debug)]
pub struct MinlexArgs {
    /// The puzzles or grids: a file (one a line), `-` for standard input, or a grid
    #[arg(required_unless_present = "compare")]
    pub puzzles: Option<String>,
    /// Each isomorphism class once (its minlex form), in order of first appearance
    #[arg(long)]
    pub dedup: bool,
    /// Compare two collections up to isomorphism: the forms in both, only in A, only in B
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with_all = ["puzzles", "dedup"])]
    pub compare: Option<Vec<String>>,
    /// Write to this file (atomically) instead of stdout
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(args: &MinlexArgs) -> Result<()> {
    let mut sink = Sink::open(args.out.as_deref())?;
    if let Some(pair) = &args.compare {
        let (a, b) = (forms_of(&pair[0])?, forms_of(&pair[1])?);
        let (in_a, in_b): (HashSet<&String>, HashSet<&String>) =
            (a.iter().collect(), b.iter().collect());
        let common = distinct(a.iter().filter(|f| in_b.contains(f)));
        let only_a = distinct(a.iter().filter(|f| !in_b.contains(f)));
        let only_b = distinct(b.iter().filter(|f| !in_a.contains(f)));
        for (title, forms) in [
            ("common", common),
            ("only in A", only_a),
            ("only in B", only_b),
        ] {
            sink.line(&format!("# {title}: {}", forms.len()))?;
            for f in forms {
                sink.line(f)?;
            }
        }
    } else {
        let Some(puzzles) = &args.puzzles else {
            bail!("name the puzzles (a file, - or a grid), or --compare A B");
        };
        let forms = forms_of(puzzles)?;
        let shown = if args.dedup {
            distinct(forms.iter())
        } else {
            forms.iter().collect()
        };
        for f in shown {
            sink.line(f)?;
        }
    }
    sink.finish()
}

/// The minlex form of every puzzle `arg` names, in order, on both cores.
fn forms_of(arg: &str) -> Result<Vec<String>> {
    let puzzles = read_puzzles(arg)?;
    Ok(puzzles
        .par_iter()
        .map(|p| values_line(&minlex(&p.givens)))
        .collect())
}

/// Each form once, in order of first appearance.
fn distinct<'a>(forms: impl Iterator<Item = &'a String>) -> Vec<&'a String> {
    let mut seen = HashSet::new();
    forms.filter(|f| seen.insert(*f)).collect()
}
