//! eleven's 630 three-digit impossible patterns in two bands (eleven, "Chromatic
//! patterns", New Sudoku Players' Forum thread t39885, 2022) as CSP-Rules 2.1 uses them
//! (Denis Berthier, CSP-Rules-V2.1, `SudoRules-V20.1/EXOTIC/Imp630/`, one generated rule
//! file `EL<n>c<i>` per pattern, 2022–2024; the Select1…Select4 lists of `[UMRN]`'s last
//! chapters), and their checker.
//!
//! **The patterns** ([`ImpPattern`], the graph's embedded table
//! ([`crate::graph::imp630`]), one line per rule file): n cells (10 to 16) of two bands (the rule's `EL<n>c<i>s` twin matches the
//! transpose: two stacks) that no three digits can fill with no digit twice in a row, a
//! column or a block. A pattern is matched on any rows and columns that keep its shape:
//! its rows go to distinct rows, two of them in one band exactly when their images are
//! (band and row permutations), and likewise its columns (SudoRules' rule: each pattern
//! row is a variable `?rowi`, distinct from the others, its band `?bndj` shared by the rows
//! of band j and distinct from the other bands'). Three digits a < b < c; SudoRules asks
//! every cell to hold all three ([`ImpForm::Complete`]).
//!
//! **What it concludes**: the cells' candidates other than the three digits — the
//! guardians — are not all false: an OR-k relation (SudoRules asserts it with at most
//! `?*max-guardians*` = 8 of them, "EL13c290-OR3-relation for digits: 1, 2 and 4"). Its own
//! elimination (SudoRules' `ORk-whip[1]` on it): a candidate nrc-linked to every guardian is
//! false. As for the tridagon ([`super::tridagon`]), the relation still holds as the cells
//! lose digits ([`ImpForm::Reduced`]: every cell holds one of them at least, or was decided
//! to one), which is how SudoRules keeps it once asserted; the OR-k chains
//! ([`super::ork`]) start from it.
//!
//! **The checker** re-derives everything from the state and the table (it reads the
//! graph's table, never its matcher): that the cells are
//! the named pattern's image under such row and column maps, the form, the guardians
//! (exactly the open candidates of the cells outside the digits, less the recorded
//! splits: [`super::tridagon::Split`]), and — independently of eleven's list — that no
//! filling of the cells from their open candidates among the digits respects the houses
//! ([`super::tridagon::can_be_filled`]); then that each elimination is linked to every
//! guardian.

use super::facts::{distinct, fail, CheckError};
use super::tridagon::{can_be_filled, check_linked_to_all, check_split, outside, Split};
use super::Proof;
pub use crate::graph::imp630::{named, patterns, selection, ImpPattern};
use crate::grid::{Candidate, Cell, Digit, State};
use serde::{Deserialize, Serialize};

/// What the cells hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImpForm {
    /// Every cell holds the three digits: SudoRules' rule.
    Complete,
    /// Every cell holds one of them at least, or was decided to one: the relation kept as
    /// the cells lose digits.
    Reduced,
}

/// An Imp630 OR-k relation: the pattern's name, its three digits, its cells (the images of
/// the named pattern's cells, in the pattern's order) and the guardians.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Imp630Pattern {
    /// SudoRules' rule: `EL13c290`, or `EL13c290s` for the transposed pattern.
    pub name: String,
    /// The three digits, ascending.
    pub digits: [Digit; 3],
    /// The cells, image of the (oriented) pattern's cells by row then column.
    pub cells: Vec<Cell>,
    /// The open candidates of the cells other than the three digits, ascending.
    pub guardians: Vec<Candidate>,
    pub form: ImpForm,
    /// The guardians dropped by SudoRules' ORk-splitting, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub split: Vec<Split>,
}

impl Imp630Pattern {
    /// `EL13c290` without the transpose's `s`: the rule file.
    pub fn file_name(&self) -> &str {
        self.name.strip_suffix('s').unwrap_or(&self.name)
    }

    /// `imp630-ork`, family `imp630`, length its cells (CSP-Rules' OR-complexity).
    pub fn rule_name(&self) -> (String, String, usize) {
        (
            "imp630-ork".to_string(),
            "imp630".to_string(),
            self.cells.len(),
        )
    }
}

