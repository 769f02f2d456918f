//! Basic-rule steps in Berthier's nrc notation, read and printed (dashes optional when read,
//! as the seed text lost them): singles (`hidden-single-in-a-block ==> r7c5 = 5`),
//! interactions (`row r2 interaction-with-block b2 ==> r1c4 <> 6`), naked and hidden subsets
//! (`naked-pairs-in-a-row {n1 n7}r6{c2 c9} ==> ...`, `hidden-pairs-in-a-column
//! {n1 n8}{r5 r9}c6 ==> ...`), fish (`swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> ...`),
//! XY- and XYZ-wings (`xy-wing {n4 n2}r6c9 - {n2 n9}r6c1 - {n9 n4}r4c3 ==> r4c7 <> 4`).
//!
//! The reader also takes [Berthier 3D]'s 2007 forum forms (see [`crate::forum2007`]):
//! the digits named first, conclusions in words, upper-case cells, subsets by their listed
//! cells and wings by their cells with the pincers starred.
//!
//! A read step is a [`Proof`] for [`sudolink_engine::proof::check`]; nothing here decides whether it
//! holds.

use crate::common::{
    cell_with_digits, cells_in_house, digit_braces, houses_in_braces, malformed, Written,
};
pub use crate::common::{squash, wing_digits, ReadError};
use crate::forum2007::read::{
    expand_eliminated, listed_subset_cells, numbers_prefix, starred_wing_cells, wing_digit,
};
use crate::shown::Shown;
use crate::{forum2007, hodoku, sudorules};
use sudolink_engine::grid::lexer::{self, parse_all};
use sudolink_engine::grid::{Candidate, Cell, Digit, House, State};
use sudolink_engine::proof::basic::{
    HiddenSingle, HiddenSubset, Interaction, LineFish, LockedSubset, NakedSingle, NakedSubset,
    XyWing, XyzWing,
};
use sudolink_engine::proof::{Pattern, Proof};

/// The conclusions after `==>`: `r7c9 <> 3, r6c9 <> 3` or `r1c1 = 7` (spaces optional,
/// `≠` accepted). Every `rXcY <> N` / `rXcY = N` in the text counts; anything else between
/// them (the seed text repeats pattern fragments and arrows there) is ignored, and a text
/// with none is an error. Returns (eliminations, assertions), without repeats.
pub fn read_conclusions(text: &str) -> Result<(Vec<Candidate>, Vec<Candidate>), ReadError> {
    let mut elims: Vec<Candidate> = Vec::new();
    let mut asserts: Vec<Candidate> = Vec::new();
    let expanded = expand_eliminated(text)?;
    for c in lexer::conclusions_in(&expanded) {
        let list = if c.placement {
            &mut asserts
        } else {
            &mut elims
        };
        if !list.contains(&c.candidate) {
            list.push(c.candidate);
        }
    }
    if elims.is_empty() && asserts.is_empty() {
        return Err(malformed("conclusion", text.trim()));
    }
    Ok((elims, asserts))
}

/// `{n1 n7}` → digits.
fn digits_in(text: &str) -> Option<Vec<Digit>> {
    parse_all(lexer::digit_braces, text).ok()
}

/// `{r1 r6}` or `{c2 c9}` → indices (0-based) and the letter.
fn lines_in(text: &str) -> Option<(char, Vec<u8>)> {
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    let mut letter = None;
    let mut out = Vec::new();
    for t in inner.split_whitespace() {
        let (l, i) = match t.parse::<House>().ok()? {
            House::Row(i) => ('r', i),
            House::Column(i) => ('c', i),
            House::Block(i) => ('b', i),
        };
        if letter.is_some_and(|x| x != l) {
            return None;
        }
        letter = Some(l);
        out.push(i);
    }
    Some((letter?, out))
}

