//! Loading one puzzle or pencil-mark state from text, in every format the grid readers
//! know ([`sudolink_engine::grid::format::list`]: list lines with their columns, nine
//! groups, nine lines, `[code]` blocks, HoDoKu lines, pencil-mark grids, sukakus), or by
//! the name of a puzzle of `data/named_puzzles.txt` (held in the binary): parse, build its
//! state, count solutions. Puzzle K of a list ([`pick`]) is the K-th item as every command
//! numbers them. Reading files and standard input is the caller's job (the command line
//! reads the PUZZLE argument's file; the explorer receives texts).

use std::sync::OnceLock;
use sudolink_engine::grid::format::{
    excerpt, parse_list, parse_one, values_line, ListItem, ParseError, ParseErrorKind, ParsedGrid,
};
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
        "{origin}: holds {count} puzzles; this command takes one (rate and classify take \
         files; FILE:K picks puzzle K)"
    )]
    SeveralPuzzles { origin: String, count: usize },
    #[error("{origin}")]
    Format {
        origin: String,
        #[source]
        source: ParseError,
    },
    #[error("{origin}: no puzzle {k}: it holds {count} puzzle(s), numbered from 1")]
    NoSuchPuzzle {
        origin: String,
        k: usize,
        count: usize,
    },
    #[error("{}", unknown_word(word, near))]
    UnknownWord {
        word: String,
        near: Vec<&'static str>,
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

/// The message for a word that is neither a file, a grid nor a named puzzle.
fn unknown_word(word: &str, near: &[&str]) -> String {
    let names = if near.is_empty() {
        let all = named_puzzles();
        let first: Vec<&str> = all.iter().take(6).map(|n| n.name.as_str()).collect();
        format!(
            "the {} named puzzles are {}, … (data/named_puzzles.txt)",
            all.len(),
            first.join(", ")
        )
    } else {
        format!("did you mean {}?", near.join(", "))
    };
    format!(
        "{}: no such file, not a grid, and no puzzle of data/named_puzzles.txt has that \
         name; {names}",
        excerpt(word, 60)
    )
}

/// True for text that is meant as a grid, even a mistyped one: a HoDoKu line, several
/// lines, a `[code]` block, a first word of at least 17 characters most of them digits or
/// dots, or nine such groups (`..3....8. .5.1....6 …`).
pub fn looks_like_grid(text: &str) -> bool {
    let t = text.trim_start();
    if t.starts_with(':') || t.starts_with('[') || t.trim_end().contains('\n') {
        return true;
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let words: Vec<&str> = t.split_whitespace().take(9).collect();
    let groups = words.len() == 9
        && words
            .iter()
            .all(|w| (7..=11).contains(&w.chars().count()) && mostly_cells(w));
    (first.chars().count() >= 17 && mostly_cells(first)) || groups
}

/// Whether at least half of `word`'s characters are digits or dots.
fn mostly_cells(word: &str) -> bool {
    let cells = word
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .count();
    cells * 2 >= word.chars().count()
}

/// Whether `word` could be a puzzle's name: at most 40 letters, digits, `-` or `_`.
fn could_be_name(word: &str) -> bool {
    word.len() <= 40
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A puzzle of `data/named_puzzles.txt`.
#[derive(Clone, Debug)]
pub struct NamedPuzzle {
    pub name: String,
    /// Its 81-character line.
    pub grid: String,
}

/// The puzzles of `data/named_puzzles.txt`, read once from the copy the binary holds.
pub fn named_puzzles() -> &'static [NamedPuzzle] {
    static NAMED: OnceLock<Vec<NamedPuzzle>> = OnceLock::new();
    NAMED.get_or_init(|| {
        let text = include_str!("../../../data/named_puzzles.txt");
        parse_list(text)
            .filter_map(|read| match read.ok()?.grid {
                ParsedGrid::Puzzle(p) => Some(NamedPuzzle {
                    grid: p.line(),
                    name: p.name?,
                }),
                ParsedGrid::State(_) => None,
            })
            .collect()
    })
}

/// The named puzzle called `name` (any case).
pub fn named_puzzle(name: &str) -> Option<&'static NamedPuzzle> {
    named_puzzles()
        .iter()
        .find(|n| n.name.eq_ignore_ascii_case(name.trim()))
}

/// The names nearest to `word`, nearest first: those at most a third of its length of
/// edits away (at least two), or holding it (`ocean` names the three ocean puzzles).
pub fn near_names(word: &str) -> Vec<&'static str> {
    let asked = word.trim().to_ascii_lowercase();
    let within = (asked.chars().count() / 3).max(2);
    let mut near: Vec<(usize, &'static str)> = named_puzzles()
        .iter()
        .map(|n| (strsim::levenshtein(&asked, &n.name), n.name.as_str()))
        .filter(|&(d, name)| d <= within || (asked.len() >= 3 && name.contains(&asked)))
        .collect();
    near.sort();
    near.into_iter().take(5).map(|(_, name)| name).collect()
}

/// The named puzzle `word` names, or the error listing the names near it.
pub fn resolve_name(word: &str) -> Result<&'static NamedPuzzle, LoadError> {
    named_puzzle(word).ok_or_else(|| LoadError::UnknownWord {
        word: word.trim().to_string(),
        near: near_names(word),
    })
}

