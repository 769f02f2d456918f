//! Chains and lassos in Berthier's nrc notation ([Berthier NRC], [Berthier 3D]), read and printed:
//! `nrc3chain n5{r9c8 r1c8}  {n5 n8}r2c7  {n8 n1}r9c7 ==> r9c8 <> 1`, `nrczt4-chain
//! n2{r7c8 r8c7} - n2{r4c7 r4c1} - ...`, `hxytcn4chain {r1 r8}c8n4 ...`, `nrczt7lrlasso
//! n6{r9 r1 r8*}c6 - n3{r1 r4}c6 - n4{r4 r5 r1#n6r1c6}c6 - ...`, the older upper-case
//! `nrc3-chain N1R9{C8 C9} - {N1 N8}R1C9 - ...`, and a chain written as its list of
//! candidates L1, R1, L2, R2, ... (`nrczt6chain n3r9c5, n2r9c5, n2r9c8, ..., n3r7c9 and
//! n3r8c9 ==> r8c6 <> 3`, [Berthier NRC]'s Sudogen0 #707 path).
//!
//! Reading, with or without the dashes the seed text lost: [`parse_step`] splits a step into
//! its rule name, its cells (each read by the lexer's [`lexer::variable_cell`]; malformed
//! cells — two cells run together, a candidate where a row is expected — are errors naming
//! the token) and its targets; [`chain_from_pairs`] completes the written cells on a
//! state (the CSP variable of each cell and the justification of every extra candidate,
//! which the short notation leaves implicit). The result still has to pass
//! [`sudolink_engine::proof::check`]: completing never vouches for a chain.
//!
//! Printing: [`pattern_text`] as the resolution paths print chains (left- and
//! right-linking candidates only), [`pattern_text_full`] with every t-candidate and the
//! earlier right-linking candidate that justifies it (`#`) and every z-candidate (`*`).

pub use crate::common::ParsedCell;
use crate::nrc::basic::read_conclusions;
use crate::shown::Shown;
use crate::{eureka, forum2007, sudorules, NamedText};
use sudolink_engine::grid::lexer::{self, parse_all, Mark};
use sudolink_engine::grid::{Candidate, CspVariable, State};
use sudolink_engine::proof::chain::{
    kind_index, linked, ChainCell, ChainFamily, ChainPattern, Lasso, LassoKind, TCandidate,
};
use sudolink_engine::proof::{Pattern, Proof};
use thiserror::Error;
use winnow::Parser;

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

/// One token: a chain cell in one of Berthier's forms (see [`lexer::variable_cell`]).
fn parse_cell(token: &str) -> Result<ParsedCell, ParseChainError> {
    let written = parse_all(lexer::variable_cell, token).or_else(|e| {
        let two = token.matches('{').count() > 1;
        cell_err(
            token,
            &if two {
                format!("two cells run together ({e})")
            } else {
                e.to_string()
            },
        )
    })?;
    let items = written.items;
    if items.len() < 2 || items[0].1 != Mark::Plain || items[1].1 != Mark::Plain {
        return cell_err(token, "a cell needs its two linking candidates first");
    }
    let extras = items[2..]
        .iter()
        .map(|&(c, mark)| match mark {
            Mark::T(why) => (c, Some(why)),
            _ => (c, None),
        })
        .collect();
    Ok(ParsedCell {
        variable: written.variable,
        left: items[0].0,
        right: items[1].0,
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

/// The candidates of a chain written as a list ([Berthier NRC]'s Sudogen0 #707 path:
/// `n3r9c5, n2r9c5, n2r9c8, ..., n3r7c9 and n3r8c9`), in order, as (candidate, as written).
/// Commas, `and`, dashes and spaces separate them, and may all be missing (`n3r9c5n2r9c5`);
/// any other text is an error naming it.
fn candidate_list(s: &str) -> Result<Vec<(Candidate, String)>, ParseChainError> {
    let mut out = Vec::new();
    let mut rest = s;
    loop {
        rest = rest.trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | '-' | '—' | '–' | ':')
        });
        if rest.is_empty() {
            return Ok(out);
        }
        if rest.get(..3).is_some_and(|w| w.eq_ignore_ascii_case("and")) {
            rest = &rest[3..];
            continue;
        }
        let before = rest;
        let Ok(c) = lexer::candidate.parse_next(&mut rest) else {
            let token: String = before
                .split_whitespace()
                .next()
                .unwrap_or(before)
                .to_string();
            return cell_err(
                &token.to_ascii_lowercase(),
                "expected a candidate nNrRcC in the candidate list",
            );
        };
        let written = &before[..before.len() - rest.len()];
        out.push((c, written.to_ascii_lowercase()));
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

/// The targets after `==>`: `r9c8 <> 1, r8c5 <> n7`, or [Berthier 3D]'s words `5 eliminated from
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
        let t = parse_all(lexer::conclusion, part)
            .ok()
            .filter(|c| !c.placement)
            .ok_or_else(|| ParseChainError::Conclusion(part.to_string()))?;
        if !targets.contains(&t.candidate) {
            targets.push(t.candidate);
        }
    }
    if targets.is_empty() {
        return Err(ParseChainError::Conclusion(conclusion.to_string()));
    }
    Ok(targets)
}

