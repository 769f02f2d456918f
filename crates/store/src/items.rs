//! The `proof_item` rows of a proof: the candidates of its pattern
//! ([`sudolink_engine::proof::candidates`]), then its assertions, then its eliminations.

use sudolink_engine::grid::{Candidate, CandidateSet};
use sudolink_engine::proof::candidates::pattern_candidates;
use sudolink_engine::proof::Proof;

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
pub fn proof_items(proof: &Proof, open: &CandidateSet) -> Vec<ProofItem> {
    let with_role = |role: Role| {
        move |candidate: Candidate| ProofItem {
            role,
            candidate,
            justification: None,
        }
    };
    let mut items: Vec<ProofItem> = pattern_candidates(&proof.pattern, open)
        .into_iter()
        .map(with_role(Role::Pattern))
        .collect();
    items.extend(
        proof
            .assertions
            .iter()
            .copied()
            .map(with_role(Role::Assertion)),
    );
    items.extend(
        proof
            .eliminations
            .iter()
            .copied()
            .map(with_role(Role::Elimination)),
    );
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::format::parse_line;
    use sudolink_engine::grid::{Cell, Digit, House};
    use sudolink_engine::proof::Pattern;

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
        let items = proof_items(&proof, &CandidateSet::full());
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
        let items = proof_items(&proof, state.candidates());
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