/// Whether a map of pattern lines (rows or columns) to grid lines keeps the shape: a
/// function, one-to-one, two lines in one band (stack) exactly when their images are.
fn keeps_shape(pairs: &[(usize, usize)]) -> bool {
    pairs.iter().all(|&(p, g)| {
        pairs
            .iter()
            .all(|&(q, h)| (p == q) == (g == h) && (p / 3 == q / 3) == (g / 3 == h / 3))
    })
}

/// That `cells` are the image of the named pattern under row and column maps that keep
/// its shape.
fn check_geometry(name: &str, cells: &[Cell]) -> Result<(), CheckError> {
    let Some((pattern, transposed)) = named(name) else {
        return fail(format!(
            "{name} is not one of eleven's patterns (EL<n>c<i>[s])"
        ));
    };
    let shape = pattern.oriented(transposed);
    if shape.len() != cells.len() {
        return fail(format!(
            "{name} has {} cells, not {}",
            shape.len(),
            cells.len()
        ));
    }
    let rows: Vec<(usize, usize)> = shape
        .iter()
        .zip(cells)
        .map(|(p, c)| (p.0, c.row()))
        .collect();
    let cols: Vec<(usize, usize)> = shape
        .iter()
        .zip(cells)
        .map(|(p, c)| (p.1, c.col()))
        .collect();
    if !keeps_shape(&rows) || !keeps_shape(&cols) {
        return fail(format!(
            "the cells are not {name}'s by a map of rows and columns keeping bands and stacks"
        ));
    }
    Ok(())
}

/// The digits among `digits` that `cell` holds open, or the one it was decided to.
fn held(state: &State, cell: Cell, digits: &[Digit; 3]) -> usize {
    digits
        .iter()
        .filter(|&&d| state.has(Candidate::new(cell, d)) || state.value(cell) == Some(d))
        .count()
}

/// Verify that the relation holds on `state`: geometry, form, guardians, impossibility.
pub(super) fn check_relation(state: &State, p: &Imp630Pattern) -> Result<(), CheckError> {
    if !distinct(&p.digits) {
        return fail("an Imp630 pattern has three different digits");
    }
    check_geometry(&p.name, &p.cells)?;
    for &c in &p.cells {
        match state.value(c) {
            None => {}
            Some(d) if p.form == ImpForm::Reduced && p.digits.contains(&d) => {}
            Some(_) => return fail(format!("{c} is not an open cell")),
        }
        let n = held(state, c, &p.digits);
        let enough = match p.form {
            ImpForm::Complete => 3,
            ImpForm::Reduced => 1,
        };
        if n < enough {
            return fail(format!(
                "{c} holds {n} of the pattern's digits, not {enough}"
            ));
        }
    }
    let mut guardians = outside(state, &p.cells, &p.digits);
    for s in &p.split {
        check_split(state, &guardians, s)?;
        guardians.retain(|&g| g != s.dropped);
    }
    if guardians != p.guardians {
        return fail(format!(
            "the guardians are the open candidates of the cells outside the digits: {}",
            guardians
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    if guardians.is_empty() {
        return fail("an impossible pattern without guardians: the state is contradictory");
    }
    if can_be_filled(state, &p.cells, &p.digits) {
        return fail("the cells can be filled with the three digits");
    }
    Ok(())
}

impl crate::proof::PatternKind for Imp630Pattern {
    fn rule_name(&self) -> (String, String, usize) {
        Imp630Pattern::rule_name(self)
    }

    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        check_relation(state, self)?;
        check_linked_to_all(proof, &self.guardians)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.spanned(&self.cells, Some(&self.digits));
        out.named(self.guardians.iter().copied());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_pattern_nor_its_transpose_can_be_filled() {
        let state = State::empty();
        let digits = [1, 2, 3].map(|d| Digit::new(d).unwrap());
        for p in patterns() {
            for t in [false, true] {
                let cells: Vec<Cell> = p
                    .oriented(t)
                    .into_iter()
                    .map(|(r, c)| Cell::at(r, c))
                    .collect();
                assert!(!can_be_filled(&state, &cells, &digits), "{}", p.name);
            }
        }
    }

    #[test]
    fn shapes_keep_bands() {
        assert!(keeps_shape(&[(0, 4), (3, 0), (4, 1)]));
        // two pattern bands sent to one
        assert!(!keeps_shape(&[(0, 0), (3, 1)]));
        // one pattern band split
        assert!(!keeps_shape(&[(0, 0), (1, 3)]));
        // not a function
        assert!(!keeps_shape(&[(0, 0), (0, 1)]));
    }
}