/// Why written candidates do not make a chain of the family.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BuildError {
    #[error(transparent)]
    Parse(#[from] ParseChainError),
    #[error("cell {cell} ({text}): {why}")]
    Cell {
        cell: usize,
        text: String,
        why: String,
    },
    #[error("{0}")]
    Lasso(String),
}

fn common_variables(a: Candidate, b: Candidate) -> Vec<CspVariable> {
    let vb = b.variables();
    a.variables()
        .into_iter()
        .filter(|v| vb.contains(v))
        .collect()
}

/// Complete written cells into a chain of `family` on `state`: choose each cell's CSP
/// variable when the notation leaves it open, and account for every other open candidate
/// of the cell as a t-candidate (linked to an earlier right-linking candidate; preferred)
/// or a z-candidate (linked to every target), as the family allows. Cells of the full
/// notation keep the extras and justifications they were written with.
pub fn chain_from_pairs(
    state: &State,
    family: ChainFamily,
    cells: &[ParsedCell],
    targets: &[Candidate],
    lasso: Option<LassoKind>,
) -> Result<ChainPattern, BuildError> {
    let r = family.definition();
    let mut out: Vec<ChainCell> = Vec::new();
    for (k, pc) in cells.iter().enumerate() {
        let err = |why: String| BuildError::Cell {
            cell: k + 1,
            text: pc.text.clone(),
            why,
        };
        for c in [pc.left, pc.right] {
            if !state.has(c) {
                return Err(err(not_a_candidate(state, c)));
            }
        }
        // the written form's variable first (the old short notation writes a pair in
        // a column as `n8{r8 r7}c9` even when its block makes it conjugate), then the
        // other variables the two candidates share
        let mut options: Vec<CspVariable> = pc.variable.into_iter().collect();
        for v in common_variables(pc.left, pc.right) {
            if !options.contains(&v) {
                options.push(v);
            }
        }
        options.retain(|&v| r.kinds[kind_index(v)]);
        if options.is_empty() {
            return Err(err(format!(
                "{} and {} share no CSP variable of a {family} chain",
                pc.left, pc.right
            )));
        }
        let mut last_why = String::new();
        let mut chosen = None;
        for v in options {
            let members = v.candidates();
            if !members.contains(&pc.left) || !members.contains(&pc.right) {
                last_why = format!("{} and {} are not both in {v}", pc.left, pc.right);
                continue;
            }
            let mut cell = ChainCell::new(v, pc.left, pc.right);
            if !pc.extras.is_empty() {
                let others: Vec<Candidate> = members
                    .into_iter()
                    .filter(|&x| state.has(x) && x != pc.left && x != pc.right)
                    .collect();
                let listed: Vec<Candidate> = pc.extras.iter().map(|e| e.0).collect();
                if others.len() != listed.len() || !listed.iter().all(|x| others.contains(x)) {
                    last_why =
                        format!("the extra candidates written are not the other candidates of {v}");
                    continue;
                }
                for &(x, why) in &pc.extras {
                    match why {
                        Some(rj) => cell.t_candidates.push(TCandidate {
                            candidate: x,
                            linked_to: rj,
                        }),
                        None => cell.z_candidates.push(x),
                    }
                }
                chosen = Some(cell);
                break;
            }
            let others = members
                .into_iter()
                .filter(|&x| state.has(x) && x != pc.left && x != pc.right);
            let mut ok = true;
            for x in others {
                let earlier = out
                    .iter()
                    .map(|c| c.right_linking)
                    .find(|&rj| r.t && linked(r.space, x, rj));
                if let Some(rj) = earlier {
                    cell.t_candidates.push(TCandidate {
                        candidate: x,
                        linked_to: rj,
                    });
                } else if r.z && targets.iter().all(|&t| linked(r.space, x, t)) {
                    cell.z_candidates.push(x);
                } else {
                    ok = false;
                    last_why = format!("{x} in {v} is not accounted for in a {family} chain");
                    break;
                }
            }
            if ok {
                chosen = Some(cell);
                break;
            }
        }
        match chosen {
            Some(c) => out.push(c),
            None => return Err(err(last_why)),
        }
    }
    let n = out.len();
    let lasso = match (lasso, n) {
        (None, _) | (_, 0) => None,
        (Some(kind), _) => {
            let last = out[n - 1].right_linking;
            let j = match kind {
                LassoKind::Rl => out[..n - 1].iter().position(|c| c.left_linking == last),
                LassoKind::Lr => out[..n - 1]
                    .iter()
                    .position(|c| linked(r.space, last, c.right_linking)),
            };
            match j {
                Some(j) => Some(Lasso { kind, cell: j + 1 }),
                None => {
                    return Err(BuildError::Lasso(format!(
                        "the last right-linking candidate {last} does not close a {} lasso",
                        if kind == LassoKind::Rl { "rl" } else { "lr" }
                    )))
                }
            }
        }
    };
    Ok(ChainPattern {
        family,
        cells: out,
        lasso,
        targets: targets.to_vec(),
    })
}

