//! A resumable study over a file of puzzles: what `classify` and `subsume` run (and what
//! `notebooks/shard.py` resumes shard by shard).
//!
//! A run is identified in the store by its kind and its parameters ([`Study::params`]:
//! input path, schemes or families, max length, puzzle count — the store's readers and the
//! notebooks read these keys). Running the same study again finds the latest such run: an
//! unfinished one goes on with the puzzles it has not stored yet, after checking that the
//! stored ones are the file's puzzles at the same positions; a finished one is read back.
//! Puzzles are studied on the rayon pool and stored one transaction a second, so a kill
//! loses at most that second.
//!
//! One rule for failures, in every study: a puzzle that cannot be studied (contradictory
//! givens, no or several solutions) does not stop the run; it is listed in
//! [`Outcome::failures`] with its line, and the caller says so and fails (as `rate` does).
//! So is an item of the file that cannot be read ([`StudyInput::unread`]).

use super::parallel::{each_as_done, Batch};
use std::collections::HashSet;
use std::path::Path;
use sudolink_engine::grid::format::{parse_list, ListItem, ParsedGrid, Puzzle, Separator};
use sudolink_store::{Store, StoreError};
use thiserror::Error;

/// Why a study run could not be read, opened or stored.
#[derive(Debug, Error)]
pub enum RunError {
    /// The input file holds no puzzle.
    #[error("{file}: holds no puzzle (only blank or comment lines)")]
    Empty { file: String },
    /// The stored run holds other puzzles than the file (the file changed since): which
    /// puzzle, where.
    #[error("{0}; the file changed since: use another --db")]
    FileChanged(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One puzzle of the input file.
pub struct InputPuzzle {
    pub puzzle: Puzzle,
    /// The 1-based line in the file.
    pub line: usize,
    /// The text after the grid on its line (the list's columns), as
    /// [`ListItem::text`], and how its fields are separated.
    pub text: String,
    pub separator: Separator,
}

impl InputPuzzle {
    /// Column `k` of its line (1 is the grid, 2 the first field after it).
    pub fn column(&self, k: usize) -> Option<&str> {
        self.separator.column(&self.text, k)
    }
}

/// An item of the input file that is not studied: its line and why (it does not read, or
/// it is a state with candidates where a study needs givens).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    pub line: usize,
    pub why: String,
}

/// The puzzles of a study's input file.
pub struct StudyInput {
    /// Where the puzzles come from: the file's path made absolute (it identifies the run
    /// in the store).
    pub origin: String,
    pub puzzles: Vec<InputPuzzle>,
    /// The items that are not studied, in file order: the run goes on without them and the
    /// caller names each (as a failure).
    pub unread: Vec<Unread>,
}

impl StudyInput {
    /// Every puzzle of `text` (every list form [`parse_list`] reads), from `origin`.
    pub fn read(origin: String, text: &str) -> Result<StudyInput, RunError> {
        StudyInput::from_items(origin, parse_list(text))
    }

