//! Loading one puzzle or pencil-mark state from text, in every format the grid readers
//! know (81-character line, nine lines, HoDoKu line, pencil-mark grid, 729-character
//! marks): parse, build its state, count solutions. Reading files is the caller's job (the
//! command line reads the PUZZLE argument's file; the explorer receives texts).

use sudolink_engine::grid::format::{parse_grid, to_line, values_line, ParseError, ParsedGrid};
use sudolink_engine::grid::{Contradiction, State};
use sudolink_engine::solver::count_solutions;
use thiserror::Error;

/// Ocean #1 from [Berthier NRC], the embedded default puzzle.
pub const DEFAULT_PUZZLE: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";
pub const DEFAULT_NAME: &str = "ocean-1";

/// A puzzle or state ready for analysis.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The 81-character line of the givens (or of the placed digits for a state).
    pub line: String,
    pub name: Option<String>,
    pub state: State,
    /// The unique solution, unless the user allowed a puzzle without one.
    pub solution: Option<[u8; 81]>,
}

/// Why a text does not load; `origin` says where the text came from ("puzzle argument",
/// "file x.txt", "request").
#[derive(Debug, Error)]
pub enum LoadError {
    #[error(
        "{origin}: holds {count} puzzles; this command takes one (rate and classify take files)"
    )]
    SeveralPuzzles { origin: String, count: usize },
    #[error("{origin}")]
    Format {
        origin: String,
        #[source]
        source: ParseError,
    },
    #[error("{origin}: the givens contradict each other: {source}")]
    Contradictory {
        origin: String,
        source: Contradiction,
    },
    #[error("{origin}: the puzzle has no solution: {source}")]
    Unsolvable {
        origin: String,
        source: Contradiction,
    },
    #[error("{origin}: the puzzle has no solution (--allow-nonunique admits several solutions, not none)")]
    NoSolutionAllowed { origin: String },
    #[error("{origin}: the puzzle has no solution")]
    NoSolution { origin: String },
    #[error("{origin}: the puzzle has several solutions (at least 2); pass --allow-nonunique to analyse it anyway")]
    SeveralSolutions { origin: String },
}

/// True for text that is meant as a grid, even a mistyped one: a HoDoKu line, several
/// lines, or a first word of at least 17 characters, most of them digits or dots.
pub fn looks_like_grid(text: &str) -> bool {
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

/// Load one puzzle or state from `text`. `allow_nonunique` lets a puzzle with several
/// solutions through (without a solution to check against); one with no solution is always
/// refused, naming that.
pub fn load_text(text: &str, origin: &str, allow_nonunique: bool) -> Result<Loaded, LoadError> {
    let origin = origin.to_string();
    let grid_lines = text
        .lines()
        .filter(|l| l.split_whitespace().next().is_some_and(|t| t.len() >= 81))
        .count();
    if grid_lines > 1 && !text.trim_start().starts_with(':') {
        return Err(LoadError::SeveralPuzzles {
            origin,
            count: grid_lines,
        });
    }
    let parsed = parse_grid(text).map_err(|source| LoadError::Format {
        origin: origin.clone(),
        source,
    })?;
    let (state, name) = match parsed {
        ParsedGrid::Puzzle(p) => (
            p.start_state().map_err(|e| match e {
                Contradiction::DuplicateDigit(..) => LoadError::Contradictory {
                    origin: origin.clone(),
                    source: e,
                },
                _ => LoadError::Unsolvable {
                    origin: origin.clone(),
                    source: e,
                },
            })?,
            p.name,
        ),
        ParsedGrid::State(s) => (s, None),
    };
    let result = count_solutions(&state, 2);
    let solution = match result.count {
        1 => result.solution,
        0 if allow_nonunique => return Err(LoadError::NoSolutionAllowed { origin }),
        0 => return Err(LoadError::NoSolution { origin }),
        _ if allow_nonunique => None,
        _ => return Err(LoadError::SeveralSolutions { origin }),
    };
    let line = match &state {
        s if s.givens_mask() != 0 => values_line(&s.given_values()),
        s => to_line(s),
    };
    Ok(Loaded {
        line,
        name,
        state,
        solution,
    })
}

/// One puzzle of a collection file: its 1-based line in the file and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollectionItem<'a> {
    pub line: usize,
    pub text: &'a str,
}

/// The puzzles of a file's text as the command line reads files: one per line, blank lines
/// and `#` comments skipped, a name or TAB columns allowed after the grid (as `rate` and
/// `classify` read collections); or, when the first such line is not a puzzle line but the
/// whole text is one grid in another form (nine lines, a pencil-mark grid, a HoDoKu line,
/// the 729-character marks, as `explain FILE` reads it), that one grid. A malformed line is
/// still an item: loading it names the problem and the line.
///
/// Complexity: one pass over the text (the first line is parsed to tell the two forms
/// apart; a whole-text grid is parsed once).
pub fn collection_items(text: &str) -> Vec<CollectionItem<'_>> {
    let lines: Vec<CollectionItem<'_>> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(i, l)| CollectionItem {
            line: i + 1,
            text: l,
        })
        .collect();
    let Some(first) = lines.first() else {
        return lines;
    };
    if lines.len() > 1
        && sudolink_engine::grid::format::parse_line(first.text, first.line).is_err()
        && parse_grid(text).is_ok()
    {
        return vec![CollectionItem {
            line: first.line,
            text,
        }];
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_loads_with_its_solution() {
        let l = load_text(DEFAULT_PUZZLE, "default", false).unwrap();
        assert!(l.solution.is_some());
        assert_eq!(l.line, DEFAULT_PUZZLE);
        assert!(load_text("12", "request", false).is_err());
    }

    #[test]
    fn a_collection_is_its_lines_or_one_grid_in_another_form() {
        let text = format!("# two puzzles\n\n{DEFAULT_PUZZLE}\tocean-1\nnot a puzzle\n");
        let items = collection_items(&text);
        assert_eq!(items.len(), 2);
        assert_eq!((items[0].line, items[1].line), (3, 4));
        assert!(load_text(items[0].text, "item", false).is_ok());
        // nine lines are one puzzle, not nine malformed lines
        let nine: String = DEFAULT_PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let items = collection_items(&nine);
        assert_eq!(items.len(), 1);
        assert_eq!(
            load_text(items[0].text, "item", false).unwrap().line,
            DEFAULT_PUZZLE
        );
        assert!(collection_items("# nothing\n\n").is_empty());
        // a single line is one item whatever its form
        assert_eq!(collection_items(DEFAULT_PUZZLE).len(), 1);
    }
}
