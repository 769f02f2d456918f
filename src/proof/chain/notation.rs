//! Printers for chains: the seeds' nrc notation (short, as the resolution paths print it, and
//! full, with t- and z-candidates), SudoRules' modern notation and Eureka (AIC) notation.

use super::{ChainCell, ChainFamily, ChainPattern};
use crate::grid::{Candidate, CspVariable, State};
use crate::proof::Proof;

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

/// The pattern part in the seeds' nrc notation, as their resolution paths print it (without
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

/// SudoRules' (CSP-Rules') modern name for the family.
fn modern_name(f: ChainFamily) -> &'static str {
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

fn modern_value(v: CspVariable, c: Candidate) -> String {
    match v {
        CspVariable::Rc(_) => format!("n{}", digit_of(c)),
        CspVariable::Rn(..) => format!("c{}", col_of(c)),
        CspVariable::Cn(..) => format!("r{}", row_of(c)),
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
/// (allowed by the seeds' definitions, never by whips) has no exact modern equivalent; it is
/// printed the same way.
pub fn sudorules_text(c: &ChainPattern) -> String {
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

/// The step in Eureka (AIC) notation: `(5)r9c8=(5)r1c8-(5=8)r2c7-(8=1)r9c7 => r9c8<>1`.
///
/// Only chains without t- or z-candidates and without a lasso closing have one: an AIC is a
/// plain alternation of strong and weak links, so nrct/nrcz/nrczt chains whose cells hold
/// extra candidates, and every lasso, return `None` (Eureka's own extension for those are
/// subsets — ALS nodes — which these chains do not use).
pub fn eureka_text(c: &ChainPattern) -> Option<String> {
    if c.has_extras() || c.lasso.is_some() {
        return None;
    }
    let nodes: Vec<String> = c
        .cells
        .iter()
        .map(|cell| {
            let (l, r) = (cell.left_linking, cell.right_linking);
            if l.cell() == r.cell() {
                format!("({}={}){}", digit_of(l), digit_of(r), l.cell())
            } else {
                format!(
                    "({}){}=({}){}",
                    digit_of(l),
                    l.cell(),
                    digit_of(r),
                    r.cell()
                )
            }
        })
        .collect();
    let concl: Vec<String> = c.targets.iter().map(|t| t.elimination()).collect();
    Some(format!("{} => {}", nodes.join("-"), concl.join(", ")))
}
