//! Reading lists of grids as files and forum posts hold them. One item per grid:
//!
//! - a line with one grid and the list's columns (`grid;ER;EP;ED;…`, `grid<TAB>columns`,
//!   `grid name`, `name<TAB>grid`), the grid as 81 characters or as nine groups of nine
//!   (`..3....8. .5.1....6 …`) ([`parse_list_line`]);
//! - a 729-character sukaku (pencil marks) on one line, or folded in nine lines of 81;
//! - a HoDoKu library line;
//! - a grid over several lines: nine lines of nine, or the pencil-mark grid SudoRules and
//!   HoDoKu print (borders, `|` or `!` between stacks).
//!
//! Blank lines and `#` comments are skipped. A text holding a `[code]` tag is a forum post:
//! only what its `[code]…[/code]` blocks hold is read (one grid or a whole list per block;
//! a block left open runs to the end), the prose around them is not.
//!
//! An item that cannot be read is an `Err` naming what, its line and column; reading goes
//! on after it, so one bad line never hides the others.
//!
//! Complexity: one pass over the lines; each line is looked at a bounded number of times.

use super::{
    is_cell_char, parse_hodoku, parse_nine_groups, parse_pencil_mark_string, parse_rows,
    read_givens, tokens_with_columns, ParseError, ParseErrorKind, ParsedGrid, Puzzle,
};
use std::borrow::Cow;

/// How the columns after a grid are separated on its line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Separator {
    /// `grid;11.9;11.9;11.3;…`: the forum's list lines.
    Semicolon,
    /// `grid<TAB>column<TAB>…`.
    Tab,
    /// `grid name …`: spaces.
    #[default]
    Space,
}

/// One grid of a list, where it starts and what its line holds besides.
#[derive(Clone, Debug)]
pub struct ListItem {
    /// The 1-based line where the grid starts.
    pub line: usize,
    pub grid: ParsedGrid,
    /// The rest of the grid's line: what follows the grid, without the separator right
    /// after it (`11.9;11.9;11.3;champagne`, `EasterMonster`), or the name before it
    /// (`name<TAB>grid`); empty when none.
    pub text: String,
    /// How `text`'s fields are separated.
    pub separator: Separator,
}

impl Separator {
    /// The fields of `text` (a [`ListItem::text`]) separated by this separator, trimmed.
    pub fn split(self, text: &str) -> Vec<&str> {
        if text.is_empty() {
            return Vec::new();
        }
        match self {
            Separator::Semicolon => text.split(';').map(str::trim).collect(),
            Separator::Tab => text.split('\t').map(str::trim).collect(),
            Separator::Space => text.split_whitespace().collect(),
        }
    }

    /// Column `k` of a line whose text after the grid is `text`, numbered as `cut -f`
    /// numbers them: 1 is the grid, 2 the first field after it.
    pub fn column(self, text: &str, k: usize) -> Option<&str> {
        let i = k.checked_sub(2)?;
        self.split(text).get(i).copied()
    }
}

impl ListItem {
    /// The fields of [`ListItem::text`], split at its separator.
    pub fn fields(&self) -> Vec<&str> {
        self.separator.split(&self.text)
    }

    /// Column `k` of the line ([`Separator::column`]: 1 is the grid).
    pub fn column(&self, k: usize) -> Option<&str> {
        self.separator.column(&self.text, k)
    }
}

/// The items of a list, in order ([`parse_list`]).
pub struct ListReader<'a> {
    /// The lines to read, blank lines and comments left out (in a forum post, only the
    /// blocks' lines, the tags blanked); `None` where a `[code]` block ends.
    lines: Vec<Option<(usize, Cow<'a, str>)>>,
    next: usize,
    code_blocks: bool,
}

/// Read every grid of `text`, a file or a forum post (see the module's doc).
pub fn parse_list(text: &str) -> ListReader<'_> {
    let code_blocks = has_code_tag(text);
    let mut lines = Vec::new();
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        let (kept, closes) = if code_blocks {
            let (kept, closes) = inside_blocks(line, &mut inside);
            (kept.map(Cow::Owned), closes)
        } else {
            (Some(Cow::Borrowed(line)), false)
        };
        if let Some(kept) = kept.filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        }) {
            lines.push(Some((i + 1, kept)));
        }
        if closes {
            lines.push(None);
        }
    }
    ListReader {
        lines,
        next: 0,
        code_blocks,
    }
}

