//! SudoRules' modern notation (CSP-Rules 2), printed and read:
//!
//! ```text
//! whip[4]: r7c8{n2 n3} - c5n3{r7 r2} - r2n6{c5 c7} - b3n1{r2c7 .} ==> r7c5≠2
//! g-whip[3]: r2n6{c5 c789} - ...
//! biv-chain[3]: r9n5{c8 c7} - r2c7{n5 n8} - r9c7{n8 n1} ==> r9c8 ≠ 1
//! naked-pairs-in-a-row: r6{c2 c9}{n1 n7} ==> r6c8≠7
//! ```
//!
//! Each cell is a CSP variable (`r7c8` rc, `r2n6` rn, `c5n3` cn, `b3n1` bn) followed by its
//! left- and right-linking values in braces, the last whip cell's missing right-linking
//! value a dot; a g-candidate prints as its segment (`c789`, `r123`, `r1c789`), whichever of
//! its cells are open.
//!
//! Printing ([`sudorules_text`]): whips, braids and their g-forms as SudoRules prints them;
//! chains under their modern names (nrc and c-chains are biv-chains, nrcz z-chains, nrct
//! t-whips, nrczt whips; the 2D ones typed `biv-chain-rc`, `whip-rn`, …); basic rules in
//! the modern forms; other patterns in our nrc notation.
//!
//! Reading ([`read_sudorules`]): `whip[n]`, `t-whip[n]`, `z-chain[n]`, `braid[n]`,
//! `g-whip[n]`, `g-braid[n]` lines (typed or not) into whip patterns and `biv-chain[n]`
//! lines into nrc-chains (a c-chain prints the same way and reads back as the nrc-chain it
//! also is). A g-label is read as the open
//! candidates of its segment on the state. The result still has to pass
//! [`sudolink_engine::proof::check`].

use crate::common::cells_by_house;
pub use crate::common::{value_text, whip_pattern_text};
use crate::nrc;
use crate::shown::Shown;
use sudolink_engine::grid::lexer::{self, LexError};
use sudolink_engine::grid::{Candidate, Cell, CspVariable, House, State};
use sudolink_engine::proof::chain::{ChainCell, ChainFamily, ChainPattern};
use sudolink_engine::proof::whip::{WhipCell, WhipKind, WhipPattern};
use sudolink_engine::proof::{on_pattern, Pattern, Proof};
use thiserror::Error;
use winnow::ascii::{multispace0, multispace1};
use winnow::combinator::separated;
use winnow::token::take_while;
use winnow::Parser;

/// Conclusions as SudoRules' modern notation prints them: `r7c9≠3, r6c9≠3` or `r1c1=7`.
pub fn modern_conclusions(proof: &Proof) -> String {
    let mut parts: Vec<String> = proof.assertions.iter().map(|c| c.assertion()).collect();
    parts.extend(
        proof
            .eliminations
            .iter()
            .map(|c| format!("{}≠{}", c.cell(), c.digit())),
    );
    parts.join(", ")
}

/// `r6{c2 c9}`, `c2{r1 r6}`, `b3{r1c7 r2c8}`: the house, then its cells.
pub(crate) fn modern_cells(house: House, cells: &[Cell]) -> String {
    format!("{house}{}", cells_by_house(house, cells))
}

/// The whole step in SudoRules' modern notation (CSP-Rules 2): `whip[4]: ... ==> r7c5≠2`,
/// `biv-chain[3]: ...`, `naked-pairs-in-a-row: r6{c2 c9}{n1 n7} ==> r6c8≠7`; a pattern
/// SudoRules has no form for in our notation, with SudoRules' conclusions.
pub fn sudorules_text(state: &State, proof: &Proof) -> String {
    on_pattern!(&proof.pattern, x => x.sudorules(state, proof)).unwrap_or_else(|| {
        format!(
            "{} ==> {}",
            nrc::pattern_text(state, proof),
            modern_conclusions(proof)
        )
    })
}

/// SudoRules' (CSP-Rules') modern name for the family.
pub fn modern_name(f: ChainFamily) -> &'static str {
    use ChainFamily::*;
    match f {
        Nrc | C => "biv-chain",
        Nrcz => "z-chain",
        Nrct | NrctLasso => "t-whip",
        Nrczt | NrcztLasso => "whip",
        Xy => "biv-chain-rc",
        Xyz => "z-chain-rc",
        Xyt => "t-whip-rc",
        Xyzt => "whip-rc",
        HxyRn => "biv-chain-rn",
        HxyzRn => "z-chain-rn",
        HxytRn => "t-whip-rn",
        HxyztRn => "whip-rn",
        HxyCn => "biv-chain-cn",
        HxyzCn => "z-chain-cn",
        HxytCn => "t-whip-cn",
        HxyztCn => "whip-cn",
    }
}

pub(crate) fn modern_value(v: CspVariable, c: Candidate) -> String {
    match v {
        CspVariable::Rc(_) => format!("n{}", c.digit()),
        CspVariable::Rn(..) => format!("c{}", c.cell().col() + 1),
        CspVariable::Cn(..) => format!("r{}", c.cell().row() + 1),
        CspVariable::Bn(..) => c.cell().to_string(),
    }
}

