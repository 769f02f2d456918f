//! Reading basic-rule steps written in the seeds' notation (dashes optional, as the seed
//! text lost them): singles (`hidden-single-in-a-block ==> r7c5 = 5`), interactions
//! (`row r2 interaction-with-block b2 ==> r1c4 <> 6`), naked and hidden subsets
//! (`naked-pairs-in-a-row {n1 n7}r6{c2 c9} ==> ...`, `hidden-pairs-in-a-column
//! {n1 n8}{r5 r9}c6 ==> ...`), fish (`swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> ...`),
//! XY- and XYZ-wings (`xy-wing {n4 n2}r6c9 - {n2 n9}r6c1 - {n9 n4}r4c3 ==> r4c7 <> 4`).
//!
//! Seed 001's 2007 forum notation (Hagglund's hinge puzzle) is read too: the digits named
//! first (`number 8 : column C4 interaction with block B8`, `numbers 5 and 8 :
//! naked-pairs-in-block B9: R7C7-R8C9`), conclusions in words (`==> 8 eliminated from the
//! candidates for R9C6`), upper-case cells, and wings by their cells with the pincers starred
//! (`xy-wing on cells R1C2*, R3C3 and R3C8* with numbers 1, 8 and 5`). The digits named
//! first must agree with the conclusions.
//!
//! The result is a [`Proof`] for [`super::check`]; nothing here decides whether it holds.

use super::{Pattern, Proof};
use crate::grid::{Candidate, Cell, Digit, House};
use thiserror::Error;

fn parse_cell(s: &str) -> Option<Cell> {
    s.parse().ok()
}

fn parse_house(s: &str) -> Option<House> {
    s.parse().ok()
}

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
    let expanded = expand_eliminated(text)?;
    let chars: Vec<char> = expanded
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

/// The words of seed 001's 2007 conclusions.
const ELIMINATED: &str = "eliminated from the candidates for";

/// Rewrite seed 001's conclusions in words, `8 eliminated from the candidates for R9C6` (one
/// or more cells after `for`), as `r9c6 <> 8`; a text without them is returned unchanged.
fn expand_eliminated(text: &str) -> Result<String, ReadError> {
    let joined = text
        .to_ascii_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let segments: Vec<&str> = joined.split(ELIMINATED).collect();
    if segments.len() == 1 {
        return Ok(text.to_string());
    }
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let mut out = Vec::new();
    for (k, pair) in segments.windows(2).enumerate() {
        let digit = words(pair[0])
            .last()
            .map(|w| w.trim_start_matches('n').to_string())
            .filter(|w| w.len() == 1 && (b'1'..=b'9').contains(&w.as_bytes()[0]))
            .ok_or_else(|| malformed("digit before 'eliminated from the candidates for'", text))?;
        let mut after = words(pair[1]);
        if k + 2 < segments.len() {
            after.pop(); // the next phrase's digit
        }
        let cells: Vec<String> = after
            .iter()
            .filter(|w| parse_cell(w).is_some())
            .map(|c| format!("{c} <> {digit}"))
            .collect();
        if cells.is_empty() {
            return Err(malformed(
                "cells after 'eliminated from the candidates for'",
                text,
            ));
        }
        out.extend(cells);
    }
    Ok(out.join(", "))
}

/// Seed 001's 2007 prefix naming the digits of a step, `number 8 :` or `numbers 5 and 8 :`
/// (forum backticks dropped): the digits and the rest of the pattern. A pattern without it
/// gives no digits.
fn numbers_prefix(pattern: &str) -> Result<(Vec<Digit>, String), ReadError> {
    let clean = pattern.replace('`', " ");
    let trimmed = clean.trim_start();
    let low = trimmed.to_ascii_lowercase();
    if !low.starts_with("number") {
        return Ok((Vec::new(), clean));
    }
    let Some((head, rest)) = trimmed.split_once(':') else {
        return Err(malformed("'number N :' prefix (no colon)", pattern));
    };
    let words: Vec<&str> = head
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .skip(1)
        .filter(|w| !w.eq_ignore_ascii_case("and"))
        .collect();
    let digits: Option<Vec<Digit>> = words
        .iter()
        .map(|w| w.parse::<u8>().ok().and_then(Digit::new))
        .collect();
    match digits {
        Some(d) if !d.is_empty() => Ok((d, rest.to_string())),
        _ => Err(malformed("'number N :' prefix", pattern)),
    }
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

/// A naked or hidden subset of size `n` in a house of `kind` (`row`, `column`, `block`): its
/// digits in braces (first, or after the house: `r2 {n6 n7} {c4 c5}`) or named first
/// (`numbers 5 and 8 :`), its cells in the seeds' compact forms or listed (`B9: R7C7-R8C9`).
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

/// The words of a text, split at anything but letters, digits and `*`.
fn words_of(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_alphanumeric() && c != '*')
        .filter(|w| !w.is_empty())
}

