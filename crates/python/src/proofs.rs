//! `solve` and `explain`, and their results: a `Proof` on the state it holds in (its texts
//! in every notation, `check()`, its picture), a `Path` of checked steps, an `Explanation`
//! (the simplest proof of a conclusion and the others, grouped as `sudolink explain`
//! groups them). Both run as the command line runs them (`sudolink_study::resolution`,
//! `sudolink_study::explain`), under the same bounds, with the GIL released and Ctrl-C
//! stopping them ([`crate::watch::interruptible`]).

use crate::batch::{bounds, checked_max_len, rule_order};
use crate::errors::{engine_error, guarded, value_error};
use crate::grid::{grid_of, pixel_width, Grid};
use crate::values::to_py;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sudolink_engine::proof::{self, Proof as EngineProof};
use sudolink_export::{diagram, dot};
use sudolink_notation::{nrc, texts};
use sudolink_search::registry::{self, TechniqueId};
use sudolink_study::escalation::{solve_escalating, Pace};
use sudolink_study::explain::{self as explaining, Options, TargetReport};
use sudolink_study::resolution::{apply, solve_within, Resolution};
use sudolink_study::rules::{self, parse_in_order};

/// A proof on the state it holds in: a step of a path or an explanation's answer.
///
/// ``check()`` re-verifies it from the state alone with the engine's checker (which shares
/// no code with the searches); ``texts()`` gives it in every notation that writes it
/// (ours, SudoRules', HoDoKu's, Eureka...); ``svg()`` draws it. In Jupyter a proof that
/// ends a cell shows as its picture with its text.
///
/// Example::
///
///     >>> g = sudolink.Grid("....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....")
///     >>> p = sudolink.solve(g, "N").steps[3]
///     >>> p.check()
///     True
#[pyclass(module = "sudolink", frozen)]
pub struct Proof {
    grid: Grid,
    proof: EngineProof,
    /// The techniques that found this same step, simplest first (an explanation's group).
    found_by: Vec<String>,
}

impl Proof {
    pub(crate) fn new(grid: Grid, proof: EngineProof, found_by: Vec<String>) -> Proof {
        Proof {
            grid,
            proof,
            found_by,
        }
    }

    fn diagram(&self, part: Option<usize>) -> PyResult<sudolink_export::svg::Diagram> {
        diagram::from_proof_part(self.grid.state(), &self.proof, part).map_err(|e| value_error(&e))
    }
}

#[pymethods]
impl Proof {
    /// The rule's name as its author prints it (``whip[4]``, ``naked-pairs-in-a-row``).
    #[getter]
    fn rule(&self) -> &str {
        &self.proof.rule
    }

    /// The family (``whip``, ``subsets``, ``xy-wing``...).
    #[getter]
    fn family(&self) -> &str {
        &self.proof.family
    }

