//! `sudolink.Grid`: a grid state (placed digits and open candidates) read from every format
//! the command line reads — an 81-character line (with a name after it), nine lines of
//! nine, the 729-character pencil marks (sukaku), HoDoKu's library line, a pencil-mark
//! grid — with its solution count, its candidates, its text in each format and its
//! picture.

use crate::errors::{guarded, value_error};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::path::PathBuf;
use sudolink_engine::grid::format::{
    excerpt, to_hodoku, to_line, to_pencil_mark_grid, to_pencil_mark_string,
};
use sudolink_engine::grid::{Candidate, Cell, State};
use sudolink_engine::solver::count_solutions;
use sudolink_export::svg::{Diagram, PixelWidth};
use sudolink_study::input::{load_text, Loaded};

/// The text forms [`Grid::text`] writes.
const FORMATS: &str = "line, lines, marks (or sukaku), hodoku, grid";

/// A Sudoku grid state: the placed digits (givens and others) and the open candidates.
///
/// Read from any format the command line reads: an 81-character line (digits, '.' or '0'
/// for empty cells; a name may follow), nine lines of nine, the 729-character pencil marks
/// (sukaku), HoDoKu's library line (``:0000:x:grid:deleted::``) or a pencil-mark grid as
/// SudoRules and HoDoKu print it. A grid with no solution is refused, and one with several
/// unless ``allow_nonunique=True``.
///
/// Raises ValueError naming what is wrong and where (line and column, or cell).
///
/// Example::
///
///     >>> import sudolink
///     >>> g = sudolink.Grid("....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....")
///     >>> g.solutions, len(g.candidates("r1c1"))
///     (1, 5)
///     >>> g.text("hodoku")[:10]
///     ':0000:x:..'
#[pyclass(module = "sudolink", frozen)]
#[derive(Clone)]
pub struct Grid {
    pub(crate) loaded: Loaded,
    /// How many solutions, up to 2 (2: several).
    solutions: usize,
}

impl Grid {
    /// Read `text` (from `origin`, which error messages name).
    pub fn read(text: &str, origin: &str, allow_nonunique: bool) -> PyResult<Grid> {
        guarded(|| {
            let loaded = load_text(text, origin, allow_nonunique).map_err(|e| value_error(&e))?;
            let solutions = if loaded.solution.is_some() {
                1
            } else {
                count_solutions(&loaded.state, 2).count
            };
            Ok(Grid { loaded, solutions })
        })
    }

    /// A state reached from this grid (a path's), with the same givens and solution.
    pub fn with_state(&self, state: State) -> Grid {
        let mut loaded = self.loaded.clone();
        loaded.state = state;
        Grid {
            loaded,
            solutions: self.solutions,
        }
    }

    pub fn state(&self) -> &State {
        &self.loaded.state
    }

    pub fn known_solution(&self) -> Option<&[u8; 81]> {
        self.loaded.solution.as_ref()
    }

    /// Whether the state is its givens' start state (a puzzle, not pencil marks).
    fn is_start(&self) -> bool {
        self.loaded.state.givens_mask() != 0
            && State::from_givens(&self.loaded.state.given_values())
                .is_ok_and(|s| s == self.loaded.state)
    }
}

/// A picture's width: `None` for the natural width, else 200 to 4000 pixels.
pub fn pixel_width(width: Option<u32>) -> PyResult<Option<PixelWidth>> {
    width
        .map(|w| PixelWidth::new(w).map_err(|e| value_error(&e)))
        .transpose()
}

/// A cell as the forums write it (`r4c1`).
pub fn read_cell(text: &str) -> PyResult<Cell> {
    text.trim().parse::<Cell>().map_err(|e| {
        PyValueError::new_err(format!(
            "bad cell {:?}: {e} (expected r4c1)",
            excerpt(text, 20)
        ))
    })
}

/// A `Grid` or a text to read as one: what every function taking a grid accepts.
pub fn grid_of(obj: &Bound<'_, PyAny>) -> PyResult<Grid> {
    if let Ok(g) = obj.cast::<Grid>() {
        return Ok(g.get().clone());
    }
    match obj.extract::<String>() {
        Ok(text) => Grid::read(&text, "grid text", false),
        Err(_) => Err(PyValueError::new_err(format!(
            "expected a sudolink.Grid or a grid's text, got {}",
            obj.get_type().name()?
        ))),
    }
}

#[pymethods]
impl Grid {
    #[new]
    #[pyo3(signature = (text, *, allow_nonunique = false))]
    fn new(text: &str, allow_nonunique: bool) -> PyResult<Grid> {
        Grid::read(text, "grid text", allow_nonunique)
    }

