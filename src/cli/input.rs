//! Reading the PUZZLE argument: an 81-character line, a file holding one grid in any
//! supported format, or nothing (the embedded default). Checks the solution count.

use anyhow::{bail, Context, Result};
use std::path::Path;
use sudolink::grid::format::{excerpt, parse_grid, to_line, ParsedGrid};
use sudolink::grid::{Contradiction, State};
use sudolink::solver::count_solutions;

/// Ocean #1 from seed 000, the embedded default puzzle.
pub const DEFAULT_PUZZLE: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";
pub const DEFAULT_NAME: &str = "ocean-1";

/// A puzzle or state ready for analysis.
pub struct Loaded {
    /// The 81-character line of the givens (or of the placed digits for a state).
    pub line: String,
    pub name: Option<String>,
    pub state: State,
    /// The unique solution, unless the user allowed a puzzle without one.
    pub solution: Option<[u8; 81]>,
}

/// Read the text behind a PUZZLE argument: the file's contents when it names a file, the
/// argument itself when it looks like a grid (mostly digits and dots, or a HoDoKu line);
/// anything else is taken for a file name that does not exist.
pub fn read_argument(arg: &str) -> Result<(String, String)> {
    let path = Path::new(arg);
    if arg.len() != 81 && path.exists() {
        let text = read_text_file(path, "puzzle file")?;
        Ok((text, format!("file {}", excerpt(arg, 60))))
    } else if looks_like_grid(arg) {
        Ok((arg.to_string(), "puzzle argument".to_string()))
    } else {
        bail!(
            "no such file: {} (and not a puzzle grid either)",
            excerpt(arg, 60)
        )
    }
}

/// True for text that is meant as a grid, even a mistyped one: a HoDoKu line, several
/// lines, or a first word of at least 17 characters, most of them digits or dots.
fn looks_like_grid(text: &str) -> bool {
    let t = text.trim_start();
    if t.starts_with(':') || t.trim_end().contains('\n') {
        return true;
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let n = first.chars().count();
    let cells = first
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .count();
    n >= 17 && cells * 2 >= n
}

/// The text of a file, with one clear message for what goes wrong: no such file, a
/// directory, not text, or the OS's reason.
pub fn read_text_file(path: &Path, what: &str) -> Result<String> {
    let shown = excerpt(&path.display().to_string(), 80);
    if !path.exists() {
        bail!("no such file: {shown}");
    }
    if path.is_dir() {
        bail!("{shown} is a directory, not a {what}");
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {what} {shown}"))?;
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{what} {shown} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Load a puzzle: parse, build its state, count solutions. `allow_nonunique` lets a puzzle
/// with several solutions through (without a solution to check against); one with no
/// solution is always refused, naming that.
pub fn load(arg: Option<&str>, allow_nonunique: bool) -> Result<Loaded> {
    let (text, origin) = match arg {
        None => (DEFAULT_PUZZLE.to_string(), "default puzzle".to_string()),
        Some(a) => read_argument(a)?,
    };
    let grid_lines = text
        .lines()
        .filter(|l| l.split_whitespace().next().is_some_and(|t| t.len() >= 81))
        .count();
    if grid_lines > 1 && !text.trim_start().starts_with(':') {
        bail!("{origin}: holds {grid_lines} puzzles; this command takes one (rate and classify take files)");
    }
    let parsed = parse_grid(&text).with_context(|| origin.clone())?;
    let (state, name) = match parsed {
        ParsedGrid::Puzzle(p) => (
            p.start_state().map_err(|e| match e {
                Contradiction::DuplicateDigit(..) => {
                    anyhow::anyhow!("{origin}: the givens contradict each other: {e}")
                }
                _ => anyhow::anyhow!("{origin}: the puzzle has no solution: {e}"),
            })?,
            p.name,
        ),
        ParsedGrid::State(s) => (s, None),
    };
    let name = name.or_else(|| arg.is_none().then(|| DEFAULT_NAME.to_string()));
    let result = count_solutions(&state, 2);
    let solution = match result.count {
        1 => result.solution,
        0 if allow_nonunique => bail!(
            "{origin}: the puzzle has no solution (--allow-nonunique admits several solutions, not none)"
        ),
        0 => bail!("{origin}: the puzzle has no solution"),
        _ if allow_nonunique => None,
        _ => bail!(
            "{origin}: the puzzle has several solutions (at least 2); pass --allow-nonunique to analyse it anyway"
        ),
    };
    let line = match &state {
        s if s.givens_mask() != 0 => sudolink::grid::format::values_line(&s.given_values()),
        s => to_line(s),
    };
    Ok(Loaded {
        line,
        name,
        state,
        solution,
    })
}