/// Seed 001's listed subset cells, `B9: R7C7-R8C9`: the house named (or the one of `kind`
/// holding the first cell) and the cells in order.
fn listed_subset_cells(
    rest: &str,
    kind: &str,
    text: &str,
) -> Result<(House, Vec<Cell>), ReadError> {
    let bad = || malformed("subset cells", text);
    let cells: Vec<Cell> = words_of(rest).filter_map(parse_cell).collect();
    let first = cells.first().ok_or_else(bad)?;
    let of_kind = match kind {
        "row" => House::Row(first.row() as u8),
        "column" => House::Column(first.col() as u8),
        "block" => House::Block(first.block() as u8),
        _ => return Err(bad()),
    };
    let house = words_of(rest).find_map(parse_house).unwrap_or(of_kind);
    if house != of_kind {
        return Err(bad());
    }
    Ok((house, cells))
}

/// An XY- or XYZ-wing: `{n4 n2}r6c9 - {n2 n9}r6c1 - {n9 n4}r4c3` (pincer, pivot, pincer), or
/// seed 001's `on cells R1C2*, R3C3 and R3C8* with numbers 1, 8 and 5` (the pincers starred,
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

/// `R1C2*, R3C3 and R3C8*`: the unstarred cell is the pivot (with no star at all, the middle
/// one, as in the nrc form).
fn starred_wing_cells(rest: &str, text: &str) -> Result<(Cell, [Cell; 2]), ReadError> {
    let cells: Vec<(Cell, bool)> = words_of(rest)
        .filter_map(|w| {
            let starred = w.ends_with('*');
            parse_cell(w.trim_end_matches('*')).map(|c| (c, starred))
        })
        .collect();
    let [a, b, c] = cells[..] else {
        return Err(malformed("wing (three cells)", text));
    };
    match (a.1, b.1, c.1) {
        (true, false, true) | (false, false, false) => Ok((b.0, [a.0, c.0])),
        (false, true, true) => Ok((a.0, [b.0, c.0])),
        (true, true, false) => Ok((c.0, [a.0, b.0])),
        _ => Err(malformed("wing (two pincers starred)", text)),
    }
}

/// The digit a wing eliminates: the one named first, else the eliminations' one.
fn wing_digit(w: &Written) -> Result<Digit, ReadError> {
    let mut digits: Vec<Digit> = if w.numbers.is_empty() {
        w.elims.iter().map(|c| c.digit()).collect()
    } else {
        w.numbers.clone()
    };
    digits.dedup();
    match digits[..] {
        [z] => Ok(z),
        _ => Err(malformed("wing digit", w.text)),
    }
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

/// A step's parts: the digits named first (seed 001's `number 8 :`; empty when none), the
/// pattern without them, and the conclusions.
struct Written<'a> {
    text: &'a str,
    numbers: Vec<Digit>,
    pattern: String,
    elims: Vec<Candidate>,
    asserts: Vec<Candidate>,
}

