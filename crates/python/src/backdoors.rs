//! `backdoors`: what cracks a puzzle, as `sudolink backdoors` computes it
//! ([`sudolink_study::backdoors`]): the T-backdoors and the backdoor size, the
//! T-anti-backdoors and anti-backdoor pairs, and the one-step, two-step and fewer-step
//! solutions, each step a `Proof` on the state it is found in. Candidates are written as the
//! forum writes them (`n8r9c2`).

use crate::batch::{bounds, checked_max_len};
use crate::errors::{engine_error, value_error};
use crate::grid::{grid_of, Grid};
use crate::proofs::Proof;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudolink_engine::grid::Candidate;
use sudolink_study::backdoors::report::{states_of, study, Ask, Pairs, Report};
use sudolink_study::backdoors::steps::{DEFAULT_MAX_LEN, DEFAULT_RULES};
use sudolink_study::backdoors::{Found, Theory, DEFAULT_MAX_SIZE};
use sudolink_study::explain::{self as explaining, Explained};

/// What ``backdoors`` found on one puzzle. Each part is None when it was not asked.
///
/// Example::
///
///     >>> b = sudolink.backdoors(THREAD, anti=True)
///     >>> b.anti_backdoors[:3], b.theory
///     (['n8r1c8', 'n8r3c4', 'n8r4c3'], 'W1')
#[pyclass(module = "sudolink", frozen)]
pub struct Backdoors {
    grid: Grid,
    report: Report,
}

/// A two-step solution: the anti-backdoor pair and its steps.
type TwoStepRow = ((String, String), Vec<Proof>);

fn names(found: &Found<Candidate>) -> Vec<String> {
    found.items.iter().map(|c| c.to_string()).collect()
}

impl Backdoors {
    /// The steps as proofs, each on the state it is found in (T's closure after the steps
    /// before it).
    fn proofs(&self, steps: &[Explained]) -> Vec<Proof> {
        let states = states_of(&self.report.closed, steps);
        steps
            .iter()
            .zip(states)
            .map(|(e, s)| Proof::new(self.grid.with_state(s), e.proof.clone(), vec![e.label()]))
            .collect()
    }
}

#[pymethods]
impl Backdoors {
    /// The theory T: ``BRT``, ``W1``, ``S2``, ``S3`` or ``S4``.
    #[getter]
    fn theory(&self) -> String {
        self.report.closed.theory().to_string()
    }

    /// The T-backdoors: the candidates whose assertion lets T solve the puzzle.
    #[getter]
    fn backdoors(&self) -> Option<Vec<String>> {
        self.report.backdoors.as_ref().map(names)
    }

    /// The backdoor size as ``rate --scheme BD`` writes it after ``BD``: ``1``, ``>3``
    /// (larger than the largest size searched), ``>2 (time bound)`` (cut by a bound).
    #[getter]
    fn size(&self) -> Option<String> {
        self.report.size.as_ref().map(|s| s.size.to_string())
    }

    /// A set of that size whose assertion lets T solve (when the size is known).
    #[getter]
    fn witness(&self) -> Option<Vec<String>> {
        let size = self.report.size.as_ref()?;
        Some(size.witness.iter().map(|c| c.to_string()).collect())
    }

    /// The T-anti-backdoors: the candidates whose elimination lets T solve the puzzle.
    #[getter]
    fn anti_backdoors(&self) -> Option<Vec<String>> {
        let one = self.report.one_step.as_ref().map(|o| &o.anti_backdoors);
        self.report.anti_backdoors.as_ref().or(one).map(names)
    }

    /// The T-anti-backdoor pairs (restricted ones when asked).
    #[getter]
    fn pairs(&self) -> Option<Vec<(String, String)>> {
        let pairs = &self.report.pairs.as_ref()?.found.items;
        Some(
            pairs
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
        )
    }

    /// The one-step solutions: (anti-backdoor, the step that eliminates it), simplest
    /// first; T solves the rest.
    #[getter]
    fn one_steps(&self) -> Option<Vec<(String, Proof)>> {
        let one = self.report.one_step.as_ref()?;
        let steps = one.solutions.iter().map(|e| e.candidate.to_string());
        let proofs = one
            .solutions
            .iter()
            .map(|e| self.proofs(std::slice::from_ref(e)));
        Some(steps.zip(proofs.flatten()).collect())
    }

    /// The two-step solutions: (the pair, its steps), simplest first.
    #[getter]
    fn two_steps(&self) -> Option<Vec<TwoStepRow>> {
        let two = self.report.two_step.as_ref()?;
        Some(
            two.solutions
                .iter()
                .map(|s| {
                    let pair = (s.pair.0.to_string(), s.pair.1.to_string());
                    (pair, self.proofs(&s.steps))
                })
                .collect(),
        )
    }