/// Load one puzzle or state from `text`: one grid in any format, or one word naming a
/// puzzle of `data/named_puzzles.txt`. `allow_nonunique` lets a puzzle with several
/// solutions through (without a solution to check against); one with no solution is always
/// refused, naming that.
pub fn load_text(text: &str, origin: &str, allow_nonunique: bool) -> Result<Loaded, LoadError> {
    let word = text.trim();
    if !looks_like_grid(text) && !word.is_empty() && !word.contains(char::is_whitespace) {
        if let Some(named) = named_puzzle(word) {
            let mut loaded = load_text(&named.grid, origin, allow_nonunique)?;
            loaded.name = Some(named.name.clone());
            return Ok(loaded);
        }
        // a short grid (`....1...2`) or a text that cannot be a name (a file of junk) is a
        // grid's error, not a name's
        if !mostly_cells(word) && could_be_name(word) {
            return Err(resolve_name(word).unwrap_err());
        }
    }
    let item = parse_one(text).map_err(|source| match source.kind {
        ParseErrorKind::SeveralGrids(count) => LoadError::SeveralPuzzles {
            origin: origin.to_string(),
            count,
        },
        _ => LoadError::Format {
            origin: origin.to_string(),
            source,
        },
    })?;
    load_item(item, origin, allow_nonunique)
}

/// Load one item of a list: build its state, count solutions (as [`load_text`]). Its name
/// is the puzzle's name, or the text beside a state on its line.
pub fn load_item(item: ListItem, origin: &str, allow_nonunique: bool) -> Result<Loaded, LoadError> {
    let origin = origin.to_string();
    let (state, name) = match item.grid {
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
        ParsedGrid::State(s) => (s, (!item.text.is_empty()).then_some(item.text)),
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
        s => sudolink_engine::grid::format::to_line(s),
    };
    Ok(Loaded {
        line,
        name,
        state,
        solution,
    })
}

/// The items of a list's text, each a grid or the error that names why it is not, in the
/// order every command numbers them from 1 (`FILE:K`, `rate --index`, the explorer's
/// picker).
pub fn collection_items(text: &str) -> Vec<Result<ListItem, ParseError>> {
    parse_list(text).collect()
}

/// Puzzle `k` (from 1) of a list's text, as [`collection_items`] numbers them (`FILE:K`).
pub fn pick(text: &str, k: usize, origin: &str) -> Result<ListItem, LoadError> {
    let mut items = collection_items(text);
    let count = items.len();
    if k == 0 || k > count {
        return Err(LoadError::NoSuchPuzzle {
            origin: origin.to_string(),
            k,
            count,
        });
    }
    items
        .swap_remove(k - 1)
        .map_err(|source| LoadError::Format {
            origin: format!("{origin}, puzzle {k}"),
            source,
        })
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
    fn a_collection_is_its_items_one_grid_each() {
        let text = format!("# two puzzles\n\n{DEFAULT_PUZZLE}\tocean-1\nnot a puzzle\n");
        let items = collection_items(&text);
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].as_ref().unwrap().line, 3);
        assert_eq!(items[1].as_ref().unwrap_err().line, 4);
        // nine lines are one puzzle, not nine malformed lines
        let nine: String = DEFAULT_PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let items = collection_items(&nine);
        assert_eq!(items.len(), 1);
        assert_eq!(
            load_text(&nine, "item", false).unwrap().line,
            DEFAULT_PUZZLE
        );
        assert!(collection_items("# nothing\n\n").is_empty());
        // puzzle 1 of the list is its first item; 3 is out of range; 2 names its line
        let first = pick(&text, 1, "file").unwrap();
        assert_eq!(
            load_item(first, "file", false).unwrap().name.as_deref(),
            Some("ocean-1")
        );
        assert!(matches!(
            pick(&text, 3, "file"),
            Err(LoadError::NoSuchPuzzle { k: 3, count: 2, .. })
        ));
        let e = pick(&text, 2, "file").unwrap_err().to_string();
        assert_eq!(e, "file, puzzle 2");
    }

    #[test]
    fn named_puzzles_are_known_by_name_in_any_case() {
        let l = load_text("Ocean-1", "puzzle argument", false).unwrap();
        assert_eq!(l.line, DEFAULT_PUZZLE);
        assert_eq!(l.name.as_deref(), Some("ocean-1"));
        assert!(named_puzzle("LOKI").is_some());
        let e = load_text("ocaen-1", "puzzle argument", false).unwrap_err();
        assert!(e.to_string().contains("did you mean ocean-1"), "{e}");
        assert_eq!(near_names("ocean")[..3], ["ocean-1", "ocean-3", "ocean-6"]);
        // a short grid is still a grid's error
        let e = load_text("....1...2", "puzzle argument", false).unwrap_err();
        assert!(matches!(e, LoadError::Format { .. }), "{e}");
        // so is a word that cannot be a name (a file of junk)
        let junk = "z".repeat(1000);
        let e = load_text(&junk, "file junk.txt", false).unwrap_err();
        assert!(matches!(e, LoadError::Format { .. }), "{e}");
        // an unknown name far from every name lists a few of them, briefly
        let e = load_text("qwertyuiop", "puzzle argument", false).unwrap_err();
        let e = e.to_string();
        assert!(e.contains("named puzzles are ocean-1, ocean-3"), "{e}");
        assert!(e.len() < 300, "{e}");
    }
}