impl ParsedStep {
    /// The step's pattern on `state` (see [`chain_from_pairs`]).
    pub fn to_pattern(&self, state: &State) -> Result<ChainPattern, BuildError> {
        chain_from_pairs(state, self.family, &self.cells, &self.targets, self.lasso)
    }

    /// The step as a proof on `state`, ready for [`sudolink_engine::proof::check()`].
    pub fn to_proof(&self, state: &State) -> Result<Proof, BuildError> {
        let p = self.to_pattern(state)?;
        let targets = p.targets.clone();
        Ok(Proof::new(Pattern::Chain(p), targets, vec![]))
    }
}

/// Why `c` is not a candidate of `state`, naming what its cell holds.
fn not_a_candidate(state: &State, c: Candidate) -> String {
    let cell = c.cell();
    match state.value(cell) {
        Some(d) if state.is_given(cell) => format!("{c} is not a candidate: {cell} is a given {d}"),
        Some(d) => format!("{c} is not a candidate: {cell} holds {d}"),
        None => format!("{c} is not a candidate: it was eliminated earlier"),
    }
}

/// Read a chain step in Berthier's nrc notation and complete it on `state` into a proof.
pub fn proof_from_text(state: &State, text: &str) -> Result<Proof, BuildError> {
    parse_step(text)?.to_proof(state)
}

fn digit_of(c: Candidate) -> u8 {
    c.digit().get()
}
fn row_of(c: Candidate) -> usize {
    c.cell().row() + 1
}
fn col_of(c: Candidate) -> usize {
    c.cell().col() + 1
}

/// The extra candidates of a cell in candidate order, each with its mark: `#n3r4c6` for a
/// t-candidate, `*` for a z-candidate.
fn extras(cell: &ChainCell) -> Vec<(Candidate, String)> {
    let mut out: Vec<(Candidate, String)> = cell
        .t_candidates
        .iter()
        .map(|t| (t.candidate, format!("#{}", t.linked_to)))
        .chain(cell.z_candidates.iter().map(|&z| (z, "*".to_string())))
        .collect();
    out.sort_by_key(|(c, _)| *c);
    out
}

