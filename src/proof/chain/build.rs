//! Building a [`ChainPattern`] from the candidates a person writes — the seeds' short
//! notation names only the left- and right-linking candidates, so the CSP variable of each
//! cell (when the notation leaves it open) and the justification of every extra candidate
//! are filled in from the state. The result still has to pass [`super::check()`]: building
//! never vouches for a chain, it only completes what the text leaves implicit.

use super::check::{kind_index, linked, rules};
use super::parse::{parse_step, ParseChainError, ParsedCell, ParsedStep};
use super::{ChainCell, ChainFamily, ChainPattern, Lasso, LassoKind, TCandidate};
use crate::grid::{Candidate, CspVariable, State};
use crate::proof::{Pattern, Proof};
use thiserror::Error;

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

impl ChainPattern {
    /// Complete written cells into a chain of `family` on `state`: choose each cell's CSP
    /// variable when the notation leaves it open, and account for every other open candidate
    /// of the cell as a t-candidate (linked to an earlier right-linking candidate; preferred)
    /// or a z-candidate (linked to every target), as the family allows. Cells of the full
    /// notation keep the extras and justifications they were written with.
    pub fn from_pairs(
        state: &State,
        family: ChainFamily,
        cells: &[ParsedCell],
        targets: &[Candidate],
        lasso: Option<LassoKind>,
    ) -> Result<ChainPattern, BuildError> {
        let r = rules(family);
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
                        last_why = format!(
                            "the extra candidates written are not the other candidates of {v}"
                        );
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
}

impl ParsedStep {
    /// The step's pattern on `state` (see [`ChainPattern::from_pairs`]).
    pub fn to_pattern(&self, state: &State) -> Result<ChainPattern, BuildError> {
        ChainPattern::from_pairs(state, self.family, &self.cells, &self.targets, self.lasso)
    }

    /// The step as a proof on `state`, ready for [`crate::proof::check()`].
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

/// Read a chain step in the seeds' notation and complete it on `state` into a proof.
pub fn proof_from_text(state: &State, text: &str) -> Result<Proof, BuildError> {
    parse_step(text)?.to_proof(state)
}