/// Split `{n1 n7}r6{c2 c9}` into brace groups and bare words: ["{n1 n7}", "r6", "{c2 c9}"].
fn pieces(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    for ch in text.chars() {
        match ch {
            '{' => {
                if depth == 0 && !cur.trim().is_empty() {
                    out.push(cur.trim().to_string());
                    cur.clear();
                }
                depth += 1;
                cur.push(ch);
            }
            '}' => {
                cur.push(ch);
                depth -= 1;
                if depth == 0 {
                    out.push(cur.trim().to_string());
                    cur.clear();
                }
            }
            c if c.is_whitespace() && depth == 0 => {
                if !cur.trim().is_empty() {
                    out.push(cur.trim().to_string());
                    cur.clear();
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Cells of a subset in one house, from the seed's compact forms.
fn subset_cells(
    parts: &[String],
    house_kind: &str,
    text: &str,
) -> Result<(House, Vec<Cell>), ReadError> {
    let bad = || malformed("subset cells", text);
    let house_token = parts.iter().find(|p| p.parse::<House>().is_ok());
    let group = parts.iter().find(|p| p.starts_with('{'));
    let ordered: Vec<String> = match (house_kind, house_token, group) {
        ("row", Some(h), Some(g)) => vec![h.clone(), g.clone()],
        ("column", Some(h), Some(g)) => vec![g.clone(), h.clone()],
        ("block", _, Some(g)) => vec![g.clone()],
        _ => return Err(bad()),
    };
    let parts = &ordered[..];
    match (house_kind, parts) {
        ("row", [row, cols]) => {
            let House::Row(r) = row.parse::<House>().map_err(|_| bad())? else {
                return Err(bad());
            };
            let (l, cs) = lines_in(cols).ok_or_else(bad)?;
            if l != 'c' {
                return Err(bad());
            }
            Ok((
                House::Row(r),
                cs.iter()
                    .map(|&c| Cell::at(r as usize, c as usize))
                    .collect(),
            ))
        }
        ("column", [rows, col]) => {
            let House::Column(c) = col.parse::<House>().map_err(|_| bad())? else {
                return Err(bad());
            };
            let (l, rs) = lines_in(rows).ok_or_else(bad)?;
            if l != 'r' {
                return Err(bad());
            }
            Ok((
                House::Column(c),
                rs.iter()
                    .map(|&r| Cell::at(r as usize, c as usize))
                    .collect(),
            ))
        }
        ("block", [cells]) => {
            let inner = cells
                .strip_prefix('{')
                .and_then(|s| s.strip_suffix('}'))
                .ok_or_else(bad)?;
            let cs: Vec<Cell> = inner
                .split_whitespace()
                .map(|c| c.parse::<Cell>().ok())
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            let b = cs.first().ok_or_else(bad)?.block();
            Ok((House::Block(b as u8), cs))
        }
        _ => Err(bad()),
    }
}

fn wing_cells(body: &str, text: &str) -> Result<Vec<(Vec<Digit>, Cell)>, ReadError> {
    let bad = || malformed("wing cells", text);
    let parts: Vec<String> = pieces(body).into_iter().filter(|p| p != "-").collect();
    parts
        .chunks(2)
        .map(|chunk| {
            let digits = digits_in(&chunk[0]).ok_or_else(bad)?;
            let cell = chunk
                .get(1)
                .and_then(|c| c.parse::<Cell>().ok())
                .ok_or_else(bad)?;
            Ok((digits, cell))
        })
        .collect()
}

/// A naked or hidden subset of size `n` in a house of `kind` (`row`, `column`, `block`): its
/// digits in braces (first, or after the house: `r2 {n6 n7} {c4 c5}`) or named first
/// (`numbers 5 and 8 :`), its cells in Berthier's compact forms or listed (`B9: R7C7-R8C9`).
fn read_subset(
    w: &Written,
    rest: &str,
    kind: &str,
    n: usize,
    naked: bool,
) -> Result<Pattern, ReadError> {
    let text = w.text;
    let mut parts = pieces(rest);
    let digits = match parts.iter().position(|p| digits_in(p).is_some()) {
        Some(at) => digits_in(&parts.remove(at)).expect("checked above"),
        None if !w.numbers.is_empty() => w.numbers.clone(),
        None => return Err(malformed("subset digits", text)),
    };
    let (house, cells) = if parts.iter().any(|p| p.starts_with('{')) {
        subset_cells(&parts, kind, text)?
    } else {
        listed_subset_cells(rest, kind, text)?
    };
    if digits.len() != n || cells.len() != n {
        return Err(malformed("subset size", text));
    }
    Ok(if naked {
        Pattern::NakedSubset {
            house,
            cells,
            digits,
        }
    } else {
        Pattern::HiddenSubset {
            house,
            digits,
            cells,
        }
    })
}

/// An XY- or XYZ-wing: `{n4 n2}r6c9 - {n2 n9}r6c1 - {n9 n4}r4c3` (pincer, pivot, pincer), or
/// [Berthier 3D]'s `on cells R1C2*, R3C3 and R3C8* with numbers 1, 8 and 5` (the pincers starred,
/// the eliminated digit named first or read from the conclusions).
fn read_wing(w: &Written, rest: &str, xy: bool) -> Result<Pattern, ReadError> {
    let text = w.text;
    let (pivot, pincers, z) = if rest.contains('{') {
        let cells = wing_cells(rest, text)?;
        let [(d1, a), (_, pivot), (d3, b)] = &cells[..] else {
            return Err(malformed("wing", text));
        };
        let z = *d1
            .iter()
            .find(|d| d3.contains(d))
            .ok_or_else(|| malformed("wing digit", text))?;
        (*pivot, [*a, *b], z)
    } else {
        let (pivot, pincers) = starred_wing_cells(rest, text)?;
        (pivot, pincers, wing_digit(w)?)
    };
    Ok(if xy {
        Pattern::XyWing { pivot, pincers, z }
    } else {
        Pattern::XyzWing { pivot, pincers, z }
    })
}

const SIZES: [(&str, usize); 4] = [("single", 1), ("pairs", 2), ("triplets", 3), ("quads", 4)];
const FISH: [(&str, usize); 6] = [
    ("xwing", 2),
    ("swordfish", 3),
    ("jellyfish", 4),
    ("squirmbag", 5),
    ("whale", 6),
    ("leviathan", 7),
];

/// The houses named in a text, in order: `r3`, `C4`, `b8` (words of their own).
fn houses_named(text: &str) -> Vec<House> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|w| w.parse::<House>().ok())
        .collect()
}

/// Read an interaction in any of Berthier's forms — `row r2 interaction-with-block b2`,
/// `r3 interaction with b2`, `interaction row r9 with block b7 for number 9`,
/// `number 9: c6 interaction with b2` — as one proof per eliminated digit.
fn read_interaction(
    pattern_part: &str,
    elims: &[Candidate],
    text: &str,
) -> Result<Vec<Proof>, ReadError> {
    let houses = houses_named(pattern_part);
    let [house, into] = houses[..] else {
        return Err(malformed("interaction houses", text));
    };
    let mut digits: Vec<Digit> = elims.iter().map(|c| c.digit()).collect();
    digits.sort();
    digits.dedup();
    if digits.is_empty() {
        return Err(malformed("interaction (no elimination)", text));
    }
    Ok(digits
        .into_iter()
        .map(|digit| {
            let mine: Vec<Candidate> = elims
                .iter()
                .copied()
                .filter(|c| c.digit() == digit)
                .collect();
            Proof::new(Pattern::Interaction { digit, house, into }, mine, vec![])
        })
        .collect())
}

fn split_step(text: &str) -> Result<Written<'_>, ReadError> {
    let (pattern_part, concl) = text
        .split_once("==>")
        .ok_or_else(|| malformed("step (no ==>)", text))?;
    let (numbers, pattern) = numbers_prefix(pattern_part)?;
    let (elims, asserts) = read_conclusions(concl)?;
    // a hidden subset names its digits and eliminates the others of its cells
    let hidden =
        squash(&pattern).trim_start().starts_with("hidden") && !squash(&pattern).contains("single");
    let named = |c: &Candidate| numbers.is_empty() || numbers.contains(&c.digit()) != hidden;
    if !elims.iter().all(named)
        || !asserts
            .iter()
            .all(|c| numbers.is_empty() || numbers.contains(&c.digit()))
    {
        return Err(malformed(
            "step (its conclusions are not about the numbers it names)",
            text,
        ));
    }
    Ok(Written {
        text,
        numbers,
        pattern,
        elims,
        asserts,
    })
}

/// Read one basic step as one or more proofs (an interaction written with several digits
/// is one proof per digit).
pub fn read_basic_steps(text: &str) -> Result<Vec<Proof>, ReadError> {
    let w = split_step(text)?;
    if squash(&w.pattern).contains("interaction") {
        return read_interaction(&w.pattern, &w.elims, text);
    }
    read_written(&w).map(|p| vec![p])
}

/// Read one basic step. Singles need only their conclusion.
pub fn read_basic_step(text: &str) -> Result<Proof, ReadError> {
    read_written(&split_step(text)?)
}

fn read_written(w: &Written) -> Result<Proof, ReadError> {
    let (text, elims, asserts) = (w.text, &w.elims, &w.asserts);
    let pattern_part = w.pattern.as_str();
    let words: Vec<&str> = pattern_part.split_whitespace().collect();
    let first = squash(words.first().copied().unwrap_or(""));
    let rest = words.get(1..).unwrap_or(&[]).join(" ");
    let proof = |pattern| Ok(Proof::new(pattern, elims.clone(), asserts.clone()));
    // "in-a-row" and "in-row" both occur
    let first = first
        .replace("ina", "in")
        .replace("inrow", "inarow")
        .replace("incolumn", "inacolumn")
        .replace("inblock", "inablock");
    if first == "nakedsingle" || first.starts_with("hiddensinglein") {
        let [a] = asserts[..] else {
            return Err(malformed("single (one assertion)", text));
        };
        let pattern = if first == "nakedsingle" {
            Pattern::NakedSingle {
                cell: a.cell(),
                digit: a.digit(),
            }
        } else {
            let kind = first.trim_start_matches("hiddensingleina");
            let house = match kind {
                "row" => House::Row(a.cell().row() as u8),
                "column" => House::Column(a.cell().col() as u8),
                "block" => House::Block(a.cell().block() as u8),
                _ => return Err(ReadError::Unknown(first)),
            };
            Pattern::HiddenSingle {
                house,
                digit: a.digit(),
                cell: a.cell(),
            }
        };
        return proof(pattern);
    }
    if squash(pattern_part).contains("interaction") {
        return read_interaction(pattern_part, elims, text)?
            .into_iter()
            .next()
            .ok_or_else(|| malformed("interaction", text));
    }
    for (word, n) in SIZES.iter().skip(1) {
        for naked in [true, false] {
            let prefix = format!("{}{word}ina", if naked { "naked" } else { "hidden" });
            if let Some(kind) = first.strip_prefix(&prefix) {
                let pattern = read_subset(w, &rest, kind, *n, naked)?;
                return proof(pattern);
            }
        }
    }
    for (word, n) in FISH {
        let fish_name = first.replace("ina", "in");
        if let Some(kind) = fish_name.strip_prefix(&format!("{word}in")) {
            let parts = pieces(&rest);
            let [digit_word, rows, cols] = &parts[..] else {
                return Err(malformed("fish", text));
            };
            let digit =
                parse_all(lexer::n_digit, digit_word).map_err(|_| malformed("fish digit", text))?;
            let (rl, rs) = lines_in(rows).ok_or_else(|| malformed("fish rows", text))?;
            let (cl, cs) = lines_in(cols).ok_or_else(|| malformed("fish columns", text))?;
            if rl != 'r' || cl != 'c' || rs.len() != n || cs.len() != n {
                return Err(malformed("fish lines", text));
            }
            let rows: Vec<House> = rs.into_iter().map(House::Row).collect();
            let cols: Vec<House> = cs.into_iter().map(House::Column).collect();
            let (base, cover) = match kind {
                "rows" => (rows, cols),
                "columns" => (cols, rows),
                _ => return Err(ReadError::Unknown(first)),
            };
            return proof(Pattern::Fish { digit, base, cover });
        }
    }
    if first == "xywing" || first == "xyzwing" {
        return proof(read_wing(w, &rest, first == "xywing")?);
    }
    Err(ReadError::Unknown(words.first().unwrap_or(&"").to_string()))
}

/// A wing's nrc form: `xy-wing {n4 n2}r6c9 - {n2 n9}r6c1 - {n9 n4}r4c3`, each cell with its
/// digits in chain order.
fn wing_text(state: &State, proof: &Proof, pivot: Cell, pincers: [Cell; 2], z: Digit) -> String {
    let [a, p, b] = wing_digits(state, pivot, pincers, z);
    format!(
        "{} {} - {} - {}",
        proof.rule,
        cell_with_digits(&a, pincers[0]),
        cell_with_digits(&p, pivot),
        cell_with_digits(&b, pincers[1]),
    )
}

/// A wing in SudoRules' modern notation: `xy-wing: r6c9{n4 n2} - r6c1{n2 n9} - r4c3{n9 n4}`.
fn modern_wing(state: &State, proof: &Proof, pivot: Cell, pincers: [Cell; 2], z: Digit) -> String {
    // pincer - pivot - pincer, each cell with its digits in chain order
    let digits = wing_digits(state, pivot, pincers, z);
    let cells: Vec<String> = [pincers[0], pivot, pincers[1]]
        .iter()
        .zip(&digits)
        .map(|(cell, ds)| {
            let ds: Vec<String> = ds.iter().map(|d| format!("n{d}")).collect();
            format!("{cell}{{{}}}", ds.join(" "))
        })
        .collect();
    format!(
        "{}: {} ==> {}",
        proof.rule,
        cells.join(" - "),
        sudorules::modern_conclusions(proof)
    )
}

/// A subset's nrc form: `naked-pairs-in-a-row {n1 n7}r6{c2 c9}`.
fn subset_text(proof: &Proof, house: House, cells: &[Cell], digits: &[Digit]) -> String {
    format!(
        "{} {}{}",
        proof.rule,
        digit_braces(digits),
        cells_in_house(house, cells)
    )
}

impl Shown for NakedSingle {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        proof.rule.clone()
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(format!(
            "{} ==> {}",
            proof.rule,
            sudorules::modern_conclusions(proof)
        ))
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(format!("Naked Single: {}", hodoku::conclusions(proof)))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(forum2007::numbered(proof, &[self.digit], "naked-single"))
    }
}

impl Shown for HiddenSingle {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        proof.rule.clone()
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(format!(
            "{} ==> {}",
            proof.rule,
            sudorules::modern_conclusions(proof)
        ))
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(format!("Hidden Single: {}", hodoku::conclusions(proof)))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let house = self.house;
        let pattern = format!(
            "hidden-single-in-{} {}",
            house.kind_name(),
            forum2007::upper_house(house)
        );
        Some(forum2007::numbered(proof, &[self.digit], &pattern))
    }
}

