//! Reading one chain step written in the seeds' nrc notation, short or full, with or without
//! the dashes the seed text lost: `nrc3chain n5{r9c8 r1c8}  {n5 n8}r2c7  {n8 n1}r9c7 ==>
//! r9c8 <> 1`, `nrczt4-chain n2{r7c8 r8c7} - n2{r4c7 r4c1} - ...`, `hxytcn4chain {r1 r8}c8n4
//! ...`, `nrczt7lrlasso n6{r9 r1 r8*}c6 - n3{r1 r4}c6 - n4{r4 r5 r1#n6r1c6}c6 - ...`, and the
//! older upper-case `nrc3-chain N1R9{C8 C9} - {N1 N8}R1C9 - ...`; and a chain written as
//! its list of candidates L1, R1, L2, R2, ... (`nrczt6chain n3r9c5, n2r9c5, n2r9c8, ...,
//! n3r7c9 and n3r8c9 ==> r8c6 <> 3`, seed 000's Sudogen0 #707 path). Malformed cells (two
//! cells run together, a candidate where a row is expected) are errors naming the token.

use super::{ChainFamily, LassoKind};
use crate::grid::{Candidate, Cell, CspVariable, Digit};
use crate::proof::read_basic::read_conclusions;
use thiserror::Error;

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

/// One chain step: family, length, lasso kind, cells and eliminated targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedStep {
    pub family: ChainFamily,
    pub length: usize,
    pub lasso: Option<LassoKind>,
    pub cells: Vec<ParsedCell>,
    pub targets: Vec<Candidate>,
}

/// Why a step does not read as a chain.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseChainError {
    #[error("not a chain rule name: {0:?}")]
    Name(String),
    #[error("malformed chain cell {token:?}: {why}")]
    Cell { token: String, why: String },
    #[error("malformed conclusion {0:?}")]
    Conclusion(String),
    #[error("the rule says length {said} but {found} cells are written")]
    Length { said: usize, found: usize },
}

fn cell_err<T>(token: &str, why: &str) -> Result<T, ParseChainError> {
    Err(ParseChainError::Cell {
        token: token.to_string(),
        why: why.to_string(),
    })
}

/// Parse `nrczt4chain`, `nrczt4-chain`, `hxytcn4chain`, `hxyzt4rnchaintype1`,
/// `nrczt6-lr-lasso`.
fn parse_name(word: &str) -> Result<(ChainFamily, usize, Option<LassoKind>), ParseChainError> {
    let w: String = word
        .trim_end_matches(':')
        .to_ascii_lowercase()
        .chars()
        .filter(|&c| c != '-')
        .collect();
    let bad = || ParseChainError::Name(word.to_string());
    let (body, lasso) = if let Some(b) = w.strip_suffix("lrlasso") {
        (b.to_string(), Some(LassoKind::Lr))
    } else if let Some(b) = w.strip_suffix("rllasso") {
        (b.to_string(), Some(LassoKind::Rl))
    } else {
        let i = w.find("chain").ok_or_else(bad)?;
        let rest = &w[i + 5..];
        if !(rest.is_empty() || rest.starts_with("type")) {
            return Err(bad());
        }
        (w[..i].to_string(), None)
    };
    let digits: String = body.chars().filter(|c| c.is_ascii_digit()).collect();
    let letters: String = body.chars().filter(|c| !c.is_ascii_digit()).collect();
    let length: usize = digits.parse().map_err(|_| bad())?;
    use ChainFamily::*;
    let family = match (letters.as_str(), lasso.is_some()) {
        ("nrct", true) => NrctLasso,
        ("nrczt", true) => NrcztLasso,
        (_, true) => return Err(bad()),
        ("nrc", _) => Nrc,
        ("nrct", _) => Nrct,
        ("nrcz", _) => Nrcz,
        ("nrczt", _) => Nrczt,
        ("xy", _) => Xy,
        ("xyt", _) => Xyt,
        ("xyz", _) => Xyz,
        ("xyzt", _) => Xyzt,
        ("c", _) => C,
        ("hxyrn", _) => HxyRn,
        ("hxytrn", _) => HxytRn,
        ("hxyzrn", _) => HxyzRn,
        ("hxyztrn", _) => HxyztRn,
        ("hxycn", _) => HxyCn,
        ("hxytcn", _) => HxytCn,
        ("hxyzcn", _) => HxyzCn,
        ("hxyztcn", _) => HxyztCn,
        _ => return Err(bad()),
    };
    if length == 0 {
        return Err(bad());
    }
    Ok((family, length, lasso))
}