    /// The registry's name of the technique that found it (``whip``, ``hidden-single``).
    #[getter]
    fn technique(&self) -> &'static str {
        TechniqueId::of_proof(&self.proof).name()
    }

    /// The techniques that found this same step (an explanation's group), simplest first.
    #[getter]
    fn found_by(&self) -> Vec<String> {
        self.found_by.clone()
    }

    /// Its length on the one simplest-first scale (CSP variables, or the equivalent length
    /// of nets and tagging), as every table of `explain` and `solve` shows it.
    #[getter]
    fn length(&self) -> usize {
        registry::length_on_scale(&self.proof)
    }

    /// The eliminations, as ``r1c2<>8``.
    #[getter]
    fn eliminations(&self) -> Vec<String> {
        self.proof.elimination_texts()
    }

    /// The placements, as ``r1c1=7``.
    #[getter]
    fn placements(&self) -> Vec<String> {
        self.proof.assertion_texts()
    }

    /// The state it holds in.
    #[getter]
    fn grid(&self) -> Grid {
        self.grid.clone()
    }

    /// The state once its conclusions are applied.
    #[getter]
    fn after(&self) -> PyResult<Grid> {
        let mut state = self.grid.state().clone();
        apply(&mut state, &self.proof).map_err(|e| engine_error(&e))?;
        Ok(self.grid.with_state(state))
    }

    /// Its text in our notation (Berthier's nrc notation where he defines one, else that
    /// of the system it comes from).
    #[getter]
    fn text(&self) -> String {
        nrc::nrc_text(self.grid.state(), &self.proof)
    }

    /// Its text in every notation that writes it: ``{"ours (nrc)": ..., "SudoRules": ...,
    /// "HoDoKu": ..., "Eureka": ...}``, ours first.
    fn texts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for t in texts(self.grid.state(), &self.proof) {
            dict.set_item(t.name, t.text)?;
        }
        Ok(dict)
    }

    /// Re-verify the proof with the engine's checker, on the state it holds in or on
    /// ``grid``: True, or ValueError saying why it does not hold.
    #[pyo3(signature = (grid = None))]
    fn check(&self, grid: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let on = grid.map(grid_of).transpose()?;
        let state = on.as_ref().unwrap_or(&self.grid).state();
        guarded(|| {
            proof::check(state, &self.proof).map_err(|e| {
                PyValueError::new_err(format!(
                    "the proof does not hold: {}",
                    crate::errors::chain(&e)
                ))
            })?;
            Ok(true)
        })
    }

    /// How many parts it can be drawn by one at a time (the branches of a force chain or
    /// net, a 3D Medusa's chains); 0 when it is drawn whole only.
    #[getter]
    fn parts(&self) -> usize {
        diagram::parts(&self.proof).len()
    }

    /// The proof drawn on its state as SVG: its candidates by role, its links in the
    /// order the proof reads them, a legend and the conclusion. ``width`` in pixels (200
    /// to 4000); ``part`` (from 1) draws one part alone.
    #[pyo3(signature = (width = None, part = None))]
    fn svg(&self, width: Option<u32>, part: Option<usize>) -> PyResult<String> {
        let width = pixel_width(width)?;
        guarded(|| Ok(self.diagram(part)?.to_svg_at(width)))
    }

    /// The proof as a graph in graphviz's DOT language (no graphviz needed to write it).
    fn dot(&self) -> PyResult<String> {
        guarded(|| {
            let d = self.diagram(None)?;
            Ok(dot::print(&diagram::graph_of(&self.proof, &d)))
        })
    }

    /// The proof as data: rule, family, length, text, conclusions, the picture's marks and
    /// links, and the proof object itself (its pattern), as `explain --json` gives it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut v = sudolink_export::json::proof_json(self.grid.state(), &self.proof);
        if let Some(o) = v.as_object_mut() {
            o.remove("svg");
        }
        to_py(py, &v)
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None, None)
    }

    /// Jupyter: the picture with the text under it.
    fn _repr_html_(&self) -> PyResult<String> {
        Ok(format!(
            "<figure style=\"margin:0\">{}<figcaption><code>{}</code></figcaption></figure>",
            self.svg(None, None)?,
            html_escape(&self.text())
        ))
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<Proof {}: {}>", self.proof.rule, self.text())
    }
}

/// Escape text for HTML.
fn html_escape(text: &str) -> String {
    sudolink_export::svg::xml_escape(text)
}

/// A resolution path: the steps the rules found, simplest first, each checked with the
/// proof checker and against the solution before it was applied.
///
/// A path a bound cut says so (``cut``); ``solved`` says whether it reached the solution.
/// ``steps`` are ``Proof`` objects on the states they were found in; ``records()`` and
/// ``frame()`` tabulate them.
#[pyclass(module = "sudolink", frozen)]
pub struct Path {
    start: Grid,
    resolution: Resolution,
    /// The state each step was found in.
    states: Vec<Grid>,
    /// The bounds the path ran under, for the cut's text.
    bounds: String,
    /// A path asked with no rules: each hand-over up the ladder (after which step, and
    /// `N (lengths up to 20) stops after step 5; escalating to W`).
    escalations: Vec<(usize, String)>,
}

#[pymethods]
impl Path {
    /// The grid the path starts from.
    #[getter]
    fn grid(&self) -> Grid {
        self.start.clone()
    }

