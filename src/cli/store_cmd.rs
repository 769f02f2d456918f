//! Writing SQLite files from the CLI. A new file is written under a temporary name and
//! renamed into place, so an error never leaves a half-written database; an existing file
//! is appended to in transactions.

use super::input::Loaded;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use sudolink_engine::graph::CandidateGraph;
use sudolink_engine::grid::State;
use sudolink_store::Store;

/// Run `write` on a store at `path`: directly when the file exists, else on a temporary
/// file in the same folder that is renamed to `path` only when `write` succeeds.
/// An existing file must be a sudolink store unless `force` (then our tables are added).
pub fn with_store<T>(
    path: &Path,
    force: bool,
    write: impl FnOnce(&mut Store) -> Result<T>,
) -> Result<T> {
    if path.exists() {
        let mut store = if force {
            Store::open_forced(path)?
        } else {
            Store::create(path)?
        };
        return write(&mut store);
    }
    let tmp = temporary_path(path);
    let result = (|| {
        let mut store = Store::create(&tmp)?;
        let value = write(&mut store)?;
        drop(store);
        std::fs::rename(&tmp, path).with_context(|| {
            format!("cannot move the database into place at {}", path.display())
        })?;
        Ok(value)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "sudolink.db".into());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Write the puzzle, the state and its graph to `path`.
pub fn write_graph_db(
    path: &Path,
    loaded: &Loaded,
    state: &State,
    graph: &CandidateGraph,
    force: bool,
) -> Result<()> {
    with_store(path, force, |store| {
        let puzzle = store.write_puzzle(&loaded.line, loaded.name.as_deref())?;
        let state_id = store.write_state(puzzle, None, 0, state)?;
        store.write_graph(state_id, graph)?;
        Ok(())
    })
    .with_context(|| format!("writing the graph to {}", path.display()))
}
