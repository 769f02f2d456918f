//! The one lexer of every notation: digits, cells (`r4c1`, `R4C1`), compact cell groups
//! (`r45c6`, `r2468c4`), candidates in each dialect's form (`n8r4c1`, `r4c1#8`, `8r4c1`,
//! GNPX's signed literal `r2c4/+1`), houses (`r4`, `c6`, `b5`, `row2`, `col2`, `blk2`), CSP
//! variables (`r4c1`, `r4n5`, `c4n5`, `b4n5`, and the cells of chains as Berthier writes
//! them: `n4{r4 r5 r1*}c6`, `{n5 n8}r2c7`, `{n2 n6 n3#n3r4c6}r4c8`, or as SudoRules' modern
//! notation does: `c5n3{r7 r2}`, `b3n1{r1c789 .}`), digit sets (`{n1 n7}`, `259`, `1,7`) and
//! conclusions (`r4c6<>6`, `r4c6 <> n6`, `r4c6≠6`, `r4c6=6`, lists).
//!
//! Every parser is a [winnow] parser over `&mut &str`: the dialect readers compose them,
//! and [`parse_all`] runs one over a whole text into a [`LexError`] naming the column and
//! what was expected. `FromStr` on the grid types ([`Cell`], [`Candidate`], [`House`],
//! [`CspVariable`], [`Digit`], [`Conclusion`]) reads their display forms through it, so
//! `"r4c1".parse::<Cell>()` and the serde forms of proofs agree with every reader. Letters
//! are read in either case. No parser here panics on any input.

use crate::grid::{Candidate, Cell, Conclusion, CspVariable, Digit, House};
use std::str::FromStr;
use thiserror::Error;
use winnow::ascii::{multispace0, multispace1, Caseless};
use winnow::combinator::{alt, delimited, empty, opt, preceded, repeat, separated};
use winnow::error::{ContextError, StrContext, StrContextValue};
use winnow::token::{literal, one_of};
use winnow::Parser;

/// The result of a lexer parser.
pub type PResult<T> = winnow::Result<T, ContextError>;

/// A text that does not read as what was asked for: where (1-based column, in characters)
/// and what was expected there, with the text found there quoted in part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("column {column}: expected {expected}, found {found}")]
pub struct LexError {
    pub column: usize,
    pub expected: String,
    pub found: String,
}

/// The label a parser's error carries: "expected {what}".
pub fn expected(what: &'static str) -> StrContext {
    StrContext::Expected(StrContextValue::Description(what))
}

/// The 1-based column (in characters) of `rest`, a suffix of `text`.
pub fn column_of(text: &str, rest: &str) -> usize {
    let at = text.len().saturating_sub(rest.len());
    text.get(..at).map_or(1, |done| done.chars().count() + 1)
}

/// How an error quotes what it found at `rest`: its first word, cut to 20 characters.
pub fn found_at(rest: &str) -> String {
    let word: String = rest
        .split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .take(21)
        .collect();
    match word.chars().count() {
        0 => "the end of the text".to_string(),
        21 => format!("{:?}…", word.chars().take(20).collect::<String>()),
        _ => format!("{word:?}"),
    }
}

