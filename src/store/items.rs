//! The `proof_item` rows of a proof: the candidates of its pattern, then its assertions, then
//! its eliminations.
//!
//! The pattern's candidates are read from the pattern's serde form rather than by matching
//! on [`crate::proof::Pattern`], so a new pattern kind is stored without a change here:
//! - every string that reads as a candidate (`n8r4c1`) is one, in order of appearance;
//! - the cells named by `cell`, `cells`, `pivot` and `pincers` contribute their open
//!   candidates of the `digit`/`digits` named, or all their open candidates when no digit is
//!   named (as in a wing, whose pattern is its cells);
//! - with no cell named, the houses of `house` and `base` contribute their open candidates
//!   of the digits named (an interaction, a fish).

use super::StoreError;
use crate::grid::{Candidate, CandidateSet, Cell, Digit, House};
use crate::proof::Proof;
use serde_json::Value;

/// What a candidate is to its proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Pattern,
    Assertion,
    Elimination,
}

impl Role {
    /// `pattern`, `assertion` or `elimination`, as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Pattern => "pattern",
            Role::Assertion => "assertion",
            Role::Elimination => "elimination",
        }
    }
}

/// One `proof_item` row before its position is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofItem {
    pub role: Role,
    pub candidate: Candidate,
    /// The candidate that justifies a t- or z-candidate (none stored yet).
    pub justification: Option<String>,
}

/// The items of `proof`, whose state has the open candidates `open`.
pub fn proof_items(proof: &Proof, open: &CandidateSet) -> Result<Vec<ProofItem>, StoreError> {
    let pattern = serde_json::to_value(&proof.pattern)?;
    let with_role = |role: Role| {
        move |&candidate: &Candidate| ProofItem {
            role,
            candidate,
            justification: None,
        }
    };
    let mut items: Vec<ProofItem> = pattern_candidates(&pattern, open)
        .iter()
        .map(with_role(Role::Pattern))
        .collect();
    items.extend(proof.assertions.iter().map(with_role(Role::Assertion)));
    items.extend(proof.eliminations.iter().map(with_role(Role::Elimination)));
    Ok(items)
}

/// The candidates of a pattern's serde form (see the module doc), each once.
fn pattern_candidates(pattern: &Value, open: &CandidateSet) -> Vec<Candidate> {
    let mut named = Vec::new();
    collect_candidate_strings(pattern, &mut named);
    let cells: Vec<Cell> = field_strings(pattern, &["cell", "cells", "pivot", "pincers"])
        .filter_map(|s| s.parse::<Cell>().ok())
        .collect();
    let digits: Vec<Digit> = field_values(pattern, &["digit", "digits"])
        .filter_map(|v| v.as_u64())
        .filter_map(|n| u8::try_from(n).ok().and_then(Digit::new))
        .collect();
    let cells = if cells.is_empty() {
        field_strings(pattern, &["house", "base"])
            .filter_map(|s| s.parse::<House>().ok())
            .flat_map(House::cells)
            .collect()
    } else {
        cells
    };
    let digits = if digits.is_empty() && !cells.is_empty() {
        Digit::all().collect()
    } else {
        digits
    };
    let spanned = cells
        .iter()
        .flat_map(|&cell| digits.iter().map(move |&d| Candidate::new(cell, d)))
        .filter(|c| open.contains(*c));
    first_occurrences(named.into_iter().chain(spanned))
}

fn first_occurrences(candidates: impl Iterator<Item = Candidate>) -> Vec<Candidate> {
    let mut seen = CandidateSet::EMPTY;
    candidates.filter(|&c| seen.insert(c)).collect()
}

fn collect_candidate_strings(value: &Value, out: &mut Vec<Candidate>) {
    match value {
        Value::String(s) => out.extend(s.parse::<Candidate>().ok()),
        Value::Array(items) => items.iter().for_each(|v| collect_candidate_strings(v, out)),
        Value::Object(map) => map.values().for_each(|v| collect_candidate_strings(v, out)),
        _ => {}
    }
}

/// The values of the named top-level fields, arrays flattened one level.
fn field_values<'a>(pattern: &'a Value, keys: &'a [&str]) -> impl Iterator<Item = &'a Value> {
    keys.iter()
        .filter_map(|k| pattern.get(k))
        .flat_map(|v| match v {
            Value::Array(items) => items.iter().collect::<Vec<_>>(),
            other => vec![other],
        })
}

fn field_strings<'a>(pattern: &'a Value, keys: &'a [&str]) -> impl Iterator<Item = &'a str> {
    field_values(pattern, keys).filter_map(Value::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::format::parse_line;
    use crate::proof::Pattern;

    const OCEAN_1: &str =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

    fn cand(label: &str) -> Candidate {
        label.parse::<Candidate>().unwrap()
    }

    #[test]
    fn hidden_single_pattern_is_its_candidate() {
        let proof = Proof::new(
            Pattern::HiddenSingle {
                house: House::Block(0),
                digit: Digit::new(7).unwrap(),
                cell: Cell::at(0, 0),
            },
            vec![],
            vec![cand("n7r1c1")],
        );
        let items = proof_items(&proof, &CandidateSet::full()).unwrap();
        let roles: Vec<(Role, String)> = items
            .iter()
            .map(|i| (i.role, i.candidate.to_string()))
            .collect();
        assert_eq!(
            roles,
            vec![
                (Role::Pattern, "n7r1c1".to_string()),
                (Role::Assertion, "n7r1c1".to_string())
            ]
        );
    }

    #[test]
    fn interaction_pattern_is_the_digit_in_its_house() {
        let state = parse_line(OCEAN_1, 1).unwrap().start_state().unwrap();
        let d = Digit::new(2).unwrap();
        let proof = Proof::new(
            Pattern::Interaction {
                digit: d,
                house: House::Block(0),
                into: House::Row(0),
            },
            vec![],
            vec![],
        );
        let items = proof_items(&proof, state.candidates()).unwrap();
        let expected: Vec<Candidate> = House::Block(0)
            .cells()
            .iter()
            .map(|&c| Candidate::new(c, d))
            .filter(|c| state.has(*c))
            .collect();
        let got: Vec<Candidate> = items.iter().map(|i| i.candidate).collect();
        assert!(!expected.is_empty());
        assert_eq!(got, expected);
    }
}
