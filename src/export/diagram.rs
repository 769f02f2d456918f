//! From a proof to a [`Diagram`]: which candidates to colour and which links to draw.

use super::svg::{Diagram, Mark, Role};
use crate::grid::{Candidate, Cell, Digit, House, State};
use crate::proof::{notation, Pattern, Proof};

fn open_in_cells(state: &State, cells: &[Cell], digits: Option<&[Digit]>) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|&cell| Digit::all().map(move |d| Candidate::new(cell, d)))
        .filter(|c| state.has(*c))
        .filter(|c| digits.is_none_or(|ds| ds.contains(&c.digit())))
        .collect()
}

fn digit_in_houses(state: &State, houses: &[House], d: Digit) -> Vec<Candidate> {
    houses
        .iter()
        .flat_map(|h| h.cells())
        .map(|c| Candidate::new(c, d))
        .filter(|c| state.has(*c))
        .collect()
}

/// The candidates a basic pattern is made of.
fn pattern_candidates(state: &State, pattern: &Pattern) -> Vec<Candidate> {
    match pattern {
        Pattern::NakedSingle { .. } | Pattern::HiddenSingle { .. } => vec![],
        Pattern::Interaction { digit, house, .. } => digit_in_houses(state, &[*house], *digit),
        Pattern::NakedSubset { cells, .. } => open_in_cells(state, cells, None),
        Pattern::HiddenSubset { cells, digits, .. } => open_in_cells(state, cells, Some(digits)),
        Pattern::Fish { digit, base, .. } => digit_in_houses(state, base, *digit),
        Pattern::XyWing { pivot, pincers, .. } | Pattern::XyzWing { pivot, pincers, .. } => {
            open_in_cells(state, &[*pivot, pincers[0], pincers[1]], None)
        }
        Pattern::Chain(_) | Pattern::Whip(_) => vec![],
    }
}

/// The diagram of `proof` on the state it applies to, captioned with its nrc notation.
pub fn from_proof(state: &State, proof: &Proof) -> Diagram {
    let mut marks: Vec<Mark> = pattern_candidates(state, &proof.pattern)
        .into_iter()
        .map(|candidate| Mark {
            candidate,
            role: Role::Pattern,
        })
        .collect();
    marks.extend(proof.eliminations.iter().map(|&candidate| Mark {
        candidate,
        role: Role::Target,
    }));
    marks.extend(proof.assertions.iter().map(|&candidate| Mark {
        candidate,
        role: Role::Assertion,
    }));
    Diagram {
        state: state.clone(),
        marks,
        arrows: vec![],
        caption: vec![notation::nrc_text(state, proof)],
    }
}