impl ListReader<'_> {
    /// Whether the text is a forum post: only its `[code]` blocks are read.
    pub fn in_code_blocks(&self) -> bool {
        self.code_blocks
    }

    /// The line at `i` when it is in the same block as what is being read.
    fn line(&self, i: usize) -> Option<(usize, &str)> {
        self.lines.get(i)?.as_ref().map(|(no, l)| (*no, l.as_ref()))
    }

    /// Nine lines of 81 from the current one: a folded sukaku.
    fn folded_sukaku(&mut self) -> Result<ListItem, ParseError> {
        let mut rows: Vec<(usize, String)> = Vec::new();
        while rows.len() < 9 {
            match self.line(self.next + rows.len()) {
                Some((no, l)) if is_sukaku_row(l.trim()) => rows.push((no, l.trim().to_string())),
                _ => break,
            }
        }
        self.next += rows.len();
        let first = rows[0].0;
        if rows.len() < 9 {
            return Err(ParseError::at(
                first,
                None,
                ParseErrorKind::WrongFoldedSukaku(rows.len()),
            ));
        }
        let marks: String = rows.iter().map(|(_, r)| r.as_str()).collect();
        let state = parse_pencil_mark_string(&marks, first)?;
        Ok(item(first, ParsedGrid::State(state)))
    }

    /// A grid over several lines from the current one: up to nine rows (border lines
    /// between and around them), ended early by a line holding a one-line grid.
    fn several_lines(&mut self) -> Result<ListItem, ParseError> {
        let first = self.next;
        let mut taken: Vec<(usize, String)> = Vec::new();
        let mut rows = 0;
        while let Some((no, line)) = self.line(self.next) {
            let border = is_border(line.trim());
            if self.next > first && (rows == 9 && !border || is_one_line(line)) {
                break;
            }
            taken.push((no, line.to_string()));
            rows += usize::from(!border);
            self.next += 1;
            if rows == 9 && border {
                break;
            }
        }
        // the block's text with its blank and comment lines empty, so that errors name
        // the file's lines
        let first_no = taken[0].0;
        let mut body = String::new();
        let mut rows_iter = taken.iter().peekable();
        for no in first_no..=taken[taken.len() - 1].0 {
            if let Some((_, text)) = rows_iter.next_if(|(n, _)| *n == no) {
                body.push_str(text);
            }
            body.push('\n');
        }
        parse_rows(&body, first_no).map(|grid| item(first_no, grid))
    }
}

impl Iterator for ListReader<'_> {
    type Item = Result<ListItem, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let slot = self.lines.get(self.next)?;
            let Some((no, line)) = slot.as_ref().map(|(no, l)| (*no, l.as_ref())) else {
                self.next += 1;
                continue;
            };
            let t = line.trim();
            // a lone line that could be a sukaku's row is a grid line: an 81-character
            // puzzle whose givens sit in their digits' columns reads the same
            let sukaku_follows = self
                .line(self.next + 1)
                .is_some_and(|(_, l)| is_sukaku_row(l.trim()));
            if is_sukaku_row(t) && sukaku_follows {
                return Some(self.folded_sukaku());
            }
            let block_follows = self
                .line(self.next + 1)
                .is_some_and(|(_, l)| !is_one_line(l));
            if (is_border(t) || is_row(t)) && block_follows {
                return Some(self.several_lines());
            }
            let read = parse_list_line(line, no);
            self.next += 1;
            return Some(read);
        }
    }
}

