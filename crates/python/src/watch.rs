//! Work that Ctrl-C can stop: the engine runs on a scoped thread with the GIL released, and
//! the calling thread wakes every [`TICK`] to run Python's signal handlers
//! (`Python::check_signals`) and the caller's own tick (a progress bar, rows handed on).
//! A KeyboardInterrupt (or an error of the tick) raises the work's [`Cancel`] flag, which
//! every search checks where it checks its deadline, and the work ends within moments.
//!
//! The flags are kept in a pool: [`Cancel::new`] keeps each for the life of the process, so
//! a call borrows one ([`Flag`]) and gives it back lowered.

use crate::errors::{panic_text, EngineError};
use pyo3::prelude::*;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;
use sudolink_search::limits::Cancel;

/// How often the calling thread looks for Ctrl-C and runs the tick.
pub const TICK: Duration = Duration::from_millis(50);

/// The flags not in use.
static FLAGS: Mutex<Vec<Cancel>> = Mutex::new(Vec::new());

/// A cancel flag borrowed from the pool for one call, lowered, and given back when dropped.
pub struct Flag(Cancel);

impl Flag {
    pub fn take() -> Flag {
        let flag = FLAGS
            .lock()
            .ok()
            .and_then(|mut free| free.pop())
            .unwrap_or_default();
        flag.lower();
        Flag(flag)
    }

    pub fn cancel(&self) -> Cancel {
        self.0
    }
}

impl Drop for Flag {
    fn drop(&mut self) {
        self.0.lower();
        if let Ok(mut free) = FLAGS.lock() {
            free.push(self.0);
        }
    }
}

/// Run `work` on a scoped thread with the GIL released while this thread, every [`TICK`]
/// and once more at the end, checks for Ctrl-C and calls `tick`. The first error of either
/// (a KeyboardInterrupt, or the tick's own) raises `cancel` and is returned beside the
/// work's result, which is then whatever the work made of its cancelled searches. A panic
/// of the work is an `EngineError`.
pub fn watched<T: Send>(
    py: Python<'_>,
    cancel: Cancel,
    work: impl FnOnce() -> T + Send,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()> + Send,
) -> (PyResult<T>, Option<PyErr>) {
    py.detach(|| {
        std::thread::scope(|scope| {
            let (finished, over) = channel::<()>();
            let handle = scope.spawn(move || {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
                drop(finished);
                result
            });
            let mut failure: Option<PyErr> = None;
            loop {
                let done = matches!(over.recv_timeout(TICK), Err(RecvTimeoutError::Disconnected));
                if failure.is_none() {
                    let checked = Python::attach(|py| py.check_signals().and_then(|_| tick(py)));
                    if let Err(e) = checked {
                        cancel.raise();
                        failure = Some(e);
                    }
                }
                if done {
                    break;
                }
            }
            let result = match handle.join() {
                Ok(Ok(value)) => Ok(value),
                Ok(Err(payload)) | Err(payload) => Err(EngineError::new_err(format!(
                    "the engine panicked: {}; please report it with the grid",
                    panic_text(payload.as_ref())
                ))),
            };
            (result, failure)
        })
    })
}

/// [`watched`] without a tick, for one grid's work (a path, an explanation): its result,
/// or the KeyboardInterrupt that stopped it.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Cancel) -> T + Send,
) -> PyResult<T> {
    let flag = Flag::take();
    let cancel = flag.cancel();
    let (result, failure) = watched(py, cancel, move || work(cancel), |_| Ok(()));
    match failure {
        Some(e) => Err(e),
        None => result,
    }
}
