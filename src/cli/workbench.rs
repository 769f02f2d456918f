//! What the workbench's commands (`expand`, `minimals`, `vicinity`, `minlex`) share:
//! reading a collection of puzzles, each named by where it stands (`FILE:LINE`), refusing
//! the whole input before writing anything when a puzzle is unreadable or, where a step
//! needs it, not unique; running a step over the puzzles on both cores with progress on
//! stderr; and reporting the puzzles a budget cut, after the complete results are written.

use super::input::read_list;
use super::output::Sink;
use super::progress::Status;
use anyhow::{bail, Result};
use std::path::Path;
use sudolink_engine::grid::format::{values_line, ParsedGrid};
use sudolink_study::parallel::each_as_done;
use sudolink_study::workbench::{solution, Cut};

/// A puzzle of the input and where it stands.
pub struct Source {
    /// `FILE:LINE`, `stdin:LINE` or `puzzle argument`.
    pub place: String,
    /// Its number in the input, from 1.
    pub number: usize,
    pub givens: [u8; 81],
}

/// The puzzles `arg` names (a file, `-` for standard input, a grid); an unreadable one
/// (or a state with candidates) is an error naming its place.
pub fn read_puzzles(arg: &str) -> Result<Vec<Source>> {
    let list = read_list(arg)?;
    let name = if arg == "-" {
        "stdin".to_string()
    } else if Path::new(arg).exists() {
        arg.to_string()
    } else {
        list.origin.clone()
    };
    let mut out = Vec::with_capacity(list.items.len());
    for (number, item) in list.items {
        let item = item.map_err(|e| anyhow::anyhow!("{name}:{}: {e}", e.line))?;
        let place = format!("{name}:{}", item.line);
        match item.grid {
            ParsedGrid::Puzzle(p) => out.push(Source {
                place,
                number,
                givens: p.givens,
            }),
            ParsedGrid::State(_) => bail!("{place}: a state with candidates, not a puzzle"),
        }
    }
    Ok(out)
}

/// The unique solution of every puzzle, in order; the first puzzle with none or several
/// refuses the input, in one line naming it.
pub fn solutions(puzzles: &[Source]) -> Result<Vec<[u8; 81]>> {
    puzzles
        .iter()
        .map(|p| {
            solution(&p.givens)
                .map_err(|e| anyhow::anyhow!("{}: {e}: {}", p.place, values_line(&p.givens)))
        })
        .collect()
}

/// What a step made of one input: its output lines, and the cut that stopped it.
pub struct Made {
    pub lines: Vec<String>,
    pub cut: Option<Cut>,
}

/// Run `step` on every item on both cores, progress on stderr (`what`, counting `unit`),
/// and write each item's lines in input order to `out` (stdout, or a file written
/// atomically); an item cut by its budget writes nothing. Then name each cut item on
/// stderr and fail when there was one.
pub fn run_step<T: Sync>(
    items: &[T],
    place: impl Fn(&T) -> &str,
    step: impl Fn(&T) -> Made + Sync,
    out: Option<&Path>,
    what: &'static str,
    unit: &'static str,
) -> Result<()> {
    let status = Status::new(what, unit);
    let mut made: Vec<Option<Made>> = (0..items.len()).map(|_| None).collect();
    let mut done = 0u64;
    each_as_done(items, &step, |i, m| -> Result<()> {
        done += 1;
        status.update(done, items.len() as u64, place(&items[i]));
        made[i] = Some(m);
        Ok(())
    })?;
    status.finish();
    let mut sink = Sink::open(out)?;
    let mut cuts = Vec::new();
    for (item, m) in items.iter().zip(made.into_iter().flatten()) {
        match m.cut {
            Some(cut) => cuts.push(format!(
                "{}: {cut}; its results are not written",
                place(item)
            )),
            None => {
                for line in &m.lines {
                    sink.line(line)?;
                }
            }
        }
    }
    sink.finish()?;
    for cut in &cuts {
        eprintln!("{cut}");
    }
    if !cuts.is_empty() {
        bail!("{} input(s) cut by the budget (--budget)", cuts.len());
    }
    Ok(())
}
