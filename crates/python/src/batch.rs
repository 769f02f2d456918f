//! `rate` and `classify` over many puzzles: each puzzle rated as `sudolink rate` rates it
//! ([`rate_puzzle`]: its solution first, every step checked, the same bounds and stated
//! cuts), on every core of the rayon pool (or `threads`), with the GIL released. The rows
//! come back to Python as dicts (the keys of `rate --json`, with the puzzle's line and
//! name), in input order; the Python layer makes the DataFrame.
//!
//! Ctrl-C stops the work within moments ([`crate::watch`]): the puzzles under way are
//! cancelled and dropped (a cancelled rating is no rating), the rows done are returned with
//! `interrupted` set, and the Python layer raises `sudolink.Interrupted` with them (or
//! returns them, when asked).

use crate::errors::{panic_text, value_error};
use crate::values::to_py;
use crate::watch::{watched, Flag};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::iter::{ParallelBridge, ParallelIterator};
use std::str::FromStr;
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;
use sudolink_engine::grid::format::{excerpt, parse_collection, parse_line, ParseError, Puzzle};
use sudolink_search::limits::{Bounds, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_S};
use sudolink_search::registry::TechniqueId;
use sudolink_study::rating::{rate_puzzle, RateBy, RateLine, RatingScheme};
use sudolink_study::rules::{list_rules, order_applies, RuleOrder, LONGEST_MAX_LEN};

/// One puzzle to rate: its 1-based line (in the file, or place in the list) and the puzzle,
/// or why its line does not read as one.
type Item = (usize, Result<Puzzle, ParseError>);

/// A puzzle's rows (one per scheme asked) and how its rating went, in the order done.
type Done = (usize, Vec<RateLine>);

/// What to rate by: `rules` when given (a comma list of techniques, the basic rules first),
/// else `scheme` — a rating scheme, or else a technique, set or list of them, as `rate
/// --scheme` reads it.
fn rate_by(
    scheme: &str,
    rules: Option<&str>,
    max_len: usize,
    order: RuleOrder,
) -> PyResult<RateBy> {
    let listed =
        |list: &str| list_rules(list, max_len, order).map(|r| RateBy::Rules(r, list.to_string()));
    if let Some(list) = rules {
        return listed(list).map_err(|e| PyValueError::new_err(format!("rules: {e}")));
    }
    match RatingScheme::from_str(scheme) {
        Ok(s) => {
            order_applies(scheme, order).map_err(|e| value_error(&e))?;
            Ok(RateBy::Scheme(s))
        }
        Err(e) => listed(scheme).map_err(|_| {
            PyValueError::new_err(format!("scheme: {e}, or a technique or list of techniques"))
        }),
    }
}

/// `length` or `listed` (how a list of techniques is tried, as `--order`).
pub fn rule_order(order: &str) -> PyResult<RuleOrder> {
    match order {
        "length" => Ok(RuleOrder::Length),
        "listed" => Ok(RuleOrder::Listed),
        other => Err(PyValueError::new_err(format!(
            "order: {:?} is neither 'length' nor 'listed'",
            excerpt(other, 20)
        ))),
    }
}

/// A longest length the command line accepts (1 to 999).
pub fn checked_max_len(max_len: usize) -> PyResult<usize> {
    if (1..=LONGEST_MAX_LEN).contains(&max_len) {
        Ok(max_len)
    } else {
        Err(PyValueError::new_err(format!(
            "max_len: {max_len} is not within 1 to {LONGEST_MAX_LEN}"
        )))
    }
}

/// The per-puzzle bounds, as `--timeout`, `--memory` and `--budget` give them: `None` for
/// the command line's default, 0 for none.
pub fn bounds(
    timeout: Option<f64>,
    memory: Option<u64>,
    budget: Option<u64>,
    at_once: usize,
) -> PyResult<Bounds> {
    let timeout = timeout.unwrap_or(DEFAULT_TIMEOUT_S as f64);
    if !timeout.is_finite() || timeout < 0.0 {
        return Err(PyValueError::new_err(format!(
            "timeout: {timeout} is not a number of seconds (0 for none)"
        )));
    }
    let memory = memory.unwrap_or(DEFAULT_MEMORY_MB);
    Ok(Bounds {
        timeout: (timeout > 0.0).then(|| Duration::from_secs_f64(timeout)),
        memory: (memory > 0).then(|| memory * 1_000_000),
        budget: budget.filter(|&b| b > 0),
        at_once: at_once.max(1),
        cancel: None,
    })
}