impl LexError {
    /// The error of a parser that failed at `rest` (a suffix of `text`).
    pub fn at(text: &str, rest: &str, error: &ContextError) -> LexError {
        let expected = error
            .context()
            .find_map(|c| match c {
                StrContext::Expected(StrContextValue::Description(d)) => Some(d.to_string()),
                StrContext::Expected(v) => Some(v.to_string()),
                StrContext::Label(l) => Some(l.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| "something else".to_string());
        LexError::expecting(text, rest, expected)
    }

    /// An error at `rest` (a suffix of `text`) expecting `expected`.
    pub fn expecting(text: &str, rest: &str, expected: impl Into<String>) -> LexError {
        LexError {
            column: column_of(text, rest),
            expected: expected.into(),
            found: found_at(rest),
        }
    }
}

/// Run `parser` over the whole of `text` (surrounding whitespace allowed).
pub fn parse_all<'a, T>(
    mut parser: impl Parser<&'a str, T, ContextError>,
    text: &'a str,
) -> Result<T, LexError> {
    let mut rest = text.trim_start();
    let value = parser
        .parse_next(&mut rest)
        .map_err(|e| LexError::at(text, rest, &e))?;
    if !rest.trim().is_empty() {
        return Err(LexError::expecting(
            text,
            rest.trim_start(),
            "the end of the text",
        ));
    }
    Ok(value)
}

/// `c` in either case.
pub fn letter<'a>(c: char) -> impl Parser<&'a str, char, ContextError> {
    one_of(move |x: char| x.eq_ignore_ascii_case(&c))
}

/// A digit 1-9 as a 0-based index (a row, column, block or digit).
pub fn index(i: &mut &str) -> PResult<u8> {
    one_of('1'..='9')
        .map(|c: char| c as u8 - b'1')
        .context(expected("a digit 1-9"))
        .parse_next(i)
}

/// A digit 1-9.
pub fn digit(i: &mut &str) -> PResult<Digit> {
    index.map(|k| Digit::from_index(k as usize)).parse_next(i)
}

/// A run of digits: `259`.
pub fn digits(i: &mut &str) -> PResult<Vec<Digit>> {
    repeat(1.., digit).parse_next(i)
}

/// Digits joined by `,` or `/`: `1,7`, `1/2/3` (HoDoKu).
pub fn digit_list(i: &mut &str) -> PResult<Vec<Digit>> {
    separated(1.., digit, one_of([',', '/'])).parse_next(i)
}

/// A digit written `n8`.
pub fn n_digit(i: &mut &str) -> PResult<Digit> {
    preceded(letter('n'), digit).parse_next(i)
}

/// The nrc notation's digit set `{n1 n7}`.
pub fn digit_braces(i: &mut &str) -> PResult<Vec<Digit>> {
    delimited(
        ('{', multispace0),
        separated(1.., n_digit, multispace1),
        (multispace0, '}'),
    )
    .context(expected("digits in braces {n1 n7}"))
    .parse_next(i)
}

/// A cell `r4c1`.
pub fn cell(i: &mut &str) -> PResult<Cell> {
    (letter('r'), index, letter('c'), index)
        .map(|(_, r, _, c)| Cell::at(r as usize, c as usize))
        .context(expected("a cell rRcC"))
        .parse_next(i)
}

/// The rows and columns of a compact group of cells: `r45c6` is ([4, 5], [6]) (0-based).
pub fn rows_and_columns(i: &mut &str) -> PResult<(Vec<u8>, Vec<u8>)> {
    (
        letter('r'),
        repeat(1.., index),
        letter('c'),
        repeat(1.., index),
    )
        .map(|(_, rows, _, cols)| (rows, cols))
        .context(expected("a cell rRcC"))
        .parse_next(i)
}

/// A compact group of cells, rows × columns in the order written: `r45c6`, `r4c12`,
/// `r2468c4` (Eureka's group nodes, GNPX's groups and ALS).
pub fn cells_compact(i: &mut &str) -> PResult<Vec<Cell>> {
    rows_and_columns
        .map(|(rows, cols)| {
            rows.iter()
                .flat_map(|&r| cols.iter().map(move |&c| Cell::at(r as usize, c as usize)))
                .collect()
        })
        .parse_next(i)
}

/// A candidate in the nrc notation: `n8r4c1`.
pub fn candidate(i: &mut &str) -> PResult<Candidate> {
    (letter('n'), digit, cell)
        .map(|(_, d, c)| Candidate::new(c, d))
        .context(expected("a candidate nNrRcC"))
        .parse_next(i)
}

/// A candidate as GNPX's headings write it: `r4c1#8`.
pub fn candidate_hash(i: &mut &str) -> PResult<Candidate> {
    (cell, '#', digit)
        .map(|(c, _, d)| Candidate::new(c, d))
        .context(expected("a candidate rRcC#N"))
        .parse_next(i)
}

/// A candidate digit first, as the 2007 forum and tagging's classic form write it: `8r4c1`.
pub fn candidate_digit_first(i: &mut &str) -> PResult<Candidate> {
    (digit, cell)
        .map(|(d, c)| Candidate::new(c, d))
        .context(expected("a candidate NrRcC"))
        .parse_next(i)
}

/// GNPX's literal: cells, `/`, a sign and a digit: `r2c4/+1` (true), `r2c45/-1` (a group,
/// false). Returns (cells, value, digit).
pub fn signed_literal(i: &mut &str) -> PResult<(Vec<Cell>, bool, Digit)> {
    (cells_compact, '/', one_of(['+', '-']), digit)
        .map(|(cells, _, sign, d)| (cells, sign == '+', d))
        .context(expected("a literal rRcC/+N or rRcC/-N"))
        .parse_next(i)
}

/// A house: `r4`, `c6`, `b5`, or spelt out `row2`, `col2`, `column2`, `blk2`, `box2`,
/// `block2`.
pub fn house(i: &mut &str) -> PResult<House> {
    alt((
        preceded(
            alt((literal(Caseless("row")), literal(Caseless("r")))),
            index,
        )
        .map(House::Row),
        preceded(
            alt((
                literal(Caseless("column")),
                literal(Caseless("col")),
                literal(Caseless("c")),
            )),
            index,
        )
        .map(House::Column),
        preceded(
            alt((
                literal(Caseless("block")),
                literal(Caseless("blk")),
                literal(Caseless("box")),
                literal(Caseless("b")),
            )),
            index,
        )
        .map(House::Block),
    ))
    .context(expected("a house (r1-r9, c1-c9, b1-b9)"))
    .parse_next(i)
}

/// A CSP variable in its display form: `r4c1` (rc), `r4n5` (rn), `c4n5` (cn), `b4n5` (bn).
pub fn csp_variable(i: &mut &str) -> PResult<CspVariable> {
    alt((
        cell.map(CspVariable::Rc),
        (letter('r'), index, letter('n'), digit).map(|(_, r, _, d)| CspVariable::Rn(r, d)),
        (letter('c'), index, letter('n'), digit).map(|(_, c, _, d)| CspVariable::Cn(c, d)),
        (letter('b'), index, letter('n'), digit).map(|(_, b, _, d)| CspVariable::Bn(b, d)),
    ))
    .context(expected("a CSP variable (r4c1, r4n5, c4n5, b4n5)"))
    .parse_next(i)
}

/// `<>`, `≠` or `!=` (an elimination: false) or `=` (a placement: true).
pub fn relation(i: &mut &str) -> PResult<bool> {
    alt((
        "<>".value(false),
        "≠".value(false),
        "!=".value(false),
        "=".value(true),
    ))
    .context(expected("<> or ="))
    .parse_next(i)
}

/// One conclusion: `r4c6<>6`, `r4c6 <> n6`, `r4c6≠6`, `r4c6=6`.
pub fn conclusion(i: &mut &str) -> PResult<Conclusion> {
    (
        cell,
        multispace0,
        relation,
        multispace0,
        opt(letter('n')),
        digit,
    )
        .map(|(cell, _, placement, _, _, d)| Conclusion {
            candidate: Candidate::new(cell, d),
            placement,
        })
        .context(expected("a conclusion such as r4c6<>6 or r4c6=6"))
        .parse_next(i)
}

/// Conclusions separated by `,` or `;`: `r7c9 <> 3, r6c9 <> 3`.
pub fn conclusions(i: &mut &str) -> PResult<Vec<Conclusion>> {
    separated(
        1..,
        conclusion,
        (multispace0, one_of([',', ';']), multispace0),
    )
    .parse_next(i)
}

/// Every conclusion written anywhere in a text, in order (what lies between them is
/// skipped: Berthier's paths repeat pattern fragments and arrows after `==>`).
pub fn conclusions_in(text: &str) -> Vec<Conclusion> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut at = rest;
        match conclusion.parse_next(&mut at) {
            Ok(c) => {
                out.push(c);
                rest = at;
            }
            Err(_) => {
                let mut chars = rest.chars();
                chars.next();
                rest = chars.as_str();
            }
        }
    }
    out
}