    /// The puzzles of a list's items (read or not), from `origin`.
    pub fn from_items(
        origin: String,
        items: impl IntoIterator<Item = Result<ListItem, sudolink_engine::grid::ParseError>>,
    ) -> Result<StudyInput, RunError> {
        let mut puzzles = Vec::new();
        let mut unread = Vec::new();
        for read in items {
            match read {
                Ok(ListItem {
                    line,
                    grid: ParsedGrid::Puzzle(puzzle),
                    text,
                    separator,
                }) => puzzles.push(InputPuzzle {
                    puzzle,
                    line,
                    text,
                    separator,
                }),
                Ok(item) => unread.push(Unread {
                    line: item.line,
                    why: "a state with candidates (sukaku, pencil marks or HoDoKu line): a \
                          study starts from givens (rate and solve read states)"
                        .to_string(),
                }),
                Err(e) => unread.push(Unread {
                    line: e.line,
                    why: e.to_string(),
                }),
            }
        }
        if puzzles.is_empty() && unread.is_empty() {
            return Err(RunError::Empty { file: origin });
        }
        Ok(StudyInput {
            origin,
            puzzles,
            unread,
        })
    }
}

/// What one kind of study does with a puzzle, and how its result is stored. Studying runs
/// on several threads at once, hence `Sync`.
pub trait Study: Sync {
    /// One puzzle's result.
    type Output: Send;
    /// The run's kind in the store: `classify`, `subsume`.
    const KIND: &'static str;
    /// The run's parameters, which identify it in the store.
    fn params(&self, input: &StudyInput) -> serde_json::Value;
    /// Study one puzzle. An `Err` says why the puzzle cannot be studied, or which bound cut
    /// its study ([`Unstudied`]); nothing of it is stored (a later session tries it again).
    fn study(&self, item: &InputPuzzle) -> Result<Self::Output, Unstudied>;
    /// Whether a bound cut this stored result (a rating stored as cut): counted as cut on
    /// the progress line and in the summary, and studied again by a later run.
    fn is_cut(_output: &Self::Output) -> bool {
        false
    }
    /// Store a batch of results: (position, grid line, result).
    fn write(
        store: &mut Store,
        run: i64,
        batch: &[(usize, String, Self::Output)],
    ) -> Result<(), StoreError>;
}

/// Why a puzzle was not studied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unstudied {
    /// It cannot be: contradictory givens, no or several solutions, a failed check.
    Failed(String),
    /// A bound (time, memory, budget) cut its study: the words say which.
    Cut(String),
}

/// What a study adds its results into: the table, the matrix.
pub trait Tally<O> {
    /// One puzzle's result, for a run kept in memory (no store).
    fn add(&mut self, position: usize, grid: &str, output: O);
    /// Every stored result of run `run` (this session's and earlier ones).
    fn read_back(&mut self, store: &Store, run: i64) -> Result<(), StoreError>;
    /// The results added that record a puzzle's failure (a rating stored with its
    /// puzzle's error): position and why.
    fn failed(&self) -> Vec<(usize, String)> {
        Vec::new()
    }
}

/// Where a run is kept and how much of it to do now.
#[derive(Clone, Debug, Default)]
pub struct RunOptions<'a> {
    /// The SQLite file (none: in memory only).
    pub db: Option<&'a Path>,
    /// Write into an existing SQLite file that is not a sudolink store.
    pub force: bool,
    /// Stop after this many more puzzles (leaves the run unfinished).
    pub stop_after: Option<usize>,
}

/// A puzzle that could not be studied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Its 0-based position in the input.
    pub position: usize,
    /// Its 1-based line in the file.
    pub line: usize,
    pub why: String,
    /// A bound cut it (time, memory, budget): not an error of the puzzle's.
    pub cut: bool,
}

/// What a run did.
#[derive(Debug)]
pub struct Outcome {
    /// The run's id in the store (none without one).
    pub run: Option<i64>,
    /// Every puzzle of the input is done (in this session or an earlier one).
    pub complete: bool,
    /// The puzzles that could not be studied, in input order: this session's, and those
    /// of earlier sessions whose result records the failure (a rating stored with its
    /// error).
    pub failures: Vec<Failure>,
}

/// An opened run: its store, id and the positions already stored.
struct OpenRun {
    store: Option<Store>,
    id: i64,
    done: HashSet<usize>,
    finished: bool,
}

/// Open the run of `kind` with `params` in `db` (find, check and resume it, or start it).
fn open_run(
    options: &RunOptions,
    kind: &'static str,
    params: &serde_json::Value,
    input: &StudyInput,
) -> Result<OpenRun, RunError> {
    let Some(db) = options.db else {
        return Ok(OpenRun {
            store: None,
            id: 0,
            done: HashSet::new(),
            finished: false,
        });
    };
    let mut store = if options.force {
        Store::open_forced(db)?
    } else {
        Store::create(db)?
    };
    let (id, finished, done) = match store.find_run(kind, params)? {
        Some((id, finished)) => {
            let stored = store.run_puzzles(id)?;
            let mut positions: Vec<(&usize, &String)> = stored.iter().collect();
            positions.sort();
            for (&position, grid) in positions {
                let ours = input.puzzles.get(position).map(|p| p.puzzle.line());
                if ours.as_deref() != Some(grid.as_str()) {
                    return Err(RunError::FileChanged(format!(
                        "{}: {kind} run {id} stored {grid} at position {}, but {} holds {} there",
                        db.display(),
                        position + 1,
                        input.origin,
                        ours.unwrap_or_else(|| "no puzzle".into())
                    )));
                }
            }
            // puzzles a bound cut are studied again (with this run's bounds)
            let cut = store.cut_positions(id)?;
            let done = stored.into_keys().filter(|p| !cut.contains(p)).collect();
            (id, finished, done)
        }
        None => (store.start_run(kind, params)?, false, HashSet::new()),
    };
    Ok(OpenRun {
        store: Some(store),
        id,
        done,
        finished,
    })
}