/// The puzzles: a file's text read as `rate FILE` reads it (one per line, blank and `#`
/// lines skipped, numbered by their line), or a list, each item one puzzle line.
fn items_of(text: Option<&str>, lines: Option<Vec<String>>, origin: &str) -> PyResult<Vec<Item>> {
    let items: Vec<Item> = match (text, lines) {
        (Some(text), None) => parse_collection(text).collect(),
        (None, Some(lines)) => lines
            .iter()
            .enumerate()
            .map(|(i, l)| (i + 1, parse_line(l, i + 1)))
            .collect(),
        _ => return Err(PyValueError::new_err("give text or lines, not both")),
    };
    if items.is_empty() {
        return Err(PyValueError::new_err(format!(
            "{origin}: holds no puzzle (only blank or comment lines)"
        )));
    }
    Ok(items)
}

/// One puzzle rated by each of `bys` (a panic is that puzzle's error row, the others go on).
fn rate_item(item: &Item, bys: &[RateBy], max_len: usize, bounds: &Bounds) -> Vec<RateLine> {
    let (_, parsed) = item;
    bys.iter()
        .map(|by| match parsed {
            Ok(p) => std::panic::catch_unwind(|| rate_puzzle(p, by, max_len, bounds))
                .unwrap_or_else(|payload| {
                    RateLine::failed(
                        Some(p.line()),
                        format!("the engine panicked: {}", panic_text(payload.as_ref())),
                    )
                }),
            Err(e) => RateLine::failed(None, e.to_string()),
        })
        .collect()
}

/// Rate every item by every `bys` on `threads` threads (the rayon pool when `None`), as
/// each is done handing (index, rows) to the channel; items are taken in input order. A
/// raised `bounds.cancel` stops taking items, and a puzzle whose rating it cut is dropped.
fn rate_all(
    items: &[Item],
    bys: &[RateBy],
    max_len: usize,
    bounds: &Bounds,
    threads: Option<usize>,
    tx: std::sync::mpsc::Sender<Done>,
) -> Result<(), String> {
    let cancelled = || bounds.cancel.is_some_and(|c| c.is_raised());
    let run = || {
        items
            .iter()
            .enumerate()
            .par_bridge()
            .for_each_with(tx, |tx, (i, item)| {
                if cancelled() {
                    return;
                }
                let rows = rate_item(item, bys, max_len, bounds);
                if !cancelled() {
                    let _ = tx.send((i, rows));
                }
            })
    };
    match threads {
        None => run(),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| e.to_string())?
            .install(run),
    }
    Ok(())
}

/// A puzzle's rows as dicts: `rate --json`'s keys, with `line` (its line in the file or
/// place in the list) and `name` (written after the grid).
fn rows_to_py<'py>(
    py: Python<'py>,
    item: &Item,
    rows: &[RateLine],
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    let (line, parsed) = item;
    let name = parsed.as_ref().ok().and_then(|p| p.name.clone());
    for row in rows {
        let value = serde_json::to_value(row).map_err(|e| value_error(&e))?;
        let dict = to_py(py, &value)?.cast_into::<PyDict>()?;
        dict.set_item("line", *line)?;
        dict.set_item("name", name.clone())?;
        list.append(dict)?;
    }
    Ok(list)
}

/// The rows handed back so far, and the counts a progress bar shows.
struct Tally {
    rx: Receiver<Done>,
    /// Per input item: its rows, once done.
    done: Vec<Option<Vec<RateLine>>>,
    finished: usize,
    failed: usize,
    cut: usize,
}