/// How an extra candidate of a chain cell is marked in Berthier's full notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A left- or right-linking candidate.
    Plain,
    /// `*`: a z-candidate.
    Z,
    /// `#n3r4c6`: a t-candidate with the earlier right-linking candidate that justifies it.
    T(Candidate),
}

/// One cell of a chain as Berthier writes it: its CSP variable when the form fixes it
/// (`{n5 n8}r2c7` is rc, `n7r5{c6 c4}` rn, `n6{r9 r1}c6` cn; `n2{r7c8 r8c7}` leaves it
/// open) and its candidates in order with their marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariableCell {
    pub variable: Option<CspVariable>,
    pub items: Vec<(Candidate, Mark)>,
}

fn mark(i: &mut &str) -> PResult<Mark> {
    alt((
        '*'.value(Mark::Z),
        preceded('#', candidate).map(Mark::T),
        empty.value(Mark::Plain),
    ))
    .parse_next(i)
}

/// `{item item ...}` with marks.
fn braced<'a, O>(
    mut item: impl Parser<&'a str, O, ContextError>,
) -> impl Parser<&'a str, Vec<(O, Mark)>, ContextError> {
    move |i: &mut &'a str| {
        '{'.parse_next(i)?;
        let mut out = Vec::new();
        loop {
            multispace0.parse_next(i)?;
            if opt('}').parse_next(i)?.is_some() && !out.is_empty() {
                return Ok(out);
            }
            let o = item.parse_next(i)?;
            let m = mark.parse_next(i)?;
            out.push((o, m));
        }
    }
}