    /// The steps, each a ``Proof`` on the state it was found in.
    #[getter]
    fn steps(&self) -> Vec<Proof> {
        self.resolution
            .steps
            .iter()
            .zip(&self.states)
            .map(|(s, g)| Proof::new(g.clone(), s.proof.clone(), Vec::new()))
            .collect()
    }

    /// The state the path ends in.
    #[getter]
    fn end(&self) -> Grid {
        self.start.with_state(self.resolution.final_state.clone())
    }

    #[getter]
    fn solved(&self) -> bool {
        self.resolution.solved
    }

    /// A path asked with no ``rules`` climbs N, W, B, Trid-OR5W, T&E as ``sudolink solve``
    /// does: each hand-over as the command line says it (``N (lengths up to 20) stops
    /// after step 5; escalating to W``); empty when the first rule set finished it or
    /// rules were named.
    #[getter]
    fn escalations(&self) -> Vec<String> {
        self.escalations
            .iter()
            .map(|(_, text)| text.clone())
            .collect()
    }

    /// Why the path ended before the solution when a bound cut it (``time limit reached
    /// (60 s, 500 MB) while searching whip[9]``); None when it was not cut.
    #[getter]
    fn cut(&self) -> Option<String> {
        self.resolution
            .stopped
            .map(|s| format!("{} ({}) while searching {}", s.stop, self.bounds, s.rule))
    }

    /// The steps as rows: step (from 1), technique, rule, length (on the scale),
    /// eliminations, placements, text.
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (k, (step, grid)) in self.resolution.steps.iter().zip(&self.states).enumerate() {
            let p = &step.proof;
            let d = PyDict::new(py);
            d.set_item("step", k + 1)?;
            d.set_item("technique", TechniqueId::of_proof(p).name())?;
            d.set_item("rule", &p.rule)?;
            d.set_item("length", registry::length_on_scale(p))?;
            d.set_item("eliminations", p.elimination_texts())?;
            d.set_item("placements", p.assertion_texts())?;
            d.set_item("text", &step.text)?;
            d.set_item("placed", grid.state().placed_count())?;
            list.append(d)?;
        }
        Ok(list)
    }

    /// The steps as a pandas DataFrame (``records()``'s columns).
    fn frame<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = py.import("pandas")?;
        pandas.getattr("DataFrame")?.call1((self.records(py)?,))
    }

    fn __len__(&self) -> usize {
        self.resolution.steps.len()
    }

    /// The path in our notation: a line per step (and `-- ` before each escalation, after
    /// the step it follows), then SOLVED or NOT SOLVED.
    fn __str__(&self) -> String {
        let mut out = String::new();
        for k in 0..=self.resolution.steps.len() {
            for (_, text) in self.escalations.iter().filter(|(after, _)| *after == k) {
                out.push_str(&format!("-- {text}\n"));
            }
            if let Some(s) = self.resolution.steps.get(k) {
                out.push_str(&format!("{}\n", s.text));
            }
        }
        out.push_str(if self.resolution.solved {
            "SOLVED"
        } else {
            "NOT SOLVED"
        });
        out
    }

    fn __repr__(&self) -> String {
        format!(
            "<Path of {} steps, {}>",
            self.resolution.steps.len(),
            if self.resolution.solved {
                "solved".to_string()
            } else {
                self.cut().unwrap_or_else(|| "not solved".to_string())
            }
        )
    }

    /// Jupyter: the steps as a table, then the end state's picture.
    fn _repr_html_(&self) -> PyResult<String> {
        let mut out = String::from("<table><tr><th>step</th><th>technique</th><th>text</th></tr>");
        for (k, s) in self.resolution.steps.iter().enumerate() {
            out.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td style=\"text-align:left\"><code>{}</code></td></tr>",
                k + 1,
                TechniqueId::of_proof(&s.proof).name(),
                html_escape(&s.text)
            ));
        }
        out.push_str("</table>");
        out.push_str(&format!("<p>{}</p>", html_escape(&self.__repr__())));
        Ok(out)
    }
}