/// Read one grid from `text`: a list holding exactly one (in a forum post, the one block
/// that reads as a grid; the others may hold anything). Several grids are an error
/// ([`ParseErrorKind::SeveralGrids`]), as is an item that does not read.
pub fn parse_one(text: &str) -> Result<ListItem, ParseError> {
    let mut reader = parse_list(text);
    let code_blocks = reader.in_code_blocks();
    let mut found: Vec<ListItem> = Vec::new();
    let mut first_error = None;
    for read in reader.by_ref() {
        match read {
            Ok(item) => found.push(item),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if found.len() > 1 {
        return Err(ParseError::at(
            found[1].line,
            None,
            ParseErrorKind::SeveralGrids(found.len()),
        ));
    }
    match (found.pop(), first_error) {
        (Some(item), None) => Ok(item),
        (Some(item), Some(_)) if code_blocks => Ok(item),
        (_, Some(e)) => Err(e),
        (None, None) => Err(ParseError::at(1, None, ParseErrorKind::Empty)),
    }
}

/// Read one line holding one grid and, after it, the list's columns: the grid as 81
/// characters (`grid;ER;EP;ED;…`, `grid<TAB>columns`, `grid name`, or `name<TAB>grid`), as
/// nine groups of nine, as a 729-character sukaku, or a HoDoKu library line. `line_no` is
/// used in errors.
pub fn parse_list_line(text: &str, line_no: usize) -> Result<ListItem, ParseError> {
    let text = text.trim_end_matches(['\r', '\n']);
    if text.trim_start().starts_with(':') {
        let state = parse_hodoku(text, line_no)?;
        return Ok(item(line_no, ParsedGrid::State(state)));
    }
    let tokens: Vec<(usize, &str)> = tokens_with_columns(text).collect();
    if tokens.is_empty() {
        return Err(ParseError::at(line_no, None, ParseErrorKind::Empty));
    }
    if let Some(groups) = nine_groups(&tokens) {
        let givens = parse_nine_groups(&groups, line_no)?;
        let (start, last) = groups[8];
        let (rest, separator) = after_grid(text, start + last.len());
        return Ok(puzzle_item(line_no, givens, rest, separator, None));
    }
    // the grid: the first token whose cells (up to a ';') are 81, else the first token
    let at = tokens
        .iter()
        .position(|(_, t)| is_grid_token(cells_of(t)))
        .unwrap_or(0);
    let (start, token) = tokens[at];
    let cells = cells_of(token);
    let (rest, separator) = if at == 0 {
        after_grid(text, start + cells.len())
    } else {
        let separator = if text.contains('\t') {
            Separator::Tab
        } else {
            Separator::Space
        };
        (other_tokens(&tokens, at), separator)
    };
    // digits and dots, nearer 729 than 81 of them: meant as a sukaku
    if cells.chars().count() >= 405 && cells.chars().all(is_cell_char) {
        let state = parse_pencil_mark_string(cells, line_no).map_err(|e| ParseError {
            column: e.column.map(|c| c + start),
            ..e
        })?;
        let mut read = item(line_no, ParsedGrid::State(state));
        (read.text, read.separator) = (rest, separator);
        return Ok(read);
    }
    let givens = read_givens(cells, line_no, start)?;
    let name = (separator != Separator::Semicolon).then(|| other_tokens(&tokens, at));
    Ok(puzzle_item(line_no, givens, rest, separator, name))
}

/// An item with no text beside its grid.
fn item(line: usize, grid: ParsedGrid) -> ListItem {
    ListItem {
        line,
        grid,
        text: String::new(),
        separator: Separator::Space,
    }
}

/// A puzzle's item; its name is `name` when given (the other words of the line, as
/// [`super::parse_line`] has always named puzzles), else `text`.
fn puzzle_item(
    line: usize,
    givens: [u8; 81],
    text: String,
    separator: Separator,
    name: Option<String>,
) -> ListItem {
    let name = name.unwrap_or_else(|| text.clone());
    ListItem {
        line,
        grid: ParsedGrid::Puzzle(Puzzle {
            givens,
            name: (!name.is_empty()).then_some(name),
        }),
        text,
        separator,
    }
}

/// What follows a grid that ends at byte `end`: the text without the separator right
/// after the grid (one `;` or TAB, or the spaces), and that separator.
fn after_grid(text: &str, end: usize) -> (String, Separator) {
    let rest = &text[end..];
    let (text, separator) = match rest.chars().next() {
        Some(';') => (&rest[1..], Separator::Semicolon),
        Some('\t') => (rest[1..].trim_start_matches(' '), Separator::Tab),
        _ => (rest.trim_start(), Separator::Space),
    };
    (text.trim_end().to_string(), separator)
}

/// The tokens of a line but the one at `at`, joined by a space.
fn other_tokens(tokens: &[(usize, &str)], at: usize) -> String {
    let others: Vec<&str> = tokens
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != at)
        .map(|(_, (_, t))| *t)
        .collect();
    others.join(" ")
}

/// The cells part of a token: up to its first `;`.
fn cells_of(token: &str) -> &str {
    token.split(';').next().unwrap_or("")
}

fn is_grid_token(t: &str) -> bool {
    t.len() == 81 && t.chars().all(is_cell_char)
}

/// The nine groups of a line written `..3....8. .5.1....6 …`: its first nine tokens when
/// each holds 7 to 11 cells (so that a typo is still read, and named, as a group) and
/// they are not a pencil-mark row (digits in increasing order, no `.`).
fn nine_groups<'a>(tokens: &[(usize, &'a str)]) -> Option<Vec<(usize, &'a str)>> {
    let groups: Vec<(usize, &str)> = tokens
        .iter()
        .take(9)
        .map(|&(at, t)| (at, cells_of(t)))
        .collect();
    let shaped = groups.len() == 9
        && groups.iter().enumerate().all(|(i, (_, g))| {
            (7..=11).contains(&g.len())
                && g.chars().all(is_cell_char)
                && (i == 8 || !tokens[i].1.contains(';'))
        });
    let marks = groups.iter().all(|(_, g)| is_candidate_list(g));
    (shaped && !marks).then_some(groups)
}

