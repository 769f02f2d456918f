//! The chain checker: re-verifies a [`ChainPattern`] from the grid state alone. It derives
//! links from the cells' coordinates and the state's open candidates, and shares no code
//! with `search::chains` (nor with the link index the searches read).

use super::{ChainCell, ChainDefinition, ChainFamily, ChainPattern, LassoKind};
use crate::grid::{Candidate, CspVariable, State};
use crate::proof::{CheckError, Proof};
use std::collections::BTreeSet;

/// What the checker requires of a family: its shared definition.
pub(super) type Rules = ChainDefinition;
use super::LinkSpace as Space;

pub(super) fn rules(f: ChainFamily) -> Rules {
    f.definition()
}

fn sees(a: Candidate, b: Candidate) -> bool {
    let (x, y) = (a.cell(), b.cell());
    x != y && (x.row() == y.row() || x.col() == y.col() || x.block() == y.block())
}

/// The nrc-link, then the space's restriction.
pub fn linked(space: Space, a: Candidate, b: Candidate) -> bool {
    if a == b {
        return false;
    }
    let nrc = a.cell() == b.cell() || (a.digit() == b.digit() && sees(a, b));
    nrc && match space {
        Space::Nrc => true,
        Space::Rc => a.digit() == b.digit(),
        Space::Rn => a.cell().col() == b.cell().col(),
        Space::Cn => a.cell().row() == b.cell().row(),
    }
}

pub fn kind_index(v: CspVariable) -> usize {
    match v {
        CspVariable::Rc(_) => 0,
        CspVariable::Rn(..) => 1,
        CspVariable::Cn(..) => 2,
        CspVariable::Bn(..) => 3,
    }
}

fn fail<T>(msg: impl Into<String>) -> Result<T, CheckError> {
    Err(CheckError::Pattern(msg.into()))
}

/// Verify a chain proof on `state`: the family's definition ([Berthier NRC], [Berthier 3D]), cell
/// by cell, and each elimination as one of its targets.
pub fn check(state: &State, proof: &Proof, c: &ChainPattern) -> Result<(), CheckError> {
    let r = rules(c.family);
    let n = c.cells.len();
    if n == 0 || n > 81 {
        return fail(format!("a chain needs 1 to 81 cells, not {n}"));
    }
    proof_matches_pattern(proof, c, &r)?;
    cells_fit_the_family(state, c, &r)?;
    let chain = no_inner_loop(c, &r)?;
    links_hold(c, &r)?;
    targets_see_both_ends(state, c, &r, &chain)?;
    for (k, cell) in c.cells.iter().enumerate() {
        others_accounted_for(state, c, &r, k, cell)?;
    }
    Ok(())
}

/// The proof's label is the pattern's, it only eliminates, a lasso family's pattern closes
/// as a lasso (and only it), and the eliminations are exactly the (distinct) targets.
fn proof_matches_pattern(proof: &Proof, c: &ChainPattern, r: &Rules) -> Result<(), CheckError> {
    let (rule, family, length) = c.rule_name();
    if proof.rule != rule || proof.family != family || proof.length != length {
        return fail(format!(
            "the proof is labelled {} ({}, {}) but its pattern is {rule} ({family}, {length})",
            proof.rule, proof.family, proof.length
        ));
    }
    if let Some(a) = proof.assertions.first() {
        return Err(CheckError::Conclusion {
            target: a.assertion(),
            why: "a chain only eliminates".into(),
        });
    }
    if r.lasso != c.lasso.is_some() {
        return fail(if r.lasso {
            "a lasso needs its closing (rl or lr)"
        } else {
            "only the lasso families close as lassos"
        });
    }
    let targets: BTreeSet<Candidate> = c.targets.iter().copied().collect();
    let elims: BTreeSet<Candidate> = proof.eliminations.iter().copied().collect();
    if targets.is_empty() || targets.len() != c.targets.len() || targets != elims {
        return fail("the eliminations must be exactly the pattern's (distinct) targets");
    }
    Ok(())
}

/// Each cell is a variable of a kind the family allows, its L and R open candidates of it,
/// different (on the chain's digit for a c-chain); a 2D chain's variables all differ.
fn cells_fit_the_family(state: &State, c: &ChainPattern, r: &Rules) -> Result<(), CheckError> {
    let digit = c.cells[0].left_linking.digit();
    for (k, cell) in c.cells.iter().enumerate() {
        let v = cell.variable;
        let members = v.candidates();
        if !r.kinds[kind_index(v)] {
            return fail(format!(
                "cell {} is a {}-variable, not allowed in {} chains",
                k + 1,
                v.space(),
                c.family
            ));
        }
        for x in [cell.left_linking, cell.right_linking] {
            if !members.contains(&x) {
                return fail(format!("{x} is not a candidate of {v}"));
            }
            if !state.has(x) {
                return Err(CheckError::NotOpen(x));
            }
            if r.one_digit && x.digit() != digit {
                return fail("a c-chain stays on one digit");
            }
        }
        if cell.left_linking == cell.right_linking {
            return fail(format!(
                "cell {} links {} to itself",
                k + 1,
                cell.left_linking
            ));
        }
    }
    if r.distinct_variables {
        let vars: BTreeSet<CspVariable> = c.cells.iter().map(|x| x.variable).collect();
        if vars.len() != c.cells.len() {
            return fail("the cells of a 2D chain must all be different");
        }
    }
    Ok(())
}

