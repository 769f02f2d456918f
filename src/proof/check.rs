//! [`check`]: re-verify a [`Proof`] from the grid state alone. This module shares no code
//! with the searches: it reads only the state's placed digits and open candidates and the
//! definitions of the patterns, so a search bug cannot hide behind it.

use super::{Pattern, Proof};
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

fn digit_placed_in(state: &State, house: House, d: Digit) -> bool {
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

pub(crate) fn cell_digits(state: &State, cell: Cell) -> BTreeSet<Digit> {
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

/// Verify that `proof` holds on `state`: its pattern is present and each of its conclusions
/// follows from it. Every conclusion must concern an open candidate.
pub fn check(state: &State, proof: &Proof) -> Result<(), CheckError> {
    if proof.eliminations.is_empty() && proof.assertions.is_empty() {
        return Err(CheckError::Empty);
    }
    for &c in proof.eliminations.iter().chain(&proof.assertions) {
        if !state.has(c) {
            return Err(CheckError::NotOpen(c));
        }
    }
    match &proof.pattern {
        Pattern::Chain(c) => super::chain::check(state, proof, c),
        Pattern::Whip(w) => super::whip::check(state, proof, w),
        Pattern::Net(n) => super::net::check(state, proof, n),
        Pattern::GridLock(g) => super::assistant::check_grid(state, proof, g),
        Pattern::BentSubset(b) => super::assistant::check_bent(state, proof, b),
        Pattern::Als(a) => super::als::check(state, proof, a),
        Pattern::GridAls(g) => super::assistant::check_grid_als(state, proof, g),
        Pattern::AlmostLockedRange(r) => super::range::check(state, proof, r),
        Pattern::SueDeCoq(s) => super::als::check_sue_de_coq(state, proof, s),
        Pattern::Aic(a) => super::aic::check(state, proof, a),
        Pattern::Medusa(m) => super::medusa::check(state, proof, m),
        Pattern::Tagging(t) => super::tagging::check(state, proof, t),
        Pattern::Composite(c) => super::composite::check(state, proof, c),
        Pattern::EmptyRectangle(e) => super::empty_rectangle::check(state, proof, e),
        Pattern::Uniqueness(u) => super::uniqueness::check(state, proof, u),
        Pattern::GeneralFish(f) => super::fish::check(state, proof, f),
        Pattern::KrakenFish(k) => super::kraken::check(state, proof, k),
        Pattern::Template(t) => super::template::check(state, proof, t),
        Pattern::AlignedExclusion(a) => super::aligned::check(state, proof, a),
        Pattern::NakedSingle { cell, digit } => {
            if cell_digits(state, *cell) != BTreeSet::from([*digit]) {
                return fail(format!("{cell} is not a naked single {digit}"));
            }
            expect_assertion(proof, Candidate::new(*cell, *digit))
        }
        Pattern::HiddenSingle { house, digit, cell } => {
            if !house.contains(*cell) || open_in_house(state, *house, *digit) != vec![*cell] {
                return fail(format!(
                    "{digit} has not exactly one place {cell} in {house}"
                ));
            }
            expect_assertion(proof, Candidate::new(*cell, *digit))
        }
        Pattern::Interaction { digit, house, into } => {
            let crossing = matches!(
                (house, into),
                (House::Block(_), House::Row(_) | House::Column(_))
                    | (House::Row(_) | House::Column(_), House::Block(_))
            );
            let places = open_in_house(state, *house, *digit);
            if !crossing || places.is_empty() || !places.iter().all(|c| into.contains(*c)) {
                return fail(format!("{digit} in {house} is not confined to {into}"));
            }
            no_assertions(proof)?;
            for &t in &proof.eliminations {
                let ok =
                    t.digit() == *digit && into.contains(t.cell()) && !house.contains(t.cell());
                if !ok {
                    return Err(conclusion(
                        t,
                        "not the digit in the rest of the crossing house",
                    ));
                }
            }
            Ok(())
        }
        Pattern::NakedSubset {
            house,
            cells,
            digits,
        } => {
            let n = cells.len();
            if !(1..=8).contains(&n) || digits.len() != n || !distinct(cells) || !distinct(digits) {
                return fail("a naked subset needs as many distinct cells as digits");
            }
            let allowed: BTreeSet<Digit> = digits.iter().copied().collect();
            for &c in cells {
                let ds = cell_digits(state, c);
                if !house.contains(c) || ds.is_empty() || !ds.is_subset(&allowed) {
                    return fail(format!(
                        "{c} is not a cell of {house} holding only those digits"
                    ));
                }
            }
            no_assertions(proof)?;
            for &t in &proof.eliminations {
                let ok = allowed.contains(&t.digit())
                    && house.contains(t.cell())
                    && !cells.contains(&t.cell());
                if !ok {
                    return Err(conclusion(t, "not a subset digit elsewhere in the house"));
                }
            }
            Ok(())
        }
        Pattern::HiddenSubset {
            house,
            digits,
            cells,
        } => {
            let n = cells.len();
            if !(1..=8).contains(&n) || digits.len() != n || !distinct(cells) || !distinct(digits) {
                return fail("a hidden subset needs as many distinct digits as cells");
            }
            for &d in digits {
                let places = open_in_house(state, *house, d);
                if digit_placed_in(state, *house, d)
                    || places.is_empty()
                    || !places.iter().all(|c| cells.contains(c))
                {
                    return fail(format!(
                        "{d} is not confined to the subset cells in {house}"
                    ));
                }
            }
            no_assertions(proof)?;
            for &t in &proof.eliminations {
                if !cells.contains(&t.cell()) || digits.contains(&t.digit()) {
                    return Err(conclusion(t, "not another digit in a subset cell"));
                }
            }
            Ok(())
        }
        Pattern::Fish { digit, base, cover } => {
            let n = base.len();
            let rows = |hs: &[House]| hs.iter().all(|h| matches!(h, House::Row(_)));
            let cols = |hs: &[House]| hs.iter().all(|h| matches!(h, House::Column(_)));
            let shape = (rows(base) && cols(cover)) || (cols(base) && rows(cover));
            if !(2..=8).contains(&n)
                || cover.len() != n
                || !shape
                || !distinct(base)
                || !distinct(cover)
            {
                return fail(
                    "a fish needs n distinct base lines and n cover lines of the other kind",
                );
            }
            for &b in base {
                let places = open_in_house(state, b, *digit);
                if digit_placed_in(state, b, *digit)
                    || places.is_empty()
                    || !places.iter().all(|&c| cover.iter().any(|h| h.contains(c)))
                {
                    return fail(format!("{digit} in {b} is not covered by the cover lines"));
                }
            }
            no_assertions(proof)?;
            for &t in &proof.eliminations {
                let ok = t.digit() == *digit
                    && cover.iter().any(|h| h.contains(t.cell()))
                    && !base.iter().any(|h| h.contains(t.cell()));
                if !ok {
                    return Err(conclusion(
                        t,
                        "not the fish digit in a cover line outside the base",
                    ));
                }
            }
            Ok(())
        }
        Pattern::XyWing { pivot, pincers, z } => {
            let p = cell_digits(state, *pivot);
            let a = cell_digits(state, pincers[0]);
            let b = cell_digits(state, pincers[1]);
            let shape = p.len() == 2
                && a.len() == 2
                && b.len() == 2
                && !p.contains(z)
                && a.contains(z)
                && b.contains(z)
                && a.union(&b).copied().collect::<BTreeSet<_>>()
                    == p.iter().copied().chain([*z]).collect()
                && a != b
                && sees(*pivot, pincers[0])
                && sees(*pivot, pincers[1]);
            if !shape {
                return fail("not an xy-wing: pivot {x y}, pincers {x z} {y z} seeing the pivot");
            }
            wing_targets(proof, *z, &[pincers[0], pincers[1]])
        }
        Pattern::XyzWing { pivot, pincers, z } => {
            let p = cell_digits(state, *pivot);
            let a = cell_digits(state, pincers[0]);
            let b = cell_digits(state, pincers[1]);
            let shape = p.len() == 3
                && a.len() == 2
                && b.len() == 2
                && a.contains(z)
                && b.contains(z)
                && a != b
                && a.is_subset(&p)
                && b.is_subset(&p)
                && sees(*pivot, pincers[0])
                && sees(*pivot, pincers[1]);
            if !shape {
                return fail(
                    "not an xyz-wing: pivot {x y z}, pincers {x z} {y z} seeing the pivot",
                );
            }
            wing_targets(proof, *z, &[*pivot, pincers[0], pincers[1]])
        }
    }
}

fn wing_targets(proof: &Proof, z: Digit, seen: &[Cell]) -> Result<(), CheckError> {
    no_assertions(proof)?;
    for &t in &proof.eliminations {
        if t.digit() != z || !seen.iter().all(|&c| sees(c, t.cell())) {
            return Err(conclusion(
                t,
                "not the digit z in a cell seeing every wing cell",
            ));
        }
    }
    Ok(())
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

fn expect_assertion(proof: &Proof, c: Candidate) -> Result<(), CheckError> {
    if proof.assertions != vec![c] || !proof.eliminations.is_empty() {
        return fail(format!("a single asserts exactly {}", c.assertion()));
    }
    Ok(())
}