fn digit(b: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&b).then(|| b - b'0')
}

/// `r4c1`.
fn cell_at(s: &str) -> Option<Cell> {
    s.parse().ok()
}

/// `n8r4c1`.
fn candidate_at(s: &str) -> Option<Candidate> {
    s.parse().ok()
}

/// `x` followed by one digit: `n5`, `r3`, `c7`.
fn indexed(s: &str, x: u8) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() == 2 && b[0] == x {
        digit(b[1])
    } else {
        None
    }
}

/// One token: prefix `{items}` suffix.
fn parse_cell(token: &str) -> Result<ParsedCell, ParseChainError> {
    let t = token.to_ascii_lowercase();
    let (open, close) = match (t.find('{'), t.find('}')) {
        (Some(o), Some(c)) if o < c => (o, c),
        _ => return cell_err(token, "expected one {...} group"),
    };
    let (prefix, inner, suffix) = (&t[..open], &t[open + 1..close], &t[close + 1..]);
    if inner.contains('{') || suffix.contains('{') || suffix.contains('}') {
        return cell_err(token, "two cells run together");
    }
    // items with their marks
    let mut items: Vec<(&str, Option<Option<&str>>)> = Vec::new();
    for item in inner.split_whitespace() {
        if let Some(base) = item.strip_suffix('*') {
            items.push((base, Some(None)));
        } else if let Some((base, why)) = item.split_once('#') {
            items.push((base, Some(Some(why))));
        } else {
            items.push((item, None));
        }
    }
    if items.len() < 2 || items[0].1.is_some() || items[1].1.is_some() {
        return cell_err(token, "a cell needs its two linking candidates first");
    }
    // how an item becomes a candidate, and the variable if the form fixes it
    type Make<'a> = Box<dyn Fn(&str) -> Option<Candidate> + 'a>;
    let (make, variable): (Make, Option<CspVariable>) = if prefix.is_empty() {
        if let Some(cell) = cell_at(suffix) {
            // {n5 n8}r2c7
            let make: Make =
                Box::new(move |s: &str| Some(Candidate::new(cell, Digit::new(indexed(s, b'n')?)?)));
            (make, Some(CspVariable::Rc(cell)))
        } else if suffix.len() == 4 && suffix.as_bytes()[2] == b'n' {
            let unit = suffix
                .get(..2)
                .and_then(|u| indexed(u, suffix.as_bytes()[0]));
            let d = digit(suffix.as_bytes()[3]).and_then(Digit::new);
            match (suffix.as_bytes()[0], unit, d) {
                (b'r', Some(r), Some(d)) => {
                    // {c2 c6}r1n3
                    let make: Make = Box::new(move |s: &str| {
                        Some(Candidate::new(
                            Cell::at(r as usize - 1, indexed(s, b'c')? as usize - 1),
                            d,
                        ))
                    });
                    (make, Some(CspVariable::Rn(r - 1, d)))
                }
                (b'c', Some(c), Some(d)) => {
                    // {r1 r8}c8n4
                    let make: Make = Box::new(move |s: &str| {
                        Some(Candidate::new(
                            Cell::at(indexed(s, b'r')? as usize - 1, c as usize - 1),
                            d,
                        ))
                    });
                    (make, Some(CspVariable::Cn(c - 1, d)))
                }
                _ => return cell_err(token, "unknown cell form"),
            }
        } else {
            return cell_err(token, "unknown cell form");
        }
    } else {
        let d = match prefix
            .get(..2)
            .and_then(|p| indexed(p, b'n'))
            .and_then(Digit::new)
        {
            Some(d) => d,
            None => return cell_err(token, "expected a digit nD before the braces"),
        };
        let rest = &prefix[2..];
        if rest.is_empty() && suffix.is_empty() {
            // n2{r7c8 r8c7}
            let make: Make = Box::new(move |s: &str| Some(Candidate::new(cell_at(s)?, d)));
            (make, None)
        } else if rest.is_empty() {
            // n6{r9 r1 r8*}c6
            let Some(c) = indexed(suffix, b'c') else {
                return cell_err(token, "expected a column after the braces");
            };
            let make: Make = Box::new(move |s: &str| {
                Some(Candidate::new(
                    Cell::at(indexed(s, b'r')? as usize - 1, c as usize - 1),
                    d,
                ))
            });
            (make, Some(CspVariable::Cn(c - 1, d)))
        } else if suffix.is_empty() {
            // n7r5{c6 c4}
            let Some(r) = indexed(rest, b'r') else {
                return cell_err(token, "expected a row between the digit and the braces");
            };
            let make: Make = Box::new(move |s: &str| {
                Some(Candidate::new(
                    Cell::at(r as usize - 1, indexed(s, b'c')? as usize - 1),
                    d,
                ))
            });
            (make, Some(CspVariable::Rn(r - 1, d)))
        } else {
            return cell_err(token, "unknown cell form");
        }
    };
    let mut cands = Vec::new();
    for (base, _) in &items {
        match make(base) {
            Some(c) => cands.push(c),
            None => return cell_err(token, &format!("cannot read {base:?} in this cell form")),
        }
    }
    let mut extras = Vec::new();
    for (k, (_, mark)) in items.iter().enumerate().skip(2) {
        let why = match mark {
            Some(Some(w)) => match candidate_at(w) {
                Some(c) => Some(c),
                None => return cell_err(token, &format!("bad justification #{w}")),
            },
            _ => None,
        };
        extras.push((cands[k], why));
    }
    Ok(ParsedCell {
        variable,
        left: cands[0],
        right: cands[1],
        extras,
        text: token.to_string(),
    })
}