/// Digits 1-9 in increasing order: a cell of a pencil-mark grid.
fn is_candidate_list(t: &str) -> bool {
    let b = t.as_bytes();
    !b.is_empty()
        && b.iter().all(|c| (b'1'..=b'9').contains(c))
        && b.windows(2).all(|w| w[0] < w[1])
}

/// A border line of a grid: `+---+---+`, `.---.`, `:---+---:`, `'---'`, `*---*`,
/// `------+------`.
fn is_border(t: &str) -> bool {
    t.contains(['-', '=']) && t.chars().all(|c| "-+=.:'*|! ".contains(c))
}

/// A row of a grid over several lines: nine cells (`....1...2`, `. . . | . 1 . | . . 2`),
/// or nine candidate lists (`| 1 6789 4 | …`).
fn is_row(t: &str) -> bool {
    let cells: Vec<char> = t
        .chars()
        .filter(|c| !c.is_whitespace() && !"|!".contains(*c))
        .collect();
    if cells.len() == 9 && cells.iter().all(|&c| is_cell_char(c)) {
        return true;
    }
    let lists: Vec<&str> = tokens_with_columns(t).map(|(_, w)| w).collect();
    lists.len() == 9
        && lists.iter().all(|w| is_candidate_list(w))
        && !lists.iter().all(|w| w.len() == 9)
}

/// One of the nine rows of a folded sukaku: 81 characters, nine cells of nine positions
/// with digit n only at position n, at least nine digits. (As a puzzle line such a line
/// would hold each digit in one column only: no puzzle.)
fn is_sukaku_row(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() == 81
        && b.iter().enumerate().all(|(i, &c)| match c {
            b'.' | b'0' => true,
            b'1'..=b'9' => usize::from(c - b'1') == i % 9,
            _ => false,
        })
        && b.iter()
            .filter(|c| c.is_ascii_digit() && **c != b'0')
            .count()
            >= 9
}

/// A line that holds a grid by itself: it ends a grid over several lines.
fn is_one_line(line: &str) -> bool {
    let t = line.trim();
    let tokens: Vec<(usize, &str)> = tokens_with_columns(t).collect();
    (t.starts_with(':') && !is_border(t))
        || is_sukaku_row(t)
        || t.split(|c: char| c.is_whitespace() || c == ';')
            .any(|w| w.len() >= 81)
        || nine_groups(&tokens).is_some()
}

/// Whether `text` holds a `[code]` tag (any case).
fn has_code_tag(text: &str) -> bool {
    text.as_bytes()
        .windows(6)
        .any(|w| w.eq_ignore_ascii_case(b"[code]"))
}

