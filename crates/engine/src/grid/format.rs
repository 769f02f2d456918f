//! Reading and writing grids: the 81-character line (with an optional name), 9 lines of 9,
//! files of many puzzles, the 729-character pencil-mark string, HoDoKu's library line
//! (`:0000:x:<grid, + before placed digits>:<deleted candidates>::`), and the pencil-mark
//! grid that SudoRules and HoDoKu print. Every error names the line and column (or cell).

use super::bits::bits;
use super::candidate_set::CandidateSet;
use super::state::{Contradiction, State};
use super::types::{Candidate, Cell, Digit};
use thiserror::Error;

/// What went wrong while reading a grid, and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}{}: {kind}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct ParseError {
    pub line: usize,
    pub column: Option<usize>,
    pub kind: ParseErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    #[error("empty input: no grid found")]
    Empty,
    #[error("bad character {0:?} (expected 1-9, '.' or '0')")]
    BadCharacter(char),
    #[error("a grid line needs 81 cells, found {0}")]
    WrongLength(usize),
    #[error("a pencil-mark string needs 729 characters, found {0}")]
    WrongPencilMarkLength(usize),
    #[error(
        "in cell {cell}, digit {digit:?} is at position {position} (digit n must be at position n)"
    )]
    MisplacedPencilMark {
        cell: Cell,
        digit: char,
        position: usize,
    },
    #[error("a pencil-mark grid needs 81 cells, found {0}")]
    WrongCellCount(usize),
    #[error("cell {cell}: bad candidate list {text:?}")]
    BadCandidateList { cell: Cell, text: String },
    #[error("a HoDoKu library line needs the form :code:digits:grid:deleted::, {0}")]
    BadHodoku(String),
    #[error("HoDoKu line, field {field} ({name}): {problem}")]
    BadHodokuField {
        field: usize,
        name: &'static str,
        problem: String,
    },
    #[error("nine-line grid: line has {0} cells, expected 9")]
    WrongRowLength(usize),
    #[error("the grid contradicts itself: {0}")]
    Contradiction(#[from] Contradiction),
}

impl ParseError {
    fn at(line: usize, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }
}

/// `text` for an error message, cut to its first `max` characters with `…` when longer
/// (a 10 MB input quoted whole would bury the message).
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// A puzzle read from text: its givens and an optional name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub givens: [u8; 81],
    pub name: Option<String>,
}

impl Puzzle {
    /// The 81-character form with '.' for empty cells.
    pub fn line(&self) -> String {
        values_line(&self.givens)
    }
    /// The start state: givens placed with their direct eliminations.
    pub fn start_state(&self) -> Result<State, Contradiction> {
        State::from_givens(&self.givens)
    }
}

fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        _ => None,
    }
}

fn is_grid_token(t: &str) -> bool {
    t.chars().count() == 81 && t.chars().all(|c| cell_value(c).is_some())
}

/// Parse an 81-character puzzle line with an optional name after whitespace or a TAB (or
/// before it, as in `name<TAB>grid`). `line_no` is used in errors.
pub fn parse_line(text: &str, line_no: usize) -> Result<Puzzle, ParseError> {
    let text = text.trim_end_matches(['\r', '\n']);
    let tokens: Vec<(usize, &str)> = tokens_with_columns(text)
        .filter(|(_, t)| !t.is_empty())
        .collect();
    let Some(&(first_pos, first)) = tokens.first() else {
        return Err(ParseError::at(line_no, None, ParseErrorKind::Empty));
    };
    let grid_at = if is_grid_token(first) {
        0
    } else {
        tokens
            .iter()
            .position(|(_, t)| is_grid_token(t))
            .unwrap_or(0)
    };
    let (pos, grid_part) = if grid_at == 0 {
        (first_pos, first)
    } else {
        tokens[grid_at]
    };
    let mut givens = [0u8; 81];
    let mut count = 0;
    for (i, ch) in grid_part.chars().enumerate() {
        let v = cell_value(ch).ok_or_else(|| {
            ParseError::at(line_no, Some(pos + i + 1), ParseErrorKind::BadCharacter(ch))
        })?;
        if count < 81 {
            givens[count] = v;
        }
        count += 1;
    }
    if count != 81 {
        return Err(ParseError::at(
            line_no,
            None,
            ParseErrorKind::WrongLength(count),
        ));
    }
    let name: Vec<&str> = tokens
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != grid_at)
        .map(|(_, (_, t))| *t)
        .collect();
    let name = name.join(" ");
    Ok(Puzzle {
        givens,
        name: (!name.is_empty()).then_some(name),
    })
}

