//! What `classify` and `subsume` share: reading the puzzle file, and opening (or resuming)
//! their run in the SQLite file of `--db`.
//!
//! A run is identified by its kind and parameters (input path, schemes or families, max
//! length, puzzle count). Running the same command again finds the latest such run: an
//! unfinished one goes on with the puzzles it has not stored yet, after checking that the
//! stored ones are the file's puzzles at the same positions; a finished one is read back.

use super::input::read_text_file;
use anyhow::{bail, Context, Result};
use std::collections::HashSet;
use std::path::Path;
use sudolink::grid::format::{parse_collection, Puzzle};
use sudolink::store::Store;

/// The arguments every study command takes (flattened into its own).
#[derive(clap::Args, Debug)]
pub struct StudyArgs {
    /// A file of puzzles, one per line
    pub input: std::path::PathBuf,
    /// Longest chain or whip to try
    #[arg(long, default_value_t = 7, value_parser = super::numbers::max_len)]
    pub max_len: usize,
    /// Store the run in this SQLite file (created if missing); running the same command
    /// again resumes an interrupted run or reads back a finished one. Every puzzle is
    /// stored within about a second of being done
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Write into an existing SQLite file that is not a sudolink store (adds our tables)
    #[arg(long, requires = "db")]
    pub force: bool,
    /// Print the result as one JSON object
    #[arg(long)]
    pub json: bool,
    /// Stop after this many more puzzles (leaves the run unfinished; for tests)
    #[arg(long, hide = true)]
    pub stop_after: Option<usize>,
}

/// One puzzle of the input file.
pub struct InputPuzzle {
    pub puzzle: Puzzle,
    /// The 1-based line in the file.
    pub line: usize,
    /// The whole line (TAB columns after the grid included).
    pub raw: String,
}

/// The puzzles of a study's input file.
pub struct StudyInput {
    /// The file's path as given, made absolute (it identifies the run in the db).
    pub origin: String,
    pub puzzles: Vec<InputPuzzle>,
}

impl StudyInput {
    /// Read every puzzle of `path`; a malformed line is an error naming it.
    pub fn read(path: &Path) -> Result<StudyInput> {
        let text = read_text_file(path, "puzzle file")?;
        let lines: Vec<&str> = text.lines().collect();
        let mut puzzles = Vec::new();
        for (line, p) in parse_collection(&text) {
            // the parse error names the line
            let puzzle = p.with_context(|| path.display().to_string())?;
            puzzles.push(InputPuzzle {
                puzzle,
                line,
                raw: lines[line - 1].to_string(),
            });
        }
        if puzzles.is_empty() {
            bail!(
                "{}: holds no puzzle (only blank or comment lines)",
                path.display()
            );
        }
        let origin = std::path::absolute(path)
            .unwrap_or_else(|_| path.to_path_buf())
            .display()
            .to_string();
        Ok(StudyInput { origin, puzzles })
    }
}

/// A study run: stored (with its db) or in memory only.
pub struct StudyRun {
    pub store: Option<Store>,
    /// The run's id in the db (0 when not stored).
    pub id: i64,
    /// Positions already stored by an earlier session of this run.
    pub done: HashSet<usize>,
    /// True when an earlier session finished the run.
    pub finished: bool,
}

impl StudyRun {
    pub fn id_if_stored(&self) -> Option<i64> {
        self.store.as_ref().map(|_| self.id)
    }

    /// The positions of `count` puzzles this session still has to study, in input order, at
    /// most `stop_after` of them.
    pub fn pending(&self, count: usize, stop_after: Option<usize>) -> Vec<usize> {
        (0..count)
            .filter(|p| !self.done.contains(p))
            .take(stop_after.unwrap_or(usize::MAX))
            .collect()
    }
}

/// Open the run of `kind` with `params` in `db` (find, check and resume it, or start it).
pub fn open_run(
    db: Option<&Path>,
    force: bool,
    kind: &str,
    params: &serde_json::Value,
    input: &StudyInput,
) -> Result<StudyRun> {
    let Some(db) = db else {
        return Ok(StudyRun {
            store: None,
            id: 0,
            done: HashSet::new(),
            finished: false,
        });
    };
    let mut store = if force {
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
                    bail!(
                        "{}: {kind} run {id} stored {grid} at position {}, but {} holds {} there; \
                         the file changed since: use another --db",
                        db.display(),
                        position + 1,
                        input.origin,
                        ours.unwrap_or_else(|| "no puzzle".into())
                    );
                }
            }
            (id, finished, stored.into_keys().collect())
        }
        None => (store.start_run(kind, params)?, false, HashSet::new()),
    };
    Ok(StudyRun {
        store: Some(store),
        id,
        done,
        finished,
    })
}