fn split_step(text: &str) -> Result<Written<'_>, ReadError> {
    let (pattern_part, concl) = text
        .split_once("==>")
        .ok_or_else(|| malformed("step (no ==>)", text))?;
    let (numbers, pattern) = numbers_prefix(pattern_part)?;
    let (elims, asserts) = read_conclusions(concl)?;
    let named = |c: &Candidate| numbers.is_empty() || numbers.contains(&c.digit());
    if !elims.iter().chain(&asserts).all(named) {
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
        return proof(read_wing(w, &rest, first == "xywing")?);
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

    /// Seed 001's 2007 forum notation (Hagglund's hinge puzzle).
    #[test]
    fn reads_the_2007_forum_forms() {
        let ps = read_basic_steps(
            "`number 8 : column C4 interaction with block B8` ==> 8 eliminated from the candidates for R9C6",
        )
        .unwrap();
        assert!(
            matches!(&ps[..], [p] if matches!(p.pattern, Pattern::Interaction {
            house: House::Column(3), into: House::Block(7), .. })
            && p.eliminations[0].to_string() == "n8r9c6")
        );
        let p = read_basic_step("number 9 : hidden-single-in-row R8 ==> R8C4 = 9").unwrap();
        assert!(matches!(
            p.pattern,
            Pattern::HiddenSingle {
                house: House::Row(7),
                ..
            }
        ));
        let p = read_basic_step("number 8 : naked-single ==> R9C4 = 8").unwrap();
        assert_eq!(p.assertions[0].to_string(), "n8r9c4");
        let p = read_basic_step(
            "numbers 5 and 8 : naked-pairs-in-block B9: R7C7-R8C9 ==> 5 eliminated from the candidates for R9C9",
        )
        .unwrap();
        assert!(
            matches!(&p.pattern, Pattern::NakedSubset { house: House::Block(8), cells, digits }
            if cells == &[Cell::at(6, 6), Cell::at(7, 8)]
                && digits.iter().map(|d| d.get()).collect::<Vec<_>>() == [5, 8])
        );
        let p = read_basic_step(
            "number 1 : xy-wing on cells R1C2*, R3C3 and R3C8* with numbers 1, 8 and 5 ==> 1 eliminated from the candidates for R1C9",
        )
        .unwrap();
        assert!(matches!(p.pattern, Pattern::XyWing { pivot, pincers, z }
            if pivot == Cell::at(2, 2) && pincers == [Cell::at(0, 1), Cell::at(2, 7)] && z.get() == 1));
    }

    #[test]
    fn eliminated_in_words() {
        let (e, a) =
            read_conclusions("8 eliminated from the candidates for R9C6, R8C6 and R7C6").unwrap();
        assert_eq!(e.len(), 3);
        assert!(a.is_empty());
        assert!(e.iter().all(|c| c.digit().get() == 8));
        let (e, _) = read_conclusions(
            "8 eliminated from the candidates for R9C6; 5 eliminated from the candidates for r1c1",
        )
        .unwrap();
        assert_eq!(
            e.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            ["n8r9c6", "n5r1c1"]
        );
        assert!(read_conclusions("eliminated from the candidates for R9C6").is_err());
        assert!(read_conclusions("8 eliminated from the candidates for nothing").is_err());
    }

    #[test]
    fn the_2007_forms_must_agree_with_the_numbers_they_name() {
        // the digit named first is not the one concluded
        assert!(read_basic_step("number 7 : hidden-single-in-row R8 ==> R8C4 = 9").is_err());
        assert!(read_basic_steps(
            "number 5 : column C4 interaction with block B8 ==> 8 eliminated from the candidates for R9C6"
        )
        .is_err());
        // a subset whose house is not the one named, or not of the rule's kind
        assert!(read_basic_step(
            "numbers 5 and 8 : naked-pairs-in-block R7: R7C7-R8C9 ==> r9c9 <> 5"
        )
        .is_err());
        // a wing with one star, or four cells
        assert!(
            read_basic_step("number 1 : xy-wing on cells R1C2*, R3C3 and R3C8 ==> r1c9 <> 1")
                .is_err()
        );
        assert!(read_basic_step(
            "number 1 : xy-wing on cells R1C2*, R3C3, R4C4 and R3C8* ==> r1c9 <> 1"
        )
        .is_err());
        assert!(read_basic_step("number : naked-single ==> R9C4 = 8").is_err());
    }

    proptest::proptest! {
        #[test]
        fn reading_never_panics(s in "\\PC{0,80}") {
            let _ = read_basic_steps(&s);
        }

        #[test]
        fn reading_2007_like_text_never_panics(
            s in "`?(numbers? [0-9]( and [0-9])? ?:)? ?(naked-pairs-in-block|xy-wing on cells|column|hidden-single-in-row)? ?([RCBrcb][0-9]{0,2}|[RCrc][0-9]C[0-9]\\*?|, | and |-|:){0,6} ==> ([0-9] eliminated from the candidates for|R[0-9]C[0-9]|=|<>|,| |[0-9]){0,8}"
        ) {
            let _ = read_basic_steps(&s);
        }
    }
}
