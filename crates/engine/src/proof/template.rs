//! Templates (HoDoKu's template set and template delete) and their checker.
//!
//! The proof names the digit, which of the two it is, and how many templates and
//! refinement passes the search counted (for the text only). The checker trusts none of it:
//! it enumerates every digit's templates again from the state with its own code — block by
//! block, where the search goes row by row — refines them (a template of one digit covering
//! a cell every template of another digit covers is dropped, until none is, each digit's
//! list updated in turn), and then requires each placed cell to be in every template of the
//! digit, and each eliminated candidate to be in none.

use super::facts::{conclusion, fail, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, State};
use serde::{Deserialize, Serialize};

/// A template set or template delete of one digit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemplatePattern {
    pub digit: Digit,
    /// Template set (placements) rather than template delete (eliminations).
    pub set: bool,
    /// The digit's templates after refinement, as the search counted them.
    pub templates: usize,
    /// The refinement passes that dropped a template.
    pub passes: usize,
}

impl TemplatePattern {
    /// `(rule, family, length)`.
    pub fn rule_name(&self) -> (String, String, usize) {
        let rule = if self.set {
            "template-set"
        } else {
            "template-delete"
        };
        (rule.to_string(), "templates".to_string(), 1)
    }
}

/// A set of cells, by index.
type Mask = [bool; 81];

/// Every placement of one copy of `d` per block (block by block, each block's cell in a row
/// and column not used yet) on cells where `d` is placed or a candidate, covering every cell
/// where it is placed.
fn enumerate(state: &State, d: Digit) -> Vec<Mask> {
    let ok: Vec<bool> = Cell::all()
        .map(|c| state.value(c) == Some(d) || state.has(Candidate::new(c, d)))
        .collect();
    let placed: Vec<usize> = Cell::all()
        .filter(|&c| state.value(c) == Some(d))
        .map(|c| c.index())
        .collect();
    let mut out = Vec::new();
    let mut chosen = Vec::with_capacity(9);
    place(
        0,
        &ok,
        &mut [false; 9],
        &mut [false; 9],
        &mut chosen,
        &mut |cells| {
            if placed.iter().all(|p| cells.contains(p)) {
                let mut m = [false; 81];
                for &c in cells {
                    m[c] = true;
                }
                out.push(m);
            }
        },
    );
    out
}

fn place(
    block: usize,
    ok: &[bool],
    rows: &mut [bool; 9],
    cols: &mut [bool; 9],
    chosen: &mut Vec<usize>,
    done: &mut dyn FnMut(&[usize]),
) {
    if block == 9 {
        done(chosen);
        return;
    }
    let (r0, c0) = (3 * (block / 3), 3 * (block % 3));
    for r in r0..r0 + 3 {
        for c in c0..c0 + 3 {
            let i = 9 * r + c;
            if rows[r] || cols[c] || !ok[i] {
                continue;
            }
            rows[r] = true;
            cols[c] = true;
            chosen.push(i);
            place(block + 1, ok, rows, cols, chosen, done);
            chosen.pop();
            rows[r] = false;
            cols[c] = false;
        }
    }
}

/// The cells in every mask of a non-empty list.
fn common(list: &[Mask]) -> Mask {
    let mut m = [!list.is_empty(); 81];
    for t in list {
        for i in 0..81 {
            m[i] &= t[i];
        }
    }
    m
}

/// Every digit's templates, refined to the fixpoint.
fn refined(state: &State) -> Vec<Vec<Mask>> {
    let mut lists: Vec<Vec<Mask>> = Digit::all().map(|d| enumerate(state, d)).collect();
    loop {
        let mut dropped = false;
        for j in 0..9 {
            let others: Vec<Mask> = (0..9)
                .filter(|&k| k != j && !lists[k].is_empty())
                .map(|k| common(&lists[k]))
                .collect();
            let before = lists[j].len();
            lists[j].retain(|t| !others.iter().any(|m| (0..81).any(|i| t[i] && m[i])));
            dropped |= lists[j].len() != before;
        }
        if !dropped {
            return lists;
        }
    }
}

/// Verify a template set or delete on `state` (see the module doc).
pub(super) fn check(state: &State, proof: &Proof, p: &TemplatePattern) -> Result<(), CheckError> {
    let d = p.digit;
    let (concluded, other) = if p.set {
        (&proof.assertions, &proof.eliminations)
    } else {
        (&proof.eliminations, &proof.assertions)
    };
    if !other.is_empty() || concluded.is_empty() {
        return fail("a template set only places, a template delete only eliminates");
    }
    if let Some(c) = concluded.iter().find(|c| c.digit() != d) {
        return fail(format!("{c} is not of the template's digit {d}"));
    }
    let lists = refined(state);
    let list = &lists[d.get() as usize - 1];
    if list.is_empty() {
        return fail(format!("{d} has no template on this state"));
    }
    for &c in concluded {
        let i = c.cell().index();
        let covered = list.iter().filter(|t| t[i]).count();
        if p.set && covered != list.len() {
            return Err(conclusion(
                c,
                &format!(
                    "{} of {} templates of {d} avoid it",
                    list.len() - covered,
                    list.len()
                ),
            ));
        }
        if !p.set && covered > 0 {
            return Err(conclusion(
                c,
                &format!("{covered} of {} templates of {d} cover it", list.len()),
            ));
        }
    }
    Ok(())
}

impl crate::proof::PatternKind for TemplatePattern {
    fn rule_name(&self) -> (String, String, usize) {
        TemplatePattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        let digit: Vec<Candidate> = out
            .open()
            .iter()
            .filter(|c| c.digit() == self.digit)
            .collect();
        out.named(digit);
    }
}