/// The step in SudoRules' modern notation (CSP-Rules 2):
/// `biv-chain[3]: r9n5{c8 c7} - ...`, `z-chain[3]: b7n5{r7c1 r9c3} - c3n8{r9 r5} - c3n9{r5 .}`,
/// `t-whip[n]`, `whip[n]`, and the typed `biv-chain-rc[n]`, `whip-rn[n]`, ... for 2D chains,
/// with the conclusion `==> r6c6 ≠ 4`.
///
/// The mapping: nrc and c-chains are bivalue-chains (all cells printed with both ends);
/// nrcz-chains are z-chains, nrct-chains t-whips, nrczt-chains whips (their last cell is
/// printed `{L .}`: its R is linked to the target, a z-candidate of the last cell). Lassos
/// have no name of their own in CSP-Rules: Berthier subsumed them under whips (nrczt) and
/// t-whips (nrct), which is how they print here. A 3D chain that uses one CSP variable twice
/// (allowed by Berthier's definitions, never by whips) has no exact modern equivalent; it is
/// printed the same way.
pub fn chain_text(c: &ChainPattern) -> String {
    let biv = matches!(
        c.family,
        ChainFamily::Nrc
            | ChainFamily::C
            | ChainFamily::Xy
            | ChainFamily::HxyRn
            | ChainFamily::HxyCn
    );
    let n = c.cells.len();
    let cells: Vec<String> = c
        .cells
        .iter()
        .enumerate()
        .map(|(k, cell)| {
            let v = cell.variable;
            let right = if k + 1 == n && !biv {
                ".".to_string()
            } else {
                modern_value(v, cell.right_linking)
            };
            format!("{v}{{{} {right}}}", modern_value(v, cell.left_linking))
        })
        .collect();
    let concl: Vec<String> = c
        .targets
        .iter()
        .map(|t| format!("{} ≠ {}", t.cell(), t.digit()))
        .collect();
    format!(
        "{}[{n}]: {} ==> {}",
        modern_name(c.family),
        cells.join(" - "),
        concl.join(", ")
    )
}

/// The whole step as SudoRules prints it:
/// `whip[4]: r7c8{n2 n3} - c5n3{r7 r2} - r2n6{c5 c7} - b3n1{r2c7 .} ==> r7c5≠2`.
pub fn whip_text(state: &State, proof: &Proof, w: &WhipPattern) -> String {
    let conclusions: Vec<String> = proof
        .eliminations
        .iter()
        .map(|c| format!("{}≠{}", c.cell(), c.digit()))
        .collect();
    format!(
        "{} ==> {}",
        whip_pattern_text(state, proof, w),
        conclusions.join(", ")
    )
}

/// Why a line does not read in SudoRules' modern notation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SudoRulesError {
    #[error("{0}")]
    Syntax(#[from] LexError),
    #[error("not a rule this reader knows: {0:?} (whip, t-whip, z-chain, braid, g-whip, g-braid, biv-chain, and their typed forms such as whip-rn)")]
    Rule(String),
    #[error("the rule says length {said} but {found} cells are written")]
    Length { said: usize, found: usize },
    #[error("{0}")]
    Shape(String),
}

/// The rule name and its length: `whip[4]:`.
fn heading<'a>(i: &mut &'a str) -> lexer::PResult<(&'a str, usize)> {
    (
        take_while(1.., |c: char| c.is_ascii_alphabetic() || c == '-'),
        '[',
        take_while(1.., |c: char| c.is_ascii_digit()).try_map(str::parse::<usize>),
        ']',
        ':',
    )
        .map(|(name, _, n, _, _)| (name, n))
        .context(lexer::expected("a rule name and length such as whip[4]:"))
        .parse_next(i)
}

/// Read a step as SudoRules prints it (see the module doc) into a proof on `state`.
pub fn read_sudorules(state: &State, text: &str) -> Result<Proof, SudoRulesError> {
    let mut proofs = read_sudorules_each(state, text)?;
    match proofs.len() {
        1 => Ok(proofs.remove(0)),
        _ => Err(SudoRulesError::Shape(
            "a whip or braid has one target".to_string(),
        )),
    }
}