    /// Read the one grid of a file (any format); ValueError when it holds several puzzles
    /// (rate and classify take collections), OSError when it cannot be read.
    #[classmethod]
    #[pyo3(signature = (path, *, allow_nonunique = false))]
    fn from_file(_cls: &Bound<'_, PyType>, path: PathBuf, allow_nonunique: bool) -> PyResult<Grid> {
        let shown = excerpt(&path.display().to_string(), 60);
        let bytes = std::fs::read(&path)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            PyValueError::new_err(format!(
                "file {shown} is not UTF-8 text (bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ))
        })?;
        Grid::read(&text, &format!("file {shown}"), allow_nonunique)
    }

    /// The 81-character line: the givens of a puzzle (its placed digits for a pencil-mark
    /// state without givens), '.' for an empty cell.
    #[getter]
    fn line(&self) -> &str {
        &self.loaded.line
    }

    /// The name written after the grid, if any.
    #[getter]
    fn name(&self) -> Option<&str> {
        self.loaded.name.as_deref()
    }

    /// How many solutions: 1, or 2 for "at least two" (with ``allow_nonunique``).
    #[getter]
    fn solutions(&self) -> usize {
        self.solutions
    }

    /// The unique solution as 81 digits, or None when the grid has several.
    #[getter]
    fn solution(&self) -> Option<String> {
        self.loaded
            .solution
            .map(|s| s.iter().map(|d| char::from(b'0' + d)).collect())
    }

    /// The placed digits, 81 numbers in reading order (0: empty).
    #[getter]
    fn values(&self) -> Vec<u8> {
        self.loaded.state.values().to_vec()
    }

    /// Whether every cell is placed.
    #[getter]
    fn is_solved(&self) -> bool {
        self.loaded.state.is_solved()
    }

    /// The open candidates as the forums write them (``n5r1c2``), in reading order; only
    /// those of ``cell`` (``"r1c2"``) when given.
    #[pyo3(signature = (cell = None))]
    fn candidates(&self, cell: Option<&str>) -> PyResult<Vec<String>> {
        let only = cell.map(read_cell).transpose()?;
        Ok(self
            .loaded
            .state
            .candidates()
            .iter()
            .filter(|c: &Candidate| only.is_none_or(|cell| c.cell() == cell))
            .map(|c| c.to_string())
            .collect())
    }

    /// The grid as text: ``line`` (81 characters), ``lines`` (nine lines of nine),
    /// ``marks`` or ``sukaku`` (729 characters: digit n at position n of each cell when a
    /// candidate), ``hodoku`` (HoDoKu's library line, every placement and elimination
    /// kept) or ``grid`` (the pencil-mark grid SudoRules and HoDoKu print). Every form
    /// reads back with ``Grid``.
    #[pyo3(signature = (format = "line"))]
    fn text(&self, format: &str) -> PyResult<String> {
        let state = &self.loaded.state;
        Ok(match format {
            "line" => to_line(state),
            "lines" => to_line(state)
                .as_bytes()
                .chunks(9)
                .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
                .collect(),
            "marks" | "sukaku" => to_pencil_mark_string(state),
            "hodoku" => to_hodoku(state),
            "grid" => to_pencil_mark_grid(state),
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown grid format {:?} (expected one of {FORMATS})",
                    excerpt(other, 20)
                )))
            }
        })
    }

    /// The grid as an SVG picture (pencil marks in the open cells), ``width`` pixels wide
    /// (200 to 4000; default its natural 596).
    #[pyo3(signature = (width = None))]
    fn svg(&self, width: Option<u32>) -> PyResult<String> {
        let width = pixel_width(width)?;
        guarded(|| Ok(Diagram::grid(&self.loaded.state).to_svg_at(width)))
    }

    /// Jupyter shows a grid that ends a cell as its picture.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None)
    }

    fn __str__(&self) -> String {
        to_pencil_mark_grid(&self.loaded.state)
    }

    fn __repr__(&self) -> String {
        if self.is_start() {
            format!("Grid('{}')", to_line(&self.loaded.state))
        } else {
            format!("Grid('{}')", to_hodoku(&self.loaded.state))
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Grid>()
            .is_ok_and(|o| o.get().loaded.state == self.loaded.state)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.loaded.state.hash(&mut h);
        h.finish()
    }

    /// Pickling (multiprocessing, dask): the state's HoDoKu line, which keeps every
    /// placement and elimination.
    fn __getnewargs_ex__(&self) -> ((String,), std::collections::HashMap<String, bool>) {
        let text = match (&self.loaded.name, self.is_start()) {
            (Some(name), true) => format!("{} {name}", self.loaded.line),
            _ if self.is_start() => self.loaded.line.clone(),
            _ => to_hodoku(&self.loaded.state),
        };
        let kwargs = [("allow_nonunique".to_string(), self.solutions != 1)].into();
        ((text,), kwargs)
    }
}

/// Whether ``text`` is meant as a grid (mostly digits and dots, several lines, or a HoDoKu
/// line) rather than a file name: how ``rate`` and the command line tell them apart.
#[pyfunction]
pub fn looks_like_grid(text: &str) -> bool {
    sudolink_study::input::looks_like_grid(text)
}
