//! What the checkers read off a state and how they fail: a digit's open places in a
//! house, a conjugate pair, a cell's digits, cells that see each other, an ALS's digits
//! false throughout it, and [`CheckError`] with its constructors. Shared by every
//! checker of `proof`; nothing here dispatches on a pattern.

use super::Proof;
use crate::grid::{Candidate, Cell, Digit, House, State};
use std::collections::BTreeSet;
use thiserror::Error;

/// Why a proof does not hold on a state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    #[error("{0} is not a candidate of the state")]
    NotOpen(Candidate),
    #[error("the proof concludes nothing")]
    Empty,
    #[error("{0}")]
    Pattern(String),
    #[error("{target} does not follow from the pattern: {why}")]
    Conclusion { target: String, why: String },
}

pub(super) fn fail<T>(msg: impl Into<String>) -> Result<T, CheckError> {
    Err(CheckError::Pattern(msg.into()))
}

pub(super) fn open_in_house(state: &State, house: House, d: Digit) -> Vec<Cell> {
    house
        .cells()
        .into_iter()
        .filter(|&c| state.has(Candidate::new(c, d)))
        .collect()
}

pub(super) fn digit_placed_in(state: &State, house: House, d: Digit) -> bool {
    house.cells().iter().any(|&c| state.value(c) == Some(d))
}

/// `a` and `b` are conjugate (a strong link): the only two candidates of a cell, or a
/// digit's only two places in a house where it is not placed.
pub(super) fn conjugate(state: &State, a: Candidate, b: Candidate) -> bool {
    if a == b || !state.has(a) || !state.has(b) {
        return false;
    }
    if a.cell() == b.cell() {
        return cell_digits(state, a.cell()).len() == 2;
    }
    a.digit() == b.digit()
        && House::all().any(|h| {
            h.contains(a.cell())
                && h.contains(b.cell())
                && !digit_placed_in(state, h, a.digit())
                && open_in_house(state, h, a.digit()).len() == 2
        })
}

pub fn cell_digits(state: &State, cell: Cell) -> BTreeSet<Digit> {
    Digit::all()
        .filter(|&d| state.has(Candidate::new(cell, d)))
        .collect()
}

/// The digits of an almost-locked set's candidates `inside` whose every place in it is
/// false: what locks the ALS on its other digits.
pub(super) fn digits_false_throughout(
    inside: &BTreeSet<Candidate>,
    false_cands: &BTreeSet<Candidate>,
) -> BTreeSet<Digit> {
    inside
        .iter()
        .map(|c| c.digit())
        .filter(|&d| {
            inside
                .iter()
                .filter(|c| c.digit() == d)
                .all(|c| false_cands.contains(c))
        })
        .collect()
}

pub(super) fn sees(a: Cell, b: Cell) -> bool {
    a != b && (a.row() == b.row() || a.col() == b.col() || a.block() == b.block())
}

pub(super) fn distinct<T: Ord + Copy>(items: &[T]) -> bool {
    items.iter().collect::<BTreeSet<_>>().len() == items.len()
}

pub(super) fn conclusion(target: Candidate, why: &str) -> CheckError {
    CheckError::Conclusion {
        target: target.elimination(),
        why: why.to_string(),
    }
}

pub(super) fn no_assertions(proof: &Proof) -> Result<(), CheckError> {
    match proof.assertions.first() {
        Some(a) => Err(CheckError::Conclusion {
            target: a.assertion(),
            why: "this pattern only eliminates".into(),
        }),
        None => Ok(()),
    }
}