/// The limits of one grid's work (a path) from the batch bounds' arguments.
fn one_grid_limits(
    timeout: Option<f64>,
    memory: Option<u64>,
    budget: Option<u64>,
) -> PyResult<sudolink_search::limits::Bounds> {
    bounds(timeout, memory, budget, 1)
}

/// The resolution path of ``grid`` with ``rules``, simplest first, every step checked.
///
/// ``rules``: ``basic``, a scheme (``L``, ``M``, ``N``, ``W``, ``B``, ``gW``, ``gB``,
/// ``BC``, ``Trid-OR5W``...) or a comma list of techniques and sets (``whip,braid``;
/// ``sudolink.techniques()`` lists them), the basic rules first; with none, the path climbs
/// N, W, B, Trid-OR5W and T&E as ``sudolink solve`` does with no ``--rules`` (each hand-over
/// in ``escalations``). ``order``: ``length`` (simplest first) or ``listed`` (each name at
/// every length before the next: HoDoKu's order). ``max_len``: the longest chain or whip
/// (default 20, as ``sudolink solve``). ``timeout`` (seconds), ``memory`` (MB) and
/// ``budget`` (partial chains) bound the searches as the command line's flags do (default
/// 60 s and 500 MB; 0 for none): a path they cut ends there and says so in ``cut``.
///
/// Example::
///
///     >>> path = sudolink.solve(sudolink.Grid(OCEAN1), "N")
///     >>> path.solved, path.steps[0].technique
///     (True, 'hidden-single')
#[pyfunction]
#[pyo3(signature = (grid, rules = None, *, max_len = 20, order = "length", timeout = None, memory = None, budget = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    grid: &Bound<'_, PyAny>,
    rules: Option<&str>,
    max_len: usize,
    order: &str,
    timeout: Option<f64>,
    memory: Option<u64>,
    budget: Option<u64>,
) -> PyResult<Path> {
    let grid = grid_of(grid)?;
    let max_len = checked_max_len(max_len)?;
    let order = rule_order(order)?;
    let bounds = one_grid_limits(timeout, memory, budget)?;
    let Some(rules) = rules else {
        return solve_on_the_ladder(py, grid, max_len, bounds);
    };
    if rules.eq_ignore_ascii_case("ser") {
        return Err(PyValueError::new_err(
            "rules: 'ser' (Sudoku Explainer's own path) is the command line's `solve --rules ser`; \
             here rate(..., scheme='SER') gives its ER/EP/ED",
        ));
    }
    let spec = parse_in_order(rules, max_len, order).map_err(|e| value_error(&e))?;
    rules::refuse_uniqueness(
        spec.rules.iter().map(|r| r.technique),
        grid.known_solution().is_none(),
    )
    .map_err(|e| value_error(&e))?;
    let resolution = crate::watch::interruptible(py, |cancel| {
        let limits = sudolink_search::limits::Bounds {
            cancel: Some(cancel),
            ..bounds
        }
        .start();
        solve_within(grid.state(), &spec.rules, grid.known_solution(), limits)
    })?
    .map_err(|e| engine_error(&e))?;
    path_of(grid, resolution, bounds.describe(), Vec::new())
}

/// [`solve`] with no rules: the ladder's path ([`solve_escalating`]), as `sudolink solve`.
fn solve_on_the_ladder(
    py: Python<'_>,
    grid: Grid,
    max_len: usize,
    bounds: sudolink_search::limits::Bounds,
) -> PyResult<Path> {
    let escalated = crate::watch::interruptible(py, |cancel| {
        let limits = sudolink_search::limits::Bounds {
            cancel: Some(cancel),
            ..bounds
        }
        .start();
        let solution = grid.known_solution();
        solve_escalating(
            grid.state(),
            solution,
            (max_len, usize::MAX),
            limits,
            Pace::Steps,
        )
    })?
    .map_err(|e| engine_error(&e))?;
    let escalations = escalated
        .escalations
        .iter()
        .map(|e| (e.after_step, e.to_string()))
        .collect();
    path_of(grid, escalated.resolution, bounds.describe(), escalations)
}