/// Split the pattern part into cell tokens: a token runs from a non-separator up to the end
/// of its `{...}` group and the following non-space characters. Words without braces
/// (`on cells`) are skipped.
fn cell_tokens(s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == '-' || c == ':' || c == '—' || c == '–' {
            i += 1;
            continue;
        }
        let start = i;
        // prefix up to '{' (or a word without braces)
        while i < chars.len() && chars[i] != '{' && !chars[i].is_whitespace() {
            i += 1;
        }
        if i >= chars.len() || chars[i] != '{' {
            continue; // a word without braces
        }
        while i < chars.len() && chars[i] != '}' {
            i += 1;
        }
        i += 1;
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '-' {
            i += 1;
        }
        out.push(chars[start..i.min(chars.len())].iter().collect());
    }
    out
}

/// The candidates of a chain written as a list (seed 000's Sudogen0 #707 path:
/// `n3r9c5, n2r9c5, n2r9c8, ..., n3r7c9 and n3r8c9`), in order, as (candidate, as written).
/// Commas, `and`, dashes and spaces separate them, and may all be missing (`n3r9c5n2r9c5`);
/// any other text is an error naming it.
fn candidate_list(s: &str) -> Result<Vec<(Candidate, String)>, ParseChainError> {
    let low = s.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut rest = low.as_str();
    loop {
        rest = rest.trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | '-' | '—' | '–' | ':')
        });
        if rest.is_empty() {
            return Ok(out);
        }
        if let Some(after) = rest.strip_prefix("and") {
            rest = after;
            continue;
        }
        let word = rest.get(..6).and_then(candidate_at);
        let Some(c) = word else {
            let token: String = rest.split_whitespace().next().unwrap_or(rest).to_string();
            return cell_err(&token, "expected a candidate nNrRcC in the candidate list");
        };
        out.push((c, rest[..6].to_string()));
        rest = &rest[6..];
    }
}

/// A chain written as a candidate list: L1, R1, L2, R2, ... paired into cells whose
/// variable the list leaves open (as `n2{r7c8 r8c7}` does).
fn candidate_list_cells(s: &str) -> Result<Vec<ParsedCell>, ParseChainError> {
    let list = candidate_list(s)?;
    if list.len() % 2 == 1 {
        let (_, last) = &list[list.len() - 1];
        return cell_err(
            last,
            &format!(
                "a candidate list needs an even number of candidates (L1, R1, L2, R2, ...); {} are written",
                list.len()
            ),
        );
    }
    Ok(list
        .chunks(2)
        .map(|pair| ParsedCell {
            variable: None,
            left: pair[0].0,
            right: pair[1].0,
            extras: Vec::new(),
            text: format!("{}, {}", pair[0].1, pair[1].1),
        })
        .collect())
}

/// `r9c8 <> 1`, `r8c5 <> n7`, `r6c6≠4`.
fn parse_target(s: &str) -> Option<Candidate> {
    let t: String = s.to_ascii_lowercase().replace("<>", " ").replace('≠', " ");
    let mut parts = t.split_whitespace();
    let cell = cell_at(parts.next()?)?;
    let d = parts.next()?;
    let d = d.strip_prefix('n').unwrap_or(d);
    if parts.next().is_some() || d.len() != 1 {
        return None;
    }
    Some(Candidate::new(cell, Digit::new(digit(d.as_bytes()[0])?)?))
}