impl Shown for Interaction {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        let (house, into) = (self.house, self.into);
        format!(
            "{} {house} interaction-with-{} {into}",
            house.kind_name(),
            into.kind_name()
        )
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let line = hodoku::locked_line(self.digit, self.house);
        Some(format!("{line} => {}", hodoku::conclusions(proof)))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let (house, into) = (self.house, self.into);
        let pattern = format!(
            "{} {} interaction with {} {}",
            house.kind_name(),
            forum2007::upper_house(house),
            into.kind_name(),
            forum2007::upper_house(into)
        );
        Some(forum2007::numbered(proof, &[self.digit], &pattern))
    }
}

/// Ours: `locked-pair {n1 n2}r9{c2 c7}` (the subset in its line; the block is implied);
/// HoDoKu's: `Locked Pair: 1,2 in r9c27 => …`.
impl Shown for LockedSubset {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        subset_text(proof, self.line, &self.cells, &self.digits)
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let line = hodoku::locked_subset_line(&self.cells, &self.digits);
        Some(format!("{line} => {}", hodoku::conclusions(proof)))
    }
}

impl Shown for NakedSubset<'_> {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        subset_text(proof, self.house, self.cells, self.digits)
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(format!(
            "{}: {}{} ==> {}",
            proof.rule,
            sudorules::modern_cells(self.house, self.cells),
            digit_braces(self.digits),
            sudorules::modern_conclusions(proof)
        ))
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let line = hodoku::subset_line(true, self.cells, self.digits)?;
        Some(format!("{line} => {}", hodoku::conclusions(proof)))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let pattern = forum2007::subset_form(true, self.house, self.cells);
        Some(forum2007::numbered(proof, self.digits, &pattern))
    }
}