/// The path of `resolution` from `grid`, each step's state replayed.
fn path_of(
    grid: Grid,
    resolution: Resolution,
    bounds: String,
    escalations: Vec<(usize, String)>,
) -> PyResult<Path> {
    let mut states = Vec::with_capacity(resolution.steps.len());
    let mut state = grid.state().clone();
    for s in &resolution.steps {
        states.push(grid.with_state(state.clone()));
        apply(&mut state, &s.proof).map_err(|e| engine_error(&e))?;
    }
    Ok(Path {
        start: grid,
        resolution,
        states,
        bounds,
        escalations,
    })
}

/// Why a conclusion holds: its shortest proof in every technique asked (by default every
/// technique but trial and error and the uniqueness ones), the simplest first, grouped
/// where several techniques found the same step, and what the others found (none up to a
/// length, or cut by a bound).
#[pyclass(module = "sudolink", frozen)]
pub struct Explanation {
    grid: Grid,
    report: TargetReport,
    max_len: usize,
}

impl Explanation {
    fn proof(&self, p: &EngineProof, labels: &[&str]) -> Proof {
        Proof::new(
            self.grid.clone(),
            p.clone(),
            labels.iter().map(|l| l.to_string()).collect(),
        )
    }
}

#[pymethods]
impl Explanation {
    /// The conclusion explained (``r1c2<>8`` or ``r1c4=9``).
    #[getter]
    fn target(&self) -> String {
        self.report.conclusion.to_string()
    }

    /// The state it is explained on.
    #[getter]
    fn grid(&self) -> Grid {
        self.grid.clone()
    }

    /// The simplest proof (on the one simplest-first scale), or None when no technique
    /// found one within the bounds.
    #[getter]
    fn simplest(&self) -> Option<Proof> {
        let answer = self.report.answer(self.grid.state());
        answer.simplest.map(|g| self.proof(g.proof, &g.labels))
    }

    /// Every proof found, the simplest first: one per group of techniques that found the
    /// same step (``found_by`` names them).
    #[getter]
    fn proofs(&self) -> Vec<Proof> {
        let answer = self.report.answer(self.grid.state());
        answer
            .simplest
            .iter()
            .chain(&answer.others)
            .map(|g| self.proof(g.proof, &g.labels))
            .collect()
    }

    /// What found nothing, and why, in one line (``nothing found: ...``); None when every
    /// technique asked found a proof.
    #[getter]
    fn nothing(&self) -> Option<String> {
        let answer = self.report.answer(self.grid.state());
        answer.nothing.text(self.max_len)
    }

    /// Every technique row: technique, system, status (``proof``, ``none``,
    /// ``only_eliminates``, ``not_searched``), length (on the scale), and the text or why not.
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for row in &self.report.rows {
            let d = PyDict::new(py);
            d.set_item("technique", row.label)?;
            d.set_item("system", row.system.title())?;
            d.set_item("status", row.none.status())?;
            match &row.proof {
                Some(p) => {
                    d.set_item("length", registry::length_on_scale(p))?;
                    d.set_item("text", nrc::nrc_text(self.grid.state(), p))?;
                }
                None => {
                    d.set_item("length", py.None())?;
                    d.set_item("text", row.none.text(row.label, self.max_len))?;
                }
            }
            list.append(d)?;
        }
        Ok(list)
    }

    fn __repr__(&self) -> String {
        match self.simplest() {
            Some(p) => format!("<Explanation of {}: {}>", self.target(), p.text()),
            None => format!("<Explanation of {}: no proof found>", self.target()),
        }
    }

    /// Jupyter: the simplest proof's picture and texts, the others, what found nothing.
    fn _repr_html_(&self) -> PyResult<String> {
        let mut out = format!("<h4>Why {}?</h4>", html_escape(&self.target()));
        let proofs = self.proofs();
        match proofs.first() {
            Some(p) => {
                out.push_str(&p._repr_html_()?);
                for t in texts(p.grid.state(), &p.proof) {
                    out.push_str(&format!(
                        "<div><b>{}</b>: <code>{}</code></div>",
                        html_escape(t.name),
                        html_escape(&t.text)
                    ));
                }
            }
            None => out.push_str("<p>no proof found</p>"),
        }
        if proofs.len() > 1 {
            out.push_str("<table><tr><th>found by</th><th>length</th><th>proof</th></tr>");
            for p in &proofs[1..] {
                out.push_str(&format!(
                    "<tr><td>{}</td><td>{}</td><td style=\"text-align:left\"><code>{}</code></td></tr>",
                    html_escape(&p.found_by.join(", ")),
                    p.length(),
                    html_escape(&p.text())
                ));
            }
            out.push_str("</table>");
        }
        if let Some(line) = self.nothing() {
            out.push_str(&format!("<p>{}</p>", html_escape(&line)));
        }
        Ok(out)
    }
}