fn build(variable: Option<CspVariable>, items: Vec<(Candidate, Mark)>) -> VariableCell {
    VariableCell { variable, items }
}

/// A chain cell in Berthier's nrc notation: `{n5 n8}r2c7`, `{c2 c6}r1n3`, `{r1 r8}c8n4`,
/// `n2{r7c8 r8c7}`, `n6{r9 r1 r8*}c6`, `n7r5{c6 c4}`, `N1R9{C8 C9}`, extras marked `*` or
/// `#nNrRcC`.
pub fn variable_cell(i: &mut &str) -> PResult<VariableCell> {
    let rc = (braced(n_digit), cell).map(|(items, cell)| {
        let items = items
            .into_iter()
            .map(|(d, m)| (Candidate::new(cell, d), m))
            .collect();
        build(Some(CspVariable::Rc(cell)), items)
    });
    let rn_after = (
        braced(preceded(letter('c'), index)),
        letter('r'),
        index,
        letter('n'),
        digit,
    )
        .map(|(cols, _, r, _, d)| row_cell(r, d, cols));
    let cn_after = (
        braced(preceded(letter('r'), index)),
        letter('c'),
        index,
        letter('n'),
        digit,
    )
        .map(|(rows, _, c, _, d)| column_cell(c, d, rows));
    let digit_first = (letter('n'), digit).flat_map(|(_, d)| {
        alt((
            preceded(letter('r'), (index, braced(preceded(letter('c'), index))))
                .map(move |(r, cols)| row_cell(r, d, cols)),
            (braced(preceded(letter('r'), index)), letter('c'), index)
                .map(move |(rows, _, c)| column_cell(c, d, rows)),
            braced(cell).map(move |cells| {
                let items = cells
                    .into_iter()
                    .map(|(c, m)| (Candidate::new(c, d), m))
                    .collect();
                build(None, items)
            }),
        ))
    });
    alt((rc, rn_after, cn_after, digit_first))
        .context(expected(
            "a chain cell such as {n5 n8}r2c7, n6{r9 r1}c6 or n2{r7c8 r8c7}",
        ))
        .parse_next(i)
}

fn row_cell(r: u8, d: Digit, cols: Vec<(u8, Mark)>) -> VariableCell {
    let items = cols
        .into_iter()
        .map(|(c, m)| (Candidate::new(Cell::at(r as usize, c as usize), d), m))
        .collect();
    build(Some(CspVariable::Rn(r, d)), items)
}

fn column_cell(c: u8, d: Digit, rows: Vec<(u8, Mark)>) -> VariableCell {
    let items = rows
        .into_iter()
        .map(|(r, m)| (Candidate::new(Cell::at(r as usize, c as usize), d), m))
        .collect();
    build(Some(CspVariable::Cn(c, d)), items)
}