impl Shown for HiddenSubset<'_> {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        subset_text(proof, self.house, self.cells, self.digits)
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let h = self.house.to_string();
        let inside = sudorules::modern_cells(self.house, self.cells);
        Some(format!(
            "{}: {h}{}{} ==> {}",
            proof.rule,
            digit_braces(self.digits),
            &inside[h.len()..],
            sudorules::modern_conclusions(proof)
        ))
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let line = hodoku::subset_line(false, self.cells, self.digits)?;
        Some(format!("{line} => {}", hodoku::conclusions(proof)))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let pattern = forum2007::subset_form(false, self.house, self.cells);
        Some(forum2007::numbered(proof, self.digits, &pattern))
    }
}

impl Shown for LineFish<'_> {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        let (rows, cols) = if matches!(self.base[0], House::Row(_)) {
            (self.base, self.cover)
        } else {
            (self.cover, self.base)
        };
        format!(
            "{} n{}{}{}",
            proof.rule,
            self.digit,
            houses_in_braces(rows),
            houses_in_braces(cols)
        )
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(format!(
            "{}: n{}{}{} ==> {}",
            proof.rule,
            self.digit,
            houses_in_braces(self.base),
            houses_in_braces(self.cover),
            sudorules::modern_conclusions(proof)
        ))
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let line = hodoku::fish_line(self.digit, self.base, self.cover);
        Some(format!("{line} => {}", hodoku::conclusions(proof)))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        let pattern = forum2007::upper_body(&self.ours(state, proof))?;
        Some(forum2007::numbered(proof, &[self.digit], &pattern))
    }
}