/// No inner loop: all L and R different (an rl-lasso's last R is its earlier L_j, an
/// lr-lasso's is linked to its earlier R_j). Returns the chain's candidates.
fn no_inner_loop(c: &ChainPattern, r: &Rules) -> Result<BTreeSet<Candidate>, CheckError> {
    let n = c.cells.len();
    let mut chain: Vec<Candidate> = c.chain_candidates();
    let last_r = c.cells[n - 1].right_linking;
    if let Some(l) = c.lasso {
        if l.cell == 0 || l.cell >= n {
            return fail(format!(
                "the lasso closes on cell {} of {n}: must be an earlier cell",
                l.cell
            ));
        }
        let earlier = &c.cells[l.cell - 1];
        match l.kind {
            LassoKind::Rl => {
                if last_r != earlier.left_linking {
                    return fail(format!(
                        "rl-lasso: the last R {last_r} is not L_{} {}",
                        l.cell, earlier.left_linking
                    ));
                }
                chain.pop();
            }
            LassoKind::Lr => {
                if !linked(r.space, last_r, earlier.right_linking) {
                    return fail(format!(
                        "lr-lasso: the last R {last_r} is not linked to R_{} {}",
                        l.cell, earlier.right_linking
                    ));
                }
            }
        }
    }
    let distinct: BTreeSet<Candidate> = chain.iter().copied().collect();
    if distinct.len() != chain.len() {
        return fail("the chain's candidates are not all different (inner loop)");
    }
    Ok(distinct)
}

/// Each cell's R is linked to the next cell's L.
fn links_hold(c: &ChainPattern, r: &Rules) -> Result<(), CheckError> {
    for (k, w) in c.cells.windows(2).enumerate() {
        if !linked(r.space, w[0].right_linking, w[1].left_linking) {
            return fail(format!(
                "R_{} {} is not linked to L_{} {}",
                k + 1,
                w[0].right_linking,
                k + 2,
                w[1].left_linking
            ));
        }
    }
    Ok(())
}

/// Each target is open, off the chain (`chain`: its candidates), linked to the first L and
/// (but for a lasso) to the last R, on the chain's digit for a c-chain.
fn targets_see_both_ends(
    state: &State,
    c: &ChainPattern,
    r: &Rules,
    chain: &BTreeSet<Candidate>,
) -> Result<(), CheckError> {
    let digit = c.cells[0].left_linking.digit();
    let first_l = c.cells[0].left_linking;
    let last_r = c.cells[c.cells.len() - 1].right_linking;
    for &t in &c.targets {
        if !state.has(t) {
            return Err(CheckError::NotOpen(t));
        }
        let why = if chain.contains(&t) || t == last_r {
            Some("a target never belongs to the chain")
        } else if !linked(r.space, t, first_l) {
            Some("not linked to the first left-linking candidate")
        } else if c.lasso.is_none() && !linked(r.space, t, last_r) {
            Some("not linked to the last right-linking candidate")
        } else if r.one_digit && t.digit() != digit {
            Some("a c-chain's target has the chain's digit")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(CheckError::Conclusion {
                target: t.elimination(),
                why: why.into(),
            });
        }
    }
    Ok(())
}

/// Every other open candidate of cell `k` is listed once, as a t-candidate (linked to an
/// earlier R) or a z-candidate (linked to every target), as the family allows.
fn others_accounted_for(
    state: &State,
    c: &ChainPattern,
    r: &Rules,
    k: usize,
    cell: &ChainCell,
) -> Result<(), CheckError> {
    let others: BTreeSet<Candidate> = cell
        .variable
        .candidates()
        .into_iter()
        .filter(|&x| state.has(x) && x != cell.left_linking && x != cell.right_linking)
        .collect();
    let mut listed = BTreeSet::new();
    for tc in &cell.t_candidates {
        if !r.t {
            return fail(format!("{} chains have no t-candidates", c.family));
        }
        let earlier = c.cells[..k].iter().any(|e| e.right_linking == tc.linked_to);
        if !earlier {
            return fail(format!(
                "t-candidate {} of cell {}: {} is not an earlier right-linking candidate",
                tc.candidate,
                k + 1,
                tc.linked_to
            ));
        }
        if !linked(r.space, tc.candidate, tc.linked_to) {
            return fail(format!(
                "t-candidate {} is not linked to {}",
                tc.candidate, tc.linked_to
            ));
        }
        listed.insert(tc.candidate);
    }
    for &z in &cell.z_candidates {
        if !r.z {
            return fail(format!("{} chains have no z-candidates", c.family));
        }
        if let Some(&t) = c.targets.iter().find(|&&t| !linked(r.space, z, t)) {
            return fail(format!(
                "z-candidate {z} of cell {} is not linked to the target {t}",
                k + 1
            ));
        }
        listed.insert(z);
    }
    let count = cell.t_candidates.len() + cell.z_candidates.len();
    if listed != others || count != others.len() {
        let missing: Vec<String> = others.difference(&listed).map(|x| x.to_string()).collect();
        let extra: Vec<String> = listed.difference(&others).map(|x| x.to_string()).collect();
        return fail(format!(
            "cell {} ({}): the other open candidates are not accounted for exactly \
             (unaccounted: [{}], listed but not other open candidates: [{}])",
            k + 1,
            cell.variable,
            missing.join(" "),
            extra.join(" ")
        ));
    }
    Ok(())
}