    /// The fewer-step path's steps (empty when none was found within the bounds).
    #[getter]
    fn fewer_steps(&self) -> Option<Vec<Proof>> {
        let f = self.report.fewer_steps.as_ref()?;
        Some(if f.solved {
            self.proofs(&f.steps)
        } else {
            Vec::new()
        })
    }

    /// What cut a part, in words, or None: a list cut by a bound, or a step search stopped
    /// before its length bound.
    #[getter]
    fn cut(&self) -> Option<String> {
        let listed = self.report.cut().map(|s| format!("cut ({s})"));
        listed.or_else(|| self.report.steps_stopped())
    }

    /// The study's time, in seconds.
    #[getter]
    fn seconds(&self) -> f64 {
        self.report.seconds
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("theory={}", self.theory())];
        if let Some(s) = self.size() {
            parts.push(format!("size={s}"));
        }
        if let Some(a) = self.anti_backdoors() {
            parts.push(format!("anti_backdoors={}", a.len()));
        }
        if let Some(o) = self.report.one_step.as_ref() {
            parts.push(format!("one_steps={}", o.solutions.len()));
        }
        if let Some(c) = self.cut() {
            parts.push(format!("cut={c:?}"));
        }
        format!("Backdoors({})", parts.join(", "))
    }
}

/// What cracks a puzzle (Berthier's definitions; docs/backdoors.md): by default its
/// T-backdoors and backdoor size; ``anti=True`` its T-anti-backdoors, ``pairs=True`` its
/// anti-backdoor pairs (``restricted=True``: only those with a candidate one step of
/// ``rules`` erases), ``one_step``/``two_step``/``fewer_steps`` its solutions by steps of
/// ``rules`` (default whips) up to ``max_len`` (default 12). ``theory``: BRT, W1 (the
/// default), S2, S3, S4 or S. Bounds as ``sudolink backdoors``: a part they cut says so
/// in ``cut``.
///
/// Example::
///
///     >>> b = sudolink.backdoors(THREAD, one_step=True)
///     >>> cand, proof = b.one_steps[0]
///     >>> cand, proof.text
///     ('n9r4c4', 'whip[3]: r4n8{c4 c3} - r7n8{c3 c9} - r7n9{c9 .} ==> r4c4 <> 9')
#[pyfunction]
#[pyo3(signature = (grid, *, theory = "W1", anti = false, pairs = false, restricted = false, one_step = false, two_step = false, fewer_steps = false, rules = None, max_len = DEFAULT_MAX_LEN, max_size = DEFAULT_MAX_SIZE, max_steps = 30, timeout = None, memory = None))]
#[allow(clippy::too_many_arguments)]
pub fn backdoors(
    py: Python<'_>,
    grid: &Bound<'_, PyAny>,
    theory: &str,
    anti: bool,
    pairs: bool,
    restricted: bool,
    one_step: bool,
    two_step: bool,
    fewer_steps: bool,
    rules: Option<&str>,
    max_len: usize,
    max_size: usize,
    max_steps: usize,
    timeout: Option<f64>,
    memory: Option<u64>,
) -> PyResult<Backdoors> {
    let grid = grid_of(grid)?;
    let theory: Theory = theory
        .parse()
        .map_err(|e| PyValueError::new_err(format!("theory: {e}")))?;
    let max_len = checked_max_len(max_len)?;
    for (name, value, most) in [("max_size", max_size, 8), ("max_steps", max_steps, 200)] {
        if !(1..=most).contains(&value) {
            return Err(PyValueError::new_err(format!(
                "{name}: {value} is not within 1 to {most}"
            )));
        }
    }
    let techniques = explaining::techniques_of(rules.unwrap_or(DEFAULT_RULES), max_len)
        .map_err(|e| PyValueError::new_err(format!("rules: {e}")))?;
    let anything = anti || pairs || one_step || two_step || fewer_steps;
    let ask = Ask {
        theory,
        backdoors: !anything,
        max_size,
        anti_backdoors: anti,
        pairs: pairs.then_some(if restricted {
            Pairs::Restricted
        } else {
            Pairs::All
        }),
        one_step,
        two_step,
        fewer_steps,
        rules: techniques,
        max_len,
        max_steps,
    };
    let bounds = bounds(timeout, memory, None, 1)?;
    let report = crate::watch::interruptible(py, |cancel| {
        let limits = sudolink_search::limits::Bounds {
            cancel: Some(cancel),
            ..bounds
        }
        .start();
        study(grid.state(), grid.known_solution(), &ask, limits)
    })?
    .map_err(|e| match e {
        sudolink_study::backdoors::report::StudyError::Backdoor(e) => value_error(&e),
        other => engine_error(&other),
    })?;
    Ok(Backdoors { grid, report })
}