/// Parse 9 lines of 9 cells (spaces and `|` ignored; lines made only of `-+` skipped).
pub fn parse_nine_lines(text: &str, first_line_no: usize) -> Result<Puzzle, ParseError> {
    let mut givens = [0u8; 81];
    let mut row = 0;
    for (k, line) in text.lines().enumerate() {
        let line_no = first_line_no + k;
        let cells: Vec<(usize, char)> = line
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace() && !"|!".contains(*c))
            .collect();
        if cells.is_empty() || cells.iter().all(|(_, c)| "-+=*".contains(*c)) {
            continue;
        }
        if cells.len() != 9 {
            return Err(ParseError::at(
                line_no,
                None,
                ParseErrorKind::WrongRowLength(cells.len()),
            ));
        }
        if row == 9 {
            return Err(ParseError::at(
                line_no,
                None,
                ParseErrorKind::WrongLength(90),
            ));
        }
        for (col, &(pos, ch)) in cells.iter().enumerate() {
            givens[row * 9 + col] = cell_value(ch).ok_or_else(|| {
                ParseError::at(line_no, Some(pos + 1), ParseErrorKind::BadCharacter(ch))
            })?;
        }
        row += 1;
    }
    if row != 9 {
        return Err(ParseError::at(
            first_line_no,
            None,
            ParseErrorKind::WrongLength(row * 9),
        ));
    }
    Ok(Puzzle { givens, name: None })
}

/// Parse a file of puzzles, one 81-character line each (optional name or extra TAB columns);
/// blank lines and lines starting with `#` are skipped. Each item carries its 1-based line.
pub fn parse_collection(
    text: &str,
) -> impl Iterator<Item = (usize, Result<Puzzle, ParseError>)> + '_ {
    text.lines().enumerate().filter_map(|(i, line)| {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            None
        } else {
            Some((i + 1, parse_line(line, i + 1)))
        }
    })
}

/// Build a state from placed values and per-cell candidate masks. A cell whose list has a
/// single digit is taken as placed (that is how both SudoRules and HoDoKu print solved cells).
fn state_from_masks(masks: &[u16; 81], givens: u128, line_no: usize) -> Result<State, ParseError> {
    let mut values = [0u8; 81];
    let mut open = CandidateSet::EMPTY;
    for cell in Cell::all() {
        let m = masks[cell.index()];
        if m.count_ones() == 1 {
            values[cell.index()] = m.trailing_zeros() as u8 + 1;
        } else {
            for d in Digit::all().filter(|d| m >> d.index() & 1 == 1) {
                open.insert(Candidate::new(cell, d));
            }
        }
    }
    State::from_parts(&values, givens, &open)
        .map_err(|e| ParseError::at(line_no, None, ParseErrorKind::Contradiction(e)))
}

/// Parse the 729-character pencil-mark string: for each cell in reading order, nine
/// positions holding the digit n at position n when n is a candidate, '.' (or '0') otherwise.
/// A cell with a single digit is placed.
pub fn parse_pencil_mark_string(text: &str, line_no: usize) -> Result<State, ParseError> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 729 {
        return Err(ParseError::at(
            line_no,
            None,
            ParseErrorKind::WrongPencilMarkLength(chars.len()),
        ));
    }
    let mut masks = [0u16; 81];
    for (i, &ch) in chars.iter().enumerate() {
        let (cell, pos) = (Cell::new(i / 9), i % 9);
        match ch {
            '.' | '0' => {}
            '1'..='9' if (ch as u8 - b'1') as usize == pos => masks[cell.index()] |= 1 << pos,
            '1'..='9' => {
                return Err(ParseError::at(
                    line_no,
                    Some(i + 1),
                    ParseErrorKind::MisplacedPencilMark {
                        cell,
                        digit: ch,
                        position: pos + 1,
                    },
                ))
            }
            _ => {
                return Err(ParseError::at(
                    line_no,
                    Some(i + 1),
                    ParseErrorKind::BadCharacter(ch),
                ))
            }
        }
    }
    state_from_masks(&masks, 0, line_no)
}

