//! How the engine's failures reach Python: bad input as `ValueError` with the whole chain
//! of reasons (what and where, as the command line prints it), and a panic inside the
//! engine as `sudolink.EngineError` instead of a crashed interpreter.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

pyo3::create_exception!(
    sudolink,
    EngineError,
    PyRuntimeError,
    "The engine failed where it should not: a panic, or a step that failed its own check. \
     The message says where; please report it with the grid."
);

/// An error and its sources, joined as the command line prints them (`grid text: line 1,
/// column 3: bad character 'x' ...`); a source already quoted by its error is not repeated.
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let text = s.to_string();
        if !out.ends_with(&text) {
            out = format!("{out}: {text}");
        }
        source = s.source();
    }
    out
}

/// Bad input: `ValueError` with the whole chain of reasons.
pub fn value_error(e: &dyn std::error::Error) -> PyErr {
    PyValueError::new_err(chain(e))
}

/// A failure of the engine itself (a step that fails its check): `EngineError`.
pub fn engine_error(e: &dyn std::error::Error) -> PyErr {
    EngineError::new_err(chain(e))
}

/// The message of a panic's payload.
pub fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// `work`, with a panic inside it turned into `EngineError` (the interpreter goes on; the
/// engine's state is per call, so nothing half-changed is left behind).
pub fn guarded<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|payload| {
        Err(EngineError::new_err(format!(
            "the engine panicked: {}; please report it with the grid",
            panic_text(payload.as_ref())
        )))
    })
}

/// Panics inside the engine's guard: what the tests use to see that a panic becomes
/// `EngineError` and the interpreter goes on.
#[pyfunction]
#[pyo3(name = "_engine_panic_for_test")]
pub fn engine_panic_for_test(message: &str) -> PyResult<()> {
    guarded(|| panic!("{message}"))
}
