//! The pieces of [Berthier 3D]'s 2007 forms the nrc reader ([`crate::nrc::basic`])
//! takes: conclusions in words, the digits named first, subsets by their listed cells and
//! wings by their cells with the pincers starred.

use crate::common::{malformed, ReadError, Written};
use sudolink_engine::grid::{Cell, Digit, House};

/// The words of [Berthier 3D]'s 2007 conclusions.
const ELIMINATED: &str = "eliminated from the candidates for";

/// Rewrite [Berthier 3D]'s conclusions in words, `8 eliminated from the candidates for R9C6` (one
/// or more cells after `for`), as `r9c6 <> 8`; a text without them is returned unchanged.
pub fn expand_eliminated(text: &str) -> Result<String, ReadError> {
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
            .and_then(|w| w.trim_start_matches('n').parse::<Digit>().ok())
            .ok_or_else(|| malformed("digit before 'eliminated from the candidates for'", text))?;
        let mut after = words(pair[1]);
        if k + 2 < segments.len() {
            after.pop(); // the next phrase's digit
        }
        let cells: Vec<String> = after
            .iter()
            .filter(|w| w.parse::<Cell>().is_ok())
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

/// [Berthier 3D]'s 2007 prefix naming the digits of a step, `number 8 :` or `numbers 5 and 8 :`
/// (forum backticks dropped): the digits and the rest of the pattern. A pattern without it
/// gives no digits.
pub(crate) fn numbers_prefix(pattern: &str) -> Result<(Vec<Digit>, String), ReadError> {
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
    let digits: Option<Vec<Digit>> = words.iter().map(|w| w.parse::<Digit>().ok()).collect();
    match digits {
        Some(d) if !d.is_empty() => Ok((d, rest.to_string())),
        _ => Err(malformed("'number N :' prefix", pattern)),
    }
}

/// The words of a text, split at anything but letters, digits and `*`.
pub(crate) fn words_of(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_alphanumeric() && c != '*')
        .filter(|w| !w.is_empty())
}

/// [Berthier 3D]'s listed subset cells, `B9: R7C7-R8C9`: the house named (or the one of `kind`
/// holding the first cell) and the cells in order.
pub(crate) fn listed_subset_cells(
    rest: &str,
    kind: &str,
    text: &str,
) -> Result<(House, Vec<Cell>), ReadError> {
    let bad = || malformed("subset cells", text);
    let cells: Vec<Cell> = words_of(rest)
        .filter_map(|w| w.parse::<Cell>().ok())
        .collect();
    let first = cells.first().ok_or_else(bad)?;
    let of_kind = match kind {
        "row" => House::Row(first.row() as u8),
        "column" => House::Column(first.col() as u8),
        "block" => House::Block(first.block() as u8),
        _ => return Err(bad()),
    };
    let house = words_of(rest)
        .find_map(|w| w.parse::<House>().ok())
        .unwrap_or(of_kind);
    if house != of_kind {
        return Err(bad());
    }
    Ok((house, cells))
}

/// `R1C2*, R3C3 and R3C8*`: the unstarred cell is the pivot (with no star at all, the middle
/// one, as in the nrc form).
pub(crate) fn starred_wing_cells(rest: &str, text: &str) -> Result<(Cell, [Cell; 2]), ReadError> {
    let cells: Vec<(Cell, bool)> = words_of(rest)
        .filter_map(|w| {
            let starred = w.ends_with('*');
            w.trim_end_matches('*')
                .parse::<Cell>()
                .ok()
                .map(|c| (c, starred))
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
pub(crate) fn wing_digit(w: &Written) -> Result<Digit, ReadError> {
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