/// Read one chain step: `RULE CELLS ==> TARGETS`.
pub fn parse_step(text: &str) -> Result<ParsedStep, ParseChainError> {
    let text = text.trim();
    let (pattern, conclusion) = text
        .split_once("==>")
        .or_else(|| text.split_once("=>"))
        .ok_or_else(|| ParseChainError::Conclusion(text.to_string()))?;
    let pattern = pattern.trim();
    let (name, cells_text) = pattern
        .split_once(char::is_whitespace)
        .unwrap_or((pattern, ""));
    let (family, length, lasso) = parse_name(name)?;
    let cells = if cells_text.contains('{') {
        cell_tokens(cells_text)
            .iter()
            .map(|t| parse_cell(t))
            .collect::<Result<Vec<_>, _>>()?
    } else {
        candidate_list_cells(cells_text)?
    };
    if cells.len() != length {
        return Err(ParseChainError::Length {
            said: length,
            found: cells.len(),
        });
    }
    let targets = parse_targets(conclusion)?;
    Ok(ParsedStep {
        family,
        length,
        lasso,
        cells,
        targets,
    })
}

/// The targets after `==>`: `r9c8 <> 1, r8c5 <> n7`, or seed 001's words `5 eliminated from
/// the candidates for R9C8`.
fn parse_targets(conclusion: &str) -> Result<Vec<Candidate>, ParseChainError> {
    if conclusion.to_ascii_lowercase().contains("eliminated") {
        return match read_conclusions(conclusion) {
            Ok((elims, asserts)) if asserts.is_empty() => Ok(elims),
            _ => Err(ParseChainError::Conclusion(conclusion.to_string())),
        };
    }
    let mut targets = Vec::new();
    for part in conclusion.split(',') {
        if part.trim().is_empty() {
            continue;
        }
        let t = parse_target(part).ok_or_else(|| ParseChainError::Conclusion(part.to_string()))?;
        if !targets.contains(&t) {
            targets.push(t);
        }
    }
    if targets.is_empty() {
        return Err(ParseChainError::Conclusion(conclusion.to_string()));
    }
    Ok(targets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_lost_dashes() {
        use ChainFamily::*;
        assert_eq!(parse_name("nrczt4chain").unwrap(), (Nrczt, 4, None));
        assert_eq!(parse_name("nrczt4-chain").unwrap(), (Nrczt, 4, None));
        assert_eq!(parse_name("hxytcn4chain").unwrap(), (HxytCn, 4, None));
        assert_eq!(parse_name("hxy-rn4-chain").unwrap(), (HxyRn, 4, None));
        assert_eq!(
            parse_name("hxyzt4rnchaintype1").unwrap(),
            (HxyztRn, 4, None)
        );
        assert_eq!(
            parse_name("nrczt28lrlasso").unwrap(),
            (NrcztLasso, 28, Some(LassoKind::Lr))
        );
        assert_eq!(
            parse_name("nrczt7-rl-lasso").unwrap(),
            (NrcztLasso, 7, Some(LassoKind::Rl))
        );
        assert!(parse_name("swordfishincolumns").is_err());
    }

    #[test]
    fn cell_forms() {
        let c = parse_cell("{n5 n8}r2c7").unwrap();
        assert_eq!(c.left.to_string(), "n5r2c7");
        assert_eq!(c.variable.unwrap().to_string(), "r2c7");
        let c = parse_cell("n6{r9 r1 r8*}c6").unwrap();
        assert_eq!(c.variable.unwrap().to_string(), "c6n6");
        assert_eq!(c.extras[0].0.to_string(), "n6r8c6");
        assert_eq!(c.extras[0].1, None);
        let c = parse_cell("n5{r5c4 r6c4 r5c6#n4r5c6}").unwrap();
        assert_eq!(c.variable, None);
        assert_eq!(c.extras[0].1.unwrap().to_string(), "n4r5c6");
        let c = parse_cell("N1R9{C8 C9}").unwrap();
        assert_eq!(c.right.to_string(), "n1r9c9");
        let c = parse_cell("{r1 r8}c8n4").unwrap();
        assert_eq!(c.right.to_string(), "n4r8c8");
        let c = parse_cell("{c2 c6}r1n3").unwrap();
        assert_eq!(c.right.to_string(), "n3r1c6");
        assert!(parse_cell("{n9 n5}r1c4n5{r9c4").is_err());
        assert!(parse_cell("n8{r3c4 n8r9c4}").is_err());
    }

    #[test]
    fn steps() {
        let s =
            parse_step("nrc3chain n5{r9c8 r1c8}  {n5 n8}r2c7  {n8 n1}r9c7 ==> r9c8 <> 1").unwrap();
        assert_eq!(s.cells.len(), 3);
        assert_eq!(s.targets[0].to_string(), "n1r9c8");
        let s = parse_step(
            "nrczt3chain n7{r5c5 r5c4} - n7{r2c4 r2c1} - n7{r7c1 r7c6} ==> r8c5 <> n7, r9c4 <> n7",
        )
        .unwrap();
        assert_eq!(s.targets.len(), 2);
        let e = parse_step("nrczt4chain n2{r7c8 r8c7} - n2{r4c7 r4c1} ==> r7c5 <> 2");
        assert!(matches!(
            e,
            Err(ParseChainError::Length { said: 4, found: 2 })
        ));
    }

    #[test]
    fn candidate_list_form() {
        // seed 000, Sudogen0 #707 path, step 37 (as the seed prints it, line break included)
        let s = parse_step(
            "nrczt6chain n3r9c5, n2r9c5, n2r9c8, n5r9c8, n5r8c9, n6r8c9,\n\
             n6r7c8, n4r7c8, n4r7c2, n3r7c2, n3r7c9 and n3r8c9 ==>\nr8c6 <> 3",
        )
        .unwrap();
        assert_eq!((s.family, s.length), (ChainFamily::Nrczt, 6));
        let pairs: Vec<String> = s
            .cells
            .iter()
            .map(|c| format!("{} {}", c.left, c.right))
            .collect();
        assert_eq!(
            pairs,
            [
                "n3r9c5 n2r9c5",
                "n2r9c8 n5r9c8",
                "n5r8c9 n6r8c9",
                "n6r7c8 n4r7c8",
                "n4r7c2 n3r7c2",
                "n3r7c9 n3r8c9"
            ]
        );
        assert!(s.cells.iter().all(|c| c.variable.is_none()));
        assert_eq!(s.targets[0].to_string(), "n3r8c6");
        // lost spaces, dashes, upper case
        let t = parse_step("nrczt2-chain N3R9C5n2r9c5 - n2r9c8,n5r9c8 => r9c9 <> 5").unwrap();
        assert_eq!(t.cells[1].right.to_string(), "n5r9c8");
        assert_eq!(t.cells[0].text, "n3r9c5, n2r9c5");
    }

    #[test]
    fn upper_case_chain_with_conclusion_in_words() {
        // seed 001, Hagglund's hinge puzzle (the second cell as corrected in the fixture)
        let s = parse_step(
            "nrc2-chain N8R1{C2 C9} - N8{R8C9 R7C7} ==> 8 eliminated from the candidates for R7C2",
        )
        .unwrap();
        assert_eq!(s.cells[1].right.to_string(), "n8r7c7");
        assert_eq!(s.targets[0].to_string(), "n8r7c2");
        let bad = parse_step("nrc2-chain N8R1{C2 C9} - N8{R8C9 R7C7} ==> 8 eliminated from R7C2");
        assert!(
            matches!(bad, Err(ParseChainError::Conclusion(_))),
            "{bad:?}"
        );
    }

    #[test]
    fn malformed_candidate_lists() {
        let odd = parse_step("nrczt2chain n3r9c5, n2r9c5, n2r9c8 ==> r8c6 <> 3");
        assert!(
            matches!(&odd, Err(ParseChainError::Cell { token, why })
                if token == "n2r9c8" && why.contains("even number")),
            "{odd:?}"
        );
        let junk = parse_step("nrczt1chain n3r9c5, or n2r9c5 ==> r8c6 <> 3");
        assert!(
            matches!(&junk, Err(ParseChainError::Cell { token, .. }) if token == "or"),
            "{junk:?}"
        );
        let short = parse_step("nrczt3chain n3r9c5, n2r9c5, n2r9c8, n5r9c8 ==> r8c6 <> 3");
        assert!(matches!(
            short,
            Err(ParseChainError::Length { said: 3, found: 2 })
        ));
        let bad_digit = parse_step("nrczt1chain n0r9c5, n2r9c5 ==> r8c6 <> 3");
        assert!(bad_digit.is_err());
    }
}