/// Run `study` over `input`: open or resume its run, study the puzzles not done yet on the
/// rayon pool (`progress` hears of each: done, total, line), store them as they come, then
/// add every result into `tally` (read back from the store when there is one).
pub fn drive<S: Study, T: Tally<S::Output>>(
    study: &S,
    tally: &mut T,
    input: &StudyInput,
    options: &RunOptions,
    mut progress: impl FnMut(u64, u64, usize, u64),
) -> Result<Outcome, RunError> {
    let params = study.params(input);
    let mut run = open_run(options, S::KIND, &params, input)?;
    let todo: Vec<usize> = (0..input.puzzles.len())
        .filter(|p| !run.done.contains(p))
        .take(options.stop_after.unwrap_or(usize::MAX))
        .collect();
    let total = input.puzzles.len() as u64;
    let mut done = run.done.len() as u64;
    let mut failures = Vec::new();
    // results stored as cut (a rating a bound cut): position, line
    let mut cut_lines: Vec<(usize, usize)> = Vec::new();
    let mut cut = 0u64;
    let mut batch = Batch::new();
    let run_id = run.id;
    let result = each_as_done(
        &todo,
        |&p| {
            let item = &input.puzzles[p];
            (p, item.puzzle.line(), study.study(item))
        },
        |_, (p, grid, studied)| {
            done += 1;
            let line = input.puzzles[p].line;
            let is_cut = match &studied {
                Ok(output) => S::is_cut(output),
                Err(why) => matches!(why, Unstudied::Cut(_)),
            };
            cut += u64::from(is_cut);
            progress(done, total, line, cut);
            let output = match studied {
                Ok(output) => {
                    if is_cut {
                        cut_lines.push((p, line));
                    }
                    output
                }
                Err(Unstudied::Failed(why)) => {
                    failures.push(Failure {
                        position: p,
                        line,
                        why,
                        cut: false,
                    });
                    return Ok(());
                }
                Err(Unstudied::Cut(why)) => {
                    failures.push(Failure {
                        position: p,
                        line,
                        why,
                        cut: true,
                    });
                    return Ok(());
                }
            };
            match run.store.as_mut() {
                Some(store) => batch.push((p, grid, output), |b| S::write(store, run_id, b)),
                None => {
                    tally.add(p, &grid, output);
                    Ok(())
                }
            }
        },
    );
    // what was done before an error is kept
    if let Some(store) = run.store.as_mut() {
        batch.flush(|b| S::write(store, run_id, b))?;
    }
    result?;
    let complete = run.done.len() + todo.len() == input.puzzles.len();
    if let Some(store) = run.store.as_mut() {
        if complete && !run.finished {
            store.finish_run(run.id)?;
        }
        tally.read_back(store, run.id)?;
    }
    failures.extend(tally.failed().into_iter().map(|(position, why)| Failure {
        position,
        line: input.puzzles[position].line,
        why,
        cut: false,
    }));
    failures.extend(cut_lines.into_iter().map(|(position, line)| Failure {
        position,
        line,
        why: "a bound cut its rating (stored as cut; run again to retry it)".to_string(),
        cut: true,
    }));
    failures.sort_by_key(|f| f.position);
    Ok(Outcome {
        run: run.store.as_ref().map(|_| run.id),
        complete,
        failures,
    })
}