/// Parse HoDoKu's library line `:code:digits:grid:deleted:...` where the grid has a `+`
/// before digits placed after the start (the others are givens) and `deleted` lists removed
/// candidates as digit-row-column triples (`713 715`).
pub fn parse_hodoku(text: &str, line_no: usize) -> Result<State, ParseError> {
    let fields: Vec<&str> = text.trim().split(':').collect();
    if !fields[0].is_empty() {
        return Err(ParseError::at(
            line_no,
            Some(1),
            ParseErrorKind::BadHodoku(format!(
                "found {:?} before the first ':'",
                excerpt(fields[0], 20)
            )),
        ));
    }
    if fields.len() < 5 {
        let missing =
            ["code", "digits", "grid", "deleted candidates"][fields.len() - 1..].join(", ");
        return Err(ParseError::at(
            line_no,
            None,
            ParseErrorKind::BadHodoku(format!("found {} field(s): no {missing}", fields.len() - 1)),
        ));
    }
    let field_error =
        |field: usize, name: &'static str, problem: String| ParseErrorKind::BadHodokuField {
            field,
            name,
            problem,
        };
    let grid = fields[3];
    let grid_col = fields[..3].iter().map(|f| f.len() + 1).sum::<usize>() + 1;
    let mut values = [0u8; 81];
    let mut givens = 0u128;
    let mut cell = 0;
    let mut plus = false;
    for (i, ch) in grid.chars().enumerate() {
        if ch == '+' {
            plus = true;
            continue;
        }
        let v = cell_value(ch).ok_or_else(|| {
            ParseError::at(
                line_no,
                Some(grid_col + i),
                field_error(
                    3,
                    "grid",
                    format!("bad character {ch:?} (expected 1-9, '.', '0' or '+' before a placed digit)"),
                ),
            )
        })?;
        if cell < 81 {
            values[cell] = v;
            if v != 0 && !plus {
                givens |= 1 << cell;
            }
        }
        plus = false;
        cell += 1;
    }
    if cell != 81 {
        return Err(ParseError::at(
            line_no,
            None,
            field_error(3, "grid", format!("needs 81 cells, found {cell}")),
        ));
    }
    let mut start = State::from_parts(&values, givens, &CandidateSet::full())
        .map_err(|e| ParseError::at(line_no, None, ParseErrorKind::Contradiction(e)))?;
    for token in fields[4].split_whitespace() {
        let b = token.as_bytes();
        let ok = b.len() == 3 && b.iter().all(|x| (b'1'..=b'9').contains(x));
        if !ok {
            return Err(ParseError::at(
                line_no,
                None,
                field_error(
                    4,
                    "deleted candidates",
                    format!(
                        "bad candidate {:?} (expected digit, row, column such as 713)",
                        excerpt(token, 20)
                    ),
                ),
            ));
        }
        let d = Digit::new(b[0] - b'0').unwrap();
        let cell = Cell::at((b[1] - b'1') as usize, (b[2] - b'1') as usize);
        if start.has(Candidate::new(cell, d)) {
            start
                .eliminate(Candidate::new(cell, d))
                .map_err(|e| ParseError::at(line_no, None, ParseErrorKind::Contradiction(e)))?;
        }
    }
    Ok(start)
}

/// Parse a pencil-mark grid as SudoRules and HoDoKu print it: border lines (`+---+`,
/// `.---.`, `:---+---:`, `'---'`) are skipped, `|` and `!` separate stacks, and each cell is
/// a list of digits. Exactly 81 cells are expected; a one-digit cell is placed.
pub fn parse_pencil_mark_grid(text: &str, first_line_no: usize) -> Result<State, ParseError> {
    let mut masks = [0u16; 81];
    let mut count = 0;
    let mut last_line = first_line_no;
    for (k, line) in text.lines().enumerate() {
        let line_no = first_line_no + k;
        for (pos, token) in tokens_with_columns(line) {
            if token.chars().all(|c| "-+=.:'*".contains(c)) {
                continue;
            }
            let cell = Cell::new(count.min(80));
            let mut m = 0u16;
            for ch in token.chars() {
                match ch {
                    '1'..='9' => m |= 1 << (ch as u8 - b'1'),
                    _ => {
                        return Err(ParseError::at(
                            line_no,
                            Some(pos + 1),
                            ParseErrorKind::BadCandidateList {
                                cell,
                                text: excerpt(token, 20),
                            },
                        ))
                    }
                }
            }
            if count < 81 {
                masks[count] = m;
            }
            count += 1;
            last_line = line_no;
        }
    }
    if count != 81 {
        return Err(ParseError::at(
            last_line,
            None,
            ParseErrorKind::WrongCellCount(count),
        ));
    }
    state_from_masks(&masks, 0, first_line_no)
}

