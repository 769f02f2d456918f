//! Reading basic-rule steps written in the seeds' notation (dashes optional, as the seed
//! text lost them): singles (`hidden-single-in-a-block ==> r7c5 = 5`), interactions
//! (`row r2 interaction-with-block b2 ==> r1c4 <> 6`), naked and hidden subsets
//! (`naked-pairs-in-a-row {n1 n7}r6{c2 c9} ==> ...`, `hidden-pairs-in-a-column
//! {n1 n8}{r5 r9}c6 ==> ...`), fish (`swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> ...`),
//! XY- and XYZ-wings (`xy-wing {n4 n2}r6c9 - {n2 n9}r6c1 - {n9 n4}r4c3 ==> r4c7 <> 4`).
//! The result is a [`Proof`] for [`super::check`]; nothing here decides whether it holds.

use super::serde_forms::{parse_cell, parse_house};
use super::{Pattern, Proof};
use crate::grid::{Candidate, Cell, Digit, House};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    #[error("not a basic rule: {0:?}")]
    Unknown(String),
    #[error("malformed {what} in {text:?}")]
    Malformed { what: &'static str, text: String },
}

fn malformed(what: &'static str, text: &str) -> ReadError {
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

/// The conclusions after `==>`: `r7c9 <> 3, r6c9 <> 3` or `r1c1 = 7` (spaces optional,
/// `≠` accepted). Every `rXcY <> N` / `rXcY = N` in the text counts; anything else between
/// them (the seed text repeats pattern fragments and arrows there) is ignored, and a text
/// with none is an error. Returns (eliminations, assertions), without repeats.
pub fn read_conclusions(text: &str) -> Result<(Vec<Candidate>, Vec<Candidate>), ReadError> {
    let mut elims: Vec<Candidate> = Vec::new();
    let mut asserts: Vec<Candidate> = Vec::new();
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let digit_at = |i: usize| chars.get(i).and_then(|c| c.to_digit(10)).filter(|d| *d > 0);
    let mut i = 0;
    while i + 4 < chars.len() {
        let (Some(r), Some(c)) = (digit_at(i + 1), digit_at(i + 3)) else {
            i += 1;
            continue;
        };
        if chars[i] != 'r' || chars[i + 2] != 'c' {
            i += 1;
            continue;
        }
        let (relation_len, is_elim) = match (chars.get(i + 4), chars.get(i + 5)) {
            (Some('<'), Some('>')) => (2, true),
            (Some('≠'), _) => (1, true),
            (Some('='), _) => (1, false),
            _ => {
                i += 1;
                continue;
            }
        };
        let Some(d) = digit_at(i + 4 + relation_len) else {
            i += 1;
            continue;
        };
        let cand = Candidate::new(
            Cell::at(r as usize - 1, c as usize - 1),
            Digit::new(d as u8).expect("digit 1-9"),
        );
        let list = if is_elim { &mut elims } else { &mut asserts };
        if !list.contains(&cand) {
            list.push(cand);
        }
        i += 5 + relation_len;
    }
    if elims.is_empty() && asserts.is_empty() {
        return Err(malformed("conclusion", text.trim()));
    }
    Ok((elims, asserts))
}

/// `{n1 n7}` → digits.
fn digits_in(text: &str) -> Option<Vec<Digit>> {
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    inner
        .split_whitespace()
        .map(|t| {
            let t = t.strip_prefix(['n', 'N'])?;
            t.parse::<u8>().ok().and_then(Digit::new)
        })
        .collect()
}

/// `{r1 r6}` or `{c2 c9}` → indices (0-based) and the letter.
fn lines_in(text: &str) -> Option<(char, Vec<u8>)> {
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    let mut letter = None;
    let mut out = Vec::new();
    for t in inner.split_whitespace() {
        let h = parse_house(t)?;
        let (l, i) = match h {
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
    let house_token = parts.iter().find(|p| parse_house(p).is_some());
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
            let House::Row(r) = parse_house(row).ok_or_else(bad)? else {
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
            let House::Column(c) = parse_house(col).ok_or_else(bad)? else {
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
                .map(parse_cell)
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
            let cell = chunk.get(1).and_then(|c| parse_cell(c)).ok_or_else(bad)?;
            Ok((digits, cell))
        })
        .collect()
}

const SIZES: [(&str, usize); 4] = [("single", 1), ("pairs", 2), ("triplets", 3), ("quads", 4)];
const FISH: [(&str, usize); 3] = [("xwing", 2), ("swordfish", 3), ("jellyfish", 4)];

/// The houses named in a text, in order: `r3`, `C4`, `b8` (two-character tokens).
fn houses_named(text: &str) -> Vec<House> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(parse_house)
        .collect()
}

/// Read an interaction in any of the seeds' forms — `row r2 interaction-with-block b2`,
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

/// Read one basic step as one or more proofs (an interaction written with several digits
/// is one proof per digit).
pub fn read_basic_steps(text: &str) -> Result<Vec<Proof>, ReadError> {
    let (pattern_part, concl) = text
        .split_once("==>")
        .ok_or_else(|| malformed("step (no ==>)", text))?;
    if squash(pattern_part).contains("interaction") {
        let (elims, _) = read_conclusions(concl)?;
        return read_interaction(pattern_part, &elims, text);
    }
    read_basic_step(text).map(|p| vec![p])
}

/// Read one basic step. Singles need only their conclusion.
pub fn read_basic_step(text: &str) -> Result<Proof, ReadError> {
    let (pattern_part, concl) = text
        .split_once("==>")
        .ok_or_else(|| malformed("step (no ==>)", text))?;
    let (elims, asserts) = read_conclusions(concl)?;
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
        return read_interaction(pattern_part, &elims, text)?
            .into_iter()
            .next()
            .ok_or_else(|| malformed("interaction", text));
    }
    for (word, n) in SIZES.iter().skip(1) {
        for naked in [true, false] {
            let prefix = format!("{}{word}ina", if naked { "naked" } else { "hidden" });
            if let Some(kind) = first.strip_prefix(&prefix) {
                let mut parts = pieces(&rest);
                // the digits come first, or after the house (`r2 {n6 n7} {c4 c5}`)
                let at = parts
                    .iter()
                    .position(|p| digits_in(p).is_some())
                    .ok_or_else(|| malformed("subset digits", text))?;
                let digits = digits_in(&parts.remove(at)).expect("checked above");
                let (house, cells) = subset_cells(&parts, kind, text)?;
                if digits.len() != *n || cells.len() != *n {
                    return Err(malformed("subset size", text));
                }
                return proof(if naked {
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
                });
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
            let digit = digit_word
                .strip_prefix(['n', 'N'])
                .and_then(|d| d.parse::<u8>().ok())
                .and_then(Digit::new)
                .ok_or_else(|| malformed("fish digit", text))?;
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
        let cells = wing_cells(&rest, text)?;
        let [(d1, a), (_, pivot), (d3, b)] = &cells[..] else {
            return Err(malformed("wing", text));
        };
        let z = *d1
            .iter()
            .find(|d| d3.contains(d))
            .ok_or_else(|| malformed("wing digit", text))?;
        let pincers = [*a, *b];
        return proof(if first == "xywing" {
            Pattern::XyWing {
                pivot: *pivot,
                pincers,
                z,
            }
        } else {
            Pattern::XyzWing {
                pivot: *pivot,
                pincers,
                z,
            }
        });
    }
    Err(ReadError::Unknown(words.first().unwrap_or(&"").to_string()))
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
        // Sudogen0 #707 (seed 000) writes the house before the digits, and the cells after
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
}