impl Shown for XyWing {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        wing_text(state, proof, self.pivot, self.pincers, self.z)
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        Some(modern_wing(state, proof, self.pivot, self.pincers, self.z))
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let line = hodoku::wing_line(false, self.pivot, self.pincers, self.z);
        Some(format!("{line} => {}", hodoku::conclusions(proof)))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        forum2007::wing_form(state, proof, self.pivot, self.pincers, self.z)
    }
}

impl Shown for XyzWing {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        wing_text(state, proof, self.pivot, self.pincers, self.z)
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        Some(modern_wing(state, proof, self.pivot, self.pincers, self.z))
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let line = hodoku::wing_line(true, self.pivot, self.pincers, self.z);
        Some(format!("{line} => {}", hodoku::conclusions(proof)))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        forum2007::wing_form(state, proof, self.pivot, self.pincers, self.z)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_seed_forms() {
        let p =
            read_basic_step("swordfishincolumns n3{r7 r1 r6}{c2 c6 c7} ==> r7c9 <> 3, r6c9 <> 3")
                .unwrap();
        assert_eq!(p.rule, "swordfish-in-columns");
        assert_eq!(p.eliminations.len(), 2);
        let p = read_basic_step("hidden-pairs-in-a-column {n1 n8}{r5 r9}c6 ==> r5c6 <> 7").unwrap();
        assert_eq!(p.rule, "hidden-pairs-in-a-column");
        // Sudogen0 #707 ([Berthier NRC]) writes the house before the digits, and the cells after
        let p = read_basic_step("hiddenpairsinrow r2 {n6 n7} {c4 c5} ==> r2c4 <> 2").unwrap();
        assert!(
            matches!(&p.pattern, Pattern::HiddenSubset { house: House::Row(1), digits, cells }
            if digits.len() == 2 && cells == &[Cell::at(1, 3), Cell::at(1, 4)])
        );
        let p = read_basic_step("hiddenpairsincolumn {n2 n8}c4{r3 r9} ==> r9c4 <> 5").unwrap();
        assert!(
            matches!(&p.pattern, Pattern::HiddenSubset { house: House::Column(3), cells, .. }
            if cells == &[Cell::at(2, 3), Cell::at(8, 3)])
        );
        let p = read_basic_step("nakedpairsinarow {n1 n7}r6{c2 c9} ==> r6c8 <> 1").unwrap();
        assert_eq!(p.rule, "naked-pairs-in-a-row");
        let p = read_basic_step("hiddentripletsinablock {n3 n5 n8}{r2c1 r3c1 r3c3} ==> r2c1 <> 4")
            .unwrap();
        assert_eq!(p.rule, "hidden-triplets-in-a-block");
        let p = read_basic_step("row r2 interactionwithblock b2 ==> r1c4 <> 6").unwrap();
        assert!(matches!(p.pattern, Pattern::Interaction { .. }));
        let p =
            read_basic_step("xywing {n4 n2}r6c9  {n2 n9}r6c1  {n9 n4}r4c3 ==> r4c7 <> 4").unwrap();
        assert!(matches!(p.pattern, Pattern::XyWing { .. }));
        let p = read_basic_step("xy-wing {n4 n2}r6c9 - {n2 n9}r6c1 - {n9 n4}r4c3 ==> r4c7 <> 4")
            .unwrap();
        assert!(matches!(p.pattern, Pattern::XyWing { z, .. } if z.get() == 4));
        let p = read_basic_step("hiddensingleinablock ==> r7c5 = 5").unwrap();
        assert_eq!(p.rule, "hidden-single-in-a-block");
        assert!(read_basic_step("frobnicate ==> r1c1 <> 2").is_err());
    }

    proptest::proptest! {
        #[test]
        fn reading_never_panics(s in "\\PC{0,80}") {
            let _ = read_basic_steps(&s);
        }
    }
}