/// [`read_sudorules`], with a whip line of several targets (an nrct-chain printed as the
/// t-whip it is for each of its targets: `t-whip[3]: … ==> r5c8 ≠ 1, r9c4 ≠ 1`) read as one
/// whip per target.
pub fn read_sudorules_each(state: &State, text: &str) -> Result<Vec<Proof>, SudoRulesError> {
    let open = |c: Candidate| state.has(c);
    let mut rest = text.trim();
    let at = |rest: &str, e| SudoRulesError::Syntax(LexError::at(text, rest, &e));
    let (name, n) = heading.parse_next(&mut rest).map_err(|e| at(rest, e))?;
    let lower = name.to_ascii_lowercase();
    // the 2D chains' typed names (`whip-rn`, `biv-chain-rc`) read as their untyped rule
    let untyped = ["-rc", "-rn", "-cn", "-bn"]
        .iter()
        .find_map(|t| lower.strip_suffix(t))
        .unwrap_or(&lower);
    let kind = match untyped {
        // z-chains and t-whips are whips with no t- or no z-candidates: read as whips,
        // the whip checker verifies them
        "whip" | "z-chain" | "t-whip" => Some(WhipKind::Whip),
        "braid" => Some(WhipKind::Braid),
        "g-whip" => Some(WhipKind::GWhip),
        "g-braid" => Some(WhipKind::GBraid),
        "biv-chain" => None,
        other => return Err(SudoRulesError::Rule(other.to_string())),
    };
    type Cells = Vec<(CspVariable, lexer::ModernValue, lexer::ModernValue)>;
    let cells: Cells = (
        multispace0,
        separated(
            1..,
            lexer::modern_cell(&open),
            (multispace1, '-', multispace1),
        ),
    )
        .map(|(_, cells)| cells)
        .parse_next(&mut rest)
        .map_err(|e| at(rest, e))?;
    let targets: Vec<sudolink_engine::grid::Conclusion> =
        (multispace0, "==>", multispace0, lexer::conclusions)
            .map(|(_, _, _, c)| c)
            .context(lexer::expected("==> and the conclusions"))
            .parse_next(&mut rest)
            .map_err(|e| at(rest, e))?;
    if !rest.trim().is_empty() {
        return Err(LexError::expecting(text, rest.trim_start(), "the end of the line").into());
    }
    if cells.len() != n {
        return Err(SudoRulesError::Length {
            said: n,
            found: cells.len(),
        });
    }
    if targets.iter().any(|c| c.placement) {
        return Err(SudoRulesError::Shape(
            "a chain or whip eliminates: its conclusions are r1c1≠N".into(),
        ));
    }
    let targets: Vec<Candidate> = targets.iter().map(|c| c.candidate).collect();
    let shape = |why: &str| SudoRulesError::Shape(why.to_string());
    match kind {
        Some(kind) => {
            let last = cells.len() - 1;
            let mut whip_cells = Vec::new();
            for (k, (variable, left, right)) in cells.into_iter().enumerate() {
                let left = left.ok_or_else(|| shape("a cell's left-linking value is missing"))?;
                if k < last && right.is_none() {
                    return Err(shape("only the last cell ends with a dot"));
                }
                if k == last && right.is_some() {
                    return Err(shape("the last cell ends with a dot: {L .}"));
                }
                whip_cells.push(WhipCell {
                    variable,
                    left_linking: left,
                    right_linking: right,
                });
            }
            let whip = |target: Candidate| WhipPattern {
                kind,
                target,
                cells: whip_cells.clone(),
            };
            Ok(targets
                .iter()
                .map(|t| Proof::new(Pattern::Whip(whip(*t)), vec![*t], vec![]))
                .collect())
        }
        None => {
            let mut chain_cells = Vec::new();
            for (variable, left, right) in cells {
                match (left.as_deref(), right.as_deref()) {
                    (Some([l]), Some([r])) => chain_cells.push(ChainCell::new(variable, *l, *r)),
                    _ => return Err(shape("a biv-chain cell holds two candidates")),
                }
            }
            let pattern = ChainPattern {
                family: ChainFamily::Nrc,
                cells: chain_cells,
                lasso: None,
                targets: targets.clone(),
            };
            Ok(vec![Proof::new(Pattern::Chain(pattern), targets, vec![])])
        }
    }
}

impl Shown for WhipPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        whip_pattern_text(state, proof, self)
    }
    fn dialect(&self) -> &'static str {
        "SudoRules"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        Some(whip_text(state, proof, self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::{Cell, Digit};

    fn cand(n: u8, r: usize, c: usize) -> Candidate {
        Candidate::new(Cell::at(r - 1, c - 1), Digit::new(n).unwrap())
    }

    #[test]
    fn variable_form_round_trips() {
        let parse = |s: &str| s.parse::<CspVariable>().ok();
        for v in CspVariable::all() {
            assert_eq!(parse(&v.to_string()), Some(v));
        }
        assert_eq!(parse("x1n1"), None);
        assert_eq!(parse("r0c1"), None);
    }

    #[test]
    fn values_print_as_sudorules_does() {
        let d = Digit::new(1).unwrap();
        assert_eq!(value_text(CspVariable::Bn(2, d), &[cand(1, 2, 7)]), "r2c7");
        assert_eq!(
            value_text(CspVariable::Bn(2, d), &[cand(1, 1, 7), cand(1, 1, 9)]),
            "r1c789"
        );
        assert_eq!(
            value_text(CspVariable::Cn(6, d), &[cand(1, 4, 7), cand(1, 5, 7)]),
            "r456"
        );
        assert_eq!(value_text(CspVariable::Rn(1, d), &[cand(1, 2, 5)]), "c5");
        assert_eq!(
            value_text(CspVariable::Rc(Cell::at(6, 7)), &[cand(2, 7, 8)]),
            "n2"
        );
    }
}
