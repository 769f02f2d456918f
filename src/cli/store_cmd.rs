//! Writing SQLite files from the CLI (atomically: a temporary file renamed into place).

use super::input::Loaded;
use anyhow::{bail, Result};
use std::path::Path;
use sudolink::graph::CandidateGraph;
use sudolink::grid::State;

/// Write the puzzle, the state and its graph to `path`.
pub fn write_graph_db(
    path: &Path,
    loaded: &Loaded,
    state: &State,
    graph: &CandidateGraph,
) -> Result<()> {
    let _ = (path, loaded, state, graph);
    bail!("--sqlite is not available yet")
}