/// One cell in nrc notation. `full` adds the extra candidates and prints rn- and
/// cn-variables in the compact same-unit forms (`n7r5{c6 c4}`, `n6{r9 r1 r8*}c6`).
fn cell_text(family: ChainFamily, cell: &ChainCell, full: bool) -> String {
    use ChainFamily::*;
    let (l, r) = (cell.left_linking, cell.right_linking);
    let ex = if full { extras(cell) } else { Vec::new() };
    let items = |f: &dyn Fn(Candidate) -> String| -> String {
        let mut v = vec![f(l), f(r)];
        v.extend(ex.iter().map(|(c, m)| format!("{}{m}", f(*c))));
        v.join(" ")
    };
    match (family, cell.variable) {
        (HxyRn | HxytRn | HxyzRn | HxyztRn, CspVariable::Rn(row, d)) => {
            format!(
                "{{{}}}r{}n{d}",
                items(&|c| format!("c{}", col_of(c))),
                row + 1
            )
        }
        (HxyCn | HxytCn | HxyzCn | HxyztCn, CspVariable::Cn(col, d)) => {
            format!(
                "{{{}}}c{}n{d}",
                items(&|c| format!("r{}", row_of(c))),
                col + 1
            )
        }
        (_, CspVariable::Rc(cell_rc)) => {
            format!("{{{}}}{cell_rc}", items(&|c| format!("n{}", digit_of(c))))
        }
        (_, CspVariable::Rn(row, d)) if full => {
            format!(
                "n{d}r{}{{{}}}",
                row + 1,
                items(&|c| format!("c{}", col_of(c)))
            )
        }
        (_, CspVariable::Cn(col, d)) if full => {
            format!(
                "n{d}{{{}}}c{}",
                items(&|c| format!("r{}", row_of(c))),
                col + 1
            )
        }
        (_, v) => {
            let d = match v {
                CspVariable::Rn(_, d) | CspVariable::Cn(_, d) | CspVariable::Bn(_, d) => d,
                CspVariable::Rc(_) => l.digit(),
            };
            format!("n{d}{{{}}}", items(&|c| c.cell().to_string()))
        }
    }
}

fn join_cells(c: &ChainPattern, full: bool) -> String {
    c.cells
        .iter()
        .map(|cell| cell_text(c.family, cell, full))
        .collect::<Vec<_>>()
        .join(" - ")
}

/// The pattern part in Berthier's nrc notation, as their resolution paths print it (without
/// the ` ==> r7c5 <> 2` conclusion, which the shared printer appends):
/// `nrczt4-chain n2{r7c8 r8c7} - n2{r4c7 r4c1} - n2{r6c2 r6c6} - n2{r2c6 r2c5}`,
/// `nrc3-chain n5{r9c8 r1c8} - {n5 n8}r2c7 - {n8 n1}r9c7`,
/// `hxyt-cn4-chain {r1 r8}c8n4 - {r8 r5}c3n4 - {r5 r4}c3n2 - {r4 r1}c3n5`.
/// Only left- and right-linking candidates are shown; see [`pattern_text_full`].
pub fn pattern_text(_state: &State, proof: &Proof, c: &ChainPattern) -> String {
    format!("{} {}", proof.rule, join_cells(c, false))
}

/// The seed's full nrc notation, with every t-candidate and the earlier right-linking
/// candidate that justifies it (`#`) and every z-candidate (`*`), rn- and cn-cells in their
/// compact same-unit forms:
/// `nrczt7-rl-lasso n3{r1 r4}c6 - n4{r4 r5 r1*}c6 - {n4 n2}r5c9 - {n2 n6 n3#n3r4c6}r4c8 - ...`.
pub fn pattern_text_full(c: &ChainPattern) -> String {
    format!("{} {}", c.rule_name().0, join_cells(c, true))
}

impl Shown for ChainPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        pattern_text(state, proof, self)
    }
    fn dialect(&self) -> &'static str {
        "nrc"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = (state, proof);
        Some(sudorules::chain_text(self))
    }
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        let nrc = pattern_text(state, proof, self);
        let body = forum2007::upper_body(&nrc)?;
        Some(format!(
            "{body} ==> {}",
            forum2007::conclusions_in_words(proof)
        ))
    }
    fn more_texts(&self, state: &State, proof: &Proof) -> Vec<NamedText> {
        let _ = (state, proof);
        eureka::eureka_text(self)
            .map(|text| NamedText {
                name: "Eureka",
                heading: "Eureka/AIC notation:".into(),
                text,
            })
            .into_iter()
            .collect()
    }
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
        // [Berthier NRC], Sudogen0 #707 path, step 37 (as the work prints it, line break included)
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
        // [Berthier 3D], Hagglund's hinge puzzle (the second cell as corrected in the fixture)
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