impl Tally {
    /// Take the rows sent so far.
    fn drain(&mut self) {
        for (i, rows) in self.rx.try_iter() {
            self.finished += 1;
            self.failed += usize::from(rows.iter().any(|r| r.outcome().is_err()));
            self.cut += usize::from(rows.iter().any(RateLine::is_cut));
            self.done[i] = Some(rows);
        }
    }
}

/// Rates puzzles in one or more schemes (the engine of ``sudolink.rate`` and
/// ``sudolink.classify``; use those). Returns ``(rows, interrupted, total)``: per puzzle
/// done, in input order, its list of row dicts (one per scheme).
#[pyfunction]
#[pyo3(name = "_rate", signature = (
    *, text = None, lines = None, origin = "puzzles", schemes, rules = None, order = "length",
    max_len = 20, timeout = None, memory = None, budget = None, threads = None, progress = None
))]
#[allow(clippy::too_many_arguments)]
pub fn rate_batch<'py>(
    py: Python<'py>,
    text: Option<&str>,
    lines: Option<Vec<String>>,
    origin: &str,
    schemes: Vec<String>,
    rules: Option<&str>,
    order: &str,
    max_len: usize,
    timeout: Option<f64>,
    memory: Option<u64>,
    budget: Option<u64>,
    threads: Option<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(Bound<'py, PyList>, bool, usize)> {
    let max_len = checked_max_len(max_len)?;
    let order = rule_order(order)?;
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads: at least 1"));
    }
    let bys = match rules {
        Some(list) => vec![rate_by("", Some(list), max_len, order)?],
        None => schemes
            .iter()
            .map(|s| rate_by(s.trim(), None, max_len, order))
            .collect::<PyResult<Vec<_>>>()?,
    };
    if bys.is_empty() {
        return Err(PyValueError::new_err("scheme: names no scheme"));
    }
    let items = items_of(text, lines, origin)?;
    let flag = Flag::take();
    let at_once = threads
        .unwrap_or_else(rayon::current_num_threads)
        .min(items.len());
    let bounds = Bounds {
        cancel: Some(flag.cancel()),
        ..bounds(timeout, memory, budget, at_once)?
    };
    let total = items.len();
    let (tx, rx) = channel::<Done>();
    let mut tally = Tally {
        rx,
        done: vec![None; total],
        finished: 0,
        failed: 0,
        cut: 0,
    };
    let counts = &mut tally;
    let (result, interrupt) = watched(
        py,
        flag.cancel(),
        || rate_all(&items, &bys, max_len, &bounds, threads, tx),
        move |py| {
            let before = counts.finished;
            counts.drain();
            match &progress {
                Some(f) if counts.finished > before || before == 0 => f
                    .call1(py, (counts.finished, total, counts.failed, counts.cut))
                    .map(|_| ()),
                _ => Ok(()),
            }
        },
    );
    result?.map_err(PyValueError::new_err)?;
    // the rows sent after an interrupt, before the workers saw it
    tally.drain();
    let done = tally.done;
    let out = PyList::empty(py);
    for (item, rows) in items.iter().zip(&done) {
        if let Some(rows) = rows {
            out.append(rows_to_py(py, item, rows)?)?;
        }
    }
    match interrupt {
        Some(e) if e.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) => {
            Ok((out, true, total))
        }
        Some(e) => Err(e),
        None => Ok((out, false, total)),
    }
}

/// The rating schemes ``rate`` and ``classify`` take by name (a technique, set or list of
/// techniques is taken too).
#[pyfunction]
pub fn schemes() -> Vec<String> {
    RatingScheme::names()
        .split(", ")
        .map(str::to_string)
        .collect()
}

/// The registry's techniques, simplest first: name, system, sets, whether its length grades
/// a puzzle, and its one-line summary (what ``--rules`` lists take).
#[pyfunction]
pub fn techniques<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for t in TechniqueId::all() {
        let d = PyDict::new(py);
        d.set_item("name", t.name())?;
        d.set_item("system", t.system().title())?;
        d.set_item("sets", t.get().sets.to_vec())?;
        d.set_item("graded", t.get().graded)?;
        d.set_item("summary", t.get().summary)?;
        list.append(d)?;
    }
    Ok(list)
}
