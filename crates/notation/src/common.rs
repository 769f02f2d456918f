//! What several dialects share: Berthier's brace forms of digits, cells and houses
//! (`{n1 n7}`, `r6{c2 c9}`, `{n4 n2}r6c9`), the nrc conclusion list, a composite
//! placement's layout, a wing's digits in chain order, and the basic-step readers' error
//! type and written-step parts (the nrc and 2007 forum readers both take them).

use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House, State};
use sudolink_engine::proof::whip::WhipPattern;
use sudolink_engine::proof::Proof;
use thiserror::Error;

/// `{n1 n7}`.
pub fn digit_braces(digits: &[Digit]) -> String {
    let inner: Vec<String> = digits.iter().map(|d| format!("n{d}")).collect();
    format!("{{{}}}", inner.join(" "))
}

/// `{a b c}`: items in braces, separated by spaces.
pub fn braced<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    format!("{{{}}}", items.join(" "))
}

/// `{c2 c9}`, `{r1 r6}`, `{r9c4 r9c6}`: the cells of one house by what varies in it.
pub fn cells_by_house(house: House, cells: &[Cell]) -> String {
    match house {
        House::Row(_) => braced(cells.iter().map(|c| format!("c{}", c.col() + 1))),
        House::Column(_) => braced(cells.iter().map(|c| format!("r{}", c.row() + 1))),
        House::Block(_) => braced(cells),
    }
}

/// Cells of one house in Berthier's compact form: `r6{c2 c9}`, `{r1 r6}c2`, `{r9c4 r9c6}`.
pub fn cells_in_house(house: House, cells: &[Cell]) -> String {
    let inside = cells_by_house(house, cells);
    match house {
        House::Row(_) => format!("{house}{inside}"),
        House::Column(_) => format!("{inside}{house}"),
        House::Block(_) => inside,
    }
}

/// `{n4 n2}r6c9`: a cell with its digits in the given order.
pub fn cell_with_digits(digits: &[Digit], cell: Cell) -> String {
    format!("{}{cell}", digit_braces(digits))
}

/// `{r1 r6}`, `{c2 c6 c7}`: houses in braces.
pub fn houses_in_braces(hs: &[House]) -> String {
    braced(hs)
}

/// The conclusion part: `r7c9 <> 3, r6c9 <> 3` or `r1c1 = 7`.
pub fn conclusions(proof: &Proof) -> String {
    let mut parts: Vec<String> = proof
        .assertions
        .iter()
        .map(|c| format!("{} = {}", c.cell(), c.digit()))
        .collect();
    parts.extend(
        proof
            .eliminations
            .iter()
            .map(|c| format!("{} <> {}", c.cell(), c.digit())),
    );
    parts.join(", ")
}