/// Why ``target`` holds on ``grid``: the simplest proof and the others
/// (``sudolink explain --target``).
///
/// ``target``: an elimination ``r3c9<>8`` or a placement ``r3c9=8``. ``rules``: the
/// techniques to ask, a comma list of names and sets or a rule set as ``solve`` takes it
/// (default: every technique but trial and error and the uniqueness ones; ``uniqueness``
/// adds those). ``max_len``: the longest chain, whip or net (default 20); ``g_max_len``
/// that of g-whips and g-braids. The bounds are shared among the techniques: ``timeout``
/// (seconds, default 1.5; 0 for none), ``memory`` (MB, default 280) and ``budget``
/// (partial chains; default none); a technique they cut says so in ``nothing``.
/// ``threads``: how many techniques run at once (default: every core).
///
/// Example::
///
///     >>> state = sudolink.solve(OCEAN1, "basic").end
///     >>> e = sudolink.explain(state, "r8c8<>6")
///     >>> e.simplest.text
///     'nrc3-chain {n6 n3}r8c3 - n3{r7c2 r7c7} - n2{r7c7 r8c8} ==> r8c8 <> 6'
#[pyfunction]
#[pyo3(signature = (grid, target, *, rules = None, max_len = 20, g_max_len = None, uniqueness = false, timeout = None, memory = None, budget = None, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn explain(
    py: Python<'_>,
    grid: &Bound<'_, PyAny>,
    target: &str,
    rules: Option<&str>,
    max_len: usize,
    g_max_len: Option<usize>,
    uniqueness: bool,
    timeout: Option<f64>,
    memory: Option<u64>,
    budget: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Explanation> {
    let grid = grid_of(grid)?;
    let max_len = checked_max_len(max_len)?;
    let g_max_len = g_max_len.map(checked_max_len).transpose()?;
    let mut techniques = match rules {
        None => explaining::default_techniques_with(uniqueness),
        Some(list) => explaining::techniques_of(list, max_len)
            .map_err(|e| PyValueError::new_err(format!("rules: {e}")))?,
    };
    if uniqueness && rules.is_some() {
        techniques.extend(
            explaining::default_techniques_with(true)
                .into_iter()
                .filter(|t| t.assumes_uniqueness()),
        );
    }
    rules::refuse_uniqueness(techniques.iter().copied(), grid.known_solution().is_none())
        .map_err(|e| value_error(&e))?;
    let conclusion = explaining::read_target(target).map_err(|e| value_error(&e))?;
    explaining::validate(&conclusion, grid.state(), grid.known_solution())
        .map_err(|e| value_error(&e))?;
    let limits = explaining::limits(explaining::Asked::Target, budget, timeout, memory);
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let report = crate::watch::interruptible(py, |cancel| {
        let options = Options {
            techniques,
            max_len,
            g_max_len,
            limits: sudolink_search::Limits {
                cancel: Some(cancel),
                ..limits
            },
            threads: threads.max(1),
        };
        explaining::explain_target(grid.state(), conclusion, grid.known_solution(), &options)
    })?
    .map_err(|e| engine_error(&e))?;
    Ok(Explanation {
        grid,
        report,
        max_len,
    })
}