fn tokens_with_columns(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let is_sep = |c: char| c.is_whitespace() || c == '|' || c == '!';
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (is_sep(c), start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out.into_iter()
}

/// What [`parse_grid`] found.
#[derive(Debug, Clone)]
pub enum ParsedGrid {
    /// Givens only: the start state follows from them.
    Puzzle(Puzzle),
    /// A state with explicit candidates (pencil marks or HoDoKu line).
    State(State),
}

/// Read one grid in any supported format, detected from its shape.
pub fn parse_grid(text: &str) -> Result<ParsedGrid, ParseError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let Some(&(first_no, first)) = lines.first() else {
        return Err(ParseError::at(1, None, ParseErrorKind::Empty));
    };
    let first_t = first.trim();
    if first_t.starts_with(':') {
        return parse_hodoku(first_t, first_no).map(ParsedGrid::State);
    }
    if lines.len() == 1 {
        let token = first_t.split_whitespace().next().unwrap_or("");
        // digits and dots, nearer 729 than 81 of them: meant as a pencil-mark string
        let pencil_marks = token.chars().all(|c| c.is_ascii_digit() || c == '.');
        if pencil_marks && token.chars().count() >= 405 {
            return parse_pencil_mark_string(token, first_no).map(ParsedGrid::State);
        }
        return parse_line(first, first_no).map(ParsedGrid::Puzzle);
    }
    let body: String = text
        .lines()
        .skip(first_no - 1)
        .collect::<Vec<_>>()
        .join("\n");
    let cells_per_line: Vec<usize> = lines
        .iter()
        .map(|(_, l)| {
            tokens_with_columns(l)
                .filter(|(_, t)| !t.chars().all(|c| "-+=.:'*".contains(c)) || t.len() == 1)
                .count()
        })
        .collect();
    let multi_digit = lines.iter().any(|(_, l)| {
        tokens_with_columns(l).any(|(_, t)| t.len() > 1 && t.chars().all(|c| c.is_ascii_digit()))
    });
    let compact_rows = lines.iter().all(|(_, l)| {
        l.trim()
            .chars()
            .all(|c| c.is_ascii_digit() || ".|+- !".contains(c))
    });
    if !multi_digit && compact_rows && cells_per_line.iter().all(|&n| n <= 11) {
        return parse_nine_lines(&body, first_no).map(ParsedGrid::Puzzle);
    }
    parse_pencil_mark_grid(&body, first_no).map(ParsedGrid::State)
}