/// A composite placement: its reason, then one line per part in a dialect (`part_text`),
/// indented: `r1c4=9 because each other candidate of r1c4 is eliminated:` and
/// `  r1c4<>3  <the part's step>`. Every dialect prints a composite this way.
pub fn composite_text(
    c: &sudolink_engine::proof::composite::CompositePattern,
    part_text: impl Fn(&Proof) -> String,
) -> String {
    let mut out = format!(
        "{} because {} is eliminated:",
        c.placement.assertion(),
        c.reason()
    );
    for part in &c.parts {
        let eliminated: Vec<String> = part.eliminations.iter().map(|e| e.elimination()).collect();
        out.push_str(&format!(
            "\n  {}  {}",
            eliminated.join(","),
            part_text(part)
        ));
    }
    out.push('\n');
    out
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    #[error("not a basic rule: {0:?}")]
    Unknown(String),
    #[error("malformed {what} in {text:?}")]
    Malformed { what: &'static str, text: String },
}

pub(crate) fn malformed(what: &'static str, text: &str) -> ReadError {
    ReadError::Malformed {
        what,
        text: text.to_string(),
    }
}

/// The rule-name word without dashes, lower case: `hiddenpairsinarow`.
pub fn squash(word: &str) -> String {
    word.chars()
        .filter(|c| *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// A step's parts: the digits named first ([Berthier 3D]'s `number 8 :`; empty when none), the
/// pattern without them, and the conclusions.
pub(crate) struct Written<'a> {
    pub(crate) text: &'a str,
    pub(crate) numbers: Vec<Digit>,
    pub(crate) pattern: String,
    pub(crate) elims: Vec<Candidate>,
    pub(crate) asserts: Vec<Candidate>,
}

/// The digits of a wing's three cells in chain order: pincer1 {z x}, pivot {x y (z)},
/// pincer2 {y z}.
pub fn wing_digits(state: &State, pivot: Cell, pincers: [Cell; 2], z: Digit) -> [Vec<Digit>; 3] {
    let a = other_digits(state, pincers[0], z);
    let x = a[1];
    let mut p = other_digits(state, pivot, x);
    if p.len() == 3 {
        p.retain(|&d| d != z);
        p.push(z);
    }
    let y = p[1];
    [a, p, vec![y, z]]
}

/// A cell's digits, `first` first, the others in order.
fn other_digits(state: &State, cell: Cell, first: Digit) -> Vec<Digit> {
    let mut ds = vec![first];
    ds.extend(Digit::all().filter(|&d| d != first && state.has(Candidate::new(cell, d))));
    ds
}

/// Digits of a 3-cell segment as SudoRules names g-labels: the physical segment (`789`),
/// whichever of its cells are open.
fn segment_digits(i: usize) -> String {
    let s = (i / 3) * 3;
    format!("{}{}{}", s + 1, s + 2, s + 3)
}

/// The value of a candidate or g-candidate inside its variable, as SudoRules prints it:
/// `n2` (rc), `c5` or `c789` (rn), `r7` or `r123` (cn), `r2c7`, `r1c789` or `r123c7` (bn).
pub fn value_text(v: CspVariable, items: &[Candidate]) -> String {
    let first = items[0];
    let (r, c) = (first.cell().row(), first.cell().col());
    let group = items.len() > 1;
    let same_row = items.iter().all(|x| x.cell().row() == r);
    let rows = if group && !same_row {
        segment_digits(r)
    } else {
        (r + 1).to_string()
    };
    let cols = if group && same_row {
        segment_digits(c)
    } else {
        (c + 1).to_string()
    };
    match v {
        CspVariable::Rc(_) => format!("n{}", first.digit()),
        CspVariable::Rn(..) => format!("c{cols}"),
        CspVariable::Cn(..) => format!("r{rows}"),
        CspVariable::Bn(..) => format!("r{rows}c{cols}"),
    }
}

/// The pattern in SudoRules' modern notation, without the conclusion:
/// `whip[4]: r7c8{n2 n3} - c5n3{r7 r2} - r2n6{c5 c7} - b3n1{r2c7 .}`.
pub fn whip_pattern_text(_state: &State, _proof: &Proof, w: &WhipPattern) -> String {
    let cells: Vec<String> = w
        .cells
        .iter()
        .map(|cell| {
            let right = match &cell.right_linking {
                Some(r) if !r.is_empty() => value_text(cell.variable, r),
                _ => ".".to_string(),
            };
            let left = if cell.left_linking.is_empty() {
                "?".to_string()
            } else {
                value_text(cell.variable, &cell.left_linking)
            };
            format!("{}{{{left} {right}}}", cell.variable)
        })
        .collect();
    format!(
        "{}[{}]: {}",
        w.kind.name(),
        w.cells.len(),
        cells.join(" - ")
    )
}

/// One cell as written: its variable when the notation fixes it (`{n5 n8}r2c7` is rc,
/// `n7r5{c6 c4}` rn, `n6{r9 r1}c6` cn; `n2{r7c8 r8c7}` leaves it open), its two linking
/// candidates and the extra candidates of the full notation with their marks (`#R` gives the
/// justifying right-linking candidate, `*` a z-candidate: `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedCell {
    pub variable: Option<CspVariable>,
    pub left: Candidate,
    pub right: Candidate,
    pub extras: Vec<(Candidate, Option<Candidate>)>,
    /// The token as written.
    pub text: String,
}