/// The part of `line` inside `[code]` blocks, everything else (the tags too) blanked so
/// that columns stay the line's; `inside` says whether the line starts in a block and is
/// left saying whether it ends in one. Returns the kept text (none when the line has no
/// part inside) and whether a block closes on the line.
fn inside_blocks(line: &str, inside: &mut bool) -> (Option<String>, bool) {
    let mut kept = String::with_capacity(line.len());
    let mut any = false;
    let mut closes = false;
    let mut skip = 0;
    for (i, c) in line.char_indices() {
        if skip > 0 {
            skip -= 1;
            kept.push(' ');
            continue;
        }
        let tag = |t: &[u8]| {
            line.as_bytes()
                .get(i..i + t.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(t))
        };
        if c == '[' && tag(b"[code]") {
            *inside = true;
            skip = 5;
            kept.push(' ');
        } else if c == '[' && tag(b"[/code]") {
            closes |= *inside;
            *inside = false;
            skip = 6;
            kept.push(' ');
        } else if *inside {
            any = true;
            kept.push(c);
        } else {
            kept.push(' ');
        }
    }
    (any.then_some(kept), closes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OCEAN1: &str =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

    fn puzzle(read: &Result<ListItem, ParseError>) -> String {
        match &read.as_ref().unwrap().grid {
            ParsedGrid::Puzzle(p) => p.line(),
            other => panic!("not a puzzle: {other:?}"),
        }
    }

    #[test]
    fn forum_list_lines_keep_their_columns() {
        let text = format!("{OCEAN1};11.9;11.9;11.3;champagne 7\n{OCEAN1}\t7.1\t\tW3\n");
        let items: Vec<_> = parse_list(&text).collect();
        assert_eq!(items.len(), 2);
        let first = items[0].as_ref().unwrap();
        assert_eq!(puzzle(&items[0]), OCEAN1);
        assert_eq!(first.separator, Separator::Semicolon);
        assert_eq!(first.text, "11.9;11.9;11.3;champagne 7");
        assert_eq!(first.column(2), Some("11.9"));
        assert_eq!(first.column(5), Some("champagne 7"));
        let second = items[1].as_ref().unwrap();
        assert_eq!(second.fields(), ["7.1", "", "W3"]);
        assert_eq!(second.column(4), Some("W3"));
    }

    #[test]
    fn nine_groups_read_and_a_short_group_is_named() {
        let groups: Vec<&str> = (0..9).map(|k| &OCEAN1[k * 9..k * 9 + 9]).collect();
        let line = format!("{} Ocean", groups.join(" "));
        let read = parse_list_line(&line, 3).unwrap();
        assert_eq!(read.text, "Ocean");
        assert_eq!(puzzle(&Ok(read)), OCEAN1);
        let short = line.replacen("....1...2", "....1..2", 1);
        let e = parse_list_line(&short, 3).unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(1)));
        assert_eq!(
            e.kind,
            ParseErrorKind::WrongGroupLength { group: 1, found: 8 }
        );
    }

    #[test]
    fn a_forum_post_is_read_in_its_code_blocks_only() {
        let rows: String = OCEAN1
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let post =
            format!("Here is one:\n[CODE]\n{rows}[/code]\nand a line: [code]{OCEAN1}[/code] ok");
        let items: Vec<_> = parse_list(&post).collect();
        assert_eq!(items.len(), 2, "{items:?}");
        assert_eq!(puzzle(&items[0]), OCEAN1);
        assert_eq!(items[0].as_ref().unwrap().line, 3);
        assert_eq!(puzzle(&items[1]), OCEAN1);
        // an unreadable block does not hide the one that reads when one grid is asked
        let one = format!("[code]\nnot a grid\n[/code]\nHere:\n[code]\n{rows}[/code]\n");
        assert_eq!(puzzle(&parse_one(&one)), OCEAN1);
        let e = parse_one(&post).unwrap_err();
        assert_eq!((e.line, e.kind), (13, ParseErrorKind::SeveralGrids(2)));
    }

    #[test]
    fn a_folded_sukaku_is_one_state() {
        let state = Puzzle {
            givens: super::super::parse_line(OCEAN1, 1).unwrap().givens,
            name: None,
        }
        .start_state()
        .unwrap();
        let marks = super::super::to_pencil_mark_string(&state);
        let folded: String = (0..9)
            .map(|r| format!("{}\n", &marks[r * 81..r * 81 + 81]))
            .collect();
        let items: Vec<_> = parse_list(&folded).collect();
        assert_eq!(items.len(), 1);
        match &items[0].as_ref().unwrap().grid {
            ParsedGrid::State(s) => assert_eq!(s.candidates(), state.candidates()),
            other => panic!("not a state: {other:?}"),
        }
        let eight: String = folded.lines().take(8).map(|l| format!("{l}\n")).collect();
        let e = parse_list(&eight).next().unwrap().unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::WrongFoldedSukaku(8));
    }

    #[test]
    fn a_lone_line_shaped_like_a_sukaku_row_is_a_grid_line() {
        // givens 1..8 in r1c1..r1c8 and 9 in r2c9: each digit in its own column of a
        // sukaku row, yet one line of 81 is a puzzle
        let line = format!("12345678.........9{}", ".".repeat(63));
        let items: Vec<_> = parse_list(&line).collect();
        assert_eq!(items.len(), 1);
        assert!(
            matches!(items[0].as_ref().unwrap().grid, ParsedGrid::Puzzle(_)),
            "{:?}",
            items[0]
        );
    }
}
