//! sudolink's Python package, the extension module `sudolink._sudolink`: the engine's
//! grids, resolution paths, explanations, ratings and candidate graphs as Python objects,
//! built with PyO3 (maturin makes the wheel). The pure-Python layer (`python/sudolink/`)
//! adds what needs Python's ecosystem: pandas DataFrames, tqdm progress bars, networkx
//! graphs, and KeyboardInterrupt's rows.
//!
//! - [`grid::Grid`]: a grid state read from every format the command line reads, with its
//!   candidates, solution count, texts and picture;
//! - [`proofs`]: `solve` (a path of checked steps) and `explain` (the simplest proof and the
//!   others), each step or proof a `Proof` with `check()`, its texts and its picture;
//! - [`batch`]: `rate` and `classify` over many puzzles on every core with the GIL
//!   released, the command line's bounds and cuts, progress, and Ctrl-C stopping the work
//!   within moments (a [`sudolink_search::limits::Cancel`] flag the searches check);
//! - [`backdoors`]: what cracks a puzzle: backdoors, anti-backdoors, one- and two-step
//!   solutions (Berthier's definitions), each step a `Proof`;
//! - [`graph`]: the typed candidate graph as node and edge lists.
//!
//! **Errors**: bad input raises `ValueError` with the command line's message (what and
//! where); a bound reached is a stated result (`W>20 (time bound)`), not an exception; a
//! panic inside the engine is caught and raised as `sudolink.EngineError`
//! ([`errors::guarded`]), never a crashed interpreter.
//!
//! No SQLite, command line or server here: `sudolink-study` is used without its `store`
//! feature and `sudolink-export` without PNG.

mod backdoors;
mod batch;
mod errors;
mod graph;
mod grid;
mod proofs;
mod values;
mod watch;

use pyo3::prelude::*;

/// sudolink's engine: grids, checked proofs, ratings and candidate graphs.
#[pymodule(name = "_sudolink")]
mod sudolink_module {
    use pyo3::prelude::*;

    #[pymodule_export]
    use crate::backdoors::{backdoors, Backdoors};
    #[pymodule_export]
    use crate::batch::{rate_batch, schemes, techniques};
    #[pymodule_export]
    use crate::errors::engine_panic_for_test;
    #[pymodule_export]
    use crate::errors::EngineError;
    #[pymodule_export]
    use crate::graph::graph_lists;
    #[pymodule_export]
    use crate::grid::{looks_like_grid, Grid};
    #[pymodule_export]
    use crate::proofs::{explain, solve, Explanation, Path, Proof};

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add(
            "DEFAULT_TIMEOUT_S",
            sudolink_search::limits::DEFAULT_TIMEOUT_S,
        )?;
        m.add(
            "DEFAULT_MEMORY_MB",
            sudolink_search::limits::DEFAULT_MEMORY_MB,
        )?;
        Ok(())
    }
}