/// A value inside a modern (SudoRules) cell: one candidate or a g-candidate, or `.` (the
/// last cell's missing right-linking candidate: `None`).
pub type ModernValue = Option<Vec<Candidate>>;

/// A chain cell in SudoRules' modern notation: the variable, then its left- and
/// right-linking values in braces: `r7c8{n2 n3}`, `c5n3{r7 r2}`, `r2n6{c5 c789}`,
/// `b3n1{r1c789 .}`. A g-candidate (SudoRules' g-labels) is the segment's open candidates
/// of `open` (the cells written, `c789`, restricted to those `open` accepts).
pub fn modern_cell<'a>(
    open: &'a dyn Fn(Candidate) -> bool,
) -> impl Parser<&'a str, (CspVariable, ModernValue, ModernValue), ContextError> + 'a {
    move |i: &mut &'a str| {
        let v = csp_variable.parse_next(i)?;
        let mut value = |i: &mut &'a str| -> PResult<ModernValue> {
            if opt('.').parse_next(i)?.is_some() {
                return Ok(None);
            }
            let cells: Vec<Candidate> = match v {
                CspVariable::Rc(cell) => vec![Candidate::new(cell, n_digit.parse_next(i)?)],
                CspVariable::Rn(r, d) => {
                    let cols: Vec<u8> = preceded(letter('c'), repeat(1.., index)).parse_next(i)?;
                    cols.iter()
                        .map(|&c| Candidate::new(Cell::at(r as usize, c as usize), d))
                        .collect()
                }
                CspVariable::Cn(c, d) => {
                    let rows: Vec<u8> = preceded(letter('r'), repeat(1.., index)).parse_next(i)?;
                    rows.iter()
                        .map(|&r| Candidate::new(Cell::at(r as usize, c as usize), d))
                        .collect()
                }
                CspVariable::Bn(_, d) => cells_compact
                    .parse_next(i)?
                    .into_iter()
                    .map(|c| Candidate::new(c, d))
                    .collect(),
            };
            let written = cells.len();
            let kept: Vec<Candidate> = if written > 1 {
                cells.into_iter().filter(|&c| open(c)).collect()
            } else {
                cells
            };
            Ok(Some(kept))
        };
        '{'.parse_next(i)?;
        multispace0.parse_next(i)?;
        let left = value.parse_next(i)?;
        multispace1.parse_next(i)?;
        let right = value.parse_next(i)?;
        multispace0.parse_next(i)?;
        '}'.parse_next(i)?;
        Ok((v, left, right))
    }
}

macro_rules! from_str_by {
    ($t:ty, $parser:expr) => {
        impl FromStr for $t {
            type Err = LexError;
            fn from_str(s: &str) -> Result<Self, LexError> {
                parse_all($parser, s)
            }
        }
    };
}