/// The 81-character line of an array of values, '.' for empty.
pub fn values_line(values: &[u8; 81]) -> String {
    values
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// The 81-character line of a state's placed digits.
pub fn to_line(state: &State) -> String {
    values_line(state.values())
}

/// The 729-character pencil-mark string (placed cells show their digit alone).
pub fn to_pencil_mark_string(state: &State) -> String {
    let mut out = String::with_capacity(729);
    for cell in Cell::all() {
        let mask = cell_digits(state, cell);
        for d in 0..9 {
            out.push(if mask >> d & 1 == 1 {
                (b'1' + d) as char
            } else {
                '.'
            });
        }
    }
    out
}

/// HoDoKu's library line for a state: `:0000:x:<grid>:<deleted>::` with `+` before placed
/// digits that are not givens and the deleted candidates as digit-row-column triples.
pub fn to_hodoku(state: &State) -> String {
    let mut grid = String::new();
    let base = State::from_parts(state.values(), 0, &CandidateSet::full())
        .unwrap_or_else(|_| State::empty());
    for cell in Cell::all() {
        match state.value(cell) {
            Some(d) if state.is_given(cell) => grid.push_str(&d.to_string()),
            Some(d) => grid.push_str(&format!("+{d}")),
            None => grid.push('.'),
        }
    }
    let deleted: Vec<String> = base
        .candidates()
        .difference(state.candidates())
        .iter()
        .map(|c| format!("{}{}{}", c.digit(), c.cell().row() + 1, c.cell().col() + 1))
        .collect();
    format!(":0000:x:{grid}:{}::", deleted.join(" "))
}

fn cell_digits(state: &State, cell: Cell) -> u16 {
    match state.value(cell) {
        Some(d) => 1 << d.index(),
        None => state.cell_mask(cell),
    }
}

fn cell_text(state: &State, cell: Cell) -> String {
    let m = cell_digits(state, cell);
    bits(m).map(|d| (b'1' + d as u8) as char).collect()
}

/// The pencil-mark grid in the style SudoRules and HoDoKu print: `+---+` borders between
/// bands, `|` between stacks, each column padded to its widest cell.
pub fn to_pencil_mark_grid(state: &State) -> String {
    let texts: Vec<String> = Cell::all().map(|c| cell_text(state, c)).collect();
    bordered_grid(&texts)
}

/// 81 cell texts (row by row) as a grid in the style SudoRules and HoDoKu print: `+---+`
/// borders between bands, `|` between stacks, each column padded to its widest cell; one
/// line per row, each ending in a newline.
pub fn bordered_grid(texts: &[String]) -> String {
    let widths: Vec<usize> = (0..9)
        .map(|col| {
            (0..9)
                .map(|row| texts[row * 9 + col].len())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let border = {
        let mut b = String::from("+");
        for stack in 0..3 {
            let w: usize = (0..3).map(|k| widths[stack * 3 + k] + 2).sum::<usize>() + 1;
            b.push_str(&"-".repeat(w));
            b.push('+');
        }
        b
    };
    let mut out = String::new();
    for row in 0..9 {
        if row % 3 == 0 {
            out.push_str(&border);
            out.push('\n');
        }
        out.push('|');
        for col in 0..9 {
            out.push_str(&format!(" {:<w$} ", texts[row * 9 + col], w = widths[col]));
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&border);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const OCEAN1: &str =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

    #[test]
    fn line_with_name() {
        let p = parse_line(&format!("{OCEAN1}\tocean-1"), 1).unwrap();
        assert_eq!(p.name.as_deref(), Some("ocean-1"));
        assert_eq!(p.line(), OCEAN1);
    }

    #[test]
    fn bad_character_is_located() {
        let bad = OCEAN1.replacen('1', "x", 1);
        let e = parse_line(&bad, 7).unwrap_err();
        assert_eq!(e.line, 7);
        assert_eq!(e.column, Some(5));
        assert_eq!(
            e.to_string(),
            "line 7, column 5: bad character 'x' (expected 1-9, '.' or '0')"
        );
    }

    #[test]
    fn formats_round_trip() {
        let s = parse_line(OCEAN1, 1).unwrap().start_state().unwrap();
        let pm = to_pencil_mark_grid(&s);
        assert_eq!(
            parse_pencil_mark_grid(&pm, 1).unwrap().candidates(),
            s.candidates()
        );
        let pms = to_pencil_mark_string(&s);
        assert_eq!(
            parse_pencil_mark_string(&pms, 1).unwrap().candidates(),
            s.candidates()
        );
        let h = to_hodoku(&s);
        assert_eq!(&parse_hodoku(&h, 1).unwrap(), &s);
    }

    #[test]
    fn detects_formats() {
        let nine: String = OCEAN1
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r).to_string() + "\n")
            .collect();
        match parse_grid(&nine).unwrap() {
            ParsedGrid::Puzzle(p) => assert_eq!(p.line(), OCEAN1),
            other => panic!("expected puzzle, got {other:?}"),
        }
        let s = parse_line(OCEAN1, 1).unwrap().start_state().unwrap();
        match parse_grid(&to_pencil_mark_grid(&s)).unwrap() {
            ParsedGrid::State(t) => assert_eq!(t.candidates(), s.candidates()),
            other => panic!("expected state, got {other:?}"),
        }
    }
}