from_str_by!(Cell, cell);
from_str_by!(Candidate, candidate);
from_str_by!(House, house);
from_str_by!(CspVariable, csp_variable);
from_str_by!(Digit, digit);
from_str_by!(Conclusion, conclusion);

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(n: u8, r: usize, c: usize) -> Candidate {
        Candidate::new(Cell::at(r - 1, c - 1), Digit::new(n).unwrap())
    }

    #[test]
    fn grid_types_read_their_display_forms() {
        for c in Candidate::all() {
            assert_eq!(c.to_string().parse::<Candidate>(), Ok(c));
            assert_eq!(c.cell().to_string().parse::<Cell>(), Ok(c.cell()));
            for concl in [Conclusion::elimination(c), Conclusion::placement(c)] {
                assert_eq!(concl.to_string().parse::<Conclusion>(), Ok(concl));
            }
        }
        for h in House::all() {
            assert_eq!(h.to_string().parse::<House>(), Ok(h));
        }
        for v in CspVariable::all() {
            assert_eq!(v.to_string().parse::<CspVariable>(), Ok(v));
        }
        assert_eq!("R4C1".parse::<Cell>(), Ok(Cell::at(3, 0)));
        assert_eq!("row2".parse::<House>(), Ok(House::Row(1)));
        assert_eq!("blk9".parse::<House>(), Ok(House::Block(8)));
        assert_eq!("col 2".parse::<House>().map_err(|e| e.column), Err(1));
    }

    #[test]
    fn dialect_forms_of_candidates_and_conclusions() {
        let p = |s| parse_all(candidate_hash, s);
        assert_eq!(p("r6c6#2"), Ok(cand(2, 6, 6)));
        assert_eq!(parse_all(candidate_digit_first, "8r4c1"), Ok(cand(8, 4, 1)));
        assert_eq!(
            parse_all(signed_literal, "r2c45/-1"),
            Ok((
                vec![Cell::at(1, 3), Cell::at(1, 4)],
                false,
                Digit::new(1).unwrap()
            ))
        );
        let cs = parse_all(conclusions, "r7c9 <> 3, r6c9≠n3; r1c1 = 7").unwrap();
        assert_eq!(
            cs,
            [
                Conclusion::elimination(cand(3, 7, 9)),
                Conclusion::elimination(cand(3, 6, 9)),
                Conclusion::placement(cand(7, 1, 1)),
            ]
        );
        let found = conclusions_in("==> r7c9<>3 ==> (r7c9 <> 3) r0c1<>2, r1c1=4");
        assert_eq!(found.len(), 3);
        assert_eq!(parse_all(digit_braces, "{n1 n7}").unwrap().len(), 2);
        assert_eq!(parse_all(digit_list, "1/2/3").unwrap().len(), 3);
    }

    #[test]
    fn errors_name_the_column_and_what_was_expected() {
        let e = "r0c1".parse::<Cell>().unwrap_err();
        assert_eq!((e.column, e.expected.as_str()), (2, "a digit 1-9"));
        assert_eq!(
            e.to_string(),
            "column 2: expected a digit 1-9, found \"0c1\""
        );
        let e = "r4c6<>6 extra".parse::<Conclusion>().unwrap_err();
        assert_eq!(e.column, 9);
        assert!(e
            .to_string()
            .ends_with("expected the end of the text, found \"extra\""));
        let long = format!("x{}", "y".repeat(10_000));
        assert!(long.parse::<Candidate>().unwrap_err().to_string().len() < 100);
    }

    #[test]
    fn chain_cells_as_the_seeds_write_them() {
        let v = parse_all(variable_cell, "n6{r9 r1 r8*}c6").unwrap();
        assert_eq!(v.variable.unwrap().to_string(), "c6n6");
        assert_eq!(v.items[2], (cand(6, 8, 6), Mark::Z));
        let v = parse_all(variable_cell, "{n2 n6 n3#n3r4c6}r4c8").unwrap();
        assert_eq!(v.items[2], (cand(3, 4, 8), Mark::T(cand(3, 4, 6))));
        let v = parse_all(variable_cell, "N1R9{C8 C9}").unwrap();
        assert_eq!(v.variable.unwrap().to_string(), "r9n1");
        let v = parse_all(variable_cell, "n2{r7c8 r8c7}").unwrap();
        assert_eq!(v.variable, None);
        assert!(parse_all(variable_cell, "{n9 n5}r1c4n5{r9c4").is_err());
        let open = |_: Candidate| true;
        let (v, l, r) = parse_all(modern_cell(&open), "b3n1{r1c789 .}").unwrap();
        assert_eq!(v.to_string(), "b3n1");
        assert_eq!(l.unwrap().len(), 3);
        assert_eq!(r, None);
    }

    proptest::proptest! {
        #[test]
        fn no_lexer_parser_panics(s in "\\PC{0,40}") {
            let _ = s.parse::<Cell>();
            let _ = s.parse::<Candidate>();
            let _ = s.parse::<House>();
            let _ = s.parse::<CspVariable>();
            let _ = s.parse::<Conclusion>();
            let _ = parse_all(conclusions, &s);
            let _ = parse_all(variable_cell, &s);
            let _ = parse_all(signed_literal, &s);
            let _ = conclusions_in(&s);
            let open = |_: Candidate| true;
            let _ = parse_all(modern_cell(&open), &s);
        }
    }
}
